"""The HTTP layer of the server: the limits on what a request may hold, the
security headers every answer carries, JSON read safely, and the API's error
answers (``docs/server.md``)."""

from __future__ import annotations

import json
import logging
import math
import re
from abc import ABC
from abc import abstractmethod
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp
from starlette.types import Message
from starlette.types import Receive
from starlette.types import Scope
from starlette.types import Send

from bohn.server.limits import Rate

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

#: bohn's server logger (``docs/server.md``, Logs)
log = logging.getLogger("bohn.server")

#: the languages of the card texts (``?lang=``)
LANGS = ("en", "de")
#: the browser files a ruleset may serve (``Ruleset.asset``) and their media types
CLIENT_ASSETS = {"client.js": "text/javascript", "client.css": "text/css"}


class _TooLarge(Exception):
    pass


class _HTTPMiddleware(ABC):
    """A plain ASGI middleware of HTTP requests (:meth:`http`); anything else
    (WebSocket, lifespan) passes through."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    @abstractmethod
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one HTTP request."""


class BodyLimit(_HTTPMiddleware):
    """Refuses HTTP request bodies over :data:`MAX_BODY` bytes with 413, by
    their ``Content-Length`` or, without one, as they arrive (plain ASGI)."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
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


class Failures(_HTTPMiddleware):
    """Answers a request whose handling failed unexpectedly (a defect) with
    ``500 internal`` in the API's error form, logged by bohn's logger with
    the request and the game's id (plain ASGI). It sits inside
    :class:`SecurityHeaders`, so the answer carries every security header as
    any other does, and the exception stops here: the server does not log it
    again nor drop the connection. A failure after the answer has started
    cannot be answered any more and is raised on."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:
            if started:
                raise
            game = (scope.get("path_params") or {}).get("game_id")
            log.error(
                "%s %s failed%s",
                scope.get("method", ""),
                scope.get("path", ""),
                f" (game {game})" if game else "",
                exc_info=exc,
                extra={"game": game} if game else {},
            )
            await internal_error()(scope, receive, send)


def internal_error() -> JSONResponse:
    """The answer to a request the server failed on (a defect)."""
    return error_response(
        500, "internal", "the server failed on this request (logged on the server); try again"
    )


class SecurityHeaders(_HTTPMiddleware):
    """Adds :data:`SECURITY_HEADERS` to every HTTP response (plain ASGI)."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [h for h in SECURITY_HEADERS if h[0] not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def ascii_int(text: str, what: str, low: int, high: int, code: str = "bad-request") -> int:
    """``text`` (a path or query parameter) as an integer from ``low`` to
    ``high``: ASCII digits only (no sign, spaces, underscores or digits of
    other scripts, which ``int()`` would take), and no more digits than
    ``high`` has, so no text is converted that could not be in range.
    BadRequest (400, ``code``) naming the range otherwise; ``what`` names the
    parameter in the message ("limit is ...")."""
    allowed = f"{what} is a whole number from {low} to {high}, in ASCII digits 0-9"
    shown = text if len(text) <= 20 else f"{text[:20]}... ({len(text)} characters)"
    if not _DIGITS.fullmatch(text):
        raise BadRequest(f"{allowed}, not {shown!r}", code)
    if len(text.lstrip("0")) > len(str(high)) or not low <= int(text) <= high:
        raise BadRequest(f"{allowed}, not {shown}", code)
    return int(text)


#: ASCII digits (``str.isdigit`` also takes ``²`` and ``٣``)
_DIGITS = re.compile(r"[0-9]+")


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


def error_response(
    status: int,
    code: str,
    message: str,
    rule: str | None = None,
    extra: dict[str, Any] | None = None,
) -> JSONResponse:
    """The API's error answer: ``{"code", "message", "rule", ...extra}``."""
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


def duration(seconds: float | None) -> str:
    """A time to live in words: "24 h", "90 min", "30 s" (None: "ever")."""
    if seconds is None:
        return "ever"
    for unit, n in (("h", 3600), ("min", 60)):
        if seconds >= n and seconds % n == 0:
            return f"{int(seconds // n)} {unit}"
    return f"{seconds:g} s"


def openapi_body(schema: dict[str, Any], example: Any) -> dict[str, Any]:
    """The OpenAPI description of a JSON request body (the handlers read the
    body themselves, and refuse what does not fit with a message)."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": schema, "example": example}},
        }
    }
