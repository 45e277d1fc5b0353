"""The quick play of the search's playouts (``bohn.bots.rollout``) and the
worth a playout's world is scored by."""

from __future__ import annotations

import pytest
from infostate_helpers import options

import bohn
from bohn.bots.base import seat_view
from bohn.bots.ismcts import bean_worth
from bohn.bots.ismcts import observed_worth
from bohn.bots.ismcts import settings
from bohn.bots.rollout import QuickPlay
from bohn.bots.rollout import bean_stage
from bohn.bots.rollout import quick_action
from bohn.engine.actions import Action
from bohn.engine.actions import Build
from bohn.engine.actions import BuyField
from bohn.engine.actions import Decline
from bohn.engine.actions import Discard
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.beans import BeanGame
from bohn.engine.game import Game
from bohn.rulesets import VARIANTS
from bohn.rulesets.bohnkick.actions import Tackle
from bohn.sim.runner import make_bots
from bohn.sim.runner import next_seat
from bohn.sim.runner import play_game

#: every bean game, at the players its search is measured at
BEAN = {
    "bohnanza": 3,
    "bohnanza-rio-grande": 4,
    "sissi": 3,
    "high-bohn": 3,
    "al-cabohne": 2,
    "prohibohn": 2,
    "ladybohn": 3,
    "mutterbohnchen": 3,
}


def new(variant: str, seed: int) -> Game:
    return bohn.new_game(variant, BEAN[variant], seed=seed, options=options(variant))


def states(variant: str, seed: int) -> list[tuple[Game, int]]:
    """Every decision of a game between ``greedy`` bots: the state, the seat."""
    game = new(variant, seed)
    seen: list[tuple[Game, int]] = []

    def keep(g: Game, seat: int, action: Action) -> None:
        for s in sorted(g.waiting_for()):
            seen.append((g.clone(), s))

    play_game(game, make_bots(["greedy"] * game.n, seed), on_step=keep)
    return seen


def test_every_bean_game_is_listed() -> None:
    # the class's own ancestry, not issubclass: an ABC's subclass check
    # answers from caches other tests may have filled
    bean = {
        v
        for v, cls in VARIANTS.items()
        if cls.__module__.startswith("bohn.rulesets.") and BeanGame in cls.__mro__
    }
    assert bean == set(BEAN), {v: VARIANTS[v].__mro__ for v in bean ^ set(BEAN)}


@pytest.mark.parametrize("variant", BEAN)
def test_the_worth_read_from_the_state_is_the_observed_one(variant: str) -> None:
    seen = states(variant, 4)[::7]
    assert len(seen) > 20
    for g, _ in seen:
        assert bean_worth(g) == pytest.approx(observed_worth(g))
    assert any(max(observed_worth(g)) > 5 for g, _ in seen)


def play_quickly(game: Game, quick: QuickPlay, seed: int) -> tuple[int, set[str]]:
    """Play ``game`` to its end by ``quick`` where it decides (checking each
    choice is legal, no deal and no purchase), ``greedy`` elsewhere; the
    decisions it made and the phases it made them in."""
    players = game.n
    greedy = make_bots(["greedy"] * players, seed)
    decided = 0
    phases: set[str] = set()
    last = game.active_seat()
    steps = 0
    while game.waiting_for():
        seat = next_seat(game.waiting_for(), last, players)
        legal = game.legal_actions(seat)
        act = quick(game, seat, legal) if len(legal) > 1 else legal[0]
        if act is None:
            act = greedy[seat].act(seat_view(game, seat, greedy[seat], {}))
        elif len(legal) > 1:
            decided += 1
            phases.add(game.phase_name)
            assert act in legal, (game.phase_name, act, legal)
            assert not isinstance(act, Propose | Build | BuyField)
        game.apply(seat, act)
        last = seat
        steps += 1
        assert steps < 20_000
    assert game.result() is not None
    return decided, phases


@pytest.mark.parametrize("variant", BEAN)
def test_the_quick_play_picks_a_legal_action_and_finishes_games(variant: str) -> None:
    """Whole games played by the ruleset's quick play where it decides,
    greedy elsewhere: every choice is legal, no choice is a deal, no
    building is bought, and the games end. The mafia games' quick play
    decides their piles and feeding too."""
    quick = settings(variant).quick
    phases: set[str] = set()
    for seed in (1, 2):
        decided, seen = play_quickly(new(variant, seed), quick, seed)
        assert decided > 50
        phases |= seen
    if variant in ("al-cabohne", "prohibohn"):
        assert {"use-leftovers", "place", "feed"} <= phases, phases
    else:
        assert quick is quick_action


def front_card(seed: int) -> tuple[BeanGame, int, int, list[int]]:
    """A Bohnanza game for 3 at its start: the game, the active seat, its
    front card and the table's bean type of each card."""
    g = new("bohnanza", seed)
    assert isinstance(g, BeanGame)
    seat = g.active
    return g, seat, g.hands[seat][0], list(g.table.bean)


def test_the_quick_play_plants_on_the_biggest_field_of_the_type() -> None:
    g, seat, card, bean = front_card(5)
    same = next(c for c in g.deck if bean[c] == bean[card])
    other = next(c for c in g.deck if bean[c] != bean[card])
    g.fields[seat] = [[other], [same, same], []]
    legal = g.legal_actions(seat)
    assert quick_action(g, seat, legal) == Plant(1)
    # with no field of its type, the front card goes on the empty field
    g.fields[seat] = [[other], [], [other]]
    assert quick_action(g, seat, g.legal_actions(seat)) == Plant(1)


def test_the_quick_play_harvests_what_pays_most_when_nothing_fits() -> None:
    g, seat, card, bean = front_card(5)
    others = [c for c in g.deck if bean[c] != bean[card]]
    kinds: dict[int, list[int]] = {}
    for c in others:
        kinds.setdefault(bean[c], []).append(c)
    a, b = [cs for cs in kinds.values() if len(cs) >= 6][:2]
    g.fields[seat] = [a[:1], b[:6]]
    legal = g.legal_actions(seat)
    assert all(not isinstance(x, Plant) for x in legal)
    choice = quick_action(g, seat, legal)
    assert isinstance(choice, Harvest)
    pays = [g.harvest_value(seat, f) for f in range(2)]
    assert pays[choice.field] == max(pays)


def test_the_quick_play_makes_no_deal() -> None:
    g = new("bohnanza", 5)
    for g2, seat in states("bohnanza", 5):
        if g2.phase_name == "trade" and len(g2.legal_actions(seat)) > 1:
            legal = g2.legal_actions(seat)
            choice = quick_action(g2, seat, legal)
            assert isinstance(choice, EndTrading | Pass | Decline)
            g = g2
    assert g.phase_name == "trade"


def test_the_quick_play_starts_after_the_trading_of_the_turn() -> None:
    """A bean game's stage grows once the turn's trading is over (its traded
    cards are planted) and again with the next turn; other games have none."""
    g = new("bohnanza", 5)
    assert isinstance(g, BeanGame)
    first, turn = bean_stage(g), g.turn
    seen = [first]
    while g.turn < turn + 3:
        seat = next_seat(g.waiting_for(), g.active_seat(), 3)
        g.apply(seat, g.legal_actions(seat)[0])
        stage = bean_stage(g)
        assert stage >= seen[-1]  # it only grows
        if stage != seen[-1]:
            seen.append(stage)
        trading_over = g.phase_name == "plant-traded" or g.turn > turn
        assert (stage > first) == trading_over
    assert len(seen) >= 4
    assert bean_stage(bohn.new_game("bohnkick", 2, seed=1)) == 0


# -- Bohnkick's quick play (its bots part) ------------------------------------------


def bk(n: int = 2, **setup: object) -> Game:
    from bohn.scenario import load_position

    return load_position({"variant": "bohnkick", "players": n, "setup": setup})


BK_NOTHING = ["brech/dribble", "brech/dribble", "sau/dribble", "kaffee/dribble", "garten/dribble"]


@pytest.mark.parametrize("players", [2, 4])
def test_bohnkicks_quick_play_picks_a_legal_action_and_finishes_games(players: int) -> None:
    from bohn.rulesets.bohnkick.bots import quick_play

    phases: set[str] = set()
    for seed in range(3):
        decided, seen = play_quickly(
            bohn.new_game("bohnkick", players, seed=seed), quick_play, seed
        )
        assert decided > 20
        phases |= seen
    assert {"play", "react", "aim"} <= phases, phases  # with 4, no Tackle card: no choice at a shot


def test_bohnkicks_quick_play_shoots_a_goal_card_it_may_play() -> None:
    from bohn.rulesets.bohnkick.bots import quick_play

    g = bk(played=["sau/pass:feuer"], players=[{"hand": [*BK_NOTHING, "feuer/shot"]}, {}])
    choice = quick_play(g, 0, g.legal_actions(0))
    assert choice is not None and choice.text() == "play h5"


def test_bohnkicks_quick_play_tackles_a_shot_and_lets_a_pass_go() -> None:
    from bohn.rulesets.bohnkick.bots import quick_play

    defence = ["tackle:feuer", "goalie:penalty:ul", "goalie:penalty:ur"]
    hand = ["feuer/shot", "feuer/dribble", *BK_NOTHING[:4]]
    shot = bk(phase="shot-react", played=["sau/pass:feuer", "feuer/shot"],
              players=[{"hand": hand[1:]}, {"defence": defence}])  # fmt: skip
    assert isinstance(quick_play(shot, 1, shot.legal_actions(1)), Tackle)
    dribble = bk(phase="react", played=["sau/pass:feuer", "feuer/dribble"],
                 players=[{"hand": [hand[0], *hand[2:]]}, {"defence": defence}])  # fmt: skip
    legal = dribble.legal_actions(1)
    assert any(isinstance(a, Tackle) for a in legal)
    assert isinstance(quick_play(dribble, 1, legal), Pass)


def test_bohnkicks_quick_play_starts_with_the_next_attack() -> None:
    from bohn.rulesets.bohnkick.bots import SEARCH
    from bohn.rulesets.bohnkick.bots import attack_stage

    g = bohn.new_game("bohnkick", 2, seed=4)
    first = attack_stage(g)
    assert SEARCH.stage is attack_stage
    last = g.active_seat()
    while attack_stage(g) == first:
        assert g.phase_name != "over"
        seat = next_seat(g.waiting_for(), last, 2)
        g.apply(seat, g.legal_actions(seat)[-1])
        last = seat
    assert attack_stage(g) == first + 1


# -- the mafia games' quick play (Al Cabohne's bots part, also Prohibohn's) -----------


def mafia(phase: str, seats: list[dict[str, object]], piles: list[list[str]]) -> Game:
    from bohn.scenario import load_position

    setup = {"deck_rest": "none", "phase": phase, "players": seats, "piles": piles,
             "deck": ["kidney"] * 6, "bosses": [["blaue"], ["feuer"]]}  # fmt: skip
    return load_position({"variant": "al-cabohne", "players": 2, "setup": setup})


def test_the_mafia_quick_play_grows_a_field_with_a_pile_before_an_empty_one() -> None:
    from bohn.rulesets.al_cabohne.bots import quick_play

    g = mafia("place", [{"hand": [], "fields": [["sau"], []]}, {"hand": []}],
              [["puff", "puff"], ["sau", "sau"]])  # fmt: skip
    choice = quick_play(g, 0, g.legal_actions(0))
    assert choice is not None and choice.text() == "place p1 f0"
    g.apply(0, choice)
    choice = quick_play(g, 0, g.legal_actions(0))  # two Puff beans: the empty field
    assert choice is not None and choice.text() == "place p0 f1"


def test_the_mafia_quick_play_leaves_a_single_card_to_the_mafia() -> None:
    from bohn.rulesets.al_cabohne.bots import quick_play

    g = mafia("place", [{"hand": [], "fields": [["sau"], []]}, {"hand": []}], [["puff"]])
    assert isinstance(quick_play(g, 0, g.legal_actions(0)), Pass)


def test_the_mafia_quick_play_uses_a_leftover_pile_or_discards_it() -> None:
    from bohn.rulesets.al_cabohne.bots import quick_play

    g = mafia("use-leftovers", [{"hand": [], "fields": [["sau"], ["puff"]]}, {"hand": []}],
              [["blaue", "blaue"], ["puff"]])  # fmt: skip
    choice = quick_play(g, 0, g.legal_actions(0))
    assert choice is not None and choice.text() == "place p1 f1"
    g.apply(0, choice)
    assert isinstance(quick_play(g, 0, g.legal_actions(0)), Discard)
