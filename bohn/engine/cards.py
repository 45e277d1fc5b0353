"""Card tables: every card kind of a ruleset, loaded once from its data file.

In the engine a card is a small ``int``: an index into the immutable arrays of a
:class:`CardTable`. Zones (hands, fields, piles) are plain lists of these ints,
so copying a game is a handful of list copies. Two cards of the same kind are
interchangeable, exactly as on the table.

Each ruleset ships a JSON data file (``rulesets/<game>/cards.json``)::

    {"ruleset": "bohnanza",
     "sources": {"CARD": "...", "SRC": "..."},
     "cards": [{"key": "blaue", "de": "Blaue Bohne", "en": "Blue bean",
                "count": 20, "beanometer": [[4, 1], [6, 2], [8, 3], [10, 4]],
                "provenance": ["CARD", "SRC", "IMPL"]}, ...]}

``bean`` (the bean type a card counts as) defaults to the card's key; a card of
another kind (``blaue/lady``) names its type. Any further keys of a card entry
are kept in :attr:`CardTable.attrs`. Provenance tags (``rules/README.md``) are
kept so that every number can be traced to its source.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from importlib import resources
from typing import Any

from bohn.engine.errors import SetupError

Beanometer = tuple[tuple[int, int], ...]

#: Field sizes for which payouts are precomputed; larger fields pay as this size.
PAYOUT_LIMIT = 64


def payout(meter: Beanometer, cards: int) -> int:
    """Coins paid for ``cards`` cards by a beanometer: the highest step reached.

    >>> payout(((4, 1), (6, 2), (8, 3), (10, 4)), 7)
    2
    >>> payout(((2, 2), (3, 3)), 1)
    0
    """
    coins = 0
    for need, pay in meter:
        if cards >= need:
            coins = max(coins, pay)
    return coins


@dataclass(frozen=True)
class CardTable:
    """The immutable card data of one ruleset."""

    ruleset: str
    keys: tuple[str, ...]
    counts: tuple[int, ...]
    #: bean type index of each card kind (into :attr:`bean_keys`)
    bean: tuple[int, ...]
    bean_keys: tuple[str, ...]
    meters: tuple[Beanometer, ...]
    #: ``pays[card][n]``: coins for a field of ``n`` cards judged by ``card``'s meter
    pays: tuple[tuple[int, ...], ...]
    names: tuple[dict[str, str], ...]
    provenance: tuple[tuple[str, ...], ...]
    attrs: tuple[dict[str, Any], ...]
    sources: dict[str, str] = field(default_factory=dict)
    index: dict[str, int] = field(default_factory=dict)
    bean_index: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CardTable:
        entries = data["cards"]
        keys: list[str] = []
        bean_keys: list[str] = []
        for e in entries:
            keys.append(e["key"])
            b = e.get("bean", e["key"])
            if b not in bean_keys:
                bean_keys.append(b)
        if len(set(keys)) != len(keys):
            raise SetupError(f"duplicate card keys in {data.get('ruleset')} card data")
        bean_index = {b: i for i, b in enumerate(bean_keys)}
        meters: list[Beanometer] = []
        for e in entries:
            steps = tuple(sorted((int(n), int(c)) for n, c in e.get("beanometer", [])))
            meters.append(steps)
        return cls(
            ruleset=data["ruleset"],
            keys=tuple(keys),
            counts=tuple(int(e.get("count", 1)) for e in entries),
            bean=tuple(bean_index[e.get("bean", e["key"])] for e in entries),
            bean_keys=tuple(bean_keys),
            meters=tuple(meters),
            pays=tuple(tuple(payout(m, n) for n in range(PAYOUT_LIMIT + 1)) for m in meters),
            names=tuple({k: e[k] for k in ("de", "en") if k in e} for e in entries),
            provenance=tuple(tuple(e.get("provenance", ())) for e in entries),
            attrs=tuple(
                {
                    k: v
                    for k, v in e.items()
                    if k not in {"key", "bean", "count", "beanometer", "de", "en", "provenance"}
                }
                for e in entries
            ),
            sources=dict(data.get("sources", {})),
            index={k: i for i, k in enumerate(keys)},
            bean_index=bean_index,
        )

    @classmethod
    def load(cls, package: str, name: str = "cards.json") -> CardTable:
        """Load the data file ``name`` shipped inside ``package``."""
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        return cls.from_data(json.loads(text))

    def __len__(self) -> int:
        return len(self.keys)

    def deck(self) -> list[int]:
        """Every card of the game once, in table order (unshuffled)."""
        out: list[int] = []
        for card, n in enumerate(self.counts):
            out.extend([card] * n)
        return out

    def card(self, key: str) -> int:
        """The card for a key; :class:`KeyError` with the known keys if unknown."""
        try:
            return self.index[key]
        except KeyError:
            raise KeyError(f"unknown card {key!r}; known cards: {', '.join(self.keys)}") from None

    def bean_type(self, key: str) -> int:
        try:
            return self.bean_index[key]
        except KeyError:
            raise KeyError(
                f"unknown bean type {key!r}; known types: {', '.join(self.bean_keys)}"
            ) from None

    def pays_for(self, card: int, n: int) -> int:
        """Coins for a field of ``n`` cards read on ``card``'s beanometer."""
        p = self.pays[card]
        return p[n] if n <= PAYOUT_LIMIT else p[PAYOUT_LIMIT]

    def key_list(self, cards: Iterable[int]) -> list[str]:
        k = self.keys
        return [k[c] for c in cards]

    def cards_of(self, keys: Sequence[str]) -> list[int]:
        return [self.card(k) for k in keys]
