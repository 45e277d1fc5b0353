"""The terminal table's own helpers: lines that fit a width, plain-ASCII card
names, the next payout of a field, the catalogue in a few columns, and an
action's text form as a person reads and types it (its numbers from 1:
:func:`person_text`, :func:`engine_text`).

Only the terminal game (:mod:`bohn.play`) shows what these build; the log
sentences the browser and the golden transcripts read stay in the describers.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Iterable

from bohn.catalogue import Catalogue
from bohn.catalogue import Entry
from bohn.catalogue import Steps
from bohn.catalogue import meter_text

#: the width of the terminal the compact table is laid out for
WIDTH = 80

#: the lines of the compact table at most, with four lines of keys, the
#: line of commands and the prompt under it and a blank line over it
COMPACT_ROWS = 17

#: letters that do not decompose into an ASCII letter and an accent
_TRANSLIT = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o"}


def clip(line: str, width: int = WIDTH) -> str:
    """``line`` cut to ``width`` characters, an ellipsis marking the cut."""
    return line if len(line) <= width else line[: width - 1] + "…"


def fold(line: str, width: int = WIDTH, indent: int | None = None) -> list[str]:
    """``line`` in lines of at most ``width`` characters, broken between words
    and nothing cut: the lines after the first indented ``indent`` columns
    (by default four more than ``line``'s own indent).

    >>> fold("seat 1: Blue x3 (1, +1→2) | Chili x2 (0, +1→1)", 30)
    ['seat 1: Blue x3 (1, +1→2) |', '    Chili x2 (0, +1→1)']
    """
    if len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    more = " " * (min(lead + 4, 12) if indent is None else indent)
    return textwrap.wrap(
        line,
        width,
        subsequent_indent=more,
        break_on_hyphens=False,
        replace_whitespace=False,
    ) or [line[:width]]


def fold_cells(head: str, cells: Iterable[str], width: int = WIDTH, sep: str = " | ") -> list[str]:
    """``head`` and ``cells`` joined by ``sep``, broken only between cells
    (a cell longer than a line is folded by words); the lines after the
    first indented six columns.

    >>> fold_cells("seat 1: 2 coins", ["Blue x3 (1, +1→2)", "Black-eyed x2 (1, +1→2)"], 40)
    ['seat 1: 2 coins | Blue x3 (1, +1→2) |', '      Black-eyed x2 (1, +1→2)']
    """
    indent = "      "
    lines: list[str] = []
    cur = head
    for cell in cells:
        if len(cur) + len(sep) + len(cell) + len(sep.rstrip()) <= width:
            cur += sep + cell
            continue
        lines.append(cur + sep.rstrip())
        cur = indent + cell
        if len(cur) > width:
            *done, cur = fold(cur, width, len(indent))
            lines += done
    lines.append(cur)
    return [x for line in lines for x in fold(line, width, len(indent))]


def side_by_side(texts: list[str], indent: str, width: int = WIDTH) -> list[str]:
    """``texts`` after ``indent``, three spaces apart, as many on a line as
    fit; a text too long for a line of its own is folded.

    >>> side_by_side(["f0: Blue x1", "f1: empty", "f2: Chili x3 (pays 1)"], "  ", 28)
    ['  f0: Blue x1   f1: empty', '  f2: Chili x3 (pays 1)']
    """
    lines: list[str] = []
    cur = ""
    for text in texts:
        if cur and len(cur) + 3 + len(text) <= width:
            cur += "   " + text
            continue
        if cur:
            lines.append(cur)
        *whole, cur = fold(indent + text, width)
        lines += whole
    if cur:
        lines.append(cur)
    return lines


def fit_rows(lines: list[tuple[int, str]], rows: int, note: str) -> list[str]:
    """The lines of a table in at most ``rows`` lines, each ranked by how
    much it may be missed (0: never): while there are too many, every line
    of the highest rank goes, and ``note`` (where to see them) takes the
    place of the first line left out, beside the line before it where it fits. Lines of rank 0 stay even where they
    are too many.

    >>> fit_rows([(0, "a"), (2, "b"), (1, "c"), (2, "d"), (0, "e")], 4, "more")
    ['a  more', 'c', 'e']
    """
    gone: set[int] = set()
    ranks = sorted({rank for rank, _ in lines if rank > 0}, reverse=True)
    while ranks and sum(rank not in gone for rank, _ in lines) + bool(gone) > rows:
        gone.add(ranks.pop(0))
    out: list[str] = []
    noted = False
    for rank, text in lines:
        if rank in gone:
            if not noted:
                if out and len(out[-1]) + 2 + len(note) <= WIDTH:
                    out[-1] += "  " + note  # beside the line before
                else:
                    out.append(note)
                noted = True
            continue
        out.append(text)
    return out


def flow(
    head: str, items: Iterable[str], width: int = WIDTH, max_lines: int = 2, more: str = ""
) -> list[str]:
    """``items`` after ``head``, two spaces apart, wrapped at ``width`` onto at
    most ``max_lines`` lines (continued under the first item); what does not
    fit is counted at the end (``+3``, then ``more``: where to see them)."""
    items = list(items)
    indent = " " * min(len(head), 12)
    rows: list[list[str]] = [[]]
    for item in items:
        start = head if len(rows) == 1 else indent
        row = rows[-1]
        if not row or len(start) + len("  ".join([*row, item])) <= width:
            row.append(item)
        elif len(rows) < max_lines:
            rows.append([item])
        else:
            break
    shown = sum(len(r) for r in rows)
    left = len(items) - shown
    if left:
        start = head if len(rows) == 1 else indent
        # room for the count: whole items make way, none is cut
        while (
            rows[-1] and len(start) + len("  ".join(rows[-1])) + len(f"  +{left + 1}{more}") > width
        ):
            rows[-1].pop()
            left += 1
    lines = [(head if i == 0 else indent) + "  ".join(r) for i, r in enumerate(rows)]
    if left:
        lines[-1] += f"  +{left}{more}"
    return [x for line in lines for x in fold(line, width)]


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


# ------------------------------------------------- a person's numbers

#: the letters of the references that name a place by its number: a hand
#: card, a revealed card, a card of the trading area or the General Store, a
#: field, a pile (a stack of the offer), a boss, a defensive card, a card of
#: the discard pile
PLACE_LETTERS = "hrtsfpmd"
#: the actions whose first word after the verb is a number that names a seat
#: (``propose 2``, ``attack 2 f0``) or an offer (``accept 5``); ``order``'s
#: numbers name drawn cards; ``draw 3`` counts cards and stays as it is
_NUMBERED = frozenset(("propose", "attack", "accept", "decline", "withdraw", "order"))
_REF = re.compile(r"([a-z])(\d+)(?:\.(\d+))?")
_PULL = re.compile(r"pull(\d+)")


class CountsFromOne(ValueError):
    """A number typed as 0 where a person's numbers start at 1."""


def _shifted(word: str, by: int, bare: bool) -> str:
    """``word`` (a comma list of references or, ``bare``, of numbers) with
    every number of a place moved by ``by``."""

    def move(n: str) -> str:
        i = int(n) + by
        if i < 0:
            raise CountsFromOne(n)
        return str(i)

    out = []
    for part in word.split(","):
        m = _REF.fullmatch(part)
        if bare and part.isdigit():
            part = move(part)
        elif m and m.group(1) in PLACE_LETTERS and (m.group(3) is None or m.group(1) == "f"):
            part = m.group(1) + move(m.group(2)) + ("." + move(m.group(3)) if m.group(3) else "")
        elif _PULL.fullmatch(part):
            part = "pull" + move(part[4:])
        out.append(part)
    return ",".join(out)


def _renumbered(text: str, by: int) -> str:
    words = text.split()
    if not words:
        return text
    out = [words[0]]
    for i, w in enumerate(words[1:]):
        bare = words[0] in _NUMBERED and i == 0
        out.append(_shifted(w, by, bare))
    return " ".join(out)


def person_text(text: str) -> str:
    """An action's text form (``bohn.engine.actions``, counting from 0) as a
    person reads and types it in the terminal: every seat, offer, field and
    card position counted from 1.

    >>> person_text("propose 2 give h0,r1 want blaue")
    'propose 3 give h1,r2 want blaue'
    >>> person_text("plant t0 f2 pull1")
    'plant t1 f3 pull2'
    >>> person_text("draw 3")
    'draw 3'
    """
    return _renumbered(text, 1)


def person_ref(ref: str) -> str:
    """A card or field reference as a person reads it (``h0``: ``h1``)."""
    return _shifted(ref, 1, False)


def engine_text(text: str) -> str:
    """What a person typed (:func:`person_text`'s form) as the engine's text
    form; :class:`CountsFromOne` where a place is numbered 0.

    >>> engine_text("accept 1 give h2")
    'accept 0 give h1'
    >>> engine_text("pick f1.3")
    'pick f0.2'
    """
    return _renumbered(text, -1)
