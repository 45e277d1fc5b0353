"""One seat's game as text: the observation, the rules in brief, and a move
read back (``docs/text.md``).

Everything a :class:`SeatText` says is built from what its seat may know:
``game.observe(seat)``, ``game.legal_actions(seat)``, the log as
``game.events(seat)`` shows it, and the public facts of the game (its
variant, player count, options, whose decision it waits on, its result). The
words are the describer's (:func:`bohn.describe.describer`), made for the
variant alone, so that no describer reads the game itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from bohn.catalogue import catalogue
from bohn.describe import Describer
from bohn.describe import Sentence
from bohn.describe import card_aliases
from bohn.describe import describer
from bohn.describe import summary
from bohn.describe.terminal import catalogue_lines
from bohn.engine.actions import Action
from bohn.engine.actions import Propose
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.text.moves import Move
from bohn.text.moves import MoveError
from bohn.text.moves import moves
from bohn.text.moves import problem
from bohn.text.moves import read_move
from bohn.text.moves import say

#: the most lines of events one observation shows (the latest)
EVENT_LINES = 40
#: the width the rules' card list is laid out for (nothing is cut)
WIDE = 10_000

#: the observation's and the rules' own sentences, English and German
TEXTS: dict[str, Sentence] = {
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
    "no-moves": Sentence("You have no move now.", "Du hast jetzt keinen Zug."),
    "rules-head": Sentence(
        "{title}: the rules in brief ({players} players in this game)",
        "{title}: die Regeln in Kürze ({players} Spieler in diesem Spiel)",
    ),
    "options": Sentence("Options of this game: {options}.", "Optionen dieses Spiels: {options}."),
    "cards": Sentence("The cards:", "Die Karten:"),
    "answer": Sentence(
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
        "Trading: the list of your moves holds some proposals, but any proposal the rules "
        "allow may be made: propose <seat> give <cards> want <bean types>. give names your "
        "cards by their places (h2, or h1,r2: several separated by commas); want names "
        "bean types, one per card wanted, by key or by name (soja, Soy bean, "
        "blue bean,red bean); either part may be left out: a gift, or a request for a "
        "gift. Examples: propose 2 give h3 want soja; propose 3 give h1,h4 want blue "
        "bean, red bean; propose 2 want soja. An offer made to you: accept <offer> give "
        "<cards> (the cards it asks for, by their places) or decline <offer>; your own "
        "offer: withdraw <offer>.",
        "Handel: die Liste deiner Züge enthält einige Angebote, aber jedes Angebot, das die "
        "Regeln erlauben, ist möglich: propose <Platz> give <Karten> want <Bohnensorten>. "
        "give nennt deine Karten nach ihrem Platz (h2, oder h1,r2: mehrere durch Kommas "
        "getrennt); want nennt Bohnensorten, eine je gewünschte Karte, mit Schlüssel oder "
        "Namen (soja, Sojabohne, blaue bohne,rote bohne); jeder Teil darf fehlen: ein "
        "Geschenk, oder die Bitte um eines. Beispiele: propose 2 give h3 want soja; "
        "propose 3 give h1,h4 want blaue bohne, rote bohne; propose 2 want soja. Ein "
        "Angebot an dich: accept <Angebot> give <Karten> (die verlangten Karten, nach "
        "ihrem Platz) oder decline <Angebot>; dein eigenes: withdraw <Angebot>.",
    ),
}


def text(words: Describer, key: str, **kw: Any) -> str:
    """One of :data:`TEXTS` in the describer's language, filled in."""
    en, de = TEXTS[key]
    return (de if words.de else en).format(**kw)


@cache
def _aliases(variant: str) -> Mapping[str, str]:
    """The card names of a variant a move may use, built once."""
    return MappingProxyType(card_aliases(variant))


def rules_text(
    variant: str, players: int, lang: str = "en", options: Mapping[str, Any] | None = None
) -> str:
    """The rules of ``variant`` in brief for ``players`` players, in ``lang``:
    the ruleset's summary (:func:`bohn.describe.summary`), the ``options``
    a game sets otherwise than by default, every card (the catalogue, as
    ``bohn cards`` shows it) and how to answer (trading too where the game
    trades)."""
    kind = find_variant(variant).class_for(players)
    words = describer(variant, lang)
    out = [text(words, "rules-head", title=kind.title, players=players)]
    brief = summary(variant, lang)
    if brief:
        out.append(brief)
    changed = [
        f"{name}={json.dumps(value)}"
        for name, value in (options or {}).items()
        if name in kind.OPTIONS and value != kind.OPTIONS[name].default
    ]
    if changed:
        out.append(text(words, "options", options=", ".join(changed)))
    out += ["", text(words, "cards")]
    out += catalogue_lines(catalogue(variant), words.lang, WIDE)
    out += ["", text(words, "answer")]
    if Propose in kind.HANDLERS:
        out.append(text(words, "trading"))
    return "\n".join(out)


class SeatText:
    """One seat's text interface to a game: its observation, its moves and
    its rules in words (English or German), and a move read back from text.

    The describer is the seat's own for as long as the object lives: a
    describer remembers what the events it worded announce (why a field
    will be harvested), so one seat's events are best worded by one object.
    """

    def __init__(self, game: Game, seat: int, lang: str = "en") -> None:
        game.check_seat(seat)
        self.game = game
        self.seat = seat
        self.words = describer(game.variant, lang)
        self.aliases = _aliases(game.variant)

    def moves(self) -> list[Move]:
        """The seat's legal moves, numbered from 1 (:func:`bohn.text.moves.moves`)."""
        return moves(self.game, self.seat, self.words)

    def rules(self) -> str:
        """The rules in brief (:func:`rules_text`)."""
        game = self.game
        return rules_text(game.variant, game.n, self.words.lang, game.options)

    def event_lines(self, views: Iterable[dict[str, Any]]) -> list[str]:
        """Events as the seat sees them (``game.events(seat)``'s), one line each
        where the describer words them."""
        out: list[str] = []
        for v in views:
            line = self.words.event(v, self.seat)
            if line is not None:
                out.append(line)
        return out

    def observation(
        self,
        *,
        rules: bool = False,
        events: Iterable[dict[str, Any]] = (),
        listed: list[Move] | None = None,
    ) -> str:
        """What the seat sees, as text: who it is, the rules where asked
        (``rules``), the ``events`` given (as ``game.events(seat)`` shows
        them; the last :data:`EVENT_LINES` lines), the table, what the game
        asks now and the numbered moves (``listed``: as :meth:`moves` gives
        them); at the end of the game the result instead of the moves."""
        game, seat, words = self.game, self.seat, self.words
        obs = game.observe(seat)
        out = [text(words, "head", title=game.title, players=game.n, seat=words.n(seat))]
        if rules:
            out += ["", self.rules()]
        happened = self.event_lines(events)[-EVENT_LINES:]
        if happened:
            out += ["", text(words, "since"), *(f"  {line}" for line in happened)]
        result = game.result()
        listed = self.moves() if listed is None else listed
        legal = [m.action for m in listed]
        asking = None
        if obs.get("phase") == "quirk":
            asking = words.asking(obs, seat, legal, list(game.events(seat)))
        table = words.screen(obs, seat, {}, asking)
        out += ["", *(table[1:] if table and not table[0] else table), ""]
        if result is not None:
            out.append(words.ui("game-over", reason=result.reason))
            out += words.final_lines(result, obs, seat, {})
            return "\n".join(out)
        waiting = sorted(game.waiting_for())
        out.append(words.prompt(obs, seat, waiting, legal))
        if not listed:
            out.append(text(words, "no-moves"))
            return "\n".join(out)
        out.append(text(words, "moves"))
        out += [f"  {m.line}" for m in listed]
        if any(isinstance(m.action, Propose) for m in listed):
            out.append(text(words, "propose"))
        return "\n".join(out)

    def read(self, answer: str, listed: list[Move] | None = None) -> Action:
        """The action ``answer`` names (:func:`bohn.text.moves.read_move`),
        one the game takes from the seat now: a listed move, or one the list
        leaves out that the game accepts (a proposal). :class:`MoveError`,
        listing the moves, for any other; the game does not change."""
        listed = self.moves() if listed is None else listed
        action = read_move(answer, listed, self.words, self.aliases)
        if any(m.action == action for m in listed):
            return action
        try:
            self.game.clone().apply(self.seat, action)
        except BohnError as e:
            raise MoveError(
                problem(say(self.words, "not-allowed", error=e), listed, self.words)
            ) from None
        return action


def observation(game: Game, seat: int, lang: str = "en", *, rules: bool = False) -> str:
    """``seat``'s observation of ``game`` as text (:meth:`SeatText.observation`)."""
    return SeatText(game, seat, lang).observation(rules=rules)


def parse_move(game: Game, seat: int, answer: str, lang: str = "en") -> Action:
    """The action ``answer`` names for ``seat`` (:meth:`SeatText.read`)."""
    return SeatText(game, seat, lang).read(answer)
