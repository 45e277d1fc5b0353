"""Scenario tests for Al Cabohne, 1 or 2 players against the bean mafia
(``rules/al-cabohne.md``).

Each test names the section (``§3.4``) or default (``AC-D7``) it checks in its
name and docstring. Positions are written as scenarios: unless a test says
otherwise the draw pile holds exactly the cards it names (a scenario's
``deck`` is written top-first; ``game.deck`` is bottom to top), the other cards are out of play, and every seat not
given holds an empty hand and its empty fields. The bosses are ``m0`` Al
Cabohne (threshold 3), ``m1`` Don Corlebohne (2) and, solo, ``m2`` Joe
Bohnano (1).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bohn.engine.errors import BohnError
from bohn.rulesets.al_cabohne.rules import BOSSES
from bohn.rulesets.al_cabohne.rules import AlCabohne

from . import helpers
from .helpers import act
from .helpers import acts
from .helpers import coins
from .helpers import fields
from .helpers import hand
from .helpers import keys
from .helpers import legal
from .helpers import phase
from .helpers import refused
from .helpers import types
from .prohibohn_helpers import details as mafia_details
from .prohibohn_helpers import held
from .prohibohn_helpers import shuffled
from .prohibohn_helpers import three_bosses

# ---------------------------------------------------------------------------
# helpers


#: Al Cabohne scenarios (see :func:`tests.rules.helpers.scenario`); 2 players unless named
AL_CABOHNE = helpers.Variant("al-cabohne", AlCabohne, players=2)
scenario, position = AL_CABOHNE.scenario, AL_CABOHNE.position


def bosses(game: AlCabohne) -> list[list[str]]:
    return [keys(game, f) for f in game.bosses]


def piles(game: AlCabohne) -> list[list[str]]:
    return [keys(game, p) for p in game.piles]


def deck(game: AlCabohne) -> list[str]:
    return keys(game, game.deck)


def conserved(game: AlCabohne) -> bool:
    """Every card of the game in exactly one zone."""
    return held(game) == Counter(game.table.deck())


#: the bosses grow blaue and feuer; the other types are free
FREE = {"bosses": [["blaue"], ["feuer"]]}


# ---------------------------------------------------------------------------
# §1 card data


def test_s1_1_card_counts_and_beanometers() -> None:
    """§1.1 / AC-D1: 116 cards in seven types with the printed counts and beanometers."""
    table = AlCabohne.table
    expected = {
        "blaue": (20, [(4, 1), (6, 2), (8, 3), (10, 4)]),
        "kidney": (19, [(5, 1), (6, 2), (7, 3), (8, 4)]),
        "feuer": (18, [(3, 1), (6, 2), (8, 3), (9, 4)]),
        "puff": (16, [(4, 1), (5, 2), (6, 3), (7, 4)]),
        "sau": (16, [(3, 1), (5, 2), (7, 3), (8, 4)]),
        "brech": (14, [(3, 1), (5, 2), (6, 3), (7, 4)]),
        "stangen": (13, [(3, 1), (4, 2), (5, 3), (6, 4)]),
    }
    counts = Counter(table.key_list(table.deck()))
    assert dict(counts) == {k: n for k, (n, _) in expected.items()}
    assert len(table.deck()) == 116
    for key, (_, meter) in expected.items():
        card = table.card(key)
        steps = dict(meter)
        value = 0
        for n in range(0, 13):
            value = steps.get(n, value)
            assert table.pays_for(card, n) == value, (key, n)


def test_s1_2_bosses_and_thresholds() -> None:
    """§1.2: Al Cabohne 3, Don Corlebohne 2, Joe Bohnano 1 (solo only): two
    bosses in the game for two, three in the solo game."""
    assert [(b[0], b[2], b[3]) for b in BOSSES] == [
        ("al-cabohne", 3, False),
        ("don-corlebohne", 2, False),
        ("joe-bohnano", 1, True),
    ]
    assert len(AlCabohne.new(2, 0).bosses) == 2
    assert len(AlCabohne.new(1, 0).bosses) == 3


# ---------------------------------------------------------------------------
# §2 set-up


@pytest.mark.parametrize("seed", range(8))
def test_s2_1_two_player_setup(seed: int) -> None:
    """§2.1: 5 cards each, 2 empty fields each; then cards are turned up: the
    first starts Al's field, same-type cards follow it, the first other type
    starts Don's field and the turning up stops. Seat 0 begins (AC-D2)."""
    game = AlCabohne.new(2, seed)
    order = shuffled(game)
    assert len(order) == 116
    assert [len(h) for h in game.hands] == [5, 5]
    assert [len(f) for f in game.fields] == [2, 2]
    assert all(not f for fs in game.fields for f in fs)
    # the dealt cards are the top ten of the shuffled pile
    dealt = Counter(game.hands[0] + game.hands[1])
    assert dealt == Counter(game.table.cards_of(order[-10:]))
    # the cards turned up after the deal, top first
    turned = list(reversed(order[len(game.deck) : 106]))
    al, don = bosses(game)
    assert turned == al + don
    assert len(al) >= 1 and len(set(al)) == 1
    assert len(don) == 1 and don[0] != al[0]
    assert deck(game) == order[: len(game.deck)]
    assert game.treasury == []
    assert game.active == 0 and phase(game) == "plant"
    assert conserved(game)


@pytest.mark.parametrize("seed", range(8))
def test_s2_2_solo_setup(seed: int) -> None:
    """§2.2: 7 cards, 3 fields; after Don's first card a card of Al's or Don's
    type joins that boss, the first card of a third type starts Joe's field,
    then the turning up stops."""
    game = AlCabohne.new(1, seed)
    order = shuffled(game)
    assert len(game.hands[0]) == 7
    assert game.hands[0] and Counter(game.hands[0]) == Counter(game.table.cards_of(order[-7:]))
    assert len(game.fields[0]) == 3
    turned = list(reversed(order[len(game.deck) : 109]))
    al, don, joe = bosses(game)
    assert len(set(al)) == 1 and len(set(don)) == 1 and len(joe) == 1
    assert len({al[0], don[0], joe[0]}) == 3
    # replay the rule on the turned cards
    want = three_bosses(turned)
    assert want == [al, don, joe]
    assert sum(map(len, want)) == len(turned), "turning up went on after Joe's first card"
    assert turned[-1] == joe[0]
    assert conserved(game)


def test_s2_3_card_goes_on_its_field_or_an_empty_one() -> None:
    """§2.3: a card goes on the field of its type; not on a field of another type,
    not on an empty field while another field holds its type."""
    game = position(
        seats=[{"hand": ["sau", "puff"], "fields": [["puff"], ["sau"]]}],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    refused(game, 0, "plant f0", "§2.3")
    assert legal(game, 0) == ["plant f1", "harvest f0", "harvest f1"]
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["puff"], ["sau", "sau"]]


def test_s2_3_no_two_fields_of_one_type() -> None:
    """§2.3: with an empty field and a field of the card's type, the card may not
    go on the empty field."""
    game = position(
        seats=[{"hand": ["sau"], "fields": [[], ["sau"]]}],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    refused(game, 0, "plant f0", "§2.3")
    assert "plant f0" not in legal(game, 0)


def test_s2_3_no_room_harvest_first() -> None:
    """§2.3: when the card fits no field, the player must first harvest (only
    harvests are legal), then plants on the emptied field."""
    game = position(
        seats=[{"hand": ["sau"], "fields": [["puff", "puff"], ["brech", "brech", "brech"]]}],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    assert sorted(legal(game, 0)) == ["harvest f0", "harvest f1"]
    refused(game, 0, "plant f0", "§2.3")
    acts(game, (0, "harvest f1"), (0, "plant f1"))
    assert fields(game, 0) == [["puff", "puff"], ["sau"]]
    assert coins(game)[0] == 1


def test_s2_3_boss_types_are_distinct_in_scenarios() -> None:
    """§2.3: no two bosses grow the same type."""
    with pytest.raises(BohnError):
        position(bosses=[["sau"], ["sau"]], phase="plant")


# ---------------------------------------------------------------------------
# §3.1 phase 1: the opponent's leftovers


def test_s3_1_leftovers_phase_placed_whole_or_discarded() -> None:
    """§3.1 / AC-D3: with leftover piles the turn begins with phase 1; each pile
    goes whole onto an own field or onto the discard pile; after the last pile
    phase 2 (protection) runs and phase 3 begins."""
    game = position(
        seats=[{"hand": ["kidney"], "fields": [["sau"], ["blaue", "blaue"]]}],
        piles=[["puff", "puff"], ["sau", "sau", "sau"], ["brech"]],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    assert phase(game) == "use-leftovers"
    # no protection yet: the blaue field is untouched
    assert fields(game, 0)[1] == ["blaue", "blaue"]
    refused(game, 0, "plant f0", "§3.3")
    refused(game, 0, "pass")
    acts(game, (0, "place p1 f0"))
    assert fields(game, 0)[0] == ["sau"] * 4
    assert piles(game) == [["puff", "puff"], ["brech"]]
    act(game, 0, "discard p0")
    assert helpers.discard(game) == ["puff", "puff"]
    assert phase(game) == "use-leftovers"
    events = act(game, 0, "discard p0")
    assert helpers.discard(game) == ["puff", "puff", "brech"]
    assert piles(game) == []
    # now phase 2: Al takes the top blaue, then phase 3
    assert "protection" in types(events)
    assert bosses(game)[0] == ["blaue", "blaue"]
    assert fields(game, 0)[1] == ["blaue"]
    assert phase(game) == "plant"


def test_ac_d3_leftovers_never_to_the_mafia() -> None:
    """AC-D3: in phase 1 a pile cannot go to a boss, even to the boss of its type."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        piles=[["blaue", "blaue"]],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    assert phase(game) == "use-leftovers"
    refused(game, 0, "place p0 m0", "AC-D3")
    assert not [a for a in legal(game, 0) if a.startswith("place") and "m" in a.split()[-1]]


def test_s3_1_leftover_pile_needs_room() -> None:
    """§3.1 / §2.3: a leftover pile goes only on a field that takes its type."""
    game = position(
        seats=[{"hand": ["kidney"], "fields": [["sau"], ["brech"]]}],
        piles=[["puff", "puff"]],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    refused(game, 0, "place p0 f0", "§2.3")
    assert sorted(legal(game, 0)) == ["discard p0", "harvest f0", "harvest f1"]


# ---------------------------------------------------------------------------
# §3.2 phase 2: protection


def test_s3_2_protection_top_card_to_the_boss() -> None:
    """§3.2: the top card of each field whose type a boss grows goes to that
    boss; other fields keep their cards."""
    game = position(
        seats=[{"hand": ["kidney"], "fields": [["blaue", "blaue", "blaue"], ["sau", "sau"]]}],
        bosses=[["blaue"], ["feuer"]],
        deck=["kidney"] * 6,
        phase="plant",
    )
    assert fields(game, 0) == [["blaue", "blaue"], ["sau", "sau"]]
    assert bosses(game) == [["blaue", "blaue"], ["feuer"]]
    assert phase(game) == "plant"


def test_s3_2_protection_each_field_and_harvest_check() -> None:
    """§3.2 / §4.1: both fields pay; Don's card completes his threshold and he
    harvests at once into the treasury."""
    game = position(
        seats=[{"hand": ["kidney"], "fields": [["blaue"], ["stangen", "stangen"]]}],
        bosses=[["blaue"], ["stangen"] * 3],
        deck=["kidney"] * 6,
        phase="plant",
    )
    assert fields(game, 0) == [[], ["stangen"]]
    # Don: 4 stangen = 2 coins = his threshold
    assert bosses(game) == [["blaue", "blaue"], []]
    assert keys(game, game.treasury) == ["stangen", "stangen"]
    assert helpers.discard(game) == ["stangen", "stangen"]


def test_s3_2_no_protection_from_an_empty_boss() -> None:
    """§3.2 / §4.1.4: an empty boss grows no type and takes no protection."""
    game = position(
        seats=[{"hand": ["kidney"], "fields": [["sau", "sau"], []]}],
        bosses=[["blaue"], []],
        deck=["kidney"] * 6,
        phase="plant",
    )
    assert fields(game, 0) == [["sau", "sau"], []]
    assert bosses(game) == [["blaue"], []]


# ---------------------------------------------------------------------------
# §3.3 phase 3: plant from the hand


def test_s3_3_plant_front_card_then_optionally_the_next() -> None:
    """§3.3: the front card must be planted (pass refused before); a second may
    be; then uncovering starts."""
    game = position(
        seats=[{"hand": ["sau", "puff", "brech"]}],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    refused(game, 0, "pass", "§3.3")
    act(game, 0, "plant f0")
    assert hand(game, 0) == ["puff", "brech"]
    assert "pass" in legal(game, 0)
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["sau"], ["puff"]]
    assert hand(game, 0) == ["brech"]
    assert phase(game) == "place"
    assert piles(game) == [["kidney", "kidney", "kidney"]]


def test_s3_3_plant_one_and_pass() -> None:
    """§3.3: after one card the player may stop; the rest of the hand stays."""
    game = position(
        seats=[{"hand": ["sau", "puff"]}],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    acts(game, (0, "plant f0"), (0, "pass"))
    assert hand(game, 0) == ["puff"]
    assert phase(game) == "place"


# ---------------------------------------------------------------------------
# §3.4 phase 4: uncovering


def test_s3_4_question_1_boss_card_does_not_count() -> None:
    """§3.4 step 1-2 / AC-D4: a card a boss grows goes to him and does not count;
    a card of a type already uncovered joins its pile and counts."""
    game = position(
        seats=[{"hand": ["sau"]}],
        deck=["blaue", "puff", "puff", "brech", "kidney", "kidney", "kidney"],
        phase="plant",
        **FREE,
    )
    events = act(game, 0, "plant f0")
    assert bosses(game) == [["blaue", "blaue"], ["feuer"]]
    assert piles(game) == [["puff", "puff"], ["brech"]]
    assert deck(game) == ["kidney"] * 3
    assert [(e["card"], e["to"]) for e in helpers.of_type(events, "uncover")] == [
        ("blaue", "mafia"),
        ("puff", "pile"),
        ("puff", "pile"),
        ("brech", "pile"),
    ]
    assert phase(game) == "place"


def test_s3_4_question_1_boss_harvests_while_uncovering() -> None:
    """§3.4 step 1 / §4.1: a boss harvests as soon as an uncovered card brings him
    to his threshold; then his field is empty and the next card of that type is
    uncovered."""
    game = position(
        seats=[{"hand": ["sau"]}],
        bosses=[["blaue"], ["stangen"] * 3],
        deck=["stangen", "stangen", "puff", "kidney", "kidney"],
        phase="plant",
    )
    act(game, 0, "plant f0")
    assert bosses(game) == [["blaue"], []]
    assert keys(game, game.treasury) == ["stangen", "stangen"]
    # the harvest leftovers went to the discard pile, then question 2 after the
    # uncovered stangen took them into its pile
    assert piles(game) == [["stangen", "stangen", "stangen"], ["puff"], ["kidney"]]
    assert helpers.discard(game) == []


def test_s3_4_question_2_discard_cards_join_repeatedly() -> None:
    """§3.4 step 3: after each uncovered card, the discard top joins a matching
    pile, again and again with the new top, until it matches no pile."""
    game = position(
        seats=[{"hand": ["sau"]}],
        discard=["sau", "puff", "brech", "puff"],
        deck=["puff", "brech", "kidney", "stangen"],
        phase="plant",
        **FREE,
    )
    events = act(game, 0, "plant f0")
    assert piles(game) == [["puff", "puff", "puff"], ["brech", "brech"], ["kidney"]]
    assert helpers.discard(game) == ["sau"]
    assert deck(game) == ["stangen"]
    assert [e["card"] for e in helpers.of_type(events, "from-discard")] == ["puff", "brech", "puff"]


def test_s3_4_question_2_stops_at_a_non_matching_card() -> None:
    """§3.4 step 3: a discard top matching no pile stops question 2, even with
    matching cards below it."""
    game = position(
        seats=[{"hand": ["sau"]}],
        discard=["puff", "brech"],
        deck=["puff", "kidney", "kidney", "stangen"],
        phase="plant",
        **FREE,
    )
    act(game, 0, "plant f0")
    assert piles(game) == [["puff"], ["kidney", "kidney"]]
    assert helpers.discard(game) == ["puff", "brech"]


def test_s3_4_mafia_never_takes_from_the_discard_pile() -> None:
    """§3.4 step 1: a discard top of a boss's type stays on the discard pile, also
    when a card goes to that boss while uncovering."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        discard=["blaue", "blaue"],
        deck=["blaue", "puff", "sau", "brech", "stangen"],
        phase="plant",
        **FREE,
    )
    act(game, 0, "plant f0")
    assert bosses(game) == [["blaue", "blaue"], ["feuer"]]
    assert helpers.discard(game) == ["blaue", "blaue"]
    assert piles(game) == [["puff"], ["sau"], ["brech"]]


def test_s3_4_exhaustion_reshuffles_at_once() -> None:
    """§3.4 step 4 / BO-D10: the draw pile running out while uncovering makes the
    discard pile the new draw pile at once; question 2 then finds it empty and
    uncovering goes on from the new pile."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        discard=["sau"] * 4,
        deck=["sau"],
        phase="plant",
        **FREE,
    )
    events = act(game, 0, "plant f0")
    assert game.exhaustions == 1
    assert helpers.of_type(events, "from-discard") == []
    assert len(helpers.of_type(events, "uncover")) == 3
    assert piles(game) == [["sau", "sau", "sau"]]
    assert deck(game) == ["sau", "sau"] and helpers.discard(game) == []
    assert phase(game) == "place"
    assert not game.final


# ---------------------------------------------------------------------------
# §3.5 phase 5: placing the piles


def placing(**kw: Any) -> AlCabohne:
    kw.setdefault("deck", ["kidney"] * 6)
    return position(phase="place", **kw)


def test_s3_5_pile_whole_on_own_field() -> None:
    """§3.5 step 1: a pile goes whole on a field of its type or an empty field."""
    game = placing(
        seats=[{"hand": [], "fields": [["sau"], []]}],
        piles=[["puff", "puff"], ["sau", "sau"]],
        **FREE,
    )
    refused(game, 0, "place p0 f0", "§2.3")
    act(game, 0, "place p1 f0")
    assert fields(game, 0) == [["sau", "sau", "sau"], []]
    assert piles(game) == [["puff", "puff"]]
    act(game, 0, "place p0 f1")
    assert fields(game, 0) == [["sau", "sau", "sau"], ["puff", "puff"]]
    assert piles(game) == []


def test_s3_5_pile_on_boss_of_its_type() -> None:
    """§3.5 step 1-2: a pile goes on the boss growing its type, card by card."""
    game = placing(piles=[["blaue", "blaue"]], **FREE)
    events = act(game, 0, "place p0 m0")
    assert bosses(game) == [["blaue"] * 3, ["feuer"]]
    assert len(helpers.of_type(events, "mafia-plant")) == 2
    assert piles(game) == []


def test_ac_d6_non_empty_boss_takes_no_other_type() -> None:
    """AC-D6: a non-empty boss field never takes another type."""
    game = placing(seats=[{"hand": ["sau"]}], piles=[["puff"]], **FREE)
    refused(game, 0, "place p0 m0", "AC-D6")
    refused(game, 0, "place p0 m1", "AC-D6")
    refused(game, 0, "give h0 m0", "AC-D6")
    assert not [a for a in legal(game, 0) if a.endswith(("m0", "m1"))]


def test_s3_5_empty_boss_takes_only_a_free_type() -> None:
    """§3.5 step 1: an empty boss takes a type no other boss grows, not the type
    of another boss."""
    game = placing(piles=[["blaue", "blaue"], ["sau"]], bosses=[["blaue"], []])
    refused(game, 0, "place p0 m1", "AC-D6")
    assert "place p1 m1" in legal(game, 0)
    act(game, 0, "place p1 m1")
    assert bosses(game) == [["blaue"], ["sau"]]


def test_ac_d7_pile_harvest_midway_restarts_the_field() -> None:
    """AC-D7: a harvest check after each card; when the boss harvests before the
    pile is used up, the rest of the pile starts his emptied field."""
    game = placing(piles=[["stangen"] * 3], bosses=[["blaue"], ["stangen"] * 3])
    events = act(game, 0, "place p0 m1")
    harvests = helpers.of_type(events, "mafia-harvest")
    assert len(harvests) == 1 and harvests[0]["coins"] == 2
    assert keys(game, game.treasury) == ["stangen", "stangen"]
    assert helpers.discard(game) == ["stangen", "stangen"]
    assert bosses(game) == [["blaue"], ["stangen", "stangen"]]


def test_ac_d8_hand_cards_to_the_mafia_in_phase_5() -> None:
    """AC-D8: in phase 5 any number of hand cards, from any position, go one at a
    time onto legal boss fields."""
    game = placing(
        seats=[{"hand": ["sau", "blaue", "kidney", "blaue"]}],
        bosses=[["blaue"], []],
    )
    act(game, 0, "give h3 m0")
    assert hand(game, 0) == ["sau", "blaue", "kidney"]
    act(game, 0, "give h1 m0")
    act(game, 0, "give h1 m1")
    assert hand(game, 0) == ["sau"]
    assert bosses(game) == [["blaue"] * 3, ["kidney"]]
    refused(game, 0, "give h0 m1", "AC-D6")


def test_ac_d8_no_hand_cards_to_the_mafia_outside_phase_5() -> None:
    """AC-D8 / §3.5 step 3: hand cards go to the mafia only in phase 5."""
    game = position(
        seats=[{"hand": ["sau", "blaue"]}],
        deck=["kidney"] * 6,
        phase="plant",
        **FREE,
    )
    refused(game, 0, "give h1 m0", "§3.5")
    act(game, 0, "plant f0")
    refused(game, 0, "give h0 m0", "§3.5")
    act(game, 0, "pass")
    assert phase(game) == "place"
    act(game, 0, "give h0 m0")
    assert bosses(game)[0] == ["blaue", "blaue"]


def test_s3_5_step_4_empty_boss_must_be_fed() -> None:
    """§3.5 step 4: at the end of phase 5 an empty boss must get one hand card of
    a type no other boss grows, the player's choice; then the turn goes on."""
    game = placing(
        seats=[{"hand": ["blaue", "sau", "puff"]}],
        bosses=[["blaue"], []],
    )
    act(game, 0, "pass")
    assert phase(game) == "feed"
    assert sorted(legal(game, 0)) == ["give h1 m1", "give h2 m1"]
    refused(game, 0, "give h0 m0")
    refused(game, 0, "pass")
    refused(game, 0, "harvest f0")
    act(game, 0, "give h2 m1")
    assert bosses(game) == [["blaue"], ["puff"]]
    assert hand(game, 0) == ["blaue", "sau", "kidney", "kidney"]
    assert game.active == 1


def test_s3_5_step_4_no_feeding_without_a_fitting_card() -> None:
    """§3.5 step 4: with only cards of another boss's type, the empty boss stays
    empty and the turn goes on."""
    game = placing(seats=[{"hand": ["blaue"]}], bosses=[["blaue"], []])
    act(game, 0, "pass")
    assert phase(game) != "feed"
    assert bosses(game) == [["blaue"], []]
    assert game.active == 1


def test_s3_5_step_6_two_players_leftovers_stay() -> None:
    """§3.5 step 6: with 2 players unplaced piles stay; the opponent begins his
    turn with them in phase 1."""
    game = placing(
        seats=[{"hand": []}, {"hand": ["kidney"]}],
        piles=[["puff", "puff"], ["sau"]],
        **FREE,
    )
    refused(game, 0, "discard p0", "§3.5")
    act(game, 0, "pass")
    assert game.active == 1
    assert phase(game) == "use-leftovers"
    assert piles(game) == [["puff", "puff"], ["sau"]]
    assert "place p0 f0" in legal(game, 1)


def test_ac_d9_solo_every_pile_placed() -> None:
    """AC-D9: solo, `pass` is refused while piles remain, and a pile with a legal
    place (after a harvest) cannot be discarded."""
    game = placing(
        players=1,
        seats=[{"hand": [], "fields": [["sau", "sau"], ["brech"], ["kidney"]]}],
        piles=[["puff", "puff"]],
        bosses=[["blaue"], ["feuer"], ["stangen"]],
    )
    refused(game, 0, "pass", "AC-D9")
    refused(game, 0, "discard p0", "AC-D9")
    assert "pass" not in legal(game, 0)
    acts(game, (0, "harvest f0"), (0, "place p0 f0"))
    assert "pass" in legal(game, 0)
    act(game, 0, "pass")
    assert phase(game) == "plant"


# ---------------------------------------------------------------------------
# §3.6 phase 6: draw


def test_s3_6_draw_two_to_the_back() -> None:
    """§3.6: two cards from the top of the draw pile, one at a time, to the back
    of the hand."""
    game = placing(
        seats=[{"hand": ["sau"]}, {"hand": ["kidney"]}],
        deck=["brech", "kidney", "puff", "stangen"],
        **FREE,
    )
    act(game, 0, "pass")
    assert hand(game, 0) == ["sau", "brech", "kidney"]
    assert deck(game) == ["stangen", "puff"]


def test_s3_6_solo_draws_two() -> None:
    """§3.6: the solo player draws two as well."""
    game = placing(
        players=1,
        seats=[{"hand": ["sau"]}],
        deck=["brech", "kidney", "puff", "stangen"],
        bosses=[["blaue"], ["feuer"], ["kidney"]],
    )
    act(game, 0, "pass")
    assert hand(game, 0) == ["sau", "brech", "kidney"]


# ---------------------------------------------------------------------------
# §4.1 mafia harvest


def test_s4_1_al_threshold_3() -> None:
    """§4.1 step 1-3 / AC-D10: Al harvests when his field is worth 3 coins: the
    coins go to the treasury, the rest to the discard pile."""
    game = placing(seats=[{"hand": ["stangen", "stangen"]}], bosses=[["stangen"] * 3, ["feuer"]])
    act(game, 0, "give h0 m0")  # 4 stangen = 2 coins: below 3
    assert bosses(game)[0] == ["stangen"] * 4
    assert game.treasury == []
    events = act(game, 0, "give h0 m0")  # 5 stangen = 3 coins
    assert bosses(game)[0] == []
    assert keys(game, game.treasury) == ["stangen"] * 3
    assert helpers.discard(game) == ["stangen"] * 2
    assert helpers.of_type(events, "mafia-harvest")[0]["coins"] == 3


def test_s4_1_don_threshold_2() -> None:
    """§4.1 step 1: Don harvests at 2 coins (stangen: 4 cards), not at 1."""
    game = placing(
        piles=[["stangen"]], seats=[{"hand": ["stangen"]}], bosses=[["blaue"], ["stangen"] * 2]
    )
    act(game, 0, "place p0 m1")  # 3 stangen = 1 coin
    assert bosses(game)[1] == ["stangen"] * 3
    act(game, 0, "give h0 m1")
    assert bosses(game)[1] == []
    assert len(game.treasury) == 2
    assert helpers.discard(game) == ["stangen"] * 2


def test_s4_1_joe_threshold_1() -> None:
    """§4.1 step 1: solo, Joe harvests at 1 coin (stangen: 3 cards)."""
    game = placing(
        players=1,
        seats=[{"hand": ["stangen"]}],
        bosses=[["blaue"], ["feuer"], ["stangen"] * 2],
    )
    act(game, 0, "give h0 m2")
    assert bosses(game)[2] == []
    assert keys(game, game.treasury) == ["stangen"]
    assert helpers.discard(game) == ["stangen"] * 2


def test_ac_d11_no_single_bean_rule_for_bosses() -> None:
    """AC-D11: a boss below his threshold keeps his field, whatever it is worth;
    the player cannot harvest it."""
    game = placing(seats=[{"hand": []}], bosses=[["stangen"] * 4, ["sau"]])
    assert not [a for a in legal(game, 0) if a.startswith("harvest")]
    act(game, 0, "pass")
    assert bosses(game) == [["stangen"] * 4, ["sau"]]
    assert game.treasury == []


# ---------------------------------------------------------------------------
# §4.2 players' harvest


def test_ac_d12_harvest_only_in_own_turn() -> None:
    """AC-D12: a player harvests only during his own turn."""
    game = placing(
        seats=[{"hand": []}, {"hand": [], "fields": [["sau", "sau", "sau"], []]}],
        **FREE,
    )
    refused(game, 1, "harvest f0", "AC-D12")
    assert legal(game, 1) == []
    act(game, 0, "pass")
    assert game.active == 1
    act(game, 1, "harvest f0")
    assert coins(game)[1] == 1


def test_s4_2_single_bean_rule() -> None:
    """§4.2 step 1: a field of one card is not harvested while another field
    holds two or more; the harvest sells by the beanometer."""
    game = placing(
        seats=[{"hand": [], "fields": [["sau"], ["puff"] * 5]}],
        **FREE,
    )
    refused(game, 0, "harvest f0", "§4.2")
    act(game, 0, "harvest f1")
    assert coins(game)[0] == 2
    assert helpers.discard(game) == ["puff"] * 3
    act(game, 0, "harvest f0")
    assert coins(game)[0] == 2
    assert helpers.discard(game) == ["puff"] * 3 + ["sau"]


# ---------------------------------------------------------------------------
# §4.3 third field


def test_s4_3_third_field_for_three_coins_once() -> None:
    """§4.3 / AC-D13: 3 coins, on the discard pile; at most once."""
    game = placing(seats=[{"hand": [], "coins": ["puff"] * 7}], **FREE)
    act(game, 0, "buy-field")
    assert len(game.fields[0]) == 3
    assert coins(game)[0] == 4
    assert helpers.discard(game) == ["puff"] * 3
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field")


def test_s4_3_third_field_only_in_own_turn() -> None:
    """§4.3: the third field is bought only during the buyer's own turn."""
    game = placing(seats=[{"hand": []}, {"hand": [], "coins": ["puff"] * 3}], **FREE)
    refused(game, 1, "buy-field", "§4.3")
    assert len(game.fields[1]) == 2


def test_s4_3_too_few_coins() -> None:
    """§4.3: the third field costs 3 coins."""
    game = placing(seats=[{"hand": [], "coins": ["puff"] * 2}], **FREE)
    refused(game, 0, "buy-field", "§4.3")


def test_s4_3_solo_has_three_fields_and_buys_none() -> None:
    """§4.3 / §2.2: the solo player has 3 fields from the start and no 4th."""
    game = placing(
        players=1,
        seats=[{"hand": [], "coins": ["puff"] * 5}],
        bosses=[["blaue"], ["feuer"], ["kidney"]],
    )
    assert len(game.fields[0]) == 3
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field")


# ---------------------------------------------------------------------------
# §5 end of the game


def test_s5_1_end_in_phase_6_at_once() -> None:
    """§5.1 / AC-D14: the 3rd exhaustion while drawing ends the game at once."""
    game = placing(
        seats=[{"hand": []}, {"hand": ["sau"]}],
        deck=["kidney"],
        exhaustions=2,
        **FREE,
    )
    act(game, 0, "pass")
    assert phase(game) == "over"
    assert hand(game, 0) == ["kidney"]
    assert game.result() is not None


def test_s5_1_end_in_phase_4_phase_5_is_played() -> None:
    """§5.1 / AC-D14: the 3rd exhaustion while uncovering stops the uncovering;
    phase 5 is still played, then the game ends without drawing."""
    game = position(
        seats=[{"hand": ["sau", "brech"]}],
        deck=["puff", "kidney"],
        discard=["stangen"] * 3,
        exhaustions=2,
        phase="plant",
        **FREE,
    )
    act(game, 0, "plant f0")
    act(game, 0, "pass")
    assert piles(game) == [["puff"], ["kidney"]]
    assert game.exhaustions == 3
    assert phase(game) == "place"
    assert game.result() is None
    act(game, 0, "place p0 f1")
    act(game, 0, "pass")
    assert phase(game) == "over"
    assert hand(game, 0) == ["brech"]  # no draw


def test_ac_d15_final_harvest_of_players_and_bosses() -> None:
    """§5.2 / AC-D15: every player field is sold (single-bean rule not applied)
    and every boss field by its beanometer regardless of the threshold."""
    game = placing(
        seats=[
            {"hand": [], "fields": [["stangen"] * 5, ["sau"]], "coins": ["puff"]},
            {"hand": [], "fields": [["brech"] * 3, []]},
        ],
        bosses=[["feuer"] * 6, ["puff"]],
        treasury=["blaue"],
        deck=["kidney"],
        exhaustions=2,
    )
    act(game, 0, "pass")
    assert coins(game) == [4, 1]
    assert fields(game, 0) == [[], []] and fields(game, 1) == [[], []]
    # Al: 6 feuer = 2 coins, below his 3 but sold at the end; Don: 1 puff = 0
    assert len(game.treasury) == 3
    assert bosses(game) == [[], []]
    details = mafia_details(game)
    assert details["mafia"] == 3
    assert details["winner"] == "player"
    result = game.result()
    assert result is not None and result.winners == (0,)
    assert conserved(game)


def _ending(**kw: Any) -> AlCabohne:
    """Seat 0 in phase 5 of the last turn: ``pass`` draws the last card."""
    kw.setdefault("deck", ["kidney"])
    kw.setdefault("exhaustions", 2)
    return placing(**kw)


def test_ac_d16_mafia_wins_a_tie() -> None:
    """AC-D16: a player with as many coins as the treasury does not beat the mafia."""
    game = _ending(
        seats=[{"hand": [], "coins": ["puff"] * 3}, {"hand": [], "coins": ["puff"] * 2}],
        treasury=["sau"] * 3,
        **FREE,
    )
    act(game, 0, "pass")
    details = mafia_details(game)
    assert details == {**details, "mafia": 3, "winner": "mafia"}
    result = game.result()
    assert result is not None and result.winners == ()


def test_s5_2_player_beats_the_mafia() -> None:
    """§5.2 step 4: the player with strictly more coins than the treasury wins."""
    game = _ending(
        seats=[{"hand": [], "coins": ["puff"] * 2}, {"hand": [], "coins": ["puff"] * 4}],
        treasury=["sau"] * 3,
        **FREE,
    )
    act(game, 0, "pass")
    details = mafia_details(game)
    assert details["winner"] == "player"
    result = game.result()
    assert result is not None and result.winners == (1,)


def test_s5_2_tied_players_later_first_turn_wins() -> None:
    """§5.2 step 4: two tied players who both beat the mafia: the one whose first
    turn came later (seat 1) wins."""
    game = _ending(
        seats=[{"hand": [], "coins": ["puff"] * 4}, {"hand": [], "coins": ["puff"] * 4}],
        treasury=["sau"] * 3,
        **FREE,
    )
    act(game, 0, "pass")
    result = game.result()
    assert result is not None and result.winners == (1,)
    assert mafia_details(game)["winner"] == "player"


@pytest.mark.parametrize(("player", "mafia", "winner"), [(3, 3, "mafia"), (4, 3, "player")])
def test_ac_d16_solo_wins_only_with_more(player: int, mafia: int, winner: str) -> None:
    """AC-D16 / §5.2: solo, the player wins only with strictly more coins."""
    game = _ending(
        players=1,
        seats=[{"hand": [], "coins": ["puff"] * player}],
        treasury=["sau"] * mafia,
        bosses=[["blaue"], ["feuer"], ["brech"]],
    )
    act(game, 0, "pass")
    assert phase(game) == "over"
    details = mafia_details(game)
    assert details["mafia"] == mafia
    assert details["winner"] == winner
    result = game.result()
    assert result is not None
    assert result.winners == ((0,) if winner == "player" else ())
