"""Per-game records of simulations (``bohn sim --out``), in JSON lines or Parquet.

A record is one finished game of a batch, as a flat JSON-ready object
(``docs/records.md``)::

    {"format": "bohn-record/1", "variant": "high-bohn", "players": 3,
     "master_seed": 7, "index": 0, "seed": 1234..., "bots": ["greedy", ...],
     "options": {...}, "steps": 812, "scores": [...], "ranking": [...],
     "winners": [...], "tie_break": false, "reason": "final-exhaustion",
     "details": {...}, "stats": {...}}

``details`` is the result's own detail (the mafia's score, High Bohn's
tally, Bohnkick's goals); ``stats`` holds figures the analysis asks of each
ruleset, read from the public log and the public observation of the
finished game only: a ruleset's part ``analysis`` (``bohn/rulesets/<id>/analysis.py``,
see :mod:`bohn.analysis.sections`) defines ``stats(game) -> dict`` (JSON-ready,
the same for the same game); :func:`bean_stats` and :func:`seat_lists` are
what the bean games share.

The same records read back the same from either format
(:func:`read_records`). JSON lines are written as games finish, so an
interrupted run keeps every finished game and can be resumed
(:class:`RecordFile`); a Parquet file is written whole, from a JSON lines
journal beside it, when the run ends.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from bohn.engine.game import Game
from bohn.rulesets import RULESETS

FORMAT = "bohn-record/1"

#: the record's keys that describe the batch; a resumed run must match them
BATCH_KEYS = ("variant", "players", "master_seed", "bots", "options")

#: the keys stored as JSON text in Parquet (their shape depends on the ruleset)
JSON_COLUMNS = ("options", "details", "stats", "master_seed")

# ----------------------------------------------------------------------------
# per-ruleset figures


def analysis_part(variant: str) -> ModuleType | None:
    """The part ``analysis`` of a variant's ruleset (``bohn/rulesets/<id>/analysis.py``,
    or that of the ruleset it derives from); None for a variant without one or
    one this version does not know (records may come from another)."""
    r = RULESETS.get(variant)
    return None if r is None else r.part("analysis")


def bean_stats(game: Game) -> dict[str, Any]:
    """Every bean game: harvests per seat and the number of trades."""
    harvests = [0] * game.n
    trades = 0
    for e in game.events(None):
        t = e["type"]
        if t == "harvest" and e.get("seat") is not None:
            harvests[e["seat"]] += 1
        elif t == "trade":
            trades += 1
    return {"harvests": harvests, "trades": trades}


def seat_lists(game: Game, key: str) -> list[list[str]]:
    """Each seat's list ``key`` of the finished game's public observation."""
    return [list(s.get(key, [])) for s in game.observe(None)["seats"]]


def game_stats(game: Game) -> dict[str, Any]:
    """The analysis figures of a finished ``game``: ``stats(game)`` of its
    ruleset's part ``analysis``; ``{}`` for a ruleset without any."""
    stats: Callable[[Game], dict[str, Any]] | None = getattr(
        analysis_part(game.variant), "stats", None
    )
    return stats(game) if stats is not None else {}


# ----------------------------------------------------------------------------
# records


def make_record(
    *,
    variant: str,
    players: int,
    master_seed: int | str,
    index: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any],
    steps: int,
    result: dict[str, Any],
    stats: dict[str, Any],
) -> dict[str, Any]:
    """One game's record (the module docstring gives its keys)."""
    return {
        "format": FORMAT,
        "variant": variant,
        "players": players,
        "master_seed": master_seed,
        "index": index,
        "seed": seed,
        "bots": list(bots),
        "options": dict(options),
        "steps": steps,
        "scores": list(result["scores"]),
        "ranking": list(result["ranking"]),
        "winners": list(result["winners"]),
        "tie_break": bool(result.get("tie_break")),
        "reason": result["reason"],
        "details": dict(result.get("details") or {}),
        "stats": stats,
    }


class RecordError(ValueError):
    """A records file that cannot be read, or does not belong to the run."""


def _is_parquet(path: str | Path) -> bool:
    return str(path).endswith(".parquet")


def journal_path(path: str | Path) -> Path:
    """Where records go as games finish: ``path`` itself for JSON lines;
    beside a Parquet file, ``<path>.partial.jsonl`` until the run ends."""
    p = Path(path)
    return p.with_name(p.name + ".partial.jsonl") if _is_parquet(p) else p


def _read_jsonl(path: Path, dropped: list[str] | None = None) -> Iterator[dict[str, Any]]:
    if path.is_dir():
        raise RecordError(f"{path} is a directory; name a file")
    try:
        with path.open(encoding="utf-8-sig") as f:  # read line by line: runs can be long
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except ValueError:
                    if not line.endswith("\n"):  # a line cut short by a crash: redone
                        if dropped is not None:
                            dropped.append(
                                f"{path}:{n}: a record cut short (the run stopped while "
                                "writing it) is left out"
                            )
                        return
                    raise RecordError(f"{path}:{n}: not JSON") from None
                if not isinstance(rec, dict) or rec.get("format") != FORMAT:
                    raise RecordError(f"{path}:{n}: not a bohn game record ({FORMAT})")
                yield rec
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a file of bohn game records (not UTF-8 text)") from None


def read_records(path: str | Path, dropped: list[str] | None = None) -> list[dict[str, Any]]:
    """Every record of a JSON lines or Parquet file, as written. A last line
    cut short by a crash is left out (``--resume`` plays its game again),
    and said in ``dropped`` when it is given."""
    p = Path(path)
    if not p.exists():
        raise RecordError(f"{p}: no such file")
    if not _is_parquet(p):
        return list(_read_jsonl(p, dropped))
    import pyarrow.parquet as pq

    try:
        rows: list[dict[str, Any]] = pq.read_table(p).to_pylist()
    except Exception as e:  # pyarrow's errors name the problem
        raise RecordError(f"{p}: not a Parquet file of records ({e})") from None
    for row in rows:
        for k in JSON_COLUMNS:
            row[k] = json.loads(row[k])
        row["seed"] = int(row["seed"])
    return rows


def write_parquet(records: Iterable[dict[str, Any]], path: str | Path) -> None:
    """Write ``records`` as one Parquet file (the ruleset-shaped keys as JSON text)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = []
    for r in records:
        row = dict(r)
        for k in JSON_COLUMNS:
            row[k] = json.dumps(row[k], sort_keys=True)
        row["seed"] = str(row["seed"])  # 64-bit unsigned: more than Parquet's int64
        rows.append(row)
    schema = pa.schema(
        [
            ("format", pa.string()),
            ("variant", pa.string()),
            ("players", pa.int32()),
            ("master_seed", pa.string()),
            ("index", pa.int64()),
            ("seed", pa.string()),
            ("bots", pa.list_(pa.string())),
            ("options", pa.string()),
            ("steps", pa.int64()),
            ("scores", pa.list_(pa.int64())),
            ("ranking", pa.list_(pa.int32())),
            ("winners", pa.list_(pa.int32())),
            ("tie_break", pa.bool_()),
            ("reason", pa.string()),
            ("details", pa.string()),
            ("stats", pa.string()),
        ]
    )
    tmp = Path(str(path) + ".tmp")
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), tmp)
    os.replace(tmp, path)


class RecordFile:
    """The records of one run, written as games finish.

    A run is one batch (``bohn sim``) or several (``bohn tournament``: one
    per pair and seat), each given by its :data:`BATCH_KEYS`. ``resume=False``
    refuses an existing file (nothing is overwritten); ``resume=True`` reads
    the finished games of an earlier run of the same batches (every record's
    :data:`BATCH_KEYS` must be those of one of them) so that only the others
    are played. Records are appended to the JSON lines journal and flushed
    one by one; :meth:`close` with ``complete=True`` turns the journal of a
    Parquet file into the Parquet file.
    """

    def __init__(
        self,
        path: str | Path,
        batch: dict[str, Any] | Sequence[dict[str, Any]],
        *,
        resume: bool,
        force: bool = False,
    ) -> None:
        self.path = Path(path)
        self.journal = journal_path(path)
        batches = [batch] if isinstance(batch, dict) else list(batch)
        # each batch's keys as a record holds them (JSON lists, string keys)
        self._keys = [json.loads(json.dumps({k: b[k] for k in BATCH_KEYS})) for b in batches]
        #: the finished games: (batch number, game index) -> record
        self.done: dict[tuple[int, int], dict[str, Any]] = {}
        existing = [p for p in {self.path, self.journal} if p.exists()]
        if existing and force:
            for p in existing:
                p.unlink()
        elif existing and not resume:
            raise RecordError(
                f"{existing[0]} exists; add --resume to go on with that run, or --force to "
                "replace it"
            )
        if resume:
            if _is_parquet(self.path) and self.path.exists():
                old = read_records(self.path)
            else:
                old = list(_read_jsonl(self.journal)) if self.journal.exists() else []
            for rec in old:
                self.done[(self._batch_of(rec), rec["index"])] = rec
        # the journal is rewritten from what was read: a line cut short by a crash goes
        with self.journal.open("w", encoding="utf-8") as f:
            for key in sorted(self.done):
                f.write(json.dumps(self.done[key], sort_keys=True) + "\n")
        self._f = self.journal.open("a", encoding="utf-8")

    def _batch_of(self, rec: dict[str, Any]) -> int:
        """The number of the batch ``rec`` belongs to, or :class:`RecordError`."""
        mine = json.loads(json.dumps({k: rec.get(k) for k in BATCH_KEYS}))
        for n, keys in enumerate(self._keys):
            if mine == keys:
                return n
        near = self._keys[0]
        if len(self._keys) > 1:
            near = next((k for k in self._keys if k["bots"] == mine["bots"]), near)
        diff = [k for k in BATCH_KEYS if mine[k] != near[k]]
        verb = "differs" if len(diff) == 1 else "differ"
        raise RecordError(f"{self.path} holds games of another run (its {', '.join(diff)} {verb})")

    def games(self, batch: int = 0) -> list[dict[str, Any]]:
        """The finished games of batch number ``batch``, in index order."""
        return [self.done[k] for k in sorted(self.done) if k[0] == batch]

    def add(self, record: dict[str, Any]) -> None:
        self._f.write(json.dumps(record, sort_keys=True) + "\n")
        self._f.flush()
        self.done[(self._batch_of(record), record["index"])] = record

    def close(self, *, complete: bool) -> None:
        self._f.close()
        if _is_parquet(self.path) and complete:
            write_parquet((self.done[k] for k in sorted(self.done)), self.path)
            self.journal.unlink()


__all__ = [
    "BATCH_KEYS",
    "FORMAT",
    "RecordError",
    "RecordFile",
    "analysis_part",
    "bean_stats",
    "game_stats",
    "journal_path",
    "make_record",
    "read_records",
    "seat_lists",
    "write_parquet",
]
