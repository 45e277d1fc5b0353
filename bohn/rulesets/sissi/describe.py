"""Sissi in words: Bohnanza's describer (the bean game's) and the Sissi action."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

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

    def sissi_reason(self) -> str:
        """Why a field is harvested in phase 5, with the rule."""
        return self.w(
            f" (Sissi action: a Sissi lies on a Sissi or a Captain on a Captain, "
            f"{self.rule('sissi-action')})",
            f" (Sissi-Aktion: eine Sissi liegt auf einer Sissi oder ein Kapitän auf einem "
            f"Kapitän, {self.rule('sissi-action')})",
        )

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
                return self.w(
                    f"You must harvest your {word} {fields}: a Sissi lies on a Sissi or a "
                    f"Captain on a Captain ({self.rule('sissi-action')}).",
                    f"Du musst dein{'e' if len(mine) > 1 else ''} {word} {fields} abernten: "
                    f"eine Sissi liegt auf einer Sissi oder ein Kapitän auf einem Kapitän "
                    f"({self.rule('sissi-action')}).",
                )
        return super().forced(obs, seat, legal)

    def event(self, e: dict[str, Any], me: int) -> str | None:
        if e.get("type") == "sissi-action":
            fields = e.get("fields", [])
            for s, f in fields:
                self.expect("harvest", s, f, self.sissi_reason())
            rule = f" ({self.rule('sissi-action')})"
            if self.de:
                pairs = ", ".join(
                    f"dein Feld {self.n(f)}" if s == me else f"Feld {self.n(f)} von {self.seat(s)}"
                    for s, f in fields
                )
                return f"Sissi-Aktion: {pairs or 'kein Feld'} muss abgeerntet werden{rule}"
            owners = [self.whose(s, me) for s, _ in fields]
            pairs = ", ".join(
                f"{o} field {self.n(f)}" for o, (_, f) in zip(owners, fields, strict=True)
            )
            return f"Sissi action: {pairs or 'no field'} must be harvested{rule}"
        return super().event(e, me)


DESCRIBER = SissiDescriber
