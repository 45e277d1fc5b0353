"""The game page shows real positions. Each test loads a position with
bohn's scenario loader, hands the page one seat's view of it through a
stand-in WebSocket (Playwright's ``route_web_socket``: no game runs on the
server), and checks what the page shows and what it sends back."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.scenario import load_file
from bohn.scenario import load_position
from bohn.scenario import scenario_action
from bohn.server.rooms import game_view
from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _position(name: str, actions: int) -> Game:
    """The position of scenario ``name`` after its first ``actions`` actions."""
    data = load_file(SCENARIOS / name)
    game = load_position(data)
    for entry in data["actions"][:actions]:
        game.apply(*scenario_action(entry))
    return game


class Page:
    """A game page fed one view; ``sent`` collects what it sends."""

    def __init__(self, page: Any, sent: list[dict[str, Any]]) -> None:
        self.page = page
        self.sent = sent

    def text(self, testid: str) -> str:
        """The text of the element ``testid``, its white space collapsed."""
        return " ".join(self.page.locator(f"[data-testid={testid}]").inner_text().split())


def _show(browser: Any, server: str, game: Game, seat: int | None, lang: str = "en") -> Page:
    """Open the game page in ``lang`` and hand it ``seat``'s view of ``game``."""
    view = game_view(game, "render0", seat)
    sent: list[dict[str, Any]] = []
    page = browser.new_context().new_page()

    def handler(ws: Any) -> None:  # the stand-in server: one state, then it listens
        ws.on_message(lambda m: sent.append(json.loads(m)))
        ws.send(json.dumps(view))

    page.route_web_socket(re.compile(r"/ws/games/"), handler)
    page.goto(f"{server}/play/render0?token=t&lang={lang}")
    page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    return Page(page, sent)


def test_the_coin_picker_pays_for_the_third_field_with_the_chosen_coins(
    browser: Any, server: str
) -> None:
    # seat 2 holds five blaue coins: bohnanza's buy-field is listed once
    # (the top coins); the picker names the coins
    game = _position("bohnanza/final-exhaustion-tie.json", 0)
    page = _show(browser, server, game, 2)
    picker = page.page.locator("[data-testid=coin-picker]")
    picker.locator("summary").click()
    coins = picker.locator("[data-testid=pay-coin]")
    assert coins.count() == 5
    for i in (0, 2, 4):
        coins.nth(i).check()
    picker.locator("[data-testid=buy-field-pay]").click()
    page.page.wait_for_function("document.querySelector('button.action').disabled")
    assert page.sent == [
        {
            "type": "act",
            "seq": game.seq,
            "action": {"type": "buy-field", "pay": ["blaue", "blaue", "blaue"]},
        }
    ]


def test_no_coin_picker_without_the_coins_faces(browser: Any, server: str) -> None:
    # seat 1 has one coin: buy-field is not legal, and the picker is absent
    game = _position("bohnanza/final-exhaustion-tie.json", 0)
    page = _show(browser, server, game, 1)
    assert page.page.locator("[data-testid=coin-picker]").count() == 0


def test_the_sissi_action_lists_the_fields_still_to_harvest(browser: Any, server: str) -> None:
    game = _position("sissi/example-5-sissi-action.json", 1)  # after end-trading
    assert game.observe(1)["sissi_action"] == [[0, 0], [1, 0]]
    page = _show(browser, server, game, 1)
    assert page.text("sissi-action") == (
        "Sissi action: fields to harvest Seat 1: field 1, you (seat 2): field 1"
    )
    assert page.page.locator("[data-testid=extra]").count() == 0  # nothing left unexplained


def test_high_bohn_distillery_window_is_told_in_words(browser: Any, server: str) -> None:
    game = _position("high-bohn/c-distillery-window.json", 1)  # distillery-2 bought
    obs = game.observe(1)
    assert obs["distillery"] is not None
    assert obs["distillery"] == {"building_type": "saloon", "seats": [1, 2]}
    page = _show(browser, server, game, 1)
    assert page.text("distillery") == ("Distillery Saloon; still to decide: you (seat 2), Seat 3")


def test_high_bohn_jail_choice_shows_the_cards(browser: Any, server: str) -> None:
    game = _position("high-bohn/b-jail-4-soy-joker-choice.json", 1)  # seat 2 harvested
    assert game.observe(1)["jail_coin"] == {"seat": 1, "cards": ["blaue", "soja", "soja"]}
    page = _show(browser, server, game, 1)
    shown = page.page.locator("[data-testid=jail-coin] [data-card]")
    assert [shown.nth(i).get_attribute("data-card") for i in range(shown.count())] == [
        "blaue",
        "soja",
        "soja",
    ]
    assert page.text("jail-coin").startswith("Jail: a coin to choose you (seat 2) from")


def test_prohibohn_stage_is_shown(browser: Any, server: str) -> None:
    game = _position("prohibohn/b-phase-2-bonus-coin.json", 1)
    assert game.observe(0)["stage"] == 3
    page = _show(browser, server, game, 0)
    assert page.text("stage") == "Stage 3 of 6"


def test_mutterbohnchen_for_two_shows_the_third_field_card(browser: Any, server: str) -> None:
    game = _position("mutterbohnchen/two-players-use-the-offer.json", 0)
    obs = game.observe(0)
    assert (obs["third_field_card"], obs["hand_discarded"]) == (1, False)
    page = _show(browser, server, game, 0)
    assert page.text("third-field-card") == "3. Bohnenfeld card Seat 2"
    assert page.text("hand-discarded") == "Hand card dropped this turn no"


def test_bohnkick_is_drawn_by_its_own_client_code(browser: Any, server: str) -> None:
    game = find_variant("bohnkick").new(2, 5)
    page = _show(browser, server, game, 0)
    page.page.wait_for_selector("[data-testid=pitch]", timeout=TIMEOUT)
    assert page.text("score") == "National (your team) 0 : 0 International"
    size = game.observe(0)["seats"][0]["hand_size"]
    assert page.text("hand-size-0") == f"Team cards {size}"
    assert page.text("team-of-1") == "International (yellow) · defending"
    # no bean game's views: no fields, no coins, no offers
    assert page.page.locator("[data-testid^=field-]").count() == 0
    assert page.page.locator("#offers-panel").is_hidden()
    # the pitch's styles are loaded once, from the ruleset
    css = page.page.locator("link[href='/rulesets/bohnkick/client.css']")
    assert css.count() == 1
    assert page.page.locator(".bk-lawn").evaluate("n => getComputedStyle(n).position") == (
        "relative"
    )


def _seeded(players: int, seed: int, stop: Any) -> Game:
    """A real Bohnkick game of ``seed``, played with moves picked by a seeded
    random generator (team cards whenever there are, mostly "continue" for the
    defence) until ``stop(observation)`` holds."""
    game = find_variant("bohnkick").new(players, seed)
    rng = random.Random(seed)
    for _ in range(400):
        assert not game.is_over
        if stop(game.observe(None)):
            return game
        seat = sorted(game.waiting_for())[0]
        acts = game.legal_actions(seat)
        plays = [a for a in acts if type(a).__name__ == "Play"]
        passes = [a for a in acts if type(a).__name__ == "Pass"]
        if plays:
            game.apply(seat, rng.choice(plays))
        elif passes and rng.random() < 0.8:
            game.apply(seat, passes[0])
        else:
            game.apply(seat, rng.choice(acts))
    raise AssertionError("the position was not reached")


def _attack_in_progress() -> Game:
    return _seeded(2, 0, lambda o: len(o["played"]) >= 4 and o["shot"] is None)


def _shot_aimed() -> Game:
    return _seeded(2, 2, lambda o: o["corner"] is not None)


def _after_a_goal() -> Game:
    return _seeded(2, 0, lambda o: sum(o["score"]) >= 1 and len(o["played"]) >= 2)


RAW = re.compile(r"\b(ul|ur|ll|lr)\b|[{}\[\]\"]|/pass:|long-shot")


def _played(page: Page) -> list[tuple[str | None, str]]:
    steps = page.page.locator("[data-testid=played-card]")
    return [
        (
            steps.nth(i).locator("[data-card]").get_attribute("data-card"),
            " ".join(steps.nth(i).locator(".bk-by").inner_text().split()),
        )
        for i in range(steps.count())
    ]


def test_bohnkick_pitch_shows_the_attack_as_a_path(browser: Any, server: str) -> None:
    game = _attack_in_progress()
    o = game.observe(0)
    assert o["attacking_team"] == 0 and o["shot"] is None
    page = _show(browser, server, game, 0)
    pitch = page.page.locator("[data-testid=pitch]")
    assert pitch.get_attribute("data-attacking") == "0"
    assert (
        page.text("score")
        == f"National (your team) {o['score'][0]} : {o['score'][1]} International"
    )
    assert page.text("attack") == f"Attack {o['attack']} · National attacks →"
    # every card of the attack, in order, with who played it
    names = {0: "you", 1: "seat 2"}  # seats count from 1 for people
    assert _played(page) == [
        (k, names[s]) for k, s in zip(o["played"], o["played_by"], strict=True)
    ]
    assert (
        page.page.locator("[data-testid=ball] [data-card]").get_attribute("data-card") == o["ball"]
    )
    said = " ".join(page.page.locator("[data-testid=ball] .bk-by").inner_text().split())
    assert said == ("Ball after a cross" if o["after_cross"] else "Ball")
    # each team's deck and goals by its side; no shot, no corner marked
    for t in (0, 1):
        side = page.text(f"team-{t}")
        assert f"Deck {o['team_decks'][t]}" in side and f"Run out {o['runouts'][t]}\u00d7" in side
        scored = page.page.locator(f"[data-testid=goals-{t}] [data-card]")
        assert [scored.nth(i).get_attribute("data-card") for i in range(scored.count())] == o[
            "goals"
        ][t]
    assert page.page.locator("[data-testid=shot]").count() == 0
    assert page.page.locator("[data-aimed]").count() == 0
    assert page.page.locator("[data-corner]").count() == 8
    assert page.text("pitch-now") == f"Defender to answer: seat {o['reactor'] + 1}"
    assert (page.text("players-0"), page.text("players-1")) == ("you", "seat 2")
    assert not RAW.search(pitch.inner_text())
    # the seats: team colours as on the pitch, backs with the counts
    assert page.page.locator("[data-testid=seat-1].bk-t1").count() == 1
    assert page.text("defence-size-1") == f"Defensive cards {o['seats'][1]['defence_size']}"


def test_bohnkick_pitch_marks_the_aimed_corner(browser: Any, server: str) -> None:
    game = _shot_aimed()
    o = game.observe(0)
    assert (o["attacking_team"], o["shot"], o["corner"]) == (1, "long-shot", "lr")
    page = _show(browser, server, game, 0)
    # team 1 attacks team 0's goal, to the left
    assert page.text("attack") == f"Attack {o['attack']} · International attacks ←"
    aimed = page.page.locator("[data-testid=aimed-corner]")
    assert aimed.count() == 1
    assert aimed.get_attribute("data-corner") == "lr"
    assert aimed.get_attribute("aria-label") == "lower right"
    assert page.page.locator("[data-testid=goal-0] [data-aimed]").count() == 1
    assert page.page.locator("[data-testid=goal-1].bk-targeted").count() == 0
    assert page.text("shot") == "Long shot at the lower right corner"
    names = {0: "you", 1: "seat 2"}  # seats count from 1 for people
    assert _played(page) == [
        (k, names[s]) for k, s in zip(o["played"], o["played_by"], strict=True)
    ]
    assert page.text("pitch-now") == "May block: you (seat 1)"
    assert not RAW.search(page.page.locator("[data-testid=pitch]").inner_text())


def test_bohnkick_pitch_after_a_goal(browser: Any, server: str) -> None:
    game = _after_a_goal()
    o = game.observe(1)
    assert sum(o["score"]) >= 1
    page = _show(browser, server, game, 1)
    assert (
        page.text("score")
        == f"National {o['score'][0]} : {o['score'][1]} International (your team)"
    )
    for t in (0, 1):
        scored = page.page.locator(f"[data-testid=goals-{t}] [data-card]")
        assert scored.count() == o["score"][t]
        assert [scored.nth(i).get_attribute("data-card") for i in range(scored.count())] == o[
            "goals"
        ][t]
    assert len(_played(page)) == len(o["played"])
    assert not RAW.search(page.page.locator("[data-testid=pitch]").inner_text())


def test_bohnkick_pitch_at_full_time(browser: Any, server: str) -> None:
    game = find_variant("bohnkick").new(2, 3)
    rng = random.Random(3)
    while not game.is_over:  # a whole seeded game, team cards whenever there are
        seat = sorted(game.waiting_for())[0]
        acts = game.legal_actions(seat)
        plays = [a for a in acts if type(a).__name__ == "Play"]
        game.apply(seat, rng.choice(plays or acts))
    o = game.observe(0)
    assert o["score"][0] != o["score"][1]
    winner = "National" if o["score"][0] > o["score"][1] else "International"
    page = _show(browser, server, game, 0)
    assert page.text("attack") == f"Full time · {winner} wins"
    for t in (0, 1):
        assert page.page.locator(f"[data-testid=goals-{t}] [data-card]").count() == o["score"][t]
    # the goals as overlapping cards keep the pitch in its place on the table
    box = page.page.locator("[data-testid=pitch]").bounding_box()
    assert box is not None and box["height"] <= 280
    assert page.page.locator("[data-testid=pitch-now]").count() == 0


# the module drawn in German, by the ui the page hands it plus lang "de"
GERMAN = r"""async (o) => {
  const client = await import("/rulesets/bohnkick/client.js");
  const common = await import("/static/common.js");
  const { el, card, cards, seatName } = common;
  const kv = (label, value, testid) => el("div", { class: "kv", dataset: testid ? { testid } : undefined },
    el("span", { class: "k" }, label), " ", el("span", { class: "v" }, value));
  const cardRow = (list) => el("ol", { class: "cards" }, ...(list || []).map((k) => el("li", {}, card(k))));
  const seatOf = (o, s) => (o.seats || [])[s] || {};
  const ui = { el, kv, card, cards, cardRow, seatName, seatOf, me: o.seat, lang: "de" };
  const box = el("div", { id: "german" });
  client.table(o, box, ui);
  const sec = el("section", {});
  client.seat(o, o.seats[0], 0, sec, ui);
  box.append(sec);
  document.body.append(box);
  const text = (sel) => box.querySelector(sel).innerText.split(/\s+/).filter(Boolean).join(" ");
  return {
    score: text("[data-testid=score]"), attack: text("[data-testid=attack]"),
    shot: box.querySelector("[data-testid=shot]") ? text("[data-testid=shot]") : null,
    aimed: box.querySelector("[data-testid=aimed-corner]")?.getAttribute("aria-label") ?? null,
    now: text("[data-testid=pitch-now]"), pitch: box.innerText,
    seat: text("section"), played: box.querySelectorAll("[data-testid=played-card]").length,
  };
}"""


def test_bohnkick_pitch_in_german(browser: Any, server: str) -> None:
    game = _shot_aimed()
    o = game.observe(0)
    page = _show(browser, server, game, 0, "de")  # the card faces in German too
    # the pitch's words are read as laid out by its stylesheet: wait until it applies
    page.page.wait_for_function(
        "[...document.styleSheets].some((s) => (s.href || '').endsWith('/rulesets/bohnkick/client.css')"
        " && s.cssRules.length > 0)",
        timeout=TIMEOUT,
    )
    got = page.page.evaluate(GERMAN, o)
    assert got["score"] == "National (dein Team) 0 : 0 International"
    assert got["attack"] == f"Angriff {o['attack']} · International greift an ←"
    assert got["shot"] == "Fernschuss in die Ecke unten rechts"
    assert got["aimed"] == "unten rechts"
    assert got["now"] == "Kann halten: du (Platz 1)"
    assert got["played"] == len(o["played"])
    assert got["seat"].startswith(
        "National (blau) (dein Team) · in der Abwehr Teamkarten 6 Abwehrkarten 3"
    )
    assert not RAW.search(got["pitch"])
    for english in ("Attack", "Deck", "Goals", "shot", "upper", "lower"):
        assert english not in got["pitch"]
    game = _attack_in_progress()
    got = page.page.evaluate(GERMAN, game.observe(0))
    assert got["now"] == f"Abwehr antwortet: Platz {game.observe(0)['reactor'] + 1}"
    assert "Stapel" in got["pitch"] and "Tore" in got["pitch"]


def test_a_ruleset_built_on_another_is_served_its_client_code(server: str) -> None:
    """Al Cabohne, High Bohn and Sissi draw their own things with code of their
    own; Prohibohn is served Al Cabohne's; the plain bean games have none."""
    from bohn.server.rooms import has_client_code

    def get(variant: str) -> str:
        with urllib.request.urlopen(f"{server}/rulesets/{variant}/client.js") as r:
            assert r.headers["content-type"].startswith("text/javascript")
            return str(r.read().decode())

    mafia = get("al-cabohne")
    assert "export function blocks" in mafia and get("prohibohn") == mafia
    assert "export function facts" in get("high-bohn")
    assert "export function facts" in get("sissi")
    for variant in ("al-cabohne", "prohibohn", "high-bohn", "sissi", "bohnkick"):
        assert has_client_code(variant), variant
    for variant in ("bohnanza", "bohnanza-rio-grande", "ladybohn", "mutterbohnchen"):
        assert not has_client_code(variant), variant


def test_a_bean_game_has_no_client_code_of_its_own(server: str) -> None:
    with urllib.request.urlopen(f"{server}/rulesets/bohnkick/client.js") as r:
        assert r.headers["content-type"].startswith("text/javascript")
        assert "export function table" in r.read().decode()
    with urllib.request.urlopen(f"{server}/rulesets/bohnkick/client.css") as r:
        assert r.headers["content-type"].startswith("text/css")
        assert ".bk-pitch" in r.read().decode()
    for path, said in [
        ("bohnanza/client.js", "has no client code"),
        ("bohnanza/client.css", "has no client.css"),
        ("nosuch/client.js", "unknown variant"),
        ("nosuch/client.css", "unknown variant"),
        ("bohnkick/cards.json", "no ruleset asset"),
        ("bohnkick/rules.py", "no ruleset asset"),
    ]:
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(f"{server}/rulesets/{path}")
        assert e.value.code == 404 and said in e.value.read().decode()
