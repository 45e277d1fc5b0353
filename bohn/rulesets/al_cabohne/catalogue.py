"""Al Cabohne's card catalogue (``docs/cards.md``): the seven bean types and
the mafia bosses (``bosses`` of ``cards.json``), kind ``boss``, coloured as the
``mafia``, with the boss's picture (:data:`ICON`, his hat).

A boss's text is built from ``catalogue.json`` with his threshold and the games
he plays in (``solo_only``, ``pub_only``) from the data the engine reads.
"""

from __future__ import annotations

from typing import Any

from bohn.catalogue import LANGS
from bohn.catalogue import SHARED_PALETTE as BASE
from bohn.catalogue import Catalogue
from bohn.catalogue import Entry
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import make
from bohn.catalogue import palette_of
from bohn.catalogue import placeholder
from bohn.catalogue import read_json
from bohn.rulesets.al_cabohne.rules import AlCabohne

PACKAGE = "bohn.rulesets.al_cabohne"
PALETTE: dict[str, Look] = {**BASE, **palette_of(PACKAGE)}
#: the group bosses are coloured by
MAFIA = "mafia"
#: the picture of a boss's effect: every boss does the same, harvesting fields of his type
ICON = "fedora"


def boss_entries(data: dict[str, Any], palette: dict[str, Look]) -> list[Entry]:
    """One entry per boss of a ``cards.json``'s ``bosses``."""
    words = read_json(PACKAGE, "catalogue.json")["boss"]
    out: list[Entry] = []
    for b in data["bosses"]:
        t = int(b["threshold"])
        fill = {"threshold": t, "coins": "coin" if t == 1 else "coins"}
        text = {lang: words["effect"][lang].format(**fill) for lang in LANGS}
        for flag in ("solo_only", "pub_only"):
            if b.get(flag):
                text = {lang: f"{text[lang][:-1]} ({words[flag][lang]})." for lang in LANGS}
        out.append(
            Entry(
                key=str(b["key"]),
                names={lang: str(b["name"]) for lang in LANGS},
                kind="boss",
                wears="fedora",
                count=1,
                group=MAFIA,
                look=palette[MAFIA],
                text=text,
                effect=text,
                icon=ICON,
                placeholder=placeholder(b.get("provenance", ())),
                option="pub" if b.get("pub_only") else None,
                extra={"threshold": int(b["threshold"])},
            )
        )
    return out


CATALOGUE: Catalogue = make(
    AlCabohne.variant,
    [*bean_entries(AlCabohne.table, PALETTE), *boss_entries(read_json(PACKAGE), PALETTE)],
)
