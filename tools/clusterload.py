"""A bounded load test of two ``bohn serve --cluster`` processes on one PostgreSQL.

Starts two processes on ``--db`` (a PostgreSQL database; its schema is
migrated), creates ``--games`` games, half on each process (which owns
them), and plays every game's human seat over a WebSocket of the *other*
process (``--same``: of its owner), so every action is forwarded to the
owner and every state update crosses to the other process. Reports what
``tools/loadtest.py`` reports, plus ``lost``: acknowledged actions the store
does not hold (always 0).

    .venv/bin/python tools/clusterload.py --db postgresql://bohn:bohn@127.0.0.1/load --games 100
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadtest import NO_LIMITS
from loadtest import _percentiles
from loadtest import play_one

from bohn.server.launch import start_server


async def run(urls: list[str], db: str, args: argparse.Namespace) -> dict[str, Any]:
    clients = [httpx.AsyncClient(base_url=u, timeout=60) for u in urls]
    try:
        created: list[tuple[int, dict[str, Any]]] = []
        for i in range(args.games):
            owner = i % 2
            r = await clients[owner].post(
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
            created.append((owner, r.json()))
        lat: dict[str, list[float]] = {"ack": [], "seen": []}
        rng = random.Random(args.seed)
        t0 = time.perf_counter()
        stuck: list[str] = []

        async def play(owner: int, g: dict[str, Any], seed: float) -> int:
            """One game; a game whose client still waits 30 s after the end is stuck."""
            url = urls[owner if args.same else 1 - owner]
            one = play_one(
                url, g, random.Random(seed), lat, t0 + args.seconds, args.pause_ms / 1000
            )
            try:
                return await asyncio.wait_for(one, args.seconds + 30)
            except TimeoutError:
                stuck.append(g["id"])
                return 0

        counts = await asyncio.gather(*(play(o, g, rng.random()) for o, g in created))
        elapsed = time.perf_counter() - t0
        total = finished = lost = 0
        with psycopg.connect(db) as conn:
            for (owner, g), acked in zip(created, counts, strict=True):
                summary = (await clients[owner].get(f"/api/games/{g['id']}")).json()
                total += summary["seq"]
                finished += summary["status"] == "finished"
                row = conn.execute(
                    "SELECT count(*) FROM actions WHERE game_id = %s AND seat = 0", (g["id"],)
                ).fetchone()
                lost += max(0, acked - (row[0] if row else 0))
    finally:
        for c in clients:
            await c.aclose()
    return {
        "processes": 2,
        "played_through": "the owner" if args.same else "the other process",
        "games": args.games,
        "finished": finished,
        "variant": args.variant,
        "players": args.players,
        "bots": args.bot,
        "think_ms": args.think_ms,
        "pause_ms": args.pause_ms,
        "seconds": round(elapsed, 2),
        "human_actions": sum(counts),
        "all_actions": total,
        "lost": lost,
        "stuck": stuck,
        "human_actions_per_s": round(sum(counts) / elapsed, 1),
        "all_actions_per_s": round(total / elapsed, 1),
        "latency_ms": {"ack": _percentiles(lat["ack"]), "seen": _percentiles(lat["seen"])},
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", required=True, help="the PostgreSQL database both processes share")
    p.add_argument("--games", type=int, default=100)
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
    p.add_argument("--seconds", type=float, default=30, help="stop playing after this long")
    p.add_argument("--same", action="store_true", help="play each game through its owner")
    args = p.parse_args()
    procs = []
    try:
        for _ in range(2):
            procs.append(start_server(args.db, args=["--cluster", *NO_LIMITS]))
        report = asyncio.run(run([u for _, u in procs], args.db, args))
    finally:
        for proc, _ in procs:
            proc.terminate()
            proc.wait()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
