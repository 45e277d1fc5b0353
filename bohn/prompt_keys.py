"""The keys of the terminal's compact prompt (``bohn play``): which key
answers which legal action, and the items that show them above the prompt.

One rule holds throughout: a key that is shown is a key that is accepted.
The keys are built from the legal actions alone, every key once. Like every
number a person reads, the numbers in the keys count from 1 (field 0 of the
JSON is field 1, ``h1`` the front card, offer 0 is offer 1):

- a field number plants there when every field takes one card only
  (``1) plant Blue bean on field 1``);
- otherwise a card's place plants it (``t1``, ``h3``): at once where only one
  field takes it, or after asking which field (``t1) plant Blue bean on field
  1 or 3``);
- ``sN`` harvests field N, ``p`` passes, ``e`` ends the trading, ``kN`` keeps
  revealed card N, ``b`` buys the third field;
- ``a N`` / ``d N`` / ``w N`` accept, decline or withdraw offer N;
- the rest is numbered, ``n1`` ... where field numbers stand for plantings,
  ``1`` ... otherwise; two that would read alike are told apart by where their
  cards lie (:meth:`bohn.describe.Describer.told_apart`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bohn.describe import Describer
from bohn.engine.actions import Accept
from bohn.engine.actions import Action
from bohn.engine.actions import BuyField
from bohn.engine.actions import Decline
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Harvest
from bohn.engine.actions import Keep
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.actions import Withdraw

#: the German verbs of the offer keys
DE_VERBS = {"accept": "annehmen", "decline": "ablehnen", "withdraw": "zurückziehen"}


@dataclass
class Keys:
    """What each key answers and the prompt's items."""

    #: a key and the action it plays at once
    actions: dict[str, Action] = field(default_factory=dict)
    #: a card's key and the plantings it may make, one a field (asked which)
    fields: dict[str, list[Plant]] = field(default_factory=dict)
    #: the items shown above the prompt (``1) plant Blue bean on field 1``)
    items: list[str] = field(default_factory=list)


def card_ref(a: Plant) -> str:
    """The place of the card a planting takes, as a person reads it (from 1):
    ``t1`` or ``h3``."""
    return f"t{a.traded + 1}" if a.traded is not None else f"h{(a.card or 0) + 1}"


def prompt_keys(
    words: Describer, obs: dict[str, Any], seat: int, legal: list[Action], price: int | None
) -> Keys:
    """The keys answering ``legal`` now (see the module's text)."""
    out = Keys()

    def label(a: Action) -> str:
        return words.key_label(a, obs, seat, price)

    plants = [a for a in legal if isinstance(a, Plant) and a.mode is None]
    by_field: dict[int, list[Plant]] = {}
    for pa in plants:
        by_field.setdefault(pa.field, []).append(pa)
    one_each = all(len(v) == 1 for v in by_field.values())
    if one_each:
        for pa in plants:
            out.actions[str(pa.field + 1)] = pa
            out.items.append(f"{pa.field + 1}) {label(pa)}")
    else:
        by_card: dict[str, list[Plant]] = {}
        for pa in plants:
            by_card.setdefault(card_ref(pa), []).append(pa)
        for ref, choices in by_card.items():
            if len(choices) == 1:
                out.actions[ref] = choices[0]
                out.items.append(f"{ref}) {label(choices[0])}")
            else:
                out.fields[ref] = choices
                fields = [str(c.field + 1) for c in choices]
                first = label(choices[0])
                # "plant Blue bean on field 1" -> "... on field 1 or 3"
                tail = words.w(" or ", " oder ").join(fields)
                if first.endswith(fields[0]):
                    text = first[: len(first) - len(fields[0])] + tail
                else:
                    text = f"{first} ({words.w('field', 'Feld')} {tail})"
                out.items.append(f"{ref}) {text}")
    letters: list[tuple[str, Action]] = []
    offers: dict[str, list[int]] = {"a": [], "d": [], "w": []}
    numbered: list[Action] = []
    for a in legal:
        if isinstance(a, Plant) and a.mode is None:
            continue
        if isinstance(a, Harvest):
            letters.append((f"s{a.field + 1}", a))
        elif isinstance(a, Pass):
            letters.append(("p", a))
        elif isinstance(a, EndTrading):
            letters.append(("e", a))
        elif isinstance(a, Keep):
            letters.append((f"k{a.revealed + 1}", a))
        elif isinstance(a, BuyField):
            letters.append(("b", a))
        elif isinstance(a, Accept):
            if a.offer not in offers["a"]:
                offers["a"].append(a.offer)
        elif isinstance(a, Decline):
            offers["d"].append(a.offer)
        elif isinstance(a, Withdraw):
            offers["w"].append(a.offer)
        elif not isinstance(a, Propose):
            numbered.append(a)
    for key, a in letters:
        out.actions[key] = a
        out.items.append(f"{key}) {label(a)}")
    for letter, what in (("a", "accept"), ("d", "decline"), ("w", "withdraw")):
        ids = offers[letter]
        if ids:
            which = "" if len(ids) == 1 else " N"
            out.items.append(
                f"{letter}{which}) {words.w(what, DE_VERBS[what])} "
                + ", ".join(str(i + 1) for i in ids)
            )
    prefix = "n" if any(k.isdigit() for k in out.actions) else ""
    for i, a in enumerate(numbered, 1):
        key = f"{prefix}{i}"
        out.actions[key] = a
        out.items.append(f"{key}) {label(a)}")
    tell_apart(out, words, obs, seat)
    if any(isinstance(a, Propose) for a in legal):
        out.items.append(words.w("propose", "propose (Angebot)"))
    return out


def tell_apart(keys: Keys, words: Describer, obs: dict[str, Any], seat: int) -> None:
    """Items that would read alike but for their keys get where their cards
    lie (``k1) keep Chili bean (revealed card 1)``), or the action's text."""
    texts = [item.split(") ", 1)[1] for item in keys.items]
    alike = Counter(texts)
    for i, item in enumerate(keys.items):
        if alike[texts[i]] < 2:
            continue
        key = item.split(")", 1)[0]
        a = keys.actions.get(key)
        if a is None:
            continue
        where = words.told_apart(a, obs, seat)
        keys.items[i] = f"{item} ({where})" if where else f"{item} [{words.text(a)}]"
