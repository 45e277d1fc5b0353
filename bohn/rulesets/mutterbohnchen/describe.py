"""Mutterböhnchen in words: Ladybohn's genders and the mama's beans with
their quirks, coins face down, the little rascals' attacks, the Flitzer, the
final placement and the game for two."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar

from bohn.describe.base import Sentence
from bohn.engine.actions import Action
from bohn.engine.actions import Discard
from bohn.engine.actions import Drop
from bohn.engine.actions import Harvest
from bohn.engine.actions import Plant
from bohn.engine.actions import Take
from bohn.engine.actions import Uncover
from bohn.rulesets.ladybohn.describe import LadybohnDescriber
from bohn.rulesets.mutterbohnchen.actions import Attack
from bohn.rulesets.mutterbohnchen.actions import Pick
from bohn.rulesets.mutterbohnchen.actions import Use

HELP_EN = """\
Mutterböhnchen adds (and everything of Ladybohn above):
  plant f1 / plant f1 pull2
                          pulls are optional: plant f1 plants without one
  plant h4 f1             Hampelmann: plant any hand card in phase 1; also the
                          final placement (one hand card on each non-empty field)
  plant f1 kavalier       the Kavalier slips under the lady on top of field 1
  attack 2 f2             phase 1½: the baby on top of your field 2 attacks seat 2
  uncover / pass          turn up one more of the target's coins / stop
  take blaue              keep the turned-up blaue coin: it is planted at once
  harvest f1 / pass       as the target: harvest before your coins are turned up
  take flitzer / pass     accept / refuse the revealed Flitzer as a gift
  pick f2.3 / pick d2     a quirk's choice: the card at position 3 (1 = bottom) of
                          field 2, or at position 2 of the discard pile
Coins: known faces are public; starting coins lie face down, unseen even by you.
Mama's beans show their name and type, Cavalier/Blue bean; the table lists which
quirks act now. Every received card that fits a non-empty field is planted at once.
With two players (no trading):
  use p1 / discard p1     phase 1: take stack 1 of the opponent's offer to plant it
                          whole, or discard it whole; phase 4: take a stack you want
  plant t1 f2             plant a card of a taken stack (one type: one field)
  drop h3                 phase 2: discard hand card 3 (once a turn)
  plant f3                start your third field, if you hold the "3. Bohnenfeld" card
  pass                    phase 4: leave the other stacks as your opponent's offer
Harvesting with three fields loses the field harvested; harvest only on your turn.
"""

HELP_DE = """\
Mutterböhnchen fügt hinzu (und alles von Ladybohn oben):
  plant f1 / plant f1 pull2
                          Hochziehen ist freiwillig: plant f1 pflanzt ohne
  plant h4 f1             Hampelmann: in Phase 1 jede Handkarte pflanzen; auch beim
                          Schlusslegen (eine Handkarte auf jedes nicht leere Feld)
  plant f1 kavalier       der Kavalier schlüpft unter die Dame oben auf Feld 1
  attack 2 f2             Phase 1½: das Baby oben auf deinem Feld 2 greift Platz 2 an
  uncover / pass          eine Münze des Ziels mehr aufdecken / aufhören
  take blaue              die aufgedeckte blaue-Münze behalten: sie wird sofort gepflanzt
  harvest f1 / pass       als Ziel: ernten, bevor deine Münzen aufgedeckt werden
  take flitzer / pass     den aufgedeckten Flitzer als Geschenk annehmen / ablehnen
  pick f2.3 / pick d2     die Wahl einer Macke: die Karte an Position 3 (1 = unten) von
                          Feld 2 oder an Position 2 des Ablagestapels
Münzen: bekannte Seiten sind offen; Startmünzen liegen verdeckt, selbst für dich.
Mutterbohnen zeigen ihren Namen und ihre Sorte, Kavalier/Blaue Bohne; der Tisch zeigt,
welche Macken gerade wirken. Jede erhaltene Karte, die auf ein nicht leeres Feld passt,
wird sofort gepflanzt.
Zu zweit (ohne Handel):
  use p1 / discard p1     Phase 1: Stapel 1 des gegnerischen Angebots nehmen und ganz
                          pflanzen oder ganz ablegen; Phase 4: einen gewünschten Stapel nehmen
  plant t1 f2             eine Karte eines genommenen Stapels pflanzen (eine Sorte: ein Feld)
  drop h3                 Phase 2: Handkarte 3 ablegen (einmal pro Zug)
  plant f3                dein drittes Feld beginnen, wenn du die Karte "3. Bohnenfeld" hast
  pass                    Phase 4: die übrigen Stapel als Angebot für den Gegner lassen
Ernten mit drei Feldern kostet das abgeerntete Feld; ernten nur im eigenen Zug.
"""

#: the mama's beans' names as the English screen shows them (mutterbohnchen §1.2)
MAMA_NAMES = {
    "pruegelknabe": "Prügelknabe",
    "wuehler": "Wühler",
    "schuerzenjaeger": "Schürzenjäger",
}
#: what a lasting quirk does while it acts (top text: anywhere in a field;
#: the Schluckspecht: while on top), mutterbohnchen §4.7
LASTING_QUIRKS = {
    "faulpelz": (
        "his owner draws 2 fewer in his own turn",
        "sein Besitzer zieht im eigenen Zug 2 weniger",
    ),
    "wuehler": (
        "the baby on top of this field turns up 1 coin more",
        "das Baby oben auf diesem Feld deckt 1 Münze mehr auf",
    ),
    "choleriker": (
        "moves up 1 for each card planted on another field",
        "rückt für jede auf ein anderes Feld gepflanzte Karte 1 hoch",
    ),
    "warmduscher": (
        "his owner draws 2 fewer in his own turn, 1 after every other turn",
        "sein Besitzer zieht im eigenen Zug 2 weniger, nach jedem anderen Zug 1",
    ),
    "pruegelknabe": ("every gift is accepted", "jedes Geschenk wird angenommen"),
    "hampelmann": (
        "his owner plants from any hand position in phase 1",
        "sein Besitzer pflanzt in Phase 1 von jeder Handposition",
    ),
    "aktivist": (
        "every revealed Soy bean goes onto this field",
        "jede aufgedeckte Sojabohne kommt auf dieses Feld",
    ),
    "saufkumpan": (
        "this field holds Green bean and Blue bean",
        "dieses Feld nimmt Brechbohne und Blaue Bohne",
    ),
    "chauvischwein": (
        "every lady his owner plants goes to the bottom",
        "jede Dame, die sein Besitzer pflanzt, kommt nach unten",
    ),
    "messie": ("his owner skips phase 1", "sein Besitzer überspringt Phase 1"),
    "lichtgestalt": (
        "moves up 1 for each man planted",
        "rückt für jeden gepflanzten Mann 1 hoch",
    ),
    "macho": ("moves up 3 for each lady planted", "rückt für jede gepflanzte Dame 3 hoch"),
    "pistolenheld": (
        "this field holds Blue bean and Chili bean",
        "dieses Feld nimmt Blaue Bohne und Feuerbohne",
    ),
    "schluckspecht": (
        "every card his owner plants goes to the bottom",
        "jede Karte, die sein Besitzer pflanzt, kommt nach unten",
    ),
}
#: what a quirk does once, when its card is planted on top (centre text)
PLANTING_QUIRKS = {
    "arbeitstier": (
        "plant the back card of the hand at once",
        "die hinterste Handkarte sofort pflanzen",
    ),
    "loser": ("harvest one of the owner's fields", "eines der Felder des Besitzers abernten"),
    "frauenversteher": (
        "one lady of the owner's fields goes to the top of her field",
        "eine Dame der Felder des Besitzers kommt oben auf ihr Feld",
    ),
    "kotzbrocken": (
        "the field he lands on is harvested at once",
        "das Feld, auf dem er landet, wird sofort abgeerntet",
    ),
    "kameradenschwein": (
        "take the front hand card of the right-hand neighbour",
        "die vorderste Handkarte des rechten Nachbarn nehmen",
    ),
    "junggeselle": (
        "every Chili bean baby of the owner's fields goes to the discard pile",
        "jedes Feuerbohnen-Baby der Felder des Besitzers kommt auf den Ablagestapel",
    ),
    "schuerzenjaeger": (
        "take a lady from the discard pile to the back of the hand",
        "eine Dame vom Ablagestapel hinten auf die Hand nehmen",
    ),
    "kavalier": (
        "may slip under a lady on top of any field",
        "darf unter eine Dame oben auf einem beliebigen Feld schlüpfen",
    ),
}
#: what each quirk that asks its owner wants (phase ``quirk``)
QUIRK_ASKS = {
    "arbeitstier": (
        "plant the back card of your hand now (harvest first if it fits no field)",
        "pflanze jetzt die hinterste Karte deiner Hand (ernte zuerst, wenn sie auf kein Feld passt)",
    ),
    "loser": ("harvest one of your fields", "ernte eines deiner Felder"),
    "frauenversteher": (
        "pick a lady of your fields: she goes to the top of her own field",
        "wähle eine Dame deiner Felder: sie kommt oben auf ihr eigenes Feld",
    ),
    "junggeselle": (
        "pick the next Chili bean baby of your fields to discard (all of them go)",
        "wähle das nächste Feuerbohnen-Baby deiner Felder zum Ablegen (alle gehen)",
    ),
    "schuerzenjaeger": (
        "pick a lady of the discard pile (d1 = bottom) for the back of your hand",
        "wähle eine Dame des Ablagestapels (d1 = unten) für hinten auf deine Hand",
    ),
    "aktivist": (
        "plant the revealed Soy bean onto his field, with or without a pull",
        "pflanze die aufgedeckte Sojabohne auf sein Feld, mit oder ohne Hochziehen",
    ),
}
#: mama's beans that go to the bottom of their field, moving up as their owner plants
MOVER_KEYS = {"choleriker": 1, "lichtgestalt": 1, "macho": 3}
#: the 24 mama's beans' keys
MAMA_KEYS = frozenset(LASTING_QUIRKS) | frozenset(PLANTING_QUIRKS) | {"flitzer", "einsiedler"}


def gender_of(key: str) -> str:
    kind = key.partition("/")[2]
    return "lady" if kind == "lady" else "baby" if kind.startswith("baby") else "man"


class MutterbohnchenDescriber(LadybohnDescriber):
    """Ladybohn's words and the mama's beans'."""

    #: this ruleset's phases in words (English, German)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "attack": ("attacking", "Angreifen"),
        "defend": ("defending", "Verteidigen"),
        "turn-up": ("turning up coins", "Aufdecken von Münzen"),
        "capture": ("capturing beans", "Erbeuten von Bohnen"),
        "final-placement": ("the final placement", "die letzte Verteilung"),
        "quirk": ("a mama's bean's quirk", "die Eigenart einer Mutterbohne"),
        "flitzer-offer": ("the Streaker's offer", "das Angebot des Flitzers"),
        "use-offer": ("using the offer", "Verwenden des Angebots"),
        "offer": ("taking from the offer", "Nehmen aus dem Angebot"),
    }

    ORDER: ClassVar[tuple[type[Action], ...]] = LadybohnDescriber.order_with(
        Attack, Pick, Take, Uncover, last=(Drop,)
    )
    #: the rules behind forced moves: Bohnanza's where the refusals cite them,
    #: and this game's own (``rules/mutterbohnchen.md``)
    RULES: ClassVar[dict[str, str]] = {
        "plant-traded": "mutterbohnchen §3.3.5",
        "no-room-traded": "mutterbohnchen §3.3.4",
        "final-harvest": "mutterbohnchen §5.2",
        "foist": "mutterbohnchen §3.3.3",
        "capture": "mutterbohnchen §4.1.4",
        "quirk": "mutterbohnchen §4.7",
        "field-lost": "mutterbohnchen §3.5.1.3",
    }
    SHOWN: ClassVar[frozenset[str]] = LadybohnDescriber.SHOWN | {
        "attack",
        "turn-up",
        "capture",
        "attack-spent",
        "quirk",
        "steal",
        "flitzer-offer",
        "final-placement",
        "third-field",
        "field-lost",
        "stack-used",
        "stack-discarded",
        "drop",
        "to-offer",
        "offer-stacks",
        "coins-back",
    }

    #: a received (or captured) card planted at once, in words (Ladybohn's
    #: :attr:`~LadybohnDescriber.ONTO`): it goes wherever it fits
    ONTO: ClassVar[tuple[str, str]] = ("on a field it fits", "auf ein passendes Feld")
    FOIST_MUST: ClassVar[Sentence] = Sentence(
        "You must plant the {cards} at once on a non-empty field it fits: a card received (or "
        "captured) that fits a field goes there at once ({rule}).",
        "Du musst {cards} sofort auf ein passendes, nicht leeres Feld pflanzen: eine erhaltene "
        "(oder erbeutete) Karte, die auf ein Feld passt, kommt sofort dorthin ({rule}).",
    )
    FOIST_WHY: ClassVar[Sentence] = Sentence(
        " (at once: a received card that fits a field goes there, {rule})",
        " (sofort: eine erhaltene Karte, die auf ein Feld passt, kommt dorthin, {rule})",
    )
    #: a pull in words: any card may be pulled
    PULLED: ClassVar[Sentence] = Sentence(
        "pull on {where}: the card at position {a} moved up to {b}",
        "Hochziehen auf {where}: die Karte an Position {a} rückte auf {b}",
    )

    # ---------------------------------------------------------------- words

    def mama_bean(self, key: str) -> str | None:
        """The bean type of a mama's bean key, None for any other key."""
        t = self.table
        if key not in MAMA_KEYS or t is None:
            return None
        return t.bean_keys[t.bean[t.index[key]]]

    def mama_name(self, key: str) -> str:
        """A mama's bean's name: ``Schürzenjäger``."""
        if key in self.names:
            return self.name(key)
        return MAMA_NAMES.get(key, key.capitalize())

    def label(self, key: str) -> str:
        """A mama's bean shows its name and bean type: ``Cavalier/Blue bean``
        (no parentheses: a card is often named inside some)."""
        if "/" not in key:
            mama = self.mama_bean(key)
            if mama:
                return f"{self.mama_name(key)}/{self.name(mama)}"
        return super().label(key)

    def bean_of(self, key: str) -> str:
        return self.mama_bean(key) or key.partition("/")[0]

    def gender_word(self, gender: str) -> str:
        return self.w(gender, {"lady": "Dame", "baby": "Baby", "man": "Mann"}.get(gender, gender))

    def quirk(self, table: dict[str, tuple[str, str]], key: str) -> str:
        en, de = table.get(key, ("", ""))
        return self.w(en, de)

    def coin_text(self, p: dict[str, Any]) -> str:
        """A seat's coins: the known faces and the face-down count."""
        known = list(p.get("known_coins", []))
        blind = int(p.get("blind_coins", 0))
        if known:
            text = self.w(
                f"coins: {self.counted(known)} known", f"Münzen: {self.counted(known)} bekannt"
            )
        else:
            text = self.w("coins: none known", "Münzen: keine bekannt")
        if blind:
            return text + self.w(
                f"; {blind} face down (nobody has seen them)",
                f"; {blind} verdeckt (niemand hat sie gesehen)",
            )
        return text + self.w("; none face down", "; keine verdeckt")

    def quirk_lines(self, p: dict[str, Any]) -> list[str]:
        """The mama's beans in a seat's fields and whether their quirks act now."""
        out = []
        for f, fld in enumerate(p.get("fields", [])):
            for j, key in enumerate(fld):
                if self.mama_bean(key) is None:
                    continue
                on_top = j == len(fld) - 1
                name = self.mama_name(key)
                n, k = self.n(f), self.n(j)
                where = (
                    self.w(f"{name} in field {n} (on top)", f"{name} auf Feld {n} (oben)")
                    if on_top
                    else self.w(
                        f"{name} in field {n} (position {k})", f"{name} auf Feld {n} (Position {k})"
                    )
                )
                lasting = self.quirk(LASTING_QUIRKS, key)
                planting = self.quirk(PLANTING_QUIRKS, key)
                if key == "schluckspecht" and not on_top:
                    state = self.w(
                        f"covered: {lasting} only while on top", f"verdeckt: {lasting} nur oben"
                    )
                elif key in LASTING_QUIRKS:
                    state = self.w(f"ACTIVE: {lasting}", f"AKTIV: {lasting}")
                elif key in PLANTING_QUIRKS:
                    state = self.w(
                        f"acts only when planted on top ({planting})",
                        f"wirkt nur, wenn oben gepflanzt ({planting})",
                    )
                elif key == "einsiedler":
                    state = self.w("no quirk; pays 1 on top", "keine Macke; bringt oben 1")
                else:
                    state = self.w("no quirk once planted", "keine Macke, sobald gepflanzt")
                if key == "loser" and on_top:
                    state += self.w(
                        "; this field pays 0 while he is on top",
                        "; dieses Feld bringt 0, solange er oben liegt",
                    )
                out.append(f"{where}: {state}")
        return out

    # ------------------------------------------------------------- actions

    def asking(
        self,
        obs: dict[str, Any],
        seat: int,
        legal: list[Action],
        events: list[dict[str, Any]],
    ) -> str | None:
        """Which mama's bean asks ``seat`` in phase ``quirk`` (the observation
        does not name it): read from the choices, else from the last plantings."""
        if obs.get("phase") != "quirk" or not legal:
            return None
        me = obs["seats"][seat]
        for a in legal:
            if isinstance(a, Pick):
                if a.ref.startswith("d"):
                    return "schuerzenjaeger"
                i, _, j = a.ref[1:].partition(".")
                try:
                    key = str(me["fields"][int(i)][int(j)])
                except (IndexError, ValueError):
                    continue
                return "frauenversteher" if gender_of(key) == "lady" else "junggeselle"
            if isinstance(a, Plant):
                return "aktivist" if a.traded is not None else "arbeitstier"
        for e in reversed(events):
            if e.get("type") == "plant" and e.get("seat") == seat and e.get("card") in QUIRK_ASKS:
                return str(e["card"])
        return None

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        text = self.mb_action(a, obs, seat, self.fld_fn(obs["seats"][seat]))
        return text if text is not None else super().action(a, obs, seat, price)

    def plant(
        self, a: Plant, obs: dict[str, Any], me: dict[str, Any], fld: Callable[[int], str]
    ) -> str:
        """The card, the field, where it lands (top, bottom, under the lady),
        the optional pull, the card's own quirk and the movers it moves."""
        table = self.table
        if table is None:
            return super().plant(a, obs, me, fld)
        phase = obs.get("phase")
        ref, key = self.planted_card(a, me)
        what = self.plant_what(a, phase, ref, key)
        fields = me["fields"]
        keys = [str(k) for k in fields[a.field]] if a.field < len(fields) else []
        verb = self.w("", " legen") if phase == "final-placement" else self.w("", " pflanzen")
        text = self.w(f"{what} on {fld(a.field)}", f"{what} auf {fld(a.field)}{verb}")
        if key not in table.index:
            return text
        after = list(keys)
        where, landing = self.plant_landing(a, key, keys, fields, after)
        text += landing + self.plant_pull(a, keys, after)
        if where == "top":
            text += self.planting_quirk_text(a, key, keys)
        text += self.plant_movers(a, key, fields)
        top = table.index.get(after[-1], table.index[key])
        pays = table.pays_for(top, len(after))
        if self.bean_of(after[-1]) != "garten":
            pays = min(pays, len(after))
        return text + self.w("; then ", "; dann ") + self.stack_text(after, pays)

    def plant_what(self, a: Plant, phase: Any, ref: str, key: str) -> str:
        """What a planting plants, as the phase asks for it: a received card,
        the final placement, a quirk's card, a traded card, the Hampelmann's
        hand card or the front card."""
        card = self.label(key)
        if ref == "h0":
            name = self.w(f"{card} (front card)", f"{card} (vorderste Karte)")
        elif ref.startswith("h"):
            pos = self.n(ref[1:])
            name = self.w(f"{card} (hand card {pos})", f"{card} (Handkarte {pos})")
        else:
            name = card
        if phase == "foist":
            return self.w(f"plant the received {name} at once", f"die erhaltene {name} sofort")
        if phase == "final-placement":
            return self.w(f"final placement: put {name}", f"Schlusslegen: {name}")
        if phase == "quirk" and a.traded is not None:
            return self.w(
                f"{self.mama_name('aktivist')}: plant the revealed {name}",
                f"{self.mama_name('aktivist')}: die aufgedeckte {name}",
            )
        if phase == "quirk":
            return self.w(
                f"{self.mama_name('arbeitstier')}: plant your back card {name}",
                f"{self.mama_name('arbeitstier')}: deine hinterste Karte {name}",
            )
        if a.traded is not None:
            return self.w(
                f"plant {card} from your trading area",
                f"{card} aus deinem Handelsbereich",
            )
        if a.card and phase == "plant":
            # the position once, with the card's name after it
            pos = self.n(ref[1:])
            return self.w(
                f"{self.mama_name('hampelmann')}: plant hand card {pos} ({card})",
                f"{self.mama_name('hampelmann')}: Handkarte {pos} ({card})",
            )
        return self.w(f"plant {name}", name)

    def plant_landing(
        self, a: Plant, key: str, keys: list[str], fields: list[Any], after: list[str]
    ) -> tuple[str, str]:
        """Where a planted card lands (``top``, ``under`` the lady, ``bottom``)
        and why in words; ``after`` (the field's cards) gets the card there."""
        mine = [str(k) for f in fields for k in f]
        tops = [str(f[-1]) for f in fields if f]
        if a.mode == "kavalier" or (
            key == "kavalier"
            and a.mode is None
            and keys
            and gender_of(keys[-1]) == "lady"
            and all(self.bean_of(k) != "blaue" for k in keys)
        ):
            after.insert(len(after) - 1, key)
            return "under", self.w(
                f", slipping under the lady on top ({self.mama_name('kavalier')})",
                f", dabei unter die Dame oben schlüpfend ({self.mama_name('kavalier')})",
            )
        if key in MOVER_KEYS:
            after.insert(0, key)
            return "bottom", self.w(
                ", at the bottom (he moves up as you plant)",
                ", ganz unten (er rückt hoch, während du pflanzt)",
            )
        if "schluckspecht" in tops:
            after.insert(0, key)
            return "bottom", self.w(
                f", at the bottom (your {self.mama_name('schluckspecht')} is on top)",
                f", ganz unten (dein {self.mama_name('schluckspecht')} liegt oben)",
            )
        if gender_of(key) == "lady" and "chauvischwein" in mine:
            after.insert(0, key)
            return "bottom", self.w(
                f", at the bottom (your {self.mama_name('chauvischwein')})",
                f", ganz unten (dein {self.mama_name('chauvischwein')})",
            )
        after.append(key)
        return "top", ""

    def plant_pull(self, a: Plant, keys: list[str], after: list[str]) -> str:
        """The optional pull of a planting (``pull2``: the card at position 3
        moves up two places) in words; ``after`` gets the card moved."""
        if a.mode is None or not a.mode.startswith("pull") or not a.mode[4:].isdigit():
            return ""
        k = int(a.mode[4:])
        if k >= len(keys):
            return ""
        pulled = self.gender_word(gender_of(keys[k]))
        moved = after.pop(k)
        after.insert(min(k + 2, len(after)), moved)
        return self.w(
            f", pulling the {pulled} at position {self.n(k)} (1 = bottom) up two places",
            f", dabei die Karte ({pulled}) an Position {self.n(k)} (1 = unten) zwei "
            "Plätze hochziehen",
        )

    def planting_quirk_text(self, a: Plant, key: str, keys: list[str]) -> str:
        """The quirk a card planted on top does once, where it acts: none for
        a traded card whose quirk needs the hand, nor the Kotzbrocken on an
        empty field."""
        if key not in PLANTING_QUIRKS or key == "kavalier":
            return ""
        needs_hand = key in ("kameradenschwein", "junggeselle", "schuerzenjaeger")
        if (needs_hand and a.traded is not None) or (key == "kotzbrocken" and not keys):
            return ""
        quirk = self.quirk(PLANTING_QUIRKS, key)
        return self.w(f"; his quirk: {quirk}", f"; seine Macke: {quirk}")

    def plant_movers(self, a: Plant, key: str, fields: list[Any]) -> str:
        """The movers of my fields a planting moves up (the Choleriker for a
        card on another field, the Lichtgestalt for a man, the Macho for a lady)."""
        mine = [str(k) for f in fields for k in f]
        gender = gender_of(key)
        movers = []
        for m, steps in MOVER_KEYS.items():
            if m == key or m not in mine:
                continue
            mf = next(f for f, cards in enumerate(fields) if m in cards)
            if (
                (m == "choleriker" and mf != a.field)
                or (m == "lichtgestalt" and gender == "man")
                or (m == "macho" and gender == "lady")
            ):
                movers.append(
                    self.w(
                        f"your {self.mama_name(m)} moves up {steps}",
                        f"dein {self.mama_name(m)} rückt {steps} hoch",
                    )
                )
        return "; " + ", ".join(movers) if movers else ""

    def mb_action(
        self, a: Action, obs: dict[str, Any], seat: int, fld: Callable[[int], str]
    ) -> str | None:
        """Mutterböhnchen's own actions (None: not one of them)."""
        me = obs["seats"][seat]
        if isinstance(a, Attack):
            return self.attack_action(a, obs, me)
        if isinstance(a, Use | Discard | Drop):
            return self.two_player_action(a, obs, me)
        if isinstance(a, Pick):
            return self.pick_action(a, obs, me, fld)
        if isinstance(a, Uncover) and obs.get("phase") == "turn-up":
            return self.uncover_action(obs)
        if isinstance(a, Take):
            return self.take_action(a, obs)
        if isinstance(a, Harvest):
            return self.harvest_action(a, obs, fld)
        return None

    def attack_action(self, a: Attack, obs: dict[str, Any], me: dict[str, Any]) -> str:
        """An attack by the baby on top of a field: the target's coins, known
        and face down, and how many it may turn up."""
        att = obs.get("attack") or {}
        reach = dict((int(f), int(n)) for f, n in att.get("open", []))
        fields = me["fields"]
        baby = (
            self.label(str(fields[a.field][-1]))
            if a.field < len(fields) and fields[a.field]
            else "?"
        )
        tp = obs["seats"][a.target] if 0 <= a.target < len(obs["seats"]) else {}
        n = reach.get(a.field)
        coins, known = int(tp.get("coins", 0)), len(tp.get("known_coins", []))
        blind = int(tp.get("blind_coins", 0))
        on = self.n(a.field)
        if self.de:
            can = f"deckt bis zu {self.coins(n)}" if n is not None else "deckt Münzen"
            return (
                f"{self.seat_start(a.target)} mit dem {baby} oben auf deinem Feld {on} "
                "angreifen: "
                f"{can} von seinen {coins} auf ({known} bekannt, {blind} verdeckt); du "
                "behältst eine, die auf ein Feld passt"
            )
        can = f"turns up to {self.coins(n)}" if n is not None else "turns up coins"
        return (
            f"attack {self.seat(a.target)} with the {baby} on top of your field {on}: {can} of "
            f"its {coins} ({known} known, {blind} face down); you keep one that fits a field"
        )

    def pick_action(
        self, a: Pick, obs: dict[str, Any], me: dict[str, Any], fld: Callable[[int], str]
    ) -> str:
        """A quirk's choice: the Schürzenjäger's lady of the discard pile, the
        Frauenversteher's lady or the Junggeselle's baby on a field."""
        if a.ref.startswith("d"):
            discard = obs.get("discard", [])
            i = int(a.ref[1:])
            card = self.label(str(discard[i])) if i < len(discard) else "?"
            pos = self.n(i)
            return self.w(
                f"{self.mama_name('schuerzenjaeger')}: take the {card} at position {pos} of "
                "the discard pile (1 = bottom) to the back of your hand",
                f"{self.mama_name('schuerzenjaeger')}: die {card} an Position {pos} des "
                "Ablagestapels (1 = unten) hinten auf deine Hand nehmen",
            )
        f_, _, j_ = a.ref[1:].partition(".")
        f, j = int(f_), int(j_)
        cards = me["fields"][f] if f < len(me["fields"]) else []
        key = str(cards[j]) if j < len(cards) else "?"
        pos = self.n(j)
        if gender_of(key) == "lady":
            return self.w(
                f"{self.mama_name('frauenversteher')}: the {self.label(key)} at position "
                f"{pos} of {fld(f)} goes to the top of her field",
                f"{self.mama_name('frauenversteher')}: die {self.label(key)} an Position "
                f"{pos} von {fld(f)} kommt oben auf ihr Feld",
            )
        return self.w(
            f"{self.mama_name('junggeselle')}: discard the {self.label(key)} at position "
            f"{pos} of {fld(f)}",
            f"{self.mama_name('junggeselle')}: {self.label(key)} an Position {pos} von "
            f"{fld(f)} ablegen",
        )

    def uncover_action(self, obs: dict[str, Any]) -> str:
        """One more of the target's coins turned up, with those turned up so far."""
        att = obs.get("attack") or {}
        turned = self.cards(att.get("turned") or [])
        reach_n = self.coins(int(att.get("reach", 0)))
        return self.w(
            f"turn up one more coin (turned up: {turned}; this attack may turn up {reach_n})",
            f"eine Münze mehr aufdecken (aufgedeckt: {turned}; dieser Angriff darf "
            f"{reach_n} aufdecken)",
        )

    def take_action(self, a: Take, obs: dict[str, Any]) -> str:
        """The Flitzer taken as a gift, or a turned-up coin captured."""
        if obs.get("phase") == "flitzer-offer":
            return self.w(
                f"take the {self.mama_name('flitzer')} as a gift (he is planted on a field he fits, else kept to plant)",
                f"den {self.mama_name('flitzer')} als Geschenk nehmen (er wird auf ein passendes Feld gepflanzt, sonst "
                "zum Pflanzen behalten)",
            )
        coin = self.label(a.bean)
        return self.w(
            f"take the turned-up {coin} coin: it must be planted on a field it fits at "
            "once; the other coins go back",
            f"die aufgedeckte {coin}-Münze nehmen: sie muss sofort auf ein passendes Feld "
            "gepflanzt werden; die anderen Münzen gehen zurück",
        )

    #: the harvests the phase asks for, in words (``{field}``: the field)
    HARVESTS: ClassVar[dict[str, Sentence]] = {
        "defend": Sentence(
            "harvest {field} before your coins are turned up",
            "{field} abernten, bevor deine Münzen aufgedeckt werden",
        ),
        "quirk": Sentence(
            "harvest {field} (the quirk asks for it)", "{field} abernten (die Macke verlangt es)"
        ),
    }

    def harvest_action(
        self, a: Harvest, obs: dict[str, Any], fld: Callable[[int], str]
    ) -> str | None:
        """A harvest of the attack's target or for a quirk (:attr:`HARVESTS`;
        None: the bean game's)."""
        words = self.HARVESTS.get(str(obs.get("phase")))
        return self.fill(*words, {"field": fld(a.field)}) if words else None

    #: what passing gives up in each of Mutterböhnchen's phases (:meth:`pass_text`)
    PASSES: ClassVar[dict[str, Sentence]] = {
        "attack": Sentence(
            "pass: give up every attack still open this turn",
            "passen: jeden in diesem Zug noch offenen Angriff aufgeben",
        ),
        "defend": Sentence(
            "pass: harvest nothing more; your coins are shuffled and turned up",
            "passen: nichts mehr ernten; deine Münzen werden gemischt und aufgedeckt",
        ),
        "turn-up": Sentence("pass: turn up no more coins", "passen: keine Münzen mehr aufdecken"),
        "flitzer-offer": Sentence(
            "pass: do not take the {flitzer}", "passen: den {flitzer} nicht nehmen"
        ),
        "final-placement": Sentence(
            "pass: place no more cards; your final placement ends",
            "passen: keine Karten mehr legen; dein Schlusslegen endet",
        ),
        "plant": Sentence(
            "pass: end phase 2 (plant no more, discard nothing more)",
            "passen: Phase 2 beenden (nichts mehr pflanzen, nichts mehr ablegen)",
        ),
        "offer": Sentence(
            "pass: leave the other stacks as your opponent's offer; draw 2",
            "passen: die übrigen Stapel als Angebot für den Gegner lassen; 2 ziehen",
        ),
    }

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        """Besides Ladybohn's (a card received that must be planted at once,
        :attr:`FOIST_MUST`): a captured coin to take, a quirk's demand, the
        Hampelmann's free choice of the card to plant."""
        phase = obs.get("phase")
        if phase == "capture" and obs.get("active") == seat and legal:
            return self.w(
                "You must take one of the turned-up coins that fits a non-empty field of yours: "
                f"it is planted at once, the others go back ({self.rule('capture')}).",
                "Du musst eine der aufgedeckten Münzen nehmen, die auf eines deiner nicht leeren "
                f"Felder passt: sie wird sofort gepflanzt, die anderen gehen zurück "
                f"({self.rule('capture')}).",
            )
        quirk = obs.get("quirk")
        if phase == "quirk" and quirk and int(quirk.get("seat", -1)) == seat:
            key = str(quirk.get("card"))
            name, ask = self.mama_name(key), self.quirk(QUIRK_ASKS, key)
            if ask:
                return self.w(
                    f"Your {name} asks: {ask} ({self.rule('quirk')}).",
                    f"Dein {name} verlangt: {ask} ({self.rule('quirk')}).",
                )
        hampelmann = self.free_choice(obs, seat, legal, self.mama_name("hampelmann"), "quirk")
        return hampelmann or super().forced(obs, seat, legal)

    def two_player_action(self, a: Action, obs: dict[str, Any], me: dict[str, Any]) -> str:
        """The game for two's own actions: a stack used or discarded, a hand
        card discarded."""
        if isinstance(a, Drop):
            hand = me.get("hand", [])
            card = self.label(str(hand[a.card])) if a.card < len(hand) else "?"
            k = self.n(a.card)
            return self.w(
                f"discard hand card {k} ({card}); once a turn, in phase 2",
                f"Handkarte {k} ({card}) ablegen; einmal pro Zug, in Phase 2",
            )
        stacks = obs.get("offer") or []
        pile = a.pile if isinstance(a, Use | Discard) else -1
        cards = self.stack_text(list(stacks[pile])) if 0 <= pile < len(stacks) else "?"
        k = self.n(pile)
        if isinstance(a, Use):
            return self.w(
                f"take stack {k} ({cards}) to plant it, all on one field",
                f"Stapel {k} ({cards}) nehmen und alles auf ein Feld pflanzen",
            )
        return self.w(f"discard stack {k} ({cards}) whole", f"Stapel {k} ({cards}) ganz ablegen")

    # -------------------------------------------------------------- events

    #: Mutterböhnchen's events (:meth:`Describer.event`): a sentence, or the
    #: method that words one (None: Ladybohn's or the bean game's words it)
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "starting-coins": "starting_coins_event",
        "attack": Sentence(
            "{who} attacks {target} with the baby on top of field {field}",
            "{who} greift {target} mit dem Baby oben auf Feld {field} an",
        ),
        "shuffle": "coin_shuffle_event",
        "turn-up": "turn_up_event",
        "capture": "capture_event",
        "attack-spent": Sentence(
            "{target} has no coins: the attack is spent",
            "{target} hat keine Münzen: der Angriff ist verpufft",
        ),
        "steal": "steal_event",
        "flitzer-offer": "flitzer_offer_event",
        "final-placement": "final_placement_event",
        "quirk": "quirk_event",
        # the game for two's
        "third-field-card": Sentence(
            "{who} holds the third-field card",
            "{who} hat die Karte für das dritte Feld",
        ),
        "third-field": Sentence(
            "{who} started a third field (field {field}); the card goes to the opponent",
            "{who} begann ein drittes Feld (Feld {field}); die Karte geht an den Gegner",
        ),
        "field-lost": "field_lost_event",
        "stack-used": Sentence(
            "{who} took the stack {cards} to plant it",
            "{who} nahm den Stapel {cards} zum Pflanzen",
        ),
        "stack-discarded": Sentence(
            "{who} discarded the stack {cards}",
            "{who} legte den Stapel {cards} ab",
        ),
        "drop": Sentence(
            "{who} discarded {card} from the hand", "{who} legte {card} von der Hand ab"
        ),
        "to-offer": Sentence(
            "{card} from the discard pile joins the offer",
            "{card} vom Ablagestapel kommt zum Angebot",
        ),
        "offer-stacks": "offer_stacks_event",
        "coins-back": Sentence(
            "the coins set aside go back to {who}: {cards}",
            "die beiseitegelegten Münzen gehen zurück an {who}: {cards}",
        ),
    }

    def slot(self, e: dict[str, Any], me: int, name: str) -> str:
        """Mutterböhnchen's words of an event besides Ladybohn's: ``mama`` the
        event's mama's bean with its owner (``your Wühler``), a mama's bean by
        its key (``{flitzer}``: its name), and by name the cards a quirk
        ``takes``, ``taken``, ``plants`` or ``moved``."""
        if name == "mama":
            card, s = self.mama_name(str(e.get("card"))), e.get("seat")
            if self.de and s != me:
                return f"{card} von {self.seat(s)}"
            return f"{self.whose(s, me)} {card}"
        if name in MAMA_KEYS:
            return self.mama_name(name)
        if name in ("takes", "taken", "plants", "moved"):
            return self.label(str(e.get(name)))
        return super().slot(e, me, name)

    def starting_coins_event(self, e: dict[str, Any], me: int) -> str:
        """A seat's starting coins, dealt face down: nobody sees them."""
        n = int(e.get("count", 0))
        unseen = self.w(" (not even you see them)", " (nicht einmal du siehst sie)")
        return self.say(
            e,
            me,
            "{who} got {n} face-down starting coin{s}{unseen}",
            "{who} bekam {n} verdeckte Startmünze{s}{unseen}",
            n=str(n),
            s=self.w("s", "n") if n != 1 else "",
            unseen=unseen if e.get("seat") == me else "",
        )

    def coin_shuffle_event(self, e: dict[str, Any], me: int) -> str | None:
        """A seat's coins shuffled face down (None: another pile, the bean game's)."""
        pile = str(e.get("pile", ""))
        if not pile.endswith("coins"):
            return None
        return self.w(
            f"{self.pile_name(pile)} were shuffled face down ({e.get('size', '?')})",
            f"{self.shuffled(pile)} verdeckt gemischt ({e.get('size', '?')})",
        )

    def turn_up_event(self, e: dict[str, Any], me: int) -> str:
        """One of the target's coins turned up."""
        card = self.label(str(e.get("card")))
        if self.de:
            owner = (
                "deinen Münzen"
                if e.get("target") == me
                else f"den Münzen von {self.seat(e.get('target'))}"
            )
            return f"eine von {owner} aufgedeckt: {card}"
        return f"turned up one of {self.whose(e.get('target'), me)} coins: {card}"

    def owner(self, s: Any, me: int) -> str:
        """Whose card it is, before its name: ``your``, ``seat 2's``; German
        ``deine``, ``die von Platz 2``."""
        return self.w(self.whose(s, me), "deine" if s == me else f"die von {self.seat(s)}")

    def capture_event(self, e: dict[str, Any], me: int) -> str:
        """A turned-up coin captured, which is planted at once."""
        rule = self.rule("capture")
        self.expect(
            "plant",
            e.get("seat"),
            e.get("card"),
            self.w(f" (a captured coin, {rule})", f" (eine erbeutete Münze, {rule})"),
        )
        return self.say(
            e,
            me,
            "{who} captured {owner} {card} coin; a captured coin that fits a field is planted at "
            "once ({rule})",
            "{who} erbeutete {owner} {card}-Münze; eine erbeutete Münze, die auf ein Feld passt, "
            "wird sofort gepflanzt ({rule})",
            owner=self.owner(e.get("target"), me),
        )

    def steal_event(self, e: dict[str, Any], me: int) -> str:
        """The Kameradenschwein's theft of a neighbour's front hand card."""
        return self.say(
            e,
            me,
            "{who} took {owner} front hand card{got} ({kameradenschwein})",
            "{who} nahm {owner} vorderste Handkarte{got} ({kameradenschwein})",
            owner=self.owner(e.get("from"), me),
            got=f" ({self.label(str(e.get('card')))})" if "card" in e else "",
        )

    def flitzer_offer_event(self, e: dict[str, Any], me: int) -> str:
        """The revealed Flitzer offered to a seat as a gift."""
        return self.say(
            e,
            me,
            "the {flitzer} is offered to {who} as a gift",
            "der {flitzer} wird {whom} als Geschenk angeboten",
            whom="dir" if e.get("seat") == me else self.who(e.get("seat"), me),
        )

    def final_placement_event(self, e: dict[str, Any], me: int) -> str:
        """A seat's final placement begins: a hand card on each non-empty field."""
        mine = e.get("seat") == me
        return self.say(
            e,
            me,
            "final placement: {who} may put one hand card on each of {their} non-empty fields",
            "Schlusslegen: {who} darf auf jedes {their} nicht leeren Felder eine Handkarte legen",
            their=self.w("your", "deiner") if mine else self.w("their", "seiner"),
        )

    def planted_on(self, e: dict[str, Any]) -> str:
        """A card planted at the bottom of a field, or under the lady on top."""
        if e.get("bottom"):
            return self.w("at the bottom of", "ganz unten auf")
        if e.get("under_lady"):
            return self.w("under the lady on top of", "unter die Dame oben auf")
        return super().planted_on(e)

    def foist_event(self, e: dict[str, Any], me: int) -> str:
        """A received or captured card that fits a field, to be planted at once."""
        if ("plant", e.get("seat"), e.get("card")) in self.pending:  # a captured coin
            return self.had_to_plant(e, me, self.w("captured", "erbeutete"), self.rule("capture"))
        return super().foist_event(e, me)

    def field_lost_event(self, e: dict[str, Any], me: int) -> str:
        """A field harvested with three fields is lost (the game for two)."""
        return self.say(
            e,
            me,
            "{where} is gone: a player with three fields loses the field he harvests ({rule})",
            "{where} ist weg: wer drei Felder hat, verliert das Feld, das er aberntet ({rule})",
            where=self.field_of(e.get("seat"), e.get("field"), me, "dein Feld", "das Feld"),
        )

    def offer_stacks_event(self, e: dict[str, Any], me: int) -> str:
        """The offer's stacks (the game for two)."""
        text = "   ".join(self.stack_text(list(st)) for st in e.get("stacks") or [])
        return self.w("the offer: ", "das Angebot: ") + (text or self.w("empty", "leer"))

    #: the mama's beans whose quirk has words of its own: their key, and a
    #: sentence (``{mama}``: the bean, with its owner) or the method that
    #: words the quirk (None: :meth:`quirk_effect`'s words)
    QUIRK_EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "flitzer": "flitzer_quirk",
        "messie": Sentence(
            "{mama}: no planting from the hand this turn",
            "{mama}: in diesem Zug kein Pflanzen von der Hand",
        ),
        "pruegelknabe": Sentence(
            "{mama}: the gift is accepted at once",
            "{mama}: das Geschenk wird sofort angenommen",
        ),
        "aktivist": "aktivist_quirk",
        "kameradenschwein": "kameradenschwein_quirk",
        "schuerzenjaeger": Sentence(
            "{mama} took {taken} from the discard pile",
            "{mama} nahm {taken} vom Ablagestapel",
        ),
        "arbeitstier": "arbeitstier_quirk",
    }

    def quirk_event(self, e: dict[str, Any], me: int) -> str:
        """A mama's bean's quirk acting, by :attr:`QUIRK_EVENTS`, else what it
        did to its field (:meth:`quirk_effect`)."""
        line: str | None = self.by_table("QUIRK_EVENTS", str(e.get("card")), e, me)
        return line if line is not None else self.quirk_effect(e, me)

    def quirk_reason(self, key: str) -> str:
        """Why a planting or harvest happened: `` (the Aktivist's quirk,
        mutterbohnchen §4.7)``."""
        name, rule = self.mama_name(key), self.rule("quirk")
        return self.w(f" ({name}'s quirk, {rule})", f" (Macke des {name}, {rule})")

    def flitzer_quirk(self, e: dict[str, Any], me: int) -> str:
        """The Flitzer goes to the seat that plants him."""
        why = self.say(e, me, " (the {flitzer}, {rule})", " (der Flitzer, {rule})")
        self.expect("plant", e.get("seat"), "flitzer", why)
        return self.say(e, me, "the {flitzer} goes to {who}", "der {flitzer} geht an {who}")

    def aktivist_quirk(self, e: dict[str, Any], me: int) -> str:
        """The Aktivist takes the revealed Soy bean onto his field."""
        self.expect("plant", e.get("seat"), e.get("takes"), self.quirk_reason("aktivist"))
        return self.say(
            e,
            me,
            "{mama} takes the revealed {takes} onto his field",
            "{mama} nimmt die aufgedeckte {takes} auf sein Feld",
        )

    def kameradenschwein_quirk(self, e: dict[str, Any], me: int) -> str:
        """The Kameradenschwein takes the neighbour's front hand card."""
        return self.say(
            e,
            me,
            "{mama}: {owner} front hand card is taken",
            "{mama}: die vorderste Handkarte von {from} wird genommen",
            owner=self.whose(e.get("from"), me),
        )

    def arbeitstier_quirk(self, e: dict[str, Any], me: int) -> str | None:
        """The Arbeitstier plants the back hand card (None: no card named)."""
        if "plants" not in e:
            return None
        self.expect("plant", e.get("seat"), e["plants"], self.quirk_reason("arbeitstier"))
        return self.say(
            e,
            me,
            "{mama}: the back hand card {plants} is planted ({rule})",
            "{mama}: die hinterste Handkarte {plants} wird gepflanzt ({rule})",
        )

    def quirk_effect(self, e: dict[str, Any], me: int) -> str:
        """What a quirk did to a field: a mover moved up, a card brought to
        the top or discarded, the field harvested; else that it acts."""
        if "to" in e:
            return self.say(
                e,
                me,
                "{mama} moved up to position {k} of field {field}",
                "{mama} rückte auf Position {k} von Feld {field} hoch",
                k=self.n(e["to"]),
            )
        if "moved" in e and e.get("card") == "frauenversteher":
            return self.say(
                e,
                me,
                "{mama} brought {moved} to the top of field {field}",
                "{mama} brachte {moved} nach oben auf Feld {field}",
            )
        if "moved" in e:
            return self.say(
                e,
                me,
                "{mama} discarded {moved} from field {field}",
                "{mama} legte {moved} von Feld {field} ab",
            )
        if "field" in e:
            reason = self.quirk_reason(str(e.get("card")))
            self.expect("harvest", e.get("seat"), e.get("field"), reason)
            return self.say(
                e,
                me,
                "{mama}: field {field} is harvested ({rule})",
                "{mama}: Feld {field} wird abgeerntet ({rule})",
            )
        return self.say(e, me, "{mama} acts", "{mama} wirkt")

    # --------------------------------------------------------------- table

    def seat_field_line(self, obs: dict[str, Any], s: int, p: dict[str, Any], f: int) -> str:
        if "open_fields" in p and f not in p["open_fields"]:
            holds = obs.get("third_field_card") == s
            return self.w(
                f"f{self.n(f)}: not a field"
                + (" (may start one here: holds the third-field card)" if holds else ""),
                f"f{self.n(f)}: kein Feld"
                + (
                    " (darf hier eines beginnen: hat die Karte für das dritte Feld)"
                    if holds
                    else ""
                ),
            )
        return super().seat_field_line(obs, s, p, f)

    def compact_field(
        self, obs: dict[str, Any], s: int, p: dict[str, Any], f: int, whole: bool = True
    ) -> str:
        if "open_fields" in p and f not in p["open_fields"]:
            return self.w("no field", "kein Feld")
        return super().compact_field(obs, s, p, f, whole)

    def own_field(self, obs: dict[str, Any], seat: int, me: dict[str, Any], f: int) -> str:
        if "open_fields" in me and f not in me["open_fields"]:
            return self.seat_field_line(obs, seat, me, f)
        return super().own_field(obs, seat, me, f)

    def seat_extras(self, obs: dict[str, Any], p: dict[str, Any]) -> list[str]:
        if "blind_coins" in p:  # known faces and face-down starting coins
            return [self.coin_text(p), *self.quirk_lines(p)]
        return super().seat_extras(obs, p)

    def compact_extras(self, obs: dict[str, Any], p: dict[str, Any]) -> list[str]:
        """The compact table names a seat's coins only when some faces are
        known (the count is on the seat's line), and its acting quirks: six
        players' lines then fit a 24-line terminal."""
        if "blind_coins" not in p:
            return super().compact_extras(obs, p)
        known = list(p.get("known_coins", []))
        kept = [self.w("coins known: ", "bekannte Münzen: ") + self.counted(known)] if known else []
        kept += self.quirk_lines(p)
        return ["    " + "; ".join(kept)] if kept else []

    def extra_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None
    ) -> list[str]:
        # nobody buys a field; a foisted card: below
        return [self.legend(), *self.open_lines(obs, seat, kinds, asking)]

    def open_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None
    ) -> list[str]:
        """The open business: the attack, the Flitzer offer, the quirk that
        asks, the final placement."""
        out = self.attack_lines(obs, seat, kinds)
        if "offer" in obs:  # the game for two (mutterbohnchen §3.5)
            out += self.two_player_lines(obs, seat, kinds)
        phase = obs.get("phase")
        if phase == "flitzer-offer":
            out.append(self.flitzer_offer_line(obs, seat, kinds))
        if phase == "quirk":
            out.append(self.quirk_ask_line(asking))
        if obs.get("final_placement"):
            out.append(self.final_placement_line(obs, seat, kinds))
        if obs.get("foist"):
            out.append(self.foist_line(obs, seat, kinds))
        return out

    def attack_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The little rascals' attacks: those still open, else the attack on
        its target (:meth:`attack_target_lines`)."""
        att = obs.get("attack")
        if not att:
            return []
        who = self.seat_name(int(obs.get("active", -1)), seat, kinds)
        opened = ", ".join(
            self.w(
                f"f{self.n(f)} (up to {self.coins(int(n))})",
                f"f{self.n(f)} (bis zu {self.coins(int(n))})",
            )
            for f, n in att.get("open", [])
        ) or self.w("none", "keine")
        if int(att.get("target", -1)) < 0:
            return [
                self.w(
                    f"attacks of the little rascals: {who} may attack with the baby on top of "
                    f"each field: open {opened}; pass gives up every open attack",
                    f"Angriffe der kleinen Racker: {who} darf mit dem Baby oben auf jedem Feld "
                    f"angreifen: offen {opened}; passen gibt jeden offenen Angriff auf",
                )
            ]
        return self.attack_target_lines(obs, seat, kinds, opened)

    def attack_target_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], opened: str
    ) -> list[str]:
        """The attack on its target: the coins turned up and held, the attacks
        still open after it and what the phase (defend, turn up, capture) asks."""
        phase = obs.get("phase")
        who = self.seat_name(int(obs.get("active", -1)), seat, kinds)
        att = obs["attack"]
        target = int(att.get("target", -1))
        tp = obs["seats"][target]
        turned = self.cards(att.get("turned") or [])
        tname = self.seat_name(target, seat, kinds)
        reach = self.coins(int(att.get("reach", 0)))
        known = self.coins(len(tp.get("known_coins", [])))
        blind = int(tp.get("blind_coins", 0))
        out = [
            self.w(
                f"ATTACK on {tname} by {who}: may turn up {reach}; turned up so far: "
                f"{turned}; the target holds {known} known and {blind} face down",
                f"ANGRIFF auf {tname} durch {who}: darf {reach} aufdecken; bisher "
                f"aufgedeckt: {turned}; das Ziel hat {known} bekannt und {blind} verdeckt",
            ),
            self.w(
                f"  attacks still open after this one: {opened}",
                f"  nach diesem noch offene Angriffe: {opened}",
            ),
        ]
        if phase == "defend":
            out.append(
                self.w(
                    f"  {tname} may harvest first (only the target), then pass: the "
                    "coins are shuffled and one is turned up",
                    f"  {tname} darf zuerst ernten (nur das Ziel), dann passen: die "
                    "Münzen werden gemischt und eine aufgedeckt",
                )
            )
        elif phase == "turn-up":
            out.append(
                self.w(
                    f"  {who} may turn up one more coin (uncover) or stop (pass)",
                    f"  {who} darf eine Münze mehr aufdecken (uncover) oder aufhören (pass)",
                )
            )
        elif phase == "capture":
            out.append(
                self.w(
                    f"  {who} must take one turned-up coin that fits a non-empty field; "
                    "the others go back face up",
                    f"  {who} muss eine aufgedeckte Münze nehmen, die auf ein nicht "
                    "leeres Feld passt; die anderen gehen offen zurück",
                )
            )
        return out

    def flitzer_offer_line(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """The revealed Flitzer offered as a gift, and to whom."""
        waiting = ", ".join(self.seat_name(s, seat, kinds) for s in obs.get("waiting_for", []))
        return self.w(
            f"the revealed {self.mama_name('flitzer')} is offered as a gift to {waiting or 'the next seat'}"
            ": take flitzer or pass (nobody takes him: the active player plants him)",
            f"der aufgedeckte {self.mama_name('flitzer')} wird {waiting or 'dem nächsten Platz'} als "
            "Geschenk angeboten: take flitzer oder pass (nimmt ihn niemand, pflanzt ihn "
            "der aktive Spieler)",
        )

    def quirk_ask_line(self, asking: str | None) -> str:
        """The quirk that asks its owner to choose, named where it is known."""
        if asking is not None:
            name, ask = self.mama_name(asking), self.quirk(QUIRK_ASKS, asking)
            return self.w(f"quirk: your {name} asks: {ask}", f"Macke: dein {name} verlangt: {ask}")
        return self.w(
            "quirk: a mama's bean asks its owner to choose",
            "Macke: eine Mutterbohne verlangt von ihrem Besitzer eine Wahl",
        )

    def final_placement_line(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """The final placement: whose it is and the fields used so far."""
        fp = obs["final_placement"]
        used = ", ".join(f"f{self.n(f)}" for f in fp.get("used", [])) or self.w(
            "none yet", "noch keine"
        )
        name = self.seat_name(int(fp["seat"]), seat, kinds)
        return self.w(
            f"final placement: {name} may put one fitting hand card on each non-empty "
            f"field (fields used: {used}); then every field is harvested",
            f"Schlusslegen: {name} darf auf jedes nicht leere Feld eine passende "
            f"Handkarte legen (benutzte Felder: {used}); dann wird jedes Feld abgeerntet",
        )

    def two_player_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The game for two: the offer, the third-field card, phase 2's discard
        and the coins set aside in the attacks (mutterbohnchen §3.5)."""
        out: list[str] = []
        phase = obs.get("phase")
        who = self.seat_name(int(obs.get("active", -1)), seat, kinds)
        holder = obs.get("third_field_card")
        if isinstance(holder, int):
            name = self.seat_name(holder, seat, kinds)
            out.append(
                self.w(
                    f"the third-field card: {name} (only its holder starts a third field; "
                    "harvesting with three fields loses the field harvested)",
                    f"die Karte für das dritte Feld: {name} (nur wer sie hat, beginnt ein drittes "
                    "Feld; ernten mit drei Feldern kostet das abgeerntete Feld)",
                )
            )
        stacks = obs.get("offer") or []
        if stacks:
            text = "   ".join(
                f"p{i}: {self.stack_text(list(st))}" for i, st in enumerate(stacks, 1)
            )
            if phase == "use-offer":
                out.append(
                    self.w(
                        f"the opponent's offer for {who} (use or discard each stack): {text}",
                        f"das Angebot des Gegners für {who} (jeden Stapel nutzen oder ablegen): "
                        f"{text}",
                    )
                )
            elif phase == "offer":
                out.append(
                    self.w(
                        f"the offer (take what {who} can use; the rest goes to the opponent): "
                        f"{text}",
                        f"das Angebot (nimm, was {who} brauchen kann; der Rest geht an den "
                        f"Gegner): {text}",
                    )
                )
            else:
                out.append(self.w(f"the offer: {text}", f"das Angebot: {text}"))
        if phase == "plant":
            used = obs.get("hand_discarded")
            out.append(
                self.w(
                    f"phase 2: {who} may discard one hand card this turn "
                    f"({'already used' if used else 'still open'})",
                    f"Phase 2: {who} darf in diesem Zug eine Handkarte ablegen "
                    f"({'schon genutzt' if used else 'noch offen'})",
                )
            )
        att = obs.get("attack") or {}
        if att.get("aside"):
            out.append(
                self.w(
                    "  coins set aside until the attacks are over: ",
                    "  bis zum Ende der Angriffe beiseitegelegte Münzen: ",
                )
                + self.cards(att["aside"])
            )
        return out

    # ------------------------------------------------------------ the bots

    def planted_summary(self, v: dict[str, Any]) -> str:
        text = super().planted_summary(v)
        if v.get("under_lady"):
            return text + self.w(" (under the lady)", " (unter der Dame)")
        if v.get("bottom"):
            return text + self.w(" (bottom)", " (unten)")
        return text

    def help(self) -> str:
        return super().help() + "\n" + self.w(HELP_EN, HELP_DE)


DESCRIBER = MutterbohnchenDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Mutterböhnchen: Ladybohn with 24 mama's beans (men with quirks, see the cards), "
        "babies with two rattles and face-down starting coins; every Ladybohn rule holds "
        "unless Mutterböhnchen changes it. After phase 1, every field of the active player "
        "with a baby on top may attack another player: the target may harvest first, then his"
        " coins are shuffled and turned up one at a time, as many as the baby has rattles "
        "(one more with a Wühler in the field); a coin that fits one of the attacker's fields"
        " is captured and planted there. Every card received is planted at once. The game "
        "ends at the draw pile's 1st exhaustion with 3 players, 2nd with 4, 3rd with 5, 4th "
        "with 6; then each player may place one fitting hand card on each of his fields, "
        "every field is harvested, and the most coins (face up and face down) win. For two "
        "players there is no trading, a third-field card passes between the players, and each"
        " harvests only on his own turn."
    ),
    (
        "Mutterböhnchen: Ladybohn mit 24 Muttersöhnchen (Männer mit Macken, siehe die "
        "Karten), Babys mit zwei Rasseln und verdeckten Startmünzen; jede Regel von Ladybohn "
        "gilt, wenn Mutterböhnchen sie nicht ändert. Nach Phase 1 darf jedes Feld des aktiven"
        " Spielers mit einem Baby oben einen Mitspieler angreifen: das Ziel darf erst "
        "abernten, dann werden seine Münzen gemischt und einzeln aufgedeckt, so viele, wie "
        "das Baby Rasseln hat (eine mehr mit einem Wühler im Feld); eine Münze, die auf ein "
        "Feld des Angreifers passt, wird erbeutet und dort gepflanzt. Jede erhaltene Karte "
        "wird sofort gepflanzt. Das Spiel endet, wenn der Nachziehstapel mit 3 Spielern zum "
        "1., mit 4 zum 2., mit 5 zum 3., mit 6 zum 4. Mal aufgebraucht ist; dann darf jeder "
        "auf jedes seiner Felder eine passende Handkarte legen, jedes Feld wird abgeerntet, "
        "und die meisten Münzen (offen und verdeckt) gewinnen. Zu zweit wird nicht gehandelt,"
        " eine Karte für das dritte Feld wandert zwischen den Spielern, und jeder erntet nur "
        "im eigenen Zug ab."
    ),
)
