"""One scenario test (at least) for every rule of ``rules/ladybohn.md``.

Each test names the section it checks (``§4.2``) or the default (``LB-D5``) in
its name and docstring. Every rule of ``rules/bohnanza.md`` still applies; the
tests here check what Ladybohn changes and a few base rules seen through the
new cards. Positions are written as scenarios (:mod:`tests.rules.helpers`):
unless a test says otherwise, the draw pile holds exactly the cards it names
(``deck`` top-first), the other cards are out of play, and every seat not given
holds an empty hand and two empty fields. Card keys: ``blaue`` (a man),
``blaue/lady``, ``blaue/baby``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bohn.engine.errors import SetupError
from bohn.rulesets.bohnanza import Bohnanza
from bohn.rulesets.ladybohn import Ladybohn
from bohn.scenario import run_scenario

from . import helpers
from .helpers import act
from .helpers import acts
from .helpers import coins
from .helpers import conserved
from .helpers import fields
from .helpers import hand
from .helpers import keys
from .helpers import legal
from .helpers import phase
from .helpers import refused
from .helpers import trade
from .helpers import types as event_types

# ---------------------------------------------------------------------------
# helpers


#: Ladybohn scenarios (see :func:`tests.rules.helpers.scenario`); 3 players
LADYBOHN = helpers.Variant("ladybohn", Ladybohn)
scenario, position, run_ok = LADYBOHN.scenario, LADYBOHN.position, LADYBOHN.run_ok


def trading(seats: list[dict[str, Any]], **kw: Any) -> Ladybohn:
    """Seat 0 active in phase 2 with ``soja`` and ``augen`` revealed."""
    return position(
        phase="trade",
        revealed=kw.pop("revealed", ["soja", "augen"]),
        seats=seats,
        deck=["feuer"] * 5,
        **kw,
    )


# ---------------------------------------------------------------------------
# §1 Components and card data

TYPES = ["garten", "rote", "augen", "soja", "brech", "sau", "feuer", "blaue"]
#: type: (total, men, ladies, babies), the table of §1.2
SPLIT = {
    "garten": (6, 3, 2, 1),
    "rote": (8, 4, 3, 1),
    "augen": (10, 5, 3, 2),
    "soja": (12, 6, 4, 2),
    "brech": (14, 7, 5, 2),
    "sau": (16, 8, 5, 3),
    "feuer": (18, 9, 6, 3),
    "blaue": (20, 10, 7, 3),
}
MALE = {
    "garten": ((2, 2), (3, 3)),
    "rote": ((2, 1), (3, 2), (4, 3), (5, 4)),
    "augen": ((2, 1), (4, 2), (5, 3), (6, 4)),
    "soja": ((2, 1), (4, 2), (6, 3), (7, 4)),
    "brech": ((3, 1), (5, 2), (6, 3), (7, 4)),
    "sau": ((3, 1), (5, 2), (7, 3), (8, 4)),
    "feuer": ((3, 1), (6, 2), (8, 3), (9, 4)),
    "blaue": ((4, 1), (6, 2), (8, 3), (10, 4)),
}
LADY = {
    "garten": ((1, 2), (2, 3)),
    "rote": ((1, 1), (2, 2), (3, 3), (4, 4)),
    "augen": ((1, 1), (3, 2), (4, 3), (5, 4)),
    "soja": ((1, 1), (3, 2), (5, 3), (6, 4)),
    "brech": ((2, 1), (4, 2), (5, 3), (6, 4)),
    "sau": ((2, 1), (4, 2), (6, 3), (7, 4)),
    "feuer": ((2, 1), (5, 2), (7, 3), (8, 4)),
    "blaue": ((3, 1), (5, 2), (7, 3), (9, 4)),
}


def pays(meter: tuple[tuple[int, int], ...], n: int) -> int:
    """Coins of the highest step of ``meter`` that ``n`` cards reach."""
    return max((c for need, c in meter if n >= need), default=0)


def field_of(bean: str, top: str, n: int) -> list[str]:
    """A field of ``n`` cards of ``bean`` (bottom to top) with ``top`` on top,
    the others taken from the men, then the ladies, then the babies left."""
    _, men, ladies, babies = SPLIT[bean]
    rest = Counter({bean: men, f"{bean}/lady": ladies, f"{bean}/baby": babies})
    rest[top] -= 1
    below = [k for k in (bean, f"{bean}/lady", f"{bean}/baby") for _ in range(rest[k])]
    return [*below[: n - 1], top]


def other(bean: str) -> str:
    """A card of another type, for the hand."""
    return "rote" if bean != "rote" else "sau"


def test_s1_2_lb_d1_card_table_totals_and_genders() -> None:
    """§1.1 / §1.2 (LB-D1): 104 cards in the 8 base types, keyed ``<type>``,
    ``<type>/lady``, ``<type>/baby``; per type the totals and the split into
    men / ladies / babies of the table: 52 men, 35 ladies, 17 babies."""
    table = Ladybohn.table
    assert list(table.bean_keys) == TYPES
    counts = dict(zip(table.keys, table.counts, strict=True))
    gender = {k: a["gender"] for k, a in zip(table.keys, table.attrs, strict=True)}
    for bean, (total, men, ladies, babies) in SPLIT.items():
        assert counts[bean] == men and gender[bean] == "man", bean
        assert counts[f"{bean}/lady"] == ladies and gender[f"{bean}/lady"] == "lady", bean
        assert counts[f"{bean}/baby"] == babies and gender[f"{bean}/baby"] == "baby", bean
        assert men + ladies + babies == total
        assert total == Bohnanza.table.counts[Bohnanza.table.index[bean]], bean
    assert len(table.keys) == 24
    assert len(table.deck()) == 104
    assert sum(counts[b] for b in TYPES) == 52
    assert sum(counts[f"{b}/lady"] for b in TYPES) == 35
    assert sum(counts[f"{b}/baby"] for b in TYPES) == 17
    assert len(Ladybohn.new(3, seed=1).game_cards()) == 104


def test_s1_2_lb_d1_every_type_in_all_genders() -> None:
    """§1.2 (LB-D1): the data keeps at least 2 men, 1 lady and 1 baby per type."""
    table = Ladybohn.table
    counts = dict(zip(table.keys, table.counts, strict=True))
    for bean in TYPES:
        assert counts[bean] >= 2 and counts[f"{bean}/lady"] >= 1, bean
        assert counts[f"{bean}/baby"] >= 1, bean
        assert table.bean[table.index[f"{bean}/lady"]] == table.bean_index[bean]
        assert table.bean[table.index[f"{bean}/baby"]] == table.bean_index[bean]


@pytest.mark.parametrize("bean", TYPES)
def test_s1_2_lb_d1_male_beanometer_is_the_base_game_one(bean: str) -> None:
    """§1.2 (LB-D1): the male beanometers are the base-game ones; a field with
    a man on top pays by it at every size (real harvests)."""
    table = Ladybohn.table
    card = table.index[bean]
    assert table.meters[card] == MALE[bean]
    assert table.meters[card] == Bohnanza.table.meters[Bohnanza.table.index[bean]]
    for n in range(1, SPLIT[bean][0] + 1):
        game = position(seats=[{"hand": [other(bean)], "fields": [field_of(bean, bean, n), []]}])
        events = act(game, 0, "harvest f0")
        assert events[0]["coins"] == pays(MALE[bean], n) == coins(game)[0], (bean, n)


@pytest.mark.parametrize("bean", TYPES)
def test_s1_2_lb_d1_lady_beanometer(bean: str) -> None:
    """§1.1 / §1.2 (LB-D1): the lady beanometer of the table, every male step
    one card earlier, so better than the male one; a field with a lady on top
    pays by it at every size (real harvests; ``garten`` pays from the discard
    pile, see the §4.1.4 tests)."""
    table = Ladybohn.table
    card = table.index[f"{bean}/lady"]
    assert table.meters[card] == LADY[bean]
    for n in range(1, SPLIT[bean][0] + 1):
        assert table.pays_for(card, n) == pays(LADY[bean], n) >= pays(MALE[bean], n), (bean, n)
    assert any(pays(LADY[bean], n) > pays(MALE[bean], n) for n in range(1, SPLIT[bean][0] + 1))
    if bean == "garten":
        return
    for n in range(1, SPLIT[bean][0] + 1):
        game = position(
            seats=[{"hand": [other(bean)], "fields": [field_of(bean, f"{bean}/lady", n), []]}]
        )
        events = act(game, 0, "harvest f0")
        assert events[0]["coins"] == pays(LADY[bean], n) == coins(game)[0], (bean, n)


def test_s1_1_lb_d3_lb_d2_babies_pay_nothing_one_rattle() -> None:
    """§1.1 (LB-D3, LB-D2): babies have no beanometer — a field with a baby on
    top pays 0 at any size; each Ladybohn baby carries 1 rattle."""
    table = Ladybohn.table
    for bean in TYPES:
        card = table.index[f"{bean}/baby"]
        assert table.meters[card] == ()
        assert table.attrs[card].get("rattles") == 1
        for n in (1, 5, SPLIT[bean][0]):
            assert table.pays_for(card, n) == 0
    game = position(
        seats=[{"hand": ["feuer"], "fields": [field_of("blaue", "blaue/baby", 20), []]}]
    )
    assert game.harvest_value(0, 0) == 0
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 0 and coins(game)[0] == 0 and len(game.discard) == 20


# ---------------------------------------------------------------------------
# §2 Setup and LB-D12


@pytest.mark.parametrize("players", [3, 4, 5])
def test_s2_lb_d10_five_cards_in_dealt_order_two_fields(players: int) -> None:
    """§2 (LB-D10): as Bohnanza — 5 cards each, dealt one at a time from the
    shuffled 104, the first dealt in front; 2 empty fields each (3 players
    too); the player left of the dealer (``first_player``) starts."""
    game = Ladybohn.new(players, seed=7, options={"first_player": 1})
    (_, _, events) = game.history()[0]
    order = next(e.data["order"] for e in events if e.data["type"] == "shuffle")
    assert sorted(order) == sorted(keys(game, game.table.deck()))
    for seat in range(players):
        dealt = [order[-1 - (j * players + (seat - 1) % players)] for j in range(5)]
        assert hand(game, seat) == dealt
        assert fields(game, seat) == [[], []]
    assert len(game.deck) == 104 - 5 * players and game.discard == []
    assert game.active == 1 and phase(game) == "plant"
    assert conserved(game)


def test_s2_bo_d1_three_players_third_field_purchasable() -> None:
    """§2 (BO-D1): with 3 players, 2 fields and a purchasable third field."""
    game = position(players=3, seats=[{"hand": ["blaue"], "coins": ["sau"] * 3}])
    assert fields(game, 0) == [[], []] and "buy-field" in legal(game, 0)
    act(game, 0, "buy-field")
    assert fields(game, 0) == [[], [], []] and coins(game)[0] == 0


def test_lb_d12_no_two_player_game() -> None:
    """§5 (LB-D12): plain Ladybohn has no 2-player game (nor 6)."""
    with pytest.raises(SetupError):
        Ladybohn.new(2, 0)
    with pytest.raises(SetupError):
        Ladybohn.new(6, 0)
    out = run_scenario(scenario(players=2))
    assert not out["ok"] and out["error"]["code"] == "setup-error"
    assert Ladybohn.min_players == 3 and Ladybohn.max_players == 5


# ---------------------------------------------------------------------------
# §3.1 Planting position (LB-D6)


def test_s3_1_lb_d6_always_on_top_genders_share_a_field() -> None:
    """§3.1 (LB-D6): a planted card always goes on top of its field; men,
    ladies and babies of a type share the type's field; another type's card
    (of any gender) does not fit it."""
    game = position(
        seats=[{"hand": ["blaue/lady", "blaue", "blaue/baby"], "fields": [["blaue"], []]}],
        deck=["soja", "augen"] * 3,
    )
    assert legal(game, 0)[:2] == ["plant f0", "plant f1"]
    acts(game, (0, "plant f0"), (0, "plant f0"))
    assert fields(game, 0) == [["blaue", "blaue/lady", "blaue"], []]
    game = position(
        seats=[{"hand": ["blaue/baby"], "fields": [["blaue", "blaue"], ["sau/lady"]]}],
        deck=["soja", "augen"],
    )
    refused(game, 0, "plant f1", "§3.1.2")
    act(game, 0, "plant f0")
    assert fields(game, 0) == [["blaue", "blaue", "blaue/baby"], ["sau/lady"]]
    game = position(seats=[{"hand": ["sau/lady"], "fields": [["blaue/lady"], []]}])
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f1"]
    refused(game, 0, "plant f0", "§3.1.2")


# ---------------------------------------------------------------------------
# §4.1 Harvest value


def test_s4_1_2_lady_on_top_pays_by_the_lady_beanometer() -> None:
    """§4.1.2: the beanometer is that of the field's top card — the same five
    blaue pay 2 with the lady on top (5->2) and 1 with a man on top (4->1)."""
    game = position(
        seats=[
            {
                "hand": ["rote"],
                "fields": [["blaue"] * 4 + ["blaue/lady"], ["blaue/lady"] + ["blaue"] * 4],
            }
        ]
    )
    assert game.harvest_value(0, 0) == 2 and game.harvest_value(0, 1) == 1
    assert game.observe(0)["seats"][0]["field_pays"] == [2, 1]
    acts(game, (0, "harvest f0"))
    assert coins(game)[0] == 2
    act(game, 0, "harvest f1")
    assert coins(game)[0] == 3


def test_s4_1_2_lb_d3_baby_on_top_pays_nothing() -> None:
    """§4.1.2 (LB-D3): a field with a baby on top pays 0, however many ladies
    lie below; every card goes to the discard pile."""
    field = ["blaue/lady"] * 7 + ["blaue"] * 3 + ["blaue/baby"]
    game = position(seats=[{"hand": ["feuer"], "fields": [field, []]}])
    assert game.observe(None)["seats"][0]["field_pays"] == [0, 0]
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 0 and coins(game)[0] == 0
    assert helpers.discard(game) == field


def test_s4_1_1_lb_d4_every_card_counts() -> None:
    """§4.1.1 (LB-D4): field size counts men, ladies and babies alike: two
    babies and a lady on top make 3 blaue, which pay 1 by the lady meter (3->1);
    two soja babies and a man make 3 soja, 1 coin by the male meter (2->1)."""
    game = position(
        seats=[
            {
                "hand": ["rote"],
                "fields": [
                    ["blaue/baby", "blaue/baby", "blaue/lady"],
                    ["soja/baby", "soja/baby", "soja"],
                ],
            }
        ]
    )
    assert act(game, 0, "harvest f0")[0]["coins"] == 1
    assert act(game, 0, "harvest f1")[0]["coins"] == 1
    assert helpers.coin_cards(game, 0) == ["blaue/lady", "soja"]


def test_s4_1_3_lb_d7_coins_are_the_top_cards() -> None:
    """§4.1.3 (LB-D7): the coins are the top cards of the field; the rest goes
    to the discard pile bottom first."""
    field = ["blaue/baby", "blaue", "blaue/lady", "blaue", "blaue/lady"]
    game = position(seats=[{"hand": ["feuer"], "fields": [field, []]}], discard=["rote"])
    act(game, 0, "harvest f0")
    assert helpers.coin_cards(game, 0) == ["blaue", "blaue/lady"]
    assert helpers.discard(game) == ["rote", "blaue/baby", "blaue", "blaue/lady"]


def test_s4_1_4_garten_coins_from_the_top_of_the_discard_pile() -> None:
    """§4.1.4: harvested ``garten`` (any gender) never become coins: they all
    go to the discard pile, and the coins are taken from its top first."""
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten", "garten", "garten"], []]}],
        discard=["rote", "soja", "augen", "blaue"],
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 3
    assert sorted(events[0]["from_discard"]) == ["augen", "blaue", "soja"]
    assert sorted(helpers.coin_cards(game, 0)) == ["augen", "blaue", "soja"]
    assert helpers.discard(game) == ["rote", "garten", "garten", "garten"]
    # a lady on top: three garten pay 3 (2->3), again from the pile
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten/baby", "garten", "garten/lady"], []]}],
        discard=["rote", "soja", "augen", "brech"],
    )
    events = act(game, 0, "harvest f0")
    assert sorted(helpers.coin_cards(game, 0)) == ["augen", "brech", "soja"]
    assert helpers.discard(game) == ["rote", "garten/baby", "garten", "garten/lady"]
    assert conserved(game)


def test_s4_1_4_garten_lady_pays_her_full_beanometer() -> None:
    """§4.1.2 / §4.1.4 (LB-D11): a ``garten`` field is paid by the lady meter
    of its top lady (1->2, 2->3) and its coins come from the discard pile, not
    from the field, so the harvest pays its full value: one garten lady pays 2,
    a man under a lady 3."""
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten/lady"], []]}], discard=["rote", "soja"]
    )
    assert game.harvest_value(0, 0) == 2
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 2
    assert sorted(helpers.coin_cards(game, 0)) == ["rote", "soja"]
    assert helpers.discard(game) == ["garten/lady"]
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten", "garten/lady"], []]}],
        discard=["rote", "soja", "augen"],
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 3
    assert sorted(helpers.coin_cards(game, 0)) == ["augen", "rote", "soja"]
    assert helpers.discard(game) == ["garten", "garten/lady"]


def test_lb_d11_short_discard_pile() -> None:
    """§4.1.4 (LB-D11): if the discard pile holds too few cards, take what is
    there, discard the harvested ``garten``, then take the rest from the top."""
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten", "garten", "garten"], []]}],
        discard=["rote"],
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 3
    assert events[0]["from_discard"] == ["rote", "garten", "garten"]
    assert helpers.coin_cards(game, 0) == ["rote", "garten", "garten"]
    assert helpers.discard(game) == ["garten"]
    assert conserved(game)


def test_lb_d11_empty_discard_pile() -> None:
    """§4.1.4 (LB-D11): with an empty discard pile the harvested ``garten`` are
    discarded and the coins come from them, off the top of the pile."""
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten/baby", "garten", "garten"], []]}]
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 3
    assert sorted(helpers.coin_cards(game, 0)) == ["garten", "garten", "garten/baby"]
    assert game.discard == []
    # a baby on top pays 0 and takes nothing from the pile
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten/lady", "garten/baby"], []]}],
        discard=["rote"],
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 0 and events[0]["from_discard"] == []
    assert helpers.discard(game) == ["rote", "garten/lady", "garten/baby"]


# ---------------------------------------------------------------------------
# §4.2 Babies pull ladies (LB-D5)


def test_s4_2_lady_one_below_the_baby_reaches_the_top() -> None:
    """§4.2: a baby planted on a lady of its type pulls her up 2 places, not
    past the top — the lady just below the baby ends on top, and the field
    pays by her meter again."""
    game = position(
        seats=[{"hand": ["blaue/baby"], "fields": [["blaue", "blaue/lady"], []]}],
        deck=["soja", "augen"],
    )
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f0", "plant f1"]
    events = act(game, 0, "plant f0")
    assert fields(game, 0) == [["blaue", "blaue/baby", "blaue/lady"], []]
    assert {
        "type": "pull",
        "seat": 0,
        "field": 0,
        "by": "blaue/baby",
        "card": "blaue/lady",
        "from": 1,
        "to": 2,
    } in events
    assert game.harvest_value(0, 0) == 1  # 3 blaue, lady meter 3->1


def test_s4_2_lady_deep_down_moves_two_places() -> None:
    """§4.2 (LB-D5): a lady deeper down moves up exactly 2; the cards she
    passes move down one."""
    game = position(
        seats=[{"hand": ["blaue/baby"], "fields": [["blaue/lady", "blaue", "blaue", "blaue"], []]}],
        deck=["soja", "augen"],
    )
    events = act(game, 0, "plant f0")
    assert fields(game, 0) == [["blaue", "blaue", "blaue/lady", "blaue", "blaue/baby"], []]
    assert helpers.of_type(events, "pull") == [
        {
            "type": "pull",
            "seat": 0,
            "field": 0,
            "by": "blaue/baby",
            "card": "blaue/lady",
            "from": 0,
            "to": 2,
        }
    ]


def test_s4_2_lb_d5_owner_chooses_the_lady() -> None:
    """§4.2 (LB-D5): the pull is compulsory and the owner picks the lady when
    there are several: one action per lady (``pull<i>``, her position from the
    bottom); without a mode, or with a mode naming no lady, the planting is
    refused and nothing changes."""
    seat = {"hand": ["blaue/baby"], "fields": [["blaue/lady", "blaue", "blaue/lady"], []]}
    game = position(seats=[seat], deck=["soja", "augen"])
    plants = [a for a in legal(game, 0) if a.startswith("plant")]
    assert plants == ["plant f0 pull0", "plant f0 pull2", "plant f1"]
    err = refused(game, 0, "plant f0", "§4.2")
    assert "pull0" in err.message and "pull2" in err.message
    refused(game, 0, "plant f0 pull1", "§4.2")  # a man
    refused(game, 0, "plant f0 pull3", "§4.2")
    refused(game, 0, "plant f0 stew", "§4.2")
    refused(game, 0, "plant f1 pull0", "§4.2")  # no lady on the empty field
    act(game, 0, "plant f0 pull0")
    assert fields(game, 0)[0] == ["blaue", "blaue/lady", "blaue/lady", "blaue/baby"]
    game = position(seats=[seat], deck=["soja", "augen"])
    events = act(game, 0, "plant f0 pull2")
    assert fields(game, 0)[0] == ["blaue/lady", "blaue", "blaue/baby", "blaue/lady"]
    assert {
        "type": "pull",
        "seat": 0,
        "field": 0,
        "by": "blaue/baby",
        "card": "blaue/lady",
        "from": 2,
        "to": 3,
    } in events


def test_lb_d5_one_action_per_distinct_outcome() -> None:
    """§4.2 (LB-D5): when both ladies give the same field, the choice does not
    matter: one plain planting, which pulls."""
    game = position(
        seats=[{"hand": ["sau/baby"], "fields": [["sau/lady", "sau/lady"], []]}],
        deck=["soja", "augen"],
    )
    assert [a for a in legal(game, 0) if a.startswith("plant")] == ["plant f0", "plant f1"]
    events = act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["sau/lady", "sau/baby", "sau/lady"]
    assert len(helpers.of_type(events, "pull")) == 1


def test_s4_2_pull_from_the_trading_area_in_phase_3() -> None:
    """§4.2 / §3.3: a baby planted from the trading area in phase 3 pulls too,
    with the choice named as ``plant t<i> f<j> pull<k>``."""
    game = position(
        phase="plant-traded",
        seats=[
            {
                "trading_area": ["blaue/baby"],
                "fields": [["sau"], ["blaue/lady", "blaue", "blaue/lady"]],
            }
        ],
        deck=["soja"] * 3,
    )
    assert legal(game, 0)[:2] == ["plant t0 f1 pull0", "plant t0 f1 pull2"]
    refused(game, 0, "plant t0 f1", "§4.2")
    refused(game, 0, "plant t0 f1 pull1", "§4.2")
    events = act(game, 0, "plant t0 f1 pull2")
    assert fields(game, 0) == [["sau"], ["blaue/lady", "blaue", "blaue/baby", "blaue/lady"]]
    assert {
        "type": "pull",
        "seat": 0,
        "field": 1,
        "by": "blaue/baby",
        "card": "blaue/lady",
        "from": 2,
        "to": 3,
    } in events
    assert game.active == 1  # phase 4 came


def test_s4_2_no_lady_of_its_type_no_pull() -> None:
    """§4.2: a baby pulls only a lady of its own type on its own field — with
    no lady there nothing moves (another type's lady lies on another field and
    stays put), and naming a lady is refused."""
    game = position(
        seats=[{"hand": ["blaue/baby"], "fields": [["sau/lady", "sau"], ["blaue", "blaue"]]}],
        deck=["soja", "augen"],
    )
    refused(game, 0, "plant f1 pull0", "§4.2")
    refused(game, 0, "plant f0", "§3.1.2")
    events = act(game, 0, "plant f1")
    assert helpers.of_type(events, "pull") == []
    assert fields(game, 0) == [["sau/lady", "sau"], ["blaue", "blaue", "blaue/baby"]]


def test_s4_2_a_lady_or_a_man_pulls_nothing() -> None:
    """§4.2: only a planted baby pulls; a lady or a man goes on top and no
    lady moves; a pull mode for them is refused."""
    game = position(
        seats=[{"hand": ["blaue/lady", "blaue"], "fields": [["blaue/lady", "blaue"], []]}],
        deck=["soja", "augen"],
    )
    assert "plant f0 pull0" not in legal(game, 0)
    refused(game, 0, "plant f0 pull0", "§4.2")
    events = act(game, 0, "plant f0")
    refused(game, 0, "plant f0 pull2", "§4.2")
    events += act(game, 0, "plant f0")
    assert helpers.of_type(events, "pull") == []
    assert fields(game, 0)[0] == ["blaue/lady", "blaue", "blaue/lady", "blaue"]


# ---------------------------------------------------------------------------
# §3.3 Trading with hidden gender


def test_s3_3_offers_show_other_seats_only_the_bean_type() -> None:
    """§3.3: in an offer a hand card is named only by its bean type — in the
    observations of the other seats, the public view and the offer event;
    the proposer's own view shows the key; revealed cards show their gender."""
    game = trading(
        [{"hand": ["blaue/lady", "sau/baby", "rote"]}, {"hand": ["brech/lady", "brech"]}, {}],
        revealed=["soja", "augen/lady"],
    )
    events = act(game, 0, "propose 1 give h0,r1,h1 want brech")
    seen = ["blaue", "augen/lady", "sau"]
    assert helpers.of_type(events, "offer")[0]["give"] == seen
    for seat in (1, 2, None):
        (offer,) = game.observe(seat)["offers"]
        assert offer["give"] == seen, seat
        # where each card comes from is public: "blaue" is a hand card of
        # unknown gender, not a revealed man
        assert offer["give_from"] == ["h", "r", "h"], seat
    (own,) = game.observe(0)["offers"]
    assert own["give"] == ["blaue/lady", "augen/lady", "sau/baby"]
    assert own["give_refs"] == ["h0", "r1", "h1"]
    # a non-active proposer's hand card is hidden from the active player too
    events = act(game, 1, "propose 0 give h0 want soja")
    assert helpers.of_type(events, "offer")[0]["give"] == ["brech"]
    assert game.observe(0)["offers"][1]["give"] == ["brech"]
    assert game.observe(2)["offers"][1]["give"] == ["brech"]
    assert game.observe(1)["offers"][1]["give"] == ["brech/lady"]
    # the deal moves the very cards offered
    act(game, 1, "accept 0 give h1")
    assert trade(game, 1) == ["blaue/lady", "augen/lady", "sau/baby"]
    assert trade(game, 0) == ["brech"] and hand(game, 1) == ["brech/lady"]


# ---------------------------------------------------------------------------
# §4.3 Foisted babies (LB-D8)


def test_s4_3_1_received_baby_is_planted_at_once() -> None:
    """§4.3.1: a baby received in a deal by a player with a non-empty field of
    its type goes on that field at once (only one way: automatically), while
    trading goes on."""
    game = trading(
        [{"hand": ["sau/baby", "rote"]}, {"hand": ["brech"], "fields": [["sau", "sau"], []]}, {}]
    )
    acts(game, (0, "propose 1 give h0 want brech"))
    events = act(game, 1, "accept 0 give h0")
    assert event_types(events) == ["trade", "foist", "plant"]
    assert fields(game, 1) == [["sau", "sau", "sau/baby"], []]
    assert trade(game, 1) == [] and trade(game, 0) == ["brech"]
    assert phase(game) == "trade" and game.observe(None)["foist"] is None


def test_s4_3_1_baby_returned_to_the_proposer_is_foisted_and_pulls() -> None:
    """§4.3.1 / §4.2: the proposer's returned cards count as received: a baby
    given back goes at once on his field of its type, pulling its lady."""
    game = trading(
        [
            {"hand": ["rote"], "fields": [["feuer", "feuer/lady"], []]},
            {"hand": ["feuer/baby", "brech"]},
            {},
        ]
    )
    act(game, 0, "propose 1 give r0 want feuer")
    events = act(game, 1, "accept 0 give h0")
    assert fields(game, 0) == [["feuer", "feuer/baby", "feuer/lady"], []]
    assert {"type": "foist", "seat": 0, "card": "feuer/baby"} in events
    assert len(helpers.of_type(events, "pull")) == 1
    assert trade(game, 0) == [] and trade(game, 1) == ["soja"]


def test_s4_3_2_baby_without_a_matching_field_waits_for_phase_3() -> None:
    """§4.3.2: a received baby with no field of its type stays in the trading
    area and is planted in phase 3 as usual (also on an empty field)."""
    game = trading(
        [
            {"hand": ["sau/baby", "rote"]},
            {"hand": ["brech"], "fields": [["blaue", "blaue"], []]},
            {},
        ]
    )
    act(game, 0, "propose 1 give h0")
    events = act(game, 1, "accept 0")
    assert "foist" not in event_types(events)
    assert trade(game, 1) == ["sau/baby"] and phase(game) == "trade"
    assert "harvest f0" in legal(game, 1)
    act(game, 0, "end-trading")
    assert phase(game) == "plant-traded"
    assert "plant t0 f1" in legal(game, 1)
    act(game, 1, "plant t0 f1")
    assert fields(game, 1) == [["blaue", "blaue"], ["sau/baby"]]


def test_s4_3_1_two_fields_of_the_type_foist_phase() -> None:
    """§4.3.1: with two fields of the baby's type the receiver chooses in the
    ``foist`` phase: only he acts, only ``plant t<i> f<j>`` on a non-empty
    field of its type; harvesting that field first (or anything else, by
    anyone) is refused; then trading goes on."""
    game = trading(
        [
            {"hand": ["sau/baby", "rote"], "fields": [["augen", "augen"], []]},
            {
                "hand": ["brech"],
                "fields": [["sau", "sau"], ["sau"], []],
                "coins": ["blaue"] * 3,
            },
            {"fields": [["soja", "soja"], []], "coins": ["feuer"] * 3},
        ]
    )
    act(game, 0, "propose 1 give h0")
    events = act(game, 1, "accept 0")
    assert "foist" not in event_types(events) and "plant" not in event_types(events)
    assert phase(game) == "foist" and game.waiting_for() == frozenset({1})
    assert game.observe(None)["foist"] == {"seat": 1, "cards": ["sau/baby"]}
    assert legal(game, 1) == ["plant t0 f0", "plant t0 f1"]
    assert legal(game, 0) == [] and legal(game, 2) == []
    refused(game, 1, "harvest f0", "§4.3.1")
    refused(game, 1, "harvest f1")
    refused(game, 1, "buy-field")
    refused(game, 1, "plant t0 f2", "§4.3.1")
    refused(game, 0, "harvest f0", "§4.3.1")
    refused(game, 2, "buy-field", "§4.3.1")
    refused(game, 0, "end-trading")
    refused(game, 0, "propose 2 give h0")
    events = act(game, 1, "plant t0 f1")
    assert event_types(events) == ["foist", "plant"]
    assert fields(game, 1) == [["sau", "sau"], ["sau", "sau/baby"], []]
    assert phase(game) == "trade" and trade(game, 1) == []
    assert "harvest f0" in legal(game, 1) and "end-trading" in legal(game, 0)


def test_s4_3_1_foist_with_a_choice_of_lady() -> None:
    """§4.3.1 / §4.2 (LB-D5): a foisted baby on a field with two ladies waits
    in the ``foist`` phase for the receiver to name the lady."""
    game = trading(
        [
            {"hand": ["sau/baby", "rote"]},
            {"hand": ["brech"], "fields": [["sau/lady", "sau", "sau/lady"], []]},
            {},
        ]
    )
    acts(game, (0, "propose 1 give h0"), (1, "accept 0"))
    assert phase(game) == "foist"
    assert legal(game, 1) == ["plant t0 f0 pull0", "plant t0 f0 pull2"]
    refused(game, 1, "plant t0 f0", "§4.2")
    refused(game, 1, "plant t0 f0 pull1", "§4.2")
    act(game, 1, "plant t0 f0 pull0")
    assert fields(game, 1)[0] == ["sau", "sau/lady", "sau/lady", "sau/baby"]
    assert phase(game) == "trade"


def test_lb_d8_donated_baby_may_be_declined_accepted_is_foisted() -> None:
    """§4.3.3 (LB-D8): a baby donation may be declined (nothing happens); an
    accepted one is treated like a traded baby and foisted — also a baby a
    non-active player donates to the active player."""
    game = trading(
        [
            {"hand": ["sau/baby", "rote"], "fields": [["blaue", "blaue/lady"], []]},
            {"hand": ["brech"], "fields": [["sau"], []]},
            {"hand": ["blaue/baby"]},
        ]
    )
    acts(game, (0, "propose 1 give h0"), (1, "decline 0"))
    assert hand(game, 0) == ["sau/baby", "rote"] and fields(game, 1) == [["sau"], []]
    assert trade(game, 1) == []
    acts(game, (0, "propose 1 give h0"))
    events = act(game, 1, "accept 1")
    assert "foist" in event_types(events)
    assert fields(game, 1) == [["sau", "sau/baby"], []] and trade(game, 1) == []
    act(game, 2, "propose 0 give h0")
    events = act(game, 0, "accept 2")
    assert "foist" in event_types(events) and len(helpers.of_type(events, "pull")) == 1
    assert fields(game, 0) == [["blaue", "blaue/baby", "blaue/lady"], []]
    assert trade(game, 0) == [] and phase(game) == "trade"


# ---------------------------------------------------------------------------
# §4.4 Third field (LB-D9)


RICH: list[dict[str, Any]] = [
    {"hand": ["rote"], "coins": ["blaue"] * 4},
    {"coins": ["feuer"] * 4},
    {"coins": ["sau"] * 4},
]


def test_s4_4_lb_d9_two_third_fields_in_the_whole_game() -> None:
    """§4.4 (LB-D9): a third field costs 3 coins, once per player, and only 2
    are in the game: once both are bought nobody else can buy one."""
    game = position(seats=RICH)
    assert game.observe(None)["third_fields_left"] == 2
    assert Ladybohn.OPTIONS["third_fields"].default == 2
    assert Ladybohn.OPTIONS["third_fields"].default_id == "LB-D9"
    act(game, 1, "buy-field")
    assert coins(game) == [4, 1, 4] and len(game.fields[1]) == 3
    assert game.observe(2)["third_fields_left"] == 1
    refused(game, 1, "buy-field", "§4.3.1")  # once per player
    act(game, 2, "buy-field")
    assert game.observe(0)["third_fields_left"] == 0
    assert "buy-field" not in legal(game, 0)
    err = refused(game, 0, "buy-field", "§4.4")
    assert "LB-D9" in (err.rule or "")
    assert coins(game) == [4, 1, 1] and len(game.fields[0]) == 2
    # the option sets the supply
    game = position(
        options={"third_fields": 3},
        seats=RICH,
    )
    acts(game, (1, "buy-field"), (2, "buy-field"), (0, "buy-field"))
    assert [len(f) for f in game.fields] == [3, 3, 3]
    # price still 3
    game = position(seats=[{"hand": ["blaue"], "coins": ["rote"] * 2}])
    refused(game, 0, "buy-field", "§4.3.2")


# ---------------------------------------------------------------------------
# §5 End of game


def test_s5_end_final_harvest_and_tie_break() -> None:
    """§5 (LB-D10): the game ends at the 3rd exhaustion (here during the
    draw); hand cards are worthless; every field is harvested with the
    single-bean rule waived, by its top card (a lady, a baby: 0); most coins
    wins and among the tied the one whose first turn came later."""
    game = position(
        exhaustions=2,
        phase="trade",
        deck=["sau", "sau"],
        seats=[
            {
                "hand": ["blaue"],
                "coins": ["rote"] * 2,
                "fields": [["rote/lady"], ["soja", "soja/lady"]],
            },
            {"coins": ["brech"] * 3, "fields": [["blaue"] * 5 + ["blaue/baby"], ["augen/lady"]]},
            {"hand": ["feuer"] * 6, "coins": ["feuer"]},
        ],
    )
    assert "harvest f0" not in legal(game, 0)  # the single-bean rule during play
    events = act(game, 0, "end-trading")
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    assert game.exhaustions == 3 and phase(game) == "over"
    final = helpers.of_type(events, "harvest")
    assert all(e["final"] for e in final)
    assert {(e["seat"], e["field"]): e["coins"] for e in final} == {
        (0, 0): 1,
        (0, 1): 1,
        (1, 0): 0,
        (1, 1): 1,
    }
    assert result.scores == (4, 4, 1)
    assert result.winners == (1,) and result.tie_break is True
    assert result.ranking == (1, 0, 2)
    assert hand(game, 0) == ["blaue", "sau", "sau"]
    assert all(f == [] for fs in game.fields for f in fs)
    assert conserved(game)
