"""The ``ismcts`` bot: its parameters, full games in every ruleset, decisions
that depend only on what its seat has seen, and the pieces of its search."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from infostate_helpers import options
from infostate_helpers import twin_with_other_hidden_cards

import bohn
from bohn.bots import ismcts
from bohn.bots import make_bot
from bohn.bots.base import SeatView
from bohn.bots.base import seat_view
from bohn.bots.ismcts import IsmctsBot
from bohn.bots.ismcts import pick
from bohn.bots.ismcts import reward
from bohn.bots.ismcts import threshold
from bohn.bots.ismcts import values
from bohn.engine.actions import BuyField
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.rulesets import VARIANTS
from bohn.rulesets.bohnkick.bots import SEARCH as BOHNKICK_SEARCH
from bohn.rulesets.bohnkick.bots import bohnkick_worth
from bohn.sim.runner import make_bots
from bohn.sim.runner import next_seat
from bohn.sim.runner import play_game

TINY = "ismcts:iterations=2,horizon=6"


def test_parameters() -> None:
    bot = make_bot("ismcts:iterations=7,horizon=12,c=0.3,time_ms=50,proposals=2,expand=3", 1)
    assert isinstance(bot, IsmctsBot)
    got = (bot.iterations, bot.horizon, bot.c, bot.time_ms, bot.proposals, bot.expand)
    assert got == (7, 12, 0.3, 50, 2, 3)
    with pytest.raises(ValueError, match="iterations must be an integer"):
        make_bot("ismcts:iterations=many", 1)
    with pytest.raises(ValueError, match="must not be negative"):
        make_bot("ismcts:horizon=-1", 1)
    with pytest.raises(ValueError, match="iterations >= 1 or time_ms >= 1"):
        make_bot("ismcts:iterations=0", 1)
    with pytest.raises(ValueError, match="takes no parameters"):
        make_bot("ismcts:depth=3", 1)
    assert make_bot("ismcts", 1).rival is None  # type: ignore[attr-defined]
    assert make_bot("ismcts:rival=max", 1).rival == "max"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="rival must be one of mean, max"):
        make_bot("ismcts:rival=min", 1)


def test_it_needs_the_information_state() -> None:
    game = bohn.new_game("bohnanza", 3, seed=1)
    bot = make_bot(TINY, 1)
    seat = min(game.waiting_for())
    legal = game.legal_actions(seat)
    if len(legal) > 1:
        with pytest.raises(ValueError, match="information state"):
            bot.act(SeatView(seat, legal, lambda: game.observe(seat)))
    view = seat_view(game, seat, bot, {})
    assert view.infostate is not None and view.infostate.seat == seat


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("bohnanza", 3),
        ("sissi", 3),
        ("high-bohn", 3),
        ("al-cabohne", 2),
        ("prohibohn", 2),
        ("ladybohn", 3),
        ("mutterbohnchen", 3),
        ("bohnkick", 2),
        ("bohnkick", 4),
    ],
)
def test_plays_whole_games(variant: str, players: int) -> None:
    game = bohn.new_game(variant, players, seed=7, options=options(variant))
    bots = make_bots([TINY] + ["greedy"] * (players - 1), 7)
    play_game(game, bots)
    assert game.is_over
    bot = bots[0]
    assert isinstance(bot, IsmctsBot) and bot.total_iterations > 0


def play_some(variant: str, players: int, steps: int, seed: int) -> Any:
    game = bohn.new_game(variant, players, seed=seed, options=options(variant))
    bots = make_bots(["greedy"] * players, seed)
    last = players - 1
    for _ in range(steps):
        seat = next_seat(game.waiting_for(), last, players)
        view = SeatView(seat, game.legal_actions(seat), lambda s=seat: game.observe(s))
        game.apply(seat, bots[seat].act(view))
        last = seat
    return game


def same_search(
    monkeypatch: pytest.MonkeyPatch, spec: str, game: Any, twin: Any, seat: int
) -> bool:
    """Whether ``spec`` searched at all at ``seat`` of ``game`` and ``twin``;
    asserts that it made the same decision on both from the same reward in
    every playout (a bot that read the game would see other futures, even
    where it kept greedy's choice)."""
    seen: list[tuple[Any, dict[Any, list[float]]]] = []

    def spy(scores: dict[Any, list[float]], first: Any, evidence: float = 1.5) -> Any:
        choice = pick(scores, first, evidence)
        seen.append((choice, scores))
        return choice

    with monkeypatch.context() as m:
        m.setattr(ismcts, "pick", spy)
        picks = []
        for g in (game, twin):
            bot = make_bot(spec, 99)
            picks.append(bot.act(seat_view(g, seat, bot, {})))
    assert picks[0] == picks[1]
    if not seen:
        return False
    assert len(seen) == 2 and seen[0] == seen[1]
    return True


def test_decisions_ignore_hidden_cards_the_seat_never_saw(monkeypatch: pytest.MonkeyPatch) -> None:
    """On two games alike in everything seat 0 has seen but not in the hidden
    cards, the same bot makes the same decisions (it never reads the game)."""
    found = 0
    for steps in (40, 60, 90, 130):
        game = play_some("bohnanza", 3, steps, seed=3)
        seat = 0
        if seat not in game.waiting_for() or len(game.legal_actions(seat)) < 2:
            continue
        twin = twin_with_other_hidden_cards(game, seat)
        if twin is None:
            continue
        found += same_search(monkeypatch, "ismcts:iterations=12,horizon=15", game, twin, seat)
    assert found >= 2


def test_a_time_budget() -> None:
    game = play_some("sissi", 3, 50, seed=2)
    seat = next(iter(sorted(game.waiting_for())))
    bot = make_bot("ismcts:iterations=0,time_ms=20", 5)
    action = bot.act(seat_view(game, seat, bot, {}))
    assert action in game.legal_actions(seat)


def test_candidates() -> None:
    bot = IsmctsBot(1)
    plant, harvest, buy = Plant(0), Harvest(1), BuyField()
    offer = Propose(1, ("h0",), ())
    other = Propose(2, ("h1",), ())
    # proposals: only the greedy one; harvests beside a real decision: only greedy's
    assert bot.candidates([plant, harvest, buy, offer, other], offer) == [plant, offer]
    assert bot.candidates([plant, harvest, buy], harvest) == [plant, harvest]
    # nothing else to decide: the harvests are the decision
    assert bot.candidates([harvest, Harvest(0)], harvest) == [harvest, Harvest(0)]


def test_pick_keeps_the_greedy_choice_without_evidence() -> None:
    g, other = EndTrading(), Pass()
    # other is better on average, but not consistently
    noisy = {g: [0.5, 0.6, 0.4, 0.5], other: [0.9, 0.2, 0.8, 0.3]}
    assert pick(noisy, g) == g
    # other is better on every world
    clear = {g: [0.5, 0.6, 0.4, 0.5], other: [0.55, 0.66, 0.43, 0.56]}
    assert pick(clear, g) == other
    worse = {g: [0.5, 0.6, 0.4, 0.5], other: [0.4, 0.5, 0.3, 0.4]}
    assert pick(worse, g) == g


def test_pick_asks_more_of_few_worlds_and_many_candidates() -> None:
    g, other, third = EndTrading(), Pass(), Harvest(0)
    # better by 1.97 standard errors of the paired differences, on 8 worlds
    diffs = [0.1, 0.3, -0.1, 0.2, -0.05, 0.25, 0.0, 0.1]
    base = [0.5] * 8
    against_one = {g: base, other: [0.5 + d for d in diffs]}
    assert pick(against_one, g) == other
    # the same evidence, but found among two candidates tried: not enough
    against_three = {**against_one, third: [0.4] * 8}
    assert pick(against_three, g) == g
    # and on two worlds nothing moves the bot off the greedy choice
    assert pick({g: [0.5, 0.5], other: [0.9, 0.91]}, g) == g


def test_threshold_is_the_t_quantile() -> None:
    # one-sided 95%, 97.5% and 99% quantiles of Student's t (tables)
    for evidence, df, t in [
        (1.6449, 2, 2.920),
        (1.6449, 7, 1.895),
        (1.96, 7, 2.365),
        (2.3263, 7, 2.998),
        (1.96, 15, 2.131),
    ]:
        assert threshold(evidence, df, 1) == pytest.approx(t, rel=0.015)
    # many worlds: the normal quantile; Bonferroni: 1 - Φ(1.5) shared by 3 = Φ⁻¹(0.9777)
    assert threshold(1.5, 100_000, 1) == pytest.approx(1.5, abs=1e-3)
    assert threshold(1.5, 100_000, 3) == pytest.approx(2.008, abs=2e-3)


def test_reward_orders_positions() -> None:
    for variant, n in [("bohnanza", 3), ("prohibohn", 2), ("bohnkick", 2), ("high-bohn", 3)]:
        game = bohn.new_game(variant, n, seed=1, options=options(variant))
        play_game(game, make_bots(["greedy"] * n, 1))
        result = game.result()
        assert result is not None
        for s in range(n):
            r = reward(game, s)
            assert 0.0 <= r <= 1.0
            if s in result.winners:
                assert r >= 0.75 / len(result.winners)
            else:
                assert r <= 0.25


def _mid_game(variant: str, players: int, seed: int, steps: int = 150) -> Any:
    game = bohn.new_game(variant, players, seed=seed, options=options(variant))
    bots = make_bots(["greedy"] * players, seed)
    last = players - 1
    for _ in range(steps):
        seat = next_seat(game.waiting_for(), last, players)
        game.apply(seat, bots[seat].act(seat_view(game, seat, bots[seat], {})))
        last = seat
    assert not game.is_over
    return game


def test_the_lead_is_over_the_mean_or_the_strongest_rival() -> None:
    game = _mid_game("al-cabohne", 2, 4)
    worth, mafia = values(game)
    assert mafia is not None
    for s in range(2):
        others = [worth[1 - s], mafia]
        for rival, against in (("mean", sum(others) / 2), ("max", max(others))):
            want = min(1.0, max(0.0, 0.5 + (worth[s] - against) / 40.0))
            assert reward(game, s, rival) == pytest.approx(want)
        assert reward(game, s, "max") <= reward(game, s, "mean")
    # the position tells the two apart: a rival is ahead of the other
    assert any(reward(game, s, "max") < reward(game, s, "mean") for s in range(2))
    # a mafia game measures the lead against the strongest rival by default,
    # the others against the mean
    assert all(reward(game, s) == reward(game, s, "max") for s in range(2))
    bohnanza = _mid_game("bohnanza", 3, 4)
    assert any(reward(bohnanza, s, "max") < reward(bohnanza, s, "mean") for s in range(3))
    assert all(reward(bohnanza, s) == reward(bohnanza, s, "mean") for s in range(3))


def test_every_variant_has_a_reward() -> None:
    for variant, cls in VARIANTS.items():
        game = cls.new(cls.allowed_players()[0], 1, options(variant))
        for s in range(game.n):
            assert 0.0 <= reward(game, s) <= 1.0


# -- Bohnkick: playouts scored for where the game stands -----------------------------------


def bk_position(n: int = 2, **setup: Any) -> Any:
    """A Bohnkick position for ``n`` players (``bohn.scenario.BohnkickPositionLoader``)."""
    from bohn.scenario import load_position

    return load_position({"variant": "bohnkick", "players": n, "setup": setup})


BK_NOTHING = ["brech/dribble", "brech/dribble", "sau/dribble", "kaffee/dribble", "garten/dribble"]
BK_DEFENCE = ["goalie:long-shot:ll", "goalie:shot:ul", "goalie:header:lr"]


def test_bohnkick_worth_counts_goals() -> None:
    # team 1 attacks: team 0's worth is its goals and its defensive cards
    base = {"mover": 1, "players": [{"defence": BK_DEFENCE}, {}]}
    none, one = bk_position(**base), bk_position(**base, goals=[["feuer/shot"], []])
    assert bohnkick_worth(one)[0] == pytest.approx(bohnkick_worth(none)[0] + 1.0)
    assert values(one) == (bohnkick_worth(one), None)


def test_bohnkick_worth_counts_the_attack_in_progress() -> None:
    # the ball is with feuer: a shot in hand is worth most of a goal, a
    # dribble with nothing to follow it much less
    shot = bk_position(
        played=["sau/pass:feuer"], players=[{"hand": ["feuer/shot", *BK_NOTHING]}, {}]
    )
    empty = bk_position(
        played=["sau/pass:feuer"], players=[{"hand": ["feuer/dribble", *BK_NOTHING]}, {}]
    )
    a, b = bohnkick_worth(shot), bohnkick_worth(empty)
    assert a[0] > b[0] + 0.5
    assert reward(shot, 0) > reward(empty, 0)
    # the defenders cannot see the attacker's hand: their worth is the same
    assert a[1] == pytest.approx(b[1])


def test_bohnkick_worth_counts_the_defensive_cards_while_the_game_goes_on() -> None:
    covers = ["goalie:shot:ul", "goalie:shot:ur", "goalie:shot:ll"]
    poor = ["goalie:penalty:ul", "goalie:penalty:ur", "goalie:penalty:ll"]
    worth = {}
    for name, defence in (("covers", covers), ("poor", poor)):
        for final in (False, True):
            game = bk_position(mover=1, final=final, players=[{"defence": defence}, {}])
            worth[name, final] = bohnkick_worth(game)[0]
    assert worth["covers", False] > worth["poor", False] > 0.0
    # in the game's last attack the cards have no future: only goals count
    assert worth["covers", True] == worth["poor", True] == 0.0


def test_a_bohnkick_playout_plays_a_shot_to_its_end() -> None:
    hand = ["feuer/shot", *BK_NOTHING]
    bot = IsmctsBot(3)
    for play_on, ends in ((BOHNKICK_SEARCH.play_on, True), (frozenset[str](), False)):
        search = dataclasses.replace(BOHNKICK_SEARCH, play_on=play_on)
        game = bk_position(played=["sau/pass:feuer"], players=[{"hand": hand}, {}])
        shot = next(a for a in game.legal_actions(0) if a.text() == "play h0")
        world = game.clone()
        bot._iterate(world, None, shot, 0, 7, 1, search)
        # at horizon 1 the playout stops after the shot, or plays it to its end
        assert (world.phase_name not in ("shot-react", "aim", "block", "kick")) is ends
        assert (world.attacks > game.attacks) is ends


def test_search_settings_come_from_the_rulesets_bots_part() -> None:
    from bohn.bots.search import DEFAULT
    from bohn.rulesets.bohnkick.bots import seat_worth

    assert ismcts.settings("bohnanza") is DEFAULT  # no bots part of its own
    assert ismcts.settings("sissi") == DEFAULT
    assert ismcts.settings("al-cabohne").rival == ismcts.settings("prohibohn").rival == "max"
    bk = ismcts.settings("bohnkick")
    assert bk is BOHNKICK_SEARCH and bk.worth is seat_worth
    assert (bk.iterations, bk.horizon, bk.scale) == (256, 15, 3.0)
    assert ismcts.settings("no-such-game") is DEFAULT


def test_bohnkick_has_its_own_budget_and_horizon(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = IsmctsBot._iterate

    def spy(self: IsmctsBot, *args: Any) -> float:
        seen.append(args[5])  # the horizon
        return real(self, *args)

    monkeypatch.setattr(IsmctsBot, "_iterate", spy)
    quick = dataclasses.replace(BOHNKICK_SEARCH, iterations=5, horizon=3)
    monkeypatch.setitem(ismcts.SETTINGS, "bohnkick", quick)
    # (variant, players, spec, iterations, horizon): the variant's defaults,
    # the general ones, and parameters that override both
    cases = [
        ("bohnkick", 2, "ismcts", 5, 3),
        ("bohnkick", 2, "ismcts:horizon=9,iterations=4", 4, 9),
        ("sissi", 3, "ismcts", ismcts.ITERATIONS, ismcts.HORIZON),
        ("sissi", 3, "ismcts:horizon=9,iterations=4", 4, 9),
    ]
    for variant, n, spec, iterations, horizon in cases:
        game = _decision_with_choices(variant, n)
        seat = min(game.waiting_for())
        seen.clear()
        bot = make_bot(spec, 1)
        assert isinstance(bot, IsmctsBot) and bot.last_greedy is None
        bot.act(seat_view(game, seat, bot, {}))
        assert bot.last_greedy is not None
        assert seen and set(seen) == {horizon}
        m = len(bot.candidates(game.legal_actions(seat), bot.last_greedy))
        assert bot.total_iterations == -(-iterations // m) * m  # whole rounds of m


def _decision_with_choices(variant: str, n: int) -> Any:
    """A mid-game state whose next decision has more than one candidate."""
    for steps in range(20, 200, 7):
        game = _mid_game(variant, n, 5, steps)
        seat = min(game.waiting_for())
        legal = game.legal_actions(seat)
        bot = IsmctsBot(1)
        first = bot.greedy.act(SeatView(seat, legal, lambda g=game, s=seat: g.observe(s)))
        if len(bot.candidates(legal, first)) > 1:
            return game
    raise AssertionError("no decision with a choice")


def test_bohnkick_decisions_ignore_the_other_teams_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two Bohnkick games alike in everything seat 0 has seen, whose other
    team's deck holds its undrawn cards in another order (its next card
    another): the same decisions."""
    found = 0
    for steps in range(20, 120, 3):
        if found == 3:
            break
        game = _mid_game("bohnkick", 2, 6, steps)
        seat = 0
        if seat not in game.waiting_for() or len(game.legal_actions(seat)) < 2:
            continue
        chance = game.chance_results()
        # team 1's set-up shuffle, drawn from its end: swap its next card with
        # another undrawn one, so the twin's next draws differ at once
        assert game.observe(None)["runouts"][1] == 0
        deck = chance[1][:]
        top = game.observe(None)["team_decks"][1] - 1
        j = next(i for i in range(top - 1, -1, -1) if deck[i] != deck[top])
        deck[top], deck[j] = deck[j], deck[top]
        twin = type(game).new(
            2, game.seed, game.options, forced_chance=[chance[0], deck, *chance[2:]]
        )
        for s, a, _ in game.history()[1:]:
            assert s is not None and a is not None
            twin.apply(s, a)
        assert twin.observe(seat) == game.observe(seat)
        assert twin.observe(None)["team_decks"] == game.observe(None)["team_decks"]
        assert twin._state_json() != game._state_json()
        found += same_search(monkeypatch, "ismcts:iterations=24", game, twin, seat)
    assert found == 3


def test_bohnkick_worth_counts_both_partners_defensive_cards() -> None:
    def worth(defence: list[str]) -> float:
        players = [{"defence": ["goalie:shot:ul"]}, {}, {"defence": defence}, {}]
        return bohnkick_worth(bk_position(4, mover=1, players=players))[0]

    # seat 2 is seat 0's partner: its cover counts for their team
    assert worth(["goalie:long-shot:ul+ur+ll+lr", "goalie:long-shot:ul+ur"]) > worth(
        ["goalie:penalty:ul", "goalie:penalty:ur"]
    )


def _playout_deals(quick: bool, seed: int) -> tuple[int, int]:
    """Proposals made in one playout of 200 steps from the start of a
    Bohnanza game for 4: in the first turn, and in the turns after it (the
    playout's steps applied again to a copy of the start, to read whose turn
    each was in)."""
    game = bohn.new_game("bohnanza", 4, seed=seed, options=options("bohnanza"))
    start = game.clone()
    bot = make_bot(f"ismcts:quick={str(quick).lower()}", 3)
    assert isinstance(bot, IsmctsBot)
    seat = game.active_seat()
    bot._iterate(
        game, None, game.legal_actions(seat)[0], seat, 11, 200, ismcts.settings("bohnanza")
    )
    deals = [0, 0]
    turn = start.turn
    for who, action, _ in game.history()[1:]:
        assert who is not None and action is not None
        if isinstance(action, Propose):
            deals[start.turn != turn] += 1
        start.apply(who, action)
    assert not start.waiting_for() or start.turn > turn + 2  # past its first turns
    return deals[0], deals[1]


def test_quick_playouts_trade_in_the_turn_at_hand_only() -> None:
    """Past the trading of the turn being decided, a quick playout makes no
    proposals; with ``quick=false`` the greedy bots go on proposing."""
    assert make_bot("ismcts", 1).quick is True  # type: ignore[attr-defined]
    quick = [_playout_deals(True, s) for s in range(4)]
    slow = [_playout_deals(False, s) for s in range(4)]
    assert sum(first for first, _ in quick) > 0  # the turn at hand is traded as greedy trades
    assert all(later == 0 for _, later in quick)
    assert sum(later for _, later in slow) > 0
