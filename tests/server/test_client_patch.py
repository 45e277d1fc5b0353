"""A state redraws only what changed: the other seats, the draw pile and
the market keep their elements when a move leaves them as they were; a part
whose data changed is drawn off the page and the page's elements are brought
up to it in place (patch.js ``morph``), so your own seat, the cards left in
your hand and the log's earlier entries stay the same elements, and the
browser lays out only what changed (in Debian's Chromium; the test skips
without it)."""

from __future__ import annotations

from typing import Any

from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

#: tag every part of the table the page keeps between states
_TAG = """() => {
  for (const n of document.querySelectorAll('#seats > [data-part], #table [data-part]')) n.bohnKept = n.dataset.part;
}"""
#: the parts that are still the same elements
_KEPT = """() => [...document.querySelectorAll('#seats > [data-part], #table [data-part]')]
  .filter((n) => n.bohnKept === n.dataset.part).map((n) => n.dataset.part).sort()"""


def test_a_planting_redraws_the_planter_and_keeps_the_rest(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    page = open_person(ctx.new_page(), person_and_bots(server, "high-bohn", players=3))
    page.wait_for_selector("button[data-testid=action][data-primary=yes]", timeout=TIMEOUT)
    hand = page.locator("[data-testid=hand-card]").count()
    page.evaluate(_TAG)
    seq = page.get_attribute("body", "data-seq")
    # the first card of the hand is planted: the person's seat and hand change,
    # the bots' seats, the draw pile and the market do not
    page.click("button[data-testid=action][data-primary=yes]")
    page.wait_for_function("(s) => document.body.dataset.seq !== s", arg=seq, timeout=TIMEOUT)
    kept = page.evaluate(_KEPT)
    assert {"seat-1", "seat-2", "deck", "market", "row"} <= set(kept), kept
    assert page.locator("[data-testid=hand-card]").count() == hand - 1
    # a redrawn part shows the new state: the planted card lies in a field of mine
    assert page.locator("[data-testid=seat-0] .field .cardf").count() >= 1
    ctx.close()


def test_the_own_seat_and_hand_change_in_place_and_keep_their_listeners(
    browser: Any, server: str
) -> None:
    """Planting the front card: the person's seat and the cards left in the
    hand are the same elements as before, renumbered in place, and a click on
    one of them still picks it (its listeners read what it is when clicked)."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    page = open_person(ctx.new_page(), person_and_bots(server, "bohnanza", seed=3, think_ms=5000))
    page.wait_for_selector("body[data-seq='0'] [data-testid=hand-card]", timeout=TIMEOUT)
    page.evaluate(
        """() => {
          document.querySelector('#my-seat > *').bohnKept = 'seat';
          document.querySelectorAll('[data-testid=hand-card]').forEach((li, i) => { li.bohnKept = i; });
        }"""
    )
    page.click("button[data-testid=action][data-primary=yes]")
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    kept = page.evaluate(
        """() => ({
          seat: document.querySelector('#my-seat > *').bohnKept ?? null,
          hand: [...document.querySelectorAll('[data-testid=hand-card]')].map((li) => [li.bohnKept ?? null, li.dataset.ref]),
        })"""
    )
    assert kept["seat"] == "seat"
    # the four cards left are four of the five elements, renumbered h0..h3
    # (the hand was blaue, blaue, blaue, augen, sau: one of the beans went)
    olds = [k for k, _ in kept["hand"]]
    assert None not in olds and len(set(olds)) == 4 and 3 in olds and 4 in olds, kept
    assert [r for _, r in kept["hand"]] == ["h0", "h1", "h2", "h3"]
    cards = page.eval_on_selector_all(
        "[data-testid=hand-card]", "ns => ns.map((n) => n.dataset.card)"
    )
    assert cards == ["blaue", "blaue", "augen", "sau"]
    front = page.locator("[data-testid=hand-card][data-ref='h0'] .cardf")
    assert front.get_attribute("data-src") == "h0"
    front.click()
    assert "picked" in (front.get_attribute("class") or "")
    bar = page.locator("[data-testid=pick-bar]")
    assert bar.is_visible()
    ctx.close()


#: morph's cases, run in the page on elements of its own (patch.js)
_MORPH = """async () => {
  const { morph, morphChildren, wired } = await import('/static/patch.js');
  const { el } = await import('/static/common.js');
  const out = {};
  const box = document.createElement('ul');
  const li = (k, text, extra = {}) => el('li', { dataset: { card: k }, ...extra }, text);
  morphChildren(box, ['a', 'b', 'c'].map((k) => li(k, k)));
  const [a, b, c] = box.children;
  // the first goes, one comes at the end, one's text and class change
  morphChildren(box, [li('b', 'B', { class: 'x' }), li('c', 'c'), li('d', 'd')]);
  out.keyed = [...box.children].map((n) => [n.dataset.card, n.textContent, n.className]);
  out.kept = [box.children[0] === b, box.children[1] === c, a.isConnected];
  // an element with listeners of its own is never kept: the new one's listeners act
  const hit = [];
  const btn = () => el('button', { onclick: () => hit.push('new') }, 'go');
  const holder = document.createElement('div');
  const first = el('button', { onclick: () => hit.push('old') }, 'go');
  holder.append(first);
  const now = morph(first, btn());
  now.click();
  out.wired = [now !== first, first.isConnected, hit, wired.has(now)];
  // a form control is drawn anew (what it holds is not in its attributes)
  const input = el('input', { type: 'checkbox' });
  holder.append(input);
  input.checked = true;
  out.input = morph(input, el('input', { type: 'checkbox' })) !== input;
  // a different tag replaces; a text node changes in place
  const p = el('p', {}, 'x');
  holder.append(p);
  out.tag = morph(p, el('div', {}, 'x')).nodeName;
  return out;
}"""


def test_morph_keeps_what_is_the_same_and_replaces_what_has_listeners(
    browser: Any, server: str
) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{server}/static/play.html")
    out = page.evaluate(_MORPH)
    assert out["keyed"] == [["b", "B", "x"], ["c", "c", ""], ["d", "d", ""]]
    assert out["kept"] == [True, True, False]
    assert out["wired"] == [True, False, ["new"], True]
    assert out["input"] is True
    assert out["tag"] == "DIV"
    ctx.close()


def test_the_log_adds_a_state_s_step_and_keeps_the_entries_it_shows(
    browser: Any, server: str
) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    page = open_person(ctx.new_page(), person_and_bots(server, "bohnanza", seed=3, think_ms=5000))
    page.wait_for_selector("body[data-seq='0'] [data-testid=hand-card]", timeout=TIMEOUT)
    page.click("button[data-testid=action][data-primary=yes]")
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    page.evaluate(
        "() => [...document.getElementById('log').children].forEach((n, i) => { n.bohnKept = i; })"
    )
    before = page.evaluate("() => document.getElementById('log').children.length")
    page.click("button[data-testid=action][data-primary=yes]")
    page.wait_for_selector("body[data-seq='2']", timeout=TIMEOUT)
    kept = page.evaluate(
        "() => [...document.getElementById('log').children].map((n) => n.bohnKept ?? null)"
    )
    # the deal and the first planting are the same elements; the new step is added after them
    assert kept[:before] == list(range(before)), kept
    assert len(kept) == before + 1 and kept[-1] is None, kept
    ctx.close()


def test_a_move_s_button_that_stays_sends_the_move_it_shows(browser: Any, server: str) -> None:
    """The moves panel changes in place too: a button kept from the state
    before now shows and sends the new state's move, the same as on a page
    that draws that state afresh."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    game = person_and_bots(server, "bohnanza", seed=3, think_ms=5000)
    page = open_person(ctx.new_page(), game)
    page.wait_for_selector("body[data-seq='0'] [data-testid=hand-card]", timeout=TIMEOUT)
    page.evaluate(
        "() => document.querySelectorAll('#actions button[data-testid=action]').forEach((b) => { b.bohnKept = 1; })"
    )
    page.click("button[data-testid=action][data-primary=yes]")
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    panel = """() => [...document.querySelectorAll('#actions button[data-testid=action]')]
      .map((b) => [b.dataset.actionText, b.dataset.move, b.dataset.key ?? null, b.dataset.primary ?? null])"""
    kept = page.evaluate(
        "() => [...document.querySelectorAll('#actions button[data-testid=action]')].filter((b) => b.bohnKept).length"
    )
    assert kept > 0
    fresh = open_person(ctx.new_page(), game, ready="body[data-seq='1'] [data-testid=hand-card]")
    assert page.evaluate(panel) == fresh.evaluate(panel)
    fresh.close()
    # a key reaches the kept buttons: Enter presses the primary move
    page.locator("body").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-seq='2']", timeout=TIMEOUT)
    ctx.close()
