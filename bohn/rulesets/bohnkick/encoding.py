"""Bohnkick's part of the research environment (:mod:`bohn.rl.parts`): all of
its encoding and action table (it is no bean-trading game): the attack's
numbers and seats, the block ``bohnkick``, and its families."""

from __future__ import annotations

import itertools
from typing import Any

from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import nums
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import flags
from bohn.rl.encoding import histogram
from bohn.rl.encoding import mark
from bohn.rl.encoding import one_hot
from bohn.rl.encoding import one_hots
from bohn.rl.encoding import scaled
from bohn.rl.parts import RulesetEncoding
from bohn.rulesets.bohnkick.rules import Bohnkick
from bohn.rulesets.bohnkick.state import CORNER_KEYS
from bohn.rulesets.bohnkick.state import PLAYED
from bohn.rulesets.bohnkick.state import SHOTS
from bohn.rulesets.bohnkick.state import BohnkickStateWriter


class BohnkickTable:
    """The writer of the block ``bohnkick`` from an observation, one section at
    a time: the attack, its cards, the teams, the defensive piles, the seats and
    the observer's own cards (``rel[0]``: the observer)."""

    def __init__(self, enc: Encoder) -> None:
        self.n = enc.players
        self.cards = enc.cards
        self.nk = len(self.cards)
        self.total = enc.total
        self.hist = histogram(self.cards, 2.0, self.total / 2.0)
        self.balls = {b: i for i, b in enumerate(enc.beans)}
        self.shots = {s: i for i, s in enumerate(SHOTS)}
        self.corners = {c: i for i, c in enumerate(CORNER_KEYS)}

    @property
    def size(self) -> int:
        """The block's length."""
        n, nk = self.n, self.nk
        return (
            3 + len(self.balls) + len(self.shots) + 4 + PLAYED * (nk + n) + 2 * (2 * nk + 3)
            + 1 + nk + 3 * n + 10 * nk + 4 * nk
        )  # fmt: skip

    def __call__(
        self, o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
    ) -> None:
        """Write the block at ``base`` for the observer ``rel[0]``."""
        me = rel[0]
        my_team = o["seats"][me].get("team", 0)
        p = self.attack(o, my_team, base, idx, val)
        p = self.played(o, me, p, idx, val)
        p = self.teams(o, my_team, p, idx, val)
        p = self.defence(o, p, idx, val)
        p = self.seats(o, rel, my_team, p, idx, val)
        self.own(o, me, p, idx, val)

    def attack(
        self, o: dict[str, Any], my_team: int, p: int, idx: list[int], val: list[float]
    ) -> int:
        """Whether my team attacks, after_cross, last_attack; the ball, the shot
        and the corner one-hot. Returns where the next section starts."""
        flags(
            [o.get("attacking_team") == my_team, o.get("after_cross"), o.get("last_attack")],
            p,
            idx,
            val,
        )
        p += 3
        one_hot(self.balls, o.get("ball"), p, idx, val)
        p += len(self.balls)
        one_hot(self.shots, o.get("shot"), p, idx, val)
        p += len(self.shots)
        one_hot(self.corners, o.get("corner"), p, idx, val)
        return p + len(self.corners)

    def played(self, o: dict[str, Any], me: int, p: int, idx: list[int], val: list[float]) -> int:
        """The attack's first :data:`PLAYED` cards: each card one-hot and who
        played it (relative). Returns where the next section starts."""
        n, nk = self.n, self.nk
        played = o.get("played") or ()
        by = o.get("played_by") or ()
        for j, card in enumerate(played[:PLAYED]):
            one_hot(self.cards, card, p + j * (nk + n), idx, val)
            if j < len(by):
                mark(p + j * (nk + n) + nk + (by[j] - me) % n, idx, val)
        return p + PLAYED * (nk + n)

    def teams(
        self, o: dict[str, Any], my_team: int, p: int, idx: list[int], val: list[float]
    ) -> int:
        """Per team, mine first: goals, score, deck, runouts and discards.
        Returns where the next section starts."""
        nk, total = self.nk, self.total
        teams = (my_team, 1 - my_team)
        for t in teams:  # my team first
            goals = o.get("goals") or [[], []]
            self.hist(goals[t], p, idx, val)
            p += nk
            scaled((o.get("score") or [0, 0])[t], p, 5.0, 10.0, idx, val)
            scaled((o.get("team_decks") or [0, 0])[t], p + 1, float(total), 1.0, idx, val)
            scaled((o.get("runouts") or [0, 0])[t], p + 2, 3.0, 10.0, idx, val)
            p += 3
            self.hist((o.get("team_discards") or [[], []])[t], p, idx, val)
            p += nk
        return p

    def defence(self, o: dict[str, Any], p: int, idx: list[int], val: list[float]) -> int:
        """The defensive deck's size and its discards. Returns where the next
        section starts."""
        scaled(o.get("defence_deck"), p, float(self.total), 1.0, idx, val)
        self.hist(o.get("defence_discard"), p + 1, idx, val)
        return p + 1 + self.nk

    def seats(
        self,
        o: dict[str, Any],
        rel: list[int],
        my_team: int,
        p: int,
        idx: list[int],
        val: list[float],
    ) -> int:
        """Per seat (relative): same team as mine, hand size, defensive cards.
        Returns where the next section starts."""
        for k in range(self.n):
            sd = o["seats"][rel[k]]
            if sd.get("team") == my_team:
                mark(p, idx, val)
            scaled(sd.get("hand_size"), p + 1, 6.0, 10.0, idx, val)
            scaled(sd.get("defence_size"), p + 2, 3.0, 10.0, idx, val)
            p += 3
        return p

    def own(self, o: dict[str, Any], me: int, p: int, idx: list[int], val: list[float]) -> None:
        """My hand (one-hot per position, 10) and my defensive cards (one-hot
        per position, 4)."""
        mine = o["seats"][me]
        one_hots(self.cards, mine.get("hand"), 10, p, idx, val)
        one_hots(self.cards, mine.get("defence"), 4, p + 10 * self.nk, idx, val)


class BohnkickEncoding(RulesetEncoding):
    """Bohnkick's blocks, windows and families."""

    def caps(self, kind: type[Game], players: int) -> Caps:
        """A hand of 10 (``h<i>``) and 4 defensive cards (``d<i>``, in ``traded``)."""
        return Caps(
            fields=0,
            hand=10,
            trade_hand=0,
            revealed=0,
            traded=4,
            store=0,
            offers_in=0,
            offers_out=0,
            depth=0,
            mode_hand=0,
            piles=0,
            discard=0,
        )

    def families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        hand = nums(caps.hand)
        defence = list(range(caps.traded))
        swaps = [
            ",".join(f"d{i}" for i in combo)
            for k in (1, 2, 3)
            for combo in itertools.combinations(defence, k)
        ]
        return [
            Family("pass", {}, "no reaction / no block"),
            Family("play h{h}", {"h": hand}, "play a team card"),
            Family("swap {s}", {"s": swaps}, "swap 1-3 defensive cards"),
            Family("tackle d{d}", {"d": nums(caps.traded)}, "play a Tackle"),
            Family("aim {c}", {"c": ["ul", "ur", "ll", "lr"]}, "name a corner"),
            Family("block d{d}", {"d": nums(caps.traded)}, "block with a Goalie card"),
            Family("advantage", {}, "waive the free kick"),
            Family("drop h{h}", {"h": hand}, "discard a goal card"),
        ]

    def blocks(self, enc: Encoder, kind: type[Game]) -> None:
        """Its own blocks: the numbers and seats of the attack, and ``bohnkick``."""
        enc.number("turn", "turn", 50.0, 10.0, "turn counter / 50")
        enc.number("attack", "attack", 50.0, 10.0, "attack number / 50")
        for key in ("first_player", "active", "opener", "to_play", "reactor"):
            enc.seat(key, key, f"{key} (relative one-hot; none when -1)")
        enc.seat_set("waiting_for", "waiting_for", "the seats the game waits on (relative)")
        table = BohnkickTable(enc)
        enc.custom(
            "bohnkick",
            table.size,
            enc.total / 2.0,
            "my team attacks, after_cross, last_attack; the ball (bean one-hot); the shot "
            "(shot, long-shot, header, free-kick, penalty); the corner (ul, ur, ll, lr); the "
            f"attack's cards (first {PLAYED}: card one-hot + who played it, relative); per "
            "team, mine first: goals (key counts / 2), score / 5, deck / cards, runouts / 3, "
            "discards (key counts / 2); the defensive deck / cards and its discards; per seat "
            "(relative): same team, hand size / 6, defensive cards / 3; my hand (one-hot per "
            "position, 10) and my defensive cards (one-hot per position, 4)",
            table,
        )

    def state_writer(self, enc: Encoder, kind: type[Game]) -> BohnkickStateWriter | None:
        """The writer of the whole vector from the state
        (:mod:`bohn.rulesets.bohnkick.state`), where ``kind`` observes as
        Bohnkick does and the blocks are these."""
        if not self.written_exactly(kind, (Bohnkick,), BohnkickEncoding, "blocks"):
            return None
        return BohnkickStateWriter(enc.writer_layout())


ENCODING = BohnkickEncoding()
