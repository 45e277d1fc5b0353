"""Sissi in words: Bohnanza's describer (the bean game's) and the Sissi action."""

from __future__ import annotations

from typing import Any, ClassVar

from bohn.describe.bean import BeanDescriber


class SissiDescriber(BeanDescriber):
    """Bohnanza's words and the Sissi action's fields to harvest."""

    #: this ruleset's phases in words (English, German)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "sissi-action": ("the Sissi action (harvesting)", "die Sissi-Aktion (Abernten)"),
    }

    def event(self, e: dict[str, Any], me: int) -> str | None:
        if e.get("type") == "sissi-action":
            fields = e.get("fields", [])
            if self.de:
                pairs = ", ".join(
                    f"dein Feld {f}" if s == me else f"Feld {f} von {self.seat(s)}"
                    for s, f in fields
                )
                return f"Sissi-Aktion: {pairs or 'kein Feld'} muss abgeerntet werden"
            owners = [self.whose(s, me) for s, _ in fields]
            pairs = ", ".join(f"{o} field {f}" for o, (_, f) in zip(owners, fields, strict=True))
            return f"Sissi action: {pairs or 'no field'} must be harvested"
        return super().event(e, me)


DESCRIBER = SissiDescriber
