"""The scenario format (``bohn.scenario``, ``docs/scenarios.md``)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.bohnanza import Bohnanza
from bohn.scenario import load_position
from bohn.scenario import run_scenario

from .helpers import act
from .helpers import conserved
from .helpers import fields
from .helpers import hand
from .helpers import legal
from .helpers import phase
from .helpers import scenario


def setup_error(data: dict[str, Any]) -> str:
    out = run_scenario(data)
    assert out["ok"] is False and out["action_index"] is None, out
    assert out["error"]["code"] == "setup-error"
    with pytest.raises(SetupError):
        load_position(data)
    message: str = out["error"]["message"]
    return message


def loaded(data: dict[str, Any]) -> BeanGame:
    game = load_position(data)
    assert isinstance(game, BeanGame)
    return game


def test_zone_orientations_and_dealing() -> None:
    """Deck top-first, discard/fields/coins bottom-to-top, hands front-to-back;
    hands not given are dealt from the shuffled rest, which goes under the deck."""
    data = {
        "variant": "bohnanza",
        "players": 4,
        "seed": 3,
        "setup": {
            "deck": ["garten", "rote"],
            "discard": ["sau", "feuer"],
            "players": [
                {
                    "hand": ["blaue", "soja"],
                    "fields": [["brech", "brech"], []],
                    "coins": ["augen", "rote"],
                },
                {},
                {"hand": []},
            ],
        },
    }
    game = loaded(data)
    assert conserved(game) and game.box == []
    assert game.table.key_list(game.deck[-2:]) == ["rote", "garten"]
    act(game, 0, "plant f1")
    act(game, 0, "pass")
    assert game.table.key_list(game.revealed) == ["garten", "rote"]
    assert game.table.key_list(game.discard) == ["sau", "feuer"]
    assert hand(game, 0) == ["soja"] and fields(game, 0) == [["brech", "brech"], ["blaue"]]
    assert game.table.key_list(game.coins[0]) == ["augen", "rote"]
    assert [len(h) for h in game.hands] == [1, 5, 0, 5]
    assert len(game.deck) == 104 - 4 * 2 - 10 - 2  # named, dealt, revealed
    # the missing hands were dealt one at a time, clockwise, from the shuffled rest
    (_, _, events) = game.history()[0]
    order = next(e.data["order"] for e in events if e.data["type"] == "shuffle")
    assert hand(game, 1) == [order[-1 - 2 * j] for j in range(5)]
    assert hand(game, 3) == [order[-2 - 2 * j] for j in range(5)]


def test_deck_rest_none_puts_the_rest_out_of_play() -> None:
    """deck_rest 'none': the draw pile is exactly the given cards; the rest is in box."""
    game = loaded(scenario(deck=["garten", "rote"], seats=[{"hand": ["blaue"]}]))
    assert game.table.key_list(game.deck) == ["rote", "garten"]
    assert len(game.box) == 104 - 3 and conserved(game)


def test_same_seed_same_position_and_defaults() -> None:
    data = {"variant": "bohnanza", "players": 3, "seed": "abc"}
    a, b = loaded(data), loaded(data)
    assert a.to_json() == b.to_json()
    assert [len(h) for h in a.hands] == [5, 5, 5] and a.active == 0 and phase(a) == "plant"
    assert a.turn == 1 and a.exhaustions == 0 and a.discard == []
    assert loaded({**data, "seed": "abd"}).hands != a.hands


def test_position_supports_the_engine_contract() -> None:
    """clone, to_json/from_json, legal_actions and apply work on a loaded position."""
    data = scenario(
        phase="trade",
        revealed=["soja", "augen"],
        deck=["rote"] * 4,
        seats=[{"hand": ["blaue", "sau"]}, {"hand": ["brech"]}],
    )
    game = loaded(data)
    assert Bohnanza.from_json(json.loads(json.dumps(game.to_json()))).to_json() == game.to_json()
    copy = game.clone()
    act(copy, 0, "keep r0")
    assert len(game.revealed) == 2 and len(copy.revealed) == 1
    assert "end-trading" in legal(game, 0)
    assert game.waiting_for() == frozenset({0, 1, 2})


def test_log_start_hides_private_zones() -> None:
    game = loaded(scenario(deck=["garten", "rote"], seats=[{"hand": ["blaue"]}, {"hand": ["sau"]}]))
    public = list(game.events(None))
    assert [e["type"] for e in public] == ["shuffle", "position", "deal", "deal", "deal", "turn"]
    assert "deck" not in public[1] and public[1]["deck_size"] == 2
    assert public[2] == {"type": "deal", "seat": 0, "count": 1}
    mine = list(game.events(1))
    assert {"type": "deal", "seat": 1, "cards": ["sau"]} in mine
    assert {"type": "deal", "seat": 0, "cards": ["blaue"]} not in mine


def test_run_scenario_output() -> None:
    data = scenario(
        seats=[{"hand": ["blaue", "sau"]}],
        deck=["soja", "augen", "rote", "rote", "rote"],
        actions=[(0, "plant f0")],
    )
    data["actions"].append({"seat": 0, "action": {"type": "plant", "field": 1}})
    out = run_scenario(data)
    game = loaded(data)
    events = act(game, 0, "plant f0") + act(game, 0, "plant f1")
    assert out == {"ok": True, "state": game.to_json()["state"], "events": events, "result": None}
    assert [e["type"] for e in out["events"]] == ["plant", "plant", "reveal"]


def test_run_scenario_action_errors() -> None:
    data = scenario(seats=[{"hand": ["blaue"]}], actions=[(0, "plant f0"), (1, "keep r0")])
    out = run_scenario(data)
    assert out["ok"] is False and out["action_index"] == 1
    assert out["error"]["rule"] == "bohnanza §3.2.2"
    for bad in ("plant", "dance f0", {"type": "plant"}, 7):
        out = run_scenario({**data, "actions": [{"seat": 0, "action": bad}]})
        assert out["error"]["code"] == "invalid-action" and out["action_index"] == 0
    out = run_scenario({**data, "actions": [{"seat": 5, "action": "plant f0"}]})
    assert out["error"]["code"] == "invalid-action" and out["action_index"] == 0
    out = run_scenario({**data, "actions": [{"seat": 0}]})
    assert out["error"]["code"] == "invalid-action"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "bohnanzaa"}, "unknown variant 'bohnanzaa'"),
        ({"players": 7}, "3-5 players"),
        ({"options": {"colour": 1}}, "no option colour"),
        ({"setup": {"phase": "draw"}}, "phase must be one of"),
        ({"setup": {"active": 3}}, "active must be an integer from 0 to 2"),
        ({"setup": {"deck": ["blau"]}}, "deck: unknown card 'blau'"),
        ({"setup": {"deck": ["blaue"] * 21}}, "the scenario uses 21 'blaue' but the game has 20"),
        ({"setup": {"players": [{}, {}, {"fields": [[]]}]}}, "seat 2: fields must be 2 to 3 lists"),
        ({"setup": {"players": [{}, {}, {}, {}]}}, "at most 3"),
        ({"setup": {"players": [{"hnad": []}]}}, "seat 0 has no key 'hnad'"),
        ({"setup": {"dekc": []}}, "setup has no key 'dekc'"),
        ({"setup": {"players": [{"fields": [["blaue", "sau"], []]}]}}, "mixes blaue and sau"),
        ({"setup": {"revealed": ["blaue"]}}, "revealed cards exist only in phase 'trade'"),
        ({"setup": {"phase": "trade", "revealed": ["sau"] * 3}}, "at most 2"),
        ({"setup": {"planted": 2}}, "planted must be an integer from 0 to 1"),
        ({"setup": {"exhaustions": 3}}, "exhaustions must be an integer from 0 to 2"),
        ({"setup": {"phase": "plant-traded"}}, "needs a card in some trading area"),
        ({"setup": {"players": [{"trading_area": ["sau"]}]}}, "trading areas are empty"),
        ({"setup": {"deck_rest": "bottom"}}, "deck_rest must be"),
        ({"seed": 1.5}, "seed must be"),
        ({"setup": []}, "setup must be an object"),
        ({"actions": {}}, "actions must be a list"),
    ],
)
def test_broken_positions_are_setup_errors(change: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"variant": "bohnanza", "players": 3, "seed": 1, **change}
    assert message in setup_error(data)


def test_broken_position_edge_cases() -> None:
    msg = setup_error(
        scenario(
            options={"same_type_fields": False},
            seats=[{"hand": ["rote"], "fields": [["blaue"], ["blaue"]]}],
        )
    )
    assert "same_type_fields=false" in msg
    msg = setup_error(scenario(planted=1, seats=[{"hand": []}]))
    assert "phase 1 is over" in msg
    every = [
        k for k, n in zip(Bohnanza.table.keys, Bohnanza.table.counts, strict=True) for _ in range(n)
    ]
    msg = setup_error(scenario(deck=every[:-7], seats=[{"hand": []}, None, None]))
    assert msg == "not enough cards left to deal 5 cards to seat 2"
    assert "variant" in setup_error({"players": 3})
    assert "number of players" in setup_error({"variant": "bohnanza"})


def test_every_card_counted_across_zones() -> None:
    """The count check spans every zone: 10 rote over four zones is too many."""
    data = scenario(
        deck=["rote"] * 3,
        discard=["rote"] * 3,
        seats=[{"hand": ["rote"] * 2, "coins": ["rote"] * 2}],
    )
    assert "uses 10 'rote' but the game has 8" in setup_error(data)
    data["setup"]["discard"] = ["rote"]
    game = loaded(data)
    assert Counter(game.table.key_list(game.box))["rote"] == 0 and conserved(game)


def test_setup_from_starts_the_log_and_the_generator_afresh() -> None:
    """``Game.setup_from``: a game that has already moved, set by hand, keeps
    nothing of its earlier log; its first step opens the position (the
    ``position`` event, every seat's deal, the turn) and the cards left to
    shuffle come out as a game of the same seed set the same way shuffles them."""
    setup = {"active": 1, "players": [{"hand": ["blaue"]}, {"hand": ["soja"]}, {}]}

    def place(game: Any, data: dict[str, Any] = setup) -> None:
        from bohn.scenario import loader_of

        loader_of("bohnanza").load(game, data)

    moved = Bohnanza.new(3, seed=9)
    seat = moved.active_seat()
    moved.apply(seat, moved.legal_actions(seat)[0])
    moved.setup_from(place)
    fresh = Bohnanza.new(3, seed=9)
    fresh.setup_from(place)
    assert moved.to_json() == fresh.to_json()
    (first,) = moved.history()
    types = [e.data["type"] for e in first[2]]
    assert types[0] == "shuffle" and types[1] == "position"
    assert types.count("deal") == 3 and types[-1] == "turn"
    assert moved.active_seat() == 1 and moved.hands[0] == [moved.table.index["blaue"]]


def test_a_game_without_positions_set_by_hand_says_so() -> None:
    """A ruleset whose game does not open positions set by hand refuses them
    with a :class:`SetupError` naming the variant."""

    class NoPositions(Bohnanza):
        variant = "no-positions"

        def _open_position(self) -> None:
            super(BeanGame, self)._open_position()

    game = NoPositions.new(3, seed=1)
    with pytest.raises(SetupError, match="positions of no-positions cannot be set by hand"):
        game.setup_from(lambda g: None)
