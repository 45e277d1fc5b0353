"""People set the pace of trading in a live room (``bohn.pacing``,
``docs/play.md``): an active bot keeps its trading open until every person
at the table has passed or the trade window closes; a person's action
restarts the window; a bot's offer to a person stays open while they think;
the bots' pace applies where a person follows them. Time is the room's
injectable clock, moved by the tests."""

from __future__ import annotations

import asyncio

import bohn
from bohn.engine.actions import Accept
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import parse_action
from bohn.pacing import PACES
from bohn.pacing import TRADE_WINDOW_S
from bohn.server.rooms import Room
from server.memory import MemoryStore
from server.rows import game_row


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def room_for(seed: int = 0, pace: str | None = None, person: int = 1) -> tuple[Room, Clock]:
    """Bohnanza for 3: greedy bots, a person at ``person``; no think time."""
    game = bohn.new_game("bohnanza", 3, seed)
    seats = [
        {"seat": s, "kind": "human"} if s == person else {"seat": s, "kind": "bot", "bot": "greedy"}
        for s in range(3)
    ]
    row = game_row("g", "bohnanza", 3, seed, seats, pace=pace, spectator_hash="", created_at=0.0)
    room = Room(row, game, MemoryStore())  # type: ignore[arg-type]
    clock = Clock()
    room.clock = clock
    return room, clock


async def bots_rest(room: Room) -> None:
    """Let the bots move until none may (the room's bot task ends)."""
    room.kick_bots()
    while room._bot_task is not None and not room._bot_task.done():
        await room._bot_task


def phase(room: Room) -> tuple[int, str]:
    obs = room.game.observe(None)
    return int(obs["turn"]), str(obs["phase"])


def test_a_bots_trading_stays_open_until_the_person_passes() -> None:
    async def play() -> None:
        room, clock = room_for()
        await bots_rest(room)
        assert phase(room) == (1, "trade")  # seat 0 would have ended it at once
        view = room.trade_view()
        assert view == {"seat": 0, "seconds": TRADE_WINDOW_S, "left": TRADE_WINDOW_S}
        assert room.view(1)["trade_window"] == view
        clock.now += 8  # the person reads for 8 s: still open
        await bots_rest(room)
        assert phase(room) == (1, "trade")
        await room.act(1, room.game.seq, Pass())
        await bots_rest(room)
        assert phase(room)[0] == 2  # the pass let the bot end its trading
        assert room.trade_view() is None
        await room.stop()

    asyncio.run(play())


def test_the_window_closing_ends_the_bots_trading() -> None:
    async def play() -> None:
        room, clock = room_for()
        await bots_rest(room)
        assert phase(room) == (1, "trade")
        clock.now += TRADE_WINDOW_S + 0.1
        await bots_rest(room)
        assert phase(room)[0] == 2
        await room.stop()

    asyncio.run(play())


def test_a_persons_action_restarts_the_window() -> None:
    async def play() -> None:
        room, clock = room_for()
        await bots_rest(room)
        clock.now += 15
        assert room.window.left() == TRADE_WINDOW_S - 15
        await room.act(1, room.game.seq, parse_action("propose 0 want blaue"))
        assert room.window.left() == TRADE_WINDOW_S
        await bots_rest(room)
        assert phase(room) == (1, "trade")
        await room.stop()

    asyncio.run(play())


def test_a_bots_offer_to_the_person_is_still_open_after_8_seconds() -> None:
    """Seat 0 (a bot) offers the person a card; the person thinks 8 s, then
    accepts: the offer was still there and the card is theirs."""

    async def play() -> None:
        room, clock = room_for(seed=1)  # seat 0 offers a Blue bean for a Stink bean
        await bots_rest(room)
        offers = [o for o in room.game.observe(1)["offers"] if o["to"] == 1]
        assert [(o["from"], o["give"], o["want"]) for o in offers] == [(0, ["blaue"], ["sau"])]
        clock.now += 8
        await bots_rest(room)
        still = [o for o in room.game.observe(1)["offers"] if o["to"] == 1]
        assert [o["id"] for o in still] == [o["id"] for o in offers]
        accept = next(
            a
            for a in room.game.legal_actions(1)
            if isinstance(a, Accept) and a.offer == offers[0]["id"]
        )
        await room.act(1, room.game.seq, accept)
        assert room.game.observe(1)["seats"][1]["trading_area"] == ["blaue"]
        await room.stop()

    asyncio.run(play())


def test_without_people_at_the_table_nothing_waits() -> None:
    """A room whose seats are all bots would never wait (the window is for people)."""
    room, _ = room_for()
    room.people = frozenset()
    game = room.game
    game.apply(0, Plant(0))
    game.apply(0, Pass())
    from bohn.engine.actions import EndTrading

    assert not room._hold_back(game, 0, EndTrading())


def test_the_pace_applies_where_a_person_follows() -> None:
    room, _ = room_for(pace="normal")
    delay = PACES["normal"]
    assert room._pace_s(0) == delay  # seat 0's own turn, planting: the person follows
    game = room.game
    game.apply(0, Plant(0))
    game.apply(0, Pass())
    assert room._pace_s(2) == delay  # trading while the person still trades
    game.apply(1, Pass())
    game.apply(2, Pass())
    assert room._pace_s(0) == 0  # every person passed: full speed
    fast, _ = room_for(pace="fast")
    assert fast._pace_s(0) == 0
    legacy, _ = room_for(pace=None)
    legacy.row.think_ms = 250
    assert legacy._pace_s(0) == 0.25  # a game without a pace: think_ms, as before


def test_a_bot_answers_a_persons_proposal_after_a_visible_moment() -> None:
    """At any pace, even fast, a bot asked to answer a person's proposal
    waits ANSWER_S first, so the proposal stands on the person's screen
    before the answer; another bot, unasked, moves at the pace's speed."""
    from bohn.engine.actions import Propose
    from bohn.pacing import ANSWER_S

    for pace in ("fast", "normal", "slow"):
        room, _ = room_for(pace=pace, person=0)
        game = room.game
        game.apply(0, Plant(0))
        game.apply(0, Pass())  # the person's trading phase: seats 1 and 2 may trade
        assert room._pace_s(1) == PACES[pace]  # a person is waited on: the pace
        game.apply(0, Propose(to=1, give=("r0",), want=()))
        assert [(o["from"], o["to"]) for o in game.observe(None)["offers"]] == [(0, 1)]
        assert room._pace_s(1) == max(PACES[pace], ANSWER_S)
        assert room._pace_s(2) == PACES[pace]
        legacy, _ = room_for(pace=None, person=0)
        legacy.game = game
        assert legacy._pace_s(1) == 0  # a game without a pace keeps its think time


def test_a_bot_does_not_take_back_its_offer_while_the_person_thinks() -> None:
    """A bot that offered a person a revealed card keeps its hands off that
    card (keeping it would void the offer) while the person still trades;
    once the person has answered, the bot may keep it."""
    from bohn.engine.actions import Decline
    from bohn.engine.actions import Keep
    from bohn.engine.actions import Propose
    from bohn.pacing import holds
    from bohn.pacing import voids_offer_to_person

    game = bohn.new_game("bohnanza", 3, seed=1)
    game.apply(0, Plant(0))
    game.apply(0, Plant(1))
    game.apply(0, Propose(to=1, give=("r0",), want=("sau",)))
    keep = Keep(revealed=0)
    assert keep in game.legal_actions(0)
    assert voids_offer_to_person(game, 0, keep, [1])
    assert holds(game, 0, keep, [1])
    assert not voids_offer_to_person(game, 0, Keep(revealed=1), [1])  # the other card
    assert not holds(game, 0, keep, [2])  # seat 2 is a bot here: nothing waits for it
    (offer,) = game.observe(None)["offers"]
    game.apply(1, Decline(offer["id"]))
    assert not voids_offer_to_person(game, 0, keep, [1])
