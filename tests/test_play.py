"""Terminal play driven by scripted answers."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import pytest

import bohn
from bohn.describe.terminal import person_text
from bohn.play import main


def scripted(answers: list[str], then: str | None = "1") -> Callable[[str], str]:
    """An input function: the answers in order, then ``then`` forever (or EOF)."""
    it: Iterator[str] = iter(answers)

    def input_fn(prompt: str) -> str:
        for a in it:
            return a
        if then is None:
            raise EOFError
        return then

    return input_fn


def in_words(variant: str, lang: str = "en") -> tuple[Any, Any, Any]:
    """The describer of ``variant`` as three functions: an action, an event and
    the screen in words (the card table and the variant come with the describer)."""
    from bohn.describe import describer

    words = describer(variant, lang)

    def action(a: Any, obs: dict[str, Any], seat: int, table: Any = None, price: Any = None) -> str:
        return words.action(a, obs, seat, price)

    def event(e: dict[str, Any], me: int, *_: Any) -> str | None:
        return words.event(e, me)

    def screen(
        obs: dict[str, Any], seat: int, kinds: dict[int, str], table: Any = None, asking: Any = None
    ) -> list[str]:
        return words.screen(obs, seat, kinds, asking)

    return action, event, screen


def test_scripted_game_finishes_and_bad_input_is_refused() -> None:
    out = io.StringIO()
    bad = ["99", "nonsense", "propose 10 give h1", "harvest f8", "", "help", "log", "table"]
    rc = main("bohnanza", 4, 1, ["greedy"], 7, layout="full", input_fn=scripted(bad), out=out)
    text = out.getvalue()
    assert rc == 0
    assert "there is no choice 99" in text
    assert "not understood: 'nonsense'; this game's actions: accept, buy-field, decline," in text
    assert "build" not in text.split("this game's actions: ")[1].splitlines()[0]
    # what the person types counts from 1; the engine's refusal keeps its JSON numbers
    assert "not allowed: you cannot propose a deal to seat 9 (bohnanza §3.2.2)" in text
    assert "not allowed: you have 2 fields; there is no field 7 (bohnanza §1.3)" in text
    assert "recent events:" in text
    assert "=== game over" in text
    assert "winner:" in text
    assert re.search(r"seat 3 \(greedy\): \S", text)


def test_end_of_input_leaves_politely() -> None:
    out = io.StringIO()
    rc = main(
        "bohnanza",
        3,
        0,
        ["greedy", "random"],
        3,
        layout="full",
        input_fn=scripted(["1"], None),
        out=out,
    )
    assert rc == 0
    assert "input closed" in out.getvalue()


def test_ctrl_c_at_the_prompt_leaves_with_130() -> None:
    def ctrl_c(prompt: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    rc = main("bohnanza", 3, 0, ["greedy"], 3, layout="full", input_fn=ctrl_c, out=out)
    assert rc == 130
    assert out.getvalue().rstrip().endswith("interrupted: leaving the game.")


def test_quit() -> None:
    out = io.StringIO()
    rc = main("bohnanza", 3, 0, ["greedy"], 3, layout="full", input_fn=scripted(["quit"]), out=out)
    assert rc == 0
    assert "you left the game" in out.getvalue()


def test_action_text_is_accepted() -> None:
    """An action's text form as the person reads it, its numbers from 1:
    ``plant f1`` plants on the JSON's field 0."""
    out = io.StringIO()
    game = bohn.new_game("bohnanza", 3, 5)
    first = game.legal_actions(0)[0]
    assert first.text() == "plant f0"
    rc = main(
        "bohnanza",
        3,
        0,
        ["greedy"],
        5,
        layout="full",
        input_fn=scripted(["plant f0", "plant f1", "quit"]),
        out=out,
    )
    assert rc == 0
    assert "not understood: 'plant f0'; seats, offers, fields and cards count from 1" in (
        out.getvalue()
    )
    assert "you: plant f1\n    you planted" in out.getvalue()
    assert "on field 1" in out.getvalue().split("you: plant f1")[1].splitlines()[1]


def test_action_text_in_any_letter_case() -> None:
    out = io.StringIO()
    first = "plant f1"  # the JSON's field 0
    shouted = first.upper()
    assert shouted != first
    rc = main(
        "bohnanza",
        3,
        0,
        ["greedy"],
        5,
        layout="full",
        input_fn=scripted([shouted, "QUIT"]),
        out=out,
    )
    assert rc == 0
    assert f"you: {first}" in out.getvalue() and "you left the game" in out.getvalue()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 4}, "seat must be from 0 to 3"),
        ({"bots": ["greedy", "greedy"]}, "name one bot kind"),
        ({"bots": ["nobot"]}, "unknown bot"),
        ({"variant": "chess"}, "unknown variant"),
    ],
)
def test_bad_setup_is_reported(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {
        "variant": "bohnanza",
        "players": 4,
        "seat": 0,
        "bots": ["greedy"],
        "seed": 1,
    }
    args.update(kwargs)
    out = io.StringIO()
    rc = main(**args, layout="full", input_fn=scripted([]), out=out)
    assert rc == 2
    assert message in out.getvalue()


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> list[bohn.Game]:
    """Every game ``bohn.new_game`` creates during the test, in order."""
    created: list[bohn.Game] = []
    real = bohn.new_game

    def capture(*args: Any, **kwargs: Any) -> bohn.Game:
        g = real(*args, **kwargs)
        created.append(g)
        return g

    monkeypatch.setattr(bohn, "new_game", capture)
    return created


def test_screen_shows_other_hands_only_as_sizes(games: list[bohn.Game]) -> None:
    out = io.StringIO()
    checked = 0

    def input_fn(prompt: str) -> str:
        nonlocal checked
        game = games[0]
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        for s in (0, 2, 3):
            hand_size = len(game.observe(s)["seats"][s]["hand"])
            assert f"seat {s + 1} (greedy): " in screen  # counted from 1
            line = next(x for x in screen.splitlines() if f"seat {s + 1} (greedy): " in x)
            assert line.endswith(f"{hand_size} cards in hand")
        assert screen.count("hand (front first)") == 1
        assert "your hand (front first)" in screen
        checked += 1
        return "1" if checked < 40 else "quit"

    rc = main("bohnanza", 4, 1, ["greedy"], 9, layout="full", input_fn=input_fn, out=out)
    assert rc == 0
    assert checked == 40


def test_trade_caps_default_and_given_options(games: list[bohn.Game]) -> None:
    main(
        "bohnanza",
        3,
        2,
        ["random"],
        1,
        layout="full",
        input_fn=scripted(["quit"]),
        out=io.StringIO(),
    )
    assert games[-1].options["trade_caps"] == [2, 2, 50]
    main(
        "bohnanza",
        3,
        2,
        ["random"],
        1,
        {"trade_cap": 4},
        layout="full",
        input_fn=scripted(["quit"]),
        out=io.StringIO(),
    )
    assert games[-1].options["trade_caps"] is None
    main(
        "bohnanza",
        3,
        0,
        ["random"],
        1,
        {"first_player": 1},
        layout="full",
        input_fn=scripted(["quit"]),
        out=io.StringIO(),
    )
    assert games[-1].options["trade_caps"] == [50, 2, 2]


# -- High Bohn ------------------------------------------------------------------


def seat_block(screen: str, name: str) -> list[str]:
    """The lines of one seat's block on a screen (its header line first)."""
    lines = screen.splitlines()
    start = next(i for i, x in enumerate(lines) if x[2:].startswith(f"{name}: "))
    block = [lines[start]]
    for x in lines[start + 1 :]:
        if not x.startswith("      "):
            break
        block.append(x.strip())
    return block


def en_name(variant: str, key: str) -> str:
    """A card's English name, as the catalogue (``bohn cards``) gives it."""
    from bohn.catalogue import catalogue

    return catalogue(variant).entry(key).names["en"]


def en_name_hb(key: str) -> str:
    """A High Bohn card's or building's English name (``bank-2``: ``2 Bank``)."""
    return en_name("high-bohn", key)


def counted(keys: list[str], variant: str = "high-bohn") -> str:
    """Cards grouped by English name, most first: ``Blue bean x2, Stink bean``."""
    counts: dict[str, int] = {}
    for k in (en_name(variant, key) for key in keys):
        counts[k] = counts.get(k, 0) + 1
    parts = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(k if c == 1 else f"{k} x{c}" for k, c in parts) or "none"


@pytest.mark.parametrize("cognac", [False, True])
def test_high_bohn_through_the_terminal(games: list[bohn.Game], cognac: bool) -> None:
    """A High Bohn game played to its end by a greedy bot typing for seat 1:
    every screen shows each seat's buildings and coin faces as the game has them."""
    from bohn.bots.base import SeatView
    from bohn.rulesets.high_bohn.bots import HighBohnGreedyBot

    out = io.StringIO()
    first = ["help", "build jail-4", "table"]
    player = HighBohnGreedyBot(7)
    screens = 0
    built = False

    def input_fn(prompt: str) -> str:
        nonlocal screens, built
        if first:
            return first.pop(0)
        game = games[0]
        obs = game.observe(1)
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        for s, name in ((1, "you"), (2, "seat 3 (greedy)")):
            seat = obs["seats"][s]
            block = seat_block(screen, name)
            assert f"coins: {counted(seat['coin_cards'])}" in block
            owned = ", ".join(map(en_name_hb, seat["buildings"])) or "none"
            assert any(x.startswith(f"buildings: {owned}") for x in block), block
            built = built or (s == 1 and bool(seat["buildings"]))
        assert "building supply: " in screen
        screens += 1
        legal = game.legal_actions(1)
        return person_text(player.act(SeatView(1, legal, lambda: game.observe(1))).text())

    rc = main(
        "high-bohn",
        4,
        1,
        ["greedy"],
        11,
        {"cognac": cognac},
        layout="full",
        input_fn=input_fn,
        out=out,
    )
    text = out.getvalue()
    assert rc == 0
    assert "High Bohn: 4 players" in text
    assert "High Bohn adds:" in text  # help
    assert "not allowed: jail-4 costs 4 blaue coins and you have 0 (high-bohn §4.1.1)" in text
    assert screens > 50 and built
    assert re.search(r"\d\) build the .+? for \d coins? of \w+", text)
    choices = re.findall(r"^ +\d+\) (.*)   \[(.*)\]$", text, re.M)
    assert choices and all(desc != act for desc, act in choices)  # all told in words
    assert "=== game over" in text and "(cash " in text
    assert re.search(r"you built the \S+", text)


def test_high_bohn_actions_and_events_in_words() -> None:
    from bohn.engine.actions import BuyField
    from bohn.engine.actions import Pass
    from bohn.engine.actions import Plant
    from bohn.engine.actions import parse_action

    describe_action, describe_event, screen = in_words("high-bohn")

    game = bohn.new_game("high-bohn", 3, 2, {"cognac": True})
    obs = game.observe(0)
    me = obs["seats"][0]
    me.update(
        {
            "hand": ["soja", "blaue", "sau"],
            "fields": [["blaue", "blaue"], ["sau"], []],
            "field_kinds": ["regular", "regular", "saloon"],
            "stews": [False, False, False],
            "locked": [False, False, True],
            "trading_area": ["rote"],
            "store": ["garten"],
            "buildings": ["farm-2", "saloon-4", "goldmine-2", "bank-3"],
            "coin_cards": ["blaue", "blaue", "sau"],
        }
    )
    obs.update({"deck_top": "feuer", "drawn": ["rote", "augen", "soja"], "revealed": ["cognac"]})
    table = type(game).table

    def said(text: str) -> str:
        return describe_action(parse_action(text), obs, 0, table, 3)

    assert said("build jail-2").startswith("build the 2 Jail for 2 coins of Blue bean: ")
    assert said("build distillery-2 name saloon") == (
        "build the 2 Distillery for 2 coins of Cognac bean and name the Saloon: the others may "
        "buy a Saloon at once, then the remaining Saloon cards leave the game"
    )
    assert said("store h0") == (
        "put your front card Soy bean on your General Store (counts as planting it)"
    )
    assert said("store r0") == "put revealed card 1 (Cognac bean) on your General Store"
    assert said("store t0") == "put Red bean from your trading area on your General Store"
    assert said("bury") == (
        "2 Bank: put the top card of the draw pile (Chili bean) face down at its bottom"
    )
    assert said("move h2 h0") == "4 Bank: move hand card 3 (Stink bean) to position 1"
    assert said("order 2,0,1") == (
        "3 Bank: your drawn cards join the back of your hand as Soy bean, Red bean, Black-eyed bean"
    )
    assert said("take soja") == "4 Jail: take a Soy bean leftover as your coin"
    assert describe_action(Plant(0, None, "joker"), obs, 0, table).endswith(
        "on field 1 (Blue bean x2, pays 0) as a soy joker of its type"
    )
    assert describe_action(Plant(1, 0, "stew"), obs, 0, table).endswith("as a bean stew card")
    assert describe_action(BuyField(), obs, 0, table, 3) == "buy your third field for 1 coin"
    obs["phase"] = "final-buying"
    assert describe_action(Pass(), obs, 0, table) == "pass: buy no more buildings in this round"

    text = "\n".join(screen(obs, 0, {1: "greedy", 2: "greedy"}, table))
    assert "f3 [2 Saloon field, Green bean only; locked until" in text
    assert "coins: Blue bean x2, Stink bean" in text
    assert "buildings: 2 Farm, 4 Saloon, 2 Goldmine, 3 Bank (worth 11)" in text
    assert "your General Store: s1 Garden bean" in text
    assert "top card of the draw pile (2 Bank): Chili bean" in text
    assert (
        "your drawn cards (3 Bank: choose their order): 1) Red bean  2) Black-eyed bean  "
        "3) Soy bean" in text
    )
    assert (
        "building supply: Goldmine (Garden bean) 1 2 3 4; Indian Teepee (Red bean) 1 2 3 4;" in text
    )

    events: list[dict[str, Any]] = [
        {"type": "build", "seat": 0, "building": "jail-2"},
        {"type": "pay", "seat": 0, "coins": ["blaue", "blaue"], "for": "jail-2"},
        {"type": "store", "seat": 1, "card": "sau", "from": "h"},
        {"type": "look", "seat": 0, "card": "sau"},
        {"type": "bury", "seat": 1},
        {"type": "move", "seat": 0, "from": 3, "to": 0},
        {"type": "order", "seat": 0, "cards": ["sau", "rote"]},
        {"type": "new-field", "seat": 0, "field": 2, "kind": "saloon", "locked": True},
        {"type": "buildings-removed", "buildings": ["farm-1"], "reason": "player-count"},
        {"type": "distillery-names", "seat": 2, "building_type": "jail"},
        {"type": "distillery-coin", "seat": 2, "from": 0, "coin": "sau"},
        {"type": "jail-choice", "seat": 1, "cards": ["blaue", "soja"]},
        {"type": "jail-coin", "seat": 1, "coin": "soja"},
        {"type": "final-buying", "first": 2},
        {"type": "teepee", "seat": 0, "coins": 2, "from_pile": 2},
        {"type": "plant", "seat": 0, "field": 1, "card": "soja", "as": "joker"},
        {
            "type": "harvest",
            "seat": 0,
            "field": 0,
            "cards": ["sau", "rote"],
            "coins": 0,
            "final": False,
            "stew": True,
        },
    ]
    lines = [describe_event(e, 0) for e in events]
    assert all(line and not line.startswith("{") for line in lines), lines
    assert lines[1] == "you paid 2 coins (Blue bean x2) for 2 Jail"
    assert lines[5] == "you moved hand card 4 to position 1 (4 Bank)"
    assert lines[7] == "you got a new field 3: 2 Saloon field, Green bean only (locked for now)"
    assert lines[15] == "you planted Soy bean on field 2 as a soy joker"
    assert lines[16] == (
        "you harvested field 1 (a bean stew of 2: Stink bean, Red bean) -> 0 coins under the Saloon"
    )


@pytest.mark.parametrize("players", [1, 2])
def test_al_cabohne_through_the_terminal(games: list[bohn.Game], players: int) -> None:
    """An Al Cabohne game played to its end by a greedy bot typing for seat 0:
    every screen shows the bosses with their thresholds, the treasury and the piles."""
    from bohn.bots.base import SeatView
    from bohn.rulesets.al_cabohne.bots import AlCabohneGreedyBot

    out = io.StringIO()
    first = ["help", "place p1 m1", "table"]
    player = AlCabohneGreedyBot(3)
    screens = 0
    piles_seen = 0

    def input_fn(prompt: str) -> str:
        nonlocal screens, piles_seen
        if first:
            return first.pop(0)
        game = games[0]
        obs = game.observe(0)
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        assert f"the mafia: treasury {obs['treasury']} coin" in screen
        for k, b in enumerate(obs["bosses"]):
            top = en_name("al-cabohne", b["field"][-1]) if b["field"] else ""
            grows = f"{len(b['field'])} x {top}" if b["field"] else "empty"
            assert (
                f"m{k + 1} " in screen and f"{grows} (harvests at {b['threshold']} coin" in screen
            )
        if obs["piles"]:
            piles = "   ".join(
                f"p{i}: {en_name('al-cabohne', p[0])} x{len(p)}"
                for i, p in enumerate(obs["piles"], 1)
            )
            assert f"uncovered piles: {piles}" in screen
            piles_seen += 1
        if obs["feed"]:
            assert "his field is empty, give him a hand card" in screen
        screens += 1
        legal = game.legal_actions(0)
        return person_text(player.act(SeatView(0, legal, lambda: game.observe(0))).text())

    rc = main("al-cabohne", players, 0, ["greedy"], 5, layout="full", input_fn=input_fn, out=out)
    text = out.getvalue()
    assert rc == 0
    assert f"Al Cabohne: {players} players" in text
    assert "m1 Al Cabohne: " in text and "m2 Don Corlebohne: " in text
    assert ("m3 Joe Bohnano: " in text) == (players == 1)
    assert "not allowed: " in text  # no pile to place before planting
    assert screens > 20 and piles_seen > 5
    choices = re.findall(r"^ +\d+\) (.*)   \[(.*)\]$", text, re.M)
    assert choices and all(desc != act for desc, act in choices)  # all told in words
    assert re.search(r"\) plant pile \d \([A-Z][a-z]+ bean x\d+\) whole on field \d", text)
    assert re.search(r"uncovered [A-Z][a-z]+ bean: it (joins the piles|goes to the mafia)", text)
    assert "=== game over" in text and "  the mafia: " in text
    result = games[0].result()
    assert result is not None
    if result.details["winner"] == "mafia":
        assert "winner: the mafia" in text
    else:
        assert "winner: you" in text


def test_al_cabohne_actions_and_events_in_words() -> None:
    from bohn.engine.actions import parse_action

    describe_action, describe_event, _ = in_words("al-cabohne")

    game = bohn.new_game("al-cabohne", 2, 2)
    obs = game.observe(0)
    obs["seats"][0].update({"hand": ["blaue", "sau"], "fields": [["kidney", "kidney"], []]})
    obs.update(
        {
            "phase": "place",
            "piles": [["stangen", "stangen", "stangen"], ["puff"]],
            "bosses": [
                {"key": "al-cabohne", "threshold": 3, "field": ["sau", "sau"]},
                {"key": "don-corlebohne", "threshold": 2, "field": []},
            ],
        }
    )
    table = type(game).table

    def said(text: str) -> str:
        return describe_action(parse_action(text), obs, 0, table, 3)

    assert said("place p0 f1") == "plant pile 1 (Runner bean x3) whole on field 2 (empty)"
    assert said("place p0 m1") == (
        "give pile 1 (Runner bean x3) to Don Corlebohne (empty, harvests at 2), one card at a time"
    )
    assert said("give h1 m0") == (
        "give hand card 2 (Stink bean) to Al Cabohne (2 x Stink bean, harvests at 3)"
    )
    assert said("discard p1") == "discard pile 2 (Broad bean x1)"
    assert said("pass").startswith("pass: leave the remaining piles for your opponent")
    events = {
        "mafia-plant": ({"boss": "al-cabohne", "card": "sau"}, "Al Cabohne got Stink bean"),
        "mafia-harvest": (
            {"boss": "don-corlebohne", "cards": ["kidney"] * 3, "coins": 2, "final": False},
            "Don Corlebohne harvested 3 x Kidney bean -> 2 coins for the mafia treasury (his "
            "field is worth his threshold, al-cabohne §4.1)",
        ),
        "protection": (
            {"seat": 1, "field": 0},
            "protection: seat 2 gave the top card of field 1 to the mafia: a boss grows its type "
            "(al-cabohne §3.2)",
        ),
        "uncover": ({"card": "kidney", "to": "pile"}, "uncovered Kidney bean: it joins the piles"),
        "from-discard": (
            {"card": "kidney", "pile": 2},
            "Kidney bean from the discard pile joins pile 3",
        ),
        "place": (
            {"seat": 0, "pile": 0, "field": 1, "cards": ["stangen"] * 3},
            "you planted pile 1 (3 x Runner bean) on field 2",
        ),
        "give": (
            {"seat": 0, "boss": "joe-bohnano", "card": "feuer"},
            "you gave Chili bean to Joe Bohnano",
        ),
        "discard-pile": (
            {"seat": 1, "cards": ["brech"]},
            "seat 2 discarded a pile: Green bean",
        ),
    }
    for t, (e, line) in events.items():
        assert describe_event({"type": t, **e}, 0) == line
    assert describe_event({"type": "place", "seat": 1, "pile": 1, "boss": "al-cabohne"}, 0) == (
        "seat 2 gave pile 2 to Al Cabohne"
    )


# -- Prohibohn -------------------------------------------------------------------------


def end_values(owned: list[str], razzia: bool) -> list[int]:
    """Each card's end value as the rules give it (prohibohn §4.3, §5.3)."""
    from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS

    out = []
    for k in owned:
        kind, _, price = k.rpartition("-")
        if price == "1":
            full = f"{kind}-3" in owned and f"{kind}-4" in owned
            out.append(4 if full else 0 if razzia else 1)
        else:
            out.append(ESTABLISHMENTS.price[ESTABLISHMENTS.index[k]])
    return out


@pytest.mark.parametrize("pub", [False, True])
def test_prohibohn_through_the_terminal(games: list[bohn.Game], pub: bool) -> None:
    """A Prohibohn game played to its end by a greedy bot typing for seat 0:
    every screen shows each seat's establishments with their end values and
    total, the cards to be had, the Razzia, the coins under the discard pile,
    the mafia and the open decision; mixed Nightbar fields bottom first."""
    from bohn.bots.base import SeatView
    from bohn.rulesets.prohibohn.bots import ProhibohnGreedyBot

    out = io.StringIO()
    first = ["help", "build casino-3", "table"]
    player = ProhibohnGreedyBot(3)
    screens = 0
    seen: set[str] = set()

    def input_fn(prompt: str) -> str:
        nonlocal screens
        if first:
            return first.pop(0)
        game = games[0]
        obs = game.observe(0)
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        for s, name in ((0, "you"), (1, "seat 2 (greedy)")):
            p = obs["seats"][s]
            block = seat_block(screen, name)
            owned = p["establishments"]
            values = end_values(owned, obs["razzia"])
            bonus = p["tally"]["bonus"]
            parts = [
                f"{k} ({v}{f' + bonus {bonus}' if k.startswith('police-station') else ''})"
                for k, v in zip(owned, values, strict=True)
            ]
            assert f"establishments: {', '.join(parts) or 'none'}" in block, block
            t = p["tally"]
            assert (
                f"total now: {t['total']} (cash {t['cash']}, establishments {t['cards']}, "
                f"bonus {t['bonus']})" in block
            )
            assert t["cards"] == sum(values)
            for f, fld in enumerate(p["fields"]):
                if len(set(fld)) > 1:
                    names = [en_name("prohibohn", k) for k in fld]
                    label = (
                        f"f{f + 1} [Nightbar field, bottom first; its top card {names[-1]} "
                        "prices it]"
                    )
                    assert any(x.startswith(f"{label}: [{', '.join(names)}]") for x in block)
                    seen.add("mixed")
            if owned:
                seen.add("owned")
        assert "to be had: " in screen
        if obs["razzia"]:
            assert "RAZZIA bought by " in screen
            seen.add("razzia")
        else:
            assert "Razzia: not bought yet" in screen
        if obs["under"]:
            assert f"{obs['under']} coin{'s' if obs['under'] != 1 else ''} paid under it" in screen
            seen.add("under")
        assert f"the mafia: treasury {obs['treasury']} coin" in screen
        phase = obs["phase"]
        d = obs["decision"] or {}
        if phase == "start-coins":
            assert "set-up: each player lays 2 hand cards face down" in screen
        elif phase == "remove-third":
            assert f"may remove the third, {d['third']}, from the game" in screen
        elif phase == "police-coin":
            assert "take one coin of the mafia treasury (Police Station): " in screen
            assert "coin of the mafia treasury (Police Station)   [take " in out.getvalue()
        elif phase == "pub-removal":
            assert (
                f"may remove one of these 1-establishments worth 1: {', '.join(d['removable'])}"
                in screen
            )
        elif phase == "protect":
            assert f"decision: pub-3: field {d['field'] + 1} may give " in screen
        elif phase == "uncover-more":
            assert f"uncovering stopped early after {obs['uncovered']} cards" in screen
        elif phase == "draw":
            assert f"may draw {' or '.join(map(str, d['counts']))} cards (Gas Station)" in screen
        elif phase == "final-buying":
            assert "final buying: you may harvest and buy now" in screen
        seen.add(phase)
        screens += 1
        legal = game.legal_actions(0)
        return person_text(player.act(SeatView(0, legal, lambda: game.observe(0))).text())

    rc = main(
        "prohibohn", 2, 0, ["greedy"], 5, {"pub": pub}, layout="full", input_fn=input_fn, out=out
    )
    text = out.getvalue()
    assert rc == 0 and player.fallbacks == 0
    assert "Prohibohn: 2 players" in text
    assert "Prohibohn adds:" in text and "High Bohn adds:" not in text  # help
    assert "not allowed: settle the open decision first (prohibohn §4.1)" in text
    assert ("pub (Cognac bean) 1 3 4" in text) == pub
    assert ("m3 Joe Bohnano: " in text) == pub
    assert screens > 30
    assert {"start-coins", "plant", "place", "final-buying", "owned", "under"} <= seen
    decisions = {"remove-third", "police-coin", "pub-removal", "protect", "uncover-more", "draw"}
    assert len(seen & decisions) >= 2  # seed 5: the third card and the Gas Station's draw ...
    choices = re.findall(r"^ +\d+\) (.*)   \[(.*)\]$", text, re.M)
    assert choices and all(desc != act for desc, act in choices)  # all told in words
    bean = r"[A-Z][a-z]+ bean"  # a bean by its English name
    assert re.search(rf"\) lay {bean}, {bean} face down as your starting coins", text)
    assert re.search(rf"\) buy the \S+ for \d coins? of {bean}: ", text)
    assert re.search(r"you bought the \S+", text)
    assert "you laid " in text and "seat 2 laid 2 cards face down as starting coins" in text
    assert "=== game over" in text and "  the mafia: " in text
    result = games[0].result()
    assert result is not None
    for s, t in enumerate(result.details["tally"]):
        name = "you" if s == 0 else "seat 2 (greedy)"
        assert (
            f"  {name}: {result.scores[s]} coins (cash {t['cash']}, establishments "
            f"{t['cards']}, bonus {t['bonus']})" in text
        )
    assert ("winner: the mafia" in text) == (result.details["winner"] == "mafia")


def test_prohibohn_actions_and_events_in_words() -> None:
    from bohn.engine.actions import parse_action

    describe_action, describe_event, screen = in_words("prohibohn")

    game = bohn.new_game("prohibohn", 2, 2, {"pub": True})
    obs = game.observe(0)
    me = obs["seats"][0]
    me.update(
        {
            "hand": ["blaue", "sau", "kidney"],
            "fields": [["sau", "puff", "sau"], ["kidney"], []],
            "coin_cards": ["blaue", "blaue", "sau"],
            "establishments": ["casino-1", "casino-3", "casino-4", "police-station-4", "pub-1"],
            "tally": {"cash": 3, "cards": 15, "bonus": 1, "total": 19},
        }
    )
    obs["seats"][1]["establishments"] = ["razzia", "restaurant-1"]
    obs.update(
        {
            "phase": "plant",
            "razzia": True,
            "under": 2,
            "discard": ["blaue", "sau", "kidney"],
            "decision": None,
            "supply": ["undertaker-1", "undertaker-4", "police-station-3"],
        }
    )
    table = type(game).table

    def said(text: str, phase: str | None = None) -> str:
        if phase is not None:
            obs["phase"] = phase
        return describe_action(parse_action(text), obs, 0, table)

    assert said("plant h2 f1") == (
        "plant hand card 3 (Kidney bean) on field 2 (Kidney bean x1, pays 0) (Varieté)"
    )
    assert said("plant f0").startswith(
        "plant Blue bean (front card) on field 1 ([Stink bean, Broad bean, Stink bean]"
    )
    assert said("stash h0,h2", "start-coins") == (
        "lay Blue bean, Kidney bean face down as your starting coins"
    )
    assert said("build undertaker-4", "place") == (
        "buy the 4 Undertaker for 4 coins of Green bean: in phase 4 the owner may uncover up to "
        "three cards whatever discard cards joined."
    )
    assert said("build undertaker-1").startswith(
        "buy the 1 Undertaker for 1 coin of Green bean: no ability; worth 1 at the end"
    )
    assert said("build razzia name sau").startswith("buy the Razzia for 5 coins of Stink bean: ")
    assert said("build razzia").startswith("buy the Razzia for 4 coins of Blue bean: ")
    assert said("drop h1", "plant") == "3 Casino: put hand card 2 (Stink bean) on the discard pile"
    assert said("remove undertaker-4", "remove-third") == (
        "remove 4 Undertaker from the game: nobody can buy it any more"
    )
    assert said("pass") == "pass: leave the third card to be had"
    assert said("remove restaurant-1", "pub-removal") == (
        "4 Pub: remove your opponent's 1 Restaurant from the game"
    )
    assert said("take sau", "police-coin") == (
        "take a Stink bean coin of the mafia treasury (Police Station)"
    )
    assert said("uncover", "uncover-more").startswith("Undertaker: uncover one more card")
    assert said("pass") == "pass: stop uncovering"
    obs["decision"] = {"field": 0, "boss": "al-cabohne"}
    assert said("protect f0", "protect") == (
        "3 Pub: give Al Cabohne the top card of field 1 ([Stink bean, Broad bean, Stink bean], "
        "pays 0) too"
    )
    assert said("draw 3", "draw") == "draw 3 cards (Gas Station)"
    assert said("pass", "final-buying") == "pass: end your final buying"

    obs.update({"phase": "police-coin", "decision": {"treasury": ["sau", "sau", "blaue"]}})
    text = "\n".join(screen(obs, 0, {1: "greedy"}, table))
    assert (
        "f1 [Nightbar field, bottom first; its top card Stink bean prices it]: "
        "[Stink bean, Broad bean, Stink bean]" in text
    )
    assert (
        "establishments: casino-1 (4), casino-3 (3), casino-4 (4), police-station-4 "
        "(4 + bonus 1), pub-1 (0)" in text
    )
    assert "total now: 19 (cash 3, establishments 15, bonus 1)" in text
    assert "establishments: razzia (4), restaurant-1 (0)" in text
    assert "to be had: undertaker (Green bean) 1 4; police-station (Blue bean) 3" in text
    assert "RAZZIA bought by seat 2 (greedy): every 1-establishment is worth 0" in text
    assert "discard: 3 cards (top: Kidney bean), 2 coins paid under it" in text
    assert (
        "decision: take one coin of the mafia treasury (Police Station): Stink bean x2, Blue bean"
        in text
    )

    events: dict[str, tuple[dict[str, Any], str]] = {
        "stash": ({"seat": 1, "count": 2}, "seat 2 laid 2 cards face down as starting coins"),
        "build": ({"seat": 0, "card": "casino-3"}, "you bought the 3 Casino"),
        "remove": ({"seat": 1, "card": "casino-1"}, "seat 2 removed 1 Casino from the game"),
        "police-coin": ({"seat": 1}, "seat 2 took a coin of the mafia treasury (Police Station)"),
        "mafia-coin": (
            {"seat": 0, "card": "feuer", "for": "protection"},
            "you got a Chili bean coin (bonus coin of the mafia's harvest)",
        ),
        "drop": ({"seat": 0, "card": "sau"}, "you put Stink bean on the discard pile (3 Casino)"),
        "uncover-more": ({"seat": 1}, "seat 2 goes on uncovering (Undertaker)"),
        "final-buying": ({"seat": 1}, "final buying: seat 2 may harvest and buy now"),
        "play-on": (
            {"establishments": 7},
            "only 7 establishment cards are owned: the discard pile becomes a fourth draw "
            "pile and play goes on",
        ),
    }
    for t, (e, line) in events.items():
        assert describe_event({"type": t, **e}, 0) == line
    assert describe_event({"type": "stash", "seat": 0, "cards": ["sau", "feuer"]}, 0) == (
        "you laid Stink bean, Chili bean face down as starting coins"
    )
    assert describe_event({"type": "police-coin", "seat": 0, "card": "sau"}, 0) == (
        "you took a Stink bean coin of the mafia treasury (Police Station)"
    )


# -- Ladybohn --------------------------------------------------------------------------

#: the screen's gender marks, as the tests expect them (ladybohn §1.1)
LADY_MARKS = {"lady": "♀", "baby": "·baby"}


def lady_label(key: str, variant: str = "ladybohn") -> str:
    """A card as the screen shows it: its bean's English name and its gender mark."""
    bean, _, kind = key.partition("/")
    name = en_name(variant, bean)
    return name + LADY_MARKS[kind] if kind else name


def stack_cards(line: str) -> list[str]:
    """The cards of a shown Ladybohn field, bottom first, runs expanded."""
    inner = line.split("[bottom] ", 1)[1].split(" [top]", 1)[0]
    out: list[str] = []
    for part in inner.split(" -> "):
        label, _, count = part.partition(" x")
        out += [label] * (int(count) if count else 1)
    return out


def test_ladybohn_through_the_terminal(games: list[bohn.Game]) -> None:
    """A Ladybohn game played to its end by a greedy bot typing for seat 1:
    every screen shows each field bottom -> top with readable genders, its top
    card and what it pays, the third fields left, the foisted baby to plant,
    and others' offered hand cards by their bean type only."""
    from bohn.bots.base import SeatView
    from bohn.rulesets.ladybohn.bots import LadybohnGreedyBot

    out = io.StringIO()
    first = ["help", "table"]
    player = LadybohnGreedyBot(3)
    screens = 0
    seen: set[str] = set()

    def input_fn(prompt: str) -> str:
        nonlocal screens
        if first:
            return first.pop(0)
        game = games[0]
        obs = game.observe(1)
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        assert "fields bottom -> top; the top card prices a field" in screen
        assert f"third fields left in the game: {obs['third_fields_left']}" in screen
        for s, name in ((1, "you"), (2, "seat 3 (greedy)")):
            p = obs["seats"][s]
            block = seat_block(screen, name)
            for f, fld in enumerate(p["fields"]):
                line = next(x for x in block if x.startswith(f"f{f + 1}: "))
                if not fld:
                    assert line == f"f{f + 1}: empty"
                    continue
                assert stack_cards(line) == [lady_label(k) for k in fld], (line, fld)
                n = len(fld)
                assert f"[top] - {n} card{'s' if n > 1 else ''}, pays {p['field_pays'][f]}" in line
                top = fld[-1].partition("/")[2]
                if top == "baby":
                    assert line.endswith("(a baby on top pays nothing)")
                    seen.add("baby on top")
                elif top == "lady":
                    assert line.endswith("(a lady on top)")
                    seen.add("lady on top")
        if obs["foist"] is not None:
            assert obs["phase"] == "foist" and obs["foist"]["seat"] == 1
            cards = ", ".join(lady_label(k) for k in obs["foist"]["cards"])
            assert f"foist: you must plant the received {cards} at once" in screen
            seen.add("foist")
        for o in obs["offers"]:
            if o["from"] != 1:
                give = ", ".join(
                    lady_label(k) if "/" in k else f"{en_name('ladybohn', k)} (♂ or ♀)"
                    for k in o["give"]
                )
                give = give or "nothing"
                assert f"gives {give}; wants" in screen or f"you would get {give};" in screen
                if any("/" not in k for k in o["give"]):
                    assert "a hand card's gender stays hidden until the deal" in screen
                    seen.add("hidden")
        screens += 1
        legal = game.legal_actions(1)
        action = player.act(SeatView(1, legal, lambda: game.observe(1)))
        if action.text().split()[-1].startswith("pull"):
            seen.add("pull")
        return person_text(action.text())

    rc = main("ladybohn", 4, 1, ["greedy"], 4, layout="full", input_fn=input_fn, out=out)
    text = out.getvalue()
    assert rc == 0 and player.fallbacks == 0
    assert "Ladybohn: 4 players" in text
    assert "Ladybohn adds:" in text and "High Bohn adds:" not in text  # help
    assert screens > 100
    assert {"baby on top", "lady on top", "foist", "hidden", "pull"} <= seen, seen
    choices = re.findall(r"^ +\d+\) (.*)   \[(.*)\]$", text, re.M)
    assert choices and all(desc != act for desc, act in choices)  # all told in words
    pulls = [desc for desc, act in choices if " pull" in act]
    assert pulls and all(
        re.search(r", pulling the lady at position \d+ \(1 = bottom\) up two places; then ", d)
        for d in pulls
    )
    baby = r"[A-Z][a-z-]+ bean·baby"  # a baby by its bean's English name
    assert re.search(rf"\) plant the received {baby} at once on field \d", text)
    assert re.search(rf"you had to plant the received {baby} at once", text)
    assert re.search(r"the baby pulled the lady of (your|seat \d's) field \d up from", text)
    assert re.search(
        r"you harvested field \d \(\d+ cards, top Garden bean\S*\) -> \d coins? from the", text
    )
    assert "=== game over (final-exhaustion) ===" in text and "winner: " in text


def test_ladybohn_actions_and_events_in_words() -> None:
    from bohn.engine.actions import BuyField
    from bohn.engine.actions import parse_action

    describe_action, describe_event, screen = in_words("ladybohn")
    from bohn.scenario import load_position

    game = load_position(
        {
            "variant": "ladybohn",
            "players": 3,
            "seed": 0,
            "setup": {
                "active": 1,
                "phase": "trade",
                "revealed": ["sau/baby", "blaue/lady"],
                "players": [
                    {
                        "hand": ["sau/baby", "blaue/lady", "soja"],
                        "fields": [["sau/lady", "sau", "sau/lady", "sau"], ["garten/lady"]],
                        "trading_area": ["sau/baby"],
                        "coins": ["rote/lady", "rote/baby", "rote"],
                    },
                    {"fields": [["blaue", "blaue/baby"], []]},
                ],
            },
        }
    )
    obs = game.observe(0)
    table = type(game).table
    obs["offers"] = [
        {"id": 4, "from": 1, "to": 0, "give": ["sau", "blaue/lady"], "want": ["soja"]},
        {"id": 5, "from": 0, "to": 1, "give": ["soja"], "want": [], "give_refs": ["h2"]},
    ]

    def said(text: str, phase: str | None = None) -> str:
        if phase is not None:
            obs["phase"] = phase
        return describe_action(parse_action(text), obs, 0, table, 3)

    field0 = "field 1 ([bottom] Stink bean♀ -> Stink bean -> Stink bean♀ -> Stink bean [top] - 4 cards, pays 1)"
    assert said("plant f0 pull2", "plant") == (
        f"plant Stink bean·baby (front card) on {field0}, pulling the lady at position 3 (1 = bottom) "
        "up two places; then [bottom] Stink bean♀ -> Stink bean x2 -> Stink bean·baby -> Stink bean♀ [top] - 5 cards, "
        "pays 2 (a lady on top)"
    )
    assert said("plant f0 pull0").endswith(
        "then [bottom] Stink bean -> Stink bean♀ x2 -> Stink bean -> Stink bean·baby [top] - 5 cards, pays 0 "
        "(a baby on top pays nothing)"
    )
    assert said("plant t0 f0 pull2", "foist") == (
        f"plant the received Stink bean·baby at once on {field0}, pulling the lady at position 3 "
        "(1 = bottom) up two places; then [bottom] Stink bean♀ -> Stink bean x2 -> Stink bean·baby -> Stink bean♀ [top] "
        "- 5 cards, pays 2 (a lady on top) (a received baby goes on its type's field now, "
        "ladybohn §4.3)"
    )
    assert said("plant t0 f1", "plant-traded").startswith(
        "plant Stink bean·baby from your trading area on field 2 ([bottom] Garden bean♀ [top] - 1 card, "
        "pays 2; a lady on top)"
    )
    assert said("accept 4 give h2", "trade") == (
        "accept offer 5 from seat 2: you get Stink bean (♂ or ♀), Blue bean♀ and give Soy bean"
    )
    assert said("propose 1 give h1 want blaue") == ("offer seat 2: give Blue bean♀ for Blue bean")
    assert describe_action(BuyField(), obs, 0, table, 3) == (
        "buy your third field for 3 coins (2 third fields left in the game)"
    )

    obs.update({"phase": "foist", "foist": {"seat": 0, "cards": ["sau/baby"]}})
    text = "\n".join(screen(obs, 0, {1: "greedy", 2: "random"}, table))
    assert "fields bottom -> top; the top card prices a field: ♀ a lady pays more" in text
    assert "third fields left in the game: 2" in text
    assert (
        "foist: you must plant the received Stink bean·baby at once on a field of its type" in text
    )
    assert (
        "f1: [bottom] Stink bean♀ -> Stink bean -> Stink bean♀ -> Stink bean [top] - 4 cards, pays 1"
        in text
    )
    assert "f2: [bottom] Garden bean♀ [top] - 1 card, pays 2 (a lady on top)" in text
    assert (
        "f1: [bottom] Blue bean -> Blue bean·baby [top] - 2 cards, pays 0 (a baby on top pays nothing)"
        in text
    )
    assert "coins: Red bean, Red bean·baby, Red bean♀" in text
    assert "your hand (front first): h1 Stink bean·baby  h2 Blue bean♀  h3 Soy bean" in text
    assert "your trading area: t1 Stink bean·baby" in text
    assert "revealed: r1 Stink bean·baby  r2 Blue bean♀" in text
    assert (
        "offer 5 TO YOU from seat 2: you would get Stink bean (♂ or ♀), Blue bean♀; seat 2 wants Soy bean"
        in text
    )
    assert "offer 6 from you to seat 2: you give Soy bean (h3); you want nothing" in text
    assert "a hand card's gender stays hidden until the deal, ladybohn §3.3" in text

    events: list[tuple[dict[str, Any], str]] = [
        (
            {"type": "foist", "seat": 2, "card": "blaue/baby"},
            "seat 3 had to plant the received Blue bean·baby at once on a field of its type "
            "(ladybohn §4.3)",
        ),
        (
            {"type": "pull", "seat": 0, "field": 1, "from": 2, "to": 4},
            "the baby pulled the lady of your field 2 up from position 3 to 5",
        ),
        (
            {"type": "plant", "seat": 1, "field": 0, "card": "soja/lady"},
            "seat 2 planted Soy bean♀ on field 1",
        ),
        (
            {
                "type": "harvest",
                "seat": 0,
                "field": 1,
                "cards": ["garten", "garten/lady"],
                "coins": 3,
                "final": False,
                "from_discard": ["sau", "rote", "soja"],
            },
            "you harvested field 2 (2 cards, top Garden bean♀) -> 3 coins from the discard pile",
        ),
        (
            {"type": "offer", "id": 2, "from": 1, "to": 0, "give": ["sau"], "want": ["soja"]},
            "offer 3: seat 2 -> YOU: gives Stink bean (♂ or ♀), wants Soy bean",
        ),
        (
            {
                "type": "trade",
                "offer": 2,
                "from": 1,
                "to": 0,
                "given": ["sau/baby"],
                "returned": [],
            },
            "trade 3: seat 2 gave Stink bean·baby to you for nothing",
        ),
    ]
    for e, line in events:
        assert describe_event(e, 0, True) == line
    # without genders (other games) an offered card is shown as it is
    _, other_event, _ = in_words("bohnanza")
    assert (
        other_event(events[4][0], 0) == "offer 3: seat 2 -> YOU: gives Stink bean, wants Soy bean"
    )


# -- Mutterböhnchen ---------------------------------------------------------------------


def test_mutterbohnchen_through_the_terminal(games: list[bohn.Game]) -> None:
    """A Mutterböhnchen game at 4 players played to its end for seat 1 by the
    greedy bot (attacking and uncovering whenever it may): every screen shows
    each seat's known and face-down coins, the mama's beans and their quirks,
    the attack in progress, the quirk that asks and the final placement; no
    event or action is left as a raw dict."""
    from bohn.bots.base import SeatView
    from bohn.bots.base import make_bot
    from bohn.describe import describer

    mb_words = describer("mutterbohnchen")
    coin_text, mama_bean, mama_name = mb_words.coin_text, mb_words.mama_bean, mb_words.mama_name
    from bohn.engine.actions import Uncover
    from bohn.rulesets.mutterbohnchen.actions import Attack

    out = io.StringIO()
    first = ["help", "table"]
    player = make_bot("greedy", 3)
    seen: set[str] = set()
    screens = 0

    def input_fn(prompt: str) -> str:
        nonlocal screens
        if first:
            return first.pop(0)
        game = games[0]
        obs = game.observe(1)
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        seen.add(str(obs["phase"]))
        for s, name in ((1, "you"), (3, "seat 4 (greedy)")):
            p = obs["seats"][s]
            block = seat_block(screen, name)
            assert block[0][2:].startswith(f"{name}: {p['coins']} coins")
            assert coin_text(p) in block, (block, p)
            for f, fld in enumerate(p["fields"]):
                for key in fld:
                    bean = mama_bean(key)
                    if bean is not None:
                        label = f"{mama_name(key)}/{en_name('mutterbohnchen', bean)}"
                        assert label in block[1 + f]
                        assert any(
                            x.startswith(f"{mama_name(key)} in field {f + 1} (") for x in block
                        )
                        seen.add("mama")
        att = obs["attack"]
        if att is not None and att["target"] >= 0:
            assert "ATTACK on " in screen and f"may turn up {att['reach']} coin" in screen
            seen.add("attack shown")
        if obs["phase"] == "quirk":
            assert "quirk: your " in screen and " asks: " in screen
        if obs["final_placement"] is not None:
            assert "final placement: you may put one fitting hand card" in screen
        screens += 1
        legal = game.legal_actions(1)
        attack = [a for a in legal if isinstance(a, Attack | Uncover)]
        if attack:
            return person_text(attack[0].text())
        return person_text(player.act(SeatView(1, legal, lambda: game.observe(1))).text())

    rc = main("mutterbohnchen", 4, 1, ["greedy"], 5, layout="full", input_fn=input_fn, out=out)
    text = out.getvalue()
    assert rc == 0
    assert "Mutterböhnchen: 4 players" in text
    assert "Ladybohn adds:" in text and "Mutterböhnchen adds" in text  # help
    assert screens > 100
    assert {"attack", "defend", "turn-up", "quirk", "final-placement", "foist"} <= seen, seen
    assert {"mama", "attack shown"} <= seen
    assert "{'type'" not in text  # every event in words
    choices = re.findall(r"^ +\d+\) (.*)   \[(.*)\]$", text, re.M)
    assert choices and all(desc != act for desc, act in choices)  # all told in words
    card = r"\S*[A-Z][a-z-]+ bean\S*(?: with 2 rattles)?"  # a card by its English name
    assert re.search(rf"\) attack seat \d with the {card} on top of your field \d: turns up", text)
    assert re.search(r"\) turn up one more coin \(turned up: ", text)
    assert re.search(r"\) pass: harvest nothing more; your coins are shuffled", text)
    assert re.search(rf"\) final placement: put {card} \((h\d|front card)\) on field \d", text)
    assert re.search(r"you got 4 face-down starting coins \(not even you see them\)", text)
    assert re.search(r"seat \d attacks (you|seat \d) with the baby on top of field \d", text)
    assert re.search(r"turned up one of (your|seat \d's) coins: ", text)
    assert re.search(
        rf"captured (your|seat \d's) {card} coin; a captured coin that fits a field is planted "
        r"at once \(mutterbohnchen §4\.1\.4\)",
        text,
    )
    assert re.search(r"final placement: seat \d may put one hand card", text)
    assert re.search(r"quirk: your \S+ asks: ", text)
    assert "=== game over (final-exhaustion) ===" in text and "winner: " in text


def test_mutterbohnchen_actions_and_events_in_words() -> None:
    from bohn.engine.actions import parse_action

    describe_action, describe_event, screen = in_words("mutterbohnchen")
    from bohn.scenario import load_position

    game = load_position(
        {
            "variant": "mutterbohnchen",
            "players": 4,
            "seed": 0,
            "setup": {
                "active": 0,
                "phase": "plant",
                "players": [
                    {
                        "hand": ["kavalier", "blaue/lady", "macho", "sau"],
                        "fields": [
                            ["blaue", "blaue/baby", "blaue/lady"],
                            ["schluckspecht", "brech/lady", "brech/baby2"],
                        ],
                        "coins": ["sau", "sau", "rote/lady"],
                        "blind": ["garten"],
                    },
                    {"fields": [["aktivist", "soja"], []], "blind": ["feuer", "brech"]},
                    {"fields": [["soja", "soja", "soja/baby"], ["messie"]]},
                ],
            },
        }
    )
    obs = game.observe(0)
    table = type(game).table
    kinds = {1: "greedy", 2: "greedy", 3: "random"}

    def said(text: str, phase: str | None = None) -> str:
        if phase is not None:
            obs["phase"] = phase
        return describe_action(parse_action(text), obs, 0, table)

    field0 = "field 1 ([bottom] Blue bean -> Blue bean·baby -> Blue bean♀ [top] - 3 cards, pays 1; a lady on top)"
    assert said("plant f0 kavalier", "plant").startswith(
        f"plant Cavalier/Blue bean (front card) on {field0}, slipping under the lady on top "
        "(Cavalier); then [bottom] Blue bean -> Blue bean·baby -> Cavalier/Blue bean -> Blue bean♀ [top]"
    )
    assert said("plant f0").startswith(f"plant Cavalier/Blue bean (front card) on {field0}; then")
    assert "at the bottom (he moves up as you plant)" in said("plant h2 f0")
    assert said("plant h2 f0").startswith("Jumping Jack: plant hand card 3 (")
    assert said("plant h3 f0", "final-placement").startswith(
        "final placement: put Stink bean (hand card 4) on"
    )
    obs["attack"] = {"target": -1, "reach": 0, "turned": [], "open": [[1, 2]]}
    assert said("attack 1 f1", "attack") == (
        "attack seat 2 with the Green bean·baby with 2 rattles on top of your field 2: turns up to 2 coins of its "
        "2 (0 known, 2 face down); you keep one that fits a field"
    )
    assert said("pass") == "pass: give up every attack still open this turn"
    obs["attack"] = {"target": 1, "reach": 2, "turned": ["feuer"], "open": []}
    assert said("uncover", "turn-up") == (
        "turn up one more coin (turned up: Chili bean; this attack may turn up 2 coins)"
    )
    assert said("pass") == "pass: turn up no more coins"
    assert said("take blaue", "capture").startswith("take the turned-up Blue bean coin: it must be")
    assert said("take flitzer", "flitzer-offer").startswith("take the Streaker as a gift")
    assert said("pass") == "pass: do not take the Streaker"
    assert said("pick f0.2", "quirk") == (
        f"Metrosexual: the Blue bean♀ at position 3 of {field0} goes to the top of her field"
    )
    assert said("pick f0.1").startswith("Bachelor: discard the Blue bean·baby at position 2")
    obs["discard"] = ["sau", "feuer/lady"]
    assert said("pick d1") == (
        "Skirt-Chaser: take the Chili bean♀ at position 2 of the discard pile (1 = bottom) to the "
        "back of your hand"
    )
    assert said("pass", "final-placement") == "pass: place no more cards; your final placement ends"

    obs.update({"phase": "turn-up"})
    text = "\n".join(screen(obs, 0, kinds, table))
    assert "coins: Stink bean x2, Red bean♀ known; 1 face down (nobody has seen them)" in text
    assert "coins: none known; 2 face down (nobody has seen them)" in text
    assert (
        "f2: [bottom] Drunk/Green bean -> Green bean♀ -> Green bean·baby with 2 rattles [top]"
        in text
    )
    assert "Drunk in field 2 (position 1): covered: every card his owner plants goes" in text
    assert (
        "Activist in field 1 (position 1): ACTIVE: every revealed Soy bean goes onto this field"
        in text
    )
    assert "Hoarder in field 2 (on top): ACTIVE: his owner skips phase 1" in text
    assert (
        "ATTACK on seat 2 (greedy) by you: may turn up 2 coins; turned up so far: Chili bean"
        in text
    )
    assert "you may turn up one more coin (uncover) or stop (pass)" in text
    assert "third fields left" not in text
    obs.update({"phase": "quirk", "attack": None})
    text = "\n".join(screen(obs, 0, kinds, table, "frauenversteher"))
    assert "quirk: your Metrosexual asks: pick a lady of your fields" in text
    obs.update({"phase": "final-placement", "final_placement": {"seat": 0, "used": [1]}})
    text = "\n".join(screen(obs, 0, kinds, table))
    assert "final placement: you may put one fitting hand card on each non-empty field " in text
    assert "(fields used: f2)" in text

    events: list[tuple[dict[str, Any], str]] = [
        (
            {"type": "starting-coins", "seat": 2, "count": 4},
            "seat 3 got 4 face-down starting coins",
        ),
        (
            {"type": "attack", "seat": 0, "target": 1, "field": 1},
            "you attack seat 2 with the baby on top of field 2",
        ),
        (
            {"type": "shuffle", "pile": "seat 0 coins", "size": 3},
            "seat 1's coins were shuffled face down (3)",
        ),
        (
            {"type": "turn-up", "target": 0, "card": "sau"},
            "turned up one of your coins: Stink bean",
        ),
        (
            {"type": "capture", "seat": 1, "target": 0, "card": "sau"},
            "seat 2 captured your Stink bean coin; a captured coin that fits a field is planted "
            "at once (mutterbohnchen §4.1.4)",
        ),
        ({"type": "attack-spent", "target": 2}, "seat 3 has no coins: the attack is spent"),
        (
            {"type": "quirk", "card": "macho", "seat": 0, "field": 0, "to": 3},
            "your Macho moved up to position 4 of field 1",
        ),
        (
            {"type": "quirk", "card": "aktivist", "seat": 1, "takes": "soja/lady"},
            "seat 2's Activist takes the revealed Soy bean♀ onto his field",
        ),
        ({"type": "quirk", "card": "flitzer", "seat": 2}, "the Streaker goes to seat 3"),
        (
            {"type": "quirk", "card": "messie", "seat": 2},
            "seat 3's Hoarder: no planting from the hand this turn",
        ),
        (
            {"type": "quirk", "card": "loser", "seat": 0, "field": 1},
            "your Loser: field 2 is harvested (mutterbohnchen §4.7)",
        ),
        (
            {"type": "quirk", "card": "junggeselle", "seat": 0, "field": 1, "moved": "feuer/baby"},
            "your Bachelor discarded Chili bean·baby from field 2",
        ),
        (
            {"type": "steal", "seat": 3, "from": 0, "card": "blaue"},
            "seat 4 took your front hand card (Blue bean) (Backstabber)",
        ),
        ({"type": "flitzer-offer", "seat": 0}, "the Streaker is offered to you as a gift"),
        (
            {"type": "final-placement", "seat": 3},
            "final placement: seat 4 may put one hand card on each of their non-empty fields",
        ),
        (
            {"type": "plant", "seat": 0, "field": 0, "card": "macho", "bottom": True},
            "you planted Macho/Blue bean at the bottom of field 1",
        ),
        (
            {"type": "plant", "seat": 1, "field": 0, "card": "kavalier", "under_lady": True},
            "seat 2 planted Cavalier/Blue bean under the lady on top of field 1",
        ),
        (
            {"type": "foist", "seat": 0, "card": "sau"},
            "you had to plant the received Stink bean at once on a field it fits (mutterbohnchen §3.3.3)",
        ),
    ]
    for e, line in events:
        assert describe_event(e, 0, True, "mutterbohnchen") == line


def test_mutterbohnchen_for_two_through_the_terminal(games: list[bohn.Game]) -> None:
    """The game for two played to its end for seat 0 by the greedy bot: every
    screen shows the third-field card, the offer, which slots are fields and
    phase 2's discard; every choice and event is told in words."""
    from bohn.bots.base import SeatView
    from bohn.bots.base import make_bot

    out = io.StringIO()
    player = make_bot("greedy", 3)
    seen: set[str] = set()

    def input_fn(prompt: str) -> str:
        game = games[0]
        obs = game.observe(0)
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        seen.add(str(obs["phase"]))
        holder = obs["third_field_card"]
        who = "you" if holder == 0 else "seat 2 (greedy)"
        assert f"the third-field card: {who} (only its holder starts a third field" in screen
        for s, name in ((0, "you"), (1, "seat 2 (greedy)")):
            block = seat_block(screen, name)
            for f in range(3):
                shown = block[1 + f].startswith(f"f{f + 1}: not a field")
                assert shown == (f not in obs["seats"][s]["open_fields"]), block
        if obs["offer"] and obs["phase"] in ("use-offer", "offer"):
            assert "p1: [bottom] " in screen
            seen.add("offer shown")
        if obs["phase"] == "plant":
            assert "phase 2: you may discard one hand card this turn" in screen
        legal = game.legal_actions(0)
        return person_text(player.act(SeatView(0, legal, lambda: game.observe(0))).text())

    rc = main("mutterbohnchen", 2, 0, ["greedy"], 4, layout="full", input_fn=input_fn, out=out)
    text = out.getvalue()
    assert rc == 0 and "Mutterböhnchen: 2 players" in text
    assert {"use-offer", "plant", "offer", "offer shown"} <= seen, seen
    assert "{'type'" not in text
    choices = re.findall(r"^ +\d+\) (.*)   \[(.*)\]$", text, re.M)
    assert choices and all(desc != act for desc, act in choices)
    assert re.search(r"\) take stack \d \(\[bottom\] .*\) to plant it, all on one field", text)
    assert re.search(r"\) discard hand card \d \(.*\); once a turn, in phase 2", text)
    assert re.search(r"(you|seat 2) took the stack .* to plant it", text)
    assert re.search(r"the offer: \[bottom\] ", text)
    assert "seat 2 holds the third-field card" in text
    assert "=== game over (final-exhaustion) ===" in text


def test_mutterbohnchen_for_two_in_words() -> None:
    from bohn.engine.actions import parse_action

    describe_action, describe_event, screen = in_words("mutterbohnchen")
    from bohn.scenario import load_position

    game = load_position(
        {
            "variant": "mutterbohnchen",
            "players": 2,
            "setup": {
                "phase": "use-offer",
                "offer": [["rote", "rote/lady"]],
                "third_field_card": 0,
                "players": [
                    {"hand": ["sau", "soja"], "fields": [["blaue"], ["sau"]]},
                    {"fields": [["rote"], ["soja"], ["augen"]], "open_fields": [0, 1, 2]},
                ],
            },
        }
    )
    obs = game.observe(0)
    table = type(game).table
    kinds = {1: "greedy"}

    def said(text: str) -> str:
        return describe_action(parse_action(text), obs, 0, table)

    stack = "[bottom] Red bean -> Red bean♀ [top] - 2 cards"
    assert said("use p0") == f"take stack 1 ({stack}) to plant it, all on one field"
    assert said("discard p0") == f"discard stack 1 ({stack}) whole"
    assert said("drop h1") == "discard hand card 2 (Soy bean); once a turn, in phase 2"
    text = "\n".join(screen(obs, 0, kinds, table))
    assert "the third-field card: you (only its holder starts a third field" in text
    assert f"the opponent's offer for you (use or discard each stack): p1: {stack}" in text
    assert "f3: not a field (may start one here: holds the third-field card)" in text
    assert "f3: [bottom] Black-eyed bean [top]" in text
    events: list[tuple[dict[str, Any], str]] = [
        ({"type": "third-field-card", "seat": 1}, "seat 2 holds the third-field card"),
        (
            {"type": "third-field", "seat": 0, "field": 2},
            "you started a third field (field 3); the card goes to the opponent",
        ),
        (
            {"type": "field-lost", "seat": 1, "field": 0},
            "seat 2's field 1 is gone: a player with three fields loses the field he harvests "
            "(mutterbohnchen §3.5.1.3)",
        ),
        (
            {"type": "stack-used", "seat": 0, "cards": ["rote"]},
            "you took the stack Red bean to plant it",
        ),
        (
            {"type": "stack-discarded", "seat": 1, "cards": ["soja"]},
            "seat 2 discarded the stack Soy bean",
        ),
        (
            {"type": "drop", "seat": 0, "card": "sau/lady"},
            "you discarded Stink bean♀ from the hand",
        ),
        (
            {"type": "to-offer", "card": "flitzer"},
            "Streaker/Red bean from the discard pile joins the offer",
        ),
        (
            {"type": "coins-back", "seat": 1, "cards": ["augen"]},
            "the coins set aside go back to seat 2: Black-eyed bean",
        ),
    ]
    for e, line in events:
        assert describe_event(e, 0, True, "mutterbohnchen") == line


# --------------------------------------------------------------------------
# Bohnkick: bean football, no fields and no coins


#: Bohnkick's beans by their English names, as its catalogue gives them
KICK_BEANS = {"garten": "Garden bean", "kaffee": "Coffee bean", "sau": "Stink bean"}
KICK_BEANS |= {"brech": "Green bean", "feuer": "Chili bean"}
#: the goal's corners in words
CORNER_WORDS = {"ul": "upper left", "ur": "upper right", "ll": "lower left", "lr": "lower right"}


@pytest.mark.parametrize(("players", "kind", "seed"), [(2, "random", 3), (4, "greedy", 2)])
def test_bohnkick_through_the_terminal(
    games: list[bohn.Game], players: int, kind: str, seed: int
) -> None:
    """A whole Bohnkick game for seat 0, played by a bot through the terminal:
    every screen shows the score, the attack, the ball and the own cards in
    words; every choice and every event is told in words."""
    from bohn.bots.base import SeatView
    from bohn.bots.base import make_bot
    from bohn.describe import describer

    bk_card = describer("bohnkick").card

    out = io.StringIO()
    player = make_bot(kind, 5)
    seen: set[str] = set()
    asked = iter(["help", "log", "table"])

    from bohn.describe import describer

    words = describer("bohnkick")

    def input_fn(prompt: str) -> str:
        game = games[0]
        obs = game.observe(0)
        screen = out.getvalue().rsplit("=== Bohnkick - attack", 1)[1]
        seen.add(str(obs["phase"]))
        assert screen.startswith(f" {obs['attack']} - phase: {words.phase_name(obs['phase'])} ===")
        s0, s1 = obs["score"]
        # teams and seats counted from 1: team 0 is team 1
        assert re.search(
            rf"^score: team 1 \(National: you[^\n]*\) {s0} goals?, team 2 ", screen, re.M
        )
        assert f") {s1} goal" in screen.split("\n", 3)[1]
        for t in (0, 1):
            goals = ", ".join(bk_card(k) for k in obs["goals"][t]) or "none"
            assert f"  goals of team {t + 1}: {goals}\n" in screen
        assert f"attacking: team {obs['attacking_team'] + 1} (" in screen
        assert re.search(r"^now: (you|seat \d \(greedy\)) ", screen, re.M)
        if obs["played"]:
            cards = "  ".join(f"{i + 1}) {bk_card(k)}" for i, k in enumerate(obs["played"]))
            assert f"played in this attack: {cards}\n" in screen
            seen.add("played")
        if obs["ball"]:
            assert f"ball: with {KICK_BEANS[obs['ball']]}" in screen
            if obs["after_cross"]:
                assert "after a cross: every Chili bean card, also the header, may follow" in screen
                seen.add("cross")
        if obs["corner"]:
            corner = CORNER_WORDS[obs["corner"]]
            assert f" at the {corner} corner; only a Goalie card with the " in screen
        assert ("LAST ATTACK" in screen) == obs["last_attack"]
        me = obs["seats"][0]
        hand = "   ".join(f"h{i} {bk_card(k)}" for i, k in enumerate(me["hand"], 1))
        defence = "   ".join(f"d{i} {bk_card(k)}" for i, k in enumerate(me["defence"], 1))
        assert f"your team cards: {hand}\n" in screen
        assert f"your defensive cards: {defence}\n" in screen
        for s, p in enumerate(obs["seats"]):
            name = "you" if s == 0 else f"seat {s + 1} (greedy)"
            assert (
                f"{name} (team {s % 2 + 1}): {p['hand_size']} team cards, "
                f"{p['defence_size']} defensive cards" in screen
            )
        for t in (0, 1):
            assert f"team {t + 1} ({('National', 'International')[t]}) deck: " in screen
        assert f"defensive deck: {obs['defence_deck']} card" in screen
        for answer in asked:
            return answer
        legal = game.legal_actions(0)
        return person_text(player.act(SeatView(0, legal, lambda: game.observe(0))).text())

    rc = main("bohnkick", players, 0, ["greedy"], seed, layout="full", input_fn=input_fn, out=out)
    text = out.getvalue()
    game = games[0]
    result = game.result()
    assert rc == 0 and result is not None
    assert f"Bohnkick: {players} players" in text
    assert "Bohnkick (bean football) - answer with:" in text  # help
    assert "recent events:" in text
    wanted = {"play", "react", "aim", "block", "played", "cross"}
    if players == 2:  # with 4 players there are no Tackle cards: no tackle against a shot
        wanted.add("shot-react")
    assert wanted <= seen, seen
    assert "{'" not in text and "coins" not in text
    choices = re.findall(r"^ +\d+\) (.*)   \[(.*)\]$", text, re.M)
    assert choices and all(desc != act for desc, act in choices)
    raw = re.compile(r"(play|drop) h\d|(swap|tackle|block) d[\d,d]+|aim \w\w|pass|advantage")
    assert not any(raw.fullmatch(desc) for desc, _ in choices)
    bean = r"[A-Z][a-z]+ bean"  # a bean by its English name
    card = rf"{bean}: [a-z -]+(?: to {bean})?"  # a team card by its name
    assert re.search(rf"\) (open the attack with|play) {card}: ", text)
    assert re.search(
        r"\) aim the [a-z ]+ at the (upper|lower) (left|right) corner   \[aim [ul][lr]\]$",
        text,
        re.M,
    )
    assert re.search(r"--- attack 1: you open it for team 1 \(National\)", text)
    assert re.search(rf"(you|seat \d) played {bean}: ", text)
    assert re.search(r"the attack is over \(", text)
    assert "=== game over (deck-exhausted) ===" in text
    goals = result.details["goals"]
    assert "  score: team 1 (National: you" in text
    assert f") {goals[0]} goal" in text and f") {goals[1]} goal" in text
    if goals[0] == goals[1]:
        assert f"a draw: {goals[0]} goals each" in text
    else:
        best = 0 if goals[0] > goals[1] else 1
        assert f"winner: team {best + 1} ({('National', 'International')[best]}: " in text


def test_bohnkick_in_words() -> None:
    from bohn.describe import describer
    from bohn.engine.actions import parse_action

    describe_action, describe_event, screen = in_words("bohnkick")
    bk_card = describer("bohnkick").card
    BOHNKICK_HELP = describer("bohnkick").help()
    from bohn.scenario import load_position

    game = load_position(
        {
            "variant": "bohnkick",
            "players": 2,
            "setup": {
                "phase": "react",
                "mover": 1,
                "played": ["sau/pass:garten", "garten/cross"],
                "goals": [["feuer/shot"], []],
                "defence_discard": ["goalie:header:ul"],
                "players": [
                    {
                        "hand": [
                            "brech/pass:garten",
                            "feuer/header",
                            "sau/long-shot",
                            "kaffee/dribble",
                            "feuer/dribble",
                            "sau/dribble",
                        ],
                        "defence": ["tackle:garten", "goalie:shot:ll+lr", "tackle:feuer"],
                    }
                ],
            },
        }
    )
    obs = game.observe(0)
    kinds = {1: "greedy"}
    table = type(game).table
    text = "\n".join(screen(obs, 0, kinds, table))
    assert "=== Bohnkick - attack 1 - phase: reacting to the attack ===" in text
    assert (
        "score: team 1 (National: you) 1 goal, team 2 (International: seat 2 (greedy)) 0 goals"
        in text
    )
    assert "  goals of team 1: Chili bean: shot\n  goals of team 2: none" in text
    assert (
        "attacking: team 2 (International: seat 2 (greedy)); the attack was opened by seat 2"
        in text
    )
    assert (
        "now: you react: continue, swap defensive cards or tackle Garden bean; then seat 2 (greedy) "
        "plays on" in text
    )
    assert (
        "played in this attack: 1) Stink bean: pass to Garden bean  2) Garden bean: cross to Chili bean"
        in text
    )
    assert (
        "ball: with Chili bean - after a cross: every Chili bean card, also the header, may follow"
        in text
    )
    assert (
        "defensive deck: 28 cards   its discard pile: 1 card (top: Goalie (header): upper left)"
        in text
    )
    assert "* you (team 1): 6 team cards, 3 defensive cards" in text
    assert (
        "your team cards: h1 Green bean: pass to Garden bean   h2 Chili bean: header   h3 Stink bean: long shot   "
        "h4 Coffee bean: dribble   h5 Chili bean: dribble   h6 Stink bean: dribble" in text
    )
    assert (
        "your defensive cards: d1 Tackle Garden bean   d2 Goalie (shot): lower left or lower right   "
        "d3 Tackle Chili bean" in text
    )
    assert "LAST ATTACK" not in text
    assert "hand" not in text.replace("the ball", "")

    def said(action: str, **changes: Any) -> str:
        return describe_action(parse_action(action), {**obs, **changes}, 0, table)

    assert said("pass") == "continue: no swap, no tackle; the attack goes on"
    assert said("swap d0,d2") == (
        "swap Tackle Garden bean, Tackle Chili bean: discard and draw 2 new defensive cards; "
        "a Referee card drawn for them acts (free kick or penalty for the attackers, a striker "
        "foul ends the attack)"
    )
    assert said("tackle d0").startswith(
        "tackle Garden bean with Tackle Garden bean: draw 1 defensive"
    )
    assert said("play h0") == "play Green bean: pass to Garden bean: the ball goes to Garden bean"
    assert said("play h4", played=[]) == (
        "open the attack with Chili bean: dribble: the ball stays with Chili bean"
    )
    assert said("play h1") == (
        "play Chili bean: header: a header on goal; the defender may tackle, then you aim at a "
        "corner"
    )
    shot = {"phase": "shot-react", "shot": "long-shot"}
    assert said("pass", **shot) == "continue: no tackle; the long shot is aimed at a corner next"
    assert said("aim ul", phase="aim", shot="long-shot") == (
        "aim the long shot at the upper left corner"
    )
    assert said("aim lr", phase="kick", shot="free-kick") == (
        "take the free kick at the lower right corner"
    )
    block = {"phase": "block", "shot": "shot", "corner": "ll"}
    assert said("block d1", **block) == (
        "block the shot with Goalie (shot): lower left or lower right: no goal, the attack is over"
    )
    assert said("pass", **block) == "let the shot in: no block, a goal for the attackers"
    assert said("pass", players=4, **block) == (
        "do not block the shot: a goal unless your partner still blocks it"
    )
    assert said("advantage", phase="kick", shot="free-kick") == (
        "advantage: no free kick, the attack goes on (the ball stays with Chili bean)"
    )
    assert said("drop h2", phase="only-goal-cards", played=[]).startswith(
        "discard the goal card Stink bean: long shot and draw a replacement"
    )
    block_text = "\n".join(
        screen({**obs, **block, "reactor": 0, "to_play": -1, "last_attack": True}, 0, kinds, table)
    )
    assert (
        "shot on goal: shot at the lower left corner; only a Goalie card with the shot "
        "symbol blocks it" in block_text
    )
    assert "now: you may block with a Goalie card (shot symbol showing the lower left corner)" in (
        block_text
    )
    assert "=== Bohnkick - attack 1 - phase: blocking ===   LAST ATTACK" in block_text
    assert "LAST ATTACK: the second team deck has run out" in block_text

    assert bk_card("kaffee/cross") == "Coffee bean: cross to Chili bean"
    assert bk_card("goalie:penalty:ur") == "Goalie (penalty): upper right"
    assert bk_card("referee:striker-foul") == "Referee: striker foul"
    assert "swap d1,d3" in BOHNKICK_HELP and "advantage" in BOHNKICK_HELP

    events: list[tuple[dict[str, Any], str]] = [
        (
            {"type": "attack", "seat": 1, "team": 1, "attack": 4},
            "--- attack 4: seat 2 opens it for team 2 (International)",
        ),
        (
            {"type": "play", "seat": 0, "card": "brech/pass:garten"},
            "you played Green bean: pass to Garden bean: the ball goes to Garden bean",
        ),
        (
            {"type": "draw", "seat": 0, "cards": ["feuer/shot"]},
            "you drew the team card Chili bean: shot",
        ),
        ({"type": "draw", "seat": 1, "count": 1}, "seat 2 drew 1 team card"),
        (
            {"type": "defence-draw", "seat": 0, "cards": ["tackle:sau"]},
            "you drew the defensive card Tackle Stink bean",
        ),
        ({"type": "defence-draw", "seat": 1, "count": 1}, "seat 2 drew 1 defensive card"),
        (
            {"type": "deal", "seat": 0, "cards": ["sau/dribble", "feuer/header"]},
            "you got the team cards Stink bean: dribble, Chili bean: header",
        ),
        ({"type": "deal", "seat": 1, "count": 6}, "seat 2 got 6 team cards"),
        (
            {"type": "referee", "seat": 1, "card": "referee:penalty"},
            "seat 2 drew a Referee card (penalty): shown and discarded",
        ),
        (
            {"type": "call", "call": "free-kick"},
            "the referee calls a free kick: the defender fouled",
        ),
        (
            {"type": "call", "call": "striker-foul"},
            "the referee calls a striker foul: the attackers fouled, the attack is over",
        ),
        (
            {"type": "swap", "seat": 1, "cards": ["tackle:sau", "goalie:shot:ul"]},
            "seat 2 swapped Tackle Stink bean, Goalie (shot): upper left",
        ),
        (
            {"type": "tackle", "seat": 0, "card": "tackle:feuer"},
            "you tackled with Tackle Chili bean",
        ),
        (
            {"type": "missed-pass", "seat": 2},
            "seat 3 has no card for the bean with the ball: a missed pass, the ball is lost",
        ),
        (
            {"type": "aim", "seat": 1, "shot": "penalty", "corner": "ur"},
            "seat 2 aimed the penalty at the upper right corner",
        ),
        (
            {"type": "block", "seat": 0, "card": "goalie:long-shot:ul+ur+ll+lr"},
            "you blocked the shot with Goalie (long shot): upper left or upper right or lower left "
            "or lower right",
        ),
        (
            {"type": "goal", "team": 1, "seat": 3, "card": "brech/long-shot"},
            "GOAL for team 2 (International) by seat 4: Green bean: long shot",
        ),
        (
            {"type": "advantage", "seat": 0},
            "you called advantage: no free kick, play goes on",
        ),
        (
            {"type": "drop", "seat": 1, "card": "feuer/shot"},
            "seat 2 discarded the goal card Chili bean: shot (only goal cards)",
        ),
        ({"type": "pass", "seat": 1}, "seat 2 passed (continue: no tackle, swap or block)"),
        (
            {"type": "deck-out", "team": 0, "final": False},
            "the deck of team 1 (National) ran out: its discard pile becomes its new deck",
        ),
        (
            {"type": "deck-out", "team": 1, "final": True},
            "the deck of team 2 (International) ran out and the other team's deck had run out "
            "before: LAST ATTACK, no more team cards are drawn; the game ends with this attack",
        ),
        (
            {"type": "attack-over", "reason": "tackle", "cards": ["sau/dribble"]},
            "the attack is over (a successful tackle); to the discard pile: Stink bean: dribble",
        ),
        (
            {"type": "shuffle", "pile": "assistant referee", "size": 2},
            "the Referee cards drawn differ: the assistant referee shuffles them and one is "
            "picked at random",
        ),
        (
            {"type": "shuffle", "pile": "team 0 deck", "size": 20},
            "the team 1 deck was shuffled (20 cards)",
        ),
        (
            {"type": "game-over", "scores": [2, 2], "details": {"goals": [2, 2], "draw": True}},
            "the game is over: 2 : 2, a draw",
        ),
        (
            {"type": "game-over", "scores": [1, 3], "details": {"goals": [1, 3], "draw": False}},
            "the game is over: 1 : 3, team 2 (International) wins",
        ),
    ]
    for e, line in events:
        assert describe_event(e, 0, False, "bohnkick") == line
    assert describe_event({"type": "action", "seat": 0}, 0, False, "bohnkick") is None
