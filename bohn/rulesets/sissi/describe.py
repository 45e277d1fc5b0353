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
