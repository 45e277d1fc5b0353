"""The browser benchmark: how much work the game page does for each state it
shows, and how fast the replay plays, in Debian's Chromium.

Starts ``bohn serve`` on a temporary database and, for each case (a 7-player
English game and a 5-player High Bohn game), plays a person's seat against
greedy bots through the page at 1366x800, clicking the move a player would
click, while Chromium records a trace. A *frame's work* is the main thread's
busy time from the task that receives a state (the one holding the page's
``bohn-render-start`` mark) to the end of the frame that shows it (the first
``ProxyMain::BeginMainFrame`` after it: style, layout, paint and the commit):
every task run in between counts, idle time does not. The figures are the
median, p90, p99 and the largest over every state of the game; the same
figures of the main thread's CPU time in those tasks follow (on a machine
whose cores other programs share, the wall time counts their turns too).

The replay of the same game then plays at 20 steps a second; the tool prints
the steps a second it reached and the replay's own frame work.

Nothing here is a pass/fail test: ``docs/play.md`` records the figures.

    .venv/bin/python tools/bench_browser.py [--moves N] [--json FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import browsing

#: (ruleset, players, seed)
CASES = [("bohnanza-rio-grande", 7, 5), ("high-bohn", 5, 5)]
VIEWPORT = {"width": 1366, "height": 800}
CATEGORIES = ["toplevel", "devtools.timeline", "blink.user_timing", "cc", "benchmark"]
TASK = "ThreadControllerImpl::RunTask"
FRAME = "ProxyMain::BeginMainFrame"

# the move a player would click: the primary one, else one that moves the game on
_CHOOSE = """() => {
  for (const b of document.querySelectorAll('[data-pick-me]')) delete b.dataset.pickMe;
  const ok = (b) => !b.disabled && b.offsetParent !== null && !b.closest('details:not([open])');
  const moves = [...document.querySelectorAll('button[data-testid=action]')].filter(ok);
  let b = moves.find((x) => x.dataset.primary === 'yes');
  if (!b && document.querySelector('.chooser')) return 'chooser';
  if (!b) b = moves.find((x) => !x.classList.contains('action-anytime') && x.dataset.actionType !== 'propose');
  if (!b) return 'wait';
  b.dataset.pickMe = 'yes';
  return 'click';
}"""


def _move(page: Any) -> None:
    """One move of the person's, then the state after it (or a short wait)."""
    before = page.locator("body").get_attribute("data-seq")
    what = page.evaluate(_CHOOSE)
    if what == "chooser":
        boxes = page.locator(".chooser [data-testid=choose-card]")
        send = page.locator(".chooser [data-testid=chooser-send]")
        for i in range(boxes.count()):
            boxes.nth(i).check()
            if send.is_enabled():
                break
        send.click()
    elif what == "click":
        # a state drawn between the choice and the click redraws the button
        # without its mark: the next call chooses again
        with contextlib.suppress(PlaywrightTimeout):
            page.locator("[data-pick-me=yes]").click(timeout=3_000)
    # a move that changes nothing, or bots still thinking: on with the next
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function("(b) => document.body.dataset.seq !== b", arg=before, timeout=3_000)


def _frames(trace: dict[str, Any] | list[Any], mark: str, clock: str = "dur") -> list[float]:
    """Each state's frame work in milliseconds (see the module's docstring):
    the tasks' wall time (``clock="dur"``), or the main thread's own CPU time
    in them (``"tdur"``), which a busy machine (other programs taking the
    cores) does not inflate."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    starts = [e for e in events if e.get("name") == mark and e.get("ph") in ("I", "R", "n")]
    if not starts:
        return []
    pid, tid = starts[0]["pid"], starts[0]["tid"]
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"]
    tasks = sorted(
        (e["ts"], e["ts"] + e.get("dur", 0), e.get(clock, e.get("dur", 0)))
        for e in mine
        if e["name"] == TASK
    )
    frames = sorted(e["ts"] for e in mine if e["name"] == FRAME)
    out = []
    for m in sorted(e["ts"] for e in starts):
        first = next((i for i, (a, b, _) in enumerate(tasks) if a <= m <= b), None)
        shown = next((f for f in frames if f >= m), None)
        if first is None or shown is None:
            continue
        busy = 0
        for a, _, took in tasks[first:]:
            if a > shown:
                break
            busy += took
        out.append(busy / 1000)
    return out


#: the rendering steps whose time a frame's work is split by
PARTS = {
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "PrePaint": "paint",
    "Paint": "paint",
    "Layerize": "paint",
}


def _parts(trace: dict[str, Any] | list[Any], mark: str) -> dict[str, float]:
    """The total milliseconds of style, layout and paint on the thread of ``mark``."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    starts = [e for e in events if e.get("name") == mark]
    if not starts:
        return {}
    pid, tid = starts[0]["pid"], starts[0]["tid"]
    out: dict[str, float] = {}
    for e in events:
        if (
            e.get("pid") == pid
            and e.get("tid") == tid
            and e.get("ph") == "X"
            and e.get("name") in PARTS
        ):
            k = PARTS[e["name"]]
            out[k] = round(out.get(k, 0) + e.get("dur", 0) / 1000, 1)
    return out


def _figures(work: list[float]) -> dict[str, float]:
    if not work:
        return {"states": 0}
    ordered = sorted(work)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]

    return {
        "states": len(work),
        "median_ms": round(statistics.median(work), 2),
        "p90_ms": round(pct(0.9), 2),
        "p99_ms": round(pct(0.99), 2),
        "max_ms": round(max(work), 2),
    }


def play(
    browser: Any,
    url: str,
    variant: str,
    players: int,
    seed: int,
    moves: int,
    keep: Path | None = None,
) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    game = httpx.post(
        f"{url}/api/games",
        json={
            "variant": variant,
            "players": players,
            "seed": seed,
            "think_ms": 0,
            "pace": "fast",
            "seats": seats,
        },
    ).json()
    ctx = browser.new_context(viewport=VIEWPORT, bypass_csp=True)
    page = ctx.new_page()
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.goto(game["join"][0]["url"])
    page.wait_for_selector("body[data-seq]")
    made = 0
    while made < moves and not page.locator("[data-testid=result]").is_visible():
        _move(page)
        made += 1
    raw = browser.stop_tracing()
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"{variant}-{players}p.json").write_bytes(raw)
    trace = json.loads(raw)
    seq = int(page.locator("body").get_attribute("data-seq") or 0)
    ctx.close()
    out = {
        "variant": variant,
        "players": players,
        "moves": made,
        "seq": seq,
        "page": _figures(_frames(trace, "bohn-render-start")),
        "page_cpu": _figures(_frames(trace, "bohn-render-start", "tdur")),
    }
    out["page_total_ms"] = {
        "frames": round(sum(_frames(trace, "bohn-render-start")), 1),
        **_parts(trace, "bohn-render-start"),
    }
    out["replay"] = replay(browser, url, game, seq)
    return out


def replay(browser: Any, url: str, game: dict[str, Any], last: int) -> dict[str, Any]:
    """The replay of the game so far at 20 steps a second: the steps a second reached."""
    ctx = browser.new_context(viewport=VIEWPORT, bypass_csp=True)
    page = ctx.new_page()
    q = f"game={game['id']}&spectate={game['spectate']['token']}"
    page.goto(f"{url}/static/replay.html?{q}")
    page.wait_for_selector("body[data-step='0']")
    page.select_option("[data-testid=replay-speed]", "20")
    browser.start_tracing(page=page, categories=CATEGORIES)
    start = time.perf_counter()
    page.click("[data-testid=replay-play]")
    page.wait_for_selector(
        "[data-testid=replay-play][data-playing=no]", timeout=max(30_000, last * 200)
    )
    took = time.perf_counter() - start
    trace = json.loads(browser.stop_tracing())
    shown = int(page.locator("body").get_attribute("data-step") or 0)
    ctx.close()
    return {
        "steps": shown,
        "steps_per_s": round(shown / took, 1),
        **_figures(_frames(trace, "bohn-replay-step")),
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--moves", type=int, default=120, help="the person's moves at most per game (default 120)"
    )
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    ap.add_argument(
        "--traces", type=Path, help="keep each game's Chromium trace in this folder (for DevTools)"
    )
    args = ap.parse_args(argv)
    results = []
    with browsing() as (browser, url):
        for variant, players, seed in CASES:
            r = play(browser, url, variant, players, seed, args.moves, args.traces)
            results.append(r)
            p, rp = r["page"], r["replay"]
            print(
                f"{variant} {players}p: {p.get('states', 0)} states, frame work median {p.get('median_ms')} ms,"
                f" p90 {p.get('p90_ms')} ms, p99 {p.get('p99_ms')} ms, max {p.get('max_ms')} ms;"
                f" replay {rp['steps_per_s']} steps/s at 20 asked (frame work median {rp.get('median_ms')} ms,"
                f" p99 {rp.get('p99_ms')} ms)"
            )
            c = r["page_cpu"]
            print(
                f"  the main thread's CPU time alone: median {c.get('median_ms')} ms,"
                f" p90 {c.get('p90_ms')} ms, p99 {c.get('p99_ms')} ms"
            )
            print(f"  where the page's time went (ms in all): {r['page_total_ms']}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
