"""One scenario test (at least) for every rule of the game for two,
``rules/mutterbohnchen.md`` §3.5, and for each default it names (MB-D5,
D9, D10, D11, D17, D18, D20) or that bohn adds (MB-D29, MB-D30).

Positions are written as scenarios (:mod:`tests.rules.helpers`): the draw
pile holds exactly the cards a test names (``deck`` top-first), the other
cards are out of play, and a seat not given holds an empty hand, two empty
fields and the empty slot of the third field. ``offer`` names the stacks of
the offer, ``third_field_card`` the seat holding it (by default seat 1, the
second player) and ``open_fields`` the slots that are a player's fields.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bohn.engine.errors import SetupError
from bohn.rulesets import find_variant
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen
from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo
from bohn.scenario import load_position

from . import helpers
from .helpers import act
from .helpers import acts
from .helpers import fields
from .helpers import hand
from .helpers import keys
from .helpers import legal
from .helpers import phase
from .helpers import refused
from .helpers import trade

TYPES = ["garten", "rote", "augen", "soja", "brech", "sau", "feuer", "blaue"]


def position(**kw: Any) -> MutterbohnchenForTwo:
    game = load_position({**helpers.scenario(players=2, **kw), "variant": "mutterbohnchen"})
    assert isinstance(game, MutterbohnchenForTwo)
    return game


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def offer(game: MutterbohnchenForTwo) -> list[list[str]]:
    return [keys(game, s) for s in game.stacks]


def open_fields(game: MutterbohnchenForTwo, seat: int) -> list[int]:
    return list(game.observe(None)["seats"][seat]["open_fields"])


def conserved(game: MutterbohnchenForTwo) -> bool:
    """Every card in exactly one zone: offer stacks and coins set aside too."""
    held = [*game.deck, *game.discard, *game.box, *game.revealed, *game.aside]
    for s in range(2):
        held += game.hands[s] + game.coins[s] + game.trade[s] + game.blind[s]
        for f in game.fields[s]:
            held += f
    for stack in game.stacks:
        held += stack
    return sorted(held) == game.table.deck()


# ---------------------------------------------------------------------------
# set-up (§2, §3.5.1.1)


def test_s3_5_the_game_for_two_is_its_own_class() -> None:
    """§3.5: ``mutterbohnchen`` with 2 players plays the game for two, from
    the registry, ``new`` and a saved game alike."""
    game = find_variant("mutterbohnchen").new(2, seed=4)
    assert isinstance(game, MutterbohnchenForTwo) and game.variant == "mutterbohnchen"
    again = Mutterbohnchen.from_json(game.to_json())
    assert isinstance(again, MutterbohnchenForTwo) and again.state_key() == game.state_key()
    assert type(Mutterbohnchen.new(3, seed=4)) is Mutterbohnchen
    with pytest.raises(SetupError):
        MutterbohnchenForTwo.new(3)


def test_s2_1_mb_d5_eight_starting_coins_each() -> None:
    """§2.1 (MB-D5): the 16 starting coins are split evenly, 8 each, none
    left over; nobody sees them."""
    game = Mutterbohnchen.new(2, seed=5)
    assert isinstance(game, MutterbohnchenForTwo)
    assert [len(b) for b in game.blind] == [8, 8]
    pool = Counter(keys(game, game.blind[0] + game.blind[1]))
    assert pool == Counter({b: 2 for b in TYPES})
    for s in (0, 1):
        for seat in (0, 1, None):
            p = game.observe(seat)["seats"][s]
            assert p["blind_coins"] == 8 and p["known_coins"] == [] and p["coins"] == 8
    assert len(game.deck) == 136 - 16 - 10
    assert conserved(game)


@pytest.mark.parametrize("first", [0, 1])
def test_s3_5_1_1_second_player_holds_the_third_field_card(first: int) -> None:
    """§2.2.3 / §3.5.1.1: two fields each plus the shared third-field card,
    which the second player holds; the player without it starts, and as
    nobody has an offer yet, his turn begins with planting from the hand."""
    game = Mutterbohnchen.new(2, seed=2, options={"first_player": first})
    assert isinstance(game, MutterbohnchenForTwo)
    second = 1 - first
    assert game.active == first and game.holder == second
    obs = game.observe(first)
    assert obs["third_field_card"] == second
    assert [p["open_fields"] for p in obs["seats"]] == [[0, 1], [0, 1]]
    assert obs["offer"] == []
    assert phase(game) == "plant"
    (_, _, events) = game.history()[0]
    assert [e.data for e in events if e.data["type"] == "third-field-card"] == [
        {"type": "third-field-card", "seat": second}
    ]


# ---------------------------------------------------------------------------
# §3.5.1 the shared third field


def test_s3_5_1_2_only_the_holder_starts_a_third_field() -> None:
    """§3.5.1.2: only the holder of the card may plant into a third, empty
    field; seat 0 without it cannot, and must harvest to plant."""
    game = position(seats=[{"hand": ["rote"], "fields": [["soja"], ["augen"]]}])
    assert game.holder == 1
    refused(game, 0, "plant f2", "§3.5.1")
    assert [a for a in legal(game, 0) if a.startswith("plant")] == []


def test_s3_5_1_2_starting_it_hands_the_card_over_both_may_have_three() -> None:
    """§3.5.1.2: planting into the third field starts it, and its starter
    hands the card to his opponent at once; then the opponent may start his
    own, and both have three fields."""
    game = position(
        third_field_card=0,
        deck=["sau"] * 3 + ["blaue"] * 4,
        seats=[
            {"hand": ["rote"], "fields": [["soja"], ["augen"]]},
            {"hand": ["feuer"], "fields": [["garten"], ["brech"]]},
        ],
    )
    assert "plant f2" in legal(game, 0)
    events = act(game, 0, "plant f2")
    assert {"type": "third-field", "seat": 0, "field": 2} in events
    assert fields(game, 0)[2] == ["rote"] and game.holder == 1
    assert open_fields(game, 0) == [0, 1, 2] and game.observe(None)["third_field_card"] == 1
    act(game, 0, "pass")  # phase 4 with nothing taken
    assert game.active == 1 and phase(game) == "use-offer"
    acts(game, (1, "discard p0"))
    assert phase(game) == "plant" and "plant f2" in legal(game, 1)
    act(game, 1, "plant f2")
    assert open_fields(game, 0) == open_fields(game, 1) == [0, 1, 2]
    assert game.holder == 0


def test_mb_d29_no_third_field_while_one_is_empty() -> None:
    """MB-D29: the holder starts his third field only when his two fields
    hold beans; with an empty field he plants there."""
    game = position(third_field_card=0, seats=[{"hand": ["rote"], "fields": [["soja"], []]}])
    refused(game, 0, "plant f2", "§3.5.1")
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f1"]


def test_s3_5_1_3_mb_d9_harvesting_with_three_fields_loses_that_field() -> None:
    """§3.5.1.3 (MB-D9): a player with three fields loses one as soon as he
    harvests any: the harvested field disappears, the others keep their
    places; with two fields a harvest loses nothing."""
    game = position(
        seats=[
            {
                "hand": ["garten"],
                "fields": [["soja"] * 3, ["augen"] * 2, ["rote"]],
                "open_fields": [0, 1, 2],
            }
        ]
    )
    events = act(game, 0, "harvest f0")
    assert {"type": "field-lost", "seat": 0, "field": 0} in events
    assert open_fields(game, 0) == [1, 2]
    assert fields(game, 0) == [[], ["augen"] * 2, ["rote"]]
    assert len(game.coins[0]) == 1  # 3 soja: 3->1
    refused(game, 0, "plant f0", "§3.5.1")  # no longer one of his fields
    events = act(game, 0, "harvest f1")  # two fields now: nothing lost
    assert of_type(events, "field-lost") == [] and open_fields(game, 0) == [1, 2]
    act(game, 0, "plant f1")
    assert fields(game, 0)[1] == ["garten"]


def test_s3_5_1_3_a_forced_harvest_also_loses_the_field() -> None:
    """§3.5.1.3: the Loser's harvest is a harvest too; with three fields the
    field harvested disappears."""
    game = position(
        seats=[
            {
                "hand": ["loser"],
                "fields": [["augen"], ["soja"] * 2, ["rote"] * 3],
                "open_fields": [0, 1, 2],
            }
        ]
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk"
    events = act(game, 0, "harvest f2")
    assert {"type": "field-lost", "seat": 0, "field": 2} in events
    assert open_fields(game, 0) == [0, 1]


def test_s3_5_1_4_mb_d10_harvests_only_on_ones_own_turn() -> None:
    """§3.5.1.4: fields are harvested only during one's own turn; and (MB-D10)
    an attack gives its target no harvest first: the coin is turned up at
    once, with no ``defend`` decision."""
    game = position(
        deck=["sau"] * 4,
        seats=[
            {"hand": ["garten"], "fields": [["rote", "rote/baby"], []]},
            {"fields": [["soja"] * 3, []], "coins": ["augen"]},
        ],
    )
    refused(game, 1, "harvest f0", "§3.5.1.4")
    assert legal(game, 1) == []
    act(game, 0, "plant f1")  # the hand is empty: phase 2 is over
    assert phase(game) == "attack"
    events = act(game, 0, "attack 1 f0")
    assert "defend" not in [e["type"] for e in events] and phase(game) != "defend"
    assert of_type(events, "turn-up") == [{"type": "turn-up", "target": 1, "card": "augen"}]
    assert fields(game, 1)[0] == ["soja"] * 3


# ---------------------------------------------------------------------------
# §3.5.2 phase 1: the opponent's offer


def test_s3_5_2_phase_1_stacks_planted_whole_or_discarded_whole() -> None:
    """§3.5.2 phase 1: each stack of the offer is planted or discarded whole;
    a taken stack's cards are planted one at a time in any order, all on
    one field; harvesting is allowed (own turn); the phase ends when every
    stack is used."""
    game = position(
        phase="use-offer",
        offer=[["rote", "rote/lady"], ["soja", "soja"]],
        seats=[{"hand": ["augen"], "fields": [["rote"], []]}],
    )
    assert legal(game, 0) == ["use p0", "use p1", "discard p0", "discard p1", "harvest f0"]
    act(game, 0, "discard p1")
    assert keys(game, game.discard) == ["soja", "soja"] and offer(game) == [["rote", "rote/lady"]]
    events = act(game, 0, "use p0")
    assert events == [{"type": "stack-used", "seat": 0, "cards": ["rote", "rote/lady"]}]
    assert trade(game, 0) == ["rote", "rote/lady"] and phase(game) == "use-offer"
    act(game, 0, "plant t1 f0")  # the lady first: any order
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant t0 f0"]
    refused(game, 0, "plant t0 f1", "§3.5.2")  # together on one field
    act(game, 0, "plant t0 f0")
    assert fields(game, 0)[0] == ["rote", "rote/lady", "rote"]
    assert phase(game) == "plant" and game.stacks == []
    assert conserved(game)


def test_s3_5_2_phase_1_pulls_stay_optional() -> None:
    """§3.5.2 (phases 1 and 4): each planted baby may pull a lady of its
    field up 2 places, and each lady a baby."""
    game = position(
        phase="use-offer",
        offer=[["rote/baby"]],
        seats=[{"hand": ["augen"], "fields": [["rote/lady", "rote", "rote"], []]}],
    )
    act(game, 0, "use p0")
    assert {"plant t0 f0", "plant t0 f0 pull0"} <= set(legal(game, 0))
    act(game, 0, "plant t0 f0 pull0")
    assert fields(game, 0)[0] == ["rote", "rote", "rote/lady", "rote/baby"]


def test_s3_5_2_phase_1_pruegelknabe_plants_every_stack() -> None:
    """§3.5.2 phase 1 / §4.7: the Prügelknabe's owner must plant every stack."""
    game = position(
        phase="use-offer",
        offer=[["soja"]],
        seats=[{"hand": ["augen"], "fields": [["augen", "pruegelknabe"], []]}],
    )
    assert "discard p0" not in legal(game, 0)
    refused(game, 0, "discard p0", "Prügelknabe")
    acts(game, (0, "use p0"), (0, "plant t0 f1"))
    assert fields(game, 0)[1] == ["soja"] and phase(game) == "plant"


def test_s3_5_2_phase_1_only_the_active_player_uses_the_offer() -> None:
    game = position(phase="use-offer", offer=[["soja"]], seats=[{"hand": ["augen"]}])
    refused(game, 1, "use p0")
    refused(game, 0, "use p1", "§3.5.2")
    refused(game, 0, "drop h0")  # phase 2's discard is not yet allowed


# ---------------------------------------------------------------------------
# §3.5.2 phase 2: plant from the hand, discard one card


def test_s3_5_2_phase_2_front_card_and_one_discard_from_any_position() -> None:
    """§3.5.2 phase 2: the front card must be planted, the next one may be;
    at any moment of the phase one hand card from any position may be
    discarded, once."""
    game = position(
        deck=["sau"] * 6,
        seats=[{"hand": ["rote", "soja", "augen", "sau"], "fields": [[], []]}],
    )
    refused(game, 0, "pass", "§3.5.2 phase 2")
    assert {"drop h0", "drop h1", "drop h2", "drop h3"} <= set(legal(game, 0))
    events = act(game, 0, "drop h2")
    assert events == [{"type": "drop", "seat": 0, "card": "augen"}]
    assert keys(game, game.discard) == ["augen"] and hand(game, 0) == ["rote", "soja", "sau"]
    assert not any(a.startswith("drop") for a in legal(game, 0))
    refused(game, 0, "drop h0", "§3.5.2 phase 2")
    act(game, 0, "plant f0")
    assert "pass" in legal(game, 0)  # the second card is optional
    act(game, 0, "plant f1")  # the limit: phase 2 is over (no attacks: phase 4)
    assert phase(game) == "offer" and hand(game, 0) == ["sau"]


def test_s3_5_2_phase_2_discard_after_planting_both() -> None:
    """§3.5.2 phase 2: after two plantings the phase waits for the discard
    (or a pass); a discard of the front card makes the next one the front."""
    game = position(
        deck=["sau"] * 6,
        seats=[{"hand": ["rote", "soja", "augen", "sau"], "fields": [[], []]}],
    )
    acts(game, (0, "plant f0"), (0, "plant f1"))
    assert phase(game) == "plant"
    assert legal(game, 0) == ["drop h0", "drop h1", "pass", "harvest f0", "harvest f1"]
    refused(game, 0, "plant f0", "§3.5.2 phase 2")
    act(game, 0, "drop h1")
    assert phase(game) == "offer" and hand(game, 0) == ["augen"]
    game = position(deck=["sau"] * 6, seats=[{"hand": ["rote", "soja"], "fields": [[], []]}])
    act(game, 0, "drop h0")
    refused(game, 0, "pass", "§3.5.2 phase 2")  # soja is now the front card
    act(game, 0, "plant f1")
    assert fields(game, 0) == [[], ["soja"], []] and phase(game) == "offer"


def test_mb_d20_messie_skips_planting_but_may_discard() -> None:
    """§4.7 Messie / MB-D20: with two players the Messie's owner plants
    nothing from his hand in phase 2, but may still discard a card."""
    game = position(
        deck=["sau"] * 6,
        seats=[{"hand": ["rote", "soja"], "fields": [["sau", "messie"], []]}],
    )
    assert legal(game, 0) == ["drop h0", "drop h1", "pass", "harvest f0"]
    refused(game, 0, "plant f1", "Messie")
    act(game, 0, "drop h1")
    assert phase(game) == "offer" and hand(game, 0) == ["rote"]


def test_mb_d18_hampelmann_plants_any_hand_card_in_phase_2() -> None:
    """§4.7 Hampelmann / MB-D18: with two players the Hampelmann works in
    phase 2: any hand card may be planted."""
    game = position(
        deck=["sau"] * 6,
        seats=[{"hand": ["rote", "soja", "garten"], "fields": [["augen", "hampelmann"], []]}],
    )
    assert {"plant f1", "plant h1 f1", "plant h2 f1"} <= set(legal(game, 0))
    act(game, 0, "plant h2 f1")
    assert fields(game, 0)[1] == ["garten"] and hand(game, 0) == ["rote", "soja"]


# ---------------------------------------------------------------------------
# §3.5.2 phase 3: attacks


def test_s3_5_2_phase_3_all_attacks_on_the_opponent_coins_set_aside() -> None:
    """§3.5.2 phase 3 / §4.1.3: every attack targets the opponent (two babies,
    two attacks on him); a turned-up coin that fits no field is set aside and
    goes back only after all attacks, so the second attack cannot find it."""
    game = position(
        deck=["sau"] * 6,
        seats=[
            {
                "hand": ["garten"],
                "fields": [["rote", "rote/baby"], ["soja", "soja/baby"], ["garten"]],
                "open_fields": [0, 1, 2],
            },
            {"coins": ["augen"]},
        ],
    )
    act(game, 0, "plant f2")
    harvests = ["harvest f0", "harvest f1", "harvest f2"]  # between attacks (§4.1.4 step 5)
    assert legal(game, 0) == ["attack 1 f0", "attack 1 f1", "pass", *harvests]
    assert legal(game, 1) == []  # only on one's own turn (MB-D10)
    act(game, 0, "attack 1 f0")
    assert game.coins[1] == [] and keys(game, game.aside) == ["augen"]
    assert game.observe(1)["attack"]["aside"] == ["augen"]
    assert legal(game, 0) == ["attack 1 f1", "pass", *harvests]  # the same opponent again
    events = act(game, 0, "attack 1 f1")
    assert of_type(events, "attack-spent") == [{"type": "attack-spent", "target": 1}]
    assert of_type(events, "coins-back") == [{"type": "coins-back", "seat": 1, "cards": ["augen"]}]
    assert keys(game, game.coins[1]) == ["augen"] and game.aside == []
    assert phase(game) == "offer"
    assert conserved(game)


def test_s3_5_2_phase_3_fitting_coin_planted_double_attack_keeps_one() -> None:
    """§3.5.2 phase 3: a turned-up coin that fits is planted at once; a
    double attack still yields at most 1 coin; the other goes back after
    the attacks."""
    game = position(
        deck=["sau"] * 6,
        seats=[
            {"hand": ["garten"], "fields": [["rote", "rote/baby2"], []]},
            {"coins": ["rote", "rote"]},
        ],
    )
    acts(game, (0, "plant f1"), (0, "attack 1 f0"))
    assert phase(game) == "turn-up"
    act(game, 0, "uncover")
    assert fields(game, 0)[0] == ["rote", "rote/baby2", "rote"]
    assert keys(game, game.coins[1]) == ["rote"] and phase(game) == "offer"


# ---------------------------------------------------------------------------
# §3.5.2 phase 4: the offer


def test_s3_5_2_phase_4_mb_d11_stacks_and_matching_discards() -> None:
    """§3.5.2 phase 4 (MB-D11): 3 cards revealed, one stack per type; then
    while the top card of the discard pile has a stack's type (any gender)
    it joins that stack; the stacks not taken are the opponent's offer."""
    game = position(
        deck=["rote", "soja", "rote/lady", "sau", "sau", "garten"],
        discard=["augen", "soja/baby", "rote/baby"],
        seats=[{"hand": ["garten", "feuer"], "fields": [[], []]}],
    )
    act(game, 0, "plant f0")
    assert phase(game) == "plant"  # the second card is optional
    events = act(game, 0, "pass")
    assert of_type(events, "reveal")[0]["cards"] == ["rote", "soja", "rote/lady"]
    assert [e["card"] for e in of_type(events, "to-offer")] == ["rote/baby", "soja/baby"]
    assert offer(game) == [["rote", "rote/lady", "rote/baby"], ["soja", "soja/baby"]]
    assert keys(game, game.discard) == ["augen"]
    assert game.observe(1)["offer"] == offer(game)
    assert legal(game, 0) == ["use p0", "use p1", "pass", "harvest f0"]
    acts(game, (0, "use p1"), (0, "plant t0 f1"))
    refused(game, 0, "pass", "§3.5.2 phase 4")  # the soja baby is still to plant
    act(game, 0, "plant t0 f1")
    assert fields(game, 0)[1] == ["soja", "soja/baby"]
    act(game, 0, "pass")
    # phase 5: 2 cards to the back of the hand; the rote stack is seat 1's offer
    assert hand(game, 0) == ["feuer", "sau", "sau"]
    assert game.active == 1 and phase(game) == "use-offer"
    assert offer(game) == [["rote", "rote/lady", "rote/baby"]]
    assert conserved(game)


def test_s3_5_2_phase_4_a_flitzer_from_the_discard_pile_is_not_offered() -> None:
    """§4.7 Flitzer: joining a stack from the discard pile does not reveal
    him; he stays a rote card of the stack."""
    game = position(
        deck=["rote", "soja", "sau", "blaue", "blaue"],
        discard=["flitzer"],
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"fields": [["rote"], []]}],
    )
    events = act(game, 0, "plant f0")
    assert offer(game) == [["rote", "flitzer"], ["soja"], ["sau"]]
    assert of_type(events, "flitzer-offer") == [] and phase(game) == "offer"


def test_mb_d17_flitzer_taken_by_the_opponent_who_can_plant_him() -> None:
    """MB-D17: a revealed Flitzer is offered to the opponent, who may take him
    when he can plant him at once without harvesting; on his rote field he
    is foisted there. He is not part of the offer."""
    game = position(
        deck=["flitzer", "soja", "sau", "blaue", "blaue"],
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"fields": [["rote"], ["augen"]]}],
    )
    events = act(game, 0, "plant f0")
    assert {"type": "flitzer-offer", "seat": 1} in events
    assert phase(game) == "flitzer-offer" and game.waiting_for() == frozenset({1})
    assert legal(game, 1) == ["take flitzer", "pass"]
    act(game, 1, "take flitzer")
    assert fields(game, 1)[0] == ["rote", "flitzer"]
    assert phase(game) == "offer" and offer(game) == [["soja"], ["sau"]]


def test_mb_d17_flitzer_on_an_empty_field_is_planted_at_once() -> None:
    """MB-D17: with no field of his type but an empty one, the opponent who
    takes the Flitzer plants him there at once, before the turn goes on."""
    game = position(
        deck=["flitzer", "soja", "sau", "blaue", "blaue"],
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"fields": [["augen"], []]}],
    )
    acts(game, (0, "plant f0"), (1, "take flitzer"))
    assert phase(game) == "flitzer-offer" and trade(game, 1) == ["flitzer"]
    assert game.waiting_for() == frozenset({1}) and legal(game, 1) == ["plant t0 f1"]
    assert legal(game, 0) == []
    assert "plants the Flitzer he took" in refused(game, 1, "harvest f0", "MB-D31").message
    act(game, 1, "plant t0 f1")
    assert fields(game, 1)[1] == ["flitzer"] and phase(game) == "offer"


def test_mb_d31_nobody_harvests_while_the_opponent_decides_on_the_flitzer() -> None:
    """MB-D31 (§4.7 Flitzer, §3.5.1.4): while the opponent decides whether to
    take the Flitzer, the active player, whose turn it is, may not harvest
    either: nothing lists it, and apply refuses it and changes nothing."""
    game = position(
        deck=["flitzer", "soja", "sau", "blaue", "blaue"],
        seats=[{"hand": ["garten"], "fields": [[], ["sau", "sau"]]}, {"fields": [["rote"], []]}],
    )
    act(game, 0, "plant f0")
    assert phase(game) == "flitzer-offer" and game.waiting_for() == frozenset({1})
    assert legal(game, 0) == []
    refused(game, 0, "harvest f1", "MB-D31")
    refused(game, 1, "harvest f0", "MB-D31")
    act(game, 1, "pass")
    assert "harvest f1" in legal(game, 0)


def test_mb_d17_the_flitzer_taken_cannot_be_taken_again() -> None:
    """§4.7 Flitzer, MB-D17: the opponent who took him (and must now plant him
    on his empty field) cannot take him a second time, nor decline him: the
    engine refuses both with the rule and changes nothing."""
    game = position(
        deck=["flitzer", "soja", "sau", "blaue", "blaue"],
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"fields": [["augen"], []]}],
    )
    acts(game, (0, "plant f0"), (1, "take flitzer"))
    err = refused(game, 1, "take flitzer", "§4.7 Flitzer")
    assert "plant him" in err.message
    err = refused(game, 1, "pass", "§4.7 Flitzer")  # nor decline him now (a ValueError before)
    assert "plant him" in err.message
    act(game, 1, "plant t0 f1")
    assert fields(game, 1)[1] == ["flitzer"] and phase(game) == "offer"


def test_mb_d17_flitzer_the_opponent_cannot_plant_goes_to_the_active_player() -> None:
    """MB-D17: an opponent who could plant him only by harvesting is not
    asked; the active player must plant him in phase 4."""
    game = position(
        third_field_card=0,
        deck=["flitzer", "soja", "sau"] + ["blaue"] * 4,
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"fields": [["augen"], ["soja"]]}],
    )
    events = act(game, 0, "plant f0")
    assert of_type(events, "flitzer-offer") == [] and phase(game) == "offer"
    assert trade(game, 0) == ["flitzer"]
    refused(game, 0, "pass", "§3.5.2 phase 4")
    act(game, 0, "plant t0 f1")
    assert fields(game, 0)[1] == ["flitzer"]
    act(game, 0, "pass")
    assert game.active == 1


def test_mb_d17_flitzer_declined_and_the_third_field_counts() -> None:
    """MB-D17: holding the third-field card, the opponent could plant him on
    a new third field, so he is asked; he declines and the active player
    plants him."""
    game = position(
        deck=["flitzer", "soja", "sau", "blaue", "blaue"],
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"fields": [["augen"], ["soja"]]}],
    )
    act(game, 0, "plant f0")
    assert phase(game) == "flitzer-offer"
    act(game, 1, "pass")
    assert phase(game) == "offer" and trade(game, 0) == ["flitzer"]


def test_mb_d17_pruegelknabe_must_take_the_flitzer_when_able() -> None:
    """MB-D17 / §4.7: a Prügelknabe owner who can plant the Flitzer takes him
    without being asked."""
    game = position(
        deck=["flitzer", "soja", "sau", "blaue", "blaue"],
        seats=[
            {"hand": ["garten"], "fields": [[], []]},
            {"fields": [["augen", "pruegelknabe"], ["rote"]]},
        ],
    )
    act(game, 0, "plant f0")
    assert fields(game, 1)[1] == ["rote", "flitzer"] and phase(game) == "offer"


def test_s4_7_aktivist_takes_revealed_soja_for_either_player() -> None:
    """§4.7 Aktivist (2 players: the 3 cards of phase 4): a revealed soja goes
    at once onto the Aktivist's field, even the opponent's; no card
    replaces it (MB-D7), so the offer holds the other two."""
    game = position(
        deck=["soja/lady", "rote", "sau", "blaue", "blaue"],
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"fields": [["soja", "aktivist"], []]}],
    )
    act(game, 0, "plant f0")
    assert fields(game, 1)[0] == ["soja", "aktivist", "soja/lady"]
    assert offer(game) == [["rote"], ["sau"]] and phase(game) == "offer"


# ---------------------------------------------------------------------------
# §3.5.2 phase 5: draw 2; the end


def test_s3_5_2_phase_5_faulpelz_and_warmduscher() -> None:
    """§3.5.2 phase 5 / §4.7: the active player draws 2, a Faulpelz owner 0;
    the opponent's Warmduscher draws him 1 after the turn."""
    game = position(
        deck=["sau"] * 3 + ["blaue"] * 6,
        seats=[
            {"hand": ["garten"], "fields": [[], ["garten", "faulpelz"]]},
            {"fields": [["rote", "warmduscher"], []]},
        ],
    )
    act(game, 0, "plant f0")
    events = act(game, 0, "pass")
    assert hand(game, 0) == [] and hand(game, 1) == ["blaue"]
    assert [e["seat"] for e in of_type(events, "draw")] == [0, 1]


def test_s3_5_2_phase_5_draws_two_to_the_back() -> None:
    game = position(
        deck=["sau"] * 3 + ["rote", "soja", "garten"],
        seats=[{"hand": ["garten", "feuer", "blaue"], "fields": [[], []]}],
    )
    acts(game, (0, "plant f0"), (0, "pass"), (0, "pass"))
    assert hand(game, 0) == ["feuer", "blaue", "rote", "soja"]


def test_s5_1_two_players_end_at_the_first_exhaustion_during_the_reveal() -> None:
    """§5.1: with two players the game ends when the draw pile runs out the
    first time; during phase 4's reveal the phase is finished, then comes
    the final placement (the next player first) and the harvest; a tie goes
    to the player whose first turn came later (seat 1)."""
    game = position(
        deck=["rote", "soja"],
        seats=[
            {"hand": ["feuer", "augen"], "fields": [["augen"], []]},
            {"hand": ["augen"], "fields": [["augen"], []]},
        ],
    )
    events = acts(game, (0, "plant f1"), (0, "pass"))
    assert of_type(events, "exhausted") == [{"type": "exhausted", "count": 1}]
    assert phase(game) == "offer" and offer(game) == [["rote"], ["soja"]]
    act(game, 0, "pass")
    assert phase(game) == "final-placement"
    assert game.observe(None)["final_placement"]["seat"] == 1
    act(game, 1, "plant f0")
    act(game, 0, "plant f0")
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    assert result.scores[0] == result.scores[1] > 0  # 2 augen each; 1 feuer pays 0
    assert result.winners == (1,) and result.tie_break


def test_s5_1_two_players_end_at_once_when_the_draw_exhausts() -> None:
    game = position(
        deck=["rote", "soja", "feuer", "blaue"],
        seats=[{"hand": ["garten"], "fields": [[], []]}, {"hand": ["augen"]}],
    )
    act(game, 0, "plant f0")
    assert game.exhaustions == 0 and phase(game) == "offer"
    act(game, 0, "pass")
    assert game.exhaustions == 1 and hand(game, 0) == ["blaue"]
    assert phase(game) in ("final-placement", "over") and game.active == 0


def test_s4_7_kameradenschwein_takes_from_the_opponent() -> None:
    """§4.7 Kameradenschwein: with two players the opponent's front card goes
    to the back of the owner's hand."""
    game = position(
        seats=[
            {"hand": ["kameradenschwein", "rote"], "fields": [["sau"], []]},
            {"hand": ["soja", "augen"]},
        ],
    )
    act(game, 0, "plant f0")
    assert hand(game, 0) == ["rote", "soja"] and hand(game, 1) == ["augen"]


# ---------------------------------------------------------------------------
# positions


def test_positions_for_two_are_checked() -> None:
    with pytest.raises(SetupError, match="one type"):
        position(phase="use-offer", offer=[["rote", "soja"]])
    with pytest.raises(SetupError, match="needs the opponent's offer"):
        position(phase="use-offer")
    with pytest.raises(SetupError, match="not one of his fields"):
        position(seats=[{"fields": [["rote"], [], ["soja"]]}])
    with pytest.raises(SetupError, match="reached only in play"):
        position(phase="trade")
    with pytest.raises(SetupError, match="2 players"):
        load_position(
            {**helpers.scenario(players=3, offer=[["rote"]]), "variant": "mutterbohnchen"}
        )


def test_s3_5_2_hand_cards_are_planted_in_phase_2_only() -> None:
    game = position(phase="offer", offer=[["soja"]], seats=[{"hand": ["augen"]}])
    refused(game, 0, "plant f0", "§3.5.2 phase 2")
