"""Harvests around the attack of the little rascals (``rules/mutterbohnchen.md``
§4.1.4), and what the refusal during a foisting names (§3.3.3).

The rulebook: "The defender is always allowed to harvest and sell beans
quickly before an attack. The attacker, on the other hand, must always plant
captured beans immediately on the appropriate bean field before she can
harvest." Ladybohn's harvest at any time (BO-D6) still applies to everyone
else. So the attacker may harvest before and between her attacks, but not
from the first coin an attack turns up until the coin it captures is planted;
every other player harvests at any time (with two players: only on his own
turn, MB-D10).
"""

from __future__ import annotations

from bohn.engine.errors import NotWaiting

from .helpers import act
from .helpers import acts
from .helpers import coin_cards
from .helpers import fields
from .helpers import legal
from .helpers import of_type
from .helpers import phase
from .helpers import refused
from .test_mutterbohnchen import DECK
from .test_mutterbohnchen import conserved
from .test_mutterbohnchen import position
from .test_mutterbohnchen_two import conserved as conserved_for_two
from .test_mutterbohnchen_two import position as position_for_two


def test_s4_1_4_the_attacker_harvests_between_attacks_not_before_her_capture() -> None:
    """§4.1.4 step 5: while an attack turns up coins (``turn-up``) and while
    its capture is chosen (``capture``) the attacker may not harvest; once the
    captured coin is planted she may, between two attacks too."""
    game = position(
        players=4,
        deck=DECK,
        seats=[
            {"fields": [["sau", "sau/baby2"], ["brech", "brech/baby"]]},
            {"blind": ["sau", "brech"]},
            {"fields": [["soja", "soja"], []]},
            {},
        ],
    )
    assert phase(game) == "attack"
    assert legal(game, 0) == [
        *("attack 1 f0", "attack 2 f0", "attack 3 f0", "attack 1 f1", "attack 2 f1"),
        *("attack 3 f1", "pass", "harvest f0", "harvest f1"),
    ]
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert phase(game) == "turn-up"
    assert legal(game, 0) == ["uncover", "pass"]
    refused(game, 0, "harvest f0", "mutterbohnchen §4.1.4 step 5")
    act(game, 0, "uncover")
    assert phase(game) == "capture"  # sau and brech are up: both fit
    assert legal(game, 0) == ["take brech", "take sau"]
    e = refused(game, 0, "harvest f1", "mutterbohnchen §4.1.4 step 5")
    assert isinstance(e, NotWaiting) and "plant the coin" in e.message
    act(game, 0, "take sau")
    assert fields(game, 0)[0] == ["sau", "sau/baby2", "sau"]  # planted: now she may harvest
    assert phase(game) == "attack"
    assert "harvest f0" in legal(game, 0)
    events = act(game, 0, "harvest f0")
    assert of_type(events, "harvest")[0]["cards"] == ["sau", "sau/baby2", "sau"]
    assert phase(game) == "attack" and fields(game, 0)[0] == []
    act(game, 0, "attack 2 f1")  # the second attack still happens
    assert phase(game) == "defend" and conserved(game)


def test_s4_1_4_a_capture_foisted_with_a_choice_is_planted_before_any_harvest() -> None:
    """§4.1.4 step 5 with a choice of field: the capture waits in ``foist``;
    nobody harvests until it is planted, and the refusal names the card and
    that it was captured (§3.3.3)."""
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["sau/baby"], ["sau", "sau"], []]},
            {"blind": ["sau"]},
            {"fields": [["soja", "soja"], [], []]},
        ],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert phase(game) == "foist"
    e = refused(game, 0, "harvest f1", "mutterbohnchen §3.3.3")
    assert e.message == "seat 0 must first plant the Stink bean (sau) it captured"
    e = refused(game, 2, "harvest f0", "mutterbohnchen §3.3.3")
    assert e.message == "seat 0 must first plant the Stink bean (sau) it captured"
    act(game, 0, "plant t0 f1")
    assert fields(game, 0)[1] == ["sau", "sau", "sau"]
    assert phase(game) == "trade"
    act(game, 0, "harvest f1")
    assert coin_cards(game, 0) != []


def test_s4_1_4_everyone_else_harvests_at_any_time_during_attacks() -> None:
    """§4.1.4 step 2 and BO-D6: the target may harvest before the coins are
    turned up (and later too); every other player may harvest in every
    step of an attack; the game waits only on the player who decides."""
    game = position(
        players=4,
        deck=DECK,
        seats=[
            {"fields": [["sau/baby2"], ["brech"]]},
            {"fields": [["blaue", "blaue"], ["rote", "rote"]], "blind": ["sau", "brech"]},
            {"fields": [["soja", "soja"], ["augen", "augen"]]},
            {"fields": [["brech", "brech"], []]},
        ],
    )
    assert phase(game) == "attack" and game.waiting_for() == frozenset({0})
    assert legal(game, 2) == ["harvest f0", "harvest f1"]
    act(game, 2, "harvest f0")  # a bystander, before the attack is named
    act(game, 0, "attack 1 f0")
    assert phase(game) == "defend" and game.waiting_for() == frozenset({1})
    assert legal(game, 1) == ["harvest f0", "harvest f1", "pass"]
    assert legal(game, 3) == ["harvest f0"]
    acts(game, (1, "harvest f0"), (3, "harvest f0"), (1, "pass"))
    assert phase(game) == "turn-up"
    assert legal(game, 1) == ["harvest f1"] and legal(game, 2) == ["harvest f1"]
    act(game, 2, "harvest f1")
    act(game, 0, "uncover")
    assert phase(game) == "capture"  # his sau and brech are up (the harvests paid nothing)
    assert legal(game, 1) == ["harvest f1"] and legal(game, 3) == []
    act(game, 1, "harvest f1")
    act(game, 0, "take brech")
    assert phase(game) == "trade" and conserved(game)


def test_s4_1_4_for_two_the_attacker_harvests_between_attacks_only() -> None:
    """§4.1.4 step 5 with two players (§3.5.2 phase 3): the attacker harvests
    between attacks, never while an attack turns up coins; the opponent never
    harvests during the attacker's turn (MB-D10)."""
    game = position_for_two(
        deck=["sau"] * 6,
        seats=[
            {
                "hand": ["garten"],
                "fields": [["rote", "rote/baby2"], ["soja", "soja/baby"], ["garten"]],
                "open_fields": [0, 1, 2],
            },
            {"blind": ["augen", "rote"], "fields": [["blaue", "blaue"], []]},
        ],
    )
    act(game, 0, "plant f2")
    assert phase(game) == "attack"
    assert legal(game, 1) == []
    refused(game, 1, "harvest f0", "mutterbohnchen §3.5.1.4 (MB-D10)")
    act(game, 0, "attack 1 f0")
    assert phase(game) == "turn-up" and legal(game, 0) == ["uncover", "pass"]
    refused(game, 0, "harvest f2", "mutterbohnchen §4.1.4 step 5")
    act(game, 0, "uncover")  # rote fits field 0 and is planted; augen is set aside
    assert fields(game, 0)[0] == ["rote", "rote/baby2", "rote"]
    assert phase(game) == "attack"
    assert "harvest f2" in legal(game, 0)
    events = act(game, 0, "harvest f2")  # three fields: the harvested one is lost
    assert of_type(events, "field-lost") == [{"type": "field-lost", "seat": 0, "field": 2}]
    act(game, 0, "attack 1 f1")
    assert phase(game) == "offer" and conserved_for_two(game)


def test_s3_3_3_the_foist_refusal_names_the_received_card() -> None:
    """§3.3.3: every received card is foisted, not only babies; while it waits,
    the refusals name the card (English name and key), not "the baby"."""
    game = position(
        phase="trade",
        revealed=["soja", "augen"],
        deck=DECK,
        seats=[
            {"hand": ["rote/lady"]},
            {"fields": [["rote"], ["rote", "rote"], []]},
            {"fields": [["soja", "soja"], [], []]},
        ],
    )
    acts(game, (0, "propose 1 give h0"), (1, "accept 0"))
    assert phase(game) == "foist"
    e = refused(game, 2, "harvest f0", "mutterbohnchen §3.3.3")
    assert e.message == "seat 1 must first plant the Red bean (lady) (rote/lady) it received"
    e = refused(game, 0, "keep r0", "mutterbohnchen §3.3.3")
    assert "Red bean (lady) (rote/lady)" in e.message
    e = refused(game, 1, "plant t0 f2", "mutterbohnchen §3.3.3 (MB-D28)")
    assert e.message == "the Red bean (lady) (rote/lady) goes on a non-empty field it fits: f0, f1"
    act(game, 1, "plant t0 f1")
    assert fields(game, 1)[1] == ["rote", "rote", "rote/lady"] and phase(game) == "trade"
