"""The bean duel for two — ``docs/rules/bohnanza-rio-grande.md`` §7.

Every rule of the game for 3-7 players holds (:class:`BohnanzaRioGrande`),
except (§7.1-§7.4): Garden and Cocoa are out of the game, a player harvests
only on his own turn, the coins paid for a third field go to the box, and the
game ends at the first exhaustion. There is no trading. The turn (§7.5):

1. ``duel-offer`` — the cards the opponent left as an offer lie in the active
   player's trading area: ``plant t<i> f<j>`` any of them, ``pass`` discards
   the rest (RG-D6); skipped without an offer (RG-D1, RG-D2);
2. ``plant`` — the front card, optionally the next (Bohnanza's step 1), then
   ``duel-discard``: ``drop h<i>`` discards one hand card, or ``pass`` (RG-D4);
3. ``duel-plant`` — three cards turned up into the trading area, extended
   from the discard pile while its top card matches (RG-D3); ``plant t<i>
   f<j>`` any of them, ``pass`` leaves the rest as the offer (RG-D7);
4. the active player draws two; the opponent's turn begins.
"""

from __future__ import annotations

from typing import ClassVar
from typing import Final

from bohn._native import mypyc_attr
from bohn.engine.actions import Action
from bohn.engine.actions import Drop
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.beans import _PASS
from bohn.engine.beans import seats_of
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import NotWaiting
from bohn.engine.game import Audience
from bohn.rulesets.bohnanza_rio_grande.events import DuelEvent
from bohn.rulesets.bohnanza_rio_grande.rules import BohnanzaRioGrande

DUEL_OFFER: Final = 60  #: step 1: plant or discard the opponent's offer
DUEL_DISCARD: Final = 61  #: step 2, after the planting: discard one hand card or not
DUEL_PLANT: Final = 62  #: step 3: the turned-up cards, to plant or to offer
#: the cards turned up in step 3
DUEL_REVEAL: Final = 3
#: the duel's phases
DUEL_PHASES: Final = (DUEL_OFFER, DUEL_DISCARD, DUEL_PLANT)


@mypyc_attr(allow_interpreted_subclasses=True)
class BohnanzaDuel(BohnanzaRioGrande):
    """The bean duel (§7); created by ``BohnanzaRioGrande.new(2, ...)``."""

    min_players = 2
    max_players = 2
    draw_count = 2  # §7.5 step 4
    reveal_count = DUEL_REVEAL
    PHASES: ClassVar[dict[int, str]] = {
        **BohnanzaRioGrande.PHASES,
        DUEL_OFFER: "duel-offer",
        DUEL_DISCARD: "duel-discard",
        DUEL_PLANT: "duel-plant",
    }

    def final_exhaustion(self) -> int:
        return 1  # §7.4

    def draw_size(self) -> int:
        return self.draw_count

    def _emit(self, data: DuelEvent, to: Audience = None, public: DuelEvent | None = None) -> None:
        self._push_event(data, to, public)

    # -- selling on one's own turn, buying at any time (§7.2, §4.3) ----------------

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        if seat != self.active:
            return NotWaiting(
                "in the bean duel beans are sold only on one's own turn", self._rule("§7.2")
            )
        return super()._anytime_refusal(seat)

    def _buy_refusal(self, seat: int) -> BohnError | None:
        """§4.3: the third field is bought at any time, even on the other
        player's turn; the duel changes only when beans may be sold (§7.2)."""
        return super()._anytime_refusal(seat)

    def _paid_for_field(self, seat: int) -> None:
        """§7.3: the coins paid go to the box, out of the game."""
        price = self.third_field_price(seat)
        paid = self.discard[len(self.discard) - price :]
        del self.discard[len(self.discard) - price :]
        self.box.extend(paid)
        self._emit({"type": "to-box", "seat": seat, "cards": self.table.key_list(paid)})

    # -- step 1: the offer (§7.5.1) ----------------------------------------------

    def _begin_planting(self) -> None:
        if self.trade[self.active]:
            self.phase = DUEL_OFFER
            return
        self._hand_step()  # RG-D1, RG-D2: no offer, no step 1

    def _hand_step(self) -> None:
        """Step 2: Bohnanza's planting from the hand (an empty hand skips it)."""
        super()._begin_planting()

    def _may_plant_traded(self) -> bool:
        return self.phase in (DUEL_OFFER, DUEL_PLANT)

    def _plant_traded(self, seat: int, a: Plant) -> None:
        if seat != self.active:
            raise NotWaiting("only the active player plants now", self._rule("§7.5"))
        if not self._may_plant_traded():
            raise IllegalAction(
                "the offer is planted in step 1 and the turned-up cards in step 3 of your turn",
                self._rule("§7.5"),
            )
        super()._plant_traded(seat, a)

    def _trading_area_moved(self) -> None:
        if self.trade[self.active]:
            return
        if self.phase == DUEL_OFFER:
            self._hand_step()
        elif self.phase == DUEL_PLANT:
            self._end_step3()

    # -- step 2: plant, then discard (§7.5.2) --------------------------------------

    def _reveal(self) -> None:
        """The planting of step 2 is over: the discard, unless the hand is empty."""
        if self.hands[self.active]:
            self.phase = DUEL_DISCARD
        else:
            self._duel_draw()

    def _do_drop(self, seat: int, a: Drop) -> None:
        if seat != self.active:
            raise NotWaiting("it is not your turn", self._rule("§7.5"))
        if self.phase != DUEL_DISCARD:
            raise IllegalAction(
                "one hand card is discarded after the planting in step 2 of your turn",
                self._rule("§7.5.2 (RG-D4)"),
            )
        hand = self.hands[seat]
        if a.card >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} cards; there is no card h{a.card}",
                self._rule("§7.5.2"),
            )
        card = hand.pop(a.card)
        self.discard.append(card)
        self._emit({"type": "drop", "seat": seat, "card": self.table.keys[card]})
        self._duel_draw()

    # -- step 3: draw, plant, offer (§7.5.3) ----------------------------------------

    def _duel_draw(self) -> None:
        """Three cards face up, then the discard pile's top card while its type
        is among them (RG-D3); they lie in the active player's trading area."""
        self.phase = DUEL_PLANT
        s = self.active
        cards = self._take_up_to(DUEL_REVEAL)
        self._emit({"type": "reveal", "cards": self.table.key_list(cards)})
        bean = self.table.bean
        types = {bean[c] for c in cards}
        added: list[int] = []
        while self.discard and bean[self.discard[-1]] in types:
            added.append(self.discard.pop())
        if added:
            self._emit({"type": "from-discard", "cards": self.table.key_list(added)})
        self.trade[s] = cards + added
        if not self.trade[s]:
            self._end_step3()

    def _end_step3(self) -> None:
        """Step 3 is over: the rest becomes the offer, then step 4; after the
        final exhaustion the game ends here (RG-D5)."""
        s = self.active
        if self.final:
            self._finish("final-exhaustion")
            return
        rest = self.trade[s]
        self.trade[s] = []
        if rest:
            self.trade[1 - s] = rest
            self._emit({"type": "duel-offer", "seat": s, "cards": self.table.key_list(rest)})
        self._draw(s, self.draw_size())
        self._after_draw()

    def _end_turn(self) -> None:  # pragma: no cover - the duel ends its turns in _end_step3
        self._end_step3()

    # -- passing ------------------------------------------------------------------

    def _do_pass(self, seat: int, a: Pass) -> None:
        phase = self.phase
        if phase not in DUEL_PHASES:
            super()._do_pass(seat, a)
            return
        if seat != self.active:
            raise NotWaiting("it is not your turn", self._rule("§7.5"))
        if phase == DUEL_OFFER:  # RG-D6: the rest of the offer is discarded
            rest = self.trade[seat]
            self.trade[seat] = []
            self.discard.extend(rest)
            self._emit(
                {"type": "offer-discarded", "seat": seat, "cards": self.table.key_list(rest)}
            )
            self._hand_step()
        elif phase == DUEL_DISCARD:
            self._emit({"type": "pass", "seat": seat})
            self._duel_draw()
        else:
            self._end_step3()

    # -- the contract ----------------------------------------------------------------

    def waiting_for(self) -> frozenset[int]:
        if self.phase in DUEL_PHASES:
            return seats_of(1 << self.active)
        return super().waiting_for()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase not in DUEL_PHASES:
            return super().legal_actions(seat)
        if seat != self.active:
            return self._anytime_actions(seat)  # the third field, at any time (§4.3)
        out: list[Action]
        if phase == DUEL_DISCARD:
            out = [Drop(i) for i in range(len(self.hands[seat]))]
        else:
            out = self._area_plantings(seat)
        out.append(_PASS)
        out.extend(self._anytime_actions(seat))
        return out

    HANDLERS: ClassVar[dict[type, str]] = {
        **BohnanzaRioGrande.HANDLERS,
        Drop: "_do_drop",
    }
