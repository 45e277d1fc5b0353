"""Prohibohn's card catalogue (``docs/cards.md``): Al Cabohne's beans (the
Cognac bean with option ``pub``), the bosses, the establishments, the Police
Stations and the Razzia (``establishments`` of ``cards.json``).

An establishment's text is its price in coins of its bean type and its effect
(``catalogue.effect``; ``{bonus}`` is the Police Station's bonus table, from
the entry the engine reads); the picture of that effect is its
``catalogue.icon``.
"""

from __future__ import annotations

from typing import Any

from bohn.catalogue import LANGS
from bohn.catalogue import SHARED_PALETTE
from bohn.catalogue import Catalogue
from bohn.catalogue import Entry
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import cost
from bohn.catalogue import effect
from bohn.catalogue import make
from bohn.catalogue import names_of
from bohn.catalogue import priced_entry
from bohn.catalogue import read_json
from bohn.engine.cards import CardTable
from bohn.rulesets.al_cabohne.catalogue import PALETTE as MAFIA_PALETTE
from bohn.rulesets.al_cabohne.catalogue import boss_entries
from bohn.rulesets.prohibohn.rules import TABLE
from bohn.rulesets.prohibohn.rules import Prohibohn

PACKAGE = "bohn.rulesets.prohibohn"
PALETTE: dict[str, Look] = {**MAFIA_PALETTE, "cognac": SHARED_PALETTE["cognac"]}
_OTHER = {
    "de": "oder {n} Taler einer einzigen anderen Sorte",
    "en": "or {n} coins all of one other type",
}


def establishment_entries(table: CardTable, data: dict[str, Any]) -> list[Entry]:
    """One entry per card of ``establishments``: kind ``establishment``,
    ``police-station`` or ``razzia``."""
    out: list[Entry] = []
    for e in data["establishments"]:
        bean = str(e["bean"])
        price = int(e["price"])
        bonus = e.get("bonus", {}).get("table", {})
        fill = {
            "bonus": ", ".join(
                f"{n}->{c}" for n, c in sorted(bonus.items(), key=lambda kv: int(kv[0]))
            )
        }
        words = {lang: text.format(**fill) for lang, text in effect(e).items()}
        head = cost(price, names_of(table, table.card(bean)))
        if "other_price" in e:
            head = {
                lang: f"{head[lang]} {_OTHER[lang].format(n=e['other_price'])}" for lang in LANGS
            }
        kind = "establishment" if e["kind"] == "establishment" else str(e["type"])
        out.append(priced_entry(e, PALETTE, kind=kind, head=head, words=words))
    return out


_DATA = read_json(PACKAGE)
CATALOGUE: Catalogue = make(
    Prohibohn.variant,
    [
        *bean_entries(TABLE, PALETTE),
        *boss_entries(_DATA, PALETTE),
        *establishment_entries(TABLE, _DATA),
    ],
)
