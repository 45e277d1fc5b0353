"""In the terminal a bot keeps its trading open until the person passes:
its end of the trading is held (:func:`bohn.pacing.holds`) and the person is
asked instead, as often as they act, and told so once a turn."""

from __future__ import annotations

import io

import bohn
from bohn.bots.base import make_bot
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.pacing import TradeWindow
from bohn.pacing import holds
from bohn.pacing import people_trading
from bohn.play import Session


def trading_game() -> bohn.Game:
    """Bohnanza for 3 in seat 0's trading phase (seat 0 planted and passed)."""
    game = bohn.new_game("bohnanza", 3, 4)
    game.apply(0, Plant(0))
    game.apply(0, Pass())
    assert game.observe(0)["phase"] == "trade"
    return game


def test_a_bots_end_of_trading_waits_for_the_person() -> None:
    game = trading_game()
    assert people_trading(game, [1]) == [1]
    assert holds(game, 0, EndTrading(), [1])
    assert not holds(game, 0, EndTrading(), [0])  # the bot itself is no person
    assert not holds(game, 0, Pass(), [1])
    game.apply(1, Pass())  # the person passed: nothing more to wait for
    assert people_trading(game, [1]) == []
    assert not holds(game, 0, EndTrading(), [1])


def test_the_terminal_asks_the_person_until_they_pass() -> None:
    """Seat 1 is the person; the active bot (seat 0) would end its trading at
    once. The person proposes twice (the bots move in between, and the active
    one would end the trading) and the phase stays open; their pass ends it."""
    game = trading_game()
    out = io.StringIO()
    phases: list[tuple[int, str]] = []
    answers = iter(["propose 0 want blaue", "propose 2 want soja", "p"])

    def input_fn(prompt: str) -> str:
        obs = game.observe(1)
        phases.append((int(obs["turn"]), str(obs["phase"])))
        if obs["turn"] != 1:
            return "quit"
        return next(answers)

    bots = {s: make_bot("greedy", s) for s in (0, 2)}
    Session(game, 1, bots, {0: "greedy", 2: "greedy"}, input_fn, out).run()
    turn_one = [p for t, p in phases if t == 1]
    assert turn_one[:3] == ["trade", "trade", "trade"], phases
    text = out.getvalue()
    assert text.count("keeps the trading open for you") == 1, text
    assert "you: pass" in text
    # the pass let the bot end the trading: the game went on to the next turn
    assert any(t == 2 for t, _ in phases), phases


def test_the_window_restarts_on_a_persons_action_up_to_its_cap() -> None:
    now = [100.0]
    w = TradeWindow(20, clock=lambda: now[0])
    w.watch(("turn", 1))
    assert w.left() == 20
    now[0] += 15
    w.touch()
    assert w.left() == 20  # restarted
    w.watch(("turn", 1))  # the same phase: not restarted
    assert w.left() == 20
    for _ in range(20):  # act every 15 s: the cap (6 windows, 120 s) stops it
        now[0] += 15
        w.touch()
    assert w.deadline == 100 + 120
    now[0] = 221
    assert not w.is_open()
    w.watch(("turn", 2))  # a new phase: a new window
    assert w.left() == 20
