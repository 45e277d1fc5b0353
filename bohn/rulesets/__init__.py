"""The registry of rulesets: one entry per variant id, and the protocol through
which every layer above the engine reaches what is particular to a ruleset.

A ruleset is one package, ``bohn/rulesets/<id>/``. Its ``rules`` module holds
the game class; everything else it knows lives in *parts*, modules of the
package with conventional names that the generic layers load on first use
through :meth:`Ruleset.part` (see :data:`PARTS` and ``docs/architecture.md``,
"Adding a ruleset"). No generic layer imports a particular ruleset or compares
a variant id: it asks the registry for the part and reads the names the part
defines.

A ruleset built on another (Sissi on Bohnanza, Prohibohn on Al Cabohne)
inherits every part it does not define from the nearest ruleset its game
class derives from.

>>> find_variant("bohnanza").title
'Bohnanza'
>>> ruleset("sissi").game is find_variant("sissi")
True
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from dataclasses import field
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType

from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.engine.game import play_counts_with
from bohn.rulesets.al_cabohne import AlCabohne
from bohn.rulesets.bohnanza import Bohnanza
from bohn.rulesets.bohnanza_rio_grande import BohnanzaRioGrande
from bohn.rulesets.bohnkick import Bohnkick
from bohn.rulesets.high_bohn import HighBohn
from bohn.rulesets.ladybohn import Ladybohn
from bohn.rulesets.mutterbohnchen import Mutterbohnchen
from bohn.rulesets.prohibohn import Prohibohn
from bohn.rulesets.sissi import Sissi

#: the parts a ruleset package may hold, and what each one defines (the names
#: the generic layers read; ``docs/architecture.md`` gives their contracts)
PARTS: dict[str, str] = {
    "describe": "DESCRIBER: its actions, events and table in words, German and English",
    "bots": "GREEDY: its greedy bot class; SEARCH: its ismcts settings",
    "scenario": "LOADER: its scenario set-up loader",
    "analysis": "stats(game): its record statistics; SECTIONS: its report sections",
    "encoding": "ENCODING: its research encoding blocks and action families",
    "catalogue": "CATALOGUE: its card catalogue (names, colours, meters, texts)",
    "players": "FOR_PLAYERS: {player count: the game class that plays it} where a count plays another turn",
}

#: the data files a ruleset package may hold besides ``cards.json`` (:meth:`Ruleset.asset`)
ASSETS: dict[str, str] = {
    "client.js": "its own views on the game page (an ES module: table, seat, trades)",
    "client.css": "the styles of those views (client.js loads it)",
}


@dataclass
class Ruleset:
    """One registered ruleset: its game class and the package of its parts."""

    game: type[Game]
    #: the package, e.g. ``bohn.rulesets.sissi``
    package: str
    _parts: dict[str, ModuleType | None] = field(default_factory=dict, repr=False)

    @property
    def variant(self) -> str:
        return self.game.variant

    def own_part(self, name: str) -> ModuleType | None:
        """The part ``name`` of this package itself, or None if it has none."""
        if name not in PARTS:
            raise KeyError(f"unknown ruleset part {name!r}; known parts: {', '.join(PARTS)}")
        if name not in self._parts:
            module = f"{self.package}.{name}"
            found = importlib.util.find_spec(module) is not None
            self._parts[name] = importlib.import_module(module) if found else None
        return self._parts[name]

    def part(self, name: str) -> ModuleType | None:
        """The part ``name``: this package's own, else that of the nearest
        ruleset its game class derives from; None if none of them has it."""
        for base in self.bases():
            module = base.own_part(name)
            if module is not None:
                return module
        return None

    def asset(self, name: str) -> Traversable | None:
        """The data file ``name`` of this package, else of the nearest
        ruleset its game class derives from (``client.js``: the ruleset's own
        browser code); None if none of them has it."""
        for base in self.bases():
            found = resources.files(base.package).joinpath(name)
            if found.is_file():
                return found
        return None

    def bases(self) -> list[Ruleset]:
        """This ruleset, then the rulesets its game class derives from, nearest first."""
        out: list[Ruleset] = []
        for klass in self.game.__mro__:
            r = _BY_CLASS.get(klass)
            if r is not None and r not in out:
                out.append(r)
        return out


def _entry(game: type[Game]) -> Ruleset:
    return Ruleset(game, game.__module__.rsplit(".", 1)[0])


#: variant id -> ruleset, in the order the games are listed to users
RULESETS: dict[str, Ruleset] = {}
_BY_CLASS: dict[type, Ruleset] = {}
#: variant id -> game class, in the order the games are listed to users
VARIANTS: dict[str, type[Game]] = {}


def register(game: type[Game]) -> Ruleset:
    """Add the ruleset whose game class is ``game`` (its package is the one
    its ``rules`` module lies in) to the registry, after those there are.
    A player count that plays another turn (the bean duel, Mutterböhnchen
    for two) is the package's own ``players`` part, which builds on the
    game's module, so the game's module never loads it back."""
    if game.variant in RULESETS:
        raise ValueError(f"a ruleset {game.variant!r} is registered already")
    r = _entry(game)
    RULESETS[r.variant] = r
    _BY_CLASS[game] = r
    VARIANTS[r.variant] = game
    counts = r.own_part("players")
    if counts is not None:
        play_counts_with(game, counts.FOR_PLAYERS)
    return r


#: bohn's games, in the order they are listed to users: a new ruleset is one
#: package and one line here
GAMES: tuple[type[Game], ...] = (
    Bohnanza,
    BohnanzaRioGrande,
    Sissi,
    HighBohn,
    AlCabohne,
    Prohibohn,
    Ladybohn,
    Mutterbohnchen,
    Bohnkick,
)
for _game in GAMES:
    register(_game)

#: the variant a command, an environment or an example plays unless told
#: another: the base game
DEFAULT_VARIANT: str = Bohnanza.variant


def ruleset(name: str) -> Ruleset:
    """The ruleset of a variant id; :class:`SetupError` naming the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        raise SetupError(
            f"unknown variant {name!r}; known variants: {', '.join(RULESETS)}"
        ) from None


def ruleset_of(game: Game | type[Game]) -> Ruleset:
    """The ruleset a game (or game class) plays: that of its ``variant``."""
    return ruleset(game.variant)


def find_variant(name: str) -> type[Game]:
    """The game class for a variant id; :class:`SetupError` naming the known ones."""
    return ruleset(name).game
