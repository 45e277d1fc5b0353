"""Scenario tests for Prohibohn, part A (``rules/prohibohn.md``): the set-up,
phase 2 with the bonus coin and ``pub-3``, the early stop of phase 4 with the
Undertakers, the Restaurants, phase 3 with Casino and Varieté, the harvest of
mixed fields and the Gas Stations.

Each test names the section (``§3.2``) or default (``PB-D7``) it checks in its
name and docstring. Positions are written as scenarios (see
:mod:`tests.rules.prohibohn_helpers`): the draw pile holds exactly the cards
a test names (``deck`` top-first), every seat not given holds an empty hand
and empty fields, seat 0 is active. Bosses: ``m0`` Al Cabohne (3), ``m1`` Don
Corlebohne (2), with ``pub`` ``m2`` Joe Bohnano (1).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bohn.rulesets.prohibohn.rules import Prohibohn

from .helpers import act
from .helpers import acts
from .helpers import fields
from .helpers import hand
from .helpers import legal
from .helpers import of_type
from .helpers import phase
from .helpers import refused
from .helpers import types
from .prohibohn_helpers import bosses
from .prohibohn_helpers import coin_cards
from .prohibohn_helpers import conserved
from .prohibohn_helpers import deck
from .prohibohn_helpers import discard
from .prohibohn_helpers import held
from .prohibohn_helpers import piles
from .prohibohn_helpers import position
from .prohibohn_helpers import shuffled
from .prohibohn_helpers import three_bosses
from .prohibohn_helpers import treasury

#: the bosses grow blaue and feuer; the other types are free
FREE: dict[str, Any] = {"bosses": [["blaue"], ["feuer"]]}
#: the Pub variant
PUB: dict[str, Any] = {"options": {"pub": True}}


def _in_play(game: Prohibohn) -> Counter[str]:
    """The bean cards of the game outside the box."""
    return Counter(game.table.key_list(held(game, box=False, piles=False).elements()))


def _draws(game: Prohibohn) -> list[str]:
    return [a for a in legal(game, 0) if a.startswith("draw")]


# ---------------------------------------------------------------------------
# §1.1 / §2 set-up


def test_s1_1_without_pub_116_beans_cognac_in_the_box() -> None:
    """§1.1: the 116 bean cards of Al Cabohne; the cognac cards stay in the box
    unless the Pub variant is played."""
    game = Prohibohn.new(2, 3)
    cards = _in_play(game)
    assert sum(cards.values()) == 116
    assert "cognac" not in cards
    assert Counter(game.table.key_list(game.box)) == {"cognac": 22}
    assert len(shuffled(game)) == 116


def test_s1_1_pub_adds_22_cognac() -> None:
    """§1.1 / §2 step 4: with the Pub the 22 cognac cards are shuffled into the deck."""
    game = Prohibohn.new(2, 3, {"pub": True})
    cards = _in_play(game)
    assert sum(cards.values()) == 138
    assert cards["cognac"] == 22
    assert game.box == []
    assert Counter(shuffled(game))["cognac"] == 22


@pytest.mark.parametrize("seed", range(4))
def test_s2_1_seven_cards_two_bosses_two_fields(seed: int) -> None:
    """§2 step 1.1 / step 2: each player is dealt 7 cards and has 2 fields; the
    mafia gets its first beans as in the Al Cabohne game for two (same-type cards
    join Al, the first other type starts Don's field and ends it)."""
    game = Prohibohn.new(2, seed)
    order = shuffled(game)
    assert [len(h) for h in game.hands] == [7, 7]
    assert Counter(game.hands[0] + game.hands[1]) == Counter(game.table.cards_of(order[-14:]))
    assert [len(f) for f in game.fields] == [2, 2]
    assert len(game.bosses) == 2
    turned = list(reversed(order[len(game.deck) : len(order) - 14]))
    al, don = bosses(game)
    assert turned == al + don
    assert len(set(al)) == 1 and len(don) == 1 and don[0] != al[0]
    assert phase(game) == "start-coins"
    assert conserved(game)


@pytest.mark.parametrize("seed", range(4))
def test_s2_4_pub_mafia_as_solo_and_three_fields(seed: int) -> None:
    """§2 step 4: with the Pub the mafia is set up as in the solo game with Joe
    Bohnano (after Don's first card, cards of Al's or Don's type join that boss,
    the first card of a third type starts Joe's field and ends it); 3 fields each."""
    game = Prohibohn.new(2, seed, {"pub": True})
    order = shuffled(game)
    assert [len(h) for h in game.hands] == [7, 7]
    assert [len(f) for f in game.fields] == [3, 3]
    turned = list(reversed(order[len(game.deck) : len(order) - 14]))
    al, don, joe = bosses(game)
    want = three_bosses(turned)
    assert want == [al, don, joe]
    assert sum(map(len, want)) == len(turned)
    assert len(joe) == 1 and len({al[0], don[0], joe[0]}) == 3
    assert conserved(game)


def test_s2_1_2_start_coins_waits_on_both_seats() -> None:
    """§2 step 1.2: after the mafia's first beans both players lay their coins
    (in any order); the first turn begins only when both have."""
    game = Prohibohn.new(2, 1)
    assert phase(game) == "start-coins"
    assert game.waiting_for() == {0, 1}
    assert legal(game, 0) and legal(game, 1)
    refused(game, 0, "plant f0")
    events = act(game, 1, "stash h0,h1")
    assert "turn" not in types(events)
    assert phase(game) == "start-coins" and game.waiting_for() == {0}
    assert legal(game, 1) == []
    refused(game, 0, "plant f0")
    events = act(game, 0, "stash h5,h6")
    assert "turn" in types(events)
    assert phase(game) == "plant" and game.active == 0
    assert [len(h) for h in game.hands] == [5, 5]
    assert [len(c) for c in game.coins] == [2, 2]


def test_s2_1_2_stash_two_cards_rest_keeps_its_order() -> None:
    """§2 step 1.2: the two chosen hand cards become the first 2 coins; the other
    5 keep their order."""
    game = Prohibohn.new(2, 2)
    before = hand(game, 0)
    act(game, 0, "stash h4,h1")
    assert sorted(coin_cards(game, 0)) == sorted([before[1], before[4]])
    assert hand(game, 0) == [c for i, c in enumerate(before) if i not in (1, 4)]
    assert coin_cards(game, 1) == []


@pytest.mark.parametrize("text", ["stash h0", "stash h2,h2", "stash h0,h7", "stash h0,h1,h2"])
def test_s2_1_2_bad_stash_refused(text: str) -> None:
    """§2 step 1.2: exactly 2 different cards of the hand; anything else is
    refused, citing the rule, and changes nothing."""
    game = Prohibohn.new(2, 2)
    refused(game, 0, text, "§2 step 1.2")
    assert len(game.hands[0]) == 7 and game.coins[0] == []


def test_s2_1_2_stash_only_once() -> None:
    """§2 step 1.2: the starting coins are laid once."""
    game = Prohibohn.new(2, 2)
    act(game, 0, "stash h0,h1")
    refused(game, 0, "stash h0,h1", "§2 step 1.2")
    assert len(game.hands[0]) == 5 and len(game.coins[0]) == 2


def test_pb_d2_starting_coins_are_secret() -> None:
    """PB-D2: the owner knows the bean sides of his starting coins; the opponent
    (and the public view) sees only how many there are."""
    game = Prohibohn.new(2, 4)
    mine = [hand(game, 0)[2], hand(game, 0)[3]]
    acts(game, (0, "stash h2,h3"), (1, "stash h0,h1"))
    own = game.observe(0)["seats"][0]
    assert sorted(own["coin_cards"]) == sorted(mine)
    for viewer in (1, None):
        seen = game.observe(viewer)["seats"][0]
        assert seen["coins"] == 2
        assert "coin_cards" not in seen
        stashes = [e for e in game.events(viewer) if e["type"] == "stash" and e["seat"] == 0]
        assert len(stashes) == 1
        assert "cards" not in stashes[0] and stashes[0]["count"] == 2
    own_stash = [e for e in game.events(0) if e["type"] == "stash" and e["seat"] == 0]
    assert sorted(own_stash[0]["cards"]) == sorted(mine)


def test_s2_2_no_third_field() -> None:
    """§1.1 / §2 step 2: each player has 2 fields; no third field can be bought."""
    game = position(
        seats=[{"hand": ["kidney"], "coins": ["sau"] * 4}],
        deck=["kidney"] * 6,
        **FREE,
    )
    assert [len(f) for f in game.fields] == [2, 2]
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field", "§2 step 2")
    assert len(game.fields[0]) == 2


# ---------------------------------------------------------------------------
# §3.1 phase 2: only the top card, the bonus coin


def test_s3_1_1_only_top_card_rulebook_example() -> None:
    """§3.1 step 1: only the top card is compared. Rulebook example: bosses grow
    blaue and stangen; a nightbar-3 field holds a stangen on a blaue; the mafia
    receives only the stangen."""
    game = position(
        seats=[
            {
                "hand": ["kidney"],
                "fields": [["blaue", "stangen"], []],
                "establishments": ["nightbar-3"],
            }
        ],
        bosses=[["blaue"], ["stangen"]],
        deck=["kidney"] * 6,
    )
    assert fields(game, 0) == [["blaue"], []]
    assert bosses(game) == [["blaue"], ["stangen", "stangen"]]
    assert phase(game) == "plant"


def test_s3_1_1_each_field_compared_once() -> None:
    """§3.1 step 1: each field is compared once: the stangen that comes on top
    after the blaue went to Al is not given to Don."""
    game = position(
        seats=[
            {
                "hand": ["kidney"],
                "fields": [["stangen", "blaue"], []],
                "establishments": ["nightbar-3"],
            }
        ],
        bosses=[["blaue"], ["stangen"]],
        deck=["kidney"] * 6,
    )
    assert fields(game, 0) == [["stangen"], []]
    assert bosses(game) == [["blaue", "blaue"], ["stangen"]]


def test_s3_1_2_bonus_coin_rulebook_example() -> None:
    """§3.1 step 2, rulebook example: Don Corlebohne receives a fourth stangen and
    harvests 2 coins; the mafia keeps 1, the player takes 1, 2 cards go to the
    discard pile."""
    game = position(
        seats=[{"hand": ["kidney"], "fields": [["stangen", "stangen"], []]}],
        bosses=[["blaue"], ["stangen"] * 3],
        deck=["kidney"] * 6,
    )
    assert bosses(game) == [["blaue"], []]
    assert coin_cards(game, 0) == ["stangen"]
    assert treasury(game) == ["stangen"]
    assert discard(game) == ["stangen", "stangen"]
    assert fields(game, 0) == [["stangen"], []]
    assert conserved(game)


def test_pb_d3_two_boss_harvests_two_coins() -> None:
    """PB-D3: each boss harvest in phase 2 gives the active player 1 coin of that
    harvest."""
    game = position(
        seats=[{"hand": ["kidney"], "fields": [["blaue"], ["stangen"]]}],
        bosses=[["blaue"] * 7, ["stangen"] * 3],
        deck=["kidney"] * 6,
    )
    assert bosses(game) == [[], []]
    assert sorted(coin_cards(game, 0)) == ["blaue", "stangen"]
    # Al: 8 blaue = 3 coins, Don: 4 stangen = 2 coins; one of each to the player
    assert Counter(treasury(game)) == {"blaue": 2, "stangen": 1}
    assert Counter(discard(game)) == {"blaue": 5, "stangen": 2}


def test_s3_1_2_no_bonus_coin_for_a_phase_4_harvest() -> None:
    """§3.1 step 2: the bonus coin is for phase 2 only; a boss harvest while
    uncovering (no Restaurant) gives the player nothing."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        bosses=[["blaue"], ["stangen"] * 3],
        deck=["stangen", "puff", "sau", "brech", "kidney", "kidney"],
    )
    events = act(game, 0, "plant f0")
    assert len(of_type(events, "mafia-harvest")) == 1
    assert of_type(events, "mafia-coin") == []
    assert coin_cards(game, 0) == []
    assert treasury(game) == ["stangen", "stangen"]


def test_s3_1_2_no_bonus_coin_for_a_phase_5_harvest() -> None:
    """§3.1 step 2: a boss harvest caused by a hand card given in phase 5 (no
    Restaurant) gives the player no coin."""
    game = position(
        seats=[{"hand": ["stangen"]}, {"hand": ["kidney"]}],
        bosses=[["blaue"], ["stangen"] * 3],
        phase="place",
        deck=["kidney"] * 4,
    )
    events = act(game, 0, "give h0 m1")
    assert len(of_type(events, "mafia-harvest")) == 1
    assert coin_cards(game, 0) == []
    assert treasury(game) == ["stangen", "stangen"]


# ---------------------------------------------------------------------------
# pub-3 (§4.2 Pub, PB-D11)


def test_pb_d11_pub_3_protect_repeatable() -> None:
    """PB-D11: with pub-3, after the top card went to the boss the owner may give
    him more cards of that field, one at a time from the top; an emptied field
    ends the giving."""
    game = position(
        seats=[
            {"hand": ["kidney"], "fields": [["blaue"] * 4, [], []], "establishments": ["pub-3"]}
        ],
        bosses=[["blaue"], ["stangen"], ["cognac"]],
        deck=["kidney"] * 6,
        **PUB,
    )
    assert phase(game) == "protect"
    assert bosses(game)[0] == ["blaue"] * 2
    assert {"protect f0", "pass"} <= set(legal(game, 0))
    act(game, 0, "protect f0")
    assert phase(game) == "protect"
    assert fields(game, 0)[0] == ["blaue"] * 2 and bosses(game)[0] == ["blaue"] * 3
    acts(game, (0, "protect f0"), (0, "protect f0"))
    assert fields(game, 0)[0] == []
    assert bosses(game)[0] == ["blaue"] * 5
    assert phase(game) == "plant"


def test_pb_d11_pub_3_harvest_ends_protect_with_bonus_coin() -> None:
    """PB-D11 / §3.1 step 2: a card given with pub-3 makes Don harvest: the
    player takes the bonus coin and the giving to that boss ends."""
    game = position(
        seats=[
            {"hand": ["kidney"], "fields": [["stangen"] * 4, [], []], "establishments": ["pub-3"]}
        ],
        bosses=[["blaue"], ["stangen"] * 2, ["cognac"]],
        deck=["kidney"] * 6,
        **PUB,
    )
    assert phase(game) == "protect"
    events = act(game, 0, "protect f0")
    assert len(of_type(events, "mafia-harvest")) == 1
    assert [e["for"] for e in of_type(events, "mafia-coin")] == ["protection"]
    assert coin_cards(game, 0) == ["stangen"]
    assert treasury(game) == ["stangen"]
    assert discard(game) == ["stangen", "stangen"]
    assert fields(game, 0)[0] == ["stangen", "stangen"]
    assert phase(game) == "plant"
    assert "protect f0" not in legal(game, 0)


def test_pb_d11_pub_3_ends_when_the_top_type_changes() -> None:
    """PB-D11 / §4.2 Pub: pub-3 gives *that* boss more cards of the field; once
    the top card is of another type (a nightbar-3 field) no more cards are
    given, not even to the boss growing the new top type (each field is
    compared once, §3.1 step 1)."""
    game = position(
        seats=[
            {
                "hand": ["kidney"],
                "fields": [["blaue", "stangen", "blaue", "stangen"], [], []],
                "establishments": ["pub-3", "nightbar-3"],
            }
        ],
        bosses=[["blaue"], ["stangen"], ["cognac"]],
        deck=["kidney"] * 6,
        **PUB,
    )
    assert bosses(game)[1] == ["stangen", "stangen"]
    assert "protect f0" not in legal(game, 0)
    assert phase(game) == "plant"
    assert bosses(game)[0] == ["blaue"]
    assert fields(game, 0)[0] == ["blaue", "stangen", "blaue"]


def test_pb_d11_pub_3_pass_goes_to_the_next_field() -> None:
    """PB-D11: `pass` declines more cards for this field; phase 2 goes on with the
    next field, which may be offered again."""
    game = position(
        seats=[
            {
                "hand": ["kidney"],
                "fields": [["blaue"] * 2, ["stangen"] * 2, []],
                "establishments": ["pub-3"],
            }
        ],
        bosses=[["blaue"], ["stangen"], ["cognac"]],
        deck=["kidney"] * 6,
        **PUB,
    )
    assert phase(game) == "protect"
    assert game.observe(0)["decision"]["field"] == 0
    assert fields(game, 0) == [["blaue"], ["stangen"] * 2, []]
    refused(game, 0, "protect f1")
    act(game, 0, "pass")
    assert fields(game, 0) == [["blaue"], ["stangen"], []]
    assert bosses(game)[1] == ["stangen"] * 2
    assert phase(game) == "protect"
    assert game.observe(0)["decision"]["field"] == 1
    act(game, 0, "pass")
    assert phase(game) == "plant"
    assert fields(game, 0) == [["blaue"], ["stangen"], []]


def test_pb_d11_no_protect_phase_without_pub_3() -> None:
    """§3.1 step 1: without pub-3 only the top card goes; there is no `protect`."""
    game = position(
        seats=[
            {"hand": ["kidney"], "fields": [["blaue"] * 3, [], []], "establishments": ["pub-1"]}
        ],
        bosses=[["blaue"], ["stangen"], ["cognac"]],
        deck=["kidney"] * 6,
        **PUB,
    )
    assert phase(game) == "plant"
    assert fields(game, 0)[0] == ["blaue"] * 2
    assert bosses(game)[0] == ["blaue"] * 2
    assert not [a for a in legal(game, 0) if a.startswith("protect")]
    refused(game, 0, "protect f0")


# ---------------------------------------------------------------------------
# §3.2 phase 4: the early stop


def test_s3_2_2_early_stop_after_question_two() -> None:
    """§3.2 step 2: uncovering ends once question 2 moved a discard card onto an
    uncovered pile."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        discard=["sau"],
        deck=["puff", "sau", "brech", "stangen"],
        **FREE,
    )
    events = act(game, 0, "plant f0")
    assert piles(game) == [["puff"], ["sau", "sau"]]
    assert deck(game) == ["brech", "stangen"]
    assert len(of_type(events, "uncover")) == 2
    assert phase(game) == "place"


def test_s3_2_2_early_stop_after_the_first_card() -> None:
    """§3.2 step 2: the early stop can come right after the first uncovered card."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        discard=["puff"],
        deck=["puff", "sau", "brech"],
        **FREE,
    )
    act(game, 0, "plant f0")
    assert piles(game) == [["puff", "puff"]]
    assert deck(game) == ["sau", "brech"]
    assert discard(game) == []
    assert phase(game) == "place"


def test_s3_2_2_three_cards_without_question_two() -> None:
    """§3.2 step 2: when no discard card joins, three cards are uncovered."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        discard=["stangen"],
        deck=["puff", "sau", "brech", "kidney"],
        **FREE,
    )
    act(game, 0, "plant f0")
    assert piles(game) == [["puff"], ["sau"], ["brech"]]
    assert deck(game) == ["kidney"]
    assert discard(game) == ["stangen"]


def test_s3_2_rulebook_example() -> None:
    """§3.2 rulebook example: discard (top first) 3 puff, 2 sau; bosses blaue and
    stangen; a sau is uncovered (no match), then a puff: the 3 puff join it,
    then the 2 sau join the sau; uncovering ends with 2 piles."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        bosses=[["blaue"], ["stangen"]],
        discard=["sau", "sau", "puff", "puff", "puff"],
        deck=["sau", "puff", "brech", "feuer"],
    )
    events = act(game, 0, "plant f0")
    assert piles(game) == [["sau", "sau", "sau"], ["puff"] * 4]
    assert [e["card"] for e in of_type(events, "from-discard")] == ["puff"] * 3 + ["sau"] * 2
    assert discard(game) == []
    assert deck(game) == ["brech", "feuer"]
    assert phase(game) == "place"


def test_s3_2_1_card_to_a_boss_takes_no_discard_cards() -> None:
    """§3.2 step 1: an uncovered card that goes to a boss takes no discard cards
    (and so causes no early stop)."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        discard=["blaue"],
        deck=["blaue", "puff", "sau", "brech", "stangen"],
        **FREE,
    )
    act(game, 0, "plant f0")
    assert bosses(game) == [["blaue", "blaue"], ["feuer"]]
    assert discard(game) == ["blaue"]
    assert piles(game) == [["puff"], ["sau"], ["brech"]]
    assert deck(game) == ["stangen"]


def test_s4_1_2_paid_coins_under_the_discard_pile_are_not_taken() -> None:
    """§4.1.2: paid coins lie bean side down under the discard pile; question 2
    never takes them (so they cause no early stop either)."""
    game = position(
        seats=[{"hand": ["kidney"]}],
        discard=["puff"],
        under=1,
        deck=["puff", "sau", "brech", "stangen"],
        **FREE,
    )
    events = act(game, 0, "plant f0")
    assert of_type(events, "from-discard") == []
    assert discard(game) == ["puff"]
    assert piles(game) == [["puff"], ["sau"], ["brech"]]
    assert game.under == 1


# ---------------------------------------------------------------------------
# Undertakers (§4.2, PB-D7)


def _early_stop(est: list[str], discard: list[str]) -> Prohibohn:
    return position(
        seats=[{"hand": ["kidney"], "establishments": est}],
        discard=discard,
        deck=["puff", "sau", "brech", "stangen"],
        **FREE,
    )


def test_pb_d7_undertaker_3_second_card_after_first_stop() -> None:
    """§4.2 Undertaker / PB-D7: with undertaker-3 an early stop after the first
    card lets the owner uncover a second card; uncovering then ends."""
    game = _early_stop(["undertaker-3"], ["puff"])
    act(game, 0, "plant f0")
    assert phase(game) == "uncover-more"
    assert {"uncover", "pass"} <= set(legal(game, 0))
    act(game, 0, "uncover")
    assert piles(game) == [["puff", "puff"], ["sau"]]
    assert deck(game) == ["brech", "stangen"]
    assert phase(game) == "place"


def test_pb_d7_undertaker_3_pass_declines() -> None:
    """PB-D7: the Undertaker is optional: `pass` ends uncovering at the early stop."""
    game = _early_stop(["undertaker-3"], ["puff"])
    act(game, 0, "plant f0")
    act(game, 0, "pass")
    assert piles(game) == [["puff", "puff"]]
    assert deck(game) == ["sau", "brech", "stangen"]
    assert phase(game) == "place"


def test_pb_d7_undertaker_3_no_question_after_the_second_card() -> None:
    """§4.2 Undertaker: undertaker-3 helps only when the early stop comes after
    the first card; a stop after the second card ends uncovering."""
    game = _early_stop(["undertaker-3"], ["sau"])
    act(game, 0, "plant f0")
    assert phase(game) == "place"
    assert piles(game) == [["puff"], ["sau", "sau"]]
    refused(game, 0, "uncover")


def test_pb_d7_undertaker_4_asks_each_time() -> None:
    """§4.2 Undertaker / PB-D7: with undertaker-4 the owner decides at every early
    stop whether to go on, until three cards are uncovered."""
    game = _early_stop(["undertaker-4"], ["brech", "sau", "puff"])
    act(game, 0, "plant f0")
    assert phase(game) == "uncover-more"
    assert piles(game) == [["puff", "puff"]]
    act(game, 0, "uncover")
    assert phase(game) == "uncover-more"
    assert piles(game) == [["puff", "puff"], ["sau", "sau"]]
    act(game, 0, "uncover")
    assert piles(game) == [["puff", "puff"], ["sau", "sau"], ["brech", "brech"]]
    assert deck(game) == ["stangen"]
    assert phase(game) == "place"


def test_pb_d7_both_undertakers_undertaker_4_governs() -> None:
    """§4.2 Undertaker: an owner of both follows undertaker-4: after going on at
    the first stop he is asked again at the second."""
    game = _early_stop(["undertaker-3", "undertaker-4"], ["brech", "sau", "puff"])
    acts(game, (0, "plant f0"), (0, "uncover"))
    assert phase(game) == "uncover-more"
    act(game, 0, "uncover")
    assert len(piles(game)) == 3
    assert phase(game) == "place"


def test_pb_d7_no_question_without_an_early_stop() -> None:
    """PB-D7: the Undertakers ask only when the early stop applies."""
    game = _early_stop(["undertaker-3", "undertaker-4"], ["kidney"])
    act(game, 0, "plant f0")
    assert phase(game) == "place"
    assert piles(game) == [["puff"], ["sau"], ["brech"]]


# ---------------------------------------------------------------------------
# Restaurants (§4.2, PB-D8)


def _phase_4_harvest(seats: list[dict[str, Any]]) -> Prohibohn:
    """Don (3 stangen) harvests on the first uncovered card."""
    return position(
        seats=seats,
        bosses=[["blaue"], ["stangen"] * 3],
        deck=["stangen", "puff", "sau", "brech", "kidney", "kidney"],
    )


def test_pb_d8_restaurant_3_coin_in_phase_4() -> None:
    """§4.2 Restaurant: a boss harvest in phase 4 of the owner's turn gives him 1
    of the cards going to the discard pile as a coin."""
    game = _phase_4_harvest([{"hand": ["kidney"], "establishments": ["restaurant-3"]}])
    events = act(game, 0, "plant f0")
    assert [e["for"] for e in of_type(events, "mafia-coin")] == ["restaurant-3"]
    assert coin_cards(game, 0) == ["stangen"]
    assert treasury(game) == ["stangen", "stangen"]
    assert discard(game) == ["stangen"]
    assert conserved(game)


def test_pb_d8_restaurant_4_coin_for_a_pile_on_a_boss() -> None:
    """§4.2 Restaurant: restaurant-4 gives the coin for a boss harvest in phase 5
    (a pile placed on the boss)."""
    game = position(
        seats=[{"hand": ["kidney"], "establishments": ["restaurant-4"]}, {"hand": ["kidney"]}],
        bosses=[["blaue"], ["stangen"] * 2],
        piles=[["stangen", "stangen"]],
        phase="place",
        deck=["kidney"] * 4,
    )
    events = act(game, 0, "place p0 m1")
    assert [e["for"] for e in of_type(events, "mafia-coin")] == ["restaurant-4"]
    assert coin_cards(game, 0) == ["stangen"]
    assert treasury(game) == ["stangen", "stangen"]
    assert discard(game) == ["stangen"]


def test_pb_d8_restaurant_4_coin_for_a_given_card() -> None:
    """§4.2 Restaurant: restaurant-4 gives the coin for a boss harvest caused by
    a hand card given in phase 5."""
    game = position(
        seats=[
            {"hand": ["stangen", "kidney"], "establishments": ["restaurant-4"]},
            {"hand": ["kidney"]},
        ],
        bosses=[["blaue"], ["stangen"] * 3],
        phase="place",
        deck=["kidney"] * 4,
    )
    act(game, 0, "give h0 m1")
    assert coin_cards(game, 0) == ["stangen"]
    assert treasury(game) == ["stangen", "stangen"]
    assert discard(game) == ["stangen"]


def test_pb_d8_restaurant_4_not_in_phase_4() -> None:
    """§4.2 Restaurant: restaurant-4 gives nothing for a phase-4 harvest."""
    game = _phase_4_harvest([{"hand": ["kidney"], "establishments": ["restaurant-4"]}])
    events = act(game, 0, "plant f0")
    assert of_type(events, "mafia-coin") == []
    assert coin_cards(game, 0) == []
    assert discard(game) == ["stangen", "stangen"]


def test_pb_d8_restaurant_3_not_in_phase_5() -> None:
    """§4.2 Restaurant: restaurant-3 gives nothing for a phase-5 harvest."""
    game = position(
        seats=[
            {"hand": ["stangen", "kidney"], "establishments": ["restaurant-3"]},
            {"hand": ["kidney"]},
        ],
        bosses=[["blaue"], ["stangen"] * 3],
        phase="place",
        deck=["kidney"] * 4,
    )
    events = act(game, 0, "give h0 m1")
    assert of_type(events, "mafia-coin") == []
    assert coin_cards(game, 0) == []
    assert discard(game) == ["stangen", "stangen"]


def test_pb_d8_restaurant_not_in_the_opponents_turn() -> None:
    """§4.2 Restaurant: only in the owner's turn; the opponent's phase-4 boss
    harvest gives the owner nothing."""
    game = _phase_4_harvest(
        [
            {"hand": ["kidney"]},
            {"hand": ["kidney"], "establishments": ["restaurant-3", "restaurant-4"]},
        ]
    )
    events = act(game, 0, "plant f0")
    assert of_type(events, "mafia-coin") == []
    assert coin_cards(game, 0) == [] and coin_cards(game, 1) == []
    assert treasury(game) == ["stangen", "stangen"]


# ---------------------------------------------------------------------------
# phase 3: Casino (§4.2, PB-D5, PB-D6)


def test_pb_d5_casino_3_drop_before_planting_once() -> None:
    """§4.2 Casino / PB-D5: with casino-3 the owner may put one hand card from any
    position onto the discard pile before planting, once per turn."""
    game = position(
        seats=[{"hand": ["sau", "puff", "brech"], "establishments": ["casino-3"]}],
        deck=["kidney"] * 6,
        **FREE,
    )
    assert {"drop h0", "drop h1", "drop h2"} <= set(legal(game, 0))
    act(game, 0, "drop h1")
    assert discard(game) == ["puff"]
    assert hand(game, 0) == ["sau", "brech"]
    assert phase(game) == "plant"
    assert not [a for a in legal(game, 0) if a.startswith("drop")]
    refused(game, 0, "drop h0", "PB-D5")
    act(game, 0, "plant f0")
    refused(game, 0, "drop h0", "PB-D5")
    assert hand(game, 0) == ["brech"]


def test_pb_d5_casino_3_drop_after_planting_phase_waits() -> None:
    """§4.2 Casino / PB-D5: after the second planting phase 3 waits for the
    owner's choice to drop a card; the dropped card is the discard top for
    question 2."""
    game = position(
        seats=[{"hand": ["sau", "puff", "brech"], "establishments": ["casino-3"]}],
        deck=["brech", "kidney", "stangen", "sau"],
        **FREE,
    )
    acts(game, (0, "plant f0"), (0, "plant f1"))
    assert phase(game) == "plant"
    assert not [a for a in legal(game, 0) if a.startswith("plant")]
    assert {"drop h0", "pass"} <= set(legal(game, 0))
    act(game, 0, "drop h0")
    assert hand(game, 0) == []
    assert piles(game) == [["brech", "brech"]]
    assert phase(game) == "place"


def test_pb_d5_casino_3_plants_no_third_card() -> None:
    """§4.2 Casino: the 3 Casino adds a drop, not plantings. After two
    plantings the phase waits for the drop, and a third planting is refused
    with the planting limit (al-cabohne §3.3), however the hand fits the
    fields; nothing changes."""
    game = position(
        seats=[
            {
                "hand": ["feuer", "sau", "feuer", "sau"],
                "fields": [["feuer"], ["sau"]],
                "establishments": ["casino-3"],
            }
        ],
        deck=["kidney"] * 6,
        **FREE,
    )
    acts(game, (0, "plant f0"), (0, "plant f1"))
    assert phase(game) == "plant"
    assert not [a for a in legal(game, 0) if a.startswith("plant")]
    before = game.to_json()
    for field in ("f0", "f1"):
        refused(game, 0, f"plant {field}", "§3.3")
    assert game.to_json() == before
    assert hand(game, 0) == ["feuer", "sau"]
    act(game, 0, "drop h1")
    assert phase(game) == "place"


def test_pb_d5_casino_3_not_the_only_card_before_planting() -> None:
    """PB-D5: before planting the only hand card cannot be dropped (it must be
    planted)."""
    game = position(
        seats=[{"hand": ["sau"], "establishments": ["casino-3"]}],
        deck=["kidney"] * 6,
        **FREE,
    )
    assert "drop h0" not in legal(game, 0)
    refused(game, 0, "drop h0", "PB-D5")
    assert hand(game, 0) == ["sau"]


def test_pb_d5_no_drop_without_casino_3() -> None:
    """§4.2 Casino: only the owner of casino-3 drops a hand card."""
    game = position(
        seats=[{"hand": ["sau", "puff"], "establishments": ["casino-1"]}],
        deck=["kidney"] * 6,
        **FREE,
    )
    assert not [a for a in legal(game, 0) if a.startswith("drop")]
    refused(game, 0, "drop h1")


def test_pb_d6_casino_4_plants_any_number_from_the_front() -> None:
    """§4.2 Casino / PB-D6: with casino-4 the owner plants as many cards as he
    likes, at least one, from the front; `pass` stops after any card."""
    game = position(
        seats=[{"hand": ["sau", "sau", "sau", "puff", "brech"], "establishments": ["casino-4"]}],
        deck=["kidney"] * 6,
        **FREE,
    )
    refused(game, 0, "pass", "§3.3")
    act(game, 0, "plant f0")
    assert "pass" in legal(game, 0)
    acts(game, (0, "plant f0"), (0, "plant f0"))
    assert phase(game) == "plant"
    assert {"plant f1", "pass"} <= set(legal(game, 0))
    refused(game, 0, "plant h1 f1")
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["sau"] * 3, ["puff"]]
    assert phase(game) == "plant"
    act(game, 0, "pass")
    assert hand(game, 0) == ["brech"]
    assert phase(game) == "place"


def test_pb_d6_casino_4_with_variete_only_first_card_free() -> None:
    """PB-D6: with casino-4 and variete-4 only the first card is free; the rest
    come from the front."""
    game = position(
        seats=[
            {"hand": ["sau", "sau", "puff", "sau"], "establishments": ["casino-4", "variete-4"]}
        ],
        deck=["kidney"] * 6,
        **FREE,
    )
    act(game, 0, "plant h2 f0")
    assert hand(game, 0) == ["sau", "sau", "sau"]
    refused(game, 0, "plant h1 f1", "§4.2 Varieté")
    act(game, 0, "plant f1")
    refused(game, 0, "plant h1 f1", "§4.2 Varieté")
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["puff"], ["sau", "sau"]]


def test_pb_d6_casino_4_with_both_varietes_first_two_free() -> None:
    """PB-D6 / PB-D10: with casino-4 and both Varietés the first and second cards
    are free, the third comes from the front."""
    game = position(
        seats=[
            {
                "hand": ["sau", "puff", "sau", "brech", "sau"],
                "establishments": ["casino-4", "variete-3", "variete-4"],
            }
        ],
        deck=["kidney"] * 6,
        **FREE,
    )
    acts(game, (0, "plant h4 f0"), (0, "plant h1 f1"))
    assert hand(game, 0) == ["sau", "sau", "brech"]
    refused(game, 0, "plant h1 f0", "§4.2 Varieté")
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["sau", "sau"], ["puff"]]
    assert hand(game, 0) == ["sau", "brech"]


# ---------------------------------------------------------------------------
# phase 3: Varieté (§4.2, PB-D10)


def test_s4_2_variete_4_first_card_from_anywhere() -> None:
    """§4.2 Varieté: with variete-4 the first (mandatory) card may come from any
    hand position; the second comes from the front."""
    game = position(
        seats=[{"hand": ["sau", "puff", "brech", "kidney"], "establishments": ["variete-4"]}],
        deck=["stangen"] * 6,
        **FREE,
    )
    assert "plant h3 f0" in legal(game, 0)
    act(game, 0, "plant h3 f0")
    assert hand(game, 0) == ["sau", "puff", "brech"]
    refused(game, 0, "plant h2 f1", "§4.2 Varieté")
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["kidney"], ["sau"]]
    assert hand(game, 0) == ["puff", "brech"]


def test_s4_2_variete_3_second_card_from_anywhere() -> None:
    """§4.2 Varieté: with variete-3 the first card comes from the front; the
    optional second may come from any position."""
    game = position(
        seats=[{"hand": ["sau", "puff", "brech", "kidney"], "establishments": ["variete-3"]}],
        deck=["stangen"] * 6,
        **FREE,
    )
    assert not [a for a in legal(game, 0) if a.startswith("plant h")]
    refused(game, 0, "plant h3 f0", "§4.2 Varieté")
    act(game, 0, "plant f0")
    assert "plant h2 f1" in legal(game, 0)
    act(game, 0, "plant h2 f1")
    assert fields(game, 0) == [["sau"], ["kidney"]]
    assert hand(game, 0) == ["puff", "brech"]


def test_pb_d10_both_varietes_both_cards_free() -> None:
    """PB-D10: with both Varietés both phase-3 cards may come from anywhere."""
    game = position(
        seats=[
            {
                "hand": ["sau", "puff", "brech", "kidney"],
                "establishments": ["variete-3", "variete-4"],
            }
        ],
        deck=["stangen"] * 6,
        **FREE,
    )
    acts(game, (0, "plant h3 f0"), (0, "plant h1 f1"))
    assert fields(game, 0) == [["kidney"], ["puff"]]
    assert hand(game, 0) == ["sau", "brech"]


def test_s3_3_plant_from_the_front_without_variete() -> None:
    """§3.3 (Al Cabohne) / §4.2 Varieté: without a Varieté both cards come from
    the front; a plant from another position is refused."""
    game = position(
        seats=[{"hand": ["sau", "puff", "brech"]}],
        deck=["stangen"] * 6,
        **FREE,
    )
    assert not [a for a in legal(game, 0) if a.startswith("plant h")]
    refused(game, 0, "plant h1 f0")
    act(game, 0, "plant f0")
    refused(game, 0, "plant h1 f1")
    assert hand(game, 0) == ["puff", "brech"]


# ---------------------------------------------------------------------------
# §3.3 harvest


def test_s3_3_harvest_mixed_field_top_cards_are_coins() -> None:
    """§3.3: only the top cards of a harvested field become coins; the others go
    to the discard pile in planting order. A nightbar-3 field sau, puff, sau,
    puff, sau pays 2 (sau: 5 cards) — the top puff and sau are the coins."""
    game = position(
        seats=[
            {
                "hand": ["kidney"],
                "fields": [["sau", "puff", "sau", "puff", "sau"], []],
                "establishments": ["nightbar-3"],
            }
        ],
        deck=["stangen"] * 6,
        **FREE,
    )
    events = act(game, 0, "harvest f0")
    assert [e["coins"] for e in of_type(events, "harvest")] == [2]
    assert coin_cards(game, 0) == ["puff", "sau"]
    assert discard(game) == ["sau", "puff", "sau"]
    assert fields(game, 0) == [[], []]


def test_s3_3_harvest_only_in_own_turn() -> None:
    """§3.3 / AC-D12: a player harvests only during his own turn."""
    game = position(
        seats=[{"hand": ["kidney"]}, {"hand": ["sau"], "fields": [["sau", "sau", "sau"], []]}],
        deck=["stangen"] * 6,
        **FREE,
    )
    assert legal(game, 1) == []
    refused(game, 1, "harvest f0", "AC-D12")
    assert fields(game, 1) == [["sau"] * 3, []]


# ---------------------------------------------------------------------------
# phase 6: Gas Stations (§4.2)


def _phase_6(est: list[str]) -> Prohibohn:
    """Seat 0 ends phase 5 holding 1 card."""
    game = position(
        seats=[{"hand": ["kidney"], "establishments": est}, {"hand": ["kidney"]}],
        phase="place",
        deck=["sau", "puff", "brech", "stangen", "sau", "puff", "brech"],
        **FREE,
    )
    act(game, 0, "pass")
    return game


def test_s4_2_no_draw_choice_without_gas_station() -> None:
    """§4.2 Gas Station: without one the player draws 2 at once."""
    game = _phase_6(["gas-station-1"])
    assert phase(game) != "draw"
    assert hand(game, 0) == ["kidney", "sau", "puff"]
    assert game.active == 1


def test_s4_2_gas_station_3_draw_2_or_up_to_6() -> None:
    """§4.2 Gas Station: with gas-station-3 the owner draws 2 or until he holds 6."""
    game = _phase_6(["gas-station-3"])
    assert phase(game) == "draw"
    assert _draws(game) == ["draw 2", "draw 5"]
    refused(game, 0, "draw 3", "§4.2 Gas Station")
    act(game, 0, "draw 5")
    assert hand(game, 0) == ["kidney", "sau", "puff", "brech", "stangen", "sau"]
    assert game.active == 1


def test_s4_2_gas_station_3_may_draw_2() -> None:
    """§4.2 Gas Station: the owner of gas-station-3 may still draw 2."""
    game = _phase_6(["gas-station-3"])
    act(game, 0, "draw 2")
    assert hand(game, 0) == ["kidney", "sau", "puff"]
    assert deck(game) == ["brech", "stangen", "sau", "puff", "brech"]


def test_s4_2_gas_station_4_draw_2_or_3() -> None:
    """§4.2 Gas Station: with gas-station-4 the owner draws 2 or 3."""
    game = _phase_6(["gas-station-4"])
    assert phase(game) == "draw"
    assert _draws(game) == ["draw 2", "draw 3"]
    refused(game, 0, "draw 5", "§4.2 Gas Station")
    act(game, 0, "draw 3")
    assert hand(game, 0) == ["kidney", "sau", "puff", "brech"]


def test_s4_2_both_gas_stations_3_or_up_to_6() -> None:
    """§4.2 Gas Station: with both the owner draws 3, or until he holds 6 — not 2."""
    game = _phase_6(["gas-station-3", "gas-station-4"])
    assert _draws(game) == ["draw 3", "draw 5"]
    refused(game, 0, "draw 2", "§4.2 Gas Station")
    act(game, 0, "draw 3")
    assert len(game.hands[0]) == 4
    assert game.active == 1
