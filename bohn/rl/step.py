"""The environments' per-step work, compiled with the engine (``bohn/_native.py``).

:class:`SeatCore` is the acting seat's view of one state: its legal actions,
the index of each in the action table, the mask, and the encoding (written
when first asked for); it applies an index and finds the next seat to act.
:class:`StepConfig` is what a configuration keeps across steps: per seat a
memo of each legal action's index (:class:`SeatMemo`). The engine shares
most of its listed actions between states (``bohn.engine.beans.shared_action``),
so the memo keys them by identity; an action the engine builds anew for each
state is found by its value. An answer to an offer (``accept``, ``decline``,
``withdraw``) names the offer by its slot among the seat's open offers, which
moves as offers close, so its entry also holds the slot it was learnt at and
is checked against the current slots.

:func:`next_to_act` is the runner's scheduler on a game
(:func:`bohn.sim.runner.next_seat` of ``waiting_for()``).

The module is free of NumPy: the environments (:mod:`bohn.rl.env`) wrap the
vector and the mask in arrays.
"""

from __future__ import annotations

from array import array
from typing import Any

from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.game import Game

#: entries a seat's memo keeps before it is emptied
MEMO = 50_000


#: offer slots an answer's memo entry can name (an answer at a later slot is
#: looked up by its kind, slot and cards at every step)
SLOTS = 64


class Known:
    """What a seat's memo knows of an action that is not an answer to an
    offer: its index (-1: outside the table). The entry holds the action,
    so its id is not reused while the entry lives."""

    def __init__(self, action: object, index: int) -> None:
        self.action = action
        self.index = index


class SeatMemo:
    """The index of each legal action of one seat seen so far, by the
    action's identity: ``known`` (``Known``, an action that is not an answer
    to an offer; an action the engine builds anew for each state is found by
    its value, ``by_value``, and its entry moves to the new object, so the
    memo holds one per value) and, for an answer to an offer, ``offers`` (its
    offer's id and whether it is a withdrawal, packed in one int; ``alive``
    holds the answer, so its id is not reused) with ``at_slot``: its index at
    each slot the offer has held among the seat's open offers (keyed by the
    answer's id and the slot; the engine shares an answer between games, so
    its offer's slot moves). An index not known at a slot is found by the
    answer's kind, the slot and the cards it gives (``answers``); a miss asks
    the table (``ActionTable.index_of``). The answers' entries are ints, not
    objects: a batch of games keeps thousands of them, and the garbage
    collector walks every object."""

    def __init__(self, seat: int, table: Any) -> None:
        self.seat = seat
        self.table = table
        self.known: dict[int, Known] = {}
        self.by_value: dict[object, Known] = {}
        self.offers: dict[int, int] = {}
        self.at_slot: dict[int, int] = {}
        self.alive: dict[int, object] = {}
        self.answers: dict[tuple[str, int, tuple[str, ...]], int] = {}

    def index(self, a: object, state: SeatCore) -> int:
        """The index of ``a``, a legal action of the seat in ``state`` (-1: outside)."""
        key = id(a)
        k = self.known.get(key)
        if k is not None:
            return k.index
        code = self.offers.get(key, -1)
        if code < 0:
            return self._learn(a, state)
        ids = state.offers_out if code & 1 else state.offers_in
        oid = code >> 1
        slot = 0
        for x in ids:
            if x == oid:
                break
            slot += 1
        if slot >= len(ids) or slot >= SLOTS:
            return self._learn(a, state)
        i = self.at_slot.get(key * SLOTS + slot, -2)
        if i != -2:
            return i
        return self._learn(a, state)

    def _learn(self, a: object, state: SeatCore) -> int:
        t: str = getattr(a, "type", "")
        if t == "accept" or t == "decline" or t == "withdraw":
            withdraw = t == "withdraw"
            ids = state.offers_out if withdraw else state.offers_in
            oid: int = getattr(a, "offer")  # noqa: B009 - any action type with an offer
            slot = ids.index(oid) if oid in ids else -1
            give: tuple[str, ...] = getattr(a, "give", ())
            i = self._answer(a, t, slot, give, state)
            if 0 <= slot < SLOTS and oid >= 0:
                offers = self.offers
                if len(self.at_slot) >= MEMO:
                    offers.clear()
                    self.at_slot.clear()
                    self.alive.clear()
                key = id(a)
                offers[key] = oid * 2 + withdraw
                self.at_slot[key * SLOTS + slot] = i
                self.alive[key] = a
            return i
        known = self.known
        if len(known) >= MEMO:
            known.clear()
        # an action equal to one seen before (the engine built it anew): its
        # entry moves to the new object, so the memo holds one per value
        by_value = self.by_value
        k = by_value.get(a)
        if k is not None:
            old = id(k.action)
            if known.get(old) is k:
                del known[old]
            k.action = a
            known[id(a)] = k
            return k.index
        i = self._ask(a, state)
        k = Known(a, i)
        if len(by_value) >= MEMO:
            by_value.clear()
        by_value[a] = k
        known[id(a)] = k
        return i

    def _answer(
        self, a: object, kind: str, slot: int, give: tuple[str, ...], state: SeatCore
    ) -> int:
        """The index of an answer to an offer at ``slot`` (-1: not the seat's)."""
        if slot < 0:
            return -1
        key = (kind, slot, give)
        answers = self.answers
        i = answers.get(key, -2)
        if i == -2:
            i = self._ask(a, state)
            if len(answers) >= MEMO:
                answers.clear()
            answers[key] = i
        return i

    def _ask(self, a: object, state: SeatCore) -> int:
        found = self.table.index_of(a, self.seat, state.offers_in, state.offers_out)
        return -1 if found is None else int(found)


class StepConfig:
    """The per-step part of one configuration (:class:`bohn.rl.env.Config`):
    the table, the encoder and its state writer, the zero mask and a memo
    per seat (``memos``: the memos of another environment of the same table,
    to share)."""

    def __init__(
        self, table: Any, encoder: Any, players: int, memos: list[SeatMemo] | None = None
    ) -> None:
        self.table = table
        self.encoder = encoder
        self.players = players
        self.size = len(table.keys)
        self.zeros = bytes(self.size)
        if memos is None:
            memos = [SeatMemo(s, table) for s in range(players)]
        elif len(memos) != players or any(m.table is not table for m in memos):
            raise ValueError("the memos are of another table")
        self.memos = memos


class SeatCore:
    """The acting seat's view of the current state (see the module
    docstring): ``actions`` the engine's legal actions, ``indices`` the index
    of each (-1: outside the table), ``mask_bytes`` the mask. Nothing here
    may be changed (hand out copies)."""

    def __init__(self, config: Any, game: Any, seat: int) -> None:
        core: StepConfig = config.core
        self.config = config
        self.core = core
        self.seat = seat
        if isinstance(game, Game):
            self.seq: int = game.seq
        else:
            self.seq = game.seq
        #: the game (any object with the engine's interface; an engine game's
        #: methods are called natively)
        self._game: Any = game
        #: the encoder's writer from the state (None: the dict encoder)
        self.writer: Any = core.encoder.state
        self._vector: array[float] | None = None
        self._obs: dict[str, Any] | None = None
        #: the ids of the open offers made to and by the seat (:meth:`_slots`)
        self._offers: tuple[list[int], list[int]] | None = None
        if self.writer is None:
            from bohn.rl.actions import offer_slots

            obs = self._obs = game.observe(seat)
            self._offers = offer_slots(obs, seat)
        if isinstance(game, Game):
            actions = game.legal_actions(seat)
        else:
            actions = game.legal_actions(seat)
        self.actions: list[Any] = actions
        memo = core.memos[seat]
        indices: list[int] = []
        mask = bytearray(core.zeros)
        masked = 0
        for a in actions:
            i = memo.index(a, self)
            indices.append(i)
            if i >= 0:
                mask[i] = 1
                masked += 1
        self.indices = indices
        #: the mask (not to be changed: hand out copies)
        self.mask_bytes = mask
        self.masked = masked
        if not masked and actions:
            raise RuntimeError(
                f"no legal action of seat_{seat} is in the action table of "
                f"{config.variant} for {config.players} (a window too small for this "
                f"state; please report it): "
                f"{', '.join(str(a) for a in actions[:20])}"
            )

    # -- the open offers (the writer's, when first asked for) ------------------------------

    def _slots(self) -> tuple[list[int], list[int]]:
        """The ids of the open offers made to and by the seat, oldest first
        (asked of the writer once)."""
        slots = self._offers
        if slots is None:
            if self._game.seq != self.seq:
                raise RuntimeError("the game has moved on since this state was taken")
            slots = self._offers = self.writer.offer_slots(self._game, self.seat)
        return slots

    @property
    def offers_in(self) -> list[int]:
        """The ids of the open offers made to the seat, oldest first."""
        return self._slots()[0]

    @property
    def offers_out(self) -> list[int]:
        """The ids of the open offers made by the seat, oldest first."""
        return self._slots()[1]

    # -- what the environments read ----------------------------------------------------------

    @property
    def legal(self) -> dict[int, Any]:
        """Index -> action of the masked indices (a new dict)."""
        return {i: a for i, a in zip(self.indices, self.actions, strict=True) if i >= 0}

    @property
    def obs(self) -> dict[str, Any]:
        """``game.observe(seat)`` of this state (built when first asked for)."""
        obs = self._obs
        if obs is None:
            if self._game.seq != self.seq:
                raise RuntimeError("the game has moved on since this state was taken")
            obs = self._obs = self._game.observe(self.seat)
        return obs

    def _encoded(self) -> array[float]:
        """The encoding of the state (kept; not to be changed)."""
        v = self._vector
        if v is None:
            writer = self.writer
            if writer is not None:
                if self._game.seq != self.seq:
                    raise RuntimeError("the game has moved on since this state was taken")
                v = writer.encode(self._game, self.seat)
            else:
                v = self.core.encoder.encode_array(self.obs)
            self._vector = v
        return v

    def buffers(self) -> tuple[array[float], bytearray]:
        """Fresh copies of the encoding and of the mask (the caller's to change).
        An encoding nobody asked for yet is written for the caller alone (not
        kept: a second call writes it again)."""
        v = self._vector
        if v is None:
            writer = self.writer
            if writer is None:
                v = self._encoded()[:]
            else:
                if self._game.seq != self.seq:
                    raise RuntimeError("the game has moved on since this state was taken")
                v = writer.encode(self._game, self.seat)
        else:
            v = v[:]
        return v, bytearray(self.mask_bytes)

    # -- stepping ------------------------------------------------------------------------

    def resolve(self, index: object) -> object:
        """The engine action of ``index``: the listed legal action it stands for,
        else the action the table builds for it (which the engine may refuse)."""
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < self.core.size:
            i: int = index
        else:
            from bohn.rl.actions import check_index

            i = check_index(self.core.table, index)
        indices = self.indices
        for pos in range(len(indices)):
            if indices[pos] == i:
                return self.actions[pos]
        return self.core.table.action_for(i, self.seat, self.offers_in, self.offers_out)

    def apply(self, index: object) -> object:
        """Apply ``index`` for the seat and return the engine action; on an
        illegal index raise the engine's error, saying which index and action
        it was (nothing changes)."""
        action = self.resolve(index)
        game = self._game
        try:
            if isinstance(game, Game):
                game.apply(self.seat, action)
            else:
                game.apply(self.seat, action)
        except IllegalAction as e:
            i = int(index)  # type: ignore[call-overload]
            raise IllegalAction(
                f"action {i} ({self.core.table.keys[i]}: {action}) is not legal for "
                f"seat_{self.seat} now: {e.message}",
                e.rule,
            ) from None
        except InvalidAction as e:
            raise InvalidAction(f"action {index}: {e}") from None
        return action

    def advance(self, index: object, players: int) -> int:
        """:meth:`apply` ``index``, then the seat to act next (:func:`next_to_act`
        after this seat); -1 once the game is over."""
        self.apply(index)
        game = self._game
        if isinstance(game, Game):
            if game.result() is not None:
                return -1
        elif game.result() is not None:
            return -1
        return next_to_act(game, self.seat, players)


def seat_state(config: Any, game: Any, seat: int) -> SeatCore:
    """``SeatCore(config, game, seat)`` (a function call from Python is the
    cheaper of the two)."""
    return SeatCore(config, game, seat)


def next_to_act(game: Any, last: int, players: int) -> int:
    """The seat to act next (the runner's :func:`~bohn.sim.runner.next_seat`
    after ``last`` among ``game.waiting_for()``), -1 when no seat is waited for."""
    if isinstance(game, Game):
        waiting = game.waiting_for()
    else:
        waiting = game.waiting_for()
    if not waiting:
        return -1
    for k in range(1, players + 1):
        s = (last + k) % players
        if s in waiting:
            return s
    return -1
