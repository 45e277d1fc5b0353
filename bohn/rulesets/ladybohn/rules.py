"""Ladybohn, 3-5 players — ``rules/ladybohn.md``.

Every bean type comes as men, ladies and babies (``blaue``, ``blaue/lady``,
``blaue/baby``). Ladybohn is Bohnanza (:class:`Bohnanza`) with these changes:

* a field is paid by the beanometer of its **top** card: ladies pay better
  than men, a baby on top pays nothing (the engine's harvest already reads the
  top card, :meth:`~bohn.engine.beans.BeanGame._meter_card`);
* a baby planted on a field holding a lady of its type pulls one of them up
  two places (§4.2, :meth:`Ladybohn._put`); the planter names her with the
  planting mode ``pull<i>`` (her position from the bottom) when the choice
  matters (LB-D5);
* offers show the other seats only the bean type of a hand card, never its
  gender (§3.3, :meth:`Ladybohn.offered_hand_card`);
* a baby received in a deal must go at once on a non-empty field of its type
  (§4.3, the ``foist`` phase);
* ``garten`` cards never become coins: the coins come from the top of the
  discard pile (§4.1.4, :meth:`Ladybohn._harvest`);
* two third fields in the whole game (LB-D9).

Mutterböhnchen (``rules/mutterbohnchen.md``) builds on this class. Every
``[DEFAULT]`` (LB-D1 … LB-D12) is tabled in ``docs/rules/ladybohn.md``.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine.actions import Action
from bohn.engine.actions import Plant
from bohn.engine.beans import seats_of
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import NotWaiting
from bohn.engine.game import Audience
from bohn.engine.game import Option
from bohn.engine.game import Words
from bohn.engine.layout import HiddenLayout
from bohn.engine.layout import offer_pins
from bohn.engine.parts import CARD
from bohn.engine.parts import Part
from bohn.rulesets.bohnanza.rules import Bohnanza
from bohn.rulesets.ladybohn.events import LadybohnEvent

FOIST: Final = 40  #: a received baby must go on a field of its type now (§4.3)
#: what a planting held up by a decision goes on with (``_held_up``)
THEN_HAND: Final = 1
THEN_AREA: Final = 2
THEN_FOIST: Final = 3
THEN_PLACE: Final = 4

MAN: Final = 0
LADY: Final = 1
BABY: Final = 2
_GENDERS: Final = {"man": MAN, "lady": LADY, "baby": BABY}

TABLE = CardTable.load("bohn.rulesets.ladybohn")
#: the gender of each card kind
GENDER: tuple[int, ...] = tuple(_GENDERS[a["gender"]] for a in TABLE.attrs)
GARTEN: Final = TABLE.bean_index["garten"]
#: how far a pull moves a card up (§4.2)
PULL_STEPS: Final = 2


def move_up(fld: list[int], i: int, k: int) -> None:
    """Move the card at position ``i`` (0 = bottom) up ``k`` positions, not
    past the top; the cards it passes move down one (mutterbohnchen §4.2.6)."""
    card = fld.pop(i)
    fld.insert(min(i + k, len(fld)), card)


def _pull_mode(i: int) -> str:
    return f"pull{i}"


@mypyc_attr(allow_interpreted_subclasses=True)
class Ladybohn(Bohnanza):
    """Ladybohn — Manche mögen's heiß!"""

    variant = "ladybohn"
    #: where its state JSON hides cards (``bohn.engine.infostate``): an offered
    #: hand card shows its bean type, never its gender
    HIDDEN_LAYOUT: ClassVar[HiddenLayout] = HiddenLayout(
        secret=("deck",),
        private=("hands", "coins"),
        references=("offers", "must"),
        typed=offer_pins,
    )
    title = "Ladybohn"
    min_players = 3
    max_players = 5
    table = TABLE
    rules_file = "ladybohn"
    PHASES: ClassVar[dict[int, str]] = {**Bohnanza.PHASES, FOIST: "foist"}
    OPTIONS: ClassVar[dict[str, Option]] = {
        **Bohnanza.OPTIONS,
        "third_fields": Option(
            "third_fields",
            2,
            "third-field cards in the whole game: once they are bought, nobody else can buy one",
            kind=int,
            default_id="LB-D9",
            label=Words("Third-field cards", "Karten für das dritte Feld"),
            help=Words(
                "How many third fields can be bought in the whole game; once they are gone, nobody else can buy one.",
                "Wie viele dritte Felder im ganzen Spiel gekauft werden können; sind sie weg, kann niemand mehr eines kaufen.",
            ),
        ),
    }

    #: received babies each seat must plant at once (§4.3), as cards of its trading area
    must: list[list[int]]

    def _init_zones(self) -> None:
        super()._init_zones()
        self.must = [[] for _ in range(self.n)]

    def _rule(self, section: str) -> str:
        """Inherited checks state Bohnanza rules, which Ladybohn keeps (§0)."""
        return Bohnanza.cite(section)

    def _emit(
        self, data: LadybohnEvent, to: Audience = None, public: LadybohnEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    # -- the third field (§4.4, LB-D9) --------------------------------------------------

    def third_fields_left(self) -> int:
        bought = sum(1 for fs in self.fields if len(fs) > self.fields_at_start())
        return max(0, int(self.options["third_fields"]) - bought)

    def _field_refusal(self, seat: int) -> BohnError | None:
        if self.third_fields_left() <= 0 and len(self.fields[seat]) < self.max_fields:
            return IllegalAction(
                f"all {self.options['third_fields']} third-field cards of the game have been bought",
                Ladybohn.cite("§4.4 (LB-D9)"),
            )
        return super()._field_refusal(seat)

    # -- planting and the lady pull (§4.2, LB-D5) --------------------------------------------

    #: the gender of each card kind of :attr:`table`
    gender: ClassVar[tuple[int, ...]] = GENDER
    #: whether a planting may leave its pull undone (Mutterböhnchen §4.2.3)
    pull_optional: ClassVar[bool] = False

    def pulls(self, seat: int, card: int, f: int, other: int) -> bool:
        """Whether ``card``, planted on top of field ``f``, may pull ``other``
        of that field (§4.2: a baby pulls a lady of its type)."""
        tb = self.table.bean
        return self.gender[card] == BABY and self.gender[other] == LADY and tb[card] == tb[other]

    def pull_choices(self, seat: int, card: int, f: int) -> list[int]:
        """Positions of the cards ``card`` planted on top of field ``f`` may
        pull, one per distinct outcome (empty: nothing to pull)."""
        if self.gender[card] == MAN:
            return []
        fld = self.fields[seat][f]
        seen: set[tuple[int, ...]] = set()
        out: list[int] = []
        for i, c in enumerate(fld):
            if self.pulls(seat, card, f, c):
                trial = [*fld, card]
                move_up(trial, i, PULL_STEPS)
                key = tuple(trial)
                if key not in seen:
                    seen.add(key)
                    out.append(i)
        return out

    def _check_plant(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        super()._check_plant(seat, card, f, None)
        self._pull_position(seat, card, f, mode)

    def pull_modes(self, seat: int, card: int, f: int) -> list[str | None]:
        """The planting modes of ``card`` on field ``f``, one per distinct
        outcome (``None``: plain, the only pull if there is one)."""
        choices = self.pull_choices(seat, card, f)
        modes: list[str | None] = [_pull_mode(i) for i in choices]
        if self.pull_optional:
            return [None, *modes]
        return modes if len(modes) > 1 else [None]

    def _pull_position(self, seat: int, card: int, f: int, mode: str | None) -> int:
        """The card the planting pulls (-1: none), validating ``mode``."""
        if mode is None and self.pull_optional:
            return -1
        choices = self.pull_choices(seat, card, f)
        if mode is None:
            if len(choices) > 1:
                raise IllegalAction(
                    f"the baby pulls one lady of field {f} up two places; name her with "
                    f"pull<position>: {', '.join(_pull_mode(i) for i in choices)}",
                    Ladybohn.cite("§4.2 (LB-D5)"),
                )
            return choices[0] if choices else -1
        fld = self.fields[seat][f]
        i = int(mode[4:]) if mode.startswith("pull") and mode[4:].isdigit() else -1
        if not choices or not (0 <= i < len(fld) and self.pulls(seat, card, f, fld[i])):
            raise IllegalAction(
                f"{mode!r} names no card this planting may pull"
                + (f"; choose {', '.join(_pull_mode(i) for i in choices)}" if choices else ""),
                Ladybohn.cite("§4.2"),
            )
        return i

    def _put(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        i = self._pull_position(seat, card, f, mode)
        super()._put(seat, card, f, None)
        if i >= 0:
            fld = self.fields[seat][f]
            to = min(i + PULL_STEPS, len(fld) - 1)
            move_up(fld, i, PULL_STEPS)
            self._emit(
                {
                    "type": "pull",
                    "seat": seat,
                    "field": f,
                    "by": self.table.keys[card],
                    "card": self.table.keys[fld[to]],
                    "from": i,
                    "to": to,
                }
            )

    def _plant_options(self, seat: int, card: int, traded: int | None) -> list[Action]:
        out: list[Action] = []
        for a in super()._plant_options(seat, card, traded):
            assert isinstance(a, Plant)
            modes = self.pull_modes(seat, card, a.field)
            if modes == [None]:
                out.append(a)
            else:
                out += [Plant(a.field, traded, m) for m in modes]
        return out

    # -- foisted babies (§4.3, LB-D8) -----------------------------------------------------------

    def _fits(self, seat: int, card: int) -> list[int]:
        """The non-empty fields of ``seat`` that ``card`` fits."""
        tb = self.table.bean
        return [f for f, fld in enumerate(self.fields[seat]) if fld and tb[fld[-1]] == tb[card]]

    def foisted(self, card: int) -> bool:
        """Whether ``card``, received in a deal, must go on a field it fits at
        once (§4.3: babies)."""
        return self.gender[card] == BABY

    def _received(self, seat: int, cards: list[int]) -> None:
        for c in cards:
            if self.foisted(c) and self._fits(seat, c):
                self.must[seat].append(c)

    def _do_accept(self, seat: int, a: Any) -> None:
        super()._do_accept(seat, a)
        self._foist()

    def foisting(self) -> int:
        """The seat that must plant a received baby now (-1: none)."""
        for i in range(self.n):
            s = (self.active + i) % self.n
            if self.must[s]:
                return s
        return -1

    def _foist(self) -> None:
        """Plant every received baby that has one way to go; a choice (two
        fields, or which lady to pull) opens the ``foist`` phase."""
        for i in range(self.n):
            s = (self.active + i) % self.n
            must = self.must[s]
            while must:
                card = must[0]
                fields = self._fits(s, card)
                if self._foist_choice(s, card, fields):
                    if self.phase != FOIST:
                        self._interrupt(FOIST)
                    return
                must.pop(0)
                area = self.trade[s]
                card_at = len(area) - 1 - area[::-1].index(card)
                area.pop(card_at)
                self._emit({"type": "foist", "seat": s, "card": self.table.keys[card]})
                self._put(s, card, fields[0])
                if self._held_up(THEN_FOIST):
                    return
        if self.phase == FOIST:
            self._resume()

    def _foist_choice(self, seat: int, card: int, fields: list[int]) -> bool:
        """Whether planting the received ``card`` asks its receiver: two fields,
        or a pull to choose."""
        return len(fields) != 1 or self.pull_modes(seat, card, fields[0]) != [None]

    def _held_up(self, then: int) -> bool:
        """Hook after a planting: True when it opened a decision that must be
        settled first (Mutterböhnchen's quirks), with ``then`` the step to go
        on with afterwards."""
        return False

    def _foist_refusal(self) -> NotWaiting | None:
        """While a received card must be planted at once, nothing else happens."""
        if self.phase == FOIST:
            return NotWaiting(
                f"seat {self.foisting()} must first plant the baby it received",
                Ladybohn.cite("§4.3.1"),
            )
        return None

    def _check_not_foisting(self, seat: int) -> None:
        refusal = self._foist_refusal()
        if refusal is not None:
            raise refusal

    def _do_plant(self, seat: int, a: Plant) -> None:
        if self.phase != FOIST:
            super()._do_plant(seat, a)
            return
        s = self.foisting()
        if seat != s or a.traded is None:
            raise NotWaiting(
                f"seat {s} must first plant the baby it received", Ladybohn.cite("§4.3.1")
            )
        area = self.trade[seat]
        if a.traded >= len(area) or area[a.traded] not in self.must[seat]:
            raise IllegalAction(
                "plant a baby you received in this deal: "
                + ", ".join(f"t{i}" for i, c in enumerate(area) if c in self.must[seat]),
                Ladybohn.cite("§4.3.1"),
            )
        card = area[a.traded]
        if a.field >= len(self.fields[seat]) or a.field not in self._fits(seat, card):
            raise IllegalAction(
                f"a received baby goes on a non-empty field of its type: "
                f"{', '.join(f'f{f}' for f in self._fits(seat, card))}",
                Ladybohn.cite("§4.3.1"),
            )
        self._check_plant(seat, card, a.field, a.mode)
        area.pop(a.traded)
        self.must[seat].remove(card)
        self._emit({"type": "foist", "seat": seat, "card": self.table.keys[card]})
        self._put(seat, card, a.field, a.mode)
        if not self._held_up(THEN_FOIST):
            self._foist()

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        return self._foist_refusal() or super()._anytime_refusal(seat)

    # -- harvest (§4.1) ---------------------------------------------------------------------------

    def _harvest(self, seat: int, f: int, *, final: bool = False) -> None:
        """§4.1.4 (LB-D11): a ``garten`` field's cards all go to the discard
        pile; its coins come from the top of the discard pile, taken before
        the harvested cards are discarded as far as the pile allows."""
        fld = self.fields[seat][f]
        if not fld or self.table.bean[fld[-1]] != GARTEN:
            super()._harvest(seat, f, final=final)
            return
        value = self.harvest_value(seat, f)
        cards = fld[:]
        fld.clear()
        coins: list[int] = []
        while len(coins) < value and self.discard:
            coins.append(self._garten_coin())
        self._discard_leftovers(cards)
        while len(coins) < value and self.discard:
            coins.append(self._garten_coin())
        self.coins[seat].extend(coins)
        self._emit(
            {
                "type": "harvest",
                "seat": seat,
                "field": f,
                "cards": self.table.key_list(cards),
                "coins": value,
                "final": final,
                "from_discard": self.table.key_list(coins),
            }
        )

    def harvest_value(self, seat: int, f: int) -> int:
        fld = self.fields[seat][f]
        if fld and self.table.bean[fld[-1]] == GARTEN:
            # §4.1.4: the coins come from the discard pile, so a field pays its
            # full beanometer even where that exceeds its own card count
            return self.table.pays_for(self._meter_card(seat, f), len(fld))
        return super().harvest_value(seat, f)

    def _check_trading(self, seat: int) -> None:
        self._check_not_foisting(seat)
        super()._check_trading(seat)

    def _garten_coin(self) -> int:
        """The discard card a ``garten`` harvest takes as a coin: the top one."""
        return self.discard.pop()

    def offered_hand_card(self, card: int) -> str:
        return self.table.bean_keys[self.table.bean[card]]  # §3.3: never the gender

    # -- the contract ------------------------------------------------------------------------------

    def waiting_for(self) -> frozenset[int]:
        if self.phase == FOIST:
            return seats_of(1 << self.foisting())
        return super().waiting_for()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase != FOIST:
            return super().legal_actions(seat)
        if seat != self.foisting():
            return []
        area = self.trade[seat]
        out: list[Action] = []
        seen: set[int] = set()
        for i, c in enumerate(area):
            if c in self.must[seat] and c not in seen:
                seen.add(c)
                for f in self._fits(seat, c):
                    out += [Plant(f, i, m) for m in self.pull_modes(seat, c, f)]
        return out

    def observe(self, seat: int | None) -> dict[str, Any]:
        obs = super().observe(seat)
        obs["third_fields_left"] = self.third_fields_left()
        s = self.foisting()
        obs["foist"] = (
            {"seat": s, "cards": self.table.key_list(self.must[s])} if self.phase == FOIST else None
        )
        return obs

    STATE: ClassVar[tuple[Part, ...]] = (Part("must", 2, CARD),)

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.must = [z[:] for z in self.must]

    # -- end of the state's copy --


__all__ = ["BABY", "GENDER", "LADY", "MAN", "Ladybohn", "move_up"]
