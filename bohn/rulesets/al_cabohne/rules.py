"""Al Cabohne, 1 (solo) or 2 players against the bean mafia — ``rules/al-cabohne.md``.

The bosses (Al Cabohne, Don Corlebohne and, solo, Joe Bohnano) each grow one
field and harvest it on their own the moment it is worth their number of
coins, into one mafia treasury. The turn, read like the overview card (§3):

1. ``use-leftovers`` (2 players) — every pile the opponent left is planted
   whole on one of my fields or discarded (``place p<i> f<j>``, ``discard p<i>``);
2. :meth:`AlCabohne._protect` — the top card of each of my fields whose type a
   boss grows goes to that boss;
3. ``plant`` — the front card, then optionally the next one;
4. :meth:`AlCabohne._uncover` — three cards are uncovered; a card a boss grows
   goes to him instead; discard cards that match an uncovered pile join it;
5. ``place`` — piles go whole on my fields or, one card at a time, on a boss's
   field; hand cards may be given to bosses (``give h<i> m<k>``); ``pass``
   ends the phase (``feed``: an empty boss must then get a hand card of a
   type no other boss grows, if I have one);
6. :meth:`AlCabohne._end_turn` — draw two.

Players harvest only in their own turn (AC-D12). Every ``[DEFAULT]`` of §6 is
tabled in ``docs/rules/al-cabohne.md``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine.actions import Action
from bohn.engine.actions import BuyField
from bohn.engine.actions import Discard
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.beans import _BUY
from bohn.engine.beans import _HARVEST
from bohn.engine.beans import _PASS
from bohn.engine.beans import _PLANT
from bohn.engine.beans import OVER
from bohn.engine.beans import PLANT
from bohn.engine.beans import BeanGame
from bohn.engine.beans import seats_of
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import NotWaiting
from bohn.engine.game import Audience
from bohn.engine.game import Option
from bohn.engine.game import Result
from bohn.engine.game import Words
from bohn.engine.layout import HiddenLayout
from bohn.engine.parts import CARD
from bohn.engine.parts import INT
from bohn.engine.parts import Part
from bohn.rulesets.al_cabohne.actions import Give
from bohn.rulesets.al_cabohne.actions import Place
from bohn.rulesets.al_cabohne.events import AlCabohneEvent

USE: Final = 20  #: phase 1: the opponent's leftover piles
PLACE: Final = 21  #: phase 5: plant the uncovered piles
FEED: Final = 22  #: end of phase 5: an empty boss must be fed

GO_ON: Final = 0  #: uncovering goes on
STOP: Final = 1  #: uncovering ends
ASK: Final = 2  #: uncovering waits for a decision

_DATA = json.loads(
    resources.files("bohn.rulesets.al_cabohne").joinpath("cards.json").read_text(encoding="utf-8")
)
#: the bosses in order (index = the ``m<k>`` of actions): key, name, threshold, solo only
BOSSES: tuple[tuple[str, str, int, bool], ...] = tuple(
    (b["key"], b["name"], int(b["threshold"]), bool(b["solo_only"])) for b in _DATA["bosses"]
)


#: the sections of ``rules/bohnanza.md`` that the inherited engine checks cite,
#: translated to the sections of ``rules/al-cabohne.md`` that state the same rule
_SECTIONS = {
    "§1.3": "§2.3",
    "§3.1.2": "§2.3",
    "§4.1.2": "§4.2",
    "§4.1.6": "§4.2",
    "§4.2": "§4.3",
    "§4.3.1": "§4.3",
    "§4.3.2": "§4.3",
}


@mypyc_attr(allow_interpreted_subclasses=True)
class AlCabohne(BeanGame):
    """Al Cabohne: the solo game and the game for two."""

    variant = "al-cabohne"
    #: the rival no player plays: the players play against the mafia (§1, §5.2)
    HOUSE: ClassVar[Words | None] = Words(en="the mafia", de="die Mafia")
    #: where its state JSON hides cards (``bohn.engine.infostate``): the treasury lies face down
    HIDDEN_LAYOUT: ClassVar[HiddenLayout] = HiddenLayout(
        secret=("deck", "treasury"), private=("hands", "coins")
    )
    title = "Al Cabohne"
    min_players = 1
    max_players = 2
    table = CardTable.load("bohn.rulesets.al_cabohne")
    rules_file = "al-cabohne"
    draw_count = 2
    PHASES: ClassVar[dict[int, str]] = {
        USE: "use-leftovers",
        PLANT: "plant",
        PLACE: "place",
        FEED: "feed",
        OVER: "over",
    }
    OPTIONS: ClassVar[dict[str, Option]] = {
        **{
            name: opt
            for name, opt in BeanGame.OPTIONS.items()
            if name
            in ("coins_from", "discard_order", "dry_round_ends", "coin_payment", "reshuffle")
        },
        "first_player": replace(
            BeanGame.OPTIONS["first_player"],
            doc="the seat that takes the first turn",
            default_id="AC-D2",
        ),
        "third_field_price": Option(
            "third_field_price",
            3,
            "coins the third field costs in the game for two",
            kind=int,
            default_id="AC-D13",
            label=Words(
                "Price of the third field (two players)", "Preis des dritten Feldes (zu zweit)"
            ),
            help=Words(
                "Coins the third field costs in the game for two.",
                "Taler, die das dritte Feld im Spiel zu zweit kostet.",
            ),
        ),
    }

    bosses: list[list[int]]
    treasury: list[int]
    piles: list[list[int]]
    #: the empty boss the active player must feed now (-1: none)
    feeding: int
    #: cards uncovered so far in phase 4
    uncovered: int

    # -- set-up (§2) -------------------------------------------------------------------

    def _rule(self, section: str) -> str:
        """The rule an inherited check cites, as a section of this game."""
        base = section.split(" ")[0]
        return AlCabohne.cite(_SECTIONS.get(base, base))

    def _emit(
        self, data: AlCabohneEvent, to: Audience = None, public: AlCabohneEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    def boss_count(self) -> int:
        return sum(1 for b in BOSSES if self.n == 1 or not b[3])

    def fields_at_start(self) -> int:
        return 3 if self.n == 1 else 2

    def deal_size(self) -> int:
        return 7 if self.n == 1 else 5

    def _init_zones(self) -> None:
        super()._init_zones()
        self.bosses = [[] for _ in range(self.boss_count())]
        self.treasury = []
        self.piles = []
        self.feeding = -1
        self.uncovered = 0

    def _after_deal(self) -> None:
        self._mafia_start()

    def _mafia_start(self) -> None:
        """§2.1 step 3 / §2.2 step 3: cards turned up from the draw pile join the
        boss growing their type; the first of a new type starts the next boss;
        the first card for the last boss ends the set-up."""
        bean = self.table.bean
        last = len(self.bosses) - 1
        while self.deck:
            card = self.deck.pop()
            k = self.boss_of(bean[card])
            if k < 0:
                k = next(i for i, f in enumerate(self.bosses) if not f)
            self._to_boss(k, card)
            if k == last:
                break

    # -- the mafia (§4.1) -------------------------------------------------------------------

    def boss_of(self, bean: int) -> int:
        """The boss growing ``bean`` (-1: none)."""
        tb = self.table.bean
        for k, fld in enumerate(self.bosses):
            if fld and tb[fld[0]] == bean:
                return k
        return -1

    def boss_takes(self, k: int, bean: int) -> bool:
        """Whether boss ``k``'s field may take a card of ``bean``: his type, or
        an empty field when no other boss grows it (§3.5 step 1, AC-D6)."""
        fld = self.bosses[k]
        if fld:
            return self.table.bean[fld[0]] == bean
        return self.boss_of(bean) < 0

    def _to_boss(self, k: int, card: int) -> None:
        """One card onto boss ``k``'s field, then his harvest check (§4.1.1)."""
        self.bosses[k].append(card)
        self._emit({"type": "mafia-plant", "boss": BOSSES[k][0], "card": self.table.keys[card]})
        fld = self.bosses[k]
        if self.table.pays_for(fld[0], len(fld)) >= BOSSES[k][2]:
            self._boss_harvest(k)

    def _boss_harvest(self, k: int, *, final: bool = False) -> None:
        """The boss's field into the treasury: the top cards as coins, the rest
        to the discard pile in planting order (§4.1.2-3, AC-D10)."""
        fld = self.bosses[k]
        cards = fld[:]
        fld.clear()
        value = min(len(cards), self.table.pays_for(cards[0], len(cards)))
        earned, rest = self._split_harvest(cards, value)
        self.treasury.extend(earned)
        self._discard_leftovers(rest)
        self._emit(
            {
                "type": "mafia-harvest",
                "boss": BOSSES[k][0],
                "cards": self.table.key_list(cards),
                "coins": value,
                "final": final,
            }
        )
        self._after_boss_harvest(k, earned, rest)

    def _after_boss_harvest(self, k: int, earned: list[int], rest: list[int]) -> None:
        """Hook: what else a boss harvest causes (nothing in Al Cabohne)."""

    # -- the turn ------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        self.turn += 1
        self.planted = 0
        self.drawn_this_turn = 0
        self._emit({"type": "turn", "seat": self.active, "turn": self.turn})
        if self.n == 2 and self.piles:
            self.phase = USE  # phase 1: the opponent's leftovers
            return
        self._protect()

    def _protect(self) -> None:
        """Phase 2 (§3.2): each field whose type a boss grows gives him its top card."""
        self._protect_fields(0)

    def _protect_fields(self, start: int) -> None:
        """Phase 2 from field ``start`` on, then phase 3."""
        bean = self.table.bean
        fields = self.fields[self.active]
        for f in range(start, len(fields)):
            fld = fields[f]
            if fld:
                k = self.boss_of(bean[fld[-1]])
                if k >= 0:
                    self._protection(f, k)
                    if self._protect_more(f, k):
                        return
        self._begin_planting()

    def _protection(self, f: int, k: int) -> None:
        """The top card of the active player's field ``f`` goes to boss ``k``."""
        card = self.fields[self.active][f].pop()
        self._emit({"type": "protection", "seat": self.active, "field": f})
        self._to_boss(k, card)

    def _protect_more(self, f: int, k: int) -> bool:
        """Hook after field ``f`` gave boss ``k`` its top card: True when a
        decision about that field is now open (Prohibohn's Pub)."""
        return False

    def _begin_planting(self) -> None:
        self.phase = PLANT
        if not self.hands[self.active]:
            self._uncover()

    def _do_plant(self, seat: int, a: Plant) -> None:
        if self.phase != PLANT or seat != self.active:
            raise NotWaiting(
                "cards are planted from the hand in phase 3 of your turn", AlCabohne.cite("§3.3")
            )
        if a.traded is not None:
            raise IllegalAction("there are no trading areas in Al Cabohne", AlCabohne.cite("§3"))
        self._check_plant_limit(seat, AlCabohne.cite("§3.3"))
        hand = self.hands[seat]
        i = self._plant_position(seat, a)
        self._check_plant(seat, hand[i], a.field, a.mode)
        self._put(seat, hand.pop(i), a.field)
        self.planted += 1
        if self._planting_done(seat):
            self._uncover()

    def _plant_position(self, seat: int, a: Plant) -> int:
        """The hand position ``a`` plants from (validated): the front card."""
        if a.card:
            raise IllegalAction(
                "cards are planted from the front of the hand", AlCabohne.cite("§3.3")
            )
        if not self.hands[seat]:
            raise IllegalAction("your hand is empty", AlCabohne.cite("§3.3"))
        return 0

    def _planting_done(self, seat: int) -> bool:
        """Whether phase 3 ends by itself after a planting."""
        return self.planted >= self.plant_limit(seat) or not self.hands[seat]

    def _uncover(self) -> None:
        """Phase 4 (§3.4): turn up cards until three are uncovered."""
        self.uncovered = 0
        self._uncover_more()

    def _uncover_more(self) -> None:
        """Uncover cards until the limit, an early stop or an open decision."""
        bean = self.table.bean
        while self.uncovered < self._uncover_limit() and not self.final:
            card = self._take()
            if card is None:
                break
            k = self.boss_of(bean[card])
            if k >= 0:  # question 1: the boss takes it; it does not count
                self._emit({"type": "uncover", "card": self.table.keys[card], "to": "mafia"})
                self._to_boss(k, card)
                continue
            i = self._pile_of(bean[card])
            if i < 0:
                self.piles.append([card])
            else:
                self.piles[i].append(card)
            self.uncovered += 1
            self._emit({"type": "uncover", "card": self.table.keys[card], "to": "pile"})
            step = self._after_question_two(self._question_two())
            if step == ASK:
                return
            if step == STOP:
                break
        self._end_uncovering()

    def _end_uncovering(self) -> None:
        self.phase = PLACE

    def _uncover_limit(self) -> int:
        """How many cards phase 4 uncovers at most."""
        return 3

    def _pile_of(self, bean: int) -> int:
        tb = self.table.bean
        for i, pile in enumerate(self.piles):
            if tb[pile[0]] == bean:
                return i
        return -1

    def _question_two(self) -> int:
        """Discard cards matching an uncovered pile join it, from the top, as
        long as they match (§3.4 step 3). Returns how many joined."""
        tb = self.table.bean
        added = 0
        floor = self._discard_floor()
        while len(self.discard) > floor:
            i = self._pile_of(tb[self.discard[-1]])
            if i < 0:
                break
            card = self.discard.pop()
            self.piles[i].append(card)
            added += 1
            self._emit({"type": "from-discard", "card": self.table.keys[card], "pile": i})
        return added

    def _after_question_two(self, added: int) -> int:
        """Hook after question 2 moved ``added`` discard cards: ``GO_ON``,
        ``STOP`` (Prohibohn's early stop) or ``ASK`` (a decision is open)."""
        return GO_ON

    def _discard_floor(self) -> int:
        """Cards at the bottom of the discard pile that question 2 never
        takes (Prohibohn's paid coins)."""
        return 0

    # -- phase 5 (§3.5) and phase 1 (§3.1) ------------------------------------------------------

    def _check_turn(self, seat: int, phases: tuple[int, ...], what: str, section: str) -> None:
        if seat != self.active or self.phase not in phases:
            raise NotWaiting(what, AlCabohne.cite(section))

    def _check_pile(self, i: int) -> list[int]:
        if i >= len(self.piles):
            raise IllegalAction(
                f"there are {len(self.piles)} piles; there is no pile p{i}", AlCabohne.cite("§3.5")
            )
        return self.piles[i]

    def _field_takes(self, seat: int, f: int, bean: int, count: int = 1) -> bool:
        """Whether ``count`` cards of ``bean`` may go on field ``f`` together
        (§2.3: the field of that type, or an empty field if no other field has it)."""
        fields = self.fields[seat]
        tb = self.table.bean
        if fields[f]:
            return tb[fields[f][-1]] == bean
        return all(not g or tb[g[-1]] != bean for g in fields)

    def _can_plant(self, seat: int, card: int, f: int) -> bool:
        return self._field_takes(seat, f, self.table.bean[card])

    def _do_place(self, seat: int, a: Place) -> None:
        self._check_turn(
            seat, (USE, PLACE), "piles are placed in phases 1 and 5 of your turn", "§3.5"
        )
        pile = self._check_pile(a.pile)
        bean = self.table.bean[pile[0]]
        key = self.table.bean_keys[bean]
        if a.boss is not None:
            if self.phase == USE:
                raise IllegalAction(
                    "the opponent's leftovers go on your fields or the discard pile, never "
                    "to the mafia",
                    AlCabohne.cite("§3.1 (AC-D3)"),
                )
            self._check_boss(a.boss, bean, key)
            del self.piles[a.pile]
            self._emit({"type": "place", "seat": seat, "pile": a.pile, "boss": BOSSES[a.boss][0]})
            for card in pile:  # one at a time, a harvest check after each (AC-D7)
                self._to_boss(a.boss, card)
        else:
            assert a.field is not None
            self._check_field(seat, a.field)
            if not self._field_takes(seat, a.field, bean, len(pile)):
                raise IllegalAction(
                    f"field {a.field} cannot take {key}: a field holds one type, and no two "
                    "of your fields the same type",
                    AlCabohne.cite("§2.3"),
                )
            del self.piles[a.pile]
            self.fields[seat][a.field].extend(pile)
            self._emit(
                {
                    "type": "place",
                    "seat": seat,
                    "pile": a.pile,
                    "field": a.field,
                    "cards": self.table.key_list(pile),
                }
            )
        self._after_pile()

    def _check_boss(self, k: int, bean: int, key: str) -> None:
        if k >= len(self.bosses):
            raise IllegalAction(
                f"there are {len(self.bosses)} bosses; there is no m{k}", AlCabohne.cite("§1.2")
            )
        if not self.boss_takes(k, bean):
            raise IllegalAction(
                f"{BOSSES[k][1]} cannot take {key}: a boss takes only his own type, and an "
                "empty boss only a type no other boss grows",
                AlCabohne.cite("§3.5 (AC-D6)"),
            )

    def _do_discard(self, seat: int, a: Discard) -> None:
        self._check_turn(seat, (USE, PLACE), "piles are discarded in phase 1 of your turn", "§3.1")
        pile = self._check_pile(a.pile)
        if self.phase == PLACE and self.n == 2:
            raise IllegalAction(
                "piles you do not place stay for your opponent: pass to end the phase",
                AlCabohne.cite("§3.5 step 6"),
            )
        if self.phase == PLACE and self._pile_has_place(seat, pile):
            raise IllegalAction(
                "in the solo game a pile is discarded only when it fits nowhere, not even "
                "after a harvest",
                AlCabohne.cite("§3.5 step 6 (AC-D9)"),
            )
        del self.piles[a.pile]
        self._discard_leftovers(pile)
        self._emit({"type": "discard-pile", "seat": seat, "cards": self.table.key_list(pile)})
        self._after_pile()

    def _pile_has_place(self, seat: int, pile: list[int]) -> bool:
        bean = self.table.bean[pile[0]]
        fields = self.fields[seat]
        if any(self._field_takes(seat, f, bean, len(pile)) for f in range(len(fields))):
            return True
        if any(self.boss_takes(k, bean) for k in range(len(self.bosses))):
            return True
        return any(self._may_harvest(seat, f) for f in range(len(fields)))

    def _after_pile(self) -> None:
        if self.phase == USE and not self.piles:
            self._protect()

    def _do_give(self, seat: int, a: Give) -> None:
        self._check_turn(
            seat, (PLACE, FEED), "hand cards go to the mafia only in phase 5 of your turn", "§3.5"
        )
        hand = self.hands[seat]
        if a.card >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} cards; there is no h{a.card}", AlCabohne.cite("§3.5")
            )
        bean = self.table.bean[hand[a.card]]
        key = self.table.bean_keys[bean]
        if self.phase == FEED:
            k = self.feeding
            if a.boss != k:
                raise IllegalAction(
                    f"{BOSSES[k][1]}'s field is empty: give him a card of a type no other boss grows",
                    AlCabohne.cite("§3.5 step 4"),
                )
        self._check_boss(a.boss, bean, key)
        card = hand.pop(a.card)
        self._emit(
            {"type": "give", "seat": seat, "boss": BOSSES[a.boss][0], "card": self.table.keys[card]}
        )
        self._to_boss(a.boss, card)
        if self.phase == FEED:
            self._end_placing()

    def _hungry(self) -> int:
        """An empty boss the active player must feed (§3.5 step 4), or -1."""
        tb = self.table.bean
        hand = self.hands[self.active]
        for k, fld in enumerate(self.bosses):
            if not fld and any(self.boss_of(tb[c]) < 0 for c in hand):
                return k
        return -1

    def _end_placing(self) -> None:
        """End of phase 5: feed an empty boss, then the leftovers, then phase 6."""
        self.feeding = self._hungry()
        if self.feeding >= 0:
            self.phase = FEED
            return
        if self.final:  # the last exhaustion came while uncovering (§5.1, AC-D14)
            self._finish("final-exhaustion")
            return
        self._end_turn()

    def _end_turn(self) -> None:
        """Phase 6 (§3.6): draw two; the final exhaustion ends the game at once."""
        self._draw_phase(self.draw_count)

    def _draw_phase(self, count: int) -> None:
        got = self._draw(self.active, count)
        if self._final_reached():
            self._final_in_draw(count - got)
            return
        self._next_turn()

    def _final_in_draw(self, missing: int) -> None:
        """The final exhaustion came in phase 6, ``missing`` cards short."""
        self._finish("final-exhaustion")

    def _next_turn(self) -> None:
        if self._dry_round_ended():
            return
        self.active = (self.active + 1) % self.n
        self._begin_turn()

    def _do_pass(self, seat: int, a: Pass) -> None:
        if seat == self.active and self.phase == PLANT:
            if self.planted == 0:
                raise IllegalAction("you must plant your front card", AlCabohne.cite("§3.3"))
            self._uncover()
            return
        if seat == self.active and self.phase == PLACE:
            if self.n == 1 and self.piles:
                raise IllegalAction(
                    "in the solo game every uncovered pile must be placed",
                    AlCabohne.cite("§3.5 step 6 (AC-D9)"),
                )
            self._emit({"type": "pass", "seat": seat})
            self._end_placing()
            return
        raise IllegalAction("there is nothing to pass on now", AlCabohne.cite("§3"))

    # -- harvesting and the third field (§4.2, §4.3) --------------------------------------------

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        if seat != self.active:
            return NotWaiting(
                "you harvest and buy the third field only during your own turn",
                AlCabohne.cite("§4.2 (AC-D12), §4.3"),
            )
        if self.phase == FEED:
            return NotWaiting("the bosses are fed first", AlCabohne.cite("§3.5 (AC-D12)"))
        return super()._anytime_refusal(seat)

    # -- the end (§5) --------------------------------------------------------------------------

    def _finish(self, reason: str) -> None:
        """§5.2: every field is sold, the bosses' into the treasury; the mafia
        wins unless a player has strictly more coins (AC-D15, AC-D16)."""
        for i in range(self.n):
            s = (self.active + i) % self.n
            for f, fld in enumerate(self.fields[s]):
                if fld:
                    self._harvest(s, f, final=True)
        for k, fld in enumerate(self.bosses):
            if fld:
                self._boss_harvest(k, final=True)
        for pile in self.piles:
            self._discard_leftovers(pile)
        self.piles = []
        self.phase = OVER
        self._result = self._score(reason)
        self._emit(self._result.event())

    def _score(self, reason: str) -> Result:
        r = super()._score(reason)
        mafia = len(self.treasury)
        best = r.scores[r.ranking[0]]
        details = {"mafia": mafia, "winner": "player" if best > mafia else "mafia"}
        winners = r.winners if best > mafia else ()
        return Result(r.scores, winners, r.ranking, r.reason, r.tie_break and best > mafia, details)

    # -- the contract ------------------------------------------------------------------------------

    def house_score(self) -> int | None:
        """The mafia's coins now: its treasury (§5.2)."""
        return len(self.treasury)

    @classmethod
    def house_score_in(cls, result: Result) -> int | None:
        """The mafia's coins at the end (the result's ``details``)."""
        details = result.details or {}
        mafia = details.get("mafia")
        return mafia if isinstance(mafia, int) else None

    def waiting_for(self) -> frozenset[int]:
        if self.phase == OVER:
            return seats_of(0)
        return seats_of(1 << self.active)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER or seat != self.active:
            return []
        out: list[Action] = []
        if phase == FEED:
            return self._gives(seat, only=self.feeding)
        if phase == PLANT:
            out = self._plant_actions(seat)
        elif phase in (USE, PLACE):
            out = self._pile_actions(seat)
            if phase == PLACE:
                out += self._gives(seat)
                if self.n == 2 or not self.piles:
                    out.append(_PASS)
        out += self._anytime_actions(seat)
        return out

    def _plant_actions(self, seat: int) -> list[Action]:
        """Phase 3: plant the front card; ``pass`` once one is planted."""
        hand = self.hands[seat]
        out: list[Action] = []
        if hand:
            out = [
                _PLANT[f]
                for f in range(len(self.fields[seat]))
                if self._can_plant(seat, hand[0], f)
            ]
        if self.planted:
            out.append(_PASS)
        return out

    def _pile_actions(self, seat: int) -> list[Action]:
        tb = self.table.bean
        out: list[Action] = []
        for i, pile in enumerate(self.piles):
            bean = tb[pile[0]]
            out += [
                Place(i, f)
                for f in range(len(self.fields[seat]))
                if self._field_takes(seat, f, bean, len(pile))
            ]
            if self.phase == PLACE:
                out += [
                    Place(i, None, k) for k in range(len(self.bosses)) if self.boss_takes(k, bean)
                ]
            if self.phase == USE or (self.n == 1 and not self._pile_has_place(seat, pile)):
                out.append(Discard(i))
        return out

    def _gives(self, seat: int, only: int = -1) -> list[Action]:
        tb = self.table.bean
        out: list[Action] = []
        seen: set[int] = set()
        for i, c in enumerate(self.hands[seat]):
            if c in seen:
                continue
            seen.add(c)
            for k in range(len(self.bosses)):
                if (only < 0 or k == only) and self.boss_takes(k, tb[c]):
                    out.append(Give(i, k))
        return out

    def _anytime_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or self._anytime_refusal(seat) is not None:
            return []
        out: list[Action] = [
            _HARVEST[f] for f in range(len(self.fields[seat])) if self._may_harvest(seat, f)
        ]
        if self._may_buy_field(seat):
            out.append(_BUY)
        return out

    HANDLERS: ClassVar[dict[type, str]] = {
        Plant: "_do_plant",
        Pass: "_do_pass",
        Harvest: "_do_harvest",
        BuyField: "_do_buy_field",
        Place: "_do_place",
        Give: "_do_give",
        Discard: "_do_discard",
    }

    # -- observation and copies ----------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        obs = super().observe(seat)
        keys = self.table.key_list
        obs["bosses"] = [
            {"key": BOSSES[k][0], "threshold": BOSSES[k][2], "field": keys(fld)}
            for k, fld in enumerate(self.bosses)
        ]
        obs["treasury"] = len(self.treasury)
        obs["piles"] = [keys(p) for p in self.piles]
        obs["feed"] = BOSSES[self.feeding][0] if self.phase == FEED else None
        return obs

    STATE: ClassVar[tuple[Part, ...]] = (
        Part("bosses", 2, CARD),
        Part("treasury", 1, CARD),
        Part("piles", 2, CARD),
        Part("feeding", codec=INT),
        Part("uncovered", codec=INT),
    )

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.bosses = [z[:] for z in self.bosses]
        other.treasury = self.treasury[:]
        other.piles = [z[:] for z in self.piles]
        other.feeding = self.feeding
        other.uncovered = self.uncovered

    # -- end of the state's copy --
