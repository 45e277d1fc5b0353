"""One scenario test (at least) for every rule of Bohnkick,
``rules/bohnkick.md``, and for each default it names (BK-D1 to BK-D15) or
that bohn adds (BK-D16).

Positions are written as scenarios (``BohnkickPositionLoader``): the team
decks (``decks``, per team, top first) and the defensive deck
(``defence_deck``, top first) hold exactly the cards a test names, the other
cards are out of play (``deck_rest: none``), and a seat not given holds one
dribble card and no defensive card. Seats ``s`` and ``s + 2`` are a team
(team ``s % 2``); with 2 players each seat is a team. ``pass`` is the
rulebook's "continue" (and "no block").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bohn.engine.actions import parse_action
from bohn.engine.errors import GameOver
from bohn.engine.errors import SetupError
from bohn.rulesets import find_variant
from bohn.rulesets.bohnkick.rules import GOAL
from bohn.rulesets.bohnkick.rules import KIND
from bohn.rulesets.bohnkick.rules import PER_TEAM
from bohn.rulesets.bohnkick.rules import TABLE
from bohn.rulesets.bohnkick.rules import TEAM
from bohn.rulesets.bohnkick.rules import TO
from bohn.rulesets.bohnkick.rules import Bohnkick
from bohn.scenario import load_position

from .helpers import act
from .helpers import legal
from .helpers import refused

GOALIES = ["goalie:header:ul", "goalie:header:ur", "goalie:header:lr"]


def position(
    players: int = 2,
    seed: int = 0,
    seats: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    **setup: Any,
) -> Bohnkick:
    seats = list(seats or [])
    seats += [{} for _ in range(players - len(seats))]
    default = ["kaffee/dribble", "kaffee/dribble", "garten/dribble", "garten/dribble"]
    full = [{"hand": [default[s]], "defence": [], **p} for s, p in enumerate(seats)]
    data = {
        "variant": "bohnkick",
        "players": players,
        "seed": seed,
        "options": options or {},
        "setup": {"deck_rest": "none", "players": full, **setup},
    }
    game = load_position(data)
    assert isinstance(game, Bohnkick)
    return game


def plays(game: Bohnkick, seat: int) -> list[str]:
    """The keys of the team cards ``seat`` may play now."""
    return [hand(game, seat)[int(a[len("play h") :])] for a in legal(game, seat)]


def keys(cards: list[int]) -> list[str]:
    return TABLE.key_list(cards)


def hand(game: Bohnkick, seat: int) -> list[str]:
    return keys(game.hands[seat])


def defence(game: Bohnkick, seat: int) -> list[str]:
    return keys(game.dhands[seat])


def deck(game: Bohnkick, team: int) -> list[str]:
    """A team deck, top first."""
    return keys(game.decks[team][::-1])


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def conserved(game: Bohnkick) -> bool:
    """Every card of the game in exactly one zone."""
    held = [*game.ddeck, *game.ddiscard, *game.box, *game.played]
    for t in (0, 1):
        held += game.decks[t] + game.discards[t] + game.goals[t]
    for s in range(game.n):
        held += game.hands[s] + game.dhands[s]
    return sorted(held) == game.table.deck()


def team_cards(game: Bohnkick, team: int) -> Counter[str]:
    """The team cards in ``team``'s zones (deck, discards, goals, hands, and
    the attack's cards if it attacks)."""
    cards = game.decks[team] + game.discards[team] + game.goals[team]
    for s in game.team_seats(team):
        cards = cards + game.hands[s]
    if game.team == team:
        cards = cards + game.played
    return Counter(keys(cards))


ONE_TEAM = Counter({TABLE.keys[c]: PER_TEAM[c] for c in range(len(TABLE)) if TEAM[c]})


# ---------------------------------------------------------------------------
# §1 components and card data


def test_s1_2_s1_4_bk_d1_one_team_deck() -> None:
    """§1.2 / §1.4 (BK-D1): 36 team cards per team, 5 garten, 5 kaffee, 8 sau,
    8 brech, 10 feuer; 8 dribbles, 14 passes, 4 crosses, 3 shots, 4 long
    shots, 3 headers; 10 goal cards; the rulebook's sample cards are there."""
    assert sum(ONE_TEAM.values()) == 36
    beans: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for c in range(len(TABLE)):
        if TEAM[c]:
            beans[TABLE.bean_keys[TABLE.bean[c]]] += PER_TEAM[c]
            kinds[KIND[c]] += PER_TEAM[c]
            assert TABLE.counts[c] == 2 * PER_TEAM[c]  # both teams have the same set
    assert beans == {"garten": 5, "kaffee": 5, "sau": 8, "brech": 8, "feuer": 10}
    assert kinds == {
        "dribble": 8,
        "pass": 14,
        "cross": 4,
        "shot": 3,
        "long-shot": 4,
        "header": 3,
    }
    assert sum(k for c, k in ONE_TEAM.items() if GOAL[TABLE.index[c]]) == 10
    for sample in (
        "brech/dribble",
        "brech/pass:garten",
        "feuer/shot",
        "brech/long-shot",
        "feuer/header",
        "feuer/pass:brech",
    ):
        assert ONE_TEAM[sample] >= 1


def test_s1_4_s4_1_6_only_outside_forwards_cross_to_feuer() -> None:
    """§1.3 / §4.1.6: only garten and kaffee cross, always to feuer; only
    feuer heads; the pass graph of §1.4."""
    feuer = TABLE.bean_index["feuer"]
    graph: dict[str, set[str]] = {}
    for c in range(len(TABLE)):
        if not TEAM[c]:
            continue
        bean = TABLE.bean_keys[TABLE.bean[c]]
        if KIND[c] == "cross":
            assert bean in ("garten", "kaffee") and TO[c] == feuer
        if KIND[c] == "header":
            assert bean == "feuer"
        if KIND[c] == "pass":
            graph.setdefault(bean, set()).add(TABLE.bean_keys[TO[c]])
    assert graph == {
        "sau": {"brech", "garten", "kaffee", "feuer"},
        "brech": {"sau", "garten", "kaffee", "feuer"},
        "garten": {"sau", "brech"},
        "kaffee": {"sau", "brech"},
        "feuer": {"sau", "brech"},
    }


def test_s1_5_bk_d2_defensive_deck() -> None:
    """§1.5 (BK-D2): 35 defensive cards: 2 of each Referee card, 2 Tackle
    cards per bean, 19 Goalie cards (4 penalty, 6 long shot, 5 shot, 4
    header); most show one corner, some two, exactly one all four, a long-shot
    one, so headers score most often (see ``test_s4_1_headers_score_more_often_than_shots``)."""
    dcards = Counter(TABLE.keys[c] for c in TABLE.deck() if not TEAM[c])
    assert sum(dcards.values()) == 35
    kinds = Counter({k: 0 for k in ("referee", "tackle", "goalie")})
    for key, k in dcards.items():
        kinds[KIND[TABLE.index[key]]] += k
    assert kinds == {"referee": 6, "tackle": 10, "goalie": 19}
    for call in ("free-kick", "penalty", "striker-foul"):
        assert dcards[f"referee:{call}"] == 2
    for bean in ("garten", "kaffee", "sau", "brech", "feuer"):
        assert dcards[f"tackle:{bean}"] == 2
    goalies = [k for k in dcards if k.startswith("goalie:")]
    symbols = Counter(k.split(":")[1] for k in goalies)
    assert symbols == {"penalty": 4, "long-shot": 6, "shot": 5, "header": 4}
    corners = Counter(len(k.split(":")[2].split("+")) for k in goalies)
    assert corners == {1: 16, 2: 2, 4: 1}


# ---------------------------------------------------------------------------
# §2 set-up, §5.1 with four


def test_s2_setup_for_two() -> None:
    """§2.2 / §2.3 / BK-D3: each player holds 6 cards of his own team and 3
    defensive cards that are no Referee cards; each team deck keeps 30;
    seat 0 opens the first attack."""
    game = find_variant("bohnkick").new(2, seed=1)
    assert isinstance(game, Bohnkick)
    assert [len(h) for h in game.hands] == [6, 6]
    assert [len(d) for d in game.decks] == [30, 30]
    for t in (0, 1):
        assert team_cards(game, t) == ONE_TEAM
    for s in (0, 1):
        assert len(game.dhands[s]) == 3
        assert all(KIND[c] != "referee" for c in game.dhands[s])
    assert all(KIND[c] == "referee" for c in game.ddiscard)
    assert len(game.ddeck) + len(game.ddiscard) == 35 - 6 and game.box == []
    assert game.phase_name in ("play", "only-goal-cards")
    assert game.mover == 0 and game.team == 0 and game.waiting_for() == {0}
    assert conserved(game)


def test_s2_3_referee_cards_drawn_at_setup_are_replaced() -> None:
    """§2.3: a Referee card drawn at set-up is shown, discarded and replaced;
    it has no effect."""
    for seed in range(200):
        game = Bohnkick.new(2, seed=seed)
        if game.ddiscard:
            break
    else:  # pragma: no cover
        pytest.fail("no seed deals a Referee card at set-up")
    setup_events = [e.data for e in game.history()[0][2]]
    shown = [e["card"] for e in setup_events if e["type"] == "referee"]
    assert shown == keys(game.ddiscard) and shown
    assert "call" not in types(setup_events)
    assert all(len(d) == 3 and all(KIND[c] != "referee" for c in d) for d in game.dhands)
    assert game.phase_name in ("play", "only-goal-cards") and game.mover == 0


def test_s2_4_bk_d3_first_player_option() -> None:
    """§2.4 (BK-D3): the players choose who attacks first; the option
    ``first_player`` (default 0) names the seat."""
    game = Bohnkick.new(2, seed=2, options={"first_player": 1})
    assert game.mover == 1 and game.team == 1 and game.opener == 1
    with pytest.raises(SetupError):
        Bohnkick.new(2, options={"first_player": 2})


def test_s5_1_1_to_3_setup_for_four() -> None:
    """§5.1.1-3: with 4 players the Referee and Tackle cards are out of the
    game; partners share one team deck; each player holds 6 team cards and
    3 defensive cards; 3 players are refused."""
    game = Bohnkick.new(4, seed=3)
    assert Counter(KIND[c] for c in game.box) == {"referee": 6, "tackle": 10}
    assert all(KIND[c] == "goalie" for c in game.ddeck + game.ddiscard)
    assert [len(h) for h in game.hands] == [6] * 4
    assert [len(d) for d in game.dhands] == [3] * 4
    assert [len(d) for d in game.decks] == [24, 24]
    assert len(game.ddeck) == 19 - 12
    assert game.team_seats(0) == [0, 2] and game.team_seats(1) == [1, 3]
    for t in (0, 1):
        assert team_cards(game, t) == ONE_TEAM
    assert conserved(game)
    with pytest.raises(SetupError):
        Bohnkick.new(3)
    with pytest.raises(SetupError):  # the scenario loader knows it too
        position(players=4, seats=[{"defence": ["tackle:sau"]}])


# ---------------------------------------------------------------------------
# §3.1 piles and draws, §3.2 opening an attack


def test_s3_1_attacker_draws_one_after_each_team_card() -> None:
    """§3.1: after each team card the attacker draws 1 from his team deck; his
    hand returns to 6."""
    game = position(
        decks=[["feuer/shot", "sau/dribble", "brech/dribble"], ["sau/dribble"]],
        seats=[
            {
                "hand": [
                    "sau/pass:feuer",
                    "feuer/dribble",
                    "brech/pass:sau",
                    "kaffee/dribble",
                    "garten/dribble",
                    "sau/long-shot",
                ]
            }
        ],
    )
    events = act(game, 0, "play h0")
    assert events == [
        {"type": "play", "seat": 0, "card": "sau/pass:feuer"},
        {"type": "draw", "seat": 0, "cards": ["feuer/shot"]},
    ]
    assert len(game.hands[0]) == 6 and hand(game, 0)[-1] == "feuer/shot"
    assert deck(game, 0) == ["sau/dribble", "brech/dribble"]
    assert deck(game, 1) == ["sau/dribble"]  # the other team's deck is untouched
    act(game, 1, "pass")
    act(game, 0, "play h0")  # feuer/dribble
    assert len(game.hands[0]) == 6 and deck(game, 0) == ["brech/dribble"]
    assert keys(game.played) == ["sau/pass:feuer", "feuer/dribble"]


def test_s3_2_1_first_card_no_goal_card_any_bean() -> None:
    """§3.2.1: the first card of an attack must not be a goal card; any other
    team card is allowed, of any bean."""
    game = position(
        seats=[
            {
                "hand": [
                    "feuer/shot",
                    "brech/long-shot",
                    "feuer/header",
                    "kaffee/pass:sau",
                    "garten/cross",
                    "feuer/dribble",
                ]
            }
        ],
    )
    assert plays(game, 0) == ["kaffee/pass:sau", "garten/cross", "feuer/dribble"]
    for i in range(3):
        refused(game, 0, f"play h{i}", "§3.2.1")
    act(game, 0, "play h4")
    assert game.phase_name == "react" and keys(game.played) == ["garten/cross"]


def test_s3_2_2_only_goal_cards_discard_one_at_a_time_then_lose_the_attack() -> None:
    """§3.2.2: an opener holding only goal cards discards them one at a time,
    drawing a replacement each time, until he holds a card that is no goal
    card; then the attack is lost and the other side attacks."""
    goals = ["feuer/shot", "feuer/header", "brech/long-shot", "sau/long-shot"]
    game = position(
        phase="only-goal-cards",
        decks=[["feuer/shot", "sau/dribble", "brech/dribble"], []],
        seats=[{"hand": [*goals, "feuer/shot", "feuer/header"]}, {"hand": ["kaffee/dribble"]}],
    )
    assert legal(game, 0) == ["drop h0", "drop h1", "drop h2", "drop h3"]
    refused(game, 0, "play h0")
    assert legal(game, 1) == []
    events = act(game, 0, "drop h2")
    assert events == [
        {"type": "drop", "seat": 0, "card": "brech/long-shot"},
        {"type": "draw", "seat": 0, "cards": ["feuer/shot"]},
    ]
    assert game.phase_name == "only-goal-cards" and keys(game.discards[0]) == ["brech/long-shot"]
    events = act(game, 0, "drop h0")
    assert types(events) == ["drop", "draw", "attack-over", "attack"]
    assert of_type(events, "attack-over")[0]["reason"] == "only-goal-cards"
    assert of_type(events, "attack")[0]["seat"] == 1
    assert keys(game.discards[0]) == ["brech/long-shot", "feuer/shot"]
    assert "sau/dribble" in hand(game, 0) and len(game.hands[0]) == 6
    assert deck(game, 0) == ["brech/dribble"]  # no more cards drawn
    assert game.phase_name == "play" and game.mover == 1 and game.team == 1
    assert conserved(game)


def test_s3_2_2_an_attack_opens_with_only_goal_cards_in_hand() -> None:
    """§3.2.2: when the attack passes to a player holding only goal cards, his
    attack opens with the discarding."""
    game = position(
        seats=[
            {"hand": ["brech/pass:garten"]},
            {"hand": ["feuer/shot", "sau/long-shot"]},
        ],
    )
    act(game, 0, "play h0")
    act(game, 1, "pass")  # seat 0 holds no garten card: the ball is out
    assert game.phase_name == "only-goal-cards" and game.mover == 1
    assert legal(game, 1) == ["drop h0", "drop h1"]


# ---------------------------------------------------------------------------
# §3.3 the defender's reaction


def test_s3_3_defender_continues_swaps_or_tackles() -> None:
    """§3.3: after a card that is no goal card the defender (and only he) may
    continue, swap 1-3 defensive cards, or tackle with the Tackle card of the
    bean that played; the attacker waits."""
    game = position(
        seats=[
            {"hand": ["brech/pass:garten", "garten/dribble"]},
            {"defence": ["tackle:brech", "tackle:garten", "goalie:shot:ul"]},
        ],
    )
    act(game, 0, "play h0")
    assert game.phase_name == "react" and game.waiting_for() == {1}
    assert legal(game, 1) == [
        "tackle d0",
        "pass",
        "swap d0",
        "swap d1",
        "swap d2",
        "swap d0,d1",
        "swap d0,d2",
        "swap d1,d2",
        "swap d0,d1,d2",
    ]
    assert legal(game, 0) == []
    refused(game, 0, "play h0")
    events = act(game, 1, "pass")
    assert events == [{"type": "pass", "seat": 1}]
    assert game.phase_name == "play" and game.mover == 0 and plays(game, 0) == ["garten/dribble"]


def test_s3_3_2_swap_refills_to_three_and_play_goes_on() -> None:
    """§3.3.2: a swap discards 1-3 defensive cards to the shared discard pile
    and draws as many; without a Referee card the attack goes on."""
    game = position(
        defence_deck=["goalie:header:ul", "goalie:header:ur", "goalie:shot:lr"],
        seats=[
            {"hand": ["sau/pass:brech", "brech/dribble"]},
            {"defence": ["tackle:feuer", "goalie:shot:ul", "goalie:long-shot:ll"]},
        ],
    )
    act(game, 0, "play h0")
    events = act(game, 1, "swap d0,d2")
    assert events[0] == {
        "type": "swap",
        "seat": 1,
        "cards": ["tackle:feuer", "goalie:long-shot:ll"],
    }
    assert types(events) == ["swap", "defence-draw", "defence-draw"]
    assert defence(game, 1) == ["goalie:shot:ul", "goalie:header:ul", "goalie:header:ur"]
    assert keys(game.ddiscard) == ["tackle:feuer", "goalie:long-shot:ll"]
    assert keys(game.ddeck) == ["goalie:shot:lr"]
    assert game.phase_name == "play" and game.mover == 0
    refused(game, 1, "swap d0")  # one reaction per card
    assert conserved(game)


def test_s3_3_2_a_swap_names_1_to_3_different_cards() -> None:
    """§3.3.2: a swap names 1 to 3 different defensive cards the defender holds."""
    game = position(
        defence_deck=GOALIES,
        played=["sau/pass:brech"],
        phase="react",
        seats=[{"hand": ["brech/dribble"]}, {"defence": ["tackle:feuer", "goalie:shot:ul"]}],
    )
    refused(game, 1, "swap d2", "§3.3.2")
    refused(game, 1, "swap d0,d0", "§3.3.2")


def test_s3_1_defensive_deck_refilled_from_its_discard_pile() -> None:
    """§3.1: an empty defensive deck is refilled by shuffling its discard pile."""
    game = position(
        defence_deck=["goalie:header:ur"],
        defence_discard=["goalie:header:ul", "goalie:header:lr"],
        played=["sau/pass:brech"],
        phase="react",
        seats=[
            {"hand": ["brech/dribble"]},
            {"defence": ["tackle:feuer", "goalie:shot:ul", "goalie:long-shot:ll"]},
        ],
    )
    events = act(game, 1, "swap d0,d1")
    shuffles = of_type(events, "shuffle")
    assert [(e["pile"], sorted(e["order"])) for e in shuffles] == [
        (
            "defensive deck",
            sorted(["goalie:header:ul", "goalie:header:lr", "tackle:feuer", "goalie:shot:ul"]),
        )
    ]
    assert len(game.dhands[1]) == 3 and defence(game, 1)[:2] == [
        "goalie:long-shot:ll",
        "goalie:header:ur",
    ]
    assert game.ddiscard == [] and len(game.ddeck) == 3
    # the card drawn after the reshuffle was the top of the shuffled pile
    assert defence(game, 1)[2] == shuffles[0]["order"][-1]
    assert conserved(game)


# ---------------------------------------------------------------------------
# §3.4 the attacker continues


def test_s3_4_1_bk_d6_the_attacker_must_play_a_legal_card() -> None:
    """§3.4.1 (BK-D6): holding a legal card the attacker must play one (his
    choice); he cannot stop the attack."""
    game = position(
        played=["sau/pass:brech"],
        seats=[{"hand": ["brech/dribble", "brech/pass:sau", "feuer/shot"]}],
    )
    assert legal(game, 0) == ["play h0", "play h1"]
    refused(game, 0, "pass", "BK-D6")
    refused(game, 0, "advantage")
    act(game, 0, "play h1")
    assert keys(game.played) == ["sau/pass:brech", "brech/pass:sau"]


def test_s3_4_1_missed_pass_ends_the_attack_after_its_first_card() -> None:
    """§3.4.1 / §3.4.2 / §4.2: an attacker without a legal card has passed the
    ball out: the attack ends (also after its first card), its cards go to
    the team discard pile and the other side attacks."""
    game = position(
        seats=[
            {"hand": ["brech/pass:garten", "sau/dribble", "feuer/shot", "kaffee/cross"]},
            {"hand": ["sau/dribble"]},
        ],
    )
    act(game, 0, "play h0")
    events = act(game, 1, "pass")
    assert events[1] == {"type": "missed-pass", "seat": 0}
    assert events[2] == {
        "type": "attack-over",
        "reason": "missed-pass",
        "cards": ["brech/pass:garten"],
    }
    assert keys(game.discards[0]) == ["brech/pass:garten"] and game.played == []
    assert game.phase_name == "play" and game.mover == 1 and game.team == 1


def test_s3_4_2_an_attack_of_two_cards_scores() -> None:
    """§3.4.2: an attack has at least two cards: a goal card comes at the
    earliest second; there is no upper limit."""
    game = position(
        seats=[{"hand": ["sau/pass:feuer", "feuer/shot"]}, {"defence": ["goalie:shot:ul"]}],
    )
    refused(game, 0, "play h1", "§3.2.1")
    for seat, text in [(0, "play h0"), (1, "pass"), (0, "play h0"), (1, "pass")]:
        act(game, seat, text)
    act(game, 0, "aim lr")
    act(game, 1, "pass")
    assert keys(game.goals[0]) == ["feuer/shot"] and keys(game.discards[0]) == ["sau/pass:feuer"]
    # a long attack: dribbles and passes without limit
    long = ["sau/dribble", "sau/pass:brech", "brech/dribble", "brech/pass:sau", "sau/dribble"]
    game = position(seats=[{"hand": long}])
    for _ in long:
        act(game, 0, "play h0")
        act(game, 1, "pass")
    assert keys(game.played) == [] and keys(game.discards[0]) == long  # then out: no card left


# ---------------------------------------------------------------------------
# §4.1 legal team cards


def test_s4_1_rulebook_example_after_a_pass_to_brech() -> None:
    """§4.1.1-2 and the rulebook example: after feuer/pass:brech the ball is
    with brech: brech/dribble, any brech pass and brech/long-shot are legal,
    no card of another bean."""
    game = position(
        decks=[["sau/dribble"], []],
        seats=[
            {
                "hand": [
                    "feuer/pass:brech",
                    "brech/dribble",
                    "brech/pass:garten",
                    "brech/pass:feuer",
                    "brech/long-shot",
                    "feuer/shot",
                ]
            }
        ],
    )
    act(game, 0, "play h0")
    act(game, 1, "pass")
    assert game.holder == TABLE.bean_index["brech"]
    assert game.observe(None)["ball"] == "brech"
    assert plays(game, 0) == [
        "brech/dribble",
        "brech/pass:garten",
        "brech/pass:feuer",
        "brech/long-shot",
    ]
    refused(game, 0, "play h4", "§4.1.2")  # feuer/shot
    refused(game, 0, "play h5", "§4.1.2")  # the sau/dribble just drawn


def test_s4_1_1_the_ball_moves_with_dribble_pass_and_cross() -> None:
    """§4.1.1: after a dribble the dribbling bean has the ball, after a pass
    its target, after a cross feuer."""
    cases = [
        (["kaffee/dribble"], "kaffee"),
        (["kaffee/pass:sau"], "sau"),
        (["sau/pass:kaffee", "kaffee/cross"], "feuer"),
        (["brech/pass:feuer", "feuer/pass:sau"], "sau"),
    ]
    for played, holder in cases:
        game = position(played=played, phase="react", seats=[{"hand": []}])
        assert game.observe(0)["ball"] == holder, played


def test_s4_1_3_header_only_directly_after_a_cross() -> None:
    """§4.1.3 (BK-D7): feuer/header is legal only directly after a cross; a
    pass to feuer does not allow it, nor a cross followed by a dribble."""
    feuer = ["feuer/header", "feuer/shot", "feuer/dribble"]
    game = position(played=["sau/pass:feuer"], seats=[{"hand": feuer}])
    assert plays(game, 0) == ["feuer/shot", "feuer/dribble"]
    refused(game, 0, "play h0", "§4.1.3")
    game = position(played=["kaffee/cross", "feuer/dribble"], seats=[{"hand": feuer}])
    assert plays(game, 0) == ["feuer/shot", "feuer/dribble"]
    refused(game, 0, "play h0", "§4.1.3")
    game = position(played=["kaffee/cross"], seats=[{"hand": feuer}])
    assert "feuer/header" in plays(game, 0)


def test_bk_d7_every_feuer_card_after_a_cross() -> None:
    """§4.1.4 (BK-D7): after a cross every feuer card is legal: dribble,
    passes, shot and header; no card of another bean."""
    game = position(
        seats=[
            {
                "hand": [
                    "garten/cross",
                    "feuer/dribble",
                    "feuer/pass:sau",
                    "feuer/pass:brech",
                    "feuer/shot",
                    "feuer/header",
                ]
            }
        ],
        decks=[["garten/dribble"], []],
    )
    act(game, 0, "play h0")
    act(game, 1, "pass")
    assert game.observe(0)["after_cross"] is True
    assert plays(game, 0) == [
        "feuer/dribble",
        "feuer/pass:sau",
        "feuer/pass:brech",
        "feuer/shot",
        "feuer/header",
    ]
    refused(game, 0, "play h5", "§4.1.2")  # garten/dribble


def test_s4_1_5_no_shot_by_the_dribbler_right_after_an_opening_dribble() -> None:
    """§4.1.5: after an opening dribble the second card may not be a shot or
    long shot by the same bean; later, or after an opening pass, it may."""
    game = position(
        played=["brech/dribble"], seats=[{"hand": ["brech/long-shot", "brech/pass:sau"]}]
    )
    assert plays(game, 0) == ["brech/pass:sau"]
    refused(game, 0, "play h0", "§4.1.5")
    game = position(played=["feuer/dribble"], seats=[{"hand": ["feuer/shot", "feuer/dribble"]}])
    assert plays(game, 0) == ["feuer/dribble"]
    refused(game, 0, "play h0", "§4.1.5")
    game = position(
        played=["brech/dribble", "brech/dribble"], seats=[{"hand": ["brech/long-shot"]}]
    )
    assert plays(game, 0) == ["brech/long-shot"]
    game = position(played=["sau/pass:brech"], seats=[{"hand": ["brech/long-shot"]}])
    assert plays(game, 0) == ["brech/long-shot"]


def test_s4_1_position_loader_refuses_illegal_attacks() -> None:
    """§4.1: a scenario's attack must follow the rules (the header after a pass)."""
    with pytest.raises(SetupError):
        position(played=["sau/pass:feuer", "feuer/header"], phase="shot-react")
    with pytest.raises(SetupError):
        position(played=["feuer/shot"], phase="shot-react")


# ---------------------------------------------------------------------------
# §3.5 a goal card, §4.4 blocked shot and goal


def test_s3_5_goal_scoring_card_under_the_outcome_card() -> None:
    """§3.5 / §4.4: after "continue" the shooter names a corner; without a
    Goalie card of the shot's symbol showing that corner it is a goal: the
    scoring card goes under the outcome card, the other played cards to the
    team discard pile, and the roles switch."""
    game = position(
        played=["sau/pass:feuer", "feuer/shot"],
        phase="shot-react",
        goals=[["feuer/header"], []],
        seats=[
            {"hand": ["sau/dribble"]},
            {
                "hand": ["kaffee/dribble"],
                "defence": ["goalie:shot:ul", "goalie:long-shot:ll", "goalie:header:ll"],
            },
        ],
    )
    assert legal(game, 1) == ["pass"]
    act(game, 1, "pass")
    assert game.phase_name == "aim" and game.waiting_for() == {0}
    assert legal(game, 0) == ["aim ul", "aim ur", "aim ll", "aim lr"]
    refused(game, 1, "aim ll")
    events = act(game, 0, "aim ll")
    assert events == [{"type": "aim", "seat": 0, "shot": "shot", "corner": "ll"}]
    assert game.phase_name == "block" and game.waiting_for() == {1}
    assert legal(game, 1) == ["pass"]  # the wrong corner, the wrong symbols
    refused(game, 1, "block d0", "§3.5.3")
    refused(game, 1, "block d1", "§3.5.3")
    refused(game, 1, "block d2", "§3.5.3")
    events = act(game, 1, "pass")
    assert of_type(events, "goal") == [{"type": "goal", "team": 0, "seat": 0, "card": "feuer/shot"}]
    assert of_type(events, "attack-over")[0]["reason"] == "goal"
    assert keys(game.goals[0]) == ["feuer/header", "feuer/shot"]
    assert keys(game.discards[0]) == ["sau/pass:feuer"]
    assert game.observe(None)["score"] == [2, 0]
    assert game.phase_name == "play" and game.mover == 1 and game.team == 1
    assert conserved(game)


def test_s3_5_3_s4_4_blocked_shot_goalie_discarded_refill_without_referees() -> None:
    """§3.5.3 / §4.4: a Goalie card of the shot's symbol showing the named
    corner blocks: it is discarded, the defender draws back to 3 non-Referee
    cards (Referee cards drawn now are discarded without effect), the
    attacker discards his cards and the roles switch."""
    game = position(
        played=["sau/pass:brech", "brech/long-shot"],
        phase="shot-react",
        defence_deck=[
            "referee:penalty",
            "referee:free-kick",
            "goalie:header:ur",
            "goalie:header:ul",
        ],
        seats=[
            {"hand": ["sau/dribble"]},
            {
                "hand": ["kaffee/dribble"],
                "defence": ["goalie:shot:ul", "goalie:long-shot:ul", "goalie:header:ll"],
            },
        ],
    )
    act(game, 1, "pass")
    act(game, 0, "aim ul")
    assert legal(game, 1) == ["block d1", "pass"]
    events = act(game, 1, "block d1")
    assert events[0] == {"type": "block", "seat": 1, "card": "goalie:long-shot:ul"}
    assert [e["card"] for e in of_type(events, "referee")] == [
        "referee:penalty",
        "referee:free-kick",
    ]
    assert "call" not in types(events)
    assert of_type(events, "attack-over")[0]["reason"] == "blocked"
    assert defence(game, 1) == ["goalie:shot:ul", "goalie:header:ll", "goalie:header:ur"]
    assert keys(game.ddiscard) == ["goalie:long-shot:ul", "referee:penalty", "referee:free-kick"]
    assert keys(game.ddeck) == ["goalie:header:ul"]
    assert game.goals == [[], []]
    assert keys(game.discards[0]) == ["sau/pass:brech", "brech/long-shot"]
    assert game.phase_name == "play" and game.mover == 1
    assert conserved(game)


@pytest.mark.parametrize(
    ("played", "goalie", "blocked"),
    [
        (["sau/pass:feuer", "feuer/shot"], "goalie:shot:ll+lr", {"ll", "lr"}),
        (
            ["sau/pass:brech", "brech/long-shot"],
            "goalie:long-shot:ul+ur+ll+lr",
            {"ul", "ur", "ll", "lr"},
        ),
        (["sau/pass:brech", "brech/long-shot"], "goalie:long-shot:ul+ur", {"ul", "ur"}),
        (["garten/cross", "feuer/header"], "goalie:header:ur", {"ur"}),
        (["sau/pass:feuer", "feuer/shot"], "goalie:long-shot:ul+ur+ll+lr", set()),
        (["garten/cross", "feuer/header"], "goalie:long-shot:ul+ur+ll+lr", set()),
    ],
)
def test_s3_5_3_goalies_with_several_corners(
    played: list[str], goalie: str, blocked: set[str]
) -> None:
    """§1.5 / §3.5.3: a Goalie card blocks every corner it shows, for its own
    symbol only (the four-corner long-shot goalie stops no shot or header)."""
    for corner in ("ul", "ur", "ll", "lr"):
        game = position(
            played=played,
            phase="shot-react",
            seats=[{}, {"defence": [goalie]}],
        )
        act(game, 1, "pass")
        act(game, 0, f"aim {corner}")
        assert ("block d0" in legal(game, 1)) == (corner in blocked), corner


# ---------------------------------------------------------------------------
# §4.3 tackles


def tackle_position(ddeck: list[str], **kw: Any) -> Bohnkick:
    """Seat 0 played sau/pass:brech, brech/pass:garten; seat 1 holds
    tackle:brech, tackle:garten and a goalie."""
    return position(
        played=["sau/pass:brech", "brech/pass:garten"],
        phase="react",
        defence_deck=ddeck,
        seats=[
            {"hand": ["garten/dribble", "garten/cross", "feuer/shot"]},
            {
                "hand": ["kaffee/dribble"],
                "defence": ["tackle:brech", "tackle:garten", "goalie:long-shot:ul"],
            },
        ],
        **kw,
    )


def test_s4_3_1_bk_d5_tackle_matches_the_acting_bean_of_the_last_card() -> None:
    """§4.3.1 (BK-D5): only the Tackle card of the bean that played the last
    card (brech passed to garten: brech) may be played."""
    game = tackle_position(GOALIES)
    assert [a for a in legal(game, 1) if a.startswith("tackle")] == ["tackle d0"]
    refused(game, 1, "tackle d1", "§4.3.1")
    refused(game, 1, "tackle d2", "§4.3.1")
    refused(game, 0, "tackle d0")  # only the defender tackles


def test_s4_3_2_bk_d4_tackle_succeeds_with_a_card_that_is_no_referee() -> None:
    """§4.3.2 / BK-D4: the Tackle is discarded and 1 card drawn; no Referee
    card: the tackle succeeds, the attack's cards go to the team discard
    pile and the roles switch."""
    game = tackle_position(GOALIES)
    events = act(game, 1, "tackle d0")
    assert types(events) == ["tackle", "defence-draw", "attack-over", "attack"]
    assert events[0] == {"type": "tackle", "seat": 1, "card": "tackle:brech"}
    assert of_type(events, "attack-over")[0]["reason"] == "tackle"
    assert keys(game.ddiscard) == ["tackle:brech"]
    assert defence(game, 1) == ["tackle:garten", "goalie:long-shot:ul", "goalie:header:ul"]
    assert keys(game.discards[0]) == ["sau/pass:brech", "brech/pass:garten"]
    assert game.phase_name == "play" and game.mover == 1 and game.team == 1
    assert conserved(game)


def test_s4_3_2_tackle_foul_free_kick() -> None:
    """§4.3.2: a free-kick card drawn as the Tackle's replacement: the
    defender fouled, the tackle fails, the attacker gets the free kick; the
    defender draws back to 3."""
    game = tackle_position(["referee:free-kick", *GOALIES])
    events = act(game, 1, "tackle d0")
    assert types(events) == ["tackle", "referee", "defence-draw", "call"]
    assert events[-1] == {"type": "call", "call": "free-kick"}
    assert game.phase_name == "kick" and game.waiting_for() == {0}
    assert legal(game, 0) == ["aim ul", "aim ur", "aim ll", "aim lr", "advantage"]
    assert keys(game.ddiscard) == ["tackle:brech", "referee:free-kick"]
    assert defence(game, 1) == ["tackle:garten", "goalie:long-shot:ul", "goalie:header:ul"]
    assert keys(game.played) == ["sau/pass:brech", "brech/pass:garten"]


def test_s4_3_2_tackle_foul_penalty() -> None:
    """§4.3.2: a penalty card drawn as the replacement: a penalty for the
    attacker (no advantage, BK-D11)."""
    game = tackle_position(["referee:penalty", *GOALIES])
    events = act(game, 1, "tackle d0")
    assert events[-1] == {"type": "call", "call": "penalty"}
    assert game.phase_name == "aim" and game.shot == "penalty"
    assert legal(game, 0) == ["aim ul", "aim ur", "aim ll", "aim lr"]


def test_s4_3_2_striker_foul_on_a_tackle_has_no_effect() -> None:
    """§4.3.2: a striker-foul card drawn as the replacement has no effect: it
    is discarded, the defender draws again and the tackle succeeds."""
    game = tackle_position(["referee:striker-foul", *GOALIES])
    events = act(game, 1, "tackle d0")
    assert "call" not in types(events)
    assert of_type(events, "attack-over")[0]["reason"] == "tackle"
    assert keys(game.ddiscard) == ["tackle:brech", "referee:striker-foul"]
    assert len(game.dhands[1]) == 3 and game.mover == 1 and game.team == 1


def test_s4_3_3_referee_cards_drawn_while_refilling_after_a_tackle() -> None:
    """§4.3.3: after the replacement, Referee cards drawn while refilling to 3
    are discarded without effect: a penalty after a striker foul changes
    nothing, a penalty after a free kick leaves the free kick."""
    game = tackle_position(["referee:striker-foul", "referee:penalty", *GOALIES])
    events = act(game, 1, "tackle d0")
    assert "call" not in types(events) and game.team == 1
    assert keys(game.ddiscard) == ["tackle:brech", "referee:striker-foul", "referee:penalty"]
    game = tackle_position(["referee:free-kick", "referee:penalty", *GOALIES])
    events = act(game, 1, "tackle d0")
    assert of_type(events, "call") == [{"type": "call", "call": "free-kick"}]
    assert game.phase_name == "kick"
    assert defence(game, 1) == ["tackle:garten", "goalie:long-shot:ul", "goalie:header:ul"]


def test_s3_5_1_tackle_against_a_shot_no_swap() -> None:
    """§3.5.1: against a goal card the defender may tackle (the shooting
    bean's Tackle card) or continue; no swap is possible."""
    game = position(
        played=["sau/pass:feuer", "feuer/shot"],
        phase="shot-react",
        defence_deck=GOALIES,
        seats=[
            {"hand": ["sau/dribble"]},
            {"defence": ["tackle:sau", "tackle:feuer", "goalie:shot:ul"]},
        ],
    )
    assert legal(game, 1) == ["tackle d1", "pass"]
    refused(game, 1, "swap d2", "§3.5.1")
    refused(game, 1, "tackle d0", "§4.3.1")
    events = act(game, 1, "tackle d1")
    assert of_type(events, "attack-over")[0]["reason"] == "tackle"
    assert game.goals == [[], []]
    assert keys(game.discards[0]) == ["sau/pass:feuer", "feuer/shot"]
    assert game.mover == 1 and game.team == 1


def test_bk_d16_advantage_after_a_foul_on_a_shot_the_shot_goes_on() -> None:
    """BK-D16 (bohn's decision, docs/rules/bohnkick.md): a foul in a tackle
    against a goal card gives a free kick; on advantage the shot itself is
    aimed, and blocked by a Goalie card of its own symbol."""
    game = position(
        played=["sau/pass:feuer", "feuer/shot"],
        phase="shot-react",
        defence_deck=["referee:free-kick", *GOALIES],
        seats=[
            {"hand": ["sau/dribble"]},
            {"defence": ["tackle:feuer", "goalie:shot:ul", "goalie:long-shot:ul"]},
        ],
    )
    act(game, 1, "tackle d0")
    assert game.phase_name == "kick"
    act(game, 0, "advantage")
    assert game.phase_name == "aim" and game.shot == "shot"
    act(game, 0, "aim ul")
    assert legal(game, 1) == ["block d0", "pass"]


# ---------------------------------------------------------------------------
# §4.5 Referee cards during a swap


def swap_position(ddeck: list[str], **kw: Any) -> Bohnkick:
    """Seat 0 played sau/dribble, sau/pass:brech; seat 1 reacts."""
    return position(
        played=["sau/dribble", "sau/pass:brech"],
        phase="react",
        defence_deck=ddeck,
        seats=[
            {"hand": ["brech/dribble", "brech/long-shot", "feuer/shot"]},
            {
                "hand": ["kaffee/dribble"],
                "defence": ["tackle:feuer", "goalie:shot:ul", "goalie:long-shot:ul"],
            },
        ],
        **kw,
    )


def test_s4_5_4_swap_free_kick_blocked_only_by_a_long_shot_goalie() -> None:
    """§4.5.1 / §4.5.4 / §4.6: a free-kick card drawn in a swap: the defender
    fouled; the last-played bean kicks; only a Goalie card with the
    long-shot symbol showing the named corner blocks it."""
    game = swap_position(["referee:free-kick", "goalie:shot:ur", "goalie:header:ul"])
    events = act(game, 1, "swap d0")
    assert types(events) == ["swap", "referee", "defence-draw", "call"]
    assert game.phase_name == "kick" and game.mover == 0
    assert defence(game, 1) == ["goalie:shot:ul", "goalie:long-shot:ul", "goalie:shot:ur"]
    events = act(game, 0, "aim ul")
    assert events == [{"type": "aim", "seat": 0, "shot": "free-kick", "corner": "ul"}]
    assert legal(game, 1) == ["block d1", "pass"]
    refused(game, 1, "block d0", "§4.6")
    events = act(game, 1, "block d1")
    assert of_type(events, "attack-over")[0]["reason"] == "blocked"
    assert keys(game.discards[0]) == ["sau/dribble", "sau/pass:brech"] and game.goals == [[], []]
    assert game.team == 1


def test_bk_d8_a_kick_scores_with_the_last_team_card_played() -> None:
    """§4.4 (BK-D8): a free kick or penalty that goes in scores with the last
    team card played (here a pass); the others go to the discard pile."""
    game = swap_position(["referee:free-kick", "goalie:shot:ur", "goalie:header:ul"])
    act(game, 1, "swap d0")
    act(game, 0, "aim lr")
    assert legal(game, 1) == ["pass"]
    events = act(game, 1, "pass")
    assert of_type(events, "goal") == [
        {"type": "goal", "team": 0, "seat": 0, "card": "sau/pass:brech"}
    ]
    assert keys(game.goals[0]) == ["sau/pass:brech"] and keys(game.discards[0]) == ["sau/dribble"]


def test_bk_d10_advantage_keeps_the_ball_with_the_same_bean() -> None:
    """§4.6 (BK-D10): on a free kick the attacker may call advantage: no kick,
    the attack goes on with the same attacker and the ball where it was."""
    game = swap_position(["referee:free-kick", "goalie:shot:ur", "goalie:header:ul"])
    act(game, 1, "swap d0")
    events = act(game, 0, "advantage")
    assert events == [{"type": "advantage", "seat": 0}]
    assert game.phase_name == "play" and game.mover == 0 and game.team == 0
    assert game.observe(None)["ball"] == "brech"
    assert plays(game, 0) == ["brech/dribble", "brech/long-shot"]
    assert keys(game.played) == ["sau/dribble", "sau/pass:brech"]
    refused(game, 0, "advantage", "§4.6")


def test_bk_d11_penalty_blocked_only_by_a_penalty_goalie_no_advantage() -> None:
    """§4.5.4 / §4.6 (BK-D11): a penalty drawn in a swap: the last-played bean
    kicks; no advantage; only a penalty ("11") Goalie card showing the
    corner blocks it."""
    game = swap_position(["referee:penalty", "goalie:penalty:ur", "goalie:header:ul"])
    events = act(game, 1, "swap d0")
    assert events[-1] == {"type": "call", "call": "penalty"}
    assert game.phase_name == "aim" and game.waiting_for() == {0}
    assert legal(game, 0) == ["aim ul", "aim ur", "aim ll", "aim lr"]
    refused(game, 0, "advantage", "§4.6")
    act(game, 0, "aim ul")
    assert legal(game, 1) == ["pass"]  # the long-shot goalie does not stop a penalty
    game = swap_position(["referee:penalty", "goalie:penalty:ur", "goalie:header:ul"])
    act(game, 1, "swap d0")
    act(game, 0, "aim ur")
    assert legal(game, 1) == ["block d2", "pass"]
    events = act(game, 1, "block d2")
    assert events[0] == {"type": "block", "seat": 1, "card": "goalie:penalty:ur"}


def test_bk_d12_no_tackle_against_a_set_piece() -> None:
    """BK-D12: the defender cannot tackle a free kick or a penalty, neither
    when it is awarded nor when it is aimed."""
    for call in ("free-kick", "penalty"):
        game = position(
            played=["sau/dribble", "sau/pass:brech"],
            phase="react",
            defence_deck=[f"referee:{call}", *GOALIES],
            seats=[
                {"hand": ["brech/dribble"]},
                {"defence": ["tackle:brech", "tackle:sau", "goalie:shot:ul"]},
            ],
        )
        act(game, 1, "swap d2")
        assert defence(game, 1)[:2] == ["tackle:brech", "tackle:sau"]
        assert legal(game, 1) == []
        refused(game, 1, "tackle d0")
        act(game, 0, "aim ul")
        assert game.phase_name == "block"
        assert not any(a.startswith("tackle") for a in legal(game, 1))
        refused(game, 1, "tackle d0")


def test_s4_5_4_swap_striker_foul_ends_the_attack() -> None:
    """§4.5.4 / BK-D4: a striker-foul card drawn in a swap: the attacker
    fouled; the attack ends at once, its cards go to the team discard pile,
    and the roles switch."""
    game = swap_position(["referee:striker-foul", "goalie:shot:ur", "goalie:header:ul"])
    events = act(game, 1, "swap d0")
    assert types(events)[:4] == ["swap", "referee", "defence-draw", "call"]
    assert of_type(events, "attack-over")[0]["reason"] == "striker-foul"
    assert keys(game.discards[0]) == ["sau/dribble", "sau/pass:brech"]
    assert game.phase_name == "play" and game.mover == 1 and game.team == 1
    assert len(game.dhands[1]) == 3


def test_s4_5_2_referee_cards_drawn_while_refilling_have_no_effect() -> None:
    """§4.5.2: a Referee card among the swap's draws is discarded and
    replaced; Referee cards drawn during that refill have no effect."""
    game = swap_position(["referee:striker-foul", "referee:penalty", "goalie:header:ll"])
    events = act(game, 1, "swap d0")
    assert of_type(events, "call") == [{"type": "call", "call": "striker-foul"}]
    assert [e["card"] for e in of_type(events, "referee")] == [
        "referee:striker-foul",
        "referee:penalty",
    ]
    assert game.team == 1 and defence(game, 1)[-1] == "goalie:header:ll"


def test_s4_5_3_assistant_referee_picks_among_different_kinds() -> None:
    """§4.5.3: Referee cards of different kinds drawn for one swap: they are
    shuffled (the chance event "assistant referee") and exactly one, picked
    at random, takes effect."""
    calls = set()
    for seed in range(12):
        game = swap_position(
            ["referee:free-kick", "referee:penalty", "goalie:header:ll", *GOALIES], seed=seed
        )
        events = act(game, 1, "swap d0,d1,d2")
        shuffles = [e for e in of_type(events, "shuffle") if e["pile"] == "assistant referee"]
        assert len(shuffles) == 1
        assert sorted(shuffles[0]["order"]) == ["referee:free-kick", "referee:penalty"]
        call = of_type(events, "call")
        assert len(call) == 1 and f"referee:{call[0]['call']}" == shuffles[0]["order"][0]
        assert game.phase_name == ("kick" if call[0]["call"] == "free-kick" else "aim")
        assert defence(game, 1) == ["goalie:header:ll", "goalie:header:ul", "goalie:header:ur"]
        calls.add(call[0]["call"])
    assert calls == {"free-kick", "penalty"}


def test_bk_d9_referee_cards_of_one_kind_give_that_kind() -> None:
    """BK-D9: several Referee cards of one kind give that kind, with no
    shuffle; only the Referee cards take part (one Referee card among the
    drawn cards simply acts)."""
    game = swap_position(["referee:free-kick", "referee:free-kick", "goalie:header:ll", *GOALIES])
    events = act(game, 1, "swap d0,d1,d2")
    assert "shuffle" not in types(events)
    assert of_type(events, "call") == [{"type": "call", "call": "free-kick"}]
    assert game.phase_name == "kick"
    game = swap_position(
        ["goalie:header:ll", "referee:striker-foul", "goalie:header:ul", *GOALIES[1:]]
    )
    events = act(game, 1, "swap d0,d1,d2")
    assert "shuffle" not in types(events)
    assert of_type(events, "call") == [{"type": "call", "call": "striker-foul"}]


# ---------------------------------------------------------------------------
# §5 end of game


def test_s5_1_bk_d13_deck_runs_out_reshuffle_while_the_other_never_ran_out() -> None:
    """§5.1 (BK-D13, BK-D15): a team deck runs out when its last card is
    drawn and its discard pile is shuffled into a new deck at once, as long
    as the other team's deck has never run out, also a second or third time."""
    for before in (0, 2):
        game = position(
            decks=[["sau/dribble"], ["sau/dribble"]],
            discards=[["feuer/shot", "brech/long-shot"], []],
            runouts=[before, 0],
            seats=[{"hand": ["sau/pass:brech", "brech/dribble"]}],
        )
        events = act(game, 0, "play h0")
        assert types(events) == ["play", "draw", "deck-out", "shuffle"]
        assert of_type(events, "deck-out") == [{"type": "deck-out", "team": 0, "final": False}]
        assert of_type(events, "shuffle")[0]["pile"] == "team 0 deck"
        assert sorted(deck(game, 0)) == ["brech/long-shot", "feuer/shot"]
        assert game.discards[0] == [] and game.runouts == [before + 1, 0]
        assert not game.final


def test_bk_d15_reshuffle_put_off_until_the_next_draw() -> None:
    """BK-D15: a deck that runs out with an empty discard pile is reshuffled
    at the team's next draw."""
    game = position(
        decks=[["sau/dribble"], ["feuer/shot", "feuer/shot"]],
        seats=[
            {"hand": ["sau/pass:garten", "brech/dribble"]},
            {"hand": ["kaffee/pass:sau", "feuer/shot"]},
        ],
    )
    events = act(game, 0, "play h0")
    assert of_type(events, "deck-out") == [{"type": "deck-out", "team": 0, "final": False}]
    assert "shuffle" not in types(events) and game.decks[0] == [] and game.runouts == [1, 0]
    act(game, 1, "pass")  # no garten card: missed pass; sau/pass:garten discarded
    assert keys(game.discards[0]) == ["sau/pass:garten"] and game.mover == 1
    act(game, 1, "play h0")  # kaffee/pass:sau
    act(game, 0, "pass")  # seat 1 holds no sau card
    assert game.mover == 0
    events = act(game, 0, "play h0")  # the next draw of team 0: reshuffle first
    assert types(events)[:3] == ["play", "shuffle", "draw"]
    assert of_type(events, "draw")[0]["cards"] == ["sau/pass:garten"]
    assert game.runouts == [2, 0] and not game.final  # BK-D13: it ran out again


def test_s5_2_second_team_runs_out_attack_finishes_then_game_over() -> None:
    """§5.2 / §5.3: when a team's deck runs out after the other's has run out,
    there is no reshuffle; the attack in progress is played to its end with
    no further draws, the defender may still block; then the game ends and
    the side with more goals wins."""
    game = position(
        decks=[["sau/dribble"], []],
        discards=[["feuer/header"], ["feuer/header"]],
        runouts=[0, 1],
        goals=[[], ["feuer/shot"]],
        seats=[
            {"hand": ["sau/pass:feuer", "feuer/shot", "feuer/dribble"]},
            {"hand": ["kaffee/dribble"], "defence": ["goalie:shot:ul"]},
        ],
    )
    events = act(game, 0, "play h0")
    assert of_type(events, "deck-out") == [{"type": "deck-out", "team": 0, "final": True}]
    assert "shuffle" not in types(events) and game.final and game.observe(None)["last_attack"]
    assert keys(game.discards[0]) == ["feuer/header"]
    act(game, 1, "pass")
    events = act(game, 0, "play h0")  # feuer/shot: no draw now
    assert "draw" not in types(events) and len(game.hands[0]) == 2
    act(game, 1, "pass")
    act(game, 0, "aim ur")
    assert game.phase_name == "block" and legal(game, 1) == ["pass"]
    events = act(game, 1, "pass")
    assert types(events)[-3:] == ["goal", "attack-over", "game-over"]
    assert game.phase_name == "over" and legal(game, 0) == legal(game, 1) == []
    result = game.result()
    assert result is not None
    assert result.scores == (1, 1) and result.winners == (0, 1)  # a draw: every seat wins
    assert result.reason == "deck-exhausted"
    assert result.details == {"goals": [1, 1], "draw": True}
    with pytest.raises(GameOver):
        game.apply(1, parse_action("play h0"))


def test_s5_3_more_goals_win() -> None:
    """§5.3: the side with more goals wins; a blocked last shot counts nothing."""
    game = position(
        played=["sau/pass:feuer", "feuer/shot"],
        phase="shot-react",
        final=True,
        goals=[["feuer/shot"], ["feuer/shot", "feuer/header"]],
        seats=[{}, {"defence": ["goalie:shot:ul"]}],
    )
    act(game, 1, "pass")
    act(game, 0, "aim ul")
    act(game, 1, "block d0")
    result = game.result()
    assert result is not None and game.phase_name == "over"
    assert result.scores == (1, 2) and result.winners == (1,) and result.ranking == (1, 0)
    assert result.details == {"goals": [1, 2], "draw": False}


def test_bk_d15_final_run_out_while_cycling_ends_the_game_at_once() -> None:
    """§5.2 (BK-D15): a deck running out finally while its opener discards
    goal cards: the cycling stops, the attack is lost and the game ends at
    once; an allowed reshuffle while cycling happens at once."""
    game = position(
        phase="only-goal-cards",
        decks=[["feuer/header"], []],
        runouts=[0, 1],
        goals=[["feuer/shot"], []],
        seats=[{"hand": ["feuer/shot", "sau/long-shot"]}],
    )
    events = act(game, 0, "drop h0")
    assert types(events) == ["drop", "draw", "deck-out", "attack-over", "game-over"]
    assert game.phase_name == "over"
    result = game.result()
    assert result is not None and result.winners == (0,) and result.scores == (1, 0)
    game = position(
        phase="only-goal-cards",
        decks=[["feuer/header"], []],
        discards=[["sau/dribble"], []],
        seats=[{"hand": ["feuer/shot", "sau/long-shot"]}],
    )
    events = act(game, 0, "drop h0")
    assert types(events) == ["drop", "draw", "deck-out", "shuffle"]
    assert sorted(deck(game, 0)) == ["feuer/shot", "sau/dribble"]
    assert game.phase_name == "only-goal-cards" and game.runouts == [1, 0]


# ---------------------------------------------------------------------------
# §5.1 four players (BK-D14)


def four(**kw: Any) -> Bohnkick:
    return position(players=4, **kw)


def test_bk_d14_partners_alternate_next_clockwise_reacts() -> None:
    """§5.1.4 (BK-D14): the attacking partners play alternately from the
    opener; after each card the next player clockwise reacts; each player
    refills his own hand from the shared deck; a swap is possible."""
    game = four(
        decks=[["sau/dribble", "brech/dribble", "garten/dribble"], []],
        defence_deck=["goalie:shot:ur"],
        seats=[
            {"hand": ["sau/pass:brech", "feuer/dribble"]},
            {"defence": ["goalie:header:ul", "goalie:header:ur", "goalie:header:lr"]},
            {"hand": ["brech/pass:feuer", "sau/dribble"]},
            {"defence": ["goalie:shot:ul", "goalie:shot:ll", "goalie:shot:lr"]},
        ],
    )
    assert game.mover == 0 and game.waiting_for() == {0}
    act(game, 0, "play h0")
    assert game.phase_name == "react" and game.waiting_for() == {1}
    assert hand(game, 0) == ["feuer/dribble", "sau/dribble"]
    assert legal(game, 3) == []
    act(game, 1, "swap d0")  # no Referee cards with 4 players: play goes on
    assert defence(game, 1) == ["goalie:header:ur", "goalie:header:lr", "goalie:shot:ur"]
    assert game.phase_name == "play" and game.waiting_for() == {2}
    refused(game, 0, "play h0")  # the partner plays now, not seat 0
    act(game, 2, "play h0")  # brech/pass:feuer
    assert hand(game, 2) == ["sau/dribble", "brech/dribble"]
    assert game.waiting_for() == {3}
    act(game, 3, "pass")
    assert game.phase_name == "play" and game.waiting_for() == {0}
    assert [a for a in legal(game, 0)] == ["play h0"]  # feuer/dribble: the ball is with feuer


def test_bk_d14_either_defender_may_block_next_clockwise_first() -> None:
    """§5.1.4 (BK-D14): against a goal card (no tackles with 4 players) the
    shooter aims at once; the defender left of him may block first, then his
    partner; the next attack is opened by the player left of the player who
    played the last team card."""
    game = four(
        played=["sau/pass:feuer"],
        mover=2,
        seats=[
            {"hand": ["sau/dribble"]},
            {"hand": ["kaffee/dribble"], "defence": ["goalie:shot:ul"]},
            {"hand": ["feuer/shot"]},
            {"hand": ["garten/dribble"], "defence": ["goalie:shot:ll+lr"]},
        ],
    )
    act(game, 2, "play h0")
    assert game.phase_name == "aim" and game.waiting_for() == {2}
    act(game, 2, "aim ul")
    assert game.phase_name == "block" and game.waiting_for() == {3}
    assert legal(game, 3) == ["pass"]
    act(game, 3, "pass")
    assert game.waiting_for() == {1} and legal(game, 1) == ["block d0", "pass"]
    events = act(game, 1, "block d0")
    assert of_type(events, "attack-over")[0]["reason"] == "blocked"
    assert of_type(events, "attack")[0]["seat"] == 3
    assert game.mover == 3 and game.team == 1


def test_bk_d14_goal_when_both_defenders_pass_team_scores() -> None:
    """§5.1.4 / §5.3 (BK-D14): if both defenders pass the shot goes in; each
    seat's score is its team's goals, partners win together."""
    game = four(
        played=["sau/pass:feuer"],
        mover=2,
        final=True,
        seats=[
            {"hand": ["sau/dribble"]},
            {"hand": ["kaffee/dribble"], "defence": ["goalie:shot:ul"]},
            {"hand": ["feuer/shot"]},
            {"hand": ["garten/dribble"], "defence": ["goalie:shot:lr"]},
        ],
    )
    act(game, 2, "play h0")
    act(game, 2, "aim ur")
    act(game, 3, "pass")
    events = act(game, 1, "pass")
    assert of_type(events, "goal") == [{"type": "goal", "team": 0, "seat": 2, "card": "feuer/shot"}]
    result = game.result()
    assert result is not None
    assert result.scores == (1, 0, 1, 0) and result.winners == (0, 2)
    assert result.ranking == (0, 2, 1, 3)


def test_bk_d14_missed_pass_when_the_partner_has_no_legal_card() -> None:
    """§5.1.4 (BK-D14): the card after seat 0's is his partner's; if the
    partner holds no legal card the ball is out, even if seat 0 holds one;
    the player left of seat 0 opens the next attack."""
    game = four(
        seats=[
            {"hand": ["sau/pass:garten", "garten/dribble"]},
            {"hand": ["kaffee/dribble"]},
            {"hand": ["brech/dribble"]},
            {"hand": ["garten/dribble"]},
        ],
    )
    act(game, 0, "play h0")
    events = act(game, 1, "pass")
    assert events[1] == {"type": "missed-pass", "seat": 2}
    assert of_type(events, "attack")[0]["seat"] == 1
    assert game.mover == 1 and game.team == 1


# ---------------------------------------------------------------------------
# what each seat sees


def test_s5_1_4_observations_hide_hands_decks_and_other_defences() -> None:
    """§2 / §5.1.4: hands, team decks and the defensive deck are hidden: a
    seat sees its own hand and defensive cards, other seats only by size
    (partners too), a spectator only sizes; draws are private events."""
    game = Bohnkick.new(4, seed=5)
    for viewer in (None, 0, 1, 2, 3):
        obs = game.observe(viewer)
        for s, p in enumerate(obs["seats"]):
            assert p["hand_size"] == 6 and p["defence_size"] == 3
            if s == viewer:
                assert p["hand"] == hand(game, s) and p["defence"] == defence(game, s)
            else:
                assert "hand" not in p and "defence" not in p
        assert obs["team_decks"] == [24, 24] and obs["defence_deck"] == 7
    deals = [e for e in game.history()[0][2] if e.data["type"] == "deal"]
    assert all(e.to == (e.data["seat"],) and "cards" not in (e.public or {}) for e in deals)
    draws = [e for e in game.history()[0][2] if e.data["type"] == "defence-draw"]
    assert draws and all(e.to == (e.data["seat"],) and e.public is not None for e in draws)
    assert all("cards" not in (e.public or {}) for e in draws)
    first = next(i for i in game.legal_actions(0))
    events = game.apply(0, first)
    draw = [e for e in events if e.data["type"] == "draw"]
    assert len(draw) == 1 and draw[0].to == (0,)
    assert draw[0].public == {"type": "draw", "seat": 0, "count": 1}


def test_s4_6_a_saved_game_restores_a_kick_in_progress() -> None:
    """The saved game (state JSON) restores an attack in progress, phase by name."""
    game = swap_position(["referee:free-kick", *GOALIES])
    act(game, 1, "swap d0")
    saved = game.to_json()
    assert saved["state"]["phase"] == "kick"
    again = Bohnkick.from_json(saved)
    assert again.state_key() == game.state_key() and again.phase_name == "kick"
    act(again, 0, "advantage")
    assert again.phase_name == "play"
