"""Bohnanza (Amigo, 8 bean types, 104 cards), 3-5 players — ``rules/bohnanza.md``.

The turn, read like the rulebook's phase list (§3):

1. :meth:`Bohnanza._do_plant` — plant the front card, optionally the next one;
2. :meth:`Bohnanza._reveal` — turn two cards face up, then trade and donate
   with the active player (the machinery of :class:`~bohn.engine.beans.BeanGame`)
   until :meth:`Bohnanza._do_end_trading`;
3. every player plants his trading area (``plant t<i> f<j>``);
4. :meth:`Bohnanza._end_turn` — draw three, and the next player's turn begins.

Harvesting and buying the third field are legal for every seat between any
two actions (BO-D6). Everything else — fields, beanometers, coins, the draw
pile, trading, scoring — lives once in ``bohn.engine.beans``.
"""

from __future__ import annotations

from typing import ClassVar

from bohn._native import mypyc_attr
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
from bohn.engine.beans import _PASS
from bohn.engine.beans import _PLANT
from bohn.engine.beans import _PLANT_T
from bohn.engine.beans import OVER
from bohn.engine.beans import PLANT
from bohn.engine.beans import PLANT_TRADED
from bohn.engine.beans import TRADE
from bohn.engine.beans import BeanGame
from bohn.engine.beans import seats_of
from bohn.engine.cards import CardTable
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import NotWaiting
from bohn.engine.game import Audience
from bohn.engine.layout import HiddenLayout
from bohn.engine.layout import offer_pins
from bohn.rulesets.bohnanza.events import BohnanzaEvent


@mypyc_attr(allow_interpreted_subclasses=True)
class Bohnanza(BeanGame):
    """The base game."""

    variant = "bohnanza"
    #: where its state JSON hides cards (``bohn.engine.infostate``)
    HIDDEN_LAYOUT: ClassVar[HiddenLayout] = HiddenLayout(
        secret=("deck",), private=("hands", "coins"), references=("offers",), pins=offer_pins
    )
    title = "Bohnanza"
    min_players = 3
    max_players = 5
    table = CardTable.load("bohn.rulesets.bohnanza")
    rules_file = "bohnanza"

    def _emit(
        self, data: BohnanzaEvent, to: Audience = None, public: BohnanzaEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    # -- phase 1 -----------------------------------------------------------

    def _begin_turn(self) -> None:
        self.turn += 1
        self.planted = 0
        self.drawn_this_turn = 0
        self._emit({"type": "turn", "seat": self.active, "turn": self.turn})
        self._begin_planting()

    def _begin_planting(self) -> None:
        self.phase = PLANT
        if not self.hands[self.active]:  # §3.1.1: an empty hand skips the phase
            self._reveal()

    def _planted_from_hand(self, seat: int) -> None:
        """Count a card played in phase 1; the phase ends at the limit or an
        empty hand."""
        self.planted += 1
        if self.planted >= self.plant_limit(seat) or not self.hands[seat]:
            self._reveal()

    def _do_plant(self, seat: int, a: Plant) -> None:
        if a.traded is not None:
            self._plant_traded(seat, a)
            return
        if self.phase != PLANT or seat != self.active:
            raise NotWaiting(
                "cards are planted from the hand only in phase 1 of your own turn",
                self._rule("§3.1"),
            )
        hand = self.hands[seat]
        if not hand:  # pragma: no cover - an empty hand skips the phase
            raise IllegalAction("your hand is empty", self._rule("§3.1.1"))
        self._check_plant_limit(seat, self._rule("§3.1.4"))
        i = self._hand_position(seat, a)
        self._check_plant(seat, hand[i], a.field, a.mode)
        card = hand.pop(i)
        self._put(seat, card, a.field, a.mode)
        self._planted_from_hand(seat)

    def _hand_position(self, seat: int, a: Plant) -> int:
        """The hand position phase 1 plants from (validated): the front card."""
        if a.card:
            raise IllegalAction(
                "cards are planted from the front of the hand, in the order they were drawn",
                self._rule("§3.1.1"),
            )
        return 0

    def _do_pass(self, seat: int, a: Pass) -> None:
        if self.phase == PLANT and seat == self.active:
            if self.planted == 0:
                raise IllegalAction("you must plant your front card", self._rule("§3.1.2"))
            self._reveal()
            return
        if self.phase == TRADE and seat != self.active:
            if self.idle[seat]:
                raise IllegalAction(
                    "you have already passed in this trading phase", self._rule("§3.2")
                )
            if not self._may_pass_trading(seat):
                raise IllegalAction(
                    f"you have made your {self.cap(seat)} proposals for this trading phase: "
                    "nobody waits on you, so there is nothing to pass",
                    "trade_cap option",
                )
            self.idle[seat] = True
            self._emit({"type": "pass", "seat": seat})
            return
        raise IllegalAction("there is nothing to pass on now", self._rule("§3"))

    # -- phase 2 -----------------------------------------------------------

    def _reveal(self) -> None:
        """Turn cards face up (§3.2.1); on the final exhaustion only those left (§5.2.1)."""
        for _ in range(self.reveal_count):
            card = self._take()
            if card is None:
                break
            self.revealed.append(card)
            if self.final:
                break
        self._emit({"type": "reveal", "cards": self.table.key_list(self.revealed)})
        self.phase = TRADE
        self.reset_trading()

    def _do_end_trading(self, seat: int, a: EndTrading) -> None:
        self._check_trading(seat)
        if seat != self.active:
            raise IllegalAction(
                "only the active player ends the trading phase", self._rule("§3.2.3")
            )
        self._close_trading()
        self._emit({"type": "end-trading", "seat": seat})
        self.phase = PLANT_TRADED
        if not any(self.trade):
            self._end_turn()

    # -- phase 3 -----------------------------------------------------------

    def _may_plant_traded(self) -> bool:
        """Whether trading areas may be planted now (§3.3: in phase 3)."""
        return self.phase == PLANT_TRADED

    def _plant_traded(self, seat: int, a: Plant) -> None:
        if not self._may_plant_traded():
            raise NotWaiting("traded and kept cards are planted in phase 3", self._rule("§3.3"))
        area = self.trade[seat]
        assert a.traded is not None
        if a.traded >= len(area):
            raise IllegalAction(
                f"your trading area holds {len(area)} cards; there is no card t{a.traded}",
                self._rule("§3.3.1"),
            )
        self._check_plant(seat, area[a.traded], a.field, a.mode)
        card = area.pop(a.traded)
        self._put(seat, card, a.field, a.mode)
        self._trading_area_moved()

    def _trading_area_moved(self) -> None:
        """A card left a trading area in phase 3: the turn goes on once all are empty."""
        if not any(self.trade):
            self._end_turn()

    # -- phase 4 -----------------------------------------------------------

    def _end_turn(self) -> None:
        if self.final:  # the last exhaustion came while revealing (§5.2.1)
            self._finish("final-exhaustion")
            return
        self._draw(self.active, self.draw_count)
        self._after_draw()

    def _after_draw(self) -> None:
        if self._final_reached():  # during the draw: the game ends at once (§5.2.1)
            self._finish("final-exhaustion")
            return
        if self._dry_round_ended():
            return
        self.active = (self.active + 1) % self.n
        self._begin_turn()

    # -- the contract ------------------------------------------------------

    def waiting_for(self) -> frozenset[int]:
        phase = self.phase
        if phase == PLANT:
            return seats_of(1 << self.active)
        if phase == TRADE:
            return self._trading_waits()
        if phase == PLANT_TRADED:
            return self._planters()
        return seats_of(0)

    def _planters(self) -> frozenset[int]:
        """The seats with cards in their trading areas."""
        mask = 0
        for s, area in enumerate(self.trade):
            if area:
                mask |= 1 << s
        return seats_of(mask)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        out: list[Action] = []
        if phase == PLANT:
            if seat == self.active:
                hand = self.hands[seat]
                if hand:
                    out = self._plant_options(seat, hand[0], None)
                if self.planted:
                    out.append(_PASS)
        elif phase == TRADE:
            out = self._trading_actions(seat)
        elif phase == PLANT_TRADED:
            out = self._area_plantings(seat)
        out.extend(self._anytime_actions(seat))
        return out

    def _area_plantings(self, seat: int) -> list[Action]:
        """The ``plant t<i> f<j>`` actions for ``seat``'s trading area, one card of each kind."""
        out: list[Action] = []
        seen: set[int] = set()
        for i, card in enumerate(self.trade[seat]):
            if card not in seen:
                seen.add(card)
                out += self._plant_options(seat, card, i)
        return out

    def _plant_options(self, seat: int, card: int, traded: int | None) -> list[Action]:
        """The ``plant`` actions for ``card`` (front card, or trading area card
        ``traded``): one per field it may go on."""
        fields = range(len(self.fields[seat]))
        if traded is None:
            return [_PLANT[f] for f in fields if self._can_plant(seat, card, f)]
        row = _PLANT_T[traded] if traded < len(_PLANT_T) else None
        return [
            row[f] if row is not None else Plant(f, traded)
            for f in fields
            if self._can_plant(seat, card, f)
        ]

    HANDLERS: ClassVar[dict[type, str]] = {
        Plant: "_do_plant",
        Pass: "_do_pass",
        Harvest: "_do_harvest",
        BuyField: "_do_buy_field",
        Propose: "_do_propose",
        Accept: "_do_accept",
        Decline: "_do_decline",
        Withdraw: "_do_withdraw",
        Keep: "_do_keep",
        EndTrading: "_do_end_trading",
    }
