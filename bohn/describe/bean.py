"""The bean games' describer: planting, harvesting, trading, offers, fields
and coins, in English and German.

Every bean game's ruleset (Bohnanza and all built on its bean game) extends
:class:`BeanDescriber` with only what it adds; its hooks (:meth:`~BeanDescriber.plant`,
:meth:`~BeanDescriber.pass_text`, :meth:`~BeanDescriber.field_marks`,
:meth:`~BeanDescriber.seat_extras`, :meth:`~BeanDescriber.own_lines`,
:meth:`~BeanDescriber.extra_lines`, :meth:`~BeanDescriber.winner_lines`) are
where a ruleset adds its words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from itertools import groupby
from typing import Any
from typing import ClassVar
from typing import Protocol

from bohn.catalogue import Entry
from bohn.catalogue import Steps
from bohn.catalogue import catalogue
from bohn.catalogue import priced_by
from bohn.describe.base import Describer
from bohn.describe.base import Sentence
from bohn.describe.terminal import flow
from bohn.describe.terminal import fold
from bohn.describe.terminal import fold_cells
from bohn.describe.terminal import next_payout
from bohn.describe.terminal import side_by_side
from bohn.engine.actions import Accept
from bohn.engine.actions import Action
from bohn.engine.actions import BuyField
from bohn.engine.actions import Decline
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Harvest
from bohn.engine.actions import Keep
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.actions import Withdraw
from bohn.engine.cards import CardTable
from bohn.engine.game import Result

#: the bean game's commands (``help``), English and German
HELP_EN = """\
Answer with:
  <number>          the numbered action of the list
  <action text>     any action, also one not listed, e.g.
                      plant f1              plant your front card on field 1
                      plant t2 f1           plant card 2 of your trading area on field 1
                      harvest f2            harvest field 2
                      buy-field             buy your third field
                      propose 2 give h3,r1 want blaue
                                            offer seat 2 your hand card h3 and revealed
                                            card r1 for one Blue bean from seat 2
                      propose 1 want soja   ask seat 1 for a Soy bean, giving nothing
                      accept 5 give h2      accept offer 5, giving your hand card h2
                      decline 5 / withdraw 5
                      keep r1               keep revealed card r1 (active player)
                      end-trading           end the trading phase (active player)
                      pass                  no second planting / no more proposals
  table             show the table again
  log               the recent events
  help              this text
  quit              leave the game
Cards are named h<i> (your hand, h1 = front card), r<i> (revealed cards),
t<i> (your trading area) and s<i> (your General Store); fields are f1, f2, f3 ...;
every number counts from 1: seats, offers, fields and cards (the first is 1);
wanted cards by bean type, as the actions write it (blaue, soja, ...).
"""

HELP_DE = """\
Antworte mit:
  <Nummer>          die nummerierte Aktion der Liste
  <Aktionstext>     jede Aktion, auch eine nicht aufgeführte, z. B.
                      plant f1              deine vorderste Karte auf Feld 1 pflanzen
                      plant t2 f1           Karte 2 deines Handelsbereichs auf Feld 1 pflanzen
                      harvest f2            Feld 2 abernten
                      buy-field             dein drittes Feld kaufen
                      propose 2 give h3,r1 want blaue
                                            Platz 2 deine Handkarte h3 und die aufgedeckte
                                            Karte r1 für eine blaue von Platz 2 anbieten
                      propose 1 want soja   Platz 1 um eine soja bitten, ohne etwas zu geben
                      accept 5 give h2      Angebot 5 annehmen und dafür Handkarte h2 geben
                      decline 5 / withdraw 5
                      keep r1               die aufgedeckte Karte r1 behalten (aktiver Spieler)
                      end-trading           die Handelsphase beenden (aktiver Spieler)
                      pass                  kein zweites Pflanzen / keine weiteren Angebote
  table             den Tisch noch einmal zeigen
  log               die letzten Ereignisse
  help              dieser Text
  quit              das Spiel verlassen
Karten heißen h<i> (deine Hand, h1 = vorderste Karte), r<i> (aufgedeckte Karten),
t<i> (dein Handelsbereich) und s<i> (dein Gemischtwarenladen); Felder heißen f1, f2,
f3 ...; jede Zahl zählt ab 1: Plätze, Angebote, Felder und Karten (die erste ist 1);
gewünschte Karten nach Bohnensorte.
"""


#: the compact table's keys and commands (``help``), English and German
BEAN_KEYS_EN = """\
Keys (only those that apply now are shown above the prompt):
  1 2 3 ...     plant on field 1, 2, 3 (the card to plant is named)
  t1 h3 ...     plant that card where several could be planted; asks the
                field where more than one takes it
  s1 s2 ...     sell (harvest) field 1, 2 ... b   buy the third field
  p             pass                          e   end the trading (active player)
  k1 k2         keep revealed card 1, 2       w N withdraw your offer N
  a N / d N     accept / decline offer N (a / d alone: the only offer to you)
  1) 2) ...     the other numbered choices (n1) n2) ... where numbers plant)
  propose       make a proposal step by step (or type propose 2 give h1 want blaue)
  auto          pass through others' trading (decline, then pass) until your
                own turn; auto off stops it. Offers you cannot fulfil are
                declined for you at once.
  list          every legal action, numbered (a number answers it)
  cards         this game's cards: names, counts, beanometers, effects
  hand          your whole hand, front first
  table         the whole table;  full / compact: show it at every prompt or not
Seats, offers, fields and cards count from 1: h1 is the front card of your hand.
Cards may be typed by key or by name in plain ASCII, any letter case:
blaue, Blue-Bean, blaue-bohne, wuehler (Wühler), blaue-lady (Blaue Bohne♀).
The table names a card without "bean" (Blue, Green♀, Macho/Blue). A field
reads Blue x3 (1, +1→2): three Blue beans pay 1 coin now, one more pays 2;
(4 max): no more cards pay more. A field of different cards lists them bottom
first, or where the table is full its top card and count (Streaker/Red x3).
(more: table) says that the table left something out: table shows it all.
"""
BEAN_KEYS_DE = """\
Tasten (über der Eingabe stehen nur die, die jetzt gelten):
  1 2 3 ...     auf Feld 1, 2, 3 pflanzen (die Karte steht dabei)
  t1 h3 ...     diese Karte pflanzen, wo mehrere gepflanzt werden könnten;
                fragt nach dem Feld, wo mehr als eines sie nimmt
  s1 s2 ...     Feld 1, 2 ... abernten        b   das dritte Feld kaufen
  p             passen                        e   den Handel beenden (aktiver Spieler)
  k1 k2         aufgedeckte Karte 1, 2 behalten   w N dein Angebot N zurückziehen
  a N / d N     Angebot N annehmen / ablehnen (a / d allein: das einzige an dich)
  1) 2) ...     die übrigen nummerierten Möglichkeiten (n1) n2) ..., wo Zahlen pflanzen)
  propose       ein Angebot Schritt für Schritt (oder propose 2 give h1 want blaue)
  auto          Durchreichen: bis zu deinem Zug jeden Handel ablehnen und passen;
                auto off beendet es. Angebote, die du nicht erfüllen kannst,
                werden sofort für dich abgelehnt.
  list          alle erlaubten Aktionen, nummeriert (eine Nummer wählt sie)
  cards         die Karten dieses Spiels: Namen, Anzahl, Bohnometer, Wirkung
  hand          deine ganze Hand, vorne zuerst
  table         der ganze Tisch;  full / compact: ihn bei jeder Eingabe zeigen oder nicht
Plätze, Angebote, Felder und Karten zählen ab 1: h1 ist die vorderste Handkarte.
Karten heißen nach Schlüssel oder Namen in einfachem ASCII, groß oder klein:
blaue, Blue-Bean, blaue-bohne, wuehler (Wühler), blaue-lady (Blaue Bohne♀).
Der Tisch nennt eine Karte ohne "Bohne" (Blaue, Feuer, Macho/Blaue). Ein Feld
liest sich Blaue x3 (1, +1→2): drei Blaue Bohnen bringen jetzt 1 Münze, eine
mehr bringt 2; (4 max): mehr Karten bringen nicht mehr. Ein Feld verschiedener
Karten nennt sie von unten, oder bei vollem Tisch seine oberste Karte und die
Anzahl. (mehr: table) heißt, dass der Tisch etwas auslässt: table zeigt alles.
"""


#: what a payment is for, in German (a building or establishment keeps its key)
PAID_FOR = {"the third field": "das dritte Feld"}


#: the word for bean in a card's label, left out on the compact table
_BEAN_WORD = re.compile(r" bean\b| Bohne\b|(?<=\w)bohne\b")


#: a card bought with coins of a bean type (High Bohn's buildings, Prohibohn's
#: establishments): its price, the bean type that pays it, its catalogue entry
#: (its ``names``; its ``effect``: what it does)
Bought = tuple[int, str, Entry]


class PricedCards(Protocol):
    """The table of a ruleset's cards bought with coins: each card's index by
    its key, and by index its price and the bean type (an index into the card
    table's ``bean_keys``) that pays it."""

    @property
    def index(self) -> dict[str, int]: ...

    @property
    def price(self) -> tuple[int, ...]: ...

    @property
    def bean(self) -> tuple[int, ...]: ...


def bought_lookup(
    load: Callable[[], tuple[str, PricedCards, CardTable]],
) -> Callable[[str], Bought | None]:
    """The :data:`Bought` of a card by its key (None: not one), from the
    variant, the priced cards and the card table ``load`` gives on the first
    look-up; every look-up of a key gives the same value."""

    @cache
    def bought() -> dict[str, Bought]:
        variant, cards, table = load()
        cat = catalogue(variant)
        return {
            k: (cards.price[i], table.bean_keys[cards.bean[i]], cat.entry(k))
            for k, i in cards.index.items()
        }

    return lambda key: bought().get(key)


def runs(keys: list[str]) -> list[tuple[str, int]]:
    """The runs of one card in ``keys``, each with its length.

    >>> runs(["sau", "sau", "blaue", "sau"])
    [('sau', 2), ('blaue', 1), ('sau', 1)]
    """
    return [(k, len(list(same))) for k, same in groupby(keys)]


def _pays(p: dict[str, Any], f: int) -> int | None:
    pays = p.get("field_pays") or []
    return pays[f] if f < len(pays) else None


def field_flag(p: dict[str, Any], key: str, f: int) -> bool:
    """Whether field ``f`` of a seat's observation ``p`` is marked in its
    list ``key`` (one flag a field: High Bohn's ``stews``, ``locked``)."""
    flags = p.get(key) or []
    return f < len(flags) and bool(flags[f])


def _ranked(rank: int, lines: list[str]) -> list[tuple[int, str]]:
    """``lines`` folded to the compact table's width, each ranked by how much
    it may be missed (:func:`~bohn.describe.terminal.fit_rows`; 0: never)."""
    return [(rank, x) for line in lines for x in fold(line)]


class BeanDescriber(Describer):
    """The bean game (Bohnanza) in words; the base of every bean game's describer."""

    ORDER: ClassVar[tuple[type[Action], ...]] = (
        Plant,
        Pass,
        EndTrading,
        Accept,
        Decline,
        Keep,
        Propose,
        Withdraw,
        Harvest,
    )
    #: the event types shown under a bot's move beyond its own plantings and harvests
    SHOWN: ClassVar[frozenset[str]] = frozenset(
        ("turn", "reveal", "offer", "trade", "deal", "keep", "draw", "exhausted")
    )
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "plant": ("planting from the hand", "Pflanzen aus der Hand"),
        "trade": ("trading and donating", "Handeln und Verschenken"),
        "plant-traded": ("planting the traded cards", "Pflanzen der gehandelten Karten"),
    }
    #: the actions allowed at any time or optional in trading: the game never waits for them
    OPTIONAL: ClassVar[tuple[type[Action], ...]] = (Harvest, BuyField, Propose, Withdraw)
    #: whether the cards have genders (Ladybohn): others' offered hand cards
    #: then show only their bean type
    genders: ClassVar[bool] = False
    #: the rule behind each move the rules make a seat take, or the game takes
    #: for it, by its reason (:meth:`rule`), as the refusals cite it;
    #: ``{file}`` is the game's rules file. A ruleset's describer gives its own
    #: sections where they differ (merged along the classes, :meth:`rules`)
    RULES: ClassVar[dict[str, str]] = {
        # phase 1: the front card is planted first; no field takes it: make room
        "front-card": "{file} §3.1.2",
        "no-room": "{file} §3.1.2",
        # phase 3: every card of the trading area is planted; one that fits
        # nowhere: make room
        "plant-traded": "{file} §3.3.1",
        "no-room-traded": "{file} §3.3.2",
        # an offer lapses with the trading phase, or when a card it gives is gone
        "trading-ended": "{file} §3.2.3",
        "cards-gone": "{file} §3.2.2",
        # the end: every field is harvested
        "final-harvest": "{file} §5.2.3",
    }

    def __init__(self, lang: str = "en", table: CardTable | None = None) -> None:
        super().__init__(lang, table)
        #: reasons waiting for the event they explain: a harvest or planting
        #: the game makes for a seat, announced by the event before it (a
        #: foisted baby, a quirk, the Sissi action), by (kind, seat, field or
        #: card)
        self.pending: dict[tuple[str, Any, Any], str] = {}
        #: why each lapsed offer lapsed, by its id, read from the game's history
        #: (:meth:`lapse_reason`), and how many of its steps have been read
        self.lapsed: dict[int, str] = {}
        self.read_steps = 0

    # ------------------------------------------------------ rules and reasons

    @classmethod
    def rules(cls) -> dict[str, str]:
        """Every reason's rule this describer cites: its own and its bases'."""
        return cls.merged("RULES")

    @classmethod
    def rules_in(cls, file: str) -> dict[str, str]:
        """Every reason's rule this describer cites, as the rules file
        ``file`` gives it: a ruleset that keeps a game's rules cites that
        game's file (``bohnanza §3.1.2``)."""
        return {why: ref.format(file=file) for why, ref in cls.rules().items()}

    @classmethod
    def order_with(
        cls, *first: type[Action], last: tuple[type[Action], ...] = ()
    ) -> tuple[type[Action], ...]:
        """This describer's :attr:`ORDER` with a ruleset's own actions:
        ``first`` right after planting, ``last`` at the end."""
        return (cls.ORDER[0], *first, *cls.ORDER[1:], *last)

    def rule(self, why: str) -> str:
        """The rule section behind ``why`` (:attr:`RULES`), as the engine's
        refusals cite it: ``bohnanza §3.1.2``; "" where none is known."""
        ref = self.rules().get(why, "")
        return ref.format(file=self.rules_file or self.variant)

    def cite(self, why: str) -> str:
        """`` (bohnanza §3.1.2)``: the rule of ``why`` in parentheses."""
        ref = self.rule(why)
        return f" ({ref})" if ref else ""

    def expect(self, kind: str, seat: Any, what: Any, reason: str) -> None:
        """Note why the next ``kind`` event (``harvest`` of a field, ``plant``
        of a card) of ``seat`` happens; its line then says so. The first
        reason noted stays (a captured coin is foisted too: it was captured)."""
        self.pending.setdefault((kind, seat, what), reason)

    def reason_for(self, kind: str, seat: Any, what: Any) -> str:
        """The reason noted for this event (:meth:`expect`), once; "" if none."""
        return self.pending.pop((kind, seat, what), "")

    def room(self, legal: list[Action]) -> str:
        """How a seat makes room for a card no field takes, from its legal
        actions: ``harvest a field first`` (or buy the third field); "" where
        it has another way forward (a card to discard instead, a General
        Store) and so is not made to harvest."""
        if any(not isinstance(a, Harvest | BuyField) and a.type != "build" for a in legal):
            return ""
        harvest = any(isinstance(a, Harvest) for a in legal)
        buy = any(isinstance(a, BuyField) for a in legal)
        if harvest and buy:
            return self.w(
                "harvest a field or buy your third field first",
                "ernte zuerst ein Feld ab oder kaufe dein drittes Feld",
            )
        if harvest:
            return self.w("harvest a field first", "ernte zuerst ein Feld ab")
        if buy:
            return self.w("buy your third field first", "kaufe zuerst dein drittes Feld")
        return ""

    def no_room(self, keys: list[str], room: str, why: str) -> str:
        """``You must plant the Blue bean and no field of yours can take it:
        harvest a field first (bohnanza §3.1.2).``"""
        n = len(keys)
        names = [self.label(k) for k in keys]
        cards = names[0] if n == 1 else ", ".join(names[:-1]) + self.w(" and ", " und ") + names[-1]
        it = self.w("it" if n == 1 else "them", "sie")
        return self.w(
            f"You must plant the {cards} and no field of yours can take {it}: {room}"
            f"{self.cite(why)}.",
            f"Du musst {cards} pflanzen, und keines deiner Felder kann {it} nehmen: {room}"
            f"{self.cite(why)}.",
        )

    def free_choice(
        self, obs: dict[str, Any], seat: int, legal: list[Action], card: str, why: str
    ) -> str | None:
        """Where ``card`` (a card of ``seat``'s: Prohibohn's Varieté) lets it
        plant any card of its hand first, before its first planting: ``You
        must plant a card of your hand first; your Varieté lets you choose
        which (prohibohn §3.3).`` (``why``: the rule's reason); None where
        it does not."""
        plants = [a for a in legal if isinstance(a, Plant) and a.traded is None]
        if (
            obs.get("phase") != "plant"
            or obs.get("active") != seat
            or int(obs.get("planted", 0) or 0)
            or not any(a.card for a in plants)
        ):
            return None
        return self.w(
            f"You must plant a card of your hand first; your {card} lets you choose which"
            f"{self.cite(why)}.",
            f"Du musst zuerst eine Karte deiner Hand pflanzen; dein {card} lässt dich wählen, "
            f"welche{self.cite(why)}.",
        )

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        """Why ``seat``'s choices now are what they are where the rules force
        a move: the front card planted first, the trading area planted, a
        harvest to make room for a card no field takes; with the rule. None
        where nothing is forced."""
        me = obs["seats"][seat]
        phase = obs.get("phase")
        plants = [a for a in legal if isinstance(a, Plant)]
        hand = me.get("hand") or []
        if phase == "plant" and obs.get("active") == seat and hand:
            if int(obs.get("planted", 0) or 0) > 0:
                return None
            card = self.label(str(hand[0]))
            if any(a.traded is None for a in plants):
                return self.w(
                    f"Your front card, the {card}, must be planted first{self.cite('front-card')}.",
                    f"Deine vorderste Karte ({card}) muss zuerst gepflanzt werden"
                    f"{self.cite('front-card')}.",
                )
            room = self.room(legal)
            return self.no_room([str(hand[0])], room, "no-room") if room else None
        area = me.get("trading_area") or []
        if phase == "plant-traded" and area:
            cards = self.cards([str(k) for k in area])
            if plants:
                return self.w(
                    f"Every card of your trading area ({cards}) must be planted before the "
                    f"turn goes on{self.cite('plant-traded')}.",
                    f"Jede Karte deines Handelsbereichs ({cards}) muss gepflanzt werden, bevor "
                    f"der Zug weitergeht{self.cite('plant-traded')}.",
                )
            room = self.room(legal)
            keys = [str(k) for k in area]
            return self.no_room(keys, room, "no-room-traded") if room else None
        return None

    def lapse_reason(self, offer: Any) -> str:
        """Why offer ``offer`` lapsed: the trading phase ended (an end of the
        trading follows it in its step of the game's history) or a card it
        gives is gone (dealt or kept in another move); both where the
        describer has no game to read."""
        if not isinstance(offer, int):
            return "?"
        if offer not in self.lapsed and self.game is not None:
            steps = self.game.history_since(self.read_steps)
            self.read_steps += len(steps)
            for _s, _a, events in steps:
                kinds = [ev.data.get("type") for ev in events]
                for i, ev in enumerate(events):
                    d = ev.data
                    if d.get("type") == "offer-void" and isinstance(d.get("id"), int):
                        ended = "end-trading" in kinds[i + 1 :]
                        self.lapsed[d["id"]] = "trading-ended" if ended else "cards-gone"
        return self.lapsed.get(offer, "?")

    #: why an offer lapsed (:meth:`lapse_reason`), in words
    LAPSES: ClassVar[dict[str, tuple[str, str]]] = {
        "cards-gone": ("a card it gives is gone", "eine Karte, die es gibt, ist weg"),
        "trading-ended": ("the trading phase ended", "die Handelsphase ist zu Ende"),
    }

    def lapsed_text(self, e: dict[str, Any], me: int) -> str:
        """An offer's lapse, why and by which rule; both reasons where the
        describer cannot tell (:attr:`LAPSES`)."""
        k = self.n(e.get("id"))
        why = self.lapse_reason(e.get("id"))
        reasons = [why] if why in self.LAPSES else list(self.LAPSES)
        what = self.w(", or ", ", oder ").join(self.w(*self.LAPSES[r]) for r in reasons)
        rules = ", ".join(x for x in map(self.rule, reasons) if x)
        cite = f" ({rules})" if rules else ""
        return self.w(f"offer {k} lapsed: {what}{cite}", f"Angebot {k} ist verfallen: {what}{cite}")

    # ---------------------------------------------------------------- words

    def field_text(self, keys: list[str], pays: int | None = None) -> str:
        """A field as a stack, bottom first, with what a harvest would pay now:
        ``Blue bean x4 (pays 1)``, ``[Saubohne Puffbohne]`` (names joined by
        commas where one has a space: ``[Stink bean, Red bean]``), ``empty``."""
        if not keys:
            return self.w("empty", "leer")
        labels = [self.label(k) for k in keys]
        if all(k == keys[0] for k in keys):
            stack = f"{labels[0]} x{len(keys)}"
        else:
            sep = ", " if any(" " in x for x in labels) else " "
            stack = "[" + sep.join(labels) + "]"
        return (
            stack if pays is None else self.w(f"{stack} (pays {pays})", f"{stack} (bringt {pays})")
        )

    def field_desc(self, keys: list[str], pays: int | None) -> str:
        """A field as an action's sentence names it, in the parentheses after
        its number: ``Blue bean x4, pays 1`` (no parentheses of its own)."""
        stack = self.field_text(keys)
        if pays is None or not keys:
            return stack
        return stack + self.w(f", pays {pays}", f", bringt {pays}")

    def offered(self, keys: list[str]) -> str:
        """The cards another seat offers."""
        return self.cards(keys)

    def ref_card(self, ref: str, me: dict[str, Any], obs: dict[str, Any]) -> str:
        try:
            i = int(ref[1:])
            if ref[0] == "h":
                return self.label(str(me["hand"][i]))
            if ref[0] == "r":
                return self.label(str(obs["revealed"][i]))
            if ref[0] == "t":
                return self.label(str(me["trading_area"][i]))
        except (IndexError, KeyError, ValueError):
            pass
        return "?"

    #: a card's place by its reference's letter, in English and German
    #: (:meth:`ref_place`; ``{i}`` its number there)
    PLACES: ClassVar[dict[str, tuple[str, str]]] = {
        "h": ("hand card {i}", "Handkarte {i}"),
        "r": ("revealed card {i}", "aufgedeckte Karte {i}"),
        "t": ("card {i} of your trading area", "Karte {i} deines Handelsbereichs"),
        "s": ("card {i} of your General Store", "Karte {i} deines Gemischtwarenladens"),
    }

    def ref_place(self, ref: str) -> str:
        """Where the card ``ref`` lies, in words, counted from 1 (``h2``:
        ``hand card 3``)."""
        en, de = self.PLACES.get(ref[:1], ("card {i}", "Karte {i}"))
        return self.w(en, de).format(i=self.n(ref[1:]))

    def told_apart(self, a: Action, obs: dict[str, Any], seat: int) -> str:
        """The places of the cards a move gives (an answer to an offer, a
        proposal): ``hand card 3``, ``hand cards 3 and 5``; the card a move
        keeps or plants: ``revealed card 1``."""
        if isinstance(a, Keep):
            return self.ref_place(f"r{a.revealed}")
        if isinstance(a, Plant):
            return self.ref_place(f"t{a.traded}" if a.traded is not None else f"h{a.card or 0}")
        give = tuple(getattr(a, "give", ()) or ())
        if not give or not all(isinstance(r, str) and r[:1] in self.PLACES for r in give):
            return ""
        return self.w(" and ", " und ").join(self.ref_place(r) for r in give)

    def refs_text(self, refs: tuple[str, ...], me: dict[str, Any], obs: dict[str, Any]) -> str:
        return ", ".join(f"{self.ref_card(r, me, obs)}" for r in refs) or self.w(
            "nothing", "nichts"
        )

    def cards_or_count(self, e: dict[str, Any]) -> str:
        """The cards of a deal or draw event as the viewer sees them."""
        cards = e.get("cards")
        if cards is not None:
            return self.cards(cards)
        return self.ncards(int(e.get("count") or 0))

    def fld_fn(self, me: dict[str, Any]) -> Callable[[int], str]:
        fields = me["fields"]

        def fld(f: int) -> str:
            n = self.n(f)
            if f < len(fields):
                text = self.field_desc(fields[f], _pays(me, f))
                return self.w(f"field {n} ({text})", f"Feld {n} ({text})")
            return self.w(f"field {n}", f"Feld {n}")

        return fld

    # ------------------------------------------------------------- actions

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        me = obs["seats"][seat]
        fld = self.fld_fn(me)
        if isinstance(a, Plant):
            return self.plant(a, obs, me, fld)
        if isinstance(a, Harvest):
            return self.w(f"harvest {fld(a.field)}", f"{fld(a.field)} abernten")
        if isinstance(a, BuyField):
            return self.buy_field(obs, me, price)
        if isinstance(a, Pass):
            return self.pass_text(obs) or self.w("pass", "passen")
        if isinstance(a, EndTrading):
            return self.w(
                "end the trading phase (revealed cards still open are kept)",
                "die Handelsphase beenden (noch offene aufgedeckte Karten werden behalten)",
            )
        if isinstance(a, Keep):
            card = self.ref_card(f"r{a.revealed}", me, obs)
            return self.w(
                f"keep revealed card {self.n(a.revealed)} ({card})",
                f"die aufgedeckte Karte {self.n(a.revealed)} ({card}) behalten",
            )
        offers = {o["id"]: o for o in obs.get("offers", [])}
        if isinstance(a, Accept):
            o = offers.get(a.offer, {})
            get = self.offered(o.get("give", []))
            give = self.refs_text(a.give, me, obs)
            return self.w(
                f"accept offer {self.n(a.offer)} from {self.seat(o.get('from', '?'))}: you get "
                f"{get} and give {give}",
                f"Angebot {self.n(a.offer)} von {self.seat(o.get('from', '?'))} annehmen: du "
                f"bekommst {get} und gibst {give}",
            )
        if isinstance(a, Decline):
            o = offers.get(a.offer, {})
            return self.w(
                f"decline offer {self.n(a.offer)} from {self.seat(o.get('from', '?'))}",
                f"Angebot {self.n(a.offer)} von {self.seat(o.get('from', '?'))} ablehnen",
            )
        if isinstance(a, Withdraw):
            o = offers.get(a.offer, {})
            return self.w(
                f"withdraw your offer {self.n(a.offer)} to {self.seat(o.get('to', '?'))}",
                f"dein Angebot {self.n(a.offer)} an {self.seat(o.get('to', '?'))} zurückziehen",
            )
        if isinstance(a, Propose):
            give = self.refs_text(a.give, me, obs)
            if not a.want:
                return self.w(
                    f"offer {self.seat(a.to)} a donation: give {give} for nothing",
                    f"{self.seat_start(a.to)} ein Geschenk anbieten: {give} für nichts geben",
                )
            want = ", ".join(map(self.name, a.want))
            if not a.give:
                return self.w(
                    f"ask {self.seat(a.to)} for {want}, giving nothing",
                    f"{self.seat_start(a.to)} um {want} bitten, ohne etwas zu geben",
                )
            return self.w(
                f"offer {self.seat(a.to)}: give {give} for {want}",
                f"{self.seat_start(a.to)} anbieten: {give} für {want} geben",
            )
        return self.text(a)

    def advances(self, a: Action, obs: dict[str, Any], seat: int) -> bool:
        # every move the game waits for but the optional ones; another
        # player's pass in trading ("nothing more from me") too: wherever a
        # person sits, the active bot waits for it (bohn.pacing)
        return not isinstance(a, self.OPTIONAL)

    def to_move(
        self, obs: dict[str, Any], seat: int | None, waiting: list[int], legal: list[Action]
    ) -> bool:
        if seat is None or seat not in waiting or not legal:
            return False
        if any(self.advances(a, obs, seat) for a in legal):
            return True
        # waited for with only any-time actions and no way to pass: one of
        # them is asked for (Sissi's action harvests)
        return not any(isinstance(a, Pass) for a in legal) and not any(
            isinstance(a, Propose) for a in legal
        )

    def phase_prompt(
        self, obs: dict[str, Any], seat: int | None, waiting: list[int], legal: list[Action]
    ) -> str | None:
        """The trading: the active player's move, another's that a bot keeps
        open for ``seat``, or another's while ``seat`` may only propose."""
        active = obs.get("active")
        if obs.get("phase") != "trade":
            return None
        if active == seat and seat in waiting:
            # the others wait in trading only to propose: the active player's move
            return self.w(
                f"Your move: {self.phase_name('trade')}.",
                f"Du bist am Zug: {self.phase_name('trade')}.",
            )
        if not isinstance(active, int) or active == seat:
            return None
        if seat in waiting and any(isinstance(a, Pass) for a in legal):
            # another's trading: a bot keeps it open until this seat passes
            return self.w(
                f"Your move: {self.seat(active)} is trading. Make or answer offers, "
                "or pass when you are done.",
                f"Du bist am Zug: {self.seat(active)} handelt. Biete an, antworte, "
                "oder passe, wenn du fertig bist.",
            )
        if self.to_move(obs, seat, waiting, legal):
            return None
        line = f"{self.seat_start(active)} {self.w('is trading', 'handelt')}."
        if seat is not None and any(isinstance(a, Propose) for a in legal):
            line += self.w(" You may propose a trade.", " Du kannst einen Handel vorschlagen.")
        return line

    def plant_how(self, mode: str | None) -> str:
        """How a planting's mode reads after its field."""
        return f" ({mode})" if mode else ""

    def plant(
        self, a: Plant, obs: dict[str, Any], me: dict[str, Any], fld: Callable[[int], str]
    ) -> str:
        """A sentence for a planting."""
        how = self.plant_how(a.mode)
        on = fld(a.field)
        if a.traded is None and a.card:
            card = self.ref_card(f"h{a.card}", me, obs)
            return self.w(
                f"plant hand card {self.n(a.card)} ({card}) on {on}{how}",
                f"Handkarte {self.n(a.card)} ({card}) auf {on} pflanzen{how}",
            )
        if a.traded is None:
            card = self.ref_card("h0", me, obs)
            return self.w(
                f"plant {card} (front card) on {on}{how}",
                f"{card} (vorderste Karte) auf {on} pflanzen{how}",
            )
        card = self.ref_card(f"t{a.traded}", me, obs)
        return self.w(
            f"plant {card} from your trading area on {on}{how}",
            f"{card} aus deinem Handelsbereich auf {on} pflanzen{how}",
        )

    def buy_field(self, obs: dict[str, Any], me: dict[str, Any], price: Any) -> str:
        cost = ""
        if price is not None:
            cost = self.w(f" for {self.coins(price)}", f" für {self.coins(price)}")
        return self.w("buy your third field", "dein drittes Feld kaufen") + cost

    #: what a pass means in a phase, by the phase (:meth:`pass_text`; the
    #: tables of the describers a ruleset's builds on count too)
    PASSES: ClassVar[dict[str, Sentence]] = {
        "trade": Sentence(
            "pass: make no more proposals in this trading phase",
            "passen: keine weiteren Angebote in dieser Handelsphase",
        ),
    }

    def pass_text(self, obs: dict[str, Any]) -> str | None:
        """What a pass means in the observation's phase (None: just
        ``pass``): the phase's sentence (:attr:`PASSES`); in phase 1, which
        planting it gives up."""
        said = self.merged("PASSES").get(str(obs.get("phase")))
        if said is not None:
            return self.say(obs, -1, *said)
        if obs.get("phase") == "plant":
            second = int(obs.get("planted", 0)) < 2
            return self.w(
                f"pass: do not plant {'a second' if second else 'a third'} card",
                f"passen: keine {'zweite' if second else 'dritte'} Karte pflanzen",
            )
        return None

    # -------------------------------------------------------------- events

    def turn_parts(self, active: int, events: list[dict[str, Any]], me: int) -> list[str]:
        """A bean game's turn: what the active seat planted, the trades it made
        (with whom), what it harvested and for how many coins; each named as
        the events ``me`` sees name it (a card ``me`` may not know is counted)."""
        planted = [
            e["card"]
            for e in events
            if e.get("type") == "plant" and e.get("seat") == active and "card" in e
        ]
        parts: list[str] = []
        if planted:
            parts.append(
                self.w(f"planted {self.counted(planted)}", f"pflanzte {self.counted(planted)}")
            )
        partners: dict[int, int] = {}
        for e in events:
            if e.get("type") != "trade":
                continue
            a, b = e.get("from"), e.get("to")
            if active not in (a, b):
                continue
            other = b if a == active else a
            if isinstance(other, int):
                n = len(e.get("given") or []) + len(e.get("returned") or [])
                partners[other] = partners.get(other, 0) + n
        for other, n in sorted(partners.items()):
            with_whom = self.w("you", "dir") if other == me else self.seat(other)
            parts.append(
                self.w(
                    f"traded {self.ncards(n)} with {with_whom}",
                    f"tauschte {self.ncards(n)} mit {with_whom}",
                )
            )
        harvested = [e for e in events if e.get("type") == "harvest" and e.get("seat") == active]
        if harvested:
            cards = [c for e in harvested for c in (e.get("cards") or [])]
            coins = sum(int(e.get("coins") or 0) for e in harvested)
            what = (
                self.counted(cards)
                if cards
                else self.ncards(sum(int(e.get("count") or 0) for e in harvested))
            )
            parts.append(
                self.w(
                    f"harvested {what} for {self.coins(coins)}",
                    f"erntete {what} für {self.coins(coins)}",
                )
            )
        if not parts:
            parts.append(
                self.w(
                    "no plants, no trades, no harvest", "kein Pflanzen, kein Tausch, keine Ernte"
                )
            )
        return parts

    def paid_for(self, what: Any) -> str:
        """What a seat paid for (a ``pay`` event's ``for``) in words: a card
        bought by its name (:meth:`bought_name`), a card by its name, the
        third field in this language."""
        if self.bought(str(what)) is not None:
            return self.bought_name(str(what))
        if str(what) in self.names:
            return self.name(str(what))
        return PAID_FOR.get(str(what), str(what)) if self.de else str(what)

    def bought(self, key: str) -> Bought | None:
        """The card ``key`` as a card bought with coins of a bean type
        (:data:`Bought`); None where it is not one. The bean game sells none
        (but the third field)."""
        return None

    def bought_name(self, key: str) -> str:
        """A card bought (:meth:`bought`) by its catalogue name in this
        language (``2 Bank``); any other key as it is."""
        info = self.bought(key)
        return info[2].names.get(self.lang, key) if info is not None else key

    def bought_effect(self, key: str) -> str:
        """What a card bought does (its catalogue entry's ``effect``) in this
        language; "" where it says nothing."""
        info = self.bought(key)
        return (info[2].effect or {}).get(self.lang, "") if info is not None else ""

    #: the bean game's events (:meth:`Describer.event`): a sentence, or the
    #: method that words one
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "turn": Sentence("--- turn {turn}: {who} is active", "--- Zug {turn}: {who} ist am Zug"),
        "plant": "plant_event",
        "harvest": "harvest",
        "reveal": Sentence("revealed: {cards}", "aufgedeckt: {cards}"),
        "offer": "offer_event",
        "trade": Sentence(
            "trade {offer}: {from} gave {given} to {to} for {returned}",
            "Handel {offer}: {from} gab {given} an {to} für {returned}",
        ),
        "deal": Sentence("{who} got {got}", "{who} bekam {got}"),
        "decline": Sentence("{who} declined offer {id}", "{who} lehnte Angebot {id} ab"),
        "withdraw": Sentence("{who} withdrew offer {id}", "{who} zog Angebot {id} zurück"),
        "offer-void": "lapsed_text",
        "keep": Sentence("{who} kept {cards}", "{who} behielt {cards}"),
        "end-trading": Sentence("{who} ended the trading", "{who} beendete den Handel"),
        "pass": Sentence("{who} passed", "{who} passte"),
        "draw": Sentence("{who} drew {got}", "{who} zog {got}"),
        "buy-field": Sentence("{who} bought a third field", "{who} kaufte ein drittes Feld"),
        "pay": "pay_event",
        "exhausted": Sentence(
            "the draw pile ran out (exhaustion {count})",
            "der Nachziehstapel ist aufgebraucht ({count}. Mal)",
        ),
    }

    def slot(self, e: dict[str, Any], me: int, name: str) -> str:
        """The bean game's words of an event besides every game's
        (:meth:`Describer.slot`): ``got``, the cards dealt or drawn (counted
        where ``me`` may not see them), ``coins`` a number of coins,
        ``given`` and ``returned`` a trade's cards, ``rule`` the rule behind
        an event of its type's name, and a card bought by its key
        (``{bank-2}``: its name, :meth:`bought_name`)."""
        if name == "got":
            return self.cards_or_count(e)
        if name == "coins":
            return self.coins(int(e.get("coins") or 0))
        if name in ("given", "returned"):
            return self.cards(e.get(name, []))
        if name == "rule":
            return self.rule(str(e.get("type")))
        if self.bought(name) is not None:
            return self.bought_name(name)
        return super().slot(e, me, name)

    def plant_event(self, e: dict[str, Any], me: int) -> str:
        """A card planted on a field, how and why (:meth:`planted_as`, :meth:`expect`)."""
        how = self.planted_as(e) + self.reason_for("plant", e.get("seat"), e.get("card"))
        return self.say(
            e,
            me,
            "{who} planted {card} {where} field {field}{how}",
            "{who} hat {card} {where} Feld {field} gepflanzt{how}",
            where=self.planted_on(e),
            how=how,
        )

    def planted_on(self, e: dict[str, Any]) -> str:
        """Where on its field a planting event's card went: ``on``."""
        return self.w("on", "auf")

    def offer_event(self, e: dict[str, Any], me: int) -> str:
        """A proposal: who offers what to whom, and what it wants."""
        return self.say(
            e,
            me,
            "offer {id}: {from} -> {to}: gives {give}, wants {want}",
            "Angebot {id}: {from} -> {to}: gibt {give}, will {want}",
            to=self.w("YOU", "DICH") if e.get("to") == me else self.seat(e.get("to")),
            give=self.offered(e.get("give", [])),
            want=self.cards(e.get("want", [])),
        )

    def pay_event(self, e: dict[str, Any], me: int) -> str:
        """Coins a seat paid, their faces, and what for (:meth:`paid_for`)."""
        coins = e.get("coins", [])
        return self.say(
            e,
            me,
            "{who} paid {n}{faces} for {what}",
            "{who} zahlte {n}{faces} für {what}",
            n=self.coins(len(coins)),
            faces=f" ({self.counted(coins)})" if coins else "",
            what=self.paid_for(e.get("for")),
        )

    def planted_as(self, e: dict[str, Any]) -> str:
        """How a planting event's card was planted (after its field)."""
        return ""

    def final_harvest(self) -> str:
        """Why a field is harvested at the end, with the rule: `` (final
        harvest: the game is over, every field is sold, bohnanza §5.2.3)``."""
        rule = self.rule("final-harvest")
        rule = f", {rule}" if rule else ""
        return self.w(
            f" (final harvest: the game is over, every field is sold{rule})",
            f" (Schlussernte: das Spiel ist aus, jedes Feld wird verkauft{rule})",
        )

    def why_harvested(self, e: dict[str, Any]) -> str:
        """Why the game harvested a field for its owner, if it did: the end,
        or what the event before announced (:meth:`expect`)."""
        if e.get("final"):
            return self.final_harvest()
        return self.reason_for("harvest", e.get("seat"), e.get("field"))

    def harvest(self, e: dict[str, Any], me: int) -> str:
        cards = e.get("cards", [])
        final = self.why_harvested(e)
        where = ""
        if self.genders or any("/" in str(k) for k in cards):
            top = self.label(str(cards[-1])) if cards else "?"
            what = self.w(
                f"{self.ncards(len(cards))}, top {top}", f"{self.ncards(len(cards))}, oben {top}"
            )
            if "from_discard" in e:
                where = self.w(" from the discard pile", " vom Ablagestapel")
        else:
            what = f"{len(cards)} x {self.label(str(cards[-1])) if cards else '?'}"
        return self.say(
            e,
            me,
            "{who} harvested field {field} ({what}) -> {coins}{where}{final}",
            "{who} erntete Feld {field} ({what}) -> {coins}{where}{final}",
            what=what,
            where=where,
            final=final,
        )

    # --------------------------------------------------------------- table

    def seat_field(self, p: dict[str, Any], f: int) -> str:
        """Field ``f`` of a seat's observation ``p``, with its marks."""
        keys = p["fields"][f]
        marks = self.field_marks(p, f)
        label = f"f{self.n(f)}" + (f" [{'; '.join(marks)}]" if marks else "")
        return f"{label}: {self.field_text(keys, _pays(p, f))}"

    def field_marks(self, p: dict[str, Any], f: int) -> list[str]:
        """What a field is beyond a regular one (its kind, a lock)."""
        return []

    def seat_field_line(self, obs: dict[str, Any], s: int, p: dict[str, Any], f: int) -> str:
        """A seat's field as a line of the table (without its indent)."""
        return self.seat_field(p, f)

    def seat_extras(self, obs: dict[str, Any], p: dict[str, Any]) -> list[str]:
        """The lines of a seat beyond its fields: its coins and what else it owns."""
        if "coin_cards" in p:
            return [self.w("coins: ", "Münzen: ") + self.counted(p["coin_cards"])]
        return []

    def pile_top(self, obs: dict[str, Any]) -> str:
        """The discard pile's top card, as the draw pile's line ends it."""
        discard = obs.get("discard", [])
        if not discard:
            return ""
        return self.w(f" (top: {self.label(discard[-1])})", f" (oben: {self.label(discard[-1])})")

    def extra_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None
    ) -> list[str]:
        """The lines between the table's parts and the seats (Ladybohn's legend)."""
        return []

    def own_lines(self, obs: dict[str, Any], me: dict[str, Any]) -> list[str]:
        """The lines of the person's own cards beyond the hand."""
        return []

    def screen(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None = None
    ) -> list[str]:
        lines: list[str] = []
        active = int(obs.get("active", -1))
        lines.append("")
        name = self.seat_name(active, seat, kinds)
        lines.append(
            self.w(
                f"=== turn {obs.get('turn')} - {name} is active - phase: "
                f"{self.phase_name(obs.get('phase'))} ===",
                f"=== Zug {obs.get('turn')} - {name} ist am Zug - Phase: "
                f"{self.phase_name(obs.get('phase'))} ===",
            )
        )
        discard = obs.get("discard", [])
        top = self.pile_top(obs)
        last = self.w("   LAST TURN", "   LETZTER ZUG") if obs.get("last_turn") else ""
        lines.append(
            self.w(
                f"draw pile: {obs.get('deck_size')} cards   discard: {len(discard)} cards{top}   "
                f"exhaustions: {obs.get('exhaustions')} of {obs.get('final_exhaustion')}",
                f"Nachziehstapel: {obs.get('deck_size')} Karten   Ablage: {len(discard)} "
                f"Karten{top}   aufgebraucht: {obs.get('exhaustions')} von "
                f"{obs.get('final_exhaustion')}",
            )
            + last
        )
        lines += self.table_lines(obs, seat, kinds)
        lines += self.extra_lines(obs, seat, kinds, asking)
        lines.append("")
        for s, p in enumerate(obs["seats"]):
            mark = "*" if s == active else " "
            name = self.seat_name(s, seat, kinds)
            lines.append(
                self.w(
                    f"{mark} {name}: {p['coins']} coins, {p['hand_size']} cards in hand",
                    f"{mark} {name}: {p['coins']} Münzen, {p['hand_size']} Karten auf der Hand",
                )
            )
            for f in range(len(p["fields"])):
                lines.append("      " + self.seat_field_line(obs, s, p, f))
            if p.get("trading_area"):
                lines.append(
                    self.w("      trading area: ", "      Handelsbereich: ")
                    + self.cards(p["trading_area"])
                )
            lines += ["      " + x for x in self.seat_extras(obs, p)]
        lines.append("")
        me = obs["seats"][seat]
        hand = me.get("hand", [])
        lines.append(
            self.w("your hand (front first): ", "deine Hand (vorne zuerst): ")
            + (
                "  ".join(f"h{i} {self.label(k)}" for i, k in enumerate(hand, 1))
                or self.w("empty", "leer")
            )
        )
        lines += self.own_lines(obs, me)
        if me.get("trading_area"):
            lines.append(
                self.w("your trading area: ", "dein Handelsbereich: ")
                + "  ".join(f"t{i} {self.label(k)}" for i, k in enumerate(me["trading_area"], 1))
            )
        revealed = obs.get("revealed", [])
        if revealed:
            lines.append(
                self.w("revealed: ", "aufgedeckt: ")
                + "  ".join(f"r{i} {self.label(k)}" for i, k in enumerate(revealed, 1))
            )
        lines += self.offer_lines(obs, seat)
        return lines

    def offer_lines(self, obs: dict[str, Any], seat: int) -> list[str]:
        offers = obs.get("offers", [])
        if not offers:
            return []
        lines = [self.w("open offers:", "offene Angebote:")]
        hidden = False
        for o in offers:
            give, want = self.cards(o.get("give", [])), self.cards(o.get("want", []))
            if self.genders and o.get("from") != seat:
                give = self.offered(o.get("give", []))
                hidden = hidden or self.hides(o.get("give", []))
            k, frm, to = self.n(o["id"]), self.seat(o["from"]), self.seat(o["to"])
            if o.get("to") == seat:
                lines.append(
                    self.w(
                        f"  >> offer {k} TO YOU from {frm}: you would get {give}; {frm} "
                        f"wants {want}",
                        f"  >> Angebot {k} AN DICH von {frm}: du bekämst {give}; {frm} will {want}",
                    )
                )
            elif o.get("from") == seat:
                refs = ", ".join(map(self.ref, o.get("give_refs", [])))
                lines.append(
                    self.w(
                        f"     offer {k} from you to {to}: you give {give}",
                        f"     Angebot {k} von dir an {to}: du gibst {give}",
                    )
                    + (f" ({refs})" if refs else "")
                    + self.w(f"; you want {want}", f"; du willst {want}")
                )
            else:
                lines.append(
                    self.w(
                        f"     offer {k} {frm} -> {to}: gives {give}; wants {want}",
                        f"     Angebot {k} {frm} -> {to}: gibt {give}; will {want}",
                    )
                )
        if hidden:
            lines.append(self.hidden_note())
        return lines

    def hides(self, keys: list[str]) -> bool:
        """Whether another seat's offer of ``keys`` names a card by its type
        only (:meth:`offered`), so that :meth:`hidden_note` explains it."""
        return False

    def hidden_note(self) -> str:
        return ""

    def help(self) -> str:
        return self.w(HELP_EN, HELP_DE)

    # ------------------------------------------------- the terminal's table

    def help_keys(self) -> str:
        return self.w(BEAN_KEYS_EN, BEAN_KEYS_DE)

    def meter(self, key: str) -> Steps | None:
        """The beanometer a field with ``key`` on top is paid by (the
        catalogue's, :func:`bohn.catalogue.priced_by`); None where unknown."""
        meters: dict[str, Steps | None] | None = getattr(self, "_meters", None)
        if meters is None:
            meters = {}
            try:
                cat = catalogue(self.variant) if self.variant else None
            except Exception:  # a describer without a catalogue names no meter
                cat = None
            for e in cat.entries if cat is not None else ():
                meters[e.key] = priced_by(e)
            self._meters = meters
        return meters.get(key)

    def payout(self, keys: list[str], pays: int | None) -> str:
        """What a field pays now and what the next coin needs, by the beanometer
        of its top card: `` → 1 coin, 1 more → 2``; `` → 4 coins (the most)``."""
        if not keys or pays is None:
            return ""
        now = self.coins(pays)
        step = next_payout(self.meter(keys[-1]), len(keys), pays)
        if step is None:
            return self.w(f" → {now} (the most)", f" → {now} (das Höchste)")
        more, then = step
        return self.w(f" → {now}, {more} more → {then}", f" → {now}, {more} mehr → {then}")

    def short(self, key: str) -> str:
        """A card's name on the compact table: its label without the word
        for bean (``Blue``, ``Green♀``, ``Macho/Blue``, ``Feuer``)."""
        return _BEAN_WORD.sub("", self.label(key)) or self.label(key)

    def stack(self, keys: list[str]) -> str:
        """A field's cards bottom first in short names, runs of one card
        counted: ``Blue x3``, ``Green·baby, Green♀ x2``."""
        grouped = runs(keys)
        return ", ".join(
            self.short(k) + (f" x{n}" if n > 1 or len(grouped) == 1 else "") for k, n in grouped
        )

    def short_payout(self, keys: list[str], pays: int | None) -> str:
        """What a field pays now and what the next coin needs, in short:
        `` (1, +1→2)`` (pays 1; one more card pays 2), `` (4 max)``."""
        if not keys or pays is None:
            return ""
        step = next_payout(self.meter(keys[-1]), len(keys), pays)
        if step is None:
            return f" ({pays} max)"
        more, then = step
        return f" ({pays}, +{more}→{then})"

    def compact_field(
        self, obs: dict[str, Any], s: int, p: dict[str, Any], f: int, whole: bool = True
    ) -> str:
        """A field in a seat's line of the compact table, with its next
        payout: ``Blue x3 (1, +1→2)``, ``empty``; a field of different cards
        shows them all, or (``whole`` false) its top card and how many it
        holds: ``Streaker/Red x3``."""
        keys = list(p["fields"][f])
        if not keys:
            return self.w("empty", "leer")
        stack = self.stack(keys) if whole else f"{self.short(keys[-1])} x{len(keys)}"
        return stack + self.short_payout(keys, _pays(p, f))

    def legend(self) -> str | None:
        """The line that says how this game's fields read, if it needs one
        (the compact table shows it while there is room)."""
        return None

    #: the compact table's layouts: whole, the others' mixed fields by their
    #: top cards, and then the seats' heads shortened too (:meth:`compact_lines`)
    COMPACT_LAYOUTS: ClassVar[int] = 3

    def compact_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None, layout: int
    ) -> list[tuple[int, str]]:
        """The table in lines of 80 columns, nothing cut: the turn and phase,
        the piles, a line a seat (its coins, hand size and fields, each with
        its next payout), your fields, your hand, the revealed cards and the
        offers to you or from you. Where that is too much, the legend goes
        first, then the others' holdings and the table's supply, then your
        own holdings, and one line says that ``table`` shows them; where it is
        still too much, the others' fields of different cards show their top
        cards (layout 1), and then (layout 2) the seats' heads are shortened
        (``seat 2: 3 coins, 5 cards``) and one offer to you shows, the rest
        counted."""
        whole, tight = layout == 0, layout == 2
        out = _ranked(0, self.compact_top(obs, seat, kinds))
        legend = self.legend()
        out += _ranked(3, [legend] if legend else [])
        out += _ranked(2, self.table_lines(obs, seat, kinds))
        out += _ranked(0, [x for x in self.extra_lines(obs, seat, kinds, asking) if x != legend])
        for s, p in enumerate(obs["seats"]):
            if s != seat:
                out += self.compact_seat(obs, seat, kinds, s, p, whole, tight)
        out += self.compact_mine(obs, seat)
        out += self.compact_open(obs, seat)
        return out + _ranked(0, self.compact_offers(obs, seat, 1 if tight else 3))

    def compact_top(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The compact table's first lines: the turn, who is active and the
        phase (``LAST TURN`` once it is), then the draw and discard piles and
        the exhaustions."""
        active = int(obs.get("active", -1))
        name = self.seat_name(active, seat, kinds)
        last = self.w("  LAST TURN", "  LETZTER ZUG") if obs.get("last_turn") else ""
        turn = self.w(
            f"=== turn {obs.get('turn')}: {name} is active - "
            f"{self.phase_name(obs.get('phase'))} ==={last}",
            f"=== Zug {obs.get('turn')}: {name} ist am Zug - "
            f"{self.phase_name(obs.get('phase'))} ==={last}",
        )
        discard = obs.get("discard", [])
        piles = self.w(
            f"draw pile {obs.get('deck_size')}, discard {len(discard)}"
            f"{self.pile_top(obs)}, exhaustions {obs.get('exhaustions')} of "
            f"{obs.get('final_exhaustion')}",
            f"Nachziehstapel {obs.get('deck_size')}, Ablage {len(discard)}"
            f"{self.pile_top(obs)}, aufgebraucht {obs.get('exhaustions')} von "
            f"{obs.get('final_exhaustion')}",
        )
        return [turn, piles]

    def compact_seat(
        self,
        obs: dict[str, Any],
        seat: int,
        kinds: dict[int, str],
        s: int,
        p: dict[str, Any],
        whole: bool,
        tight: bool,
    ) -> list[tuple[int, str]]:
        """Another seat ``s`` on the compact table, each line with the rank
        :func:`~bohn.describe.terminal.fit_rows` drops it by: its coins, hand
        size, fields (:meth:`compact_field`) and trading area, then what else
        it owns (:meth:`compact_extras`); ``tight``: its name without its kind."""
        mark = "*" if s == int(obs.get("active", -1)) else " "
        name = self.seat(s) if tight else self.seat_name(s, seat, kinds)
        head = self.w(
            f"{mark} {name}: {self.coins(p['coins'])}, hand {p['hand_size']}",
            f"{mark} {name}: {self.coins(p['coins'])}, Hand {p['hand_size']}",
        )
        cells = [self.compact_field(obs, s, p, f, whole) for f in range(len(p["fields"]))]
        if p.get("trading_area"):
            cells.append(
                self.w("trading: ", "Handel: ")
                + ", ".join(self.short(k) for k in p["trading_area"])
            )
        return [(0, x) for x in fold_cells(head, cells)] + _ranked(2, self.compact_extras(obs, p))

    def compact_mine(self, obs: dict[str, Any], seat: int) -> list[tuple[int, str]]:
        """Your part of the compact table, ranked as :meth:`compact_seat`'s:
        your coins and hand size with your fields beside them
        (:meth:`own_field`), what else you own, your hand and your own lines
        (:meth:`own_lines`)."""
        me = obs["seats"][seat]
        mark = "*" if int(obs.get("active", -1)) == seat else " "
        you = self.w(
            f"{mark} you: {self.coins(me['coins'])}, hand {me['hand_size']}",
            f"{mark} du: {self.coins(me['coins'])}, Hand {me['hand_size']}",
        )
        own = [self.own_field(obs, seat, me, f) for f in range(len(me["fields"]))]
        mine = side_by_side([you, *own], "    ")
        mine[0] = mine[0][4:]  # your line starts at the margin, your fields beside it
        out = [(0, x) for x in mine]
        out += _ranked(1, self.compact_extras(obs, me))
        hand = [f"h{i} {self.label(k)}" for i, k in enumerate(me.get("hand", []), 1)]
        more = self.w(" (hand: all)", " (hand: alle)")
        hand_lines = flow(self.w("hand: ", "Hand: "), hand or [self.w("empty", "leer")], more=more)
        out += [(0, x) for x in hand_lines]
        return out + _ranked(0, self.own_lines(obs, me))

    def compact_open(self, obs: dict[str, Any], seat: int) -> list[tuple[int, str]]:
        """The revealed cards (``r1``, ...) and your trading area (``t1``,
        ...) on the compact table, in at most three lines; none where both
        are empty."""
        me = obs["seats"][seat]
        rest = [f"r{i} {self.label(k)}" for i, k in enumerate(obs.get("revealed", []), 1)]
        if rest:
            rest[0] = self.w("revealed: ", "aufgedeckt: ") + rest[0]
        if me.get("trading_area"):
            traded = [f"t{i} {self.label(k)}" for i, k in enumerate(me["trading_area"], 1)]
            traded[0] = self.w("your trading area: ", "dein Handelsbereich: ") + traded[0]
            rest += traded
        if not rest:
            return []
        return [(0, x) for x in flow("", rest, max_lines=3)]

    def own_field(self, obs: dict[str, Any], seat: int, me: dict[str, Any], f: int) -> str:
        """One of your fields on the compact table: ``f0: Blue x3 → 1 coin,
        1 more → 2``, with what the field is beyond a regular one."""
        keys = list(me["fields"][f])
        marks = self.field_marks(me, f)
        label = f"f{self.n(f)}" + (f" [{'; '.join(marks)}]" if marks else "")
        if not keys:
            return f"{label}: {self.w('empty', 'leer')}"
        return f"{label}: {self.stack(keys)}{self.payout(keys, _pays(me, f))}"

    def compact_extras(self, obs: dict[str, Any], p: dict[str, Any]) -> list[str]:
        """A seat's lines beyond its fields (:meth:`seat_extras`) in the
        compact table: those that own something, in one line (folded)."""
        nothing = (self.w(": none", ": keine"), self.w(": nothing", ": nichts"))
        kept = [x for x in self.seat_extras(obs, p) if not x.endswith(nothing)]
        return ["    " + "; ".join(kept)] if kept else []

    def compact_offers(self, obs: dict[str, Any], seat: int, most: int = 3) -> list[str]:
        """The offers to you (a line each, at most ``most``, the rest
        counted), yours in one line, and how many others are open."""
        offers = obs.get("offers", [])
        mine, others = [], 0
        lines = []
        for o in offers:
            give, want = self.cards(o.get("give", [])), self.cards(o.get("want", []))
            if self.genders and o.get("from") != seat:
                give = self.offered(o.get("give", []))
            k = self.n(o["id"])
            if o.get("to") == seat:
                lines.append(
                    self.w(
                        f">> offer {k} from {self.seat(o['from'])}: you get {give}; "
                        f"you give {want}",
                        f">> Angebot {k} von {self.seat(o['from'])}: du bekommst {give}; "
                        f"du gibst {want}",
                    )
                )
            elif o.get("from") == seat:
                mine.append(
                    self.w(
                        f"{k} to {self.seat(o['to'])}: {give} for {want}",
                        f"{k} an {self.seat(o['to'])}: {give} für {want}",
                    )
                )
            else:
                others += 1
        if len(lines) > most:  # the rest stay in the whole table
            more = len(lines) - max(1, most - 1)
            lines = [
                *lines[: max(1, most - 1)],
                self.w(
                    f">> {more} more offers to you (table: all)",
                    f">> {more} weitere Angebote an dich (table: alle)",
                ),
            ]
        if mine:
            lines += flow(self.w("your offers: ", "deine Angebote: "), mine, max_lines=1)
        if others:
            lines.append(
                self.w(
                    f"({others} other offer{'s' if others > 1 else ''} between others; table: all)",
                    f"({others} weitere{'s' if others == 1 else ''} Angebot"
                    f"{'e' if others > 1 else ''} zwischen anderen; table: alle)",
                )
            )
        return lines

    def key_label(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        me = obs["seats"][seat]
        if isinstance(a, Plant) and a.mode is None:
            if a.traded is not None:
                card = self.ref_card(f"t{a.traded}", me, obs)
            else:
                card = self.ref_card(f"h{a.card or 0}", me, obs)
            f = self.n(a.field)
            return self.w(f"plant {card} on field {f}", f"{card} auf Feld {f}")
        if isinstance(a, Harvest):
            keys = me["fields"][a.field] if a.field < len(me["fields"]) else []
            f = self.n(a.field)
            return (
                self.w(
                    f"harvest field {f} ({self.coins(_pays(me, a.field) or 0)})",
                    f"Feld {f} abernten ({self.coins(_pays(me, a.field) or 0)})",
                )
                if keys
                else self.w(f"harvest field {f}", f"Feld {f} abernten")
            )
        if isinstance(a, Pass):
            phase = obs.get("phase")
            if phase == "plant":
                return self.w("pass (plant no more)", "passen (nicht mehr pflanzen)")
            if phase == "trade":
                return self.w("pass (no more proposals)", "passen (keine Angebote mehr)")
            return self.w("pass", "passen")
        if isinstance(a, EndTrading):
            return self.w("end trading", "Handel beenden")
        if isinstance(a, Keep):
            card = self.ref_card(f"r{a.revealed}", me, obs)
            return self.w(f"keep {card}", f"{card} behalten")
        if isinstance(a, BuyField):
            return self.buy_field(obs, me, price)
        return self.action(a, obs, seat, price)

    def verbs(self) -> list[str]:
        return sorted(set(super().verbs()) | {BuyField.type})

    # ------------------------------------------------------------ the bots

    def reported(self, v: dict[str, Any], s: int) -> str | None:
        """A bot's own harvest (its coins; the final harvest aside) and its
        own planting (:meth:`planted_summary`), in the line of its move."""
        if v.get("seat") != s:
            return None
        if v.get("type") == "harvest" and not v.get("final"):
            return self.coins(v["coins"])
        return self.planted_summary(v) if v.get("type") == "plant" else None

    def shown(self, v: dict[str, Any], s: int) -> bool:
        """The events of :attr:`SHOWN` under a bot's move, another seat's
        planting (a baby foisted by this deal) and the final harvest."""
        t = v.get("type")
        return t in self.SHOWN or t == "plant" or (t == "harvest" and bool(v.get("final")))

    def planted_summary(self, v: dict[str, Any]) -> str:
        """A bot's own planting in the line of its move."""
        card = self.label(str(v["card"]))
        f = self.n(v["field"])
        return self.w(f"{card} on field {f}", f"{card} auf Feld {f}")

    # ------------------------------------------------------------ the end

    def tally_label(self, key: str) -> str:
        """How the final screen names a part of a total (``tally`` of the result)."""
        return key

    def final_lines(
        self, r: Result, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        out = []
        tally = (r.details or {}).get("tally")
        for s in r.ranking:
            line = f"  {self.seat_name(s, seat, kinds)}: {self.coins(r.scores[s])}"
            if isinstance(tally, list) and s < len(tally):
                t = tally[s]
                parts = [f"{self.tally_label(k)} {v}" for k, v in t.items() if k != "total"]
                line += f" ({', '.join(parts)})"
            out.append(line)
        out += self.winner_lines(r, seat, kinds)
        if r.tie_break:
            out.append(
                self.w(
                    "tie on the most coins, broken by the rule: the tied player whose first "
                    "turn came latest wins",
                    "Gleichstand bei den meisten Münzen, nach der Regel entschieden: von den "
                    "Gleichauf-Liegenden gewinnt, wessen erster Zug am spätesten kam",
                )
            )
        return out

    def winner_lines(self, r: Result, seat: int, kinds: dict[int, str]) -> list[str]:
        return super().final_lines(r, {}, seat, kinds)
