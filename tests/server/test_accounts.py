"""Accounts (``bohn.server.accounts``, ``docs/server.md``): signing up, in
and out, sessions in cookies with CSRF protection, the sign-in limits, a
guest's seat links kept by their account, and seats that belong to one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import argon2
import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from bohn.server.accounts import CSRF_COOKIE
from bohn.server.accounts import SESSION_COOKIE
from bohn.server.accounts import SESSION_TTL_S
from bohn.server.accounts import SIGN_IN_FAILURES
from bohn.server.accounts import SIGN_IN_WINDOW_S
from bohn.server.accounts import Passwords
from bohn.server.app import create_app
from bohn.server.limits import Rate
from bohn.server.store import sync_url
from server.fuzz import database
from server.fuzz import databases

PASSWORD = "correct horse battery"


@pytest.fixture(params=databases())
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


#: Argon2 at its cheapest, for the tests that do not look at the hashes
#: themselves (the recommended parameters take about 0.1 s a hash)
CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def cheap(c: TestClient) -> TestClient:
    """``c``'s server hashing at :data:`CHEAP` parameters."""
    c.app.state.ctx.passwords = Passwords(CHEAP)  # type: ignore[attr-defined]
    return c


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, sign_in_rate=None, create_rate=None)) as c:
        cheap(c)
        c.get("/api/account")  # the page's first request: its CSRF cookie
        yield c


@pytest.fixture
def real_hashes(db_url: str) -> Iterator[TestClient]:
    """A client of a server hashing at the library's recommended parameters."""
    with TestClient(create_app(db_url, sign_in_rate=None, create_rate=None)) as c:
        c.get("/api/account")
        yield c


@pytest.fixture
def on_sqlite(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    """A client and its database's URL, on SQLite alone: for what happens
    before the database is asked (the checks of a request)."""
    url = f"sqlite:///{tmp_path / 'bohn.db'}"
    with TestClient(create_app(url, sign_in_rate=None, create_rate=None)) as c:
        cheap(c)
        c.get("/api/account")
        yield c, url


class Clock:
    """A wall clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def csrf(c: TestClient) -> dict[str, str]:
    """The header the page sends with every request that changes something."""
    return {"X-CSRF-Token": c.cookies.get(CSRF_COOKIE) or ""}


def post(c: TestClient, path: str, body: Any = None, **kw: Any) -> Any:
    return c.post(path, json=body if body is not None else {}, headers=csrf(c), **kw)


def sign_up(c: TestClient, name: str = "Anna", pw: str = PASSWORD, **body: Any) -> Any:
    r = post(c, "/api/account/signup", {"name": name, "password": pw, **body})
    assert r.status_code == 201, r.text
    return r.json()


def sign_in(c: TestClient, name: str = "Anna", pw: str = PASSWORD, **body: Any) -> Any:
    return post(c, "/api/account/signin", {"name": name, "password": pw, **body})


def who(c: TestClient) -> Any:
    return c.get("/api/account").json()["account"]


def new_game(c: TestClient, players: int = 3, **kw: Any) -> Any:
    body = {"variant": "bohnanza", "players": players, "seed": 3, **kw}
    r = post(c, "/api/games", body)
    assert r.status_code == 201, r.text
    return r.json()


def rows(db_url: str, query: str) -> list[Any]:
    engine = sa.create_engine(sync_url(db_url), poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        return list(conn.execute(sa.text(query)))


#: the domain the test client's cookies are kept for
DOMAIN = "testserver.local"


def plant(c: TestClient, name: str, value: str) -> None:
    """Set the browser's cookie ``name`` (replacing the one it has)."""
    c.cookies.delete(name)
    c.cookies.set(name, value, domain=DOMAIN)


def set_cookies(c: TestClient, jar: dict[str, str]) -> None:
    c.cookies.clear()
    for k, v in jar.items():
        c.cookies.set(k, v, domain=DOMAIN)


# -- signing up and in -----------------------------------------------------------


def test_sign_up_signs_in_with_cookies_of_the_right_kind(client: TestClient) -> None:
    r = post(client, "/api/account/signup", {"name": " Anna ", "password": PASSWORD})
    assert r.status_code == 201, r.text
    assert r.json()["account"]["name"] == "Anna"
    cookies = r.headers.get_list("set-cookie")
    session = next(x for x in cookies if x.startswith(f"{SESSION_COOKIE}="))
    token = next(x for x in cookies if x.startswith(f"{CSRF_COOKIE}="))
    assert "HttpOnly" in session and "SameSite=lax" in session and "Path=/" in session
    assert "Secure" not in session  # plain http here: a Secure cookie would never come back
    assert "HttpOnly" not in token  # the page reads it to send it back in the header
    assert who(client)["name"] == "Anna"


def test_cookies_are_secure_over_https(db_url: str) -> None:
    with TestClient(create_app(db_url), base_url="https://testserver") as c:
        c.get("/api/account")
        r = post(c, "/api/account/signup", {"name": "Anna", "password": PASSWORD})
        assert r.status_code == 201, r.text
        for cookie in r.headers.get_list("set-cookie"):
            assert "Secure" in cookie, cookie


def test_a_name_is_taken_whatever_its_case(client: TestClient) -> None:
    sign_up(client, "Anna")
    client.cookies.delete(SESSION_COOKIE)
    r = post(client, "/api/account/signup", {"name": "ANNA", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["code"] == "name-taken", r.text


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"name": "", "password": PASSWORD}, "bad-name"),
        ({"name": "x" * 41, "password": PASSWORD}, "bad-name"),
        ({"name": "A\nB", "password": PASSWORD}, "bad-name"),
        ({"name": "Anna", "password": "short"}, "bad-password"),
        ({"name": "Anna", "password": "é" * 600}, "bad-password"),
        ({"name": "Anna", "password": 12345678}, "bad-password"),
        ({"name": "Anna"}, "bad-request"),
        ({"name": "Anna", "password": PASSWORD, "admin": True}, "bad-request"),
    ],
)
def test_a_bad_sign_up_is_refused_and_stores_nothing(
    on_sqlite: tuple[TestClient, str], body: dict[str, Any], code: str
) -> None:
    client, db_url = on_sqlite
    r = post(client, "/api/account/signup", body)
    assert r.status_code == 400 and r.json()["code"] == code, r.text
    assert rows(db_url, "SELECT count(*) FROM accounts")[0][0] == 0


def test_the_password_hash_has_the_librarys_recommended_parameters(
    real_hashes: TestClient, db_url: str
) -> None:
    sign_up(real_hashes)
    (stored,) = rows(db_url, "SELECT password_hash FROM accounts")[0]
    assert stored.startswith("$argon2id$")
    assert argon2.extract_parameters(stored) == argon2.profiles.RFC_9106_LOW_MEMORY
    assert PASSWORD not in stored
    assert argon2.PasswordHasher().verify(stored, PASSWORD)


def test_signing_in_on_another_device(client: TestClient) -> None:
    sign_up(client)
    client.cookies.clear()
    client.get("/api/account")
    assert who(client) is None
    r = sign_in(client, "anna")  # names compare case-folded
    assert r.status_code == 200, r.text
    assert r.json()["account"]["name"] == "Anna"
    assert who(client)["name"] == "Anna"


# -- what a failed sign-in says and costs ----------------------------------------


def test_a_wrong_password_and_an_unknown_name_say_the_same_and_cost_the_same(
    real_hashes: TestClient,
) -> None:
    """Both check one Argon2 hash of the same parameters and make one write,
    as a right password does; the answers are identical."""
    client = real_hashes
    sign_up(client)
    client.cookies.delete(SESSION_COOKIE)
    ctx = client.app.state.ctx  # type: ignore[attr-defined]
    writes: list[int] = []
    submit = ctx.hub().store.writer.submit

    async def counted(*a: Any, **kw: Any) -> None:
        writes.append(1)
        await submit(*a, **kw)

    ctx.hub().store.writer.submit = counted
    seen = {}
    for label, name, pw in (
        ("wrong", "Anna", "not the password"),
        ("unknown", "Nobody", "not the password"),
        ("right", "Anna", PASSWORD),
    ):
        writes.clear()
        before = ctx.passwords.verified
        r = sign_in(client, name, pw)
        seen[label] = r
        assert ctx.passwords.verified == before + 1, label
        assert len(writes) == 1, label
    assert seen["wrong"].status_code == seen["unknown"].status_code == 403
    assert seen["wrong"].json() == seen["unknown"].json()
    assert seen["wrong"].json()["message"] == "wrong name or password"
    assert seen["right"].status_code == 200


def test_an_unknown_name_is_checked_against_a_hash_of_the_same_parameters(
    real_hashes: TestClient,
) -> None:
    ctx = real_hashes.app.state.ctx  # type: ignore[attr-defined]
    assert ctx.passwords._nobody is None  # a server start pays for no hash
    assert sign_in(real_hashes, "Nobody", PASSWORD).status_code == 403
    nobody = ctx.passwords._nobody
    assert nobody is not None
    assert argon2.extract_parameters(nobody) == argon2.profiles.RFC_9106_LOW_MEMORY


def test_failed_sign_ins_are_limited_per_name_whether_or_not_it_exists(
    client: TestClient,
) -> None:
    sign_up(client)
    client.cookies.delete(SESSION_COOKIE)
    clock = Clock()
    client.app.state.ctx.accounts.clock = clock  # type: ignore[attr-defined]
    answers = {}
    for name in ("Anna", "Nobody"):
        for _ in range(SIGN_IN_FAILURES):
            assert sign_in(client, name, "wrong password").status_code == 403
        answers[name] = sign_in(client, name, PASSWORD)
        assert answers[name].status_code == 429, answers[name].text
    assert answers["Anna"].json() == answers["Nobody"].json()
    assert "Retry-After" in answers["Anna"].headers
    clock.now += SIGN_IN_WINDOW_S + 1
    assert sign_in(client).status_code == 200


def test_a_right_password_forgets_the_names_failures(client: TestClient) -> None:
    sign_up(client)
    client.cookies.delete(SESSION_COOKIE)
    for _ in range(SIGN_IN_FAILURES - 1):
        assert sign_in(client, "Anna", "wrong password").status_code == 403
    assert sign_in(client).status_code == 200
    for _ in range(SIGN_IN_FAILURES - 1):
        assert sign_in(client, "Anna", "wrong password").status_code == 403
    assert sign_in(client).status_code == 200


def test_sign_ins_are_limited_per_client(db_url: str) -> None:
    with TestClient(create_app(db_url, sign_in_rate=Rate(1 / 60, 3))) as c:
        cheap(c)
        c.get("/api/account")
        codes = [sign_in(c, f"N{i}", "wrong password").status_code for i in range(4)]
        assert codes == [403, 403, 403, 429]


# -- sessions -----------------------------------------------------------------------


def test_signing_in_never_keeps_a_planted_session(client: TestClient, db_url: str) -> None:
    """Session fixation: a cookie someone set before is not carried into the account."""
    sign_up(client)
    planted = "attacker-chosen-session-value"
    plant(client, SESSION_COOKIE, planted)
    assert who(client) is None  # not a session
    r = sign_in(client)
    assert r.status_code == 200
    assert client.cookies.get(SESSION_COOKIE) not in (None, planted)
    jar = dict(client.cookies.items())
    set_cookies(client, {**jar, SESSION_COOKIE: planted})
    assert who(client) is None


def test_signing_in_again_ends_the_session_the_browser_had(client: TestClient) -> None:
    sign_up(client)
    old = dict(client.cookies.items())
    assert sign_in(client).status_code == 200
    set_cookies(client, old)
    assert who(client) is None


def test_sign_out(client: TestClient) -> None:
    sign_up(client)
    kept = dict(client.cookies.items())
    assert post(client, "/api/account/signout").status_code == 200
    assert who(client) is None
    set_cookies(client, kept)  # the old cookie, sent again: ended
    assert who(client) is None


def test_sign_out_everywhere_ends_every_session(client: TestClient) -> None:
    sign_up(client)
    phone = dict(client.cookies.items())
    assert sign_in(client).status_code == 200  # a second device (the first session kept)
    laptop = dict(client.cookies.items())
    client.cookies.clear()
    client.get("/api/account")
    assert sign_in(client).status_code == 200
    set_cookies(client, laptop)
    assert who(client)["name"] == "Anna"
    assert post(client, "/api/account/signout-everywhere").status_code == 200
    for jar in (phone, laptop):
        set_cookies(client, jar)
        assert who(client) is None


def test_a_password_change_ends_the_other_sessions(client: TestClient) -> None:
    sign_up(client)
    other = dict(client.cookies.items())
    client.cookies.clear()
    client.get("/api/account")
    assert sign_in(client).status_code == 200
    wrong = post(client, "/api/account/password", {"current": "not it at all", "new": "new pass 1"})
    assert wrong.status_code == 403
    r = post(client, "/api/account/password", {"current": PASSWORD, "new": "new pass 1"})
    assert r.status_code == 200, r.text
    assert who(client)["name"] == "Anna"  # this session goes on
    here = dict(client.cookies.items())
    set_cookies(client, other)
    assert who(client) is None
    set_cookies(client, here)
    client.cookies.delete(SESSION_COOKIE)
    assert sign_in(client).status_code == 403
    assert sign_in(client, pw="new pass 1").status_code == 200


def test_a_session_runs_out_after_its_time_unused(client: TestClient) -> None:
    clock = Clock()
    client.app.state.ctx.accounts.clock = clock  # type: ignore[attr-defined]
    sign_up(client)
    clock.now += SESSION_TTL_S - 60
    assert who(client)["name"] == "Anna"  # used: it lasts its time again from now
    clock.now += SESSION_TTL_S - 60
    assert who(client)["name"] == "Anna"
    clock.now += SESSION_TTL_S + 1
    assert who(client) is None


# -- CSRF -------------------------------------------------------------------------


def test_an_account_request_without_the_token_is_refused(on_sqlite: tuple[TestClient, str]) -> None:
    client, db_url = on_sqlite
    body = {"name": "Anna", "password": PASSWORD}
    for headers in ({}, {"X-CSRF-Token": "something else"}):
        r = client.post("/api/account/signup", json=body, headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "csrf", r.text
    assert rows(db_url, "SELECT count(*) FROM accounts")[0][0] == 0


def test_a_request_from_another_site_is_refused(on_sqlite: tuple[TestClient, str]) -> None:
    client, db_url = on_sqlite
    for headers in ({"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        r = client.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3},
            headers={**csrf(client), **headers},
        )
        assert r.status_code == 403 and r.json()["code"] == "csrf", r.text
    assert rows(db_url, "SELECT count(*) FROM games")[0][0] == 0
    same = client.post(
        "/api/games",
        json={"variant": "bohnanza", "players": 3},
        headers={"Origin": "http://testserver"},
    )
    assert same.status_code == 201, same.text


def test_the_public_url_is_an_origin_of_the_servers_own(tmp_path: Path) -> None:
    """Behind a proxy that does not pass the browser's Host on, the page's
    requests come from the public URL, not the address the server sees."""
    url = f"sqlite:///{tmp_path / 'b.db'}"
    app = create_app(url, base_url="https://bohn.example.org", create_rate=None)
    with TestClient(app) as c:
        body = {"variant": "bohnanza", "players": 3}
        ok = c.post("/api/games", json=body, headers={"Origin": "https://bohn.example.org"})
        assert ok.status_code == 201, ok.text
        evil = c.post("/api/games", json=body, headers={"Origin": "https://bohn.example.net"})
        assert evil.status_code == 403 and evil.json()["code"] == "csrf"


def test_a_signed_in_request_needs_the_sessions_own_token(
    on_sqlite: tuple[TestClient, str],
) -> None:
    client, db_url = on_sqlite
    sign_up(client)
    body = {"variant": "bohnanza", "players": 3}
    assert client.post("/api/games", json=body).status_code == 403  # no header
    # a token the browser was given by someone else (a cookie planted
    # beside the session): header and cookie agree, the session does not
    plant(client, CSRF_COOKIE, "planted-token")
    r = client.post("/api/games", json=body, headers={"X-CSRF-Token": "planted-token"})
    assert r.status_code == 403 and r.json()["code"] == "csrf", r.text
    assert rows(db_url, "SELECT count(*) FROM games")[0][0] == 0


def test_a_guest_with_a_seat_link_needs_no_token(on_sqlite: tuple[TestClient, str]) -> None:
    client, _ = on_sqlite
    client.cookies.clear()
    r = client.post("/api/games", json={"variant": "bohnanza", "players": 3})
    assert r.status_code == 201, r.text


# -- seats that belong to an account -----------------------------------------------


def test_a_guest_who_signs_up_keeps_their_games(client: TestClient) -> None:
    g = new_game(client)
    links = [{"game": g["id"], "token": g["join"][0]["token"]}]
    out = sign_up(client, links=links)
    assert out["claimed"] == [{"game": g["id"], "seat": 0}]
    # another device: the game is listed, and its page plays the seat without the link
    client.cookies.clear()
    client.get("/api/account")
    assert sign_in(client).status_code == 200
    mine = client.get("/api/account/games").json()["games"]
    assert [(x["id"], x["seat"]) for x in mine] == [(g["id"], 0)]
    state = client.get(f"/api/games/{g['id']}/state")
    assert state.status_code == 200 and state.json()["seat"] == 0
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "state" and msg["seat"] == 0


def test_a_link_with_a_wrong_token_claims_nothing(client: TestClient) -> None:
    g = new_game(client)
    out = sign_up(client, links=[{"game": g["id"], "token": "not-its-token"}])
    assert out["claimed"] == []
    assert client.get("/api/account/games").json()["games"] == []


def test_a_seat_of_one_account_is_not_another_accounts(client: TestClient) -> None:
    g = new_game(client)
    sign_up(client, "Anna", links=[{"game": g["id"], "token": g["join"][0]["token"]}])
    client.cookies.clear()
    client.get("/api/account")
    sign_up(client, "Bert", links=[{"game": g["id"], "token": g["join"][0]["token"]}])
    assert client.get("/api/account/games").json()["games"] == []  # Anna's already
    r = client.get(f"/api/games/{g['id']}/state")
    assert r.status_code == 403, r.text
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        assert ws.receive_json()["code"] == "forbidden"
    # the seat's link still plays it, whoever holds it
    r = client.get(
        f"/api/games/{g['id']}/state",
        headers={"Authorization": f"Bearer {g['join'][0]['token']}"},
    )
    assert r.status_code == 200 and r.json()["seat"] == 0


def test_a_game_created_signed_in_gives_the_creator_seat_to_the_account(
    client: TestClient,
) -> None:
    sign_up(client)
    g = new_game(client)
    assert g["seats"][0]["name"] == "Anna"
    mine = client.get("/api/account/games").json()["games"]
    assert [(x["id"], x["seat"]) for x in mine] == [(g["id"], 0)]


def test_a_seat_taken_signed_in_is_the_accounts(client: TestClient) -> None:
    g = new_game(client, seats=[{"kind": "human"}] * 3)  # a guest's game, with open seats
    client.cookies.clear()
    client.get("/api/account")
    sign_up(client, "Bert")
    r = post(client, f"/api/games/{g['id']}/seats/1/take", {"name": "Bert"})
    assert r.status_code == 200, r.text
    mine = client.get("/api/account/games").json()["games"]
    assert [(x["id"], x["seat"]) for x in mine] == [(g["id"], 1)]


def test_a_guest_has_no_account_games(client: TestClient) -> None:
    r = client.get("/api/account/games")
    assert r.status_code == 401 and r.json()["code"] == "signed-out"


def test_a_session_works_on_every_server_of_a_cluster(db_url: str) -> None:
    """Sessions are rows of the shared database: one started on one server
    signs in on another (``--cluster`` on PostgreSQL; two servers on one
    SQLite file share it the same way)."""
    cluster = db_url.startswith("postgresql")
    with (
        TestClient(create_app(db_url, sign_in_rate=None, cluster=cluster)) as a,
        TestClient(create_app(db_url, sign_in_rate=None, cluster=cluster)) as b,
    ):
        cheap(a)
        a.get("/api/account")
        sign_up(a)
        set_cookies(b, dict(a.cookies.items()))
        assert who(b)["name"] == "Anna"
        g = new_game(b)  # a signed-in request on the other server: its CSRF token holds there
        assert g["seats"][0]["name"] == "Anna"
        assert post(b, "/api/account/signout-everywhere").status_code == 200
        assert who(a) is None
