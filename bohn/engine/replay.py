"""Replays: a finished (or unfinished) game as a small, verifiable JSON record.

A replay holds a header, every event that decided the game, and the result::

    {"format": "bohn-replay", "version": 1, "engine": "0.1.0",
     "variant": "bohnanza", "players": 4, "options": {...all resolved options...},
     "seed": 7, "seats": ["random", "random", "human", "greedy"],
     "events": [{"chance": {"pile": "deck", "order": ["garten", "brech", ...]}},
                {"seat": 0, "action": {"type": "plant", "field": 1}},
                ...],
     "result": {"scores": [...], "winners": [...], "ranking": [...],
                "reason": "final-exhaustion", "tie_break": false}}

Events are in the order they happened: the set-up's shuffles first, then each
action followed by the shuffles it caused. Shuffles are stored as their
*results* (card keys, top of the pile last as in the engine's zones), so a
replay re-applies without any random generator and stays valid if the
generator ever changes. Files use the suffix ``.bohn.json`` and hold either
one replay or one replay per line (JSON lines). ``docs/replay.md`` describes
the format for people writing tools around it.

Verifying a replay needs the game class of its variant: :func:`verify`,
:func:`check` and :func:`reproduces_from_seed` take the lookup ``find``
(variant id -> game class, raising :class:`SetupError` for an unknown one);
:mod:`bohn.replay` gives them the registry's.

>>> import bohn
>>> from bohn.rulesets import find_variant
>>> from bohn.sim.runner import make_bots, play_game
>>> game = bohn.new_game("bohnanza", players=3, seed=5, options={"trade_cap": 1})
>>> steps = play_game(game, make_bots(["random"] * 3, 5))
>>> replay = record(game, ["random"] * 3)
>>> verify(replay, find_variant).result() == game.result()
True
>>> reproduces_from_seed(replay, find_variant)
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from os import PathLike
from typing import Any

from bohn._version import __version__
from bohn.engine.actions import action_from_json
from bohn.engine.errors import BohnError
from bohn.engine.errors import SetupError
from bohn.engine.game import Event
from bohn.engine.game import Game

#: the value of a replay's ``format`` key
REPLAY_FORMAT = "bohn-replay"
#: the replay format version this engine writes and reads
REPLAY_VERSION = 1
#: the file suffix of replay files
SUFFIX = ".bohn.json"

_HEADER_KEYS = (
    "format",
    "version",
    "engine",
    "variant",
    "players",
    "options",
    "seed",
    "seats",
    "events",
    "result",
)


class ReplayError(BohnError):
    """The data is not a replay this engine can read (malformed or wrong version)."""

    code = "bad-replay"


class ReplayMismatch(BohnError):
    """Re-applying the replay did not give what it records.

    The message names the index (into ``events``) where the replay and the
    engine first disagree. A genuine replay that fails is an engine bug.
    """

    code = "replay-mismatch"


def _engine_version() -> str:
    return __version__


# ----------------------------------------------------------------------------
# writing


def record(game: Game, seats: list[str] | None = None) -> dict[str, Any]:
    """The replay of ``game`` as it stands (JSON-ready data).

    ``seats`` labels who played each seat (a bot spec such as ``"random"``,
    or ``"human"``); by default every seat is labelled ``"unknown"``. The
    game may be unfinished, in which case ``result`` is ``None``.
    """
    if seats is None:
        seats = ["unknown"] * game.n
    if len(seats) != game.n:
        raise ValueError(f"{game.n} seats need {game.n} labels, got {len(seats)}")
    events: list[dict[str, Any]] = []
    for seat, action, evs in game.history():
        if action is not None:
            events.append({"seat": seat, "action": action.to_json()})
        for e in evs:
            chance = _chance_of(e)
            if chance is not None:
                events.append({"chance": chance})
    result = game.result()
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "engine": _engine_version(),
        "variant": game.variant,
        "players": game.n,
        "options": dict(game.options),
        "seed": game.seed,
        "seats": [str(s) for s in seats],
        "events": events,
        "result": None if result is None else result.to_json(),
        "state_sha256": state_digest(game),
    }


def state_digest(game: Game) -> str:
    """SHA-256 of the game's state (zones, counters, generator; not the log):
    two games have equal digests exactly when their states are equal."""
    text = json.dumps(game.to_json()["state"], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def dumps(replay: dict[str, Any]) -> str:
    """``replay`` as one compact line of JSON (no newline), for ``.bohn.json``
    files and JSON lines."""
    return json.dumps(replay, separators=(",", ":"), ensure_ascii=False)


def _chance_of(e: Event) -> dict[str, Any] | None:
    """The replay form of a chance event, ``None`` for any other event."""
    if e.is_chance and e.data.get("type") == "shuffle":
        return {"pile": e.data["pile"], "order": list(e.data["order"])}
    return None


# ----------------------------------------------------------------------------
# reading


def load(path: str | PathLike[str]) -> list[dict[str, Any]]:
    """Every replay in the file at ``path``: one JSON replay, or JSON lines.

    Raises :class:`ReplayError` when the file is not JSON (naming the line for
    JSON lines) or holds no replay object, and ``OSError`` when it cannot be
    read. The replays themselves are checked by :func:`verify`.
    """
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return loads(text, str(path))


def loads(text: str, name: str = "<string>") -> list[dict[str, Any]]:
    """Every replay in ``text`` (one JSON replay, or JSON lines); see :func:`load`."""
    if not text.strip():
        raise ReplayError(f"{name} is empty")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
        items: list[Any] = []
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise ReplayError(f"{name} line {lineno} is not JSON: {err.msg}") from None
    else:
        items = whole if isinstance(whole, list) else [whole]
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise ReplayError(f"{name}: item {i} is not a JSON object")
    return items


# ----------------------------------------------------------------------------
# verifying


@dataclass(frozen=True)
class _Header:
    cls: type[Game]
    players: int
    seed: int | str
    options: dict[str, Any]
    events: list[Any]
    result: dict[str, Any] | None
    state_sha256: str | None


#: variant id -> its game class; :class:`SetupError` for an unknown variant
#: (``bohn.rulesets.find_variant``)
FindVariant = Callable[[str], type[Game]]


def _header(replay: Any, find: FindVariant) -> _Header:
    """Check the replay's shape (not its events); :class:`ReplayError` if malformed."""
    if not isinstance(replay, dict):
        raise ReplayError("a replay must be a JSON object")
    if "format" not in replay:
        raise ReplayError(
            f'not a bohn replay: it has no "format" (a replay says "{REPLAY_FORMAT}")'
        )
    if replay.get("format") != REPLAY_FORMAT:
        raise ReplayError(
            f'not a bohn replay: its "format" is {replay["format"]!r}, not "{REPLAY_FORMAT}"'
        )
    if replay.get("version") != REPLAY_VERSION:
        raise ReplayError(
            f"unsupported replay version {replay.get('version')!r} "
            f"(this engine reads version {REPLAY_VERSION})"
        )
    missing = [k for k in _HEADER_KEYS if k not in replay]
    if missing:
        raise ReplayError(f"the replay lacks {', '.join(missing)}")
    variant = replay["variant"]
    if not isinstance(variant, str):
        raise ReplayError("the replay's variant must be a string")
    try:
        cls = find(variant)
    except SetupError as err:
        raise ReplayError(str(err)) from None
    players = replay["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise ReplayError("the replay's players must be an integer")
    if players not in cls.allowed_players():
        raise ReplayError(f"{variant} is for {cls.players_text()} players, not {players}")
    seed = replay["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ReplayError("the replay's seed must be an integer or a string")
    options = replay["options"]
    if not isinstance(options, dict):
        raise ReplayError("the replay's options must be a JSON object")
    try:
        cls.resolve_options(options)
    except SetupError as err:
        raise ReplayError(f"the replay's options are not valid: {err}") from None
    seats = replay["seats"]
    if not isinstance(seats, list) or len(seats) != players:
        raise ReplayError(f"the replay's seats must be a list of {players} labels")
    events = replay["events"]
    if not isinstance(events, list):
        raise ReplayError("the replay's events must be a list")
    result = replay["result"]
    if result is not None and not isinstance(result, dict):
        raise ReplayError("the replay's result must be a JSON object or null")
    digest = replay.get("state_sha256")
    if digest is not None and not isinstance(digest, str):
        raise ReplayError("the replay's state_sha256 must be a string")
    return _Header(cls, players, seed, options, events, result, digest)


def _recorded_chance(cls: type[Game], events: list[Any]) -> list[list[int]]:
    """The recorded shuffle results as card ints; :class:`ReplayMismatch` naming
    the event for a malformed one."""
    table = cls.table
    out: list[list[int]] = []
    for i, ev in enumerate(events):
        if not isinstance(ev, dict):
            raise ReplayMismatch(f"event {i}: not a JSON object")
        if "chance" not in ev:
            continue
        ch = ev["chance"]
        if (
            not isinstance(ch, dict)
            or not isinstance(ch.get("pile"), str)
            or not isinstance(ch.get("order"), list)
        ):
            raise ReplayMismatch(f"event {i}: a chance event needs a pile and an order")
        cards: list[int] = []
        for key in ch["order"]:
            if not isinstance(key, str) or key not in table.index:
                raise ReplayMismatch(f"event {i}: {key!r} is not a card of {cls.variant}")
            cards.append(table.index[key])
        out.append(cards)
    return out


def _describe(ev: Any) -> str:
    if isinstance(ev, dict) and "chance" in ev:
        pile = ev["chance"].get("pile") if isinstance(ev["chance"], dict) else None
        return f"a shuffle of the {pile}"
    if isinstance(ev, dict) and "action" in ev:
        return f"an action of seat {ev.get('seat')!r}"
    return "something else"


def _next_chance(events: list[Any], pos: int) -> int:
    """The index of the first chance event at or after ``pos`` (``len`` if none)."""
    for j in range(pos, len(events)):
        if isinstance(events[j], dict) and "chance" in events[j]:
            return j
    return len(events)


class _Checker:
    """Walks the recorded events alongside the events the game produces."""

    def __init__(self, events: list[Any]) -> None:
        self.events = events
        self.pos = 0

    def chance(self, produced: list[Event] | tuple[Event, ...]) -> None:
        """Match every shuffle in ``produced`` against the next recorded events."""
        for e in produced:
            got = _chance_of(e)
            if got is None:
                continue
            i = self.pos
            if i >= len(self.events):
                raise ReplayMismatch(
                    f"event {i}: the game shuffles the {got['pile']} here, but the replay has ended"
                )
            ev = self.events[i]
            if "chance" not in ev:
                raise ReplayMismatch(
                    f"event {i}: the game shuffles the {got['pile']} here, "
                    f"but the replay has {_describe(ev)}"
                )
            want = ev["chance"]
            if want.get("pile") != got["pile"]:
                raise ReplayMismatch(
                    f"event {i}: the game shuffles the {got['pile']} here, "
                    f"but the replay has a shuffle of the {want.get('pile')}"
                )
            if want.get("order") != got["order"]:
                raise ReplayMismatch(f"event {i}: the shuffle of the {got['pile']} differs")
            self.pos += 1


def verify(replay: dict[str, Any], find: FindVariant) -> Game:
    """Re-apply ``replay`` and return the game it rebuilds (its variant's game
    class looked up by ``find``).

    The game is created from the header with the recorded shuffle results
    (``forced_chance``); every action is re-applied in order; every shuffle
    the game makes must equal the next recorded chance event; nothing may be
    left over; and the final result must equal the recorded one (``null``
    exactly when the game is unfinished).

    Raises :class:`ReplayError` for a malformed header and
    :class:`ReplayMismatch`, naming the event index, for the first event
    where the replay and the engine disagree (an illegal or malformed action,
    a missing, extra or different shuffle, a different result).
    """
    h = _header(replay, find)
    events = h.events
    forced = _recorded_chance(h.cls, events)
    check = _Checker(events)
    try:
        game = h.cls.new(h.players, h.seed, h.options, forced_chance=forced)
    except SetupError as err:
        j = _next_chance(events, 0)
        raise ReplayMismatch(f"event {j}: the set-up does not match the replay: {err}") from None
    check.chance(game.history()[0][2])
    while check.pos < len(events):
        i = check.pos
        ev = events[i]
        if "chance" in ev:
            raise ReplayMismatch(
                f"event {i}: the replay records a shuffle of the "
                f"{ev['chance']['pile']} that the game does not make"
            )
        seat = ev.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or "action" not in ev:
            raise ReplayMismatch(f"event {i}: an event needs a seat and an action, or a chance")
        try:
            action = action_from_json(ev["action"])
        except BohnError as err:
            raise ReplayMismatch(f"event {i}: malformed action: {err}") from None
        check.pos += 1
        try:
            produced = game.apply(seat, action)
        except SetupError as err:  # the forced shuffle does not fit
            j = _next_chance(events, check.pos)
            if j != check.pos:  # the next recorded event is not a shuffle
                raise ReplayMismatch(
                    f"event {check.pos}: the game shuffles after event {i} "
                    f"({action.text()!r} by seat {seat}), "
                    f"but the replay has {_describe(events[check.pos])}"
                ) from None
            raise ReplayMismatch(
                f"event {j}: the shuffle after event {i} ({action.text()!r} by seat {seat}) "
                f"does not match the game: {err}"
            ) from None
        except BohnError as err:
            raise ReplayMismatch(
                f"event {i}: seat {seat} may not {action.text()!r} here: {err}"
            ) from None
        check.chance(produced)
    result = game.result()
    got = None if result is None else result.to_json()
    if got != h.result:
        last = len(events) - 1
        if got is None:
            raise ReplayMismatch(
                f"event {last}: the replay ends here but the game is not over "
                f"(it waits for seats {sorted(game.waiting_for())})"
            )
        if h.result is None:
            raise ReplayMismatch(f"event {last}: the game is over but the replay records no result")
        diff = [k for k in sorted(set(got) | set(h.result)) if got.get(k) != h.result.get(k)]
        detail = "; ".join(
            f"{k}: recorded {h.result.get(k)!r}, replayed {got.get(k)!r}" for k in diff
        )
        raise ReplayMismatch(f"event {last}: the result differs after the last event ({detail})")
    if h.state_sha256 is not None and state_digest(game) != h.state_sha256:
        raise ReplayMismatch(
            f"event {len(events) - 1}: the final position differs from the recorded one "
            "(state_sha256): a shuffle or an action was changed"
        )
    return game


def reproduces_from_seed(replay: dict[str, Any], find: FindVariant) -> bool:
    """Whether this engine's generator, seeded with the replay's seed, makes
    exactly the recorded shuffles when the recorded actions are applied.

    Informational: replays never depend on it (they carry the shuffle results),
    but ``False`` for a replay written by the same engine version means the
    shuffles were edited or the generator changed. Malformed replays give
    ``False``.
    """
    try:
        h = _header(replay, find)
        game = h.cls.new(h.players, h.seed, h.options)
        for ev in h.events:
            if isinstance(ev, dict) and "action" in ev:
                game.apply(ev["seat"], action_from_json(ev["action"]))
    except (ValueError, KeyError, TypeError):
        return False
    recorded = [ev["chance"] for ev in h.events if isinstance(ev, dict) and "chance" in ev]
    made = [c for _, _, evs in game.history() for e in evs if (c := _chance_of(e)) is not None]
    return made == recorded


@dataclass(frozen=True)
class ReplayCheck:
    """The outcome of checking one replay (see :func:`check`)."""

    ok: bool
    error: str | None
    variant: Any
    players: Any
    seed: Any
    engine: Any
    events: int
    result: Any
    seed_reproduces: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "error": self.error,
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "engine": self.engine,
            "events": self.events,
            "result": self.result,
            "seed_reproduces": self.seed_reproduces,
        }


def check(replay: Any, find: FindVariant) -> ReplayCheck:
    """Verify ``replay`` without raising: whether it verifies, the first error
    (the message of :class:`ReplayError` / :class:`ReplayMismatch`), a few
    header fields for display, and :func:`reproduces_from_seed`."""
    error: str | None = None
    try:
        verify(replay, find)
    except (ReplayError, ReplayMismatch) as err:
        error = str(err)
    d = replay if isinstance(replay, dict) else {}
    events = d.get("events")
    return ReplayCheck(
        ok=error is None,
        error=error,
        variant=d.get("variant"),
        players=d.get("players"),
        seed=d.get("seed"),
        engine=d.get("engine"),
        events=len(events) if isinstance(events, list) else 0,
        result=d.get("result"),
        seed_reproduces=reproduces_from_seed(replay, find),
    )
