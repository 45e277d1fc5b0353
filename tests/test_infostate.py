"""What a seat knows about the hidden cards, and the worlds dealt from it
(bohn/engine/infostate.py): every sampled world looks exactly like the real
game from that seat, the real game always lies within the seat's knowledge,
and the knowledge depends on nothing the seat has not seen."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from infostate_helpers import options
from infostate_helpers import replay_to
from infostate_helpers import twin_with_other_hidden_cards

import bohn
from bohn.bots.base import SeatView
from bohn.engine.game import Game
from bohn.engine.infostate import PILE
from bohn.engine.infostate import TRANSIT
from bohn.engine.infostate import InfoTracker
from bohn.engine.infostate import Zone
from bohn.engine.infostate import get_path
from bohn.engine.infostate import hidden_paths
from bohn.engine.infostate import layout_of
from bohn.engine.infostate import resample_from_infostate
from bohn.rulesets import VARIANTS
from bohn.sim.runner import make_bots
from bohn.sim.runner import next_seat

#: one player count per ruleset, plus Mutterböhnchen for two (its own turn)
CONFIGS = [
    ("bohnanza", 4),
    ("sissi", 3),
    ("high-bohn", 3),
    ("al-cabohne", 2),
    ("prohibohn", 2),
    ("ladybohn", 4),
    ("mutterbohnchen", 3),
    ("mutterbohnchen", 2),
    ("bohnkick", 4),
]


def true_hidden(tracker: InfoTracker, game: Game) -> dict[Zone, Counter[str]]:
    """The real hidden cards of each zone the seat cannot see (the test may look)."""
    state = game._state_json()
    out: dict[Zone, Counter[str]] = {}
    for p in hidden_paths(type(game), state, tracker.seat):
        out.setdefault(p[:-1], Counter())[get_path(state, p)] += 1
    return out


def check_facts(tracker: InfoTracker, game: Game) -> None:
    """The real game is one of the worlds the seat's knowledge allows."""
    assert tracker.resets == 0
    true = true_hidden(tracker, game)
    known: Counter[str] = Counter()
    held: Counter[Zone] = Counter()
    for c in tracker.classes:
        known.update(c.cards)
        held.update(c.where)
        assert sum(c.cards.values()) == sum(c.where.values()), c
    every: Counter[str] = Counter()
    for m in true.values():
        every.update(m)
    assert known == every, "the classes hold exactly the hidden cards"
    assert +held == Counter({z: sum(m.values()) for z, m in true.items()})
    assert not held[TRANSIT] and not held[PILE], "nothing in flight between steps"
    for zone, m in true.items():
        for kind, n in m.items():
            room = sum(c.cards[kind] for c in tracker.classes if c.where[zone] > 0)
            assert n <= room, f"{zone} holds {n} {kind}, the knowledge allows {room}"
    for c in tracker.classes:
        if len(c.where) == 1:  # a class in one zone lies there whole
            (zone,) = c.where
            assert not c.cards - true[zone], f"{c} is not all in {zone}"


def check_world(tracker: InfoTracker, game: Game, seed: int) -> Game:
    world = tracker.sample(seed)
    seat = tracker.seat
    assert world.observe(seat) == game.observe(seat)
    assert [a.text() for a in world.legal_actions(seat)] == [
        a.text() for a in game.legal_actions(seat)
    ]
    assert world.waiting_for() == game.waiting_for()
    assert world.history() == [] or world.history()[0][2] == ()
    assert world.seed != game.seed and world.to_json()["rng"] != game.to_json()["rng"]
    # the world is a game like any other: it plays on
    mover = min(world.waiting_for()) if world.waiting_for() else None
    if mover is not None:
        world.clone().apply(mover, world.legal_actions(mover)[0])
    return world


def play(
    variant: str,
    n: int,
    seed: int,
    every: int,
    bots: str = "random",
    seats: tuple[int, ...] | None = None,
) -> tuple[Game, list[InfoTracker], int]:
    game = bohn.new_game(variant, n, seed=seed, options=options(variant))
    trackers = [InfoTracker(game, s) for s in (seats or range(n))]
    players = make_bots([bots] * n, seed)
    last, steps, checks = n - 1, 0, 0
    while game.waiting_for():
        seat = next_seat(game.waiting_for(), last, n)
        view = SeatView(seat, game.legal_actions(seat), lambda s=seat: game.observe(s))
        game.apply(seat, players[seat].act(view))
        last, steps = seat, steps + 1
        if steps % every == 0:
            for t in trackers:
                t.update()
                check_facts(t, game)
                check_world(t, game, steps)
                checks += 1
    for t in trackers:
        t.update()
        check_facts(t, game)
    return game, trackers, checks


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_worlds_agree_with_the_seat_and_the_game_lies_within_its_knowledge(
    variant: str, players: int
) -> None:
    game, trackers, checks = play(variant, players, seed=5, every=37, seats=(0, players - 1))
    assert game.is_over and checks >= 4
    # the knowledge is more than "every hidden card anywhere": harvests,
    # reshuffles and shown cards split it
    assert any(len(t.classes) > 1 for t in trackers)


def test_the_greedy_game_too() -> None:
    game, _, checks = play("high-bohn", 4, seed=2, every=41, bots="greedy", seats=(1,))
    assert game.is_over and checks > 5


def first_step(game: Game, test: Any) -> int:
    for i, (_, _, events) in enumerate(game.history()):
        if any(test(e.data) for e in events):
            return i
    raise AssertionError("the event never happened")


def finished(variant: str, n: int, seed: int, bots: str = "greedy") -> Game:
    game = bohn.new_game(variant, n, seed=seed, options=options(variant))
    from bohn.sim.runner import play_game

    play_game(game, make_bots([bots] * n, seed))
    return game


def test_coins_turned_face_down_are_known_by_kind() -> None:
    """Bohnanza coins lie face down, but everyone saw the beans harvested."""
    game = finished("bohnanza", 3, seed=4)
    step = first_step(game, lambda e: e["type"] == "harvest" and e["coins"] and e["seat"] != 0)
    early = replay_to(game, step)
    harvest = next(
        e.data for e in early.history()[-1][2] if e.data["type"] == "harvest" and e.data["coins"]
    )
    tracker = InfoTracker(early, 0)
    kind = harvest["cards"][0]
    zone = ("coins", harvest["seat"])
    coins = [c for c in tracker.classes if zone in c.where]
    assert len(coins) == 1 and coins[0].where == Counter({zone: harvest["coins"]})
    assert coins[0].cards == Counter({kind: harvest["coins"]})


def test_a_reshuffled_discard_pile_is_the_new_draw_pile() -> None:
    game = finished("bohnanza", 3, seed=4)
    step = [
        i
        for i, (_, _, evs) in enumerate(game.history())
        if any(e.data["type"] == "shuffle" for e in evs)
    ][1]  # the first refill (the set-up shuffles too)
    before = replay_to(game, step - 1)
    discard = Counter(before.observe(None)["discard"])
    after = replay_to(game, step)
    tracker = InfoTracker(after, 1)
    deck = [c for c in tracker.classes if ("deck",) in c.where]
    assert len(deck) == 1, "the draw pile is one class: the old discard pile"
    assert not deck[0].cards - discard
    check_facts(tracker, after)


def test_a_withdrawn_offer_is_remembered() -> None:
    """An offered hand card that was not traded stays known in its hand."""
    for seed in range(1, 30):
        game = finished("bohnanza", 3, seed=seed)
        for i, (_, _, events) in enumerate(game.history()):
            shown = [
                e.data
                for e in events
                if e.data["type"] == "offer" and e.data["from"] != 0 and "h" in e.data["give_from"]
            ]
            if not shown:
                continue
            offer = shown[0]
            later = game.history()[i + 1 :]
            traded = any(
                e.data["type"] == "trade" and e.data["offer"] == offer["id"]
                for _, _, evs in later
                for e in evs
            )
            end = next(
                (
                    j
                    for j, (_, _, evs) in enumerate(later)
                    if any(e.data["type"] in ("end-trading", "turn") for e in evs)
                ),
                None,
            )
            if traded or end is None:
                continue
            early = replay_to(game, i + 1 + end)
            tracker = InfoTracker(early, 0)
            zone = ("hands", offer["from"])
            card = offer["give"][offer["give_from"].index("h")]
            singles = [c for c in tracker.classes if c.where == Counter({zone: 1})]
            if any(c.cards == Counter({card: 1}) for c in singles):
                check_facts(tracker, early)
                return
    raise AssertionError("no offered hand card was remembered")


@pytest.mark.parametrize(("variant", "players"), [("bohnanza", 3), ("ladybohn", 3)])
def test_knowledge_and_worlds_ignore_what_the_seat_never_saw(variant: str, players: int) -> None:
    game = bohn.new_game(variant, players, seed=3, options=options(variant))
    bots = make_bots(["greedy"] * players, 3)
    last = players - 1
    for _ in range(60):
        seat = next_seat(game.waiting_for(), last, players)
        game.apply(
            seat,
            bots[seat].act(
                SeatView(seat, game.legal_actions(seat), lambda s=seat: game.observe(s))
            ),
        )
        last = seat
    twin = twin_with_other_hidden_cards(game, 0)
    assert twin is not None
    a, b = InfoTracker(game, 0), InfoTracker(twin, 0)
    assert repr(a.classes) == repr(b.classes)
    assert a.sample(11).to_json() == b.sample(11).to_json()


def test_every_variant_declares_its_hidden_zones() -> None:
    for cls in VARIANTS.values():
        assert layout_of(cls).secret


def test_a_shortened_log_falls_back_to_the_current_view() -> None:
    game = finished("bohnanza", 3, seed=2)
    mid = replay_to(game, 200)
    short = type(mid).from_json(mid.to_json(last=5))
    tracker = InfoTracker(short, 1)
    assert len(tracker.classes) == 1  # every hidden card anywhere
    check_world(tracker, short, 1)


def test_follow_a_copy_and_start_over_on_another_game() -> None:
    game = finished("sissi", 3, seed=1)
    early = replay_to(game, 100)
    tracker = InfoTracker(early, 2)
    later = replay_to(game, 150)
    tracker.follow(later)
    tracker.update()
    check_facts(tracker, later)
    tracker.follow(replay_to(game, 50))  # an earlier position: built again
    check_facts(tracker, tracker.game)


def test_resample_from_infostate_in_one_call() -> None:
    game = finished("ladybohn", 3, seed=3)
    mid = replay_to(game, 120)
    world = resample_from_infostate(mid, 2, 5)
    assert world.observe(2) == mid.observe(2)
    assert world.to_json() == InfoTracker(mid, 2).sample(5).to_json()
