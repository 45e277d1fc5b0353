"""Sissi in words: Bohnanza's describer (the bean game's) and the Sissi action."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from bohn.describe.base import Sentence
from bohn.describe.bean import BeanDescriber
from bohn.engine.actions import Action
from bohn.engine.actions import Harvest


class SissiDescriber(BeanDescriber):
    """Bohnanza's words and the Sissi action's fields to harvest."""

    #: this ruleset's phases in words (English, German)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "sissi-action": ("the Sissi action (harvesting)", "die Sissi-Aktion (Abernten)"),
    }
    #: the sections of the Sissi rules (``rules/sissi.md``) behind each
    #: forced move, as its refusals cite them
    RULES: ClassVar[dict[str, str]] = {
        "front-card": "sissi §3.2.1",
        "no-room": "sissi §3.2.3",
        "plant-traded": "sissi §3.4",
        "no-room-traded": "sissi §3.4",
        "trading-ended": "sissi §3.3.6",
        "cards-gone": "sissi §3.3.3",
        "final-harvest": "sissi §5.2",
        "sissi-action": "sissi §3.6",
    }

    #: why the Sissi action harvests a field (sissi §3.6)
    WHY: ClassVar[tuple[str, str]] = (
        "a Sissi lies on a Sissi or a Captain on a Captain",
        "eine Sissi liegt auf einer Sissi oder ein Kapitän auf einem Kapitän",
    )

    def sissi_reason(self) -> str:
        """Why a field is harvested in phase 5, with the rule."""
        why, rule = self.w(*self.WHY), self.rule("sissi-action")
        return self.w(f" (Sissi action: {why}, {rule})", f" (Sissi-Aktion: {why}, {rule})")

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        if obs.get("phase") == "sissi-action":
            mine = [
                int(f)
                for s, f in (obs.get("sissi_action") or [])
                if s == seat and Harvest(int(f)) in legal
            ]
            if mine:
                fields = self.w(" and ", " und ").join(self.n(f) for f in mine)
                word = self.w("field" if len(mine) == 1 else "fields", "Feld")
                if self.de and len(mine) > 1:
                    word = "Felder"
                why, rule = self.w(*self.WHY), self.rule("sissi-action")
                return self.w(
                    f"You must harvest your {word} {fields}: {why} ({rule}).",
                    f"Du musst dein{'e' if len(mine) > 1 else ''} {word} {fields} abernten: "
                    f"{why} ({rule}).",
                )
        return super().forced(obs, seat, legal)

    #: the Sissi action's event (:meth:`Describer.event`); any other is the bean game's
    EVENTS: ClassVar[dict[str, str | Sentence]] = {"sissi-action": "sissi_action_event"}

    def sissi_action_event(self, e: dict[str, Any], me: int) -> str:
        """The fields the Sissi action harvests; each harvest will say why."""
        fields = e.get("fields", [])
        for s, f in fields:
            self.expect("harvest", s, f, self.sissi_reason())
        pairs = ", ".join(self.field_of(s, f, me) for s, f in fields)
        rule = f" ({self.rule('sissi-action')})"
        return self.w(
            f"Sissi action: {pairs or 'no field'} must be harvested{rule}",
            f"Sissi-Aktion: {pairs or 'kein Feld'} muss abgeerntet werden{rule}",
        )


DESCRIBER = SissiDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Sissi! Die Bohnenkaiserin: Bohnanza with Sissi beans and Captains of seven "
        "varieties; coins are Talers, a harvest pays 1, 3 or 5. A card may go on an empty "
        "field; a Sissi on any field; a Captain on a field holding no Captain or only "
        "Captains of its variety. A harvest counts every card of the field and pays by the "
        "beanometer of its top card. The turn: plant the front card (and, if you like, the "
        "next); turn up two cards and trade with the active player as in Bohnanza; plant what"
        " you received or kept; every player draws one card; then, in the Sissi action, every"
        " field with a Sissi directly on a Sissi or a Captain directly on a Captain is "
        "harvested. Any field may be harvested at any time; no field can be bought (three "
        "fields each with 3 players, two with 4-5). The game ends at the draw pile's third "
        "exhaustion; the most Talers win."
    ),
    (
        "Sissi! Die Bohnenkaiserin: Bohnanza mit Sissi-Bohnen und Kapitänen in sieben Sorten;"
        " Münzen sind Taler, eine Ernte bringt 1, 3 oder 5. Eine Karte darf auf ein leeres "
        "Feld; eine Sissi auf jedes Feld; ein Kapitän auf ein Feld ohne Kapitän oder nur mit "
        "Kapitänen seiner Sorte. Eine Ernte zählt alle Karten des Feldes und bringt, was das "
        "Bohnometer der obersten Karte sagt. Der Zug: die vorderste Karte pflanzen (und, wenn"
        " du willst, die nächste); zwei Karten aufdecken und wie in Bohnanza mit dem aktiven "
        "Spieler handeln; pflanzen, was du bekommen oder behalten hast; jeder zieht eine "
        "Karte; dann wird in der Sissi-Aktion jedes Feld abgeerntet, in dem eine Sissi direkt"
        " auf einer Sissi oder ein Kapitän direkt auf einem Kapitän liegt. Jedes Feld darf "
        "jederzeit abgeerntet werden; Felder kann man nicht kaufen (je drei mit 3 Spielern, "
        "zwei mit 4-5). Das Spiel endet, wenn der Nachziehstapel zum dritten Mal aufgebraucht"
        " ist; die meisten Taler gewinnen."
    ),
)
