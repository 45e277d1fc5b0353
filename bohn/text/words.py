"""The text interface's own sentences, English and German: the
observation's, the rules', the reading of answers' and the environment's
(every other word is the describer's)."""

from __future__ import annotations

from typing import Any

from bohn.describe import Sentence

#: the sentences by key
WORDS: dict[str, Sentence] = {
    # reading an answer (bohn.text.moves)
    "empty": Sentence("no move given", "kein Zug angegeben"),
    "no-number": Sentence(
        "there is no move {k}; the moves are numbered 1 to {n}",
        "es gibt keinen Zug {k}; die Züge sind von 1 bis {n} nummeriert",
    ),
    "not-understood": Sentence("not understood: {text!r}", "nicht verstanden: {text!r}"),
    "from-one": Sentence(
        "seats, offers, fields and cards count from 1 (h1 is your front card)",
        "Plätze, Angebote, Felder und Karten zählen ab 1 (h1 ist deine vorderste Karte)",
    ),
    "ambiguous": Sentence(
        "{text!r} could be any of these moves; answer with its number or its command:",
        "{text!r} kann jeder dieser Züge sein; antworte mit seiner Nummer oder seinem Befehl:",
    ),
    "not-allowed": Sentence("not allowed: {error}", "nicht erlaubt: {error}"),
    "no-moves": Sentence("you have no move now", "du hast jetzt keinen Zug"),
    "legal": Sentence("your moves:", "deine Züge:"),
    "more": Sentence("... and {n} more", "... und {n} weitere"),
    "answer": Sentence(
        "Answer with a move's number, its command in brackets or its words.",
        "Antworte mit der Nummer eines Zuges, seinem Befehl in Klammern oder seinen Worten.",
    ),
    # the observation and the rules (bohn.text.view)
    "head": Sentence(
        "{title}, {players} players: you are seat {seat}.",
        "{title}, {players} Spieler: du bist Platz {seat}.",
    ),
    "since": Sentence(
        "What happened since your last move:", "Was seit deinem letzten Zug geschah:"
    ),
    "moves": Sentence(
        "Your moves (answer with a number, the command in brackets, or the words):",
        "Deine Züge (antworte mit einer Nummer, dem Befehl in Klammern oder den Worten):",
    ),
    "propose": Sentence(
        "Any proposal the rules allow may be made, not only those listed: "
        "propose <seat> give <your cards> want <bean types> (see the rules).",
        "Jedes Angebot, das die Regeln erlauben, ist möglich, nicht nur die aufgeführten: "
        "propose <Platz> give <deine Karten> want <Bohnensorten> (siehe die Regeln).",
    ),
    "none-now": Sentence("You have no move now.", "Du hast jetzt keinen Zug."),
    "rules-head": Sentence(
        "{title}: the rules in brief ({players} players in this game)",
        "{title}: die Regeln in Kürze ({players} Spieler in diesem Spiel)",
    ),
    "options": Sentence("Options of this game: {options}.", "Optionen dieses Spiels: {options}."),
    "cards": Sentence("The cards:", "Die Karten:"),
    "how-to-answer": Sentence(
        "How to answer: one move per message. Name it by its number in the list of your "
        "moves (3), by its command, the text in brackets (plant f1), or by its words "
        "(plant Blue bean on field 1). Letter case, spacing, quotes and a final full stop "
        "do not matter, and the start of a move's words will do where no other move starts "
        "so. Seats, offers, fields and cards count from 1, as the table shows them: h1 is "
        "the front card of your hand, r1 the first revealed card, t1 the first card of "
        "your trading area, f1 your first field. Cards may be named by key or by name "
        "(blaue, Blue bean).",
        "Wie du antwortest: ein Zug je Nachricht. Nenne ihn mit seiner Nummer in der "
        "Liste deiner Züge (3), mit seinem Befehl, dem Text in Klammern (plant f1), oder "
        "mit seinen Worten (Blaue Bohne auf Feld 1 pflanzen). Groß- und Kleinschreibung, "
        "Leerzeichen, Anführungszeichen und ein Punkt am Ende sind gleich, und der Anfang "
        "der Worte eines Zuges genügt, wo kein anderer Zug so beginnt. Plätze, Angebote, "
        "Felder und Karten zählen ab 1, wie der Tisch sie zeigt: h1 ist die vorderste "
        "Karte deiner Hand, r1 die erste aufgedeckte Karte, t1 die erste Karte deines "
        "Handelsbereichs, f1 dein erstes Feld. Karten dürfen mit Schlüssel oder Namen "
        "genannt werden (blaue, Blaue Bohne).",
    ),
    "trading": Sentence(
        "Trading, where this game has it: the list of your moves holds some proposals, but "
        "any proposal the rules allow may be made: propose <seat> give <cards> want <bean types>. give names your "
        "cards by their places (h2, or h1,r2: several separated by commas); want names "
        "bean types, one per card wanted, by key or by name (soja, Soy bean, "
        "blue bean,red bean); either part may be left out: a gift, or a request for a "
        "gift. Examples: propose 2 give h3 want soja; propose 3 give h1,h4 want blue "
        "bean, red bean; propose 2 want soja. An offer made to you: accept <offer> give "
        "<cards> (the cards it asks for, by their places) or decline <offer>; your own "
        "offer: withdraw <offer>.",
        "Handel, wo dieses Spiel ihn hat: die Liste deiner Züge enthält einige Angebote, "
        "aber jedes Angebot, das die Regeln erlauben, ist möglich: propose <Platz> give <Karten> want <Bohnensorten>. "
        "give nennt deine Karten nach ihrem Platz (h2, oder h1,r2: mehrere durch Kommas "
        "getrennt); want nennt Bohnensorten, eine je gewünschte Karte, mit Schlüssel oder "
        "Namen (soja, Sojabohne, blaue bohne,rote bohne); jeder Teil darf fehlen: ein "
        "Geschenk, oder die Bitte um eines. Beispiele: propose 2 give h3 want soja; "
        "propose 3 give h1,h4 want blaue bohne, rote bohne; propose 2 want soja. Ein "
        "Angebot an dich: accept <Angebot> give <Karten> (die verlangten Karten, nach "
        "ihrem Platz) oder decline <Angebot>; dein eigenes: withdraw <Angebot>.",
    ),
    # the environment (bohn.text.env)
    "refused": Sentence(
        "Your answer was refused ({left} more refusals end the game for you): {error}",
        "Deine Antwort wurde abgelehnt ({left} weitere Ablehnungen beenden das Spiel für dich):"
        " {error}",
    ),
    "forfeit": Sentence(
        "seat {seat} answered with no move it may make {n} times in a row and forfeits",
        "Platz {seat} antwortete {n}-mal hintereinander ohne erlaubten Zug und gibt auf",
    ),
    "too-long": Sentence(
        "the game did not end within {n} moves",
        "das Spiel endete nicht innerhalb von {n} Zügen",
    ),
}


def say(lang: str, key: str, **kw: Any) -> str:
    """The sentence ``key`` in ``lang`` (``"en"`` or ``"de"``), filled in."""
    en, de = WORDS[key]
    return (de if lang == "de" else en).format(**kw)
