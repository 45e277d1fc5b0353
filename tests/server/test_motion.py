"""Moves you can follow: on the game page a planted card travels from the
hand to its field (a fade only, for a reader who asked for reduced motion),
each seat's last move stays marked on its area, and the replay moves its
cards the same way. Real games on the live test server (Bohnanza)."""

from __future__ import annotations

from typing import Any

from server.browser import TIMEOUT
from server.browser import create_game
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

SEED = 3  # seat 0's hand: blaue in front; both fields empty

# the animation the last state started on the card in field 1 of "my seat",
# read through the page's motion hook (window.bohnMotion), and the card's and
# the field's rectangles once it has landed
LANDED = """async () => {
  const field = document.querySelector("#my-seat [data-field='0']");
  const card = field.querySelector(".stack [data-card]");
  const rec = window.bohnMotion.last.find((r) => r.node === card);
  if (!rec) return null;
  const frames = rec.animation.effect.getKeyframes();
  const timing = rec.animation.effect.getTiming();
  await rec.animation.finished;
  const box = (n) => { const r = n.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  const first = frames[0].transform ? new DOMMatrix(frames[0].transform) : null;
  return {
    kind: rec.kind, from: rec.from, to: rec.to, key: card.dataset.card,
    properties: frames.map((f) => Object.keys(f).filter((k) => !["offset", "computedOffset", "easing", "composite"].includes(k))),
    first: first && {dx: first.e, dy: first.f, sx: first.a, sy: first.d},
    duration: timing.duration,
    card: box(card), field: box(field),
  };
}"""


def _open(browser: Any, server: str, reduced: bool = False) -> Any:
    game = person_and_bots(server, "bohnanza", SEED, think_ms=5000)
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    return open_person(page, game, "en", "body[data-seq='0'] [data-testid=hand-card]")


def _plant_front_card(page: Any) -> dict[str, Any]:
    """Plant the front card on field 1 (a click on the field takes it); what
    the card in the field did, once it landed."""
    page.locator("#my-seat [data-field='0']").click()
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    got: dict[str, Any] = page.evaluate(LANDED)
    assert got is not None, "no animation on the planted card"
    return got


def _inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


def test_a_planted_card_travels_from_the_hand_to_its_field(browser: Any, server: str) -> None:
    page = _open(browser, server)
    front = page.locator("[data-testid=hand-card][data-ref='h0'] .cardf")
    assert front.get_attribute("data-card") == "blaue"
    was = front.bounding_box()
    got = _plant_front_card(page)
    assert (got["kind"], got["from"], got["to"], got["key"]) == (
        "flip",
        "hand:0",
        "field:0:0",
        "blaue",
    )
    assert 200 <= got["duration"] <= 400
    # its first frame puts it where the front card of the hand was: its
    # centre and its size there
    now, first = got["card"], got["first"]
    assert abs(now["x"] + now["width"] / 2 + first["dx"] - (was["x"] + was["width"] / 2)) < 2
    assert abs(now["y"] + now["height"] / 2 + first["dy"] - (was["y"] + was["height"] / 2)) < 2
    assert abs(now["width"] * first["sx"] - was["width"]) < 2
    assert abs(now["height"] * first["sy"] - was["height"]) < 2
    # landed: it lies in field 1, where the state says the Blue bean is
    assert _inside(now, got["field"])
    assert page.locator("#my-seat [data-field='0'] .stack [data-card]").count() == 1
    assert page.locator("[data-testid=hand-card]").count() == 4
    # and the animation is gone: only transforms were ever touched
    assert (
        page.evaluate(
            "() => document.querySelector(\"#my-seat [data-field='0'] .stack [data-card]\").getAnimations().length"
        )
        == 0
    )


def test_with_reduced_motion_the_planted_card_only_fades_in(browser: Any, server: str) -> None:
    page = _open(browser, server, reduced=True)
    got = _plant_front_card(page)
    assert got["kind"] == "fade"
    assert got["first"] is None
    assert all(props == ["opacity"] for props in got["properties"]), got["properties"]
    assert got["duration"] <= 200
    assert _inside(got["card"], got["field"])
    # no card travels anywhere: nothing on the page moves by a transform
    moving = page.evaluate(
        """() => window.bohnMotion.last.filter((r) =>
             r.animation.effect.getKeyframes().some((f) => f.transform && f.transform !== "none")).length"""
    )
    assert moving == 0


def _bot_first(server: str, think_ms: int = 0) -> dict[str, Any]:
    """A game whose first seat is a greedy bot (it plays at once, or after
    ``think_ms``), the person at seat 1."""
    game: dict[str, Any] = create_game(server, seed=SEED, think_ms=think_ms)
    return game


def _replay_at_the_start(browser: Any, server: str) -> Any:
    """The replay page of a :func:`_bot_first` game on a laptop's screen,
    shown at its first step."""
    game = _bot_first(server)
    gid, spectate = game["id"], game["spectate"]["token"]
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.goto(f"{server}/static/replay.html?game={gid}&spectate={spectate}")
    page.wait_for_selector("body[data-step='0']", timeout=TIMEOUT)
    return page


# the bot's caption, the log's sentence of the step it names, and the top
# card of the field outlined on its seat, read in one go (one drawn state)
MARKS = """() => {
  const cap = document.querySelector("[data-testid=last-move-0]");
  const step = cap.dataset.step;
  const said = document.querySelector(`[data-testid=log-step][data-step="${step}"]`);
  const fields = [...document.querySelectorAll("[data-seat='0'] .field.last-touched")];
  const top = fields.length ? fields[fields.length - 1].querySelector(".stack-top [data-card]") : null;
  return {
    caption: cap.textContent, said: said ? said.textContent : null, fields: fields.length,
    top: top && top.getAttribute("aria-label"), outlined: top ? top.classList.contains("last-card") : false,
    mine: document.querySelectorAll("[data-testid=last-move-1]").length,
  };
}"""


def test_a_bots_last_move_is_captioned_on_its_seat_and_its_field_outlined(
    browser: Any, server: str
) -> None:
    game = _bot_first(server, think_ms=1500)
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.goto(game["join"][0]["url"])
    page.wait_for_function(
        """() => (document.querySelector("[data-testid=last-move-0]")?.textContent || "").startsWith("planted ")""",
        timeout=TIMEOUT,
    )
    got = page.evaluate(MARKS)
    bean = got["caption"].removeprefix("planted ")
    # the log tells the same planting
    assert f"planted {bean} on field" in got["said"]
    # the field it planted on is outlined, and its top card, that bean, too
    assert got["fields"] == 1
    assert got["top"] == bean and got["outlined"]
    # the person's own seat has not moved yet: no caption
    assert got["mine"] == 0


def test_the_replay_moves_a_planted_card_from_the_hand_to_the_field(
    browser: Any, server: str
) -> None:
    page = _replay_at_the_start(browser, server)
    page.locator("[data-testid=replay-next]").click()
    page.wait_for_selector("body[data-step='1']", timeout=TIMEOUT)
    moved = page.evaluate(
        """async () => {
             const r = window.bohnMotion.last.find((x) => x.kind === "flip" && x.from === "hand:0");
             if (!r) return null;
             await r.animation.finished;
             return {to: r.to, inField: !!r.node.closest("[data-seat='0'] .field"), duration: r.animation.effect.getTiming().duration};
           }"""
    )
    assert moved is not None
    assert moved["to"].startswith("field:0:") and moved["inField"]
    assert 0 < moved["duration"] <= 400
    # the bot's move is marked on its seat in the replay too
    assert page.locator("[data-testid=last-move-0]").inner_text().startswith("planted ")


def test_a_step_that_comes_mid_flight_takes_the_cards_on_from_where_they_are(
    browser: Any, server: str
) -> None:
    page = _replay_at_the_start(browser, server)
    settled = page.evaluate(
        """async () => {
             const frame = () => new Promise((done) => requestAnimationFrame(done));
             const next = document.querySelector("[data-testid=replay-next]");
             next.click();
             while (document.body.dataset.step !== "1") await frame();
             // the second step comes while the first one's card is on its way
             const first = window.bohnMotion.last.find((r) => r.kind === "flip" && r.from === "hand:0");
             while (first.animation.playState !== "finished" && first.animation.currentTime < 60) await frame();
             const flying = first.animation.playState === "running";
             next.click();
             while (document.body.dataset.step !== "2") await frame();
             const carried = window.bohnMotion.last.filter((r) => r.stay && r.to.startsWith("field:0:"));
             await Promise.allSettled(document.getAnimations().map((a) => a.finished));
             const layer = document.getElementById("motion-layer");
             const cards = [...document.querySelectorAll("[data-seat='0'] .field .stack .cardf")];
             const inside = cards.every((c) => {
               const r = c.getBoundingClientRect();
               const f = c.closest(".field").getBoundingClientRect();
               return r.left >= f.left - 0.5 && r.right <= f.right + 0.5 && r.top >= f.top - 0.5 && r.bottom <= f.bottom + 0.5;
             });
             return {
               flying, carried: carried.length, cards: cards.length, inside,
               running: document.getAnimations().filter((a) => a.playState === "running").length,
               ghosts: layer ? layer.childElementCount : 0,
               moving: document.querySelectorAll(".motion-fly").length,
             };
           }"""
    )
    # the first step's planted card was still on its way, and went on to its field
    assert settled["flying"] and settled["carried"] >= 1, settled
    assert settled["cards"] >= 1 and settled["inside"]
    # and nothing is left over: no animation, no stand-in, no card marked in flight
    assert (settled["running"], settled["ghosts"], settled["moving"]) == (0, 0, 0)
