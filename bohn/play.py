"""Play a game in the terminal: one person against bots.

:func:`main` runs the game. The bots act through the scheduler of
:mod:`bohn.sim.runner` (the waiting seats in clockwise order after the one
that acted last); whenever the game waits on the person's seat, the screen
shows the table as that seat sees it (built from ``observe(seat)`` only) and a
numbered list of the legal actions. The person answers with a number, with any
action in its text form (``propose 2 give h3 want blaue``), or with ``help``,
``log``, ``table`` or ``quit``. A refused action prints the engine's message
and the rule it breaks, and asks again. Closing the input (end of file) leaves
the game politely.

Every word on the screen comes from the game's describer
(:func:`bohn.describe.describer`, in English or German): this module knows no
ruleset.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from bohn.bots.base import Bot, make_bot, parse_bot_spec, seat_view
from bohn.describe import Describer, describer
from bohn.engine.actions import Action, parse_action
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.interrupts import deferred_interrupt
from bohn.rulesets import VARIANTS
from bohn.sim.runner import MAX_STEPS, bot_seed, next_seat

#: proposals per trading phase: the person may negotiate at length, bots briefly
HUMAN_TRADE_CAP = 50
BOT_TRADE_CAP = 2
#: events shown by the ``log`` command
LOG_LINES = 30


#: the exit status after Ctrl-C (``docs/cli.md``: 130, as a shell gives)
INTERRUPTED = 130


class Quit(Exception):
    """The person left the game: ``quit`` or the end of input (exit status
    0), or Ctrl-C (:data:`INTERRUPTED`)."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


class Session:
    """One terminal game: the game, the bots, the person's seat and the output."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: dict[int, Bot],
        kinds: dict[int, str],
        input_fn: Callable[[str], str],
        out: TextIO,
        lang: str = "en",
    ) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.trackers: dict[int, Any] = {}
        self.kinds = kinds
        self.input_fn = input_fn
        self.out = out
        #: every word on the screen: the game's describer in the person's language
        self.words: Describer = describer(game, lang)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def show_events(self, events: list[Any], prefix: str = "  ") -> None:
        self.show_views([v for v in (ev.view(self.seat) for ev in events) if v is not None], prefix)

    def show_views(self, views: list[dict[str, Any]], prefix: str = "  ") -> None:
        for view in views:
            line = self.words.event(view, self.seat)
            if line is not None:
                self.say(prefix + line)

    def run(self) -> int:
        game = self.game
        n = game.n
        last = (int(getattr(game, "active", 0)) - 1) % n
        for entry in game.events(self.seat):
            line = self.words.event(entry, self.seat)
            if line is not None:
                self.say(line)
        steps = 0
        try:
            while True:
                waiting = game.waiting_for()
                if not waiting:
                    break
                if steps >= MAX_STEPS:
                    self.say(self.words.ui("too-long"))
                    return 1
                s = next_seat(waiting, last, n)
                if s == self.seat:
                    self.human_turn()
                else:
                    self.bot_turn_interruptible(s)
                last = s
                steps += 1
        except Quit as q:
            self.say(str(q))
            return q.code
        self.final()
        return 0

    def bot_turn_interruptible(self, s: int) -> None:
        """:meth:`bot_turn`, with Ctrl-C taken once the bot's move is made
        (``bohn.interrupts``): the person leaves the game."""
        try:
            with deferred_interrupt() as stop_here:
                self.bot_turn(s)
            stop_here()
        except KeyboardInterrupt:
            raise Quit(self.words.ui("interrupted"), INTERRUPTED) from None

    def bot_turn(self, s: int) -> None:
        game = self.game
        view = seat_view(game, s, self.bots[s], self.trackers)
        legal = view.legal
        action = self.bots[s].act(view)
        try:
            events = game.apply(s, action)
        except BohnError as e:  # a bot's mistake must not end the person's game
            label = self.words.seat_name(s, self.seat, self.kinds)
            self.say(self.words.ui("bot-error", who=label, text=repr(action.text()), error=e))
            action = legal[0]
            events = game.apply(s, action)
        label = self.words.seat_name(s, self.seat, self.kinds)
        views = [v for v in (ev.view(self.seat) for ev in events) if v is not None]
        seen = game.action_view(action)  # e.g. a Police Station's coin stays hidden
        line, rest = self.words.bot_report(label, s, action, seen, views)
        self.say(line)
        self.show_views(rest, prefix="    ")

    def ordered_legal(self) -> list[Action]:
        """The legal actions in the order they are listed: the usual moves first."""
        order = self.words.ORDER
        rank: dict[type[Action], int] = {kind: i for i, kind in enumerate(order)}
        legal = self.game.legal_actions(self.seat)
        return sorted(legal, key=lambda a: rank.get(type(a), len(order)))

    def ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except EOFError:
            raise Quit(self.words.ui("input-closed")) from None
        except KeyboardInterrupt:
            raise Quit(self.words.ui("interrupted"), INTERRUPTED) from None

    def human_turn(self) -> None:
        game = self.game
        obs = game.observe(self.seat)
        legal = self.ordered_legal()
        price = getattr(game, "options", {}).get("third_field_price")
        asking = None
        if obs.get("phase") == "quirk":
            asking = self.words.asking(obs, self.seat, legal, list(game.events(self.seat)))
        for line in self.words.screen(obs, self.seat, self.kinds, asking):
            self.say(line)
        self.say("")
        self.say(self.words.ui("choices"))
        for i, a in enumerate(legal, 1):
            self.say(f"  {i:>2}) {self.words.action(a, obs, self.seat, price)}   [{a.text()}]")
        while True:
            answer = self.ask(self.words.ui("prompt")).strip()
            if not answer:
                continue
            word = answer.lower()
            if word in ("quit", "exit", "q"):
                raise Quit(self.words.ui("quit"))
            if word in ("help", "h", "?"):
                self.say(self.words.help())
                continue
            if word == "log":
                self.show_log()
                continue
            if word in ("table", "show"):
                for line in self.words.screen(obs, self.seat, self.kinds, asking):
                    self.say(line)
                continue
            action: Action
            if answer.isdigit():
                k = int(answer)
                if not 1 <= k <= len(legal):
                    self.say(self.words.ui("no-choice", k=k, n=len(legal)))
                    continue
                action = legal[k - 1]
            else:
                try:  # in any letter case: every action word and card key is lower case
                    action = parse_action(word)
                except BohnError as e:
                    self.say(self.words.ui("not-understood", error=e))
                    continue
            try:
                events = game.apply(self.seat, action)
            except BohnError as e:
                self.say(self.words.ui("not-allowed", error=e))
                continue
            self.say(self.words.ui("you-did", text=action.text()))
            self.show_events(events, prefix="    ")
            return

    def show_log(self) -> None:
        lines = []
        for e in self.game.events(self.seat):
            if e.get("type") == "action":
                continue
            line = self.words.event(e, self.seat)
            if line is not None:
                lines.append(line)
        self.say(self.words.ui("recent"))
        for line in lines[-LOG_LINES:]:
            self.say("  " + line)

    def final(self) -> None:
        r = self.game.result()
        if r is None:  # pragma: no cover - the loop ends only when the game is over
            return
        self.say("")
        self.say(self.words.ui("game-over", reason=r.reason))
        for line in self.words.final_lines(r, self.game.observe(self.seat), self.seat, self.kinds):
            self.say(line)


def main(
    variant: str,
    players: int,
    seat: int,
    bots: list[str],
    seed: int | str,
    options: dict[str, Any] | None = None,
    *,
    input_fn: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
    lang: str = "en",
) -> int:
    """Play ``variant`` in the terminal as ``seat`` against bots; the exit code.

    ``bots`` names the bot kind of every other seat in order, or one kind for
    all of them. Unless ``options`` sets ``trade_cap`` or ``trade_caps``, the
    person may make :data:`HUMAN_TRADE_CAP` proposals per trading phase and
    each bot :data:`BOT_TRADE_CAP`. ``lang``: the language of the screen,
    ``"en"`` or ``"de"``. Returns 0 when the game ends or the person leaves,
    2 when the game cannot be set up.
    """
    from bohn import new_game

    def fail(msg: str) -> int:
        print(f"bohn play: {msg}", file=out)
        return 2

    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        return fail(f"players must be a positive number, not {players!r}")
    if not 0 <= seat < players:
        return fail(f"seat must be from 0 to {players - 1}, not {seat}")
    others = [s for s in range(players) if s != seat]
    specs = list(bots) or ["greedy"]
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        return fail(
            f"name one bot kind for all other seats or one for each of the {len(others)} "
            f"other seats, not {len(specs)}"
        )
    options = dict(options or {})
    trades = "trade_caps" in VARIANTS[variant].OPTIONS if variant in VARIANTS else False
    if trades and "trade_cap" not in options and "trade_caps" not in options:
        options["trade_caps"] = [
            HUMAN_TRADE_CAP if s == seat else BOT_TRADE_CAP for s in range(players)
        ]
    try:
        game = new_game(variant, players, seed, options)
        bot_objs = {
            s: make_bot(spec, bot_seed(seed, s)) for s, spec in zip(others, specs, strict=True)
        }
    except (BohnError, ValueError) as e:
        return fail(str(e))
    kinds = {s: parse_bot_spec(spec)[0] for s, spec in zip(others, specs, strict=True)}
    title = getattr(game, "title", variant) or variant
    words = describer(game, lang)
    print(words.ui("intro", title=title, players=players, seed=seed, seat=seat), file=out)
    return Session(game, seat, bot_objs, kinds, input_fn, out, lang).run()
