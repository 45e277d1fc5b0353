"""The terminal table's own helpers: lines that fit a width, plain-ASCII card
names, the next payout of a field and the catalogue in a few columns.

Only the terminal game (:mod:`bohn.play`) shows what these build; the log
sentences the browser and the golden transcripts read stay in the describers.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from bohn.catalogue import Catalogue, Entry, Steps, meter_text

#: the width of the terminal the compact table is laid out for
WIDTH = 80

#: letters that do not decompose into an ASCII letter and an accent
_TRANSLIT = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o"}


def clip(line: str, width: int = WIDTH) -> str:
    """``line`` cut to ``width`` characters, an ellipsis marking the cut."""
    return line if len(line) <= width else line[: width - 1] + "…"


def flow(head: str, items: Iterable[str], width: int = WIDTH, max_lines: int = 2) -> list[str]:
    """``items`` after ``head``, two spaces apart, wrapped at ``width`` onto at
    most ``max_lines`` lines (continued under the first item); what does not
    fit is counted at the end (``+3``)."""
    items = list(items)
    indent = " " * min(len(head), 12)
    lines: list[str] = []
    cur = head
    shown = 0
    for i, item in enumerate(items):
        sep = "" if cur in (head, indent) else "  "
        if len(cur) + len(sep) + len(item) <= width:
            cur += sep + item
            shown = i + 1
            continue
        if len(lines) + 1 >= max_lines:
            break
        lines.append(cur)
        cur = indent + item
        shown = i + 1
    left = len(items) - shown
    if left:
        tail = f"  +{left}"
        cur = clip(cur, width - len(tail)) + tail
    lines.append(cur)
    return [clip(x, width) for x in lines]


def ascii_name(text: str, lady: str = "lady") -> str:
    """A card's name in lower-case ASCII, words joined by ``-``: umlauts
    transliterated (``ä`` ``ae``, ``ß`` ``ss``), ``♀`` a word (``lady``),
    other marks dropped.

    >>> ascii_name("Schürzenjäger"), ascii_name("Blue bean♀"), ascii_name("Blaue Bohne·Baby")
    ('schuerzenjaeger', 'blue-bean-lady', 'blaue-bohne-baby')
    >>> ascii_name("Piece o' Puke"), ascii_name("blaue/lady")
    ('piece-o-puke', 'blaue-lady')
    """
    text = text.lower().replace("♀", f" {lady} ")
    text = "".join(
        _TRANSLIT.get(c, c if unicodedata.category(c)[0] in "LNM" else " ") for c in text
    )
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def aliases(cat: Catalogue, labels: dict[str, list[str]] | None = None) -> dict[str, str]:
    """Every card key of a catalogue by the plain-ASCII names a person may
    type for it: the key itself, the key with ``-`` for ``/``, and each name in
    both languages (and each of ``labels``, a key's names as the screen shows
    them) in :func:`ascii_name` form. A name two cards share names neither."""
    found: dict[str, set[str]] = {}

    def add(name: str, key: str) -> None:
        if name:
            found.setdefault(name, set()).add(key)

    for e in cat.entries:
        add(e.key, e.key)
        add(ascii_name(e.key), e.key)
        for lang, name in e.names.items():
            add(ascii_name(name, "dame" if lang == "de" else "lady"), e.key)
            add(ascii_name(name), e.key)
        for label in (labels or {}).get(e.key, []):
            add(ascii_name(label), e.key)
            add(ascii_name(label, "dame"), e.key)
    keys = {e.key for e in cat.entries}
    out = {k: k for k in keys}
    for name, owners in found.items():
        if name not in out and len(owners) == 1:
            out[name] = next(iter(owners))
    return out


def next_payout(meter: Steps | None, n: int, pays: int) -> tuple[int, int] | None:
    """How many more cards of a field of ``n`` paying ``pays`` coins now give
    more coins, and how many then (by ``meter``, the cards needed for 1, 2,
    3 ... coins); None when no step of the meter pays more.

    >>> next_payout([4, 6, 8, 10], 3, 0), next_payout([4, 6, 8, 10], 6, 2)
    ((1, 1), (2, 3))
    >>> next_payout([None, 2, 3, None], 3, 3) is None
    True
    """
    if not meter:
        return None
    for i, need in enumerate(meter):
        if need is not None and need > n and i + 1 > pays:
            return need - n, i + 1
    return None


def catalogue_lines(cat: Catalogue, lang: str, width: int = WIDTH) -> list[str]:
    """The catalogue for the ``cards`` command: one line a card (its symbol,
    the name to type, both names, the count, the beanometer) and its text
    wrapped under it; a text equal to the one before is not repeated."""
    other = "en" if lang == "de" else "de"
    meter_word, lady_word, same = (
        ("Bohnometer", "Dame", "(wie oben)") if lang == "de" else ("meter", "lady", "(as above)")
    )
    out: list[str] = []
    last_text = None
    for e in cat.entries:
        head = f"{e.look.symbol} [{e.key}] {e.names[lang]}"
        if e.names.get(other) and e.names[other] != e.names[lang]:
            head += f" / {e.names[other]}"
        head += f"  x{e.count}"
        if e.beanometer is not None:
            head += f"  {meter_word} {meter_text(e.beanometer)}"
        if e.lady_beanometer is not None:
            head += f" ({lady_word} {meter_text(e.lady_beanometer)})"
        if e.placeholder:
            head += " *"
        out.append(clip(head, width))
        text = _text(e, lang)
        if text and text == last_text:
            out[-1] = clip(out[-1] + "  " + same, width)
        elif text:
            out += wrap(text, width, "    ")
        last_text = text
    if any(e.placeholder for e in cat.entries):
        out.append(
            "* Platzhalter: die gedruckten Daten sind unbekannt"
            if lang == "de"
            else "* placeholder: the printed data is unknown"
        )
    return out


def _text(e: Entry, lang: str) -> str:
    return e.text[lang] if e.text is not None else ""


def wrap(text: str, width: int = WIDTH, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` characters, each after ``indent``."""
    lines: list[str] = []
    cur = indent
    for word in text.split():
        if cur.strip() and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = indent + word
        else:
            cur = cur + (" " if cur.strip() else "") + word
    if cur.strip():
        lines.append(cur)
    return [clip(x, width) for x in lines]
