"""One scenario test (at least) for every rule of ``rules/bohnanza.md``.

Each test names the section it checks (``§4.1.6``) or the default (``BO-D7``)
in its name and docstring. Positions are written as scenarios
(:mod:`tests.rules.helpers`): unless a test says otherwise, the draw pile holds
exactly the cards it names and the other cards are out of play.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohn.engine.actions import action_from_json
from bohn.engine.errors import GameOver
from bohn.engine.errors import InvalidAction
from bohn.rulesets.bohnanza import Bohnanza
from bohn.scenario import run_scenario

from . import helpers
from .helpers import act
from .helpers import acts
from .helpers import coins
from .helpers import conserved
from .helpers import fields
from .helpers import hand
from .helpers import legal
from .helpers import phase
from .helpers import position
from .helpers import refused
from .helpers import run_ok
from .helpers import scenario
from .helpers import trade
from .helpers import types

# ---------------------------------------------------------------------------
# §1 Components and card data

#: coins paid by a field of 1, 2, ... 12 cards, read off the printed beanometers
PAYS = {
    "blaue": [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4],
    "feuer": [0, 0, 1, 1, 1, 2, 2, 3, 4, 4, 4, 4],
    "sau": [0, 0, 1, 1, 2, 2, 3, 4, 4, 4, 4, 4],
    "brech": [0, 0, 1, 1, 2, 3, 4, 4, 4, 4, 4, 4],
    "soja": [0, 1, 1, 2, 2, 3, 4, 4, 4, 4, 4, 4],
    "augen": [0, 1, 1, 2, 3, 4, 4, 4, 4, 4, 4, 4],
    "rote": [0, 1, 2, 3, 4, 4, 4, 4, 4, 4, 4, 4],
    "garten": [0, 2, 3, 3, 3, 3],
}
COUNTS = {
    "blaue": 20,
    "feuer": 18,
    "sau": 16,
    "brech": 14,
    "soja": 12,
    "augen": 10,
    "rote": 8,
    "garten": 6,
}


def test_s1_1_card_counts() -> None:
    """§1.1: 104 cards in 8 types with the printed counts."""
    table = Bohnanza.table
    assert dict(zip(table.keys, table.counts, strict=True)) == COUNTS
    assert len(table.deck()) == 104
    assert len(Bohnanza.new(3, seed=1).table.bean_keys) == 8


@pytest.mark.parametrize("bean", list(PAYS))
def test_s1_1_beanometer_every_step(bean: str) -> None:
    """§1.1: every beanometer at every field size (through real harvests), and
    the card table agrees up to the whole type."""
    table = Bohnanza.table
    card = table.card(bean)
    for n in range(1, COUNTS[bean] + 1):
        assert table.pays_for(card, n) == PAYS[bean][min(n, len(PAYS[bean])) - 1], (bean, n)
    for n, pay in enumerate(PAYS[bean][: COUNTS[bean]], start=1):
        out = run_ok(seats=[{"fields": [[bean] * n, []]}], actions=[(0, "harvest f0")])
        assert len(out["state"]["coins"][0]) == pay, (bean, n)
        assert out["state"]["discard"] == [bean] * (n - pay)
        assert out["events"][0]["coins"] == pay


@pytest.mark.parametrize(
    ("bean", "n", "pay"), [("sau", 7, 3), ("sau", 2, 0), ("garten", 1, 0), ("garten", 5, 3)]
)
def test_s1_1_beanometer_examples(bean: str, n: int, pay: int) -> None:
    """§1.1: 7 sau pay 3; 2 sau pay 0; 1 garten pays 0; 5 garten pay 3."""
    game = position(seats=[{"fields": [[bean] * n, []]}])
    assert game.harvest_value(0, 0) == pay
    act(game, 0, "harvest f0")
    assert coins(game)[0] == pay


def test_s1_3_coins_keep_their_bean_side() -> None:
    """§1.3: a coin is a card that keeps its bean side."""
    game = position(seats=[{"fields": [["rote"] * 3, []]}])
    act(game, 0, "harvest f0")
    assert game.table.key_list(game.coins[0]) == ["rote", "rote"]
    assert conserved(game)


# ---------------------------------------------------------------------------
# §2 Setup


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("first", [0, 1])
def test_s2_setup_deals_five_one_at_a_time(players: int, first: int) -> None:
    """§2.1-2.5: shuffle, 5 cards each dealt one at a time clockwise from the
    first player, the first card dealt is the front card; 2 empty fields each,
    an empty discard pile, the first player begins."""
    game = Bohnanza.new(players, seed=11, options={"first_player": first})
    (_, _, events) = game.history()[0]
    order = next(e.data["order"] for e in events if e.data["type"] == "shuffle")
    assert sorted(order) == sorted(game.table.key_list(game.table.deck()))
    for seat in range(players):
        dealt = [order[-1 - (j * players + (seat - first) % players)] for j in range(5)]
        assert hand(game, seat) == dealt
        assert fields(game, seat) == [[], []]
        assert game.coins[seat] == []
    assert len(game.deck) == 104 - 5 * players
    assert game.discard == []
    assert game.active == first and phase(game) == "plant"
    assert game.waiting_for() == frozenset({first})
    assert conserved(game)


def test_bo_d1_three_players_two_fields_third_purchasable() -> None:
    """§2.4 / BO-D1: with 3 players, 2 fields and a purchasable third field."""
    assert all(len(f) == 2 for f in Bohnanza.new(3, seed=2).fields)
    game = position(players=3, seats=[{"hand": ["blaue"], "coins": ["sau"] * 3}])
    assert "buy-field" in legal(game, 0)
    act(game, 0, "buy-field")
    assert fields(game, 0) == [[], [], []]


# ---------------------------------------------------------------------------
# §3.1 Phase 1


def test_s3_1_2_must_plant_the_front_card() -> None:
    """§3.1.2: the active player must plant his front card (no pass before it)."""
    game = position(seats=[{"hand": ["blaue", "sau", "feuer"]}], deck=["soja", "augen"])
    assert legal(game, 0) == ["plant f0", "plant f1"]
    refused(game, 0, "pass", "§3.1.2")
    refused(game, 1, "plant f0", "§3.1")
    act(game, 0, "plant f1")
    assert fields(game, 0) == [[], ["blaue"]]
    assert hand(game, 0) == ["sau", "feuer"]


def test_s3_1_2_field_of_its_type_or_an_empty_field() -> None:
    """§3.1.2: a card goes on a field of its type or on an empty field."""
    game = position(seats=[{"hand": ["sau"], "fields": [["blaue"], []]}])
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f1"]
    err = refused(game, 0, "plant f0", "§3.1.2")
    assert "blaue" in err.message
    game = position(seats=[{"hand": ["blaue"], "fields": [["blaue"], ["sau"]]}])
    refused(game, 0, "plant f1", "§3.1.2")
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["blaue", "blaue"], ["sau"]]


def test_bo_d7_two_fields_of_the_same_type() -> None:
    """§3.1.2 / BO-D7: an empty field takes a card although another field holds its type."""
    game = position(seats=[{"hand": ["blaue", "blaue"], "fields": [["blaue"], []]}])
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f0", "plant f1"]
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["blaue"], ["blaue"]]


def test_bo_d7_option_forbids_two_fields_of_the_same_type() -> None:
    """BO-D7 as an option: same_type_fields=false forbids a second field of a type."""
    game = position(
        options={"same_type_fields": False},
        seats=[{"hand": ["blaue"], "fields": [["blaue"], []]}],
    )
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f0"]
    refused(game, 0, "plant f1", "BO-D7")
    assert Bohnanza.OPTIONS["same_type_fields"].default_id == "BO-D7"


def test_s3_1_3_optional_second_card() -> None:
    """§3.1.3: after the front card he may plant the next one, or stop."""
    game = position(seats=[{"hand": ["blaue", "sau", "feuer"]}], deck=["soja", "augen", "rote"])
    act(game, 0, "plant f0")
    assert "pass" in legal(game, 0) and "plant f1" in legal(game, 0)
    events = act(game, 0, "pass")
    assert phase(game) == "trade"
    assert hand(game, 0) == ["sau", "feuer"]
    assert game.table.key_list(game.revealed) == ["soja", "augen"]
    assert {"type": "reveal", "cards": ["soja", "augen"]} in events


def test_s3_1_4_never_a_third_card() -> None:
    """§3.1.4: after two cards phase 1 ends, even with a free field."""
    game = position(
        seats=[{"hand": ["blaue", "sau", "feuer"], "fields": [[], [], []]}],
        deck=["soja", "augen"],
    )
    acts(game, (0, "plant f0"), (0, "plant f1"))
    assert phase(game) == "trade"
    assert hand(game, 0) == ["feuer"]
    assert not any(a.startswith("plant") for a in legal(game, 0))
    refused(game, 0, "plant f2", "§3.1")


def test_s3_1_1_empty_hand_skips_phase_1() -> None:
    """§3.1.1: a player whose hand is empty starts his turn with the reveal."""
    game = position(
        phase="trade",
        seats=[{"hand": ["blaue"]}, {"hand": []}],
        deck=["sau", "feuer", "rote", "soja", "augen", "brech"],
    )
    events = act(game, 0, "end-trading")
    assert hand(game, 0) == ["blaue", "sau", "feuer", "rote"]
    assert game.active == 1 and phase(game) == "trade"
    assert game.table.key_list(game.revealed) == ["soja", "augen"]
    assert types(events)[-2:] == ["turn", "reveal"]
    # a position loaded at the start of such a turn skips the same way
    game = position(seats=[{"hand": []}], deck=["soja", "augen"])
    assert phase(game) == "trade" and len(game.revealed) == 2


def test_s3_1_2_no_field_fits_harvest_or_buy_then_plant() -> None:
    """§3.1.2: if no field can take the front card, only a harvest or buying the
    third field is possible; then the card is planted in the freed field."""
    base: dict[str, Any] = {
        "hand": ["feuer"],
        "fields": [["blaue", "blaue"], ["sau", "sau"]],
        "coins": ["brech"] * 3,
    }
    game = position(seats=[base])
    assert legal(game, 0) == ["harvest f0", "harvest f1", "buy-field"]
    refused(game, 0, "plant f0", "§3.1.2")
    refused(game, 0, "pass", "§3.1.2")
    act(game, 0, "harvest f0")
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f0"]
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["feuer"], ["sau", "sau"]]

    game = position(seats=[base])
    acts(game, (0, "buy-field"), (0, "plant f2"))
    assert fields(game, 0) == [["blaue", "blaue"], ["sau", "sau"], ["feuer"]]

    # the single-bean rule still applies: only the 2-card field may go
    game = position(seats=[{"hand": ["feuer"], "fields": [["blaue"], ["sau", "sau"]]}])
    assert legal(game, 0) == ["harvest f1"]


# ---------------------------------------------------------------------------
# §3.2 Phase 2


def trading(**kw: Any) -> Any:
    """Seat 0 active in phase 2 with soja and augen revealed."""
    seats = kw.pop(
        "seats",
        [
            {"hand": ["blaue", "sau", "feuer", "rote"]},
            {"hand": ["brech", "garten", "blaue"]},
            {"hand": ["sau", "soja"]},
        ],
    )
    return position(
        phase="trade",
        revealed=["soja", "augen"],
        seats=seats,
        deck=["rote", "rote", "rote", "rote", "rote"],
        **kw,
    )


def test_s3_2_1_two_cards_revealed() -> None:
    """§3.2.1: the top 2 cards of the draw pile are turned face up."""
    game = position(seats=[{"hand": ["blaue"]}], deck=["soja", "augen", "rote"])
    act(game, 0, "plant f0")
    assert game.table.key_list(game.revealed) == ["soja", "augen"]
    assert game.table.key_list(game.deck) == ["rote"]


def test_s3_2_2_deals_only_with_the_active_player() -> None:
    """§3.2.2: every deal is between the active player and one other player."""
    game = trading()
    refused(game, 1, "propose 2 give h0", "§3.2.2")
    refused(game, 1, "propose 2 want sau", "§3.2.2")
    refused(game, 0, "propose 0 give h0", "§3.2.2")
    for seat in (1, 2):
        proposals = [a for a in legal(game, seat) if a.startswith("propose")]
        assert proposals and all(a.startswith("propose 0 ") for a in proposals)


def test_s3_2_2_active_gives_revealed_and_hand_cards() -> None:
    """§3.2.2: the active player may give revealed cards and hand cards together;
    the received cards go to the trading areas."""
    game = trading()
    acts(game, (0, "propose 1 give r0,h1 want brech"), (1, "accept 0 give h0"))
    assert trade(game, 1) == ["soja", "sau"]
    assert trade(game, 0) == ["brech"]
    assert hand(game, 0) == ["blaue", "feuer", "rote"]
    assert hand(game, 1) == ["garten", "blaue"]
    assert game.table.key_list(game.revealed) == ["augen"]
    assert conserved(game)


def test_s3_2_2_others_give_only_hand_cards() -> None:
    """§3.2.2: a non-active player may give only cards from his own hand."""
    game = trading()
    refused(game, 1, "propose 0 give r0", "§3.2.2")
    refused(game, 1, "propose 0 give h1,r1 want soja", "§3.2.2")
    act(game, 1, "propose 0 give h1 want soja")
    act(game, 0, "accept 0 give r0")
    assert trade(game, 0) == ["garten"] and trade(game, 1) == ["soja"]


def test_s3_2_2_donations() -> None:
    """§3.2.2: a deal in which one side gives nothing is a donation, either way."""
    game = trading()
    acts(game, (0, "propose 1 give h2"), (1, "accept 0"))
    assert trade(game, 1) == ["feuer"] and trade(game, 0) == []
    acts(game, (2, "propose 0 give h1"), (0, "accept 1"))
    assert trade(game, 0) == ["soja"] and hand(game, 2) == ["sau"]
    acts(game, (0, "propose 1 want garten"), (1, "accept 2 give h1"))
    assert trade(game, 0) == ["soja", "garten"] and hand(game, 1) == ["brech", "blaue"]


def test_s3_2_2_nobody_has_to_accept() -> None:
    """§3.2.2: an offer may be declined (or left open); nothing changes hands."""
    game = trading()
    act(game, 0, "propose 1 give r0")
    assert "decline 0" in legal(game, 1)
    events = act(game, 1, "decline 0")
    assert types(events) == ["decline"]
    assert game.offers == {} and trade(game, 1) == [] and len(game.revealed) == 2
    act(game, 0, "propose 2 give h0")
    events = act(game, 0, "end-trading")
    assert {"type": "offer-void", "id": 1, "from": 0, "to": 2} in events
    assert hand(game, 2) == ["sau", "soja"] and trade(game, 2) == []
    assert hand(game, 0)[0] == "blaue"


def test_s3_2_2_received_cards_cannot_be_traded_again() -> None:
    """§3.2.2: received cards are in the trading area, not the hand, and may
    not be traded or donated again."""
    game = trading()
    acts(game, (0, "propose 1 give r1 want blaue"), (1, "accept 0 give h2"))
    assert trade(game, 1) == ["augen"] and "augen" not in hand(game, 1)
    refused(game, 1, "propose 0 give t0", "§3.2.2")
    refused(game, 0, "propose 2 give t0", "§3.2.2")
    assert not any("t0" in a for a in legal(game, 1) if a.startswith("propose"))


def test_s3_2_2_hand_order_kept_when_cards_leave_from_the_middle() -> None:
    """§1.3 / §3.2.2: cards leave a hand only when a deal is made, from any
    position, and the other hand cards keep their order; open offers still
    name the same cards."""
    game = trading()
    act(game, 0, "propose 2 give h2")  # offer 0: feuer
    act(game, 0, "propose 1 give h1")  # offer 1: sau
    assert hand(game, 0) == ["blaue", "sau", "feuer", "rote"]
    act(game, 1, "accept 1")
    assert hand(game, 0) == ["blaue", "feuer", "rote"]
    act(game, 2, "accept 0")
    assert trade(game, 2) == ["feuer"]
    assert hand(game, 0) == ["blaue", "rote"]
    acts(game, (1, "propose 0 give h1"), (0, "accept 2"))
    assert hand(game, 1) == ["brech", "blaue"]


def test_bo_d8_keep_a_revealed_card_at_any_time() -> None:
    """§3.2.2 / BO-D8: the active player may keep a revealed card at any moment;
    it moves to his trading area and can no longer be dealt."""
    game = trading()
    act(game, 0, "propose 1 give r1")  # offer 0: augen
    events = act(game, 0, "keep r0")
    assert {"type": "keep", "seat": 0, "cards": ["soja"]} in events
    assert trade(game, 0) == ["soja"]
    assert game.table.key_list(game.revealed) == ["augen"]
    refused(game, 0, "propose 2 give r1", "§3.2.2")
    refused(game, 1, "keep r0", "§3.2.2")
    act(game, 1, "accept 0")  # the offer still gives augen
    assert trade(game, 1) == ["augen"]


def test_bo_d8_unsettled_revealed_cards_are_kept_at_phase_end() -> None:
    """BO-D8: revealed cards not settled when trading ends are kept."""
    game = trading()
    act(game, 0, "end-trading")
    assert phase(game) == "plant-traded"
    assert trade(game, 0) == ["soja", "augen"] and game.revealed == []


def test_s3_2_2_offers_void_when_their_cards_are_gone() -> None:
    """§3.2.2: an offer whose cards went to another deal is void."""
    game = trading()
    act(game, 0, "propose 1 give r0")
    act(game, 0, "propose 2 give r0")
    events = act(game, 2, "accept 1")
    assert {"type": "offer-void", "id": 0, "from": 0, "to": 1} in events
    refused(game, 1, "accept 0", "§3.2.2")
    # a non-active seat's offers too
    game = trading()
    act(game, 1, "propose 0 give h0 want soja")
    act(game, 1, "propose 0 give h0")
    events = act(game, 0, "accept 1")
    assert {"type": "offer-void", "id": 0, "from": 1, "to": 0} in events
    assert trade(game, 0) == ["brech"] and list(game.offers) == []


def test_s3_2_2_accept_gives_exactly_the_wanted_types() -> None:
    """§3.2.2: accepting gives exactly one card of each wanted type."""
    game = trading()
    act(game, 0, "propose 1 give r0 want brech,blaue")
    refused(game, 1, "accept 0 give h0", "§3.2.2")
    refused(game, 1, "accept 0 give h0,h1", "§3.2.2")
    refused(game, 1, "accept 0 give h0,h1,h2", "§3.2.2")
    refused(game, 2, "accept 0 give h0,h1", "§3.2.2")
    assert [a for a in legal(game, 1) if a.startswith("accept")] == ["accept 0 give h2,h0"]
    act(game, 1, "accept 0 give h0,h2")
    assert trade(game, 0) == ["brech", "blaue"] and trade(game, 1) == ["soja"]
    assert hand(game, 1) == ["garten"]


def test_s3_2_2_hand_deals_after_revealed_cards_are_settled() -> None:
    """§3.2.2: the active player may go on dealing hand cards after both
    revealed cards are settled."""
    game = trading()
    acts(game, (0, "keep r0"), (0, "keep r0"))
    assert game.revealed == []
    acts(game, (0, "propose 2 give h3 want soja"), (2, "accept 0 give h1"))
    assert trade(game, 0) == ["soja", "augen", "soja"] and trade(game, 2) == ["rote"]


def test_s3_2_3_only_the_active_player_ends_trading() -> None:
    """§3.2.3: the phase ends when the active player ends it."""
    game = trading()
    refused(game, 1, "end-trading", "§3.2.3")
    assert "end-trading" not in legal(game, 1) and "end-trading" in legal(game, 0)
    act(game, 0, "end-trading")
    assert phase(game) == "plant-traded"


def test_s3_2_3_proposals_per_phase_are_capped() -> None:
    """§3.2.3: the engine caps the proposals per seat and phase (option
    ``trade_cap``), so trading always ends; the active player may still end it."""
    game = trading(options={"trade_cap": 1})
    act(game, 1, "propose 0 give h0")
    refused(game, 1, "propose 0 give h1", "trade_cap")
    assert not any(a.startswith("propose") for a in legal(game, 1))
    assert 1 not in game.waiting_for()
    act(game, 0, "propose 1 give h0")
    refused(game, 0, "propose 2 give h1", "trade_cap")
    assert "end-trading" in legal(game, 0)


def test_bo_d11_only_cards_change_hands() -> None:
    """BO-D11: a deal moves cards only — no coins, nothing promised."""
    game = trading(seats=[{"hand": ["blaue"], "coins": ["sau"]}, {"hand": ["brech"]}, {"hand": []}])
    refused(game, 0, "propose 1 give c0", "§3.2.2")
    with pytest.raises(InvalidAction):
        action_from_json({"type": "propose", "to": 1, "give": ["h0"], "coins": 1})
    acts(game, (0, "propose 1 give h0,r0 want brech"), (1, "accept 0 give h0"))
    assert coins(game) == [1, 0, 0]


# ---------------------------------------------------------------------------
# §3.3 Phase 3


def test_s3_3_1_plant_all_received_cards_in_any_order() -> None:
    """§3.3.1 / §3.3.3: every player plants all cards of his trading area, in
    the order he chooses; players act independently."""
    game = position(
        phase="plant-traded",
        seats=[
            {"hand": [], "trading_area": ["sau", "blaue"], "fields": [["blaue"], []]},
            {"hand": ["rote"], "trading_area": ["rote"]},
        ],
        deck=["feuer", "feuer", "feuer"],
    )
    assert game.waiting_for() == frozenset({0, 1})
    assert "pass" not in legal(game, 0)
    refused(game, 0, "pass", "§3")
    refused(game, 2, "plant t0 f0", "§3.3.1")
    act(game, 1, "plant t0 f0")
    assert game.waiting_for() == frozenset({0})
    act(game, 0, "plant t1 f0")
    assert phase(game) == "plant-traded" and trade(game, 0) == ["sau"]
    act(game, 0, "plant t0 f1")
    assert fields(game, 0) == [["blaue", "blaue"], ["sau"]]
    assert fields(game, 1) == [["rote"], []]
    assert game.active == 1 and hand(game, 0) == ["feuer"] * 3


def test_s3_3_2_harvest_when_a_received_card_fits_nowhere() -> None:
    """§3.3.2: a player whose received card fits nowhere must harvest first."""
    game = position(
        phase="plant-traded",
        seats=[{"trading_area": ["rote"], "fields": [["blaue"] * 2, ["sau"] * 3]}],
        deck=["feuer"] * 3,
    )
    assert legal(game, 0) == ["harvest f0", "harvest f1"]
    refused(game, 0, "plant t0 f0", "§3.1.2")
    acts(game, (0, "harvest f1"), (0, "plant t0 f1"))
    assert fields(game, 0) == [["blaue"] * 2, ["rote"]] and coins(game)[0] == 1


# ---------------------------------------------------------------------------
# §3.4 Phase 4


def test_s3_4_draw_three_to_the_back_and_pass_left() -> None:
    """§3.4: the active player draws 3 cards one at a time to the back of his
    hand; the turn passes to the left."""
    game = position(
        active=2,
        phase="trade",
        seats=[{"hand": ["garten"]}, {}, {"hand": ["blaue"]}],
        deck=["sau", "feuer", "rote", "soja"],
    )
    events = act(game, 2, "end-trading")
    assert hand(game, 2) == ["blaue", "sau", "feuer", "rote"]
    assert {"type": "draw", "seat": 2, "cards": ["sau", "feuer", "rote"]} in events
    assert game.table.key_list(game.deck) == ["soja"]
    assert game.active == 0 and phase(game) == "plant" and game.turn == 2


# ---------------------------------------------------------------------------
# §4.1 Harvesting


def test_s4_1_1_bo_d6_harvest_any_time_also_off_turn() -> None:
    """§4.1.1 / BO-D6: any player may harvest between any two actions, also in
    other players' turns and phases."""
    seats = [{"hand": ["blaue", "blaue"]}, {"fields": [["sau"] * 5, []]}, {}]
    game = position(seats=seats, deck=["rote"] * 6)
    assert game.waiting_for() == frozenset({0})
    assert "harvest f0" in legal(game, 1)
    act(game, 1, "harvest f0")
    assert coins(game) == [0, 2, 0] and game.table.key_list(game.discard) == ["sau"] * 3
    game = position(seats=seats, deck=["rote"] * 6)
    acts(game, (0, "plant f0"), (0, "pass"), (1, "harvest f0"))
    assert coins(game)[1] == 2 and phase(game) == "trade"


def test_bo_d3_bo_d4_whole_field_pays_top_cards_rest_discarded() -> None:
    """§4.1.2-4.1.5 / BO-D3 / BO-D4: the whole field is harvested; the
    beanometer's coins go to the coin pile, the rest onto the discard pile."""
    game = position(seats=[{"hand": ["rote"], "fields": [["feuer"] * 7, []]}], discard=["blaue"])
    events = act(game, 0, "harvest f0")
    assert events == [
        {
            "type": "harvest",
            "seat": 0,
            "field": 0,
            "cards": ["feuer"] * 7,
            "coins": 2,
            "final": False,
        }
    ]
    assert fields(game, 0) == [[], []]
    assert game.table.key_list(game.coins[0]) == ["feuer"] * 2
    assert game.table.key_list(game.discard) == ["blaue"] + ["feuer"] * 5
    assert Bohnanza.OPTIONS["coins_from"].default == "top"
    assert Bohnanza.OPTIONS["coins_from"].default_id == "BO-D3"
    assert Bohnanza.OPTIONS["discard_order"].default == "planting"
    assert Bohnanza.OPTIONS["discard_order"].default_id == "BO-D4"


def test_s4_1_2_empty_field_cannot_be_harvested() -> None:
    """§4.1.2: a harvest takes a field's cards; an empty field has none."""
    game = position(seats=[{"fields": [["blaue"], []]}])
    refused(game, 0, "harvest f1", "§4.1")
    refused(game, 0, "harvest f2", "§1.3")


def test_s4_1_6_single_bean_rule() -> None:
    """§4.1.6: a 1-card field may be harvested only if no field holds 2 or more."""
    game = position(seats=[{"hand": ["garten"], "fields": [["blaue"], ["sau", "sau"]]}])
    assert "harvest f0" not in legal(game, 0) and "harvest f1" in legal(game, 0)
    refused(game, 0, "harvest f0", "§4.1.6")
    act(game, 0, "harvest f1")
    assert "harvest f0" in legal(game, 0)
    act(game, 0, "harvest f0")
    assert fields(game, 0) == [[], []]


def test_s4_1_6_single_bean_rule_all_fields_hold_one_card() -> None:
    """§4.1.6: when every field holds 1 card, the player picks any of them."""
    game = position(seats=[{"hand": ["garten"], "fields": [["blaue"], ["sau"], ["feuer"]]}])
    assert [a for a in legal(game, 0) if a.startswith("harvest")] == [
        "harvest f0",
        "harvest f1",
        "harvest f2",
    ]
    act(game, 0, "harvest f1")
    assert fields(game, 0) == [["blaue"], [], ["feuer"]]


def test_s4_1_7_a_harvest_may_pay_nothing() -> None:
    """§4.1.7: a harvest below the lowest step pays 0; all cards are discarded."""
    game = position(seats=[{"fields": [["sau", "sau"], []]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 0
    assert coins(game)[0] == 0 and game.table.key_list(game.discard) == ["sau", "sau"]


# ---------------------------------------------------------------------------
# §4.2 Coins and §4.3 the third field


def test_bo_d9_payer_chooses_coins_paid_bean_side_up() -> None:
    """§4.2 / BO-D9: the payer chooses the coins; they go onto the discard pile
    bean side up."""
    seats = [{"hand": ["blaue"], "coins": ["blaue", "sau", "feuer", "garten"]}]
    game = position(seats=seats, discard=["rote"])
    events = act(game, 0, "buy-field pay sau,garten,blaue")
    assert game.table.key_list(game.coins[0]) == ["feuer"]
    assert game.table.key_list(game.discard) == ["rote", "sau", "garten", "blaue"]
    assert {
        "type": "pay",
        "seat": 0,
        "coins": ["sau", "garten", "blaue"],
        "for": "the third field",
    } in events
    game = position(seats=seats, discard=["rote"])
    refused(game, 0, "buy-field pay rote,rote,rote", "§4.2")
    refused(game, 0, "buy-field pay sau,feuer", "§4.3.2")
    act(game, 0, "buy-field")  # naming no coins pays with the top ones
    assert game.table.key_list(game.coins[0]) == ["blaue"]
    assert game.table.key_list(game.discard) == ["rote", "sau", "feuer", "garten"]


def test_bo_d9_option_coin_payment_top() -> None:
    """BO-D9 as an option: coin_payment='top' pays with the top coins of the pile."""
    seats = [{"hand": ["blaue"], "coins": ["blaue", "sau", "feuer", "garten"]}]
    game = position(options={"coin_payment": "top"}, seats=seats)
    refused(game, 0, "buy-field pay sau,feuer,garten", "BO-D9")
    act(game, 0, "buy-field")
    assert game.table.key_list(game.coins[0]) == ["blaue"]
    assert game.table.key_list(game.discard) == ["sau", "feuer", "garten"]


def test_s4_3_bo_d2_third_field_costs_three_coins_once_per_game() -> None:
    """§4.3.1-4.3.2 / BO-D2: the third field costs 3 coins; one per player."""
    game = position(seats=[{"hand": ["blaue"], "coins": ["sau"] * 2}])
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field", "§4.3.2")
    game = position(seats=[{"hand": ["blaue"], "coins": ["sau"] * 6}])
    act(game, 0, "buy-field")
    assert coins(game)[0] == 3 and len(game.fields[0]) == 3
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field", "§4.3.1")
    game = position(seats=[{"hand": ["blaue"], "fields": [[], [], []], "coins": ["sau"] * 3}])
    refused(game, 0, "buy-field", "§4.3.1")


def test_s4_3_3_third_field_any_time_and_usable_at_once() -> None:
    """§4.3.3: the third field may be bought in another player's turn and is
    usable at once."""
    game = position(
        phase="plant-traded",
        seats=[
            {"hand": ["blaue"], "trading_area": ["blaue"]},
            {
                "coins": ["rote"] * 3,
                "trading_area": ["feuer"],
                "fields": [["blaue", "blaue"], ["sau", "sau"]],
            },
        ],
        deck=["soja"] * 3,
    )
    assert "buy-field" in legal(game, 1)
    assert "plant t0 f2" not in legal(game, 1)
    acts(game, (1, "buy-field"), (1, "plant t0 f2"))
    assert fields(game, 1) == [["blaue", "blaue"], ["sau", "sau"], ["feuer"]]
    game = position(seats=[{"hand": ["blaue"]}, {"coins": ["rote"] * 3}])
    assert game.waiting_for() == frozenset({0})
    act(game, 1, "buy-field")
    assert len(game.fields[1]) == 3 and coins(game)[1] == 0


# ---------------------------------------------------------------------------
# §5.1 Exhaustion and reshuffle


def test_bo_d10_reshuffle_at_once_when_the_last_card_is_taken() -> None:
    """§5.1.1-5.1.2 / BO-D10: the exhaustion counts and the discard pile becomes
    the new draw pile at once; an interrupted reveal continues from it."""
    game = position(seats=[{"hand": ["blaue"]}], deck=["soja"], discard=["rote", "rote", "garten"])
    events = act(game, 0, "plant f0")
    assert types(events) == ["plant", "exhausted", "shuffle", "reveal"]
    assert game.exhaustions == 1 and game.discard == []
    revealed = game.table.key_list(game.revealed)
    assert revealed[0] == "soja" and revealed[1] in ("rote", "garten")
    assert len(game.deck) == 2 and conserved(game)
    assert Bohnanza.OPTIONS["reshuffle"].default_id == "BO-D10"


def test_bo_d10_option_reshuffle_when_needed() -> None:
    """BO-D10 as an option: reshuffle='when-needed' refills the pile only when a
    card must be drawn; the refill is not an exhaustion."""
    game = position(
        options={"reshuffle": "when-needed"},
        seats=[{"hand": ["blaue"], "fields": [[], [], []]}, {"hand": ["sau"]}],
        deck=["soja", "augen"],
        discard=["rote", "rote", "garten", "brech"],
    )
    act(game, 0, "plant f0")
    assert game.exhaustions == 1 and game.deck == [] and len(game.discard) == 4
    acts(game, (0, "end-trading"), (0, "plant t0 f1"))
    events = act(game, 0, "plant t0 f2")
    assert "shuffle" in types(events)
    assert game.exhaustions == 1 and len(game.deck) == 1 and game.discard == []
    assert sorted(hand(game, 0) + game.table.key_list(game.deck)) == sorted(
        ["rote", "rote", "garten", "brech"]
    )


def test_bo_d5_empty_discard_exhaustion_counts_refill_later() -> None:
    """§5.1.3 / BO-D5: with an empty discard pile the exhaustion still counts and
    draws give nothing; later the discard pile refills the draw pile without
    counting as an exhaustion."""
    game = position(
        seats=[
            {"hand": ["blaue"], "fields": [[], [], []]},
            {"hand": ["sau"], "fields": [["blaue"] * 5, []]},
        ],
        deck=["soja"],
    )
    act(game, 0, "plant f0")
    assert game.exhaustions == 1
    assert game.table.key_list(game.revealed) == ["soja"] and game.deck == []
    act(game, 1, "harvest f0")  # 5 blaue: 1 coin, 4 cards to the discard pile
    assert len(game.discard) == 4
    acts(game, (0, "end-trading"), (0, "plant t0 f1"))
    assert game.exhaustions == 1
    assert hand(game, 0) == ["blaue"] * 3 and len(game.deck) == 1 and game.discard == []


def test_bo_d5_a_dry_round_ends_the_game() -> None:
    """§5.1.3 / BO-D5: a whole round of turns without any drawable card ends the game."""
    setup: dict[str, Any] = {
        "phase": "trade",
        "exhaustions": 1,
        "seats": [{}, {"coins": ["rote"] * 2}, {}],
    }
    game = position(**setup)
    acts(game, (0, "end-trading"), (1, "end-trading"))
    assert game.result() is None and game.active == 2
    events = act(game, 2, "end-trading")
    result = game.result()
    assert result is not None and result.reason == "no-cards"
    assert result.winners == (1,) and types(events)[-1] == "game-over"
    game = position(options={"dry_round_ends": False}, **setup)
    acts(game, (0, "end-trading"), (1, "end-trading"), (2, "end-trading"), (0, "end-trading"))
    assert game.result() is None
    assert Bohnanza.OPTIONS["dry_round_ends"].default_id == "BO-D5"


# ---------------------------------------------------------------------------
# §5.2 Game end and §5.3 winner


def test_s5_2_1_third_exhaustion_during_the_reveal() -> None:
    """§5.2.1: at the 3rd exhaustion during the reveal only the cards left are
    revealed, no reshuffle happens, phases 2 and 3 are completed, then the game
    ends without a draw; §5.2.3: the final harvest ignores the single-bean rule."""
    game = helpers.exhausted_while_revealing(
        position,
        [
            {"hand": ["blaue", "sau"]},
            {"hand": ["augen"], "fields": [["soja", "soja"], []]},
            {"fields": [["garten"], ["feuer"] * 3]},
        ],
    )
    assert game.exhaustions == 3 and game.final
    assert game.table.key_list(game.revealed) == ["soja"]
    assert game.table.key_list(game.discard) == ["rote"] * 3 and game.deck == []
    assert phase(game) == "trade" and game.result() is None
    acts(game, (0, "propose 1 give r0 want augen"), (1, "accept 0 give h0"))
    act(game, 0, "end-trading")
    assert phase(game) == "plant-traded" and game.result() is None
    act(game, 0, "plant t0 f1")
    events = act(game, 1, "plant t0 f0")
    assert helpers.final_harvests(game, events) == {(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)}
    assert "draw" not in types(events)
    result = game.result()
    assert result is not None and result.scores == (
        0,
        1,
        1,
    )  # 3 soja pay 1, 3 feuer pay 1, single beans pay 0
    assert all(f == [] for fs in game.fields for f in fs)
    assert hand(game, 0) == ["sau"]
    assert conserved(game)
    refused(game, 0, "harvest f0")
    with pytest.raises(GameOver):
        act(game, 1, "buy-field")


def test_s5_2_1_third_exhaustion_during_the_draw_ends_at_once() -> None:
    """§5.2.1: at the 3rd exhaustion during the phase-4 draw the game ends at once."""
    game = position(
        exhaustions=2,
        phase="trade",
        deck=["sau", "feuer"],
        seats=[{"hand": ["blaue"]}, {"hand": ["rote"]}],
    )
    events = act(game, 0, "end-trading")
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    assert hand(game, 0) == ["blaue", "sau", "feuer"]
    assert "turn" not in types(events) and game.waiting_for() == frozenset()
    assert game.legal_actions(1) == []


def test_s5_2_2_hand_cards_worthless_s5_2_4_score_is_coins() -> None:
    """§5.2.2 / §5.2.4: hand cards are worth nothing; the score is the coins."""
    out = helpers.last_turn(
        run_ok,
        [
            {"hand": ["blaue"] * 12, "coins": ["rote"] * 2},
            {"hand": [], "coins": ["rote"] * 3, "fields": [["brech"] * 5, []]},
            {"hand": ["feuer"] * 9},
        ],
    )
    result = out["result"]
    assert result["scores"] == [2, 5, 0] and result["winners"] == [1]
    assert result["ranking"] == [1, 0, 2] and result["tie_break"] is False


@pytest.mark.parametrize(
    ("players", "first", "coins_", "winner"),
    [
        (3, 0, [4, 4, 2], 1),
        (3, 1, [4, 4, 2], 0),
        (4, 0, [3, 1, 3, 3], 3),
        (4, 2, [3, 1, 3, 3], 0),
        (5, 0, [5, 5, 0, 0, 0], 1),
        (5, 3, [0, 0, 0, 4, 4], 4),
    ],
)
def test_s5_3_tie_break_farthest_clockwise_from_the_starting_player(
    players: int, first: int, coins_: list[int], winner: int
) -> None:
    """§5.3: most coins wins; among tied players the one seated farthest
    clockwise from the starting player (``first_player``) wins."""
    seats = [{"coins": ["blaue"] * c} for c in coins_]
    seats[first]["hand"] = ["rote"]
    assert len(seats) == players
    result = helpers.tie_break(run_ok, seats, first)
    assert result["winners"] == [winner]
    assert result["scores"] == coins_


# ---------------------------------------------------------------------------
# errors change nothing and name their rule (engine contract)


def test_errors_leave_the_state_unchanged_and_name_a_rule() -> None:
    """Every refused action leaves the game as it was and cites a rule."""
    game = trading()
    act(game, 0, "propose 1 give r0 want blaue")
    helpers.refused_citing(game, [*helpers.MISPLACED_IN_TRADING, (0, "harvest f0")], "bohnanza §")
    out = run_scenario(
        scenario(seats=[{"hand": ["sau"], "fields": [["blaue"], []]}], actions=[(0, "plant f0")])
    )
    assert out == helpers.illegal_at(
        0,
        "field 0 holds blaue; sau may go only on a field of its type or an empty field",
        "bohnanza §3.1.2",
    )
