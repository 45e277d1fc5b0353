"""The game page's words: every listed move has a sentence (``label``) in
both languages, every phase of every ruleset a name, and the state message
says whose move it is (``your_move``, ``prompt``)."""

from __future__ import annotations

import random
import re

import pytest

import bohn
from bohn.bots.base import seat_view
from bohn.describe import LANGS
from bohn.describe import describer
from bohn.engine.actions import Harvest
from bohn.engine.actions import parse_action
from bohn.engine.game import Game
from bohn.rulesets import VARIANTS
from bohn.rulesets import find_variant
from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo
from bohn.server.rooms import game_view
from bohn.server.rooms import legal_view
from bohn.sim.runner import make_bots
from bohn.sim.runner import next_seat

#: an action's text form at the start of a sentence
RAW = re.compile(r"^(plant|keep|harvest|propose|stash|buy-field|accept|decline|withdraw) [a-z]?\d")

GAME_CLASSES: list[type[Game]] = [*VARIANTS.values(), MutterbohnchenForTwo]


def _players(cls: type[Game]) -> int:
    allowed = cls.allowed_players()
    return 3 if 3 in allowed else allowed[-1]


def _positions(variant: str, players: int, seed: int, steps: int) -> list[Game]:
    """Positions of a seeded random game, every few moves."""
    g = bohn.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    out = [g.clone()]
    for i in range(steps):
        if g.result() is not None:
            break
        seat = rng.choice(sorted(g.waiting_for()))
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        if i % 7 == 0:
            out.append(g.clone())
    return out


@pytest.mark.parametrize("cls", GAME_CLASSES, ids=lambda c: f"{c.variant}-{c.__name__}")
def test_every_phase_has_a_name_in_both_languages(cls: type[Game]) -> None:
    for lang in LANGS:
        words = describer(cls.variant, lang)
        for code in cls.PHASES.values():
            assert code in words.phase_names(), (cls.variant, lang, code)
            name = words.phase_name(code)
            assert name and name != code and name != code.replace("-", " "), (lang, code, name)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_listed_action_has_a_label_in_words(variant: str) -> None:
    cls = VARIANTS[variant]
    for seed in (1, 2):
        for g in _positions(variant, _players(cls), seed, 120):
            seats = len(g.observe(None).get("seats") or []) or _players(cls)
            for seat in range(seats):
                for lang in LANGS:
                    view = game_view(g, "g", seat, lang=lang)
                    assert view["prompt"] and isinstance(view["your_move"], bool)
                    assert view["phase_name"] != view["observation"].get("phase")
                    for entry in view["legal"]:
                        label = entry["label"]
                        assert label.strip(), entry
                        assert not RAW.match(label), (lang, label)
                        if any(c.isdigit() for c in entry["text"]):
                            assert label != entry["text"], (lang, label)


def test_your_move_only_while_the_game_waits_for_a_move() -> None:
    """Bohnanza's trading: the active player is asked to move, and so is
    every other seat that has not passed yet (a bot keeps its trading open
    until the people have passed, ``bohn.pacing``); once it has, it is not."""
    g = bohn.new_game("bohnanza", 3, seed=4)
    while g.observe(None)["phase"] != "trade":
        seat = g.observe(None)["active"]
        legal = g.legal_actions(seat)
        plant = [a for a in legal if a.to_json()["type"] in ("plant", "pass")]
        g.apply(seat, plant[-1])
    active = g.observe(None)["active"]
    other = (active + 1) % 3
    assert other in g.waiting_for()
    mine = game_view(g, "g", active)
    theirs = game_view(g, "g", other)
    assert mine["your_move"] and mine["prompt"].startswith("Your move")
    assert theirs["your_move"]
    # the seat's number counts from 1
    assert theirs["prompt"] == (
        f"Your move: seat {active + 1} is trading. Make or answer offers, or pass when you are "
        "done."
    )
    de = game_view(g, "g", other, lang="de")
    assert de["prompt"].startswith(f"Du bist am Zug: Platz {active + 1} handelt.")
    assert de["phase_name"] == "Handeln und Verschenken"
    g.apply(other, parse_action("pass"))
    passed = game_view(g, "g", other)
    assert not passed["your_move"]
    assert passed["prompt"].startswith(f"Seat {active + 1} is trading")
    # planting-phase harvests are allowed to everybody, asked of nobody
    g2 = bohn.new_game("bohnanza", 3, seed=4)
    idle = (g2.observe(None)["active"] + 1) % 3
    v = game_view(g2, "g", idle)
    assert not v["your_move"] and v["prompt"].startswith("Waiting for seat")


def test_a_move_allowed_at_any_time_is_the_way_forward_when_nothing_else_is() -> None:
    """Kept cards that fit no field: the game waits on the seat, and only a
    harvest is listed; that harvest is the move the page highlights, and the
    prompt says why, with the rule."""

    found = 0
    for seed in range(40):
        game = find_variant("bohnanza").new(3, seed, {"trade_cap": 1})
        bots, last = make_bots(["random"] * 3, seed), 2
        while game.waiting_for() and not found:
            for s in sorted(game.waiting_for()):
                legal = game.legal_actions(s)
                if legal and all(isinstance(a, Harvest) for a in legal):
                    view = legal_view(game, s, describer(game, "en"))
                    assert all(v["advances"] for v in view)
                    prompt = game_view(game, "g", s)["prompt"]
                    assert "no field of yours can take" in prompt, prompt
                    assert prompt.endswith(
                        (
                            "harvest a field first (bohnanza §3.1.2).",
                            "harvest a field first (bohnanza §3.3.2).",
                        )
                    )
                    found += 1
            seat = next_seat(game.waiting_for(), last, 3)
            game.apply(seat, bots[seat].act(seat_view(game, seat, bots[seat], {})))
            last = seat
        if found:
            break
    assert found, "no position where only harvests are listed for a waited seat"
