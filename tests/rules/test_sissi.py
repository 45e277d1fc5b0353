"""One scenario test (at least) for every rule of ``rules/sissi.md`` and every
worked example of the Sissi! rulebook.

Each test names the section it checks (``§3.1``), the default (``SI-D3``) or
the rulebook example in its name and docstring. Positions are written as
scenarios: unless a test says otherwise, the draw pile holds exactly the cards
it names, the other cards are out of play, and every seat not given holds an
empty hand and empty fields (3 fields each with 3 players, 2 with 4-5).
"""

from __future__ import annotations

from typing import Any

import pytest

from bohn.engine.actions import parse_action
from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets import find_variant
from bohn.rulesets.sissi import Sissi
from bohn.rulesets.sissi.rules import PAYOUTS
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
from .helpers import refused
from .helpers import trade
from .helpers import types

#: Sissi scenarios (see :func:`tests.rules.helpers.scenario`)
SISSI = helpers.Variant("sissi", Sissi)
scenario, position, run_ok = SISSI.scenario, SISSI.position, SISSI.run_ok


# ---------------------------------------------------------------------------
# §1.1 Cards

COUNTS = {
    "sissi": 50,
    "feuer": 16,
    "sau": 14,
    "brech": 12,
    "soja": 10,
    "augen": 8,
    "rote": 6,
    "garten": 4,
}
METERS = {
    "sissi": ((4, 1), (10, 3), (12, 5)),
    "feuer": ((4, 1), (9, 3), (11, 5)),
    "sau": ((4, 1), (8, 3), (10, 5)),
    "brech": ((4, 1), (7, 3), (9, 5)),
    "soja": ((4, 1), (7, 3), (8, 5)),
    "augen": ((3, 1), (6, 3), (8, 5)),
    "rote": ((3, 1), (6, 3), (7, 5)),
    "garten": ((3, 1), (5, 3), (6, 5)),
}


def test_s1_1_cards_counts_kinds_and_beanometers() -> None:
    """§1.1 / SI-D1: 120 cards, 50 Sissis and 7 Captain varieties, with the
    counts and beanometers of the table; the kind is a card attribute."""
    table = Sissi.table
    assert dict(zip(table.keys, table.counts, strict=True)) == COUNTS
    assert len(table.deck()) == 120
    assert dict(zip(table.keys, table.meters, strict=True)) == METERS
    kinds = {k: a["kind"] for k, a in zip(table.keys, table.attrs, strict=True)}
    assert kinds == {k: "sissi" if k == "sissi" else "captain" for k in COUNTS}
    assert tuple(k == "sissi" for k in table.keys) == Sissi.SISSI


def test_s1_1_provenance_tags() -> None:
    """§1.1: every card keeps the provenance of the rules file; only `sau` is
    wholly sourced (example 1), every other beanometer is partly SI-D1."""
    table = Sissi.table
    for key, prov, attrs in zip(table.keys, table.provenance, table.attrs, strict=True):
        if key == "sau":
            assert prov == ("SEED",) and attrs["src"] == "[SEED] (example 1)"
        else:
            assert prov == ("SEED", "DEFAULT") and "[DEFAULT] (SI-D1)" in attrs["src"]


def test_si_d2_beanometers_pay_1_3_5() -> None:
    """§1.1 / SI-D2: beanometers pay 1, 3 or 5 Talers and nothing else."""
    assert PAYOUTS == (1, 3, 5)
    for meter in Sissi.table.meters:
        assert tuple(pay for _, pay in meter) == PAYOUTS


def test_s1_1_sissi_beanometer_weakest() -> None:
    """§1.1: the Sissi beanometer is weaker than every Captain beanometer."""
    table = Sissi.table
    s = table.card("sissi")
    for key in COUNTS:
        if key != "sissi":
            c = table.card(key)
            assert all(table.pays_for(s, n) <= table.pays_for(c, n) for n in range(1, 20))
            assert any(table.pays_for(s, n) < table.pays_for(c, n) for n in range(1, 20))


@pytest.mark.parametrize("n", range(1, 15))
def test_example_1_sau_beanometer(n: int) -> None:
    """Example 1 (§4.1): 1-3 `sau` pay 0, 4-7 pay 1, 8-9 pay 3, 10 or more pay 5."""
    pay = 0 if n < 4 else 1 if n < 8 else 3 if n < 10 else 5
    out = run_ok(seats=[{"fields": [["sau"] * n, [], []]}], actions=[(0, "harvest f0")])
    assert len(out["state"]["coins"][0]) == pay
    assert out["state"]["discard"] == ["sau"] * (n - pay)


# ---------------------------------------------------------------------------
# §1.2 Fields


@pytest.mark.parametrize(("players", "k"), [(3, 3), (4, 2), (5, 2)])
def test_s1_2_fields_per_player_count(players: int, k: int) -> None:
    """§1.2: 3 fields each with 3 players, 2 with 4-5 players."""
    game = Sissi.new(players, seed=3)
    assert all(len(fs) == k for fs in game.fields)
    assert position(players=players).fields == [[[] for _ in range(k)]] * players
    with pytest.raises(SetupError, match=r"§1\.2"):
        position(players=players, seats=[{"fields": [[]] * (5 - k)}])


def test_s1_2_no_field_can_be_bought() -> None:
    """§1.2: fields cannot be bought; buy-field is never legal and is refused."""
    game = position(players=4, seats=[{"hand": ["sau"], "coins": ["sau"] * 9}])
    assert "buy-field" not in legal(game, 0)
    err = refused(game, 0, "buy-field", "sissi §1.2")
    assert "cannot be bought" in err.message
    assert "third_field_price" not in Sissi.OPTIONS


def test_s1_2_field_may_start_with_a_sissi_and_mix() -> None:
    """§1.2: a field may start with a Sissi and hold Sissis and Captains of one
    variety; a position with two Captain varieties in one field is refused."""
    game = position(seats=[{"hand": ["sissi", "feuer"]}], deck=["soja", "soja"])
    acts(game, (0, "plant f0"), (0, "plant f0"))
    assert fields(game, 0) == [["sissi", "feuer"], [], []]
    with pytest.raises(SetupError, match=r"§3\.1"):
        position(seats=[{"fields": [["feuer", "sissi", "sau"], [], []]}])


# ---------------------------------------------------------------------------
# §2 Setup


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("first", [0, 2])
def test_s2_setup_and_si_d6_first_player(players: int, first: int) -> None:
    """§2 / SI-D6: 5 cards each, dealt one at a time clockwise from the first
    player (option first_player, default seat 0), the first dealt in front;
    the rest is the draw pile, the discard pile is empty."""
    assert Sissi.OPTIONS["first_player"].default == 0
    assert Sissi.OPTIONS["first_player"].default_id == "SI-D6"
    game = Sissi.new(players, seed=5, options={"first_player": first})
    (_, _, events) = game.history()[0]
    order = next(e.data["order"] for e in events if e.data["type"] == "shuffle")
    for seat in range(players):
        dealt = [order[-1 - (j * players + (seat - first) % players)] for j in range(5)]
        assert hand(game, seat) == dealt
    assert len(game.deck) == 120 - 5 * players and game.discard == []
    assert game.active == first and phase(game) == "plant"
    assert game.waiting_for() == frozenset({first})
    assert conserved(game)


# ---------------------------------------------------------------------------
# §3.1 Field legality


def test_s3_1_field_legality() -> None:
    """§3.1: an empty field; a Sissi on any field; a Captain on a field with no
    Captain or Captains of its own variety, never of another variety."""
    seats = [
        {
            "hand": ["feuer"],
            "fields": [["sau", "sissi"], ["sissi"], ["feuer", "sissi"]],
        }
    ]
    game = position(seats=seats, deck=["soja", "soja"])
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f1", "plant f2"]
    err = refused(game, 0, "plant f0", "sissi §3.1")
    assert "sau" in err.message
    game = position(
        seats=[{"hand": ["sissi"], "fields": [["sau"], ["feuer", "sissi", "feuer"], []]}]
    )
    assert [a for a in legal(game, 0) if a.startswith("plant")] == [
        "plant f0",
        "plant f1",
        "plant f2",
    ]


def test_si_d4_same_on_same_allowed_in_every_planting() -> None:
    """§3.1 / SI-D4: a Sissi on a Sissi and a Captain on a Captain of its
    variety are allowed in phase 1 and phase 3 (and harvested in phase 5)."""
    assert Sissi.OPTIONS["same_on_same"].default_id == "SI-D4"
    game = position(
        seats=[{"hand": ["sissi", "feuer"], "fields": [["sissi"], ["feuer"], []]}],
        deck=["sissi", "feuer"],
    )
    acts(game, (0, "plant f0"), (0, "plant f1"))
    assert fields(game, 0) == [["sissi", "sissi"], ["feuer", "feuer"], []]
    acts(game, (0, "keep r0"), (0, "keep r0"), (0, "end-trading"))
    acts(game, (0, "plant t0 f0"), (0, "plant t0 f1"))
    assert fields(game, 0)[:2] == [["sissi", "sissi", "sissi"], ["feuer", "feuer", "feuer"]]


def test_si_d4_option_same_on_same_only_in_phase_3() -> None:
    """SI-D4 as an option: same_on_same='phase-3' forbids it in phase 1."""
    seats = [{"hand": ["sissi"], "fields": [["sissi"], ["feuer"], []]}]
    game = position(options={"same_on_same": "phase-3"}, seats=seats, deck=["sissi"])
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f1", "plant f2"]
    refused(game, 0, "plant f0", "sissi §3.1 (SI-D4)")
    acts(game, (0, "plant f2"), (0, "end-trading"))
    assert "plant t0 f2" in legal(game, 0)
    act(game, 0, "plant t0 f2")
    assert fields(game, 0)[2] == ["sissi", "sissi"]


# ---------------------------------------------------------------------------
# §3.2 Phase 1


def test_s3_2_must_plant_front_card_then_optional_second_anywhere() -> None:
    """§3.2.1-3.2.2: the front card must be planted; the new front card may go
    on the same or another field; never a third card."""
    game = position(seats=[{"hand": ["sau", "sissi", "feuer"]}], deck=["soja", "augen"])
    refused(game, 0, "pass", "sissi §3.2.1")
    refused(game, 1, "plant f0", "sissi §3.2")
    act(game, 0, "plant f1")
    assert "pass" in legal(game, 0)
    act(game, 0, "plant f2")
    assert fields(game, 0) == [[], ["sau"], ["sissi"]]
    assert phase(game) == "trade" and hand(game, 0) == ["feuer"]
    assert helpers.keys(game, game.revealed) == ["soja", "augen"]
    refused(game, 0, "plant f0", "sissi §3.2")


def test_s3_2_3_harvest_first_when_the_card_fits_nowhere() -> None:
    """§3.2.3: a card that fits no field forces a harvest first."""
    seats = [{"hand": ["soja"], "fields": [["sau", "sissi"], ["feuer"], ["brech"]]}]
    game = position(seats=seats, deck=["rote", "rote"])
    assert legal(game, 0) == ["harvest f0"]  # the single-bean rule (§4.1.4) too
    refused(game, 0, "plant f1", "sissi §3.1")
    acts(game, (0, "harvest f0"), (0, "plant f0"))
    assert fields(game, 0) == [["soja"], ["feuer"], ["brech"]]


def test_si_d9_empty_hand_skips_phase_1() -> None:
    """§3.2.1 / SI-D9: with an empty hand the turn starts with the reveal."""
    game = position(seats=[{"hand": []}], deck=["soja", "augen"])
    assert phase(game) == "trade" and helpers.keys(game, game.revealed) == ["soja", "augen"]


# ---------------------------------------------------------------------------
# §3.3 Phase 2


def trading(**kw: Any) -> BeanGame:
    """Seat 0 active in phase 2 with `soja` and `garten` revealed (example 2)."""
    seats = kw.pop(
        "seats",
        [
            {"hand": ["feuer", "sissi", "sau"], "fields": [["brech", "sissi"], ["sissi"], []]},
            {"hand": ["brech", "rote", "sissi"]},
            {"hand": ["sissi", "augen"]},
        ],
    )
    return position(phase="trade", revealed=["soja", "garten"], seats=seats, deck=["sau"] * 6, **kw)


def test_s3_3_1_two_cards_revealed() -> None:
    """§3.3.1: the top 2 cards of the draw pile are turned face up."""
    game = position(seats=[{"hand": ["sissi"]}], deck=["soja", "garten", "rote"])
    events = act(game, 0, "plant f0")
    assert {"type": "reveal", "cards": ["soja", "garten"]} in events
    assert helpers.keys(game, game.deck) == ["rote"]


def test_example_2_keep_garten_trade_revealed_soja_for_rote() -> None:
    """Example 2 (§3.3.2-3.3.3): the active player keeps the `garten` and gives
    the revealed `soja` for a `rote` from another player's hand."""
    game = trading()
    events = act(game, 0, "keep r1")
    assert {"type": "keep", "seat": 0, "cards": ["garten"]} in events
    acts(game, (0, "propose 1 give r0 want rote"), (1, "accept 0 give h1"))
    assert trade(game, 0) == ["garten", "rote"] and trade(game, 1) == ["soja"]
    assert hand(game, 1) == ["brech", "sissi"] and game.revealed == []
    assert conserved(game)


def test_example_3_revealed_soja_and_hand_sissi_for_one_rote() -> None:
    """Example 3 (§3.3.3): the active player offers the revealed `soja` and a
    `sissi` from anywhere in his hand for one `rote`; the hand keeps its order."""
    game = trading()
    acts(game, (0, "propose 1 give r0,h1 want rote"), (1, "accept 0 give h1"))
    assert trade(game, 1) == ["soja", "sissi"] and trade(game, 0) == ["rote"]
    assert hand(game, 0) == ["feuer", "sau"]
    assert helpers.keys(game, game.revealed) == ["garten"]


def test_s3_3_3_deals_only_with_the_active_player_hand_cards_only() -> None:
    """§3.3.3: every deal is between the active player and one other player;
    the others offer only hand cards; received cards cannot be traded again."""
    game = trading()
    refused(game, 1, "propose 2 give h0", "sissi §3.3.3")
    refused(game, 1, "propose 0 give r0", "sissi §3.3.3")
    acts(game, (1, "propose 0 give h0 want soja"), (0, "accept 0 give r0"))
    assert trade(game, 0) == ["brech"] and trade(game, 1) == ["soja"]
    refused(game, 1, "propose 0 give t0", "sissi §3.3.3")


def test_s3_3_3_sissi_for_sissi() -> None:
    """§3.3.3: trading a Sissi for a Sissi is allowed."""
    game = trading()
    acts(game, (0, "propose 2 give h1 want sissi"), (2, "accept 0 give h0"))
    assert trade(game, 0) == ["sissi"] and trade(game, 2) == ["sissi"]
    assert hand(game, 0) == ["feuer", "sau"] and hand(game, 2) == ["augen"]


def test_s3_3_4_gifts() -> None:
    """§3.3.4: the active player gives revealed or hand cards to anyone; the
    others give hand cards only to the active player; a gift may be refused."""
    game = trading()
    acts(game, (0, "propose 2 give r1"), (2, "accept 0"))
    assert trade(game, 2) == ["garten"]
    acts(game, (1, "propose 0 give h0"), (0, "accept 1"))
    assert trade(game, 0) == ["brech"]
    refused(game, 1, "propose 2 give h0", "sissi §3.3.3")
    acts(game, (0, "propose 1 give h2"), (1, "decline 2"))
    assert hand(game, 0) == ["feuer", "sissi", "sau"]


def test_s3_3_5_s3_3_6_unsettled_revealed_cards_are_planted() -> None:
    """§3.3.5-3.3.6: only the active player ends the phase; revealed cards not
    traded or given away must be planted by him in phase 3."""
    game = trading()
    refused(game, 1, "end-trading", "sissi §3.3.6")
    act(game, 0, "end-trading")
    assert phase(game) == "plant-traded" and trade(game, 0) == ["soja", "garten"]


# ---------------------------------------------------------------------------
# §3.4 Phase 3


def test_example_4_plant_received_rote_and_kept_garten() -> None:
    """Example 4 (§3.4): after giving the revealed `soja` and a `sissi` for a
    `rote`, the active player plants the `rote` on one field and the kept
    `garten` on another."""
    game = trading(
        seats=[
            {"hand": ["sissi", "feuer"], "fields": [["sissi"], ["sissi"], ["brech"]]},
            {"hand": ["rote"]},
            {},
        ]
    )
    acts(game, (0, "keep r1"), (0, "propose 1 give r0,h0 want rote"), (1, "accept 0 give h0"))
    act(game, 0, "end-trading")
    assert trade(game, 0) == ["garten", "rote"] and trade(game, 1) == ["soja", "sissi"]
    assert game.waiting_for() == frozenset({0, 1})
    acts(game, (0, "plant t1 f0"), (0, "plant t0 f1"))
    assert fields(game, 0) == [["sissi", "rote"], ["sissi", "garten"], ["brech"]]


def test_s3_4_plant_in_any_order_harvest_between() -> None:
    """§3.4: every player plants all cards he obtained in the order he chooses;
    a card that fits nowhere forces a harvest between two plantings."""
    game = position(
        phase="plant-traded",
        seats=[
            {"trading_area": ["sissi", "rote"], "fields": [["sau"] * 2, ["feuer"] * 2, ["brech"]]},
            {"trading_area": ["sissi"]},
        ],
        deck=["soja"] * 3,
    )
    refused(game, 0, "plant t1 f0", "sissi §3.1")
    assert [a for a in legal(game, 0) if a.startswith("plant")] == [
        "plant t0 f0",
        "plant t0 f1",
        "plant t0 f2",
    ]
    act(game, 0, "plant t0 f2")
    assert legal(game, 0) == ["harvest f0", "harvest f1", "harvest f2"]
    acts(game, (0, "harvest f0"), (0, "plant t0 f0"))
    assert fields(game, 0) == [["rote"], ["feuer"] * 2, ["brech", "sissi"]]
    assert phase(game) == "plant-traded" and game.waiting_for() == frozenset({1})


# ---------------------------------------------------------------------------
# §3.5 Phase 4


@pytest.mark.parametrize("active", [0, 1, 2])
def test_s3_5_every_player_draws_one_active_first(active: int) -> None:
    """§3.5: every player draws 1 card to the back of his hand: first the
    active player, then the others clockwise; each sees only his own card."""
    game = position(
        active=active,
        phase="trade",
        seats=[{"hand": ["sau"]}, {"hand": ["feuer"]}, {"hand": ["rote"]}],
        deck=["soja", "augen", "brech", "sissi"],
    )
    events = game.apply(active, parse_action("end-trading"))
    draws = [e for e in events if e.data["type"] == "draw"]
    order = [(active + i) % 3 for i in range(3)]
    assert [e.data["seat"] for e in draws] == order
    assert [e.data["cards"] for e in draws] == [["soja"], ["augen"], ["brech"]]
    for e in draws:
        assert e.to == (e.data["seat"],)
        assert e.public == {"type": "draw", "seat": e.data["seat"], "count": 1}
    got = dict(zip(order, ["soja", "augen", "brech"], strict=True))
    start = {0: "sau", 1: "feuer", 2: "rote"}
    for s in range(3):
        assert hand(game, s) == [start[s], got[s]]
    assert helpers.keys(game, game.deck) == ["sissi"]
    assert game.active == (active + 1) % 3 and phase(game) == "plant"


def test_s3_5_bo_d10_reshuffle_during_the_draw() -> None:
    """§3.5 / BO-D10: when the draw pile runs out in phase 4, the discard pile
    is shuffled at once into a new draw pile and the draw continues."""
    game = position(
        phase="trade",
        seats=[{"hand": ["sau"]}, {"hand": ["feuer"]}, {"hand": ["rote"]}],
        deck=["soja"],
        discard=["garten", "garten"],
    )
    events = act(game, 0, "end-trading")
    assert types(events)[:4] == ["end-trading", "exhausted", "shuffle", "draw"]
    assert game.exhaustions == 2 and game.discard == [] and game.deck == []
    assert hand(game, 0) == ["sau", "soja"] and hand(game, 1) == ["feuer", "garten"]
    assert hand(game, 2) == ["rote", "garten"] and conserved(game)


# ---------------------------------------------------------------------------
# §3.6 Phase 5


def test_example_5_two_sissis_together_harvested_in_phase_5() -> None:
    """Example 5 (§3.6): a field with 2 Sissis together must be harvested in
    phase 5; the owner is waited on, the next turn begins after the harvest."""
    game = position(
        seats=[{"hand": ["sissi"], "fields": [["feuer", "sissi"], [], []]}, {"hand": ["sau"]}],
        deck=["soja", "augen", "brech", "rote", "garten"],
    )
    acts(game, (0, "plant f0"), (0, "keep r0"), (0, "keep r0"), (0, "end-trading"))
    acts(game, (0, "plant t0 f1"), (0, "plant t0 f2"))
    assert fields(game, 0) == [["feuer", "sissi", "sissi"], ["soja"], ["augen"]]
    assert phase(game) == "sissi-action" and game.active == 0
    assert game.waiting_for() == frozenset({0})
    assert game.observe(1)["sissi_action"] == [[0, 0]]
    assert legal(game, 0)[0] == "harvest f0"
    assert legal(game, 1) == []
    refused(game, 1, "pass", "sissi §3")
    events = act(game, 0, "harvest f0")
    assert events[0] == {
        "type": "harvest",
        "seat": 0,
        "field": 0,
        "cards": ["feuer", "sissi", "sissi"],
        "coins": 0,
        "final": False,
    }
    assert types(events)[1:] == ["turn"]
    assert game.active == 1 and phase(game) == "plant"


def test_si_d3_every_players_fields_and_pairs_anywhere() -> None:
    """§3.6 / SI-D3: phase 5 checks the fields of every player, and a pair
    anywhere in a field, not only at its top."""
    assert Sissi.OPTIONS["sissi_action_fields"].default_id == "SI-D3"
    assert Sissi.OPTIONS["sissi_action_pairs"].default_id == "SI-D3"
    seats = [
        {"hand": []},
        {"fields": [["sau", "sau", "sissi"], ["sissi", "feuer"], ["rote"]]},
        {"fields": [["sissi", "feuer", "sissi"], ["sissi", "sissi", "brech"], []]},
    ]
    game = position(phase="trade", seats=seats, deck=["soja"] * 3)
    act(game, 0, "end-trading")
    assert phase(game) == "sissi-action"
    assert game.waiting_for() == frozenset({1, 2})
    assert game.observe(None)["sissi_action"] == [[1, 0], [2, 1]]
    act(game, 2, "harvest f1")
    assert game.waiting_for() == frozenset({1}) and phase(game) == "sissi-action"
    act(game, 1, "harvest f0")
    assert phase(game) == "plant" and game.active == 1
    assert fields(game, 1)[1:] == [["sissi", "feuer"], ["rote"]]
    assert fields(game, 2)[0] == ["sissi", "feuer", "sissi"]


def test_si_d3_options_top_pair_and_active_player_only() -> None:
    """SI-D3 as options: only a pair on top (sissi_action_pairs='top'), only the
    active player's fields (sissi_action_fields='active')."""
    seats = [
        {"hand": [], "fields": [["sissi", "sissi", "feuer"], ["sau", "sau"], []]},
        {"fields": [["sissi", "sissi"], [], []]},
    ]
    game = position(options={"sissi_action_pairs": "top"}, phase="trade", seats=seats)
    act(game, 0, "end-trading")
    assert game.observe(None)["sissi_action"] == [[0, 1], [1, 0]]
    game = position(options={"sissi_action_fields": "active"}, phase="trade", seats=seats)
    act(game, 0, "end-trading")
    assert game.observe(None)["sissi_action"] == [[0, 0], [0, 1]]


def test_si_d5_owner_chooses_the_order() -> None:
    """§3.6 / SI-D5: an owner with several affected fields harvests them in the
    order he chooses; other harvests stay legal ("any time", §4.1.1)."""
    assert Sissi.OPTIONS["sissi_action_order"].default_id == "SI-D5"
    seats = [{"hand": [], "fields": [["sau", "sau"], ["soja", "sissi"], ["sissi", "sissi"]]}]
    game = position(phase="trade", seats=seats)
    act(game, 0, "end-trading")
    assert legal(game, 0) == ["harvest f0", "harvest f2", "harvest f1"]
    act(game, 0, "harvest f2")
    act(game, 0, "harvest f1")  # any time: not affected, the phase goes on
    assert phase(game) == "sissi-action"
    act(game, 0, "harvest f0")
    assert phase(game) == "trade" and game.active == 1  # seat 1's hand is empty (SI-D9)


def test_si_d5_option_auto() -> None:
    """SI-D5 as an option: sissi_action_order='auto' harvests every affected
    field at once, seats clockwise from the active player."""
    seats = [
        {"hand": [], "fields": [["sau", "sau"], ["soja", "sissi"], []]},
        {"hand": ["rote"], "fields": [["sissi", "sissi"], [], []]},
    ]
    game = position(options={"sissi_action_order": "auto"}, phase="trade", seats=seats)
    events = act(game, 0, "end-trading")
    harvests = [(e["seat"], e["field"]) for e in events if e["type"] == "harvest"]
    assert harvests == [(0, 0), (1, 0)]
    assert game.active == 1 and phase(game) == "plant"


def test_s3_6_no_affected_field_next_turn_at_once() -> None:
    """§3.6: without affected fields phase 5 passes and the next turn begins."""
    game = position(phase="trade", seats=[{"hand": [], "fields": [["sau", "sissi"], [], []]}])
    events = act(game, 0, "end-trading")
    assert {"type": "sissi-action", "fields": []} in events
    assert game.active == 1


def test_s3_6_position_in_phase_5() -> None:
    """A scenario may start in phase 'sissi-action'; it needs an affected field."""
    game = position(phase="sissi-action", seats=[{"fields": [["sau", "sau"], [], []]}])
    assert game.waiting_for() == frozenset({0})
    act(game, 0, "harvest f0")
    assert game.active == 1
    with pytest.raises(SetupError, match="sissi-action"):
        position(phase="sissi-action", seats=[{"fields": [["sau", "sissi"], [], []]}])


# ---------------------------------------------------------------------------
# §4.1 Harvesting


def test_s4_1_1_harvest_any_time_also_off_turn() -> None:
    """§4.1.1: any player may harvest at any time, also in other players' turns."""
    game = position(
        seats=[{"hand": ["sissi"]}, {"fields": [["sau", "sissi"] * 2, [], []]}],
        deck=["rote"] * 6,
    )
    assert "harvest f0" in legal(game, 1)
    act(game, 1, "harvest f0")
    assert coins(game) == [0, 1, 0] and fields(game, 1) == [[], [], []]


def test_example_6_top_card_beanometer_top_cards_become_talers() -> None:
    """Example 6 (§4.1.2-4.1.3): `feuer, sissi, feuer, sissi` count 4 cards on
    the top Sissi's beanometer: 1 Taler, the top `sissi`; 3 cards are
    discarded in planting order (BO-D4)."""
    game = position(
        seats=[{"hand": ["sau"], "fields": [["feuer", "sissi", "feuer", "sissi"], [], []]}],
        discard=["rote"],
    )
    assert game.harvest_value(0, 0) == 1
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 1
    assert helpers.keys(game, game.coins[0]) == ["sissi"]
    assert helpers.keys(game, game.discard) == ["rote", "feuer", "sissi", "feuer"]


def test_s4_1_2_count_all_cards_read_the_top_card() -> None:
    """§4.1.2: all cards count, the top card's beanometer pays: 9 cards pay 3
    with a `feuer` on top and 1 with a `sissi` on top."""
    field = ["feuer", "sissi"] * 4
    game = position(seats=[{"fields": [[*field, "feuer"], [*field, "sissi"], []]}])
    assert game.harvest_value(0, 0) == 3 and game.harvest_value(0, 1) == 1
    act(game, 0, "harvest f0")
    assert helpers.keys(game, game.coins[0]) == ["feuer", "sissi", "feuer"]


def test_example_7_two_feuer_pay_nothing() -> None:
    """Example 7 (§4.1.5): a harvest of two `feuer` pays 0."""
    game = position(seats=[{"fields": [["feuer", "feuer"], [], []]}])
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 0 and coins(game)[0] == 0
    assert helpers.keys(game, game.discard) == ["feuer", "feuer"]


def test_s4_1_4_single_bean_rule() -> None:
    """§4.1.4: a 1-card field may be harvested only if no field holds more."""
    game = position(seats=[{"fields": [["sau"], ["feuer", "sissi"], ["sissi"]]}])
    assert [a for a in legal(game, 0) if a.startswith("harvest")] == ["harvest f1"]
    refused(game, 0, "harvest f0", "sissi §4.1.4")
    refused(game, 0, "harvest f5", "sissi §1.2")
    act(game, 0, "harvest f1")
    refused(game, 0, "harvest f1", "sissi §4.1.1")
    act(game, 0, "harvest f0")
    assert fields(game, 0) == [[], [], ["sissi"]]


# ---------------------------------------------------------------------------
# §5 End of game


def test_s5_1_si_d7_final_exhaustion_while_revealing() -> None:
    """§5.1 / SI-D7: at the 3rd exhaustion during the reveal only the cards left
    are revealed, phases 2 and 3 are finished, phase 5 is not played, nobody
    draws, and the game ends; §5.2 / SI-D8: every field is harvested without
    the single-bean rule; hand cards are worthless."""
    assert Sissi.OPTIONS["final_sissi_action"].default is False
    assert Sissi.OPTIONS["final_sissi_action"].default_id == "SI-D7"
    game = helpers.exhausted_while_revealing(
        position,
        [
            {"hand": ["sau", "brech"]},
            {"hand": ["augen"], "fields": [["sissi", "sissi"], ["garten"], []]},
            {"fields": [["sissi"], ["feuer", "sissi", "feuer", "sissi"], ["augen"]]},
        ],
    )
    assert game.exhaustions == 3 and helpers.keys(game, game.revealed) == ["soja"]
    assert helpers.keys(game, game.discard) == ["rote"] * 3 and game.result() is None
    acts(game, (0, "propose 1 give r0 want augen"), (1, "accept 0 give h0"), (0, "end-trading"))
    act(game, 0, "plant t0 f1")
    events = act(game, 1, "plant t0 f2")
    assert helpers.final_harvests(game, events) == {(s, f) for s in range(3) for f in range(3)} - {
        (0, 2)
    }
    assert "draw" not in types(events) and "sissi-action" not in types(events)
    result = game.result()
    assert result is not None and result.scores == (0, 0, 1)
    assert hand(game, 0) == ["brech"] and conserved(game)
    refused(game, 0, "harvest f0")


def test_si_d7_option_phase_5_after_the_final_turn() -> None:
    """SI-D7 as an option: final_sissi_action=true plays phase 5 before the end."""
    game = position(
        options={"final_sissi_action": True},
        exhaustions=2,
        deck=["soja"],
        seats=[{"hand": ["sau"]}, {"fields": [["sissi", "sissi", "feuer", "sissi"], [], []]}],
    )
    acts(game, (0, "plant f0"), (0, "end-trading"))
    events = act(game, 0, "plant t0 f1")
    assert "sissi-action" in types(events) and game.result() is None
    assert game.waiting_for() == frozenset({1})
    events = act(game, 1, "harvest f0")
    assert events[0]["final"] is False and events[0]["coins"] == 1
    result = game.result()
    assert result is not None and result.scores == (0, 1, 0)


def test_s5_1_final_exhaustion_while_drawing_ends_at_once() -> None:
    """§5.1: at the 3rd exhaustion in phase 4 the game ends at once: players
    who have not drawn do not draw, phase 5 is not played."""
    game = position(
        exhaustions=2,
        phase="trade",
        deck=["sau", "feuer"],
        seats=[{"hand": ["sissi"]}, {"hand": ["rote"]}, {"fields": [["sissi", "sissi"], [], []]}],
    )
    events = act(game, 0, "end-trading")
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    assert hand(game, 0) == ["sissi", "sau"] and hand(game, 1) == ["rote", "feuer"]
    assert hand(game, 2) == [] and "sissi-action" not in types(events)
    assert [e["seat"] for e in events if e["type"] == "draw"] == [0, 1]
    assert game.waiting_for() == frozenset() and game.legal_actions(2) == []


def test_si_d8_final_harvest_ignores_the_single_bean_rule() -> None:
    """§5.2 / SI-D8: the final harvest sells every field, single beans too."""
    out = helpers.last_turn(
        run_ok,
        [{"hand": ["sissi"] * 9, "fields": [["rote"], ["rote", "sissi", "rote"], ["garten"]]}],
    )
    assert [e["field"] for e in out["events"] if e["type"] == "harvest"] == [0, 1, 2]
    assert out["result"]["scores"] == [1, 0, 0]


@pytest.mark.parametrize(
    ("players", "first", "talers", "winner"),
    [
        (3, 0, [4, 4, 2], 1),
        (3, 1, [4, 4, 2], 0),
        (4, 2, [3, 1, 3, 3], 0),
        (5, 3, [0, 0, 0, 4, 4], 4),
    ],
)
def test_s5_3_most_talers_tie_to_the_later_player(
    players: int, first: int, talers: list[int], winner: int
) -> None:
    """§5.3: most Talers wins; a tie goes to the tied player who played later
    in the first round."""
    seats: list[dict[str, Any]] = [{"coins": ["sissi"] * c} for c in talers]
    assert len(seats) == players
    result = helpers.tie_break(run_ok, seats, first)
    assert result["winners"] == [winner] and result["scores"] == talers


# ---------------------------------------------------------------------------
# errors change nothing and cite rules/sissi.md


def test_errors_leave_the_state_unchanged_and_cite_sissi() -> None:
    """Every refused action leaves the game as it was and cites a sissi rule."""
    seats = [{"hand": ["sau"], "fields": [["feuer"], [], []]}]
    assert run_scenario(scenario(seats=seats, actions=[(0, "plant f0")])) == helpers.illegal_at(
        0,
        "field 0 holds feuer Captains; sau may go only on an empty field or a "
        "field without Captains of another variety",
        "sissi §3.1",
    )
    game = trading()
    act(game, 0, "propose 1 give r0 want rote")
    helpers.refused_citing(game, [*helpers.MISPLACED_IN_TRADING, (0, "harvest f2")], "sissi §")


def test_registered() -> None:
    assert find_variant("sissi") is Sissi
