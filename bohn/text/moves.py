"""A seat's legal moves as numbered lines of text, and a move read back from
text (``docs/text.md``).

Every legal move has one line, ``3: plant Blue bean on field 1 [plant f1]``:
its number (from 1, in the order a person is shown the moves,
:meth:`~bohn.describe.Describer.ordered`), its words (the describer's,
:meth:`~bohn.describe.Describer.labels`) and, in brackets, its command: the
action's text form as a person types it in the terminal, every number from 1
(:meth:`~bohn.describe.Describer.text`). The command is unique among the
moves, so the line is too.

:func:`read_move` takes any of them back, forgiving of letter case, spacing,
quotes and a trailing full stop: the number, the whole line, the words (where
no other move reads alike), the command, the start of one move's words, or
any command in the terminal's notation (``propose 2 give h1 want blue
bean``: a proposal the list does not hold, cards by key or by name); else a
:class:`MoveError` that lists the legal moves.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bohn.describe import Describer
from bohn.describe.terminal import CountsFromOne
from bohn.describe.terminal import ascii_name
from bohn.describe.terminal import engine_text
from bohn.engine.actions import Action
from bohn.engine.actions import parse_action
from bohn.engine.errors import BohnError
from bohn.engine.errors import InvalidAction
from bohn.engine.game import Game
from bohn.text.words import say

#: the most moves an error message lists (the observation lists them all)
LISTED = 40
#: the fewest characters the start of a move's words must have to name it
PREFIX = 3
#: the most words a card's name spans (``Blue bean``, ``Blaue Bohne Dame``)
NAME_WORDS = 4


class MoveError(InvalidAction):
    """A text that names no move the seat may make now; the message says why
    and lists the legal moves."""


@dataclass(frozen=True)
class Move:
    """One legal move of a seat: its number (from 1), the action, its words
    and its command."""

    number: int
    action: Action
    label: str
    command: str
    #: every way the move is read exactly (:func:`norm` of its line, text,
    #: words and command)
    keys: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        forms = (self.line, self.text, self.label, self.command)
        object.__setattr__(self, "keys", frozenset(map(norm, forms)))

    @property
    def text(self) -> str:
        """The move's text, unique among the seat's moves: its words and,
        in brackets, its command (``plant Blue bean on field 1 [plant f1]``)."""
        if self.label == self.command:
            return f"[{self.command}]"
        return f"{self.label} [{self.command}]"

    @property
    def line(self) -> str:
        """The move as the observation lists it: ``3: <text>``."""
        return f"{self.number}: {self.text}"


def moves(game: Game, seat: int, words: Describer) -> list[Move]:
    """``seat``'s legal moves in ``words``, numbered from 1, read from its
    observation and its legal actions only."""
    legal = words.ordered(game.legal_actions(seat))
    if not legal:
        return []
    obs = game.observe(seat)
    labels = words.labels(legal, obs, seat, game.field_price(seat))
    return [
        Move(i, a, label, words.text(a))
        for i, (a, label) in enumerate(zip(legal, labels, strict=True), 1)
    ]


def norm(text: str) -> str:
    """``text`` as moves are compared: Unicode's compatibility form, lower
    case, single spaces, no quotes or full stop around it."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = " ".join(text.split())
    return text.strip("\"'`“”„ ").rstrip(".!").strip()


def with_names(text: str, aliases: Mapping[str, str]) -> str:
    """``text`` with every card named by key: a name of several words
    (``blue bean``) or one word in any spelling (``Wühler``) becomes its key
    (``aliases``: :func:`bohn.describe.card_aliases`), commas close up
    (``h1, h2``: ``h1,h2``). The first word, the verb, stays as it is."""
    tokens = re.findall(r",|[^\s,]+", text)
    out: list[str] = tokens[:1]
    i = 1
    while i < len(tokens):
        if tokens[i] == ",":
            out.append(",")
            i += 1
            continue
        for j in range(min(len(tokens), i + NAME_WORDS), i, -1):
            span = tokens[i:j]
            if "," in span:
                continue
            key = aliases.get(" ".join(span)) if j == i + 1 else None
            key = key or aliases.get(ascii_name(" ".join(span)))
            if key is not None:
                out.append(key)
                i = j
                break
        else:
            out.append(tokens[i])
            i += 1
    return re.sub(r" ?, ?", ",", " ".join(out))


def command_action(text: str, aliases: Mapping[str, str]) -> Action:
    """The action of a command in the terminal's notation (every number from
    1, cards by key or name; :func:`with_names`); :class:`CountsFromOne`
    where a place is numbered 0, :class:`InvalidAction` where it is no
    action's shape."""
    return parse_action(engine_text(with_names(text, aliases)))


def read_move(
    text: str, listed: Sequence[Move], words: Describer, aliases: Mapping[str, str]
) -> Action:
    """The action ``text`` names among the ``listed`` moves, or in the
    terminal's notation (see the module's text): the action is one of the
    moves, or one the notation names that the list leaves out (a proposal),
    whose legality the game decides. :class:`MoveError`, listing the moves,
    where ``text`` names none."""
    if not isinstance(text, str) or not norm(text):
        raise MoveError(problem(say(words.lang, "empty"), listed, words))
    said = norm(text)
    numbered = re.fullmatch(r"#?(\d+)\s*(?:[:.)]\s*(.*))?", said)
    if numbered is not None:
        k = int(numbered.group(1))
        if not 1 <= k <= len(listed):
            raise MoveError(
                problem(say(words.lang, "no-number", k=k, n=len(listed)), listed, words)
            )
        rest = numbered.group(2)
        if not rest or listed[k - 1] in matching(rest, listed):
            return listed[k - 1].action
    found = matching(said, listed)
    if len(found) == 1:
        return found[0].action
    if len(found) > 1:
        raise MoveError(problem(say(words.lang, "ambiguous", text=text.strip()), found, words))
    bracket = re.findall(r"\[([^\[\]]+)\]", said)
    tried = [bracket[-1], said] if bracket else [said]
    error: str | None = None
    for command in tried:
        try:
            return command_action(command, aliases)
        except CountsFromOne:
            error = error or say(words.lang, "from-one")
        except BohnError as e:
            error = error or str(e)
    starting = [m for m in listed if len(said) >= PREFIX and norm(m.label).startswith(said)]
    if len(starting) == 1:
        return starting[0].action
    if len(starting) > 1:
        raise MoveError(problem(say(words.lang, "ambiguous", text=text.strip()), starting, words))
    head = say(words.lang, "not-understood", text=text.strip())
    raise MoveError(problem(f"{head} ({error})" if error else head, listed, words))


def matching(said: str, listed: Sequence[Move]) -> list[Move]:
    """The moves whose line, text, words or command read ``said`` (:func:`norm`)."""
    return [m for m in listed if said in m.keys]


def problem(head: str, listed: Sequence[Move], words: Describer) -> str:
    """``head``, then the moves (at most :data:`LISTED` of them)."""
    if not listed:
        return f"{head}; {say(words.lang, 'no-moves')}"
    lines = [head, say(words.lang, "legal")]
    lines += [f"  {m.line}" for m in listed[:LISTED]]
    if len(listed) > LISTED:
        lines.append("  " + say(words.lang, "more", n=len(listed) - LISTED))
    lines.append(say(words.lang, "answer"))
    return "\n".join(lines)
