"""Ladybohn in words: men, ladies and babies, fields shown bottom to top and
priced by their top card, pulls, foisted babies and the third fields left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar

from bohn.describe.base import Sentence
from bohn.describe.bean import BeanDescriber
from bohn.describe.bean import runs
from bohn.engine.actions import Action
from bohn.engine.actions import Plant

HELP_EN = """\
Ladybohn adds:
  plant f1 pull3          plant a baby on field 1 and pull the lady at position 3
                          (1 = bottom) up two places; listed when the choice matters
  plant t1 f2 [pull<i>]   foist: plant the baby you received on its type's field now
Cards show their gender: blaue (man), blaue♀ (lady), blaue·baby (baby); a field pays
by its top card. Others' offered hand cards show only their type: blaue (♂ or ♀).
"""

HELP_DE = """\
Ladybohn fügt hinzu:
  plant f1 pull3          ein Baby auf Feld 1 pflanzen und die Dame an Position 3
                          (1 = unten) zwei Plätze hochziehen; aufgeführt, wenn die Wahl zählt
  plant t1 f2 [pull<i>]   Zuschieben: das erhaltene Baby jetzt auf das Feld seiner Sorte pflanzen
Karten zeigen ihr Geschlecht: blaue (Mann), blaue♀ (Dame), blaue·Baby (Baby); ein Feld
bringt nach seiner obersten Karte. Angebotene Handkarten anderer zeigen nur ihre Sorte: blaue?.
"""

#: how the screen marks a card's gender (the suffix of its key, ladybohn §1.1)
#: how a lady, a baby and (Mutterböhnchen) a baby with 2 rattles mark their bean
GENDER_MARKS = {
    "lady": ("♀", "♀"),
    "baby": ("·baby", "·Baby"),
    "baby2": ("·baby with 2 rattles", "·Baby mit 2 Rasseln"),
}


def planted_stack(keys: list[str], card: str, mode: str | None) -> tuple[list[str], int | None]:
    """A field once ``card`` is planted on top with ``mode`` (ladybohn §4.2):
    a baby pulls a lady of its type up two places, the one ``pull<i>`` names
    (position ``i`` from the bottom) or, without a mode, the lowest; returns
    the field bottom first and the position of the lady pulled.

    >>> planted_stack(["sau/lady", "sau", "sau"], "sau/baby", None)
    (['sau', 'sau', 'sau/lady', 'sau/baby'], 0)
    """
    out = [*keys, card]
    bean, _, kind = card.partition("/")
    if not kind.startswith("baby"):
        return out, None
    ladies = [i for i, k in enumerate(keys) if k == f"{bean}/lady"]
    pick: int | None = ladies[0] if ladies else None
    if mode is not None and mode.startswith("pull") and mode[4:].isdigit():
        pick = int(mode[4:])
    if pick is None or pick >= len(keys):
        return out, None
    moved = out.pop(pick)
    out.insert(min(pick + 2, len(out)), moved)
    return out, pick


class LadybohnDescriber(BeanDescriber):
    """The bean game's words and the genders of Ladybohn's cards."""

    #: this ruleset's phases in words (English, German)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "foist": (
            "planting the foisted cards at once",
            "sofortiges Pflanzen der untergeschobenen Karten",
        ),
    }

    SHOWN: ClassVar[frozenset[str]] = BeanDescriber.SHOWN | {"foist", "pull"}
    genders: ClassVar[bool] = True
    #: the rules behind forced moves: Bohnanza's, which Ladybohn keeps and its
    #: refusals cite (``bohnanza §3.1.2``), and its own
    RULES: ClassVar[dict[str, str]] = {
        **BeanDescriber.rules_in("bohnanza"),
        "final-harvest": "ladybohn §5",
        "foist": "ladybohn §4.3",
    }

    #: a received card planted at once (ladybohn §4.3; Mutterböhnchen's go
    #: wherever they fit) in words: where it goes, what a seat who must plant
    #: one is told, and why the planting happened
    ONTO: ClassVar[tuple[str, str]] = ("on a field of its type", "auf ein Feld ihrer Sorte")
    FOIST_MUST: ClassVar[Sentence] = Sentence(
        "You must plant the received {cards} at once on a field of its type, before the "
        "trading goes on: a baby received in a deal by a player growing its type goes there at "
        "once ({rule}).",
        "Du musst die erhaltene {cards} sofort auf ein Feld ihrer Sorte pflanzen, bevor der "
        "Handel weitergeht: ein Baby, das ein Spieler im Handel erhält, der seine Sorte anbaut, "
        "kommt sofort dorthin ({rule}).",
    )
    FOIST_WHY: ClassVar[Sentence] = Sentence(
        " (at once: a received baby goes on its type's field, {rule})",
        " (sofort: ein erhaltenes Baby kommt auf das Feld seiner Sorte, {rule})",
    )
    #: a pull in words: on ``{where}``, from position ``{a}`` to ``{b}``
    PULLED: ClassVar[Sentence] = Sentence(
        "the baby pulled the lady of {where} up from position {a} to {b}",
        "das Baby zog die Dame auf {where} von Position {a} auf {b} hoch",
    )

    # ---------------------------------------------------------------- words

    def label(self, key: str) -> str:
        """A lady ``Blue bean♀``, a baby ``Blue bean·baby``; a man by his name."""
        bean, sep, kind = key.partition("/")
        if not sep:
            return self.name(key)
        en, de = GENDER_MARKS.get(kind, (f"·{kind}", f"·{kind}"))
        return self.name(bean) + self.w(en, de)

    def hidden_label(self, key: str) -> str:
        """A card another seat offers from its hand, by its bean type only
        (ladybohn §3.3): ``Blue bean (♂ or ♀)``."""
        return (
            self.label(key) if "/" in key else self.name(key) + self.w(" (♂ or ♀)", " (♂ oder ♀)")
        )

    def hides(self, keys: list[str]) -> bool:
        return any("/" not in k for k in keys)

    def offered(self, keys: list[str]) -> str:
        return ", ".join(map(self.hidden_label, keys)) if keys else self.w("nothing", "nichts")

    def why_pays(self, keys: list[str], inner: bool = False) -> str:
        """Why a field's top card pays what it pays: `` (a lady on top)``, or
        ``; a lady on top`` inside parentheses (``inner``: a field named in an
        action's sentence: ``field 1 (... pays 2; a lady on top)``)."""
        top = keys[-1].partition("/")[2]
        if top.startswith("baby"):
            top = "baby"
        # a mama's bean (Mutterböhnchen) by its name in this language
        loser = self.names.get("loser", "Loser")
        einsiedler = self.names.get("einsiedler", "Einsiedler")
        en, de = {
            "lady": (" (a lady on top)", " (eine Dame oben)"),
            "baby": (" (a baby on top pays nothing)", " (ein Baby oben bringt nichts)"),
            "loser": (f" (the {loser} on top pays nothing)", f" (der {loser} oben bringt nichts)"),
            "einsiedler": (
                f" (the {einsiedler} on top pays 1)",
                f" (der {einsiedler} oben bringt 1)",
            ),
        }.get(top or keys[-1], ("", ""))
        why = self.w(en, de)
        return f"; {why[2:-1]}" if inner and why else why

    def stack_text(self, keys: list[str], pays: int | None = None, inner: bool = False) -> str:
        """A field bottom -> top (runs of one kind grouped), what it pays now and
        why (:meth:`why_pays`; ``inner``: inside parentheses)."""
        if not keys:
            return self.w("empty", "leer")
        parts = [self.label(k) if n == 1 else f"{self.label(k)} x{n}" for k, n in runs(keys)]
        n = len(keys)
        text = self.w(
            f"[bottom] {' -> '.join(parts)} [top] - {n} card{'s' if n != 1 else ''}",
            f"[unten] {' -> '.join(parts)} [oben] - {n} Karte{'n' if n != 1 else ''}",
        )
        if pays is None:
            return text
        return text + self.w(f", pays {pays}", f", bringt {pays}") + self.why_pays(keys, inner)

    def field_desc(self, keys: list[str], pays: int | None) -> str:
        return self.stack_text(keys, pays, inner=True)

    def seat_field(self, p: dict[str, Any], f: int) -> str:
        pays = p.get("field_pays") or []
        stack = self.stack_text(p["fields"][f], pays[f] if f < len(pays) else None)
        return f"f{self.n(f)}: {stack}"

    # ------------------------------------------------------------- actions

    def planted_card(self, a: Plant, me: dict[str, Any]) -> tuple[str, str]:
        """The reference (``h0``, ``h3``, ``t1``) and key of the card a planting
        takes, read from the seat's own observation (``"?"``: not there)."""
        ref = f"t{a.traded}" if a.traded is not None else f"h{a.card or 0}"
        zone = me.get("hand", []) if ref[0] == "h" else me.get("trading_area", [])
        i = int(ref[1:])
        return ref, str(zone[i]) if i < len(zone) else "?"

    def plant(
        self, a: Plant, obs: dict[str, Any], me: dict[str, Any], fld: Callable[[int], str]
    ) -> str:
        """The card, the field, the lady it pulls and the field it leaves."""
        table = self.table
        if table is None:
            return super().plant(a, obs, me, fld)
        _ref, key = self.planted_card(a, me)
        card = self.label(key)
        foist = obs.get("phase") == "foist"
        if foist:
            what = self.w(f"plant the received {card} at once", f"die erhaltene {card} sofort")
        elif a.traded is not None:
            what = self.w(
                f"plant {card} from your trading area",
                f"{card} aus deinem Handelsbereich",
            )
        elif a.card:
            what = self.w(
                f"plant hand card {self.n(a.card)} ({card})", f"Handkarte {self.n(a.card)} ({card})"
            )
        else:
            what = self.w(f"plant {card} (front card)", f"{card} (vorderste Karte)")
        fields = me["fields"]
        keys = list(fields[a.field]) if a.field < len(fields) else []
        text = self.w(f"{what} on {fld(a.field)}", f"{what} auf {fld(a.field)} pflanzen")
        if key not in table.index:
            return text
        after, pulled = planted_stack(keys, key, a.mode)
        if pulled is not None:
            text += self.w(
                f", pulling the lady at position {self.n(pulled)} (1 = bottom) up two places",
                f", dabei die Dame an Position {self.n(pulled)} (1 = unten) zwei Plätze hochziehen",
            )
        top = table.index.get(after[-1], table.index[key])
        pays = table.pays_for(top, len(after))
        if table.bean_keys[table.bean[top]] != "garten":  # §4.1.4: garten coins from the discard
            pays = min(pays, len(after))
        text += self.w("; then ", "; dann ") + self.stack_text(after, pays)
        if foist:
            text += self.w(
                f" (a received baby goes on its type's field now, {self.rule('foist')})",
                f" (ein erhaltenes Baby kommt jetzt auf das Feld seiner Sorte, "
                f"{self.rule('foist')})",
            )
        return text

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        foist = obs.get("foist")
        if obs.get("phase") == "foist" and foist and int(foist.get("seat", -1)) == seat:
            cards = self.cards([str(k) for k in foist.get("cards", [])])
            return self.fill(*self.FOIST_MUST, {"cards": cards, "rule": self.rule("foist")})
        return super().forced(obs, seat, legal)

    def buy_field(self, obs: dict[str, Any], me: dict[str, Any], price: Any) -> str:
        text = super().buy_field(obs, me, price)
        if "third_fields_left" in obs:  # two in the whole game
            left = int(obs["third_fields_left"])
            text += self.w(
                f" ({left} third field{'s' if left != 1 else ''} left in the game)",
                f" (noch {left} dritte{'s' if left == 1 else ''} Feld{'er' if left != 1 else ''} "
                "im Spiel)",
            )
        return text

    # -------------------------------------------------------------- events

    #: Ladybohn's events (:meth:`Describer.event`); any other is the bean game's
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "foist": "foist_event",
        "pull": "pull_event",
    }

    def foist_event(self, e: dict[str, Any], me: int) -> str:
        """A received card that must be planted at once; its planting will say why."""
        self.expect("plant", e.get("seat"), e.get("card"), self.say(e, me, *self.FOIST_WHY))
        return self.had_to_plant(e, me, self.w("received", "erhaltene"), self.rule("foist"))

    def had_to_plant(self, e: dict[str, Any], me: int, how: str, rule: str) -> str:
        """``seat 2 had to plant the received Blue bean·baby at once on a
        field of its type (ladybohn §4.3)``: an event's card planted at once,
        ``how`` it came, where it goes (:attr:`ONTO`) and by which rule."""
        en, de = self.ONTO
        return self.say(
            e,
            me,
            "{who} had to plant the {how} {card} at once {onto} ({rule})",
            "{who} musste die {how} {card} sofort {onto} pflanzen ({rule})",
            how=how,
            onto=self.w(en, de),
            rule=rule,
        )

    def pull_event(self, e: dict[str, Any], me: int) -> str:
        """A pull: a card of a field moved up two places (:attr:`PULLED`)."""
        where = self.field_of(e.get("seat"), e.get("field"), me, "deinem Feld")
        a, b = self.n(e.get("from")), self.n(e.get("to"))
        return self.fill(*self.PULLED, {"where": where, "a": a, "b": b})

    # --------------------------------------------------------------- table

    def legend(self) -> str:
        return self.w(
            "fields bottom -> top; the top card prices a field: ♀ a lady pays more than a man, "
            "a ·baby on top pays nothing",
            "Felder unten -> oben; die oberste Karte bestimmt den Preis: ♀ eine Dame bringt mehr "
            "als ein Mann, ein ·Baby oben bringt nichts",
        )

    def extra_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None
    ) -> list[str]:
        out = [self.legend()]
        if "third_fields_left" in obs:
            left = int(obs["third_fields_left"])
            out.append(
                self.w(
                    f"third fields left in the game: {left}" + ("" if left else " (none to buy)"),
                    f"dritte Felder noch im Spiel: {left}"
                    + ("" if left else " (keines zu kaufen)"),
                )
            )
        if obs.get("foist"):
            out.append(self.foist_line(obs, seat, kinds))
        return out

    def foist_line(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """A received card that must be planted at once (:attr:`ONTO`)."""
        foist = obs["foist"]
        en, de = self.ONTO
        words = {
            "who": self.seat_name(int(foist["seat"]), seat, kinds),
            "cards": self.cards(foist.get("cards", [])),
            "onto": self.w(en, de),
            "rule": self.rule("foist"),
        }
        return self.fill(
            "foist: {who} must plant the received {cards} at once {onto} ({rule})",
            "Zuschieben: {who} muss die erhaltene {cards} sofort {onto} pflanzen ({rule})",
            words,
        )

    def hidden_note(self) -> str:
        return self.w(
            "  ((♂ or ♀) after a bean type: a card named by its type only; a hand card's gender "
            "stays hidden until the deal, ladybohn §3.3)",
            "  ((♂ oder ♀) nach einer Bohnensorte: eine Karte nur mit ihrer Sorte genannt; das "
            "Geschlecht einer Handkarte bleibt bis zum Handel verborgen, ladybohn §3.3)",
        )

    def help(self) -> str:
        return super().help() + "\n" + self.w(HELP_EN, HELP_DE)


DESCRIBER = LadybohnDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Ladybohn: Bohnanza with men, ladies and babies of every bean type; every Bohnanza "
        "rule holds unless Ladybohn changes it. All genders of a type share a field; a card "
        "goes on top of a field whose top card is of its type, or on an empty field. A field "
        "counts all its cards and pays by the beanometer of its top card: ladies pay better "
        "than men, a baby on top pays nothing. A baby planted on a field with a lady of its "
        "type pulls one lady (your choice) up two places. Others see only the bean type of a "
        "hand card you offer. A baby you receive in a deal while you grow its type goes onto "
        "that field at once. A Garden field is paid with coins from the top of the discard "
        "pile."
    ),
    (
        "Ladybohn: Bohnanza mit Männern, Damen und Babys jeder Bohnensorte; jede Regel von "
        "Bohnanza gilt, wenn Ladybohn sie nicht ändert. Alle Geschlechter einer Sorte teilen "
        "sich ein Feld; eine Karte kommt oben auf ein Feld, dessen oberste Karte ihre Sorte "
        "hat, oder auf ein leeres Feld. Ein Feld zählt alle seine Karten und bringt, was das "
        "Bohnometer seiner obersten Karte sagt: Damen bringen mehr als Männer, ein Baby oben "
        "bringt nichts. Ein Baby, gepflanzt auf ein Feld mit einer Dame seiner Sorte, zieht "
        "eine Dame (deine Wahl) zwei Plätze nach oben. Andere sehen von einer angebotenen "
        "Handkarte nur die Bohnensorte. Ein Baby, das du im Handel bekommst, während du seine"
        " Sorte anbaust, kommt sofort auf dieses Feld. Ein Gartenbohnenfeld wird mit Münzen "
        "vom Ablagestapel bezahlt."
    ),
)
