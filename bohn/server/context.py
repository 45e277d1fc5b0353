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

from bohn.server.http import BadRequest
from bohn.server.http import RateLimited
from bohn.server.http import duration
from bohn.server.limits import Limiter
from bohn.server.limits import Rate
from bohn.server.limits import client_key
from bohn.server.limits import rate_text
from bohn.server.metrics import Metrics
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
    #: the hub of live games, set when the server starts (``lifespan``)
    live: Hub | None = None
    creating: Limiter | None = field(init=False)
    acting: Limiter | None = field(init=False)
    #: the open games are counted and the new one stored under it, so that a
    #: client's requests at the same moment cannot pass the cap together
    create_lock: asyncio.Lock = field(init=False, default_factory=asyncio.Lock)
    metrics: Metrics = field(init=False)

    def __post_init__(self) -> None:
        self.creating = Limiter(self.create_rate) if self.create_rate is not None else None
        self.acting = Limiter(self.action_rate) if self.action_rate is not None else None
        self.metrics = Metrics(lambda: self.live)

    def hub(self) -> Hub:
        """The hub of live games (the server has started)."""
        if self.live is None:  # pragma: no cover - routes run after the start
            raise RuntimeError("the server has not started")
        return self.live

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


def seat_of(room: Room, token: str | None, spectate: str | None) -> int | None:
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


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, if given."""
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None
