"""Scenario tests for High Bohn, part B: the Saloon, the General Store, the
Blacksmith, the Jail, the Distillery of the Cognac variant and the final
sequence (``rules/high-bohn.md`` §4.3.5-§4.3.9, §5).

Each test names the section (``§4.3.5``) or default (``HB-D7``) it checks in
its name and docstring. Positions are written as scenarios: unless a test says
otherwise the draw pile holds exactly the cards it names, the other cards are
out of play, and every seat not given holds an empty hand and two empty
fields. A game is brought to its end by a draw pile of one card with two
exhaustions behind it: the active player ends his turn, his draw exhausts the
pile for the third time.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.rulesets.high_bohn import HighBohn

from . import helpers
from .helpers import act
from .helpers import acts
from .helpers import coins
from .helpers import fields
from .helpers import hand
from .helpers import keys
from .helpers import legal
from .helpers import of_type
from .helpers import phase
from .helpers import refused
from .helpers import trade
from .helpers import types
from .high_bohn_helpers import RULEBOOK_BUILDINGS
from .high_bohn_helpers import builds
from .high_bohn_helpers import cognac
from .high_bohn_helpers import conserved_hb
from .high_bohn_helpers import position
from .high_bohn_helpers import seat_view
from .high_bohn_helpers import starting


def plants(game: HighBohn, seat: int) -> list[str]:
    return starting(game, seat, "plant")


def harvests(game: HighBohn, seat: int) -> list[str]:
    return starting(game, seat, "harvest")


def stores(game: HighBohn, seat: int) -> list[str]:
    return starting(game, seat, "store")


def ending(**kw: Any) -> HighBohn:
    """Seat ``active`` (default 0) in phase 2 of the last turn: the draw pile
    holds one card and was exhausted twice, so ending the trading ends the game."""
    kw.setdefault("deck", ["augen"])
    kw.setdefault("exhaustions", 2)
    return position(phase="trade", **kw)


def tally(game: HighBohn) -> list[dict[str, int]]:
    result = game.result()
    assert result is not None
    assert result.details is not None
    out: list[dict[str, int]] = result.details["tally"]
    return out


#: nine different bean types, for stews of any size
STEW = ["blaue", "feuer", "sau", "brech", "soja", "augen", "rote", "garten", "cognac"]


# ---------------------------------------------------------------------------
# §4.3.5 Saloon (brech)


def test_s4_3_5_saloon_1_no_ability_but_counts() -> None:
    """§4.3 / §1.3 saloon-1: bought with 1 `brech` coin it adds no field and
    no stew; at the end it counts its price and for the bonus (4 buildings: 1)."""
    game = ending(
        seats=[
            {
                "hand": ["brech"],
                "fields": [["sau"], ["feuer", "feuer"]],
                "coins": ["brech", "brech"],
                "buildings": ["goldmine-1", "teepee-1", "bank-1"],
            }
        ],
        revealed=["augen"],
    )
    events = act(game, 0, "build saloon-1")
    assert of_type(events, "pay") == [
        {"type": "pay", "seat": 0, "coins": ["brech"], "for": "saloon-1"}
    ]
    assert "new-field" not in types(events)
    view = seat_view(game, 0)
    assert view["buildings"] == ["goldmine-1", "teepee-1", "bank-1", "saloon-1"]
    assert view["field_kinds"] == ["regular", "regular"]
    assert keys(game, game.discard) == ["brech"]
    # no stew: the revealed augen goes on no field holding another type
    act(game, 0, "keep r0")
    act(game, 0, "end-trading")
    assert plants(game, 0) == []
    refused(game, 0, "plant t0 f0", "bohnanza §3.1.2")
    acts(game, (0, "harvest f1"), (0, "plant t0 f1"))
    assert game.result() is not None
    assert tally(game)[0] == {"cash": 1, "teepee": 0, "buildings": 4, "bonus": 1, "total": 6}


def test_s4_3_5_saloon_2_extra_field_for_brech_only() -> None:
    """§4.3.5 saloon-2: buying it adds an extra field (kind `saloon`) on which
    only `brech` may be planted, also not a `soja` joker (HB-D5)."""
    game = position(
        seats=[
            {
                "hand": ["brech", "sau", "soja"],
                "coins": ["brech", "brech"],
                "buildings": ["farm-2"],
            }
        ],
        deck=["rote", "rote"],
    )
    events = act(game, 0, "build saloon-2")
    assert {"type": "new-field", "seat": 0, "field": 2, "kind": "saloon", "locked": False} in (
        events
    )
    view = seat_view(game, 0)
    assert view["field_kinds"] == ["regular", "regular", "saloon"]
    assert view["locked"] == [False, False, False] and view["stews"] == [False, False, False]
    assert plants(game, 0) == ["plant f0", "plant f1", "plant f2"]
    act(game, 0, "plant f2")
    assert fields(game, 0) == [[], [], ["brech"]]
    assert plants(game, 0) == ["plant f0", "plant f1"]
    refused(game, 0, "plant f2", "high-bohn §4.3.5")
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["sau"], [], ["brech"]]
    # the soja of a farm-2 owner is no joker on the saloon field (HB-D5)
    game = position(
        seats=[
            {
                "hand": ["soja"],
                "fields": [["augen", "augen"], ["rote", "rote"], ["brech"]],
                "field_kinds": ["regular", "regular", "saloon"],
                "buildings": ["farm-2", "saloon-2"],
            }
        ],
        deck=["rote", "rote"],
    )
    assert plants(game, 0) == []
    refused(game, 0, "plant f2", "high-bohn §4.3.5")
    refused(game, 0, "plant f2 joker", "high-bohn §4.3.5")


def test_s4_3_5_saloon_2_is_not_the_third_field() -> None:
    """§4.3.5 saloon-2: it is not a third field; the owner may still buy the
    third field and then has four fields."""
    game = position(
        seats=[
            {
                "hand": ["sau"],
                "fields": [["blaue"], ["feuer"], []],
                "field_kinds": ["regular", "regular", "saloon"],
                "buildings": ["saloon-2"],
                "coins": ["rote", "rote", "rote"],
            }
        ],
        deck=["rote", "rote"],
    )
    assert plants(game, 0) == []
    assert "buy-field" in legal(game, 0)
    events = act(game, 0, "buy-field")
    assert {"type": "buy-field", "seat": 0, "field": 3} in events
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular", "saloon", "third"]
    assert plants(game, 0) == ["plant f3"]
    act(game, 0, "plant f3")
    assert fields(game, 0) == [["blaue"], ["feuer"], [], ["sau"]]
    assert "buy-field" not in legal(game, 0)


def test_s4_3_5_saloon_2_single_bean_rule_both_directions() -> None:
    """§4.3.5 saloon-2: the single-bean rule covers the saloon field together
    with the others: a single `brech` there waits while a regular field holds
    several cards, and single cards on the regular fields wait while the
    saloon field holds several `brech`."""
    kinds = ["regular", "regular", "saloon"]
    game = position(
        seats=[
            {
                "fields": [["sau", "sau"], [], ["brech"]],
                "field_kinds": kinds,
                "buildings": ["saloon-2"],
            }
        ]
    )
    assert harvests(game, 0) == ["harvest f0"]
    refused(game, 0, "harvest f2", "bohnanza §4.1.6")
    game = position(
        seats=[
            {
                "fields": [["sau"], ["blaue"], ["brech", "brech"]],
                "field_kinds": kinds,
                "buildings": ["saloon-2"],
            }
        ]
    )
    assert harvests(game, 0) == ["harvest f2"]
    refused(game, 0, "harvest f0", "bohnanza §4.1.6")
    refused(game, 0, "harvest f1", "bohnanza §4.1.6")
    act(game, 0, "harvest f2")
    assert harvests(game, 0) == ["harvest f0", "harvest f1"]
    game = position(
        seats=[
            {
                "fields": [["sau"], ["blaue"], ["brech"]],
                "field_kinds": kinds,
                "buildings": ["saloon-2"],
            }
        ]
    )
    assert harvests(game, 0) == ["harvest f0", "harvest f1", "harvest f2"]


def test_hb_d7_saloon_2_locked_while_a_field_holds_brech() -> None:
    """§4.3.5 / HB-D7: a saloon-2 bought while a regular field holds `brech`
    is usable only after that field has been harvested."""
    game = position(
        seats=[
            {
                "hand": ["brech", "brech"],
                "fields": [["brech", "brech"], ["sau"]],
                "coins": ["brech", "brech"],
            }
        ],
        deck=["rote", "rote"],
    )
    events = act(game, 0, "build saloon-2")
    assert {"type": "new-field", "seat": 0, "field": 2, "kind": "saloon", "locked": True} in (
        events
    )
    assert seat_view(game, 0)["locked"] == [False, False, True]
    assert plants(game, 0) == ["plant f0"]
    err = refused(game, 0, "plant f2", "high-bohn §4.3.5 (HB-D7)")
    assert "harvested" in err.message
    act(game, 0, "plant f0")
    assert seat_view(game, 0)["locked"] == [False, False, True]
    act(game, 0, "harvest f0")
    assert seat_view(game, 0)["locked"] == [False, False, False]
    assert plants(game, 0) == ["plant f0", "plant f2"]
    act(game, 0, "plant f2")
    assert fields(game, 0) == [[], ["sau"], ["brech"]]


def test_hb_d7_saloon_2_not_locked_without_brech() -> None:
    """HB-D7: without `brech` on a regular field the saloon field is free at once."""
    game = position(
        seats=[{"hand": ["brech"], "fields": [["sau", "sau"], ["feuer"]], "coins": ["brech"] * 2}],
        deck=["rote", "rote"],
    )
    events = act(game, 0, "build saloon-2")
    assert of_type(events, "new-field")[0]["locked"] is False
    assert plants(game, 0) == ["plant f2"]


@pytest.mark.parametrize("saloon", ["saloon-3", "saloon-4"])
def test_s4_3_5_stew_from_a_one_card_field(saloon: str) -> None:
    """§4.3.5 item 2: a card of another type on a 1-card field makes it a stew
    (`plant` event "as": "stew"); from then on only types not yet in it may be
    added."""
    game = position(
        seats=[
            {
                "hand": ["sau", "feuer", "sau"],
                "fields": [["blaue"], ["brech", "brech"]],
                "buildings": [saloon],
            }
        ],
        deck=["feuer", "rote"],
    )
    assert plants(game, 0) == ["plant f0"]
    events = act(game, 0, "plant f0")
    assert events[0] == {"type": "plant", "seat": 0, "field": 0, "card": "sau", "as": "stew"}
    assert seat_view(game, 0)["stews"] == [True, False]
    assert plants(game, 0) == ["plant f0"]
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["blaue", "sau", "feuer"], ["brech", "brech"]]
    assert seat_view(game, 0)["stews"] == [True, False]
    # phase 3: a feuer (already in the stew) fits nowhere, a rote joins the stew
    acts(game, (0, "keep r0"), (0, "keep r0"), (0, "end-trading"))
    assert trade(game, 0) == ["feuer", "rote"]
    assert plants(game, 0) == ["plant t1 f0"]
    err = refused(game, 0, "plant t0 f0", "high-bohn §4.3.5")
    assert "feuer" in err.message
    act(game, 0, "plant t1 f0")
    assert fields(game, 0)[0] == ["blaue", "sau", "feuer", "rote"]


@pytest.mark.parametrize("saloon", ["saloon-3", "saloon-4"])
def test_s4_3_5_two_cards_of_one_type_never_a_stew(saloon: str) -> None:
    """§4.3.5 item 2: a field with 2 or more cards of one type can never become
    a stew; a card of its own type on a 1-card field keeps it a plain field."""
    game = position(
        seats=[
            {
                "hand": ["sau", "blaue"],
                "fields": [["blaue", "blaue"], ["feuer", "feuer", "feuer"]],
                "buildings": [saloon],
            }
        ],
        deck=["rote", "rote"],
    )
    assert plants(game, 0) == []
    refused(game, 0, "plant f0", "bohnanza §3.1.2")
    refused(game, 0, "plant f0 stew", "§3.1.2")
    game = position(
        seats=[
            {
                "hand": ["blaue", "sau"],
                "fields": [["blaue"], ["feuer", "feuer"]],
                "buildings": [saloon],
            }
        ],
        deck=["rote", "rote"],
    )
    events = act(game, 0, "plant f0")
    assert events[0] == {"type": "plant", "seat": 0, "field": 0, "card": "blaue"}
    assert seat_view(game, 0)["stews"] == [False, False]
    assert plants(game, 0) == []
    refused(game, 0, "plant f0", "bohnanza §3.1.2")


SALOON_3_STEW = {2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 3, 8: 4, 9: 4}
SALOON_4_STEW = {2: 0, 3: 1, 4: 1, 5: 2, 6: 3, 7: 4, 8: 5, 9: 5}


@pytest.mark.parametrize(
    ("saloon", "n", "pay"),
    [("saloon-3", n, p) for n, p in SALOON_3_STEW.items()]
    + [("saloon-4", n, p) for n, p in SALOON_4_STEW.items()],
)
def test_s4_3_5_stew_beanometers(saloon: str, n: int, pay: int) -> None:
    """§4.3.5 item 4 / §1.3: a stew is paid by the Saloon's stew beanometer
    (saloon-3: 3->1, 6->2, 7->3, 8->4; saloon-4: 3->1, 5->2, 6->3, 7->4, 8->5;
    a stew of 9 pays like one of 8); its coins are its top cards and go under
    the Saloon, the rest to the discard pile in planting order."""
    stew = STEW[:n]
    game = cognac(seats=[{"fields": [stew, []], "buildings": [saloon], "stews": [0]}])
    assert game.harvest_value(0, 0) == pay
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == pay and events[0]["stew"] is True
    view = seat_view(game, 0)
    assert view["stew_coins"] == stew[n - pay :]
    assert view["coins"] == 0
    assert keys(game, game.discard) == stew[: n - pay]


def test_s4_3_5_stew_coins_buy_nothing_and_count_as_cash() -> None:
    """§4.3.5 item 5 / §4.1.2: stew coins lie under the Saloon; they pay for
    no building and no third field, and they are cash at the end (§5.2 step 4)."""
    game = ending(
        seats=[
            {
                "fields": [["augen", "blaue", "sau"], ["rote", "garten", "soja"]],
                "buildings": ["saloon-3"],
                "stews": [0, 1],
                "stew_coins": ["blaue", "blaue"],
                "coins": ["blaue"],
            }
        ]
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 1
    view = seat_view(game, 0)
    assert view["stew_coins"] == ["blaue", "blaue", "sau"]
    assert view["coin_cards"] == ["blaue"]
    assert builds(game, 0) == ["build jail-1"]
    err = refused(game, 0, "build jail-2", "high-bohn §4.1.1")
    assert "you have 1" in err.message
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field", "bohnanza §4.3.2")
    act(game, 0, "end-trading")
    # the final harvest: the stew's coin goes under the Saloon too
    assert seat_view(game, 0)["stew_coins"] == ["blaue", "blaue", "sau", "soja"]
    assert phase(game) == "final-buying" and builds(game, 0) == ["build jail-1"]
    acts(game, (0, "pass"))
    assert tally(game)[0] == {"cash": 5, "teepee": 0, "buildings": 3, "bonus": 0, "total": 8}


@pytest.mark.parametrize("saloon", ["saloon-3", "saloon-4"])
def test_s4_3_5_saloon_bought_turns_a_one_card_field_into_a_stew(saloon: str) -> None:
    """§4.3.5 item 6 / §4.1.6: a Saloon bought while a regular field holds
    exactly 1 card lets that field become a stew at once."""
    game = position(
        seats=[
            {
                "hand": ["sau"],
                "fields": [["blaue"], ["feuer", "feuer"]],
                "coins": ["brech"] * 4,
            }
        ],
        deck=["rote", "rote"],
    )
    assert plants(game, 0) == []
    refused(game, 0, "plant f0", "bohnanza §3.1.2")
    act(game, 0, f"build {saloon}")
    assert plants(game, 0) == ["plant f0"]
    events = act(game, 0, "plant f0")
    assert events[0]["as"] == "stew"
    assert seat_view(game, 0)["stews"] == [True, False]


def test_s4_3_5_position_stew_coins_need_a_stew_saloon() -> None:
    """§4.3.5 item 5: stew coins lie under a saloon-3 or saloon-4 (a player
    never loses a building): a position with stew coins and no such Saloon
    cannot be reached and is refused."""
    assert position(seats=[{"buildings": ["saloon-3"], "stew_coins": ["rote"]}])
    for buildings in ([], ["saloon-1"], ["saloon-2"]):
        with pytest.raises(SetupError):
            position(seats=[{"buildings": buildings, "stew_coins": ["rote"]}])


@pytest.mark.parametrize(
    ("saloon", "n", "pay"),
    [("saloon-3", 8, 5), ("saloon-3", 7, 3), ("saloon-4", 7, 5), ("saloon-4", 8, 5)],
)
def test_s4_3_4_farm_4_on_a_stew_worth_4(saloon: str, n: int, pay: int) -> None:
    """§4.3.5 item 4 / §4.3.4: farm-4 turns a stew worth exactly 4 into 5
    coins (all under the Saloon); a stew worth 5 stays at 5, one worth 3 at 3."""
    stew = STEW[:n]
    game = position(seats=[{"fields": [stew, []], "buildings": [saloon, "farm-4"], "stews": [0]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == pay
    assert seat_view(game, 0)["stew_coins"] == stew[n - pay :]
    assert coins(game)[0] == 0


def test_hb_d15_soy_on_a_one_card_host_field_declared() -> None:
    """§4.3.5 item 2 / HB-D15: with farm-2 and a Saloon a `soja` onto a 1-card
    host field must be declared joker or stew; plain `plant f0` is refused
    and both choices are listed. The choice is fixed afterwards."""
    seats = [
        {
            "hand": ["soja", "brech"],
            "fields": [["brech"], ["sau", "sau"]],
            "buildings": ["farm-2", "saloon-3"],
        }
    ]
    game = position(seats=seats, deck=["rote", "rote"])
    assert plants(game, 0) == ["plant f0 joker", "plant f0 stew", "plant f1"]
    err = refused(game, 0, "plant f0", "high-bohn §4.3.5 (HB-D15)")
    assert "joker" in err.message and "stew" in err.message
    # as a stew card: the field is a stew, no second brech fits
    events = act(game, 0, "plant f0 stew")
    assert events[0] == {"type": "plant", "seat": 0, "field": 0, "card": "soja", "as": "stew"}
    assert seat_view(game, 0)["stews"] == [True, False]
    assert plants(game, 0) == []
    refused(game, 0, "plant f0", "high-bohn §4.3.5")
    # as a joker: the field stays a brech field, more brech fit, no stew card
    game = position(seats=seats, deck=["rote", "rote"])
    events = act(game, 0, "plant f0 joker")
    assert events[0] == {"type": "plant", "seat": 0, "field": 0, "card": "soja", "as": "joker"}
    assert seat_view(game, 0)["stews"] == [False, False]
    assert plants(game, 0) == ["plant f0"]
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["brech", "soja", "brech"]
    assert seat_view(game, 0)["stews"] == [False, False]
    assert game.harvest_value(0, 0) == 1  # brech 3->1, not the stew meter


def test_hb_d15_declared_in_phase_3_too() -> None:
    """HB-D15: a received `soja` onto a 1-card host field is declared in
    phase 3 as well (`plant t0 f0 joker` / `plant t0 f0 stew`)."""
    game = position(
        phase="plant-traded",
        seats=[
            {
                "trading_area": ["soja"],
                "fields": [["feuer"], ["rote", "rote"]],
                "buildings": ["farm-2", "saloon-4"],
            }
        ],
        deck=["rote"] * 3,
    )
    assert plants(game, 0) == ["plant t0 f0 joker", "plant t0 f0 stew"]
    refused(game, 0, "plant t0 f0", "high-bohn §4.3.5 (HB-D15)")
    events = act(game, 0, "plant t0 f0 joker")
    assert events[0] == {"type": "plant", "seat": 0, "field": 0, "card": "soja", "as": "joker"}
    assert seat_view(game, 0)["stews"] == [False, False]


def test_hb_d15_no_choice_without_both_buildings() -> None:
    """HB-D15: only an owner of both farm-2 and a Saloon declares; with one of
    them the single way is plain `plant f0` (joker, or stew)."""
    game = position(
        seats=[{"hand": ["soja"], "fields": [["brech"], ["sau", "sau"]], "buildings": ["farm-2"]}],
        deck=["rote", "rote"],
    )
    assert plants(game, 0) == ["plant f0", "plant f1"]
    refused(game, 0, "plant f0 stew", "high-bohn §4.3.5")
    assert act(game, 0, "plant f0")[0]["as"] == "joker"
    game = position(
        seats=[
            {"hand": ["soja"], "fields": [["brech"], ["sau", "sau"]], "buildings": ["saloon-4"]}
        ],
        deck=["rote", "rote"],
    )
    assert plants(game, 0) == ["plant f0"]
    refused(game, 0, "plant f0 joker", "high-bohn §4.3.5")
    assert act(game, 0, "plant f0")[0]["as"] == "stew"


# ---------------------------------------------------------------------------
# §4.3.6 General Store (sau)


def test_s4_3_6_general_store_1_has_no_room() -> None:
    """§4.3 / §1.3 general-store-1: no ability; nothing can be stored on it."""
    game = position(
        seats=[{"hand": ["sau", "rote"], "coins": ["sau"]}],
        deck=["rote", "rote"],
    )
    refused(game, 0, "store h0", "high-bohn §4.3.6")
    act(game, 0, "build general-store-1")
    assert seat_view(game, 0)["buildings"] == ["general-store-1"]
    assert stores(game, 0) == []
    err = refused(game, 0, "store h0", "high-bohn §4.3.6")
    assert "no General Store with room" in err.message


@pytest.mark.parametrize(
    ("store", "room"), [("general-store-2", 1), ("general-store-3", 2), ("general-store-4", 3)]
)
def test_s4_3_6_store_capacity(store: str, room: int) -> None:
    """§4.3.6 item 1 / HB-D9: general-store-2/-3/-4 hold 1/2/3 cards at the
    same time; `store` is refused when the store is full."""
    game = position(
        seats=[{"hand": ["sau", "feuer"], "buildings": [store], "store": ["rote"] * (room - 1)}],
        deck=["augen", "augen"],
    )
    assert stores(game, 0) == ["store h0"]
    events = act(game, 0, "store h0")
    assert {"type": "store", "seat": 0, "card": "sau", "from": "h"} in events
    assert seat_view(game, 0)["store"] == ["rote"] * (room - 1) + ["sau"]
    assert stores(game, 0) == []
    err = refused(game, 0, "store h0", "high-bohn §4.3.6 (HB-D9)")
    assert "full" in err.message
    # the store stays full in phase 2
    act(game, 0, "pass")
    assert phase(game) == "trade" and stores(game, 0) == []
    refused(game, 0, "store r0", "high-bohn §4.3.6 (HB-D9)")


def test_hb_d9_storing_in_phase_1_counts_as_planting() -> None:
    """§4.3.6 item 2 / HB-D9: laying the front card on the store counts as
    planting it, so the mandatory first card may be stored, also when it fits
    no field; the second card of phase 1 may be stored too."""
    game = position(
        seats=[
            {
                "hand": ["sau", "feuer", "brech"],
                "fields": [["blaue", "blaue"], ["rote", "rote"]],
                "buildings": ["general-store-3"],
            }
        ],
        deck=["augen", "augen", "augen"],
    )
    assert plants(game, 0) == [] and "pass" not in legal(game, 0)
    assert stores(game, 0) == ["store h0"]
    act(game, 0, "store h0")
    assert game.planted == 1 and phase(game) == "plant"
    assert "pass" in legal(game, 0) and stores(game, 0) == ["store h0"]
    events = act(game, 0, "store h0")
    assert types(events)[:2] == ["store", "reveal"]
    assert phase(game) == "trade"
    assert seat_view(game, 0)["store"] == ["sau", "feuer"]
    assert hand(game, 0) == ["brech"]
    assert fields(game, 0) == [["blaue", "blaue"], ["rote", "rote"]]


def test_s4_3_6_store_revealed_card_in_phase_2_active_only() -> None:
    """§4.3.6 item 2: in his phase 2 the active player may lay a revealed card
    on his store; another store owner may not, and no hand card goes there
    in phase 2."""
    store = {"buildings": ["general-store-4"]}
    game = position(
        phase="trade",
        revealed=["rote", "augen"],
        seats=[{"hand": ["sau"], **store}, {"hand": ["feuer"], **store}],
        deck=["garten"] * 3,
    )
    assert stores(game, 0) == ["store r0", "store r1"]
    assert stores(game, 1) == []
    refused(game, 1, "store r0", "high-bohn §4.3.6")
    refused(game, 0, "store h0", "high-bohn §4.3.6 (HB-D9)")
    events = act(game, 0, "store r1")
    assert {"type": "store", "seat": 0, "card": "augen", "from": "r"} in events
    assert keys(game, game.revealed) == ["rote"]
    assert seat_view(game, 0)["store"] == ["augen"]
    assert conserved_hb(game)


def test_s4_3_6_store_received_and_kept_cards_in_phase_3() -> None:
    """§4.3.6 item 2 / HB-D9: in phase 3 a received card may be stored instead
    of planted (any store owner), and so may a revealed card the active player
    kept; a hand card may not."""
    store = {"buildings": ["general-store-3"]}
    game = position(
        phase="trade",
        revealed=["rote", "augen"],
        seats=[{"hand": ["sau"], **store}, {"hand": ["feuer"], **store}],
        deck=["garten"] * 3,
    )
    acts(game, (0, "keep r0"), (0, "propose 1 give r0"), (1, "accept 0"), (0, "end-trading"))
    assert phase(game) == "plant-traded"
    assert stores(game, 0) == ["store t0"] and stores(game, 1) == ["store t0"]
    refused(game, 1, "store h0", "high-bohn §4.3.6 (HB-D9)")
    act(game, 1, "store t0")
    assert seat_view(game, 1)["store"] == ["augen"] and trade(game, 1) == []
    events = act(game, 0, "store t0")
    assert seat_view(game, 0)["store"] == ["rote"]
    # every trading area is empty: the active player draws
    assert "draw" in types(events) and game.active == 1


def test_hb_d9_stored_cards_may_be_dealt() -> None:
    """§4.3.6 item 3 / HB-D9: stored cards may be dealt in any deal the owner
    takes part in: the active player proposes `give s0`, another player
    accepts an offer with `accept <id> give s0` or proposes `give s0`; the
    receiver treats them as received cards, and the place is free again."""
    game = position(
        phase="trade",
        revealed=["rote", "augen"],
        seats=[
            {"hand": ["sau"], "buildings": ["general-store-2"], "store": ["garten"]},
            {"hand": ["feuer"], "buildings": ["general-store-3"], "store": ["blaue", "brech"]},
        ],
        deck=["garten"] * 3,
    )
    events = act(game, 0, "propose 1 give s0 want brech")
    assert of_type(events, "offer")[0]["give"] == ["garten"]
    assert "accept 0 give s1" in legal(game, 1)
    events = act(game, 1, "accept 0 give s1")
    assert of_type(events, "trade")[0] == {
        "type": "trade",
        "offer": 0,
        "from": 0,
        "to": 1,
        "given": ["garten"],
        "returned": ["brech"],
    }
    assert trade(game, 0) == ["brech"] and trade(game, 1) == ["garten"]
    assert seat_view(game, 0)["store"] == [] and seat_view(game, 1)["store"] == ["blaue"]
    assert stores(game, 0) == ["store r0", "store r1"]  # the place is free again
    acts(game, (1, "propose 0 give s0"), (0, "accept 1"))
    assert trade(game, 0) == ["brech", "blaue"] and seat_view(game, 1)["store"] == []
    assert conserved_hb(game)


def test_s4_3_6_dealt_stored_cards_never_go_onto_another_store() -> None:
    """§4.3.6 item 4: a card dealt from a General Store is a received card,
    but it can never be laid on another store: its receiver, who owns a store
    with room, must plant it. A received card of the same kind that did not
    come from a store may be stored."""
    game = position(
        phase="trade",
        revealed=["augen"],
        seats=[
            {"hand": ["sau"], "buildings": ["general-store-2"], "store": ["garten"]},
            {"hand": ["feuer", "garten"], "buildings": ["general-store-3"]},
        ],
        deck=["soja"] * 3,
    )
    acts(game, (0, "propose 1 give s0"), (1, "accept 0"))
    assert trade(game, 1) == ["garten"]
    acts(game, (0, "keep r0"), (0, "end-trading"))
    assert phase(game) == "plant-traded"
    assert stores(game, 1) == []
    refused(game, 1, "store t0", "high-bohn §4.3.6")
    assert "plant t0 f0" in legal(game, 1)
    # the active player's kept card did not come from a store: he may store it
    assert stores(game, 0) == ["store t0"]


def test_s4_3_6_a_stored_card_among_identical_received_ones() -> None:
    """§4.3.6 item 4: of two identical received cards, one dealt from a store,
    the other may be stored; once it is, the one left must be planted."""
    game = position(
        phase="trade",
        revealed=["garten"],
        seats=[
            {"hand": ["sau"], "buildings": ["general-store-2"], "store": ["garten"]},
            {"hand": ["feuer"], "buildings": ["general-store-3"]},
        ],
        deck=["soja"] * 3,
    )
    acts(game, (0, "propose 1 give s0"), (1, "accept 0"), (0, "propose 1 give r0"), (1, "accept 1"))
    assert trade(game, 1) == ["garten", "garten"]
    act(game, 0, "end-trading")
    assert stores(game, 1) == ["store t0"]
    act(game, 1, "store t1")
    assert seat_view(game, 1)["store"] == ["garten"]
    refused(game, 1, "store t0", "high-bohn §4.3.6")
    assert conserved_hb(game)


def test_hb_d9_offers_of_stored_cards_stay_current() -> None:
    """§4.3.6 item 3 / HB-D9: when one stored card leaves in a deal, an open
    offer of another stored card still names that card."""
    game = position(
        phase="trade",
        revealed=["augen"],
        seats=[
            {"hand": ["sau"], "buildings": ["general-store-3"], "store": ["garten", "rote"]},
            {"hand": ["feuer"]},
            {"hand": ["blaue"]},
        ],
        deck=["soja"] * 3,
    )
    acts(game, (0, "propose 1 give s1"), (0, "propose 2 give s0"), (2, "accept 1"))
    assert trade(game, 2) == ["garten"]
    offers = game.observe(0)["offers"]
    assert offers == [
        {
            "id": 0,
            "from": 0,
            "to": 1,
            "give": ["rote"],
            "give_from": ["s"],
            "want": [],
            "give_refs": ["s0"],
        }
    ]
    act(game, 1, "accept 0")
    assert trade(game, 1) == ["rote"] and seat_view(game, 0)["store"] == []
    assert conserved_hb(game)


def test_s4_3_6_stored_cards_are_never_planted() -> None:
    """§4.3.6 item 4: stored cards never go onto the owner's fields (nor onto
    another store): in phase 3 and in his next phase 1 the store is no source
    of cards to plant."""
    game = position(
        phase="plant-traded",
        seats=[
            {"trading_area": ["rote"], "buildings": ["general-store-2"]},
            {"hand": []},
            {"hand": []},
        ],
        deck=["blaue"] * 9,
        active=2,
    )
    act(game, 0, "store t0")
    assert seat_view(game, 0)["store"] == ["rote"]
    assert game.active == 0 and hand(game, 0) == []
    # seat 0's turn starts: the stored rote is no hand card, phase 1 is skipped
    assert phase(game) == "trade"
    assert plants(game, 0) == []
    refused(game, 0, "store s0", "high-bohn §4.3.6")
    acts(game, (0, "end-trading"))
    assert phase(game) == "plant-traded"
    assert trade(game, 0) == ["blaue", "blaue"]
    assert plants(game, 0) == ["plant t0 f0", "plant t0 f1"]
    with pytest.raises(InvalidAction):  # no reference names a stored card to plant
        act(game, 0, "plant s0 f0")
    assert seat_view(game, 0)["store"] == ["rote"]


def test_s4_3_6_position_store_within_its_capacity() -> None:
    """§4.3.6 item 1: cards lie only on a general-store-2/-3/-4, at most 1/2/3
    of them; a position with more, or without such a store, cannot be
    reached and is refused."""
    assert position(seats=[{"buildings": ["general-store-4"], "store": ["rote"] * 3}])
    for seat in (
        {"buildings": ["general-store-2"], "store": ["rote", "rote"]},
        {"buildings": ["general-store-3"], "store": ["rote", "rote", "augen"]},
        {"buildings": ["general-store-1"], "store": ["rote"]},
        {"store": ["rote"]},
    ):
        with pytest.raises(SetupError):
            position(seats=[seat])


def test_hb_d9_stored_cards_are_worthless_at_the_end() -> None:
    """§5.2 step 1 / HB-D9: cards still on the store at the end are worth
    nothing: they are not cash."""
    game = ending(
        seats=[{"buildings": ["general-store-4"], "store": ["garten", "rote", "blaue"]}],
    )
    act(game, 0, "end-trading")
    t = tally(game)[0]
    assert t == {"cash": 0, "teepee": 0, "buildings": 4, "bonus": 0, "total": 4}
    assert seat_view(game, 0)["coins"] == 0


# ---------------------------------------------------------------------------
# §4.3.7 Blacksmith (feuer)


def test_s4_3_7_blacksmith_1_no_ability() -> None:
    """§4.3 / §1.3 blacksmith-1: bought with 1 `feuer` coin; no extra field,
    the base `feuer` beanometer and the single-bean rule stay."""
    game = position(
        seats=[{"fields": [["feuer"] * 5, ["sau"]], "coins": ["feuer", "feuer"]}],
    )
    events = act(game, 0, "build blacksmith-1")
    assert of_type(events, "pay")[0]["coins"] == ["feuer"]
    assert "new-field" not in types(events)
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular"]
    assert game.harvest_value(0, 0) == 1
    assert harvests(game, 0) == ["harvest f0"]
    refused(game, 0, "harvest f1", "bohnanza §4.1.6")


def test_s4_3_7_blacksmith_2_extra_field_for_feuer_only() -> None:
    """§4.3.7 blacksmith-2: an extra field (kind `blacksmith`) for `feuer`
    only; it is not a third field, which can still be bought."""
    game = position(
        seats=[
            {
                "hand": ["feuer", "sau", "brech"],
                "fields": [["blaue"], ["rote"]],
                "coins": ["feuer", "feuer", "augen", "augen", "augen"],
            }
        ],
        deck=["rote", "rote", "rote"],
    )
    events = act(game, 0, "build blacksmith-2")
    assert {"type": "new-field", "seat": 0, "field": 2, "kind": "blacksmith", "locked": False} in (
        events
    )
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular", "blacksmith"]
    assert plants(game, 0) == ["plant f2"]
    act(game, 0, "plant f2")
    assert plants(game, 0) == []
    refused(game, 0, "plant f2", "high-bohn §4.3.7")
    assert "buy-field" in legal(game, 0)
    act(game, 0, "buy-field")
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular", "blacksmith", "third"]
    act(game, 0, "plant f3")
    assert fields(game, 0) == [["blaue"], ["rote"], ["feuer"], ["sau"]]


def test_s4_3_7_blacksmith_2_single_bean_rule_both_directions() -> None:
    """§4.3.7 blacksmith-2 (rulebook): a single `feuer` on the Blacksmith may
    not be harvested while a regular field holds several beans; and single
    beans on every regular field may not be harvested while the Blacksmith
    holds more than one `feuer`."""
    kinds = ["regular", "regular", "blacksmith"]
    game = position(
        seats=[
            {
                "fields": [["sau", "sau"], ["blaue"], ["feuer"]],
                "field_kinds": kinds,
                "buildings": ["blacksmith-2"],
            }
        ]
    )
    assert harvests(game, 0) == ["harvest f0"]
    refused(game, 0, "harvest f2", "bohnanza §4.1.6")
    game = position(
        seats=[
            {
                "fields": [["sau"], ["blaue"], ["feuer", "feuer"]],
                "field_kinds": kinds,
                "buildings": ["blacksmith-2"],
            }
        ]
    )
    assert harvests(game, 0) == ["harvest f2"]
    refused(game, 0, "harvest f0", "bohnanza §4.1.6")
    refused(game, 0, "harvest f1", "bohnanza §4.1.6")


def test_s4_3_7_blacksmith_2_locked_until_each_feuer_field_is_harvested() -> None:
    """§4.3.7 blacksmith-2 (rulebook): bought while regular fields hold
    `feuer`, the Blacksmith field is usable only after each of them has been
    harvested."""
    game = position(
        seats=[
            {
                "hand": ["feuer", "feuer"],
                "fields": [["feuer", "feuer"], ["feuer"]],
                "coins": ["feuer", "feuer"],
            }
        ],
        deck=["rote", "rote", "rote"],
    )
    events = act(game, 0, "build blacksmith-2")
    assert of_type(events, "new-field")[0]["locked"] is True
    assert seat_view(game, 0)["locked"] == [False, False, True]
    assert plants(game, 0) == ["plant f0", "plant f1"]
    refused(game, 0, "plant f2", "high-bohn §4.3.7")
    act(game, 0, "harvest f0")
    assert seat_view(game, 0)["locked"] == [False, False, True]
    assert plants(game, 0) == ["plant f0", "plant f1"]
    act(game, 0, "harvest f1")
    assert seat_view(game, 0)["locked"] == [False, False, False]
    assert plants(game, 0) == ["plant f0", "plant f1", "plant f2"]
    act(game, 0, "plant f2")
    assert fields(game, 0) == [[], [], ["feuer"]]


def test_s4_3_7_blacksmith_2_lock_counts_the_third_field() -> None:
    """§4.3.7 blacksmith-2 / §4.3.5 item 1: the bought third field is a regular
    field; `feuer` on it locks the Blacksmith field until it is harvested."""
    game = position(
        seats=[
            {
                "fields": [["sau", "sau"], [], ["feuer"]],
                "coins": ["feuer", "feuer"],
                "hand": ["feuer"],
            }
        ],
        deck=["rote", "rote", "rote"],
    )
    act(game, 0, "build blacksmith-2")
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular", "third", "blacksmith"]
    assert seat_view(game, 0)["locked"] == [False, False, False, True]
    assert plants(game, 0) == ["plant f1", "plant f2"]
    acts(game, (0, "harvest f0"), (0, "harvest f2"))
    assert seat_view(game, 0)["locked"] == [False, False, False, False]
    assert "plant f3" in plants(game, 0)


BLACKSMITH_3 = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 3, 7: 4, 8: 4, 9: 4}


@pytest.mark.parametrize(("n", "pay"), BLACKSMITH_3.items())
def test_s4_3_7_blacksmith_3_feuer_beanometer(n: int, pay: int) -> None:
    """§4.3.7 blacksmith-3: the owner's `feuer` fields pay 3->1, 5->2, 6->3, 7->4."""
    game = position(seats=[{"fields": [["feuer"] * n, []], "buildings": ["blacksmith-3"]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == pay and coins(game)[0] == pay
    assert len(game.discard) == n - pay
    # another player's feuer keeps the printed beanometer
    other = position(seats=[{"fields": [["feuer"] * n, []]}, {"buildings": ["blacksmith-3"]}])
    assert other.harvest_value(0, 0) == {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 3, 9: 4}[n]


def test_s4_3_7_blacksmith_4_single_card_fields_always() -> None:
    """§4.3.7 blacksmith-4: the owner may always harvest a single-card field,
    also right after buying it."""
    seat = {"fields": [["sau"], ["blaue", "blaue"]], "coins": ["feuer"] * 4}
    game = position(seats=[seat])
    assert harvests(game, 0) == ["harvest f1"]
    refused(game, 0, "harvest f0", "bohnanza §4.1.6")
    act(game, 0, "build blacksmith-4")
    assert harvests(game, 0) == ["harvest f0", "harvest f1"]
    events = act(game, 0, "harvest f0")
    assert events[0]["cards"] == ["sau"] and events[0]["coins"] == 0
    assert fields(game, 0) == [[], ["blaue", "blaue"]]


# ---------------------------------------------------------------------------
# §4.3.8 Jail (blaue)

BLAUE = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4, 11: 4}
JAIL_2 = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3, 9: 4, 10: 4, 11: 4}
JAIL_3 = {1: 0, 2: 0, 3: 0, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4, 9: 4, 10: 5, 11: 5}


def test_s4_3_8_jail_1_no_ability() -> None:
    """§4.3 / §1.3 jail-1: no ability; `blaue` keeps the printed beanometer."""
    game = position(seats=[{"fields": [["blaue"] * 6, []], "coins": ["blaue"]}])
    events = act(game, 0, "build jail-1")
    assert of_type(events, "build") == [{"type": "build", "seat": 0, "building": "jail-1"}]
    assert of_type(events, "pay")[0]["coins"] == ["blaue"]
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 2 and "jail-coin" not in types(events)


@pytest.mark.parametrize(("jail", "meter"), [("jail-2", JAIL_2), ("jail-3", JAIL_3)])
@pytest.mark.parametrize("n", range(1, 12))
def test_s4_3_8_jail_2_and_3_blaue_beanometers(jail: str, meter: dict[int, int], n: int) -> None:
    """§4.3.8: jail-2 pays the owner's `blaue` 3->1, 5->2, 7->3, 9->4; jail-3
    pays 4->2, 6->3, 8->4, 10->5 and 1-3 cards pay 0; another player's `blaue`
    keep the printed beanometer."""
    game = position(seats=[{"fields": [["blaue"] * n, []], "buildings": [jail]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == meter[n] and coins(game)[0] == meter[n]
    assert keys(game, game.discard) == ["blaue"] * (n - meter[n])
    other = position(seats=[{"fields": [["blaue"] * n, []]}, {"buildings": [jail]}])
    assert other.harvest_value(0, 0) == BLAUE[n]


def test_s4_3_8_jail_4_coin_from_every_paying_blaue_harvest() -> None:
    """§4.3.8 jail-4 item 1-2: when another player harvests `blaue` for at
    least 1 coin, the owner takes one leftover card as a coin (`jail-coin`);
    the seller's pay does not change; a harvest paying 0 gives nothing."""
    game = position(
        seats=[
            {"fields": [["blaue"] * 6, ["blaue"] * 3]},
            {"buildings": ["jail-4"]},
            {"fields": [["blaue"] * 4, []]},
        ]
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 2
    assert of_type(events, "jail-coin") == [{"type": "jail-coin", "seat": 1, "coin": "blaue"}]
    assert coins(game) == [2, 1, 0]
    assert keys(game, game.discard) == ["blaue"] * 3
    events = act(game, 0, "harvest f1")
    assert events[0]["coins"] == 0 and "jail-coin" not in types(events)
    assert coins(game) == [2, 1, 0] and len(game.discard) == 6
    events = act(game, 2, "harvest f0")
    assert of_type(events, "jail-coin") == [{"type": "jail-coin", "seat": 1, "coin": "blaue"}]
    assert coins(game) == [2, 2, 1] and len(game.discard) == 8
    assert seat_view(game, 1)["coin_cards"] == ["blaue", "blaue"]
    assert helpers.conserved(game)


def test_s4_3_8_jail_4_owner_included() -> None:
    """§4.3.8 jail-4 item 1: the owner's own paying `blaue` harvest gives him
    one leftover too."""
    game = position(seats=[{"fields": [["blaue"] * 8, []], "buildings": ["jail-4"]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 3
    assert of_type(events, "jail-coin") == [{"type": "jail-coin", "seat": 0, "coin": "blaue"}]
    assert coins(game)[0] == 4 and len(game.discard) == 4


def test_hb_d10_a_stew_is_no_blaue_harvest() -> None:
    """§4.3.8 item 1 / HB-D10: a paying stew with a `blaue` in it gives the
    jail-4 owner nothing."""
    game = position(
        seats=[
            {"fields": [["blaue", "sau", "feuer"], []], "buildings": ["saloon-3"], "stews": [0]},
            {"buildings": ["jail-4"]},
        ]
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 1 and "jail-coin" not in types(events)
    assert coins(game) == [0, 0, 0] and len(game.discard) == 2


def test_hb_d16_jail_4_owner_chooses_among_soy_joker_leftovers() -> None:
    """§4.3.8 item 2 / HB-D16: a `blaue` field with soy jokers is a `blaue`
    field; when its leftovers differ in type the jail-4 owner chooses in
    phase `jail-coin` (`take soja` / `take blaue`); meanwhile only he acts."""
    game = position(
        seats=[
            {"hand": ["rote"], "fields": [["sau", "sau"], []]},
            {"buildings": ["jail-4"], "fields": [["sau", "sau"], []]},
            {"buildings": ["farm-2"], "fields": [["blaue", "soja", "soja", "blaue"], []]},
        ],
        deck=["rote", "rote", "rote"],
    )
    events = act(game, 2, "harvest f0")
    assert events[0]["coins"] == 1
    assert of_type(events, "jail-choice") == [
        {"type": "jail-choice", "seat": 1, "cards": ["blaue", "soja", "soja"]}
    ]
    assert phase(game) == "jail-coin"
    assert game.waiting_for() == frozenset({1})
    assert game.observe(None)["jail_coin"] == {"seat": 1, "cards": ["blaue", "soja", "soja"]}
    assert legal(game, 1) == ["take blaue", "take soja"]
    assert legal(game, 0) == [] and legal(game, 2) == []
    refused(game, 0, "plant f1")
    refused(game, 1, "harvest f0", "high-bohn §4.3.8")
    refused(game, 1, "take rote", "high-bohn §4.3.8 (HB-D16)")
    events = act(game, 1, "take soja")
    assert of_type(events, "jail-coin") == [{"type": "jail-coin", "seat": 1, "coin": "soja"}]
    assert coins(game) == [0, 1, 1]
    assert seat_view(game, 2)["coin_cards"] == ["blaue"]
    assert sorted(keys(game, game.discard)) == ["blaue", "soja"]
    assert phase(game) == "plant" and game.observe(None)["jail_coin"] is None
    act(game, 0, "plant f1")
    assert helpers.conserved(game)


def test_s4_3_8_jail_4_in_the_final_harvest() -> None:
    """§4.3.8 item 1 / §5.2 step 2: jail-4 also works in the final harvest,
    including the choice among soy-joker leftovers, after which the final
    harvest goes on."""
    game = ending(
        seats=[
            {
                "fields": [["blaue"] * 4, ["blaue", "soja", "soja", "soja", "blaue"]],
                "buildings": ["farm-2"],
            },
            {"buildings": ["jail-4"], "fields": [["sau", "sau"], []]},
        ]
    )
    events = act(game, 0, "end-trading")
    assert of_type(events, "jail-coin") == [{"type": "jail-coin", "seat": 1, "coin": "blaue"}]
    assert phase(game) == "jail-coin" and game.waiting_for() == frozenset({1})
    assert game.result() is None
    events = act(game, 1, "take blaue")
    assert of_type(events, "jail-coin") == [{"type": "jail-coin", "seat": 1, "coin": "blaue"}]
    harvested = [(e["seat"], e["field"]) for e in of_type(events, "harvest")]
    assert harvested == [(1, 0)]
    assert phase(game) == "final-buying" and game.waiting_for() == frozenset({0})
    act(game, 0, "pass")
    assert [t["cash"] for t in tally(game)] == [2, 2, 0]
    assert seat_view(game, 1)["coin_cards"] == ["blaue", "blaue"]


# ---------------------------------------------------------------------------
# §4.3.9 Distillery (cognac), §1.1 / §2 the Cognac variant

COGNAC = {1: 0, 4: 0, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 10: 4, 11: 4}
DISTILLERY_4 = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 4, 9: 4}


def test_s1_1_s2_cognac_variant_cards_and_buildings() -> None:
    """§1.1 / §2: with option cognac the 22 `cognac` cards are shuffled in
    (126 cards) and the four Distilleries join the supply; without it the
    cognac cards stay in the box, no Distillery is in the supply and
    `build distillery-1` is refused."""
    with_cognac = HighBohn.new(3, seed=4, options={"cognac": True})
    cards = with_cognac.deck + [c for h in with_cognac.hands for c in h]
    assert len(cards) == 126 and keys(with_cognac, cards).count("cognac") == 22
    assert with_cognac.box == []
    supply = with_cognac.observe(None)["supply"]
    assert supply[-4:] == ["distillery-1", "distillery-2", "distillery-3", "distillery-4"]
    assert len(supply) == 36
    plain = HighBohn.new(3, seed=4)
    cards = plain.deck + [c for h in plain.hands for c in h]
    assert len(cards) == 104 and "cognac" not in keys(plain, cards)
    assert keys(plain, plain.box) == ["cognac"] * 22
    supply = plain.observe(None)["supply"]
    assert len(supply) == 32 and not any(k.startswith("distillery") for k in supply)
    game = position(seats=[{"hand": ["sau"], "coins": ["blaue"] * 4}], deck=["rote"] * 3)
    assert "cognac" not in keys(game, game.deck) and keys(game, game.box).count("cognac") == 22
    refused(game, 0, "build distillery-1", "high-bohn §1.2")
    refused(game, 0, "build distillery-2 name saloon", "high-bohn §1.2")


@pytest.mark.parametrize(("n", "pay"), COGNAC.items())
def test_s1_1_cognac_beanometer(n: int, pay: int) -> None:
    """§1.1: `cognac` pays 5->1, 7->2, 9->3, 10->4."""
    game = cognac(seats=[{"fields": [["cognac"] * n, []]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == pay and coins(game)[0] == pay


def test_s4_3_9_distillery_1_no_ability() -> None:
    """§4.3 / §1.3 distillery-1: bought with 1 `cognac` coin, no ability
    (another player's stew keeps all its coins)."""
    game = cognac(
        seats=[
            {"coins": ["cognac"]},
            {"fields": [["blaue", "sau", "feuer"], []], "buildings": ["saloon-3"], "stews": [0]},
        ]
    )
    events = act(game, 0, "build distillery-1")
    assert of_type(events, "pay")[0] == {
        "type": "pay",
        "seat": 0,
        "coins": ["cognac"],
        "for": "distillery-1",
    }
    assert seat_view(game, 0)["buildings"] == ["distillery-1"]
    assert "distillery-names" not in types(events)
    assert game.observe(None)["distillery"] is None and phase(game) == "trade"
    events = act(game, 1, "harvest f0")
    assert "distillery-coin" not in types(events)
    assert seat_view(game, 1)["stew_coins"] == ["feuer"]
    assert seat_view(game, 0)["distillery_coins"] == []


def test_s4_3_9_distillery_2_window_then_the_type_leaves() -> None:
    """§4.3.9 distillery-2 / HB-D11: the buyer names a building type; the
    other players, one at a time clockwise from his left, may each buy one
    card of it or pass; seats that cannot buy one are skipped; then the
    remaining cards of the type leave the game."""
    game = cognac(
        players=5,
        active=1,
        seats=[
            {"coins": ["brech"]},
            {"hand": ["sau"], "coins": ["cognac", "cognac"]},
            {"coins": ["brech"] * 3},
            {"coins": ["brech"] * 4, "buildings": ["saloon-4"]},
            {"coins": ["brech"] * 2},
        ],
        deck=["rote"] * 3,
    )
    assert "build distillery-2" not in builds(game, 1)
    assert "build distillery-2 name saloon" in builds(game, 1)
    assert "build distillery-2 name distillery" in builds(game, 1)
    err = refused(game, 1, "build distillery-2", "high-bohn §4.3.9 (HB-D11)")
    assert "name" in err.message
    refused(game, 1, "build distillery-2 name castle", "high-bohn §4.3.9 (HB-D11)")
    events = act(game, 1, "build distillery-2 name saloon")
    assert {"type": "distillery-names", "seat": 1, "building_type": "saloon"} in events
    assert phase(game) == "distillery" and game.waiting_for() == frozenset({2})
    obs = game.observe(None)["distillery"]
    assert obs["building_type"] == "saloon" and obs["seats"][0] == 2
    assert builds(game, 2) == ["build saloon-1", "build saloon-2", "build saloon-3"]
    assert "pass" in legal(game, 2) and legal(game, 0) == [] and legal(game, 1) == []
    refused(game, 0, "build saloon-1", "high-bohn §4.3.9")
    refused(game, 1, "plant f0", None)
    refused(game, 2, "build general-store-1", "high-bohn §4.3.9 (HB-D11)")
    events = act(game, 2, "build saloon-3")
    # seat 3 owns a Saloon already: skipped; seat 4 buys one at most
    assert game.waiting_for() == frozenset({4})
    assert builds(game, 4) == ["build saloon-1", "build saloon-2"]
    events = act(game, 4, "pass")
    assert game.waiting_for() == frozenset({0})
    events = act(game, 0, "build saloon-1")
    assert of_type(events, "buildings-removed") == [
        {"type": "buildings-removed", "buildings": ["saloon-2"], "reason": "distillery-2"}
    ]
    view = game.observe(None)
    assert view["distillery"] is None and view["phase"] == "plant" and game.active == 1
    assert not any(k.startswith("saloon") for k in view["supply"])
    assert view["removed"] == ["saloon-2"]
    assert [seat_view(game, s)["buildings"] for s in range(5)] == [
        ["saloon-1"],
        ["distillery-2"],
        ["saloon-3"],
        ["saloon-4"],
        [],
    ]
    assert builds(game, 4) == []
    act(game, 1, "plant f0")


def test_s4_3_9_distillery_2_nobody_can_buy() -> None:
    """§4.3.9 distillery-2 item 3: when no other player can buy a card of the
    named type the window closes at once and the cards leave the game."""
    game = cognac(seats=[{"hand": ["sau"], "coins": ["cognac", "cognac"]}], deck=["rote"] * 3)
    events = act(game, 0, "build distillery-2 name bank")
    assert of_type(events, "buildings-removed") == [
        {
            "type": "buildings-removed",
            "buildings": ["bank-1", "bank-2", "bank-3", "bank-4"],
            "reason": "distillery-2",
        }
    ]
    assert phase(game) == "plant" and game.waiting_for() == frozenset({0})


def test_hb_d11_distillery_2_may_name_the_distillery() -> None:
    """§4.3.9 item 1 / HB-D11: any type may be named, the Distillery too; the
    others may buy one of the remaining Distilleries, then the rest leave."""
    game = cognac(
        players=4,
        seats=[
            {"hand": ["sau"], "coins": ["cognac", "cognac"]},
            {"coins": ["cognac"] * 3},
            {"coins": ["cognac"]},
        ],
        deck=["rote"] * 3,
    )
    act(game, 0, "build distillery-2 name distillery")
    assert builds(game, 1) == ["build distillery-1", "build distillery-3"]
    act(game, 1, "build distillery-3")
    assert builds(game, 2) == ["build distillery-1"]
    events = act(game, 2, "pass")
    assert of_type(events, "buildings-removed") == [
        {
            "type": "buildings-removed",
            "buildings": ["distillery-1", "distillery-4"],
            "reason": "distillery-2",
        }
    ]
    assert builds(game, 2) == []


def test_s4_3_9_distillery_2_with_the_player_count_rule() -> None:
    """§4.3.9 item 2 / §4.2: the purchases in the window follow the removal
    rule: with 3 players, once a second player owns the named type the other
    cards leave at once, and the next seat is skipped."""
    game = cognac(
        seats=[
            {"hand": ["sau"], "coins": ["cognac", "cognac"], "buildings": ["farm-1"]},
            {"coins": ["soja", "soja"]},
            {"coins": ["soja", "soja"]},
        ],
        deck=["rote"] * 3,
    )
    events = act(game, 0, "build distillery-2 name farm")
    assert game.waiting_for() == frozenset({1})
    events = act(game, 1, "build farm-2")
    removed = of_type(events, "buildings-removed")
    assert removed == [
        {"type": "buildings-removed", "buildings": ["farm-3", "farm-4"], "reason": "player-count"}
    ]
    assert phase(game) == "plant" and builds(game, 2) == []


def test_s4_3_9_distillery_3_takes_a_coin_of_another_players_stew() -> None:
    """§4.3.9 distillery-3 / HB-D12: when another player harvests a stew that
    pays, one of its coins goes under the owner's distillery-3; on the
    owner's own stews and on stews paying 0 nothing moves."""
    game = cognac(
        seats=[
            {
                "fields": [["blaue", "sau", "feuer", "rote", "augen", "garten"], ["sau", "feuer"]],
                "buildings": ["saloon-3"],
                "stews": [0, 1],
            },
            {
                "fields": [["blaue", "sau", "feuer"], []],
                "buildings": ["saloon-4", "distillery-3"],
                "stews": [0],
            },
        ]
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 2
    coin = of_type(events, "distillery-coin")
    assert len(coin) == 1 and coin[0]["seat"] == 1 and coin[0]["from"] == 0
    assert len(seat_view(game, 0)["stew_coins"]) == 1
    assert seat_view(game, 1)["distillery_coins"] == [coin[0]["coin"]]
    # the coin is one of the stew's yield (its top 2 cards)
    assert sorted(seat_view(game, 0)["stew_coins"] + [coin[0]["coin"]]) == ["augen", "garten"]
    events = act(game, 0, "harvest f1")
    assert events[0]["coins"] == 0 and "distillery-coin" not in types(events)
    events = act(game, 1, "harvest f0")
    assert events[0]["coins"] == 1 and "distillery-coin" not in types(events)
    assert seat_view(game, 1)["stew_coins"] == ["feuer"]
    assert len(seat_view(game, 1)["distillery_coins"]) == 1
    assert coins(game) == [0, 0, 0]


def test_s4_3_9_distillery_3_coins_are_cash_and_count_for_the_teepee() -> None:
    """§4.3.9 distillery-3 items 1 and 3 / §4.3.2 / HB-D4: the coin is also
    taken in the final harvest; coins under the Distillery are cash at the
    end and count for the Teepee."""
    game = ending(
        options={"cognac": True},
        seats=[
            {
                "fields": [["blaue", "sau", "feuer"], []],
                "buildings": ["saloon-3"],
                "stews": [0],
            },
            {
                "buildings": ["distillery-3", "teepee-4"],
                "distillery_coins": ["rote", "rote", "rote"],
                "coins": ["rote"],
            },
        ],
        discard=["soja"] * 3,
    )
    events = act(game, 0, "end-trading")
    coin = of_type(events, "distillery-coin")
    assert coin == [{"type": "distillery-coin", "seat": 1, "from": 0, "coin": "feuer"}]
    assert {"type": "teepee", "seat": 1, "coins": 1, "from_pile": 1} in events
    assert seat_view(game, 1)["distillery_coins"] == ["rote", "rote", "rote", "feuer"]
    assert tally(game)[1] == {"cash": 5, "teepee": 1, "buildings": 7, "bonus": 0, "total": 13}
    assert tally(game)[0]["cash"] == 0


def test_s4_3_9_position_distillery_coins_need_the_distillery_3() -> None:
    """§4.3.9 distillery-3 item 2: coins lie under the distillery-3 only; a
    position with Distillery coins and no distillery-3 is refused."""
    assert cognac(seats=[{"buildings": ["distillery-3"], "distillery_coins": ["rote"]}])
    for buildings in ([], ["distillery-1"], ["distillery-4"]):
        with pytest.raises(SetupError):
            cognac(seats=[{"buildings": buildings, "distillery_coins": ["rote"]}])


@pytest.mark.parametrize(("n", "pay"), DISTILLERY_4.items())
def test_s4_3_9_distillery_4_cognac_beanometer(n: int, pay: int) -> None:
    """§4.3.9 distillery-4: the owner's `cognac` fields pay 3->1, 5->2, 7->3, 8->4."""
    game = cognac(seats=[{"fields": [["cognac"] * n, []], "buildings": ["distillery-4"]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == pay and coins(game)[0] == pay
    assert len(game.discard) == n - pay


# ---------------------------------------------------------------------------
# §5 The final sequence


def test_s5_2_hb_d13_final_harvest_clockwise_from_the_last_player() -> None:
    """§5.2 step 2 / HB-D13: after the final exhaustion every player harvests
    all his fields, clockwise from the player who took the last turn, without
    the single-bean rule; the buying rounds follow and start with him; hand
    cards are worth nothing."""
    game = ending(
        active=1,
        seats=[
            {"hand": ["garten"], "fields": [["sau"], ["blaue", "blaue"]]},
            {"fields": [["rote", "rote"], []]},
            {"fields": [["feuer"], ["augen", "augen"]]},
        ],
    )
    events = act(game, 1, "end-trading")
    harvested = [(e["seat"], e["field"], e["final"]) for e in of_type(events, "harvest")]
    assert harvested == [(1, 0, True), (2, 0, True), (2, 1, True), (0, 0, True), (0, 1, True)]
    assert types(events).index("harvest") > types(events).index("exhausted")
    assert of_type(events, "final-buying") == [{"type": "final-buying", "first": 1}]
    assert types(events).index("final-buying") > types(events).index("harvest")
    assert phase(game) == "final-buying" and game.observe(None)["final_buyer"] == 1
    assert game.waiting_for() == frozenset({1})
    assert hand(game, 1) == ["augen"]
    acts(game, (1, "pass"), (2, "pass"))
    assert [t["cash"] for t in tally(game)] == [0, 1, 1]
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"


def test_s5_2_hb_d13_final_buying_rounds() -> None:
    """§5.2 step 3 / HB-D13: the final buying starts with the player who took
    the last turn and goes clockwise; each go lasts until he passes; seats
    without an affordable building are skipped; while someone buys the
    rounds go on, so a player who bought gets another go; a full round
    without a purchase ends it. Coins of the final harvest may be spent."""
    game = ending(
        active=1,
        seats=[
            {"coins": ["sau"]},
            {"coins": ["brech", "rote"], "fields": [["garten", "garten"], []]},
            {"fields": [["sau"], []]},
        ],
    )
    act(game, 1, "end-trading")
    assert phase(game) == "final-buying" and game.waiting_for() == frozenset({1})
    assert builds(game, 1) == [
        "build goldmine-1",
        "build goldmine-2",
        "build teepee-1",
        "build saloon-1",
    ]
    assert legal(game, 1)[-1] == "pass"
    assert legal(game, 0) == [] and legal(game, 2) == []
    refused(game, 0, "build general-store-1", "high-bohn §5.2")
    refused(game, 1, "buy-field", "high-bohn §5.2")
    acts(game, (1, "build goldmine-2"), (1, "build saloon-1"))
    assert game.waiting_for() == frozenset({1})
    events = act(game, 1, "pass")
    # seat 2 cannot buy anything: skipped
    assert game.waiting_for() == frozenset({0}) and game.observe(None)["final_buyer"] == 0
    events = act(game, 0, "pass")
    assert game.waiting_for() == frozenset({1}) and game.result() is None
    events = act(game, 1, "build teepee-1")
    # his go ends (nothing left to buy); he bought, so the round goes on
    assert game.waiting_for() == frozenset({0}) and game.result() is None
    events = act(game, 0, "pass")
    assert "game-over" in types(events)
    assert tally(game) == [
        {"cash": 1, "teepee": 0, "buildings": 0, "bonus": 0, "total": 1},
        {"cash": 0, "teepee": 0, "buildings": 4, "bonus": 0, "total": 4},
        {"cash": 0, "teepee": 0, "buildings": 0, "bonus": 0, "total": 0},
    ]


def test_s5_2_final_buying_keeps_the_removal_rule() -> None:
    """§5.2 step 3 / §4.2: in the final buying the removal rule still works:
    with 3 players a second Saloon owner closes the type, and a seat whose
    only affordable buildings left the game is skipped."""
    game = ending(
        active=1,
        seats=[
            {"coins": ["brech"]},
            {"buildings": ["saloon-2"]},
            {"coins": ["brech", "brech", "brech"]},
        ],
    )
    act(game, 1, "end-trading")
    # seat 1, who took the last turn, cannot buy: seat 2 has the first go
    assert game.waiting_for() == frozenset({2}) and game.observe(None)["final_buyer"] == 2
    events = act(game, 2, "build saloon-3")
    assert of_type(events, "buildings-removed") == [
        {
            "type": "buildings-removed",
            "buildings": ["saloon-1", "saloon-4"],
            "reason": "player-count",
        }
    ]
    # seat 0 could have bought the saloon-1: skipped, and the game is over
    assert "game-over" in types(events)
    assert [t["total"] for t in tally(game)] == [1, 2, 3]
    assert sorted(game.observe(None)["removed"]) == ["saloon-1", "saloon-4"]


def test_s5_2_distillery_2_in_the_final_buying() -> None:
    """§5.2 step 3 / §4.3.9: a distillery-2 bought in the final buying opens
    its window; afterwards the buyer's go goes on."""
    game = ending(
        options={"cognac": True},
        seats=[
            {"coins": ["cognac", "cognac", "sau"]},
            {"coins": ["augen"]},
            {"coins": ["augen", "augen"]},
        ],
    )
    act(game, 0, "end-trading")
    events = act(game, 0, "build distillery-2 name bank")
    assert phase(game) == "distillery" and game.waiting_for() == frozenset({1})
    act(game, 1, "build bank-1")
    assert game.waiting_for() == frozenset({2})
    assert builds(game, 2) == ["build bank-2"]
    events = act(game, 2, "pass")
    assert of_type(events, "buildings-removed") == [
        {
            "type": "buildings-removed",
            "buildings": ["bank-2", "bank-3", "bank-4"],
            "reason": "distillery-2",
        }
    ]
    assert phase(game) == "final-buying" and game.waiting_for() == frozenset({0})
    act(game, 0, "build general-store-1")
    assert game.result() is not None
    assert [t["buildings"] for t in tally(game)] == [3, 1, 0]


ALL_TIED = [
    {"buildings": ["saloon-1"], "coins": ["brech", "brech"]},
    {"buildings": ["bank-2"], "coins": ["augen"]},
    {"buildings": ["jail-3"]},
]


@pytest.mark.parametrize(
    ("first", "seats", "winner"),
    [
        (0, ALL_TIED, 2),
        (1, ALL_TIED, 0),
        (2, ALL_TIED, 1),
        (0, [*ALL_TIED[:2], {"buildings": ["jail-2"]}], 1),
        (2, [ALL_TIED[0], {"buildings": ["bank-1"]}, ALL_TIED[2]], 0),
    ],
)
def test_s5_3_tie_break_latest_first_turn(
    first: int, seats: list[dict[str, Any]], winner: int
) -> None:
    """§5.3 / bohnanza §5.3: the highest score (cash, buildings, bonus) wins;
    among tied players the one whose first turn came latest wins."""
    game = ending(options={"first_player": first}, active=first, seats=seats)
    act(game, first, "end-trading")
    result = game.result()
    assert result is not None
    assert result.winners == (winner,) and result.tie_break is True
    assert result.scores == tuple(t["total"] for t in tally(game))


BONUS = [0, 0, 0, 0, 1, 2, 3, 5, 8, 8]
ONES = [
    "goldmine-1",
    "teepee-1",
    "bank-1",
    "farm-1",
    "saloon-1",
    "general-store-1",
    "blacksmith-1",
    "jail-1",
    "distillery-1",
]


@pytest.mark.parametrize("k", range(10))
def test_s1_4_hb_d1_bonus_table(k: int) -> None:
    """§1.4 / §5.2 step 6 / HB-D1: owning 0-3 / 4 / 5 / 6 / 7 / 8 / 9
    buildings gives 0 / 1 / 2 / 3 / 5 / 8 / 8 bonus coins."""
    game = ending(options={"cognac": True}, seats=[{"buildings": ONES[:k]}])
    act(game, 0, "end-trading")
    assert tally(game)[0] == {
        "cash": 0,
        "teepee": 0,
        "buildings": k,
        "bonus": BONUS[k],
        "total": k + BONUS[k],
    }


def test_s5_2_rulebook_example_29() -> None:
    """§5.2 rulebook example: cash 6; saloon-2, blacksmith-2, jail-4,
    goldmine-3, teepee-4 and farm-4 are worth 19; the teepee-4 gives 1 for
    the fifth cash coin; 6 buildings give 3; total 29."""
    game = ending(
        seats=[
            {
                "fields": [[], [], [], []],
                "field_kinds": ["regular", "regular", "saloon", "blacksmith"],
                "buildings": RULEBOOK_BUILDINGS,
                "coins": ["garten"] * 6,
            }
        ],
        discard=["sau", "sau"],
    )
    events = act(game, 0, "end-trading")
    assert {"type": "teepee", "seat": 0, "coins": 1, "from_pile": 1} in events
    assert seat_view(game, 0)["teepee_coins"] == ["sau"]
    assert tally(game)[0] == {"cash": 6, "teepee": 1, "buildings": 19, "bonus": 3, "total": 29}
    result = game.result()
    assert result is not None and result.scores == (29, 0, 0)
