"""Ladybohn's card catalogue (``docs/cards.md``): men, ladies and babies of the
eight bean types (kind = the card's ``gender``).

Every man and lady entry gives both meters of its type: ``beanometer`` (the
man's card) and ``lady_beanometer`` (the lady's card), as the engine reads them
from the card table; a field is paid by the lady meter when a lady is on top
(:func:`bohn.catalogue.priced_by`). Babies have no meter; their text is
``catalogue.json``'s, with the pull distance of the rules (``PULL_STEPS``), and
their picture a rattle (:data:`BABY_ICON`).
The whole composition is the LB-D1 placeholder.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import replace

from bohn.catalogue import SHARED_PALETTE as PALETTE
from bohn.catalogue import Catalogue
from bohn.catalogue import Entry
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import effect
from bohn.catalogue import make
from bohn.catalogue import read_json
from bohn.catalogue import steps
from bohn.engine.cards import CardTable
from bohn.rulesets.ladybohn.rules import PULL_STEPS
from bohn.rulesets.ladybohn.rules import TABLE
from bohn.rulesets.ladybohn.rules import Ladybohn

#: the picture of every baby's effect (its attack on the coins)
BABY_ICON = "rattle"

#: the text of a baby card (its card index -> ``{"de": ..., "en": ...}``)
BabyText = Callable[[int], dict[str, str]]


def gendered_entries(
    table: CardTable, palette: Mapping[str, Look], baby_text: BabyText
) -> list[Entry]:
    """The entries of a table of men, ladies and babies (and, in
    Mutterböhnchen, mama's beans: kind ``mama``, their own meter, text and
    icon)."""
    first: dict[tuple[int, str], int] = {}
    for c, a in enumerate(table.attrs):
        if not a.get("mama"):
            first.setdefault((table.bean[c], str(a["gender"])), c)

    def meter_of(bean: int, gender: str) -> list[int | None] | None:
        c = first.get((bean, gender))
        return steps(table.meters[c]) if c is not None else None

    out: list[Entry] = []
    for e in bean_entries(table, palette):
        c = table.card(e.key)
        a = table.attrs[c]
        b = table.bean[c]
        gender = str(a["gender"])
        if a.get("mama"):
            meter = steps(table.meters[c])
            words = effect(a)
            text = {lang: t.format(meter=_words(table, c)) for lang, t in words.items()}
            out.append(replace(e, kind="mama", beanometer=meter, text=text, effect=text))
        elif gender == "baby":
            baby = baby_text(c)
            out.append(
                replace(e, kind="baby", beanometer=None, text=baby, effect=baby, icon=BABY_ICON)
            )
        else:
            out.append(
                replace(
                    e,
                    kind=gender,
                    beanometer=meter_of(b, "man"),
                    lady_beanometer=meter_of(b, "lady"),
                )
            )
    return out


def _words(table: CardTable, c: int) -> str:
    return ", ".join(f"{n}->{k}" for n, k in table.meters[c])


_BABY = read_json("bohn.rulesets.ladybohn", "catalogue.json")["baby"]


def _baby_text(c: int) -> dict[str, str]:
    return {lang: str(t).format(pull=PULL_STEPS) for lang, t in _BABY.items()}


CATALOGUE: Catalogue = make(Ladybohn.variant, gendered_entries(TABLE, PALETTE, _baby_text))
