"""The describer base: the language, the words every game shares (seats,
coins, cards by name) and the terminal session's own sentences.

See :mod:`bohn.describe` for the contract a ruleset's describer fulfils.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import NamedTuple

from bohn.catalogue import names_of
from bohn.describe.terminal import COMPACT_ROWS
from bohn.describe.terminal import fit_rows
from bohn.describe.terminal import fold
from bohn.describe.terminal import person_ref
from bohn.describe.terminal import person_text
from bohn.engine.actions import Action
from bohn.engine.cards import CardTable
from bohn.engine.game import Game
from bohn.engine.game import Result

#: the languages a describer speaks
LANGS = ("en", "de")


class Sentence(NamedTuple):
    """A sentence in English and German whose ``{names}`` are filled in: by
    an event's words (:meth:`Describer.say`: ``{who} passed``, ``{who}
    passte``), by the terminal session's (:meth:`Describer.ui`)."""

    en: str
    de: str


#: the terminal session's own sentences, English and German (``Describer.ui``)
UI: dict[str, Sentence] = {
    "intro": Sentence(
        "{title}: {players} players, seed {seed}; you are seat {seat}. "
        "Type 'help' for the commands.",
        "{title}: {players} Spieler, Seed {seed}; du bist Platz {seat}. "
        "Tippe 'help' für die Befehle.",
    ),
    "too-long": Sentence(
        "the game did not end in time; stopping",
        "das Spiel endete nicht rechtzeitig; Abbruch",
    ),
    "bot-error": Sentence("{who} tried {text}: {error}", "{who} versuchte {text}: {error}"),
    "bot-waits": Sentence(
        "{who} keeps the trading open for you: propose, answer, or pass (p) when you are done",
        "{who} hält den Handel für dich offen: biete an, antworte, oder passe (p), wenn du "
        "fertig bist",
    ),
    "choices": Sentence("your choices:", "deine Möglichkeiten:"),
    "prompt": Sentence(
        "your move (number, action, help, log, table, quit)> ",
        "dein Zug (Nummer, Aktion, help, log, table, quit)> ",
    ),
    "quit": Sentence("you left the game.", "du hast das Spiel verlassen."),
    "input-closed": Sentence(
        "\ninput closed: leaving the game.",
        "\nEingabe geschlossen: du verlässt das Spiel.",
    ),
    "interrupted": Sentence(
        "\ninterrupted: leaving the game.",
        "\nunterbrochen: du verlässt das Spiel.",
    ),
    "no-choice": Sentence(
        "there is no choice {k}; type a number from 1 to {n}",
        "es gibt keine Wahl {k}; tippe eine Zahl von 1 bis {n}",
    ),
    "not-understood": Sentence(
        "not understood: {error} (type 'help' for the commands)",
        "nicht verstanden: {error} (tippe 'help' für die Befehle)",
    ),
    "not-allowed": Sentence("not allowed: {error}", "nicht erlaubt: {error}"),
    "you-did": Sentence("you: {text}", "du: {text}"),
    "recent": Sentence("recent events:", "die letzten Ereignisse:"),
    "game-over": Sentence("=== game over ({reason}) ===", "=== Spielende ({reason}) ==="),
    "hidden": Sentence("{type} (hidden)", "{type} (verdeckt)"),
    # the compact table's prompt and commands (``bohn play``)
    "ask": Sentence("your move> ", "dein Zug> "),
    "keys-more": Sentence("{n} more: list", "{n} weitere: list"),
    "help-actions": Sentence(
        "Any action may also be typed in its text form: help actions shows them.",
        "Jede Aktion lässt sich auch als Text eingeben: help actions zeigt sie.",
    ),
    "commands": Sentence(
        "also: {extra}cards, log, table, help, quit",
        "außerdem: {extra}cards, log, table, help, quit",
    ),
    "unknown-key": Sentence(
        "not understood: {word!r}; this game's actions: {verbs} (type 'help' for the commands)",
        "nicht verstanden: {word!r}; die Aktionen dieses Spiels: {verbs} "
        "(tippe 'help' für die Befehle)",
    ),
    "no-such-key": Sentence(
        "there is no choice {k!r} now; the keys are shown above the prompt",
        "es gibt jetzt keine Wahl {k!r}; die Tasten stehen über der Eingabe",
    ),
    "which-offer": Sentence(
        "which offer? type {letter} with its number: {ids}",
        "welches Angebot? tippe {letter} mit seiner Nummer: {ids}",
    ),
    "which-give": Sentence("which cards do you give?", "welche Karten gibst du?"),
    "which-field": Sentence(
        "on which field? ({fields}; Enter: back)> ",
        "auf welches Feld? ({fields}; Enter: zurück)> ",
    ),
    "no-such-field": Sentence(
        "no field {k!r} takes this card; it may go on field {fields}",
        "kein Feld {k!r} nimmt diese Karte; sie darf auf Feld {fields}",
    ),
    "pick": Sentence("choice (number, Enter: back)> ", "Wahl (Nummer, Enter: zurück)> "),
    "more": Sentence("-- more: Enter, q: stop -- ", "-- weiter: Enter, q: aufhören -- "),
    "thinking": Sentence("{who} is thinking…", "{who} denkt nach…"),
    "auto-on": Sentence(
        "pass-through: you answer no to others' trading until your own turn (auto off: stop)",
        "Durchreichen: du sagst bis zu deinem eigenen Zug nein zu jedem Handel "
        "(auto off: aufhören)",
    ),
    "auto-off": Sentence("pass-through is off", "Durchreichen ist aus"),
    "auto-ends": Sentence("pass-through ends: your turn", "Durchreichen endet: dein Zug"),
    "auto-did": Sentence("pass-through: {what}", "Durchreichen: {what}"),
    "cannot-fulfil": Sentence(
        "offer {id} from {who} declined: you cannot give {want}",
        "Angebot {id} von {who} abgelehnt: du kannst {want} nicht geben",
    ),
    "from-one": Sentence(
        "not understood: {text!r}; seats, offers, fields and cards count from 1 (h1 is "
        "your front card)",
        "nicht verstanden: {text!r}; Plätze, Angebote, Felder und Karten zählen ab 1 (h1 "
        "ist deine vorderste Karte)",
    ),
    "propose-to": Sentence(
        "propose to seat ({seats}; Enter: back)> ",
        "Angebot an Platz ({seats}; Enter: zurück)> ",
    ),
    "propose-give": Sentence(
        "you give (e.g. {refs}; commas; Enter: nothing)> ",
        "du gibst (z. B. {refs}; Kommas; Enter: nichts)> ",
    ),
    "propose-want": Sentence(
        "you want (card names, e.g. {names}; Enter: nothing)> ",
        "du willst (Kartennamen, z. B. {names}; Enter: nichts)> ",
    ),
    "propose-none": Sentence("no proposal made", "kein Angebot gemacht"),
    "layout": Sentence("layout: {layout}", "Ansicht: {layout}"),
}


#: the terminal's keys and commands (``help``), English and German; a bean
#: game's are in :mod:`bohn.describe.bean`
HELP_KEYS_EN = """\
Keys (only those that apply now are shown above the prompt):
  1) 2) ...     the numbered choices of the prompt
  p             pass
  list          every legal action, numbered (a number answers it)
  cards         this game's cards: names, counts, effects
  table         the whole table;  full / compact: show it at every prompt or not
"""
HELP_KEYS_DE = """\
Tasten (über der Eingabe stehen nur die, die jetzt gelten):
  1) 2) ...     die nummerierten Möglichkeiten
  p             passen
  list          alle erlaubten Aktionen, nummeriert (eine Nummer wählt sie)
  cards         die Karten dieses Spiels: Namen, Anzahl, Wirkung
  table         der ganze Tisch;  full / compact: ihn bei jeder Eingabe zeigen oder nicht
"""


#: German sentences name the person "du" where a seat's name stands; the verb
#: and the preposition after or before it then take the form "du" asks for
_DU_VERBS = {
    "ist": "bist",
    "darf": "darfst",
    "muss": "musst",
    "will": "willst",
    "nimmt": "nimmst",
    "kauft": "kaufst",
    "hat": "hast",
    "wählt": "wählst",
    "spielt": "spielst",
    "bekommt": "bekommst",
    "gibt": "gibst",
    "greift": "greifst",
    "deckt": "deckst",
    "zielt": "zielst",
    "reagiert": "reagierst",
    "eröffnet": "eröffnest",
    "legt": "legst",
    "bietet": "bietest",
    # the past
    "legte": "legtest",
    "musste": "musstest",
    "kaufte": "kauftest",
    "erntete": "erntetest",
    "zahlte": "zahltest",
    "pflanzte": "pflanztest",
    "passte": "passtest",
    "ordnete": "ordnetest",
    "nannte": "nanntest",
    "lehnte": "lehntest",
    "erbeutete": "erbeutetest",
    "beendete": "beendetest",
    "baute": "bautest",
    "spielte": "spieltest",
    "tauschte": "tauschtest",
    "grätschte": "grätschtest",
    "zielte": "zieltest",
    "nahm": "nahmst",
    "bekam": "bekamst",
    "gab": "gabst",
    "zog": "zogst",
    "sah": "sahst",
    "verschob": "verschobst",
    "behielt": "behieltst",
    "begann": "begannst",
    "hielt": "hieltst",
    "rief": "riefst",
}
_DU_AFTER = re.compile(r"\b([Dd]u) (" + "|".join(_DU_VERBS) + r")\b")
_DU_CASES = {"durch": "dich", "für": "dich", "an": "dich", "von": "dir", "mit": "dir"}
_DU_BEFORE = re.compile(r"\b(" + "|".join(_DU_CASES) + r") du\b")
#: English sentences name the person "you" where a seat's name stands; the
#: verb after it then takes the form "you" asks for (``has``: ``have``)
_YOU_VERBS = {
    "is": "are",
    "has": "have",
    "goes": "go",
    "holds": "hold",
    "gets": "get",
    "chooses": "choose",
    "attacks": "attack",
    "opens": "open",
    "plays": "play",
    "reacts": "react",
    "aims": "aim",
    "discards": "discard",
    "leaves": "leave",
}
_YOU_AFTER = re.compile(r"\b([Yy]ou) (" + "|".join(_YOU_VERBS) + r")\b")


def _du(text: str) -> str:
    """German grammar for "du" standing where a seat's name stands.

    >>> _du("ANGRIFF durch du: du darf eine Münze aufdecken")
    'ANGRIFF durch dich: du darfst eine Münze aufdecken'
    """
    text = _DU_AFTER.sub(lambda m: f"{m.group(1)} {_DU_VERBS[m.group(2)]}", text)
    return _DU_BEFORE.sub(lambda m: f"{m.group(1)} {_DU_CASES[m.group(1)]}", text)


def _you(text: str) -> str:
    """English grammar for "you" standing where a seat's name stands.

    >>> _you("you has no coins; You discards a card")
    'you have no coins; You discard a card'
    """
    return _YOU_AFTER.sub(lambda m: f"{m.group(1)} {_YOU_VERBS[m.group(2)]}", text)


def nth(i: Any) -> str:
    """A seat, offer, field or card position as a person reads it: counted
    from 1 (the JSON and the actions count from 0); anything not a number as
    it is.

    >>> nth(0), nth(2), nth("?")
    ('1', '3', '?')
    """
    if isinstance(i, bool) or not isinstance(i, int):
        if isinstance(i, str) and i.isdigit():
            return str(int(i) + 1)
        return str(i)
    return str(i + 1)


def _start(text: str) -> str:
    """``text`` to open a sentence: its first letter a capital, the rest as
    it is (a player's name keeps its own letters)."""
    return text[:1].upper() + text[1:]


class _Slots(dict[str, str]):
    """The words of a sentence by name, given or looked up when it asks for
    one (:meth:`Describer.say`), each once."""

    def __init__(self, look_up: Callable[[str], str], given: dict[str, str]) -> None:
        super().__init__(given)
        self.look_up = look_up

    def __missing__(self, name: str) -> str:
        word = self[name] = self.look_up(name)
        return word


class Describer:
    """Words for one ruleset's games, in one language (``"en"`` or ``"de"``).

    This base knows only what every game shares: seats, coins, card names
    (the ruleset's card table's, as its catalogue gives them,
    :func:`bohn.catalogue.names_of`: ``Blue bean`` in English, ``Blaue Bohne``
    in German) and the terminal session's own sentences. The bean games'
    describer (:class:`bohn.describe.bean.BeanDescriber`) builds on it.
    """

    #: the action classes in the order the terminal lists them; any other after
    ORDER: ClassVar[tuple[type[Action], ...]] = ()
    #: the phases (their codes in the observation) in words, English and
    #: German; a ruleset's describer adds its own (:meth:`phase_names`)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {"over": ("game over", "Spielende")}

    #: the variant whose games this describer names (set by
    #: :func:`bohn.describe.describer`; the terminal reads its catalogue)
    variant: str = ""
    #: the rules file its game cites (``bohnanza``: its refusals read
    #: ``bohnanza §4.1.6``; set by :func:`bohn.describe.describer`)
    rules_file: str = ""
    #: the game described, where the describer was made for one (its history
    #: tells why an event happened where the event itself does not say)
    game: Game | None = None

    def __init__(self, lang: str = "en", table: CardTable | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.lang = lang
        self.table = table
        #: the players' names by seat (:meth:`with_players`); a seat not in
        #: it is named by its number
        self.players: dict[int, str] = {}
        #: every card key of the table by its name in this language (the
        #: catalogue's name where it overrides the table's), looked up once
        self.names: dict[str, str] = {}
        if table is not None:
            for i, key in enumerate(table.keys):
                named = names_of(table, i).get(lang)
                if named:
                    self.names[key] = named

    # ---------------------------------------------------------------- words

    @property
    def de(self) -> bool:
        return self.lang == "de"

    def w(self, en: str, de: str) -> str:
        """``en`` or ``de``, in this describer's language."""
        return _du(de) if self.lang == "de" else _you(en)

    def n(self, i: Any) -> str:
        """A seat, offer, field or card position as a person reads it, from 1
        (:func:`nth`)."""
        return nth(i)

    def ref(self, ref: str) -> str:
        """A card or field reference as a person reads it: ``h0`` is ``h1``."""
        return person_ref(ref)

    def text(self, a: Action) -> str:
        """An action's text form as a person reads (and types) it: its
        numbers counted from 1 (:func:`bohn.describe.terminal.person_text`)."""
        return person_text(a.text())

    def ui(self, key: str, **kw: Any) -> str:
        """One of the terminal session's own sentences (:data:`UI`)."""
        en, de = UI[key]
        return self.w(en, de).format(**kw)

    def name(self, key: str) -> str:
        """A card key by its name in this language (``blaue``: ``Blue bean``,
        ``Blaue Bohne``); the key itself where the table names none."""
        return self.names.get(key, key)

    def label(self, key: str) -> str:
        """A card as the screen shows it."""
        return self.name(key)

    def cards(self, keys: list[str]) -> str:
        return ", ".join(map(self.label, keys)) if keys else self.w("nothing", "nichts")

    def counted(self, keys: list[str]) -> str:
        """Cards grouped by name, most first: ``Blue bean x3, Stink bean``."""
        counts: dict[str, int] = {}
        for k in map(self.label, keys):
            counts[k] = counts.get(k, 0) + 1
        parts = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return ", ".join(k if c == 1 else f"{k} x{c}" for k, c in parts) or self.w("none", "keine")

    def coins(self, n: int) -> str:
        if self.de:
            return f"{n} Münze" if n == 1 else f"{n} Münzen"
        return f"{n} coin" if n == 1 else f"{n} coins"

    def ncards(self, n: int) -> str:
        if self.de:
            return f"{n} Karte" if n == 1 else f"{n} Karten"
        return f"{n} card" if n == 1 else f"{n} cards"

    def with_players(self, names: Sequence[str | None]) -> Describer:
        """This describer, naming each seat by its player's name (``names``:
        one per seat; None, a seat nobody has taken, keeps its number). Two
        seats of one name are told apart by their numbers, counted from 1 as
        the game page shows them: ``greedy bot (Seat 1)`` is seat 0."""
        counts = Counter(n for n in names if n)
        self.players = {
            s: n if counts[n] == 1 else f"{n} ({self.w('Seat', 'Platz')} {nth(s)})"
            for s, n in enumerate(names)
            if n
        }
        return self

    def seat(self, s: Any) -> str:
        """A seat in a sentence: its player's name (:meth:`with_players`),
        else its number counted from 1: ``seat 2`` is seat 1 of the JSON."""
        name = self.players.get(s) if isinstance(s, int) else None
        return name if name is not None else self.w(f"seat {nth(s)}", f"Platz {nth(s)}")

    def seat_start(self, s: Any) -> str:
        """A seat at the start of a sentence: ``Seat 2``; a player's name as
        the player wrote it (``anna`` stays ``anna``)."""
        name = self.players.get(s) if isinstance(s, int) else None
        return name if name is not None else _start(self.seat(s))

    def seat_name(self, s: int, me: int, kinds: dict[int, str]) -> str:
        """``you``, ``seat 2 (greedy)`` or ``seat 2``."""
        if s == me:
            return self.w("you", "du")
        return f"{self.seat(s)} ({kinds[s]})" if s in kinds else self.seat(s)

    def who(self, s: Any, me: int) -> str:
        """``you`` or ``seat 2``."""
        return self.w("you", "du") if s == me else self.seat(s)

    def whose(self, s: Any, me: int) -> str:
        """``your`` or ``seat 2's``."""
        if s == me:
            return self.w("your", "dein")
        return self.w(f"{self.seat(s)}'s", f"von {self.seat(s)}")

    def field_of(
        self, s: Any, f: Any, me: int, de_mine: str = "dein Feld", de_other: str = "Feld"
    ) -> str:
        """Seat ``s``'s field ``f`` as ``me`` reads it, counted from 1: ``your
        field 2``, ``seat 3's field 2``; German ``dein Feld 2`` (``de_mine``:
        in another case, ``deinem Feld``), ``Feld 2 von Platz 3``."""
        k = self.n(f)
        if s == me:
            return self.w(f"your field {k}", f"{de_mine} {k}")
        return self.w(f"{self.seat(s)}'s field {k}", f"{de_other} {k} von {self.seat(s)}")

    def shuffled(self, pile: str) -> str:
        """German: a shuffled pile's name and its verb (``der Nachziehstapel
        wurde``, ``Münzen von Platz 2 wurden``)."""
        name = self.pile_name(pile)
        return f"{name} {'wurden' if 'münzen' in name.lower() else 'wurde'}"

    def pile_name(self, pile: str) -> str:
        """A shuffled pile's name (``deck``, ``team 1 deck``, ``seat 2 coins``)
        in German; in English as it is, an owner's with its ``'s`` (``seat 3's
        coins``): the owner's number counted from 1."""
        words = pile.split()
        if not self.de:
            if len(words) == 3 and words[1].isdigit():
                return f"{words[0]} {nth(words[1])}'s {words[2]}"
            return pile
        if len(words) == 3 and words[1].isdigit():
            kind = {"deck": "Stapel", "coins": "Münzen"}.get(words[2], words[2])
            owner = {"team": "Team", "seat": "Platz"}.get(words[0], words[0])
            return f"{kind} von {owner} {nth(words[1])}"
        return {
            "deck": "der Nachziehstapel",
            "defensive deck": "der Abwehrstapel",
            "starting coins": "die Startmünzen",
        }.get(pile, pile)

    # -------------------------------------------------------- the contract

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        """A sentence for one of ``seat``'s legal actions, read from its
        observation ``obs`` (``price``: the third field's price option)."""
        return self.text(a)

    def labels(
        self, actions: Sequence[Action], obs: dict[str, Any], seat: int, price: Any = None
    ) -> list[str]:
        """The sentences of ``seat``'s legal ``actions`` (:meth:`action`;
        ``price``: the third field's, as there), two moves that would read
        alike told apart by where their cards lie (:meth:`told_apart`:
        giving the Chili bean that is ``hand card 3`` or the one that is
        ``hand card 5`` leaves different hands)."""
        out = [self.action(a, obs, seat, price) for a in actions]
        counts = Counter(out)
        for i, a in enumerate(actions):
            if counts[out[i]] > 1:
                where = self.told_apart(a, obs, seat)
                if where:
                    out[i] = f"{out[i]} ({where})"
        return out

    def told_apart(self, a: Action, obs: dict[str, Any], seat: int) -> str:
        """Where the cards of ``a`` lie, to tell it from a move that reads
        alike (:meth:`labels`); this base: nothing."""
        return ""

    def ordered(self, actions: Sequence[Action]) -> list[Action]:
        """``actions`` in the order they are listed to a person: by the class
        order of :attr:`ORDER` (the usual moves first), any other after,
        each kind in the order given."""
        rank: dict[type[Action], int] = {kind: i for i, kind in enumerate(self.ORDER)}
        return sorted(actions, key=lambda a: rank.get(type(a), len(rank)))

    #: the events a describer words, by their type: a :class:`Sentence`, or
    #: the name of the method that words one (``method(e, me)``; None: the
    #: describer it builds on words it). Each class's own table counts, the
    #: most derived first (:meth:`by_table`)
    EVENTS: ClassVar[dict[str, str | Sentence]] = {}

    def event(self, e: dict[str, Any], me: int) -> str | None:
        """One line for an event as seat ``me`` sees it (None: not worth a
        line): as the tables of :attr:`EVENTS` word it, else :meth:`any_event`."""
        line = self.by_table("EVENTS", e.get("type"), e, me)
        return line if line is not None else self.any_event(e, me)

    def any_event(self, e: dict[str, Any], me: int) -> str | None:
        """An event no table words: every game's end and shuffles, the
        actions (None: their events say what they did), any other as it is."""
        t = e.get("type")
        if t == "action":
            return None
        if t == "game-over":
            return self.w("the game is over", "das Spiel ist aus")
        if t == "shuffle":
            pile = " ".join(nth(w) if w.isdigit() else w for w in str(e.get("pile")).split())
            return self.w(
                f"the {pile} was shuffled ({e.get('size', '?')} cards)",
                f"{self.shuffled(str(e.get('pile')))} gemischt ({e.get('size', '?')} Karten)",
            )
        return str(e)

    def by_table(self, table: str, key: Any, *args: Any) -> Any:
        """What the class attribute ``table`` (by key, a :class:`Sentence` or
        the name of the method that words the key) says of ``key`` and
        ``args``: each class's own table is read, the most derived first,
        until one says something (a method's None: the next table's turn);
        None where none does. A sentence is an event's (:meth:`say`;
        ``args``: the event and the viewer)."""
        for klass in type(self).__mro__:
            how = vars(klass).get(table, {}).get(key)
            if isinstance(how, Sentence):
                e, me = args
                return self.say(e, me, how.en, how.de)
            if how is not None:
                said = getattr(self, how)(*args)
                if said is not None:
                    return said
        return None

    def say(self, e: dict[str, Any], me: int, en: str, de: str, **words: str) -> str:
        """An event's sentence, ``en`` or ``de`` with its ``{names}`` filled
        in: by ``words``, else by the event's words (:meth:`slot`). A seat
        that is ``me`` reads ``you``, its verb in the form "you" asks for.

        >>> Describer().say({"seat": 1, "id": 0}, 1, "{who} declined offer {id}", "")
        'you declined offer 1'
        """
        slots = _Slots(lambda name: self.slot(e, me, name), words)
        return self.fill(en, de, slots)

    def fill(self, en: str, de: str, words: Mapping[str, str]) -> str:
        """``en`` or ``de`` with its ``{names}`` filled in by ``words``, in
        the grammar of a seat named "you" ("du")."""
        return self.w(en.format_map(words), de.format_map(words))

    #: the words of an event that name a seat (:meth:`slot`), by the event's key
    SEAT_WORDS: ClassVar[dict[str, str]] = {
        "who": "seat",
        "Who": "seat",
        "from": "from",
        "to": "to",
        "target": "target",
        "first": "first",
    }

    def slot(self, e: dict[str, Any], me: int, name: str) -> str:
        """An event's word for a sentence (:meth:`say`) by its name: ``who``
        its seat (``you``, ``seat 2``; ``Who`` at a sentence's start),
        ``from``, ``to``, ``target`` and ``first`` the seats of those keys
        (:attr:`SEAT_WORDS`), ``card`` and ``cards`` by their names, ``id``,
        ``offer``, ``field`` and ``pile`` counted from 1; any other the
        event's value as it is."""
        if name in self.SEAT_WORDS:
            s = e.get(self.SEAT_WORDS[name])
            if name == "Who":
                return self.w("You", "Du") if s == me else self.seat_start(s)
            return self.who(s, me)
        if name == "card":
            return self.label(str(e.get("card")))
        if name == "cards":
            return self.cards([str(k) for k in e.get("cards", [])])
        if name in ("id", "offer", "field", "pile"):
            return self.n(e.get(name))
        return str(e.get(name))

    def screen(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None = None
    ) -> list[str]:
        """The table as ``seat`` sees it, from its observation only (``asking``:
        what :meth:`asking` found)."""
        return ["", *self.table_lines(obs, seat, kinds)]

    def table_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The parts of the table particular to the ruleset (its supply, its
        open decisions)."""
        return []

    def asking(
        self,
        obs: dict[str, Any],
        seat: int,
        legal: list[Action],
        events: list[dict[str, Any]],
    ) -> str | None:
        """What asks ``seat`` to choose now where the observation does not
        name it (passed on to :meth:`screen`); None: nothing."""
        return None

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        """Why ``seat``'s choices now are what they are where the rules force
        its move, with the rule (the game page's prompt and the terminal say
        it); None where nothing is forced. This base: None."""
        return None

    def help(self) -> str:
        """The commands, for ``help``."""
        return self.w(
            "Answer with the number of an action, its text, table, log, help or quit.",
            "Antworte mit der Nummer einer Aktion, ihrem Text, table, log, help oder quit.",
        )

    def bot_report(
        self,
        label: str,
        s: int,
        action: Action,
        seen: dict[str, Any],
        views: list[dict[str, Any]],
    ) -> tuple[str, list[dict[str, Any]]]:
        """The line for a bot's move (``label``: ``seat 2 (greedy)``), with
        what its own events add to it (:meth:`reported`), and the other events
        (as the person sees them) to show under it (:meth:`shown`). An action
        the person may not see (``seen``: as the game shows it) reads as its
        type (``take (hidden)``)."""
        if seen == action.to_json():
            text = self.text(action)
        else:
            text = self.ui("hidden", type=seen.get("type"))
        summary: list[str] = []
        rest: list[dict[str, Any]] = []
        for v in views:
            said = self.reported(v, s)
            if said is not None:
                summary.append(said)
            elif self.shown(v, s):
                rest.append(v)
        line = f"{label}: {text}"
        if summary:
            line += " -> " + ", ".join(summary)
        return line, rest

    def reported(self, v: dict[str, Any], s: int) -> str | None:
        """What an event of seat ``s``'s move adds to the line of the move
        (:meth:`bot_report`); None: it is shown under it, or not at all. This
        base: None."""
        return None

    def shown(self, v: dict[str, Any], s: int) -> bool:
        """Whether an event of seat ``s``'s move is shown under the line of
        the move (:meth:`bot_report`). This base: every one."""
        return True

    # ------------------------------------------------- the terminal's table

    def compact_screen(
        self,
        obs: dict[str, Any],
        seat: int,
        kinds: dict[int, str],
        asking: str | None = None,
        rows: int = COMPACT_ROWS,
    ) -> list[str]:
        """The table as ``seat`` sees it, laid out for an 80x24 terminal in
        about ``rows`` lines (the terminal game shows it at every prompt;
        ``table`` shows :meth:`screen`): the first of its layouts
        (:meth:`compact_lines`) that fits once the lines it may miss are left
        out (:func:`~bohn.describe.terminal.fit_rows`), else the last."""
        note = self.w("(more: table)", "(mehr: table)")
        lines: list[str] = []
        for layout in range(self.COMPACT_LAYOUTS):
            lines = fit_rows(self.compact_lines(obs, seat, kinds, asking, layout), rows, note)
            if len(lines) <= rows:
                break
        return lines

    #: how many layouts the compact table has (:meth:`compact_lines`)
    COMPACT_LAYOUTS: ClassVar[int] = 1

    def compact_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None, layout: int
    ) -> list[tuple[int, str]]:
        """The compact table's lines in its ``layout`` (0: the widest; each
        tighter than the one before), each ranked by how much it may be
        missed (0: never). This base has one: :meth:`screen` without its
        leading blank line, long lines folded, none to miss."""
        lines = self.screen(obs, seat, kinds, asking)
        lines = lines[1:] if lines and not lines[0] else lines
        return [(0, x) for line in lines for x in fold(line)]

    def zone_names(self, obs: dict[str, Any]) -> dict[str, str]:
        """Names of a seat's zones where this ruleset calls them otherwise than
        the page does, by their reference letter (``{"t": "the offer"}``); the
        state message carries them (``zone_names``). This base: none."""
        return {}

    def key_label(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        """A short label for an action beside its key in the terminal's prompt;
        this base: :meth:`action`."""
        return self.action(a, obs, seat, price)

    def verbs(self) -> list[str]:
        """The action words of this describer's games (:attr:`ORDER`'s)."""
        return sorted({str(getattr(k, "type", "")) for k in self.ORDER} - {""})

    def help_keys(self) -> str:
        """The terminal's keys and commands, for ``help`` (before :meth:`help`)."""
        return self.w(HELP_KEYS_EN, HELP_KEYS_DE)

    # ------------------------------------------------- the game page's words

    def turn_summary(self, active: int, events: list[dict[str, Any]], me: int) -> str:
        """One line for a finished turn of seat ``active`` from its events as
        ``me`` sees them (redacted for ``me``: it names no card ``me`` may not
        know). This base names the turn and counts its steps' events; a
        ruleset's describer says what happened (:meth:`turn_parts`)."""
        head = "Your turn" if active == me else f"{self.seat_start(active)}'s turn"
        if self.de:
            head = "Dein Zug" if active == me else f"Zug {self.whose(active, me)}"
        parts = self.turn_parts(active, events, me)
        return f"{head}: {'; '.join(parts)}" if parts else head

    def turn_parts(self, active: int, events: list[dict[str, Any]], me: int) -> list[str]:
        """The pieces of a turn's summary (``planted ...``, ``harvested ...``)."""
        return []

    def by_clock(self, s: int, me: int) -> str:
        """The log's line for a decision the server's bot played because
        seat ``s``'s turn clock ran out."""
        if s == me:
            return self.w(
                "you took too long: the bot played for you",
                "du hast zu lange gebraucht: der Bot spielte für dich",
            )
        return self.w(
            f"{self.seat(s)} took too long: the bot played for it",
            f"{self.seat(s)} brauchte zu lange: der Bot spielte für {self.seat(s)}",
        )

    @classmethod
    def merged(cls, table: str) -> dict[str, Any]:
        """The class attribute ``table`` (a dictionary) of this describer and
        of those it builds on, in one: a key a class gives anew replaces its
        bases'."""
        out: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            out.update(vars(klass).get(table) or {})
        return out

    @classmethod
    def phase_names(cls) -> dict[str, tuple[str, str]]:
        """Every phase this describer names: its own and its bases' tables."""
        return cls.merged("PHASE_NAMES")

    def phase_name(self, code: Any) -> str:
        """A phase (its code in the observation) in words."""
        names = self.phase_names().get(str(code))
        if names is None:
            return str(code).replace("-", " ")
        return self.w(*names)

    def advances(self, a: Action, obs: dict[str, Any], seat: int) -> bool:
        """Whether ``a`` is one of the moves the game waits for (not an
        action allowed at any time, such as a harvest)."""
        return True

    def to_move(
        self, obs: dict[str, Any], seat: int | None, waiting: list[int], legal: list[Action]
    ) -> bool:
        """Whether the game waits for ``seat`` to make a move now."""
        return (
            seat is not None and seat in waiting and any(self.advances(a, obs, seat) for a in legal)
        )

    def seats_text(self, seats: list[int], me: int | None) -> str:
        """``seat 2``, ``you and seat 3``, ``seats 1 and 2`` (counted from 1);
        players by their names where the table has them (``Bruno and Clara``)."""
        names = [self.who(s, -1 if me is None else me) for s in seats]
        named = all(s in self.players for s in seats)
        if len(names) > 1 and all(s != me for s in seats) and not named:
            nums = [nth(s) for s in seats]
            joined = ", ".join(nums[:-1]) + self.w(" and ", " und ") + nums[-1]
            return self.w(f"seats {joined}", f"Plätze {joined}")
        if len(names) > 1:
            return ", ".join(names[:-1]) + self.w(" and ", " und ") + names[-1]
        return names[0] if names else self.w("nobody", "niemand")

    def prompt(
        self,
        obs: dict[str, Any],
        seat: int | None,
        waiting: list[int],
        legal: list[Action],
        over: bool = False,
    ) -> str:
        """One sentence for the game page: what ``seat`` (None: a spectator)
        is asked to do now, or what the others are doing while it waits (a
        ruleset's own sentence for its phase first, :meth:`phase_prompt`);
        where the rules force its move, why (:meth:`forced`)."""
        if over or obs.get("phase") == "over":
            return self.w("The game is over.", "Das Spiel ist aus.")
        line = self.phase_prompt(obs, seat, waiting, legal) or self.move_line(
            obs, seat, waiting, legal
        )
        asked = seat is not None and self.to_move(obs, seat, waiting, legal)
        why = self.forced(obs, seat, legal) if asked and seat is not None else None
        return f"{line} {why}" if why else line

    def phase_prompt(
        self, obs: dict[str, Any], seat: int | None, waiting: list[int], legal: list[Action]
    ) -> str | None:
        """A ruleset's own sentence for what happens in its phase now (a bean
        game's trading); None: :meth:`move_line`'s."""
        return None

    def move_line(
        self, obs: dict[str, Any], seat: int | None, waiting: list[int], legal: list[Action]
    ) -> str:
        """Whose move it is now and in which phase: ``Your move: trading
        (also to act: seat 3).``, ``Waiting for seat 2: planting.``"""
        phase = self.phase_name(obs.get("phase"))
        others = [s for s in waiting if s != seat]
        if seat is not None and self.to_move(obs, seat, waiting, legal):
            if others:
                also = self.seats_text(others, seat)
                return self.w(
                    f"Your move: {phase} (also to act: {also}).",
                    f"Du bist am Zug: {phase} (ebenfalls am Zug: {also}).",
                )
            return self.w(f"Your move: {phase}.", f"Du bist am Zug: {phase}.")
        if not others:
            return self.w(f"{phase.capitalize()}.", f"{phase}.")
        who = self.seats_text(others, seat)
        line = self.w(f"Waiting for {who}: {phase}.", f"Warten auf {who}: {phase}.")
        if seat is not None and legal:
            line += self.w(
                " You may still act meanwhile.", " Du kannst inzwischen trotzdem handeln."
            )
        return line

    def final_lines(
        self, r: Result, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """The lines under ``=== game over ===``: the scores and the winners."""
        winners = ", ".join(self.seat_name(s, seat, kinds) for s in r.winners)
        return [self.w(f"winner: {winners}", f"gewonnen: {winners}")]
