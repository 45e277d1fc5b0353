"""Who sits at the table (``bohn.server.presence``): each seat's state says
which people are connected, and the log's notes say when a person left (their
last page closed for the grace period) or came back. A reload within the
grace is not told as leaving."""

from __future__ import annotations

import asyncio
from typing import Any

from bohn.server.presence import Presence
from server.test_pacing import room_for


class Page:
    """A connection to the room: it keeps what it is sent."""

    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []

    async def __call__(self, msg: dict[str, Any]) -> None:
        self.got.append(msg)


async def settle(room: Any) -> None:
    """Let the room's tasks (the grace, the telling) run to their end."""
    for _ in range(5):
        tasks = [t for t in (room._tell_task, *room._presence_tasks.values()) if t is not None]
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.sleep(0)


def test_the_table_sees_a_person_leave_and_come_back() -> None:
    async def run() -> None:
        room, _ = room_for(person=1)
        room.row.seats[0] = {"seat": 0, "kind": "human"}
        room.bots.pop(0)
        room.people = frozenset({0, 1})
        room.presence = Presence(room.people, grace=0)
        anna, bea = Page(), Page()
        await room.watch(anna, 0)
        await room.watch(bea, 1)
        await settle(room)
        assert anna.got[-1]["presence"]["connected"] == [0, 1]
        assert [s["kind"] for s in anna.got[-1]["seats"]] == ["human", "human", "bot"]
        assert anna.got[-1]["seats"][2]["bot"] == "greedy bot"
        room.unwatch(bea)
        await settle(room)
        seen = anna.got[-1]["presence"]
        assert seen["connected"] == [0]
        assert seen["notes"] == [{"seq": room.game.seq, "seat": 1, "what": "left"}]
        await room.watch(bea, 1)
        await settle(room)
        seen = anna.got[-1]["presence"]
        assert seen["connected"] == [0, 1]
        assert [n["what"] for n in seen["notes"]] == ["left", "back"]

    asyncio.run(run())


def test_a_reload_within_the_grace_is_not_leaving() -> None:
    async def run() -> None:
        room, _ = room_for(person=1)
        room.presence = Presence(room.people, grace=30)
        first, again = Page(), Page()
        await room.watch(first, 1)
        room.unwatch(first)
        await room.watch(again, 1)  # the page loaded again before the grace ran out
        await settle(room)
        assert room.presence.notes == []
        assert room.presence.connected() == [1]
        assert not room._presence_tasks or all(t.done() for t in room._presence_tasks.values())

    asyncio.run(run())


def test_spectators_and_bots_are_not_people() -> None:
    p = Presence(frozenset({1}), grace=0)
    assert not p.came(None, 0)
    assert not p.came(2, 0)
    assert p.came(1, 0)
    assert p.came(1, 0) is False  # a second page of the same person is no news
    assert not p.went(1)
    assert p.went(1)
    assert p.check(1, 3)
    assert not p.check(1, 4)  # told once
    assert p.notes == [{"seq": 3, "seat": 1, "what": "left"}]
