"""Play a game in the terminal: one person against bots.

:func:`main` runs the game. The bots act through the scheduler of
:mod:`bohn.sim.runner` (the waiting seats in clockwise order after the one
that acted last); whenever the game waits on the person's seat, the screen
shows the table as that seat sees it (built from ``observe(seat)`` only),
laid out for an 80x24 terminal, and the keys that answer now: a field number
plants there, ``sN`` harvests (sells) it, ``p`` passes, ``e`` ends the trading, ``a N`` /
``d N`` accept or decline an offer, ``propose`` asks for a proposal step by
step, other actions are numbered. Any action in its text form is understood
too (``propose 2 give h3 want blaue``, cards by key or plain-ASCII name), and
``help``, ``log``, ``table``, ``cards``, ``list``, ``auto`` (pass through
others' trading), ``full`` (the whole table and every action numbered) and
``quit``. Offers the person cannot fulfil are declined at once. A refused
action prints the engine's message and the rule it breaks, and asks again.
Closing the input (end of file) leaves the game politely; Ctrl-C leaves with
130, also while a bot thinks (in a thread of its own).

Every word on the screen comes from the game's describer
(:func:`bohn.describe.describer`, in English or German): this module knows no
ruleset.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable
from typing import Any
from typing import TextIO

from bohn.bots.base import Bot
from bohn.bots.base import make_bot
from bohn.bots.base import parse_bot_spec
from bohn.bots.base import seat_view
from bohn.catalogue import catalogue
from bohn.describe import Describer
from bohn.describe import card_aliases
from bohn.describe import describer
from bohn.describe.terminal import WIDTH
from bohn.describe.terminal import CountsFromOne
from bohn.describe.terminal import catalogue_lines
from bohn.describe.terminal import engine_text
from bohn.describe.terminal import fold
from bohn.engine.actions import ACTION_TYPES
from bohn.engine.actions import Accept
from bohn.engine.actions import Action
from bohn.engine.actions import Decline
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.actions import Withdraw
from bohn.engine.actions import parse_action
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.interrupts import deferred_interrupt
from bohn.pacing import holds
from bohn.prompt_keys import Keys
from bohn.prompt_keys import prompt_keys
from bohn.rulesets import VARIANTS
from bohn.rulesets import ruleset
from bohn.sim.runner import MAX_STEPS
from bohn.sim.runner import bot_seed
from bohn.sim.runner import next_seat

#: proposals per trading phase: the person may negotiate at length, bots briefly
HUMAN_TRADE_CAP = 50
BOT_TRADE_CAP = 2
#: events shown by the ``log`` command
LOG_LINES = 30
#: the most lines the compact prompt's keys take (``list`` shows them all)
PROMPT_LINES = 5
#: lines of long output (``help``, ``cards``, ``list``) shown at a time
PAGE = 20
#: the rows of the terminal the compact table is laid out for
SCREEN_ROWS = 24
#: seconds a bot may think before "seat N is thinking…" is shown
THINKING_AFTER = 0.3


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
        layout: str = "compact",
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
        #: ``compact`` (the 80x24 table at every prompt) or ``full`` (the whole
        #: table and every legal action numbered); ``full``/``compact`` switch
        self.layout = layout
        #: pass-through (``auto``): others' trading answered no until your turn
        self.auto = False
        #: every card key by the plain-ASCII names a person may type
        self.aliases = card_aliases(game.variant)
        #: a bot holding back its end of the trading for the person's pass, and
        #: the state it did so at (:func:`bohn.pacing.holds`)
        self.resting: tuple[int, int] | None = None
        #: the turn whose waiting bot was announced
        self.told_wait: Any = None

    def say(self, text: str = "") -> None:
        """``text``; in the compact layout in lines of at most 80 columns (a
        longer line folded between words, its rest indented under it), in
        the full layout as it is."""
        if self.layout == "full":
            print(text, file=self.out)
            return
        for line in text.split("\n"):
            print("\n".join(fold(line)), file=self.out)

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
        last = (game.active_seat() - 1) % n
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
                if self.resting == (s, game.seq) and self.seat in waiting:
                    s = self.seat  # the bot holds its end of the trading: your move
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
        """:meth:`bot_turn`, Ctrl-C leaving the game at once: the bot thinks in
        a thread of its own (a signal reaches only the main thread, never the
        compiled engine's arithmetic there, ``bohn.interrupts``), and the main
        thread, waiting for it, takes Ctrl-C at its next look."""
        try:
            with deferred_interrupt() as stop_here:
                self.bot_turn(s, stop_here)
            stop_here()
        except KeyboardInterrupt:
            raise Quit(self.words.ui("interrupted"), INTERRUPTED) from None

    def think(self, s: int, view: Any, stop_here: Callable[[], None]) -> Action:
        """Bot ``s``'s move on ``view``, computed in a thread; after
        :data:`THINKING_AFTER` seconds "seat N is thinking…" is shown (on a
        terminal the line is cleared once the move is made)."""
        bot = self.bots[s]
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                box["action"] = bot.act(view)
            except BaseException as e:  # raised again in the main thread
                box["error"] = e

        worker = threading.Thread(target=work, name=f"bot-{s}", daemon=True)
        worker.start()
        worker.join(THINKING_AFTER)
        said = shown = False
        while worker.is_alive():
            if not said:
                who = self.words.seat_name(s, self.seat, self.kinds)
                tty = bool(getattr(self.out, "isatty", lambda: False)())
                self.out.write(self.words.ui("thinking", who=who) + ("" if tty else "\n"))
                self.out.flush()
                said, shown = True, tty
            stop_here()
            worker.join(0.05)
        stop_here()
        if shown:
            self.out.write("\r\x1b[K")
        if "error" in box:
            raise box["error"]
        action: Action = box["action"]
        return action

    def bot_turn(self, s: int, stop_here: Callable[[], None] = lambda: None) -> None:
        game = self.game
        view = seat_view(game, s, self.bots[s], self.trackers)
        legal = view.legal
        action = self.think(s, view, stop_here)
        if holds(game, s, action, [self.seat]):  # the trading waits for the person's pass
            self.resting = (s, game.seq)
            turn = game.observe(self.seat).get("turn")
            if self.told_wait != turn:
                self.told_wait = turn
                who = self.words.seat_name(s, self.seat, self.kinds)
                self.say(self.words.ui("bot-waits", who=who))
            return
        try:
            events = game.apply(s, action)
        except BohnError as e:  # a bot's mistake must not end the person's game
            label = self.words.seat_name(s, self.seat, self.kinds)
            text = repr(self.words.text(action))
            self.say(self.words.ui("bot-error", who=label, text=text, error=e))
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
        return self.words.ordered(self.game.legal_actions(self.seat))

    def ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except EOFError:
            raise Quit(self.words.ui("input-closed")) from None
        except KeyboardInterrupt:
            raise Quit(self.words.ui("interrupted"), INTERRUPTED) from None

    def human_turn(self) -> None:
        if self.answer_for_the_person():
            return  # asked again if the game still waits on the person
        if self.layout == "full":
            self.full_turn()
        else:
            self.compact_turn()

    # ------------------------------------------------ what is answered for you

    def answer_for_the_person(self) -> bool:
        """Offers to the person that cannot be fulfilled are declined at once
        (a line each), and in pass-through (``auto``) others' trading is
        answered no: every offer to the person declined, then a pass. True
        when that was the person's move."""
        game = self.game
        obs = game.observe(self.seat)
        legal = game.legal_actions(self.seat)
        acted = False
        for o in obs.get("offers", []):
            if o.get("to") != self.seat:
                continue
            decline = Decline(o["id"])
            if decline not in legal:
                continue
            can = any(isinstance(a, Accept) and a.offer == o["id"] for a in legal)
            if can and not self.auto_now(obs):
                continue
            events = game.apply(self.seat, decline)
            if can:
                self.say(
                    self.words.ui(
                        "auto-did",
                        what=self.words.event(
                            {"type": "decline", "seat": self.seat, "id": o["id"]}, self.seat
                        ),
                    )
                )
            else:
                want = self.words.cards(list(o.get("want", [])))
                frm = self.words.seat(o.get("from"))
                self.say(
                    self.words.ui("cannot-fulfil", id=self.words.n(o["id"]), who=frm, want=want)
                )
            self.show_events([e for e in events if e.data.get("type") != "decline"], prefix="    ")
            acted = True
            legal = game.legal_actions(self.seat)
            obs = game.observe(self.seat)
        if self.auto and obs.get("active") == self.seat:
            self.auto = False
            self.say(self.words.ui("auto-ends"))
        if self.auto_now(obs) and Pass() in legal:
            events = game.apply(self.seat, Pass())
            self.say(
                self.words.ui(
                    "auto-did",
                    what=self.words.event({"type": "pass", "seat": self.seat}, self.seat),
                )
            )
            self.show_events([e for e in events if e.data.get("type") != "pass"], prefix="    ")
            return True
        return acted

    def auto_now(self, obs: dict[str, Any]) -> bool:
        """Whether pass-through answers now: it is on and another seat trades."""
        return self.auto and obs.get("active") != self.seat and obs.get("phase") == "trade"

    # ------------------------------------------------------ the compact table

    def keys(self, obs: dict[str, Any], legal: list[Action]) -> Keys:
        """The keys that answer now and the items of the prompt that show
        them (:func:`bohn.prompt_keys.prompt_keys`)."""
        return prompt_keys(self.words, obs, self.seat, legal, self.game.field_price(self.seat))

    def prompt_lines(self, items: list[str], most: int = PROMPT_LINES) -> list[str]:
        """The items of the prompt in at most ``most`` lines of 80 columns,
        short items side by side, a long one folded onto lines of its own;
        what does not fit is left to ``list``."""
        lines: list[str] = []
        cur = ""
        shown = 0
        for item in items:
            if cur and len(cur) + 3 + len(item) <= WIDTH:
                cur += "   " + item
                shown += 1
                continue
            need = fold(item)
            if len(lines) + bool(cur) + len(need) > most - (shown + 1 < len(items)):
                break
            if cur:
                lines.append(cur)
            *whole, cur = need
            lines += whole
            shown += 1
        if cur:
            lines.append(cur)
        if shown < len(items):
            lines.append(self.words.ui("keys-more", n=len(items) - shown))
        return lines

    def show_compact(
        self, obs: dict[str, Any], asking: str | None, items: list[str], why: str | None = None
    ) -> None:
        """The table and the keys in 24 lines: a blank line, the table, why
        the rules force the move (``why``, :meth:`Describer.forced`), the
        keys, the commands and the prompt."""
        told = fold(why) if why else []
        keys = self.prompt_lines(items)
        rows = SCREEN_ROWS - 3 - len(keys) - len(told)
        table = self.words.compact_screen(obs, self.seat, self.kinds, asking, rows)
        if len(table) > rows:  # fewer keys, the rest left to ``list``
            keys = self.prompt_lines(items, max(2, SCREEN_ROWS - 3 - len(told) - len(table)))
        self.say("")
        for line in table:
            self.say(line)
        for line in told:
            self.say(line)
        for line in keys:
            self.say(line)
        extra = "auto, " if self.may_auto(obs) else ""
        self.say(self.words.ui("commands", extra=extra))

    def may_auto(self, obs: dict[str, Any]) -> bool:
        return obs.get("phase") == "trade" and obs.get("active") != self.seat and not self.auto

    def compact_turn(self) -> None:
        game = self.game
        obs = game.observe(self.seat)
        legal = self.ordered_legal()
        asking = None
        if obs.get("phase") == "quirk":
            asking = self.words.asking(obs, self.seat, legal, list(game.events(self.seat)))
        keys = self.keys(obs, legal)
        items = keys.items
        why = self.words.forced(obs, self.seat, legal)
        self.show_compact(obs, asking, items, why)
        while True:
            answer = " ".join(self.ask(self.words.ui("ask")).split())
            if not answer:
                continue
            word = answer.lower()
            action: Action | None = None
            done = self.command(word, obs, legal, asking)
            if done == "done":
                return
            if done is not None:
                if done == "again":
                    self.show_compact(obs, asking, items, why)
                continue
            if word in keys.actions:
                action = keys.actions[word]
            elif word in keys.fields:
                action = self.which_field(keys.fields[word])
            elif word == "propose" and any(isinstance(a, Propose) for a in legal):
                action = self.propose_dialogue(obs, legal)
                if action is None:
                    self.say(self.words.ui("propose-none"))
            elif word.split()[0] in ("a", "d", "w"):
                action = self.offer_key(word, legal)
            else:
                action = self.typed(word, legal)
            if action is not None and self.play(action):
                return

    def which_field(self, choices: list[Plant]) -> Plant | None:
        """The planting of a card that several fields take: asks which field,
        by its number from 1 (Enter: back)."""
        fields = [str(c.field + 1) for c in choices]
        answer = self.ask(self.words.ui("which-field", fields=", ".join(fields))).strip()
        if answer in fields:
            return choices[fields.index(answer)]
        if answer:
            self.say(self.words.ui("no-such-field", k=answer, fields=", ".join(fields)))
        return None

    def command(
        self, word: str, obs: dict[str, Any], legal: list[Action], asking: str | None
    ) -> str | None:
        """A command that is not an action: None if ``word`` is none; else
        ``"again"`` (show the table and the keys again after a long output),
        ``"quiet"`` or ``"done"`` (the person's move was made)."""
        if word in ("quit", "exit", "q"):
            raise Quit(self.words.ui("quit"))
        if word in ("help", "h", "?"):
            self.page((self.words.help_keys() + self.words.ui("help-actions")).splitlines())
            return "again"
        if word in ("help actions", "help action"):
            self.page(self.words.help().splitlines())
            return "again"
        if word == "log":
            self.show_log()
            return "again"
        if word in ("table", "show", "t"):
            self.page(self.words.screen(obs, self.seat, self.kinds, asking)[1:])
            return "again"
        if word in ("cards", "c"):
            self.page(self.card_lines())
            return "again"
        if word == "hand":
            self.page(self.hand_lines(obs))
            return "again"
        if word in ("list", "l"):
            return "done" if self.list_all(obs, legal) else "again"
        if word in ("auto", "pass-through", "auto on"):
            self.auto = True
            self.say(self.words.ui("auto-on"))
            return "done" if self.answer_for_the_person() else "quiet"
        if word == "auto off":
            self.auto = False
            self.say(self.words.ui("auto-off"))
            return "quiet"
        if word in ("full", "compact"):
            self.layout = word
            self.say(self.words.ui("layout", layout=word))
            return "done"
        return None

    def hand_lines(self, obs: dict[str, Any]) -> list[str]:
        """Every card of the person's hand, front first, one a line, for
        ``hand``."""
        hand = obs["seats"][self.seat].get("hand", [])
        head = self.words.w("your hand, front first:", "deine Hand, vorne zuerst:")
        return [head] + [f"  h{i} {self.words.label(k)}" for i, k in enumerate(hand, 1)]

    def card_lines(self) -> list[str]:
        """This game's catalogue for ``cards``."""
        try:
            cat = catalogue(self.game.variant)
        except BohnError as e:  # pragma: no cover - every ruleset has a catalogue
            return [str(e)]
        return catalogue_lines(cat, self.words.lang)

    def page(self, lines: list[str]) -> None:
        """Long output a screen at a time: Enter shows more, ``q`` stops."""
        for i in range(0, len(lines), PAGE):
            for line in lines[i : i + PAGE]:
                self.say(line)
            if i + PAGE < len(lines) and self.ask(self.words.ui("more")).strip().lower() == "q":
                return

    def list_all(self, obs: dict[str, Any], legal: list[Action]) -> bool:
        """Every legal action, numbered, a page at a time; a number picks one
        (True: it was played)."""
        texts = self.words.labels(legal, obs, self.seat)
        lines = [
            f"{i:>3}) {t}   [{self.words.text(a)}]"
            for i, (t, a) in enumerate(zip(texts, legal, strict=True), 1)
        ]
        for i in range(0, len(lines), PAGE):
            for line in lines[i : i + PAGE]:
                self.say(line)
            answer = self.ask(self.words.ui("pick")).strip()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return self.play(legal[int(answer) - 1])
            if not answer and i + PAGE < len(lines):
                continue
            break
        return False

    def offer_key(self, word: str, legal: list[Action]) -> Action | None:
        """``a 5``, ``d 5``, ``w 5`` (offer 5 as the screen numbers it, from 1:
        offer 4 of the JSON), or ``a``/``d`` alone for the only offer; an
        accept that may be paid with several cards asks which."""
        parts = word.split()
        cls = {"a": Accept, "d": Decline, "w": Withdraw}[parts[0]]
        fits = [
            a for a in legal if isinstance(a, (Accept, Decline, Withdraw)) and isinstance(a, cls)
        ]
        ids = sorted({a.offer for a in fits})
        if len(parts) == 1 and len(ids) == 1:
            pick = ids[0]
        elif len(parts) == 2 and parts[1].isdigit() and int(parts[1]) - 1 in ids:
            pick = int(parts[1]) - 1
        else:
            shown = ", ".join(self.words.n(i) for i in ids) or "-"
            self.say(self.words.ui("which-offer", letter=parts[0], ids=shown))
            return None
        choices = [a for a in fits if a.offer == pick]
        if len(choices) == 1:
            return choices[0]
        obs = self.game.observe(self.seat)
        self.say(self.words.ui("which-give"))
        for i, text in enumerate(self.words.labels(choices, obs, self.seat), 1):
            self.say(f"  {i}) {text}   [{self.words.text(choices[i - 1])}]")
        answer = self.ask(self.words.ui("pick")).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        return None

    def typed(self, word: str, legal: list[Action]) -> Action | None:
        """An action in its text form as a person types it (its numbers from 1:
        ``harvest f1`` harvests field 0 of the JSON,
        :func:`bohn.describe.terminal.engine_text`), its cards by key or
        plain-ASCII name; a word that is no action of this game names this
        game's actions."""
        first = word.split()[0]
        # a word no game knows; another game's action reaches the engine, which refuses it
        if first not in ACTION_TYPES:
            verbs = self.verbs()
            if re.fullmatch(r"[hktn]?\d+( \d+)?|[adwpeb]( \d+)?", word):
                self.say(self.words.ui("no-such-key", k=word))
            else:
                self.say(self.words.ui("unknown-key", word=first, verbs=", ".join(verbs)))
            return None
        words = word.split()
        text = " ".join(
            [first] + [",".join(self.aliases.get(p, p) for p in w.split(",")) for w in words[1:]]
        )
        try:
            return parse_action(engine_text(text))
        except CountsFromOne:
            self.say(self.words.ui("from-one", text=text))
            return None
        except BohnError as e:
            self.say(self.words.ui("not-understood", error=e))
            return None

    def verbs(self) -> list[str]:
        """This ruleset's action words: its describer's, and every action
        class its packages (and those of the rulesets it builds on) define or
        import."""
        packages = tuple(r.package for r in ruleset(self.game.variant).bases())
        own: set[str] = set()
        for name, module in list(sys.modules.items()):
            if module is None or not name.startswith(packages):
                continue
            for obj in vars(module).values():
                kind = getattr(obj, "type", None)
                if isinstance(obj, type) and issubclass(obj, Action) and kind in ACTION_TYPES:
                    own.add(str(kind))
        return sorted(own | set(self.words.verbs()))

    def propose_dialogue(self, obs: dict[str, Any], legal: list[Action]) -> Action | None:
        """A proposal in three questions: to whom, what you give, what you want
        (seats and cards numbered from 1, as the screen shows them)."""
        seats = sorted({a.to + 1 for a in legal if isinstance(a, Propose)})
        if len(seats) == 1:
            to = seats[0]
        else:
            answer = self.ask(self.words.ui("propose-to", seats=", ".join(map(str, seats)))).strip()
            if not answer.isdigit() or int(answer) not in seats:
                return None
            to = int(answer)
        me = obs["seats"][self.seat]
        refs = [f"h{i}" for i in range(1, len(me.get("hand", [])) + 1)][:3]
        if obs.get("active") == self.seat and obs.get("revealed"):
            refs.append("r1")
        give = self.ask(self.words.ui("propose-give", refs=",".join(refs) or "h1")).strip().lower()
        names = ", ".join(sorted({str(k) for k in me.get("hand", [])})[:2]) or "blaue"
        want = self.ask(self.words.ui("propose-want", names=names.replace(", ", ","))).strip()
        text = f"propose {to}"
        if give:
            text += " give " + ",".join(x for x in give.replace(" ", ",").split(",") if x)
        if want:
            text += " want " + ",".join(x for x in want.lower().replace(" ", ",").split(",") if x)
        if not give and not want:
            return None
        return self.typed(text, legal)

    def play(self, action: Action) -> bool:
        """Apply the person's action; False (the message said) when refused."""
        try:
            events = self.game.apply(self.seat, action)
        except BohnError as e:
            self.say(self.words.ui("not-allowed", error=e))
            return False
        self.say(self.words.ui("you-did", text=self.words.text(action)))
        self.show_events(events, prefix="    ")
        return True

    # ------------------------------------------------- the table in full

    def full_turn(self) -> None:
        game = self.game
        obs = game.observe(self.seat)
        legal = self.ordered_legal()
        price = game.field_price(self.seat)
        asking = None
        if obs.get("phase") == "quirk":
            asking = self.words.asking(obs, self.seat, legal, list(game.events(self.seat)))
        for line in self.words.screen(obs, self.seat, self.kinds, asking):
            self.say(line)
        self.say("")
        why = self.words.forced(obs, self.seat, legal)
        if why:
            self.say(why)
        self.say(self.words.ui("choices"))
        for i, a in enumerate(legal, 1):
            text = self.words.action(a, obs, self.seat, price)
            self.say(f"  {i:>2}) {text}   [{self.words.text(a)}]")
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
            done = self.command(word, obs, legal, asking) if word not in ("h", "?") else None
            if done == "done":
                return
            if done is not None:
                continue
            action = self.numbered(answer, legal) if answer.isdigit() else self.typed(word, legal)
            if action is not None and self.play(action):
                return

    def numbered(self, answer: str, legal: list[Action]) -> Action | None:
        """The choice of the number ``answer`` from 1 (None, said, for no such choice)."""
        k = int(answer)
        if not 1 <= k <= len(legal):
            self.say(self.words.ui("no-choice", k=k, n=len(legal)))
            return None
        return legal[k - 1]

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
    layout: str = "compact",
) -> int:
    """Play ``variant`` in the terminal as ``seat`` against bots; the exit code.

    ``bots`` names the bot kind of every other seat in order, or one kind for
    all of them. Unless ``options`` sets ``trade_cap`` or ``trade_caps``, the
    person may make :data:`HUMAN_TRADE_CAP` proposals per trading phase and
    each bot :data:`BOT_TRADE_CAP`. ``lang``: the language of the screen,
    ``"en"`` or ``"de"``; ``layout``: ``"compact"`` (the 80x24 table and a
    few keys at every prompt) or ``"full"`` (the whole table and every legal
    action numbered; the in-game commands ``full`` and ``compact`` switch).
    Returns 0 when the game ends or the person leaves,
    2 when the game cannot be set up.
    """
    from bohn import new_game

    def fail(msg: str) -> int:
        print(f"bohn play: {msg}", file=out)
        return 2

    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        return fail(f"players must be a positive number, not {players!r}")
    if layout not in ("compact", "full"):
        return fail(f"layout must be compact or full, not {layout!r}")
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
    print(words.ui("intro", title=title, players=players, seed=seed, seat=seat + 1), file=out)
    return Session(game, seat, bot_objs, kinds, input_fn, out, lang, layout).run()
