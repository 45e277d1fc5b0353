"""High Bohn's building cards: an immutable table loaded from ``buildings.json``.

A building is a small ``int`` into :class:`BuildingTable`, like a card into a
:class:`~bohn.engine.cards.CardTable`. Its *type* (Goldmine, Saloon ...) is the
bean type that pays for it, so a building type and a bean type share one index.

What a building does is text only the card catalogue holds (``catalogue.effect``
of its ``buildings.json`` entry, :mod:`bohn.rulesets.high_bohn.catalogue`); the
engine never reads it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bohn.engine.cards import CardTable
from bohn.engine.cards import payout
from bohn.engine.errors import SetupError

#: field sizes with precomputed building beanometer payouts
_LIMIT = 64


@dataclass(frozen=True)
class BuildingTable:
    """The 36 building cards and the overview card's tables (``rules/high-bohn.md`` §1)."""

    keys: tuple[str, ...]
    #: building type names (``saloon``), one per building
    kinds: tuple[str, ...]
    #: bean type index (into the card table's ``bean_keys``) that pays for it
    bean: tuple[int, ...]
    price: tuple[int, ...]
    #: ``pays[b][n]``: coins for ``n`` cards by building ``b``'s beanometer (empty: none)
    pays: tuple[tuple[int, ...], ...]
    #: each card's number parameter: Teepee divisor, General Store capacity (0: none)
    param: tuple[int, ...]
    names: tuple[str, ...]
    #: only with option cognac
    cognac_only: tuple[bool, ...]
    #: bonus coins by the number of buildings owned (index = count)
    bonus: tuple[int, ...]
    #: player count -> how many players may own a building of one type
    limits: dict[int, int]
    #: farm-2 hosts: bean types with at least this many printed cards
    host_min_count: int
    index: dict[str, int]
    #: building type name -> bean type index
    type_index: dict[str, int]

    @classmethod
    def load(cls, package: str, cards: CardTable) -> BuildingTable:
        text = resources.files(package).joinpath("buildings.json").read_text(encoding="utf-8")
        data: dict[str, Any] = json.loads(text)
        entries = data["buildings"]
        keys = tuple(e["key"] for e in entries)
        if len(set(keys)) != len(keys):
            raise SetupError("duplicate building keys in buildings.json")
        type_index: dict[str, int] = {}
        for e in entries:
            b = cards.bean_type(e["bean"])
            if type_index.setdefault(e["type"], b) != b:
                raise SetupError(f"building type {e['type']} is paid by two bean types")
        return cls(
            keys=keys,
            kinds=tuple(e["type"] for e in entries),
            bean=tuple(cards.bean_type(e["bean"]) for e in entries),
            price=tuple(int(e["price"]) for e in entries),
            pays=tuple(
                tuple(payout(tuple(map(tuple, e["beanometer"])), n) for n in range(_LIMIT + 1))
                if "beanometer" in e
                else ()
                for e in entries
            ),
            param=tuple(int(e.get("param", 0)) for e in entries),
            names=tuple(e["en"] for e in entries),
            cognac_only=tuple(e.get("variant") == "cognac" for e in entries),
            bonus=tuple(data["bonus"]["by_buildings"]),
            limits={int(k): int(v) for k, v in data["limits"]["by_players"].items()},
            host_min_count=int(data["farm_hosts"]["min_printed_count"]),
            index={k: i for i, k in enumerate(keys)},
            type_index=type_index,
        )

    def pay(self, b: int, n: int) -> int:
        """Coins for ``n`` cards by building ``b``'s beanometer."""
        p = self.pays[b]
        return p[n] if n <= _LIMIT else p[_LIMIT]

    def bonus_for(self, count: int) -> int:
        """Bonus coins for owning ``count`` buildings (the overview card)."""
        return self.bonus[min(count, len(self.bonus) - 1)]
