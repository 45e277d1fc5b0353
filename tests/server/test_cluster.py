"""Two ``bohn serve --cluster`` processes on one PostgreSQL database
(``bohn.server.cluster``): any process serves any client, actions reach the
game's owner, state updates reach watchers on every process, and when the
owner is killed the other takes its games over with every acknowledged
action. Skipped without ``BOHN_TEST_POSTGRES`` (never in CI:
``BOHN_REQUIRE_POSTGRES=1``)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from passes import SOAK
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect

from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.engine.actions import action_from_json
from bohn.replay import verify
from bohn.server.launch import start_server
from server.fuzz import database

POSTGRES = os.environ.get("BOHN_TEST_POSTGRES")
REQUIRED = os.environ.get("BOHN_REQUIRE_POSTGRES") == "1"  # CI: never skipped

needs_postgres = pytest.mark.skipif(
    not POSTGRES and not REQUIRED, reason="BOHN_TEST_POSTGRES names no PostgreSQL server"
)


@pytest.fixture
def pg(tmp_path: Path) -> Iterator[str]:
    """A fresh PostgreSQL database; its URL."""
    with database("postgresql", tmp_path) as url:
        yield url


class Node:
    """One ``bohn serve --cluster`` process."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.proc, self.url = start_server(
            db, args=["--cluster", "--action-rate", "off", "--create-rate", "off"]
        )
        self.http = httpx.Client(base_url=self.url, timeout=30)
        self.id = self.http.get("/healthz").json()["node"]

    def create(self, **body: Any) -> dict[str, Any]:
        """A game made on this process through the API: Bohnanza for 3, two
        people and a greedy bot unless ``body`` says otherwise; the answer."""
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
        r = self.http.post(
            "/api/games", json={"variant": "bohnanza", "players": 3, "seats": seats, **body}
        )
        assert r.status_code == 201, r.text
        game: dict[str, Any] = r.json()
        return game

    def ws(self, game: str, query: str) -> ClientConnection:
        """A WebSocket to ``game`` (use it in a ``with``)."""
        return connect(f"{self.url.replace('http', 'ws', 1)}/ws/games/{game}?{query}")

    def stop(self, kill: bool = False) -> None:
        if self.proc.poll() is None:
            self.proc.kill() if kill else self.proc.terminate()
            self.proc.wait(15)
        self.http.close()


@pytest.fixture
def nodes(pg: str) -> Iterator[list[Node]]:
    started: list[Node] = []
    try:
        started.append(Node(pg))
        started.append(Node(pg))
        yield started
    finally:
        for n in started:
            n.stop()


def lease_owner(db: str, game: str) -> str | None:
    import psycopg

    with psycopg.connect(db) as conn:
        row = conn.execute(
            "SELECT owner FROM leases WHERE game_id = %s AND expires_at > now()", (game,)
        ).fetchone()
    return None if row is None else str(row[0])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def next_state(ws: ClientConnection, at_least: int, timeout: float = 10) -> dict[str, Any]:
    """The first state message of ``ws`` at state ``at_least`` or later."""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        assert left > 0, f"no state at {at_least} or later came"
        msg = json.loads(ws.recv(timeout=left))
        if msg["type"] == "state" and msg["seq"] >= at_least:
            return msg


@needs_postgres
def test_an_action_sent_to_the_other_process_is_applied_and_seen_on_both(
    nodes: list[Node], pg: str
) -> None:
    a, b = nodes
    g = a.create(seed=7)
    game, t0, t1 = g["id"], g["join"][0]["token"], g["join"][1]["token"]
    spectate = f"spectate={g['spectate']['token']}"
    assert lease_owner(pg, game) == a.id  # the process that made it owns it
    with a.ws(game, spectate) as watch_a, b.ws(game, spectate) as watch_b:
        assert next_state(watch_a, 0)["seq"] == 0 and next_state(watch_b, 0)["seq"] == 0

        # over HTTP, to the process that does not own the game
        s = b.http.get(f"/api/games/{game}/state", headers=bearer(t0)).json()
        assert s["seq"] == 0 and 0 in s["waiting_for"]
        first = s["legal"][0]["action"]
        r = b.http.post(
            f"/api/games/{game}/actions", headers=bearer(t0), json={"seq": 0, "action": first}
        )
        assert r.status_code == 200, r.text
        assert r.json() == {"type": "ack", "seq": 1}
        for w in (watch_a, watch_b):  # both processes' watchers see it
            seen = next_state(w, 1)
            step = next(e for e in seen["log"] if e["step"] == 1)
            assert step["seat"] == 0 and step["action"] == first
        assert a.http.get(f"/api/games/{game}/state", headers=bearer(t0)).json()["seq"] >= 1
        assert lease_owner(pg, game) == a.id  # still the owner's: it was forwarded

        # the refusals are the owner's, word for word: stale, and not this seat's move
        refusals = []
        for n in (a, b):
            stale = n.http.post(
                f"/api/games/{game}/actions", headers=bearer(t0), json={"seq": 0, "action": first}
            )
            seq = n.http.get(f"/api/games/{game}/state", headers=bearer(t1)).json()["seq"]
            wrong = n.http.post(
                f"/api/games/{game}/actions",
                headers=bearer(t1),
                json={"seq": seq, "action": first},
            )
            refusals.append((stale.status_code, stale.json(), wrong.status_code, wrong.json()))
        assert refusals[0] == refusals[1]
        assert refusals[0][0] == 409 and refusals[0][1]["code"] == "stale"
        assert refusals[0][2] == 422 and refusals[0][3]["rule"]

        # over the WebSocket of the process that does not own the game
        with b.ws(game, f"token={t0}") as play:
            s = next_state(play, 1)
            assert 0 in s["waiting_for"]
            act = s["legal"][0]["action"]
            play.send(json.dumps({"type": "act", "seq": s["seq"], "action": act}))
            while (msg := json.loads(play.recv(timeout=10)))["type"] == "state":
                pass
            assert msg == {"type": "ack", "seq": s["seq"] + 1}
        for w in (watch_a, watch_b):
            seen = next_state(w, s["seq"] + 1)
            assert any(e["step"] == s["seq"] + 1 and e["action"] == act for e in seen["log"])


@needs_postgres
def test_a_seat_taken_on_one_process_plays_on_the_other(nodes: list[Node]) -> None:
    a, b = nodes
    game = a.create(seed=8, seats=[{"kind": "human"}] * 3)["id"]
    took = b.http.post(f"/api/games/{game}/seats/1/take", json={"name": "Ada"})
    assert took.status_code == 200, took.text
    deadline = time.monotonic() + 5
    while True:  # the owner reads the seat's new token on the notice
        seen = a.http.get(f"/api/games/{game}/state", headers=bearer(took.json()["token"]))
        if seen.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert seen.status_code == 200, seen.text
    assert seen.json()["seat"] == 1 and seen.json()["names"][1] == "Ada"


def test_cluster_needs_postgresql(tmp_path: Path) -> None:
    """``bohn serve --cluster`` on SQLite: one line, exit 2, nothing started."""
    out = subprocess.run(
        [sys.executable, "-m", "bohn", "serve", "--cluster", "--db", f"sqlite:///{tmp_path}/x.db"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0
    assert "--cluster" in out.stderr and "PostgreSQL" in out.stderr
    assert not (tmp_path / "x.db").exists()


@needs_postgres
def test_the_other_process_takes_over_when_the_owner_is_killed(nodes: list[Node], pg: str) -> None:
    a, b = nodes
    g = a.create(
        variant="bohnkick",
        players=2,
        seed=100,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    game, token = g["id"], g["join"][0]["token"]
    assert lease_owner(pg, game) == a.id
    with b.ws(game, f"spectate={g['spectate']['token']}") as watcher:
        took_over_in, refused = _play_and_kill(a, b, game, token, watcher)
    print(f"took over in {took_over_in:.2f} s; refused meanwhile: {refused}")


def _play_and_kill(
    a: Node, b: Node, game: str, token: str, watcher: ClientConnection
) -> tuple[float, int]:
    """Play the person's seat through both processes, kill the owner (a)
    after 15 acknowledged actions and play on through b to the end; the
    seconds from the kill to b's first acknowledgement, and the actions
    refused meanwhile."""
    rng = random.Random(5)
    me = make_bot("random", 3)
    acked: dict[int, Any] = {}
    killed_at: float | None = None
    took_over_in: float | None = None
    refused_meanwhile = 0
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        if killed_at is None and len(acked) >= 15:
            a.stop(kill=True)  # SIGKILL: no shutdown, the lease is left to expire
            killed_at = time.monotonic()
        alive = [b] if killed_at is not None else [a, b]
        node = rng.choice(alive)
        s = node.http.get(
            f"/api/games/{game}/state", headers=bearer(token), params={"since": 10**9}
        ).json()
        if s["result"] is not None:
            break
        if 0 not in s["waiting_for"]:
            time.sleep(0.01)  # the bot is moving (or nobody owns the game yet)
            continue
        legal = [action_from_json(x["action"]) for x in s["legal"]]
        act = me.act(SeatView(0, legal, lambda s=s: s["observation"])).to_json()
        r = node.http.post(
            f"/api/games/{game}/actions",
            headers=bearer(token),
            json={"seq": s["seq"], "action": act},
        )
        if r.status_code == 200:
            acked[s["seq"]] = act
            if killed_at is not None and took_over_in is None:
                took_over_in = time.monotonic() - killed_at
        else:
            assert r.status_code in (409, 422), r.text
            if r.status_code == 422:
                assert r.json()["code"] == "unavailable", r.text
                refused_meanwhile += 1
    assert killed_at is not None and took_over_in is not None
    assert took_over_in < 15, took_over_in
    assert lease_owner(b.db, game) in (b.id, None)  # b's, or given up as the game is over
    assert b.http.get("/healthz").json()["takeovers"] >= 1
    log = b.http.get(f"/api/games/{game}/state", headers=bearer(token)).json()["log"]
    mine = {e["step"] - 1: e["action"] for e in log if e["seat"] == 0 and e["action"]}
    for seq, action in acked.items():  # every acknowledged action, before and after
        assert mine.get(seq) == action, seq
    assert len(acked) > 15  # some of them acknowledged by b after the kill
    assert b.http.get(f"/api/games/{game}").json()["status"] == "finished"
    assert verify(b.http.get(f"/api/games/{game}/replay").json()).result() is not None
    # the watcher on the surviving process saw the game to its end
    end = next_state(watcher, 0)
    while end["result"] is None:
        end = next_state(watcher, end["seq"] + 1, timeout=30)
    return took_over_in, refused_meanwhile


@needs_postgres
@pytest.mark.skipif(not SOAK, reason="BOHN_SOAK=1 runs the cluster load")
def test_load_across_two_processes(pg: str) -> None:
    """``tools/clusterload.py``: games made on both processes, each played
    from the other one (every action forwarded, every update across)."""
    out = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).resolve().parents[2] / "tools" / "clusterload.py"),
            "--db",
            pg,
            "--games",
            "40",
            "--seconds",
            "20",
            "--pause-ms",
            "200",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["human_actions"] > 0
    assert report["lost"] == 0 and report["stuck"] == []
    print(json.dumps(report))


@needs_postgres
def test_a_stopped_process_gives_its_games_up_at_once(nodes: list[Node], pg: str) -> None:
    """SIGTERM: the leases are given up, and the other process applies the
    next action at once, not after the lease would have run out."""
    a, b = nodes
    g = a.create(seed=9, seats=[{"kind": "human"}] * 3)
    game, token = g["id"], g["join"][0]["token"]
    assert lease_owner(pg, game) == a.id
    s = b.http.get(f"/api/games/{game}/state", headers=bearer(token)).json()
    a.stop()  # SIGTERM
    assert lease_owner(pg, game) is None
    start = time.monotonic()
    r = b.http.post(
        f"/api/games/{game}/actions",
        headers=bearer(token),
        json={"seq": s["seq"], "action": s["legal"][0]["action"]},
    )
    assert r.status_code == 200, r.text
    assert time.monotonic() - start < 2
    assert lease_owner(pg, game) == b.id


def clock_state(ws: ClientConnection, seq: int, timeout: float = 10) -> dict[str, Any]:
    """The first state message of ``ws`` at ``seq`` whose turn clock shows a running deadline."""
    end = time.monotonic() + timeout
    while True:
        msg = next_state(ws, seq, max(0.01, end - time.monotonic()))
        if msg["seq"] == seq and msg["clock"]["deadlines"]:
            return msg


@needs_postgres
def test_the_turn_clock_counts_down_alike_on_both_processes(nodes: list[Node], pg: str) -> None:
    a, b = nodes
    g = a.create(seed=11, clock_s=60)
    game, t0 = g["id"], g["join"][0]["token"]
    spectate = f"spectate={g['spectate']['token']}"
    assert lease_owner(pg, game) == a.id
    # b loads its copy of the game now, after the owner armed the clock: it asks for the deadlines
    with a.ws(game, spectate) as watch_a, b.ws(game, spectate) as watch_b:
        on_a, on_b = clock_state(watch_a, 0), clock_state(watch_b, 0)
        assert on_a["clock"]["seconds"] == on_b["clock"]["seconds"] == 60
        assert on_a["clock"]["deadlines"].keys() == on_b["clock"]["deadlines"].keys() == {"0"}
        left_a, left_b = on_a["clock"]["deadlines"]["0"], on_b["clock"]["deadlines"]["0"]
        assert 0 < left_b <= 60 and abs(left_a - left_b) < 5  # the same deadline, not a new one

        # seat 0 acts through b; the deadline of the seat waited on next reaches both
        s = b.http.get(f"/api/games/{game}/state", headers=bearer(t0)).json()
        act = s["legal"][0]["action"]
        r = b.http.post(
            f"/api/games/{game}/actions", headers=bearer(t0), json={"seq": 0, "action": act}
        )
        assert r.status_code == 200, r.text
        seq = r.json()["seq"]
        # seat 0 plays on (it plants, or turns cards over) with a fresh deadline
        on_a, on_b = clock_state(watch_a, seq), clock_state(watch_b, seq)
        assert on_a["clock"]["deadlines"].keys() == on_b["clock"]["deadlines"].keys() == {"0"}
        assert abs(on_a["clock"]["deadlines"]["0"] - on_b["clock"]["deadlines"]["0"]) < 5


@needs_postgres
def test_a_new_owner_goes_on_with_the_turn_clock_it_was_told(nodes: list[Node], pg: str) -> None:
    """The owner is killed while a seat's deadline runs: the process that
    takes the game over goes on counting that deadline down, it does not
    give the seat a fresh one."""
    a, b = nodes
    g = a.create(seed=12, clock_s=60)
    game = g["id"]
    with b.ws(game, f"spectate={g['spectate']['token']}") as watch_b:
        told = clock_state(watch_b, 0)["clock"]["deadlines"]["0"]
        a.stop(kill=True)  # the lease (LEASE_S, 5 s) must run out before b takes the game
        end = time.monotonic() + 30
        while lease_owner(pg, game) != b.id:
            assert time.monotonic() < end, "b did not take the game over"
            time.sleep(0.2)
        s = b.http.get(f"/api/games/{game}/state", headers=bearer(g["join"][0]["token"])).json()
    assert s["seq"] == 0 and list(s["clock"]["deadlines"]) == ["0"]
    # the lease alone took longer than a second to run out: a deadline begun afresh would be 60 s
    assert s["clock"]["deadlines"]["0"] < told - 1
