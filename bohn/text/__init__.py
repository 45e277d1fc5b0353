"""The text interface for agents: every ruleset's game as plain text, in
English or German, for any seat (``docs/text.md``).

* :func:`observation` / :class:`SeatText`: what a seat sees, as text — the
  table (the describer's, :meth:`~bohn.describe.Describer.screen`), what the
  game asks now, the seat's legal moves numbered with their words and
  commands, and on request the rules in brief (:func:`rules_text`);
* :func:`parse_move` / :meth:`SeatText.read`: a move read back from text,
  forgiving of case and spacing; a proposal may be any the rules allow,
  written in the terminal's notation (``propose 2 give h1 want soja``);
  :class:`MoveError` lists the legal moves where the text names none;
* :class:`TextEnv`: one game after another in TextArena's shape (``reset``,
  ``get_observation``, ``step``, ``close``), registered with TextArena
  (``Bohnanza-v0`` ...) where the ``textarena`` package is installed
  (:mod:`bohn.text.arena`).

>>> import bohn
>>> from bohn.text import parse_move
>>> game = bohn.new_game("bohnanza", 3, 1)
>>> parse_move(game, 0, "PLANT  f1").text()
'plant f0'
"""

from __future__ import annotations

from bohn.text.env import TextEnv
from bohn.text.moves import Move
from bohn.text.moves import MoveError
from bohn.text.view import SeatText
from bohn.text.view import observation
from bohn.text.view import parse_move
from bohn.text.view import rules_text

__all__ = [
    "Move",
    "MoveError",
    "SeatText",
    "TextEnv",
    "observation",
    "parse_move",
    "rules_text",
]
