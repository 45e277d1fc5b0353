"""The WebSocket a seat plays over, or a spectator watches through
(``docs/server.md``, WebSocket)."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import orjson
from fastapi import APIRouter
from fastapi import WebSocket
from fastapi import WebSocketDisconnect

from bohn.server.context import ServerContext
from bohn.server.context import seat_of
from bohn.server.http import MAX_BODY
from bohn.server.http import BadRequest
from bohn.server.http import RateLimited
from bohn.server.http import log
from bohn.server.http import parse_json
from bohn.server.rooms import Refused


def router(ctx: ServerContext) -> APIRouter:
    """The route of play (``/ws/games/{id}``)."""
    r = APIRouter()

    @r.websocket("/ws/games/{game_id}")
    async def play(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            await _play(ws, game_id)
        except Exception as e:  # a defect: logged, told, and the socket closed properly
            log.error("game %s: the WebSocket failed", game_id, exc_info=e, extra={"game": game_id})
            with contextlib.suppress(Exception):
                await ws.send_json(
                    {
                        "type": "error",
                        "code": "internal",
                        "message": "the server failed on this connection (logged on the "
                        "server); connect again",
                        "rule": None,
                    }
                )
                await ws.close(code=1011)

    async def _play(ws: WebSocket, game_id: str) -> None:
        """One WebSocket connection to a game, once accepted (``docs/server.md``)."""
        try:
            room = await ctx.room(game_id)
            seat = seat_of(
                room,
                ws.query_params.get("token"),
                ws.query_params.get("spectate"),
                await ctx.account(ws),
            )
        except BadRequest as e:
            await ws.send_json({"type": "error", "code": e.code, "message": e.message})
            await ws.close(code=4403 if e.status == 403 else 4410 if e.status == 410 else 4404)
            return
        if seat is not None and room.row.rated and room.row.seats[seat].get("account_id") is None:
            # a rated game is between accounts: its seat becomes the account's that joins
            account = await ctx.account(ws)
            if account is None or not await ctx.account_store().bind_seat(
                game_id, seat, account.id
            ):
                await ws.send_json(
                    {
                        "type": "error",
                        "code": "sign-in-needed",
                        "message": "a rated game is between accounts: sign in to play this seat",
                    }
                )
                await ws.close(code=4403)
                return
            room.row.seats[seat]["account_id"] = account.id
        if seat is not None and not room.row.seats[seat]["joined"]:
            room.row.seats[seat]["joined"] = True
            await room.store.mark_joined(game_id, seat)
            if room.announce is not None:  # a cluster's other processes read it again
                room.announce()

        async def send(msg: dict[str, Any]) -> None:
            await ws.send_text(orjson.dumps(msg).decode())

        client = ctx.client_of(ws)

        try:
            await room.watch(send, seat, ws.query_params.get("lang", "en"))
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: the protocol is JSON text
                    await send(
                        {
                            "type": "error",
                            "code": "binary",
                            "message": "messages are JSON text frames; binary frames are refused",
                        }
                    )
                    await ws.close(code=1003, reason="binary frames are refused")
                    break
                size = len(text.encode())
                if size > MAX_BODY:
                    await send(
                        {
                            "type": "error",
                            "code": "too-large",
                            "message": f"messages hold at most {MAX_BODY} bytes, not {size}",
                        }
                    )
                    await ws.close(code=1009, reason="message too large")
                    break
                try:
                    msg = parse_json(text, "a message")
                except BadRequest as e:
                    await send({"type": "error", "code": e.code, "message": e.message})
                    if e.code == "too-deep":
                        await ws.close(code=1008, reason="message nested too deep")
                        break
                    continue
                if not isinstance(msg, dict) or msg.get("type") != "act":
                    await send(
                        {
                            "type": "error",
                            "code": "bad-request",
                            "message": 'send {"type": "act", "seq", "action"}',
                        }
                    )
                    continue
                if seat is None:
                    await send(
                        {"type": "error", "code": "forbidden", "message": "spectators do not act"}
                    )
                    continue
                seq = msg.get("seq")
                if isinstance(seq, bool) or not isinstance(seq, int):
                    await send(
                        {
                            "type": "error",
                            "code": "bad-request",
                            "message": "seq must be an integer",
                        }
                    )
                    continue
                try:
                    ctx.throttle(ctx.acting, client, "actions", "--action-rate")
                except RateLimited as e:
                    await send(
                        {
                            "type": "error",
                            "code": e.code,
                            "message": e.message,
                            "retry_after": e.retry_after,
                        }
                    )
                    continue
                start = time.perf_counter()
                try:
                    new_seq = await room.act(seat, seq, msg.get("action"))
                except Refused as e:
                    await send({"type": "error", **e.to_json()})
                    continue
                except Exception as e:  # a defect: told, logged, and the socket stays open
                    log.error(
                        "game %s: seat %s's message failed",
                        game_id,
                        seat,
                        exc_info=e,
                        extra={"game": game_id, "seat": seat},
                    )
                    await send(
                        {
                            "type": "error",
                            "code": "internal",
                            "message": "the server failed on this message (logged on the "
                            "server); nothing changed: try again",
                            "rule": None,
                        }
                    )
                    continue
                await send({"type": "ack", "seq": new_seq})
                ctx.metrics.ack_seconds.observe(time.perf_counter() - start)
        except (WebSocketDisconnect, RuntimeError):  # the client went away
            pass
        finally:
            room.unwatch(send)

    return r
