"""One scenario test (at least) for every rule of
``docs/rules/bohnanza-rio-grande.md`` and every default it names (RG-D1 ...
RG-D14): the cards, the rules by player count, the tie-break and the bean duel.

Each test names the section (``§6.3``) or the default (``RG-D3``) it checks.
Positions are written as scenarios (:mod:`tests.rules.helpers`): the draw pile
holds exactly the cards a test names (``deck`` top-first), the other cards are
out of play, and a seat not given holds an empty hand and empty fields.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from bohn.engine.errors import SetupError
from bohn.rulesets import find_variant
from bohn.rulesets import ruleset
from bohn.rulesets.bohnanza import Bohnanza
from bohn.rulesets.bohnanza_rio_grande import BohnanzaRioGrande
from bohn.rulesets.bohnanza_rio_grande.duel import BohnanzaDuel
from bohn.scenario import load_position

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

VARIANT = "bohnanza-rio-grande"


def position(**kw: Any) -> BohnanzaRioGrande:
    game = load_position({**helpers.scenario(**kw), "variant": VARIANT})
    assert isinstance(game, BohnanzaRioGrande)
    return game


def duel(**kw: Any) -> BohnanzaDuel:
    game = position(players=2, **kw)
    assert isinstance(game, BohnanzaDuel)
    return game


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def in_play(game: BohnanzaRioGrande) -> Counter[str]:
    return Counter(game.table.key_list(game.game_cards()))


# ---------------------------------------------------------------------------
# §1.1 the cards

#: the issue's table: cards and the beanometer (1 / 2 / 3 / 4 coins; None: no step)
TABLE = {
    "kaffee": (24, (4, 7, 10, 12)),
    "wachs": (22, (4, 7, 9, 11)),
    "blaue": (20, (4, 6, 8, 10)),
    "feuer": (18, (3, 6, 8, 9)),
    "sau": (16, (3, 5, 7, 8)),
    "brech": (14, (3, 5, 6, 7)),
    "soja": (12, (2, 4, 6, 7)),
    "augen": (10, (2, 4, 5, 6)),
    "rote": (8, (2, 3, 4, 5)),
    "garten": (6, (None, 2, 3, None)),
    "kakao": (4, (None, 2, 3, 4)),
}


def test_s1_1_eleven_types_154_cards_and_their_beanometers() -> None:
    """§1.1: 11 types, 154 cards; each beanometer as printed on the cards."""
    table = BohnanzaRioGrande.table
    assert list(table.bean_keys) == list(TABLE)
    assert sum(table.counts) == 154
    for key, (count, steps) in TABLE.items():
        card = table.card(key)
        assert table.counts[card] == count, key
        meter = [(n, pay) for pay, n in enumerate(steps, 1) if n is not None]
        assert [tuple(s) for s in table.meters[card]] == meter, key
        for pay, n in enumerate(steps, 1):
            if n is not None:
                assert table.pays_for(card, n) == pay and table.pays_for(card, n - 1) < pay


def test_s1_1_rg_d14_the_shared_eight_keep_the_amigo_keys_and_names() -> None:
    """RG-D14: the eight shared types keep the Amigo package's keys, names
    and beanometers; the new ones are Kaffeebohne, Wachsbohne, Kakaobohne."""
    ours = json.loads(
        resources.files("bohn.rulesets.bohnanza_rio_grande").joinpath("cards.json").read_text()
    )["cards"]
    amigo = {
        c["key"]: c
        for c in json.loads(
            resources.files("bohn.rulesets.bohnanza").joinpath("cards.json").read_text()
        )["cards"]
    }
    by_key = {c["key"]: c for c in ours}
    for key, c in amigo.items():
        mine = by_key[key]
        assert (mine["de"], mine["en"], mine["beanometer"]) == (c["de"], c["en"], c["beanometer"])
    new = {k: (c["de"], c["en"]) for k, c in by_key.items() if k not in amigo}
    assert new == {
        "kaffee": ("Kaffeebohne", "Coffee bean"),
        "wachs": ("Wachsbohne", "Wax bean"),
        "kakao": ("Kakaobohne", "Cocoa bean"),
    }


def test_catalogue_lists_the_eleven_types_with_names_in_both_languages() -> None:
    """The catalogue (``bohn cards``): 11 bean types, 154 cards, German and
    English names, each type its own look (the eight shared ones Amigo's)."""
    part = ruleset(VARIANT).part("catalogue")
    assert part is not None and part.CATALOGUE.variant == VARIANT
    cat = part.CATALOGUE
    assert cat.keys() == list(TABLE)
    assert sum(e.count for e in cat.entries) == 154
    assert cat.entry("kakao").names == {"de": "Kakaobohne", "en": "Cocoa bean"}
    assert cat.entry("wachs").names == {"de": "Wachsbohne", "en": "Wax bean"}
    amigo = ruleset("bohnanza").part("catalogue")
    assert amigo is not None
    assert cat.entry("blaue").look == amigo.CATALOGUE.entry("blaue").look
    assert len({e.look.colour for e in cat.entries}) == 11


# ---------------------------------------------------------------------------
# §6 the player counts


@pytest.mark.parametrize(
    ("players", "out", "total"),
    [
        (2, {"garten", "kakao"}, 144),
        (3, {"kakao"}, 150),
        (4, {"kaffee"}, 130),
        (5, {"kaffee"}, 130),
        (6, {"garten", "kakao"}, 144),
        (7, {"garten", "kakao"}, 144),
    ],
)
def test_s6_cards_out_of_the_game_by_player_count(players: int, out: set[str], total: int) -> None:
    """§6, §7.1: the types each player count leaves in the box, for the whole game."""
    game = BohnanzaRioGrande.new(players, seed=3)
    assert set(TABLE) - set(in_play(game)) == out
    assert sum(in_play(game).values()) == total
    assert set(game.table.key_list(game.box)) == out
    assert len(game.box) == 154 - total
    assert conserved(game)
    assert type(game) is (BohnanzaDuel if players == 2 else BohnanzaRioGrande)


def test_s6_scenario_may_not_name_a_card_out_of_the_game() -> None:
    with pytest.raises(SetupError, match="kakao"):
        position(players=3, deck=["kakao"])


def test_s6_3_rg_d12_three_players_start_with_three_fields_and_buy_none() -> None:
    """§6.3 (RG-D12): with 3 players every player starts with a third field
    and may not buy another, whatever his coins."""
    game = BohnanzaRioGrande.new(3, seed=1)
    assert all(len(f) == 3 for f in game.fields)
    game = position(players=3, seats=[{"hand": ["blaue"], "coins": ["sau"] * 5}], deck=["rote"] * 6)
    assert "buy-field" not in legal(game, 0)
    refused(game, 0, "buy-field", "§6.3")


def test_s6_3_three_players_end_at_the_second_exhaustion() -> None:
    """§6.3: the game ends when the draw pile runs out the second time."""
    assert BohnanzaRioGrande.new(3, seed=1).observe(None)["final_exhaustion"] == 2
    assert BohnanzaRioGrande.new(4, seed=1).observe(None)["final_exhaustion"] == 3
    assert BohnanzaRioGrande.new(7, seed=1).observe(None)["final_exhaustion"] == 3
    assert BohnanzaRioGrande.new(2, seed=1).observe(None)["final_exhaustion"] == 1
    # one exhaustion behind: the second one ends it during the draw
    game = position(
        players=3,
        exhaustions=1,
        seats=[{"hand": ["blaue"], "fields": [[], [], []]}],
        deck=["sau", "sau", "rote"],
    )
    acts(game, (0, "plant f0"), (0, "end-trading"), (0, "plant t0 f1"), (0, "plant t0 f1"))
    assert game.result() is not None
    assert game.result().reason == "final-exhaustion"


@pytest.mark.parametrize("players", [4, 5])
def test_s6_four_or_five_players_the_base_rules(players: int) -> None:
    """§6: 4-5 players: five cards each, two fields, three to draw, the third field for 3."""
    game = BohnanzaRioGrande.new(players, seed=2)
    assert [len(h) for h in game.hands] == [5] * players
    assert all(len(f) == 2 for f in game.fields)
    game = position(
        players=players,
        seats=[{"hand": ["blaue"], "coins": ["sau", "sau"]}],
        deck=["rote", "rote", "augen", "augen", "augen", "augen"],
    )
    refused(game, 0, "buy-field", "§4.3.2")
    acts(game, (0, "plant f0"), (0, "end-trading"), (0, "plant t0 f1"), (0, "plant t0 f1"))
    assert hand(game, 0) == ["augen"] * 3


@pytest.mark.parametrize("players", [6, 7])
def test_s6_4_rg_d10_six_or_seven_players_deal_three_four_five_then_six(players: int) -> None:
    """§6.4 (RG-D10): 3 cards to the starting player, 4 to the next, 5 to
    the next, 6 to every other player; the scenario loader deals alike."""
    game = BohnanzaRioGrande.new(players, seed=5, options={"first_player": 2})
    sizes = [len(game.hands[(2 + i) % players]) for i in range(players)]
    assert sizes == [3, 4, 5] + [6] * (players - 3)
    assert conserved(game)
    loaded = load_position(
        {
            **helpers.scenario(players=players, deck_rest="shuffle", seats=[None] * players),
            "variant": VARIANT,
        }
    )
    assert [len(h) for h in loaded.hands] == [3, 4, 5] + [6] * (players - 3)


def test_rg_d10_the_deal_goes_round_one_card_at_a_time() -> None:
    """RG-D10: one card at a time clockwise from the starting player; a seat
    leaves the round once it holds its number. With a known deck order the
    hands are the round-robin deal (first card dealt = front card)."""
    game = BohnanzaRioGrande.new(6, seed=0)
    order = sorted(game.game_cards())  # a known "shuffle": the pile in table order
    game = BohnanzaRioGrande.new(6, seed=0, forced_chance=[order])
    pile = order[:]
    want: list[list[int]] = [[] for _ in range(6)]
    for r in range(6):
        for s, size in enumerate((3, 4, 5, 6, 6, 6)):
            if r < size:
                want[s].append(pile.pop())
    assert game.hands == want


@pytest.mark.parametrize("players", [6, 7])
def test_s6_4_six_or_seven_players_draw_four_and_pay_two(players: int) -> None:
    """§6.4: step 4 draws four cards; the third field costs two coins."""
    game = position(
        players=players,
        seats=[{"hand": ["blaue"], "coins": ["sau", "sau"]}],
        deck=["rote", "rote", "augen", "augen", "augen", "augen", "soja"],
    )
    act(game, 0, "buy-field")
    assert len(game.fields[0]) == 3 and coins(game)[0] == 0
    assert game.table.key_list(game.discard) == ["sau", "sau"]
    acts(game, (0, "plant f0"), (0, "end-trading"), (0, "plant t0 f1"), (0, "plant t0 f1"))
    assert hand(game, 0) == ["augen"] * 4 and game.active == 1


def test_rg_d13_the_price_option_overrides_the_edition_price() -> None:
    """RG-D13: ``third_field_price`` 0 is the edition's price; another value replaces it."""
    assert BohnanzaRioGrande.new(6, seed=0).third_field_price(0) == 2
    assert BohnanzaRioGrande.new(4, seed=0).third_field_price(0) == 3
    assert (
        BohnanzaRioGrande.new(6, seed=0, options={"third_field_price": 4}).third_field_price(0) == 4
    )
    with pytest.raises(SetupError, match="third_field_price"):
        BohnanzaRioGrande.new(4, seed=0, options={"third_field_price": -1})


# ---------------------------------------------------------------------------
# §5.3 the tie-break


def _last_turn(hands: list[list[str]], coin_counts: list[int]) -> BohnanzaRioGrande:
    """4 players, the draw pile two cards from its third exhaustion: seat 0
    plants, reveals the last two cards (the final exhaustion), and the game
    ends after step 3; nobody's fields pay anything."""
    seats = [{"hand": h, "coins": ["sau"] * c} for h, c in zip(hands, coin_counts, strict=True)]
    game = position(players=4, exhaustions=2, seats=seats, deck=["blaue", "blaue"])
    acts(game, (0, "plant f0"), (0, "end-trading"), (0, "plant t0 f0"), (0, "plant t0 f0"))
    assert game.result() is not None
    return game


def test_s5_3_the_tie_is_won_by_the_most_cards_in_hand() -> None:
    """§5.3: among those tied with the most coins, the most cards in hand
    wins (the Amigo rule would pick seat 2, whose first turn came later)."""
    game = _last_turn([["blaue"], ["rote", "rote"], ["rote"], ["augen"] * 5], [2, 2, 2, 1])
    r = game.result()
    assert r.scores == (2, 2, 2, 1) and r.winners == (1,) and r.tie_break
    assert list(r.ranking[:3]) == [1, 2, 0]


def test_rg_d9_tied_coins_and_hands_then_the_latest_first_turn() -> None:
    """RG-D9: tied coins and hand cards: the tied seat whose first turn came latest."""
    game = _last_turn([["blaue"], ["rote"], ["rote"], ["augen"] * 5], [2, 2, 2, 1])
    assert game.result().winners == (2,)


def test_s5_3_no_tie_most_coins_wins() -> None:
    game = _last_turn([["blaue"], ["rote"] * 3, ["rote"], []], [2, 1, 1, 3])
    r = game.result()
    assert r.winners == (3,) and not r.tie_break


# ---------------------------------------------------------------------------
# §7 the bean duel


def test_s7_the_duel_is_the_variant_for_two() -> None:
    """§7: ``bohnanza-rio-grande`` with 2 players plays the duel, from the
    registry, ``new`` and a saved game alike; one variant id for 2-7."""
    cls = find_variant(VARIANT)
    assert cls is BohnanzaRioGrande and cls.allowed_players() == (2, 3, 4, 5, 6, 7)
    game = cls.new(2, seed=4)
    assert isinstance(game, BohnanzaDuel) and game.variant == VARIANT
    again = BohnanzaRioGrande.from_json(game.to_json())
    assert isinstance(again, BohnanzaDuel) and again.state_key() == game.state_key()
    assert issubclass(BohnanzaRioGrande, Bohnanza)
    with pytest.raises(SetupError):
        BohnanzaRioGrande.new(8)


def test_s7_5_rg_d1_the_first_turn_begins_with_step_2() -> None:
    """RG-D1: the starting player's first turn has no step 1: he plants."""
    game = BohnanzaRioGrande.new(2, seed=9, options={"first_player": 1})
    assert game.active == 1 and phase(game) == "plant" and not any(game.trade)
    assert [len(h) for h in game.hands] == [5, 5] and all(len(f) == 2 for f in game.fields)


def test_s7_5_2_plant_then_rg_d4_discard_one_card_from_anywhere() -> None:
    """§7.5.2 (RG-D4): after planting one or two cards the player may
    discard one card from anywhere in his hand; it lands on the discard pile."""
    game = duel(seats=[{"hand": ["blaue", "sau", "rote", "augen"]}], deck=["soja"] * 9)
    act(game, 0, "plant f0")
    assert phase(game) == "plant" and "drop h0" not in legal(game, 0)
    act(game, 0, "pass")
    assert phase(game) == "duel-discard"
    assert legal(game, 0)[:4] == ["drop h0", "drop h1", "drop h2", "pass"]
    ev = act(game, 0, "drop h1")
    assert of_type(ev, "drop")[0]["card"] == "rote"
    assert hand(game, 0) == ["sau", "augen"]
    assert phase(game) == "duel-plant" and trade(game, 0) == ["soja"] * 3
    assert game.table.key_list(game.discard) == ["rote"]


def test_rg_d4_the_discard_is_optional_and_comes_once() -> None:
    game = duel(seats=[{"hand": ["blaue", "blaue", "rote"]}], deck=["soja"] * 9)
    acts(game, (0, "plant f0"), (0, "plant f0"))
    assert phase(game) == "duel-discard"
    act(game, 0, "pass")
    assert phase(game) == "duel-plant" and hand(game, 0) == ["rote"] and not game.discard
    refused(game, 0, "drop h0", "§7.5.2")


def test_rg_d4_an_empty_hand_skips_step_2() -> None:
    game = duel(seats=[{"hand": []}], deck=["soja"] * 9)
    assert phase(game) == "duel-plant" and trade(game, 0) == ["soja"] * 3


def test_s7_5_3_rg_d3_the_discard_pile_extends_the_draw_while_it_matches() -> None:
    """§7.5.3 (RG-D3): the top card of the discard pile joins the three
    drawn cards while its type is among them, one at a time, each after the
    cards already there."""
    game = duel(
        seats=[{"hand": []}],
        discard=["sau", "blaue", "soja", "feuer"],
        deck=["feuer", "soja", "augen", "rote", "rote", "rote"],
    )
    assert trade(game, 0) == ["feuer", "soja", "augen", "feuer", "soja"]
    assert game.table.key_list(game.discard) == ["sau", "blaue"]


def test_rg_d3_no_match_no_extension() -> None:
    game = duel(
        seats=[{"hand": []}], discard=["feuer", "blaue"], deck=["feuer", "soja", "augen"] * 2
    )
    assert trade(game, 0) == ["feuer", "soja", "augen"]
    assert game.table.key_list(game.discard) == ["feuer", "blaue"]


def test_s7_5_3_rg_d7_plant_some_and_leave_the_rest_as_the_offer() -> None:
    """§7.5.3 (RG-D7): the active player plants any of the turned-up cards;
    ``pass`` leaves the rest, in order, in the opponent's trading area;
    step 4 draws two; the opponent's turn begins with step 1."""
    game = duel(
        seats=[{"hand": [], "fields": [["soja"], []]}, {"hand": ["rote"]}],
        deck=["feuer", "soja", "augen", "blaue", "blaue", "sau", "sau"],
    )
    assert "pass" in legal(game, 0)
    act(game, 0, "plant t1 f0")
    assert fields(game, 0)[0] == ["soja", "soja"] and trade(game, 0) == ["feuer", "augen"]
    ev = act(game, 0, "pass")
    assert of_type(ev, "duel-offer")[0]["cards"] == ["feuer", "augen"]
    assert hand(game, 0) == ["blaue", "blaue"]
    assert game.active == 1 and phase(game) == "duel-offer"
    assert trade(game, 1) == ["feuer", "augen"] and trade(game, 0) == []
    assert conserved(game)


def test_rg_d11_nothing_must_be_planted_in_step_3() -> None:
    """RG-D11: cards that fit no field are simply not plantable; no harvest
    is forced; ``pass`` is always legal."""
    game = duel(
        seats=[{"hand": [], "fields": [["blaue", "blaue"], ["sau", "sau"]]}],
        deck=["feuer", "soja", "augen", "rote", "rote", "rote"],
    )
    assert [a for a in legal(game, 0) if a.startswith("plant")] == []
    assert "pass" in legal(game, 0) and "harvest f0" in legal(game, 0)


def test_s7_5_1_plant_the_offer_and_rg_d6_pass_discards_the_rest_in_order() -> None:
    """§7.5.1 (RG-D6): the offer's cards are planted one by one as the
    player likes; ``pass`` discards the rest in their order."""
    game = duel(
        phase="duel-offer",
        seats=[
            {
                "hand": ["blaue"],
                "fields": [["feuer"], []],
                "trading_area": ["feuer", "soja", "augen"],
            }
        ],
        deck=["rote"] * 6,
    )
    assert game.active == 0
    act(game, 0, "plant t0 f0")
    assert fields(game, 0)[0] == ["feuer", "feuer"] and phase(game) == "duel-offer"
    ev = act(game, 0, "pass")
    assert of_type(ev, "offer-discarded")[0]["cards"] == ["soja", "augen"]
    assert game.table.key_list(game.discard) == ["soja", "augen"]
    assert phase(game) == "plant" and hand(game, 0) == ["blaue"]


def test_s7_5_1_planting_the_whole_offer_ends_step_1() -> None:
    game = duel(
        phase="duel-offer",
        seats=[{"hand": ["blaue"], "trading_area": ["feuer"]}],
        deck=["rote"] * 6,
    )
    act(game, 0, "plant t0 f1")
    assert phase(game) == "plant" and fields(game, 0)[1] == ["feuer"]


def test_rg_d2_an_empty_offer_skips_step_1() -> None:
    """RG-D2: the opponent planted every turned-up card: the turn begins with step 2."""
    game = duel(
        seats=[{"hand": []}, {"hand": ["blaue"]}],
        deck=["feuer", "feuer", "feuer", "rote", "rote", "sau", "sau"],
    )
    acts(game, (0, "plant t0 f0"), (0, "plant t0 f0"), (0, "plant t0 f0"))
    assert game.active == 1 and phase(game) == "plant" and trade(game, 1) == []
    assert fields(game, 0)[0] == ["feuer"] * 3 and hand(game, 0) == ["rote", "rote"]


def test_s7_2_harvest_only_on_ones_own_turn() -> None:
    """§7.2: the waiting player may not harvest; the active one may."""
    game = duel(seats=[{"hand": ["blaue"]}, {"fields": [["sau", "sau"], []]}], deck=["wachs"] * 9)
    assert game.waiting_for() == frozenset({0}) and legal(game, 1) == []
    err = refused(game, 1, "harvest f0", "§7.2")
    assert err.code == "not-your-turn"


@pytest.mark.parametrize("phase_name", ["plant", "duel-discard", "duel-plant", "duel-offer"])
def test_s4_3_the_third_field_is_bought_at_any_time_in_the_duel(phase_name: str) -> None:
    """§4.3 holds in the duel: "a player may do this at any time, even when he
    is not the active player"; the duel changes only when beans are sold
    (§7.2), so the waiting player may buy in every step of the other's turn,
    and the coins go to the box (§7.3). The game still waits on the active
    player alone."""
    seats: list[dict[str, Any]] = [
        {
            "hand": ["blaue", "sau"],
            "trading_area": ["feuer"]
            if phase_name.startswith("duel-") and phase_name != "duel-discard"
            else [],
        },
        {"fields": [["sau", "sau"], []], "coins": ["rote"] * 3},
    ]
    game = duel(phase=phase_name, seats=seats, deck=["wachs"] * 9)
    assert phase(game) == phase_name and game.active == 0
    assert game.waiting_for() == frozenset({0})
    assert legal(game, 1) == ["buy-field"]  # no harvest: that is a sale (§7.2)
    box = len(game.box)
    ev = act(game, 1, "buy-field")
    assert len(game.fields[1]) == 3 and coins(game)[1] == 0
    assert len(game.box) == box + 3 and of_type(ev, "to-box")[0]["cards"] == ["rote"] * 3
    assert phase(game) == phase_name and game.active == 0 and conserved(game)
    # once per player (§4.3.1)
    assert "buy-field" not in legal(game, 1)
    refused(game, 1, "buy-field", "§4.3.1")


def test_s7_5_a_duel_move_in_the_wrong_step_is_illegal_not_out_of_turn() -> None:
    """The active player's move of another step is an illegal action
    (``illegal-action``, citing the step); the other player's is out of turn
    (``not-your-turn``)."""
    game = duel(seats=[{"hand": ["blaue", "sau"]}, {"hand": ["rote"]}], deck=["wachs"] * 9)
    assert phase(game) == "plant"
    err = refused(game, 0, "drop h1", "§7.5.2")
    assert err.code == "illegal-action"
    err = refused(game, 1, "drop h0", "§7.5")
    assert err.code == "not-your-turn"
    act(game, 0, "plant f0")
    act(game, 0, "pass")
    assert phase(game) == "duel-discard"
    err = refused(game, 0, "plant t0 f0")
    assert err.code == "illegal-action"


def test_s7_3_third_field_coins_go_to_the_box() -> None:
    """§7.3: the three coins paid for a third field go to the box, not the discard pile."""
    game = duel(seats=[{"hand": ["blaue"], "coins": ["sau"] * 3}], deck=["wachs"] * 9)
    box = len(game.box)
    ev = act(game, 0, "buy-field")
    assert len(game.fields[0]) == 3 and coins(game)[0] == 0 and not game.discard
    assert len(game.box) == box + 3 and of_type(ev, "to-box")[0]["cards"] == ["sau"] * 3
    assert conserved(game)


def test_s7_5_no_trading_in_the_duel() -> None:
    game = duel(seats=[{"hand": ["blaue", "sau"]}], deck=["wachs"] * 9)
    refused(game, 0, "propose 1 give h1", "§3.2")


def test_s7_4_rg_d5_exhaustion_in_step_3_finishes_the_step_then_ends() -> None:
    """§7.4 (RG-D5): the draw pile runs out in step 3: the cards left are
    turned up, the extension still happens, the player plants, and the game
    ends when he ends step 3 (no offer, no step 4)."""
    game = duel(
        seats=[{"hand": []}, {"hand": ["blaue"]}],
        discard=["feuer"],
        deck=["feuer", "soja"],
    )
    assert trade(game, 0) == ["feuer", "soja", "feuer"] and game.result() is None
    act(game, 0, "plant t0 f0")
    assert game.result() is None
    ev = act(game, 0, "pass")
    assert game.result() is not None and game.result().reason == "final-exhaustion"
    assert not of_type(ev, "duel-offer") and not of_type(ev, "draw")


def test_s7_4_exhaustion_in_step_4_ends_at_once() -> None:
    """§7.4: the first exhaustion during step 4 ends the game at once."""
    game = duel(seats=[{"hand": []}], deck=["feuer", "soja", "augen", "rote", "rote"])
    ev = act(game, 0, "pass")
    assert of_type(ev, "exhausted") and game.result() is not None
    assert hand(game, 0) == ["rote", "rote"]
    assert game.result().reason == "final-exhaustion"


def test_s7_4_the_final_harvest_ignores_whose_turn_it_is() -> None:
    """§7.2 restricts selling during the game; the final harvest pays every field."""
    game = duel(
        seats=[{"hand": []}, {"fields": [["rote", "rote"], []]}],
        deck=["feuer", "soja", "augen", "rote"],
    )
    act(game, 0, "pass")
    assert game.result() is not None and game.result().scores[1] == 1


def test_every_section_a_refusal_cites_is_in_the_rules_doc() -> None:
    """A refusal names a section of ``docs/rules/bohnanza-rio-grande.md``:
    every ``_rule("§…")`` in the code this edition runs (its classes and
    those they are built on) is a row of the doc's table of cited sections."""
    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs/rules/bohnanza-rio-grande.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| (§[0-9.]+) \|", doc, re.M))
    cited: set[str] = set()
    for cls in {*BohnanzaRioGrande.__mro__, *BohnanzaDuel.__mro__}:
        module = sys.modules[cls.__module__]
        if not module.__name__.startswith("bohn."):
            continue
        # the source, also where the module runs compiled
        source = root / (module.__name__.replace(".", "/") + ".py")
        cited |= set(re.findall(r'_rule\(\s*"(§[0-9.]+[0-9])', source.read_text(encoding="utf-8")))
    assert {"§4.1.2", "§4.3.2", "§7.2"} <= cited  # the scan finds the engine's citations
    assert cited - listed == set(), f"cited but not in the doc: {sorted(cited - listed)}"
