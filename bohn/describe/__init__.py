"""Describers: every ruleset's actions, events and table in words, in German
and English.

The terminal game (:mod:`bohn.play`) and the browser's log (:mod:`bohn.server`)
read every sentence from a describer; neither knows any ruleset's words.

The contract
------------
A ruleset's part ``describe`` (``bohn/rulesets/<id>/describe.py``, loaded by
``ruleset(variant).part("describe")``) defines

``DESCRIBER``
    a :class:`Describer` subclass, or any callable ``DESCRIBER(lang, table)``
    returning one; ``lang`` is ``"en"`` or ``"de"`` (:data:`LANGS`), ``table``
    the game class's card table (its names, as the catalogue gives them,
    :func:`bohn.catalogue.names_of`, name the cards in either language; the
    typed text of an action keeps the keys).

and, optionally, ``SUMMARY``: the game's rules in brief, a
:class:`~bohn.describe.base.Sentence` (English, German) that
:func:`summary` gives (the text interface's rules, :mod:`bohn.text`); a
ruleset's own, never its base's.

A describer answers

* ``action(a, obs, seat, price=None) -> str``: a sentence for one of
  ``seat``'s legal actions, read from its observation ``obs`` only;
* ``event(e, me) -> str | None``: a line for an event as seat ``me`` sees it
  (None: not worth a line; never raw JSON for an event its game emits);
* ``screen(obs, seat, kinds, asking=None) -> list[str]``: the table as
  ``seat`` sees it (``kinds``: the bots' kinds by seat), of which
  ``table_lines(obs, seat, kinds)`` are the ruleset's own parts;
* ``asking(obs, seat, legal, events) -> str | None``: what asks ``seat``
  where the observation does not say (a quirk), passed on to ``screen``;
* ``forced(obs, seat, legal) -> str | None``: why ``seat``'s move is forced
  now, with the rule section that says so (``... harvest a field first
  (bohnanza §3.1.2).``), which ``prompt`` and the terminal add; a harvest,
  planting or lapse the game makes for a seat says why in its ``event`` line;
* ``help() -> str``: the commands;
* ``bot_report(label, s, action, seen, views) -> (line, views)``: the line
  for a bot's move and the events to show under it;
* ``final_lines(result, obs, seat, kinds) -> list[str]``: the end of the game;
* ``ui(key, **kw)``: the terminal session's own sentences (:data:`base.UI`);
* ``compact_screen(obs, seat, kinds, asking=None)``, ``key_label(a, obs, seat,
  price=None)``, ``help_keys()``, ``verbs()``: the terminal's 80x24 table, a
  short label beside an action's key, the keys for ``help`` and the action
  words of the ruleset (terminal only; the browser log never reads them);
* ``ORDER``: the action classes in the order the terminal lists them.

A describer words most events by its table :attr:`Describer.EVENTS` (each
class's own, the most derived first): an event's type, and a
:class:`~bohn.describe.base.Sentence` whose ``{names}`` the event's words fill
in (:meth:`Describer.slot`: ``{who} passed``), or the method that words it. A
sentence names the viewer's seat ``you`` (``du``) and gives the verb after it
in the third person: the verb takes the form "you" ("du") asks for
(``you have``, ``du hast``) wherever a describer's words pass ``w``.

The bean games' words (plant, harvest, trade, offers, fields, coins) live in
:class:`~bohn.describe.bean.BeanDescriber`, the generic default for a ruleset
without a ``describe`` part; a ruleset's describer subclasses that of the
ruleset it builds on and adds only its own words (Sissi's Bohnanza's,
Prohibohn's Al Cabohne's, Mutterböhnchen's Ladybohn's). A game with another
table altogether (Bohnkick) subclasses :class:`Describer` itself.

Seats, offers, fields and card positions count from 0 in the JSON and the
actions, and from 1 wherever a person reads them (:func:`base.nth`): seat 1
of the JSON is ``seat 2``.

>>> describer("bohnanza").event({"type": "pass", "seat": 1}, 0)
'seat 2 passed'
>>> describer("bohnanza", "de").event({"type": "pass", "seat": 1}, 0)
'Platz 2 passte'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from bohn.catalogue import catalogue
from bohn.describe.base import LANGS
from bohn.describe.base import UI
from bohn.describe.base import Describer
from bohn.describe.base import Sentence
from bohn.describe.bean import BeanDescriber
from bohn.describe.terminal import aliases
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.rulesets import ruleset

__all__ = [
    "LANGS",
    "UI",
    "BeanDescriber",
    "Describer",
    "Sentence",
    "card_aliases",
    "describer",
    "summary",
]


def describer(game: Game | type[Game] | str, lang: str = "en") -> Describer:
    """The describer of a game, game class or variant id, in ``lang``."""
    variant = game if isinstance(game, str) else game.variant
    r = ruleset(variant)
    part = r.part("describe")
    factory = cast(Callable[..., Describer], getattr(part, "DESCRIBER", None) or BeanDescriber)
    words = factory(lang, r.game.table)
    words.variant = r.variant
    words.rules_file = r.game.rules_file or r.variant
    if isinstance(game, Game):
        words.game = game
    return words


def summary(variant: str, lang: str = "en") -> str | None:
    """The rules of ``variant`` in brief, in ``lang``: its describe part's
    ``SUMMARY`` (the package's own, not one it builds on); None where it
    has none."""
    r = ruleset(variant)
    own = r.own_part("describe")
    said = getattr(own, "SUMMARY", None) if own is not None else None
    if not isinstance(said, Sentence):
        return None
    return said.de if lang == "de" else said.en


def card_aliases(variant: str) -> dict[str, str]:
    """Every card key of ``variant`` by the plain-ASCII names a person may
    type for it (:func:`~bohn.describe.terminal.aliases`): its keys, and its
    names in both languages as the catalogue and the table give them."""
    try:
        cat = catalogue(variant)
    except BohnError:  # pragma: no cover - every ruleset has a catalogue
        return {}
    labels: dict[str, list[str]] = {}
    for lang in LANGS:
        words = describer(variant, lang)
        for e in cat.entries:
            labels.setdefault(e.key, []).append(words.label(e.key))
    return aliases(cat, labels)
