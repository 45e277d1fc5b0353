"""Cross-site request forgery, refused (``docs/server.md``, Accounts).

A request that changes something (any method but GET, HEAD and OPTIONS) is
refused with ``403 csrf``, before any route reads it, when

* it comes from another site: its ``Origin`` is not the server's own (the
  scheme, host and port the request was made to), or the browser marks it
  ``Sec-Fetch-Site: cross-site``; or
* it carries the session cookie, or goes to the account routes
  (``/api/account``), without the ``X-CSRF-Token`` header equal to the
  ``bohn_csrf`` cookie (a page of another site can neither read that cookie
  nor set the header).

For a signed-in request the route then also checks the token against the
one the session was given (:meth:`ServerContext.account`), so a cookie
planted by someone else does not pass. A guest's request without cookies
(a seat link's token in ``Authorization``, a program) needs no token: it
holds no ambient credential a forged request could borrow.
"""

from __future__ import annotations

import secrets
from http.cookies import CookieError
from http.cookies import SimpleCookie
from urllib.parse import urlsplit

from starlette.types import ASGIApp
from starlette.types import Receive
from starlette.types import Scope
from starlette.types import Send

from bohn.server.accounts import CSRF_COOKIE
from bohn.server.accounts import CSRF_HEADER
from bohn.server.accounts import SESSION_COOKIE
from bohn.server.http import _HTTPMiddleware
from bohn.server.http import error_response

#: the methods that change nothing, and need no token
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: where every request that changes something needs the token
ACCOUNT_PATHS = "/api/account"
#: what needs no token even with cookies: the one-click unsubscribe of a
#: turn mail, whose link holds its own token (a mail program posts it, or
#: the unsubscribe page's form) and which can only turn mails off
TOKEN_FREE = ("/api/mail/unsubscribe",)


def cookies_of(header: str) -> dict[str, str]:
    """The cookies of a ``Cookie`` header (none if it does not parse)."""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return {}
    return {k: m.value for k, m in jar.items()}


def same_origin(origin: str, host: str, scheme: str) -> bool:
    """Whether the ``Origin`` header names the server a request was made to
    (its ``Host``, and scheme)."""
    try:
        o = urlsplit(origin)
    except ValueError:
        return False
    return bool(o.netloc) and o.netloc.lower() == host.lower() and o.scheme in (scheme, "https")


def cross_site(headers: dict[str, str], scheme: str, public: str = "") -> str | None:
    """Why a request comes from another site (None: it does not): its
    ``Origin`` is neither the server it was made to nor ``public`` (the
    server's public URL, ``--public-url``: behind a proxy that does not
    pass the browser's ``Host`` on)."""
    origin = headers.get("origin")
    if origin is not None and origin != "null":
        if origin.rstrip("/") != public and not same_origin(
            origin, headers.get("host", ""), scheme
        ):
            return f"this request comes from another site ({origin[:100]})"
    elif origin == "null":
        return "this request comes from a page without an origin"
    if headers.get("sec-fetch-site") == "cross-site":
        return "this request comes from another site"
    return None


def token_missing(headers: dict[str, str], path: str) -> str | None:
    """Why a request that needs the CSRF token lacks it (None: it has it,
    or needs none)."""
    jar = cookies_of(headers.get("cookie", ""))
    if path in TOKEN_FREE or (SESSION_COOKIE not in jar and not path.startswith(ACCOUNT_PATHS)):
        return None
    sent, kept = headers.get(CSRF_HEADER, ""), jar.get(CSRF_COOKIE, "")
    if not sent or not kept or not secrets.compare_digest(sent.encode(), kept.encode()):
        return (
            f"this request needs the page's CSRF token: the {CSRF_HEADER} header, "
            f"equal to the {CSRF_COOKIE} cookie (reload the page)"
        )
    return None


class CsrfGuard(_HTTPMiddleware):
    """Refuses forged requests (plain ASGI; see the module's text);
    ``public``: the server's public URL, an origin of its own."""

    def __init__(self, app: ASGIApp, public: str = "") -> None:
        super().__init__(app)
        self.public = public.rstrip("/")

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("method", "GET") not in SAFE_METHODS:
            headers: dict[str, str] = {}
            for k, v in scope["headers"]:
                headers.setdefault(k.decode("latin-1").lower(), v.decode("latin-1"))
            why = cross_site(headers, scope.get("scheme", "http"), self.public) or token_missing(
                headers, scope.get("path", "")
            )
            if why is not None:
                await error_response(403, "csrf", why)(scope, receive, send)
                return
        await self.app(scope, receive, send)


__all__ = ["CsrfGuard", "cookies_of", "cross_site", "same_origin"]
