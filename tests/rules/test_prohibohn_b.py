"""Scenario tests for Prohibohn and its Pub variant (``rules/prohibohn.md``), part b:
buying (§4.1), removing the third card (§4.1.6), the Police Stations (§4.4, §1.3),
the values of the 1-cards and the Razzia (§4.3), ``pub-4``, the Nightbars (§4.2),
the end sequence (§5.2), scoring (§5.3) and the Pub set-up (§2 step 4).

Each test names the section (``§4.1``) or default (``PB-D12``) it checks in its
name and docstring. Positions are written as scenarios
(``tests/rules/prohibohn_helpers.py``): unless a test says otherwise the draw
pile holds exactly the cards it names (top first), the other cards are out of
play, every seat not given holds an empty hand and its empty fields, and seat 0
is active. The bosses are ``m0`` Al Cabohne (3), ``m1`` Don Corlebohne (2) and,
with option ``pub``, ``m2`` Joe Bohnano (1).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bohn.engine.errors import BohnError
from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS
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
from .prohibohn_helpers import details
from .prohibohn_helpers import discard
from .prohibohn_helpers import owned
from .prohibohn_helpers import piles
from .prohibohn_helpers import position
from .prohibohn_helpers import supply
from .prohibohn_helpers import treasury

# ---------------------------------------------------------------------------
# helpers

#: the bosses grow blaue and feuer; the coins the tests pay with are not
#: affected by the bosses
FREE = {"bosses": [["blaue"], ["feuer"]]}
#: the same with Joe Bohnano for the Pub variant
FREE_PUB = {"bosses": [["blaue"], ["feuer"], ["sau"]], "options": {"pub": True}}


def _bean_of(key: str) -> str:
    return Prohibohn.table.bean_keys[ESTABLISHMENTS.bean[ESTABLISHMENTS.index[key]]]


def _price_of(key: str) -> int:
    return ESTABLISHMENTS.price[ESTABLISHMENTS.index[key]]


ALL_CARDS = list(ESTABLISHMENTS.keys)
PUB_CARDS = ["pub-1", "pub-3", "pub-4"]


def placing(**kw: Any) -> Prohibohn:
    """Seat 0 in phase 5 (``place``)."""
    kw.setdefault("deck", ["kidney"] * 6)
    if "bosses" not in kw:
        kw["bosses"] = FREE["bosses"]
    return position(phase="place", **kw)


def planting(**kw: Any) -> Prohibohn:
    """The start of seat 0's turn (phase 3 after phases 1-2)."""
    kw.setdefault("deck", ["kidney"] * 6)
    if "bosses" not in kw:
        kw["bosses"] = FREE["bosses"]
    return position(phase="plant", **kw)


def last_turn(**kw: Any) -> Prohibohn:
    """Seat 0 in phase 5 of a turn whose ``pass`` draws the last card of the
    fourth draw pile: the game ends after one round of final buying."""
    kw.setdefault("deck", ["kidney"])
    kw.setdefault("exhaustions", 3)
    kw.setdefault("extended", True)
    return placing(**kw)


def finish(game: Prohibohn) -> list[dict[str, Any]]:
    """Both players pass their final buying; the events."""
    events: list[dict[str, Any]] = []
    while phase(game) == "final-buying":
        events += act(game, game.active, "pass")
    assert phase(game) == "over", phase(game)
    return events


def tally(game: Prohibohn, seat: int) -> dict[str, int]:
    """The seat's current tally as every observer sees it."""
    out: dict[str, int] = game.observe(None)["seats"][seat]["tally"]
    return out


def final_tally(game: Prohibohn, seat: int) -> dict[str, int]:
    out: dict[str, int] = details(game)["tally"][seat]
    return out


# ---------------------------------------------------------------------------
# §4.1.1 payment


@pytest.mark.parametrize("key", ALL_CARDS)
def test_s4_1_1_every_card_bought_with_its_coins(key: str) -> None:
    """§4.1.1 / §1.2-1.3: every establishment card (the Pub cards with option
    ``pub``), both Police Stations and the Razzia can be bought with their price
    in coins of their bean type; the card leaves the supply for the buyer."""
    pub = key in PUB_CARDS
    bean, price = _bean_of(key), _price_of(key)
    other = "sau" if bean != "sau" else "brech"
    game = placing(
        seats=[{"hand": [], "coins": [bean] * price + [other]}], **(FREE_PUB if pub else FREE)
    )
    assert f"build {key}" in legal(game, 0)
    events = act(game, 0, f"build {key}")
    assert types(events) == ["pay", "build"]
    assert of_type(events, "pay")[0]["coins"] == [bean] * price
    assert owned(game, 0) == [key]
    assert key not in supply(game)
    assert len(coin_cards(game, 0)) == 1  # the coin of the other type stays
    assert phase(game) == "place"
    assert conserved(game)


@pytest.mark.parametrize("key", ALL_CARDS)
def test_s4_1_1_every_card_refused_with_coins_of_another_type(key: str) -> None:
    """§4.1.1: a card is paid only with coins of its bean type; as many coins of
    another type do not buy it, and nothing changes."""
    pub = key in PUB_CARDS
    bean, price = _bean_of(key), _price_of(key)
    other = "sau" if bean != "sau" else "brech"
    game = placing(seats=[{"hand": [], "coins": [other] * price}], **(FREE_PUB if pub else FREE))
    assert f"build {key}" not in legal(game, 0)
    refused(game, 0, f"build {key}", "§4.1.1")
    assert owned(game, 0) == []
    assert key in supply(game)


def test_s4_1_1_establishment_paid_only_with_its_type() -> None:
    """§4.1.1: 3 brech and 2 stangen coins buy the undertaker-3, not the
    casino-3 (it needs 3 stangen); other coins never make up the difference."""
    game = placing(seats=[{"hand": [], "coins": ["brech", "stangen", "brech", "stangen", "brech"]}])
    assert "build casino-3" not in legal(game, 0)
    refused(game, 0, "build casino-3", "§4.1.1")
    refused(game, 0, "build undertaker-3 name stangen", "§4.1.1")
    act(game, 0, "build undertaker-3")
    assert coin_cards(game, 0) == ["stangen", "stangen"]
    assert owned(game, 0) == ["undertaker-3"]
    refused(game, 0, "build casino-3", "§4.1.1")


def test_s4_1_1_razzia_with_four_blaue() -> None:
    """§4.1.1: the Razzia costs 4 blaue coins."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 5}])
    act(game, 0, "build razzia")
    assert owned(game, 0) == ["razzia"]
    assert coin_cards(game, 0) == ["blaue"]
    assert discard(game) == ["blaue"] * 4
    assert game.observe(None)["razzia"] is True


def test_s4_1_1_razzia_with_five_coins_of_one_other_type() -> None:
    """§4.1.1: or 5 coins all of one other type (``build razzia name sau``)."""
    game = placing(seats=[{"hand": [], "coins": ["sau"] * 5 + ["brech"]}], discard=["puff"])
    assert "build razzia name sau" in legal(game, 0)
    assert "build razzia" not in legal(game, 0)
    events = act(game, 0, "build razzia name sau")
    assert of_type(events, "pay")[0]["coins"] == ["sau"] * 5
    assert owned(game, 0) == ["razzia"]
    assert coin_cards(game, 0) == ["brech"]
    assert discard(game) == ["sau"] * 5 + ["puff"]
    assert game.under == 5


def test_s4_1_1_razzia_not_for_five_blaue_by_name() -> None:
    """§4.1.1: the 5-coin price is for a type other than blaue; 5 blaue coins
    named as that type are refused (the Razzia costs them 4)."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 5}])
    assert "build razzia name blaue" not in legal(game, 0)
    refused(game, 0, "build razzia name blaue", "§4.1.1")
    assert owned(game, 0) == []


def test_s4_1_1_razzia_five_coins_all_of_one_type() -> None:
    """§4.1.1: five coins of two types, or four of one type, do not buy the Razzia."""
    game = placing(seats=[{"hand": [], "coins": ["sau", "sau", "sau", "brech", "brech", "puff"]}])
    assert not [a for a in legal(game, 0) if "razzia" in a]
    refused(game, 0, "build razzia name sau", "§4.1.1")
    refused(game, 0, "build razzia name brech", "§4.1.1")
    refused(game, 0, "build razzia", "§4.1.1")


# ---------------------------------------------------------------------------
# §4.1.2 where paid coins go, §5.1 the reshuffle


def test_s4_1_2_paid_coins_go_under_the_discard_pile() -> None:
    """§4.1.2: paid coins go under the discard pile; its top card is unchanged
    and the count of paid coins (``under``) grows with each purchase."""
    game = placing(
        seats=[{"hand": [], "coins": ["stangen", "brech", "sau"]}], discard=["puff", "kidney"]
    )
    act(game, 0, "build casino-1")
    assert discard(game) == ["stangen", "puff", "kidney"]
    assert game.observe(None)["under"] == 1
    act(game, 0, "build undertaker-1")
    assert discard(game)[-2:] == ["puff", "kidney"]
    assert sorted(discard(game)[:2]) == ["brech", "stangen"]
    assert game.observe(None)["under"] == 2
    assert coin_cards(game, 0) == ["sau"]


def test_s4_1_2_question_two_never_takes_paid_coins() -> None:
    """§4.1.2: in phase 4 question 2 does not add the paid coins (bean side
    down) to the uncovered cards: after the sau on the discard pile joined the
    uncovered sau, the paid stangen coin under it stays although a stangen is
    uncovered."""
    game = planting(
        seats=[{"hand": ["brech", "brech"], "coins": ["stangen"]}],
        discard=["sau"],
        deck=["stangen", "sau", "kidney", "kidney"],
    )
    act(game, 0, "build casino-1")
    assert discard(game) == ["stangen", "sau"]
    events = acts(game, (0, "plant f0"), (0, "pass"))
    assert [e["card"] for e in of_type(events, "from-discard")] == ["sau"]
    assert piles(game) == [["stangen"], ["sau", "sau"]]
    assert discard(game) == ["stangen"]
    assert game.under == 1


def test_s4_1_2_paid_coins_on_an_otherwise_empty_discard_pile() -> None:
    """§4.1.2: a paid coin alone on the discard pile is not taken either; three
    cards are uncovered."""
    game = planting(
        seats=[{"hand": ["brech"], "coins": ["puff", "puff", "puff", "puff"]}],
        deck=["puff", "kidney", "sau", "stangen"],
    )
    act(game, 0, "build nightbar-4")
    events = act(game, 0, "plant f0")
    assert piles(game) == [["puff"], ["kidney"], ["sau"]]
    assert discard(game) == ["puff"] * 4
    assert of_type(events, "from-discard") == []


def test_s5_1_next_reshuffle_includes_the_paid_coins() -> None:
    """§4.1.2 / §5.1: the paid coins return with the next reshuffle: when the
    draw pile runs out, the whole discard pile, paid coins included, becomes the
    new draw pile."""
    game = placing(
        seats=[{"hand": [], "coins": ["stangen", "brech"]}, {"hand": ["sau"]}],
        deck=["kidney"],
    )
    acts(game, (0, "build casino-1"), (0, "build undertaker-1"))
    assert game.under == 2
    events = act(game, 0, "pass")
    assert "exhausted" in types(events)
    assert game.exhaustions == 1
    assert game.under == 0
    assert discard(game) == []
    assert Counter(hand(game, 0)[1:] + deck(game)) == Counter(["stangen", "brech"])
    assert hand(game, 0)[0] == "kidney"
    assert len(hand(game, 0)) == 2


# ---------------------------------------------------------------------------
# §4.1.4 when


def test_s4_1_4_purchases_only_in_own_turn() -> None:
    """§4.1.4: purchases only during one's own turn: the opponent's build is
    refused until his turn comes."""
    game = placing(
        seats=[{"hand": []}, {"hand": ["sau"], "coins": ["stangen", "stangen"]}],
    )
    refused(game, 1, "build casino-1", "§4.1.4")
    assert legal(game, 1) == []
    act(game, 0, "pass")
    assert game.active == 1
    assert "build casino-1" in legal(game, 1)
    act(game, 1, "build casino-1")
    assert owned(game, 1) == ["casino-1"]


def test_s4_1_4_purchases_at_any_decision_point_several_at_once() -> None:
    """§3.4 / §4.1.4 (BO-D6, PB-D14): purchases at any decision point of one's
    own turn — phase 1, phase 3 before and between plantings, phase 5 — and
    several in a row; the turn goes on where it was."""
    coins = ["stangen", "brech", "sau", "puff", "feuer", "kidney"]
    game = planting(
        seats=[{"hand": ["sau", "brech", "puff"], "coins": coins}],
        piles=[["stangen"]],
    )
    assert phase(game) == "use-leftovers"
    act(game, 0, "build casino-1")
    assert phase(game) == "use-leftovers"
    act(game, 0, "place p0 f0")
    assert phase(game) == "plant"
    act(game, 0, "build undertaker-1")
    act(game, 0, "harvest f0")
    act(game, 0, "plant f0")
    assert phase(game) == "plant"
    acts(game, (0, "build restaurant-1"), (0, "build nightbar-1"))
    assert phase(game) == "plant"
    act(game, 0, "pass")
    assert phase(game) == "place"
    acts(game, (0, "build gas-station-1"), (0, "build variete-1"))
    assert owned(game, 0) == [
        "casino-1",
        "undertaker-1",
        "restaurant-1",
        "nightbar-1",
        "gas-station-1",
        "variete-1",
    ]
    assert coin_cards(game, 0) == []
    assert phase(game) == "place"


# ---------------------------------------------------------------------------
# §4.1.3 how many


@pytest.mark.parametrize(
    ("first", "second"),
    [("police-station-3", "police-station-4"), ("police-station-4", "police-station-3")],
)
def test_s4_1_3_one_police_station_either_one(first: str, second: str) -> None:
    """§4.1.3 / PB-D4: either Police Station may be bought, but a player owns at
    most one."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 8}])
    act(game, 0, f"build {first}")
    assert owned(game, 0) == [first]
    assert second in supply(game)
    assert f"build {second}" not in legal(game, 0)
    refused(game, 0, f"build {second}", "§4.1.3")


def test_s4_1_3_each_player_one_police_station() -> None:
    """§4.1.3 / PB-D4: the opponent's Police Station does not stop me buying the other."""
    game = placing(
        seats=[{"hand": [], "coins": ["blaue"] * 4}, {"establishments": ["police-station-3"]}]
    )
    act(game, 0, "build police-station-4")
    assert owned(game, 0) == ["police-station-4"]


@pytest.mark.parametrize(
    "where",
    [{"removed": ["casino-4"]}, {"seats": [{}, {"establishments": ["casino-4"]}]}],
    ids=["removed", "owned-by-opponent"],
)
def test_s4_1_3_card_no_longer_in_the_supply(where: dict[str, Any]) -> None:
    """§4.1.3 / §4.1.6: a card removed from the game or owned by the opponent
    cannot be bought."""
    seats = where.get("seats", [{}])
    seats = [{"hand": [], "coins": ["stangen"] * 4}, *seats[1:]]
    game = placing(seats=seats, removed=where.get("removed", []))
    assert "casino-4" not in supply(game)
    assert "build casino-4" not in legal(game, 0)
    refused(game, 0, "build casino-4", "§4.1.3")


def test_s4_1_3_razzia_exists_once() -> None:
    """§4.1.3: the Razzia exists once: after it is bought it cannot be bought
    again, with either payment."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 8 + ["sau"] * 5}])
    act(game, 0, "build razzia")
    assert "razzia" not in supply(game)
    assert not [a for a in legal(game, 0) if "razzia" in a]
    refused(game, 0, "build razzia", "§4.1.3")
    refused(game, 0, "build razzia name sau", "§4.1.3")


def test_s1_2_pub_cards_only_with_option_pub() -> None:
    """§1.2 / §2 step 4: without option ``pub`` the Pub cards are not in the
    supply and cannot be bought."""
    game = placing(seats=[{"hand": [], "coins": ["stangen"]}])
    assert not [k for k in supply(game) if k.startswith("pub")]
    for key in PUB_CARDS:
        refused(game, 0, f"build {key}")
    assert not [a for a in legal(game, 0) if "pub" in a]


# ---------------------------------------------------------------------------
# §4.1.6 removing the third card


def test_s4_1_6_second_card_offers_removing_the_third() -> None:
    """§4.1.6: buying one's second card of an establishment opens a decision:
    remove its third card from the game or not. Removed, it is gone for good."""
    game = placing(
        seats=[{"hand": [], "coins": ["stangen"] * 7, "establishments": ["casino-1"]}],
    )
    act(game, 0, "build casino-3")
    assert phase(game) == "remove-third"
    assert sorted(legal(game, 0)) == ["pass", "remove casino-4"]
    assert game.observe(0)["decision"] == {"third": "casino-4"}
    refused(game, 0, "remove casino-1", "§4.1.6")
    refused(game, 0, "build casino-4")
    events = act(game, 0, "remove casino-4")
    assert types(events) == ["remove"]
    assert phase(game) == "place"
    assert "casino-4" not in supply(game)
    assert owned(game, 0) == ["casino-1", "casino-3"]
    assert owned(game, 1) == []
    assert "build casino-4" not in legal(game, 0)
    refused(game, 0, "build casino-4", "§4.1.3")


def test_s4_1_6_pass_keeps_the_third_and_no_later_removal() -> None:
    """§4.1.6: declined, the third card stays in the supply; it cannot be
    removed later; buying it (the third card) opens no removal and completes the
    set, which makes the 1-card worth 4 (§4.3)."""
    game = placing(
        seats=[{"hand": [], "coins": ["stangen"] * 8, "establishments": ["casino-1"]}],
    )
    act(game, 0, "build casino-4")
    assert sorted(legal(game, 0)) == ["pass", "remove casino-3"]
    act(game, 0, "pass")
    assert phase(game) == "place"
    assert "casino-3" in supply(game)
    refused(game, 0, "remove casino-3", "§4.1.6")
    assert not [a for a in legal(game, 0) if a.startswith("remove")]
    act(game, 0, "build casino-3")
    assert phase(game) == "place"
    assert owned(game, 0) == ["casino-1", "casino-4", "casino-3"]
    assert tally(game, 0)["cards"] == 4 + 4 + 3


def test_s4_1_6_no_removal_after_the_first_card() -> None:
    """§4.1.6: the first card of an establishment opens no removal."""
    game = placing(seats=[{"hand": [], "coins": ["stangen"] * 3}])
    act(game, 0, "build casino-3")
    assert phase(game) == "place"
    assert {"casino-1", "casino-4"} <= set(supply(game))
    refused(game, 0, "remove casino-4", "§4.1.6")


def test_s4_1_6_not_offered_when_the_opponent_owns_the_third() -> None:
    """§4.1.6: the third card may be removed only if the opponent does not own
    it already; then no decision opens."""
    game = placing(
        seats=[
            {"hand": [], "coins": ["brech"] * 4, "establishments": ["undertaker-1"]},
            {"establishments": ["undertaker-3"]},
        ],
    )
    act(game, 0, "build undertaker-4")
    assert phase(game) == "place"
    assert owned(game, 1) == ["undertaker-3"]
    refused(game, 0, "remove undertaker-3", "§4.1.6")


def test_s4_1_6_two_cards_in_a_row() -> None:
    """§4.1.6: the second card may come right after the first; the decision
    then concerns the remaining card."""
    game = placing(seats=[{"hand": [], "coins": ["sau"] * 4}])
    act(game, 0, "build restaurant-1")
    assert phase(game) == "place"
    act(game, 0, "build restaurant-3")
    assert phase(game) == "remove-third"
    assert "remove restaurant-4" in legal(game, 0)
    act(game, 0, "remove restaurant-4")
    assert [k for k in supply(game) if k.startswith("restaurant")] == []


# ---------------------------------------------------------------------------
# §4.4 Police Stations


def test_s4_4_buyer_sees_the_treasury_and_takes_a_coin() -> None:
    """§4.4: on buying a Police Station the buyer looks through the mafia
    treasury (seen by him only) and must take one coin of his choice."""
    game = placing(
        seats=[{"hand": [], "coins": ["blaue"] * 3}],
        treasury=["sau", "brech", "brech"],
    )
    act(game, 0, "build police-station-3")
    assert phase(game) == "police-coin"
    assert sorted(game.observe(0)["decision"]["treasury"]) == ["brech", "brech", "sau"]
    assert game.observe(1)["decision"] == {"treasury": None}
    assert game.observe(None)["decision"] == {"treasury": None}
    assert sorted(legal(game, 0)) == ["take brech", "take sau"]
    assert legal(game, 1) == []
    refused(game, 0, "pass")
    refused(game, 0, "harvest f0")
    events = act(game, 0, "take brech")
    assert types(events) == ["police-coin"]
    assert coin_cards(game, 0) == ["brech"]
    assert sorted(treasury(game)) == ["brech", "sau"]
    assert phase(game) == "place"
    assert conserved(game)


def test_s4_4_take_a_type_not_in_the_treasury_refused() -> None:
    """§4.4: the coin is one of the treasury's; a type it does not hold is refused."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 4}], treasury=["sau"])
    act(game, 0, "build police-station-4")
    refused(game, 0, "take brech", "§4.4")
    refused(game, 0, "take blaue", "§4.4")
    act(game, 0, "take sau")
    assert treasury(game) == []
    assert coin_cards(game, 0) == ["sau"]


def test_s4_4_empty_treasury_no_coin() -> None:
    """§4.4: with an empty treasury the buyer takes nothing; no decision opens."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 3}])
    events = act(game, 0, "build police-station-3")
    assert types(events) == ["pay", "build"]
    assert phase(game) == "place"
    assert coin_cards(game, 0) == []


def test_s4_4_the_opponent_cannot_take() -> None:
    """§4.4: only the buyer takes the coin."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 3}], treasury=["sau"])
    act(game, 0, "build police-station-3")
    refused(game, 1, "take sau", "§4.4")
    assert treasury(game) == ["sau"]


def test_s4_4_the_coin_taken_is_seen_by_the_buyer_only() -> None:
    """§4.4: the buyer looks through the treasury alone: the opponent sees that
    a coin was taken, not which (observation, log and action)."""
    game = placing(seats=[{"hand": [], "coins": ["blaue"] * 3}], treasury=["sau", "brech"])
    acts(game, (0, "build police-station-3"), (0, "take brech"))
    assert game.observe(0)["seats"][0]["coin_cards"] == ["brech"]
    theirs = game.observe(1)["seats"][0]
    assert "coin_cards" not in theirs and theirs["coins"] == 1
    seen = list(game.events(1))
    assert [e for e in seen if e["type"] == "police-coin"] == [{"type": "police-coin", "seat": 0}]
    assert [e["action"] for e in seen if e["type"] == "action"][-1] == {"type": "take"}
    mine = [e for e in game.events(0) if e["type"] == "police-coin"]
    assert mine == [{"type": "police-coin", "seat": 0, "card": "brech"}]


def test_s4_4_police_station_in_the_final_buying() -> None:
    """§5.2 step 2 / §4.4: a Police Station bought in the final buying also
    takes a treasury coin; then the final buying goes on."""
    game = last_turn(
        seats=[{"hand": []}, {"hand": [], "coins": ["blaue"] * 3}],
        treasury=["sau", "sau"],
    )
    acts(game, (0, "pass"), (0, "pass"))
    assert game.active == 1 and phase(game) == "final-buying"
    act(game, 1, "build police-station-3")
    assert phase(game) == "police-coin"
    act(game, 1, "take sau")
    assert phase(game) == "final-buying" and game.active == 1
    act(game, 1, "pass")
    assert phase(game) == "over"
    assert final_tally(game, 1) == {"cash": 1, "cards": 3, "bonus": 0, "total": 4}
    assert details(game)["mafia"] == 1


#: 11 establishment cards, 4 establishments
MANY = [
    "casino-1",
    "casino-3",
    "casino-4",
    "undertaker-1",
    "undertaker-3",
    "undertaker-4",
    "restaurant-1",
    "restaurant-3",
    "restaurant-4",
    "nightbar-1",
    "nightbar-3",
]


@pytest.mark.parametrize(
    ("count", "bonus"),
    [(0, 0), (5, 0), (6, 1), (7, 2), (8, 3), (9, 5), (10, 8), (11, 8)],
)
def test_s1_3_police_station_3_bonus_by_cards(count: int, bonus: int) -> None:
    """§1.3: police-station-3's end bonus by the number of establishment cards
    owned: fewer than 6 -> 0, 6->1, 7->2, 8->3, 9->5, 10 or more->8."""
    game = last_turn(
        seats=[{"hand": [], "coins": ["blaue"] * 3, "establishments": MANY[:count]}],
    )
    act(game, 0, "build police-station-3")
    act(game, 0, "pass")
    finish(game)
    t = final_tally(game, 0)
    assert t["bonus"] == bonus
    assert t["total"] == t["cash"] + t["cards"] + bonus


#: one 1-card of each establishment
ONES = [
    "casino-1",
    "undertaker-1",
    "restaurant-1",
    "nightbar-1",
    "gas-station-1",
    "variete-1",
    "pub-1",
]


@pytest.mark.parametrize(
    ("count", "bonus"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (5, 5), (6, 8), (7, 8)]
)
def test_s1_3_police_station_4_bonus_by_establishments(count: int, bonus: int) -> None:
    """§1.3 / PB-D1: police-station-4's end bonus by the number of different
    establishments: fewer than 2 -> 0, 2->1, 3->2, 4->3, 5->5, 6->8, and 7 (Pub
    variant) -> 8."""
    game = last_turn(
        seats=[{"hand": [], "coins": ["blaue"] * 4, "establishments": ONES[:count]}],
        **FREE_PUB,
    )
    act(game, 0, "build police-station-4")
    act(game, 0, "pass")
    finish(game)
    assert final_tally(game, 0)["bonus"] == bonus


def test_s1_3_police_station_4_counts_establishments_not_cards() -> None:
    """§1.3: three Casino cards are one establishment for police-station-4."""
    game = last_turn(
        seats=[
            {
                "hand": [],
                "coins": ["blaue"] * 4,
                "establishments": ["casino-1", "casino-3", "casino-4", "undertaker-1"],
            }
        ],
    )
    act(game, 0, "build police-station-4")
    act(game, 0, "pass")
    finish(game)
    assert final_tally(game, 0)["bonus"] == 1


def test_s4_3_one_cards_count_for_the_bonus_after_the_razzia() -> None:
    """§4.3 / §1.3: after the Razzia the 1-cards are worth 0 but still count for
    the Police Station bonus."""
    six = ONES[:6]
    game = last_turn(
        seats=[
            {"hand": [], "coins": ["blaue"] * 3, "establishments": six},
            {"establishments": ["razzia"]},
        ],
    )
    act(game, 0, "build police-station-3")
    act(game, 0, "pass")
    finish(game)
    t = final_tally(game, 0)
    assert t["cards"] == 3  # the six 1-cards are worth 0, the Police Station 3
    assert t["bonus"] == 1


def test_s1_3_police_stations_and_razzia_are_no_establishments() -> None:
    """§1.3: Police Stations and the Razzia are not establishments: 5
    establishment cards with police-station-3 and the Razzia are 5, not 7, for
    the bonus."""
    game = last_turn(
        seats=[
            {
                "hand": [],
                "coins": ["blaue"] * 7,
                "establishments": [
                    "casino-3",
                    "casino-4",
                    "undertaker-3",
                    "undertaker-4",
                    "restaurant-3",
                ],
            }
        ],
    )
    acts(game, (0, "build razzia"), (0, "build police-station-3"))
    assert len(owned(game, 0)) == 7
    act(game, 0, "pass")
    finish(game)
    t = final_tally(game, 0)
    assert t["bonus"] == 0
    assert t["cards"] == 3 + 4 + 3 + 4 + 3 + 4 + 3


def test_s1_3_razzia_alone_no_police_4_bonus() -> None:
    """§1.3: the Razzia is no establishment for police-station-4 either: with
    one establishment and the Razzia the bonus is 0."""
    game = last_turn(
        seats=[{"hand": [], "coins": ["blaue"] * 8, "establishments": ["casino-3"]}],
    )
    acts(game, (0, "build razzia"), (0, "build police-station-4"))
    act(game, 0, "pass")
    finish(game)
    assert final_tally(game, 0)["bonus"] == 0


# ---------------------------------------------------------------------------
# §4.3 values of the 1-cards


def test_s4_3_one_card_worth_one() -> None:
    """§4.3 step 3: a bought 1-card is worth 1 at the end."""
    game = last_turn(seats=[{"hand": [], "coins": ["feuer", "puff"]}])
    act(game, 0, "build gas-station-1")
    assert tally(game, 0)["cards"] == 1
    act(game, 0, "pass")
    finish(game)
    assert final_tally(game, 0) == {"cash": 1, "cards": 1, "bonus": 0, "total": 2}


def test_s4_3_razzia_by_the_opponent_makes_one_cards_worth_zero() -> None:
    """§4.3 step 2: after the Razzia, bought by anyone, every 1-card is worth 0:
    the opponent's, and one bought later."""
    game = placing(
        active=1,
        seats=[
            {"hand": ["sau"], "coins": ["brech"], "establishments": ["casino-1", "casino-3"]},
            {"hand": [], "coins": ["blaue"] * 4},
        ],
    )
    assert tally(game, 0)["cards"] == 1 + 3
    act(game, 1, "build razzia")
    assert tally(game, 0)["cards"] == 0 + 3
    assert tally(game, 1)["cards"] == 4
    act(game, 1, "pass")
    assert game.active == 0
    act(game, 0, "build undertaker-1")
    assert tally(game, 0)["cards"] == 3


def test_pb_d12_full_set_completed_after_the_razzia_worth_four() -> None:
    """§4.3 step 1 / PB-D12: the 1-card is worth 4 with the 3- and 4-card of its
    establishment, also when the set is completed after the Razzia."""
    game = placing(
        seats=[
            {"hand": [], "coins": ["puff"] * 7, "establishments": ["nightbar-1"]},
            {"establishments": ["razzia"]},
        ],
    )
    assert tally(game, 0)["cards"] == 0
    act(game, 0, "build nightbar-3")
    act(game, 0, "pass")  # keep the nightbar-4 in the supply
    assert tally(game, 0)["cards"] == 0 + 3
    act(game, 0, "build nightbar-4")
    assert tally(game, 0)["cards"] == 4 + 3 + 4


def test_s4_3_full_set_keeps_four_when_the_razzia_comes() -> None:
    """§4.3 step 1: a 1-card of a full set stays worth 4 after the Razzia;
    another 1-card drops to 0."""
    game = last_turn(
        seats=[
            {
                "hand": [],
                "coins": ["blaue"] * 4,
                "establishments": ["variete-1", "variete-3", "variete-4", "casino-1"],
            }
        ],
    )
    assert tally(game, 0)["cards"] == 4 + 3 + 4 + 1
    act(game, 0, "build razzia")
    act(game, 0, "pass")
    finish(game)
    assert final_tally(game, 0)["cards"] == 4 + 3 + 4 + 0 + 4


# ---------------------------------------------------------------------------
# pub-4


def pub_game(**kw: Any) -> Prohibohn:
    return placing(**kw, **FREE_PUB)


def test_pub_4_removes_an_opponent_one_card_worth_one() -> None:
    """§4.2 Pub: on buying pub-4 the buyer may remove one of the opponent's
    1-establishments worth exactly 1; it leaves the game. A 1-card worth 4
    (full set) is not offered."""
    game = pub_game(
        seats=[
            {"hand": [], "coins": ["cognac"] * 4},
            {
                "establishments": [
                    "casino-1",
                    "undertaker-1",
                    "undertaker-3",
                    "undertaker-4",
                    "restaurant-1",
                ]
            },
        ],
    )
    act(game, 0, "build pub-4")
    assert phase(game) == "pub-removal"
    assert sorted(legal(game, 0)) == ["pass", "remove casino-1", "remove restaurant-1"]
    assert game.observe(0)["decision"] == {"removable": ["casino-1", "restaurant-1"]}
    refused(game, 0, "remove undertaker-1", "§4.2")
    refused(game, 0, "remove undertaker-3", "§4.2")
    refused(game, 0, "build pub-1")
    events = act(game, 0, "remove casino-1")
    assert types(events) == ["remove"]
    assert phase(game) == "place"
    assert owned(game, 1) == ["undertaker-1", "undertaker-3", "undertaker-4", "restaurant-1"]
    assert owned(game, 0) == ["pub-4"]
    assert "casino-1" not in supply(game)
    assert tally(game, 1)["cards"] == 4 + 3 + 4 + 1


def test_pub_4_pass_declines() -> None:
    """§4.2 Pub: the removal is optional (``pass``)."""
    game = pub_game(
        seats=[{"hand": [], "coins": ["cognac"] * 4}, {"establishments": ["casino-1"]}],
    )
    act(game, 0, "build pub-4")
    act(game, 0, "pass")
    assert phase(game) == "place"
    assert owned(game, 1) == ["casino-1"]
    refused(game, 0, "remove casino-1")


def test_pub_4_nothing_to_remove_after_the_razzia() -> None:
    """§4.2 Pub: a 1-card worth 0 (after the Razzia) cannot be removed; with
    none worth exactly 1 the ability is lost and no decision opens."""
    game = pub_game(
        seats=[
            {"hand": [], "coins": ["cognac"] * 4},
            {"establishments": ["casino-1", "razzia", "nightbar-1"]},
        ],
    )
    events = act(game, 0, "build pub-4")
    assert types(events) == ["pay", "build"]
    assert phase(game) == "place"
    refused(game, 0, "remove casino-1")
    assert owned(game, 1) == ["casino-1", "razzia", "nightbar-1"]


def test_pub_4_only_the_opponents_cards() -> None:
    """§4.2 Pub: the buyer's own 1-cards are not offered; no opponent 1-card, no
    decision."""
    game = pub_game(
        seats=[
            {"hand": [], "coins": ["cognac"] * 4, "establishments": ["casino-1"]},
            {"establishments": ["casino-3"]},
        ],
    )
    act(game, 0, "build pub-4")
    assert phase(game) == "place"
    assert owned(game, 0) == ["casino-1", "pub-4"]


def test_pub_4_as_second_pub_card_opens_both_decisions() -> None:
    """§4.1.6 / §4.2 Pub: pub-4 as the buyer's second Pub card opens both
    decisions: removing the pub-3 and removing an opponent's 1-card."""
    game = pub_game(
        seats=[
            {"hand": [], "coins": ["cognac"] * 4, "establishments": ["pub-1"]},
            {"establishments": ["casino-1"]},
        ],
    )
    act(game, 0, "build pub-4")
    decisions = []
    for _ in range(2):
        decisions.append((phase(game), sorted(legal(game, 0))))
        act(game, 0, next(a for a in legal(game, 0) if a.startswith("remove")))
    assert phase(game) == "place"
    assert sorted(decisions) == [
        ("pub-removal", ["pass", "remove casino-1"]),
        ("remove-third", ["pass", "remove pub-3"]),
    ]
    assert "pub-3" not in supply(game)
    assert owned(game, 1) == []


# ---------------------------------------------------------------------------
# Nightbars (§4.2, PB-D9, PB-D15)


def test_s4_2_no_mixing_without_a_nightbar() -> None:
    """§4.2 / al-cabohne §2.3: without nightbar-3 or nightbar-4 (the nightbar-1
    has no ability) a field holds one type."""
    game = planting(
        seats=[
            {
                "hand": ["puff", "sau"],
                "fields": [["sau"], ["brech"]],
                "establishments": ["nightbar-1"],
            }
        ],
    )
    refused(game, 0, "plant f0", "§2.3")
    refused(game, 0, "plant f1", "§2.3")
    assert [a for a in legal(game, 0) if a.startswith("plant")] == []


def test_s4_2_nightbar_3_second_type_on_a_one_card_field_then_alternating() -> None:
    """§4.2 / PB-D15: with nightbar-3 a card of a second type joins a field
    holding exactly 1 card; the field then alternates: the next card must be of
    the other type than the top card."""
    game = planting(
        seats=[
            {
                "hand": ["puff", "sau", "puff"],
                "fields": [["sau"], ["brech", "brech"]],
                "establishments": ["nightbar-3"],
            }
        ],
    )
    assert "plant f0" in legal(game, 0)
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["sau", "puff"]
    # sau, the other type, alternates
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["sau", "puff", "sau"]


def test_s4_2_nightbar_3_same_type_twice_breaks_alternation() -> None:
    """§4.2 / PB-D15: on a two-type nightbar-3 field, a card of the top card's
    type (or of a third type) does not fit."""
    for card in ("puff", "kidney"):
        game = planting(
            seats=[
                {
                    "hand": [card],
                    "fields": [["sau", "puff"], ["brech"]],
                    "establishments": ["nightbar-3"],
                }
            ],
        )
        refused(game, 0, "plant f0", "§2.3")
        assert "plant f0" not in legal(game, 0)


def test_s4_2_nightbar_3_not_on_a_field_of_two_cards() -> None:
    """PB-D15: a second type joins only a 1-card field: not a field of two sau."""
    game = planting(
        seats=[
            {
                "hand": ["puff"],
                "fields": [["sau", "sau"], ["brech"]],
                "establishments": ["nightbar-3"],
            }
        ],
    )
    refused(game, 0, "plant f0", "§2.3")
    assert "plant f1" in legal(game, 0)


def test_s4_2_nightbar_4_first_card_any_type_second_fixes_it() -> None:
    """§4.2: with nightbar-4 the first card of a field may be of any type; the
    second card fixes the field's type; later cards must be of that type."""
    game = planting(
        seats=[
            {
                "hand": ["puff", "puff", "sau"],
                "fields": [["sau"], ["brech", "brech"]],
                "establishments": ["nightbar-4"],
            }
        ],
    )
    act(game, 0, "plant f0")
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["sau", "puff", "puff"]
    assert phase(game) == "place"
    game = planting(
        seats=[
            {
                "hand": ["puff", "sau"],
                "fields": [["sau"], ["brech", "brech"]],
                "establishments": ["nightbar-4"],
            }
        ],
    )
    act(game, 0, "plant f0")
    refused(game, 0, "plant f0", "§2.3")  # no alternating with nightbar-4 alone


def test_s4_2_nightbar_4_type_fixed_by_the_second_card() -> None:
    """§4.2: with nightbar-4 a field of two sau is a sau field."""
    game = planting(
        seats=[
            {
                "hand": ["puff"],
                "fields": [["sau", "sau"], ["brech"]],
                "establishments": ["nightbar-4"],
            }
        ],
    )
    refused(game, 0, "plant f0", "§2.3")


def test_s4_2_nightbar_4_pile_of_the_second_type() -> None:
    """§4.2: with nightbar-4 a whole phase-5 pile of another type joins a 1-card
    field (the first card counts toward the size)."""
    game = placing(
        seats=[{"hand": [], "fields": [["sau"], []], "establishments": ["nightbar-4"]}],
        piles=[["puff", "puff"]],
    )
    act(game, 0, "place p0 f0")
    assert fields(game, 0)[0] == ["sau", "puff", "puff"]
    act(game, 0, "harvest f0")  # 3 cards under a puff top: puff pays 1 from 4
    assert coin_cards(game, 0) == []
    assert discard(game) == ["sau", "puff", "puff"]


@pytest.mark.parametrize(
    ("third", "then_ok", "then_refused"),
    [("sau", "puff", "sau"), ("puff", "puff", "sau")],
    ids=["third-alternates-nightbar-3", "third-repeats-nightbar-4"],
)
def test_s4_2_both_nightbars_third_card_decides(
    third: str, then_ok: str, then_refused: str
) -> None:
    """§4.2: the owner of both Nightbars decides with a field's third card which
    one he uses: sau on [sau, puff] alternates (nightbar-3: puff next), puff on
    it fixes puff (nightbar-4: puff next)."""
    game = planting(
        seats=[
            {
                "hand": [third, then_refused],
                "fields": [["sau", "puff"], ["brech", "brech"]],
                "establishments": ["nightbar-3", "nightbar-4"],
            }
        ],
    )
    assert "plant f0" in legal(game, 0)
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["sau", "puff", third]
    refused(game, 0, "plant f0", "§2.3")
    assert "plant f0" not in legal(game, 0)
    game2 = planting(
        seats=[
            {
                "hand": [third, then_ok],
                "fields": [["sau", "puff"], ["brech", "brech"]],
                "establishments": ["nightbar-3", "nightbar-4"],
            }
        ],
    )
    acts(game2, (0, "plant f0"), (0, "plant f0"))
    assert fields(game2, 0)[0] == ["sau", "puff", third, then_ok]


def test_s4_2_nightbars_on_both_fields() -> None:
    """§4.2: a Nightbar may be used on both fields at once."""
    game = planting(
        seats=[
            {
                "hand": ["puff", "kidney"],
                "fields": [["sau"], ["brech"]],
                "establishments": ["nightbar-3"],
            }
        ],
    )
    acts(game, (0, "plant f0"), (0, "plant f1"))
    assert fields(game, 0) == [["sau", "puff"], ["brech", "kidney"]]


def test_pb_d9_no_two_top_cards_of_one_type() -> None:
    """PB-D9: after a placement no two fields' top cards may be of one type:
    nightbar-3 does not put a puff on the sau field while the other field's top
    is a puff, nor a sau on the puff field."""
    game = planting(
        seats=[
            {
                "hand": ["puff", "sau"],
                "fields": [["sau"], ["puff"]],
                "establishments": ["nightbar-3"],
            }
        ],
    )
    refused(game, 0, "plant f0", "§2.3")
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f1"]
    act(game, 0, "plant f1")
    refused(game, 0, "plant f1", "§2.3")
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["sau", "sau"], ["puff", "puff"]]


def test_pb_d9_two_type_field_top_differs_from_the_other_field() -> None:
    """PB-D9: only top cards are compared: a mixed field [sau, puff] and a sau
    field may lie side by side."""
    game = planting(
        seats=[
            {
                "hand": ["puff", "sau"],
                "fields": [["sau"], []],
                "establishments": ["nightbar-3"],
            }
        ],
    )
    act(game, 0, "plant f0")
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["sau", "puff"], ["sau"]]


def test_s4_2_nightbar_3_phase_5_pile_not_split_rulebook_example() -> None:
    """§4.2 rulebook example: with nightbar-3 and 2 brech and 1 puff uncovered,
    the two brech go on one field together; they cannot be split around the
    puff (brech, puff, brech): after the brech pile lies on a field, the puff
    does not join it, and the 2-card pile cannot go on the 1-card puff field."""
    game = placing(
        seats=[{"hand": [], "fields": [[], ["sau", "sau"]], "establishments": ["nightbar-3"]}],
        piles=[["brech", "brech"], ["puff"]],
    )
    act(game, 0, "place p1 f0")
    assert fields(game, 0)[0] == ["puff"]
    refused(game, 0, "place p0 f0", "§2.3")
    assert not [a for a in legal(game, 0) if a.startswith("place p0 f")]
    game = placing(
        seats=[{"hand": [], "fields": [[], ["sau", "sau"]], "establishments": ["nightbar-3"]}],
        piles=[["brech", "brech"], ["puff"]],
    )
    act(game, 0, "place p0 f0")
    assert fields(game, 0)[0] == ["brech", "brech"]
    refused(game, 0, "place p0 f0", "§2.3")


def test_s4_2_nightbar_in_phase_1() -> None:
    """§4.2: the Nightbars apply in phase 1 too: a leftover pile of one card
    joins a 1-card field of another type with nightbar-3."""
    game = planting(
        seats=[
            {
                "hand": ["kidney"],
                "fields": [["sau"], ["brech", "brech"]],
                "establishments": ["nightbar-3"],
            }
        ],
        piles=[["puff"]],
    )
    assert phase(game) == "use-leftovers"
    act(game, 0, "place p0 f0")
    assert fields(game, 0)[0] == ["sau", "puff"]


def test_s3_3_mixed_field_harvest_top_card_beanometer() -> None:
    """§4.2 / §3.3: a mixed field is sold by the beanometer of its top card,
    counting all its cards; the top cards become coins, the rest go to the
    discard pile in planting order."""
    game = placing(
        seats=[
            {
                "hand": [],
                "fields": [["kidney", "stangen", "kidney", "stangen"], []],
                "establishments": ["nightbar-3"],
            }
        ],
    )
    events = act(game, 0, "harvest f0")
    # 4 cards under a stangen top: stangen pays 2 for 4 (kidney would pay 0)
    assert of_type(events, "harvest")[0]["coins"] == 2
    assert coin_cards(game, 0) == ["kidney", "stangen"]
    assert discard(game) == ["kidney", "stangen"]


# ---------------------------------------------------------------------------
# §5.2 the end sequence


def test_s5_2_third_exhaustion_in_phase_6_final_buying_then_play_on() -> None:
    """§5.2 steps 1-3 / PB-D13: the 3rd exhaustion in phase 6 stops the turn;
    the last player may harvest and buy, then his opponent; with fewer than 10
    establishment cards the discard pile becomes a 4th draw pile and the
    interrupted phase 6 draws the missing card; then the opponent's turn."""
    game = placing(
        seats=[
            {"hand": [], "fields": [["sau", "sau", "sau"], []], "coins": []},
            {"hand": ["kidney"], "fields": [["brech"] * 3, []]},
        ],
        deck=["puff"],
        discard=["stangen", "stangen"],
        exhaustions=2,
    )
    events = act(game, 0, "pass")
    assert types(events)[-1] == "final-buying"
    assert game.exhaustions == 3
    assert hand(game, 0) == ["puff"]
    assert phase(game) == "final-buying" and game.active == 0
    assert legal(game, 1) == []
    refused(game, 1, "build undertaker-1")
    assert sorted(legal(game, 0)) == ["harvest f0", "pass"]
    acts(game, (0, "harvest f0"), (0, "build restaurant-1"))
    assert owned(game, 0) == ["restaurant-1"]
    events = act(game, 0, "pass")
    assert of_type(events, "final-buying") == [{"type": "final-buying", "seat": 1}]
    assert game.active == 1 and phase(game) == "final-buying"
    assert legal(game, 0) == []
    acts(game, (1, "harvest f0"), (1, "build undertaker-1"))
    assert owned(game, 1) == ["undertaker-1"]
    events = act(game, 1, "pass")
    assert of_type(events, "play-on") == [{"type": "play-on", "establishments": 2}]
    assert game.extended
    assert game.result() is None
    # phase 6 of seat 0 draws the missing card from the new pile, then seat 1 plays
    draws = of_type(events, "draw")
    assert [(d["seat"], len(d["cards"])) for d in draws] == [(0, 1)]
    assert len(hand(game, 0)) == 2
    assert game.active == 1 and phase(game) == "plant"
    assert conserved(game)


def test_s5_2_third_exhaustion_in_phase_4_then_phase_5_then_play_on_phase_6() -> None:
    """§5.2 step 1 / PB-D13: the 3rd exhaustion while uncovering stops it;
    phase 5 is played; then the final buying; playing on, the turn continues
    with phase 6 (two cards); uncovering is not resumed."""
    game = planting(
        seats=[{"hand": ["sau", "brech"]}, {"hand": ["kidney"]}],
        deck=["puff", "kidney"],
        discard=["stangen"] * 3,
        exhaustions=2,
    )
    act(game, 0, "plant f0")
    act(game, 0, "pass")
    assert game.exhaustions == 3
    assert piles(game) == [["puff"], ["kidney"]]
    assert phase(game) == "place"
    act(game, 0, "place p0 f1")
    events = act(game, 0, "pass")
    assert types(events)[-1] == "final-buying"
    assert hand(game, 0) == ["brech"]  # no draw yet
    assert piles(game) == [["kidney"]]
    act(game, 0, "pass")
    events = act(game, 1, "pass")
    assert "play-on" in types(events)
    assert [d["seat"] for d in of_type(events, "draw")] == [0]
    assert hand(game, 0) == ["brech", "stangen", "stangen"]
    assert of_type(events, "uncover") == []
    assert game.active == 1
    assert phase(game) == "use-leftovers"  # seat 0's kidney pile is seat 1's leftover


def test_s5_2_fourth_exhaustion_ends_after_another_final_buying() -> None:
    """§5.2 step 4: playing on, the 4th exhaustion ends the game after another
    round of final buying (last player first), without a further play-on."""
    game = last_turn(
        seats=[{"hand": [], "coins": ["sau"]}, {"hand": [], "coins": ["brech"]}],
    )
    events = act(game, 0, "pass")
    assert game.exhaustions == 4
    assert phase(game) == "final-buying" and game.active == 0
    act(game, 0, "build restaurant-1")
    act(game, 0, "pass")
    assert game.active == 1
    act(game, 1, "build undertaker-1")
    events = act(game, 1, "pass")
    assert "play-on" not in types(events)
    assert phase(game) == "over"
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"


def test_s5_2_fourth_exhaustion_in_the_continued_phase_6() -> None:
    """§5.2 steps 3-4 / PB-D13: the 4th draw pile may run out while the
    interrupted phase 6 draws its missing card: the turn stops there, and after
    another round of final buying (the same player first) the game ends."""
    game = placing(
        seats=[{"hand": []}, {"hand": []}],
        deck=["puff"],
        discard=["kidney"],
        exhaustions=2,
    )
    act(game, 0, "pass")
    assert game.exhaustions == 3 and hand(game, 0) == ["puff"]
    act(game, 0, "pass")
    events = act(game, 1, "pass")
    assert types(events)[-1] == "final-buying"
    assert "play-on" in types(events)
    assert [e["count"] for e in of_type(events, "exhausted")] == [4]
    assert hand(game, 0) == ["puff", "kidney"]
    assert phase(game) == "final-buying" and game.active == 0
    events = finish(game)
    assert "play-on" not in types(events)
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"


@pytest.mark.parametrize(
    ("mine", "theirs", "pub", "ends"),
    [
        (
            ["casino-1", "casino-3", "casino-4", "undertaker-1", "undertaker-3"],
            ["undertaker-4", "restaurant-1", "restaurant-3", "restaurant-4", "nightbar-1"],
            False,
            True,
        ),
        (
            [
                "casino-1",
                "casino-3",
                "casino-4",
                "undertaker-1",
                "undertaker-3",
                "police-station-3",
            ],
            [
                "undertaker-4",
                "restaurant-1",
                "restaurant-3",
                "restaurant-4",
                "razzia",
                "police-station-4",
            ],
            False,
            False,
        ),
        (
            ["pub-1", "pub-3", "pub-4", "undertaker-1", "undertaker-3"],
            ["undertaker-4", "restaurant-1", "restaurant-3", "restaurant-4", "nightbar-1"],
            True,
            True,
        ),
        (
            ["casino-1", "casino-3", "casino-4", "undertaker-1"],
            ["undertaker-4", "restaurant-1", "restaurant-3", "restaurant-4", "nightbar-1"],
            False,
            False,
        ),
    ],
    ids=["ten-end", "nine-and-police-and-razzia-play-on", "pub-cards-count", "nine-play-on"],
)
def test_s5_2_ten_establishment_cards_end_the_game(
    mine: list[str], theirs: list[str], pub: bool, ends: bool
) -> None:
    """§5.2 steps 3 and 5: after the final buying at the 3rd exhaustion the game
    ends if both players together own 10 or more establishment cards (Pub cards
    count, Police Stations and the Razzia do not); otherwise play goes on."""
    game = placing(
        seats=[
            {"hand": [], "establishments": mine},
            {"hand": [], "establishments": theirs},
        ],
        deck=["kidney"],
        discard=["sau"] * 4,
        exhaustions=2,
        **(FREE_PUB if pub else FREE),
    )
    act(game, 0, "pass")
    assert phase(game) == "final-buying"
    events = finish(game) if ends else acts(game, (0, "pass"), (1, "pass"))
    if ends:
        assert "play-on" not in types(events)
        assert game.result() is not None
    else:
        assert "play-on" in types(events)
        assert game.result() is None
        assert game.extended


def test_s5_2_final_purchase_counts_toward_ten() -> None:
    """§5.2 step 3: the count is made after both players' purchases: 9 cards
    plus the one the opponent buys in the final buying end the game."""
    game = placing(
        seats=[
            {"hand": [], "establishments": ["casino-1", "casino-3", "casino-4", "undertaker-1"]},
            {
                "hand": [],
                "coins": ["feuer"],
                "establishments": [
                    "undertaker-4",
                    "restaurant-1",
                    "restaurant-3",
                    "restaurant-4",
                    "nightbar-1",
                ],
            },
        ],
        deck=["kidney"],
        exhaustions=2,
    )
    act(game, 0, "pass")
    act(game, 0, "pass")
    act(game, 1, "build gas-station-1")
    events = act(game, 1, "pass")
    assert "play-on" not in types(events)
    assert phase(game) == "over"


# ---------------------------------------------------------------------------
# §5.3 scoring


def test_s5_3_rulebook_tally_example() -> None:
    """§5.3 rulebook example: cash 8; undertaker-3, casino-1, casino-3,
    casino-4, restaurant-1 and police-station-4, no Razzia: the cards are worth
    19 (the full Casino set makes casino-1 worth 4), 3 establishments give a
    bonus of 2: total 29."""
    game = last_turn(
        seats=[
            {
                "hand": [],
                "coins": ["sau", "sau", "puff", "puff", "brech", "brech", "kidney", "kidney"],
                "establishments": [
                    "undertaker-3",
                    "casino-1",
                    "casino-3",
                    "casino-4",
                    "restaurant-1",
                    "police-station-4",
                ],
            }
        ],
    )
    act(game, 0, "pass")
    finish(game)
    assert final_tally(game, 0) == {"cash": 8, "cards": 19, "bonus": 2, "total": 29}
    result = game.result()
    assert result is not None and result.scores == (29, 0)


def test_s5_3_mafia_against_the_full_total() -> None:
    """§5.3 step 4 / §6.1: the treasury is compared with each player's full
    total (cash + cards + bonus), not his cash: 2 coins and cards worth 7 beat
    a treasury of 6."""
    game = last_turn(
        seats=[
            {"hand": [], "coins": ["sau", "sau"], "establishments": ["casino-3", "casino-4"]},
            {"hand": [], "coins": ["sau"] * 3},
        ],
        treasury=["brech"] * 6,
    )
    act(game, 0, "pass")
    finish(game)
    d = details(game)
    assert d["mafia"] == 6
    assert d["winner"] == "player"
    result = game.result()
    assert result is not None and result.winners == (0,)
    assert result.scores == (9, 3)


def test_ac_d16_tie_with_the_mafia_goes_to_the_mafia() -> None:
    """§5.3 step 4 / AC-D16: a player whose total equals the treasury does not
    beat the mafia."""
    game = last_turn(
        seats=[
            {"hand": [], "coins": ["sau", "sau"], "establishments": ["casino-4"]},
            {"hand": [], "coins": ["sau"]},
        ],
        treasury=["brech"] * 6,
    )
    act(game, 0, "pass")
    finish(game)
    assert details(game)["winner"] == "mafia"
    result = game.result()
    assert result is not None and result.winners == ()


@pytest.mark.parametrize(("first", "winner"), [(0, 1), (1, 0)])
def test_s5_3_tied_players_later_first_turn_wins(first: int, winner: int) -> None:
    """§5.3 step 4: two players with equal totals above the treasury: the one
    whose first turn came later wins (seat 1 when seat 0 began, else seat 0)."""
    game = last_turn(
        active=first,
        options={"first_player": first},
        seats=[
            {"hand": [], "coins": ["sau"], "establishments": ["casino-4"]},
            {"hand": [], "coins": ["sau", "sau"], "establishments": ["undertaker-3"]},
        ],
        treasury=["brech"] * 2,
    )
    act(game, first, "pass")
    finish(game)
    result = game.result()
    assert result is not None
    assert result.scores == (5, 5)
    assert result.winners == (winner,)
    assert details(game)["winner"] == "player"


def test_ac_d15_boss_fields_into_the_treasury_at_the_end() -> None:
    """§5.3 step 1 / AC-D15: the players' fields are sold, and the bosses'
    fields are sold into the treasury whatever their threshold."""
    game = last_turn(
        seats=[
            {"hand": [], "fields": [["sau"] * 3, []], "coins": ["sau"] * 4},
            {"hand": [], "fields": [["brech"] * 3, []]},
        ],
        bosses=[["stangen"] * 3, ["feuer"] * 3],
        treasury=["puff"] * 2,
    )
    act(game, 0, "pass")
    finish(game)
    assert bosses(game) == [[], []]
    # stangen 3 -> 1, feuer 3 -> 1: the treasury 2 + 2
    d = details(game)
    assert d["mafia"] == 4
    assert len(treasury(game)) == 4
    assert final_tally(game, 0)["cash"] == 5
    assert final_tally(game, 1)["cash"] == 1
    assert d["winner"] == "player"
    assert conserved(game)


def test_s5_3_razzia_card_worth_four() -> None:
    """§5.3 step 2 / §1.3: the Razzia card is worth 4 to its owner."""
    game = last_turn(seats=[{"hand": [], "coins": ["sau"] * 6}])
    act(game, 0, "build razzia name sau")
    act(game, 0, "pass")
    finish(game)
    assert final_tally(game, 0) == {"cash": 1, "cards": 4, "bonus": 0, "total": 5}


# ---------------------------------------------------------------------------
# §2 step 4 the Pub variant


@pytest.mark.parametrize("seed", range(4))
def test_s2_4_pub_variant_setup(seed: int) -> None:
    """§2 step 4: with option pub the 22 cognac cards are in the game, the 3 Pub
    cards in the supply, the mafia is set up as in the solo game with Joe
    Bohnano, and each player has 3 fields."""
    game = Prohibohn.new(2, seed, {"pub": True})
    cards = [*game.deck, *game.hands[0], *game.hands[1]] + [c for f in game.bosses for c in f]
    keys = game.table.key_list(cards)
    assert Counter(keys)["cognac"] == 22
    assert len(keys) == 116 + 22
    assert {"pub-1", "pub-3", "pub-4"} <= set(supply(game))
    assert len(supply(game)) == 24
    assert len(game.bosses) == 3
    al, don, joe = bosses(game)
    assert len(joe) == 1 and len(don) >= 1 and len(al) >= 1
    assert len({al[0], don[0], joe[0]}) == 3
    assert [len(f) for f in game.fields] == [3, 3]
    assert phase(game) == "start-coins"
    assert [len(h) for h in game.hands] == [7, 7]
    assert game.box == []


@pytest.mark.parametrize("seed", range(4))
def test_s2_4_without_pub(seed: int) -> None:
    """§1.1 / §2: without the Pub variant there are no cognac cards, no Pubs, 2
    bosses and 2 fields each."""
    game = Prohibohn.new(2, seed)
    cards = [*game.deck, *game.hands[0], *game.hands[1]] + [c for f in game.bosses for c in f]
    keys = game.table.key_list(cards)
    assert "cognac" not in keys
    assert len(keys) == 116
    assert not [k for k in supply(game) if k.startswith("pub")]
    assert len(supply(game)) == 21
    assert len(game.bosses) == 2
    assert [len(f) for f in game.fields] == [2, 2]


def test_s2_4_pub_variant_three_fields_in_play() -> None:
    """§2 step 4: the third field of the Pub variant is planted like the others."""
    game = planting(
        seats=[{"hand": ["sau", "puff"], "fields": [["brech"], ["kidney"], []]}], **FREE_PUB
    )
    assert "plant f2" in legal(game, 0)
    act(game, 0, "plant f2")
    assert fields(game, 0)[2] == ["sau"]


def test_s2_4_scenario_without_pub_has_no_cognac() -> None:
    """§2 step 4: without option pub the cognac cards stay in the box; a
    scenario whose unnamed cards are shuffled into the deck holds no cognac."""
    game = position(seats=[None, None], deck_rest="shuffle", phase="plant", **FREE)
    assert "cognac" not in deck(game)
    assert "cognac" not in hand(game, 0) + hand(game, 1)


@pytest.mark.parametrize(
    "name",
    ["remove-third", "police-coin", "pub-removal", "final-buying", "start-coins", "protect"],
)
def test_scenario_positions_begin_only_in_playable_phases(name: str) -> None:
    """The Prohibohn position loader: positions begin in ``use-leftovers``,
    ``plant`` or ``place``; the decision phases are reached only in play."""
    with pytest.raises(BohnError):
        position(seats=[{"hand": []}], phase=name, deck=["kidney"], **FREE)
