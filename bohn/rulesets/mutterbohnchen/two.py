"""Mutterböhnchen for two players — ``rules/mutterbohnchen.md`` §3.5.

All rules of the game for 3-6 players apply (:class:`Mutterbohnchen`), except:

* the shared third field (§3.5.1): one "3. Bohnenfeld" card, held at first by
  the second player; only its holder starts a third field, by planting into
  it, and then hands the card over; a player with three fields loses the
  field he harvests (MB-D9); fields are harvested only on one's own turn
  (MB-D10);
* the five phases of a turn (§3.5.2):

  1. ``use-offer``: each stack of the opponent's offer is taken whole
     (``use p<i>``, then planted card by card, ``plant t<i> f<j>``) or
     discarded whole (``discard p<i>``); the Prügelknabe's owner takes all;
  2. ``plant``: the front card, optionally the next; once per turn any hand
     card may be discarded (``drop h<i>``);
  3. the attacks, all against the opponent, no harvest before them; coins
     that fit no field are set aside until all attacks are done;
  4. ``offer``: 3 cards revealed, stacked by type (MB-D11), then the top
     card of the discard pile joins the stack of its type while there is
     one; the active player takes the stacks he wants (``use p<i>``) and
     ``pass`` leaves the rest as the offer for his opponent's phase 1;
  5. drawing 2;

* the end at the first exhaustion of the draw pile (§5.1).

Fields are three slots per player with stable positions; ``slots`` says which
exist. A lost field leaves its slot empty, so field numbers never shift.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine.actions import Action
from bohn.engine.actions import Discard
from bohn.engine.actions import Drop
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.beans import _PASS
from bohn.engine.beans import PLANT
from bohn.engine.beans import seats_of
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import NotWaiting
from bohn.engine.game import Audience
from bohn.engine.parts import BOOL
from bohn.engine.parts import CARD
from bohn.engine.parts import INT
from bohn.engine.parts import Part
from bohn.rulesets.ladybohn.rules import THEN_AREA
from bohn.rulesets.mutterbohnchen.actions import Use
from bohn.rulesets.mutterbohnchen.events import MutterbohnchenForTwoEvent
from bohn.rulesets.mutterbohnchen.rules import EFFECT
from bohn.rulesets.mutterbohnchen.rules import FINAL_PLACE
from bohn.rulesets.mutterbohnchen.rules import FLITZER
from bohn.rulesets.mutterbohnchen.rules import FLITZER_OFFER
from bohn.rulesets.mutterbohnchen.rules import HAMPELMANN
from bohn.rulesets.mutterbohnchen.rules import MESSIE
from bohn.rulesets.mutterbohnchen.rules import PRUEGELKNABE
from bohn.rulesets.mutterbohnchen.rules import SOJA
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen

USE_OFFER: Final = 48  #: phase 1: the opponent's offer, stack by stack
OFFER: Final = 49  #: phase 4: the revealed cards become stacks; take some, leave the offer
#: the number of cards revealed in phase 4
OFFER_CARDS: Final = 3
#: both field slots a player has at first; the third slot opens with the card
TWO_FIELDS: Final = 0b011
ALL_FIELDS: Final = 0b111


@mypyc_attr(allow_interpreted_subclasses=True)
class MutterbohnchenForTwo(Mutterbohnchen):
    """Mutterböhnchen's game for two (§3.5); created by
    ``Mutterbohnchen.new(2, ...)`` and ``bohn.new_game("mutterbohnchen", 2)``."""

    min_players = 2
    max_players = 2
    draw_count = 2  # §3.5.2 phase 5
    PHASES: ClassVar[dict[int, str]] = {
        **Mutterbohnchen.PHASES,
        USE_OFFER: "use-offer",
        OFFER: "offer",
    }

    #: the offer: stacks of one bean type each, face up (§3.5.2 phase 4)
    stacks: list[list[int]]
    #: the seat holding the "3. Bohnenfeld" card (§3.5.1)
    holder: int
    #: per seat, a bit per field slot that exists
    slots: list[int]
    #: phase 2's discard of one hand card has been made
    dropped: bool
    #: per bean type, the field the cards of that type taken in this phase go on (-1: none yet)
    bound: list[int]
    #: turned-up coins that fit no field, given back after all attacks (§3.5.2 phase 3)
    aside: list[int]

    # -- set-up (§2.2, §3.5.1) ----------------------------------------------------------

    def fields_at_start(self) -> int:
        return 3  # two fields and the slot of the shared third field

    def _init_zones(self) -> None:
        super()._init_zones()
        self.stacks = []
        self.holder = (self.start + 1) % 2  # §3.5.1.1: the second player
        self.slots = [TWO_FIELDS, TWO_FIELDS]
        self.dropped = False
        self.bound = [-1] * len(self.table.bean_keys)
        self.aside = []

    def _after_deal(self) -> None:
        super()._after_deal()
        self._emit({"type": "third-field-card", "seat": self.holder})

    # -- the shared third field (§3.5.1) ----------------------------------------------------------

    def field_open(self, seat: int, f: int) -> bool:
        """Whether field slot ``f`` of ``seat`` is one of his fields now."""
        return bool(self.slots[seat] >> f & 1)

    def may_start_third(self, seat: int, f: int) -> bool:
        """§3.5.1.2: only the card's holder starts a third field, by planting
        into it; while one of his two fields is empty there is nothing to
        start (MB-D29)."""
        if seat != self.holder or self.field_open(seat, f):
            return False
        return all(self.fields[seat][g] for g in range(3) if g != f)

    def _can_plant(self, seat: int, card: int, f: int) -> bool:
        if not self.field_open(seat, f) and not self.may_start_third(seat, f):
            return False
        return super()._can_plant(seat, card, f)

    def _check_field(self, seat: int, f: int) -> None:
        super()._check_field(seat, f)
        if not self.field_open(seat, f) and not self.may_start_third(seat, f):
            raise IllegalAction(
                f"field {f} is not one of your fields; only the holder of the "
                "'3. Bohnenfeld' card starts a third field, when his two fields hold beans",
                Mutterbohnchen.cite("§3.5.1"),
            )

    def _put(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        if not self.field_open(seat, f):  # §3.5.1.2: the card goes to the opponent
            self.slots[seat] |= 1 << f
            self.holder = 1 - seat
            self._emit({"type": "third-field", "seat": seat, "field": f})
        super()._put(seat, card, f, mode)

    def _harvest(self, seat: int, f: int, *, final: bool = False) -> None:
        three = self.slots[seat] == ALL_FIELDS
        super()._harvest(seat, f, final=final)
        if three and not final:  # §3.5.1.3 (MB-D9): the harvested field disappears
            self.slots[seat] &= ~(1 << f)
            self._emit({"type": "field-lost", "seat": seat, "field": f})
            for b, g in enumerate(self.bound):
                if g == f:
                    self.bound[b] = -1

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        refusal = super()._anytime_refusal(seat)
        if refusal is None and seat != self.active:
            return NotWaiting(
                "with two players fields are harvested only on one's own turn",
                Mutterbohnchen.cite("§3.5.1.4 (MB-D10)"),
            )
        return refusal

    # -- phase 1: the opponent's offer (§3.5.2) ---------------------------------------------------

    def _begin_planting(self) -> None:
        self.bound = [-1] * len(self.bound)
        if self.stacks:
            self.phase = USE_OFFER
            return
        self._hand_phase()

    def _do_use(self, seat: int, a: Use) -> None:
        if seat != self.active or self.phase not in (USE_OFFER, OFFER):
            raise NotWaiting(
                "stacks of the offer are taken in phases 1 and 4 of your turn",
                Mutterbohnchen.cite("§3.5.2"),
            )
        self._check_pile(a.pile)
        stack = self.stacks.pop(a.pile)
        self.trade[seat].extend(stack)
        self._emit({"type": "stack-used", "seat": seat, "cards": self.table.key_list(stack)})

    def _do_discard(self, seat: int, a: Discard) -> None:
        if seat != self.active or self.phase != USE_OFFER:
            raise NotWaiting(
                "stacks of the opponent's offer are discarded in phase 1 of your turn",
                Mutterbohnchen.cite("§3.5.2 phase 1"),
            )
        self._check_pile(a.pile)
        if self._acts(seat, PRUEGELKNABE):
            raise IllegalAction(
                "the Prügelknabe's owner must plant every stack of the offer",
                Mutterbohnchen.cite("§4.7 Prügelknabe"),
            )
        stack = self.stacks.pop(a.pile)
        self.discard.extend(stack)
        self._emit({"type": "stack-discarded", "seat": seat, "cards": self.table.key_list(stack)})
        self._offer_used()

    def _check_pile(self, pile: int) -> None:
        if pile >= len(self.stacks):
            raise IllegalAction(
                f"the offer has {len(self.stacks)} stacks; there is no stack p{pile}",
                Mutterbohnchen.cite("§3.5.2"),
            )

    def _offer_used(self) -> None:
        """Phase 1 ends once every stack is planted or discarded."""
        if self.phase == USE_OFFER and not self.stacks and not self.trade[self.active]:
            self._hand_phase()

    def _bound_to(self, seat: int, card: int) -> int:
        """The field the taken ``card`` must go on (-1: any): cards of one type
        taken in phases 1 and 4 are planted together on one field (§3.5.2),
        while that field can take them."""
        g = self.bound[self.table.bean[card]] if seat == self.active else -1
        if g >= 0 and self._can_plant(seat, card, g):
            return g
        return -1

    def _may_plant_traded(self) -> bool:
        return self.phase in (USE_OFFER, OFFER, FLITZER_OFFER)

    def _plant_traded(self, seat: int, a: Plant) -> None:
        phase = self.phase
        area = self.trade[seat]
        assert a.traded is not None
        if phase == FLITZER_OFFER:
            if seat != self.offered or FLITZER in self.revealed:
                raise NotWaiting(
                    "the Flitzer is being offered; only the player who took him plants now",
                    Mutterbohnchen.cite("§4.7 Flitzer (MB-D17)"),
                )
        elif phase not in (USE_OFFER, OFFER) or not area:
            raise NotWaiting(
                "taken stacks are planted in phases 1 and 4 of your turn",
                Mutterbohnchen.cite("§3.5.2"),
            )
        if a.traded >= len(area):
            raise IllegalAction(
                f"your trading area holds {len(area)} cards; there is no card t{a.traded}",
                Mutterbohnchen.cite("§3.5.2"),
            )
        card = area[a.traded]
        g = self._bound_to(seat, card) if phase != FLITZER_OFFER else -1
        if g >= 0 and a.field != g:
            raise IllegalAction(
                f"the {self.table.bean_keys[self.table.bean[card]]} cards taken this phase go "
                f"together on one field: f{g}",
                Mutterbohnchen.cite("§3.5.2"),
            )
        self._check_plant(seat, card, a.field, a.mode)
        if phase != FLITZER_OFFER:
            self.bound[self.table.bean[card]] = a.field
        super()._plant_traded(seat, a)

    def _trading_area_moved(self) -> None:
        if self._held_up(THEN_AREA):
            return
        if self.phase == USE_OFFER:
            self._offer_used()
        elif self.phase == FLITZER_OFFER and not self.trade[self.offered]:
            self.offered = -1  # the Flitzer the opponent took is planted
            self._resume()

    # -- phase 2: plant from the hand, discard one card (§3.5.2) --------------------------------

    def _hand_phase(self) -> None:
        self.phase = PLANT
        self.dropped = False
        s = self.active
        if self.hands[s] and self._acts(s, MESSIE):  # the discard stays allowed (MB-D20)
            self._emit({"type": "quirk", "card": "messie", "seat": s})
        self._hand_step()

    def _may_plant_hand(self, seat: int) -> bool:
        return (
            bool(self.hands[seat])
            and self.planted < self.plant_limit(seat)
            and not self._acts(seat, MESSIE)
        )

    def _hand_step(self) -> None:
        """Phase 2 ends by itself once nothing is left to do in it."""
        s = self.active
        if not self._may_plant_hand(s) and (self.dropped or not self.hands[s]):
            self._reveal()

    def _count_hand_planting(self, seat: int) -> None:
        self.planted += 1
        self._hand_step()

    def _do_plant(self, seat: int, a: Plant) -> None:
        if a.traded is None and self.phase not in (PLANT, EFFECT, FINAL_PLACE):
            raise NotWaiting(
                "cards are planted from the hand in phase 2 of your own turn "
                "(and in the final placement)",
                Mutterbohnchen.cite("§3.5.2 phase 2"),
            )
        super()._do_plant(seat, a)

    def _do_plant_from_hand(self, seat: int, a: Plant) -> None:
        if seat == self.active and not self._may_plant_hand(seat):
            if self._acts(seat, MESSIE):
                raise IllegalAction(
                    "the Messie's owner skips planting from his hand",
                    Mutterbohnchen.cite("§4.7 Messie"),
                )
            raise IllegalAction(
                f"you have planted {self.planted} cards from your hand this turn",
                Mutterbohnchen.cite("§3.5.2 phase 2"),
            )
        super()._do_plant_from_hand(seat, a)

    def _do_drop(self, seat: int, a: Drop) -> None:
        if seat != self.active or self.phase != PLANT:
            raise NotWaiting(
                "a hand card is discarded in phase 2 of your turn",
                Mutterbohnchen.cite("§3.5.2 phase 2"),
            )
        if self.dropped:
            raise IllegalAction(
                "one hand card per turn may be discarded", Mutterbohnchen.cite("§3.5.2 phase 2")
            )
        hand = self.hands[seat]
        if a.card >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} cards; there is no card h{a.card}",
                Mutterbohnchen.cite("§3.5.2 phase 2"),
            )
        card = hand.pop(a.card)
        self.discard.append(card)
        self.dropped = True
        self._emit({"type": "drop", "seat": seat, "card": self.table.keys[card]})
        self._hand_step()

    def _hand_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        hand = self.hands[seat]
        if self._may_plant_hand(seat):
            if self._acts(seat, HAMPELMANN):
                for i in range(len(hand)):
                    out += self._hand_plantings(seat, i)
            else:
                out += self._plant_options(seat, hand[0], None)
        if hand and not self.dropped:
            out += [Drop(i) for i in range(len(hand))]
        if self.planted or not self._may_plant_hand(seat):
            out.append(_PASS)
        return out

    # -- phase 3: the attacks (§3.5.2) ----------------------------------------------------------

    def _attack_targets(self) -> list[int]:
        return [1 - self.active]  # every attack targets the opponent

    def _attack_named(self) -> None:
        self._defended()  # MB-D10: no harvest before the attack

    def _give_back(self, coins: list[int]) -> None:
        self.aside.extend(coins)  # returned only after all attacks

    def _next_attack(self) -> None:
        if not self.attacks and self.aside:
            t = 1 - self.active
            self.coins[t].extend(self.aside)
            self._emit({"type": "coins-back", "seat": t, "cards": self.table.key_list(self.aside)})
            self.aside = []
        super()._next_attack()

    # -- phase 4: the offer (§3.5.2) -------------------------------------------------------------

    def _reveal_cards(self) -> None:
        """Reveal 3 cards; a Flitzer and, with an Aktivist planted, each soja
        are handled at once (§4.7); the others form one stack per type
        (MB-D11), and the top card of the discard pile joins the stack of its
        type while there is one."""
        self.phase = OFFER
        self.bound = [-1] * len(self.bound)
        cards = self._take_up_to(OFFER_CARDS)
        self._emit({"type": "reveal", "cards": self.table.key_list(cards)})
        aktivist = self._aktivist()[0] >= 0
        tb = self.table.bean
        self.revealed = []
        self.stacks = []
        for c in cards:
            if c == FLITZER or (aktivist and tb[c] == SOJA):
                self.revealed.append(c)
            else:
                self._stack(c)
        while self.discard and any(tb[s[0]] == tb[self.discard[-1]] for s in self.stacks):
            c = self.discard.pop()
            self._stack(c)
            self._emit({"type": "to-offer", "card": self.table.keys[c]})
        self._emit(
            {"type": "offer-stacks", "stacks": [self.table.key_list(s) for s in self.stacks]}
        )
        self._revealed_quirks()

    def _stack(self, card: int) -> None:
        tb = self.table.bean
        for s in self.stacks:
            if tb[s[0]] == tb[card]:
                s.append(card)
                return
        self.stacks.append([card])

    # -- the Flitzer with two players (MB-D17) ---------------------------------------------------

    def _may_take_flitzer(self, seat: int) -> bool:
        """The opponent may take him only if he can plant him at once without
        harvesting (starting his third field counts)."""
        return any(self._can_plant(seat, FLITZER, f) for f in range(3))

    def _flitzer_to(self, seat: int) -> None:
        if seat == self.active or self._fits(seat, FLITZER):
            super()._flitzer_to(seat)  # foisted onto a field he fits (§3.3.3)
            return
        # he fits no non-empty field: the opponent plants him at once elsewhere
        (card,) = self._remove_refs(self.active, (("r", self.revealed.index(FLITZER)),))
        self.trade[seat].append(card)
        self._emit({"type": "quirk", "card": "flitzer", "seat": seat})

    # -- the contract -------------------------------------------------------------------------

    def _do_pass(self, seat: int, a: Pass) -> None:
        phase = self.phase
        if phase == PLANT and seat == self.active:
            if not self.planted and self._may_plant_hand(seat):
                raise IllegalAction(
                    "you must plant your front card", Mutterbohnchen.cite("§3.5.2 phase 2")
                )
            self._emit({"type": "pass", "seat": seat})
            self._reveal()
        elif phase == OFFER and seat == self.active:
            if any(self.trade):
                raise IllegalAction(
                    "plant every card taken this phase first", Mutterbohnchen.cite("§3.5.2 phase 4")
                )
            self._emit({"type": "pass", "seat": seat})
            self._end_turn()  # phase 5; the stacks left are the opponent's offer
        else:
            super()._do_pass(seat, a)

    def _emit(
        self,
        data: MutterbohnchenForTwoEvent,
        to: Audience = None,
        public: MutterbohnchenForTwoEvent | None = None,
    ) -> None:
        self._push_event(data, to, public)

    def waiting_for(self) -> frozenset[int]:
        phase = self.phase
        if phase in (USE_OFFER, PLANT):
            return seats_of(1 << self.active)
        if phase == OFFER:
            return seats_of(1 << self.active) | self._planters()
        return super().waiting_for()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLANT:
            if seat != self.active:
                return []
            return self._hand_actions(seat) + self._anytime_actions(seat)
        if phase in (USE_OFFER, OFFER):
            out = self._bound_plantings(seat)
            if seat != self.active:
                return out
            out += [Use(i) for i in range(len(self.stacks))]
            if phase == USE_OFFER and not self._acts(seat, PRUEGELKNABE):
                out += [Discard(i) for i in range(len(self.stacks))]
            if phase == OFFER and not any(self.trade):
                out.append(_PASS)
            return out + self._anytime_actions(seat)
        if phase == FLITZER_OFFER and FLITZER not in self.revealed:
            return self._area_plantings(seat) if seat == self.offered else []
        return super().legal_actions(seat)

    def _bound_plantings(self, seat: int) -> list[Action]:
        out: list[Action] = []
        area = self.trade[seat]
        for a in self._area_plantings(seat):
            assert isinstance(a, Plant) and a.traded is not None
            g = self._bound_to(seat, area[a.traded])
            if g < 0 or a.field == g:
                out.append(a)
        return out

    HANDLERS: ClassVar[dict[type, str]] = {
        **Mutterbohnchen.HANDLERS,
        Use: "_do_use",
        Discard: "_do_discard",
        Drop: "_do_drop",
    }

    # -- observation, copies ----------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        obs = super().observe(seat)
        for s, p in enumerate(obs["seats"]):
            p["open_fields"] = [f for f in range(3) if self.field_open(s, f)]
        obs["third_field_card"] = self.holder
        obs["offer"] = [self.table.key_list(s) for s in self.stacks]
        obs["hand_discarded"] = self.dropped
        if obs["attack"] is not None:
            obs["attack"]["aside"] = self.table.key_list(self.aside)
        return obs

    STATE: ClassVar[tuple[Part, ...]] = (
        Part("stacks", 2, CARD),
        Part("holder", codec=INT),
        Part("slots", 1, INT),
        Part("dropped", codec=BOOL),
        Part("bound", 1, INT),
        Part("aside", 1, CARD),
    )

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.stacks = [z[:] for z in self.stacks]
        other.holder = self.holder
        other.slots = self.slots[:]
        other.dropped = self.dropped
        other.bound = self.bound[:]
        other.aside = self.aside[:]

    # -- end of the state's copy --


__all__ = ["OFFER", "USE_OFFER", "MutterbohnchenForTwo"]
