"""Bohnanza, the English edition (Rio Grande Games): 11 bean types, 154
cards, 3-7 players, and the bean duel for 2 — ``docs/rules/bohnanza-rio-grande.md``.

The turn for 3-7 players is Bohnanza's (:class:`~bohn.rulesets.bohnanza.Bohnanza`);
this class overrides only what the player count changes (§6): the cards out
of the game, the fields at the start, the price of the third field, the deal
of 6-7 players, the cards drawn in step 4 and the exhaustion that ends the
game; and the tie-break (§5.3, most cards in hand). The bean duel (§7) is
played by :class:`~bohn.rulesets.bohnanza_rio_grande.duel.BohnanzaDuel`, which
the package's ``players`` part names for two players (the ruleset registry
reads it), so that one variant id covers 2-7 players.
"""

from __future__ import annotations

from typing import ClassVar

from bohn._native import mypyc_attr
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Option
from bohn.engine.game import Result
from bohn.engine.game import Words
from bohn.rulesets.bohnanza.rules import Bohnanza

#: bean types out of the game, by the number of players (§6, §7.1)
LEFT_OUT: dict[int, tuple[str, ...]] = {
    2: ("garten", "kakao"),
    3: ("kakao",),
    4: ("kaffee",),
    5: ("kaffee",),
    6: ("kakao", "garten"),
    7: ("kakao", "garten"),
}

#: the cards dealt with 6-7 players: to the starting player, the next, the
#: next, then to each other player (§6.4, RG-D10)
BIG_DEAL: tuple[int, ...] = (3, 4, 5)
BIG_DEAL_REST = 6


@mypyc_attr(allow_interpreted_subclasses=True)
class BohnanzaRioGrande(Bohnanza):
    """Bohnanza's English edition, 3-7 players (2: the bean duel)."""

    variant = "bohnanza-rio-grande"
    title = "Bohnanza (Rio Grande)"
    min_players = 2
    max_players = 7
    table = CardTable.load("bohn.rulesets.bohnanza_rio_grande")
    rules_file = "bohnanza-rio-grande"

    OPTIONS: ClassVar[dict[str, Option]] = {
        **Bohnanza.OPTIONS,
        "third_field_price": Option(
            "third_field_price",
            0,
            "coins the third bean field costs; 0: the edition's price for the player count "
            "(3, or 2 with 6-7 players; bohnanza-rio-grande §6)",
            kind=int,
            default_id="RG-D13",
            label=Words("Price of the third field", "Preis des dritten Feldes"),
            help=Words(
                "Coins a player pays to buy a third bean field; 0 means the rulebook's price "
                "(3 coins, 2 with 6 or 7 players).",
                "Taler, die ein Spieler für ein drittes Bohnenfeld zahlt; 0 heißt: der Preis "
                "der Regel (3 Taler, 2 bei 6 oder 7 Spielern).",
            ),
        ),
    }

    def _init_zones(self) -> None:
        if int(self.options["third_field_price"]) < 0:
            raise SetupError("third_field_price must be 0 (the edition's price) or more")
        super()._init_zones()

    # -- the player count (§6) ----------------------------------------------

    def game_cards(self) -> list[int]:
        out = {self.table.bean_type(k) for k in LEFT_OUT[self.n]}
        bean = self.table.bean
        return [c for c in self.table.deck() if bean[c] not in out]

    def fields_at_start(self) -> int:
        return 3 if self.n == 3 else 2  # §6.3 (RG-D12)

    def third_field_price(self, seat: int) -> int:
        """Coins the third field costs (§6.4, RG-D13): 3, or 2 with 6-7 players,
        unless the option sets a price."""
        price = int(self.options["third_field_price"])
        if price:
            return price
        return 2 if self.n >= 6 else 3

    def draw_size(self) -> int:
        """Cards drawn in step 4 (§3.4; §6.4: four with 6-7 players)."""
        return 4 if self.n >= 6 else self.draw_count

    def deal_sizes(self) -> list[int]:
        """Cards dealt to each seat, in the order of play from the starting
        player (§2; §6.4 and RG-D10 with 6-7 players)."""
        if self.n >= 6:
            return [*BIG_DEAL, *[BIG_DEAL_REST] * (self.n - len(BIG_DEAL))]
        return [self.hand_size] * self.n

    def deal_size(self) -> int:
        return max(self.deal_sizes())

    def final_exhaustion(self) -> int:
        return 2 if self.n == 3 else 3  # §5.1, §6.3

    # -- the third field (§4.3, §6) --------------------------------------------

    def _field_refusal(self, seat: int) -> BohnError | None:
        if self.n == 3:
            return IllegalAction(
                "with 3 players every player starts with his third field and may not buy another",
                self._rule("§6.3"),
            )
        return super()._field_refusal(seat)

    # -- step 4 (§3.4, §6.4) -----------------------------------------------------

    def _end_turn(self) -> None:
        if self.final:  # the last exhaustion came while revealing (§5.2.1)
            self._finish("final-exhaustion")
            return
        self._draw(self.active, self.draw_size())
        self._after_draw()

    # -- the tie-break (§5.3) -----------------------------------------------------

    def _score(self, reason: str) -> Result:
        """Most coins; among the tied, most cards in hand; then the tied seat
        whose first turn came latest (RG-D9)."""
        scores = self.scores()
        n = self.n
        hands = [len(h) for h in self.hands]
        order = sorted(range(n), key=lambda s: (-scores[s], -hands[s], -((s - self.start) % n)))
        best = scores[order[0]]
        tied = sum(1 for s in scores if s == best) > 1
        return Result(tuple(scores), (order[0],), tuple(order), reason, tie_break=tied)
