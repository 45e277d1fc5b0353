"""A bounded load test of the bohn server on loopback.

Starts ``bohn serve`` on a fresh SQLite database (or ``--db``, or uses
``--url``), creates ``--games`` games with one human seat and bots on the
others (with ``--think-ms``), and plays every human seat at once over its
WebSocket with a random policy, at once or after a think time around
``--pause-ms``. Reports the
throughput (acknowledged human actions per second, and all actions including
the server's bots) and two latencies of each human action (p50, p99, max):
``ack``, from sending it to its acknowledgement, and ``seen``, from sending
it to the first state that shows it.

    .venv/bin/python tools/loadtest.py --games 200
    .venv/bin/python tools/loadtest.py --games 200 --think-ms 300 --pause-ms 1000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any

import httpx
import websockets

from bohn.server.launch import start_server

#: ``bohn serve``'s limits against abuse, off: the load client is one client
NO_LIMITS = ("--create-rate", "off", "--action-rate", "off", "--max-open-games", "0")


async def play_one(
    url: str,
    game: dict[str, Any],
    rng: random.Random,
    lat: dict[str, list[float]],
    until: float,
    pause: float,
) -> int:
    """Play the human seat of ``game`` to its end, or until ``until``
    (``time.perf_counter``); the number of its acknowledged actions.

    Records two latencies per action: ``ack``, from sending it to its
    acknowledgement (the action is committed), and ``seen``, from sending it
    to the first state that includes it (the bots' moves after it included,
    as the server sends a run of bot moves together)."""
    ws_url = (
        url.replace("http", "ws", 1) + f"/ws/games/{game['id']}?token={game['join'][0]['token']}"
    )
    actions = 0
    async with websockets.connect(ws_url, max_size=2**24) as ws:
        sent_at: float | None = None  # the action waiting for its ack
        acked: tuple[float, int] | None = None  # acknowledged, not yet seen
        state: dict[str, Any] | None = None
        ready: dict[str, Any] | None = None  # a message received while thinking
        while True:
            if ready is not None:
                msg, ready = ready, None
            else:
                msg = json.loads(await ws.recv())
            now = time.perf_counter()
            if msg["type"] in ("ack", "error") and sent_at is not None:
                lat["ack"].append(now - sent_at)
                if msg["type"] == "ack":
                    actions += 1
                    acked = (sent_at, msg["seq"])
                sent_at = None
            elif msg["type"] == "state":
                state = msg
            if acked is not None and state is not None and state["seq"] >= acked[1]:
                lat["seen"].append(now - acked[0])
                acked = None
            if state is None or sent_at is not None or acked is not None:
                continue
            if state["result"] is not None or now > until:
                return actions
            if state["seat"] not in state["waiting_for"] or not state["legal"]:
                continue
            if pause:  # a person's think time; the state may change meanwhile
                try:
                    ready = json.loads(await asyncio.wait_for(ws.recv(), rng.uniform(0, 2 * pause)))
                    continue
                except TimeoutError:
                    pass
            choice = rng.choice(state["legal"])
            sent_at = time.perf_counter()
            await ws.send(
                json.dumps({"type": "act", "seq": state["seq"], "action": choice["action"]})
            )


def _percentiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    if not xs:
        return {}
    return {
        "p50": round(1000 * statistics.median(xs), 2),
        "p99": round(1000 * xs[min(len(xs) - 1, int(0.99 * len(xs)))], 2),
        "max": round(1000 * xs[-1], 2),
    }


async def run(url: str, args: argparse.Namespace) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        created = []
        for i in range(args.games):
            r = await http.post(
                "/api/games",
                json={
                    "variant": args.variant,
                    "players": args.players,
                    "seed": args.seed + i,
                    "think_ms": args.think_ms,
                    "seats": [{"kind": "human"}]
                    + [{"kind": "bot", "bot": args.bot}] * (args.players - 1),
                },
            )
            r.raise_for_status()
            created.append(r.json())
        lat: dict[str, list[float]] = {"ack": [], "seen": []}
        rng = random.Random(args.seed)
        t0 = time.perf_counter()
        counts = await asyncio.gather(
            *(
                play_one(
                    url,
                    g,
                    random.Random(rng.random()),
                    lat,
                    t0 + args.seconds,
                    args.pause_ms / 1000,
                )
                for g in created
            )
        )
        elapsed = time.perf_counter() - t0
        total = 0
        finished = 0
        for g in created:
            summary = (await http.get(f"/api/games/{g['id']}")).json()
            total += summary["seq"]
            finished += summary["status"] == "finished"
    return {
        "games": args.games,
        "finished": finished,
        "variant": args.variant,
        "players": args.players,
        "bots": args.bot,
        "think_ms": args.think_ms,
        "pause_ms": args.pause_ms,
        "db": "postgresql" if (args.db or "").startswith("postgresql") else "sqlite",
        "seconds": round(elapsed, 2),
        "human_actions": sum(counts),
        "all_actions": total,
        "human_actions_per_s": round(sum(counts) / elapsed, 1),
        "all_actions_per_s": round(total / elapsed, 1),
        "latency_ms": {"ack": _percentiles(lat["ack"]), "seen": _percentiles(lat["seen"])},
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--variant", default="bohnanza")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--bot", default="random", help="the bots on the other seats")
    p.add_argument("--think-ms", type=int, default=0, help="the server bots' think time")
    p.add_argument(
        "--pause-ms",
        type=float,
        default=0,
        help="the client's mean think time before each action (uniform, 0 to twice this)",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seconds", type=float, default=60, help="stop playing after this long")
    p.add_argument("--url", help="a running server (default: start one)")
    p.add_argument(
        "--db", help="the database of the server started (default: a temporary SQLite file)"
    )
    args = p.parse_args()
    proc = None
    url = args.url
    if url is None:
        db = args.db or "sqlite:///" + os.path.join(
            tempfile.mkdtemp(prefix="bohn-load-"), "load.db"
        )
        # one client plays every game: the per-client limits against abuse are off
        proc, url = start_server(db, args=NO_LIMITS)
    try:
        report = asyncio.run(run(url, args))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
