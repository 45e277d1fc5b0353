"""Per-client limits against abuse: token buckets for creating games and for
actions, keyed by the client's address.

A client is its IP address as the socket sees it, or, behind a reverse proxy
the server trusts (``bohn serve --trust-proxy``), the last address the proxy
added to ``X-Forwarded-For``. Each kind of request has a bucket per client
that holds ``burst`` tokens and refills at ``rate`` tokens a second; a request
takes one, and with none left it is refused with 429 and how long to wait
(``Retry-After``). Buckets of clients that have been quiet long enough to be
full again are forgotten, so memory stays bounded by the clients of the last
minutes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field

#: how many clients' buckets a limiter keeps at most; past it, the fullest are
#: forgotten first (a forgotten bucket is a full one, so nobody gains by it)
MAX_CLIENTS = 100_000


@dataclass(frozen=True)
class Rate:
    """``burst`` requests at once, then ``rate`` a second."""

    rate: float
    burst: int

    def __post_init__(self) -> None:
        if not (self.rate > 0 and math.isfinite(self.rate)) or self.burst < 1:
            raise ValueError(f"a rate is > 0 a second with a burst of >= 1, not {self}")

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``"30/60"``: 30 at once, then 30 a minute (``burst/seconds``)."""
        try:
            burst_s, _, seconds_s = text.partition("/")
            burst, seconds = int(burst_s), float(seconds_s)
        except ValueError:
            raise ValueError(f"a rate is BURST/SECONDS, such as 30/60, not {text!r}") from None
        if burst < 1 or not (seconds > 0 and math.isfinite(seconds)):
            raise ValueError(f"a rate is BURST/SECONDS with both above 0, not {text!r}")
        return cls(burst / seconds, burst)


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class Limiter:
    """One kind of request's buckets, one per client."""

    limit: Rate
    buckets: dict[str, _Bucket] = field(default_factory=dict)
    #: the seconds the buckets fill by (a test's clock stands still)
    clock: Callable[[], float] = time.monotonic

    def take(self, client: str, now: float | None = None) -> float:
        """Take a token for ``client``: 0 when the request may go on, else
        the seconds until it may (nothing is taken then)."""
        now = self.clock() if now is None else now
        b = self.buckets.get(client)
        if b is None:
            if len(self.buckets) >= MAX_CLIENTS:
                self.forget(now)
            b = self.buckets[client] = _Bucket(float(self.limit.burst), now)
        else:
            b.tokens = min(self.limit.burst, b.tokens + (now - b.at) * self.limit.rate)
            b.at = now
        if b.tokens >= 1:
            b.tokens -= 1
            return 0.0
        return (1 - b.tokens) / self.limit.rate

    def forget(self, now: float | None = None) -> int:
        """Drop the buckets that are full again by ``now`` (and, past
        :data:`MAX_CLIENTS`, the fullest of the rest); how many went."""
        now = self.clock() if now is None else now
        full = [
            c
            for c, b in self.buckets.items()
            if b.tokens + (now - b.at) * self.limit.rate >= self.limit.burst
        ]
        for c in full:
            del self.buckets[c]
        if len(self.buckets) >= MAX_CLIENTS:
            rate = self.limit.rate

            def fill(c: str) -> float:
                return self.buckets[c].tokens + (now - self.buckets[c].at) * rate

            for c in sorted(self.buckets, key=fill)[len(self.buckets) // 2 :]:
                del self.buckets[c]
                full.append(c)
        return len(full)


#: creating games and taking seats, per client: 20 at once, then 20 a minute
CREATE_RATE = Rate(rate=20 / 60, burst=20)
#: actions (HTTP and WebSocket), per client: 30 at once, then 20 a second
ACTION_RATE = Rate(rate=20.0, burst=30)
#: signing in and signing up, per client: 10 at once, then 10 in 5 minutes
#: (each checks or makes an Argon2 hash: 64 MiB for about a tenth of a second)
SIGN_IN_RATE = Rate(rate=10 / 300, burst=10)
#: the most open games (a person's seat not joined yet) one client may have created
MAX_OPEN_GAMES = 10
#: an open game unchanged this long expires (it leaves the lobby; its links answer 410), in seconds
OPEN_GAME_TTL = 24 * 3600.0


def rate_text(rate: Rate) -> str:
    """``rate`` in words: "20 at once, then 20 a minute"."""
    per_s = rate.rate
    for unit, seconds in (("second", 1.0), ("minute", 60.0), ("hour", 3600.0)):
        n = per_s * seconds
        if n >= 1 and abs(n - round(n)) < 1e-6:
            return f"{rate.burst} at once, then {round(n)} a {unit}"
    return f"{rate.burst} at once, then one every {1 / per_s:g} s"


def rate_flag(text: str) -> Rate | None:
    """A rate as ``bohn serve`` takes it: ``BURST/SECONDS`` (:meth:`Rate.parse`)
    or ``off`` (None: no limit); ValueError saying what is wrong."""
    return None if text.strip().lower() == "off" else Rate.parse(text)


def duration_flag(text: str) -> float | None:
    """A time as ``bohn serve`` takes it: seconds, or with ``s``, ``m``,
    ``h`` or ``d`` (``24h``), or ``off`` (None: never); ValueError else."""
    t = text.strip().lower()
    if t == "off":
        return None
    scale = {"s": 1, "m": 60, "h": 3600, "d": 86400}.get(t[-1:], 0)
    try:
        seconds = float(t[:-1] if scale else t) * (scale or 1)
    except ValueError:
        seconds = float("nan")
    if not (seconds > 0 and math.isfinite(seconds)):
        raise ValueError(f"a time is seconds above 0 (or 90m, 24h, 2d, off), not {text!r}")
    return seconds


def client_key(peer: str | None, forwarded_for: str | None, trust_proxy: bool) -> str:
    """Who a request is from: the socket's peer, or behind a trusted proxy the
    last address in ``X-Forwarded-For`` (the one the proxy itself added;
    earlier ones are the client's own say and can be forged)."""
    if trust_proxy and forwarded_for:
        last = forwarded_for.split(",")[-1].strip()
        if last:
            return last
    return peer or "unknown"


__all__ = [
    "ACTION_RATE",
    "CREATE_RATE",
    "MAX_CLIENTS",
    "MAX_OPEN_GAMES",
    "OPEN_GAME_TTL",
    "SIGN_IN_RATE",
    "Limiter",
    "Rate",
    "client_key",
    "duration_flag",
    "rate_flag",
    "rate_text",
]
