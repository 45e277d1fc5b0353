"""Quick games (``/api/quick``): ask for a game of a ruleset and a player
count, see how the wait goes, or stop waiting (:mod:`bohn.server.quick`).
The ticket's secret goes in ``Authorization: Bearer``, as a seat's token."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter
from fastapi import Request

from bohn.bots.levels import LEVELS
from bohn.rulesets import DEFAULT_VARIANT
from bohn.rulesets import VARIANTS
from bohn.server.context import ServerContext
from bohn.server.context import bearer
from bohn.server.http import BadRequest
from bohn.server.http import links_base
from bohn.server.http import openapi_body
from bohn.server.http import parse_json
from bohn.server.lobby import MAX_NAME
from bohn.server.lobby import new_game_spec
from bohn.server.lobby import player_name
from bohn.server.quick import WAIT_RANGE
from bohn.server.quick import QuickGames
from bohn.server.quick import Ticket
from bohn.server.store import Statement
from bohn.server.store import Store
from bohn.server.store import token_hash

_ASK = {
    "type": "object",
    "properties": {
        "variant": {"type": "string", "enum": list(VARIANTS)},
        "players": {"type": "integer", "minimum": 1, "maximum": 8},
        "wait_s": {"type": "integer", "minimum": WAIT_RANGE[0], "maximum": WAIT_RANGE[1]},
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "level": {"type": "string", "enum": list(LEVELS)},
    },
    "required": ["variant", "players", "wait_s"],
    "additionalProperties": False,
}


def make_game(variant: str, players: int, table: list[Ticket]) -> tuple[str, list[Statement]]:
    """A quick game: the waiting people in the first seats (each playing with
    their ticket's secret), bots in the others at the level the first of them
    chose (the one whose wait ran out), the bots' normal pace."""
    bot = LEVELS.get(table[0].level, LEVELS["normal"]) if table else LEVELS["normal"]
    body = {
        "variant": variant,
        "players": players,
        "seats": [{"kind": "human", "name": t.name} for t in table]
        + [{"kind": "bot", "bot": bot}] * (players - len(table)),
        "pace": "normal",
    }
    spec = new_game_spec(body)
    for seat, t in zip(spec.seats, table, strict=False):
        seat["token_hash"] = t.token_hash
        seat["account_id"] = t.account_id
    game_id = secrets.token_hex(8)
    first = spec.game.new()
    row = spec.row(game_id, token_hash(secrets.token_urlsafe(24)), sorted(first.waiting_for()))
    return game_id, Store._new_game(row, None)


def router(ctx: ServerContext) -> APIRouter:
    """The routes of quick games."""
    r = APIRouter()

    def quick() -> QuickGames:
        if ctx.quick is None:  # pragma: no cover - routes run after the start
            raise RuntimeError("the server has not started")
        return ctx.quick

    def ticket(request: Request) -> str:
        secret = bearer(request)
        if not secret:
            raise BadRequest(
                "a quick game's ticket goes in Authorization: Bearer", "forbidden", 403
            )
        return secret

    @r.post(
        "/api/quick",
        status_code=201,
        openapi_extra=openapi_body(_ASK, {"variant": DEFAULT_VARIANT, "players": 4, "wait_s": 60}),
    )
    async def ask(request: Request) -> dict[str, Any]:
        """Wait for a game of ``variant`` for ``players``: other people, or
        after ``wait_s`` seconds bots in the seats nobody took, as hard as
        ``level`` (easy, normal or strong; default normal). The answer's
        ``ticket`` is the secret to look with (and the seat's token)."""
        ctx.throttle(
            ctx.creating, ctx.client_of(request), "games created and seats taken", "--create-rate"
        )
        account = await ctx.account(request)
        body = parse_json(await request.body())
        if not isinstance(body, dict) or not {"variant", "players", "wait_s"} <= set(body) <= {
            "variant",
            "players",
            "wait_s",
            "name",
            "level",
        }:
            raise BadRequest('the body is {"variant", "players", "wait_s", "name", "level"}')
        level = body.get("level", "normal")
        if not isinstance(level, str) or level not in LEVELS:
            raise BadRequest(
                f"level is how hard the bots play if nobody comes: {', '.join(LEVELS)}"
            )
        # the same checks as a game's creation (ruleset, player count)
        new_game_spec({"variant": body["variant"], "players": body["players"]})
        wait = body["wait_s"]
        if (
            isinstance(wait, bool)
            or not isinstance(wait, int)
            or not (WAIT_RANGE[0] <= wait <= WAIT_RANGE[1])
        ):
            raise BadRequest(
                f"wait_s is the seconds you wait for people, {WAIT_RANGE[0]} to {WAIT_RANGE[1]}"
            )
        if account is not None:
            name = account.name if body.get("name") is None else player_name(body["name"], "name")
        elif "name" in body:
            name = player_name(body["name"], "name")
        else:
            raise BadRequest("a quick game needs your name (or sign in)", "name-needed")
        secret = await quick().ask(
            body["variant"],
            body["players"],
            name,
            None if account is None else account.id,
            wait,
            level,
        )
        return {"ticket": secret, **(await quick().look(secret) or {})}

    @r.get("/api/quick")
    async def look(request: Request) -> dict[str, Any]:
        """The ticket's wait: ``waiting`` (``waiting`` people, ``seconds_left``),
        ``matched`` (``game``, ``seat`` and the ``url`` that plays it) or
        ``cancelled``."""
        secret = ticket(request)
        found = await quick().look(secret)
        if found is None:
            raise BadRequest("no such ticket", "not-found", 404)
        if found["status"] == "matched":
            base = links_base(ctx.base_url, request)
            found["url"] = f"{base}/play/{found['game']}?token={secret}"
        return found

    @r.post("/api/quick/cancel")
    async def cancel(request: Request) -> dict[str, Any]:
        """Stop waiting; 409 once the ticket has a game (play it, or leave it)."""
        secret = ticket(request)
        if not await quick().cancel(secret):
            found = await quick().look(secret)
            if found is None:
                raise BadRequest("no such ticket", "not-found", 404)
            raise BadRequest(f"this ticket is {found['status']} already", "not-waiting", 409)
        return {"status": "cancelled"}

    return r
