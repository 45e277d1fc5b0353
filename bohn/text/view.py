"""One seat's game as text: the observation, the rules in brief, and a move
read back (``docs/text.md``).

Everything a :class:`SeatText` says is built from what its seat may know:
``game.observe(seat)``, ``game.legal_actions(seat)``, the log as
``game.events(seat)`` shows it, and the public facts of the game (its
variant, player count, options, whose decision it waits on, its result). The
words are the describer's (:func:`bohn.describe.describer`), made for the
variant alone, so that no describer reads the game itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from bohn.catalogue import catalogue
from bohn.describe import card_aliases
from bohn.describe import describer
from bohn.describe import summary
from bohn.describe.terminal import catalogue_lines
from bohn.engine.actions import Action
from bohn.engine.actions import Propose
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.text.moves import Move
from bohn.text.moves import MoveError
from bohn.text.moves import moves
from bohn.text.moves import problem
from bohn.text.moves import read_move
from bohn.text.words import say

#: the most lines of events one observation shows (the latest)
EVENT_LINES = 40
#: the width the rules' card list is laid out for (nothing is cut)
WIDE = 10_000


@cache
def _aliases(variant: str) -> Mapping[str, str]:
    """The card names of a variant a move may use, built once."""
    return MappingProxyType(card_aliases(variant))


def rules_text(
    variant: str, players: int, lang: str = "en", options: Mapping[str, Any] | None = None
) -> str:
    """The rules of ``variant`` in brief for ``players`` players, in ``lang``:
    the ruleset's summary (:func:`bohn.describe.summary`), the ``options``
    a game sets otherwise than by default, every card (the catalogue, as
    ``bohn cards`` shows it) and how to answer (trading too where the game
    trades)."""
    kind = find_variant(variant).class_for(players)
    words = describer(variant, lang)
    out = [say(words.lang, "rules-head", title=kind.title, players=players)]
    brief = summary(variant, lang)
    if brief:
        out.append(brief)
    changed = [
        f"{name}={json.dumps(value)}"
        for name, value in (options or {}).items()
        if name in kind.OPTIONS and value != kind.OPTIONS[name].default
    ]
    if changed:
        out.append(say(words.lang, "options", options=", ".join(changed)))
    out += ["", say(words.lang, "cards")]
    out += catalogue_lines(catalogue(variant), words.lang, WIDE)
    out += ["", say(words.lang, "how-to-answer")]
    if Propose in kind.HANDLERS:
        out.append(say(words.lang, "trading"))
    return "\n".join(out)


class SeatText:
    """One seat's text interface to a game: its observation, its moves and
    its rules in words (English or German), and a move read back from text.

    The describer is the seat's own for as long as the object lives: a
    describer remembers what the events it worded announce (why a field
    will be harvested), so one seat's events are best worded by one object.
    """

    def __init__(self, game: Game, seat: int, lang: str = "en") -> None:
        game.check_seat(seat)
        self.game = game
        self.seat = seat
        self.words = describer(game.variant, lang)
        self.aliases = _aliases(game.variant)
        #: the moves of the state the game was last worded in: its ``seq``, the moves
        self._listed: tuple[int, list[Move]] | None = None

    def moves(self) -> list[Move]:
        """The seat's legal moves, numbered from 1 (:func:`bohn.text.moves.moves`):
        worded once for each state of the game (its ``seq``), so that an
        observation and the answer read after it share them."""
        game = self.game
        if self._listed is None or self._listed[0] != game.seq:
            self._listed = (game.seq, moves(game, self.seat, self.words))
        return self._listed[1]

    def rules(self) -> str:
        """The rules in brief (:func:`rules_text`)."""
        game = self.game
        return rules_text(game.variant, game.n, self.words.lang, game.options)

    def event_lines(self, views: Iterable[dict[str, Any]]) -> list[str]:
        """Events as the seat sees them (``game.events(seat)``'s), one line each
        where the describer words them."""
        out: list[str] = []
        for v in views:
            line = self.words.event(v, self.seat)
            if line is not None:
                out.append(line)
        return out

    def observation(
        self,
        *,
        rules: bool = False,
        events: Iterable[dict[str, Any]] = (),
    ) -> str:
        """What the seat sees, as text: who it is, the rules where asked
        (``rules``), the ``events`` given (as ``game.events(seat)`` shows
        them; the last :data:`EVENT_LINES` lines), the table, what the game
        asks now and the numbered moves; at the end of the game the result
        instead of the moves."""
        game, seat, words = self.game, self.seat, self.words
        obs = game.observe(seat)
        out = [say(words.lang, "head", title=game.title, players=game.n, seat=words.n(seat))]
        if rules:
            out += ["", self.rules()]
        happened = self.event_lines(events)[-EVENT_LINES:]
        if happened:
            out += ["", say(words.lang, "since"), *(f"  {line}" for line in happened)]
        result = game.result()
        listed = self.moves()
        legal = [m.action for m in listed]
        asking = None
        if obs.get("phase") == "quirk":
            asking = words.asking(obs, seat, legal, list(game.events(seat)))
        table = words.screen(obs, seat, {}, asking)
        out += ["", *(table[1:] if table and not table[0] else table), ""]
        if result is not None:
            out.append(words.ui("game-over", reason=result.reason))
            out += words.final_lines(result, obs, seat, {})
            return "\n".join(out)
        waiting = sorted(game.waiting_for())
        out.append(words.prompt(obs, seat, waiting, legal))
        if not listed:
            out.append(say(words.lang, "none-now"))
            return "\n".join(out)
        out.append(say(words.lang, "moves"))
        out += [f"  {m.line}" for m in listed]
        if any(isinstance(m.action, Propose) for m in listed):
            out.append(say(words.lang, "propose"))
        return "\n".join(out)

    def read(self, answer: str) -> Action:
        """The action ``answer`` names (:func:`bohn.text.moves.read_move`),
        one the game takes from the seat now: a listed move, or one the list
        leaves out that the game accepts (a proposal). :class:`MoveError`,
        listing the moves, for any other; the game does not change."""
        listed = self.moves()
        action = read_move(answer, listed, self.words, self.aliases)
        if any(m.action == action for m in listed):
            return action
        try:
            self.game.clone().apply(self.seat, action)
        except BohnError as e:
            raise MoveError(
                problem(say(self.words.lang, "not-allowed", error=e), listed, self.words)
            ) from None
        return action


def observation(game: Game, seat: int, lang: str = "en", *, rules: bool = False) -> str:
    """``seat``'s observation of ``game`` as text (:meth:`SeatText.observation`)."""
    return SeatText(game, seat, lang).observation(rules=rules)


def parse_move(game: Game, seat: int, answer: str, lang: str = "en") -> Action:
    """The action ``answer`` names for ``seat`` (:meth:`SeatText.read`)."""
    return SeatText(game, seat, lang).read(answer)
