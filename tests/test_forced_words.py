"""The numbers a person reads count from 1, and forced moves say why.

Seats, offers, fields and card positions count from 0 in the JSON and the
actions; the terminal's screen and keys, the move labels and the log lines
count them from 1, and what the person types (a key, an action's text form)
is read the same way. A move the rules force (a card to plant, a harvest to
make room), and a harvest, planting or lapse the game makes on a seat's
behalf, is told with its reason and the rule section that says so, as the
engine's refusals cite it (``bohnanza §3.1.2``).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

import bohn
from bohn.describe import describer
from bohn.describe.terminal import CountsFromOne
from bohn.describe.terminal import engine_text
from bohn.describe.terminal import person_text
from bohn.engine.actions import Accept
from bohn.engine.actions import Harvest
from bohn.engine.actions import Keep
from bohn.engine.actions import Plant
from bohn.engine.actions import parse_action
from bohn.engine.game import Game
from bohn.play import Session
from bohn.scenario import load_position
from bohn.server.rooms import game_view
from bohn.server.rooms import legal_view


def position(variant: str, players: int, setup: dict[str, Any], **more: Any) -> Game:
    return load_position(
        {"variant": variant, "players": players, "seed": 1, "setup": setup, **more}
    )


def play(game: Game, *moves: tuple[int, str]) -> list[dict[str, Any]]:
    """Apply ``moves`` (seat, text form); the events they made, as seat 0 sees them."""
    out: list[dict[str, Any]] = []
    for seat, text in moves:
        for ev in game.apply(seat, parse_action(text)):
            view = ev.view(0)
            if view is not None:
                out.append(view)
    return out


def lines(game: Game, events: list[dict[str, Any]], lang: str = "en") -> list[str]:
    words = describer(game, lang)
    return [t for e in events if (t := words.event(e, 0)) is not None]


def prompt(game: Game, seat: int, lang: str = "en") -> str:
    words = describer(game, lang)
    obs = game.observe(seat)
    return words.prompt(obs, seat, sorted(game.waiting_for()), game.legal_actions(seat))


def session(game: Game, answers: list[str], seat: int = 0) -> tuple[Session, io.StringIO]:
    it: Iterator[str] = iter(answers)
    out = io.StringIO()

    def answer(prompt: str) -> str:
        out.write(prompt)
        for a in it:
            return a
        raise EOFError

    return Session(
        game, seat, {}, {s: "greedy" for s in range(game.n) if s != seat}, answer, out
    ), out


# --------------------------------------------------------------- counting from 1


def test_the_text_form_a_person_reads_and_types_counts_from_1() -> None:
    assert person_text("propose 2 give h0,r1 want blaue") == "propose 3 give h1,r2 want blaue"
    assert person_text("accept 0 give h3") == "accept 1 give h4"
    assert person_text("plant t0 f2 pull1") == "plant t1 f3 pull2"
    assert person_text("attack 1 f0") == "attack 2 f1"
    assert person_text("pick f1.0") == "pick f2.1"
    assert person_text("order 2,0,1") == "order 3,1,2"
    # counts, keys and corners are no places
    for text in ("draw 3", "build jail-3", "take blaue", "aim ul", "buy-field pay blaue,sau"):
        assert person_text(text) == text
    for text in ("swap d0,d2", "place p1 m0", "give h2 m1", "store s0", "move h3 h0"):
        assert engine_text(person_text(text)) == text
    with pytest.raises(CountsFromOne):
        engine_text("harvest f0")


def test_seats_fields_and_offers_read_from_1_on_the_screen_in_labels_and_the_log() -> None:
    game = position(
        "bohnanza",
        3,
        {
            "active": 0,
            "phase": "trade",
            "revealed": ["soja", "augen"],
            "players": [
                {"hand": ["rote", "sau"], "fields": [["blaue"], []]},
                {"hand": ["feuer"]},
                {"hand": []},
            ],
        },
    )
    events = play(game, (1, "propose 0 give h0"))  # seat 1 offers seat 0 its front card
    words = describer(game, "en")
    # the log line: offer 0 from seat 1 is offer 1 from seat 2
    assert lines(game, events) == ["offer 1: seat 2 -> YOU: gives Chili bean, wants nothing"]
    assert lines(game, events, "de") == ["Angebot 1: Platz 2 -> DICH: gibt Feuerbohne, will nichts"]
    # the terminal's table
    obs = game.observe(0)
    screen = "\n".join(words.compact_screen(obs, 0, {1: "greedy", 2: "greedy"}))
    assert "seat 2 (greedy)" in screen and "seat 3 (greedy)" in screen
    assert not any(x in screen for x in ("seat 0", "f0", "h0", "r0", "offer 0"))
    assert "f1: Blue x1" in screen and "f2: empty" in screen
    assert "h1 Red bean  h2 Stink bean" in screen
    assert "r1 Soy bean" in screen and "r2 Black-eyed bean" in screen
    assert ">> offer 1 from seat 2: you get Chili bean; you give nothing" in screen
    full = "\n".join(words.screen(obs, 0, {1: "greedy", 2: "greedy"}))
    assert "f1: Blue bean x1" in full and "offer 1 TO YOU from seat 2" in full
    # the move labels the game page shows
    labels = {e["label"] for e in legal_view(game, 0, words, obs, game.legal_actions(0))}
    assert "accept offer 1 from seat 2: you get Chili bean and give nothing" in labels
    assert "keep revealed card 1 (Soy bean)" in labels
    assert "harvest field 1 (Blue bean x1, pays 0)" in labels
    # and the log the game page shows, with the player's names
    view = game_view(game, "g", 0, lang="en")
    texts = [e.get("text") for entry in view["log"] for e in entry["events"]]
    assert "offer 1: seat 2 -> YOU: gives Chili bean, wants nothing" in texts


def test_the_keys_count_from_1_and_play_the_action_they_name() -> None:
    setup = {
        "active": 0,
        "phase": "plant",
        "players": [{"hand": ["blaue", "sau"], "fields": [[], ["rote", "rote"]]}, {}, {}],
    }
    game = position("bohnanza", 3, setup)
    s, out = session(game, ["0", "1"])
    s.compact_turn()
    text = out.getvalue()
    assert "1) plant Blue bean on field 1" in text and "s2) harvest field 2" in text
    assert "there is no choice '0' now" in text  # field 0 of the JSON is key 1
    assert game.observe(0)["seats"][0]["fields"][0] == ["blaue"]
    # s2 sells field 2, the JSON's field 1
    s, out = session(game, ["s2"])
    s.compact_turn()
    assert game.observe(0)["seats"][0]["fields"][1] == []
    assert "you: harvest f2" in out.getvalue()
    # the typed text form counts from 1 too; a 0 is no place of a person's
    s, out = session(game, ["plant f0", "plant f2"])
    s.compact_turn()
    assert "count from 1" in out.getvalue()
    assert game.observe(0)["seats"][0]["fields"][1] == ["sau"]


def test_offer_and_card_keys_count_from_1() -> None:
    game = position(
        "bohnanza",
        3,
        {
            "active": 0,
            "phase": "trade",
            "revealed": ["soja", "augen"],
            "players": [{"hand": ["rote"], "fields": [[], []]}, {"hand": ["feuer"]}, {}],
        },
    )
    play(game, (1, "propose 0 give h0"), (1, "pass"))
    s, out = session(game, ["a 0", "a 1"])
    legal = game.legal_actions(0)
    assert Accept(0) in legal
    s.compact_turn()
    text = out.getvalue()
    assert "a) accept 1" in text and "k1) keep Soy bean" in text
    assert "which offer? type a with its number: 1" in text
    assert game.observe(0)["seats"][0]["trading_area"] == ["feuer"]
    s, out = session(game, ["k2"])
    s.compact_turn()
    assert Keep(0) in game.legal_actions(0)  # k2 kept the JSON's revealed card 1
    assert game.observe(0)["seats"][0]["trading_area"] == ["feuer", "augen"]
    # the proposal dialogue: seats and cards as the screen numbers them
    s, out = session(game, ["propose", "3", "h1", ""])
    s.compact_turn()
    assert "propose to seat (2, 3; Enter: back)" in out.getvalue()
    assert "you: propose 3 give h1" in out.getvalue()
    offer = game.observe(0)["offers"][-1]
    assert offer["to"] == 2 and offer["give"] == ["rote"]


def test_which_field_is_asked_and_answered_from_1() -> None:
    game = position(
        "bohnanza",
        3,
        {
            "active": 0,
            "phase": "plant-traded",
            "players": [
                {"hand": [], "fields": [[], ["rote"], []], "trading_area": ["blaue", "rote"]},
                {},
                {},
            ],
        },
    )
    s, out = session(game, ["t1", "3"])
    s.compact_turn()
    text = out.getvalue()
    assert "t1) plant Blue bean on field 1 or 3" in text
    assert "on which field? (1, 3; Enter: back)" in text
    assert game.observe(0)["seats"][0]["fields"][2] == ["blaue"]
    assert Plant(1, traded=0) in game.legal_actions(0)  # t1 is now the Red bean


# --------------------------------------------------------- forced moves, and why


NO_FIELD_FITS = {
    "active": 0,
    "phase": "plant",
    "deck": ["soja", "augen"],
    "players": [{"hand": ["feuer", "blaue"], "fields": [["blaue"], ["sau", "sau"]]}, {}, {}],
}


def test_a_harvest_to_make_room_names_the_card_and_the_rule() -> None:
    game = position("bohnanza", 3, NO_FIELD_FITS)
    assert all(isinstance(a, Harvest) for a in game.legal_actions(0))
    assert prompt(game, 0) == (
        "Your move: planting from the hand. You must plant the Chili bean and no field of yours "
        "can take it: harvest a field first (bohnanza §3.1.2)."
    )
    assert prompt(game, 0, "de") == (
        "Du bist am Zug: Pflanzen aus der Hand. Du musst Feuerbohne pflanzen, und keines deiner "
        "Felder kann sie nehmen: ernte zuerst ein Feld ab (bohnanza §3.1.2)."
    )
    # the terminal says it above the keys
    s, out = session(game, ["s2"])
    s.compact_turn()
    assert "no field of yours can take it: harvest a field first (bohnanza §3.1.2)" in (
        " ".join(out.getvalue().split())
    )
    # once there is room, the front card is to be planted first
    assert prompt(game, 0).endswith(
        "Your front card, the Chili bean, must be planted first (bohnanza §3.1.2)."
    )
    # another seat is asked nothing and told nothing of it
    assert "§" not in prompt(game, 1)


def test_the_rio_grande_edition_cites_its_own_rules() -> None:
    setup = {**NO_FIELD_FITS, "players": [*NO_FIELD_FITS["players"], {}]}
    game = position("bohnanza-rio-grande", 4, setup)
    assert prompt(game, 0).endswith("harvest a field first (bohnanza-rio-grande §3.1.2).")
    # with coins for the third field, buying it makes room too
    setup["players"] = [{**NO_FIELD_FITS["players"][0], "coins": ["sau"] * 3}, {}, {}, {}]
    game = position("bohnanza-rio-grande", 4, setup)
    assert prompt(game, 0).endswith(
        "harvest a field or buy your third field first (bohnanza-rio-grande §3.1.2)."
    )


def test_traded_cards_are_planted_before_the_turn_goes_on() -> None:
    setup = {
        "active": 0,
        "phase": "trade",
        "revealed": ["soja", "augen"],
        "players": [{"hand": ["rote"], "fields": [["blaue", "blaue"], ["sau", "sau"]]}, {}, {}],
    }
    game = position("bohnanza", 3, setup)
    play(game, (0, "end-trading"))
    assert prompt(game, 0) == (
        "Your move: planting the traded cards. You must plant the Soy bean and Black-eyed bean "
        "and no field of yours can take them: harvest a field first (bohnanza §3.3.2)."
    )
    play(game, (0, "harvest f0"))
    assert prompt(game, 0).endswith(
        "Every card of your trading area (Soy bean, Black-eyed bean) must be planted before the "
        "turn goes on (bohnanza §3.3.1)."
    )
    assert "Jede Karte deines Handelsbereichs (Sojabohne, Augenbohne) muss gepflanzt werden" in (
        prompt(game, 0, "de")
    )


OFFERS = {
    "active": 0,
    "phase": "trade",
    "revealed": ["soja", "augen"],
    "players": [{"hand": ["rote"], "fields": [[], []]}, {"hand": ["feuer"]}, {"hand": ["sau"]}],
}


def test_an_offer_lapses_with_the_trading_phase_and_says_so() -> None:
    game = position("bohnanza", 3, OFFERS)
    events = play(game, (0, "propose 1 give r0"), (0, "end-trading"))
    said = lines(game, events)
    assert "offer 1 lapsed: the trading phase ended (bohnanza §3.2.3)" in said
    assert "Angebot 1 ist verfallen: die Handelsphase ist zu Ende (bohnanza §3.2.3)" in lines(
        game, events, "de"
    )
    # the game page's log says the same
    log = [e.get("text") for entry in game_view(game, "g", 2)["log"] for e in entry["events"]]
    assert "offer 1 lapsed: the trading phase ended (bohnanza §3.2.3)" in log


def test_an_offer_lapses_when_a_card_it_gives_is_gone() -> None:
    game = position("bohnanza", 3, OFFERS)
    events = play(game, (0, "propose 1 give r0"), (0, "propose 2 give r0"), (1, "accept 0"))
    assert "offer 2 lapsed: a card it gives is gone (bohnanza §3.2.2)" in lines(game, events)
    assert "Angebot 2 ist verfallen: eine Karte, die es gibt, ist weg (bohnanza §3.2.2)" in lines(
        game, events, "de"
    )
    # a describer without the game names both reasons
    alone = describer("bohnanza").event({"type": "offer-void", "id": 1, "from": 0, "to": 2}, 0)
    assert alone == (
        "offer 2 lapsed: a card it gives is gone, or the trading phase ended "
        "(bohnanza §3.2.2, bohnanza §3.2.3)"
    )


FINAL = {
    "active": 1,
    "phase": "trade",
    "exhaustions": 2,
    "deck": ["sau", "sau"],
    "deck_rest": "none",
    "players": [
        {"hand": ["blaue"], "fields": [["garten", "garten"], []]},
        {"hand": [], "fields": [["soja"], ["brech"]]},
        {"hand": ["augen"], "fields": [["augen"], []]},
    ],
}


@pytest.mark.parametrize(
    ("variant", "rule"),
    [("bohnanza", "bohnanza §5.2.3"), ("ladybohn", "ladybohn §5")],
)
def test_the_final_harvest_says_why(variant: str, rule: str) -> None:
    game = position(variant, 3, FINAL)
    events = play(game, (1, "end-trading"))
    harvests = [t for t in lines(game, events) if " harvested " in t]
    assert len(harvests) == 4
    for t in harvests:
        assert t.endswith(f"(final harvest: the game is over, every field is sold, {rule})"), t
    de = [t for t in lines(game, events, "de") if "erntete" in t]
    assert all(
        t.endswith(f"(Schlussernte: das Spiel ist aus, jedes Feld wird verkauft, {rule})")
        for t in de
    )


@pytest.mark.parametrize(
    ("variant", "rule"),
    [
        ("bohnanza-rio-grande", "bohnanza-rio-grande §5.2.3"),
        ("high-bohn", "high-bohn §5.2"),
        ("sissi", "sissi §5.2"),
        ("mutterbohnchen", "mutterbohnchen §5.2"),
    ],
)
def test_every_ruleset_cites_its_own_final_harvest(variant: str, rule: str) -> None:
    words = describer(variant)
    e = {"type": "harvest", "seat": 1, "field": 0, "cards": ["sau"] * 3, "coins": 1, "final": True}
    assert (words.event(e, 0) or "").endswith(f"every field is sold, {rule})")


def test_a_foisted_baby_is_planted_at_once_and_says_why() -> None:
    game = position(
        "ladybohn",
        3,
        {
            "active": 0,
            "phase": "trade",
            "revealed": ["soja", "augen"],
            "players": [
                {"hand": ["rote"], "fields": [["feuer", "feuer/lady"], []]},
                {"hand": ["feuer/baby", "brech"]},
                {"hand": []},
            ],
        },
    )
    events = play(game, (0, "propose 1 give r0 want feuer"), (1, "accept 0 give h0"))
    said = lines(game, events)
    assert (
        "you had to plant the received Chili bean·baby at once on a field of its type (ladybohn §4.3)"
        in said
    )
    plant = next(t for t in said if t.startswith("you planted"))
    assert plant == (
        "you planted Chili bean·baby on field 1 (at once: a received baby goes on its type's "
        "field, ladybohn §4.3)"
    )


def test_a_captured_coin_is_planted_at_once_and_says_why() -> None:
    game = position(
        "mutterbohnchen",
        3,
        {
            "phase": "plant",
            "deck_rest": "none",
            "deck": ["sau", "sau", "blaue"],
            "players": [
                {
                    "hand": ["rote", "sau"],
                    "fields": [["augen", "augen/baby2"], ["rote"], ["soja"]],
                    "coins": ["garten"],
                    "blind": [],
                },
                {"coins": ["augen", "augen"], "blind": [], "hand": []},
                {"blind": ["feuer", "brech"], "hand": []},
            ],
        },
    )
    events = play(game, (0, "plant f1"), (0, "pass"), (0, "attack 1 f0"), (1, "pass"), (0, "pass"))
    said = lines(game, events)
    capture = next(t for t in said if "captured" in t)
    assert capture.endswith(
        "a captured coin that fits a field is planted at once (mutterbohnchen §4.1.4)"
    )
    plant = next(t for t in said if t.startswith("you planted Black-eyed bean on field 1"))
    assert plant.endswith("(a captured coin, mutterbohnchen §4.1.4)")


def test_a_field_lost_with_three_fields_says_why() -> None:
    game = position(
        "mutterbohnchen",
        2,
        {
            "phase": "plant",
            "deck_rest": "none",
            "players": [
                {
                    "hand": ["garten"],
                    "fields": [["soja", "soja", "soja"], ["augen", "augen"], ["rote"]],
                    "open_fields": [0, 1, 2],
                },
                {"hand": []},
            ],
        },
    )
    said = lines(game, play(game, (0, "harvest f0")))
    assert (
        "your field 1 is gone: a player with three fields loses the field he harvests (mutterbohnchen §3.5.1.3)"
        in said
    )


def test_a_quirk_that_harvests_says_why() -> None:
    words = describer("mutterbohnchen")
    quirk = {"type": "quirk", "card": "kotzbrocken", "seat": 1, "field": 0}
    name = words.mama_name("kotzbrocken")
    assert words.event(quirk, 0) == f"seat 2's {name}: field 1 is harvested (mutterbohnchen §4.7)"
    harvest = {
        "type": "harvest",
        "seat": 1,
        "field": 0,
        "cards": ["sau", "kotzbrocken"],
        "coins": 0,
    }
    assert (words.event(harvest, 0) or "").endswith(f"({name}'s quirk, mutterbohnchen §4.7)")
    # once: the next harvest of that field has no reason of its own
    assert "quirk" not in (words.event(harvest, 0) or "")


def test_the_sissi_action_asks_for_its_harvests_and_says_why() -> None:
    setup = {
        "active": 0,
        "phase": "trade",
        "deck": ["rote", "rote", "rote", "rote"],
        "deck_rest": "none",
        "players": [
            {"hand": ["sau"], "fields": [["feuer", "sissi", "sissi"], ["soja", "sissi"]]},
            {"hand": ["sau"], "fields": [["sau", "sau", "sissi", "sau"], []]},
            {"hand": ["sau"], "fields": [["sissi", "brech"], ["augen"]]},
            {"hand": [], "fields": [[], []]},
        ],
    }
    game = position("sissi", 4, setup)
    said = lines(game, play(game, (0, "end-trading")))
    assert "Sissi action: your field 1, seat 2's field 1 must be harvested (sissi §3.6)" in said
    assert prompt(game, 0).endswith(
        "You must harvest your field 1: a Sissi lies on a Sissi or a Captain on a Captain "
        "(sissi §3.6)."
    )
    assert prompt(game, 0, "de").endswith(
        "Du musst dein Feld 1 abernten: eine Sissi liegt auf einer Sissi oder ein Kapitän auf "
        "einem Kapitän (sissi §3.6)."
    )
    # harvested by the game itself (option sissi_action_order="auto"), each says why
    auto = position("sissi", 4, setup, options={"sissi_action_order": "auto"})
    harvests = [t for t in lines(auto, play(auto, (0, "end-trading"))) if "harvested field" in t]
    assert len(harvests) == 2
    assert all(
        t.endswith("(Sissi action: a Sissi lies on a Sissi or a Captain on a Captain, sissi §3.6)")
        for t in harvests
    ), harvests


def test_protection_and_the_mafias_harvest_say_why() -> None:
    game = position(
        "prohibohn",
        2,
        {
            "active": 1,
            "phase": "place",
            "deck": ["kidney", "kidney", "puff", "puff"],
            "deck_rest": "none",
            "bosses": [["blaue"], ["stangen", "stangen", "stangen"]],
            "players": [{"hand": ["sau"], "fields": [["stangen"], []]}, {"hand": []}],
        },
    )
    said = lines(game, play(game, (1, "pass")))
    assert (
        "protection: you gave the top card of field 1 to the mafia: a boss grows its type "
        "(prohibohn §3.1)"
    ) in said
    harvest = next(t for t in said if t.startswith("Don Corlebohne harvested"))
    assert harvest.endswith("(his field is worth his threshold, al-cabohne §4.1)")
    final = {
        "type": "mafia-harvest",
        "boss": "al-cabohne",
        "cards": ["blaue"],
        "coins": 0,
        "final": True,
    }
    assert (describer("al-cabohne").event(final, 0) or "").endswith(
        "(final harvest: the game is over, every field is sold, al-cabohne §5.2)"
    )


def test_an_empty_boss_must_be_fed_and_the_prompt_says_why() -> None:
    words = describer("al-cabohne")
    game = bohn.new_game("al-cabohne", 2, 1)
    obs = game.observe(0)
    obs["phase"], obs["feed"] = "feed", "don-corlebohne"
    legal = [parse_action("give h0 m1")]
    assert words.forced(obs, 0, legal) == (
        "Don Corlebohne's field is empty: you must give him a hand card of a type no other boss "
        "grows (al-cabohne §3.5)."
    )
