"""The terminal's compact table: its keys, the offers answered for the person,
pass-through, plain-ASCII card names, the next payout of a field, this
ruleset's verbs only, and a bot's thinking line."""

from __future__ import annotations

import io
import os
import re
import signal
import threading
from typing import Any

import pytest
from cli_helpers import ctrl_c_raises

import bohn
from bohn.bots.base import Bot
from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.catalogue import catalogue
from bohn.describe import describer
from bohn.describe.terminal import aliases
from bohn.describe.terminal import ascii_name
from bohn.describe.terminal import next_payout
from bohn.engine.actions import Action
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.actions import parse_action
from bohn.play import Session
from bohn.play import main

ITEM = re.compile(r"(?:^|   )([a-z]?\d*(?: N| \d+)?)\) ")


def session(
    game: bohn.Game, seat: int, out: io.StringIO, answers: list[str] | None = None
) -> Session:
    others = [s for s in range(game.n) if s != seat]
    bots = {s: make_bot("greedy", s) for s in others}
    it = iter(answers or [])

    def input_fn(prompt: str) -> str:
        return next(it, "quit")

    return Session(game, seat, bots, {s: "greedy" for s in others}, input_fn, out)


def to_trading(game: bohn.Game) -> None:
    """Seat 0 plants its front card and passes: the trading phase of turn 1."""
    game.apply(0, Plant(0))
    game.apply(0, Pass())
    assert game.observe(0)["phase"] == "trade"


def offered_to_seat_1() -> bohn.Game:
    """Bohnanza for 3 (seed 4) in the trading of turn 1: seat 0 offers seat 1
    a card for the front card of seat 1's hand."""
    game = bohn.new_game("bohnanza", 3, 4)
    to_trading(game)
    front = game.observe(1)["seats"][1]["hand"][0]
    game.apply(0, Propose(to=1, give=("r0",), want=(front,)))
    return game


def missing_bean(game: bohn.Game, seat: int) -> str:
    hand = set(game.observe(seat)["seats"][seat]["hand"])
    return next(k for k in game.table.keys if k not in hand)


def test_an_offer_you_cannot_fulfil_is_declined_in_one_line() -> None:
    game = bohn.new_game("bohnanza", 3, 4)
    to_trading(game)
    bean = missing_bean(game, 1)
    game.apply(0, Propose(to=1, give=("r0",), want=(bean,)))
    out = io.StringIO()
    s = session(game, 1, out)
    assert s.answer_for_the_person()
    assert not [o for o in game.observe(1)["offers"] if o["to"] == 1]
    name = describer(game).name(bean)
    lines = out.getvalue().splitlines()
    assert lines == [f"offer 1 from seat 1 declined: you cannot give {name}"]  # counted from 1
    assert any(e.get("type") == "decline" and e.get("seat") == 1 for e in game.events(1))


def test_an_offer_you_can_fulfil_is_asked() -> None:
    game = offered_to_seat_1()
    out = io.StringIO()
    assert not session(game, 1, out).answer_for_the_person()
    assert [o["id"] for o in game.observe(1)["offers"] if o["to"] == 1] == [0]
    assert out.getvalue() == ""


def test_pass_through_declines_passes_and_ends_at_your_turn() -> None:
    game = offered_to_seat_1()
    out = io.StringIO()
    s = session(game, 1, out)
    s.auto = True
    assert s.answer_for_the_person()
    mine = [e for e in game.events(1) if e.get("seat") == 1]
    assert [e["type"] for e in mine if e["type"] in ("decline", "pass")] == ["decline", "pass"]
    assert out.getvalue().splitlines() == [
        "pass-through: you declined offer 1",
        "pass-through: you passed",
    ]
    # on the person's own turn pass-through ends and the person is asked
    own = bohn.new_game("bohnanza", 3, 4)
    out = io.StringIO()
    s = session(own, 0, out)
    s.auto = True
    assert not s.answer_for_the_person()
    assert not s.auto
    assert out.getvalue().strip() == "pass-through ends: your turn"


def test_auto_typed_at_the_prompt_passes_through_a_whole_game() -> None:
    """``auto`` at every prompt of others' trading: the game still ends, and
    the person is never asked in another seat's trading once it is on."""
    out = io.StringIO()
    asked_in_others_trading = 0
    games: list[bohn.Game] = []
    real = bohn.new_game

    def capture(*a: Any, **k: Any) -> bohn.Game:
        games.append(real(*a, **k))
        return games[-1]

    def input_fn(prompt: str) -> str:
        nonlocal asked_in_others_trading
        if prompt != "your move> ":
            return ""
        obs = games[0].observe(1)
        if obs["phase"] == "trade" and obs["active"] != 1:
            asked_in_others_trading += 1
            return "auto"
        return first_key(out.getvalue())

    pytest.MonkeyPatch().setattr(bohn, "new_game", capture)
    try:
        rc = main("bohnanza", 3, 1, ["greedy"], 8, input_fn=input_fn, out=out)
    finally:
        pytest.MonkeyPatch().undo()
    assert rc == 0
    assert "=== game over" in out.getvalue()
    assert "pass-through: you passed" in out.getvalue()
    assert asked_in_others_trading >= 1
    # once on, an others' trading phase asks at most once more (an offer that
    # arrives after a pass is answered for the person too)
    assert out.getvalue().count("pass-through: you answer no") == asked_in_others_trading


def first_key(text: str) -> str:
    """A simple answer to the last compact prompt in ``text``."""
    block = text.rsplit("=== turn", 1)[1]
    keys: list[str] = []
    for line in block.splitlines():
        if line.startswith("also:"):
            break
        keys += ITEM.findall(line)
    for want in ("1", "2", "3", "p", "e"):
        if want in keys:
            return want
    for key in keys:
        if key.startswith("d N"):
            return "d " + re.findall(r"d N\) \w+ (\d+)", block)[0]
        if key in ("d", "n1", "s1", "s2") or key.startswith("t"):
            return key
    return "list"


def test_ascii_names_of_every_card() -> None:
    assert ascii_name("Wühler") == "wuehler"
    assert ascii_name("Gießen") == "giessen"
    from bohn.rulesets import VARIANTS

    for variant in VARIANTS:
        cat = catalogue(variant)
        names = aliases(cat)
        assert all(name.isascii() and name == name.lower() for name in names)
        for e in cat.entries:
            assert names[e.key] == e.key
            for lang, name in e.names.items():
                typed = ascii_name(name, "dame" if lang == "de" else "lady")
                shared = [x.key for x in cat.entries if typed in map(ascii_name, x.names.values())]
                assert names.get(typed) == e.key or len(shared) > 1 or typed in VARIANTS, (
                    variant,
                    e.key,
                    typed,
                )
    names = aliases(catalogue("mutterbohnchen"))
    assert names["schuerzenjaeger"] == "schuerzenjaeger"
    assert names["skirt-chaser"] == "schuerzenjaeger"


@pytest.mark.parametrize(
    ("typed", "want"),
    [
        ("propose 1 want Blue-Bean-Lady", ("blaue/lady",)),
        ("propose 1 want blaue-bohne-dame,BLAUE", ("blaue/lady", "blaue")),
        ("PROPOSE 1 WANT blaue/lady", ("blaue/lady",)),
        ("propose 1 want blaue♀", ("blaue/lady",)),
        ("propose 1 want wuehler", ("wuehler",)),
        ("propose 1 want go-getter", ("wuehler",)),
    ],
)
def test_cards_are_typed_by_ascii_name(typed: str, want: tuple[str, ...]) -> None:
    game = bohn.new_game("mutterbohnchen", 3, 1)
    s = session(game, 1, io.StringIO())
    key = {"blaue♀": "blaue-lady"}
    text = typed.lower()
    for a, b in key.items():
        text = text.replace(a, b)
    action = s.typed(text, game.legal_actions(1))
    assert isinstance(action, Propose), s.out.getvalue()
    assert action.want == want
    assert action.to == 0  # "propose 1": seat 1 as the screen counts, the JSON's seat 0


def test_the_next_payout_of_each_field() -> None:
    assert next_payout([4, 6, 8, 10], 3, 0) == (1, 1)
    assert next_payout([4, 6, 8, 10], 4, 1) == (2, 2)
    assert next_payout([None, 2, 3, None], 3, 3) is None
    words = describer("bohnanza")
    assert words.payout(["blaue"] * 3, 0) == " → 0 coins, 1 more → 1"
    assert words.payout(["garten"] * 3, 3) == " → 3 coins (the most)"
    assert words.payout([], 0) == ""
    de = describer("bohnanza", "de")
    assert de.payout(["soja"] * 2, 1) == " → 1 Münze, 2 mehr → 2"
    # on the table: the person's fields each end with their next payout
    game = bohn.new_game("bohnanza", 3, 4)
    game.apply(0, Plant(0))
    field = game.observe(0)["seats"][0]["fields"][0]
    meter = catalogue("bohnanza").entry(field[-1]).beanometer
    more, then = next_payout(meter, len(field), 0) or (0, 0)
    screen = words.compact_screen(game.observe(0), 0, {1: "greedy", 2: "greedy"})
    line = next(x for x in screen if x.startswith("* you: "))
    assert f"f1: {words.short(field[-1])} x1 → 0 coins, {more} more → {then}" in line
    # every other seat's fields too, in short: (pays now, +more→then)
    me = words.compact_screen(game.observe(1), 1, {0: "greedy", 2: "greedy"})
    line = next(x for x in me if x.startswith(("  seat 1", "* seat 1")))
    f0 = game.observe(1)["seats"][0]["fields"][0]
    step = next_payout(catalogue("bohnanza").entry(f0[-1]).beanometer, len(f0), 0)
    assert step is not None
    assert f"{words.short(f0[-1])} x{len(f0)} (0, +{step[0]}→{step[1]})" in line


@pytest.mark.parametrize(
    ("variant", "has", "lacks"),
    [
        ("bohnanza", {"plant", "harvest", "propose", "buy-field"}, {"build", "play", "attack"}),
        ("high-bohn", {"plant", "build", "propose"}, {"play", "attack", "tackle"}),
        ("mutterbohnchen", {"plant", "attack", "propose"}, {"build", "play"}),
        ("bohnkick", {"play", "pass"}, {"plant", "harvest", "propose", "build"}),
    ],
)
def test_only_this_rulesets_verbs(variant: str, has: set[str], lacks: set[str]) -> None:
    players = 2 if variant == "bohnkick" else 3
    game = bohn.new_game(variant, players, 1)
    out = io.StringIO()
    s = session(game, 0, out)
    verbs = set(s.verbs())
    assert has <= verbs and not lacks & verbs, verbs
    assert s.typed("frobnicate 2", game.legal_actions(0)) is None
    message = out.getvalue()
    assert message.startswith("not understood: 'frobnicate'; this game's actions: ")
    assert all(v in message for v in has) and not any(f" {v}," in message for v in lacks)
    words = describer(game)
    helped = words.help_keys() + words.help()
    if variant == "bohnkick":
        assert "harvest" not in helped and "propose" not in helped


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("bohnanza", 3),
        ("bohnanza", 5),
        ("mutterbohnchen", 3),
        ("mutterbohnchen", 6),
        ("bohnanza-rio-grande", 2),
        ("bohnanza-rio-grande", 7),
        ("ladybohn", 5),
        ("prohibohn", 2),
        ("high-bohn", 4),
        ("bohnkick", 2),
        ("ladybohn", 3),
        ("al-cabohne", 2),
        ("sissi", 4),
    ],
)
def test_a_few_turns_in_the_compact_table(variant: str, players: int) -> None:
    """Every prompt of a few turns shows the table in lines of at most 80
    columns and, with its keys, in at most 22 lines (the input line and a
    message below fit a 24-line terminal), a Bohnanza table in at most 14; each answer is a
    key the prompt shows."""
    out = io.StringIO()
    prompts = 0
    start = 0

    def input_fn(prompt: str) -> str:
        nonlocal prompts, start
        text = out.getvalue()
        if prompt != "your move> ":
            return ""
        screen = text[start:].rsplit("\n\n", 1)[-1].splitlines()
        assert all(len(x) <= 80 for x in screen), [x for x in screen if len(x) > 80]
        assert screen and len(screen) <= 22, screen
        if variant == "bohnanza":
            table = [x for x in screen if not ITEM.search(x) and not x.startswith("also:")]
            assert len(table) <= 14, table
        prompts += 1
        start = len(text)
        if prompts > 40:
            return "quit"
        keys = []
        for line in screen:
            keys += ITEM.findall(line)
        for want in ("0", "1", "p", "e", "n1", "s0"):
            if want in keys:
                return want
        return "list"

    rc = main(variant, players, 0, ["greedy"], 3, input_fn=input_fn, out=out)
    assert rc == 0
    assert prompts > 5
    assert "Traceback" not in out.getvalue()


class SlowBot(Bot):
    """Plays its first legal action once ``release`` is set (or after 30 s)."""

    kind = "slow"

    def __init__(self, release: threading.Event, finished: list[bool]) -> None:
        super().__init__(0)
        self.release = release
        self.finished = finished

    def act(self, view: SeatView) -> Action:
        self.release.wait(30)
        self.finished.append(self.release.is_set())
        return view.legal[0]


def slow_session(out: io.StringIO, release: threading.Event, finished: list[bool]) -> Session:
    game = bohn.new_game("bohnanza", 3, 1)
    bots = {0: SlowBot(release, finished), 2: make_bot("greedy", 2)}
    return Session(game, 1, bots, {0: "slow", 2: "greedy"}, lambda p: "quit", out)


def test_a_bot_thinking_is_shown() -> None:
    release = threading.Event()
    finished: list[bool] = []
    out = io.StringIO()
    s = slow_session(out, release, finished)
    timer = threading.Timer(0.8, release.set)
    timer.start()
    s.bot_turn_interruptible(0)
    timer.join()
    lines = out.getvalue().splitlines()
    assert lines[0] == "seat 1 (slow) is thinking…"  # seat 0, counted from 1
    assert lines[1].startswith("seat 1 (slow): ")
    assert finished == [True]


def test_ctrl_c_while_a_bot_thinks_leaves_at_once() -> None:
    """Ctrl-C while a bot computes leaves the game with 130 without waiting
    for the move; the SIGINT handler is as before afterwards."""
    release = threading.Event()
    finished: list[bool] = []
    out = io.StringIO()
    s = slow_session(out, release, finished)

    def ctrl_c() -> None:
        os.kill(os.getpid(), signal.SIGINT)

    with ctrl_c_raises():
        before = signal.getsignal(signal.SIGINT)
        timer = threading.Timer(0.5, ctrl_c)
        timer.start()
        rc = s.run()
        timer.join()
        assert signal.getsignal(signal.SIGINT) is before
    left_before_the_move = not finished
    release.set()
    assert rc == 130
    assert left_before_the_move
    assert out.getvalue().rstrip().endswith("interrupted: leaving the game.")
    assert "seat 1 (slow):" not in out.getvalue()


def test_typed_action_with_cards_by_name_is_applied() -> None:
    """In the compact table an action's text with a card by its English name
    in ASCII plays as its key form does."""
    game = bohn.new_game("bohnanza", 3, 4)
    to_trading(game)
    out = io.StringIO()
    s = session(game, 0, out)
    hand = game.observe(0)["seats"][0]["hand"]
    name = catalogue("bohnanza").entry(missing_bean(game, 0)).names["en"]
    # typed as the screen counts: seat 2 and hand card 1 are the JSON's seat 1 and h0
    action = s.typed(f"propose 2 give h1 want {ascii_name(name)}", game.legal_actions(0))
    assert action == parse_action(f"propose 1 give h0 want {missing_bean(game, 0)}")
    assert hand


def test_help_shows_the_keys_and_help_actions_the_text_forms() -> None:
    """``help`` shows the keys (``s1`` sells a field; ``h1`` only ever names
    a hand card) and points to ``help actions``, which shows the text forms."""
    answers = iter(["help", "", "", "help actions", "", "", "", "quit"])
    out = io.StringIO()
    rc = main("bohnanza", 3, 0, ["greedy"], 3, input_fn=lambda _p: next(answers), out=out)
    assert rc == 0
    text = out.getvalue()
    keys, _, actions = text.partition("help actions shows them")
    assert "s1 s2 ...     sell (harvest) field" in keys
    assert "h1 is the front card of your hand" in keys
    assert "Answer with:" not in keys and "Answer with:" in actions
    assert "propose 2 give h3,r1 want blaue" in actions


#: tables where a third field is for sale, the Rio Grande edition's prices included
FIELD_SALES = [
    ("bohnanza", 3),
    ("bohnanza", 5),
    ("bohnanza-rio-grande", 4),
    ("bohnanza-rio-grande", 6),
    ("bohnanza-rio-grande", 7),
    ("bohnanza-rio-grande", 2),
    ("high-bohn", 3),
    ("high-bohn", 5),
]


@pytest.mark.parametrize(("variant", "players"), FIELD_SALES)
def test_the_third_fields_price_shown_is_what_the_engine_charges(
    variant: str, players: int
) -> None:
    """The terminal asks the game for the price (``third_field_price``), never
    the option: the key shown buys the field, and the coins it takes are the
    price it showed (the Rio Grande edition's 3, or 2 with 6-7 players, where
    the option is 0)."""
    from bohn.scenario import load_position

    setup = {"players": [{"hand": ["blaue"], "coins": ["blaue"] * 4}]}
    game: Any = load_position({"variant": variant, "players": players, "setup": setup})
    s = session(game, 0, io.StringIO())
    keys = s.keys(game.observe(0), game.legal_actions(0))
    (item,) = [i for i in keys.items if "third field" in i]
    shown = int(re.search(r"for (\d+) coins?", item).group(1))  # type: ignore[union-attr]
    key = item.split(")")[0]
    before = len(game.coins[0])
    game.apply(0, keys.actions[key])
    assert before - len(game.coins[0]) == shown == game.third_field_price(0)
    assert len(game.fields[0]) == 3
