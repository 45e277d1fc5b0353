"""Accounts (``/api/account``): signing up, in and out, the password, the
seat links a guest hands to their account, and the account's games
(``docs/server.md``, Accounts)."""

from __future__ import annotations

import math
import secrets
from html import escape
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.responses import JSONResponse
from starlette.responses import Response

from bohn.server.accounts import CSRF_COOKIE
from bohn.server.accounts import EMAIL_MAX
from bohn.server.accounts import MAX_LINKS
from bohn.server.accounts import SESSION_COOKIE
from bohn.server.accounts import SESSION_TTL_S
from bohn.server.accounts import SIGN_IN_FAILURES
from bohn.server.accounts import SIGN_IN_WINDOW_S
from bohn.server.accounts import Account
from bohn.server.accounts import NameTaken
from bohn.server.accounts import NewSession
from bohn.server.accounts import account_name
from bohn.server.accounts import email_address
from bohn.server.accounts import password
from bohn.server.context import ServerContext
from bohn.server.csrf import cookies_of
from bohn.server.http import BadRequest
from bohn.server.http import RateLimited
from bohn.server.http import ascii_int
from bohn.server.http import openapi_body
from bohn.server.http import parse_json
from bohn.server.limits import Rate
from bohn.server.lobby import row_summary
from bohn.server.lobby import summary
from bohn.server.store import BrokenGame
from bohn.server.store import ExpiredGame
from bohn.server.store import is_game_id
from bohn.server.store import token_hash

#: the account's games a page lists at most
GAMES_PAGE = 50
#: the failed sign-ins one name may have, as a rate (the 429 answer's fields)
_FAILURE_RATE = Rate(SIGN_IN_FAILURES / SIGN_IN_WINDOW_S, SIGN_IN_FAILURES)

_LINKS = {
    "type": "array",
    "maxItems": MAX_LINKS,
    "items": {
        "type": "object",
        "properties": {"game": {"type": "string"}, "token": {"type": "string"}},
        "required": ["game", "token"],
        "additionalProperties": False,
    },
}
_CREDENTIALS = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 40},
        "password": {"type": "string", "minLength": 8},
        "links": _LINKS,
    },
    "required": ["name", "password"],
    "additionalProperties": False,
}
_SIGN_EXAMPLE = {"name": "Anna", "password": "correct horse battery"}


def _object(body: Any, required: set[str], optional: set[str], shape: str) -> dict[str, Any]:
    if not isinstance(body, dict) or not required <= set(body) <= required | optional:
        raise BadRequest(f"the body is {shape}")
    return body


def _links(value: Any) -> list[tuple[str, str]]:
    """The seat links of a body: ``[{"game", "token"}]``, at most :data:`MAX_LINKS`."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_LINKS:
        raise BadRequest(f'links is a list of at most {MAX_LINKS} {{"game", "token"}}')
    out = []
    for x in value:
        if (
            not isinstance(x, dict)
            or set(x) != {"game", "token"}
            or not isinstance(x["game"], str)
            or not isinstance(x["token"], str)
        ):
            raise BadRequest('each link is {"game": <game id>, "token": <its seat token>}')
        out.append((x["game"], x["token"]))
    return out


def router(ctx: ServerContext) -> APIRouter:
    """The routes of the accounts."""
    r = APIRouter()

    def cookie(answer: JSONResponse, request: Request, name: str, value: str, **kw: Any) -> None:
        answer.set_cookie(
            name,
            value,
            max_age=int(SESSION_TTL_S),
            path="/",
            samesite="lax",
            secure=ctx.https(request),
            **kw,
        )

    def signed_in(request: Request, new: NewSession, status: int, **extra: Any) -> JSONResponse:
        answer = JSONResponse(
            {"account": {"id": new.account.id, "name": new.account.name}, **extra},
            status_code=status,
        )
        cookie(answer, request, SESSION_COOKIE, new.token, httponly=True)
        cookie(answer, request, CSRF_COOKIE, new.csrf)
        return answer

    def throttle(request: Request) -> None:
        ctx.throttle(ctx.signing, ctx.client_of(request), "sign-ins and sign-ups", "--sign-in-rate")

    async def credentials(request: Request) -> tuple[str, str, list[tuple[str, str]]]:
        """A sign-in or sign-up's name, password and seat links (throttled
        per client): the name checked, the password a string of at most
        4,096 characters (a new one is checked further, :func:`password`)."""
        throttle(request)
        body = _object(
            parse_json(await request.body()),
            {"name", "password"},
            {"links"},
            '{"name", "password", "links": [{"game", "token"}]}',
        )
        name = account_name(body["name"])
        if not isinstance(body["password"], str) or len(body["password"]) > 4096:
            raise BadRequest("the password is a string", "bad-password")
        return name, body["password"], _links(body.get("links"))

    async def me(request: Request) -> Account:
        account = await ctx.account(request)
        if account is None:
            raise BadRequest("you are not signed in", "signed-out", 401)
        return account

    async def claim(account: Account, links: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """Make the seats whose tokens the links hold the account's (those
        nobody else's account has); the seats now the account's."""
        out = []
        for game_id, token in links:
            if not is_game_id(game_id):
                continue
            try:
                room = await ctx.hub().room(game_id)
            except (BrokenGame, ExpiredGame):
                continue
            if room is None:
                continue
            h = token_hash(token)
            for s in room.row.seats:
                if s["token_hash"] is None or not secrets.compare_digest(s["token_hash"], h):
                    continue
                if await ctx.account_store().bind_seat(game_id, s["seat"], account.id):
                    s["account_id"] = account.id
                    if room.announce is not None:
                        room.announce()
                    out.append({"game": game_id, "seat": s["seat"]})
        return out

    @r.get("/api/account")
    async def account_info(request: Request) -> JSONResponse:
        """Who is signed in here (``account``: null for a guest, else its
        ``id``, ``name`` and ``mail``: its turn mails' ``email`` and
        ``turns``), and whether the server sends turn mails (``mail``).
        Gives the browser its CSRF cookie if it has none (a guest's, to
        sign in with)."""
        account = await ctx.account(request)
        shown = None
        if account is not None:
            email, turns = await ctx.account_store().mail_settings(account.id)
            shown = {
                "id": account.id,
                "name": account.name,
                "mail": {"email": email, "turns": turns},
            }
        answer = JSONResponse({"account": shown, "mail": ctx.mailer is not None})
        if not cookies_of(request.headers.get("cookie", "")).get(CSRF_COOKIE):
            if account is not None:  # a session whose token the browser lost: sign in again
                await ctx.account_store().end_session(account.session_hash)
                answer = JSONResponse({"account": None})
                answer.delete_cookie(SESSION_COOKIE, path="/")
            cookie(answer, request, CSRF_COOKIE, secrets.token_urlsafe(32))
        return answer

    @r.post(
        "/api/account/signup",
        status_code=201,
        openapi_extra=openapi_body(_CREDENTIALS, _SIGN_EXAMPLE),
    )
    async def sign_up(request: Request) -> JSONResponse:
        """A new account ``{"name", "password", "links"}``, signed in at once;
        ``links``: the guest's seat links to keep (``claimed``). 409 if the
        name is taken."""
        name, secret, links = await credentials(request)
        secret = password(secret)
        passwords = ctx.passwords
        assert passwords is not None
        try:
            account_id = await ctx.account_store().create(name, await passwords.hash(secret))
        except NameTaken:
            raise BadRequest(
                f"the name {name!r} is taken; choose another", "name-taken", 409
            ) from None
        new = await ctx.account_store().start_session(account_id, name)
        return signed_in(request, new, 201, claimed=await claim(new.account, links))

    @r.post("/api/account/signin", openapi_extra=openapi_body(_CREDENTIALS, _SIGN_EXAMPLE))
    async def sign_in(request: Request) -> JSONResponse:
        """Sign in ``{"name", "password", "links"}``: a new session (any
        session cookie sent is replaced). A wrong password and an unknown
        name are answered alike (403 ``sign-in-failed``)."""
        name, secret, links = await credentials(request)
        store = ctx.account_store()
        wait = await store.sign_in_wait(name)
        if wait > 0:
            raise RateLimited(
                f"too many failed sign-ins with this name; try again in {math.ceil(wait / 60)} min",
                wait,
                "sign-in-failures",
                _FAILURE_RATE,
            )
        found = await store.by_name(name)
        passwords = ctx.passwords
        assert passwords is not None
        right = await passwords.check(None if found is None else found[2], secret)
        if found is None or not right:
            await store.failed(name)
            raise BadRequest("wrong name or password", "sign-in-failed", 403)
        old = cookies_of(request.headers.get("cookie", "")).get(SESSION_COOKIE)
        if old:
            await store.end_session(token_hash(old))
        new = await store.signed_in(found[0], found[1])
        return signed_in(request, new, 200, claimed=await claim(new.account, links))

    @r.post("/api/account/signout")
    async def sign_out(request: Request) -> JSONResponse:
        """End this browser's session."""
        account = await me(request)
        await ctx.account_store().end_session(account.session_hash)
        answer = JSONResponse({"account": None})
        answer.delete_cookie(SESSION_COOKIE, path="/")
        return answer

    @r.post("/api/account/signout-everywhere")
    async def sign_out_everywhere(request: Request) -> JSONResponse:
        """End every session of the account, this one too."""
        account = await me(request)
        await ctx.account_store().end_sessions(account.id)
        answer = JSONResponse({"account": None})
        answer.delete_cookie(SESSION_COOKIE, path="/")
        return answer

    @r.post(
        "/api/account/password",
        openapi_extra=openapi_body(
            {
                "type": "object",
                "properties": {
                    "current": {"type": "string"},
                    "new": {"type": "string", "minLength": 8},
                },
                "required": ["current", "new"],
                "additionalProperties": False,
            },
            {"current": "correct horse battery", "new": "staple and more"},
        ),
    )
    async def change_password(request: Request) -> JSONResponse:
        """A new password ``{"current", "new"}``; every other session of the
        account ends. 403 if the current password is wrong."""
        account = await me(request)
        throttle(request)
        body = _object(
            parse_json(await request.body()), {"current", "new"}, set(), '{"current", "new"}'
        )
        new_secret = password(body["new"], "the new password")
        if not isinstance(body["current"], str) or len(body["current"]) > 4096:
            raise BadRequest("the current password is a string")
        passwords = ctx.passwords
        assert passwords is not None
        store = ctx.account_store()
        if not await passwords.check(await store.password_hash(account.id), body["current"]):
            raise BadRequest("the current password is wrong", "sign-in-failed", 403)
        await store.set_password(account.id, await passwords.hash(new_secret), account.session_hash)
        return JSONResponse({"account": {"id": account.id, "name": account.name}})

    @r.post(
        "/api/account/links",
        openapi_extra=openapi_body(
            {
                "type": "object",
                "properties": {"links": _LINKS},
                "required": ["links"],
                "additionalProperties": False,
            },
            {"links": [{"game": "0123456789abcdef", "token": "..."}]},
        ),
    )
    async def keep_links(request: Request) -> dict[str, Any]:
        """Make the seats of these links the account's (``claimed``); a seat
        another account has stays its own."""
        account = await me(request)
        body = _object(parse_json(await request.body()), {"links"}, set(), '{"links": [...]}')
        return {"claimed": await claim(account, _links(body["links"]))}

    @r.post(
        "/api/account/mail",
        openapi_extra=openapi_body(
            {
                "type": "object",
                "properties": {
                    "email": {"type": ["string", "null"], "maxLength": EMAIL_MAX},
                    "turns": {"type": "boolean"},
                },
                "required": ["email", "turns"],
                "additionalProperties": False,
            },
            {"email": "anna@example.org", "turns": True},
        ),
    )
    async def set_mail(request: Request) -> dict[str, Any]:
        """Where the account's turn mails go and whether it wants them
        (``{"email", "turns"}``; ``email`` null: none)."""
        account = await me(request)
        body = _object(
            parse_json(await request.body()), {"email", "turns"}, set(), '{"email", "turns"}'
        )
        email = email_address(body["email"])
        if not isinstance(body["turns"], bool):
            raise BadRequest("turns is true or false")
        await ctx.account_store().set_mail(account.id, email, body["turns"])
        return {"email": email, "turns": body["turns"] and email is not None}

    @r.post("/api/mail/unsubscribe")
    async def unsubscribe(request: Request, token: str = "") -> Response:
        """No more turn mails for the account of the unsubscribe ``token``
        (the link of each mail, RFC 8058's one click): 200, or 404 for a
        token no account has. A form of the unsubscribe page gets a page."""
        done = await ctx.account_store().unsubscribe(token)
        if "text/html" in request.headers.get("accept", ""):
            return HTMLResponse(
                _page("No more turn mails" if done else "This link unsubscribes nobody"),
                status_code=200 if done else 404,
            )
        if not done:
            raise BadRequest("this link unsubscribes nobody", "not-found", 404)
        return JSONResponse({"unsubscribed": True})

    @r.get("/unsubscribe", include_in_schema=False)
    async def unsubscribe_page(token: str = "") -> HTMLResponse:
        """The page a mail's link opens: one button that unsubscribes."""
        return HTMLResponse(
            _page(
                "No more turn mails?",
                f'<form method="post" action="/api/mail/unsubscribe?token={quote(token[:64], safe="")}">'
                '<button type="submit" data-testid="unsubscribe">Send me no more turn mails'
                "</button></form>",
            )
        )

    @r.get("/api/account/games")
    async def my_games(
        request: Request, limit: str | None = None, before: str | None = None
    ) -> dict[str, Any]:
        """The account's games, newest first: each game's summary and
        ``seat``, the account's seat in it; ``next_before`` for the next
        page (null: the last)."""
        account = await me(request)
        size = GAMES_PAGE if limit is None else ascii_int(limit, "limit", 1, GAMES_PAGE)
        when = None
        if before is not None:
            try:
                when = float(before)
            except ValueError:
                when = math.nan
            if not math.isfinite(when):
                raise BadRequest("before is the next_before of the page before")
        found = await ctx.account_store().games(account.id, size + 1, when)
        page = found[:size]
        ids = sorted({g for g, _, _ in page})
        rows = {
            row.id: (row, seq)
            for row, seq in (await ctx.hub().store.lobby(ids=ids, limit=len(ids) or 1))[0]
        }
        out = []
        for game_id, seat, _ in page:
            room = ctx.hub().rooms.get(game_id)
            if room is not None:
                out.append({**summary(room), "seat": seat})
            elif game_id in rows:
                row, seq = rows[game_id]
                out.append({**row_summary(row, seq, row.waiting), "seat": seat})
        more = len(found) > size
        return {"games": out, "next_before": repr(page[-1][2]) if more and page else None}

    return r


def _page(title: str, body: str = "") -> str:
    """A small page of the server's own (the unsubscribe link's)."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>bohn — {escape(title)}</title><link rel="stylesheet" href="/static/style.css">'
        f'</head><body><main class="panel" style="max-width:30rem;margin:2rem auto">'
        f'<h1>{escape(title)}</h1>{body}<p><a href="/">bohn</a></p></main></body></html>'
    )
