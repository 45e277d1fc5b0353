"""The agent protocol over the server's WebSocket (``docs/server.md``,
Remote agents): a program plays a seat of a server game in text, with the
same messages as the arena's JSON lines, at
``/ws/agents/games/{id}?token=<seat token>&lang=en|de``.

The server sends ``{"type": "hello", "protocol", "game", "seat", "lang"}``
once, then ``{"type": "observation", "id", "game", "seat", "seq", "text",
"deadline_ms"}`` each time the game waits for the seat's move (``text``:
:class:`bohn.text.SeatText`'s observation; ``deadline_ms``: the turn
clock's time left, or null), and ``{"type": "result", "game", "result",
"text"}`` at the end, then closes. The program answers an observation with
``{"id", "move": "<text>"}``. A move the text does not name or the rules
refuse is answered ``{"type": "error", "id", "code", "message"}`` (the
message lists the legal moves) and the observation comes again with a new
id; nothing changes. An answer to an old observation is ``stale``.
"""

from __future__ import annotations

import contextlib
from typing import Any

import orjson
from fastapi import APIRouter
from fastapi import WebSocket
from fastapi import WebSocketDisconnect

from bohn.engine.errors import BohnError
from bohn.server.context import ServerContext
from bohn.server.context import seat_of
from bohn.server.http import MAX_BODY
from bohn.server.http import BadRequest
from bohn.server.http import parse_json
from bohn.server.refusals import Refused
from bohn.server.rooms import Room
from bohn.text import SeatText

#: the protocol's version (the arena's, ``bohn.arena.protocol.PROTOCOL``)
PROTOCOL = 1


class _Seat:
    """One agent's connection: what it was last asked."""

    def __init__(self, ws: WebSocket, room: Room, seat: int, lang: str) -> None:
        self.ws, self.room, self.seat, self.lang = ws, room, seat, lang
        self.asked: tuple[int, int] | None = None  # (id, seq) of the last observation
        self.next_id = 1
        self.over = False

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send_text(orjson.dumps(msg).decode())

    async def state(self, view: dict[str, Any]) -> None:
        """A state message of the room: ask for a move when the game waits
        for this seat's (once a state), tell the result at the end."""
        if view.get("type") != "state" or self.over:
            return
        game = self.room.game
        if game.result() is not None:
            self.over = True
            await self.send(
                {
                    "type": "result",
                    "game": self.room.row.id,
                    "result": game.result().to_json(),  # type: ignore[union-attr]
                    "text": SeatText(game, self.seat, self.lang).observation(),
                }
            )
            with contextlib.suppress(Exception):
                await self.ws.close(code=1000)
            return
        if view.get("your_move") and (self.asked is None or self.asked[1] != game.seq):
            await self.ask()

    async def ask(self) -> None:
        game = self.room.game
        left = self.room.clock_view()
        deadline = None
        if left is not None and str(self.seat) in left["deadlines"]:
            deadline = int(left["deadlines"][str(self.seat)] * 1000)
        self.asked = (self.next_id, game.seq)
        self.next_id += 1
        await self.send(
            {
                "type": "observation",
                "id": self.asked[0],
                "game": self.room.row.id,
                "seat": self.seat,
                "seq": game.seq,
                "text": SeatText(game, self.seat, self.lang).observation(),
                "deadline_ms": deadline,
            }
        )

    async def answer(self, msg: Any) -> None:
        """The program's answer: a move for the last observation."""
        if not isinstance(msg, dict) or not isinstance(msg.get("move"), str):
            await self.error(None, "bad-request", 'answer an observation with {"id", "move"}')
            return
        asked = self.asked
        if asked is None or msg.get("id") != asked[0]:
            await self.error(msg.get("id"), "stale", "this answers no observation being asked")
            return
        game = self.room.game
        if game.seq != asked[1]:
            await self.error(asked[0], "stale", "the game moved on: answer the new observation")
            await self.ask()
            return
        try:
            action = SeatText(game, self.seat, self.lang).read(msg["move"][:2000])
            await self.room.act(self.seat, asked[1], action.to_json())
        except (BohnError, Refused) as e:
            await self.error(asked[0], getattr(e, "code", "illegal"), str(e))
            if self.room.game.result() is None:
                await self.ask()

    async def error(self, ref: Any, code: str, message: str) -> None:
        await self.send({"type": "error", "id": ref, "code": code, "message": message})


def router(ctx: ServerContext) -> APIRouter:
    """The route of remote agents (``/ws/agents/games/{id}``)."""
    r = APIRouter()

    @r.websocket("/ws/agents/games/{game_id}")
    async def agent(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        lang = ws.query_params.get("lang", "en")
        try:
            room = await ctx.room(game_id)
            seat = seat_of(room, ws.query_params.get("token"), None, await ctx.account(ws))
            if seat is None:
                raise BadRequest("an agent plays a seat: give its token", "forbidden", 403)
            if lang not in ("en", "de"):
                raise BadRequest("lang is en or de")
        except BadRequest as e:
            await ws.send_json({"type": "error", "id": None, "code": e.code, "message": e.message})
            await ws.close(code=4403 if e.status == 403 else 4404)
            return
        me = _Seat(ws, room, seat, lang)
        await me.send(
            {"type": "hello", "protocol": PROTOCOL, "game": game_id, "seat": seat, "lang": lang}
        )
        try:
            await room.watch(me.state, seat, lang)
            while not me.over:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None or len(text.encode()) > MAX_BODY:
                    await me.error(None, "bad-request", "answers are JSON text of at most 64 KiB")
                    continue
                try:
                    msg = parse_json(text, "an answer")
                except BadRequest as e:
                    await me.error(None, e.code, e.message)
                    continue
                ctx.throttle(ctx.acting, ctx.client_of(ws), "actions", "--action-rate")
                await me.answer(msg)
        except (WebSocketDisconnect, RuntimeError):
            pass
        except BadRequest as e:  # over the action rate
            with contextlib.suppress(Exception):
                await me.error(None, e.code, e.message)
                await ws.close(code=1008)
        finally:
            room.unwatch(me.state)

    return r
