"""Bohnanza's English edition in words: Bohnanza's describer (the bean
game's), and the bean duel's steps, actions and events (§7.5), German and
English."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from bohn.describe.base import Sentence
from bohn.describe.bean import HELP_DE as BEAN_HELP_DE
from bohn.describe.bean import HELP_EN as BEAN_HELP_EN
from bohn.describe.bean import BeanDescriber
from bohn.engine.actions import Action
from bohn.engine.actions import Drop

HELP_EN = (
    BEAN_HELP_EN
    + """\
The bean duel for two (no trading; beans are sold only on your own turn):
  plant t1 f2             step 1: plant card 1 of the opponent's offer on field 2;
                          step 3: plant turned-up card 1
  pass                    step 1: discard the rest of the offer; step 2: discard
                          no card; step 3: leave the rest as your opponent's offer
  drop h3                 step 2, after planting: discard hand card 3
"""
)

HELP_DE = (
    BEAN_HELP_DE
    + """\
Das Bohnen-Duell zu zweit (kein Handel; Bohnen nur im eigenen Zug verkaufen):
  plant t1 f2             Schritt 1: Karte 1 des Angebots des Gegners auf Feld 2
                          pflanzen; Schritt 3: aufgedeckte Karte 1 pflanzen
  pass                    Schritt 1: den Rest des Angebots ablegen; Schritt 2: keine
                          Karte ablegen; Schritt 3: den Rest dem Gegner anbieten
  drop h3                 Schritt 2, nach dem Pflanzen: Handkarte 3 ablegen
"""
)


class RioGrandeDescriber(BeanDescriber):
    """Bohnanza's words and the bean duel's."""

    ORDER: ClassVar[tuple[type[Action], ...]] = BeanDescriber.order_with(last=(Drop,))
    SHOWN: ClassVar[frozenset[str]] = BeanDescriber.SHOWN | {
        "drop",
        "from-discard",
        "duel-offer",
        "offer-discarded",
        "to-box",
    }
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        **BeanDescriber.PHASE_NAMES,
        "duel-offer": ("planting or discarding the offer", "Pflanzen oder Ablegen des Angebots"),
        "duel-discard": ("discarding a hand card", "Ablegen einer Handkarte"),
        "duel-plant": (
            "planting the turned-up cards, the rest is the offer",
            "Pflanzen der aufgedeckten Karten, der Rest ist das Angebot",
        ),
    }

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        if isinstance(a, Drop):
            hand = obs["seats"][seat].get("hand", [])
            card = self.name(hand[a.card]) if a.card < len(hand) else self.ref(f"h{a.card}")
            k = self.n(a.card)
            return self.w(f"discard hand card {k} ({card})", f"Handkarte {k} ({card}) ablegen")
        return super().action(a, obs, seat, price)

    def zone_names(self, obs: dict[str, Any]) -> dict[str, str]:
        """The duel has no trading: its trading area holds the opponent's
        offer (step 1) or the cards turned up (step 3)."""
        phase = obs.get("phase")
        if phase == "duel-offer":
            return {"t": self.w("Offer from your opponent", "Angebot des Gegners")}
        if phase in ("duel-discard", "duel-plant"):
            return {"t": self.w("Turned up", "Aufgedeckt")}
        return super().zone_names(obs)

    #: what a pass means in the duel's steps (:meth:`pass_text`)
    PASSES: ClassVar[dict[str, Sentence]] = {
        "duel-offer": Sentence(
            "pass: discard the rest of the offer", "passen: den Rest des Angebots ablegen"
        ),
        "duel-discard": Sentence("pass: discard no hand card", "passen: keine Handkarte ablegen"),
        "duel-plant": Sentence(
            "pass: leave the rest as your opponent's offer",
            "passen: den Rest dem Gegner als Angebot lassen",
        ),
    }

    #: the duel's events (:meth:`Describer.event`); any other is the bean game's
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "drop": Sentence("{Who} discards {card}", "{Who} legt {card} ab"),
        "from-discard": Sentence(
            "From the discard pile they are joined by {cards}",
            "Von der Ablage kommen dazu: {cards}",
        ),
        "duel-offer": Sentence("{Who} leaves {cards} as the offer", "{Who} bietet {cards} an"),
        "offer-discarded": Sentence(
            "{Who} discards the rest of the offer: {cards}",
            "{Who} legt den Rest des Angebots ab: {cards}",
        ),
        "to-box": Sentence(
            "The coins paid ({cards}) go to the box",
            "Die gezahlten Taler ({cards}) kommen in die Schachtel",
        ),
    }

    def help(self) -> str:
        return self.w(HELP_EN, HELP_DE)


DESCRIBER = RioGrandeDescriber
