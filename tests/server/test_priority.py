"""The priority window of a live room (``bohn/server/rooms.py``, ``docs/server.md``):
High Bohn's "the current player may buy first" (``rules/high-bohn.md`` §4.1.5)
when several seats ask to buy at the same moment."""

from __future__ import annotations

import asyncio
from typing import Any

from bohn.engine.actions import parse_action
from bohn.engine.game import Game
from bohn.rulesets.high_bohn import HighBohn
from bohn.scenario import load_position
from bohn.server.rooms import PRIORITY_WINDOW
from bohn.server.rooms import Refused
from bohn.server.rooms import Room
from server.memory import MemoryStore
from server.rows import game_row


def room_for(game: Game, store: MemoryStore) -> Room:
    seats = [{"seat": s, "kind": "human"} for s in range(game.n)]
    row = game_row("g", game.variant, game.n, 0, seats, spectator_hash="", created_at=0.0)
    return Room(row, game, store)  # type: ignore[arg-type]


def last_saloon() -> HighBohn:
    """Seat 0's turn; only saloon-3 is left of the Saloons; seats 0 and 1
    can both pay for it (3 brech coins each)."""
    game = load_position(
        {
            "variant": "high-bohn",
            "players": 3,
            "setup": {
                "deck": ["rote"] * 6,
                "deck_rest": "none",
                "removed": ["saloon-1", "saloon-2", "saloon-4"],
                "players": [
                    {"hand": ["blaue"], "coins": ["brech"] * 3},
                    {"hand": [], "coins": ["brech"] * 3 + ["augen"]},
                    {"hand": [], "coins": []},
                ],
            },
        }
    )
    assert isinstance(game, HighBohn) and game.active == 0
    return game


def owners(game: Game, building: str) -> list[int]:
    assert isinstance(game, HighBohn)
    return [s for s in range(game.n) if building in game.observe(None)["seats"][s]["buildings"]]


def test_the_window_is_a_named_constant() -> None:
    assert PRIORITY_WINDOW == 0.3


def test_the_active_player_gets_the_last_building_though_asking_second() -> None:
    """Seat 1 asks for the last Saloon first; seat 0, the active player, asks
    within the window: seat 0 gets it, seat 1's request is then refused with a
    message naming the rule."""

    async def play() -> tuple[Room, MemoryStore, Any, Any]:
        store = MemoryStore()
        room = room_for(last_saloon(), store)
        seq = room.game.seq
        build = parse_action("build saloon-3")
        off_turn = asyncio.ensure_future(room.act(1, seq, build))
        await asyncio.sleep(0.05)  # seat 1's request has arrived and waits
        assert not off_turn.done() and len(room.held) == 1
        active = await room.act(0, seq, build)
        results = await asyncio.gather(off_turn, return_exceptions=True)
        return room, store, active, results[0]

    room, store, active, off_turn = asyncio.run(play())
    assert active == room.game.seq
    assert owners(room.game, "saloon-3") == [0]
    assert isinstance(off_turn, Refused)
    assert off_turn.rule == "high-bohn §4.1.5"
    assert "saloon-3 is no longer available" in off_turn.message
    assert "same moment" in off_turn.message and "rules' order" in off_turn.message
    assert [(seat, a["building"]) for _, seat, a in store.moves] == [(0, "saloon-3")]


def test_a_held_purchase_still_legal_is_made_after_the_window() -> None:
    """Nobody before seat 1 asks: its purchase is made when the window closes;
    a purchase by the active player is never held."""

    async def play() -> tuple[Room, MemoryStore, int, float]:
        store = MemoryStore()
        room = room_for(last_saloon(), store)
        room.priority_window = 0.1
        start = asyncio.get_running_loop().time()
        new_seq = await room.act(1, room.game.seq, parse_action("build saloon-3"))
        waited = asyncio.get_running_loop().time() - start
        return room, store, new_seq, waited

    room, store, new_seq, waited = asyncio.run(play())
    assert waited >= 0.09
    assert new_seq == room.game.seq and owners(room.game, "saloon-3") == [1]
    assert [seat for _, seat, _ in store.moves] == [1]

    async def active_buys() -> float:
        room = room_for(last_saloon(), MemoryStore())
        start = asyncio.get_running_loop().time()
        await room.act(0, room.game.seq, parse_action("build saloon-3"))
        assert owners(room.game, "saloon-3") == [0]
        return asyncio.get_running_loop().time() - start

    assert asyncio.run(active_buys()) < PRIORITY_WINDOW / 2


def test_held_requests_go_clockwise_from_the_active_player() -> None:
    """Seats 2 and 1 ask (in that order) while seat 0 does not buy: the order
    starts with the active player all the same, so seat 1 buys first."""

    async def play() -> tuple[Room, list[Any]]:
        game = last_saloon()
        assert isinstance(game, HighBohn)
        game.coins[2] = game.table.cards_of(["brech"] * 3)
        room = room_for(game, MemoryStore())
        seq = room.game.seq
        build = parse_action("build saloon-3")
        second = asyncio.ensure_future(room.act(2, seq, build))
        await asyncio.sleep(0.01)
        first = asyncio.ensure_future(room.act(1, seq, build))
        return room, list(await asyncio.gather(first, second, return_exceptions=True))

    room, (first, second) = asyncio.run(play())
    assert owners(room.game, "saloon-3") == [1]
    assert isinstance(first, int)
    assert isinstance(second, Refused) and second.rule == "high-bohn §4.1.5"


def test_other_actions_and_illegal_purchases_are_not_held() -> None:
    """Only purchases the rules order are held; an illegal one is refused at once."""

    async def play() -> list[Any]:
        room = room_for(last_saloon(), MemoryStore())
        seq = room.game.seq
        out: list[Any] = []
        for seat, text in ((2, "build saloon-3"), (1, "harvest f0")):
            try:
                out.append(await room.act(seat, seq, parse_action(text)))
            except Refused as e:
                out.append(e)
        assert room.held == []
        return out

    no_coins, empty_field = asyncio.run(play())
    assert isinstance(no_coins, Refused) and no_coins.rule == "high-bohn §4.1.1"
    assert isinstance(empty_field, Refused) and empty_field.code == "illegal-action"
