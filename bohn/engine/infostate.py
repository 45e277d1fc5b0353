"""What one seat knows about the hidden cards, and worlds sampled from it.

A seat of a bohn game cannot see the draw pile, the other hands or face-down
coins, but it has watched every card move: the beans it saw harvested are now
face-down coins, the discard pile it saw reshuffled is now the draw pile, the
card an opponent offered and took back is still in his hand. Search bots
(``ismcts``) need *worlds*: complete games that look exactly like the real one
from that seat, now and at every step before, with the hidden cards placed at
random among the places they may be. This module computes that knowledge and
samples those worlds. It is the engine's counterpart of OpenSpiel's
``ResampleFromInfostate``.

**Where cards hide.** Each ruleset's game class declares, as its class
attribute ``HIDDEN_LAYOUT`` (a :class:`HiddenLayout`, read by :func:`layout_of`;
a ruleset built on another inherits it), which keys of the state JSON (``Game.to_json()["state"]``) hold cards no seat sees (the draw
pile), which hold one zone per seat that only that seat sees (hands), and which
hidden cards are shown all the same (a hand card named by an open offer). The
conformance suite checks every variant against this declaration: shuffling
what a seat may not see leaves its observation unchanged.

**What a seat knows** (:class:`InfoTracker`). The tracker replays the game's
history on a copy and, at every event and before every shuffle, looks at that
copy *as the seat sees it*: which cards lie face up (a multiset of card kinds)
and how many cards each hidden zone holds. It never looks at a hidden card.
From two consecutive looks it infers how cards moved:

* a card that appeared face up came out of a hidden zone that shrank;
* cards that went face down entered hidden zones that grew;
* hidden zones that shrank fed hidden zones that grew (a draw).

Its knowledge is a list of *classes*: a multiset of card kinds known to lie,
as a whole, in some hidden places (so many cards of the class in each hidden
zone), without knowing which card lies where. The whole game starts as one
class (every card of the game, in the dealer's hands); a harvest makes a class
of the coins it turned face down, a reshuffle a class of the discard pile that
became the draw pile, a withdrawn offer a class of one card in a hand. Where
the looks cannot tell which of several classes a card came from, those classes
merge: knowledge is lost, never invented. The inference uses two facts about
bohn's rules:

* a pile being shuffled (``Game._shuffle``) has a make-up every seat knows:
  the game's cards at the start, or a face-up discard pile;
* a shuffled pile named as a zone in :attr:`HiddenLayout.piles` becomes that
  zone (the refilled draw pile).

**Worlds** (:meth:`InfoTracker.sample`, or :func:`resample_from_infostate` once). A world deals each class's cards at
random to its places, keeps every card the seat sees where it is, and gets a
fresh generator and no log. Its :meth:`~bohn.engine.game.Game.observe` for the
seat equals the real one, and every fact of the seat's history holds in it.

**Cost.** The tracker follows the game incrementally (:meth:`InfoTracker.update`):
one look per event, tens of microseconds each. Sampling a world costs about
as much as ``Game.from_json`` of the state.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from bohn.engine.game import Game
from bohn.engine.layout import JSON
from bohn.engine.layout import HiddenLayout
from bohn.engine.layout import Path
from bohn.engine.layout import Zone

#: cards in no zone of the state: taken and not yet put down (mid-step)
TRANSIT: Zone = ("<transit>",)
#: a pile being shuffled, until it is put down
PILE: Zone = ("<pile>",)


def layout_of(cls: type[Game]) -> HiddenLayout:
    """The :class:`HiddenLayout` of a game class: its ``HIDDEN_LAYOUT``, declared
    by its ruleset's game class (or the nearest class it derives from)."""
    try:
        lay: HiddenLayout | None = cls.HIDDEN_LAYOUT
    except AttributeError:  # declared by the contract, set by none of its classes
        lay = None
    if not isinstance(lay, HiddenLayout):
        raise LookupError(
            f"variant {cls.variant!r} declares no HIDDEN_LAYOUT on its game class "
            "(a bohn.engine.layout.HiddenLayout): say which state keys hide cards"
        )
    return lay


def card_paths(
    value: JSON, keys: frozenset[str], skip: tuple[str, ...] = (), path: Path = ()
) -> Iterator[Path]:
    """Paths of every string in ``value`` that is a card key (skipping the keys ``skip``)."""
    out: list[Path] = []
    _collect(value, keys, skip, path, out)
    return iter(out)


def _collect(
    value: JSON, keys: frozenset[str], skip: tuple[str, ...], path: Path, out: list[Path]
) -> None:
    """:func:`card_paths` into ``out`` (one list, not a generator per level:
    the tracker walks the whole state at every event)."""
    if isinstance(value, str):
        if value in keys:
            out.append(path)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                if isinstance(v, str):
                    if v in keys:
                        out.append((*path, k))
                else:
                    _collect(v, keys, skip, (*path, k), out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, str):
                if v in keys:
                    out.append((*path, i))
            else:
                _collect(v, keys, skip, (*path, i), out)


def get_path(value: JSON, path: Path) -> JSON:
    for p in path:
        value = value[p]
    return value


def set_path(value: JSON, path: Path, new: JSON) -> None:
    get_path(value, path[:-1])[path[-1]] = new


def hidden_paths(cls: type[Game], state: dict[str, Any], viewer: int | None) -> list[Path]:
    """Paths (in ``state``) of the cards that ``viewer`` may not see, in a fixed order."""
    lay = layout_of(cls)
    keys = frozenset(cls.table.keys)
    pins = lay.pins(state) | lay.known(state, viewer)
    out: list[Path] = []
    for name in lay.secret:
        out.extend(card_paths(state[name], keys, (), (name,)))
    for name in lay.private:
        for seat, zone in enumerate(state[name]):
            if seat != viewer:
                out.extend(card_paths(zone, keys, (), (name, seat)))
    return [p for p in out if p not in pins]


def typed_paths(cls: type[Game], state: dict[str, Any], viewer: int | None) -> list[Path]:
    """Paths of the hidden cards of ``state`` whose bean type ``viewer`` sees."""
    return sorted((p for p in layout_of(cls).typed(state) if p[1] != viewer), key=str)


# ---------------------------------------------------------------------------
# the seat's knowledge


class _Look:
    """A seat's look at the game: the face-up cards and the hidden zones' sizes."""

    __slots__ = ("sizes", "visible")

    def __init__(self, visible: Counter[str], sizes: Counter[Zone]) -> None:
        self.visible = visible
        self.sizes = sizes


class CardClass:
    """Cards known as a whole: ``cards`` (kind -> count) lie in the hidden
    zones of ``where`` (zone -> how many of them), placed at random."""

    __slots__ = ("cards", "where")

    def __init__(self, cards: Counter[str], where: Counter[Zone]) -> None:
        self.cards = cards
        self.where = where

    def __repr__(self) -> str:
        return f"CardClass({dict(self.cards)}, in {dict(self.where)})"


class InfoTracker:
    """What seat ``seat`` of ``game`` knows about the hidden cards, kept up to
    date with the game (:meth:`update`), and worlds sampled from it
    (:meth:`sample`).

    The game must carry its whole log (every game played by bohn does). A game
    loaded from a shortened log is followed from its current position: the
    tracker then knows only what the current observation shows.
    """

    def __init__(self, game: Game, seat: int) -> None:
        game.check_seat(seat)
        self.game = game
        self.seat = seat
        cls = type(game)
        self.cls = cls
        self.layout = layout_of(cls)
        self._keys = frozenset(cls.table.keys)
        #: every card of the game, by kind (public: the rules list them)
        self._all: Counter[str] = Counter(cls.table.keys[c] for c in cls.table.deck())
        self._total = sum(self._all.values())
        #: the knowledge; see :class:`CardClass`
        self.classes: list[CardClass] = []
        #: times two looks could not be reconciled and the knowledge fell back
        #: to "every hidden card anywhere" (tests require 0)
        self.resets = 0
        self._prev: _Look | None = None
        self._pile_to: Zone | None = None
        self._cached: tuple[tuple[int, int], Any] | None = None
        history = game.history()
        if history and history[0][0] is None and len(history) == game.seq + 1:
            self.classes = [CardClass(Counter(self._all), Counter({TRANSIT: self._total}))]
            self._prev = _Look(Counter(), Counter({TRANSIT: self._total}))
            self._replay: Game | None = cls.new(
                game.n,
                game.seed,
                game.options,
                forced_chance=self._shuffles(history[0]),
                trace=self._watch,
            )
            self._replay._trace = None
            self._watch(self._replay, None, "")
        else:
            self._replay = None
            self._reset(self._look(game))
        self.update()

    # -- following the game ------------------------------------------------------

    def follow(self, game: Game) -> None:
        """Go on with ``game``, a copy of the followed game at the same or a
        later step (the server plays bots on copies); another game starts over."""
        if game is self.game:
            return
        replay = self._replay
        same = type(game) is self.cls and game.n == self.game.n and game.seed == self.game.seed
        if not same or replay is None or game.seq < replay.seq:
            self.__init__(game, self.seat)  # type: ignore[misc]
            return
        self.game = game

    def update(self) -> None:
        """Catch up with the game's newest step."""
        replay = self._replay
        if replay is None or replay.seq == self.game.seq:
            return
        replay._trace = self._watch
        try:
            for entry in self.game.history_since(replay.seq + 1):
                seat, action, _ = entry
                if seat is None or action is None:
                    continue
                assert replay._forced is not None
                replay._forced.extend(self._shuffles(entry))
                replay.apply(seat, action)
                self._watch(replay, None, "")
        finally:
            replay._trace = None

    def _shuffles(self, entry: Any) -> list[list[int]]:
        """The shuffle results of one step of the game's log (the replay's chance)."""
        index = self.cls.table.index
        return [
            [index[k] for k in e.data["order"]]
            for e in entry[2]
            if e.is_chance and e.data.get("type") == "shuffle"
        ]

    def _look(self, game: Game) -> _Look:
        state = game._state_json()
        keys = self._keys
        hidden = set(hidden_paths(self.cls, state, self.seat))
        visible: Counter[str] = Counter()
        sizes: Counter[Zone] = Counter()
        for p in card_paths(state, keys, self.layout.references):
            if p in hidden:
                sizes[p[:-1]] += 1
            else:
                visible[get_path(state, p)] += 1
        free = self._total - sum(visible.values()) - sum(sizes.values())
        if free:
            sizes[TRANSIT] = free
        return _Look(visible, sizes)

    def _watch(self, game: Game, shuffled: list[int] | None, pile: str) -> None:
        look = self._look(game)
        if look.sizes[TRANSIT] < 0:
            return  # a card is being copied mid-step: wait for the next look
        prev = self._prev
        assert prev is not None
        if prev.sizes[PILE]:
            self._pile_moves(prev, look)
        self._flow(prev, look)
        if shuffled is not None and look.sizes[TRANSIT] + look.sizes[PILE] >= len(shuffled):
            # the shuffled cards lie in no zone: a pile being formed (game.py _shuffle)
            self._carve_pile(look, Counter(self.cls.table.keys[c] for c in shuffled))
            self._pile_to = self.layout.piles.get(pile)
        self._prev = look

    def _pile_moves(self, prev: _Look, look: _Look) -> None:
        """Where the pile shuffled at look ``prev`` went by look ``look``: into
        the zone it is named after, else (a pile dealt out) it is used up first
        of the cards in transit."""
        n = prev.sizes.pop(PILE)
        holders = self._in_zone(PILE)
        to = self._pile_to
        self._pile_to = None
        if to is not None:
            prev.sizes[to] += n
            for c in holders:
                c.where[to] += c.where.pop(PILE)
            return
        before = prev.sizes[TRANSIT]
        left = min(n, max(0, look.sizes[TRANSIT] - before))
        if left:
            look.sizes[TRANSIT] -= left
            look.sizes[PILE] = left
            look.sizes = +look.sizes
        prev.sizes[PILE] = n

    def _reset(self, look: _Look) -> None:
        total = Counter(self._all)
        total.subtract(look.visible)
        self.classes = [CardClass(+total, Counter(look.sizes))]
        self._prev = look

    def _fail(self, look: _Look) -> None:
        self.resets += 1
        self._reset(look)

    def _merge(self, group: list[CardClass]) -> CardClass:
        """One class of the classes of ``group`` (knowledge lost, never invented)."""
        if len(group) == 1:
            return group[0]
        first = group[0]
        for c in group[1:]:
            first.cards.update(c.cards)
            first.where.update(c.where)
            self.classes.remove(c)
        return first

    def _in_zone(self, zone: Zone) -> list[CardClass]:
        return [c for c in self.classes if c.where.get(zone, 0) > 0]

    def _flow(self, p: _Look, q: _Look) -> None:
        """Infer how cards moved between looks ``p`` and ``q``."""
        appeared = q.visible - p.visible
        gone = p.visible - q.visible
        zones = set(p.sizes) | set(q.sizes)
        out: Counter[Zone] = Counter()
        grow: Counter[Zone] = Counter()
        for z in zones:
            d = q.sizes[z] - p.sizes[z]
            if d < 0:
                out[z] = -d
            elif d > 0:
                grow[z] = d
        # 1. cards that came face up left a hidden zone
        for kind, count in sorted(appeared.items()):
            for _ in range(count):
                if not self._reveal(kind, out, grow):
                    self._fail(q)
                    return
        # 2. cards that went face down, and hidden zones feeding others
        sources: list[tuple[CardClass, Zone | None, int]] = []
        if gone:
            sources.append((CardClass(Counter(gone), Counter()), None, sum(gone.values())))
        for z in sorted(out, key=str):
            n = out[z]
            if n > 0:
                sources.append((self._merge(self._in_zone(z)), z, n))
        sinks = [(z, n) for z, n in sorted(grow.items(), key=lambda x: str(x[0])) if n > 0]
        if sum(n for _, _, n in sources) != sum(n for _, n in sinks):
            self._fail(q)
            return
        if sources:
            self._move(sources, sinks)
        for c, left, _ in sources:
            if left is None and c.cards and not any(c is k for k in self.classes):
                self.classes.append(c)
        for c in self.classes:
            c.where = +c.where
        self.classes = [c for c in self.classes if c.cards]
        # 3. the zones' sizes must now agree with the look
        held: Counter[Zone] = Counter()
        for c in self.classes:
            held.update(c.where)
        wrong = [z for z in set(held) | set(q.sizes) if held[z] != q.sizes[z]]
        if wrong:
            group = [c for c in self.classes if any(c.where[z] for z in wrong)]
            if not group:
                self._fail(q)
                return
            merged = self._merge(group)
            for z in wrong:
                merged.where[z] += q.sizes[z] - held[z]
            if any(v < 0 for v in merged.where.values()):
                self._fail(q)
                return
            merged.where = +merged.where

    def _reveal(self, kind: str, out: Counter[Zone], grow: Counter[Zone]) -> bool:
        """Take a card of ``kind`` out of the hidden zone it left; False when
        no class could have held it."""
        have = [c for c in self.classes if c.cards[kind] > 0]
        cands = [c for c in have if any(out[z] and c.where[z] for z in c.where)]
        from_shrinking = bool(cands)
        if not cands:  # a card in flight (taken, not yet put down) ...
            cands = [c for c in have if c.where[TRANSIT] or c.where[PILE]]
        if not cands:  # ... or from a zone that lost this card and gained another
            cands = [c for c in have if any(c.where.values())]
        if not cands:
            return False
        singles = [c for c in cands if sum(c.cards.values()) == 1]
        c = singles[0] if singles else self._merge(cands)
        if from_shrinking:
            zone = max(
                (z for z in c.where if out[z] and c.where[z]), key=lambda z: (out[z], str(z))
            )
            out[zone] -= 1
        else:
            zone = max(
                (z for z in c.where if c.where[z]),
                key=lambda z: (z in (TRANSIT, PILE), c.where[z], str(z)),
            )
            grow[zone] += 1
        c.cards[kind] -= 1
        c.where[zone] -= 1
        c.cards = +c.cards
        c.where = +c.where
        return True

    def _move(
        self, sources: list[tuple[CardClass, Zone | None, int]], sinks: list[tuple[Zone, int]]
    ) -> None:
        """Send the cards of ``sources`` (class, zone left or None for cards
        that went face down, count) to the zones of ``sinks`` (zone, count)."""

        def send(c: CardClass, z: Zone | None, n: int, to: Zone) -> None:
            if z is not None:
                c.where[z] -= n
            c.where[to] += n

        if len(sinks) == 1:
            for c, z, n in sources:
                send(c, z, n, sinks[0][0])
        elif len({id(c) for c, _, _ in sources}) == 1:
            left = list(sources)
            for to, need in sinks:
                while need:
                    c, z, n = left[0]
                    k = min(n, need)
                    send(c, z, k, to)
                    need -= k
                    if k == n:
                        left.pop(0)
                    else:
                        left[0] = (c, z, n - k)
        else:
            match = _whole_match([n for _, _, n in sources], [n for _, n in sinks])
            if match is not None:
                for (c, z, n), i in zip(sources, match, strict=True):
                    send(c, z, n, sinks[i][0])
            else:  # no single way: the sources become one class (in place)
                self._merge_sources(sources)
                self._move(sources, sinks)

    def _merge_sources(self, sources: list[tuple[CardClass, Zone | None, int]]) -> None:
        """Merge the classes of ``sources`` into one, which every entry of
        ``sources`` then names (the caller keeps the list)."""
        members: list[CardClass] = []
        for c, _, _ in sources:
            if not any(c is m for m in members):
                members.append(c)
        fresh = [c for c in members if not any(c is k for k in self.classes)]
        known = [c for c in members if any(c is k for k in self.classes)]
        if not known:
            merged = fresh[0]
            for c in fresh[1:]:
                merged.cards.update(c.cards)
            self.classes.append(merged)
        else:
            merged = self._merge(known)
            for c in fresh:
                merged.cards.update(c.cards)
        for i, (c, z, n) in enumerate(sources):
            if c is not merged:
                sources[i] = (merged, z, n)

    def _carve_pile(self, look: _Look, pile: Counter[str]) -> None:
        """The shuffled cards (make-up ``pile``, public) lie in no zone: they
        become a class of their own, in the pile."""
        size = sum(pile.values())
        free = (TRANSIT, PILE)
        holders = [c for c in self.classes if any(c.where[z] for z in free)]
        whole = [c for c in holders if all(z in free for z in c.where)]
        summed: Counter[str] = Counter()
        for c in whole:
            summed.update(c.cards)
        exact = [c for c in whole if c.cards == pile]
        if exact:
            src = exact[0]
        elif whole and summed == pile:
            src = self._merge(whole)
        else:
            src = self._merge(holders) if holders else CardClass(Counter(), Counter())
            if any(src.cards[k] < v for k, v in pile.items()):
                self._fail(look)
                return
            src.cards.subtract(pile)
            src.cards = +src.cards
            left = size
            for z in free:
                k = min(left, src.where[z])
                src.where[z] -= k
                left -= k
            src.where = +src.where
            if not src.cards:
                self.classes.remove(src)
            src = CardClass(Counter(pile), Counter())
            self.classes.append(src)
        src.where = Counter({PILE: size})
        for c in self.classes:
            if c is not src and c.where[PILE]:
                c.where[TRANSIT] += c.where.pop(PILE)
        look.sizes[TRANSIT] += look.sizes[PILE] - size
        look.sizes[PILE] = size
        look.sizes = +look.sizes

    # -- sampling ------------------------------------------------------------------

    def sample(self, seed: int) -> Game:
        """A world: the game as this seat sees it, with every hidden card dealt
        at random from what the seat knows. It has a fresh generator seeded by
        ``seed``, no log and no seed of its own."""
        self.update()
        rng = random.Random(seed)
        d, slots, typed, bean = self._template()
        for _ in range(64):
            placed = self._deal(rng, slots, typed, d["state"], bean)
            if placed is not None:
                break
        else:
            raise RuntimeError(f"no world fits what seat {self.seat} knows (typed cards)")
        state = pickle.loads(pickle.dumps(d["state"], pickle.HIGHEST_PROTOCOL))
        for p, card in placed.items():
            set_path(state, p, card)
        world = {
            **d,
            "state": state,
            "seed": f"world-{seed}",
            "rng": rng.getrandbits(64),
            "forced_chance": None,
            "log": [],
        }
        return self.cls.from_json(world)

    def _template(self) -> tuple[dict[str, Any], dict[Zone, list[Path]], set[Path], dict[str, int]]:
        """The game now (without its log) and where the seat's hidden cards lie,
        computed once per position."""
        key = (id(self.game), self.game.seq)
        if self._cached is None or self._cached[0] != key:
            d = self.game.to_json(last=0)
            state = d["state"]
            slots: dict[Zone, list[Path]] = {}
            for p in hidden_paths(self.cls, state, self.seat):
                slots.setdefault(p[:-1], []).append(p)
            typed = set(typed_paths(self.cls, state, self.seat))
            table = self.cls.table
            bean = {k: table.bean[i] for i, k in enumerate(table.keys)}
            self._cached = (key, (d, slots, typed, bean))
        return self._cached[1]

    def _deal(
        self,
        rng: random.Random,
        slots: dict[Zone, list[Path]],
        typed: set[Path],
        state: dict[str, Any],
        bean: dict[str, int],
    ) -> dict[Path, str] | None:
        """Each zone's cards drawn from the classes, then placed at random;
        ``None`` when a card whose type is shown got no card of that type."""
        left = [Counter(c.cards) for c in self.classes]
        quota = [Counter(+c.where) for c in self.classes]
        placed: dict[Path, str] = {}
        # first the cards whose bean type is shown, each from a class that
        # has cards of that type in that zone
        for p in sorted(typed, key=str):
            zone, want = p[:-1], bean[get_path(state, p)]
            options = [
                (i, k, n)
                for i, q in enumerate(quota)
                if q[zone] > 0
                for k, n in sorted(left[i].items())
                if n > 0 and bean[k] == want
            ]
            if not options:
                return None
            pick = rng.randrange(sum(n for _, _, n in options))
            at = 0
            while pick >= options[at][2]:
                pick -= options[at][2]
                at += 1
            i, k, _ = options[at]
            placed[p] = k
            left[i][k] -= 1
            quota[i][zone] -= 1
        per_zone: dict[Zone, list[str]] = {z: [] for z in slots}
        for i, q in enumerate(quota):
            cards = list(left[i].elements())
            rng.shuffle(cards)
            at = 0
            for z in sorted(q, key=str):
                n = q[z]
                if not n:
                    continue
                if z not in per_zone:
                    raise RuntimeError(
                        f"seat {self.seat}'s knowledge names zone {z} the game lacks"
                    )
                per_zone[z].extend(cards[at : at + n])
                at += n
        for z, paths in slots.items():
            cards = per_zone[z]
            free = [p for p in paths if p not in placed]
            if len(cards) != len(free):
                raise RuntimeError(
                    f"seat {self.seat}'s knowledge puts {len(cards)} cards in {z}, which holds {len(free)}"
                )
            rng.shuffle(cards)
            for p, k in zip(free, cards, strict=True):
                placed[p] = k
        return placed


def _whole_match(sources: list[int], sinks: list[int]) -> list[int] | None:
    """The one way to send each source, whole, to a sink so that every sink is
    filled exactly (source index -> sink index), or ``None`` when there is no
    such way or more than one."""
    found: list[list[int]] = []

    def go(i: int, room: list[int], chosen: list[int]) -> None:
        if len(found) > 1:
            return
        if i == len(sources):
            if not any(room):
                found.append(chosen[:])
            return
        for j, r in enumerate(room):
            if r >= sources[i]:
                room[j] -= sources[i]
                chosen.append(j)
                go(i + 1, room, chosen)
                chosen.pop()
                room[j] += sources[i]

    if len(sources) <= 8 and len(sinks) <= 8:
        go(0, list(sinks), [])
    return found[0] if len(found) == 1 else None


def resample_from_infostate(game: Game, seat: int, seed: int) -> Game:
    """A world that ``seat`` cannot tell from ``game``, now or at any step
    before, with the cards it has not seen dealt at random (seeded by
    ``seed``) among the places they may be. A caller asking again and again
    keeps an :class:`InfoTracker` instead, which follows the game step by step."""
    return InfoTracker(game, seat).sample(seed)
