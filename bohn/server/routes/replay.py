"""A game's replay: the file, the board step by step, and turn by turn."""

from __future__ import annotations

import re
import secrets
from typing import Any

import orjson
from fastapi import APIRouter
from fastapi import Request
from starlette.responses import Response

from bohn.engine.replay import record
from bohn.rulesets import VARIANTS
from bohn.server.context import ServerContext
from bohn.server.http import LANGS
from bohn.server.http import BadRequest
from bohn.server.replays import MAX_STEPS
from bohn.server.replays import ReplayCache
from bohn.server.replays import step_view
from bohn.server.rooms import Room
from bohn.server.rooms import has_client_code
from bohn.server.rooms import seat_kinds
from bohn.server.rooms import seat_names
from bohn.server.store import token_hash

#: a step as a query writes it (with a minus sign: read, and refused as out of range)
_STEP = re.compile(r"-?[0-9]+")
#: more than any game's steps
_NO_STEP = 10**12


def _step(text: str) -> int:
    """A step's text (:data:`_STEP`) as a number; one longer than any step
    (Python converts at most 4,300 digits) as :data:`_NO_STEP`, signed."""
    if len(text.lstrip("-").lstrip("0")) > len(str(_NO_STEP)):
        return -_NO_STEP if text.startswith("-") else _NO_STEP
    return int(text)


def router(ctx: ServerContext) -> APIRouter:
    """The routes of replays (``/api/games/{id}/replay...``)."""
    r = APIRouter()

    @r.get("/api/games/{game_id}/replay")
    async def replay(game_id: str) -> dict[str, Any]:
        room = await ctx.room(game_id)
        if room.game.result() is None:
            raise BadRequest(
                "the game is still running; its replay comes when it ends", "running", 409
            )
        seats = [s["bot"] if s["kind"] == "bot" else "human" for s in room.row.seats]
        replay = record(room.game, seats)
        # a decision the clock's bot played is marked (an optional field)
        k = 0
        for ev in replay["events"]:
            if "action" in ev:
                if k in room.clocked:
                    ev["by_clock"] = True
                k += 1
        return replay

    replayed = ReplayCache()

    async def _replayed(game_id: str, spectate: str | None, lang: str) -> tuple[Room, Any]:
        """The room and its replayed game, for a finished game or, while it
        runs, for the spectator token's holder."""
        if lang not in LANGS:
            raise BadRequest(f"lang is one of {', '.join(LANGS)}, not {lang!r}")
        room = await ctx.room(game_id)
        if room.game.result() is None and not (
            spectate and secrets.compare_digest(room.row.spectator_hash, token_hash(spectate))
        ):
            raise BadRequest(
                "the game is still running: its steps need the spectator token (?spectate=)",
                "forbidden",
                403,
            )
        return room, replayed.get(game_id, room.game)

    @r.get("/api/games/{game_id}/replay/steps")
    async def replay_steps(
        game_id: str, request: Request, spectate: str | None = None, lang: str = "en"
    ) -> Response:
        room, rep = await _replayed(game_id, spectate, lang)
        q = request.query_params
        # steps in ASCII digits (int() also takes "+3", "1_0" and "٣")
        for key in ("from", "to"):
            if key in q and not _STEP.fullmatch(q[key]):
                raise BadRequest(
                    f"from and to are step numbers (whole numbers in ASCII digits 0-9), "
                    f"not {key}={q[key][:20]!r}"
                )
        first = _step(q.get("from", "0"))
        last = _step(q["to"]) if "to" in q else min(rep.last, first + MAX_STEPS - 1)
        if not 0 <= first <= rep.last:
            shown = q.get("from", "0")[:20]
            raise BadRequest(f"from is a step from 0 to {rep.last}, not {shown}", "bad-step", 400)
        if last < first:
            raise BadRequest(f"to ({last}) comes before from ({first})", "bad-step", 400)
        if last - first >= MAX_STEPS:
            raise BadRequest(f"at most {MAX_STEPS} steps at a time", "bad-step", 400)
        last = min(last, rep.last)
        names = seat_names(room.row)
        views = [
            step_view(
                g,
                game_id,
                lang,
                rep.over,
                names=names,
                seed_chosen=room.row.seed_chosen,
                seats=seat_kinds(room.row),
            )
            for g in rep.games(first, last)
        ]
        body = {
            "game": game_id,
            "variant": room.row.variant,
            "title": VARIANTS[room.row.variant].title,
            "last": rep.last,
            "over": rep.over,
            "from": first,
            "to": last,
            "steps": views,
        }
        return Response(orjson.dumps(body), media_type="application/json")

    @r.get("/api/games/{game_id}/replay/turns")
    async def replay_turns(game_id: str, spectate: str | None = None, lang: str = "en") -> Response:
        room, rep = await _replayed(game_id, spectate, lang)
        seats = [s["bot"] if s["kind"] == "bot" else "human" for s in room.row.seats]
        body = {
            "game": game_id,
            "variant": room.row.variant,
            "title": VARIANTS[room.row.variant].title,
            "players": room.row.players,
            "client_code": has_client_code(room.row.variant),
            "seats": seats,
            "last": rep.last,
            "over": rep.over,
            "result": room.row.result if rep.over else None,
            "turns": rep.turns(lang, seat_names(room.row)),
        }
        return Response(orjson.dumps(body), media_type="application/json")

    return r
