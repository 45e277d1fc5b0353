"""What every route of the server shares: its settings, the hub of live
games once the server has started, the limits against abuse, and how a
request finds its game and its seat."""

from __future__ import annotations

import asyncio
import math
import secrets
from dataclasses import dataclass
from dataclasses import field

from fastapi import Request
from fastapi import WebSocket

from bohn.server.accounts import CSRF_HEADER
from bohn.server.accounts import SESSION_COOKIE
from bohn.server.accounts import Account
from bohn.server.accounts import AccountStore
from bohn.server.accounts import Passwords
from bohn.server.csrf import SAFE_METHODS
from bohn.server.csrf import cookies_of
from bohn.server.csrf import cross_site
from bohn.server.http import BadRequest
from bohn.server.http import RateLimited
from bohn.server.http import duration
from bohn.server.limits import Limiter
from bohn.server.limits import Rate
from bohn.server.limits import client_key
from bohn.server.limits import rate_text
from bohn.server.mail import Mailer
from bohn.server.metrics import Metrics
from bohn.server.quick import QuickGames
from bohn.server.ratings import Ratings
from bohn.server.rooms import Hub
from bohn.server.rooms import Room
from bohn.server.store import BrokenGame
from bohn.server.store import ExpiredGame
from bohn.server.store import is_game_id
from bohn.server.store import token_hash


@dataclass
class ServerContext:
    """One server's shared state (:func:`bohn.server.app.create_app` makes it)."""

    db_url: str
    base_url: str = ""
    create_rate: Rate | None = None
    action_rate: Rate | None = None
    max_open_games: int | None = None
    open_game_ttl: float | None = None
    trust_proxy: bool = False
    #: signing in and signing up, per client (None: no limit)
    sign_in_rate: Rate | None = None
    #: the hub of live games, set when the server starts (``lifespan``)
    live: Hub | None = None
    creating: Limiter | None = field(init=False)
    acting: Limiter | None = field(init=False)
    #: the open games are counted and the new one stored under it, so that a
    #: client's requests at the same moment cannot pass the cap together
    create_lock: asyncio.Lock = field(init=False, default_factory=asyncio.Lock)
    metrics: Metrics = field(init=False)
    signing: Limiter | None = field(init=False)
    #: the accounts (set when the server starts) and their password hashing
    accounts: AccountStore | None = None
    passwords: Passwords | None = None
    #: where turn mails go (None: the server sends none)
    mailer: Mailer | None = None
    #: the accounts' ratings (set when the server starts)
    ratings: Ratings | None = None
    #: the quick games' tickets and matcher (set when the server starts)
    quick: QuickGames | None = None

    def __post_init__(self) -> None:
        self.creating = Limiter(self.create_rate) if self.create_rate is not None else None
        self.signing = Limiter(self.sign_in_rate) if self.sign_in_rate is not None else None
        self.acting = Limiter(self.action_rate) if self.action_rate is not None else None
        self.metrics = Metrics(lambda: self.live)

    def hub(self) -> Hub:
        """The hub of live games (the server has started)."""
        if self.live is None:  # pragma: no cover - routes run after the start
            raise RuntimeError("the server has not started")
        return self.live

    def account_store(self) -> AccountStore:
        """The accounts (the server has started)."""
        if self.accounts is None:  # pragma: no cover - routes run after the start
            raise RuntimeError("the server has not started")
        return self.accounts

    def https(self, conn: Request | WebSocket) -> bool:
        """Whether the browser reached the server over https (its cookies are
        then ``Secure``): the request's scheme, the public URL's, or behind a
        trusted proxy its ``X-Forwarded-Proto``."""
        if conn.url.scheme in ("https", "wss") or self.base_url.startswith("https:"):
            return True
        proto = conn.headers.get("x-forwarded-proto", "")
        return self.trust_proxy and proto.split(",")[-1].strip().lower() == "https"

    async def account(self, conn: Request | WebSocket) -> Account | None:
        """The account signed in on the request or connection (its session
        cookie; None: a guest). A request that changes something must carry
        the session's own CSRF token (``X-CSRF-Token``), and a WebSocket
        must come from this server's own page (``Origin``): 403 ``csrf``
        otherwise (:mod:`bohn.server.csrf` has refused a missing token)."""
        jar = cookies_of(conn.headers.get("cookie", ""))
        token = jar.get(SESSION_COOKIE)
        if not token:
            return None
        if isinstance(conn, WebSocket):
            headers = {k.lower(): v for k, v in conn.headers.items()}
            if cross_site(headers, "https" if conn.url.scheme == "wss" else "http", self.base_url):
                return None  # another site's page: its socket plays as a guest
        account = await self.account_store().session(token)
        if account is None or isinstance(conn, WebSocket) or conn.method in SAFE_METHODS:
            return account
        sent = conn.headers.get(CSRF_HEADER, "")
        if not secrets.compare_digest(token_hash(sent), account.csrf_hash):
            raise BadRequest(
                "this request's CSRF token is not its session's (reload the page)", "csrf", 403
            )
        return account

    def client_of(self, conn: Request | WebSocket) -> str:
        """The client a request or connection comes from (``trust_proxy``:
        the last address of ``X-Forwarded-For``)."""
        peer = conn.client.host if conn.client is not None else None
        return client_key(peer, conn.headers.get("x-forwarded-for"), self.trust_proxy)

    def throttle(self, limiter: Limiter | None, client: str, what: str, flag: str) -> None:
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

    async def room(self, game_id: str) -> Room:
        """The live game ``game_id``; BadRequest (404, 410) if there is none."""
        if not is_game_id(game_id):  # never stored: not looked up
            raise BadRequest("no such game", "not-found", 404)
        try:
            room = await self.hub().room(game_id)
        except BrokenGame as e:
            raise BadRequest(
                f"game {game_id} is stored but cannot be loaded (marked broken): {e.reason}",
                "broken",
                410,
            ) from None
        except ExpiredGame:
            raise BadRequest(
                f"game {game_id} expired: nobody joined it and nothing happened in it for "
                f"{duration(self.open_game_ttl)} (the server's limit for open games, "
                "bohn serve --open-game-ttl)",
                "expired",
                410,
            ) from None
        if room is None:
            raise BadRequest("no such game", "not-found", 404)
        return room


def seat_of(
    room: Room, token: str | None, spectate: str | None, account: Account | None = None
) -> int | None:
    """The seat a token plays (None: the spectator), or without a token the
    first seat of the signed-in ``account`` in the game; BadRequest if
    neither fits."""
    if token:
        h = token_hash(token)
        for s in room.row.seats:
            if s["token_hash"] is not None and secrets.compare_digest(s["token_hash"], h):
                return int(s["seat"])
        raise BadRequest("this token plays no seat of this game", "forbidden", 403)
    if account is not None and not spectate:
        for s in room.row.seats:
            if s.get("account_id") == account.id:
                return int(s["seat"])
    if spectate and secrets.compare_digest(room.row.spectator_hash, token_hash(spectate)):
        return None
    if not spectate and room.game.result() is not None:
        return None  # a finished game is public: its public view for everyone
    raise BadRequest("a seat token or the spectator token is needed", "forbidden", 403)


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, if given."""
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None
