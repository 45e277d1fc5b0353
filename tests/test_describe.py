"""Every ruleset's describer in both languages: every event and every listed
action of seeded games in words, German and English."""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import pytest

import bohn
from bohn.bots.base import make_bot
from bohn.bots.base import seat_view
from bohn.describe import LANGS
from bohn.describe import BeanDescriber
from bohn.describe import Describer
from bohn.describe import describer
from bohn.play import main
from bohn.rulesets import RULESETS
from bohn.rulesets import ruleset
from bohn.sim.runner import next_seat

#: steps of a seeded game whose actions are all described
STEPS = 400


def _configs() -> list[tuple[str, int]]:
    out = []
    for variant, r in RULESETS.items():
        counts = list(r.game.allowed_players())
        for n in sorted({counts[0], counts[-1]}):
            out.append((variant, n))
    return out


def _check(en: str | None, de: str | None, what: Any) -> None:
    assert en and de, (what, en, de)
    assert "{" not in en and "{" not in de, (what, en, de)
    assert en != de, (what, en)


@pytest.mark.parametrize(("variant", "players"), _configs())
def test_every_event_and_action_is_described_in_both_languages(variant: str, players: int) -> None:
    words = {lang: describer(variant, lang) for lang in LANGS}
    game = bohn.new_game(variant, players, 11)
    bots = {s: make_bot("random", 100 + s) for s in range(players)}
    trackers: dict[int, Any] = {}
    kinds = {s: "random" for s in range(players)}
    last = players - 1
    seen_events: set[str] = set()
    for e in game.events(0):
        if e.get("type") != "action":
            _check(words["en"].event(e, 0), words["de"].event(e, 0), e)
    for _ in range(STEPS):
        waiting = game.waiting_for()
        if not waiting:
            break
        s = next_seat(waiting, last, players)
        obs = game.observe(s)
        price = getattr(game, "options", {}).get("third_field_price")
        for a in game.legal_actions(s):
            en, de = (words[lang].action(a, obs, s, price) for lang in LANGS)
            _check(en, de, a.text())
        for lang in LANGS:
            lines = words[lang].screen(obs, s, kinds)
            assert lines and all("{" not in x for x in lines), lines
        action = bots[s].act(seat_view(game, s, bots[s], trackers))
        for ev in game.apply(s, action):
            for me in (s, (s + 1) % players):
                v = ev.view(me)
                if v is None or v.get("type") == "action":
                    continue
                seen_events.add(str(v.get("type")))
                _check(words["en"].event(v, me), words["de"].event(v, me), v)
        last = s
    assert seen_events


@pytest.mark.parametrize("variant", list(RULESETS))
def test_help_and_the_session_words_exist_in_both_languages(variant: str) -> None:
    en, de = describer(variant), describer(variant, "de")
    assert en.help() and de.help() and en.help() != de.help()
    assert en.ui("choices") == "your choices:" and de.ui("choices") == "deine Möglichkeiten:"


def test_a_ruleset_finds_its_describer_and_inherits_its_parents() -> None:
    from bohn.rulesets.al_cabohne.describe import AlCabohneDescriber
    from bohn.rulesets.bohnkick.describe import BohnkickDescriber
    from bohn.rulesets.ladybohn.describe import LadybohnDescriber

    assert type(describer("bohnanza")) is BeanDescriber
    assert isinstance(describer("sissi"), BeanDescriber)
    assert isinstance(describer("prohibohn"), AlCabohneDescriber)
    assert isinstance(describer("mutterbohnchen"), LadybohnDescriber)
    kick = describer("bohnkick")
    assert isinstance(kick, BohnkickDescriber) and not isinstance(kick, BeanDescriber)
    assert isinstance(kick, Describer)
    for variant in RULESETS:
        assert ruleset(variant).part("describe") is not None
    with pytest.raises(ValueError, match="unknown language"):
        describer("bohnanza", "fr")


def test_german_sentences() -> None:
    de = describer("bohnanza", "de")
    assert de.event({"type": "plant", "seat": 0, "card": "blaue", "field": 1}, 0) == (
        "du hast Blaue Bohne auf Feld 2 gepflanzt"
    )
    assert de.event(
        {"type": "harvest", "seat": 2, "field": 0, "cards": ["sau"] * 4, "coins": 2}, 0
    ) == ("Platz 3 erntete Feld 1 (4 x Saubohne) -> 2 Münzen")
    assert de.event({"type": "turn", "turn": 3, "seat": 0}, 0) == "--- Zug 3: du bist am Zug"
    lady = describer("ladybohn", "de")
    assert (
        lady.label("blaue/lady") == "Blaue Bohne♀"
        and lady.hidden_label("sau") == "Saubohne (♂ oder ♀)"
    )
    assert lady.stack_text(["sau", "sau/baby"], 0) == (
        "[unten] Saubohne -> Saubohne·Baby [oben] - 2 Karten, bringt 0 "
        "(ein Baby oben bringt nichts)"
    )
    mb = describer("mutterbohnchen", "de")
    assert mb.label("kavalier") == "Kavalier/Blaue Bohne"
    assert mb.label("blaue/baby2") == "Blaue Bohne·Baby mit 2 Rasseln"
    assert mb.coin_text({"known_coins": ["sau", "sau"], "blind_coins": 3}) == (
        "Münzen: Saubohne x2 bekannt; 3 verdeckt (niemand hat sie gesehen)"
    )
    kick = describer("bohnkick", "de")
    assert kick.card("brech/pass:garten") == "Brechbohne: Pass zur Gartenbohne"
    assert kick.card("tackle:sau") == "Grätsche gegen die Saubohne"
    assert kick.ball_after("garten/cross") == (
        "der Ball geht nach einer Flanke zur Feuerbohne (jede Karte der Feuerbohne darf "
        "folgen, auch der Kopfball)"
    )
    assert kick.event({"type": "play", "seat": 0, "card": "sau/dribble"}, 0) == (
        "du spieltest Saubohne: Dribbling: der Ball bleibt bei der Saubohne"
    )
    assert kick.card("goalie:shot:ul+ll") == "Torwart (Schuss): oben links oder unten links"
    sissi = describer("sissi", "de")
    assert sissi.event({"type": "sissi-action", "fields": [[0, 1], [2, 0]]}, 0) == (
        "Sissi-Aktion: dein Feld 2, Feld 1 von Platz 3 muss abgeerntet werden (sissi §3.6)"
    )


def test_a_field_named_in_parentheses_has_none_of_its_own() -> None:
    """A field an action names, in parentheses after its number, says what it
    pays (and why) without parentheses of its own."""
    for lang, pays in (("en", "pays"), ("de", "bringt")):
        words = describer("bohnanza", lang)
        assert words.field_desc(["blaue"], 0) == f"{words.name('blaue')} x1, {pays} 0"
        assert words.field_desc([], 0) == words.w("empty", "leer")
    lady = describer("ladybohn", "en")
    assert lady.field_desc(["sau", "sau/baby"], 0) == (
        "[bottom] Stink bean -> Stink bean·baby [top] - 2 cards, pays 0; a baby on top pays nothing"
    )
    assert lady.stack_text(["sau/lady"], 2) == (
        "[bottom] Stink bean♀ [top] - 1 card, pays 2 (a lady on top)"
    )


def test_high_bohn_events_name_buildings_and_conjugate() -> None:
    """High Bohn's events name buildings and building types by their names (no
    ``bank-2``, ``saloon``), and "you"/"du" take their own verb forms."""
    en, de = describer("high-bohn", "en"), describer("high-bohn", "de")
    teepee = {"type": "teepee", "seat": 1, "coins": 2}
    assert en.event(teepee, 1) == "you get 2 coins from the Indian Teepee"
    assert en.event(teepee, 0) == "seat 2 gets 2 coins from the Indian Teepee"
    assert de.event(teepee, 1) == "du bekommst 2 Münzen aus dem Indianer-Tipi"
    named = {"type": "distillery-names", "seat": 0, "building_type": "saloon"}
    assert en.event(named, 1) == (
        "seat 1 named the Saloon with the 2 Distillery: the others may buy a Saloon now, "
        "then the rest leave the game"
    )
    assert de.event(named, 0) == (
        "du nanntest Saloon mit der 2 Brennerei: die anderen dürfen jetzt einen Saloon "
        "kaufen, dann verlassen die übrigen das Spiel"
    )
    jail = {"type": "jail-choice", "seat": 2, "cards": ["blaue", "soja"]}
    assert en.event(jail, 2) == "you choose the coin of the 4 Jail from Blue bean, Soy bean"
    removed = {"type": "buildings-removed", "reason": "distillery-2", "buildings": ["bank-1"]}
    assert en.event(removed, 0) == "out of the game (2 Distillery): 1 Bank"
    look = {"type": "look", "seat": 0}
    assert de.event(look, 1) == "Platz 1 sah die oberste Karte des Nachziehstapels an (2 Bank)"
    assert en.field_label("blacksmith") == "2 Blacksmith field, Chili bean only"
    assert de.a_type("jail", no=True) == "kein Gefängnis"


def test_prohibohn_names_the_establishment_that_paid_a_coin() -> None:
    coin = {"type": "mafia-coin", "seat": 0, "card": "blaue", "for": "restaurant-3"}
    assert describer("prohibohn", "en").event(coin, 1) == (
        "seat 1 got a Blue bean coin (3 Restaurant)"
    )
    assert describer("prohibohn", "de").event(coin, 0) == (
        "du bekamst eine Blaue-Bohne-Münze (3 Restaurant)"
    )


#: every bean key of the rulesets; each has an English name in its catalogue
BEAN_KEYS = [
    "blaue",
    "feuer",
    "sau",
    "brech",
    "soja",
    "augen",
    "rote",
    "garten",
    "kidney",
    "puff",
    "stangen",
    "cognac",
    "kaffee",
    "sissi",
]


def _bean_key_words(text: str) -> list[str]:
    """The bean keys that stand as words in ``text`` (not inside a longer key)."""
    return re.findall(r"(?<![\w/:-])(" + "|".join(BEAN_KEYS) + r")(?![\w/:-])", text)


@pytest.mark.parametrize("variant", list(RULESETS))
def test_english_sentences_name_the_cards(variant: str) -> None:
    """English names a card as the catalogue does (``bohn cards``), as German
    names it by its German name: a seeded game's first events for seat 0 (the
    deal among them) name at least one card so and show no bean key as a word."""
    from bohn.catalogue import catalogue

    names = {e.names["en"] for e in catalogue(variant).entries}
    names |= {n.partition(": ")[0] for n in names}  # Bohnkick: the bean of a team card
    players = next(iter(ruleset(variant).game.allowed_players()))
    game = bohn.new_game(variant, players, 1)
    words = describer(variant, "en")
    lines = [line for e in game.events(0) if (line := words.event(e, 0))]
    text = "\n".join(lines)
    assert any(name in text for name in names if " " in name), text
    assert not _bean_key_words(text), (_bean_key_words(text), text)


def test_english_names_come_from_the_catalogue() -> None:
    """Sissi's engine table calls feuer a Fire bean; the catalogue (and so every
    English sentence) a Chili bean. Bean types wanted in an offer are names too,
    and the typed form of an action keeps the keys."""
    from bohn.engine.actions import Plant
    from bohn.engine.actions import Propose

    assert describer("sissi").name("feuer") == "Chili bean"
    assert describer("sissi").name("sau") == "Stink bean"
    en = describer("bohnanza")
    assert en.name("blaue") == "Blue bean" and en.name("augen") == "Black-eyed bean"
    game = bohn.new_game("bohnanza", 3, 1)
    obs = game.observe(0)
    obs["seats"][0]["hand"] = ["blaue", "sau"]
    assert en.action(Plant(0), obs, 0).startswith("plant Blue bean (front card) on field 1")
    propose = Propose(to=2, want=("blaue",))
    assert en.action(propose, obs, 0) == "ask seat 3 for Blue bean, giving nothing"
    assert propose.text() == "propose 2 want blaue"
    assert en.text(propose) == "propose 3 want blaue"
    assert en.event({"type": "deal", "seat": 0, "cards": ["blaue", "feuer", "sau"]}, 0) == (
        "you got Blue bean, Chili bean, Stink bean"
    )
    kick = describer("bohnkick")
    assert kick.card("brech/pass:garten") == "Green bean: pass to Garden bean"
    assert kick.card("tackle:kaffee") == "Tackle Coffee bean"


#: (variant, options, a card the ``build`` action buys, its German sentence's start)
BUYS = [
    ("high-bohn", {"cognac": True}, "saloon-3", "3 Saloon für 3 Münzen Brechbohne bauen: "),
    ("high-bohn", {"cognac": True}, "teepee-2", "2 Indianer-Tipi für 2 Münzen Rote Bohne bauen: "),
    ("prohibohn", {"pub": True}, "casino-3", "3 Casino für 3 Münzen Stangenbohne kaufen: "),
    ("prohibohn", {"pub": True}, "gas-station-4", "4 Tankstelle für 4 Münzen Feuerbohne kaufen: "),
    ("prohibohn", {"pub": True}, "police-station-3", "3 Polizeiwache für 3 Münzen "),
]


@pytest.mark.parametrize(("variant", "options", "key", "start"), BUYS)
def test_a_purchase_tells_the_catalogues_effect(
    variant: str, options: dict[str, Any], key: str, start: str
) -> None:
    """Buying a building or an establishment ends with the catalogue's effect
    of that card, in either language; German names the card by its German name."""
    from bohn.catalogue import catalogue
    from bohn.engine.actions import parse_action

    entry = catalogue(variant).entry(key)
    assert entry.effect is not None
    game = bohn.new_game(variant, 2 if variant == "prohibohn" else 3, 0, options)
    obs = game.observe(0)
    build = parse_action(f"build {key}")
    en = describer(variant, "en").action(build, obs, 0)
    de = describer(variant, "de").action(build, obs, 0)
    assert en.endswith(f": {entry.effect['en']}"), en
    assert de.endswith(f": {entry.effect['de']}"), de
    assert de.startswith(start) and entry.names["de"] in de, de
    assert key not in de and key not in en and entry.names["en"] in en
    assert entry.effect["de"] != entry.effect["en"]


def test_the_purchase_effects_are_looked_up_once() -> None:
    from bohn.rulesets.high_bohn.describe import building_info
    from bohn.rulesets.prohibohn.describe import establishment_info

    assert building_info("farm-3") is building_info("farm-3")
    info = establishment_info("razzia")
    assert info is not None and info is establishment_info("razzia")
    assert info[:2] == (4, "blaue") and info[2].key == "razzia"
    assert building_info("nope") is None and establishment_info("nope") is None


@pytest.mark.parametrize("variant", ["bohnanza", "mutterbohnchen", "bohnkick"])
def test_a_german_terminal_session(variant: str) -> None:
    out = io.StringIO()
    count = itertools.count()

    def answer(prompt: str) -> str:
        out.write(prompt)
        n = next(count)
        if n > 60:
            raise EOFError
        return "help" if n == 0 else "log" if n % 7 == 0 else "1"

    players = min(RULESETS[variant].game.allowed_players())
    assert (
        main(variant, players, 0, ["random"], 5, input_fn=answer, out=out, lang="de", layout="full")
        == 0
    )
    text = out.getvalue()
    assert "du bist Platz 1" in text and "deine Möglichkeiten:" in text
    assert "Eingabe geschlossen" in text or "Spielende" in text
    assert "your choices" not in text


def test_seats_waited_on_are_named_by_their_players() -> None:
    """A prompt's list of the others to act names them where the table has
    names ("Bruno and Clara"), and counts seats from 1 where it has none."""
    from bohn.describe.base import Describer

    plain = Describer("en")
    assert plain.seats_text([1, 2], 0) == "seats 2 and 3"
    named = Describer("de").with_players(["Anna", "Bruno", "Clara"])
    assert named.seats_text([1, 2], 0) == "Bruno und Clara"
    assert Describer("en").with_players(["Anna", "Bruno", "Clara"]).seats_text([0, 2], 0) == (
        "you and Clara"
    )
