"""The game page uses the whole window, for every ruleset, on a laptop
(1366x800), a large screen (1920x1080) and a phone (390x844): nothing is
wider than the window; on a desktop window every seat, every field and
the move buttons are in view, and the board reaches down to the window's
foot, with no empty band under it; on a phone the tabs (the moves first)
come under your hand. Each window's screenshot is saved in the test's
``tmp_path``.

A game of a person (seat 0, who moves first) and greedy bots that think a
long time, so the position holds still while the page is looked at. The
default run opens each ruleset at its largest player count; ``BOHN_SOAK=1``
every player count (in Debian's Chromium; the tests skip without it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from passes import SOAK

from bohn.rulesets import VARIANTS
from server.browser import PHONE
from server.browser import after_paint
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

DESKTOPS = [{"width": 1366, "height": 800}, {"width": 1920, "height": 1080}]
#: the share of a desktop window's height the board reaches down to, at least
FILLED = 0.9


def _games() -> list[tuple[str, int]]:
    out = []
    for variant, game in VARIANTS.items():
        counts = list(game.allowed_players())
        out += [(variant, n) for n in (counts if SOAK else counts[-1:])]
    return out


#: in the frame painted for the state: what lies where
_LOOK = after_paint(
    """  const win = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
  const box = (n) => { const r = n.getBoundingClientRect();
                       return {top: r.top, left: r.left, bottom: r.bottom, right: r.right, width: r.width, height: r.height}; };
  // where a part is in view: inside the window and inside every panel around it that scrolls
  const seen = (n) => {
    let r = box(n);
    if (!r.width || !r.height) return false;
    let v = {...win};
    for (let p = n.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.display === 'contents' || !/(auto|scroll|hidden)/.test(s.overflowY + s.overflowX)) continue;
      const q = box(p);
      v = {top: Math.max(v.top, q.top), left: Math.max(v.left, q.left), bottom: Math.min(v.bottom, q.bottom), right: Math.min(v.right, q.right)};
    }
    return r.top >= v.top - 1 && r.left >= v.left - 1 && r.bottom <= v.bottom + 1 && r.right <= v.right + 1;
  };
  const shown = (n) => n.offsetParent !== null && !n.closest('details:not([open])');
  const fields = [...document.querySelectorAll('[data-seat] [data-field]')];
  const moves = [...document.querySelectorAll('#actions button')].filter(shown);
  const seats = [...document.querySelectorAll('[data-seat]')];
  const doc = document.documentElement;
  const hand = document.querySelector('[data-testid=hand-card]');
  return {
    wide: doc.scrollWidth - doc.clientWidth,
    seats: seats.length, seatsOut: seats.filter((n) => !seen(n)).map((n) => n.dataset.seat),
    fields: fields.length, fieldsOut: fields.filter((f) => !seen(f)).map((f) => f.closest('[data-seat]').dataset.seat + '/' + f.dataset.field),
    moves: moves.length, movesOut: moves.filter((b) => !seen(b)).map((b) => b.textContent),
    actions: seen(document.getElementById('actions')),
    board: box(document.getElementById('board')), height: innerHeight,
    size: document.getElementById('board').dataset.size || 'usual',
    hand: hand ? box(hand) : null, tabs: box(document.getElementById('side-tabs')),
    play: !document.getElementById('pane-play').hidden,
  };""",
    settled=True,
)


@pytest.mark.parametrize("size", [*DESKTOPS, PHONE], ids=lambda v: f"{v['width']}x{v['height']}")
@pytest.mark.parametrize(("variant", "players"), _games(), ids=lambda x: str(x))
def test_the_table_uses_the_whole_window(
    browser: Any, server: str, tmp_path: Path, variant: str, players: int, size: dict[str, int]
) -> None:
    game = person_and_bots(server, variant, 12, players=players, think_ms=10_000)
    phone = size == PHONE
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = open_person(ctx.new_page(), game)
    look = page.evaluate(_LOOK)
    shot = tmp_path / f"{variant}-{players}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(shot))
    ctx.close()
    where = f"{variant} for {players} at {size['width']}x{size['height']} ({shot})"
    assert look["wide"] <= 0, f"{where}: the page scrolls sideways by {look['wide']}px"
    assert look["play"], f"{where}: the game waits on your move, and the moves are not shown"
    if phone:
        # the tabs, the moves first, come under your hand
        if look["hand"]:
            assert look["hand"]["bottom"] <= look["tabs"]["top"], where
        return
    assert look["seats"] == players, where
    assert not look["seatsOut"], f"{where}: seats out of view: {look['seatsOut']}"
    assert not look["fieldsOut"], f"{where}: fields out of view (seat/field): {look['fieldsOut']}"
    assert look["moves"] and look["actions"], f"{where}: no move buttons in view"
    assert not look["movesOut"], f"{where}: move buttons out of view: {look['movesOut']}"
    # the board reaches down to the window's foot: no empty band under it
    assert look["board"]["bottom"] >= FILLED * look["height"], f"{where}: {look['board']}"
    assert look["board"]["bottom"] <= look["height"] + 1, where
