"""Bohnkick's card catalogue (``docs/cards.md``): the team cards and the
defensive cards, kinds as in the rules (``dribble``, ``pass``, ``cross``,
``shot``, ``long-shot``, ``header``; ``referee``, ``tackle``, ``goalie``).

Names and texts are built from the card table's own data (``kind``, ``to``,
``against``, ``call``, ``shot``, ``corners``, counts) with the words of
``catalogue.json``, so a corrected card list flows through unchanged; a card
the table names itself (``de``/``en``) keeps its names. The card lists are the
BK-D1/BK-D2 placeholders. A team card is coloured by its bean, a defensive card
by ``defence``; its picture is its kind's (:data:`ICONS`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bohn.catalogue import LANGS
from bohn.catalogue import SHARED_PALETTE as BASE
from bohn.catalogue import Catalogue
from bohn.catalogue import Entry
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import make
from bohn.catalogue import palette_of
from bohn.catalogue import read_json
from bohn.rulesets.bohnkick.rules import BLOCKED_BY
from bohn.rulesets.bohnkick.rules import TABLE
from bohn.rulesets.bohnkick.rules import Bohnkick

PACKAGE = "bohn.rulesets.bohnkick"
PALETTE: dict[str, Look] = {**BASE, **palette_of(PACKAGE, "catalogue.json")}
WORDS: dict[str, Any] = read_json(PACKAGE, "catalogue.json")
#: kind -> the picture of what a card of that kind does: a ball for a move of
#: the ball, a goal for a shot at it, the defence's glove, whistle and boot
ICONS: dict[str, str] = {
    "dribble": "ball",
    "pass": "ball",
    "cross": "ball",
    "shot": "goal",
    "long-shot": "goal",
    "header": "goal",
    "goalie": "glove",
    "referee": "whistle",
    "tackle": "tackle",
}


def _corners(corners: list[str], lang: str) -> str:
    c = WORDS["corners"]
    return f" {c['or'][lang]} ".join(c[k][lang] for k in corners)


def _fill(a: dict[str, Any], lang: str) -> dict[str, str]:
    beans = WORDS["beans"]
    kicks = WORDS["kicks"]
    shot = str(a.get("shot", a.get("kind", "")))
    saved = [k for k, need in BLOCKED_BY.items() if need == shot]
    return {
        "to": beans[a["to"]][lang] if "to" in a else "",
        "against": beans[a["against"]][lang] if "against" in a else "",
        "call": WORDS["calls"][a["call"]][lang] if "call" in a else "",
        "shot": kicks[shot][lang] if shot in kicks else "",
        "kick": kicks[shot][lang] if shot in kicks else "",
        "kicks": f" {WORDS['corners']['or'][lang]} ".join(kicks[k][lang] for k in saved),
        "corners": _corners(list(a.get("corners", ())), lang),
    }


def _entry(e: Entry) -> Entry:
    c = TABLE.card(e.key)
    a = dict(TABLE.attrs[c])
    kind = str(a["kind"])
    bean = TABLE.bean_keys[TABLE.bean[c]]
    team = bool(a.get("team", False))
    names: dict[str, str] = {}
    text: dict[str, str] = {}
    for lang in LANGS:
        fill = {"bean": WORDS["beans"][bean][lang] if team else "", **_fill(a, lang)}
        names[lang] = e.names.get(lang) or WORDS["names"][kind][lang].format(**fill)
        template = WORDS["texts"].get(f"{kind}:{a.get('call')}", WORDS["texts"].get(kind))
        text[lang] = str(template[lang]).format(**fill)
    extra = {"team": team, "per_team": int(a["per_team"])} if team else {"team": False}
    return replace(
        e,
        names=names,
        kind=kind,
        text=text,
        effect=text,
        icon=ICONS[kind],
        beanometer=None,
        extra=extra,
    )


CATALOGUE: Catalogue = make(Bohnkick.variant, [_entry(e) for e in bean_entries(TABLE, PALETTE)])
