"""The games: creating one, taking a seat, the lobby's list, a game's summary
and state, and an action sent over HTTP."""

from __future__ import annotations

import secrets
import time
from typing import Any

from fastapi import APIRouter
from fastapi import Request

from bohn.engine.errors import SetupError
from bohn.rulesets import DEFAULT_VARIANT
from bohn.rulesets import VARIANTS
from bohn.server.context import ServerContext
from bohn.server.context import bearer
from bohn.server.context import seat_of
from bohn.server.http import BadRequest
from bohn.server.http import ascii_int
from bohn.server.http import duration
from bohn.server.http import links_base
from bohn.server.http import openapi_body
from bohn.server.http import parse_json
from bohn.server.lobby import ACTION_BODY
from bohn.server.lobby import LOBBY_IDS
from bohn.server.lobby import LOBBY_PAGE
from bohn.server.lobby import TAKE_BODY
from bohn.server.lobby import create_schema
from bohn.server.lobby import new_game_spec
from bohn.server.lobby import player_name
from bohn.server.lobby import row_summary
from bohn.server.lobby import seat_free
from bohn.server.lobby import summary
from bohn.server.store import ID_COLUMN
from bohn.server.store import LOBBY_STATUSES
from bohn.server.store import SeatTaken
from bohn.server.store import is_game_id
from bohn.server.store import token_hash

#: the largest step a request may name (``?since=``): more than any game has
MAX_STEP = 10**9


def router(ctx: ServerContext) -> APIRouter:
    """The routes of the games (``/api/games``)."""
    r = APIRouter()

    @r.post(
        "/api/games",
        status_code=201,
        openapi_extra=openapi_body(
            create_schema(),
            {"variant": DEFAULT_VARIANT, "players": 3, "seats": [{"kind": "human"}] * 3},
        ),
    )
    async def create_game(request: Request) -> dict[str, Any]:
        client = ctx.client_of(request)
        ctx.throttle(ctx.creating, client, "games created and seats taken", "--create-rate")
        account = await ctx.account(request)
        body = parse_json(await request.body())
        table = new_game_spec(body)
        if table.rated and account is None:
            raise BadRequest(
                "a rated game is between accounts: sign in to create one", "sign-in-needed", 403
            )
        if account is not None:  # the creator's seat (the first person's) is their account's
            own = next(r for r in table.seats if r["kind"] == "human")
            own["account_id"] = account.id
            own["name"] = own.get("name") or account.name
        game_id = secrets.token_hex(8)
        tokens: dict[int, str] = {}
        for r in table.seats:
            if r["kind"] == "human":
                tokens[r["seat"]] = secrets.token_urlsafe(24)
                r["token_hash"] = token_hash(tokens[r["seat"]])
        spectate = secrets.token_urlsafe(24)
        # the game must set up before it is stored (options the rules refuse)
        try:
            first = table.game.new()
        except SetupError as e:
            raise BadRequest(e.message) from None
        creator = token_hash(client)
        async with ctx.create_lock:
            if ctx.max_open_games is not None:
                n = await ctx.hub().store.count_open(creator)
                if n >= ctx.max_open_games:
                    raise BadRequest(
                        f"your address has {n} open games (a person's seat not joined yet); "
                        f"at most {ctx.max_open_games} (the server's limit, bohn serve "
                        "--max-open-games): join them or wait until they expire, "
                        f"{duration(ctx.open_game_ttl)} after their last change",
                        "too-many-open-games",
                        429,
                        {"limit": "max-open-games", "open": n, "most": ctx.max_open_games},
                    )
            await ctx.hub().store.create_game(
                table.row(game_id, token_hash(spectate), sorted(first.waiting_for())),
                creator_hash=creator,
            )
        room = await ctx.room(game_id)
        base = links_base(ctx.base_url, request)
        return {
            **summary(room),
            "join": [
                {
                    "seat": s,
                    "token": t,
                    "url": f"{base}/play/{game_id}?token={t}",
                }
                for s, t in sorted(tokens.items())
            ],
            "spectate": {
                "token": spectate,
                "url": f"{base}/play/{game_id}?spectate={spectate}",
            },
        }

    @r.post("/api/games/{game_id}/seats/{seat}/take", openapi_extra=TAKE_BODY)
    async def take_seat(game_id: str, seat: str, request: Request) -> dict[str, Any]:
        """Take the free human seat ``seat`` under the name in the body
        (``{"name"}``): the seat's new token and play link; any earlier link
        of the seat stops working. 409 if the seat is taken, a bot's, the
        creator's or the game over; 404 for an unknown game or seat."""
        ctx.throttle(
            ctx.creating, ctx.client_of(request), "games created and seats taken", "--create-rate"
        )
        room = await ctx.room(game_id)
        last = len(room.row.seats) - 1
        try:  # ASCII digits only: int() also takes "٣" and fails on "²"
            n = ascii_int(seat, "a seat", 0, last)
        except BadRequest:
            raise BadRequest(
                f"game {game_id} has no seat {seat[:20]!r}: its seats are 0 to {last}, "
                "written in ASCII digits 0-9",
                "not-found",
                404,
            ) from None
        account = await ctx.account(request)
        body = parse_json(await request.body())
        if not isinstance(body, dict) or set(body) != {"name"}:
            raise BadRequest('the body is {"name": "<your name>"}')
        name = player_name(body["name"], "name")
        token = secrets.token_urlsafe(24)
        async with room.lock:
            row = room.row
            s = row.seats[n]
            if row.status == "finished" or room.game.result() is not None:
                raise BadRequest(
                    "the game is over; its seats are not taken any more", "game-over", 409
                )
            if s["kind"] != "human":
                raise BadRequest(f"seat {n} is played by a bot", "seat-taken", 409)
            if not seat_free(row, s):
                raise BadRequest(f"seat {n} is taken", "seat-taken", 409)
            if row.rated and account is None:
                raise BadRequest(
                    "a rated game is between accounts: sign in to take a seat",
                    "sign-in-needed",
                    403,
                )
            try:
                await room.store.take_seat(
                    game_id, n, name, token_hash(token), None if account is None else account.id
                )
            except SeatTaken:
                raise BadRequest(f"seat {n} is taken", "seat-taken", 409) from None
            s["name"], s["token_hash"] = name, token_hash(token)
            if account is not None:
                s["account_id"] = account.id
        room.seat_names_changed()
        base = links_base(ctx.base_url, request)
        return {"seat": n, "token": token, "url": f"{base}/play/{game_id}?token={token}"}

    @r.get("/api/games")
    async def list_games(
        status: str | None = None,
        variant: str | None = None,
        limit: str | None = None,
        cursor: str | None = None,
        ids: str | None = None,
    ) -> dict[str, Any]:
        """A page of the lobby, newest first: ``status`` (open, running,
        finished), ``variant``, ``ids`` (comma-separated, at most
        :data:`LOBBY_IDS`), ``limit`` (:data:`LOBBY_PAGE`) and ``cursor``
        (the ``next_cursor`` of the page before; null on the last page).
        Built from the stored rows; a game in memory gives its live summary,
        one that is not its stored ``waiting`` (``games.waiting``; null if
        not known: stored before migration 0007 and not moved since)."""
        if status not in (None, *LOBBY_STATUSES):
            raise BadRequest(f"status is one of {', '.join(LOBBY_STATUSES)}, not {status!r}")
        if variant is not None and variant not in VARIANTS:
            raise BadRequest(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
        size = LOBBY_PAGE[0]
        if limit is not None:
            size = ascii_int(limit, "limit (games a page)", 1, LOBBY_PAGE[1])
        wanted = None
        if ids is not None:
            wanted = [i for i in ids.split(",") if i]
            if len(wanted) > LOBBY_IDS:
                raise BadRequest(f"ids names at most {LOBBY_IDS} games, comma-separated")
            bad = next((i for i in wanted if not is_game_id(i)), None)
            if bad is not None:
                raise BadRequest(
                    f"ids names games by their ids (letters, digits, - and _, at most "
                    f"{ID_COLUMN} characters), not {bad[:40]!r}"
                )
        try:
            page, nxt = await ctx.hub().store.lobby(status, variant, size, cursor, wanted)
        except ValueError as e:
            raise BadRequest(str(e), "bad-cursor") from None
        out = []
        for row, seq in page:
            if row.variant not in VARIANTS:  # a row no server stored
                await ctx.hub().store.mark_broken(row.id, f"unknown variant {row.variant!r}")
                continue
            room = ctx.hub().rooms.get(row.id)
            out.append(summary(room) if room is not None else row_summary(row, seq, row.waiting))
        return {"games": out, "next_cursor": nxt}

    @r.get("/api/games/{game_id}")
    async def gamesummary(game_id: str) -> dict[str, Any]:
        return summary(await ctx.room(game_id))

    @r.get("/api/games/{game_id}/state")
    async def game_state(
        game_id: str,
        request: Request,
        spectate: str | None = None,
        since: str = "0",
        lang: str = "en",
    ) -> dict[str, Any]:
        room = await ctx.room(game_id)
        seat = seat_of(room, bearer(request), spectate, await ctx.account(request))
        # a step; past the last step the log is empty
        step = ascii_int(since, "since (a step)", 0, MAX_STEP)
        return room.view(seat, step, lang)

    @r.post("/api/games/{game_id}/actions", openapi_extra=ACTION_BODY)
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        room = await ctx.room(game_id)
        seat = seat_of(room, bearer(request), None, await ctx.account(request))
        if seat is None:  # a finished game's public view: nobody's seat
            raise BadRequest("spectators do not act", "forbidden", 403)
        body = parse_json(await request.body())
        if not isinstance(body, dict) or set(body) != {"seq", "action"}:
            raise BadRequest('the body is {"seq": <state>, "action": <action JSON>}')
        seq = body["seq"]
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise BadRequest("seq must be an integer")
        ctx.throttle(ctx.acting, ctx.client_of(request), "actions", "--action-rate")
        start = time.perf_counter()
        new_seq = await room.act(seat, seq, body["action"])
        ctx.metrics.ack_seconds.observe(time.perf_counter() - start)
        return {"type": "ack", "seq": new_seq}

    return r
