"""Mutterböhnchen — ``rules/mutterbohnchen.md``.

The game for 3 to 6 players with the quirks of all 24 mama's beans (§4.7);
:meth:`Mutterbohnchen.new` with 2 players plays the game for two (§3.5),
:class:`~bohn.rulesets.mutterbohnchen.two.MutterbohnchenForTwo`.

Mutterböhnchen is Ladybohn (:class:`Ladybohn`) with:

* face-down starting coins nobody may look at (``blind``), dealt from 2 men
  of each type before the deck is shuffled (§2.1);
* 3 fields from the start with 3 players, 2 and none to buy with 4-6 (§2.2);
* phase 1½, the attack of the little rascals (§4.1): ``attack <seat> f<i>``
  per baby on top, the target's harvest (``defend``), coins turned up one at a
  time (``uncover``), one fitting coin planted at once (``take <card>``);
* the merged trading and planting phase: every received card that fits a
  non-empty field is foisted, the others are planted at any time (§3.3);
* optional pulls both ways: a baby pulls a lady, a lady a baby (§4.2);
* ``garten`` coins from the bottom of the discard pile (§4.3.2);
* the end at the 1st/2nd/3rd/4th exhaustion for 3/4/5/6 players, then one
  fitting hand card per non-empty field (``final-placement``), then the
  harvest (§5).
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine.actions import Accept
from bohn.engine.actions import Action
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Take
from bohn.engine.actions import Uncover
from bohn.engine.beans import _PASS
from bohn.engine.beans import OVER
from bohn.engine.beans import PLANT
from bohn.engine.beans import PLANT_TRADED
from bohn.engine.beans import TRADE
from bohn.engine.beans import BeanGame
from bohn.engine.beans import seats_of
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import NotWaiting
from bohn.engine.game import Audience
from bohn.engine.game import Option
from bohn.engine.layout import HiddenLayout
from bohn.engine.layout import offer_pins
from bohn.engine.parts import CARD
from bohn.engine.parts import INT
from bohn.engine.parts import Codec
from bohn.engine.parts import Made
from bohn.engine.parts import Part
from bohn.rulesets.bohnanza.rules import Bohnanza
from bohn.rulesets.ladybohn.rules import BABY
from bohn.rulesets.ladybohn.rules import FOIST
from bohn.rulesets.ladybohn.rules import LADY
from bohn.rulesets.ladybohn.rules import MAN
from bohn.rulesets.ladybohn.rules import THEN_AREA
from bohn.rulesets.ladybohn.rules import THEN_FOIST
from bohn.rulesets.ladybohn.rules import THEN_HAND
from bohn.rulesets.ladybohn.rules import THEN_PLACE
from bohn.rulesets.ladybohn.rules import Ladybohn
from bohn.rulesets.ladybohn.rules import move_up
from bohn.rulesets.mutterbohnchen.actions import Attack
from bohn.rulesets.mutterbohnchen.actions import Pick
from bohn.rulesets.mutterbohnchen.events import MutterbohnchenEvent

ATTACK: Final = 41  #: phase 1½: the active player chooses an attack or stops
DEFEND: Final = 42  #: the target of an attack may harvest first
TURN_UP: Final = 43  #: the attacker may turn up another coin
CAPTURE: Final = 44  #: the attacker takes one fitting turned-up coin
FINAL_PLACE: Final = 45  #: the end: one fitting hand card per non-empty field
EFFECT: Final = 46  #: a mama's bean's quirk asks its owner (§4.7)
FLITZER_OFFER: Final = 47  #: a revealed Flitzer is offered to each player in turn (§4.7)
#: what a quirk held up at the reveal goes on with
THEN_REVEAL: Final = 5

TABLE = CardTable.load("bohn.rulesets.mutterbohnchen")
#: the gender of each card kind
GENDER: tuple[int, ...] = tuple(
    {"man": MAN, "lady": LADY, "baby": BABY}[a["gender"]] for a in TABLE.attrs
)
#: coins a baby turns up in an attack (rattles); 0 for every other card
RATTLES: tuple[int, ...] = tuple(int(a.get("rattles", 0)) for a in TABLE.attrs)
#: mama's beans (the 24 special men)
MAMA: tuple[bool, ...] = tuple(bool(a.get("mama", False)) for a in TABLE.attrs)
TOP_TEXT: Final = 1  #: a quirk active wherever the card lies in a field (§4.6.3)
CENTRE_TEXT: Final = 2  #: a quirk active only while the card is on top (§4.6.2)
#: where each card's quirk text is printed (0: no quirk text), MB-D2
TEXT: tuple[int, ...] = tuple(
    {"top": TOP_TEXT, "centre": CENTRE_TEXT}.get(str(a.get("text")), 0) for a in TABLE.attrs
)
_K = TABLE.index
CHOLERIKER: Final = _K["choleriker"]
LICHTGESTALT: Final = _K["lichtgestalt"]
MACHO: Final = _K["macho"]
#: the movers: placed at the bottom, they move up as their owner plants (§4.7)
MOVERS: Final = (CHOLERIKER, LICHTGESTALT, MACHO)
SCHLUCKSPECHT: Final = _K["schluckspecht"]
CHAUVISCHWEIN: Final = _K["chauvischwein"]
KAVALIER: Final = _K["kavalier"]
KOTZBROCKEN: Final = _K["kotzbrocken"]
KAMERADENSCHWEIN: Final = _K["kameradenschwein"]
HAMPELMANN: Final = _K["hampelmann"]
MESSIE: Final = _K["messie"]
FAULPELZ: Final = _K["faulpelz"]
WARMDUSCHER: Final = _K["warmduscher"]
WUEHLER: Final = _K["wuehler"]
PRUEGELKNABE: Final = _K["pruegelknabe"]
ARBEITSTIER: Final = _K["arbeitstier"]
LOSER: Final = _K["loser"]
FRAUENVERSTEHER: Final = _K["frauenversteher"]
JUNGGESELLE: Final = _K["junggeselle"]
SCHUERZENJAEGER: Final = _K["schuerzenjaeger"]
FLITZER: Final = _K["flitzer"]
AKTIVIST: Final = _K["aktivist"]
SOJA: Final = TABLE.bean_index["soja"]
FEUER: Final = TABLE.bean_index["feuer"]
#: the mixers and the bean types their field may hold (§4.4)
MIXES: Final = {
    _K["saufkumpan"]: frozenset((TABLE.bean_index["brech"], TABLE.bean_index["blaue"])),
    _K["pistolenheld"]: frozenset((TABLE.bean_index["blaue"], TABLE.bean_index["feuer"])),
}
#: the planting mode that slips the Kavalier under a lady on top (§4.7)
KAVALIER_MODE: Final = "kavalier"
#: how far each mover moves up per triggering planting
MOVER_STEPS: Final = {CHOLERIKER: 1, LICHTGESTALT: 1, MACHO: 3}

#: the 16 starting coins: 2 ordinary men of each type (§2.1)
STARTING_COINS: tuple[int, ...] = tuple(
    c for c in range(len(TABLE.keys)) if GENDER[c] == MAN and not MAMA[c] for _ in range(2)
)
assert TABLE.bean_keys[: len(Ladybohn.table.bean_keys)] == Ladybohn.table.bean_keys
assert TABLE.keys[: len(Ladybohn.table.keys)] == Ladybohn.table.keys

#: the exhaustion that ends the game, by player count (§5.1)
ENDING_EXHAUSTION: Final = {2: 1, 3: 1, 4: 2, 5: 3, 6: 4}


class _EffectCodec(Codec):
    """A waiting card effect, ``[seat, card, n]``: the card by its key, or
    ``"movers:<key>"`` for the movers of a card (stored as ``-1 - card``)."""

    def dump_list(self, game: Any, values: list[Any]) -> list[Any]:
        seat, card, n = values
        keys = game.table.keys
        return [seat, keys[card] if card >= 0 else "movers:" + keys[-1 - card], n]

    def load_list(self, game: Any, data: list[Any]) -> list[Any]:
        seat, card, n = data
        table = game.table
        code = -1 - table.card(card[7:]) if card.startswith("movers:") else table.card(card)
        return [int(seat), code, int(n)]


@mypyc_attr(allow_interpreted_subclasses=True)
class Mutterbohnchen(Ladybohn):
    """Mutterböhnchen, the expansion of Ladybohn."""

    variant = "mutterbohnchen"
    #: where its state JSON hides cards (``bohn.engine.infostate``): starting
    #: coins lie face down, unseen by all (MB-D6)
    HIDDEN_LAYOUT: ClassVar[HiddenLayout] = HiddenLayout(
        secret=("deck", "blind"),
        private=("hands",),
        references=("offers", "must", "effects"),
        typed=offer_pins,
    )
    title = "Mutterböhnchen"
    min_players = 2
    max_players = 6
    table = TABLE
    rules_file = "mutterbohnchen"
    pull_optional = True
    gender = GENDER
    PHASES: ClassVar[dict[int, str]] = {
        **Ladybohn.PHASES,
        ATTACK: "attack",
        DEFEND: "defend",
        TURN_UP: "turn-up",
        CAPTURE: "capture",
        FINAL_PLACE: "final-placement",
        EFFECT: "quirk",
        FLITZER_OFFER: "flitzer-offer",
    }
    OPTIONS: ClassVar[dict[str, Option]] = {
        name: opt
        for name, opt in Ladybohn.OPTIONS.items()
        if name not in ("third_fields", "third_field_price")
    }

    #: face-down starting coins nobody has seen (§2.1.2, MB-D6)
    blind: list[list[int]]
    #: the attacks still open this turn: one [field, coins] per baby on top (§4.1.1)
    attacks: list[list[int]]
    #: whether all fields had a baby on top (3 players: one opponent twice, MB-D26)
    triple: bool
    #: the seats attacked this turn, in order
    targets: list[int]
    #: the attack in progress: its target (-1: none) and how many coins it may turn up
    target: int
    reach: int
    #: the coins turned up in the attack in progress
    turned: list[int]
    #: the planting in progress comes from its planter's hand (for "from the hand" quirks)
    from_hand: bool
    #: quirks waiting for their owner's choice, the first settled now: [seat, card, field]
    effects: list[list[int]]
    #: what each planting held up by a quirk goes on with afterwards (THEN_*)
    then: list[int]
    #: the seat the revealed Flitzer is offered to now (-1: none)
    offered: int
    #: the final placement: the seat placing now and the fields it has used
    placer: int
    placed: int
    end_reason: str

    # -- set-up (§2) -------------------------------------------------------------------

    def _rule(self, section: str) -> str:
        return Ladybohn._rule(self, section)

    def _emit(
        self,
        data: MutterbohnchenEvent,
        to: Audience = None,
        public: MutterbohnchenEvent | None = None,
    ) -> None:
        self._push_event(data, to, public)

    def fields_at_start(self) -> int:
        return 3 if self.n == 3 else 2

    def final_exhaustion(self) -> int:
        return ENDING_EXHAUSTION[self.n]

    def _init_zones(self) -> None:
        super()._init_zones()
        self.blind = [[] for _ in range(self.n)]
        self.attacks = []
        self.triple = False
        self.targets = []
        self.target = -1
        self.reach = 0
        self.turned = []
        self.placer = -1
        self.placed = 0
        self.end_reason = ""
        self.from_hand = False
        self.effects = []
        self.then = []
        self.offered = -1

    def _set_aside(self, deck: list[int]) -> list[int]:
        """§2.1: 2 men of each type are shuffled and dealt face down, evenly,
        as the starting coins; the rest go into the deck unseen."""
        coins = list(STARTING_COINS)
        rest = list(deck)
        for c in coins:
            rest.remove(c)
        self._shuffle(coins, "starting coins")
        each = len(coins) // self.n
        for i in range(self.n):
            seat = (self.start + i) % self.n
            self.blind[seat] = [coins.pop() for _ in range(each)]
            self._emit({"type": "starting-coins", "seat": seat, "count": each})
        return rest + coins

    # -- the third field (§2.2.3): never bought ---------------------------------------------

    def third_fields_left(self) -> int:
        return 0

    fields_for_sale = False

    def _field_refusal(self, seat: int) -> BohnError | None:
        return IllegalAction(
            "in Mutterböhnchen nobody buys a third field (3 players start with three)",
            Mutterbohnchen.cite("§2.2.3"),
        )

    # -- mama's beans: when a quirk acts (§4.6) ------------------------------------------------

    def quirk_field(self, seat: int, card: int) -> int:
        """The field of ``seat`` where mama's bean ``card`` acts now (-1: it
        does not): anywhere for top text, on top for centre text (§4.6)."""
        text = TEXT[card]
        for f, fld in enumerate(self.fields[seat]):
            if fld and fld[-1] == card:
                return f
            if text == TOP_TEXT and card in fld:
                return f
        return -1

    def _acts(self, seat: int, card: int) -> bool:
        return self.quirk_field(seat, card) >= 0

    # -- where a card fits (§4.4, MB-D28) and pulls (§4.2) -----------------------------------------

    def admits(self, fld: list[int]) -> frozenset[int]:
        """The bean types a non-empty field may take: its own, or with a mixer
        (Saufkumpan, Pistolenheld) the types the mixers allow (§4.4)."""
        mixed: frozenset[int] = frozenset()
        for m, types in MIXES.items():
            if m in fld:
                mixed |= types
        if mixed:
            return mixed
        # a Kavalier under a lady of another type does not make the field his
        own = next((c for c in fld if c != KAVALIER), fld[0])
        return frozenset((self.table.bean[own],))

    def _kavalier_may(self, seat: int, card: int, f: int) -> bool:
        """§4.7 Kavalier: onto a field whose top card is a lady, unless the
        owner's active Schluckspecht sends him to the bottom."""
        fld = self.fields[seat][f]
        return (
            card == KAVALIER
            and bool(fld)
            and GENDER[fld[-1]] == LADY
            and not self._acts(seat, SCHLUCKSPECHT)
        )

    def _can_plant(self, seat: int, card: int, f: int) -> bool:
        fld = self.fields[seat][f]
        if not fld:
            return super()._can_plant(seat, card, f)
        return self.table.bean[card] in self.admits(fld) or self._kavalier_may(seat, card, f)

    def _fits(self, seat: int, card: int) -> list[int]:
        return [
            f for f, fld in enumerate(self.fields[seat]) if fld and self._can_plant(seat, card, f)
        ]

    def pulls(self, seat: int, card: int, f: int, other: int) -> bool:
        """§4.2: a baby pulls a lady, a lady a baby, of its type; in a field
        with a mixer, of any type (§4.2.4). A card placed at the bottom pulls
        nothing (§4.2.5)."""
        g, h = GENDER[card], GENDER[other]
        if not ((g == BABY and h == LADY) or (g == LADY and h == BABY)):
            return False
        if self._goes_under(seat, card):
            return False
        fld = self.fields[seat][f]
        if any(m in fld for m in MIXES):
            return True
        tb = self.table.bean
        return tb[card] == tb[other]

    def pull_modes(self, seat: int, card: int, f: int) -> list[str | None]:
        modes = super().pull_modes(seat, card, f)
        if self._kavalier_may(seat, card, f):
            fld = self.fields[seat][f]
            under = self.table.bean[card] in self.admits(fld)
            return [None, KAVALIER_MODE] if under else [KAVALIER_MODE]
        return modes

    def _under_lady(self, seat: int, card: int, f: int, mode: str | None) -> bool:
        """Whether this planting slips the Kavalier under the lady on top: asked
        for with mode ``kavalier``, or the only way he fits field ``f``."""
        if mode == KAVALIER_MODE:
            return True
        return (
            card == KAVALIER and mode is None and self.pull_modes(seat, card, f) == [KAVALIER_MODE]
        )

    def _check_plant(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        self._check_field(seat, f)
        if self._under_lady(seat, card, f, mode):
            if not self._kavalier_may(seat, card, f):
                raise IllegalAction(
                    "the Kavalier slips under a lady on top of a field (and only while no "
                    "Schluckspecht of yours sends him to the bottom)",
                    Mutterbohnchen.cite("§4.7 Kavalier"),
                )
            return
        super()._check_plant(seat, card, f, mode)

    # -- one planting, step by step (§4.8, MB-D24) -----------------------------------------------------

    def _goes_under(self, seat: int, card: int) -> bool:
        """§4.8 step 1: the movers, every card while the planter's Schluckspecht
        acts, and a lady while his Chauvischwein is planted go to the bottom."""
        if card in MOVERS:
            return True
        if self._acts(seat, SCHLUCKSPECHT):
            return True
        return GENDER[card] == LADY and self._acts(seat, CHAUVISCHWEIN)

    def _put(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        fld = self.fields[seat][f]
        held = len(fld)
        if self._under_lady(seat, card, f, mode):
            fld.insert(len(fld) - 1, card)  # the lady goes back on top of him
            self._emit(
                {
                    "type": "plant",
                    "seat": seat,
                    "field": f,
                    "card": self.table.keys[card],
                    "under_lady": True,
                }
            )
        elif self._goes_under(seat, card):
            fld.insert(0, card)
            self._emit(
                {
                    "type": "plant",
                    "seat": seat,
                    "field": f,
                    "card": self.table.keys[card],
                    "bottom": True,
                }
            )
        else:
            super()._put(seat, card, f, mode)
            if MAMA[card]:
                queued = len(self.effects)
                self._on_planting(seat, card, f, held)
                if self.phase == EFFECT and len(self.effects) > queued:
                    # the movers come after the quirk's choice (§4.8, MB-D24)
                    self.effects.insert(1, [seat, -1 - card, f])
                    return
        self._movers(seat, card, f)

    def _on_planting(self, seat: int, card: int, f: int, held: int) -> None:
        """§4.8 step 2: the quirk of a mama's bean just planted on top."""
        if card == KOTZBROCKEN and held:
            self._kotzbrocken(seat, f)
        elif card == KAMERADENSCHWEIN and self.from_hand:
            self._kameradenschwein(seat)
        elif card in (ARBEITSTIER, LOSER, FRAUENVERSTEHER) or (
            card in (JUNGGESELLE, SCHUERZENJAEGER) and self.from_hand
        ):
            self._queue(seat, card, f)

    # -- quirks that ask their owner (§4.7): Arbeitstier, Loser, Frauenversteher,
    #    Junggeselle, Schürzenjäger ------------------------------------------------------------------

    def _queue(self, seat: int, card: int, f: int) -> None:
        """A quirk to settle before anything else (nested ones first, MB-D24);
        one with a single way to go is settled at once."""
        self.effects.insert(0, [seat, card, f])
        if self.phase == EFFECT:
            return
        self._settle(opening=True)

    def effect_options(self) -> list[Action]:
        """The choices of the first open quirk (empty: it has nothing to do)."""
        seat, card, f = self.effects[0]
        if card == AKTIVIST:  # the revealed soja, onto the Aktivist's field
            area = self.trade[seat]
            t = len(area) - 1
            if not self._can_plant(seat, area[t], f):
                return []  # it stays in the trading area, to be planted this phase
            return [Plant(f, t, m) for m in self.pull_modes(seat, area[t], f)]
        if card == ARBEITSTIER:
            return self._arbeitstier_options(seat)
        if card == LOSER:  # any of his fields, within the single-bean rule
            fields = self.fields[seat]
            return [Harvest(g) for g in range(len(fields)) if self._may_harvest(seat, g)]
        if card == FRAUENVERSTEHER:
            return self._picks(seat, lambda c: GENDER[c] == LADY, to_top=True)
        if card == JUNGGESELLE:
            return self._picks(
                seat, lambda c: GENDER[c] == BABY and self.table.bean[c] == FEUER, to_top=False
            )
        seen: set[tuple[int, ...]] = set()
        out: list[Action] = []
        for i, c in enumerate(self.discard):  # Schürzenjäger: a lady of the discard pile
            if GENDER[c] == LADY:
                rest = (*self.discard[:i], *self.discard[i + 1 :], c)
                if rest not in seen:
                    seen.add(rest)
                    out.append(Pick(f"d{i}"))
        return out

    def _arbeitstier_options(self, seat: int) -> list[Action]:
        """The back hand card is planted by the normal rules; if it fits
        nowhere, a harvest first (§4.7 Arbeitstier)."""
        hand = self.hands[seat]
        if not hand:
            return []
        out = self._hand_plantings(seat, len(hand) - 1)
        if out:
            return out
        return [Harvest(g) for g in range(len(self.fields[seat])) if self._may_harvest(seat, g)]

    def _picks(self, seat: int, which: Any, *, to_top: bool) -> list[Action]:
        """``pick f<i>.<j>`` for each card ``which`` accepts, one per outcome."""
        out: list[Action] = []
        for g, fld in enumerate(self.fields[seat]):
            seen: set[tuple[int, ...]] = set()
            for j, c in enumerate(fld):
                if which(c) and not (to_top and j == len(fld) - 1 and False):
                    rest = (
                        (*fld[:j], *fld[j + 1 :], c)
                        if to_top
                        else (*fld[:j], *fld[j + 1 :], -1 - c)
                    )
                    if rest not in seen:
                        seen.add(rest)
                        out.append(Pick(f"f{g}.{j}"))
        return out

    def _settle(self, *, opening: bool = False) -> None:
        """Settle open quirks while each has at most one way to go; open the
        ``quirk`` phase for the first real choice; when none is left, go on
        with what the planting held up."""
        while self.effects:
            seat, card, f = self.effects[0]
            if card < 0:  # the movers of a planting whose quirk has been settled
                self.effects.pop(0)
                self._movers(seat, -1 - card, f)
                continue
            options = self.effect_options()
            if not options:
                self.effects.pop(0)
                continue
            if len(options) > 1:
                if self.phase != EFFECT:
                    self._interrupt(EFFECT)
                return
            self._apply_effect(self.effects[0][0], options[0])
        if self.phase == EFFECT:
            self._resume()
            then = self.then.pop() if self.then else 0
            self._go_on(then)

    def _go_on(self, then: int) -> None:
        if then == THEN_HAND:
            self._count_hand_planting(self.active)
        elif then == THEN_AREA:
            self._trading_area_moved()
        elif then == THEN_FOIST:
            self._foist()
        elif then == THEN_PLACE:
            self._placed_final()
        elif then == THEN_REVEAL:
            self._revealed_quirks()

    def _held_up(self, then: int) -> bool:
        if self.phase == EFFECT:
            self.then.append(then)
            return True
        return False

    def _apply_effect(self, seat: int, a: Action) -> None:
        """One choice of the first open quirk (validated by the caller)."""
        card = self.effects[0][1]
        if isinstance(a, Harvest):
            if card == LOSER:
                self.effects.pop(0)
            self._emit(
                {"type": "quirk", "card": self.table.keys[card], "seat": seat, "field": a.field}
            )
            self._harvest(seat, a.field)
        elif isinstance(a, Plant) and a.traded is not None:  # Aktivist: the revealed soja
            self.effects.pop(0)
            c = self.trade[seat].pop(a.traded)
            self._put(seat, c, a.field, a.mode)
        elif isinstance(a, Plant):  # Arbeitstier: the back card, by the normal rules
            self.effects.pop(0)
            (c,) = self._remove_refs(seat, (("h", len(self.hands[seat]) - 1),))
            self.from_hand = True  # the back card comes from the hand
            self._emit(
                {"type": "quirk", "card": "arbeitstier", "seat": seat, "plants": self.table.keys[c]}
            )
            try:
                self._put(seat, c, a.field, a.mode)
            finally:
                self.from_hand = False
        else:
            assert isinstance(a, Pick)
            if a.ref.startswith("d"):  # Schürzenjäger
                self.effects.pop(0)
                lady = self.discard.pop(int(a.ref[1:]))
                self.hands[seat].append(lady)
                self._emit(
                    {
                        "type": "quirk",
                        "card": "schuerzenjaeger",
                        "seat": seat,
                        "taken": self.table.keys[lady],
                    }
                )
                return
            parts = a.ref[1:].split(".")
            g, j = int(parts[0]), int(parts[1])
            fld = self.fields[seat][g]
            c = fld.pop(j)
            if card == FRAUENVERSTEHER:
                self.effects.pop(0)
                fld.append(c)  # all the way to the top of her own field
            else:  # Junggeselle: one feuer baby after another to the discard pile
                self.discard.append(c)
            self._emit(
                {
                    "type": "quirk",
                    "card": self.table.keys[card],
                    "seat": seat,
                    "field": g,
                    "moved": self.table.keys[c],
                }
            )

    def _do_effect(self, seat: int, a: Action) -> None:
        if self.phase != EFFECT or seat != self.effects[0][0]:
            raise NotWaiting(
                "a quirk of a mama's bean waits for its owner's choice", Mutterbohnchen.cite("§4.7")
            )
        if a not in self.effect_options():
            raise IllegalAction(
                f"{self.table.keys[self.effects[0][1]]} asks for one of: "
                + ", ".join(o.text() for o in self.effect_options()),
                Mutterbohnchen.cite("§4.7"),
            )
        self._apply_effect(seat, a)
        self._settle()

    def _kotzbrocken(self, seat: int, f: int) -> None:
        """Planted on a field that held a card: that field is harvested at once."""
        self._emit({"type": "quirk", "card": "kotzbrocken", "seat": seat, "field": f})
        self._harvest(seat, f)

    def _kameradenschwein(self, seat: int) -> None:
        """From the hand: the front card of the right-hand neighbour goes to the
        back of the owner's hand."""
        right = (seat - 1) % self.n
        if not self.hands[right]:
            return
        (card,) = self._remove_refs(right, (("h", 0),))  # open offers stay current
        self.hands[seat].append(card)
        self._emit({"type": "quirk", "card": "kameradenschwein", "seat": seat, "from": right})
        self._emit(
            {"type": "steal", "seat": seat, "from": right, "card": self.table.keys[card]},
            to=(seat, right),
            public={"type": "steal", "seat": seat, "from": right},
        )

    def _movers(self, seat: int, card: int, f: int) -> None:
        """§4.8 step 4: Choleriker (a card on another field), Lichtgestalt (a
        male card) and Macho (a lady, 3 places) move up (MB-D16)."""
        g = GENDER[card]
        for m in MOVERS:
            if m == card:
                continue
            mf = self.quirk_field(seat, m)
            if mf < 0:
                continue
            if (
                (m == CHOLERIKER and mf != f)
                or (m == LICHTGESTALT and g == MAN)
                or (m == MACHO and g == LADY)
            ):
                fld = self.fields[seat][mf]
                i = fld.index(m)
                if i < len(fld) - 1:
                    move_up(fld, i, MOVER_STEPS[m])
                    self._emit(
                        {
                            "type": "quirk",
                            "card": self.table.keys[m],
                            "seat": seat,
                            "field": mf,
                            "to": fld.index(m),
                        }
                    )

    def foisted(self, card: int) -> bool:
        return True  # §3.3.3: every received card

    def _card_name(self, card: int) -> str:
        """A card as a message names it: its English name and its key."""
        return (
            f"{self.table.names[card].get('en', self.table.keys[card])} ({self.table.keys[card]})"
        )

    def _foist_wait(self) -> str:
        """Why nothing else may happen now: who must plant which card it
        received (or, the attacker, captured) first (§3.3.3, §4.1.4 step 5)."""
        s = self.foisting()
        kinds: list[int] = []
        for c in self.must[s]:
            if c not in kinds:
                kinds.append(c)
        how = "captured" if self.resume and self.resume[-1] == CAPTURE else "received"
        names = " and ".join(self._card_name(c) for c in kinds)
        return f"seat {s} must first plant the {names} it {how}"

    def _foist_refusal(self) -> NotWaiting | None:
        if self.phase == FOIST:
            return NotWaiting(self._foist_wait(), Mutterbohnchen.cite("§3.3.3"))
        return None

    def _check_foisted_plant(self, seat: int, a: Plant) -> None:
        """Phase ``foist``: only the waited-on seat plants, and only a card it
        must plant, on a non-empty field it fits (§3.3.3, MB-D28)."""
        s = self.foisting()
        if seat != s or a.traded is None:
            raise NotWaiting(self._foist_wait(), Mutterbohnchen.cite("§3.3.3"))
        area = self.trade[seat]
        if a.traded >= len(area) or area[a.traded] not in self.must[seat]:
            raise IllegalAction(
                "plant a card you must plant now: "
                + ", ".join(
                    f"t{i} {self._card_name(c)}" for i, c in enumerate(area) if c in self.must[seat]
                ),
                Mutterbohnchen.cite("§3.3.3"),
            )
        card = area[a.traded]
        fits = self._fits(seat, card)
        if a.field not in fits:
            raise IllegalAction(
                f"the {self._card_name(card)} goes on a non-empty field it fits: "
                + ", ".join(f"f{f}" for f in fits),
                Mutterbohnchen.cite("§3.3.3 (MB-D28)"),
            )

    def _foist_choice(self, seat: int, card: int, fields: list[int]) -> bool:
        # §3.3.3: several received cards of different kinds go in the order the
        # receiver chooses
        return len(set(self.must[seat])) > 1 or super()._foist_choice(seat, card, fields)

    def _garten_coin(self) -> int:
        return self.discard.pop(0)  # §4.3.2: from the bottom

    # -- phase 1 (§3.1): Messie, Hampelmann ----------------------------------------------------------

    def _begin_planting(self) -> None:
        if self.hands[self.active] and self._acts(self.active, MESSIE):
            self.phase = PLANT  # §4.7 Messie: no planting from the hand
            self._emit({"type": "quirk", "card": "messie", "seat": self.active})
            self._reveal()
            return
        super()._begin_planting()

    def _hand_position(self, seat: int, a: Plant) -> int:
        if a.card and not self._acts(seat, HAMPELMANN):
            return super()._hand_position(seat, a)
        i = a.card or 0
        if i >= len(self.hands[seat]):
            raise IllegalAction(
                f"your hand holds {len(self.hands[seat])} cards", Mutterbohnchen.cite("§4.7")
            )
        return i

    def _hampelmann_options(self, seat: int) -> list[Action]:
        """Phase 1 with the Hampelmann: any hand card (§4.7)."""
        out: list[Action] = []
        for i in range(len(self.hands[seat])):
            out += self._hand_plantings(seat, i)
        if self.planted:
            out.append(_PASS)
        return out

    def _hand_plantings(self, seat: int, i: int, fields: list[int] | None = None) -> list[Action]:
        """``plant h<i> f<j>`` (with each pull or Kavalier mode) for hand card
        ``i`` on ``fields``, by default every field it may go on."""
        card = self.hands[seat][i]
        if fields is None:
            fields = [g for g in range(len(self.fields[seat])) if self._can_plant(seat, card, g)]
        return [
            Plant(g, None, m, i or None) for g in fields for m in self.pull_modes(seat, card, g)
        ]

    def _do_plant_from_hand(self, seat: int, a: Plant) -> None:
        self.from_hand = True
        try:
            super()._do_plant(seat, a)
        finally:
            self.from_hand = False

    # -- phase 1½: the attack of the little rascals (§4.1) -----------------------------------------

    def _reveal(self) -> None:
        if self.phase == PLANT:  # phase 1 is over: the attacks come first
            self._begin_attacks()
            return
        self._reveal_cards()

    def _reveal_cards(self) -> None:
        """Phases 2+3 begin: two cards revealed (§3.3.1), then their quirks."""
        Bohnanza._reveal(self)
        self._revealed_quirks()

    # -- the reveal (§3.3.1): Aktivist and Flitzer ---------------------------------------------------

    def _aktivist(self) -> tuple[int, int]:
        """(owner, field) of the planted Aktivist, or (-1, -1)."""
        for s in range(self.n):
            f = self.quirk_field(s, AKTIVIST)
            if f >= 0:
                return s, f
        return -1, -1

    def _revealed_quirks(self) -> None:
        """§4.7: every revealed soja goes at once onto the Aktivist's field (his
        owner's planting, MB-D24; not replaced, MB-D7); a revealed Flitzer is
        offered as a gift to each player in turn. Picks up where a quirk
        decision held it up."""
        owner, g = self._aktivist()
        if owner >= 0:
            while True:
                i = next((i for i, c in enumerate(self.revealed) if self.table.bean[c] == SOJA), -1)
                if i < 0:
                    break
                (card,) = self._remove_refs(self.active, (("r", i),))
                self._emit(
                    {
                        "type": "quirk",
                        "card": "aktivist",
                        "seat": owner,
                        "takes": self.table.keys[card],
                    }
                )
                self.trade[owner].append(card)
                self._queue(owner, AKTIVIST, g)
                if self._held_up(THEN_REVEAL):
                    return
        if FLITZER in self.revealed:
            self.offered = self.active
            self._interrupt(FLITZER_OFFER)
            self._offer_flitzer()

    def _offer_flitzer(self) -> None:
        """Ask the next player clockwise (MB-D17); a Prügelknabe accepts at once;
        when nobody takes him, the active player must plant him this phase."""
        while True:
            self.offered = (self.offered + 1) % self.n
            if self.offered == self.active:
                self._flitzer_to(self.active)
                return
            if not self._may_take_flitzer(self.offered):
                continue
            if self._acts(self.offered, PRUEGELKNABE):
                self._flitzer_to(self.offered)
                return
            self._emit({"type": "flitzer-offer", "seat": self.offered})
            return

    def _may_take_flitzer(self, seat: int) -> bool:
        """Whether the Flitzer may be offered to ``seat`` (always, but with two
        players, MB-D17)."""
        return True

    def _flitzer_to(self, seat: int) -> None:
        (card,) = self._remove_refs(self.active, (("r", self.revealed.index(FLITZER)),))
        self.offered = -1
        self.trade[seat].append(card)
        self._emit({"type": "quirk", "card": "flitzer", "seat": seat})
        self._resume()
        if seat != self.active:  # a gift: foisted where he fits (§3.3.3)
            self._received(seat, [card])
            self._foist()

    def _check_flitzer_decision(self, seat: int) -> None:
        """``seat`` decides on the Flitzer now (``take flitzer`` or ``pass``):
        he is offered to ``seat`` and not taken yet. Both handlers ask this."""
        if self.phase != FLITZER_OFFER or seat != self.offered:
            raise NotWaiting(
                "the Flitzer is offered to one player at a time",
                Mutterbohnchen.cite("§4.7 Flitzer"),
            )
        if FLITZER not in self.revealed:
            raise IllegalAction(
                "you have taken the Flitzer already: plant him", Mutterbohnchen.cite("§4.7 Flitzer")
            )

    def _do_take_flitzer(self, seat: int) -> None:
        self._check_flitzer_decision(seat)
        self._flitzer_to(seat)

    def _begin_attacks(self) -> None:
        """§4.1.1: one attack per field with a baby on top, fixed now."""
        s = self.active
        self.attacks = [
            [f, RATTLES[fld[-1]] + (1 if WUEHLER in fld else 0)]  # MB-D13: the Wühler's own field
            for f, fld in enumerate(self.fields[s])
            if fld and GENDER[fld[-1]] == BABY
        ]
        self.triple = self.n == 3 and len(self.attacks) == 3
        self.targets = []
        self._next_attack()

    def _next_attack(self) -> None:
        self.target = -1
        self.turned = []
        if self.attacks and self._attack_targets():
            self.phase = ATTACK
            return
        self.attacks = []
        self._reveal_cards()

    def _attack_targets(self) -> list[int]:
        """The opponents the next attack may target (§4.1.3, MB-D26)."""
        s = self.active
        out = []
        twice = any(self.targets.count(t) > 1 for t in self.targets)
        for i in range(1, self.n):
            t = (s + i) % self.n
            k = self.targets.count(t)
            if k == 0 or (self.triple and k == 1 and not twice):
                out.append(t)
        return out

    def _do_attack(self, seat: int, a: Attack) -> None:
        if seat != self.active or self.phase != ATTACK:
            raise NotWaiting(
                "attacks are made in phase 1½ of your turn", Mutterbohnchen.cite("§3.2")
            )
        entry = next((e for e in self.attacks if e[0] == a.field), None)
        if entry is None:
            raise IllegalAction(
                f"field {a.field} gives no attack this turn; attacks come from the fields "
                f"that had a baby on top when phase 1½ began: "
                f"{', '.join(f'f{e[0]}' for e in self.attacks)}",
                Mutterbohnchen.cite("§4.1.1"),
            )
        if a.target not in self._attack_targets():
            raise IllegalAction(
                f"seat {a.target} cannot be attacked now: each attack targets another "
                "opponent (with 3 players and 3 babies one opponent twice)",
                Mutterbohnchen.cite("§4.1.3 (MB-D26)"),
            )
        self.attacks.remove(entry)
        self.targets.append(a.target)
        self.target = a.target
        self.reach = entry[1]
        self._emit({"type": "attack", "seat": seat, "target": a.target, "field": a.field})
        self._attack_named()

    def _attack_named(self) -> None:
        """§4.1.4 step 2: the target may harvest first."""
        self.phase = DEFEND

    def _defended(self) -> None:
        """§4.1.4 steps 3-4: the target's pile is shuffled and the first coin turned up."""
        t = self.target
        pile = self.coins[t] + self.blind[t]
        if not pile:  # MB-D27: the attack is spent
            self._emit({"type": "attack-spent", "target": t})
            self._next_attack()
            return
        self._turn_up()

    def _turn_up(self) -> None:
        """Turn up one coin of the target's pile, at random (§4.1.4 step 4)."""
        t = self.target
        pile = self.coins[t] + self.blind[t]
        self._shuffle(pile, f"seat {t} coins")
        card = pile[-1]
        # MB-D6: a kind the target holds as a known coin comes from those;
        # otherwise it was a starting coin and becomes known
        if card in self.coins[t]:
            self.coins[t].remove(card)
        else:
            self.blind[t].remove(card)
        self.turned.append(card)
        self._emit({"type": "turn-up", "target": t, "card": self.table.keys[card]})
        if len(self.turned) < self.reach and (self.coins[t] or self.blind[t]):
            self.phase = TURN_UP
            return
        self._capture()

    def _capture(self) -> None:
        """§4.1.4 step 5 (MB-D14): a turned-up coin that fits a non-empty field
        of the attacker must be taken and planted there; the others go back."""
        s = self.active
        kinds = sorted({c for c in self.turned if self._fits(s, c)})
        if len(kinds) > 1:
            self.phase = CAPTURE
            return
        self._take_coin(kinds[0] if kinds else -1)

    def _take_coin(self, card: int) -> None:
        s = self.active
        t = self.target
        if card >= 0:
            self.turned.remove(card)
            self.trade[s].append(card)
            self.must[s].append(card)
            self._emit({"type": "capture", "seat": s, "target": t, "card": self.table.keys[card]})
        self._give_back(self.turned)
        self.turned = []
        self.phase = CAPTURE
        self._foist()
        if self.phase == CAPTURE:
            self._next_attack()

    def _give_back(self, coins: list[int]) -> None:
        """§4.1.4 step 6: the turned-up coins not taken go back to the target."""
        self.coins[self.target].extend(coins)

    def _resumed(self) -> None:
        if self.phase == CAPTURE and not any(self.must):
            self._next_attack()

    def _do_take(self, seat: int, a: Take) -> None:
        if self.phase == FLITZER_OFFER and a.bean == "flitzer":
            self._do_take_flitzer(seat)
            return
        if seat != self.active or self.phase != CAPTURE or not self.turned:
            raise NotWaiting(
                "a coin is taken in an attack of your phase 1½", Mutterbohnchen.cite("§4.1.4")
            )
        card = self.table.index.get(a.bean, -1)
        if card not in self.turned or not self._fits(seat, card):
            raise IllegalAction(
                "take a turned-up coin that fits one of your non-empty fields: "
                + ", ".join(
                    sorted({self.table.keys[c] for c in self.turned if self._fits(seat, c)})
                ),
                Mutterbohnchen.cite("§4.1.4 step 5"),
            )
        self._take_coin(card)

    def _do_uncover(self, seat: int, a: Uncover) -> None:
        if seat != self.active or self.phase != TURN_UP:
            raise NotWaiting(
                "coins are turned up in an attack of your phase 1½", Mutterbohnchen.cite("§4.1.2")
            )
        self._turn_up()

    # -- phases 2+3 merged (§3.3) -------------------------------------------------------------------

    def _may_plant_traded(self) -> bool:
        return self.phase in (TRADE, PLANT_TRADED)  # §3.3.4: at any moment of the phase

    def _trading_area_moved(self) -> None:
        if self._held_up(THEN_AREA):
            return
        if self.phase == PLANT_TRADED:
            super()._trading_area_moved()

    def _planted_from_hand(self, seat: int) -> None:
        if not self._held_up(THEN_HAND):
            self._count_hand_planting(seat)

    def _count_hand_planting(self, seat: int) -> None:
        """Count a card planted from the hand once its quirks are settled."""
        Bohnanza._planted_from_hand(self, seat)

    # -- phase 4: the draw (§3.4): Faulpelz, Warmduscher ---------------------------------------------------

    def own_draw(self, seat: int) -> int:
        """Cards ``seat`` draws in his own phase 4: 3, 2 fewer for each of his
        planted Faulpelz and Warmduscher (§4.7)."""
        less = 2 * (self._acts(seat, FAULPELZ) + self._acts(seat, WARMDUSCHER))
        return max(0, self.draw_count - less)

    def _end_turn(self) -> None:
        if self.final:
            self._finish("final-exhaustion")
            return
        self._draw(self.active, self.own_draw(self.active))
        for i in range(1, self.n):  # §4.7 Warmduscher: 1 card after another's turn
            s = (self.active + i) % self.n
            if not self._final_reached() and self._acts(s, WARMDUSCHER):
                self._draw(s, 1)
        self._after_draw()

    # -- trading: the Prügelknabe (§4.7) -----------------------------------------------------------------

    def _do_propose(self, seat: int, a: Any) -> None:
        super()._do_propose(seat, a)
        o = self.offers[self.next_offer - 1]
        if not o.want and self._acts(o.to, PRUEGELKNABE):  # he must accept every gift
            self._emit({"type": "quirk", "card": "pruegelknabe", "seat": o.to})
            self._do_accept(o.to, Accept(o.id, ()))

    # -- the end (§5) ------------------------------------------------------------------------------------

    def _finish(self, reason: str) -> None:
        """§5.2 step 1: from the next player on, each may put one fitting hand
        card on each of his non-empty fields; then the harvest (step 2)."""
        if self.phase == FINAL_PLACE or self.phase == OVER:
            BeanGame._finish(self, reason)
            return
        self.end_reason = reason
        self.revealed = []
        self.offers.clear()
        self.phase = FINAL_PLACE
        self.placer = (self.active + 1) % self.n
        self._next_placer(advance=False)

    def _next_placer(self, *, advance: bool = True) -> None:
        """The next seat with a card to place, clockwise (from ``placer`` itself
        unless ``advance``); after the last, the harvest."""
        first = (self.active + 1) % self.n
        self.placed = 0
        if advance:
            self.placer = (self.placer + 1) % self.n
            if self.placer == first:
                self._finish(self.end_reason)
                return
        while not self._final_options(self.placer):
            self.placer = (self.placer + 1) % self.n
            if self.placer == first:
                self._finish(self.end_reason)
                return
        self._emit({"type": "final-placement", "seat": self.placer})

    def _final_options(self, seat: int) -> list[Action]:
        out: list[Action] = []
        hand = self.hands[seat]
        seen: set[int] = set()
        for i, c in enumerate(hand):
            if c in seen:
                continue
            seen.add(c)
            free = [f for f in self._fits(seat, c) if not self.placed >> f & 1]
            out += self._hand_plantings(seat, i, free)
        return out

    def _do_plant(self, seat: int, a: Plant) -> None:
        if self.phase == EFFECT:
            self._do_effect(seat, a)
            return
        if self.phase == PLANT and a.traded is None:
            self._do_plant_from_hand(seat, a)
            return
        if self.phase != FINAL_PLACE:
            if self.phase == FOIST:
                self._check_foisted_plant(seat, a)
            super()._do_plant(seat, a)
            return
        if seat != self.placer:
            raise NotWaiting(
                f"seat {self.placer} places its cards now", Mutterbohnchen.cite("§5.2")
            )
        hand = self.hands[seat]
        i = a.card or 0
        if a.traded is not None or i >= len(hand):
            raise IllegalAction(
                "the final placement puts a hand card on a field", Mutterbohnchen.cite("§5.2")
            )
        card = hand[i]
        if a.field >= len(self.fields[seat]) or a.field not in self._fits(seat, card):
            raise IllegalAction(
                "each card goes on a non-empty field it fits",
                Mutterbohnchen.cite("§5.2 step 1 (MB-D28)"),
            )
        if self.placed >> a.field & 1:
            raise IllegalAction("one card per field", Mutterbohnchen.cite("§5.2 step 1"))
        self._check_plant(seat, card, a.field, a.mode)
        hand.pop(i)
        self.placed |= 1 << a.field
        self.from_hand = True  # MB-D23: a planting from the hand like any other
        try:
            self._put(seat, card, a.field, a.mode)
        finally:
            self.from_hand = False
        if not self._held_up(THEN_PLACE):
            self._placed_final()

    def _placed_final(self) -> None:
        if not self._final_options(self.placer):
            self._next_placer()

    # -- the contract -------------------------------------------------------------------------------------

    def _do_pass(self, seat: int, a: Pass) -> None:
        phase = self.phase
        if phase == ATTACK and seat == self.active:
            self._emit({"type": "pass", "seat": seat})
            self.attacks = []
            self._next_attack()
        elif phase == DEFEND and seat == self.target:
            self._emit({"type": "pass", "seat": seat})
            self._defended()
        elif phase == TURN_UP and seat == self.active:
            self._emit({"type": "pass", "seat": seat})
            self._capture()
        elif phase == FLITZER_OFFER and seat == self.offered:
            self._check_flitzer_decision(seat)
            if self._acts(seat, PRUEGELKNABE):
                raise IllegalAction(
                    "the Prügelknabe's owner must accept every gift", Mutterbohnchen.cite("§4.7")
                )
            self._emit({"type": "pass", "seat": seat})
            self._offer_flitzer()
        elif phase == FINAL_PLACE and seat == self.placer:
            self._emit({"type": "pass", "seat": seat})
            self._next_placer()
        else:
            super()._do_pass(seat, a)

    def _do_pick(self, seat: int, a: Pick) -> None:
        self._do_effect(seat, a)

    def _do_harvest(self, seat: int, action: Harvest) -> None:
        if self.phase == EFFECT:
            self._do_effect(seat, action)
            return
        super()._do_harvest(seat, action)

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        phase = self.phase
        if phase == EFFECT:
            return NotWaiting(
                f"seat {self.effects[0][0]} first carries out the effect of a card",
                Mutterbohnchen.cite("§4.8"),
            )
        if phase == FINAL_PLACE:
            return NotWaiting(
                "nobody harvests during the final placement; the final harvest follows it",
                Mutterbohnchen.cite("§5.2"),
            )
        if phase == FLITZER_OFFER:
            what = (
                "decides whether to take the Flitzer"
                if FLITZER in self.revealed
                else "plants the Flitzer he took"
            )
            return NotWaiting(
                f"seat {self.offered} first {what}; nobody harvests until he is settled",
                Mutterbohnchen.cite("§4.7 Flitzer (MB-D31)"),
            )
        if self._capturing(seat):
            return NotWaiting(
                "the attacker must plant the coin this attack captures before she may "
                "harvest: no harvest of hers from the first coin turned up until then",
                Mutterbohnchen.cite("§4.1.4 step 5"),
            )
        return super()._anytime_refusal(seat)

    def _capturing(self, seat: int) -> bool:
        """§4.1.4 step 5: whether ``seat`` is the attacker between the first
        coin an attack turns up and the planting of the coin it captures (a
        foisted capture waits in ``foist``, where nobody harvests). Everyone
        else, and the attacker before and between attacks, harvests at any
        time (§4.1.4 step 2, ``ladybohn.md`` / BO-D6)."""
        return seat == self.active and self.phase in (TURN_UP, CAPTURE)

    def waiting_for(self) -> frozenset[int]:
        phase = self.phase
        if phase == EFFECT:
            return seats_of(1 << self.effects[0][0])
        if phase == FLITZER_OFFER:
            return seats_of(1 << self.offered)
        if phase in (ATTACK, TURN_UP, CAPTURE):
            return seats_of(1 << self.active)
        if phase == DEFEND:
            return seats_of(1 << self.target)
        if phase == FINAL_PLACE:
            return seats_of(1 << self.placer)
        if phase == TRADE:
            return super().waiting_for() | self._planters()
        return super().waiting_for()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == EFFECT:
            return self.effect_options() if seat == self.effects[0][0] else []
        if phase == FLITZER_OFFER:
            return [Take("flitzer"), _PASS] if seat == self.offered else []
        if phase == ATTACK:
            if seat != self.active:
                return self._anytime_actions(seat)
            return [
                *(Attack(t, e[0]) for e in self.attacks for t in self._attack_targets()),
                _PASS,
                *self._anytime_actions(seat),
            ]
        if phase == DEFEND:
            anytime = self._anytime_actions(seat)
            return [*anytime, _PASS] if seat == self.target else anytime
        if phase == TURN_UP:
            return [Uncover(), _PASS] if seat == self.active else self._anytime_actions(seat)
        if phase == CAPTURE:
            if seat != self.active:
                return self._anytime_actions(seat)
            return [
                Take(self.table.keys[c])
                for c in sorted({c for c in self.turned if self._fits(seat, c)})
            ]
        if phase == FINAL_PLACE:
            return [*self._final_options(seat), _PASS] if seat == self.placer else []
        if phase == PLANT and seat == self.active and self._acts(seat, HAMPELMANN):
            return self._hampelmann_options(seat) + self._anytime_actions(seat)
        out = super().legal_actions(seat)
        if phase == TRADE:
            out += self._area_plantings(seat)
        return out

    HANDLERS: ClassVar[dict[type, str]] = {
        **Ladybohn.HANDLERS,
        Attack: "_do_attack",
        Pick: "_do_pick",
        Take: "_do_take",
        Uncover: "_do_uncover",
    }

    # -- scoring, observation, copies ------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [len(self.coins[s]) + len(self.blind[s]) for s in range(self.n)]

    def observe(self, seat: int | None) -> dict[str, Any]:
        obs = super().observe(seat)
        for s, p in enumerate(obs["seats"]):
            p["coins"] = len(self.coins[s]) + len(self.blind[s])
            p["known_coins"] = self.table.key_list(self.coins[s])
            p["blind_coins"] = len(self.blind[s])
        obs["attack"] = (
            {
                "target": self.target,
                "reach": self.reach,
                "turned": self.table.key_list(self.turned),
                "open": [list(e) for e in self.attacks],
            }
            if self.phase in (ATTACK, DEFEND, TURN_UP, CAPTURE)
            else None
        )
        obs["quirk"] = (
            {"seat": self.effects[0][0], "card": self.table.keys[self.effects[0][1]]}
            if self.phase == EFFECT
            else None
        )
        obs["final_placement"] = (
            {"seat": self.placer, "used": [f for f in range(3) if self.placed >> f & 1]}
            if self.phase == FINAL_PLACE
            else None
        )
        return obs

    STATE: ClassVar[tuple[Part, ...]] = (
        Part("blind", 2, CARD),
        Part("attacks", 2, INT),
        Part("targets", 1, INT),
        Part("turned", 1, CARD),
        Part("effects", 2, _EffectCodec()),
        Part("then", 1, INT),
        Part("offered"),
        Part("triple"),
        Part("target"),
        Part("reach"),
        Part("placer"),
        Part("placed"),
        Part("end_reason"),
        # true only inside a planting from the hand
        Part("from_hand", codec=Made(value=False)),
    )

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.blind = [z[:] for z in self.blind]
        other.attacks = [z[:] for z in self.attacks]
        other.targets = self.targets[:]
        other.turned = self.turned[:]
        other.effects = [z[:] for z in self.effects]
        other.then = self.then[:]
        other.offered = self.offered
        other.triple = self.triple
        other.target = self.target
        other.reach = self.reach
        other.placer = self.placer
        other.placed = self.placed
        other.end_reason = self.end_reason
        other.from_hand = self.from_hand

    # -- end of the state's copy --


__all__ = ["GENDER", "MAMA", "RATTLES", "Mutterbohnchen"]
