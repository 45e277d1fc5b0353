"""The bots' part of Mutterböhnchen (``rules/mutterbohnchen.md``): the ``greedy`` heuristics
(mama's beans and their quirks, attacks that steal coins) and the ``ismcts`` settings.

:data:`GREEDY` is :class:`MutterbohnchenGreedyBot` (what the part holds: :mod:`bohn.bots.greedy`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final

from bohn.bots.greedy import Cards
from bohn.bots.greedy import Field
from bohn.bots.greedy import Position
from bohn.bots.greedy import by_name
from bohn.bots.search import Search
from bohn.engine.actions import Action
from bohn.engine.actions import Decline
from bohn.engine.actions import Discard
from bohn.engine.actions import Drop
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Take
from bohn.engine.actions import Uncover
from bohn.rulesets.ladybohn.bots import _EMPTY_LADY_FIELD
from bohn.rulesets.ladybohn.bots import BABY
from bohn.rulesets.ladybohn.bots import LADY
from bohn.rulesets.ladybohn.bots import LadybohnGreedyBot
from bohn.rulesets.ladybohn.bots import LadyField
from bohn.rulesets.ladybohn.bots import LadyPosition
from bohn.rulesets.mutterbohnchen import rules as mb
from bohn.rulesets.mutterbohnchen.actions import Attack
from bohn.rulesets.mutterbohnchen.actions import Pick
from bohn.rulesets.mutterbohnchen.actions import Use

#: a stolen coin: what one coin less for the target is worth to me (more when
#: the target leads among my opponents)
STEAL_VALUE = 0.6
STEAL_LEADER = 0.3
#: the smallest expected gain for which an attack is made or a coin turned up
ATTACK_MIN = 0.05


class MutterPosition(LadyPosition):
    """A Mutterböhnchen position: Ladybohn's fields, with the placements of the
    mama's beans (movers, the Schluckspecht and the Chauvischwein send cards to
    the bottom, the Kavalier slips under a lady), optional pulls (a plain
    ``plant`` pulls nothing), the mixers' admitted types, and the coins of the
    other seats (known ones by kind, blind ones as the 16 starting men)."""

    def __init__(self, obs: dict[str, Any], seat: int, cards: Cards) -> None:
        super().__init__(obs, seat, cards)
        mine = self.stacks(seat)
        top = {st[-1] for st in mine if st}
        anywhere = {c for st in mine for c in st}
        #: whether every card I plant goes to the bottom (my Schluckspecht on top)
        self.all_under = mb.SCHLUCKSPECHT in top
        #: whether a lady I plant goes to the bottom (my Chauvischwein planted)
        self.lady_under = mb.CHAUVISCHWEIN in anywhere

    def stacks(self, seat: int) -> list[tuple[int, ...]]:
        index = self.cards.index
        return [tuple(index[k] for k in f) for f in self.obs["seats"][seat].get("fields", [])]

    # -- where a card goes ------------------------------------------------------------

    def admits(self, stack: Sequence[int]) -> frozenset[int]:
        """The bean types a non-empty field takes (its own, or the mixers')."""
        mixed: frozenset[int] = frozenset()
        for m, types in mb.MIXES.items():
            if m in stack:
                mixed |= types
        if mixed:
            return mixed
        own = next((c for c in stack if c != mb.KAVALIER), stack[0])
        return frozenset((self.cards.bean[own],))

    def fits(self, f: LadyField, card: int) -> bool:
        """Whether ``card`` may go on the non-empty field ``f`` (§4.4)."""
        if not f.stack:
            return False
        if self.cards.bean[card] in self.admits(f.stack):
            return True
        return card == mb.KAVALIER and self.variant_cards.gender[f.card] == LADY

    def goes_under(self, card: int) -> bool:
        g = self.variant_cards.gender[card]
        return card in mb.MOVERS or self.all_under or (g == LADY and self.lady_under)

    def _field(self, stack: Sequence[int]) -> LadyField:
        top = stack[-1]
        return LadyField(self.cards.bean[top], top, len(stack), tuple(stack))

    def pull_outcomes(self, f: LadyField, card: int) -> list[tuple[int, LadyField]]:
        if self.goes_under(card):
            return [(-1, self._field((card, *f.stack)))]
        if card == mb.KAVALIER and f.stack and self.variant_cards.gender[f.card] == LADY:
            under = self._field((*f.stack[:-1], card, f.stack[-1]))
            out = [(-1, under)]
            if self.cards.bean[card] == f.bean:
                out.append((-2, self._field((*f.stack, card))))
            return out
        outs = super().pull_outcomes(f, card)
        if outs[0][0] >= 0:  # the pull is optional (§4.2): no pull too
            outs.append((-1, self._field((*f.stack, card))))
        return outs

    def after_mode(self, f: LadyField, card: int, mode: str | None) -> LadyField:
        """The field after planting ``card`` with ``mode``: None pulls nothing
        (pulls are optional), ``kavalier`` slips the Kavalier under the lady."""
        if self.goes_under(card):
            return self._field((card, *f.stack))
        if mode == mb.KAVALIER_MODE or (
            card == mb.KAVALIER
            and mode is None
            and f.stack
            and self.variant_cards.gender[f.card] == LADY
            and self.cards.bean[card] not in self.admits(f.stack)
        ):
            return self._field((*f.stack[:-1], card, f.stack[-1]))
        if mode is None:
            return self._field((*f.stack, card))
        return super().after_mode(f, card, mode)

    def voluntary_ok(self, f: LadyField) -> bool:
        """A field worth harvesting of my own accord must pay something."""
        return self.pays_now(f) > 0

    # -- coins and attacks (§4.1) -----------------------------------------------------

    def capture_value(self, card: int) -> float | None:
        """The best gain of planting turned-up coin ``card`` on one of my
        non-empty fields (None: it fits none, so it is not taken)."""
        best: float | None = None
        for f in self.fields:
            if self.fits(f, card):
                g = max(self.worth(new) for _, new in self.pull_outcomes(f, card)) - self.worth(f)
                if best is None or g > best:
                    best = g
        return best

    def steal_value(self, target: int) -> float:
        seats = self.obs["seats"]
        coins = [int(p.get("coins", 0)) for p in seats]
        others = [c for s, c in enumerate(coins) if s != self.seat]
        lead = STEAL_LEADER if others and coins[target] >= max(others) else 0.0
        return STEAL_VALUE + lead

    def coin_draws(self, target: int) -> list[tuple[float, float | None]]:
        """What one turned-up coin of ``target`` is worth to me: (chance, value),
        value None when it fits none of my fields."""
        p = self.obs["seats"][target]
        known = [self.cards.index[k] for k in p.get("known_coins", [])]
        blind = int(p.get("blind_coins", 0))
        total = len(known) + blind
        if total <= 0:
            return []
        steal = self.steal_value(target)
        out: list[tuple[float, float | None]] = []
        for card, n in Counter(known).items():
            v = self.capture_value(card)
            out.append((n / total, None if v is None else v + steal))
        if blind:
            types = len(self.cards.table.bean_keys)
            for b in range(types):
                v = self.capture_value(self.variant_cards.man[b])
                out.append((blind / total / types, None if v is None else v + steal))
        return out

    @staticmethod
    def draws_value(
        draws: Sequence[tuple[float, float | None]], best: float | None, left: int
    ) -> float:
        """The value of an attack holding ``best`` (None: no fitting coin yet)
        with ``left`` more coins it may turn up, stopping when that pays."""
        now = 0.0 if best is None else best
        if left <= 0 or not draws:
            return now
        more = 0.0
        for p, v in draws:
            nxt = best if v is None else v if best is None else max(best, v)
            more += p * MutterPosition.draws_value(draws, nxt, left - 1)
        return max(now, more)

    def attack_value(self, target: int, reach: int) -> float:
        draws = self.coin_draws(target)
        if not draws:
            return 0.0
        first = 0.0
        for p, v in draws:
            first += p * self.draws_value(draws, v, reach - 1)
        return first


class MutterbohnchenGreedyBot(LadybohnGreedyBot):
    """``greedy`` in Mutterböhnchen games (rules/mutterbohnchen.md), 2-6 players.

    Everything of :class:`LadybohnGreedyBot`, on a :class:`MutterPosition`
    that knows where the mama's beans go (movers and the cards sent down by
    the Schluckspecht or the Chauvischwein at the bottom, the Kavalier under
    a lady), that a plain planting pulls nothing, and which types a mixer's
    field takes; plus the new decisions:

    * ``attack``: each open attack against each target is valued by the
      coins it may turn up (known coins by kind, blind coins as the starting
      men, evenly over the types): a coin that fits one of my fields is worth
      its planting there plus a coin taken from the target (more from the
      leader); the attack with the best value is made, ``pass`` when none
      gains;
    * ``turn-up``: ``uncover`` while another coin may raise the capture;
    * ``capture``: the coin whose planting gains most;
    * ``defend``: harvest a full field whose coins do not fit the attacker
      (they dilute the coins he may turn up), else ``pass``;
    * ``quirk``: the option that leaves my fields worth most — the Loser's
      (or Arbeitstier's) harvest that loses least, the Arbeitstier's and
      Aktivist's planting like any planting, the Frauenversteher's lady
      where she helps most, the Schürzenjäger's lady of a type I grow;
    * ``flitzer-offer``: take him only onto a field he improves;
    * ``final-placement``: each card that raises what a field pays now, then
      ``pass``.

    With two players (§3.5):

    * ``use-offer``: a stack of the opponent's offer is used when planting
      it all is worth something on the fields I have (a slot that is not my
      field does not count), else discarded; taken cards are planted as
      traded cards are;
    * ``offer``: a stack is taken when its value to me plus half what it
      would be worth to my opponent, who gets it otherwise, is positive;
    * ``plant``: a front card that fits nowhere is discarded before planting
      when the next one fits; otherwise the hand card worth least is
      discarded at the end of the phase when it is worth less than nothing.

    Any error falls back to :meth:`generic` (counted in :attr:`fallbacks`).
    """

    position_class: ClassVar[type[Position]] = MutterPosition
    PHASES: ClassVar[dict[str, str]] = {
        **LadybohnGreedyBot.PHASES,
        **by_name("attack turn-up capture defend quirk flitzer-offer final-placement use-offer"),
        "offer": "take_offer",
    }
    #: how much of a stack's worth to my opponent counts for taking it myself
    DENY: ClassVar[float] = 0.5
    #: phases in which no harvest of my own accord is made
    NO_VOLUNTARY: ClassVar[frozenset[str]] = frozenset(
        ("foist", "attack", "turn-up", "capture", "quirk", "flitzer-offer", "final-placement")
    )

    def voluntary(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Harvest a field whose top card pays its last step (never one that
        pays nothing, nor in the new phases)."""
        assert isinstance(pos, MutterPosition)
        phase = str(pos.obs.get("phase"))
        if phase in self.NO_VOLUNTARY or phase == "defend":
            return None
        c = pos.variant_cards
        for a in legal:
            if isinstance(a, Harvest) and a.field < len(pos.fields):
                f = pos.fields[a.field]
                if f.bean is None or c.gender[f.card] == BABY or not pos.voluntary_ok(f):
                    continue
                if f.n >= c.full[f.card] and not pos.upcoming(f.bean):
                    return a
        return None

    @staticmethod
    def plant_card(pos: Position, a: Plant) -> int | None:
        """The card a planting action plants (trading area or hand)."""
        if a.traded is not None:
            return pos.trade[a.traded] if a.traded < len(pos.trade) else None
        i = a.card or 0
        return pos.hand[i] if i < len(pos.hand) else None

    def trade(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Cards in my trading area are planted at any moment of the phase
        (§3.3.4): plant them first, then trade as Ladybohn."""
        if pos.trade and any(isinstance(a, Plant) and a.traded is not None for a in legal):
            answer = self.answer_offers(pos, legal)
            if answer is not None and not isinstance(answer, Decline):
                return answer
            choice = self.plant_traded(pos, legal, allowed)
            if choice is not None and not isinstance(choice, Harvest):
                return choice
        return super().trade(pos, legal, allowed)

    # -- two players (§3.5.2) ------------------------------------------------------

    @staticmethod
    def my_fields(pos: MutterPosition, seat: int) -> list[Field]:
        """The fields ``seat`` has (with two players, the open slots)."""
        p = pos.obs["seats"][seat]
        open_fields = p.get("open_fields")
        fields = pos.fields if seat == pos.seat else [pos.field_of(f) for f in p["fields"]]
        if open_fields is None:
            return list(fields)
        return [fields[f] for f in open_fields if f < len(fields)]

    def stack_value(self, pos: MutterPosition, seat: int, stack: list[str]) -> float:
        cards = [pos.cards.index[k] for k in stack]
        if seat == pos.seat:
            return pos.placement(cards, self.my_fields(pos, seat))
        other = self.position_class(pos.obs, seat, pos.cards)
        assert isinstance(other, MutterPosition)
        return other.placement(cards, self.my_fields(other, seat))

    def use_offer(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Phase 1: plant taken cards first; then use a stack worth planting,
        else discard it (a Prügelknabe's owner must use it)."""
        assert isinstance(pos, MutterPosition)
        if pos.trade:
            return self.plant_traded(pos, legal, allowed)
        offer = pos.obs.get("offer", [])
        best: tuple[float, int] | None = None
        for i, stack in enumerate(offer):
            v = self.stack_value(pos, pos.seat, stack)
            if best is None or v > best[0]:
                best = (v, i)
        if best is None:
            return None
        if best[0] > 0 or Discard(best[1]) not in allowed:
            return Use(best[1])
        worst = min(range(len(offer)), key=lambda i: self.stack_value(pos, pos.seat, offer[i]))
        return Discard(worst) if Discard(worst) in allowed else Use(worst)

    def take_offer(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Phase 4: plant taken cards first; take the stack worth most to me
        (counting what leaving it gives my opponent); else ``pass``."""
        assert isinstance(pos, MutterPosition)
        if pos.trade:
            return self.plant_traded(pos, legal, allowed)
        opponent = 1 - pos.seat
        best: tuple[float, int] | None = None
        for i, stack in enumerate(pos.obs.get("offer", [])):
            v = self.stack_value(pos, pos.seat, stack)
            v += self.DENY * max(0.0, self.stack_value(pos, opponent, stack))
            if best is None or v > best[0]:
                best = (v, i)
        if best is not None and best[0] > 0 and Use(best[1]) in allowed:
            return Use(best[1])
        return Pass() if Pass() in allowed else None

    def plant_from_hand(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        drops = [a for a in legal if isinstance(a, Drop)]
        if not drops:
            return super().plant_from_hand(pos, legal, allowed)
        # phase 2 with two players: one hand card may be discarded
        hand = pos.hand
        plants = [a for a in legal if isinstance(a, Plant)]
        planted = int(pos.obs.get("planted", 0))
        if (
            plants
            and planted == 0
            and not pos.fits_somewhere(hand[0])
            and (len(hand) == 1 or pos.fits_somewhere(hand[1]))
        ):
            return Drop(0)
        choice = super().plant_from_hand(pos, legal, allowed) if plants else None
        if choice is None or isinstance(choice, Pass):
            worst = min(range(len(hand)), key=pos.hand_card_value)
            if pos.hand_card_value(worst) < 0 and Drop(worst) in allowed:
                return Drop(worst)
            return Pass() if Pass() in allowed else None
        return choice

    # -- phase 1½: attacks ---------------------------------------------------------

    def attack(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """The open attack and target with the best expected gain; ``pass``
        (which gives up every open attack) when none gains."""
        assert isinstance(pos, MutterPosition)
        info = pos.obs.get("attack") or {}
        reach = {int(e[0]): int(e[1]) for e in info.get("open", [])}
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Attack):
                v = pos.attack_value(a.target, reach.get(a.field, 1))
                if best is None or v > best[0]:
                    best = (v, a)
        if best is not None and best[0] > ATTACK_MIN:
            return best[1]
        return Pass() if Pass() in allowed else None

    def turn_up(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """``uncover`` while another coin is expected to raise the capture."""
        assert isinstance(pos, MutterPosition)
        info = pos.obs.get("attack") or {}
        target = int(info.get("target", -1))
        turned = [pos.cards.index[k] for k in info.get("turned", [])]
        held: float | None = None
        steal = pos.steal_value(target)
        for card in turned:
            v = pos.capture_value(card)
            if v is not None and (held is None or v + steal > held):
                held = v + steal
        draws = pos.coin_draws(target)
        left = max(1, int(info.get("reach", 1)) - len(turned))
        now = 0.0 if held is None else held
        if draws and pos.draws_value(draws, held, left) > now + ATTACK_MIN / 2:
            return Uncover() if Uncover() in allowed else None
        return Pass() if Pass() in allowed else None

    def capture(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """The turned-up coin worth most on my fields."""
        assert isinstance(pos, MutterPosition)
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Take) and a.bean in pos.cards.index:
                v = pos.capture_value(pos.cards.index[a.bean])
                if v is not None and (best is None or v > best[0]):
                    best = (v, a)
        return None if best is None else best[1]

    def defend(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """As the target: harvest a field at its last step whose coins do not
        fit the attacker's fields (they dilute what he may turn up); else pass."""
        assert isinstance(pos, MutterPosition)
        active = int(pos.obs.get("active", -1))
        admitted: set[int] = set()
        if 0 <= active < len(pos.obs["seats"]):
            for st in pos.stacks(active):
                if st:
                    admitted |= pos.admits(st)
        c = pos.variant_cards
        for a in legal:
            if isinstance(a, Harvest) and a.field < len(pos.fields):
                f = pos.fields[a.field]
                if f.bean is None or f.bean in admitted or c.gender[f.card] == BABY:
                    continue
                if pos.voluntary_ok(f) and pos.harvest_loss(f) <= 0.05:
                    return a
        return Pass() if Pass() in allowed else None

    # -- quirks (§4.7) ----------------------------------------------------------------

    def quirk(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """The choice that leaves my fields worth most."""
        assert isinstance(pos, MutterPosition)
        plants = [a for a in legal if isinstance(a, Plant)]
        if plants:  # the Arbeitstier's back card, the Aktivist's soja
            best: tuple[float, Action] | None = None
            for a in plants:
                card = self.plant_card(pos, a)
                if card is None or a.field >= len(pos.fields):
                    continue
                v = pos.plant_value(pos.fields[a.field], card, a.mode)
                if best is None or v > best[0]:
                    best = (v, a)
            return None if best is None else best[1]
        harvests = [a for a in legal if isinstance(a, Harvest) and a.field < len(pos.fields)]
        if harvests:  # the Loser (or room for the Arbeitstier's card)
            return min(harvests, key=lambda a: self.harvest_key(pos, pos.fields[a.field]))
        picks = [a for a in legal if isinstance(a, Pick)]
        if picks:
            return max(picks, key=lambda a: self.pick_value(pos, a.ref))
        return None

    @staticmethod
    def harvest_key(pos: MutterPosition, f: LadyField) -> float:
        """Lower is better: what the harvest loses, less a share of its coins."""
        if f.bean is None:
            return 1e9
        return pos.harvest_loss(f) - 0.5 * pos.pays_now(f)

    def pick_value(self, pos: MutterPosition, ref: str) -> float:
        c = pos.variant_cards
        if ref.startswith("d"):  # the Schürzenjäger: a lady from the discard pile
            discard = pos.obs.get("discard", [])
            i = int(ref[1:])
            if i >= len(discard):
                return -1e9
            card = c.index[discard[i]]
            gains = [pos.gain(f, card) for f in pos.fields if f.bean == c.bean[card]]
            grown = max(gains) + 1.0 if gains else 0.0
            return grown + 0.1 * pos.upcoming(c.bean[card])
        fi, _, j = ref[1:].partition(".")
        f = pos.fields[int(fi)]
        k = int(j)
        card = f.stack[k]
        rest = f.stack[:k] + f.stack[k + 1 :]
        if c.gender[card] == LADY:  # the Frauenversteher: to the top of her own field
            new = pos._field((*rest, card))
        else:  # the Junggeselle: the baby goes to the discard pile
            new = pos._field(rest) if rest else _EMPTY_LADY_FIELD
        return pos.worth(new) - pos.worth(f)

    # -- the Flitzer, the final placement ----------------------------------------------

    def flitzer_offer(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Take the Flitzer only onto a field of mine he improves."""
        assert isinstance(pos, MutterPosition)
        flitzer = pos.cards.index.get("flitzer")
        if flitzer is not None and Take("flitzer") in allowed:
            v = pos.capture_value(flitzer)
            if v is not None and v > 0:
                return Take("flitzer")
        return Pass() if Pass() in allowed else None

    def final_placement(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The planting that raises most what a field pays at the final
        harvest; ``pass`` when none does."""
        assert isinstance(pos, MutterPosition)
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Plant) or a.field >= len(pos.fields):
                continue
            card = self.plant_card(pos, a)
            if card is None:
                continue
            f = pos.fields[a.field]
            new = pos.after_mode(f, card, a.mode)
            v = pos.pays_now(new) - pos.pays_now(f)
            if v > 0 and (best is None or v > best[0]):
                best = (v, a)
        if best is not None:
            return best[1]
        return Pass() if Pass() in allowed else None


GREEDY = MutterbohnchenGreedyBot
SEARCH: Final = Search()
