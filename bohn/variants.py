"""The variants as the command line and the server list them (``bohn variants
--json``, ``GET /api/variants``): a game class's id, title, player counts,
rules file and options as JSON, each option with its plain-word label, help
and choice names in English and German (the lobby shows those)."""

from __future__ import annotations

from typing import Any

from bohn.engine.game import Game
from bohn.engine.game import Option

#: options whose value names seats, by how a form asks for them: ``seat``,
#: one seat (as a choice of the seats, counted from 1 for people); ``per-seat``,
#: a list of one number per seat (one box per seat); the JSON keeps seat 0 first
SEAT_INPUTS = {"first_player": "seat", "trade_caps": "per-seat"}


def _kind_name(opt: Option) -> str:
    if opt.choices is not None:
        return "choice"
    return "any" if opt.kind is object else opt.kind.__name__


def variant_info(cls: type[Game]) -> dict[str, Any]:
    """A variant as ``bohn variants --json`` lists it."""
    return {
        "id": cls.variant,
        "title": cls.title,
        "players": {
            "min": cls.min_players,
            "max": cls.max_players,
            "counts": list(cls.allowed_players()),
        },
        "rules": cls.rules_file,
        "options": [
            {
                "name": opt.name,
                "default": opt.default,
                "kind": _kind_name(opt),
                # how a form asks for it (SEAT_INPUTS; None: by its kind)
                "input": SEAT_INPUTS.get(opt.name),
                "choices": None if opt.choices is None else list(opt.choices),
                "doc": opt.doc,
                "default_id": opt.default_id,
                "label": None if opt.label is None else opt.label.to_json(),
                "help": None if opt.help is None else opt.help.to_json(),
                "choice_labels": None
                if opt.choice_words is None
                else {str(c): w.to_json() for c, w in opt.choice_words.items()},
            }
            for opt in cls.OPTIONS.values()
        ],
    }


__all__ = ["SEAT_INPUTS", "variant_info"]
