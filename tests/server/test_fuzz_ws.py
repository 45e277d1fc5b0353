"""Property-based fuzzing of the WebSocket messages (Hypothesis): any text
or binary frame a client may send gets an answer (an ack, an error, or an
error then a close code), never a dropped socket without a word, and a
refused message stores nothing. The game has only people's seats, so only
the fuzzed messages move it. ``BOHN_SOAK=1`` runs many more examples."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conformance.vocabulary import JSON_VALUES
from conformance.vocabulary import action_json
from conformance.vocabulary import malformed_json
from fastapi.testclient import TestClient
from hypothesis import HealthCheck
from hypothesis import event
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bohn.rulesets import VARIANTS
from bohn.server.app import MAX_BODY
from bohn.server.app import create_app
from server.fuzz import examples
from server.fuzz import stored

#: the close codes of a message over a limit (binary, too deep, too large)
CLOSES = {1003, 1008, 1009}


class Table:
    def __init__(self, client: TestClient, db: Path, game: dict[str, Any]) -> None:
        self.client = client
        self.db = db
        self.id = game["id"]
        self.tokens = [j["token"] for j in game["join"]]
        self.spectate = game["spectate"]["token"]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    db = tmp_path_factory.mktemp("wsfuzz") / "bohn.db"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        r = c.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3, "seed": 2, "seats": [{"kind": "human"}] * 3},
        )
        assert r.status_code == 201, r.text
        yield Table(c, db, r.json())


def _act(seq: Any, action: Any) -> str:
    return json.dumps({"type": "act", "seq": seq, "action": action})


SEQS = st.one_of(st.integers(-2, 40), JSON_VALUES)
ACTIONS = st.one_of(action_json(VARIANTS["bohnanza"]), malformed_json())
FRAMES = st.one_of(
    st.builds(_act, SEQS, ACTIONS),  # an act message, plausible or not
    st.builds(lambda v: json.dumps(v), JSON_VALUES),  # any JSON
    st.text(max_size=200),  # any text
    st.builds(lambda n, c: c * n, st.integers(1, 3000), st.sampled_from(["[", "{", '{"a":'])),
    st.builds(lambda n: " " * n, st.sampled_from([MAX_BODY, MAX_BODY + 1, 2 * MAX_BODY])),
    st.binary(max_size=64),  # a binary frame
)


@settings(
    deadline=None,
    max_examples=examples(100, 3000),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
@given(
    frame=FRAMES,
    who=st.sampled_from(["seat0", "seat1", "seat2", "spectator"]),
    real_seq=st.booleans(),
    legal=st.one_of(st.none(), st.integers(0, 99)),
)
def test_every_message_is_answered_and_a_refusal_changes_nothing(
    table: Table, frame: str | bytes, who: str, real_seq: bool, legal: int | None
) -> None:
    """``legal``: send instead one of the seat's legal actions (when it has
    any), so the game moves on and later messages meet other phases."""
    c = table.client
    query = (
        f"spectate={table.spectate}"
        if who == "spectator"
        else f"token={table.tokens[int(who[-1])]}"
    )
    with c.websocket_connect(f"/ws/games/{table.id}?{query}") as ws:
        state = ws.receive_json()
        assert state["type"] == "state"
        before = stored(table.db, {table.id})  # connecting marks a seat joined
        if real_seq and isinstance(frame, str) and frame.startswith('{"type": "act", "seq": '):
            msg = json.loads(frame)
            msg["seq"] = state["seq"]  # on the state now: the rules decide
            frame = json.dumps(msg)
        if legal is not None and state["legal"]:
            frame = _act(state["seq"], state["legal"][legal % len(state["legal"])]["action"])
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        while True:  # states may come before the answer
            answer = ws.receive()
            assert answer["type"] == "websocket.send", answer  # a word before any close
            got = json.loads(answer["text"])
            if got["type"] != "state":
                break
        assert got["type"] in ("ack", "error"), got
        event(str(got.get("code", "ack")))  # --hypothesis-show-statistics
        if got["type"] == "error":
            assert got["code"] and got["message"], got
            if got["code"] in ("binary", "too-large", "too-deep"):
                closed = ws.receive()
                assert closed["type"] == "websocket.close" and closed["code"] in CLOSES
    if got["type"] == "error":
        assert stored(table.db, {table.id}) == before, (frame, got)
    else:
        assert who != "spectator"
