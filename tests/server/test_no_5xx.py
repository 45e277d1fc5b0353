"""Every answer of the server is 2xx or 4xx, never 5xx: what a hostile client
found answered 500 (on SQLite, PostgreSQL or both) is refused with a 4xx
that says what is wrong and which limit or rule forbids it, changes nothing
stored and carries the security headers; and a route that fails anyway
answers 500 with every security header. On SQLite always, on PostgreSQL
when ``BOHN_TEST_POSTGRES`` names a server (``server.fuzz.databases``).

The cases that start no bot game share one database of each kind and one
server on it (``client``, ``db_url``): nothing moves in it between a case's
reading of what is stored and its request, and each case still compares
the rows before and after. A case whose game has bots (they may move while
another case compares the rows) has a database and a server of its own
(``own_client``, ``own_db_url``); a bot seat found in the shared database
after a case fails that case."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import DataError
from sqlalchemy.pool import NullPool

from bohn.bots.base import MAX_SPEC
from bohn.bots.base import BotSpecError
from bohn.bots.base import check_bot_spec
from bohn.bots.base import make_bot
from bohn.server import rooms
from bohn.server.app import SECURITY_HEADERS
from bohn.server.app import create_app
from bohn.server.launch import free_port
from bohn.server.lobby import MAX_NAME
from bohn.server.lobby import MAX_SEED
from bohn.server.store import BOT_COLUMN
from bohn.server.store import NAME_COLUMN
from bohn.server.store import SEED_COLUMN
from bohn.server.store import Store
from bohn.server.store import migrate
from bohn.server.store import seed_text
from bohn.sim.batch import seat_bots
from server.fuzz import database
from server.fuzz import databases
from server.rows import game_row
from server.serving import serving


def _app(url: str) -> FastAPI:
    # a hostile client's many requests: the rate limits are tested elsewhere
    return create_app(url, create_rate=None, action_rate=None, max_open_games=None)


# raise_server_exceptions stays on in every client: a route's failure must
# not get past the server's own answer to it


class _Shared(dict[str, tuple[str, TestClient]]):
    """Per database kind, made when a case first asks for it: the database
    (migrated by its server's start) and a server on it."""

    def __init__(self, stack: contextlib.ExitStack, folder: pytest.TempPathFactory) -> None:
        super().__init__()
        self.stack = stack
        self.folder = folder

    def __missing__(self, kind: str) -> tuple[str, TestClient]:
        url = self.stack.enter_context(database(kind, self.folder.mktemp(kind)))
        self[kind] = (url, self.stack.enter_context(TestClient(_app(url))))
        return self[kind]


@pytest.fixture(scope="module")
def _shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Shared]:
    """The database and server of each kind that the module's cases which
    start no bot game share."""
    with contextlib.ExitStack() as stack:
        yield _Shared(stack, tmp_path_factory)


def _bots(url: str) -> int:
    engine = sa.create_engine(
        url.replace("postgresql://", "postgresql+psycopg://"), poolclass=NullPool
    )
    try:
        with engine.connect() as conn:
            return int(
                conn.execute(sa.text("SELECT count(*) FROM seats WHERE kind = 'bot'")).scalar_one()
            )
    finally:
        engine.dispose()


@pytest.fixture(params=databases())
def kind(request: pytest.FixtureRequest) -> str:
    """The database the case runs on: ``sqlite``, ``postgresql``."""
    return str(request.param)


@pytest.fixture
def db_url(kind: str, _shared: _Shared) -> Iterator[str]:
    """The shared database of ``kind`` (for a case that starts no bot game)."""
    url = _shared[kind][0]
    yield url
    assert not _bots(url), "a case on the shared database made a bot seat: use own_client"


@pytest.fixture
def client(db_url: str, kind: str, _shared: _Shared) -> TestClient:
    """The server on the shared database (:func:`db_url`)."""
    return _shared[kind][1]


@pytest.fixture
def own_db_url(kind: str, tmp_path: Path) -> Iterator[str]:
    """A new database of ``kind`` of the case's own (a case whose game has bots)."""
    with database(kind, tmp_path) as url:
        yield url


@pytest.fixture
def own_client(own_db_url: str) -> Iterator[TestClient]:
    """A server of the case's own, on :func:`own_db_url`."""
    with TestClient(_app(own_db_url)) as c:
        yield c


def stored(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the games, seats and actions, in order."""
    engine = sa.create_engine(
        url.replace("postgresql://", "postgresql+psycopg://"), poolclass=NullPool
    )
    try:
        with engine.connect() as conn:
            return {
                t: sorted((tuple(r) for r in conn.execute(sa.text(f"SELECT * FROM {t}"))), key=repr)
                for t in ("games", "seats", "actions")
            }
    finally:
        engine.dispose()


def refused(r: httpx.Response, status: int, *says: str, code: str | None = None) -> None:
    """``r`` is the refusal ``status`` in the API's error form, its message
    saying each of ``says``, with every security header."""
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) >= {"code", "message", "rule"}, body
    if code is not None:
        assert body["code"] == code, body
    for part in says:
        assert part in body["message"], (part, body["message"])
    for name, value in SECURITY_HEADERS:
        assert r.headers[name.decode()] == value.decode(), name


def create(client: TestClient, **body: Any) -> httpx.Response:
    # JSON in ASCII: a lone surrogate ("\ud800") is sent as its escape
    text = json.dumps({"variant": "bohnanza", "players": 3, **body})
    r: httpx.Response = client.post(
        "/api/games", content=text, headers={"content-type": "application/json"}
    )
    return r


# -- 1. a seed is measured in the unit the database stores --------------------


@pytest.mark.parametrize(
    "seed",
    ["é" * 60, '"' * 60, "\U0001f600" * 30, "\\" * 60, "\n" * 40, "é" * 14, '"' * 40],
)
def test_a_seed_too_long_in_its_stored_form_is_refused(
    client: TestClient,
    db_url: str,
    seed: str,
) -> None:
    """Within the 60 characters a person may give, but longer than the
    column ``games.seed`` once stored as JSON (quotes and non-ASCII
    escaped): refused, saying so, nothing stored (on PostgreSQL this was a
    500, StringDataRightTruncation)."""
    assert len(seed) <= MAX_SEED < len(seed_text(seed))
    before = stored(db_url)
    r = create(client, seed=seed)
    refused(r, 400, "stored as JSON", f"at most {SEED_COLUMN}", "games.seed")
    assert stored(db_url) == before


@pytest.mark.parametrize(
    "seed", ["é" * 13, '"' * 39, "a" * MAX_SEED, 10 ** (MAX_SEED - 1), -(10 ** (MAX_SEED - 2))]
)
def test_a_seed_that_fits_its_column_is_stored_as_given(
    own_client: TestClient, own_db_url: str, seed: int | str
) -> None:
    r = create(own_client, seed=seed)  # a person and two bots
    assert r.status_code == 201, r.text
    assert len(seed_text(seed)) <= SEED_COLUMN
    (row,) = [g for g in stored(own_db_url)["games"] if g[0] == r.json()["id"]]
    assert json.loads(row[3]) == seed


def test_the_sixty_characters_a_person_may_give_still_hold(client: TestClient) -> None:
    refused(create(client, seed="a" * (MAX_SEED + 1)), 400, f"at most {MAX_SEED} characters")
    refused(create(client, seed=[1]), 400, "an integer or a string", "not list")


def test_a_flood_of_refused_creates_does_not_hold_up_a_bot_game(own_client: TestClient) -> None:
    """While a bot game runs (its bots move, a think time apart), a flood of
    creates that are refused leaves it alone: it moves on, as the
    conditions show (its state goes on); no sleep decides it."""
    client = own_client
    r = create(
        client,
        seed=5,
        think_ms=20,
        seats=[
            {"kind": "bot", "bot": "greedy"},
            {"kind": "bot", "bot": "greedy"},
            {"kind": "human"},
        ],
    )
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    start = client.get(f"/api/games/{gid}").json()["seq"]
    bad = ["é" * 60, '"' * 60, "\U0001f600" * 30]
    flooded = 0
    deadline = time.monotonic() + 60  # a guard against a hang, not a wait
    while True:
        refused(create(client, seed=bad[flooded % len(bad)]), 400, "games.seed")
        flooded += 1
        now = client.get(f"/api/games/{gid}").json()
        if flooded >= 30 and (now["seq"] >= start + 3 or 2 in now["waiting_for"]):
            break
        assert time.monotonic() < deadline, f"the bot game stopped at state {now['seq']}"
    assert now["seq"] > start


@pytest.fixture(params=databases()[1:])
def postgres_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new PostgreSQL database (SQLite stores text longer than its column's length)."""
    with database(request.param, tmp_path) as url:
        yield url


def test_a_value_the_database_refuses_fails_its_own_submission_only(postgres_url: str) -> None:
    """The store's group commit: a new game whose seed the database cannot
    hold (validation bypassed), committed in one batch with another game's
    action, fails alone; the action is stored. (Before, the whole batch
    failed, and the other game's bots stopped.)"""
    migrate(postgres_url)
    human = {"seat": 0, "kind": "human", "bot": None, "token_hash": "h0", "name": "Ada"}
    seats = [human] + [
        {"seat": i, "kind": "human", "bot": None, "token_hash": f"h{i}", "name": None}
        for i in (1, 2)
    ]

    async def run() -> tuple[BaseException | None, BaseException | None]:
        store = Store(postgres_url)
        try:
            await store.create_game(game_row("good", "bohnanza", 3, 1, seats))
            bad = game_row("bad", "bohnanza", 3, 1, seats)
            bad.seed = "é" * 60  # 362 characters as JSON
            out = await asyncio.gather(
                store.create_game(bad),
                store.add_actions("good", [(0, 0, {"type": "plant", "from": "hand"})]),
                return_exceptions=True,
            )
            return out[0], out[1]
        finally:
            await store.close()

    failed, ok = asyncio.run(run())
    assert isinstance(failed, DataError) and ok is None, (failed, ok)
    rows = stored(postgres_url)
    assert [g[0] for g in rows["games"]] == ["good"]
    assert [(a[0], a[1]) for a in rows["actions"]] == [("good", 0)]


# -- 2. a variant of the wrong type ---------------------------------------------


@pytest.mark.parametrize("variant", [[], {}, ["bohnanza"], {"bohnanza": 1}, 5, None, True])
def test_a_variant_that_is_no_name_is_refused(
    client: TestClient,
    db_url: str,
    variant: Any,
) -> None:
    before = stored(db_url)
    refused(create(client, variant=variant), 400, "unknown variant", "known: bohnanza")
    assert stored(db_url) == before


# -- 3. seats are numbered in ASCII digits --------------------------------------


@pytest.mark.parametrize("seat", ["²", "٣", "\uff11", "+1", " 1", "1_0", "-1", "9" * 5000, "3"])
def test_a_seat_is_a_number_in_ascii_digits(
    client: TestClient,
    db_url: str,
    seat: str,
) -> None:
    g = create(client, seats=[{"kind": "human"}] * 3).json()
    before = stored(db_url)
    r = client.post(f"/api/games/{g['id']}/seats/{seat}/take", json={"name": "Ann"})
    refused(r, 404, "its seats are 0 to 2", "ASCII digits", code="not-found")
    assert stored(db_url) == before
    r = client.post(f"/api/games/{g['id']}/seats/01/take", json={"name": "Ann"})
    assert r.status_code == 200 and r.json()["seat"] == 1, r.text


# -- 4. numbers in the query ------------------------------------------------------


@pytest.mark.parametrize("limit", ["1" * 5000, "٣", "+5", "0", "201", "1_0", " 5", "", "-1"])
def test_the_lobby_limit_names_its_range(client: TestClient, limit: str) -> None:
    r = client.get("/api/games", params={"limit": limit})
    refused(r, 400, "limit", "from 1 to 200", "ASCII digits")


def test_the_lobby_limit_in_range_is_taken(own_client: TestClient) -> None:
    create(own_client)  # a person and two bots
    assert len(own_client.get("/api/games", params={"limit": "001"}).json()["games"]) == 1


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"since": "1" * 5000}, "since (a step)"),
        ({"since": "٣"}, "ASCII digits"),
        ({"since": "-1"}, "from 0"),
    ],
)
def test_the_state_since_is_a_step_in_ascii_digits(
    own_client: TestClient, query: dict[str, str], says: str
) -> None:
    g = create(own_client).json()  # a person and two bots
    r = own_client.get(
        f"/api/games/{g['id']}/state",
        params=query,
        headers={"authorization": f"Bearer {g['join'][0]['token']}"},
    )
    refused(r, 400, says)


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ({"from": "9" * 5000}, "bad-step"),
        ({"to": "9" * 5000}, "bad-step"),
        ({"from": "٣"}, "bad-request"),
    ],
)
def test_replay_steps_are_numbers_in_ascii_digits(
    own_client: TestClient, query: dict[str, str], code: str
) -> None:
    g = create(own_client).json()  # a person and two bots
    r = own_client.get(
        f"/api/games/{g['id']}/replay/steps",
        params={**query, "spectate": g["spectate"]["token"]},
    )
    refused(r, 400, code=code)


# -- 5. seats of the wrong type, names and ids against their columns -------------


@pytest.mark.parametrize(
    ("seat", "says"),
    [
        (5, "seat 1 must be {'kind': 'human'} or {'kind': 'bot', 'bot': 'greedy'}"),
        ([{"kind": "human"}], "seat 1 must be {'kind': 'human'}"),
        ({"kind": 5}, "seat 1 must be {'kind': 'human'}"),
        ({"name": 7}, "seat 1 must be {'kind': 'human'}"),
        ({"kind": "human", "name": ["x"]}, "seat 1: a name is a string of 1 to 40 characters"),
        ({"kind": "human", "name": 7}, "seat 1: a name is a string of 1 to 40 characters"),
        ({"kind": "human", "name": "x" * 41}, "seat 1: a name has 1 to 40 characters, not 41"),
        ({"kind": "human", "name": "é" * 41}, "seat 1: a name has 1 to 40 characters, not 41"),
        (
            {"kind": "human", "name": "\U0001f600" * 41},
            "seat 1: a name has 1 to 40 characters, not 41",
        ),
        ({"kind": "human", "name": "a\x00b"}, "seat 1: a name holds only printable characters"),
        ({"kind": "human", "name": "\ud800"}, "seat 1: a name holds only printable characters"),
        ({"kind": "bot", "bot": 5}, "seat 1: a bot is named by a short spec"),
        ({"kind": "bot", "bot": "é" * 121}, "seat 1: a bot spec has at most 120 characters"),
        ({"kind": "bot", "bot": "greedy\x00"}, "seat 1: unknown bot 'greedy\\x00'"),
        ({"kind": "bot", "bot": "greedy", "name": "x"}, "a bot seat takes bot and kind, not name"),
        ({"kind": "human", "bot": "greedy"}, "seat 1: a human seat takes kind and name, not bot"),
        ({"kind": "human", "token_hash": "x"}, "not token_hash"),
    ],
)
def test_a_seat_of_the_wrong_type_is_refused_alike_on_both_databases(
    client: TestClient,
    db_url: str,
    seat: Any,
    says: str,
) -> None:
    before = stored(db_url)
    r = create(client, seats=[{"kind": "human"}, seat, {"kind": "bot", "bot": "greedy"}])
    refused(r, 400, says)
    assert stored(db_url) == before


def test_each_limit_fits_its_column() -> None:
    """The limits people meet are within what the columns hold (a bot spec
    that passes is ASCII, so its characters are the column's unit)."""
    assert MAX_NAME <= NAME_COLUMN and MAX_SPEC <= BOT_COLUMN
    assert len(seed_text("x" * MAX_SEED)) <= SEED_COLUMN


@pytest.mark.parametrize("name", ["é" * 40, "\U0001f600" * 40, "漢" * 40, "  " + "x" * 40 + " "])
def test_a_name_of_forty_characters_is_stored_as_given(
    client: TestClient,
    db_url: str,
    name: str,
) -> None:
    """The column holds :data:`MAX_NAME` characters in the unit it counts
    (PostgreSQL: characters, not bytes): any 40 are stored and read back."""
    r = create(
        client, seats=[{"kind": "human", "name": name}, {"kind": "human"}, {"kind": "human"}]
    )
    assert r.status_code == 201, r.text
    assert r.json()["seats"][0]["name"] == name.strip()
    engine = sa.create_engine(
        db_url.replace("postgresql://", "postgresql+psycopg://"), poolclass=NullPool
    )
    with engine.connect() as conn:
        query = sa.text("SELECT name FROM seats WHERE game_id = :g AND seat = 0")
        names = [r[0] for r in conn.execute(query, {"g": r.json()["id"]})]
    engine.dispose()
    assert names == [name.strip()]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/games?ids=a%00b", 400),
        ("/api/games?ids=" + "é" * 10, 400),
        ("/api/games?cursor=1.5_a%00b", 400),
        ("/api/games/a%00b", 404),
        ("/api/games/a%00b/state", 404),
        ("/api/games/a%00b/replay", 404),
        ("/api/games/a%00b/replay/steps", 404),
    ],
)
def test_a_game_id_no_game_could_have_is_not_looked_up(
    client: TestClient, path: str, status: int
) -> None:
    """Text holding NUL cannot even be compared on PostgreSQL (a 500 there):
    a game id is letters, digits, - and _, refused before any query."""
    refused(client.get(path), status)
    refused(client.post("/api/games/a%00b/seats/1/take", json={"name": "x"}), 404)


# -- 6. a route that fails still answers with the security headers ---------------


def test_a_route_that_fails_answers_500_with_every_security_header(
    db_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = _app(db_url)

    async def boom() -> None:
        raise LookupError("a defect")

    app.router.add_api_route("/api/boom", boom)
    with TestClient(app) as c, caplog.at_level(logging.ERROR, logger="bohn.server"):
        r = c.get("/api/boom")  # not raised into the test: the server answered it
        refused(r, 500, "the server failed on this request", code="internal")
        assert c.get("/api/variants").status_code == 200
    assert any("GET /api/boom failed" in rec.getMessage() for rec in caplog.records)


def test_a_failing_route_keeps_the_connection_and_its_headers_on_a_real_server(
    own_db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over a real server (uvicorn) and one keep-alive connection: a route
    that fails answers 500 with every header, and the next request on the
    same connection is answered (before, the exception went on to the
    server, which dropped the connection)."""

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a defect")

    port = free_port()
    with serving(_app(own_db_url), port), httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
        g = c.post("/api/games", json={"variant": "bohnanza", "players": 3}).json()
        monkeypatch.setattr(rooms.Room, "view", broken)
        for _ in range(3):
            r = c.get(
                f"/api/games/{g['id']}/state",
                headers={"authorization": f"Bearer {g['join'][0]['token']}"},
            )
            refused(r, 500, code="internal")
        monkeypatch.undo()
        refused(c.post("/api/games", json={"variant": []}), 400, "unknown variant")
        assert c.get(f"/api/games/{g['id']}").status_code == 200


# -- 7. bot specs are read strictly -------------------------------------------------


#: every spec the docs, the tests and the lobby page use, and the values the
#: docs allow (a bool also as 1/0, yes/no)
GOOD_SPECS = [
    "greedy",
    "random",
    "ismcts",
    "greedy:proposals=1",
    "greedy:proposals=3",
    "greedy:buy=false",
    "greedy:buy=true",
    "greedy:buy=1",
    "greedy:buy=no",
    "greedy:proposals=3,buy=false",
    "greedy:proposals=1,buy=false",
    "ismcts:iterations=500,c=1.4",
    "ismcts:iterations=2,horizon=6",
    "ismcts:rival=max",
    "ismcts:rival=mean",
    "ismcts:iterations=1000,time_ms=10000",
    "ismcts:horizon=9,iterations=4",
    "ismcts:iterations=0,time_ms=20",
    "ismcts:iterations=7,horizon=12,c=0.3,time_ms=50,proposals=2,expand=3",
    "ismcts:c=.5",
    "ismcts:c=007",
]


@pytest.mark.parametrize("spec", GOOD_SPECS)
def test_the_projects_bot_specs_are_taken(spec: str) -> None:
    check_bot_spec(spec)
    make_bot(spec, 1)


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        (" greedy", "has spaces around it; write 'greedy'"),
        ("greedy ", "has spaces around it"),
        ("greedy\t", "has spaces around it"),
        ("Greedy", "unknown bot 'Greedy'"),
        ("greedy :proposals=1", "bot name 'greedy ' in"),
        ("greedy:proposals=٣", "proposals must be an integer, not '٣' (written in ASCII digits"),
        ("greedy:proposals=+3", "proposals must be an integer, not '+3'"),
        ("greedy:proposals=1_0", "proposals must be an integer, not '1_0'"),
        ("greedy:proposals=²", "proposals must be an integer, not '²'"),
        ("greedy:proposals=3.0", "proposals must be an integer"),
        ("greedy:proposals=", "proposals must be an integer, not ''"),
        ("greedy:proposals= 3", "has spaces around its name or value"),
        ("greedy:proposals =3", "has spaces around its name or value"),
        ("greedy: proposals=3", "has spaces around its name or value"),
        ("greedy:proposals=1,proposals=2", "proposals is given twice"),
        ("greedy:buy=false,buy=false", "buy is given twice"),
        ("greedy:", "nothing follows the ':'"),
        ("greedy:buy=True", "buy must be true or false"),
        ("greedy:buy= true", "has spaces around"),
        ("ismcts:c=+1.4", "c must be a number, not '+1.4'"),
        ("ismcts:c=1e3", "c must be a number, not '1e3'"),
        ("ismcts:c=\u0661.\u0664", "c must be a number"),
        ("ismcts:c=inf", "c must be a finite number"),
        ("ismcts:horizon=-1", "horizon must not be negative"),
        ("ismcts:rival=Max", "rival must be one of mean, max, not 'Max'"),
    ],
)
def test_a_loose_bot_spec_is_refused_naming_the_problem(spec: str, says: str) -> None:
    with pytest.raises(BotSpecError) as e:
        check_bot_spec(spec)
    assert says in str(e.value), str(e.value)
    with pytest.raises(ValueError, match=re.escape(says)):  # bohn sim, the tournaments
        seat_bots([spec], 3)


@pytest.mark.parametrize(
    "spec", [" greedy", "greedy:proposals=٣", "greedy:proposals=1,proposals=2"]
)
def test_the_server_refuses_a_loose_bot_spec(
    client: TestClient,
    db_url: str,
    spec: str,
) -> None:
    before = stored(db_url)
    r = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": spec}, {"kind": "human"}])
    refused(r, 400, "seat 1: ", code="bad-bot")
    assert stored(db_url) == before
