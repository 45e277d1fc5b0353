"""Property-based fuzzing of the HTTP API from its OpenAPI schema
(Schemathesis), against a live server on SQLite and on PostgreSQL: no
request is answered 5xx, every answer carries the security headers, and a
refused one (4xx) changes nothing stored (``fuzz.stored``). Request bodies
fit the schema or, as often, not (positive and negative generation); the
game, seat and token of a request are drawn from real ones as well as made
up, so the checks past "no such game" are reached; and any text in a body,
a query or a path may be swapped for what a hostile client sends (non-ASCII
letters, emoji, quotes and backslashes that grow when stored as JSON,
digits of other scripts, thousands of digits). ``BOHN_SOAK=1`` runs many
more examples."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import event
from hypothesis import settings
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

from bohn.server.app import create_app
from bohn.server.http import SECURITY_HEADERS
from bohn.server.launch import free_port
from server.fuzz import database
from server.fuzz import databases
from server.fuzz import examples
from server.fuzz import stored
from server.serving import serving

schema = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=examples(20, 400)
)
# the schema's examples phase cannot give the drawn game and token (``data``);
# the fuzzing phase covers the examples' shapes anyway
schema.config.phases.examples.enabled = False
schema.config.phases.coverage.enabled = False


@dataclass
class Live:
    url: str
    db: str
    #: the games made here, with only people's seats (nothing moves them by itself)
    fixed: set[str] = field(default_factory=set)
    #: game id -> its seat tokens, and its spectator token
    tokens: dict[str, list[str]] = field(default_factory=dict)
    spectate: dict[str, str] = field(default_factory=dict)
    #: a signed-in account's cookies (its session and CSRF token)
    session: dict[str, str] = field(default_factory=dict)


def _post(url: str, body: Any) -> Any:
    req = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        return json.load(r)


@pytest.fixture(scope="module", params=databases())
def live(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Live]:
    with database(request.param, tmp_path_factory.mktemp("fuzz")) as url:
        port = free_port()
        # sign-ins unlimited per client, so that the fuzzer reaches past the limit
        with serving(create_app(url, sign_in_rate=None), port, log_level="critical"):
            yield _with_account(_with_games(Live(f"http://127.0.0.1:{port}", url)))


#: what a hostile client puts where text goes: letters and signs JSON escapes
#: (so a stored form outgrows its characters), emoji, digits of other
#: scripts, a right-to-left mark, and numbers of thousands of digits
HOSTILE = st.one_of(
    st.text(st.sampled_from('é"\\²٣€\u202e😀 0'), min_size=1, max_size=64),
    st.text(st.characters(min_codepoint=0x80, exclude_categories=("Cs",)), min_size=1, max_size=64),
    st.integers(300, 5000).map(lambda n: "9" * n),
)

#: the security headers every answer carries, a 500 too (docs/server.md)
HEADERS = [name.decode() for name, _ in SECURITY_HEADERS]


def _hostile(data: Any, value: Any, label: str) -> Any:
    """``value`` with some of its text swapped for :data:`HOSTILE` text."""
    if isinstance(value, dict):
        return {k: _hostile(data, v, f"{label}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [_hostile(data, v, f"{label}[]") for v in value]
    if isinstance(value, str) and data.draw(st.integers(0, 3), label=f"swap {label}") == 0:
        return data.draw(HOSTILE, label=label)
    return value


def _with_games(out: Live) -> Live:
    """``out`` with a game of people in each of three variants made on its server."""
    for variant, players in (("bohnanza", 3), ("high-bohn", 3), ("bohnkick", 2)):
        game = _post(
            f"{out.url}/api/games",
            {
                "variant": variant,
                "players": players,
                "seed": 9,
                "seats": [{"kind": "human"}] * players,
            },
        )
        out.fixed.add(game["id"])
        out.tokens[game["id"]] = [j["token"] for j in game["join"]]
        out.spectate[game["id"]] = game["spectate"]["token"]
    return out


def _with_account(out: Live) -> Live:
    """``out`` with an account signed in on its server (its cookies)."""
    import httpx

    with httpx.Client(base_url=out.url) as c:
        c.get("/api/account")
        r = c.post(
            "/api/account/signup",
            json={"name": "Fuzz", "password": "a fuzzing password"},
            headers={"X-CSRF-Token": c.cookies["bohn_csrf"]},
        )
        assert r.status_code == 201, r.text
        out.session = {k: c.cookies[k] for k in ("bohn_session", "bohn_csrf")}
    return out


@schema.parametrize()
@schema.given(data=st.data())
@settings(
    deadline=None,
    suppress_health_check=list(HealthCheck),
    max_examples=examples(20, 400),
    derandomize=True,
)
def test_no_5xx_and_no_change_on_a_refusal(case: Any, data: Any, live: Live) -> None:
    headers: dict[str, str] = {}
    params = case.path_parameters or {}
    if "game_id" in params and data.draw(st.booleans(), label="a real game"):
        gid = data.draw(st.sampled_from(sorted(live.fixed)), label="game")
        params["game_id"] = gid
        if data.draw(st.booleans(), label="with a token"):
            token = data.draw(st.sampled_from(live.tokens[gid]), label="token")
            headers["Authorization"] = f"Bearer {token}"
        if case.query is not None and "spectate" in case.query and data.draw(st.booleans()):
            case.query["spectate"] = live.spectate[gid]
    if "seat" in params and data.draw(st.booleans(), label="a real seat"):
        params["seat"] = str(data.draw(st.integers(0, 3)))
    if data.draw(st.booleans(), label="signed in"):  # the account's cookies and CSRF token
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in live.session.items())
        headers["X-CSRF-Token"] = live.session["bohn_csrf"]
    for name in params:
        if name != "game_id":
            params[name] = _hostile(data, params[name], name)
    if isinstance(case.query, dict):
        case.query = _hostile(data, case.query, "query")
    if isinstance(case.body, dict | list):
        case.body = _hostile(data, case.body, "body")
    before = stored(live.db, live.fixed)
    response = case.call(base_url=live.url, headers=headers, timeout=30)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text)
    missing = [h for h in HEADERS if h not in response.headers]
    assert not missing, (case.method, case.formatted_path, response.status_code, missing)
    event(str(response.status_code))  # --hypothesis-show-statistics
    if response.status_code >= 400:
        assert stored(live.db, live.fixed) == before, (
            case.method,
            case.formatted_path,
            response.text,
        )
