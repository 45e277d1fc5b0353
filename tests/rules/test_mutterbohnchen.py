"""One scenario test (at least) for every rule of ``rules/mutterbohnchen.md``
(the game for 3-6 players; the game for two, §3.5, is in ``test_mutterbohnchen_two.py``).

Each test names the section it checks (``§4.1``) or the default (``MB-D12``)
in its name and docstring. Every rule of ``rules/ladybohn.md`` still applies;
the tests here check what Mutterböhnchen changes. Positions are written as
scenarios (:mod:`tests.rules.helpers`): unless a test says otherwise, the draw
pile holds exactly the cards it names (``deck`` top-first), the other cards
are out of play, and every seat not given holds an empty hand, its empty
fields (3 with 3 players, 2 otherwise) and no coins. ``blind`` are the
face-down starting coins nobody has seen, ``coins`` the known ones.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bohn.engine.errors import SetupError
from bohn.rulesets.ladybohn import Ladybohn
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen

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
from .helpers import types as event_types

# ---------------------------------------------------------------------------
# helpers


#: Mutterböhnchen scenarios (see :func:`tests.rules.helpers.scenario`)
MUTTERBOHNCHEN = helpers.Variant("mutterbohnchen", Mutterbohnchen)
scenario, position = MUTTERBOHNCHEN.scenario, MUTTERBOHNCHEN.position


def blind(game: Mutterbohnchen, seat: int) -> list[str]:
    return keys(game, game.blind[seat])


def quirks(events: list[dict[str, Any]], card: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "quirk" and e["card"] == card]


def conserved(game: Mutterbohnchen) -> bool:
    """Every card of the game in exactly one zone (face-down coins included)."""
    held = [*game.deck, *game.discard, *game.box, *game.revealed]
    for s in range(game.n):
        held += game.hands[s] + game.coins[s] + game.trade[s] + game.blind[s]
        for f in game.fields[s]:
            held += f
    return sorted(held) == game.table.deck()


TYPES = ["garten", "rote", "augen", "soja", "brech", "sau", "feuer", "blaue"]
#: key: (type, text position) of the 24 mama's beans, §1.2 (MB-D2)
MAMAS = {
    "arbeitstier": ("garten", "centre"),
    "faulpelz": ("garten", "top"),
    "wuehler": ("garten", "top"),
    "choleriker": ("rote", "top"),
    "flitzer": ("rote", None),
    "warmduscher": ("rote", "top"),
    "pruegelknabe": ("augen", "top"),
    "loser": ("augen", "centre"),
    "hampelmann": ("augen", "top"),
    "aktivist": ("soja", "top"),
    "einsiedler": ("soja", None),
    "frauenversteher": ("soja", "centre"),
    "kotzbrocken": ("brech", "centre"),
    "saufkumpan": ("brech", "top"),
    "schluckspecht": ("brech", "centre"),
    "chauvischwein": ("sau", "top"),
    "kameradenschwein": ("sau", "centre"),
    "messie": ("sau", "top"),
    "junggeselle": ("feuer", "centre"),
    "lichtgestalt": ("feuer", "top"),
    "schuerzenjaeger": ("feuer", "centre"),
    "kavalier": ("blaue", "centre"),
    "macho": ("blaue", "top"),
    "pistolenheld": ("blaue", "top"),
}


# ---------------------------------------------------------------------------
# §1 Components and card data


def test_s1_1_card_data_136_cards() -> None:
    """§1.1: the Ladybohn game (104 cards) plus 24 mama's beans and 8 babies
    with two rattles (one per type, MB-D1): 136 cards; the Ladybohn cards are
    unchanged."""
    table = Mutterbohnchen.table
    assert len(table.deck()) == 136
    assert len(Mutterbohnchen.new(4, seed=1).game_cards()) == 136
    lb = Ladybohn.table
    for k, n in zip(lb.keys, lb.counts, strict=True):
        assert table.counts[table.index[k]] == n, k
    assert list(table.bean_keys) == TYPES


def test_s1_3_mb_d1_eight_babies_with_two_rattles() -> None:
    """§1.3 (MB-D1): 8 two-rattle babies ``<type>/baby2``, one of each type, no
    beanometer (0 on top); Ladybohn babies keep 1 rattle (LB-D2)."""
    table = Mutterbohnchen.table
    for bean in TYPES:
        c = table.index[f"{bean}/baby2"]
        assert table.counts[c] == 1 and table.bean_keys[table.bean[c]] == bean
        assert table.attrs[c]["gender"] == "baby" and int(table.attrs[c]["rattles"]) == 2
        assert table.pays_for(c, 5) == 0
        assert int(table.attrs[table.index[f"{bean}/baby"]]["rattles"]) == 1
    babies2 = [k for k, a in zip(table.keys, table.attrs, strict=True) if a.get("rattles") == 2]
    assert len(babies2) == 8
    game = position(seats=[{"hand": ["rote"], "fields": [["blaue"] * 5 + ["blaue/baby2"], [], []]}])
    assert act(game, 0, "harvest f0")[0]["coins"] == 0


def test_s1_2_mb_d2_mb_d3_the_24_mamas_beans() -> None:
    """§1.2 (MB-D2, MB-D3): 24 male mama's beans, 3 per type, one of each key,
    with the text positions of the table; they pay by the male beanometer of
    their type except Einsiedler and Loser."""
    table = Mutterbohnchen.table
    mamas = [k for k, a in zip(table.keys, table.attrs, strict=True) if a.get("mama")]
    assert sorted(mamas) == sorted(MAMAS)
    per_type = Counter(table.bean_keys[table.bean[table.index[k]]] for k in mamas)
    assert per_type == Counter({b: 3 for b in TYPES})
    for k, (bean, text) in MAMAS.items():
        c = table.index[k]
        assert table.counts[c] == 1 and table.attrs[c]["gender"] == "man", k
        assert table.bean_keys[table.bean[c]] == bean, k
        if text is not None:
            assert table.attrs[c].get("text") == text, k
        if k not in ("einsiedler", "loser"):
            assert table.meters[c] == table.meters[table.index[bean]], k


def test_s1_2_mb_d4_einsiedler_and_loser_meters() -> None:
    """§1.2 (MB-D4): the Einsiedler pays 1 at any size (1->1); a field with the
    Loser on top pays 0 at any size (real harvests)."""
    table = Mutterbohnchen.table
    ein, los = table.index["einsiedler"], table.index["loser"]
    for n in (1, 2, 5, 9):
        assert table.pays_for(ein, n) == 1
        assert table.pays_for(los, n) == 0
    game = position(
        seats=[
            {
                "hand": ["rote"],
                "fields": [["soja"] * 5 + ["einsiedler"], ["augen"] * 5 + ["loser"], []],
            }
        ]
    )
    assert act(game, 0, "harvest f0")[0]["coins"] == 1
    assert act(game, 0, "harvest f1")[0]["coins"] == 0
    assert helpers.coin_cards(game, 0) == ["einsiedler"]


# ---------------------------------------------------------------------------
# §2 Setup


@pytest.mark.parametrize(("players", "each", "left"), [(3, 5, 1), (4, 4, 0), (5, 3, 1), (6, 2, 4)])
def test_s2_1_starting_coins(players: int, each: int, left: int) -> None:
    """§2.1: 2 ordinary men of each type are dealt face down as starting coins,
    5/4/3/2 each for 3/4/5/6 players; the leftovers go into the deck; nobody
    sees them: every observation (the owner's too) shows only a count, the
    events only the count."""
    game = Mutterbohnchen.new(players, seed=3)
    pool: Counter[str] = Counter()
    for s in range(players):
        assert len(game.blind[s]) == each
        assert game.coins[s] == []
        pool.update(blind(game, s))
        for seat in (s, (s + 1) % players, None):
            p = game.observe(seat)["seats"][s]
            assert p["blind_coins"] == each and p["known_coins"] == [] and p["coins"] == each
    assert all(k in TYPES for k in pool)  # ordinary men only, no mama's bean
    assert sum(pool.values()) == 16 - left and all(pool[b] <= 2 for b in TYPES)
    in_deck = Counter(keys(game, game.deck))
    for b in TYPES:  # every man not in a hand or a coin pile lies in the deck
        in_hands = sum(hand(game, s).count(b) for s in range(players))
        assert pool[b] + in_deck[b] + in_hands == game.table.counts[game.table.index[b]]
    assert len(game.deck) == 136 - (16 - left) - 5 * players
    (_, _, events) = game.history()[0]
    starting = [e.data for e in events if e.data["type"] == "starting-coins"]
    assert sorted(e["seat"] for e in starting) == list(range(players))
    assert all(set(e) == {"type", "seat", "count"} and e["count"] == each for e in starting)
    assert conserved(game)


@pytest.mark.parametrize(("players", "count"), [(3, 3), (4, 2), (5, 2), (6, 2)])
def test_s2_2_3_fields_by_count_no_third_field(players: int, count: int) -> None:
    """§2.2.3: 3 players have 3 fields from the start, 4-6 players 2, and
    nobody can buy a third field (plenty of coins notwithstanding)."""
    game = Mutterbohnchen.new(players, seed=1)
    assert all(len(fs) == count for fs in game.fields)
    game = position(players=players, seats=[{"hand": ["rote"], "coins": ["sau"] * 5}])
    assert len(game.fields[0]) == count
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field", "§2.2.3")
    with pytest.raises(SetupError):
        position(players=players, seats=[{"hand": ["rote"], "fields": [[]] * (count + 1)}])


# ---------------------------------------------------------------------------
# §5 End of game (placed here: the end ends the set-up checks of counts)


@pytest.mark.parametrize(("players", "ending"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_s5_1_the_end_by_player_count(players: int, ending: int) -> None:
    """§5.1 / MB-D22: the game ends when the draw pile runs out for the
    1st/2nd/3rd/4th time with 3/4/5/6 players (here during the draw); one
    exhaustion earlier it goes on."""
    for exhaustions, over in ((ending - 1, True), (ending - 2, False)):
        if exhaustions < 0:
            continue
        game = position(
            players=players,
            exhaustions=exhaustions,
            phase="trade",
            deck=["sau"],
            discard=["brech"] * 7 + ["feuer"] * 9,
            seats=[{"hand": ["blaue"]}],
        )
        act(game, 0, "end-trading")
        assert game.exhaustions == exhaustions + 1, (players, exhaustions)
        if over:
            result = game.result()
            assert result is not None and result.reason == "final-exhaustion"
            assert phase(game) == "over"
        else:
            assert game.result() is None and phase(game) != "over"
            assert game.active == 1


def test_s5_2_final_placement_then_harvest() -> None:
    """§5.2: at the end, starting with the player whose turn would have come
    next, each player may put one fitting hand card from any position on each
    of his non-empty fields (a baby pulls its lady); then every field is
    harvested; most coins wins."""
    game = position(
        phase="trade",
        deck=["feuer"],
        seats=[
            {"hand": ["rote", "blaue"], "fields": [["blaue"] * 3, [], []]},
            {
                "hand": ["sau", "augen/baby", "soja"],
                "fields": [["augen", "augen/lady"], ["sau"] * 2, []],
            },
            {"hand": ["brech"], "fields": [["brech"] * 2, ["rote"], []], "coins": ["soja"]},
        ],
    )
    events = act(game, 0, "end-trading")
    assert phase(game) == "final-placement"
    assert game.observe(None)["final_placement"] == {"seat": 1, "used": []}
    assert game.waiting_for() == frozenset({1})
    assert legal(game, 1) == ["plant f1", "plant h1 f0", "plant h1 f0 pull1", "pass"]
    refused(game, 0, "plant h1 f0")
    refused(game, 1, "plant h2 f2", "§5.2")  # an empty field
    act(game, 1, "plant h1 f0 pull1")  # the baby pulls the lady to the top
    assert fields(game, 1)[0] == ["augen", "augen/baby", "augen/lady"]
    assert legal(game, 1) == ["plant f1", "pass"]  # one card per field
    act(game, 1, "plant f1")
    assert fields(game, 1)[1] == ["sau"] * 3 and hand(game, 1) == ["soja"]
    assert game.observe(None)["final_placement"]["seat"] == 2
    act(game, 2, "plant f0")
    assert game.observe(None)["final_placement"]["seat"] == 0
    assert hand(game, 0) == ["rote", "blaue", "feuer"]
    events = act(game, 0, "plant h1 f0")
    assert phase(game) == "over"
    final = {(e["seat"], e["field"]): e["coins"] for e in helpers.of_type(events, "harvest")}
    assert final[(0, 0)] == 1  # 4 blaue: 4->1
    assert final[(1, 0)] == 2  # 3 augen, the lady on top: 3->2
    assert final[(1, 1)] == 1 and final[(2, 0)] == 1
    result = game.result()
    assert result is not None and result.scores == (1, 3, 2) and result.winners == (1,)
    assert conserved(game)


def test_s5_2_pass_in_the_final_placement() -> None:
    """§5.2.1: placing is optional (``may``): a player passes and the next one
    places; a player with nothing fitting is skipped."""
    game = position(
        phase="trade",
        deck=["feuer"],
        seats=[
            {"hand": ["rote"]},
            {"hand": ["sau"], "fields": [["sau"], [], []]},
            {"hand": ["brech"], "fields": [["brech"], [], []]},
        ],
    )
    act(game, 0, "end-trading")
    assert game.observe(None)["final_placement"]["seat"] == 1
    act(game, 1, "pass")
    assert game.observe(None)["final_placement"]["seat"] == 2
    act(game, 2, "plant f0")
    assert phase(game) == "over"
    assert hand(game, 1) == ["sau"] and game.result() is not None


def test_s5_2_3_tie_break_later_first_turn_wins() -> None:
    """§5.2.3: most coins wins; among the tied the player whose first turn
    came later; face-down starting coins count too."""
    game = position(
        phase="trade",
        deck=["feuer"],
        seats=[
            {"hand": ["rote"], "coins": ["sau"] * 2, "blind": ["blaue"]},
            {"coins": ["sau"] * 3},
            {"blind": ["soja"]},
        ],
    )
    act(game, 0, "end-trading")
    result = game.result()
    assert result is not None and result.scores == (3, 3, 1)
    assert result.winners == (1,) and result.tie_break is True


# ---------------------------------------------------------------------------
# §3.3 Phases 2+3 merged: foisting, planting traded cards at any time


def trading(seats: list[dict[str, Any]], **kw: Any) -> Mutterbohnchen:
    """Seat 0 active in the trading phase with ``soja`` and ``augen`` revealed."""
    return position(
        phase="trade",
        revealed=kw.pop("revealed", ["soja", "augen"]),
        seats=seats,
        deck=kw.pop("deck", ["feuer"] * 8),
        **kw,
    )


def test_s3_3_3_every_received_card_is_foisted() -> None:
    """§3.3.3: any received card (a man too, not only a baby) that fits a
    non-empty field of the receiver is planted there at once; harvesting first
    is not allowed; trading goes on."""
    game = trading(
        [
            {"hand": ["sau", "rote", "brech"]},
            {"hand": ["brech"], "fields": [["sau", "sau"], [], []]},
            {},
        ]
    )
    act(game, 0, "propose 1 give h0 want brech")
    events = act(game, 1, "accept 0 give h0")
    assert {"type": "foist", "seat": 1, "card": "sau"} in events
    assert fields(game, 1)[0] == ["sau"] * 3 and trade(game, 1) == []
    assert phase(game) == "trade"


def test_s3_3_3_several_received_cards_in_the_order_the_receiver_chooses() -> None:
    """§3.3.3: several received cards are planted in the order the receiver
    chooses, one at a time: a ``sau`` and a ``sau/lady`` received together for
    the same field can end with either on top, so the receiver is asked."""
    game = trading(
        [
            {"hand": ["sau", "sau/lady", "rote"]},
            {"hand": ["brech"], "fields": [["sau", "sau"], ["rote"], []]},
            {},
        ]
    )
    act(game, 0, "propose 1 give h0,h1")
    act(game, 1, "accept 0")
    assert phase(game) == "foist", fields(game, 1)
    options = legal(game, 1)
    assert any(o.startswith("plant t0") for o in options)
    assert any(o.startswith("plant t1") for o in options)


def test_s3_3_4_mb_d8_traded_cards_planted_any_time_phase_end() -> None:
    """§3.3.4 / MB-D8: received cards fitting no non-empty field are planted at
    any moment of the phase, also before trading ends; the phase ends when the
    active player has ended trading and all cards are planted."""
    game = trading(
        [
            {"hand": ["blaue", "rote"]},
            {"hand": ["brech"], "fields": [["sau", "sau"], [], []]},
            {"hand": ["brech"]},
        ]
    )
    act(game, 0, "propose 1 give h0")
    act(game, 1, "accept 0")
    assert trade(game, 1) == ["blaue"] and phase(game) == "trade"
    assert "plant t0 f1" in legal(game, 1)
    act(game, 1, "plant t0 f1")  # during trading
    assert fields(game, 1)[1] == ["blaue"] and phase(game) == "trade"
    act(game, 0, "propose 2 give h0")
    act(game, 2, "accept 1")
    assert trade(game, 2) == ["rote"]
    act(game, 0, "end-trading")
    assert trade(game, 0) == ["soja", "augen"]  # the revealed cards are kept
    assert phase(game) == "plant-traded"
    act(game, 0, "plant t0 f0")
    act(game, 0, "plant t0 f1")
    assert phase(game) == "plant-traded" and game.active == 0
    act(game, 2, "plant t0 f0")
    assert game.active == 1  # all planted: draw, next turn


def test_s3_3_3_lb_d8_gifts_may_be_refused() -> None:
    """§3.3.3 (LB-D8): a gift may be refused (no Prügelknabe planted)."""
    game = trading([{"hand": ["sau"]}, {"hand": ["brech"], "fields": [["sau"], [], []]}, {}])
    act(game, 0, "propose 1 give h0")
    assert "pass" in legal(game, 1)
    act(game, 1, "pass")
    assert fields(game, 1)[0] == ["sau"] and hand(game, 0) == ["sau"]


# ---------------------------------------------------------------------------
# §4.2 Pulls both ways, optional


def test_s4_2_baby_pulls_lady_optionally() -> None:
    """§4.2.1 / §4.2.3: a planted baby may pull a lady of its type up 2; the
    pull is optional, so the fresh baby may stay on top."""
    seats = [{"hand": ["blaue/baby", "rote"], "fields": [["blaue/lady", "blaue", "blaue"], [], []]}]
    game = position(seats=seats, deck=["sau"] * 6)
    assert {"plant f0", "plant f0 pull0"} <= set(legal(game, 0))
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["blaue/lady", "blaue", "blaue", "blaue/baby"]
    game = position(seats=seats, deck=["sau"] * 6)
    events = act(game, 0, "plant f0 pull0")
    assert helpers.of_type(events, "pull") and fields(game, 0)[0] == [
        "blaue",
        "blaue",
        "blaue/lady",
        "blaue/baby",
    ]


def test_s4_2_2_lady_pulls_baby_optionally() -> None:
    """§4.2.2 / §4.2.3 / §4.2.4: a planted lady may pull a baby of her type up
    2 (a baby of another type is not pulled outside mixed fields)."""
    game = position(
        seats=[
            {"hand": ["blaue/lady", "rote"], "fields": [["blaue/baby", "blaue", "blaue"], [], []]}
        ],
        deck=["sau"] * 6,
    )
    assert {"plant f0", "plant f0 pull0"} <= set(legal(game, 0))
    act(game, 0, "plant f0 pull0")
    assert fields(game, 0)[0] == ["blaue", "blaue", "blaue/baby", "blaue/lady"]
    game = position(
        seats=[{"hand": ["blaue/lady", "rote"], "fields": [["blaue", "blaue"], [], []]}],
        deck=["sau"] * 6,
    )
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["blaue", "blaue", "blaue/lady"]


# ---------------------------------------------------------------------------
# §4.3 Harvest


def test_s4_3_2_garten_coins_from_the_bottom_of_the_discard_pile() -> None:
    """§4.3.2: harvested ``garten`` go to the discard pile; the coins come from
    its **bottom**."""
    game = position(
        seats=[{"hand": ["feuer"], "fields": [["garten", "garten", "garten"], [], []]}],
        discard=["rote", "soja", "augen", "blaue", "brech"],
    )
    events = act(game, 0, "harvest f0")
    assert events[0]["coins"] == 3
    assert sorted(helpers.coin_cards(game, 0)) == ["augen", "rote", "soja"]
    assert helpers.discard(game) == ["blaue", "brech", "garten", "garten", "garten"]
    assert conserved(game)


# ---------------------------------------------------------------------------
# §4.1 The attack of the little rascals
#
# The active seat 0 holds an empty hand, so phase 1 is skipped and the turn
# opens in phase 1½ (``attack``).

DECK = ["feuer"] * 9
SAU = ["sau/baby"] * 3


def test_s4_1_1_one_attack_per_baby_on_top_fixed_at_the_start() -> None:
    """§4.1.1: each field with a baby on top gives one attack, fixed at the
    start of phase 1½: a baby covered meanwhile (by a captured coin) still
    attacks, and a baby that comes on top during the phase (a captured baby
    coin) gives no attack."""
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["soja/baby"], ["blaue", "blaue/baby"], ["rote"]]},
            {"coins": ["blaue"]},
            {"coins": ["rote/baby"]},
        ],
    )
    assert phase(game) == "attack"
    assert game.observe(None)["attack"]["open"] == [[0, 1], [1, 1]]
    assert legal(game, 0) == [
        *("attack 1 f0", "attack 2 f0", "attack 1 f1", "attack 2 f1", "pass"),
        "harvest f1",  # the attacker may harvest between attacks (§4.1.4 step 5)
    ]
    refused(game, 0, "attack 1 f2", "§4.1.1")
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert fields(game, 0)[1] == ["blaue", "blaue/baby", "blaue"]  # the baby is covered
    assert legal(game, 0) == ["attack 2 f1", "pass", "harvest f1"]
    acts(game, (0, "attack 2 f1"), (2, "pass"))
    assert fields(game, 0)[2] == ["rote", "rote/baby"]  # a baby on top now: no attack
    assert phase(game) == "trade" and keys(game, game.revealed) == ["feuer", "feuer"]


def test_s4_1_2_rattles_single_double_and_wuehler() -> None:
    """§4.1.2 (MB-D13): a 1-rattle baby turns up at most 1 coin, a 2-rattle
    baby 2 (double attack), +1 on the field of a planted Wühler; only babies on
    the Wühler's own field profit."""
    game = position(
        players=4,
        deck=DECK,
        seats=[
            {"fields": [["sau/baby2"], ["garten", "wuehler", "garten/baby"]]},
            {"blind": ["brech"] * 2 + ["augen"] * 2},
            {"blind": ["rote"] * 2 + ["blaue"] * 2},
            {"blind": ["soja"] * 2},
        ],
    )
    assert game.observe(None)["attack"]["open"] == [[0, 2], [1, 2]]
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert phase(game) == "turn-up" and len(game.turned) == 1
    act(game, 0, "uncover")
    assert phase(game) == "attack"  # 2 turned up: nothing fits, both go back
    assert len(game.coins[1]) == 2 and len(game.blind[1]) == 2
    acts(game, (0, "attack 2 f1"), (2, "pass"), (0, "uncover"))
    assert phase(game) == "trade" and len(game.coins[2]) == 2
    # a 1-rattle baby without a Wühler: 1 coin, no uncover
    game = position(
        deck=DECK,
        seats=[{"fields": [["sau/baby"], [], []]}, {"blind": ["brech", "augen"]}, {}],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert phase(game) == "trade" and len(game.coins[1]) == 1 and len(game.blind[1]) == 1
    # a Wühler lifts a 1-rattle baby on his own field to 2, a 2-rattle one to 3
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["garten", "wuehler", "garten/baby2"], ["sau/baby"], []]},
            {"blind": ["brech"] * 2 + ["augen"] * 2},
            {"blind": ["blaue"] * 2},
        ],
    )
    assert game.observe(None)["attack"]["open"] == [[0, 3], [1, 1]]
    acts(game, (0, "attack 1 f0"), (1, "pass"), (0, "uncover"))
    assert phase(game) == "turn-up"
    act(game, 0, "uncover")
    assert len(game.coins[1]) == 3 and len(game.blind[1]) == 1


def test_s4_1_3_each_attack_a_different_opponent() -> None:
    """§4.1.3: each attack targets a different opponent; nobody twice; never
    oneself."""
    game = position(
        players=4,
        deck=DECK,
        seats=[{"fields": [["sau/baby"], ["rote/baby"]]}, {"coins": ["brech"]}, {}, {}],
    )
    refused(game, 0, "attack 0 f0", "§4.1.3")
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert legal(game, 0) == ["attack 2 f1", "attack 3 f1", "pass", "harvest f0", "harvest f1"]
    refused(game, 0, "attack 1 f1", "§4.1.3")


def test_s4_1_3_mb_d26_three_players_double_attack_one_opponent() -> None:
    """§4.1.3 (MB-D26): with 3 players and a baby on top of all 3 fields, two
    of the three attacks may target the same opponent, each on its own; the
    third must go to the other; with only 2 babies no opponent twice."""
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["sau/baby"], ["rote/baby"], ["soja/baby"]]},
            {"coins": ["brech", "augen"]},
            {"coins": ["garten"]},
        ],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert "attack 1 f1" in legal(game, 0)
    acts(game, (0, "attack 1 f1"), (1, "pass"))
    assert sorted(helpers.coin_cards(game, 1)) == ["augen", "brech"]  # two attacks on seat 1
    assert legal(game, 0) == ["attack 2 f2", "pass", "harvest f0", "harvest f1", "harvest f2"]
    refused(game, 0, "attack 1 f2", "§4.1.3")
    game = position(
        deck=DECK,
        seats=[{"fields": [["sau/baby"], ["rote/baby"], []]}, {"coins": ["brech"]}, {}],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert legal(game, 0) == ["attack 2 f1", "pass", "harvest f0", "harvest f1"]


def test_s4_1_4_target_harvests_first_then_shuffled_coins() -> None:
    """§4.1.4 steps 2-4: the named target may harvest first (the game waits on
    him; the others may harvest too, as at any time); then his coin pile is
    shuffled (a chance event) and a coin turned up; a turned-up starting coin
    becomes a known coin (MB-D6)."""
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["sau/baby"], [], []]},
            {"fields": [["blaue"] * 4, [], []], "blind": ["brech", "rote"]},
            {"fields": [["soja", "soja"], [], []]},
        ],
    )
    act(game, 0, "attack 1 f0")
    assert phase(game) == "defend" and game.waiting_for() == frozenset({1})
    assert legal(game, 1) == ["harvest f0", "pass"] and legal(game, 2) == ["harvest f0"]
    refused(game, 0, "uncover")
    act(game, 1, "harvest f0")
    assert helpers.coin_cards(game, 1) == ["blaue"] and phase(game) == "defend"
    events = act(game, 1, "pass")
    shuffles = helpers.of_type(events, "shuffle")
    assert shuffles and shuffles[0]["pile"] == "seat 1 coins"  # whose pile is public
    assert sorted(shuffles[0]["order"]) == ["blaue", "brech", "rote"]
    (up,) = helpers.of_type(events, "turn-up")
    assert phase(game) == "trade"  # nothing fits: the coin goes back
    assert up["card"] in helpers.coin_cards(game, 1)
    if up["card"] != "blaue":
        assert len(game.blind[1]) == 1 and len(game.coins[1]) == 2
    assert game.observe(2)["seats"][1]["coins"] == 3


def test_s4_1_4_mb_d14_a_fitting_coin_must_be_kept_and_planted() -> None:
    """§4.1.4 step 5 (MB-D14) / step 6: of the turned-up coins the attacker
    keeps at most one, and must take one that fits a non-empty field of his
    (his choice if several kinds fit: ``take``, no ``pass``) and plant it at
    once; the others go back to the target as known coins."""
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["sau/baby2"], ["brech"], []]},
            {"blind": ["sau", "brech"]},
            {},
        ],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"), (0, "uncover"))
    assert phase(game) == "capture"
    assert legal(game, 0) == ["take brech", "take sau"]
    refused(game, 0, "pass")
    refused(game, 0, "take rote", "§4.1.4")
    act(game, 0, "take brech")
    assert fields(game, 0) == [["sau/baby2"], ["brech", "brech"], []]
    assert helpers.coin_cards(game, 1) == ["sau"] and game.blind[1] == []
    assert phase(game) == "trade" and conserved(game)


def test_s4_1_4_mb_d27_target_without_coins_attack_spent() -> None:
    """§4.1.4 step 4 (MB-D27): a target without coins: the attack is spent
    (and counts as made: that target is not attacked again)."""
    game = position(
        players=4,
        deck=DECK,
        seats=[{"fields": [["sau/baby"], ["rote/baby"]]}, {}, {"coins": ["soja"]}, {}],
    )
    acts(game, (0, "attack 1 f0"))
    events = act(game, 1, "pass")
    assert "attack-spent" in event_types(events)
    assert legal(game, 0) == ["attack 2 f1", "attack 3 f1", "pass", "harvest f0", "harvest f1"]


def test_s4_1_mb_d12_attacks_and_further_coins_optional() -> None:
    """MB-D12: each attack is optional (``pass`` ends phase 1½), and each coin
    after the first is optional (``pass`` in ``turn-up``)."""
    game = position(
        deck=DECK,
        seats=[{"fields": [["sau/baby2"], [], []]}, {"blind": ["brech", "sau"]}, {}],
    )
    assert "pass" in legal(game, 0)
    act(game, 0, "pass")
    assert phase(game) == "trade" and len(game.blind[1]) == 2
    game = position(
        deck=DECK,
        seats=[{"fields": [["sau/baby2"], [], []]}, {"blind": ["brech", "augen"]}, {}],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert legal(game, 0) == ["uncover", "pass"]
    act(game, 0, "pass")
    assert len(game.coins[1]) == 1 and len(game.blind[1]) == 1
    assert phase(game) == "trade"


# ---------------------------------------------------------------------------
# §4.7 The mama's beans, one by one


def test_s4_7_arbeitstier_back_card_not_the_second() -> None:
    """§4.7 Arbeitstier: right after he is planted his owner must plant the
    back card of his hand; if he was the first card, the back card does not
    count as the second: the then-front card may still be planted."""
    game = position(
        seats=[{"hand": ["arbeitstier", "rote", "blaue"], "fields": [["garten"], ["blaue"], []]}],
        deck=DECK,
    )
    events = act(game, 0, "plant f0")
    assert phase(game) == "quirk"
    opts = legal(game, 0)
    assert opts == ["plant h1 f1", "plant h1 f2"]  # the back card, blaue
    refused(game, 0, "pass")
    refused(game, 0, "plant f2")
    act(game, 0, "plant h1 f1")
    assert fields(game, 0)[:2] == [["garten", "arbeitstier"], ["blaue", "blaue"]]
    assert hand(game, 0) == ["rote"] and phase(game) == "plant"
    act(game, 0, "plant f2")  # the second card of phase 1
    assert fields(game, 0)[2] == ["rote"] and hand(game, 0) == []
    assert quirks(events, "arbeitstier") == []  # the quirk acts in the next action


def test_s4_7_faulpelz_and_warmduscher_draw_nothing() -> None:
    """§4.7 Faulpelz / Warmduscher: each makes his owner draw 2 fewer in his
    own draw phase (3 -> 1); with both, he draws nothing."""
    for field, drawn in ((["garten", "faulpelz"], 1), (["rote", "warmduscher"], 1), (None, 3)):
        fs = [field or [], [], []]
        game = position(phase="trade", deck=DECK, seats=[{"hand": [], "fields": fs}])
        act(game, 0, "end-trading")
        assert len(game.hands[0]) == drawn, field
    game = position(
        phase="trade",
        deck=DECK,
        seats=[{"fields": [["garten", "faulpelz"], ["rote", "warmduscher"], []]}],
    )
    events = act(game, 0, "end-trading")
    assert game.hands[0] == [] and game.active == 1
    assert not [e for e in helpers.of_type(events, "draw") if e["seat"] == 0 and e.get("cards")]


def test_s4_7_warmduscher_draws_one_after_other_turns() -> None:
    """§4.7 Warmduscher: after every other player's turn (after that player's
    draw) his owner draws 1 card."""
    game = position(
        phase="trade",
        deck=DECK,
        seats=[{}, {}, {"fields": [["rote", "warmduscher"], [], []]}],
    )
    act(game, 0, "end-trading")
    assert len(game.hands[0]) == 3 and len(game.hands[2]) == 1 and len(game.hands[1]) == 0


def test_s4_7_choleriker_moves_up_for_other_fields() -> None:
    """§4.7 Choleriker (MB-D16): placed at the bottom; each card his owner
    plants on another field moves him up 1; a card on his own field does not."""
    game = position(
        seats=[{"hand": ["choleriker", "sau"], "fields": [["rote", "rote", "rote"], ["sau"], []]}],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["choleriker", "rote", "rote", "rote"]
    act(game, 0, "plant f1")
    assert fields(game, 0)[0] == ["rote", "choleriker", "rote", "rote"]


def test_s4_7_flitzer_declined_by_everyone_active_plants_him() -> None:
    """§4.7 Flitzer (MB-D17, MB-D7): revealed, he is set apart without
    replacement and offered to each player clockwise from the active player's
    left; if nobody accepts, the active player must plant him this phase."""
    game = position(deck=["flitzer", "sau", *DECK], seats=[{}, {}, {}])
    assert phase(game) == "flitzer-offer" and game.waiting_for() == frozenset({1})
    assert legal(game, 1) == ["take flitzer", "pass"]
    act(game, 1, "pass")
    assert game.waiting_for() == frozenset({2})
    act(game, 2, "pass")
    assert phase(game) == "trade"
    assert trade(game, 0) == ["flitzer"] and keys(game, game.revealed) == ["sau"]
    act(game, 0, "end-trading")
    assert game.active == 0 and phase(game) == "plant-traded"


def test_mb_d31_nobody_harvests_while_the_flitzer_is_offered() -> None:
    """§4.7 Flitzer, MB-D31: he is offered "at once", and a gift that fits
    must be planted without harvesting first (§3.3 step 3), so while a seat
    decides nobody harvests, the seat asked included: nothing lists it, and
    apply refuses it and changes nothing. Once he is settled, harvests are
    back."""
    game = position(
        deck=["flitzer", "sau", *DECK],
        seats=[
            {"fields": [["soja", "soja"], [], []]},
            {"fields": [["augen", "augen"], [], []]},
            {},
        ],
    )
    assert phase(game) == "flitzer-offer" and game.waiting_for() == frozenset({1})
    assert legal(game, 1) == ["take flitzer", "pass"] and legal(game, 0) == []
    refused(game, 0, "harvest f0", "MB-D31")
    refused(game, 1, "harvest f0", "MB-D31")
    acts(game, (1, "pass"), (2, "pass"))
    assert phase(game) == "trade"
    assert "harvest f0" in legal(game, 0) and "harvest f0" in legal(game, 1)
    act(game, 1, "harvest f0")
    assert fields(game, 1)[0] == []


def test_s4_7_flitzer_accepted_is_a_gift() -> None:
    """§4.7 Flitzer: the first to accept receives him as a gift, foisted onto a
    fitting field."""
    game = position(deck=["flitzer", "sau", *DECK], seats=[{}, {"fields": [["rote"], [], []]}, {}])
    act(game, 1, "take flitzer")
    assert fields(game, 1)[0] == ["rote", "flitzer"] and phase(game) == "trade"


def test_s4_7_pruegelknabe_accepts_gifts_at_once() -> None:
    """§4.7 Prügelknabe: his owner must accept every gift, at once (foisted);
    a revealed Flitzer offered to him is his at once."""
    game = trading(
        [
            {"hand": ["augen", "rote"]},
            {"fields": [["augen", "pruegelknabe"], [], []]},
            {},
        ]
    )
    events = act(game, 0, "propose 1 give h0")
    assert helpers.of_type(events, "trade") and fields(game, 1)[0] == [
        "augen",
        "pruegelknabe",
        "augen",
    ]
    game = position(
        deck=["flitzer", "sau", *DECK],
        seats=[{}, {}, {"fields": [["augen", "pruegelknabe"], ["rote"], []]}],
    )
    assert phase(game) == "flitzer-offer" and game.offered == 1
    act(game, 1, "pass")
    assert fields(game, 2)[1] == ["rote", "flitzer"]


def test_s4_7_loser_rulebook_example() -> None:
    """§4.7 Loser (MB-D4): a player with 1 card on one field and 1 augen on the
    other trades for the Loser: he must plant him on the augen field and then
    harvest it (his only field with 2 cards); it pays nothing."""
    game = trading(
        [{"hand": ["loser", "rote"]}, {"hand": ["brech"], "fields": [["sau"], ["augen"]]}, {}, {}],
        players=4,
    )
    act(game, 0, "propose 1 give h0 want brech")
    events = act(game, 1, "accept 0 give h0")
    assert quirks(events, "loser")
    assert fields(game, 1) == [["sau"], []]
    assert game.coins[1] == [] and helpers.discard(game)[-2:] == ["augen", "loser"]


def test_s4_7_loser_choice_of_field() -> None:
    """§4.7 Loser: with several harvestable fields his owner chooses."""
    game = position(
        seats=[
            {"hand": ["loser", "rote"], "fields": [["augen"], ["sau", "sau"], ["soja", "soja"]]}
        ],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk" and set(legal(game, 0)) == {
        "harvest f0",
        "harvest f1",
        "harvest f2",
    }
    act(game, 0, "harvest f2")
    assert fields(game, 0)[2] == [] and phase(game) == "plant"


def test_s4_7_hampelmann_plants_from_anywhere() -> None:
    """§4.7 Hampelmann: his owner may plant any hand cards in phase 1."""
    game = position(
        seats=[
            {"hand": ["rote", "sau", "blaue"], "fields": [["augen", "hampelmann"], ["blaue"], []]}
        ],
        deck=DECK,
    )
    assert "plant h2 f1" in legal(game, 0)
    act(game, 0, "plant h2 f1")
    assert fields(game, 0)[1] == ["blaue", "blaue"] and hand(game, 0) == ["rote", "sau"]
    act(game, 0, "plant h1 f2")
    assert hand(game, 0) == ["rote"]
    game = position(
        seats=[{"hand": ["rote", "blaue"], "fields": [["augen"], ["blaue"], []]}], deck=DECK
    )
    refused(game, 0, "plant h1 f1")


def test_s4_7_aktivist_takes_revealed_soja() -> None:
    """§4.7 Aktivist (MB-D7): every soja revealed in any player's trading phase
    goes at once onto his field, not replaced."""
    game = position(
        deck=["soja/lady", "sau", *DECK],
        seats=[{}, {"fields": [["soja", "aktivist"], [], []]}, {}],
    )
    assert fields(game, 1)[0] == ["soja", "aktivist", "soja/lady"]
    assert keys(game, game.revealed) == ["sau"] and phase(game) == "trade"


def test_s4_7_einsiedler_alone_single_bean_rule() -> None:
    """§4.7 Einsiedler (MB-D4): pays 1 alone; alone on a field he obeys the
    single-bean rule."""
    game = position(
        seats=[{"hand": ["rote"], "fields": [["einsiedler"], ["sau", "sau"], []]}], deck=DECK
    )
    refused(game, 0, "harvest f0")
    game = position(seats=[{"hand": ["rote"], "fields": [["einsiedler"], [], []]}], deck=DECK)
    assert act(game, 0, "harvest f0")[0]["coins"] == 1


def test_s4_7_frauenversteher_lady_to_top_of_her_own_field() -> None:
    """§4.7 Frauenversteher (MB-D19): right after he is planted, one lady of
    any of his owner's fields (his choice) moves to the top of her own field."""
    game = position(
        seats=[
            {
                "hand": ["frauenversteher", "rote"],
                "fields": [["soja"], ["blaue/lady", "blaue", "blaue"], ["sau/lady", "sau"]],
            }
        ],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk" and legal(game, 0) == ["pick f1.0", "pick f2.0"]
    act(game, 0, "pick f1.0")
    assert fields(game, 0) == [
        ["soja", "frauenversteher"],
        ["blaue", "blaue", "blaue/lady"],
        ["sau/lady", "sau"],
    ]


def test_s4_7_kotzbrocken_forces_harvest() -> None:
    """§4.7 Kotzbrocken: planted on a field holding a card, that field is
    harvested at once; on an empty field nothing happens."""
    game = position(
        seats=[{"hand": ["kotzbrocken", "rote"], "fields": [["brech", "brech"], [], []]}], deck=DECK
    )
    events = act(game, 0, "plant f0")
    assert quirks(events, "kotzbrocken") and fields(game, 0)[0] == []
    assert len(game.coins[0]) == 1  # 3 brech: 3->1
    game = position(seats=[{"hand": ["kotzbrocken", "rote"], "fields": [[], [], []]}], deck=DECK)
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["kotzbrocken"]


def test_s4_4_saufkumpan_with_pistolenheld() -> None:
    """§4.4 Saufkumpan / Pistolenheld: the Saufkumpan lets brech and blaue lie
    together, the Pistolenheld blaue and feuer; with both brech, blaue and
    feuer share one field; the Saufkumpan cannot go on a blaue field, the
    Pistolenheld not on a feuer field."""
    game = position(
        seats=[
            {
                "hand": ["blaue", "pistolenheld", "feuer", "brech/baby"],
                "fields": [["brech", "saufkumpan"], ["rote"], ["sau"]],
            }
        ],
        deck=SAU,
    )
    refused(game, 0, "plant f1")
    act(game, 0, "plant f0")
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["brech", "saufkumpan", "blaue", "pistolenheld"]
    assert game.admits(game.fields[0][0]) == frozenset(
        game.table.bean_index[b] for b in ("brech", "blaue", "feuer")
    )
    assert game._can_plant(0, game.table.index["feuer"], 0)
    game = position(seats=[{"hand": ["saufkumpan"], "fields": [["blaue"], [], []]}], deck=SAU)
    refused(game, 0, "plant f0")
    game = position(seats=[{"hand": ["pistolenheld"], "fields": [["feuer"], [], []]}], deck=SAU)
    refused(game, 0, "plant f0")


def test_s4_7_schluckspecht_under_planting() -> None:
    """§4.7 Schluckspecht: while he is on top, his owner's later plantings go
    to the bottom; they pull nothing, and a centre-text quirk placed there
    (Kotzbrocken) does not act."""
    game = position(
        seats=[
            {
                "hand": ["schluckspecht", "brech/baby"],
                "fields": [["brech/lady", "brech"], ["rote"], []],
            }
        ],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert "plant f0 pull0" not in legal(game, 0)
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["brech/baby", "brech/lady", "brech", "schluckspecht"]
    game = position(
        phase="trade",
        seats=[
            {"fields": [["brech", "brech", "schluckspecht"], [], []]},
            {"hand": ["kotzbrocken"]},
            {},
        ],
        revealed=["rote", "augen"],
        deck=DECK,
    )
    act(game, 1, "propose 0 give h0")
    act(game, 0, "accept 0")
    assert fields(game, 0)[0] == ["kotzbrocken", "brech", "brech", "schluckspecht"]


def test_s4_7_chauvischwein_ladies_to_the_bottom() -> None:
    """§4.7 Chauvischwein (MB-D25): every lady his owner plants, in any of his
    fields, goes to the bottom and pulls no baby."""
    game = position(
        seats=[
            {
                "hand": ["blaue/lady", "rote"],
                "fields": [["sau", "chauvischwein"], ["blaue", "blaue/baby"], []],
            }
        ],
        deck=DECK,
    )
    assert "plant f1 pull1" not in legal(game, 0)
    act(game, 0, "plant f1")
    assert fields(game, 0)[1] == ["blaue/lady", "blaue", "blaue/baby"]


def test_s4_7_kameradenschwein_steals_from_the_right() -> None:
    """§4.7 Kameradenschwein: planted from the hand, his owner takes the front
    card of his right-hand neighbour to the back of his own hand."""
    game = position(
        seats=[
            {"hand": ["kameradenschwein", "rote"], "fields": [["sau"], [], []]},
            {"hand": ["soja"]},
            {"hand": ["augen", "blaue"]},
        ],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert hand(game, 0) == ["rote", "augen"] and hand(game, 2) == ["blaue"]
    assert hand(game, 1) == ["soja"]


def test_s4_7_messie_skips_phase_1() -> None:
    """§4.7 Messie: his owner skips planting from his hand."""
    game = position(
        seats=[{"hand": ["rote", "sau"], "fields": [["sau", "messie"], [], []]}], deck=DECK
    )
    assert phase(game) == "trade" and hand(game, 0) == ["rote", "sau"]


def test_s4_7_junggeselle_discards_feuer_babies() -> None:
    """§4.7 Junggeselle (MB-D21): planted from the hand, every feuer baby in
    all his owner's fields goes to the discard pile, in the order he picks."""
    game = position(
        seats=[
            {
                "hand": ["junggeselle", "rote"],
                "fields": [["feuer", "feuer/baby"], ["feuer/baby2", "feuer/lady"], []],
            }
        ],
        deck=SAU,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk" and legal(game, 0) == ["pick f0.1", "pick f1.0"]
    act(game, 0, "pick f1.0")
    assert phase(game) == "plant"
    assert fields(game, 0)[:2] == [["feuer", "junggeselle"], ["feuer/lady"]]
    assert helpers.discard(game) == ["feuer/baby2", "feuer/baby"]


def test_s4_7_lichtgestalt_moves_up_per_man() -> None:
    """§4.7 Lichtgestalt (MB-D16): placed at the bottom; each male card his
    owner plants (any field) moves him up 1; ladies do not."""
    game = position(
        seats=[
            {
                "hand": ["lichtgestalt", "sau", "feuer/lady"],
                "fields": [["feuer", "feuer"], ["sau"], []],
            }
        ],
        deck=SAU,
    )
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["lichtgestalt", "feuer", "feuer"]
    act(game, 0, "plant f1")
    assert fields(game, 0)[0] == ["feuer", "lichtgestalt", "feuer"]


def test_s4_7_schuerzenjaeger_lady_from_discard_or_empty_search() -> None:
    """§4.7 Schürzenjäger: planted from the hand, his owner must take one lady
    of any type from the discard pile to the back of his hand; the other cards
    keep their order; with no lady there the search is empty."""
    game = position(
        seats=[{"hand": ["schuerzenjaeger", "rote"], "fields": [["feuer"], [], []]}],
        discard=["sau", "blaue/lady", "soja", "rote/lady"],
        deck=SAU,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk" and legal(game, 0) == ["pick d1", "pick d3"]
    act(game, 0, "pick d1")
    assert hand(game, 0) == ["rote", "blaue/lady"]
    assert helpers.discard(game) == ["sau", "soja", "rote/lady"]
    game = position(
        seats=[{"hand": ["schuerzenjaeger", "rote"], "fields": [["feuer"], [], []]}],
        discard=["sau", "soja"],
        deck=SAU,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "plant" and hand(game, 0) == ["rote"]


def test_s4_7_kavalier_on_a_foreign_lady() -> None:
    """§4.7 Kavalier: he may go onto a field of any type whose top card is a
    lady, directly below her; he counts as a card of that field."""
    game = position(
        seats=[{"hand": ["kavalier", "rote"], "fields": [["sau", "sau/lady"], ["blaue"], []]}],
        deck=DECK,
    )
    assert "plant f0 kavalier" in legal(game, 0)
    act(game, 0, "plant f0 kavalier")
    assert fields(game, 0)[0] == ["sau", "kavalier", "sau/lady"]
    assert game.harvest_value(0, 0) == 1  # 3 cards, lady 2->1


def test_s4_7_kavalier_on_a_field_that_does_not_exist_is_refused() -> None:
    """§1.3 (``bohnanza``), §4.7 Kavalier: the Kavalier named for a field the
    player does not have is refused with the rule, like every card, and
    nothing changes (it raised IndexError, a server's 500)."""
    game = position(
        seats=[{"hand": ["kavalier", "rote"], "fields": [["sau", "sau/lady"], ["blaue"], []]}],
        deck=DECK,
    )
    for text in ("plant f3", "plant f7 kavalier"):
        err = refused(game, 0, text, "§1.3")
        assert "you have 3 fields" in err.message
    act(game, 0, "plant f0 kavalier")
    assert fields(game, 0)[0] == ["sau", "kavalier", "sau/lady"]


def test_s4_7_macho_moves_up_three_per_lady() -> None:
    """§4.7 Macho (MB-D16): placed at the bottom; each lady his owner plants
    moves him up 3."""
    game = position(
        seats=[
            {
                "hand": ["macho", "sau/lady"],
                "fields": [["blaue"] * 4, ["sau"], []],
            }
        ],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["macho", "blaue", "blaue", "blaue", "blaue"]
    act(game, 0, "plant f1")
    assert fields(game, 0)[0] == ["blaue", "blaue", "blaue", "macho", "blaue"]


def test_mb_d24_movers_after_the_quirks_choice() -> None:
    """§4.8 (MB-D24): a planting's own quirk comes before the movers, also
    when the quirk asks its owner: the Loser's harvest is chosen while the
    Lichtgestalt still lies under the lady, so that field pays by her."""
    game = position(
        seats=[
            {
                "hand": ["loser", "rote"],
                "fields": [["augen"], ["lichtgestalt", "feuer/lady"], ["soja", "soja"]],
            }
        ],
        deck=["blaue", "sau", "rote", "brech"],
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk"
    assert fields(game, 0)[1] == ["lichtgestalt", "feuer/lady"]  # not moved yet
    pays = game.harvest_value(0, 1)
    assert pays == game.table.pays_for(game.table.card("feuer/lady"), 2) > 0
    act(game, 0, "harvest f1")
    assert len(game.coins[0]) == pays
    # the movers then act: the Lichtgestalt's field is gone, so nothing moves
    assert phase(game) == "plant" and fields(game, 0)[1] == []


def test_s4_7_kavalier_under_a_lone_lady_keeps_her_type() -> None:
    """§4.7 Kavalier: slipped under a field's only card, a lady of another
    type, he does not make it a blaue field: it still takes her type."""
    game = position(
        seats=[{"hand": ["kavalier", "soja"], "fields": [["soja/lady"], [], []]}],
        deck=DECK,
    )
    act(game, 0, "plant f0 kavalier")
    assert fields(game, 0)[0] == ["kavalier", "soja/lady"]
    assert "plant f0" in legal(game, 0)
    act(game, 0, "plant f0")
    assert fields(game, 0)[0] == ["kavalier", "soja/lady", "soja"]


def test_s4_6_5_arbeitstier_back_card_from_the_hand() -> None:
    """§4.6.5: the Arbeitstier's back card is planted from the hand, so its
    from-the-hand quirk acts also when its owner chose its field: a
    Kameradenschwein takes the right-hand neighbour's front card."""
    game = position(
        seats=[
            {
                "hand": ["arbeitstier", "rote", "kameradenschwein"],
                "fields": [["garten"], ["sau"], []],
            },
            {"hand": [], "fields": [[], [], []]},
            {"hand": ["blaue", "soja"], "fields": [[], [], []]},
        ],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk"
    events = act(game, 0, "plant h1 f1")
    assert quirks(events, "kameradenschwein")
    assert hand(game, 0) == ["rote", "blaue"] and hand(game, 2) == ["soja"]


# ---------------------------------------------------------------------------
# Edge cases: the final placement (MB-D23)


def test_mb_d23_final_placement_kotzbrocken_harvests_the_field() -> None:
    """§5.2.1 (MB-D23): quirks act as usual in the final placement: a
    Kotzbrocken put on a field that already holds a card harvests it at once
    (3 brech: 3->1); the emptied field takes no further card."""
    game = position(
        phase="trade",
        deck=["feuer"],
        seats=[
            {"hand": ["rote"]},
            {"hand": ["kotzbrocken", "brech"], "fields": [["brech", "brech"], ["sau"], []]},
            {},
        ],
    )
    act(game, 0, "end-trading")
    assert phase(game) == "final-placement" and game.waiting_for() == frozenset({1})
    events = act(game, 1, "plant f0")
    assert quirks(events, "kotzbrocken")
    harvests = helpers.of_type(events, "harvest")
    assert harvests and harvests[0]["seat"] == 1 and harvests[0]["field"] == 0
    assert harvests[0]["coins"] == 1
    assert fields(game, 1)[0] == [] and len(game.coins[1]) == 1
    assert hand(game, 1) == ["brech"]  # the emptied field takes nothing more
    assert phase(game) == "over"
    result = game.result()
    assert result is not None and result.scores[1] == 1
    assert conserved(game)


def test_mb_d23_final_placement_loser_asks_for_a_harvest() -> None:
    """§5.2.1 (MB-D23) / §4.7 Loser: a Loser put in the final placement makes
    his owner harvest one of his fields (his choice, phase ``quirk``); then
    his placement goes on; the Loser's field pays 0 at the end."""
    game = position(
        phase="trade",
        deck=["feuer"],
        seats=[
            {"hand": ["rote"]},
            {
                "hand": ["loser", "sau"],
                "fields": [["augen"], ["sau", "sau"], ["soja", "soja", "soja"]],
            },
            {},
        ],
    )
    act(game, 0, "end-trading")
    assert game.waiting_for() == frozenset({1})
    act(game, 1, "plant f0")
    assert phase(game) == "quirk" and game.waiting_for() == frozenset({1})
    assert set(legal(game, 1)) == {"harvest f0", "harvest f1", "harvest f2"}
    refused(game, 1, "plant h1 f1")
    events = act(game, 1, "harvest f2")
    assert helpers.of_type(events, "harvest")[0]["coins"] == 1  # 3 soja: 3->1
    assert fields(game, 1)[2] == [] and phase(game) == "final-placement"
    assert legal(game, 1) == ["plant f1", "pass"]
    events = act(game, 1, "plant f1")
    assert phase(game) == "over"
    final = {e["field"]: e["coins"] for e in helpers.of_type(events, "harvest") if e["seat"] == 1}
    assert final[0] == 0  # augen + Loser on top
    assert final[1] == 1  # 3 sau: 3->1
    result = game.result()
    assert result is not None and result.scores[1] == 2


def test_mb_d23_final_placement_lady_pulls_baby_and_macho_moves() -> None:
    """§5.2.1 (MB-D23): pulls work in the final placement (a lady pulls a baby
    up 2, optionally) and the movers move: the owner's Macho moves up 3 for
    that lady."""
    game = position(
        phase="trade",
        deck=["feuer"],
        seats=[
            {"hand": ["rote"]},
            {
                "hand": ["soja", "blaue/lady", "blaue"],
                "fields": [["blaue/baby", "blaue", "blaue"], ["macho", *["blaue"] * 4]],
            },
            {},
            {},
        ],
        players=4,
        exhaustions=1,
    )
    act(game, 0, "end-trading")
    assert game.waiting_for() == frozenset({1})
    assert {"plant h1 f0", "plant h1 f0 pull0"} <= set(legal(game, 1))
    events = act(game, 1, "plant h1 f0 pull0")
    assert helpers.of_type(events, "pull")
    assert fields(game, 1) == [
        ["blaue", "blaue", "blaue/baby", "blaue/lady"],
        ["blaue", "blaue", "blaue", "macho", "blaue"],
    ]
    assert phase(game) == "final-placement" and legal(game, 1) == ["plant h1 f1", "pass"]


# ---------------------------------------------------------------------------
# Edge cases: placement and movers


def test_s4_7_kavalier_under_schluckspecht_goes_to_the_bottom() -> None:
    """§4.7 Kavalier / Schluckspecht: while his owner's Schluckspecht is
    active the Kavalier goes to the bottom with his text covered, so the choice
    of slipping under a lady does not exist: no ``kavalier`` mode, and no
    foreign lady-topped field fits him."""
    game = position(
        seats=[
            {
                "hand": ["kavalier", "rote"],
                "fields": [
                    ["brech", "schluckspecht"],
                    ["blaue", "blaue/lady"],
                    ["sau", "sau/lady"],
                ],
            }
        ],
        deck=DECK,
    )
    options = legal(game, 0)
    assert "plant f1" in options
    assert not [o for o in options if "kavalier" in o]
    assert "plant f2" not in options
    refused(game, 0, "plant f1 kavalier")
    refused(game, 0, "plant f2")
    events = act(game, 0, "plant f1")
    (planted,) = [e for e in events if e["type"] == "plant" and e.get("card") == "kavalier"]
    assert planted.get("bottom") is True and not planted.get("under_lady")
    assert fields(game, 0)[1] == ["kavalier", "blaue", "blaue/lady"]


def test_mb_d16_choleriker_stops_at_the_top() -> None:
    """§4.7 Choleriker (MB-D16): he moves up 1 per card his owner plants on
    another field, but never past the top: once on top he stays there."""
    game = position(
        seats=[{"hand": ["sau", "sau"], "fields": [["choleriker", "rote"], ["sau"], []]}],
        deck=DECK,
    )
    act(game, 0, "plant f1")
    assert fields(game, 0)[0] == ["rote", "choleriker"]
    act(game, 0, "plant f1")
    assert fields(game, 0) == [["rote", "choleriker"], ["sau", "sau", "sau"], []]
    assert game.harvest_value(0, 0) == 1  # 2 rote, the Choleriker on top: 2->1


def test_mb_d16_lichtgestalt_stops_at_the_top() -> None:
    """§4.7 Lichtgestalt (MB-D16): he moves up 1 per man his owner plants, but
    never past the top."""
    game = position(
        seats=[{"hand": ["sau", "sau"], "fields": [["lichtgestalt", "feuer"], ["sau"], []]}],
        deck=SAU,
    )
    act(game, 0, "plant f1")
    assert fields(game, 0)[0] == ["feuer", "lichtgestalt"]
    act(game, 0, "plant f1")
    assert fields(game, 0)[0] == ["feuer", "lichtgestalt"]
    assert fields(game, 0)[1] == ["sau", "sau", "sau"]


def test_mb_d16_macho_moves_three_then_stops_at_the_top() -> None:
    """§4.7 Macho (MB-D16): each lady his owner plants moves him up 3, also a
    lady planted on an empty field; a move of 3 from one below the top stops
    on top."""
    game = position(
        seats=[
            {
                "hand": ["sau/lady", "rote/lady"],
                "fields": [["macho", "blaue", "blaue", "blaue", "blaue"], ["sau"], []],
            }
        ],
        deck=DECK,
    )
    act(game, 0, "plant f1")
    assert fields(game, 0)[0] == ["blaue", "blaue", "blaue", "macho", "blaue"]
    act(game, 0, "plant f2")
    assert fields(game, 0)[0] == ["blaue", "blaue", "blaue", "blaue", "macho"]
    assert fields(game, 0)[2] == ["rote/lady"]


# ---------------------------------------------------------------------------
# Edge cases: the Arbeitstier


def test_s4_7_arbeitstier_back_card_fits_nowhere_harvest_first() -> None:
    """§4.7 Arbeitstier: if the back card fits nowhere his owner must first
    harvest a field (the single-bean rule applies), then plant it."""
    game = position(
        seats=[
            {
                "hand": ["arbeitstier", "rote", "blaue"],
                "fields": [["garten"], ["sau"], ["soja", "soja"]],
            }
        ],
        deck=DECK,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk"
    options = legal(game, 0)
    assert options and all(o.startswith("harvest") for o in options), options
    assert "harvest f2" in options
    assert "harvest f1" not in options  # single-bean rule: 1 sau, other fields have 2
    refused(game, 0, "harvest f1")
    refused(game, 0, "plant h1 f1")
    refused(game, 0, "pass")
    events = act(game, 0, "harvest f2")
    # then one way is left: the engine plants the back card without asking
    assert [e.get("plants") for e in quirks(events, "arbeitstier")] == [None, "blaue"]
    assert fields(game, 0) == [["garten", "arbeitstier"], ["sau"], ["blaue"]]
    assert hand(game, 0) == ["rote"] and phase(game) == "plant"
    assert len(game.coins[0]) == 1  # 2 soja: 2->1


def test_mb_d24_arbeitstier_back_card_loser_settled_first() -> None:
    """§4.8 step 2 (MB-D24): a card the Arbeitstier makes his owner plant is
    resolved first: the back card is a Loser, whose harvest is chosen before
    the movers of either planting act; the Lichtgestalt then moves up 1 for
    each of the two men; the then-front card may still be planted."""
    game = position(
        seats=[
            {
                "hand": ["arbeitstier", "rote", "loser"],
                "fields": [["garten"], ["augen"], ["lichtgestalt", "feuer", "feuer"]],
            }
        ],
        deck=SAU,
    )
    events = act(game, 0, "plant f0")
    # the Loser fits only the augen field: planted without asking
    assert [e.get("plants") for e in quirks(events, "arbeitstier")] == ["loser"]
    assert fields(game, 0)[1] == ["augen", "loser"]
    assert phase(game) == "quirk"  # the Loser asks for a harvest
    assert set(legal(game, 0)) == {"harvest f0", "harvest f1", "harvest f2"}
    assert fields(game, 0)[2] == ["lichtgestalt", "feuer", "feuer"]  # no mover yet
    act(game, 0, "harvest f0")
    assert fields(game, 0) == [[], ["augen", "loser"], ["feuer", "feuer", "lichtgestalt"]]
    assert phase(game) == "plant" and hand(game, 0) == ["rote"]
    assert "plant f0" in legal(game, 0)


# ---------------------------------------------------------------------------
# Edge cases: the Aktivist


def test_s4_7_aktivist_soja_under_his_owners_schluckspecht() -> None:
    """§4.7 Aktivist (MB-D24): the revealed soja is his owner's planting,
    placed like any: with his Schluckspecht active it goes to the bottom of
    the Aktivist's field; not replaced."""
    game = position(
        deck=["soja", "sau", *DECK],
        seats=[{}, {"fields": [["soja", "aktivist"], ["brech", "schluckspecht"], []]}, {}],
    )
    assert phase(game) == "trade"
    assert fields(game, 1)[0] == ["soja", "soja", "aktivist"]
    assert fields(game, 1)[1] == ["brech", "schluckspecht"]
    assert keys(game, game.revealed) == ["sau"] and trade(game, 1) == []


def test_s4_7_aktivist_soja_with_a_pull_choice() -> None:
    """§4.7 Aktivist / §4.2: a revealed soja baby goes onto his field and may
    pull a soja lady up 2; the owner chooses in phase ``quirk`` (``plant
    t<i> f<j>`` or with ``pull<k>``); nobody else may act meanwhile."""
    game = position(
        deck=["soja/baby", "sau", *DECK],
        seats=[{}, {"fields": [["soja", "soja/lady", "aktivist"], [], []]}, {}],
    )
    assert phase(game) == "quirk" and game.waiting_for() == frozenset({1})
    assert legal(game, 1) == ["plant t0 f0", "plant t0 f0 pull1"]
    assert legal(game, 0) == [] and legal(game, 2) == []
    refused(game, 0, "end-trading")
    refused(game, 1, "plant t0 f1")
    act(game, 1, "plant t0 f0 pull1")
    assert fields(game, 1)[0] == ["soja", "aktivist", "soja/baby", "soja/lady"]
    assert phase(game) == "trade" and keys(game, game.revealed) == ["sau"]


# ---------------------------------------------------------------------------
# Edge cases: the Flitzer


def test_s4_7_flitzer_accepted_by_the_second_player() -> None:
    """§4.7 Flitzer (MB-D17): offered clockwise from the active player's left:
    when the first passes, the second may take him; he is a gift to that
    seat, foisted onto his fitting field."""
    game = position(
        deck=["flitzer", "sau", *DECK],
        seats=[{}, {"fields": [["rote"], [], []]}, {"fields": [["rote", "rote"], [], []]}],
    )
    assert game.waiting_for() == frozenset({1})
    act(game, 1, "pass")
    assert phase(game) == "flitzer-offer" and game.waiting_for() == frozenset({2})
    refused(game, 1, "take flitzer")
    events = act(game, 2, "take flitzer")
    assert [e["seat"] for e in quirks(events, "flitzer")] == [2]
    assert fields(game, 2)[0] == ["rote", "rote", "flitzer"]
    assert fields(game, 1)[0] == ["rote"] and trade(game, 0) == []
    assert phase(game) == "trade" and keys(game, game.revealed) == ["sau"]


# ---------------------------------------------------------------------------
# Edge cases: attacks


def test_s4_1_2_double_attack_keeps_at_most_one_coin() -> None:
    """§4.1.2 / §4.1.4 steps 5-6: a double attack (``baby2``) turns up 2 coins
    but keeps at most 1, even when both fit; the other goes back to the target
    as a known coin."""
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["sau/baby2"], ["brech"], []]},
            {"blind": ["brech", "brech"]},
            {},
        ],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"))
    assert phase(game) == "turn-up"
    act(game, 0, "uncover")
    assert fields(game, 0)[1] == ["brech", "brech"]  # one kept, planted
    assert helpers.coin_cards(game, 1) == ["brech"] and blind(game, 1) == []
    assert game.observe(2)["seats"][1]["known_coins"] == ["brech"]
    assert phase(game) == "trade" and conserved(game)


def test_s4_1_4_turned_up_coins_fitting_nothing_all_go_back() -> None:
    """§4.1.4 steps 5-6 (MB-D28): turned-up coins that fit none of the
    attacker's non-empty fields (an empty field does not count) are all
    returned as known coins; nothing is planted."""
    game = position(
        deck=DECK,
        seats=[
            {"fields": [["sau/baby2"], ["rote"], []]},
            {"blind": ["brech", "augen"]},
            {},
        ],
    )
    acts(game, (0, "attack 1 f0"), (1, "pass"), (0, "uncover"))
    assert fields(game, 0) == [["sau/baby2"], ["rote"], []]
    assert sorted(helpers.coin_cards(game, 1)) == ["augen", "brech"] and blind(game, 1) == []
    assert trade(game, 0) == [] and phase(game) == "trade"
    assert conserved(game)


# ---------------------------------------------------------------------------
# Edge cases: Junggeselle, Schürzenjäger, Messie, Warmduscher


@pytest.mark.parametrize(
    ("first", "order"),
    [("pick f0.1", ["feuer/baby", "feuer/baby2"]), ("pick f0.2", ["feuer/baby2", "feuer/baby"])],
)
def test_mb_d21_junggeselle_baby_and_baby2_order_picked(first: str, order: list[str]) -> None:
    """§4.7 Junggeselle (MB-D21): every ``feuer/baby`` and ``feuer/baby2``
    goes to the discard pile, in the order his owner picks, also from the
    Junggeselle's own field."""
    game = position(
        seats=[
            {
                "hand": ["junggeselle", "rote"],
                "fields": [["feuer", "feuer/baby", "feuer/baby2"], ["sau"], []],
            }
        ],
        deck=SAU,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk" and legal(game, 0) == ["pick f0.1", "pick f0.2"]
    act(game, 0, first)
    assert phase(game) == "plant"
    assert fields(game, 0)[0] == ["feuer", "junggeselle"]
    assert helpers.discard(game) == order


def test_s4_7_schuerzenjaeger_alike_ladies_listed_once() -> None:
    """§4.7 Schürzenjäger: two ladies of one kind lying together in the
    discard pile give one ``pick`` (one per distinct outcome); taking one
    leaves the other in place and the order unchanged."""
    game = position(
        seats=[{"hand": ["schuerzenjaeger", "rote"], "fields": [["feuer"], [], []]}],
        discard=["sau", "blaue/lady", "blaue/lady", "rote/lady"],
        deck=SAU,
    )
    act(game, 0, "plant f0")
    assert phase(game) == "quirk"
    assert legal(game, 0) == ["pick d1", "pick d3"]
    act(game, 0, "pick d1")
    assert hand(game, 0) == ["rote", "blaue/lady"]
    assert helpers.discard(game) == ["sau", "blaue/lady", "rote/lady"]
    assert phase(game) == "plant"


def test_s4_7_messie_with_hampelmann_plants_nothing() -> None:
    """§4.7 Messie: with a Messie planted a Hampelmann gives his owner nothing
    to plant: phase 1 is skipped, no hand card is planted."""
    game = position(
        seats=[
            {
                "hand": ["rote", "sau", "augen"],
                "fields": [["sau", "messie"], ["augen", "hampelmann"], []],
            }
        ],
        deck=DECK,
    )
    assert phase(game) == "trade"
    assert hand(game, 0) == ["rote", "sau", "augen"]
    assert not [o for o in legal(game, 0) if o.startswith("plant")]
    refused(game, 0, "plant h1 f0")
    refused(game, 0, "plant f2")


def test_s4_7_warmduscher_card_runs_the_deck_out_game_ends() -> None:
    """§4.7 Warmduscher / §5.1 (MB-D22): when his owner's extra card after
    another player's draw runs the pile out for the last time, the game ends
    at once; if the active player's draw already ran it out, no Warmduscher
    card is drawn."""
    seats: list[dict[str, Any]] = [
        {"hand": ["blaue"]},
        {},
        {"fields": [["rote", "warmduscher"], [], []]},
    ]
    game = position(
        phase="trade", deck=["sau"] * 4, discard=["brech"] * 7 + ["feuer"] * 9, seats=seats
    )
    act(game, 0, "end-trading")
    assert len(game.hands[0]) == 4 and hand(game, 2) == ["sau"]
    assert game.exhaustions == 1
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    assert phase(game) == "over"
    game = position(
        phase="trade", deck=["sau"] * 3, discard=["brech"] * 7 + ["feuer"] * 9, seats=seats
    )
    act(game, 0, "end-trading")
    assert game.exhaustions == 1 and hand(game, 2) == []
    assert game.result() is not None and phase(game) == "over"


def test_s4_7_the_open_quirk_is_named_in_the_observation() -> None:
    """§4.7: while a quirk waits for its owner's choice, every observation
    names it and its owner (phase ``quirk``); otherwise ``quirk`` is null."""
    game = position(
        seats=[
            {"hand": ["loser", "rote"], "fields": [["augen"], ["sau", "sau"], ["soja", "soja"]]}
        ],
        deck=DECK,
    )
    assert game.observe(None)["quirk"] is None
    act(game, 0, "plant f0")
    for seat in (None, 0, 1):
        assert game.observe(seat)["quirk"] == {"seat": 0, "card": "loser"}
    act(game, 0, "harvest f2")
    assert game.observe(0)["quirk"] is None
