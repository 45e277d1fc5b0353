"""Scenario tests for ``rules/high-bohn.md``, part A: buying buildings (§4.1),
the player-count removal (§4.2), the Goldmines, Teepees, Banks and Farms
(§4.3.1-§4.3.4), the final tally (§5.2, the rulebook's example) and the end
trigger (§5.1).

Each test names the section it checks (``§4.1.3``), the default (``HB-D4``)
or the rulebook example in its name and docstring. Positions are written as
scenarios: unless a test says otherwise, the draw pile holds exactly the
cards it names, the other cards are out of play, every seat not given holds
an empty hand and two empty fields, and nobody owns a building.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohn.engine.actions import parse_action
from bohn.engine.errors import SetupError
from bohn.engine.game import Result
from bohn.rulesets.high_bohn.rules import HighBohn

from .helpers import act
from .helpers import acts
from .helpers import fields
from .helpers import hand
from .helpers import keys
from .helpers import legal
from .helpers import phase
from .helpers import refused
from .helpers import types
from .high_bohn_helpers import RULEBOOK_BUILDINGS
from .high_bohn_helpers import builds
from .high_bohn_helpers import position
from .high_bohn_helpers import seat_view


def public(game: HighBohn) -> dict[str, Any]:
    """The spectator's view."""
    return game.observe(None)


def coin_cards(game: HighBohn, seat: int) -> list[str]:
    cards: list[str] = seat_view(game, seat)["coin_cards"]
    return cards


def buildings(game: HighBohn, seat: int) -> list[str]:
    owned: list[str] = seat_view(game, seat)["buildings"]
    return owned


def deck(game: HighBohn) -> list[str]:
    """The draw pile, top card first."""
    return list(reversed(keys(game, game.deck)))


def tally(result: Result) -> list[dict[str, int]]:
    """The per-seat tally of a finished game (§5.2 step 6)."""
    assert result.details is not None
    rows: list[dict[str, int]] = result.details["tally"]
    return rows


def finish(game: HighBohn) -> None:
    """Pass for every seat the final buying rounds wait on until the game is over."""
    for _ in range(20):
        if game.result() is not None:
            return
        assert phase(game) == "final-buying", phase(game)
        (seat,) = game.waiting_for()
        act(game, seat, "pass")
    raise AssertionError("the final buying rounds do not end")


def ending(**kw: Any) -> HighBohn:
    """Seat 0's phase 2 with one card left in the draw pile and two
    exhaustions behind: its ``end-trading`` exhausts the pile the third time."""
    setup: dict[str, Any] = {"phase": "trade", "exhaustions": 2, "deck": ["soja"], **kw}
    return position(**setup)


# ---------------------------------------------------------------------------
# §4.1 Buying buildings


def test_s4_1_1_payment_with_coins_of_the_buildings_type_onto_the_discard_pile() -> None:
    """§4.1.1: saloon-3 costs exactly 3 `brech` coins; the other coins stay,
    the paid ones go onto the discard pile; the building leaves the supply.
    §4.1.3: the price cards of a type may be bought in any order (the 3 first)."""
    game = position(
        seats=[{"hand": ["blaue"], "coins": ["brech", "sau", "brech", "garten", "brech"]}],
        discard=["rote"],
    )
    events = act(game, 0, "build saloon-3")
    assert types(events) == ["pay", "build"]
    assert events[0] == {"type": "pay", "seat": 0, "coins": ["brech"] * 3, "for": "saloon-3"}
    assert events[1] == {"type": "build", "seat": 0, "building": "saloon-3"}
    assert buildings(game, 0) == ["saloon-3"]
    assert coin_cards(game, 0) == ["sau", "garten"]
    assert keys(game, game.discard) == ["rote", "brech", "brech", "brech"]
    view = public(game)
    assert "saloon-3" not in view["supply"]
    assert {"saloon-1", "saloon-2", "saloon-4"} <= set(view["supply"])
    assert view["removed"] == []


def test_s4_1_1_refused_without_enough_coins_of_the_type() -> None:
    """§4.1.1: 5 coins do not buy saloon-3 when only 2 of them are `brech`;
    the legal builds are exactly those the typed coins pay for."""
    game = position(seats=[{"hand": ["blaue"], "coins": ["brech", "sau", "sau", "brech", "sau"]}])
    err = refused(game, 0, "build saloon-3", "high-bohn §4.1.1")
    assert "brech" in err.message
    refused(game, 0, "build bank-1", "high-bohn §4.1.1")
    assert builds(game, 0) == [
        "build saloon-1",
        "build saloon-2",
        "build general-store-1",
        "build general-store-2",
        "build general-store-3",
    ]


def test_s4_1_2_stew_and_distillery_coins_never_pay() -> None:
    """§4.1.2: coins under the Saloon and under a distillery-3 buy nothing."""
    game = position(
        options={"cognac": True},
        seats=[
            {
                "hand": ["blaue"],
                "buildings": ["saloon-3", "distillery-3"],
                "stew_coins": ["augen", "augen"],
                "distillery_coins": ["augen"],
            }
        ],
    )
    assert builds(game, 0) == []
    refused(game, 0, "build bank-1", "high-bohn §4.1.1")


def test_s4_1_3_one_building_of_each_type() -> None:
    """§4.1.3: the owner of saloon-1 cannot buy another Saloon of any price,
    and no other Saloon is offered to him."""
    game = position(seats=[{"hand": ["blaue"], "buildings": ["saloon-1"], "coins": ["brech"] * 5}])
    for key in ("saloon-2", "saloon-3", "saloon-4"):
        err = refused(game, 0, f"build {key}", "high-bohn §4.1.3")
        assert "saloon" in err.message
    assert builds(game, 0) == []


def test_s4_1_4_several_buildings_at_once() -> None:
    """§4.1.4: a player buys several buildings in a row, each paid with its
    own type."""
    game = position(
        seats=[
            {"hand": ["blaue"]},
            {"coins": ["brech", "augen", "augen", "garten", "garten", "garten", "sau"]},
        ]
    )
    events = acts(game, (1, "build saloon-1"), (1, "build bank-2"), (1, "build goldmine-3"))
    assert [e["building"] for e in events if e["type"] == "build"] == [
        "saloon-1",
        "bank-2",
        "goldmine-3",
    ]
    assert buildings(game, 1) == ["saloon-1", "bank-2", "goldmine-3"]
    assert coin_cards(game, 1) == ["sau"]
    assert sorted(keys(game, game.discard)) == sorted(
        ["brech", "augen", "augen", "garten", "garten", "garten"]
    )


def test_s4_1_5_buying_in_another_players_turn() -> None:
    """§4.1.5: buildings are bought at any time, also in other players'
    turns: the non-active seats are offered ``build`` in phase 1 and in the
    trading phase, and their purchases go through."""
    game = position(
        seats=[
            {"hand": ["blaue", "sau"]},
            {"coins": ["brech", "brech"]},
            {"coins": ["rote"]},
        ],
        deck=["soja", "feuer", "garten", "garten", "garten"],
    )
    assert phase(game) == "plant" and game.active == 0
    assert builds(game, 1) == ["build saloon-1", "build saloon-2"]
    assert builds(game, 2) == ["build teepee-1"]
    act(game, 1, "build saloon-2")
    assert buildings(game, 1) == ["saloon-2"]
    assert seat_view(game, 1)["field_kinds"] == ["regular", "regular", "saloon"]
    acts(game, (0, "plant f0"), (0, "pass"))
    assert phase(game) == "trade" and game.active == 0
    assert builds(game, 2) == ["build teepee-1"]
    act(game, 2, "build teepee-1")
    assert buildings(game, 2) == ["teepee-1"]
    assert coin_cards(game, 1) == [] and coin_cards(game, 2) == []


def test_s4_2_refused_when_no_longer_available() -> None:
    """§4.1 / §4.2: a building bought by another player or out of the game
    (``removed``) cannot be bought."""
    game = position(
        seats=[{"hand": ["blaue"], "coins": ["augen"] * 4}, {"buildings": ["bank-2"]}],
        removed=["bank-3"],
    )
    refused(game, 0, "build bank-2", "high-bohn §4.2")
    refused(game, 0, "build bank-3", "high-bohn §4.2")
    assert builds(game, 0) == ["build bank-1", "build bank-4"]
    assert public(game)["removed"] == ["bank-3"]


# ---------------------------------------------------------------------------
# §4.2 Buildings leaving the game (player count)


def test_s4_2_three_players_two_owners_close_the_type() -> None:
    """§4.2, 3 players: once two players own a Farm, the other two Farms
    leave the game at once (the rulebook's example: the 2 and the 4 Farm)."""
    game = position(
        seats=[
            {"hand": ["blaue"], "coins": ["soja"] * 2},
            {"coins": ["soja"] * 4},
            {"coins": ["soja"] * 4},
        ]
    )
    events = act(game, 0, "build farm-2")
    assert "buildings-removed" not in types(events)
    assert {"farm-1", "farm-3", "farm-4"} <= set(public(game)["supply"])
    events = act(game, 1, "build farm-4")
    removed = [e for e in events if e["type"] == "buildings-removed"]
    assert len(removed) == 1
    assert sorted(removed[0]["buildings"]) == ["farm-1", "farm-3"]
    assert removed[0]["reason"] == "player-count"
    view = public(game)
    assert not any(k.startswith("farm-") for k in view["supply"])
    assert sorted(view["removed"]) == ["farm-1", "farm-3"]
    refused(game, 2, "build farm-1", "high-bohn §4.2")
    refused(game, 2, "build farm-3", "high-bohn §4.2")
    assert builds(game, 2) == []


def test_s4_2_three_players_position_with_two_owners() -> None:
    """§4.2, 3 players: a position in which two players own a type has the
    rest of that type out of the game."""
    game = position(
        seats=[{"hand": ["blaue"]}, {"buildings": ["jail-1"]}, {"buildings": ["jail-3"]}]
    )
    view = public(game)
    assert not any(k.startswith("jail-") for k in view["supply"])
    assert sorted(view["removed"]) == ["jail-2", "jail-4"]


def test_s4_2_four_players_three_owners_close_the_type() -> None:
    """§4.2, 4 players: two Bank owners remove nothing; the third purchase
    removes the fourth Bank (the rulebook's example: 1, 3, 4 -> the 2 goes)."""
    game = position(
        players=4,
        seats=[
            {"hand": ["blaue"], "coins": ["augen"]},
            {"coins": ["augen"] * 3},
            {"coins": ["augen"] * 4},
            {"coins": ["augen"] * 2},
        ],
    )
    assert "buildings-removed" not in types(acts(game, (0, "build bank-1"), (1, "build bank-3")))
    assert public(game)["supply"].count("bank-2") == 1
    assert builds(game, 3) == ["build bank-2"]
    events = act(game, 2, "build bank-4")
    removed = [e for e in events if e["type"] == "buildings-removed"]
    assert [e["buildings"] for e in removed] == [["bank-2"]]
    assert public(game)["removed"] == ["bank-2"]
    refused(game, 3, "build bank-2", "high-bohn §4.2")
    assert builds(game, 3) == []


def test_s4_2_five_players_nothing_leaves() -> None:
    """§4.2, 5 players: no card leaves the game; after four Saloon purchases
    the fifth player finds none left."""
    game = position(
        players=5,
        seats=[
            {"hand": ["blaue"], "coins": ["brech"]},
            {"coins": ["brech"] * 2},
            {"coins": ["brech"] * 3},
            {"coins": ["brech"] * 4},
            {"coins": ["brech"] * 4},
        ],
    )
    events = acts(
        game,
        (0, "build saloon-1"),
        (1, "build saloon-2"),
        (2, "build saloon-3"),
    )
    assert "buildings-removed" not in types(events)
    assert builds(game, 4) == ["build saloon-4"]
    events = act(game, 3, "build saloon-4")
    assert "buildings-removed" not in types(events)
    assert public(game)["removed"] == []
    refused(game, 4, "build saloon-1", "high-bohn §4.2")
    assert builds(game, 4) == []


# ---------------------------------------------------------------------------
# §4.3.1 Goldmine


def test_s4_3_1_goldmine_1_has_no_ability() -> None:
    """§1.3 / §4.3.1: goldmine-1 lifts no single-bean rule for `garten`, pays
    the base `garten` beanometer and leaves the third field at 3 coins."""
    game = position(
        seats=[
            {
                "hand": ["blaue"],
                "buildings": ["goldmine-1"],
                "fields": [["garten"], ["brech", "brech"]],
                "coins": ["rote", "rote"],
            }
        ]
    )
    assert "harvest f0" not in legal(game, 0)
    refused(game, 0, "harvest f0", "bohnanza §4.1.6")
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field", "bohnanza §4.3.2")
    act(game, 0, "harvest f1")
    act(game, 0, "harvest f0")
    assert coin_cards(game, 0) == ["rote", "rote"]


def test_s4_3_1_goldmine_1_counts_for_value_and_bonus() -> None:
    """§1.3 / §1.4 / §5.2: the four 1-buildings have no ability but count:
    4 coins of value and the bonus for 4 buildings (1); teepee-1 gives no
    Teepee coins."""
    game = ending(
        seats=[
            {
                "hand": [],
                "buildings": ["goldmine-1", "teepee-1", "bank-1", "farm-1"],
                "coins": ["rote"] * 5 + ["soja"] * 5,
            }
        ],
        discard=["sau"] * 4,
    )
    act(game, 0, "end-trading")
    finish(game)
    result = game.result()
    assert result is not None
    assert tally(result)[0] == {
        "cash": 10,
        "teepee": 0,
        "buildings": 4,
        "bonus": 1,
        "total": 15,
    }
    assert result.scores[0] == 15


def test_s4_3_1_goldmine_2_third_field_for_one_coin_of_any_type() -> None:
    """§4.3.1 / §4.1.7: with goldmine-2 the third field costs 1 coin, here a
    `blaue` coin; it goes onto the discard pile."""
    game = position(seats=[{"hand": ["sau"], "buildings": ["goldmine-2"], "coins": ["blaue"]}])
    assert "buy-field" in legal(game, 0)
    events = act(game, 0, "buy-field")
    assert types(events) == ["pay", "buy-field"]
    assert events[0]["coins"] == ["blaue"]
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular", "third"]
    assert coin_cards(game, 0) == []
    assert keys(game, game.discard) == ["blaue"]
    assert "buy-field" not in legal(game, 0)


def test_s4_3_1_goldmine_2_payer_chooses_the_one_coin() -> None:
    """§4.1.7 / BO-D9: the owner of goldmine-2 pays the third field with the
    1 coin he names; naming 2 coins is refused."""
    game = position(
        seats=[{"hand": ["sau"], "buildings": ["goldmine-2"], "coins": ["blaue", "garten"]}]
    )
    refused(game, 0, "buy-field pay blaue,garten", "bohnanza §4.3.2")
    act(game, 0, "buy-field pay blaue")
    assert coin_cards(game, 0) == ["garten"]
    assert keys(game, game.discard) == ["blaue"]


def test_s4_3_1_goldmine_2_bought_makes_the_third_field_cheap_at_once() -> None:
    """§4.1.6 / §4.3.1: right after buying goldmine-2 (2 `garten`), the
    third field costs 1 coin."""
    game = position(seats=[{"hand": ["sau"], "coins": ["sau", "garten", "garten", "feuer"]}])
    act(game, 0, "build goldmine-2")
    assert coin_cards(game, 0) == ["sau", "feuer"]
    events = act(game, 0, "buy-field")
    assert [len(e["coins"]) for e in events if e["type"] == "pay"] == [1]
    assert len(game.fields[0]) == 3 and len(coin_cards(game, 0)) == 1


@pytest.mark.parametrize(("n", "pay", "base"), [(1, 1, 0), (2, 2, 2), (3, 3, 3)])
def test_s4_3_1_goldmine_3_beanometer(n: int, pay: int, base: int) -> None:
    """§4.3.1 goldmine-3 item 1: the owner's `garten` fields pay 1->1, 2->2,
    3->3; seat 1, without it, gets the base beanometer (1 card pays 0)."""
    game = position(
        seats=[
            {"hand": ["blaue"], "buildings": ["goldmine-3"], "fields": [["garten"] * n, []]},
            {"fields": [["garten"] * n, []]},
        ]
    )
    events = acts(game, (0, "harvest f0"), (1, "harvest f0"))
    assert [e["coins"] for e in events if e["type"] == "harvest"] == [pay, base]
    assert coin_cards(game, 0) == ["garten"] * pay
    assert coin_cards(game, 1) == ["garten"] * base


def test_s4_3_1_goldmine_3_single_garten_harvest_only() -> None:
    """§4.3.1 goldmine-3 item 2: the owner harvests a single `garten` while
    another field holds several cards; his single `soja` field stays
    protected by the single-bean rule."""
    game = position(
        seats=[
            {
                "hand": ["blaue"],
                "buildings": ["goldmine-3"],
                "fields": [["garten"], ["brech", "brech"], ["soja"]],
            }
        ]
    )
    harvests = [a for a in legal(game, 0) if a.startswith("harvest")]
    assert harvests == ["harvest f0", "harvest f1"]
    refused(game, 0, "harvest f2", "bohnanza §4.1.6")
    events = act(game, 0, "harvest f0")
    assert [e["coins"] for e in events if e["type"] == "harvest"] == [1]
    assert coin_cards(game, 0) == ["garten"]
    assert fields(game, 0) == [[], ["brech", "brech"], ["soja"]]


def test_s4_3_1_goldmine_4_extra_field_and_third_field() -> None:
    """§4.3.1 goldmine-4: buying it adds an extra regular field at once
    (field kind ``goldmine``, any type); the third field can still be bought,
    giving 4 regular fields."""
    game = position(
        seats=[
            {
                "hand": ["rote", "augen"],
                "fields": [["sau"], ["feuer"]],
                "coins": ["garten"] * 4 + ["blaue"] * 3,
            }
        ],
        deck=["soja", "soja"],
    )
    events = act(game, 0, "build goldmine-4")
    new = [e for e in events if e["type"] == "new-field"]
    assert [(e["field"], e["kind"]) for e in new] == [(2, "goldmine")]
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular", "goldmine"]
    assert "buy-field" in legal(game, 0)
    act(game, 0, "buy-field")
    assert seat_view(game, 0)["field_kinds"] == ["regular", "regular", "goldmine", "third"]
    assert "plant f2" in legal(game, 0) and "plant f3" in legal(game, 0)
    acts(game, (0, "plant f2"), (0, "plant f3"))
    assert fields(game, 0) == [["sau"], ["feuer"], ["rote"], ["augen"]]
    assert coin_cards(game, 0) == []


def test_s4_3_1_goldmine_4_field_from_a_position() -> None:
    """§4.3.1: a position may give the goldmine-4 field (kind ``goldmine``)
    only to the owner of goldmine-4; with it and the third field he has 4
    fields; a goldmine field of 2 cards protects his single-card fields."""
    game = position(
        seats=[
            {
                "hand": ["rote"],
                "buildings": ["goldmine-4"],
                "fields": [["sau"], ["feuer"], [], []],
                "field_kinds": ["regular", "regular", "goldmine", "third"],
            }
        ]
    )
    assert len(game.fields[0]) == 4
    assert "buy-field" not in legal(game, 0)
    game = position(
        seats=[
            {
                "hand": ["rote"],
                "buildings": ["goldmine-4"],
                "fields": [["sau"], ["feuer"], ["blaue", "blaue"], ["rote"]],
                "field_kinds": ["regular", "regular", "goldmine", "third"],
            }
        ]
    )
    # it counts for the single-bean rule like any field
    assert [a for a in legal(game, 0) if a.startswith("harvest")] == ["harvest f2"]
    refused(game, 0, "harvest f0", "bohnanza §4.1.6")
    refused(game, 0, "harvest f3", "bohnanza §4.1.6")
    with pytest.raises(SetupError, match="goldmine-4"):
        position(
            seats=[
                {
                    "hand": ["rote"],
                    "fields": [[], [], []],
                    "field_kinds": ["regular", "regular", "goldmine"],
                }
            ]
        )


# ---------------------------------------------------------------------------
# §4.3.2 Indian Teepee (HB-D4)


@pytest.mark.parametrize(("teepee", "extra"), [("teepee-2", 2), ("teepee-3", 2), ("teepee-4", 3)])
def test_s4_3_2_teepee_counts_stew_and_distillery_coins(teepee: str, extra: int) -> None:
    """§4.3.2 / HB-D4 / §5.2: at the end the Teepee owner gets
    floor(cash / 8, 6, 5) coins from the top of the discard pile; cash is his
    coin pile (9) + stew coins (5) + Distillery coins (3) = 17 (Cognac variant,
    for the distillery-3)."""
    price = int(teepee[-1])
    game = ending(
        options={"cognac": True},
        seats=[
            {
                "hand": [],
                "buildings": [teepee, "saloon-3", "distillery-3"],
                "coins": ["rote"] * 5 + ["brech"] * 4,
                "stew_coins": ["sau", "feuer", "augen", "blaue", "soja"],
                "distillery_coins": ["sau"] * 3,
            }
        ],
        discard=["garten", "blaue", "blaue", "blaue", "augen", "augen", "augen"],
    )
    events = act(game, 0, "end-trading")
    finish(game)
    result = game.result()
    assert result is not None
    teepees = [e for e in events if e["type"] == "teepee"]
    assert [(e["seat"], e["coins"]) for e in teepees] == [(0, extra)]
    assert seat_view(game, 0)["teepee_coins"] == ["augen"] * extra
    assert tally(result)[0] == {
        "cash": 17,
        "teepee": extra,
        "buildings": price + 3 + 3,
        "bonus": 0,
        "total": 17 + extra + price + 3 + 3,
    }
    assert result.scores[0] == 17 + extra + price + 3 + 3


def test_hb_d4_teepee_coins_count_when_the_discard_pile_is_short() -> None:
    """HB-D4: teepee-4 with cash 17 earns 3 coins; the discard pile holds only
    1 card, which he takes, and the 3 count in the score anyway."""
    game = ending(
        options={"cognac": True},
        seats=[
            {
                "hand": [],
                "buildings": ["teepee-4", "saloon-3", "distillery-3"],
                "coins": ["rote"] * 5 + ["brech"] * 4,
                "stew_coins": ["sau", "feuer", "augen", "blaue", "soja"],
                "distillery_coins": ["sau"] * 3,
            }
        ],
        discard=["garten"],
    )
    events = act(game, 0, "end-trading")
    finish(game)
    result = game.result()
    assert result is not None
    teepees = [e for e in events if e["type"] == "teepee"]
    assert [(e["coins"], e["from_pile"]) for e in teepees] == [(3, 1)]
    assert seat_view(game, 0)["teepee_coins"] == ["garten"]
    assert game.discard == []
    assert tally(result)[0]["teepee"] == 3
    assert result.scores[0] == 17 + 3 + 4 + 3 + 3


def test_hb_d4_teepee_counts_cash_after_the_final_buying() -> None:
    """HB-D4 / §5.2 steps 3-5: cash is counted after the final buying round:
    teepee-4 with 10 coins buys bank-2 for 2 `augen` and keeps 8, which
    earn 1 Teepee coin, not 2."""
    game = ending(
        options={"cognac": True},
        seats=[{"hand": [], "buildings": ["teepee-4"], "coins": ["rote"] * 8 + ["augen"] * 2}],
        discard=["sau"] * 4,
    )
    events = act(game, 0, "end-trading")
    assert "final-buying" in types(events)
    assert phase(game) == "final-buying" and game.waiting_for() == frozenset({0})
    assert public(game)["final_buyer"] == 0
    assert builds(game, 0) == ["build bank-1", "build bank-2"]
    act(game, 0, "build bank-2")
    finish(game)
    result = game.result()
    assert result is not None
    assert tally(result)[0] == {
        "cash": 8,
        "teepee": 1,
        "buildings": 6,
        "bonus": 0,
        "total": 15,
    }


# ---------------------------------------------------------------------------
# §4.3.3 Bank


def test_s4_3_3_bank_2_look_at_position_start() -> None:
    """§3 step 0 / §4.3.3: a turn of the bank-2 owner begins in
    ``before-turn``; he alone sees the top card of the draw pile (a private
    ``look`` event, ``deck_top`` in his observation)."""
    game = position(seats=[{"hand": ["blaue"], "buildings": ["bank-2"]}], deck=["rote", "soja"])
    assert phase(game) == "before-turn"
    assert game.waiting_for() == frozenset({0})
    (_, _, events) = game.history()[0]
    looks = [e for e in events if e.data["type"] == "look"]
    assert len(looks) == 1
    assert looks[0].view(0) == {"type": "look", "seat": 0, "card": "rote"}
    assert looks[0].view(1) == {"type": "look", "seat": 0}
    assert looks[0].view(None) == {"type": "look", "seat": 0}
    assert game.observe(0)["deck_top"] == "rote"
    assert game.observe(1)["deck_top"] is None
    assert public(game)["deck_top"] is None
    assert [a for a in legal(game, 0) if a in ("bury", "pass")] == ["bury", "pass"]
    assert "bury" not in legal(game, 1) and "pass" not in legal(game, 1)


def test_s4_3_3_bank_2_entered_in_play() -> None:
    """§3 step 0 / §4.3.3: when seat 2's turn ends, seat 0, owner of bank-2,
    gets ``before-turn`` and a look at the new top card, hidden from the
    others."""
    game = position(
        active=2,
        phase="trade",
        seats=[{"hand": ["blaue"], "buildings": ["bank-2"]}],
        deck=["sau", "sau", "sau", "rote", "soja"],
    )
    evs = game.apply(2, parse_action("end-trading"))
    assert game.active == 0 and phase(game) == "before-turn"
    looks = [e for e in evs if e.data["type"] == "look"]
    assert len(looks) == 1
    assert looks[0].view(0) == {"type": "look", "seat": 0, "card": "rote"}
    assert looks[0].view(2) == {"type": "look", "seat": 0}
    assert game.observe(0)["deck_top"] == "rote"
    assert game.observe(2)["deck_top"] is None


def test_s4_3_3_bank_2_bury_once_then_pass() -> None:
    """§4.3.3 / HB-D3: ``bury`` puts the top card at the bottom of the draw
    pile, at most once per turn; ``pass`` starts phase 1, after which the
    ability is gone."""
    game = position(
        seats=[{"hand": ["blaue", "blaue"], "buildings": ["bank-2"]}],
        deck=["rote", "augen", "soja"],
    )
    assert deck(game) == ["rote", "augen", "soja"]
    events = game.apply(0, parse_action("bury"))
    assert [e.view(0) for e in events] == [{"type": "bury", "seat": 0, "card": "rote"}]
    assert [e.view(1) for e in events] == [{"type": "bury", "seat": 0}]
    assert deck(game) == ["augen", "soja", "rote"]
    assert phase(game) == "before-turn"
    assert "bury" not in legal(game, 0)
    refused(game, 0, "bury", "high-bohn §4.3.3 (HB-D3)")
    act(game, 0, "pass")
    assert phase(game) == "plant" and game.planted == 0
    refused(game, 0, "bury", "high-bohn §4.3.3")
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["blaue"], []]


def test_hb_d3_bank_2_again_in_the_owners_next_turn() -> None:
    """HB-D3: "once per turn" is per turn: after a ``bury`` in his turn, the
    bank-2 owner looks and may bury again right before his next turn."""
    sau2 = ["sau", "sau"]
    feuer3 = ["feuer"] * 3
    game = position(
        seats=[{"hand": ["blaue"], "buildings": ["bank-2"]}],
        deck=["garten", *sau2, *feuer3, *sau2, *feuer3, *sau2, *feuer3, "rote"],
    )
    act(game, 0, "bury")
    assert deck(game)[-2:] == ["rote", "garten"]
    acts(game, (0, "pass"), (0, "plant f0"), (0, "end-trading"))
    acts(game, (0, "plant t0 f1"), (0, "plant t0 f1"))
    for seat in (1, 2):
        assert game.active == seat and phase(game) == "trade"
        acts(game, (seat, "end-trading"), (seat, "plant t0 f0"), (seat, "plant t0 f0"))
    assert game.active == 0 and phase(game) == "before-turn"
    assert game.observe(0)["deck_top"] == "rote"
    assert "bury" in legal(game, 0)
    act(game, 0, "bury")
    assert deck(game) == ["garten", "rote"]


def test_s4_3_3_bank_2_leave_the_top_card() -> None:
    """§4.3.3: the owner may leave the top card where it is (``pass``);
    his phase 2 then reveals it first."""
    game = position(
        seats=[{"hand": ["blaue"], "buildings": ["bank-2"]}],
        deck=["rote", "augen", "soja"],
    )
    acts(game, (0, "pass"), (0, "plant f0"))
    assert phase(game) == "trade"
    assert keys(game, game.revealed) == ["rote", "augen"]


def test_s4_3_3_bank_2_only_before_the_owners_own_turn() -> None:
    """§4.3.3: bank-2 works right before its owner's own turn: in the
    ``before-turn`` of seat 0 (bank-4), seat 1 (bank-2) cannot bury."""
    game = position(
        seats=[{"hand": ["blaue", "sau"], "buildings": ["bank-4"]}, {"buildings": ["bank-2"]}],
        deck=["rote", "soja"],
    )
    assert phase(game) == "before-turn"
    assert game.observe(1)["deck_top"] is None and game.observe(0)["deck_top"] is None
    refused(game, 1, "bury", "high-bohn §4.3.3")
    refused(game, 0, "bury", "high-bohn §4.3.3")
    assert "bury" not in legal(game, 0) + legal(game, 1)


def test_s4_3_3_no_before_turn_without_bank_2_or_4() -> None:
    """§3 step 0: owners of bank-1 or bank-3 start their turn in phase 1."""
    for bank in ("bank-1", "bank-3"):
        game = position(seats=[{"hand": ["blaue"], "buildings": [bank]}], deck=["rote", "soja"])
        assert phase(game) == "plant"
        assert game.observe(0)["deck_top"] is None


def test_s4_3_3_bank_4_move_one_hand_card_once() -> None:
    """§4.3.3 / HB-D3: bank-4 moves one hand card to another position
    (``move h3 h0``), once per turn; then phase 1 plants from the new order."""
    game = position(
        seats=[{"hand": ["brech", "sau", "feuer", "blaue"], "buildings": ["bank-4"]}],
        deck=["rote", "soja"],
    )
    assert phase(game) == "before-turn"
    assert "move h3 h0" in legal(game, 0) and "bury" not in legal(game, 0)
    refused(game, 0, "move h1 h1", "high-bohn §4.3.3")
    refused(game, 0, "move h4 h0", "high-bohn §4.3.3")
    events = act(game, 0, "move h3 h0")
    assert events == [{"type": "move", "seat": 0, "from": 3, "to": 0}]
    assert hand(game, 0) == ["blaue", "brech", "sau", "feuer"]
    assert not any(a.startswith("move") for a in legal(game, 0))
    refused(game, 0, "move h0 h3", "high-bohn §4.3.3 (HB-D3)")
    act(game, 0, "pass")
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["blaue"], []]
    refused(game, 0, "move h0 h1", "high-bohn §4.3.3")


def test_s4_3_3_bank_3_order_of_the_drawn_cards() -> None:
    """§4.3.3 bank-3: after drawing, the game waits in ``draw-order``; the
    owner alone sees the drawn cards; ``order 2,0,1`` puts the third drawn
    card first at the back of his hand, then the first and the second. Other
    seats may buy buildings meanwhile (§4.1.5)."""
    game = position(
        phase="trade",
        seats=[
            {"hand": ["garten"], "buildings": ["bank-3"]},
            {"hand": ["blaue"]},
            {"coins": ["brech"]},
        ],
        deck=["sau", "blaue", "soja", "rote", "rote"],
    )
    act(game, 0, "end-trading")
    assert phase(game) == "draw-order" and game.active == 0
    # §4.1.5: buildings are bought at any time, also while the drawn cards wait
    assert builds(game, 2) == ["build saloon-1"]
    act(game, 2, "build saloon-1")
    assert phase(game) == "draw-order"
    assert game.waiting_for() == frozenset({0})
    assert hand(game, 0) == ["garten"]
    assert game.observe(0)["drawn"] == ["sau", "blaue", "soja"]
    assert game.observe(1)["drawn"] == []
    orders = [a for a in legal(game, 0) if a.startswith("order")]
    assert len(orders) == 6 and "order 2,0,1" in orders
    refused(game, 0, "order 0,0,1", "high-bohn §4.3.3")
    refused(game, 1, "order 2,0,1", "high-bohn §4.3.3")
    act(game, 0, "order 2,0,1")
    assert hand(game, 0) == ["garten", "soja", "sau", "blaue"]
    assert game.active == 1 and phase(game) == "plant"


def test_s4_3_3_bank_3_identical_cards_need_no_order() -> None:
    """§4.3.3 bank-3: three identical drawn cards join the hand at once."""
    game = position(
        phase="trade",
        seats=[{"hand": ["garten"], "buildings": ["bank-3"]}, {"hand": ["blaue"]}],
        deck=["sau", "sau", "sau", "rote", "rote"],
    )
    act(game, 0, "end-trading")
    assert phase(game) == "plant" and game.active == 1
    assert hand(game, 0) == ["garten", "sau", "sau", "sau"]


def test_s4_3_3_without_bank_3_the_draw_is_in_draw_order() -> None:
    """§4.3.3 / bohnanza §3.4: without bank-3 the drawn cards join the hand
    in the order drawn; no ``draw-order`` phase."""
    game = position(
        phase="trade",
        seats=[{"hand": ["garten"], "buildings": ["bank-4"]}, {"hand": ["blaue"]}],
        deck=["sau", "blaue", "soja", "rote", "rote"],
    )
    act(game, 0, "end-trading")
    assert phase(game) == "plant" and game.active == 1
    assert hand(game, 0) == ["garten", "sau", "blaue", "soja"]


def test_s4_3_3_bank_abilities_lost_if_missed() -> None:
    """§4.3.3: the Bank abilities work only at their printed moment. A
    bank-4 bought in the owner's phase 1 cannot move a card until his next
    turn; no ``bury``/``move``/``order`` in phases 1-3."""
    game = position(
        seats=[{"hand": ["blaue", "sau", "feuer"], "coins": ["augen"] * 4}, {"hand": ["rote"]}],
        deck=["rote", "soja", "soja", "sau", "sau", "brech"],
    )
    assert phase(game) == "plant"
    act(game, 0, "build bank-4")
    assert phase(game) == "plant"
    refused(game, 0, "move h2 h0", "high-bohn §4.3.3")
    refused(game, 0, "bury", "high-bohn §4.3.3")
    refused(game, 0, "order 0,1,2", "high-bohn §4.3.3")
    acts(game, (0, "plant f0"), (0, "pass"))
    assert phase(game) == "trade"
    refused(game, 0, "move h1 h0", "high-bohn §4.3.3")
    assert not any(a.startswith(("move", "bury", "order")) for a in legal(game, 0))


def test_s4_3_3_bank_2_empty_draw_pile() -> None:
    """§4.3.3: with an empty draw pile bank-2 has no effect: no look, no bury;
    with nothing to do the moment passes and phase 1 begins at once."""
    game = position(seats=[{"hand": ["blaue"], "buildings": ["bank-2"]}], discard=["sau"])
    assert phase(game) == "plant"
    (_, _, events) = game.history()[0]
    assert not any(e.data["type"] == "look" for e in events)
    assert "bury" not in legal(game, 0)
    refused(game, 0, "bury", "high-bohn §4.3.3")


def test_s4_3_3_bank_4_with_nothing_to_move() -> None:
    """§4.3.3: a bank-4 owner whose hand holds one kind of card only cannot
    change its order; the moment passes and phase 1 begins at once. With two
    kinds the turn starts in `before-turn`."""
    game = position(seats=[{"hand": ["blaue", "blaue"], "buildings": ["bank-4"]}], deck=["sau"])
    assert phase(game) == "plant"
    assert not any(t.startswith("move") for t in legal(game, 0))
    game = position(seats=[{"hand": ["blaue", "sau"], "buildings": ["bank-4"]}], deck=["sau"])
    assert phase(game) == "before-turn"
    assert legal(game, 0) == ["move h0 h1", "pass"]


# ---------------------------------------------------------------------------
# §4.3.4 Farm


@pytest.mark.parametrize(
    ("host", "before", "pay"),
    [("brech", 3, 1), ("sau", 6, 3), ("feuer", 5, 2), ("blaue", 3, 1)],
)
def test_s4_3_4_farm_2_soy_joker_keeps_the_host_beanometer(
    host: str, before: int, pay: int
) -> None:
    """§4.3.4 farm-2 items 1, 2, 6: a `soja` planted onto a field of a host
    type counts as that type: it adds to the field size and the field pays
    by the host's beanometer (a `soja` field of that size would pay more).
    The coins are the top cards, so the joker becomes a coin."""
    game = position(
        seats=[{"hand": ["soja"], "buildings": ["farm-2"], "fields": [[host] * before, []]}],
        deck=["rote", "rote"],
    )
    assert "plant f0" in legal(game, 0)
    events = act(game, 0, "plant f0")
    plants = [e for e in events if e["type"] == "plant"]
    assert plants == [{"type": "plant", "seat": 0, "field": 0, "card": "soja", "as": "joker"}]
    assert fields(game, 0)[0] == [host] * before + ["soja"]
    assert seat_view(game, 0)["stews"] == [False, False]
    n = before + 1
    table = game.table
    assert table.pays_for(table.card(host), n) == pay
    assert table.pays_for(table.card(host), before) < pay or host == "brech"
    assert table.pays_for(table.card("soja"), n) != pay
    events = act(game, 0, "harvest f0")
    assert [e["coins"] for e in events if e["type"] == "harvest"] == [pay]
    assert coin_cards(game, 0) == [host] * (pay - 1) + ["soja"]


def test_s4_3_4_farm_2_joker_keeps_the_hosts_building_beanometer() -> None:
    """§4.3.4 farm-2 item 2 / §4.4 step 2: a `blaue` field with a soy joker
    is paid by the owner's jail-2 beanometer: 6 `blaue` + 1 joker = 7 cards
    pay 3 (the base `blaue` beanometer would pay 2, a `soja` field 4)."""
    game = position(
        seats=[
            {
                "hand": ["soja"],
                "buildings": ["farm-2", "jail-2"],
                "fields": [["blaue"] * 6, []],
            }
        ],
        deck=["rote", "rote"],
    )
    acts(game, (0, "plant f0"), (0, "harvest f0"))
    assert coin_cards(game, 0) == ["blaue", "blaue", "soja"]
    assert keys(game, game.discard) == ["blaue"] * 4


def test_s4_3_4_farm_2_cognac_is_a_host_in_the_cognac_variant() -> None:
    """§4.3.4 farm-2 item 1: with option cognac, `cognac` (22 cards) is a host;
    4 `cognac` + a joker pay 1 by the `cognac` beanometer."""
    game = position(
        options={"cognac": True},
        seats=[{"hand": ["soja"], "buildings": ["farm-2"], "fields": [["cognac"] * 4, []]}],
        deck=["rote", "rote"],
    )
    events = act(game, 0, "plant f0")
    assert [e.get("as") for e in events if e["type"] == "plant"] == ["joker"]
    events = act(game, 0, "harvest f0")
    assert [e["coins"] for e in events if e["type"] == "harvest"] == [1]


@pytest.mark.parametrize("other", ["augen", "rote", "garten"])
def test_s4_3_4_farm_2_no_joker_on_small_types(other: str) -> None:
    """§4.3.4 farm-2 item 1: types with fewer than 14 printed cards are no
    hosts."""
    game = position(
        seats=[{"hand": ["soja"], "buildings": ["farm-2"], "fields": [[other], []]}],
        deck=["rote", "rote"],
    )
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f1"]
    refused(game, 0, "plant f0", "bohnanza §3.1.2")
    refused(game, 0, "plant f0 joker")


def test_s4_3_4_farm_2_without_the_farm_no_joker() -> None:
    """§4.3.4: without farm-2 (here farm-1) a `soja` never joins a `brech`
    field."""
    game = position(
        seats=[{"hand": ["soja"], "buildings": ["farm-1"], "fields": [["brech"], []]}],
        deck=["rote", "rote"],
    )
    assert "plant f0" not in legal(game, 0)
    refused(game, 0, "plant f0", "bohnanza §3.1.2")


def test_s4_3_4_farm_2_never_on_a_soja_first_field() -> None:
    """§4.3.4 farm-2 item 3: a field whose first card is `soja` is an ordinary
    `soja` field: a `soja` planted onto it is a plain card, and a host card
    cannot join it."""
    game = position(
        seats=[
            {
                "hand": ["soja", "brech", "soja"],
                "buildings": ["farm-2"],
                "fields": [["soja"], []],
            }
        ],
        deck=["rote", "rote"],
    )
    events = act(game, 0, "plant f0")
    assert [e.get("as") for e in events if e["type"] == "plant"] == [None]
    assert "plant f0" not in legal(game, 0)
    refused(game, 0, "plant f0", "bohnanza §3.1.2")
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["soja", "soja"], ["brech"]]


def test_s4_3_4_farm_2_never_on_a_stew() -> None:
    """§4.3.4 farm-2 item 4: the joker never applies to a stew: a `soja` joins
    the stew [brech, sau] only as a stew card (stew beanometer, stew coins),
    and a second `soja` cannot join it."""
    game = position(
        seats=[
            {
                "hand": ["soja", "soja"],
                "buildings": ["farm-2", "saloon-3"],
                "fields": [["brech", "sau"], []],
                "stews": [0],
            }
        ],
        deck=["rote", "rote"],
    )
    assert "plant f0 joker" not in legal(game, 0)
    refused(game, 0, "plant f0 joker", "high-bohn §4.3.5")
    events = act(game, 0, "plant f0")
    assert [e.get("as") for e in events if e["type"] == "plant"] == [None]
    assert seat_view(game, 0)["stews"] == [True, False]
    assert not any(a.startswith("plant f0") for a in legal(game, 0))
    refused(game, 0, "plant f0", "high-bohn §4.3.5")
    refused(game, 0, "plant f0 joker", "high-bohn §4.3.5")
    events = act(game, 0, "harvest f0")
    assert [e["coins"] for e in events if e["type"] == "harvest"] == [1]
    assert seat_view(game, 0)["stew_coins"] == ["soja"]
    assert coin_cards(game, 0) == []


@pytest.mark.parametrize(
    ("building", "kind", "card", "rule"),
    [
        ("saloon-2", "saloon", "brech", "high-bohn §4.3.5"),
        ("blacksmith-2", "blacksmith", "feuer", "high-bohn §4.3.7"),
    ],
)
def test_hb_d5_farm_2_not_on_the_saloon_2_or_blacksmith_2_field(
    building: str, kind: str, card: str, rule: str
) -> None:
    """HB-D5 / §4.3.4 farm-2 item 5: no soy joker on the single-type extra
    fields."""
    game = position(
        seats=[
            {
                "hand": ["soja"],
                "buildings": ["farm-2", building],
                "fields": [[], ["blaue"], [card, card]],
                "field_kinds": ["regular", "regular", kind],
            }
        ],
        deck=["rote", "rote"],
    )
    plants = [a for a in legal(game, 0) if a.startswith("plant")]
    assert "plant f2" not in plants and "plant f2 joker" not in plants
    assert "plant f1" in plants
    refused(game, 0, "plant f2", rule)
    refused(game, 0, "plant f2 joker", rule)


def test_s4_3_4_farm_3_plants_up_to_three_cards() -> None:
    """§4.3.4 farm-3 / §3 step 1: the owner plants up to 3 hand cards from the
    front in phase 1; phase 2 begins after the third."""
    game = position(
        seats=[{"hand": ["brech", "brech", "brech", "sau"], "buildings": ["farm-3"]}],
        deck=["rote", "rote", "soja"],
    )
    assert seat_view(game, 0)["plant_limit"] == 3
    acts(game, (0, "plant f0"), (0, "plant f0"))
    assert phase(game) == "plant" and "pass" in legal(game, 0)
    act(game, 0, "plant f0")
    assert phase(game) == "trade"
    assert fields(game, 0) == [["brech"] * 3, []]
    assert hand(game, 0) == ["sau"]


def test_s4_3_4_without_farm_3_two_cards() -> None:
    """§3 step 1: without farm-3 (here farm-4) phase 1 ends after 2 cards."""
    game = position(
        seats=[{"hand": ["brech", "brech", "brech", "sau"], "buildings": ["farm-4"]}],
        deck=["rote", "rote", "soja"],
    )
    assert seat_view(game, 0)["plant_limit"] == 2
    acts(game, (0, "plant f0"), (0, "plant f0"))
    assert phase(game) == "trade"
    assert hand(game, 0) == ["brech", "sau"]


def test_s4_3_4_farm_3_position_planted_limit() -> None:
    """§4.3.4 farm-3: a position may say 2 cards are planted for the owner
    of farm-3 (the third is still to come), but not without it."""
    game = position(
        planted=2,
        seats=[{"hand": ["brech", "sau"], "buildings": ["farm-3"], "fields": [["brech"] * 2, []]}],
        deck=["rote", "rote"],
    )
    assert phase(game) == "plant" and game.planted == 2
    act(game, 0, "plant f0")
    assert phase(game) == "trade" and hand(game, 0) == ["sau"]
    with pytest.raises(SetupError):
        position(
            planted=2,
            seats=[{"hand": ["brech", "sau"], "fields": [["brech"] * 2, []]}],
            deck=["rote", "rote"],
        )


@pytest.mark.parametrize(
    ("owned", "field", "pay"),
    [
        (["farm-4", "jail-3"], ["blaue"] * 8, 5),  # the rulebook's example
        (["jail-3"], ["blaue"] * 8, 4),
        (["farm-4", "jail-3"], ["blaue"] * 10, 5),  # worth 5 already: stays 5
        (["farm-4"], ["brech"] * 7, 5),
        (["farm-4"], ["brech"] * 6, 3),
        (["farm-4"], ["sau"] * 8, 5),
        (["farm-3"], ["sau"] * 8, 4),
    ],
)
def test_s4_3_4_farm_4_four_becomes_five(owned: list[str], field: list[str], pay: int) -> None:
    """§4.3.4 farm-4 / §4.4 step 3 / HB-D6: a harvest worth exactly 4 pays 5,
    the fifth coin being one more card of the field; a harvest worth 5 stays
    5 and other values are unchanged. Rulebook: farm-4 + jail-3 and 8 `blaue`
    pay 4 + 1 = 5."""
    game = position(
        seats=[{"hand": ["rote"], "buildings": owned, "fields": [field, []]}],
        discard=["garten"],
    )
    events = act(game, 0, "harvest f0")
    assert [e["coins"] for e in events if e["type"] == "harvest"] == [pay]
    assert coin_cards(game, 0) == field[:pay]
    assert keys(game, game.discard) == ["garten", *field[pay:]]


def test_s4_3_4_farm_4_on_a_stew_worth_4() -> None:
    """§4.3.4 farm-4 / §4.3.5 item 4: farm-4 also applies to a stew worth 4
    (saloon-3, 8 cards): it pays 5 stew coins."""
    stew = ["blaue", "feuer", "sau", "brech", "soja", "augen", "rote", "garten"]
    game = position(
        seats=[
            {
                "hand": ["rote"],
                "buildings": ["farm-4", "saloon-3"],
                "fields": [stew, []],
            }
        ],
    )
    events = act(game, 0, "harvest f0")
    assert [e["coins"] for e in events if e["type"] == "harvest"] == [5]
    assert seat_view(game, 0)["stew_coins"] == stew[3:]


# ---------------------------------------------------------------------------
# §5.2 Final tally, §5.1 end trigger


def test_s5_2_rulebook_final_tally_example() -> None:
    """§5.2, the rulebook's example: cash 6; saloon-2, blacksmith-2, jail-4,
    goldmine-3, teepee-4 and farm-4 are worth 19; teepee-4 gives 1 for the
    fifth coin; 6 buildings give 3; total 6 + 19 + 1 + 3 = 29. Played from
    the third exhaustion: the final harvest pays 1 `sau` coin (the sixth),
    the final buying round waits on seat 0, who passes."""
    game = ending(
        seats=[
            {
                "hand": ["garten"],
                "buildings": RULEBOOK_BUILDINGS,
                "fields": [["sau"] * 3, [], [], []],
                "field_kinds": ["regular", "regular", "saloon", "blacksmith"],
                "coins": ["brech", "brech", "feuer", "feuer", "blaue"],
            }
        ],
        discard=["augen", "rote"],
    )
    events = act(game, 0, "end-trading")
    assert types(events)[:3] == ["end-trading", "exhausted", "draw"]
    assert [e["count"] for e in events if e["type"] == "exhausted"] == [3]
    harvests = [e for e in events if e["type"] == "harvest"]
    assert [(e["seat"], e["coins"], e["final"]) for e in harvests] == [(0, 1, True)]
    assert phase(game) == "final-buying" and game.waiting_for() == frozenset({0})
    assert builds(game, 0) == ["build general-store-1"]
    assert game.result() is None
    act(game, 0, "pass")
    result = game.result()
    assert result is not None
    assert result.reason == "final-exhaustion"
    assert tally(result)[0] == {
        "cash": 6,
        "teepee": 1,
        "buildings": 19,
        "bonus": 3,
        "total": 29,
    }
    assert result.scores == (29, 0, 0)
    assert result.winners == (0,)
    assert seat_view(game, 0)["teepee_coins"] == ["sau"]  # a final-harvest leftover


def test_s5_2_final_buying_rounds_start_with_the_last_player() -> None:
    """§5.2 steps 2-3 / HB-D13: the final harvest goes clockwise from the
    player who took the last turn (seat 1); then buying starts with him and
    goes clockwise, one seat at a time; rounds repeat until a full round passes without a purchase; a seat
    that cannot buy is skipped."""
    game = ending(
        active=1,
        seats=[
            {"hand": [], "coins": ["augen"], "fields": [["rote"], []]},
            {"hand": [], "coins": ["brech"], "fields": [["rote"], []]},
            {"hand": [], "coins": ["sau"], "fields": [["garten"], []]},
        ],
    )
    events = act(game, 1, "end-trading")
    harvests = [e for e in events if e["type"] == "harvest"]
    assert [(e["seat"], e["final"]) for e in harvests] == [(1, True), (2, True), (0, True)]
    assert types(events).index("final-buying") > types(events).index("harvest")
    assert [e["first"] for e in events if e["type"] == "final-buying"] == [1]
    assert game.waiting_for() == frozenset({1})
    assert public(game)["final_buyer"] == 1
    assert legal(game, 0) == [] and legal(game, 2) == []
    refused(game, 0, "build bank-1", "high-bohn §5.2")
    act(game, 1, "pass")
    assert game.waiting_for() == frozenset({2})
    act(game, 2, "pass")
    assert game.waiting_for() == frozenset({0})
    assert legal(game, 0) == ["build bank-1", "pass"]
    act(game, 0, "build bank-1")
    # a purchase: a new round; seat 0 can buy no more and is skipped later
    assert game.waiting_for() == frozenset({1})
    act(game, 1, "pass")
    assert game.result() is None
    act(game, 2, "pass")
    result = game.result()
    assert result is not None
    assert result.scores == (1, 1, 1)
    assert tally(result)[0]["buildings"] == 1


@pytest.mark.parametrize("players", [3, 4])
def test_s5_1_third_exhaustion_ends_with_3_or_4_players(players: int) -> None:
    """§5.1: with 3 or 4 players the game ends at the 3rd exhaustion."""
    game = ending(players=players, seats=[{"hand": []}], discard=["sau"] * 3)
    assert public(game)["final_exhaustion"] == 3
    events = act(game, 0, "end-trading")
    assert [e["count"] for e in events if e["type"] == "exhausted"] == [3]
    finish(game)
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    assert phase(game) == "over"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_s5_1_second_exhaustion_goes_on(players: int) -> None:
    """§5.1 / bohnanza §5.1.2: the 2nd exhaustion ends no game; the discard
    pile becomes the draw pile and the draw goes on."""
    game = position(
        players=players,
        phase="trade",
        exhaustions=1,
        deck=["soja"],
        discard=["sau"] * 4,
        seats=[{"hand": []}, {"hand": ["blaue"]}],
    )
    events = act(game, 0, "end-trading")
    assert [e["count"] for e in events if e["type"] == "exhausted"] == [2]
    assert game.result() is None
    assert sorted(hand(game, 0)) == ["sau", "sau", "soja"]
    assert game.active == 1 and phase(game) == "plant"
    assert len(game.deck) == 2 and game.discard == []


def test_s5_1_five_players_third_exhaustion_goes_on() -> None:
    """§5.1: with 5 players the 3rd exhaustion does not end the game; the
    discard pile is reshuffled into a new draw pile and the draw goes on."""
    game = position(
        players=5,
        phase="trade",
        exhaustions=2,
        deck=["soja"],
        discard=["sau"] * 4,
        seats=[{"hand": []}, {"hand": ["blaue"]}],
    )
    assert public(game)["final_exhaustion"] == 4
    events = act(game, 0, "end-trading")
    assert [e["count"] for e in events if e["type"] == "exhausted"] == [3]
    assert game.result() is None
    assert game.exhaustions == 3
    assert sorted(hand(game, 0)) == ["sau", "sau", "soja"]
    assert game.active == 1 and phase(game) == "plant"
    assert len(game.deck) == 2 and game.discard == []


def test_s5_1_five_players_fourth_exhaustion_ends() -> None:
    """§5.1: with 5 players the game ends at the 4th exhaustion."""
    game = position(
        players=5,
        phase="trade",
        exhaustions=3,
        deck=["soja"],
        discard=["sau"] * 4,
        seats=[{"hand": []}, {"hand": ["blaue"]}],
    )
    events = act(game, 0, "end-trading")
    assert [e["count"] for e in events if e["type"] == "exhausted"] == [4]
    finish(game)
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    assert keys(game, game.discard) == ["sau"] * 4
