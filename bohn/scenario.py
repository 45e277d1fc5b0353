"""Scenarios: hand-written positions plus actions, for rule tests and bug reports.

A scenario is one JSON object (``docs/scenarios.md``)::

    {"variant": "bohnanza", "players": 3, "seed": 1, "options": {},
     "setup": {"active": 0, "phase": "plant",
               "deck": ["blaue", "feuer"], "deck_rest": "shuffle",
               "discard": ["sau"],
               "players": [{"hand": ["blaue", "soja"], "fields": [["feuer"], []],
                            "coins": ["brech"]}, {}, {}]},
     "actions": [{"seat": 0, "action": "plant f1"}]}

:func:`load_position` builds the position as a :class:`~bohn.engine.game.Game`;
:func:`run_scenario` also applies the actions and returns the output object of
``bohn scenario FILE --json``. Besides those keys a scenario may hold a
``description`` and an ``expect`` block (:data:`EXPECT_KEYS`), which
:func:`check_expect` holds the outcome to; any other key is refused, with the
closest known key ("did you mean").

A position is built by creating the game normally and then setting it by hand
through the game's public :meth:`~bohn.engine.game.Game.setup_from`: the game
starts its log and its generator afresh, the loader writes the zones, and the
game opens the log as its ruleset opens a position (``_open_position``: the
``position`` event, the deals, the step it begins at). How a variant's zones
are read from ``setup`` is the business of a
:class:`PositionLoader`, found through the registry: a ruleset's part
``scenario`` (``bohn/rulesets/<id>/scenario.py``, :func:`loader_of`) defines

* ``LOADER``: a :class:`PositionLoader` instance that reads the ruleset's
  positions (:meth:`PositionLoader.load`), shuffling the cards it does not
  name with :meth:`~bohn.engine.game.Game.shuffle_in`.

A ruleset without the part inherits that of the ruleset its game class derives
from; a variant with none has no scenarios (:class:`SetupError`).
:class:`BeanPositionLoader` reads the zones every bean game shares (it is
Bohnanza's loader), and a ruleset with more zones subclasses it (adding keys
to ``setup_keys`` or ``player_keys`` and overriding
:meth:`BeanPositionLoader.named_zones` and :meth:`BeanPositionLoader.place`);
:func:`card_list`, :func:`int_in` and :func:`check_keys` are the helpers such
loaders share.
"""

from __future__ import annotations

import difflib
import json
from abc import ABC
from abc import abstractmethod
from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any
from typing import ClassVar

from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.actions import parse_action
from bohn.engine.beans import PLANT
from bohn.engine.beans import PLANT_TRADED
from bohn.engine.beans import TRADE
from bohn.engine.beans import BeanGame
from bohn.engine.errors import BohnError
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.rulesets import DEFAULT_VARIANT
from bohn.rulesets import ruleset

#: the top-level keys a scenario may use (any other key is ignored)
SCENARIO_KEYS = ("variant", "players", "seed", "options", "setup", "actions")

#: phases a position may start in, by name


@dataclass
class Position:
    """A scenario's ``setup`` read into cards (ints of the game's card table).

    ``zones`` maps a zone label (``"deck"``, ``"seat 1 hand"``, ``"seat 0 field 2"``)
    to the cards the scenario names there, in the scenario's order; ``None``
    marks a hand the scenario leaves to be dealt. ``extra`` is free room for a
    loader's own data.
    """

    setup: dict[str, Any]
    players: list[dict[str, Any]]
    zones: dict[str, list[int]] = field(default_factory=dict)
    missing_hands: list[int] = field(default_factory=list)
    remaining: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


class PositionLoader(ABC):
    """Reads a scenario's ``setup`` into a game of one ruleset family."""

    #: keys ``setup`` may hold
    setup_keys: ClassVar[frozenset[str]] = frozenset()
    #: keys each entry of ``setup["players"]`` may hold
    player_keys: ClassVar[frozenset[str]] = frozenset()

    @abstractmethod
    def load(self, game: Game, setup: dict[str, Any]) -> None:
        """Replace ``game``'s zones by the position ``setup`` describes."""


def card_list(game: Game, value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise SetupError(f"{where} must be a list of card keys, not {value!r}")
    out = []
    for k in value:
        if not isinstance(k, str):
            raise SetupError(f"{where}: {k!r} is not a card key")
        try:
            out.append(game.table.card(k))
        except KeyError as e:
            raise SetupError(f"{where}: {e.args[0]}") from None
    return out


def int_in(value: Any, lo: int, hi: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SetupError(f"{where} must be an integer from {lo} to {hi}, not {value!r}")
    return value


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'deck_size'?)`` for the known word closest to a
    misspelt one, or nothing when none is close."""
    close = difflib.get_close_matches(word, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_keys(d: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
    """:class:`SetupError` naming the first key of ``d`` not in ``allowed``,
    with the closest known key, and every known key."""
    allowed = frozenset(allowed)
    unknown = sorted(set(d) - allowed)
    if unknown:
        hint = did_you_mean(str(unknown[0]), allowed)
        raise SetupError(
            f"{where} has no key {', '.join(repr(k) for k in unknown)}{hint}; "
            f"known keys: {', '.join(sorted(allowed))}"
        )


class BeanPositionLoader(PositionLoader):
    """The zones of ``bohn.engine.beans.BeanGame`` (``rules/bohnanza.md`` §1.3).

    Orientation: ``deck`` is written top-first (the first card is drawn first);
    ``discard``, ``coins`` and fields bottom-to-top (the last card is on top);
    hands front-to-back (the first card is planted first). Cards the scenario
    does not name are shuffled from the seed; hands not given are dealt from
    them (``deal_size()`` each, one at a time clockwise from the first player),
    and the rest goes under the given deck cards (``deck_rest: "shuffle"``) or
    out of play into ``box`` (``deck_rest: "none"``).
    """

    setup_keys = frozenset(
        {
            "active",
            "phase",
            "planted",
            "revealed",
            "deck",
            "deck_rest",
            "discard",
            "exhaustions",
            "turn",
            "players",
        }
    )
    player_keys = frozenset({"hand", "fields", "coins", "trading_area"})

    def load(self, game: Game, setup: dict[str, Any]) -> None:
        if not isinstance(game, BeanGame):  # pragma: no cover - registry mistake
            raise SetupError(f"{game.variant} is not a bean game")
        check_keys(setup, self.setup_keys, "setup")
        players = setup.get("players", [])
        if not isinstance(players, list) or len(players) > game.n:
            raise SetupError(f"setup players must be a list of at most {game.n} objects")
        players = players + [{}] * (game.n - len(players))
        for s, p in enumerate(players):
            if not isinstance(p, dict):
                raise SetupError(f"seat {s}: a player must be an object, not {p!r}")
            check_keys(p, self.player_keys, f"seat {s}")
        pos = Position(setup, players)
        self.named_zones(game, pos)
        self.check_counts(game, pos)
        self.deal(game, pos)
        self.place(game, pos)
        self.check_consistency(game, pos)
        self.check_conservation(game)

    # -- reading ---------------------------------------------------------------

    def named_zones(self, game: BeanGame, pos: Position) -> None:
        """Read every card the scenario names into ``pos.zones``."""
        setup = pos.setup
        z = pos.zones
        z["deck"] = card_list(game, setup.get("deck", []), "deck")
        z["discard"] = card_list(game, setup.get("discard", []), "discard")
        z["revealed"] = card_list(game, setup.get("revealed", []), "revealed")
        counts = pos.extra.setdefault("fields", [])
        for s, p in enumerate(pos.players):
            if "hand" in p:
                z[f"seat {s} hand"] = card_list(game, p["hand"], f"seat {s} hand")
            else:
                pos.missing_hands.append(s)
            fields = p.get("fields", [[]] * game.fields_at_start())
            if (
                not isinstance(fields, list)
                or not game.fields_at_start() <= len(fields) <= game.max_fields
            ):
                raise SetupError(
                    f"seat {s}: fields must be {game.fields_at_start()} to {game.max_fields} lists"
                )
            counts.append(len(fields))
            for f, cards in enumerate(fields):
                z[f"seat {s} field {f}"] = card_list(game, cards, f"seat {s} field {f}")
            z[f"seat {s} coins"] = card_list(game, p.get("coins", []), f"seat {s} coins")
            z[f"seat {s} trading_area"] = card_list(
                game, p.get("trading_area", []), f"seat {s} trading_area"
            )

    def check_counts(self, game: Game, pos: Position) -> None:
        """No kind used more often than the game has it; the rest is
        ``remaining``. Cards the game's options leave out (``game_cards``)
        may not be named; they go to ``box`` (``pos.extra["out"]``)."""
        assert isinstance(game, BeanGame)
        used: Counter[int] = Counter()
        for cards in pos.zones.values():
            used.update(cards)
        table = game.table
        in_play = Counter(game.game_cards())
        for card, k in sorted(used.items()):
            if k > in_play[card]:
                if in_play[card] < table.counts[card]:
                    raise SetupError(
                        f"the scenario uses {k} {table.keys[card]!r} but the game has "
                        f"{in_play[card]} with these options"
                    )
                raise SetupError(
                    f"the scenario uses {k} {table.keys[card]!r} "
                    f"but the game has {table.counts[card]}"
                )
        pos.remaining = [c for c, n in sorted(in_play.items()) for _ in range(n - used[c])]
        pos.extra["out"] = [c for c, n in enumerate(table.counts) for _ in range(n - in_play[c])]

    # -- dealing -----------------------------------------------------------------

    def deal(self, game: BeanGame, pos: Position) -> None:
        """Shuffle the remaining cards from the seed and deal the missing hands."""
        setup = pos.setup
        rest = setup.get("deck_rest", "shuffle")
        if rest not in ("shuffle", "none"):
            raise SetupError(f"deck_rest must be 'shuffle' or 'none', not {rest!r}")
        if pos.remaining:
            game.shuffle_in(pos.remaining, "deck" if rest == "shuffle" else "box")
        start = game.options["first_player"]
        hands: dict[int, list[int]] = {s: [] for s in pos.missing_hands}
        for _ in range(game.deal_size()):
            for i in range(game.n):
                s = (start + i) % game.n
                if s not in hands:
                    continue
                if not pos.remaining:
                    raise SetupError(
                        f"not enough cards left to deal {game.deal_size()} cards to seat {s}"
                    )
                hands[s].append(pos.remaining.pop())
        for s, cards in hands.items():
            pos.zones[f"seat {s} hand"] = cards

    # -- placing -----------------------------------------------------------------

    def place(self, game: BeanGame, pos: Position) -> None:
        """Put the cards into the game's zones and set the turn counters."""
        setup = pos.setup
        z = pos.zones
        n = game.n
        if setup.get("deck_rest", "shuffle") == "shuffle":
            game.deck, game.box = list(pos.remaining), []
        else:
            game.deck, game.box = [], list(pos.remaining)
        game.box.extend(pos.extra["out"])
        game.deck.extend(reversed(z["deck"]))
        game.discard = list(z["discard"])
        game.revealed = list(z["revealed"])
        game.hands = [list(z[f"seat {s} hand"]) for s in range(n)]
        game.fields = [
            [list(z[f"seat {s} field {f}"]) for f in range(pos.extra["fields"][s])]
            for s in range(n)
        ]
        game.coins = [list(z[f"seat {s} coins"]) for s in range(n)]
        game.trade = [list(z[f"seat {s} trading_area"]) for s in range(n)]

        game.active = int_in(setup.get("active", game.start), 0, n - 1, "active")
        phases = {name: code for code, name in game.PHASES.items() if name != "over"}
        phase_name = setup.get("phase", "plant")
        if phase_name not in phases:
            raise SetupError(
                f"phase must be one of {', '.join(map(repr, phases))}, not {phase_name!r}"
            )
        phase = phases[phase_name]
        game.turn = int_in(setup.get("turn", 1), 1, 1_000_000, "turn")
        game.exhaustions = int_in(
            setup.get("exhaustions", 0), 0, game.final_exhaustion() - 1, "exhaustions"
        )
        planted = int_in(setup.get("planted", 0), 0, game.plant_limit(game.active) - 1, "planted")
        if planted and phase != PLANT:
            raise SetupError("planted counts the cards planted in phase 'plant' only")
        game.final = False
        game.offers = {}
        game.next_offer = 0
        game.reset_trading()
        game.dry_turns = 0
        game.resume = []
        game.planted = planted
        game.phase = phase
        game.drawn_this_turn = len(game.revealed)

    # -- checks --------------------------------------------------------------------

    def check_consistency(self, game: BeanGame, pos: Position) -> None:
        """Positions the turn flow cannot reach are refused."""
        self.check_fields(game, pos)
        self.check_phase(game, pos)

    def check_fields(self, game: BeanGame, pos: Position) -> None:
        """Every field holds cards that the planting rules let lie together."""
        table = game.table
        for s in range(game.n):
            types: list[int] = []
            for f, fld in enumerate(game.fields[s]):
                kinds = {table.bean[c] for c in fld}
                if len(kinds) > 1:
                    raise SetupError(
                        f"seat {s} field {f} mixes "
                        + " and ".join(table.bean_keys[b] for b in sorted(kinds))
                    )
                types.extend(kinds)
            if not game.options["same_type_fields"] and len(set(types)) < len(types):
                raise SetupError(
                    f"seat {s}: two fields hold the same type, which same_type_fields=false forbids"
                )

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        """The zones agree with the phase the position is in."""
        phase = game.phase
        if game.revealed and phase != TRADE:
            raise SetupError("revealed cards exist only in phase 'trade'")
        if len(game.revealed) > game.reveal_count:
            raise SetupError(f"at most {game.reveal_count} cards are revealed")
        if phase == PLANT and any(game.trade):
            raise SetupError("trading areas are empty in phase 'plant'")
        if phase == PLANT and game.planted and not game.hands[game.active]:
            raise SetupError("planted 1 with an empty hand: phase 1 is over (use phase 'trade')")
        if phase == PLANT_TRADED and not any(game.trade):
            raise SetupError("phase 'plant-traded' needs a card in some trading area")

    def check_conservation(self, game: BeanGame) -> None:
        """Every card of the game is in exactly one zone."""
        if sorted(self.held_cards(game)) != game.table.deck():  # pragma: no cover - a loader bug
            raise SetupError("the position does not hold every card of the game exactly once")

    def held_cards(self, game: BeanGame) -> list[int]:
        """Every card in the game's zones."""
        held: list[int] = [*game.deck, *game.discard, *game.box, *game.revealed]
        for s in range(game.n):
            held += game.hands[s] + game.coins[s] + game.trade[s]
            for fld in game.fields[s]:
                held += fld
        return held


def loader_of(variant: str) -> PositionLoader:
    """The loader of a variant's positions: ``LOADER`` of its ruleset's part
    ``scenario``; :class:`SetupError` for an unknown variant or one without."""
    part = ruleset(variant).part("scenario")
    loader = getattr(part, "LOADER", None)
    if not isinstance(loader, PositionLoader):
        raise SetupError(f"scenarios of {variant} are not supported")
    return loader


def load_position(data: dict[str, Any]) -> Game:
    """The game at the position a scenario describes (its actions not applied).

    An empty (or missing) setup is the start of a normally dealt game: the
    game ``new_game`` makes, every zone dealt as the ruleset deals it. A
    setup that names anything is built by the ruleset's loader, and a zone it
    does not name is empty (hands excepted: they are dealt).

    Raises :class:`~bohn.engine.errors.SetupError` naming what is wrong.
    """
    if not isinstance(data, dict):
        raise SetupError("a scenario must be a JSON object")
    check_keys(data, TOP_KEYS, "a scenario")
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise SetupError(f'a scenario needs a variant, e.g. "variant": "{DEFAULT_VARIANT}"')
    cls = ruleset(variant).game
    loader = loader_of(variant)
    setup = data.get("setup", {})
    if not isinstance(setup, dict):
        raise SetupError("setup must be an object")
    players = data.get("players")
    if players is None and isinstance(setup.get("players"), list):
        players = len(setup["players"])
    if players is None:
        raise SetupError("a scenario needs the number of players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise SetupError(f"players must be an integer, not {players!r}")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SetupError(f"seed must be an integer or a string, not {seed!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SetupError("options must be an object")
    if not isinstance(data.get("actions", []), list):
        raise SetupError("actions must be a list")
    game = cls.new(players, seed, options)
    if not setup:  # the start of a normally dealt game, dealt by the game itself
        return game
    game.setup_from(lambda g: loader.load(g, setup))
    return game


def scenario_action(entry: Any) -> tuple[int, Action]:
    """``(seat, action)`` of one entry of a scenario's ``actions``.

    The action is its JSON object or its text form (``"plant f0"``); a
    malformed entry raises :class:`~bohn.engine.errors.InvalidAction`.
    """
    if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
        raise InvalidAction('an action entry is {"seat": <seat>, "action": <action>}')
    seat = entry["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidAction(f"seat must be an integer, not {seat!r}")
    a = entry["action"]
    action = parse_action(a) if isinstance(a, str) else action_from_json(a)
    return seat, action


#: the keys a scenario may hold at its top level
TOP_KEYS = frozenset(
    {"variant", "players", "seed", "options", "setup", "actions", "description", "expect"}
)
#: the keys of a scenario's ``expect`` block (``docs/scenarios.md``)
EXPECT_KEYS = frozenset(
    {
        "ok",
        "action_index",
        "error",
        "state",
        "phase",
        "active",
        "coins",
        "deck_size",
        "result",
        "events",
    }
)


def _matches(expected: Any, actual: Any) -> bool:
    """``expected`` is ``actual``, where ``None`` matches anything and a dict
    needs only the keys it gives."""
    if expected is None:
        return True
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(_matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _matches(v, actual[k]) for k, v in expected.items()
        )
    return bool(expected == actual)


def _in_order(wanted: list[Any], types: list[str]) -> bool:
    it = iter(types)
    return all(any(t == w for t in it) for w in wanted)


def check_expect(expect: Any, out: dict[str, Any]) -> list[str]:
    """How :func:`run_scenario`'s output ``out`` misses the ``expect`` block:
    one line per unmet expectation (none: all are met). An unknown key or a
    block that is not an object is a :class:`SetupError`: a typo never passes."""
    if not isinstance(expect, dict):
        raise SetupError("expect must be an object")
    check_keys(expect, EXPECT_KEYS, "expect")
    misses: list[str] = []

    def need(ok: bool, what: str, wanted: Any, got: Any) -> None:
        if not ok:
            misses.append(f"{what}: expected {json.dumps(wanted)}, got {json.dumps(got)}")

    if "ok" in expect:
        need(out["ok"] == expect["ok"], "ok", expect["ok"], out["ok"])
    if "action_index" in expect:
        got = out.get("action_index")
        need(got == expect["action_index"], "action_index", expect["action_index"], got)
    if "error" in expect:
        got = out.get("error")
        need(_matches(expect["error"], got), "error", expect["error"], got)
    if not out["ok"]:
        later = sorted(k for k in expect if k in _OUTCOME_KEYS)
        if later:
            misses.append(f"{', '.join(later)}: the scenario failed, so there is no final state")
        return misses
    state = out["state"]
    wanted_state = expect.get("state", {})
    if not isinstance(wanted_state, dict):
        raise SetupError("expect.state must be an object")
    for key, value in wanted_state.items():
        if key not in state:
            raise SetupError(f"expect.state has no key {key!r}{did_you_mean(key, state)}")
        need(_matches(value, state[key]), f"state.{key}", value, state[key])
    if "phase" in expect:
        need(state["phase"] == expect["phase"], "phase", expect["phase"], state["phase"])
    if "active" in expect:
        need(state["active"] == expect["active"], "active", expect["active"], state["active"])
    if "coins" in expect:
        got = [len(c) for c in state["coins"]]
        need(got == expect["coins"], "coins", expect["coins"], got)
    if "deck_size" in expect:
        need(
            len(state["deck"]) == expect["deck_size"],
            "deck_size",
            expect["deck_size"],
            len(state["deck"]),
        )
    if "result" in expect:
        need(_matches(expect["result"], out["result"]), "result", expect["result"], out["result"])
    if "events" in expect:
        types = [e["type"] for e in out["events"]]
        need(_in_order(expect["events"], types), "events (in this order)", expect["events"], types)
    return misses


#: the expectations about the final position (met only by a scenario that ran)
_OUTCOME_KEYS = frozenset({"state", "phase", "active", "coins", "deck_size", "result", "events"})


def run_scenario(data: dict[str, Any]) -> dict[str, Any]:
    """Load the position, apply the actions and report (``docs/scenarios.md``).

    ``{"ok": true, "state", "events", "result"}``, or ``{"ok": false, "error",
    "action_index"}`` where ``action_index`` is the failing action's index
    (``null`` when the position itself is broken). A scenario with an
    ``expect`` block also gets ``"expected"``: ``{"met": bool, "misses":
    [...]}`` (:func:`check_expect`).
    """
    expect = data.get("expect") if isinstance(data, dict) else None
    try:
        if expect is not None:  # a typo in the block fails before anything runs
            if not isinstance(expect, dict):
                raise SetupError("expect must be an object")
            check_keys(expect, EXPECT_KEYS, "expect")
        out = _run(data)
        if expect is not None:
            misses = check_expect(expect, out)
            out["expected"] = {"met": not misses, "misses": misses}
    except SetupError as e:
        return {"ok": False, "error": e.to_json(), "action_index": None}
    return out


def _run(data: dict[str, Any]) -> dict[str, Any]:
    try:
        game = load_position(data)
    except SetupError as e:
        return {"ok": False, "error": e.to_json(), "action_index": None}
    actions: list[Any] = data.get("actions", [])
    events: list[dict[str, Any]] = []
    for i, entry in enumerate(actions):
        try:
            seat, action = scenario_action(entry)
            events.extend(e.data for e in game.apply(seat, action))
        except BohnError as e:
            return {"ok": False, "error": e.to_json(), "action_index": i}
    result = game.result()
    return {
        "ok": True,
        "state": game.to_json()["state"],
        "events": events,
        "result": None if result is None else result.to_json(),
    }


def load_file(path: str | Path) -> dict[str, Any]:
    """A scenario read from a JSON file (:class:`SetupError` if it is not JSON)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SetupError(f"cannot read scenario {path}: {e}") from None
    if not isinstance(data, dict):
        raise SetupError(f"{path}: a scenario must be a JSON object")
    return data
