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


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Bohnanza, the English edition (Rio Grande Games), for 2 to 7 players with 11 bean "
        "types. With 3 to 7 players the turn is Bohnanza's: plant the front card (and, if you"
        " like, the next); turn up two cards and trade with the active player; plant what you"
        " received or kept; the active player draws three cards (four with 6-7 players). "
        "Harvest any field at any time for coins by its beanometer. The player count sets the"
        " cards in play, the fields (3 players: three fields each, none to buy; 6-7 players: "
        "the third field costs 2 coins) and the end (the draw pile's 2nd exhaustion with 3 "
        "players, else its 3rd). The most coins win; among tied players, the one with most "
        "cards in hand. For 2 players, the bean duel: no trading; a turn is: plant any of the"
        " cards your opponent left you and discard the rest; plant one or two cards from the "
        "front of your hand and, if you like, discard one hand card; turn up three cards and "
        "plant any of them (the rest is left to your opponent); draw two. In the duel you "
        "harvest only on your own turn, and the game ends at the first exhaustion."
    ),
    (
        "Bohnanza, die englische Ausgabe (Rio Grande Games), für 2 bis 7 Spieler mit 11 "
        "Bohnensorten. Mit 3 bis 7 Spielern ist der Zug der von Bohnanza: die vorderste Karte"
        " pflanzen (und, wenn du willst, die nächste); zwei Karten aufdecken und mit dem "
        "aktiven Spieler handeln; pflanzen, was du bekommen oder behalten hast; der aktive "
        "Spieler zieht drei Karten (vier mit 6-7 Spielern). Jedes Feld darf jederzeit für "
        "Münzen nach seinem Bohnometer abgeerntet werden. Die Spielerzahl bestimmt die Karten"
        " im Spiel, die Felder (3 Spieler: je drei Felder, keines zu kaufen; 6-7 Spieler: das"
        " dritte Feld kostet 2 Münzen) und das Ende (mit 3 Spielern, wenn der Nachziehstapel "
        "zum 2. Mal aufgebraucht ist, sonst zum 3. Mal). Die meisten Münzen gewinnen; bei "
        "Gleichstand, wer mehr Karten auf der Hand hat. Für 2 Spieler das Bohnenduell: kein "
        "Handel; ein Zug: von den Karten, die dir der Gegner ließ, beliebige pflanzen und den"
        " Rest abwerfen; eine oder zwei Karten vorne von der Hand pflanzen und, wenn du "
        "willst, eine Handkarte abwerfen; drei Karten aufdecken und beliebige davon pflanzen "
        "(der Rest bleibt dem Gegner); zwei Karten ziehen. Im Duell erntest du nur im eigenen"
        " Zug ab, und das Spiel endet, wenn der Nachziehstapel zum ersten Mal aufgebraucht "
        "ist."
    ),
)
