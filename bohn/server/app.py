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
from collections.abc import AsyncIterator
from collections.abc import Callable

from fastapi import FastAPI
from fastapi import Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from bohn.rulesets import VARIANTS
from bohn.server import limits
from bohn.server.accounts import AccountStore
from bohn.server.accounts import Passwords
from bohn.server.context import ServerContext
from bohn.server.csrf import CsrfGuard
from bohn.server.http import CSP
from bohn.server.http import MAX_BODY
from bohn.server.http import MAX_DEPTH
from bohn.server.http import SECURITY_HEADERS
from bohn.server.http import WS_READ_MAX
from bohn.server.http import BadRequest
from bohn.server.http import BodyLimit
from bohn.server.http import Failures
from bohn.server.http import RateLimited
from bohn.server.http import SecurityHeaders
from bohn.server.http import error_response
from bohn.server.http import internal_error
from bohn.server.http import log
from bohn.server.http import parse_json
from bohn.server.http import too_deep
from bohn.server.limits import Rate
from bohn.server.lobby import CLOCK_RANGE
from bohn.server.lobby import MAX_THINK_MS
from bohn.server.mail import Mailer
from bohn.server.mail import SmtpUrl
from bohn.server.notices import TurnNotices
from bohn.server.quick import QuickGames
from bohn.server.ratings import Ratings
from bohn.server.rooms import Hub
from bohn.server.rooms import Refused
from bohn.server.routes import accounts
from bohn.server.routes import agents
from bohn.server.routes import games
from bohn.server.routes import pages
from bohn.server.routes import players
from bohn.server.routes import quick
from bohn.server.routes import rematch
from bohn.server.routes import replay
from bohn.server.routes import socket
from bohn.server.routes.pages import STATIC
from bohn.server.routes.quick import make_game
from bohn.server.store import Store
from bohn.server.store import migrate


def create_app(
    db_url: str = "sqlite:///bohn.db",
    *,
    base_url: str = "",
    create_rate: Rate | None = limits.CREATE_RATE,
    action_rate: Rate | None = limits.ACTION_RATE,
    sign_in_rate: Rate | None = limits.SIGN_IN_RATE,
    max_open_games: int | None = limits.MAX_OPEN_GAMES,
    open_game_ttl: float | None = limits.OPEN_GAME_TTL,
    trust_proxy: bool = False,
    cluster: bool = False,
    smtp: str | None = None,
    mail_from: str = "bohn@localhost",
) -> FastAPI:
    """The server as an ASGI app, on the database ``db_url`` (migrated on start).

    The limits against abuse (``docs/server.md``, Limits; None: none):
    ``create_rate`` for creating games and taking seats and ``action_rate``
    for actions, ``sign_in_rate`` for signing in and up, each per client;
    ``max_open_games`` open games one client
    may have created; ``open_game_ttl`` seconds after which an open game
    nobody joined, unchanged since, expires. ``trust_proxy``: a client is the
    last address of ``X-Forwarded-For`` (the server is behind a proxy that
    adds it), not the socket's peer. ``cluster``: one of several processes
    sharing the PostgreSQL database ``db_url`` (:mod:`bohn.server.cluster`;
    ValueError for another database). ``smtp``: where turn mails go
    (``smtp://HOST:PORT``, :mod:`bohn.server.mail`; None: no mail), sent
    from ``mail_from``; the mails' links start with ``base_url``, which
    must then be set. The routes are in
    :mod:`bohn.server.routes`, one router a concern."""
    if cluster:
        from bohn.server.cluster import is_cluster_url

        if not is_cluster_url(db_url):
            raise ValueError("a cluster's servers share one PostgreSQL database")
    mailer = None
    if smtp is not None:
        if not base_url:
            raise ValueError("turn mails link to the server: give its public URL too")
        mailer = Mailer(SmtpUrl.parse(smtp), mail_from)
    ctx = ServerContext(
        db_url,
        base_url,
        create_rate,
        action_rate,
        max_open_games,
        open_game_ttl,
        trust_proxy,
        sign_in_rate,
    )

    lifespan = _lifespan(ctx, db_url, open_game_ttl, cluster, mailer)

    # no /docs or /redoc pages: they run inline script from elsewhere, which
    # the pages' Content-Security-Policy forbids (the schema is /openapi.json)
    app = FastAPI(title="bohn", lifespan=lifespan, docs_url=None, redoc_url=None)
    ctx.mailer = mailer
    # what the routes share, for an embedding program or a test to reach the live games
    app.state.ctx = ctx
    # a forged request is refused before any route reads it
    app.add_middleware(CsrfGuard, public=base_url)
    app.add_middleware(BodyLimit)
    # a route failing unexpectedly is answered 500 here, inside the security
    # headers' middleware, so that answer carries them as every other does
    app.add_middleware(Failures)
    app.add_middleware(SecurityHeaders)  # the outermost: every answer has them

    @app.exception_handler(BadRequest)
    async def _bad(request: Request, exc: BadRequest) -> JSONResponse:
        answer = error_response(exc.status, exc.code, exc.message, extra=exc.extra)
        if isinstance(exc, RateLimited):
            answer.headers["Retry-After"] = str(exc.retry_after)
        return answer

    @app.exception_handler(Exception)
    async def _failed(request: Request, exc: Exception) -> JSONResponse:
        """The last resort, for a failure outside :class:`Failures` (which
        answers a route's): logged, and answered in the API's error form with
        the security headers (this answer is made outside the middleware
        that adds them to every other one)."""
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        answer = internal_error()
        for name, value in SECURITY_HEADERS:
            answer.headers.setdefault(name.decode(), value.decode())
        return answer

    @app.exception_handler(Refused)
    async def _refused(request: Request, exc: Refused) -> JSONResponse:
        return error_response(
            409 if exc.code in ("stale", "game-over") else 422, exc.code, exc.message, exc.rule
        )

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for part in (pages, accounts, players, quick, games, replay, rematch, socket, agents):
        app.include_router(part.router(ctx))
    return app


def _lifespan(
    ctx: ServerContext,
    db_url: str,
    open_game_ttl: float | None,
    cluster: bool,
    mailer: Mailer | None,
) -> Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]:
    """The server's start and stop: the database migrated, the store, the
    accounts, the hub of live games (and a cluster's peers, turn mails),
    the games that move by themselves resumed, and the upkeep."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate, db_url)
        store = Store(db_url)
        ctx.accounts = AccountStore(store)
        ctx.passwords = Passwords()
        hub = ctx.live = Hub(store, open_game_ttl=open_game_ttl)
        ctx.ratings = Ratings(store)
        hub.game_over = ctx.ratings.game_over
        ctx.quick = QuickGames(store, make_game)
        ctx.quick.start()
        notices = None
        if mailer is not None:
            notices = TurnNotices(mailer, ctx.accounts, ctx.base_url)
            hub.tell_turn = notices.told
        if cluster:
            from bohn.server.cluster import Cluster

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
            if notices is not None:
                await notices.close()
            await ctx.ratings.close()  # the last games' ratings
            await ctx.quick.close()
            await store.close()

    return lifespan


__all__ = [
    "CLOCK_RANGE",
    "CSP",
    "MAX_BODY",
    "MAX_DEPTH",
    "MAX_THINK_MS",
    "SECURITY_HEADERS",
    "VARIANTS",
    "WS_READ_MAX",
    "BadRequest",
    "RateLimited",
    "create_app",
    "parse_json",
    "too_deep",
]
