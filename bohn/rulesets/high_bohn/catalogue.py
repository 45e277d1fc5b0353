"""High Bohn's card catalogue (``docs/cards.md``): the bean cards (the Cognac
bean with option ``cognac``) and the 36 buildings of ``buildings.json``.

A building's text is its price in coins of its bean type and its effect
(``catalogue.effect`` of its entry, with ``{meter}``, ``{param}`` and
``{hosts}`` filled in from the same entry and table the engine reads); the
picture of that effect is the entry's ``catalogue.icon``.
"""

from __future__ import annotations

from typing import Any

from bohn.catalogue import SHARED_PALETTE as BASE
from bohn.catalogue import Catalogue
from bohn.catalogue import Entry
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import cost
from bohn.catalogue import effect
from bohn.catalogue import make
from bohn.catalogue import names_of
from bohn.catalogue import palette_of
from bohn.catalogue import priced_entry
from bohn.catalogue import read_json
from bohn.catalogue import steps
from bohn.engine.cards import CardTable
from bohn.rulesets.high_bohn.rules import TABLE
from bohn.rulesets.high_bohn.rules import HighBohn

PACKAGE = "bohn.rulesets.high_bohn"
PALETTE: dict[str, Look] = {**BASE, **palette_of(PACKAGE)}


def meter_words(meter: list[list[int]]) -> str:
    """A beanometer in the rules' notation: ``3->1, 6->2``."""
    return ", ".join(f"{n}->{c}" for n, c in sorted(meter))


def building_entries(table: CardTable, data: dict[str, Any]) -> list[Entry]:
    """One entry per building of ``buildings.json``."""
    out: list[Entry] = []
    hosts = int(data["farm_hosts"]["min_printed_count"])
    for e in data["buildings"]:
        bean = str(e["bean"])
        meter = e.get("beanometer", [])
        fill = {"meter": meter_words(meter), "param": e.get("param", ""), "hosts": hosts}
        words = {lang: text.format(**fill) for lang, text in effect(e).items()}
        head = cost(int(e["price"]), names_of(table, table.card(bean)))
        out.append(
            priced_entry(
                e, PALETTE, kind="building", head=head, words=words, beanometer=steps(meter)
            )
        )
    return out


CATALOGUE: Catalogue = make(
    HighBohn.variant,
    [*bean_entries(TABLE, PALETTE), *building_entries(TABLE, read_json(PACKAGE, "buildings.json"))],
)
