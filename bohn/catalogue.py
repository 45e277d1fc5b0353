"""Card catalogues: every card of a ruleset once, as players see it (``docs/cards.md``).

A :class:`Catalogue` lists one :class:`Entry` per card key the rules use (every
key of the ruleset's :class:`~bohn.engine.cards.CardTable`, plus the cards the
rules know outside it: High Bohn's buildings, Prohibohn's establishments, the
mafia bosses). An entry gives the card's names (German and English), what kind
of card it is, how many there are, its beanometer as "cards needed for 1, 2, 3,
4 coins", its colour, the text colour to write on it (``ink``) and a symbol
(so that colour is never the only cue), the cost and effect of special cards
in one plain sentence in each language (and the effect on its own, which the
describers read), the name of the picture a table draws for that effect
(``icon``), and whether the data is a placeholder.

The numbers come from the data the engine plays with (the card table, the
building and establishment tables); a catalogue never holds a second copy of
a count or a beanometer. What only a catalogue needs (colours, symbols, texts)
is data in the ruleset's package: a ``palette`` at the top of its
``cards.json`` and a ``catalogue`` object on the entries that have a text
(:data:`KEY`: their effect and icon), which the engine never reads.

**The ruleset part.** A ruleset's ``catalogue`` module
(``bohn/rulesets/<id>/catalogue.py``, found with
``ruleset(variant).part("catalogue")``) defines

``CATALOGUE``
    its :class:`Catalogue` (``variant`` equal to the ruleset's variant id).

A ruleset without one of its own (or whose nearest base's part describes another
variant) gets :func:`default_catalogue`: one entry per card of its table, kind
``bean``, coloured by the ``palette`` of its ``cards.json``.

>>> c = catalogue("bohnanza")
>>> e = c.entry("blaue")
>>> e.names["en"], e.count, e.beanometer, e.look.symbol
('Blue bean', 20, [4, 6, 8, 10], '●')
>>> c.entry("garten").beanometer
[None, 2, 3, None]
>>> catalogue("high-bohn").entry("farm-3").effect["en"]
'in phase 1 the owner may plant up to 3 hand cards.'
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from importlib import resources
from typing import Any

from bohn.engine.cards import Beanometer
from bohn.engine.cards import CardTable
from bohn.engine.game import Game

#: the key of a data entry's presentation object (``{"icon": ..., "effect": {"de": ..., "en": ...}}``,
#: and optionally ``"names"`` overriding the table's names in the catalogue only)
KEY = "catalogue"
#: the languages every name and text is given in
LANGS: tuple[str, ...] = ("de", "en")
#: the least WCAG contrast ratio between ``ink`` and ``colour`` (AA, normal text)
MIN_CONTRAST = 4.5
#: the least CIEDE2000 difference between the colours of two bean types of one game
#: (``docs/cards.md``: about ten times a just noticeable difference)
MIN_DELTA_E = 20.0
#: what the bean of a card of a kind several rulesets share wears on a table's
#: card (an entry's ``wears``; the browser's cards.js draws each, with the face
#: it brings), by kind; a ruleset's own kind names its picture in its data (the
#: ``wears`` of a card's catalogue object, or of its entries); a kind not
#: listed wears nothing
WEARS: dict[str, str] = {
    "man": "hat",
    "mama": "hat",
    "lady": "bow",
    "baby": "curl",
    "captain": "bicorne",
}

Steps = list[int | None]


# ----------------------------------------------------------------------------
# the entry and the catalogue


@dataclass(frozen=True)
class Look:
    """How a bean type (or another group of cards) is shown."""

    #: CSS hex colour of the card (``#rrggbb``)
    colour: str
    #: CSS hex colour of text written on it
    ink: str
    #: a short glyph, distinct for every bean type of a game
    symbol: str
    #: the glyph's name (``circle``), for clients that draw their own shapes
    symbol_name: str

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Look:
        return cls(str(d["colour"]), str(d["ink"]), str(d["symbol"]), str(d["symbol_name"]))

    def to_json(self) -> dict[str, str]:
        return {
            "colour": self.colour,
            "ink": self.ink,
            "symbol": self.symbol,
            "symbol_name": self.symbol_name,
        }


#: how a card of a group missing from the palette is shown
UNKNOWN_LOOK = Look("#767676", "#ffffff", "?", "question")


@dataclass(frozen=True)
class Entry:
    """One card key of a ruleset, as the catalogue shows it."""

    key: str
    #: ``{"de": ..., "en": ...}``
    names: dict[str, str]
    #: what the card is: ``bean``, ``man``, ``lady``, ``baby``, ``mama``, ``building``,
    #: ``establishment``, ``police-station``, ``razzia``, ``boss``, ``captain``,
    #: ``sissi``, or a Bohnkick kind (``dribble`` ... ``goalie``); the JSON form
    #: adds what a card of the kind wears on the table (``wears``, :data:`WEARS`)
    kind: str
    #: cards of this key in the game (for a building or an establishment: 1)
    count: int
    #: the palette group the card is coloured by: its bean type (the one that pays
    #: for a building or an establishment), or ``mafia``, ``defence``
    group: str
    look: Look
    #: cards needed for 1, 2, 3, 4 (and, where a meter pays more, 5 ...) coins;
    #: None where that step does not exist; None for a card without a meter
    beanometer: Steps | None = None
    #: the lady beanometer of the card's type (Ladybohn, Mutterböhnchen)
    lady_beanometer: Steps | None = None
    #: cost and effect in one plain sentence, ``{"de": ..., "en": ...}``
    text: dict[str, str] | None = None
    #: the effect half of ``text`` on its own (what the card does, without its
    #: cost), ``{"de": ..., "en": ...}``; equal to ``text`` for a card whose text
    #: names no cost (a boss, a mama's bean, a baby, a Bohnkick card); None for
    #: a card without a text. The describers read it when they list a purchase.
    effect: dict[str, str] | None = None
    #: the picture of what the card does (``docs/cards.md`` lists them: ``meter``,
    #: ``draw``, ``rattle`` ...), for every card with a text; None for a plain bean
    icon: str | None = None
    #: what the card's bean wears on the table where its ruleset names it (else
    #: :data:`WEARS` by kind)
    wears: str | None = None
    #: true where the printed data is unknown and bohn's placeholder is used
    placeholder: bool = False
    #: the game option the card comes with (``cognac``, ``pub``), or None
    option: str | None = None
    #: what else the ruleset tells about the card (``price``, ``per_team`` ...)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "names": dict(self.names),
            "kind": self.kind,
            "wears": self.wears or WEARS.get(self.kind),
            "count": self.count,
            "group": self.group,
            **self.look.to_json(),
            "beanometer": self.beanometer,
            "lady_beanometer": self.lady_beanometer,
            "text": dict(self.text) if self.text is not None else None,
            "effect": dict(self.effect) if self.effect is not None else None,
            "icon": self.icon,
            "placeholder": self.placeholder,
            "option": self.option,
            **self.extra,
        }


@dataclass(frozen=True)
class Catalogue:
    """Every card of one ruleset once, in the order of its data files."""

    variant: str
    entries: tuple[Entry, ...]
    #: group -> look, for every group an entry uses
    palette: dict[str, Look]

    def entry(self, key: str) -> Entry:
        for e in self.entries:
            if e.key == key:
                return e
        raise KeyError(f"no card {key!r} in the {self.variant} catalogue")

    def keys(self) -> list[str]:
        return [e.key for e in self.entries]

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "cards": [e.to_json() for e in self.entries]}


def make(variant: str, entries: Iterable[Entry]) -> Catalogue:
    """A catalogue of ``entries``, with the palette of the groups they use."""
    es = tuple(entries)
    palette: dict[str, Look] = {}
    for e in es:
        palette.setdefault(e.group, e.look)
    return Catalogue(variant, es, palette)


# ----------------------------------------------------------------------------
# finding a ruleset's catalogue


def catalogue(variant: str) -> Catalogue:
    """The catalogue of a variant id: its ruleset's ``catalogue`` part, else
    :func:`default_catalogue`. :class:`~bohn.engine.errors.SetupError` for an
    unknown variant."""
    from bohn.rulesets import ruleset

    r = ruleset(variant)
    part = r.part("catalogue")
    found = getattr(part, "CATALOGUE", None) if part is not None else None
    if isinstance(found, Catalogue) and found.variant == r.variant:
        return found
    return default_catalogue(r.game, r.package)


def default_catalogue(game: type[Game], package: str) -> Catalogue:
    """One ``bean`` entry per card of ``game.table``, coloured by the palette
    of ``package``'s ``cards.json``."""
    return make(game.variant, bean_entries(game.table, palette_of(package)))


# ----------------------------------------------------------------------------
# data


def read_json(package: str, name: str = "cards.json") -> dict[str, Any]:
    """A JSON data file shipped inside ``package``."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def palette_of(package: str, name: str = "cards.json") -> dict[str, Look]:
    """The ``palette`` object at the top of a data file: group -> :class:`Look`."""
    return {k: Look.from_json(v) for k, v in read_json(package, name).get("palette", {}).items()}


#: the look of every bean type more than one ruleset has (``bohn/palette.json``):
#: a ruleset's catalogue starts from it and adds its own types' looks
SHARED_PALETTE: dict[str, Look] = palette_of("bohn", "palette.json")


def presentation(attrs: Mapping[str, Any]) -> dict[str, Any]:
    """The catalogue object of a data entry (``{}`` if it has none)."""
    d = attrs.get(KEY, {})
    return dict(d) if isinstance(d, Mapping) else {}


def effect(attrs: Mapping[str, Any]) -> dict[str, str]:
    """The ``effect`` texts of a data entry's catalogue object (``{}`` if none)."""
    return {k: str(v) for k, v in presentation(attrs).get("effect", {}).items()}


def icon(attrs: Mapping[str, Any]) -> str | None:
    """The ``icon`` of a data entry's catalogue object (None if it has none)."""
    name = presentation(attrs).get("icon")
    return str(name) if name is not None else None


def names_of(table: CardTable, card: int) -> dict[str, str]:
    """A card's names: the table's, overridden by its catalogue object's ``names``."""
    return {**table.names[card], **presentation(table.attrs[card]).get("names", {})}


def placeholder(provenance: Sequence[str]) -> bool:
    """True where the printed data is unknown: a ``DEFAULT`` decision that no
    printed card (``CARD``) backs."""
    tags = [t.split()[0] for t in provenance]
    return "DEFAULT" in tags and "CARD" not in tags


# ----------------------------------------------------------------------------
# beanometers


def steps(meter: Beanometer | Sequence[Sequence[int]]) -> Steps | None:
    """A beanometer as the cards needed for 1, 2, 3, 4 coins (longer where it
    pays more); None for an empty meter.

    >>> steps(((4, 1), (6, 2), (8, 3), (10, 4)))
    [4, 6, 8, 10]
    >>> steps(((4, 1), (10, 3), (12, 5)))
    [4, None, 10, None, 12]
    """
    if not meter:
        return None
    top = max(max(int(c) for _, c in meter), 4)
    out: Steps = [None] * top
    for n, c in meter:
        if int(c) >= 1:
            old = out[int(c) - 1]
            out[int(c) - 1] = int(n) if old is None else min(old, int(n))
    return out


def coins(meter: Steps | None, n: int) -> int:
    """Coins a field of ``n`` cards earns by a meter in :func:`steps` form.

    >>> coins([None, 2, 3, None], 2), coins([4, 6, 8, 10], 3)
    (2, 0)
    """
    if meter is None:
        return 0
    return max((i + 1 for i, need in enumerate(meter) if need is not None and n >= need), default=0)


def priced_by(e: Entry) -> Steps | None:
    """The meter a field is paid by when ``e`` is its top card: a lady's
    ``lady_beanometer``, nothing for a baby, else ``beanometer``."""
    if e.kind == "lady":
        return e.lady_beanometer
    if e.kind == "baby":
        return None
    return e.beanometer


def bean_entries(
    table: CardTable,
    palette: Mapping[str, Look],
    kind: str = "bean",
    cards: Iterable[int] | None = None,
) -> list[Entry]:
    """The default entries of bean cards: names, count and beanometer from the
    table, kind ``kind`` (or the entry's own ``kind``), the look of its bean type,
    the effect and icon of its catalogue object."""
    out: list[Entry] = []
    for c in range(len(table)) if cards is None else cards:
        a = table.attrs[c]
        bean = table.bean_keys[table.bean[c]]
        text = effect(a)
        out.append(
            Entry(
                key=table.keys[c],
                names=names_of(table, c),
                kind=str(a.get("kind", kind)),
                count=table.counts[c],
                group=bean,
                look=palette.get(bean, UNKNOWN_LOOK),
                beanometer=steps(table.meters[c]),
                text=text or None,
                effect=text or None,
                icon=icon(a),
                wears=presentation(a).get("wears"),
                placeholder=placeholder(table.provenance[c]),
                option=str(a["variant"]) if "variant" in a else None,
            )
        )
    return out


def cost(price: int, bean: Mapping[str, str]) -> dict[str, str]:
    """A price in coins of one bean type, as the start of a card text.

    >>> cost(2, {"de": "Gartenbohne", "en": "Garden bean"})["en"]
    'Costs 2 Garden bean coins'
    """
    return {
        "de": f"Kostet {price} Taler der Sorte {bean['de']}",
        "en": f"Costs {price} {bean['en']} coin{'s' if price != 1 else ''}",
    }


def sentence(head: Mapping[str, str], tail: Mapping[str, str]) -> dict[str, str]:
    """``head; tail`` in every language (one sentence: the cost, then the effect)."""
    return {lang: f"{head[lang]}; {tail[lang]}" for lang in LANGS}


def priced_entry(
    e: Mapping[str, Any],
    palette: Mapping[str, Look],
    *,
    kind: str,
    head: Mapping[str, str],
    words: dict[str, str],
    beanometer: Steps | None = None,
) -> Entry:
    """The entry of a card bought once for coins of its bean type, from its
    data entry ``e`` (``key``, ``de``, ``en``, ``bean``, ``price``): its text
    is ``head`` (the cost) and ``words`` (the effect)."""
    bean = str(e["bean"])
    return Entry(
        key=str(e["key"]),
        names={"de": str(e["de"]), "en": str(e["en"])},
        kind=kind,
        count=1,
        group=bean,
        look=palette[bean],
        beanometer=beanometer,
        text=sentence(head, words),
        effect=words,
        icon=icon(e),
        placeholder=placeholder(e.get("provenance", ())),
        option=str(e["variant"]) if "variant" in e else None,
        extra={"price": int(e["price"])},
    )


# ----------------------------------------------------------------------------
# colours


def _rgb(colour: str) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#rrggbb`` colour."""
    r, g, b = (_linear(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in _rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: str, b: str) -> float:
    """CIEDE2000 colour difference of two sRGB colours (Sharma, Wu, Dalal 2005).

    >>> round(delta_e("#ffffff", "#ffffff"), 6)
    0.0
    """
    l1, a1, b1 = lab(a)
    l2, a2, b2 = lab(b)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm**7 / (cm**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm = (l1 + l2) / 2
    cmp_ = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hm = (h1p + h2p + 360) / 2
    else:
        hm = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hm - 30))
        + 0.24 * math.cos(math.radians(2 * hm))
        + 0.32 * math.cos(math.radians(3 * hm + 6))
        - 0.20 * math.cos(math.radians(4 * hm - 63))
    )
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = (
        -2
        * math.sqrt(cmp_**7 / (cmp_**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


# ----------------------------------------------------------------------------
# the table form (``bohn cards``)


def meter_text(meter: Steps | None) -> str:
    """``4/6/8/10``, with ``-`` for a missing step; ``-`` for no meter."""
    if meter is None:
        return "-"
    return "/".join("-" if n is None else str(n) for n in meter)


def rows(cat: Catalogue, lang: str = "en") -> list[list[str]]:
    """The readable table: symbol, name, count, meter, kind, text."""
    out: list[list[str]] = []
    for e in cat.entries:
        meter = meter_text(e.beanometer)
        if e.lady_beanometer is not None:
            lady = "Dame" if lang == "de" else "lady"
            meter = f"{meter} ({lady} {meter_text(e.lady_beanometer)})"
        name = e.names[lang] + (" *" if e.placeholder else "")
        text = e.text[lang] if e.text is not None else ""
        out.append([e.look.symbol, name, str(e.count), meter, e.kind, text])
    return out


def format_table(cat: Catalogue, lang: str = "en") -> str:
    """The catalogue as aligned columns; ``*`` marks placeholder data."""
    heads = {
        "de": ["", "Karte", "Anzahl", "Bohnometer", "Art", "Text"],
        "en": ["", "card", "count", "beanometer", "kind", "text"],
    }[lang]
    body = rows(cat, lang)
    widths = [max(len(r[i]) for r in [heads, *body]) for i in range(5)]
    lines = []
    for r in [heads, *body]:
        cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1]), r[2].rjust(widths[2])]
        cells += [r[3].ljust(widths[3]), r[4].ljust(widths[4]), r[5]]
        lines.append("  ".join(cells).rstrip())
    if any(e.placeholder for e in cat.entries):
        lines.append(
            "* Platzhalter: die gedruckten Daten sind unbekannt"
            if lang == "de"
            else "* placeholder: the printed data is unknown"
        )
    return "\n".join(lines)
