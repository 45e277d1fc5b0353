"""The multiplayer server (``bohn serve``): HTTP for the lobby, WebSockets for play.

HTTP (JSON; request bodies at most :data:`MAX_BODY` bytes):

* ``GET /api/variants`` — the rulesets, their player counts, options and bots;
* ``POST /api/games`` — create a game: ``{"variant", "players", "options",
  "seats": [{"kind": "human"} | {"kind": "bot", "bot": "greedy"}, ...],
  "think_ms", "seed", "clock_s"}`` (``clock_s``: the turn clock, seconds a
  human seat has for each decision, :data:`CLOCK_RANGE`; null or absent: no
  clock; when it runs out the server's greedy bot plays that decision); the
  answer holds one join link and token per human
  seat and the spectator link (tokens are shown once; the server keeps only
  their SHA-256);
* ``GET /api/games`` (``?status=open|running|finished&variant=&limit=&cursor=``)
  — a page of the lobby, newest first, and ``next_cursor`` for the next one;
* ``GET /api/games/{id}`` — one game's public summary;
* ``GET /api/games/{id}/state`` — the view of the seat whose token is given
  (``Authorization: Bearer <token>``; no token: the spectator's view with the
  spectator token, ``?spectate=<token>``, or with none once the game is
  over); ``?since=<step>`` sends only the log from that step on;
* ``POST /api/games/{id}/actions`` — ``{"seq", "action"}`` with a seat's
  token: the action, chosen on state ``seq``;
* ``GET /api/games/{id}/replay`` — the game as a replay file
  (``docs/replay.md``);
* ``GET /api/games/{id}/replay/steps?from=A&to=B&lang=en|de`` — the board at
  steps A..B (``bohn.server.replays``): a finished game's for everyone, every
  hand revealed; a running one's with the spectator token, as a spectator
  sees it;
* ``GET /api/games/{id}/replay/turns?lang=en|de`` — the same game turn by
  turn, each turn's first step and sentences.

WebSocket ``/ws/games/{id}?token=<seat token>`` (or ``?spectate=<token>``):
the server sends ``{"type": "state", ...}`` (observation, legal actions, the
redacted log) on connecting and after every change; the client sends
``{"type": "act", "seq", "action"}`` and gets ``{"type": "ack", "seq"}`` or
``{"type": "error", "code", "message", "rule"}``. A seat sees only its own
observation; a spectator the public one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bohn.bots.base import BotSpecError, check_bot_spec, load_bots, make_bot
from bohn.catalogue import catalogue
from bohn.engine.errors import SetupError
from bohn.engine.replay import record
from bohn.rulesets import ASSETS, RULESETS, VARIANTS
from bohn.server import limits
from bohn.server.limits import Limiter, Rate, client_key, rate_text
from bohn.server.metrics import Metrics
from bohn.server.replays import MAX_STEPS, ReplayCache, step_view
from bohn.server.rooms import Hub, Refused, Room, seat_names
from bohn.server.store import (
    LOBBY_STATUSES,
    BrokenGame,
    ExpiredGame,
    GameRow,
    SeatTaken,
    Store,
    migrate,
    token_hash,
)
from bohn.variants import variant_info

#: the largest request body or WebSocket message accepted, in bytes
MAX_BODY = 64 * 1024
#: the deepest arrays and objects may nest in a request body or a WebSocket
#: message (an action's JSON nests 3 levels)
MAX_DEPTH = 32
#: the largest WebSocket message read at all, in bytes: one up to this size
#: over :data:`MAX_BODY` is answered with an error, then the socket closed
#: (1009); the protocol layer closes on a larger one without reading it
WS_READ_MAX = 16 * MAX_BODY
#: the Content-Security-Policy of every response: the pages run only the
#: server's own script files (no inline script, no handler attributes, no
#: eval), load nothing from elsewhere, and no site may frame them
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: the headers every HTTP response carries
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
#: the longest think time a bot seat may be given, in milliseconds
MAX_THINK_MS = 10_000
#: the turn clock's seconds per decision, least and most
CLOCK_RANGE = (10, 3600)


class _TooLarge(Exception):
    pass


class _BodyLimit:
    """Refuses HTTP request bodies over :data:`MAX_BODY` bytes with 413, by
    their ``Content-Length`` or, without one, as they arrive (plain ASGI)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = JSONResponse(
            {"code": "too-large", "message": f"request bodies hold at most {MAX_BODY} bytes"},
            status_code=413,
        )
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > MAX_BODY):
                await too_large(scope, receive, send)
                return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise _TooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except _TooLarge:
            if started:
                raise
            await too_large(scope, receive, send)


class _SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response (plain ASGI)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [h for h in SECURITY_HEADERS if h[0] not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def too_deep(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest in ``value`` (parsed JSON) more than
    ``limit`` levels deep: read level by level, without recursion, and no
    further than the level past the limit."""
    level = [value]
    for depth in range(1, limit + 2):
        containers = [v for v in level if isinstance(v, list | dict)]
        if not containers:
            return False
        if depth > limit:
            return True
        level = [x for v in containers for x in (v.values() if isinstance(v, dict) else v)]
    return True  # pragma: no cover - the loop returns


def parse_json(data: bytes | str, what: str = "the body") -> Any:
    """``data`` as JSON, arrays and objects nested at most :data:`MAX_DEPTH`
    levels; BadRequest else. (The standard parser refuses nesting deeper
    than Python's recursion limit with RecursionError, safely; anything
    past the limit here is refused before any code walks it.)"""
    try:
        text = data.decode() if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise BadRequest(f"{what} must be JSON (in UTF-8)") from None
    deep = BadRequest(
        f"{what} nests arrays and objects more than {MAX_DEPTH} levels deep (at most {MAX_DEPTH})",
        "too-deep",
    )
    try:
        value = json.loads(text)
    except RecursionError:
        raise deep from None
    except ValueError:
        raise BadRequest(f"{what} must be JSON") from None
    if too_deep(value, MAX_DEPTH):
        raise deep
    return value


#: bohn's server logger (``docs/server.md``, Logs)
log = logging.getLogger("bohn.server")

#: the languages of the card texts (``?lang=``)
LANGS = ("en", "de")
#: the browser files a ruleset may serve (``Ruleset.asset``) and their media types
CLIENT_ASSETS = {"client.js": "text/javascript", "client.css": "text/css"}


def _error(
    status: int,
    code: str,
    message: str,
    rule: str | None = None,
    extra: dict[str, Any] | None = None,
) -> JSONResponse:
    body = {"code": code, "message": message, "rule": rule, **(extra or {})}
    return JSONResponse(body, status_code=status)


class BadRequest(Exception):
    """A request refused: ``message`` for people (English), ``code`` and
    ``extra`` (further fields of the answer) for programs, such as a page
    that words the refusal in its own language."""

    def __init__(
        self,
        message: str,
        code: str = "bad-request",
        status: int = 400,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.extra = extra or {}


class RateLimited(BadRequest):
    """A client over one of its rate limits: 429 with ``Retry-After``; the
    answer also says which limit (``limit``: the ``bohn serve`` flag without
    its dashes), its ``burst`` and ``per_second``, and ``retry_after``."""

    def __init__(self, message: str, retry_after: float, limit: str, rate: Rate) -> None:
        wait = max(1, math.ceil(retry_after))
        extra = {"limit": limit, "burst": rate.burst, "per_second": rate.rate, "retry_after": wait}
        super().__init__(message, "rate-limited", 429, extra)
        self.retry_after = wait


#: the lobby's page size: by default, and the most
LOBBY_PAGE = (50, 200)
#: the most games one lobby request may name (``?ids=``)
LOBBY_IDS = 50


#: the longest player name, in characters
MAX_NAME = 40


def player_name(value: Any, where: str) -> str:
    """A player's name as given (``where`` says whose, for the message):
    trimmed, 1 to :data:`MAX_NAME` printable characters; BadRequest else."""
    if not isinstance(value, str):
        raise BadRequest(f"{where}: a name is a string of 1 to {MAX_NAME} characters")
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise BadRequest(f"{where}: a name has 1 to {MAX_NAME} characters, not {len(name)}")
    if not name.isprintable():
        raise BadRequest(f"{where}: a name holds only printable characters")
    return name


def bot_name(spec: str) -> str:
    """The name a bot's seat shows: its bot's ("greedy bot")."""
    return f"{spec.split(':', 1)[0]} bot"


def _free(row: Any, seat: dict[str, Any]) -> bool:
    """Whether a person may take ``seat`` from the lobby: a human seat that
    nobody has taken (no name) or joined through its link, and not the
    creator's (the first human seat). A finished game has none."""
    if seat["kind"] != "human" or seat.get("name") or seat["joined"] or row.status == "finished":
        return False
    first = next(s["seat"] for s in row.seats if s["kind"] == "human")
    return bool(seat["seat"] != first)


#: a Host header links may be built from: a name or IPv4 address, or a
#: bracketed IPv6 address, and an optional port
_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?")
#: addresses a server listens on that a browser cannot reach it at
UNSPECIFIED = ("0.0.0.0", "::", "[::]", "")


def links_base(base_url: str, request: Request) -> str:
    """Where the links a request gets point: ``base_url`` (``bohn serve
    --public-url``) when set; else the scheme and Host of the request, when
    the Host is well-formed and not an unspecified address (0.0.0.0, [::]);
    else nothing (links relative to the page)."""
    if base_url:
        return base_url
    host = request.headers.get("host", "")
    if not _HOST.fullmatch(host) or host.rsplit(":", 1)[0] in UNSPECIFIED or host in UNSPECIFIED:
        return ""
    scheme = request.url.scheme if request.url.scheme in ("http", "https") else "http"
    return f"{scheme}://{host}"


def _new_game_spec(body: Any) -> dict[str, Any]:
    """Validate a create-game request; its normalised form."""
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    unknown = set(body) - {
        "variant",
        "players",
        "options",
        "seats",
        "think_ms",
        "seed",
        "clock_s",
    }
    if unknown:
        raise BadRequest(f"unknown keys: {', '.join(sorted(unknown))}")
    variant = body.get("variant")
    if variant not in VARIANTS:
        raise BadRequest(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    cls = VARIANTS[variant]
    players = body.get("players", min(cls.allowed_players(), key=lambda n: (abs(n - 4), n)))
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in cls.allowed_players()
    ):
        raise BadRequest(f"{variant} is for {cls.players_text()} players, not {players!r}")
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise BadRequest("options must be an object")
    try:
        cls.resolve_options(options)
    except SetupError as e:
        raise BadRequest(e.message) from None
    seats = body.get(
        "seats", [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    )
    if not isinstance(seats, list) or len(seats) != players:
        raise BadRequest(f"seats must list {players} seats")
    rows: list[dict[str, Any]] = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise BadRequest(
                f"seat {i} must be {{'kind': 'human'}} or {{'kind': 'bot', 'bot': 'greedy'}}"
            )
        if s["kind"] == "bot":
            spec = s.get("bot", "greedy")
            if not isinstance(spec, str):
                raise BadRequest(f"seat {i}: a bot is named by a short spec, e.g. 'greedy'")
            try:
                # the kind and every parameter within its bounds (the
                # server's, Param.server_high), and a bot that can be made
                check_bot_spec(spec, server=True)
                make_bot(spec, 0, server=True)
            except BotSpecError as e:
                raise BadRequest(f"seat {i}: {e}", "bad-bot") from None
            except ValueError as e:  # parameters that do not go together
                raise BadRequest(f"seat {i}: {e}", "bad-bot") from None
            rows.append(
                {"seat": i, "kind": "bot", "bot": spec, "token_hash": None, "name": bot_name(spec)}
            )
        else:
            name = None if s.get("name") is None else player_name(s["name"], f"seat {i}")
            rows.append({"seat": i, "kind": "human", "bot": None, "name": name})
    if not any(r["kind"] == "human" for r in rows):
        raise BadRequest(
            "a game on the server needs at least one human seat (use bohn sim for bots)"
        )
    think = body.get("think_ms", 0)
    if isinstance(think, bool) or not isinstance(think, int) or not 0 <= think <= MAX_THINK_MS:
        raise BadRequest(f"think_ms must be an integer from 0 to {MAX_THINK_MS}")
    clock = body.get("clock_s")
    if clock is not None and (
        isinstance(clock, bool)
        or not isinstance(clock, int)
        or not CLOCK_RANGE[0] <= clock <= CLOCK_RANGE[1]
    ):
        raise BadRequest(
            f"clock_s (the turn clock) is a whole number of seconds from {CLOCK_RANGE[0]} "
            f"to {CLOCK_RANGE[1]}, or null for no clock; not {clock!r}"
        )
    seed = body.get("seed", secrets.randbits(48))
    if isinstance(seed, bool) or not isinstance(seed, int | str) or len(str(seed)) > 60:
        raise BadRequest("seed must be an integer or a short string")
    return {
        "variant": variant,
        "players": players,
        "options": options,
        "seats": rows,
        "think_ms": think,
        "seed": seed,
        "clock_s": clock,
        "seed_chosen": "seed" in body,
    }


def _body(schema: dict[str, Any], example: Any) -> dict[str, Any]:
    """The OpenAPI description of a JSON request body (the handlers read the
    body themselves, and refuse what does not fit with a message)."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": schema, "example": example}},
        }
    }


def _create_schema() -> dict[str, Any]:
    """The create-game body as JSON Schema (what :func:`_new_game_spec` takes)."""
    name = {"type": ["string", "null"], "minLength": 1, "maxLength": MAX_NAME}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["variant"],
        "properties": {
            "variant": {"type": "string", "enum": list(VARIANTS)},
            "players": {"type": "integer", "minimum": 1, "maximum": 8},
            "options": {"type": "object"},
            "seats": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": {
                        "kind": {"type": "string", "enum": ["human", "bot"]},
                        "name": name,
                        "bot": {
                            "type": "string",
                            "maxLength": 120,
                            "examples": ["greedy", "random", "greedy:proposals=1"],
                        },
                    },
                },
            },
            "think_ms": {"type": "integer", "minimum": 0, "maximum": MAX_THINK_MS},
            "seed": {"type": ["integer", "string"], "maxLength": 60},
            "clock_s": {
                "type": ["integer", "null"],
                "minimum": CLOCK_RANGE[0],
                "maximum": CLOCK_RANGE[1],
            },
        },
    }


_TAKE_BODY = _body(
    {
        "type": "object",
        "additionalProperties": False,
        "required": ["name"],
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME}},
    },
    {"name": "Ada"},
)
_ACTION_BODY = _body(
    {
        "type": "object",
        "additionalProperties": False,
        "required": ["seq", "action"],
        "properties": {
            "seq": {"type": "integer", "minimum": 0},
            "action": {
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"type": "string"}},
                "description": "an action's JSON (docs/actions.md)",
            },
        },
    },
    {"seq": 0, "action": {"type": "plant", "from": "hand"}},
)


def _summary(room: Room) -> dict[str, Any]:
    """A live game's summary."""
    return _row_summary(room.row, room.game.seq, sorted(room.game.waiting_for()))


def _row_summary(row: GameRow, seq: int, waiting_for: list[int] | None) -> dict[str, Any]:
    """A game's summary from its row, its ``seq`` and the seats it waits on
    (None: not known without loading the game; a finished game waits on nobody)."""
    if waiting_for is None and row.status == "finished":
        waiting_for = []
    humans = [s for s in row.seats if s["kind"] == "human"]
    status = row.status
    if status == "running" and not all(s["joined"] for s in humans):
        status = "open"
    return {
        "id": row.id,
        "variant": row.variant,
        "title": VARIANTS[row.variant].title,
        "players": row.players,
        "options": row.options,
        "clock_s": row.clock_s,
        "status": status,
        "seq": seq,
        "seats": [
            {
                "seat": s["seat"],
                "kind": s["kind"],
                "bot": s["bot"],
                "joined": s["joined"],
                **_seat_identity(row, s),
            }
            for s in row.seats
        ],
        "seed_chosen": row.seed_chosen,
        "waiting_for": waiting_for,
        "result": row.result,
        "created_at": row.created_at,
    }


def _duration(seconds: float | None) -> str:
    """A time to live in words: "24 h", "90 min", "30 s" (None: "ever")."""
    if seconds is None:
        return "ever"
    for unit, n in (("h", 3600), ("min", 60)):
        if seconds >= n and seconds % n == 0:
            return f"{int(seconds // n)} {unit}"
    return f"{seconds:g} s"


def _seat_identity(row: Any, seat: dict[str, Any]) -> dict[str, Any]:
    """A seat's name and whether it is free, as summaries show them."""
    return {"name": seat_names(row)[seat["seat"]], "free": _free(row, seat)}


def create_app(
    db_url: str = "sqlite:///bohn.db",
    *,
    base_url: str = "",
    create_rate: Rate | None = limits.CREATE_RATE,
    action_rate: Rate | None = limits.ACTION_RATE,
    max_open_games: int | None = limits.MAX_OPEN_GAMES,
    open_game_ttl: float | None = limits.OPEN_GAME_TTL,
    trust_proxy: bool = False,
    cluster: bool = False,
) -> FastAPI:
    """The server as an ASGI app, on the database ``db_url`` (migrated on start).

    The limits against abuse (``docs/server.md``, Limits; None: none):
    ``create_rate`` for creating games and taking seats and ``action_rate``
    for actions, each per client; ``max_open_games`` open games one client
    may have created; ``open_game_ttl`` seconds after which an open game
    nobody joined, unchanged since, expires. ``trust_proxy``: a client is the
    last address of ``X-Forwarded-For`` (the server is behind a proxy that
    adds it), not the socket's peer. ``cluster``: one of several processes
    sharing the PostgreSQL database ``db_url`` (:mod:`bohn.server.cluster`;
    ValueError for another database)."""
    store_box: dict[str, Any] = {}
    if cluster:
        from bohn.server.cluster import Cluster, is_cluster_url

        if not is_cluster_url(db_url):
            raise ValueError("a cluster's servers share one PostgreSQL database")
    creating = Limiter(create_rate) if create_rate is not None else None
    acting = Limiter(action_rate) if action_rate is not None else None
    #: the open games are counted and the new one stored under it, so that a
    #: client's requests at the same moment cannot pass the cap together
    create_lock = asyncio.Lock()

    def client_of(conn: Request | WebSocket) -> str:
        peer = conn.client.host if conn.client is not None else None
        return client_key(peer, conn.headers.get("x-forwarded-for"), trust_proxy)

    def throttle(limiter: Limiter | None, client: str, what: str, flag: str) -> None:
        """Take one of ``client``'s tokens for ``what``; RateLimited else."""
        if limiter is None:
            return
        wait = limiter.take(client)
        if wait > 0:
            raise RateLimited(
                f"too many {what} from your address: at most {rate_text(limiter.limit)} "
                f"(the server's limit, bohn serve {flag}); try again in {math.ceil(wait)} s",
                wait,
                flag.lstrip("-"),
                limiter.limit,
            )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate, db_url)
        store = Store(db_url)
        hub = Hub(store, open_game_ttl=open_game_ttl)
        store_box["store"], store_box["hub"] = store, hub
        if cluster:
            await Cluster(hub, db_url).start()
        await hub.resume_all()
        upkeep = asyncio.get_running_loop().create_task(hub.maintain())
        try:
            yield
        finally:
            upkeep.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await upkeep
            await hub.close()
            await store.close()

    # no /docs or /redoc pages: they run inline script from elsewhere, which
    # the pages' Content-Security-Policy forbids (the schema is /openapi.json)
    app = FastAPI(title="bohn", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(_BodyLimit)
    app.add_middleware(_SecurityHeaders)  # the outermost: every answer has them

    def hub() -> Hub:
        h: Hub = store_box["hub"]
        return h

    metrics = Metrics(lambda: store_box.get("hub"))

    @app.exception_handler(BadRequest)
    async def _bad(request: Request, exc: BadRequest) -> JSONResponse:
        answer = _error(exc.status, exc.code, exc.message, extra=exc.extra)
        if isinstance(exc, RateLimited):
            answer.headers["Retry-After"] = str(exc.retry_after)
        return answer

    @app.exception_handler(Exception)
    async def _failed(request: Request, exc: Exception) -> JSONResponse:
        """A route that failed unexpectedly (a defect): logged by bohn's logger
        with the request and the game's id, and answered in the API's error
        form with the security headers (this answer is made outside the
        middleware that adds them to every other one)."""
        game = request.path_params.get("game_id")
        log.error(
            "%s %s failed%s",
            request.method,
            request.url.path,
            f" (game {game})" if game else "",
            exc_info=exc,
            extra={"game": game} if game else {},
        )
        answer = _error(
            500, "internal", "the server failed on this request (logged on the server); try again"
        )
        for name, value in SECURITY_HEADERS:
            answer.headers.setdefault(name.decode(), value.decode())
        return answer

    @app.exception_handler(Refused)
    async def _refused(request: Request, exc: Refused) -> JSONResponse:
        return _error(
            409 if exc.code in ("stale", "game-over") else 422, exc.code, exc.message, exc.rule
        )

    async def _room(game_id: str) -> Room:
        if len(game_id) > 32:
            raise BadRequest("no such game", "not-found", 404)
        try:
            room = await hub().room(game_id)
        except BrokenGame as e:
            raise BadRequest(
                f"game {game_id} is stored but cannot be loaded (marked broken): {e.reason}",
                "broken",
                410,
            ) from None
        except ExpiredGame:
            raise BadRequest(
                f"game {game_id} expired: nobody joined it and nothing happened in it for "
                f"{_duration(open_game_ttl)} (the server's limit for open games, "
                "bohn serve --open-game-ttl)",
                "expired",
                410,
            ) from None
        if room is None:
            raise BadRequest("no such game", "not-found", 404)
        return room

    def _seat_of(room: Room, token: str | None, spectate: str | None) -> int | None:
        """The seat a token plays (None: the spectator); BadRequest if neither fits."""
        if token:
            h = token_hash(token)
            for s in room.row.seats:
                if s["token_hash"] is not None and secrets.compare_digest(s["token_hash"], h):
                    return int(s["seat"])
            raise BadRequest("this token plays no seat of this game", "forbidden", 403)
        if spectate and secrets.compare_digest(room.row.spectator_hash, token_hash(spectate)):
            return None
        if not spectate and room.game.result() is not None:
            return None  # a finished game is public: its public view for everyone
        raise BadRequest("a seat token or the spectator token is needed", "forbidden", 403)

    def _bearer(request: Request) -> str | None:
        auth = request.headers.get("authorization", "")
        return auth[7:].strip() if auth.lower().startswith("bearer ") else None

    static = Path(__file__).resolve().parent / "static"

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(static / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return FileResponse(static / "play.html")

    app.mount("/static", StaticFiles(directory=static), name="static")

    @app.get("/rulesets/{variant}/{name}", include_in_schema=False)
    async def ruleset_asset(variant: str, name: str) -> Response:
        """A ruleset's own browser code and its styles (``client.js``,
        ``client.css`` of its package, or of the ruleset it is built on);
        404 for an unknown variant or asset, or one the ruleset lacks."""
        if variant not in RULESETS:
            return _error(404, "not-found", f"unknown variant {variant!r}")
        media = CLIENT_ASSETS.get(name)
        if media is None or name not in ASSETS:
            return _error(404, "not-found", f"no ruleset asset {name!r}")
        found = RULESETS[variant].asset(name)
        if found is None:
            what = "client code" if name == "client.js" else f"{name}"
            return _error(404, "not-found", f"{variant} has no {what} of its own")
        return Response(found.read_text(encoding="utf-8"), media_type=media)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """The server answers: ``{"status": "ok", "live_games"}`` (the games
        loaded in memory); in a cluster also ``node``, this process's id in
        the leases, and ``owned``, the games it owns."""
        h = hub()
        if h.cluster is not None:
            return {"status": "ok", "live_games": len(h.rooms), **h.cluster.health()}
        return {"status": "ok", "live_games": len(h.rooms)}

    @app.get("/metrics", response_class=Response)
    async def prometheus_metrics() -> Response:
        """The server's metrics in Prometheus's text format (:mod:`bohn.server.metrics`)."""
        return Response(metrics.text(), media_type="text/plain; version=0.0.4; charset=utf-8")

    @app.get("/api/variants")
    async def variants() -> dict[str, Any]:
        return {
            "variants": [variant_info(cls) for cls in VARIANTS.values()],
            "bots": sorted(load_bots()),
        }

    @app.get("/api/variants/{variant}/cards")
    async def variant_cards(variant: str, lang: str = "en") -> Response:
        """The card catalogue of ``variant`` (``Catalogue.to_json``: every
        card's names, look, beanometer and text in German and English) and
        ``lang``, the language the page shows it in: ``en`` or ``de``, 400
        for any other; 404 for an unknown variant."""
        if variant not in VARIANTS:
            return _error(404, "not-found", f"unknown variant {variant!r}")
        if lang not in LANGS:
            return _error(400, "bad-request", f"lang is one of {', '.join(LANGS)}, not {lang!r}")
        body = {**catalogue(variant).to_json(), "lang": lang}
        return Response(orjson.dumps(body), media_type="application/json")

    @app.post(
        "/api/games",
        status_code=201,
        openapi_extra=_body(
            _create_schema(),
            {"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3},
        ),
    )
    async def create_game(request: Request) -> dict[str, Any]:
        client = client_of(request)
        throttle(creating, client, "games created and seats taken", "--create-rate")
        body = parse_json(await request.body())
        spec = _new_game_spec(body)
        game_id = secrets.token_hex(8)
        tokens: dict[int, str] = {}
        for r in spec["seats"]:
            if r["kind"] == "human":
                tokens[r["seat"]] = secrets.token_urlsafe(24)
                r["token_hash"] = token_hash(tokens[r["seat"]])
        spectate = secrets.token_urlsafe(24)
        # the game must set up before it is stored (options the rules refuse)
        try:
            first = VARIANTS[spec["variant"]].new(spec["players"], spec["seed"], spec["options"])
        except SetupError as e:
            raise BadRequest(e.message) from None
        creator = token_hash(client)
        async with create_lock:
            if max_open_games is not None:
                n = await hub().store.count_open(creator)
                if n >= max_open_games:
                    raise BadRequest(
                        f"your address has {n} open games (a person's seat not joined yet); "
                        f"at most {max_open_games} (the server's limit, bohn serve "
                        "--max-open-games): join them or wait until they expire, "
                        f"{_duration(open_game_ttl)} after their last change",
                        "too-many-open-games",
                        429,
                        {"limit": "max-open-games", "open": n, "most": max_open_games},
                    )
            await hub().store.create_game(
                game_id,
                spec["variant"],
                spec["players"],
                spec["seed"],
                spec["options"],
                spec["think_ms"],
                token_hash(spectate),
                spec["seats"],
                spec["clock_s"],
                spec["seed_chosen"],
                creator_hash=creator,
                waiting=sorted(first.waiting_for()),
            )
        room = await _room(game_id)
        base = links_base(base_url, request)
        return {
            **_summary(room),
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

    @app.post("/api/games/{game_id}/seats/{seat}/take", openapi_extra=_TAKE_BODY)
    async def take_seat(game_id: str, seat: str, request: Request) -> dict[str, Any]:
        """Take the free human seat ``seat`` under the name in the body
        (``{"name"}``): the seat's new token and play link; any earlier link
        of the seat stops working. 409 if the seat is taken, a bot's, the
        creator's or the game over; 404 for an unknown game or seat."""
        throttle(creating, client_of(request), "games created and seats taken", "--create-rate")
        room = await _room(game_id)
        if not seat.isdigit() or int(seat) >= len(room.row.seats):
            raise BadRequest(f"game {game_id} has no seat {seat}", "not-found", 404)
        n = int(seat)
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
            if not _free(row, s):
                raise BadRequest(f"seat {n} is taken", "seat-taken", 409)
            try:
                await room.store.take_seat(game_id, n, name, token_hash(token))
            except SeatTaken:
                raise BadRequest(f"seat {n} is taken", "seat-taken", 409) from None
            s["name"], s["token_hash"] = name, token_hash(token)
        room.seat_names_changed()
        base = links_base(base_url, request)
        return {"seat": n, "token": token, "url": f"{base}/play/{game_id}?token={token}"}

    @app.get("/api/games")
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
            if not limit.isdigit() or not 1 <= int(limit) <= LOBBY_PAGE[1]:
                raise BadRequest(f"limit is a number of games from 1 to {LOBBY_PAGE[1]}")
            size = int(limit)
        wanted = None
        if ids is not None:
            wanted = [i for i in ids.split(",") if i]
            if len(wanted) > LOBBY_IDS or any(len(i) > 32 for i in wanted):
                raise BadRequest(f"ids names at most {LOBBY_IDS} games, comma-separated")
        try:
            page, nxt = await hub().store.lobby(status, variant, size, cursor, wanted)
        except ValueError as e:
            raise BadRequest(str(e), "bad-cursor") from None
        out = []
        for row, seq in page:
            if row.variant not in VARIANTS:  # a row no server stored
                await hub().store.mark_broken(row.id, f"unknown variant {row.variant!r}")
                continue
            room = hub().rooms.get(row.id)
            out.append(_summary(room) if room is not None else _row_summary(row, seq, row.waiting))
        return {"games": out, "next_cursor": nxt}

    @app.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> dict[str, Any]:
        return _summary(await _room(game_id))

    @app.get("/api/games/{game_id}/state")
    async def game_state(
        game_id: str,
        request: Request,
        spectate: str | None = None,
        since: int = 0,
        lang: str = "en",
    ) -> dict[str, Any]:
        room = await _room(game_id)
        seat = _seat_of(room, _bearer(request), spectate)
        return room.view(seat, max(0, since), lang)

    @app.post("/api/games/{game_id}/actions", openapi_extra=_ACTION_BODY)
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        room = await _room(game_id)
        seat = _seat_of(room, _bearer(request), None)
        if seat is None:  # pragma: no cover - _seat_of needs a token here
            raise BadRequest("spectators do not act", "forbidden", 403)
        body = parse_json(await request.body())
        if not isinstance(body, dict) or set(body) != {"seq", "action"}:
            raise BadRequest('the body is {"seq": <state>, "action": <action JSON>}')
        seq = body["seq"]
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise BadRequest("seq must be an integer")
        throttle(acting, client_of(request), "actions", "--action-rate")
        start = time.perf_counter()
        new_seq = await room.act(seat, seq, body["action"])
        metrics.ack_seconds.observe(time.perf_counter() - start)
        return {"type": "ack", "seq": new_seq}

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str) -> dict[str, Any]:
        room = await _room(game_id)
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
        room = await _room(game_id)
        if room.game.result() is None and not (
            spectate and secrets.compare_digest(room.row.spectator_hash, token_hash(spectate))
        ):
            raise BadRequest(
                "the game is still running: its steps need the spectator token (?spectate=)",
                "forbidden",
                403,
            )
        return room, replayed.get(game_id, room.game)

    @app.get("/api/games/{game_id}/replay/steps")
    async def replay_steps(
        game_id: str, request: Request, spectate: str | None = None, lang: str = "en"
    ) -> Response:
        room, rep = await _replayed(game_id, spectate, lang)
        q = request.query_params
        try:
            first = int(q.get("from", "0"))
            last = int(q["to"]) if "to" in q else min(rep.last, first + MAX_STEPS - 1)
        except ValueError:
            raise BadRequest("from and to are step numbers (integers)") from None
        if not 0 <= first <= rep.last:
            raise BadRequest(f"from is a step from 0 to {rep.last}, not {first}", "bad-step", 400)
        if last < first:
            raise BadRequest(f"to ({last}) comes before from ({first})", "bad-step", 400)
        if last - first >= MAX_STEPS:
            raise BadRequest(f"at most {MAX_STEPS} steps at a time", "bad-step", 400)
        last = min(last, rep.last)
        names = seat_names(room.row)
        views = [
            step_view(g, game_id, lang, rep.over, names=names, seed_chosen=room.row.seed_chosen)
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

    @app.get("/api/games/{game_id}/replay/turns")
    async def replay_turns(game_id: str, spectate: str | None = None, lang: str = "en") -> Response:
        room, rep = await _replayed(game_id, spectate, lang)
        seats = [s["bot"] if s["kind"] == "bot" else "human" for s in room.row.seats]
        body = {
            "game": game_id,
            "variant": room.row.variant,
            "title": VARIANTS[room.row.variant].title,
            "players": room.row.players,
            "seats": seats,
            "last": rep.last,
            "over": rep.over,
            "result": room.row.result if rep.over else None,
            "turns": rep.turns(lang, seat_names(room.row)),
        }
        return Response(orjson.dumps(body), media_type="application/json")

    @app.websocket("/ws/games/{game_id}")
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
            room = await _room(game_id)
            seat = _seat_of(room, ws.query_params.get("token"), ws.query_params.get("spectate"))
        except BadRequest as e:
            await ws.send_json({"type": "error", "code": e.code, "message": e.message})
            await ws.close(code=4403 if e.status == 403 else 4410 if e.status == 410 else 4404)
            return
        if seat is not None and not room.row.seats[seat]["joined"]:
            room.row.seats[seat]["joined"] = True
            await room.store.mark_joined(game_id, seat)
            if room.announce is not None:  # a cluster's other processes read it again
                room.announce()

        async def send(msg: dict[str, Any]) -> None:
            await ws.send_text(orjson.dumps(msg).decode())

        client = client_of(ws)

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
                    throttle(acting, client, "actions", "--action-rate")
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
                metrics.ack_seconds.observe(time.perf_counter() - start)
        except (WebSocketDisconnect, RuntimeError):  # the client went away
            pass
        finally:
            room.unwatch(send)

    return app


__all__ = ["MAX_BODY", "MAX_DEPTH", "create_app", "parse_json", "too_deep"]
