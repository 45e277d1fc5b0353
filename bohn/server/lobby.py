"""What the lobby sends and is sent: a new game's request checked and
normalised, its JSON Schema, the bodies of the other requests, and the games'
public summaries."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from bohn.bots.base import BotSpecError
from bohn.bots.base import check_bot_spec
from bohn.bots.base import make_bot
from bohn.engine.errors import SetupError
from bohn.pacing import PACES
from bohn.pacing import TRADE_WINDOW_RANGE
from bohn.pacing import TRADE_WINDOW_S
from bohn.rulesets import VARIANTS
from bohn.server.http import BadRequest
from bohn.server.http import openapi_body
from bohn.server.rooms import Room
from bohn.server.rooms import seat_names
from bohn.server.store import SEED_COLUMN
from bohn.server.store import GameRow
from bohn.server.store import seed_text
from bohn.spec import HUMAN
from bohn.spec import GameSpec

#: the longest think time a bot seat may be given, in milliseconds
MAX_THINK_MS = 10_000
#: the turn clock's seconds per decision, least and most (real time)
CLOCK_RANGE = (10, 3600)
#: a turn-based game's hours a move, least and most
MOVE_HOURS = (1, 72)
#: the times a person's clock may run out in a turn-based game before the
#: clock's bot plays for them, least and most, and by default
SKIPS = (0, 9)
DEFAULT_SKIPS = 1
#: the lobby's page size: by default, and the most
LOBBY_PAGE = (50, 200)
#: the most games one lobby request may name (``?ids=``)
LOBBY_IDS = 50


#: the longest player name, in characters (the column holds as many)
MAX_NAME = 40
#: the longest seed a person may give, in characters (an integer's digits)
MAX_SEED = 60
#: the keys a seat of the create request takes, by its kind
SEAT_KEYS = {"human": {"kind", "name"}, "bot": {"kind", "bot"}}


def check_seed(seed: Any) -> None:
    """That ``seed`` (a create request's) is an integer or a string of at
    most :data:`MAX_SEED` characters, whose stored form (its JSON,
    :func:`~bohn.server.store.seed_text`) fits the column ``games.seed``:
    the limit measured in the unit the database stores. BadRequest else."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise BadRequest(
            f"seed must be an integer or a string of at most {MAX_SEED} characters, "
            f"not {type(seed).__name__}"
        )
    if len(str(seed)) > MAX_SEED:
        raise BadRequest(f"seed has at most {MAX_SEED} characters, not {len(str(seed))}")
    stored = len(seed_text(seed))
    if stored > SEED_COLUMN:
        raise BadRequest(
            f"seed is stored as JSON, {stored} characters long, and the database holds at "
            f"most {SEED_COLUMN} (the column games.seed): in JSON a quote, a backslash or "
            "a line break takes 2 characters, another control character or a character "
            "beyond ASCII 6 (\\u00e9), one beyond U+FFFF 12; use a shorter seed, or ASCII"
        )


def player_name(value: Any, where: str) -> str:
    """A player's name as given (``where`` says whose, for the message):
    trimmed, 1 to :data:`MAX_NAME` printable characters; BadRequest else."""
    if not isinstance(value, str):
        raise BadRequest(f"{where}: a name is a string of 1 to {MAX_NAME} characters")
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise BadRequest(f"{where}: a name has 1 to {MAX_NAME} characters, not {len(name)}")
    if not name.isprintable():
        raise BadRequest(f"{where}: a name holds only printable characters")
    return name


#: the names bots take at a table, in the order of the seats; a name a
#: person at the table already has is skipped
BOT_NAMES = (
    "Bertha",
    "Bruno",
    "Clara",
    "Detlef",
    "Erna",
    "Fritz",
    "Greta",
    "Hugo",
    "Ilse",
    "Jakob",
)


def bot_kind(spec: str) -> str:
    """What a bot is, as its seat shows it beside its name: ``greedy bot``."""
    return f"{spec.split(':', 1)[0]} bot"


def bot_name(seat: int, taken: set[str]) -> str:
    """The name of a bot at ``seat``: one of :data:`BOT_NAMES` (the seat's,
    or the next one free), never one in ``taken`` (folded to lower case)."""
    for k in range(len(BOT_NAMES)):
        name = BOT_NAMES[(seat + k) % len(BOT_NAMES)]
        if name.lower() not in taken:
            return name
    return f"Bot {seat + 1}"


def seat_free(row: Any, seat: dict[str, Any]) -> bool:
    """Whether a person may take ``seat`` from the lobby: a human seat that
    nobody has taken (no name) or joined through its link, and not the
    creator's (the first human seat). A finished game has none."""
    if seat["kind"] != "human" or seat.get("name") or seat["joined"] or row.status == "finished":
        return False
    first = next(s["seat"] for s in row.seats if s["kind"] == "human")
    return bool(seat["seat"] != first)


@dataclass
class NewTable:
    """A create-game request, checked: the game (:class:`~bohn.spec.GameSpec`,
    each seat ``"human"`` or its bot's spec) and how the server runs it."""

    game: GameSpec
    #: the store's seat rows (``kind``, ``bot``, ``name``; the route adds
    #: each person's ``token_hash``)
    seats: list[dict[str, Any]]
    #: how long a bot thinks before it moves, in ms
    think_ms: int
    #: seconds a person has for each decision (None: no turn clock)
    clock_s: int | None
    #: whether the request chose the seed
    seed_chosen: bool
    #: the bots' pace where a person follows them (None: ``think_ms`` alone)
    pace: str | None
    #: seconds a bot keeps its trading open for the people (None: the default)
    trade_s: int | None
    #: a turn-based game's skips (None: a real-time game)
    skips: int | None = None
    #: whether the game is rated (between accounts and bots)
    rated: bool = False

    def row(self, game_id: str, spectator_hash: str, waiting: list[int]) -> GameRow:
        """The store's row of the new game ``game_id``."""
        g = self.game
        return GameRow(
            id=game_id,
            variant=g.variant,
            players=g.players,
            seed=g.seed,
            options=dict(g.options),
            think_ms=self.think_ms,
            status="running",
            result=None,
            spectator_hash=spectator_hash,
            created_at=time.time(),
            seats=self.seats,
            clock_s=self.clock_s,
            seed_chosen=self.seed_chosen,
            waiting=waiting,
            pace=self.pace,
            trade_s=self.trade_s,
            skips=self.skips,
            rated=self.rated,
        )


def new_game_spec(body: Any) -> NewTable:
    """Validate a create-game request; its checked form."""
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    unknown = set(body) - CREATE_KEYS
    if unknown:
        raise BadRequest(f"unknown keys: {', '.join(sorted(unknown))}")
    variant = body.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise BadRequest(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    cls = VARIANTS[variant]
    players = body.get("players", min(cls.allowed_players(), key=lambda n: (abs(n - 4), n)))
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in cls.allowed_players()
    ):
        raise BadRequest(f"{variant} is for {cls.players_text()} players, not {players!r}")
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise BadRequest("options must be an object")
    try:
        cls.resolve_options(options)
    except SetupError as e:
        raise BadRequest(e.message) from None
    rows = _seat_rows(body, players)
    think = body.get("think_ms", 0)
    if isinstance(think, bool) or not isinstance(think, int) or not 0 <= think <= MAX_THINK_MS:
        raise BadRequest(f"think_ms must be an integer from 0 to {MAX_THINK_MS}")
    turns = _turn_based(body.get("turn_based"))
    if turns is not None and body.get("clock_s") is not None:
        raise BadRequest(
            "a turn-based game's clock is its hours a move (turn_based.hours); give no clock_s"
        )
    pace = body.get("pace")  # none: think_ms alone, as before (the page sends one)
    if pace is not None and (not isinstance(pace, str) or pace not in PACES):
        raise BadRequest(f"pace is one of {', '.join(PACES)} (the bots' pace), not {pace!r}")
    rated = body.get("rated", False)
    if not isinstance(rated, bool):
        raise BadRequest("rated is true or false")
    seed = body.get("seed", secrets.randbits(48))
    if rated and "seed" in body:
        raise BadRequest("a rated game's deal is drawn by the server: give no seed")
    check_seed(seed)
    seats_of = tuple(HUMAN if r["kind"] == "human" else str(r["bot"]) for r in rows)
    return NewTable(
        game=GameSpec(variant, players, seed, options, seats_of),
        seats=rows,
        think_ms=think,
        clock_s=_clock(body.get("clock_s")) if turns is None else turns[0] * 3600,
        seed_chosen="seed" in body,
        pace=pace,
        trade_s=_trade(body.get("trade_s")),
        skips=None if turns is None else turns[1],
        rated=rated,
    )


#: the keys of a create-game request
CREATE_KEYS = frozenset(
    {
        "variant",
        "players",
        "options",
        "seats",
        "think_ms",
        "seed",
        "clock_s",
        "pace",
        "trade_s",
        "turn_based",
        "rated",
    }
)


def _seat_rows(body: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """The store's seat rows of a create request's ``seats`` (by default a
    person and greedy bots), each bot named."""
    seats = body.get(
        "seats", [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    )
    if not isinstance(seats, list) or len(seats) != players:
        raise BadRequest(f"seats must list {players} seats")
    rows: list[dict[str, Any]] = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise BadRequest(
                f"seat {i} must be {{'kind': 'human'}} or {{'kind': 'bot', 'bot': 'greedy'}}"
            )
        extra = sorted(set(s) - SEAT_KEYS[s["kind"]])
        if extra:
            raise BadRequest(
                f"seat {i}: a {s['kind']} seat takes "
                f"{' and '.join(sorted(SEAT_KEYS[s['kind']]))}, not {', '.join(extra)}"
                + (" (a bot's seat gets a name of its own)" if "name" in extra else "")
            )
        if s["kind"] == "bot":
            rows.append({"seat": i, "kind": "bot", "bot": _bot(i, s), "token_hash": None})
        else:
            name = None if s.get("name") is None else player_name(s["name"], f"seat {i}")
            rows.append({"seat": i, "kind": "human", "bot": None, "name": name})
    taken = {str(r["name"]).lower() for r in rows if r.get("name")}
    for r in rows:
        if r["kind"] == "bot":
            r["name"] = bot_name(r["seat"], taken)
            taken.add(r["name"].lower())
    if not any(r["kind"] == "human" for r in rows):
        raise BadRequest(
            "a game on the server needs at least one human seat (use bohn sim for bots)"
        )
    return rows


def _bot(i: int, seat: dict[str, Any]) -> str:
    """The bot spec of seat ``i``, checked: its kind and every parameter
    within the server's bounds (``Param.server_high``), a bot that can be made."""
    spec = seat.get("bot", "greedy")
    if not isinstance(spec, str):
        raise BadRequest(f"seat {i}: a bot is named by a short spec, e.g. 'greedy'")
    try:
        check_bot_spec(spec, server=True)
        make_bot(spec, 0, server=True)
    except BotSpecError as e:
        raise BadRequest(f"seat {i}: {e}", "bad-bot") from None
    except ValueError as e:  # parameters that do not go together
        raise BadRequest(f"seat {i}: {e}", "bad-bot") from None
    return spec


def _clock(clock: Any) -> int | None:
    """A real-time game's ``clock_s``: seconds a decision, or None."""
    if clock is not None and (
        isinstance(clock, bool)
        or not isinstance(clock, int)
        or not CLOCK_RANGE[0] <= clock <= CLOCK_RANGE[1]
    ):
        raise BadRequest(
            f"clock_s (the turn clock) is a whole number of seconds from {CLOCK_RANGE[0]} "
            f"to {CLOCK_RANGE[1]}, or null for no clock; not {clock!r}"
        )
    return clock


def _trade(trade: Any) -> int | None:
    """``trade_s``: how long a bot keeps its trading open for the people."""
    low, high = TRADE_WINDOW_RANGE
    if trade is not None and (
        isinstance(trade, bool) or not isinstance(trade, int) or not low <= trade <= high
    ):
        raise BadRequest(
            f"trade_s (how long a bot keeps its trading open for the people) is a whole "
            f"number of seconds from {low} to {high}, or null for {TRADE_WINDOW_S}; not {trade!r}"
        )
    return trade


def _turn_based(value: Any) -> tuple[int, int] | None:
    """A turn-based game's ``{"hours", "skips"}``: the hours a person has
    for each move (:data:`MOVE_HOURS`) and the times their clock may run out
    before the clock's bot plays for them (:data:`SKIPS`); None: real time."""
    if value is None:
        return None
    shape = (
        f'turn_based is {{"hours": {MOVE_HOURS[0]}-{MOVE_HOURS[1]}, '
        f'"skips": {SKIPS[0]}-{SKIPS[1]}}} or null for real time'
    )
    if not isinstance(value, dict) or not set(value) <= {"hours", "skips"} or "hours" not in value:
        raise BadRequest(shape)
    hours, skips = value["hours"], value.get("skips", DEFAULT_SKIPS)
    for x, (low, high) in ((hours, MOVE_HOURS), (skips, SKIPS)):
        if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
            raise BadRequest(f"{shape}; not {value!r}")
    return hours, skips


def create_schema() -> dict[str, Any]:
    """The create-game body as JSON Schema (what :func:`new_game_spec` takes)."""
    name = {"type": ["string", "null"], "minLength": 1, "maxLength": MAX_NAME}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["variant"],
        "properties": {
            "variant": {"type": "string", "enum": list(VARIANTS)},
            "players": {"type": "integer", "minimum": 1, "maximum": 8},
            "options": {"type": "object"},
            "seats": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": {
                        "kind": {"type": "string", "enum": ["human", "bot"]},
                        "name": name,
                        "bot": {
                            "type": "string",
                            "maxLength": 120,
                            "examples": ["greedy", "random", "greedy:proposals=1"],
                        },
                    },
                },
            },
            "think_ms": {"type": "integer", "minimum": 0, "maximum": MAX_THINK_MS},
            "seed": {
                "type": ["integer", "string"],
                "maxLength": MAX_SEED,
                "description": f"at most {MAX_SEED} characters, and at most {SEED_COLUMN} "
                "in its stored form, JSON (a quote 2 characters, a non-ASCII one 6 or 12)",
            },
            "clock_s": {
                "type": ["integer", "null"],
                "minimum": CLOCK_RANGE[0],
                "maximum": CLOCK_RANGE[1],
            },
            "pace": {"type": "string", "enum": list(PACES)},
            "trade_s": {
                "type": ["integer", "null"],
                "minimum": TRADE_WINDOW_RANGE[0],
                "maximum": TRADE_WINDOW_RANGE[1],
            },
            "rated": {"type": "boolean"},
            "turn_based": {
                "type": ["object", "null"],
                "additionalProperties": False,
                "required": ["hours"],
                "properties": {
                    "hours": {
                        "type": "integer",
                        "minimum": MOVE_HOURS[0],
                        "maximum": MOVE_HOURS[1],
                    },
                    "skips": {"type": "integer", "minimum": SKIPS[0], "maximum": SKIPS[1]},
                },
            },
        },
    }


TAKE_BODY = openapi_body(
    {
        "type": "object",
        "additionalProperties": False,
        "required": ["name"],
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME}},
    },
    {"name": "Ada"},
)
ACTION_BODY = openapi_body(
    {
        "type": "object",
        "additionalProperties": False,
        "required": ["seq", "action"],
        "properties": {
            "seq": {"type": "integer", "minimum": 0},
            "action": {
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"type": "string"}},
                "description": "an action's JSON (docs/actions.md)",
            },
        },
    },
    {"seq": 0, "action": {"type": "plant", "from": "hand"}},
)


def summary(room: Room) -> dict[str, Any]:
    """A live game's summary."""
    return row_summary(room.row, room.game.seq, sorted(room.game.waiting_for()))


def row_summary(row: GameRow, seq: int, waiting_for: list[int] | None) -> dict[str, Any]:
    """A game's summary from its row, its ``seq`` and the seats it waits on
    (None: not known without loading the game; a finished game waits on nobody)."""
    if waiting_for is None and row.status == "finished":
        waiting_for = []
    humans = [s for s in row.seats if s["kind"] == "human"]
    status = row.status
    if status == "running" and not all(s["joined"] for s in humans):
        status = "open"
    return {
        "id": row.id,
        "variant": row.variant,
        "title": VARIANTS[row.variant].title,
        "players": row.players,
        "options": row.options,
        "clock_s": row.clock_s,
        # a turn-based game's hours a move and skips (null: real time)
        "turn_based": None
        if row.skips is None or row.clock_s is None
        else {"hours": row.clock_s // 3600, "skips": row.skips},
        "pace": row.pace,
        "rated": row.rated,
        "trade_s": row.trade_s or TRADE_WINDOW_S,
        "status": status,
        "seq": seq,
        "seats": [
            {
                "seat": s["seat"],
                "kind": s["kind"],
                "bot": s["bot"],
                "joined": s["joined"],
                **seat_identity(row, s),
            }
            for s in row.seats
        ],
        "seed_chosen": row.seed_chosen,
        "waiting_for": waiting_for,
        "result": row.result,
        "created_at": row.created_at,
    }


def seat_identity(row: Any, seat: dict[str, Any]) -> dict[str, Any]:
    """A seat's name and whether it is free, as summaries show them."""
    return {"name": seat_names(row)[seat["seat"]], "free": seat_free(row, seat)}
