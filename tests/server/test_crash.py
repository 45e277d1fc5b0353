"""The server killed hard (SIGKILL) at random points of games with bots, and
restarted on the same database: no acknowledged action is lost, and every
game goes on to its end."""

from __future__ import annotations

import random
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx

from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.engine.actions import action_from_json
from bohn.server.launch import free_port
from bohn.server.launch import start_server


class Server:
    """``bohn serve`` in a child process."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        #: one connection pool per server process (a new client per call costs ~0.1 s)
        self.http = httpx.Client(timeout=10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        # the test plays its games by a loop, which the per-client action
        # limit is for (test_abuse.py): it is off here
        self.proc, _ = start_server(self.db, self.port, args=["--action-rate", "off"])
        self.http = httpx.Client(base_url=self.url, timeout=10)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no shutdown, no flush
        self.proc.wait()
        self.http.close()


def test_no_acknowledged_action_is_lost_when_the_server_is_killed(tmp_path: Path) -> None:
    rng = random.Random(11)
    server = Server(f"sqlite:///{tmp_path / 'crash.db'}")
    server.start()
    games: list[dict[str, Any]] = []
    try:
        for i in range(2):
            r = server.http.post(
                "/api/games",
                json={
                    "variant": ["bohnkick", "mutterbohnchen"][i],
                    "players": 2,
                    "seed": 100 + i,
                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                },
            )
            assert r.status_code == 201, r.text
            g = r.json()
            games.append({"id": g["id"], "token": g["join"][0]["token"], "acked": {}})
        me = make_bot("random", 3)
        kills = 0
        deadline = time.monotonic() + 240
        while any(not g.get("over") for g in games):
            assert time.monotonic() < deadline, "the games did not end"
            acked = sum(len(g["acked"]) for g in games)
            if kills < 4 and (rng.random() < 0.03 or (kills == 0 and acked >= 20)):
                # a hard kill at a random point
                server.kill()
                kills += 1
                server.start()
                for g in games:  # every acknowledged action is in the rebuilt game
                    log = server.http.get(
                        f"/api/games/{g['id']}/state",
                        headers={"Authorization": f"Bearer {g['token']}"},
                        timeout=10,
                    ).json()["log"]
                    actions = {e["step"] - 1: e["action"] for e in log if e["seat"] == 0}
                    for seq, action in g["acked"].items():
                        assert actions.get(seq) == action, (g["id"], seq)
            g = rng.choice([g for g in games if not g.get("over")])
            s = server.http.get(
                f"/api/games/{g['id']}/state",
                headers={"Authorization": f"Bearer {g['token']}"},
                params={"since": 10**9},
                timeout=10,
            ).json()
            if s["result"] is not None:
                g["over"] = True
                continue
            if 0 not in s["waiting_for"]:
                time.sleep(0.005)  # the bots are moving
                continue
            legal = [action_from_json(x["action"]) for x in s["legal"]]
            a = me.act(SeatView(0, legal, lambda s=s: s["observation"])).to_json()
            r = server.http.post(
                f"/api/games/{g['id']}/actions",
                headers={"Authorization": f"Bearer {g['token']}"},
                json={"seq": s["seq"], "action": a},
                timeout=10,
            )
            if r.status_code == 200:
                g["acked"][s["seq"]] = a
            else:
                assert r.status_code == 409, r.text  # a bot moved first
        assert kills >= 1
        for g in games:
            summary = server.http.get(f"/api/games/{g['id']}").json()
            assert summary["status"] == "finished"
            replay = server.http.get(f"/api/games/{g['id']}/replay").json()
            from bohn.replay import verify

            assert verify(replay).result() is not None
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.kill()
