"""How a server with thinking search bots answers everyone else.

Starts ``bohn serve`` on a fresh SQLite database (or uses ``--url``), creates
``--thinking`` games of two search bots that think as long as the server
lets them (``--bot``, by default ``ismcts:iterations=1000,time_ms=10000``, the most the lobby allows) and a person
the script plays at once (not measured), so that their bots keep thinking, and
one game where a person plays against a greedy bot. For ``--seconds`` it then
measures, one request at a time: the lobby (``GET /api/variants`` and ``GET
/api/games``) and the person's actions in the other game (``POST
.../actions``, to the acknowledgement). Prints JSON: p50, p99 and max of each
latency in milliseconds, and how many moves the thinking games' bots made.

    .venv/bin/python tools/botlatency.py
    .venv/bin/python tools/botlatency.py --thinking 8 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx

from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.engine.actions import action_from_json
from bohn.server.launch import start_server


def _figures(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"n": 0}
    xs = sorted(xs)
    return {
        "n": len(xs),
        "p50": round(statistics.median(xs) * 1000, 2),
        "p99": round(xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1000, 2),
        "max": round(xs[-1] * 1000, 2),
    }


def _move(http: httpx.Client, gid: str, token: str, me: Any, seat: int) -> None:
    """Play ``seat`` of game ``gid`` once if the game waits on it (not measured)."""
    auth = {"Authorization": f"Bearer {token}"}
    s = http.get(f"/api/games/{gid}/state", headers=auth, params={"since": 10**9}).json()
    if s["result"] is None and seat in s["waiting_for"]:
        legal = [action_from_json(x["action"]) for x in s["legal"]]
        a = me.act(SeatView(seat, legal, lambda: s["observation"])).to_json()
        http.post(f"/api/games/{gid}/actions", headers=auth, json={"seq": s["seq"], "action": a})


def measure(url: str, thinking: int, bot: str, seconds: float, seed: int) -> dict[str, Any]:
    http = httpx.Client(base_url=url, timeout=120)
    slow: list[tuple[str, str]] = []
    for i in range(thinking):
        r = http.post(
            "/api/games",
            json={
                "variant": "bohnanza",
                "players": 3,
                "seed": seed + i,
                "seats": [{"kind": "bot", "bot": bot}] * 2 + [{"kind": "human"}],
            },
        )
        r.raise_for_status()
        slow.append((r.json()["id"], r.json()["join"][0]["token"]))
    r = http.post(
        "/api/games",
        json={
            "variant": "bohnanza",
            "players": 3,
            "seed": seed + 1000,
            "seats": [{"kind": "human"}, *[{"kind": "bot", "bot": "greedy"}] * 2],
        },
    )
    r.raise_for_status()
    game = r.json()
    gid, token = game["id"], game["join"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    me = make_bot("random", seed)
    rng = random.Random(seed)
    lobby: list[float] = []
    acts: list[float] = []
    time.sleep(0.5)  # the search bots start thinking
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for sid, stoken in slow:  # their person answers at once, so their bots think on
            _move(http, sid, stoken, me, 2)
        path = rng.choice(["/api/variants", "/api/games"])
        t = time.perf_counter()
        http.get(path).raise_for_status()
        lobby.append(time.perf_counter() - t)
        s = http.get(f"/api/games/{gid}/state", headers=auth, params={"since": 10**9}).json()
        if s["result"] is not None:
            break
        if 0 in s["waiting_for"]:
            legal = [action_from_json(x["action"]) for x in s["legal"]]
            a = me.act(SeatView(0, legal, lambda s=s: s["observation"])).to_json()
            t = time.perf_counter()
            r = http.post(
                f"/api/games/{gid}/actions", headers=auth, json={"seq": s["seq"], "action": a}
            )
            if r.status_code == 200:
                acts.append(time.perf_counter() - t)
        time.sleep(0.01)
    moves = sum(http.get(f"/api/games/{g}").json()["seq"] for g, _ in slow)
    return {
        "thinking_games": thinking,
        "bot": bot,
        "seconds": seconds,
        "lobby_ms": _figures(lobby),
        "action_ms": _figures(acts),
        "thinking_games_moves": moves,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--thinking", type=int, default=4, help="games whose search bot thinks")
    p.add_argument("--bot", default="ismcts:iterations=1000,time_ms=10000")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--url", help="a running server instead of a fresh one")
    p.add_argument(
        "--serve",
        default="",
        metavar="ARGS",
        help="more arguments of bohn serve, e.g. '--bot-pool thread --bot-workers 4'",
    )
    args = p.parse_args()
    if args.url:
        print(json.dumps(measure(args.url, args.thinking, args.bot, args.seconds, args.seed)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{os.path.join(tmp, 'bots.db')}"
        # (no args: a server without the --bot-* flags can be measured too)
        proc, url = start_server(db, args=args.serve.split()) if args.serve else start_server(db)
        try:
            report = measure(url, args.thinking, args.bot, args.seconds, args.seed)
        finally:
            proc.send_signal(signal.SIGTERM)
            t = time.monotonic()
            stopped: float | None = None
            try:
                proc.wait(30)
                stopped = round(time.monotonic() - t, 2)
            except subprocess.TimeoutExpired:
                proc.kill()  # SIGTERM did not stop it
                proc.wait()
        # seconds from SIGTERM to the server's exit (None: still running after 30 s)
        report["sigterm_exit_s"] = stopped
        report["serve_args"] = args.serve
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
