"""Bohnanza in words: the bean game's describer itself (:mod:`bohn.describe.bean`)."""

from __future__ import annotations

from bohn.describe.base import Sentence
from bohn.describe.bean import BeanDescriber

DESCRIBER = BeanDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Bohnanza: plant beans, trade them and harvest them for coins; the most coins win. "
        "Your hand stays in the order the cards came: you plant from its front only. A turn "
        "has four phases. 1. The active player must plant his front card and may plant the "
        "next one. 2. He turns up two cards of the draw pile and trades: deals are made only "
        "with the active player, who gives revealed and hand cards, the others hand cards "
        "only; gifts are allowed; cards received go to the trading area. 3. Every player "
        "plants the cards he received or kept. 4. The active player draws three cards to the "
        "back of his hand. A card goes on a field of its type or on an empty field; where "
        "none takes it, a field must be harvested first (or a third field bought, once, for 3"
        " coins). Any player may harvest a field at any time: it pays coins by its beanometer"
        " (how many cards give 1, 2, 3 and 4 coins); a field of one card may be harvested "
        "only when none of your fields holds more. The game ends when the draw pile runs out "
        "for the third time; then every field is harvested."
    ),
    (
        "Bohnanza: Bohnen pflanzen, handeln und für Münzen abernten; die meisten Münzen "
        "gewinnen. Deine Hand bleibt in der Reihenfolge, in der die Karten kamen: gepflanzt "
        "wird nur von vorne. Ein Zug hat vier Phasen. 1. Der aktive Spieler muss seine "
        "vorderste Karte pflanzen und darf die nächste pflanzen. 2. Er deckt zwei Karten des "
        "Nachziehstapels auf und handelt: gehandelt wird nur mit dem aktiven Spieler, der "
        "aufgedeckte und Handkarten gibt, die anderen nur Handkarten; Geschenke sind erlaubt;"
        " erhaltene Karten kommen in den Handelsbereich. 3. Jeder pflanzt die Karten, die er "
        "bekommen oder behalten hat. 4. Der aktive Spieler zieht drei Karten hinten an seine "
        "Hand. Eine Karte kommt auf ein Feld ihrer Sorte oder ein leeres Feld; nimmt keines "
        "sie, muss zuerst ein Feld abgeerntet (oder einmal ein drittes Feld für 3 Münzen "
        "gekauft) werden. Jeder darf jederzeit ein Feld abernten: es bringt Münzen nach "
        "seinem Bohnometer (wie viele Karten 1, 2, 3 und 4 Münzen geben); ein Feld mit einer "
        "Karte nur, wenn keines deiner Felder mehr hat. Das Spiel endet, wenn der "
        "Nachziehstapel zum dritten Mal aufgebraucht ist; dann wird jedes Feld abgeerntet."
    ),
)
