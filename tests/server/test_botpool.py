"""The search bots' thinking on the server (``bohn.server.botpool``): each
decision capped by time and iterations, thought in the bot pool without the
game's lock, the pool's turns going round the games, and a server that
stops at once on SIGTERM or Ctrl-C with every acknowledged action kept."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bohn.bots.base import Budget
from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.bots.base import next_seat
from bohn.bots.base import seat_view
from bohn.bots.ismcts import IsmctsBot
from bohn.engine.actions import action_from_json
from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.server import botpool
from bohn.server.app import create_app
from bohn.server.botpool import BotPool
from bohn.server.botpool import BotSettings
from bohn.server.botpool import PoolClosed
from bohn.server.launch import free_port
from bohn.server.launch import start_server
from bohn.server.rooms import Hub
from bohn.server.store import Store
from bohn.server.store import migrate
from server.rows import game_row
from server.serving import serving

#: the longest search the lobby may ask for (the bots' server bounds): ten
#: seconds of thinking per decision, bounded by time alone, without the pool's caps
ENDLESS = "ismcts:iterations=0,time_ms=10000"


def _decision() -> tuple[Game, SeatView, IsmctsBot]:
    """A Bohnanza position where seat 0 has several candidates, and its view
    for a search bot with no limit of its own."""
    game = find_variant("bohnanza").new(3, 5, {})
    greedy = make_bot("greedy", 1)
    bot = make_bot(ENDLESS, 2)
    assert isinstance(bot, IsmctsBot)
    trackers: dict[int, Any] = {}
    last = 0
    while True:
        s = next_seat(game.waiting_for(), last, 3)
        last = s
        if s == 0:
            view = seat_view(game, 0, bot, trackers)
            if len(bot.candidates(view.legal, greedy.act(view))) > 2:
                return game, view, bot
        game.apply(s, greedy.act(seat_view(game, s, greedy, {})))


def test_a_search_stops_at_the_time_cap_with_a_legal_move() -> None:
    _, view, bot = _decision()
    t = time.perf_counter()
    action = bot.act_within(view, Budget(seconds=0.3))
    took = time.perf_counter() - t
    assert action in view.legal
    assert bot.total_iterations > 0  # it searched, then stopped
    assert took < 2.0, took  # the cap (0.3 s) and at most one playout more
    assert bot._budget is None  # the budget was for that decision only


def test_a_search_stops_at_the_iteration_cap() -> None:
    _, view, bot = _decision()
    action = bot.act_within(view, Budget(iterations=6))
    assert action in view.legal
    m = len(bot.candidates(view.legal, bot.last_greedy))  # type: ignore[arg-type]
    assert bot.total_iterations == -(-6 // m) * m  # whole rounds, no more than 6 needs


def test_a_stopped_search_answers_the_greedy_choice_at_once() -> None:
    _, view, bot = _decision()
    t = time.perf_counter()
    action = bot.act_within(view, Budget(stop=lambda: True))
    assert time.perf_counter() - t < 1.0
    assert action == bot.last_greedy and bot.total_iterations == 0


def test_turns_go_round_the_games_in_the_order_asked() -> None:
    async def main() -> None:
        pool = BotPool(BotSettings(workers=1))
        order: list[str] = []
        release: dict[str, asyncio.Event] = {}

        async def decide(key: str) -> None:
            async with pool.turn(key):
                order.append(key)
                release[key] = asyncio.Event()
                await release[key].wait()

        a = asyncio.create_task(decide("a"))
        await asyncio.sleep(0)
        b = asyncio.create_task(decide("b"))
        c = asyncio.create_task(decide("c"))
        await asyncio.sleep(0.01)
        assert order == ["a"] and pool.queued() == ["b", "c"] and pool.queue_length() == 2
        release["a"].set()
        await a
        a2 = asyncio.create_task(decide("a"))  # the game's next decision: behind the others
        await asyncio.sleep(0.01)
        assert order == ["a", "b"] and pool.queued() == ["c", "a"]
        for key, task in (("b", b), ("c", c), ("a", a2)):
            while key not in release or release[key].is_set():
                await asyncio.sleep(0.001)
            release[key].set()
            await task
        assert order == ["a", "b", "c", "a"] and pool.queue_length() == 0
        # a game that goes away while waiting leaves the queue
        hold = asyncio.create_task(decide("x"))
        await asyncio.sleep(0.01)
        gone = asyncio.create_task(decide("y"))
        await asyncio.sleep(0.01)
        assert pool.queued() == ["y"]
        gone.cancel()
        await asyncio.sleep(0.01)
        assert pool.queue_length() == 0
        # closing refuses the waiting turns
        waiting = asyncio.create_task(decide("z"))
        await asyncio.sleep(0.01)
        await pool.close()
        with pytest.raises(PoolClosed):
            await waiting
        hold.cancel()

    asyncio.run(main())


def _seat_rows(spec: list[str | None]) -> list[dict[str, Any]]:
    return [
        {"seat": i, "kind": "human", "bot": None, "token_hash": f"h{i}"}
        if bot is None
        else {"seat": i, "kind": "bot", "bot": bot, "token_hash": None}
        for i, bot in enumerate(spec)
    ]


def test_a_person_acts_while_the_bot_thinks_and_the_bot_thinks_again(tmp_path: Path) -> None:
    """In a trading phase the game waits on every seat: the person's action
    is taken at once while the search bot thinks (no lock is held), and the
    bot's decision, chosen on a state that is gone, is dropped and thought
    again."""
    url = f"sqlite:///{tmp_path / 'b.db'}"
    migrate(url)

    async def main() -> None:
        store = Store(url)
        hub = Hub(store, BotSettings(workers=1, think_s=1.5))
        await store.create_game(game_row("g", "bohnanza", 3, 7, _seat_rows([None, ENDLESS, None])))
        room = await hub.room("g")
        assert room is not None
        me = make_bot("greedy", 3)
        try:
            # the people play seats 0 and 2 up to a trading phase where the bot thinks
            end = time.monotonic() + 60
            pool = room.pool
            assert pool is not None
            while not (pool.thinking and 2 in room.game.waiting_for()):
                assert time.monotonic() < end, "no trading phase with the bot thinking"
                for s in (0, 2):
                    if s in room.game.waiting_for() and (1 not in room.game.waiting_for()):
                        v = seat_view(room.game, s, me, {})
                        await room.act(s, room.game.seq, me.act(v))
                await asyncio.sleep(0.01)
            decided = pool.decided

            def bot_moves() -> int:
                return sum(1 for s, a, _ in room.game.history() if s == 1 and a is not None)

            before = bot_moves()
            t = time.perf_counter()
            # seat 2 (not the active player) answers during the bot's thinking
            await room.act(2, room.game.seq, me.act(seat_view(room.game, 2, me, {})))
            assert time.perf_counter() - t < 1.0  # not behind the bot's 1.5 s of thinking
            assert 1 in room.game.waiting_for()  # the bot still has to decide
            await _until(lambda: pool.decided >= decided + 1, 20)
            assert bot_moves() == before  # chosen on a state that is gone: dropped
            await _until(lambda: pool.decided >= decided + 2 or bot_moves() > before, 20)
            await _until(lambda: bot_moves() > before or 1 not in room.game.waiting_for(), 20)
            assert pool.decided >= decided + 2  # thought again on the new state
        finally:
            await hub.close()
            await store.close()

    asyncio.run(main())


async def _until(cond: Any, timeout: float) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.01)


@pytest.fixture
def capped_server(tmp_path: Path) -> Iterator[str]:
    """A live server (in a thread) with one bot worker and 0.3 s per decision."""
    before = botpool.current()
    botpool.configure(BotSettings(workers=1, think_s=0.3))
    port = free_port()
    app = create_app(f"sqlite:///{tmp_path / 'fair.db'}")
    try:
        with serving(app, port):
            yield f"http://127.0.0.1:{port}"
    finally:
        botpool.configure(before)


def _create(http: httpx.Client, seats: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    r = http.post(
        "/api/games", json={"variant": "bohnanza", "players": 3, "seed": seed, "seats": seats}
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


def _play(
    http: httpx.Client, game: dict[str, Any], me: Any
) -> tuple[dict[str, Any], float | None, Any]:
    """The person's state and, if it was waited on, the seconds its action
    took and the action if it was acknowledged (else None)."""
    auth = {"Authorization": f"Bearer {game['join'][0]['token']}"}
    s = http.get(f"/api/games/{game['id']}/state", headers=auth, params={"since": 10**9}).json()
    if s["result"] is not None or 0 not in s["waiting_for"]:
        return s, None, None
    legal = [action_from_json(x["action"]) for x in s["legal"]]
    a = me.act(SeatView(0, legal, lambda: s["observation"])).to_json()
    t = time.perf_counter()
    r = http.post(
        f"/api/games/{game['id']}/actions", headers=auth, json={"seq": s["seq"], "action": a}
    )
    took = time.perf_counter() - t
    assert r.status_code in (200, 409), r.text  # 409: a bot moved first
    return s, took, a if r.status_code == 200 else None


def test_a_flood_of_thinking_games_starves_no_game_and_not_the_lobby(capped_server: str) -> None:
    """Four games whose search bots think at the cap (one worker, 0.3 s a
    decision) and one whose search bots decide in a moment: the quick game's
    bots keep moving (their turn comes round the queue), every thinking game
    moves too, and the lobby and the person's actions answer at once."""
    http = httpx.Client(base_url=capped_server, timeout=30)
    slow = [
        _create(http, [{"kind": "bot", "bot": ENDLESS}, {"kind": "human"}, {"kind": "human"}], i)
        for i in range(4)
    ]
    quick = _create(
        http,
        [{"kind": "human"}, *[{"kind": "bot", "bot": "ismcts:iterations=3"}] * 2],
        99,
    )
    me = make_bot("random", 4)
    lobby: list[float] = []
    acts: list[float] = []
    bot_waits: list[float] = []
    waiting_since: float | None = None
    last_seq = -1
    # 8 s: the quick game comes round the queue (~1.2 s) six times or so
    end = time.monotonic() + 8
    while time.monotonic() < end:
        for path in ("/api/variants", "/api/games"):
            t = time.perf_counter()
            assert http.get(path).status_code == 200
            lobby.append(time.perf_counter() - t)
        s, took, _ = _play(http, quick, me)
        if took is not None:
            acts.append(took)
        bots_waited = s["result"] is None and any(x != 0 for x in s["waiting_for"])
        now = time.monotonic()
        if s["seq"] != last_seq:  # the game moved: a wait for its bots ends here
            if waiting_since is not None:
                bot_waits.append(now - waiting_since)
            waiting_since, last_seq = (now if bots_waited else None), s["seq"]
        elif bots_waited and waiting_since is None:
            waiting_since = now
        time.sleep(0.02)
    seqs = [http.get(f"/api/games/{g['id']}").json()["seq"] for g in slow]
    # round the queue: 4 thinking games ahead of it, 0.3 s each, 1 worker -> ~1.2 s
    assert len(bot_waits) >= 3, bot_waits
    assert max(bot_waits) < 6.0, bot_waits
    assert waiting_since is None or time.monotonic() - waiting_since < 6.0
    assert all(seq > 0 for seq in seqs), seqs  # every thinking game had its turns
    assert max(lobby) < 1.0, max(lobby)
    assert acts and max(acts) < 1.0, max(acts)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_the_server_stops_within_5_s_mid_think_and_keeps_every_ack(
    tmp_path: Path, sig: signal.Signals
) -> None:
    db = f"sqlite:///{tmp_path / 'stop.db'}"
    proc, url = start_server(
        db, args=["--bot-seconds", "30", "--bot-iterations", "100000000", "--action-rate", "off"]
    )
    try:
        http = httpx.Client(base_url=url, timeout=10)
        thinking = _create(
            http, [{"kind": "bot", "bot": ENDLESS}, {"kind": "human"}, {"kind": "human"}], 1
        )
        quick = _create(http, [{"kind": "human"}, *[{"kind": "bot", "bot": "greedy"}] * 2], 2)
        me = make_bot("random", 5)
        rng = random.Random(5)
        acked: dict[int, Any] = {}
        end = time.monotonic() + rng.uniform(1.5, 3.0)
        while time.monotonic() < end:
            s, _, sent = _play(http, quick, me)
            if sent is not None:
                acked[s["seq"]] = sent
            time.sleep(0.01)
        assert acked, "no action was acknowledged"
        # the search bot thinks (30 s a decision allowed): it has not moved yet
        assert http.get(f"/api/games/{thinking['id']}").json()["seq"] == 0
        http.close()
        t = time.monotonic()
        proc.send_signal(sig)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server did not stop within 5 s of {sig.name}")
        assert time.monotonic() - t < 5
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    proc, url = start_server(db)
    try:
        http = httpx.Client(base_url=url, timeout=10)
        log = _log(http, quick)
        for seq, action in acked.items():
            assert log.get(seq) == action, seq
        http.close()
    finally:
        proc.kill()
        proc.wait()


def _log(http: httpx.Client, game: dict[str, Any]) -> dict[int, Any]:
    """The person's actions of ``game`` by the state they were taken at."""
    auth = {"Authorization": f"Bearer {game['join'][0]['token']}"}
    log = http.get(f"/api/games/{game['id']}/state", headers=auth).json()["log"]
    return {e["step"] - 1: e["action"] for e in log if e["seat"] == 0}


def test_a_snapshot_is_the_game_as_its_record_and_its_decision_is_the_bots() -> None:
    """The worker gets the game as its record (no engine object is pickled:
    the compiled engine's cannot be), rebuilds it with its log and makes the
    same decision a bot made anew with the decision's seed makes here."""
    game, view, _ = _decision()
    data = botpool.snapshot(game, 0, "ismcts:iterations=40", 9)
    action = botpool.decision(botpool.think(data, seconds=30, iterations=40))
    assert action in view.legal
    # the same snapshot decides the same (the bot's seed is the decision's)
    assert botpool.decision(botpool.think(data, seconds=30, iterations=40)) == action
    # a later state is a new decision with a seed of its own
    other = botpool.snapshot(game, 0, "ismcts:iterations=40", 10)
    assert other != data


def test_a_worker_keeps_a_game_and_follows_only_its_new_actions() -> None:
    """The next decision of the same game's seat moves the kept game and its
    information state on by the actions since, instead of rebuilding both
    (which costs as much as following the whole game again)."""
    game, _, _ = _decision()
    botpool._kept.clear()
    first = botpool.snapshot(game, 0, "ismcts:iterations=20", 9, key="g1")
    a = botpool.decision(botpool.think(first, seconds=30, iterations=20))
    kept_game, trackers = botpool._kept[("g1", 0)]
    tracker = trackers[0]
    assert kept_game.seq == game.seq
    game.apply(0, a)
    greedy = make_bot("greedy", 1)
    while 0 not in game.waiting_for() and game.waiting_for():
        s = min(game.waiting_for())
        game.apply(s, greedy.act(seat_view(game, s, greedy, {})))
    assert 0 in game.waiting_for()  # an early position: the game goes on to seat 0's next decision
    nxt = botpool.snapshot(game, 0, "ismcts:iterations=20", 9, key="g1")
    b = botpool.decision(botpool.think(nxt, seconds=30, iterations=20))
    again, trackers = botpool._kept[("g1", 0)]
    assert again is kept_game and trackers[0] is tracker and again.seq == game.seq
    assert b in game.legal_actions(0)
    # the same decision from a fresh worker: the kept state changes nothing
    botpool._kept.clear()
    assert botpool.decision(botpool.think(nxt, seconds=30, iterations=20)) == b
