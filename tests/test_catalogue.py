"""The card catalogues (``bohn cards``, ``docs/cards.md``): one entry per card
key the rules use, names and texts in both languages, a legible palette that
never relies on colour alone, and beanometers that pay what the engine pays."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bohn import catalogue as catmod
from bohn.catalogue import LANGS
from bohn.catalogue import MIN_CONTRAST
from bohn.catalogue import MIN_DELTA_E
from bohn.catalogue import WEARS
from bohn.catalogue import Catalogue
from bohn.catalogue import Entry
from bohn.catalogue import coins
from bohn.catalogue import contrast
from bohn.catalogue import delta_e
from bohn.catalogue import priced_by
from bohn.catalogue import steps
from bohn.cli import main
from bohn.rulesets import VARIANTS
from bohn.rulesets import ruleset

VARIANT_IDS = list(VARIANTS)


def cat(variant: str) -> Catalogue:
    return catmod.catalogue(variant)


def txt(e: Entry, lang: str) -> str:
    assert e.text is not None, e.key
    return e.text[lang]


def rules_keys(variant: str) -> list[str]:
    """Every card key the rules know: the card table's, plus the cards of the
    ruleset's other tables (buildings, establishments, bosses)."""
    game = VARIANTS[variant]
    keys = list(game.table.keys)
    package = ruleset(variant).package
    data = catmod.read_json(package)
    for group in ("bosses", "establishments"):
        keys += [str(e["key"]) for e in data.get(group, [])]
    with contextlib.suppress(FileNotFoundError):
        keys += [str(e["key"]) for e in catmod.read_json(package, "buildings.json")["buildings"]]
    return keys


def test_every_variant_has_its_own_part() -> None:
    for v in VARIANT_IDS:
        part = ruleset(v).part("catalogue")
        assert part is not None and part.CATALOGUE.variant == v, v
        assert cat(v) is part.CATALOGUE


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_one_entry_per_card_key(variant: str) -> None:
    keys = cat(variant).keys()
    assert len(keys) == len(set(keys))
    assert sorted(keys) == sorted(rules_keys(variant))


def test_the_rules_other_tables_are_in_the_catalogues() -> None:
    from bohn.rulesets.al_cabohne.rules import BOSSES
    from bohn.rulesets.high_bohn.rules import BUILDINGS
    from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS

    assert set(BUILDINGS.keys) <= set(cat("high-bohn").keys())
    assert set(ESTABLISHMENTS.keys) <= set(cat("prohibohn").keys())
    assert {b[0] for b in BOSSES} <= set(cat("al-cabohne").keys())
    assert {b[0] for b in BOSSES} <= set(cat("prohibohn").keys())


#: kinds whose cards must carry a cost/effect text
TEXT_KINDS = {
    "building",
    "establishment",
    "police-station",
    "razzia",
    "boss",
    "mama",
    "baby",
}


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_names_and_texts_in_both_languages(variant: str) -> None:
    for e in cat(variant).entries:
        for lang in LANGS:
            assert e.names.get(lang, "").strip(), (e.key, lang)
        needs_text = e.kind in TEXT_KINDS or variant == "bohnkick"
        if needs_text:
            assert e.text is not None, e.key
        if e.text is not None:
            for lang in LANGS:
                t = e.text.get(lang, "")
                assert t.strip() and "{" not in t and "}" not in t, (e.key, lang, t)
                assert t.endswith("."), (e.key, lang, t)


#: kinds whose cards must carry an effect of their own
EFFECT_KINDS = {"building", "establishment", "police-station", "razzia", "boss", "mama"}


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_effects_in_both_languages(variant: str) -> None:
    """Every building, establishment, Police Station, the Razzia, every boss and
    mama's bean has its effect, filled in, in both languages; it is the tail of
    its text (after the cost, where the text names one), and a card without a
    text has no effect."""
    for e in cat(variant).entries:
        if e.kind in EFFECT_KINDS:
            assert e.effect is not None, (variant, e.key)
        if e.effect is None:
            assert e.text is None, (variant, e.key)
            continue
        assert e.text is not None, (variant, e.key)
        for lang in LANGS:
            t = e.effect.get(lang, "")
            assert t.strip() and "{" not in t and "}" not in t, (variant, e.key, lang, t)
            assert e.text[lang].endswith(t), (variant, e.key, lang)
        if e.kind in {"building", "establishment", "police-station", "razzia"}:
            for lang in LANGS:
                assert e.text[lang] != e.effect[lang], (variant, e.key, lang)
                assert e.text[lang].startswith(("Costs ", "Kostet ")), (variant, e.key, lang)
        else:
            assert e.effect == e.text, (variant, e.key)


def test_the_effect_is_the_catalogues_only_text() -> None:
    """The data files hold no second, English-only effect beside
    ``catalogue.effect``; the engine's tables carry none."""
    from bohn.rulesets.high_bohn.rules import BUILDINGS
    from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS

    for package, name, section in [
        ("bohn.rulesets.high_bohn", "buildings.json", "buildings"),
        ("bohn.rulesets.prohibohn", "cards.json", "establishments"),
        ("bohn.rulesets.mutterbohnchen", "cards.json", "cards"),
    ]:
        for entry in catmod.read_json(package, name)[section]:
            assert "effect" not in entry, (package, entry["key"])
    assert not hasattr(BUILDINGS, "effects")
    assert not hasattr(ESTABLISHMENTS, "effect")
    e = cat("high-bohn").entry("farm-3")
    assert e.effect == {
        "de": "in Phase 1 darf der Besitzer bis zu 3 Handkarten pflanzen.",
        "en": "in phase 1 the owner may plant up to 3 hand cards.",
    }
    assert e.to_json()["effect"] == e.effect
    assert cat("bohnanza").entry("blaue").to_json()["effect"] is None


#: the table's card pictures (``bohn/server/static/cards.js``)
CARDS_JS = Path(__file__).resolve().parents[1] / "bohn" / "server" / "static" / "cards.js"


def drawn_icons() -> set[str]:
    """The names of the pictures the table draws: the keys of ``ICONS`` in cards.js."""
    src = CARDS_JS.read_text(encoding="utf-8")
    body = re.search(r"^const ICONS = \{\n(.*?)^\};", src, re.S | re.M)
    assert body is not None, "no ICONS object in cards.js"
    return set(re.findall(r'^  "?([a-z][a-z-]*)"?:', body.group(1), re.M))


def test_the_table_draws_the_icons() -> None:
    icons = drawn_icons()
    assert {"points", "meter", "draw", "rattle", "fedora", "police", "house", "glove"} <= icons
    assert len(icons) >= 30


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_card_with_a_text_has_an_icon_the_table_draws(variant: str) -> None:
    icons = drawn_icons()
    for e in cat(variant).entries:
        if e.text is None:
            assert e.icon is None, (variant, e.key)
        else:
            assert e.icon in icons, (variant, e.key, e.icon)
        assert e.to_json()["icon"] == e.icon


def test_icons_follow_the_rules() -> None:
    """A card's icon pictures what it does: by its kind where every card of the
    kind does the same, else by the card (its data's ``catalogue.icon``)."""
    for v in ("al-cabohne", "prohibohn"):
        assert {e.icon for e in cat(v).entries if e.kind == "boss"} == {"fedora"}
    for v in ("ladybohn", "mutterbohnchen"):
        assert {e.icon for e in cat(v).entries if e.kind == "baby"} == {"rattle"}
        assert {e.icon for e in cat(v).entries if e.kind in ("man", "lady")} == {None}
    kick = {e.kind: e.icon for e in cat("bohnkick").entries}
    assert kick == {
        "dribble": "ball",
        "pass": "ball",
        "cross": "ball",
        "shot": "goal",
        "long-shot": "goal",
        "header": "goal",
        "goalie": "glove",
        "referee": "whistle",
        "tackle": "tackle",
    }
    hb = cat("high-bohn")
    assert {e.icon for e in hb.entries if e.key.endswith("-1")} == {"points"}
    assert [hb.entry(k).icon for k in ("jail-2", "farm-3", "general-store-2", "distillery-2")] == [
        "meter",
        "plant",
        "store",
        "remove",
    ]
    pb = cat("prohibohn")
    assert [pb.entry(k).icon for k in ("gas-station-4", "restaurant-3", "razzia")] == [
        "draw",
        "cash",
        "razzia",
    ]
    assert {pb.entry(k).icon for k in ("police-station-3", "police-station-4")} == {"police"}
    mb = cat("mutterbohnchen")
    assert [mb.entry(k).icon for k in ("macho", "einsiedler", "flitzer")] == [
        "bottom",
        "meter",
        "gift",
    ]
    assert cat("bohnanza").entry("blaue").icon is None


def test_the_names_players_know() -> None:
    known = {
        "blaue": "Blue bean",
        "feuer": "Chili bean",
        "sau": "Stink bean",
        "brech": "Green bean",
        "soja": "Soy bean",
        "augen": "Black-eyed bean",
        "rote": "Red bean",
        "garten": "Garden bean",
    }
    for v in VARIANT_IDS:
        for e in cat(v).entries:
            if e.key in known:
                assert e.names["en"] == known[e.key], (v, e.key)


def test_kinds() -> None:
    assert {e.kind for e in cat("bohnanza").entries} == {"bean"}
    assert {e.kind for e in cat("sissi").entries} == {"sissi", "captain"}
    assert {e.kind for e in cat("ladybohn").entries} == {"man", "lady", "baby"}
    assert {e.kind for e in cat("mutterbohnchen").entries} == {"man", "lady", "baby", "mama"}
    assert {e.kind for e in cat("prohibohn").entries} == {
        "bean",
        "boss",
        "establishment",
        "police-station",
        "razzia",
    }
    from bohn.rulesets.bohnkick.rules import KIND

    assert [e.kind for e in cat("bohnkick").entries] == list(KIND)


#: what the table draws a bean wearing (``LOOKS`` in cards.js)
DRAWN_WEARS = {"hat", "bow", "curl", "bicorne", "crown", "fedora"}


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_a_figure_wears_what_the_table_draws(variant: str) -> None:
    """A card's ``wears`` (what its bean wears on the table: by its kind where
    several rulesets share it, else as its ruleset's data says) is one the
    browser draws, so the page's code names no kind of a ruleset's own."""
    src = CARDS_JS.read_text(encoding="utf-8")
    drawn = re.search(r"^const LOOKS = new Set\(\[(.*?)\]\);", src, re.M)
    assert drawn is not None, "no LOOKS in cards.js"
    assert set(re.findall(r'"([a-z-]+)"', drawn.group(1))) == DRAWN_WEARS
    for e in cat(variant).entries:
        wears = e.to_json()["wears"]
        assert wears == (e.wears or WEARS.get(e.kind)), (variant, e.key)
        assert e.kind not in WEARS or e.wears is None, (variant, e.key)
        assert wears is None or wears in DRAWN_WEARS, (variant, e.key, wears)
    kinds = {e.kind: e.to_json()["wears"] for e in cat(variant).entries}
    if "boss" in kinds:
        assert kinds["boss"] == "fedora"
    if "sissi" in kinds:
        assert kinds["sissi"] == "crown" and kinds["captain"] == "bicorne"
    if "lady" in kinds:
        assert (kinds["lady"], kinds["man"], kinds["baby"]) == ("bow", "hat", "curl")


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_counts_are_the_engines(variant: str) -> None:
    table = VARIANTS[variant].table
    c = cat(variant)
    for card, key in enumerate(table.keys):
        assert c.entry(key).count == table.counts[card]


# ----------------------------------------------------------------------------
# beanometers


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_meters_pay_what_the_engine_pays(variant: str) -> None:
    table = VARIANTS[variant].table
    c = cat(variant)
    for card, key in enumerate(table.keys):
        meter = priced_by(c.entry(key))
        for n in range(0, 25):
            assert coins(meter, n) == table.pays_for(card, n), (key, n)


def test_both_meters_of_a_gendered_type() -> None:
    for v in ("ladybohn", "mutterbohnchen"):
        table = VARIANTS[v].table
        c = cat(v)
        for b in ("blaue", "garten", "soja"):
            man, lady = c.entry(b), c.entry(f"{b}/lady")
            assert man.beanometer == lady.beanometer == steps(table.meters[table.card(b)])
            assert man.lady_beanometer == lady.lady_beanometer
            assert lady.lady_beanometer == steps(table.meters[table.card(f"{b}/lady")])
            assert man.beanometer != man.lady_beanometer
            assert c.entry(f"{b}/baby").beanometer is None


def test_building_meters_are_the_engines() -> None:
    from bohn.rulesets.high_bohn.rules import BUILDINGS

    c = cat("high-bohn")
    for b, key in enumerate(BUILDINGS.keys):
        e = c.entry(key)
        assert e.extra["price"] == BUILDINGS.price[b]
        if BUILDINGS.pays[b]:
            for n in range(0, 20):
                assert coins(e.beanometer, n) == BUILDINGS.pay(b, n), (key, n)
        else:
            assert e.beanometer is None


def test_meter_form() -> None:
    assert steps(((2, 2), (3, 3))) == [None, 2, 3, None]
    assert steps(()) is None
    assert cat("bohnanza").entry("blaue").beanometer == [4, 6, 8, 10]
    assert cat("sissi").entry("sissi").beanometer == [4, None, 10, None, 12]


# ----------------------------------------------------------------------------
# the palette


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_ink_is_legible(variant: str) -> None:
    for group, look in cat(variant).palette.items():
        assert contrast(look.colour, look.ink) >= MIN_CONTRAST, (group, look)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_bean_types_differ_by_symbol_and_clearly_by_colour(variant: str) -> None:
    palette = cat(variant).palette
    for (a, la), (b, lb) in itertools.combinations(palette.items(), 2):
        assert la.symbol != lb.symbol, (a, b)
        assert la.symbol_name != lb.symbol_name, (a, b)
        assert delta_e(la.colour, lb.colour) >= MIN_DELTA_E, (a, b, delta_e(la.colour, lb.colour))


def test_a_bean_type_looks_the_same_in_every_game() -> None:
    seen: dict[str, Any] = {}
    for v in VARIANT_IDS:
        for group, look in cat(v).palette.items():
            assert seen.setdefault(group, look) == look, (v, group)
    assert "?" not in {look.symbol for look in seen.values()}


def test_every_entry_of_a_group_shares_its_look() -> None:
    for v in VARIANT_IDS:
        c = cat(v)
        for e in c.entries:
            assert e.look == c.palette[e.group]


def test_colour_maths() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    # Sharma, Wu and Dalal's test pairs, in CIELAB: check the sRGB path on greys
    assert delta_e("#000000", "#ffffff") == pytest.approx(100.0, abs=0.01)
    assert delta_e("#ff0000", "#ff0000") == 0.0
    assert delta_e("#2360b8", "#d7312a") == pytest.approx(delta_e("#d7312a", "#2360b8"))


# ----------------------------------------------------------------------------
# placeholders


def test_placeholders() -> None:
    assert all(e.placeholder for e in cat("ladybohn").entries)
    assert all(e.placeholder for e in cat("bohnkick").entries)
    assert not any(e.placeholder for e in cat("bohnanza").entries)
    assert not any(e.placeholder for e in cat("high-bohn").entries)
    assert not cat("prohibohn").entry("police-station-4").placeholder  # printed; only row 7 is ours
    assert not cat("sissi").entry("sau").placeholder
    assert cat("sissi").entry("feuer").placeholder


# ----------------------------------------------------------------------------
# texts follow the data


def test_texts_follow_the_data() -> None:
    hb = cat("high-bohn")
    assert "1->1, 2->2, 3->3" in txt(hb.entry("goldmine-3"), "en")
    assert txt(hb.entry("teepee-3"), "de").startswith("Kostet 3 Taler der Sorte Rote Bohne")
    assert "6" in txt(hb.entry("teepee-3"), "en")
    assert "at least 3 coins" in txt(cat("al-cabohne").entry("al-cabohne"), "en")
    assert "solo" in txt(cat("al-cabohne").entry("joe-bohnano"), "en")
    assert cat("prohibohn").entry("joe-bohnano").option == "pub"
    assert "5 coins all of one other type" in txt(cat("prohibohn").entry("razzia"), "en")
    mb = cat("mutterbohnchen")
    assert "at most 2 of his coins" in txt(mb.entry("blaue/baby2"), "en")
    assert "at most 1 of his coins" in txt(mb.entry("blaue/baby"), "en")
    assert "1->1" in txt(mb.entry("einsiedler"), "en")
    kick = cat("bohnkick")
    assert kick.entry("brech/pass:garten").names["en"] == "Green bean: pass to the Garden bean"
    assert "free kick" in txt(kick.entry("goalie:long-shot:ul"), "en")
    assert kick.entry("feuer/shot").extra == {"team": True, "per_team": 3}


def test_new_data_keys_leave_the_engine_alone() -> None:
    """The presentation keys sit under ``catalogue`` / ``palette``; the keys the
    rules read are unchanged (a Sissi captain is still a captain, a mama still
    a mama with his text position)."""
    from bohn.rulesets.mutterbohnchen.rules import MAMA
    from bohn.rulesets.mutterbohnchen.rules import TEXT
    from bohn.rulesets.sissi.rules import Sissi

    table = VARIANTS["mutterbohnchen"].table
    for card, a in enumerate(table.attrs):
        if "catalogue" in a:
            assert MAMA[card]
    assert sum(1 for t in TEXT if t) == 22
    assert Sissi.table.names[Sissi.table.card("feuer")]["en"] == "Fire bean"


# ----------------------------------------------------------------------------
# the command


def test_cards_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "ladybohn", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "ladybohn" and len(out["cards"]) == 24
    for card in out["cards"]:
        assert {
            "key",
            "names",
            "kind",
            "count",
            "colour",
            "ink",
            "symbol",
            "beanometer",
            "lady_beanometer",
            "text",
            "effect",
            "icon",
            "placeholder",
        } <= set(card)
        assert set(card["names"]) == set(LANGS)
    lady = next(c for c in out["cards"] if c["key"] == "blaue/lady")
    assert lady["lady_beanometer"] == [3, 5, 7, 9] and lady["beanometer"] == [4, 6, 8, 10]


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_cards_json_of_every_variant(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", variant, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == cat(variant).to_json()
    assert [c["key"] for c in out["cards"]] == cat(variant).keys()


def test_cards_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "high-bohn", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Gartenbohne" in out and "Kostet 2 Taler der Sorte Gartenbohne" in out
    assert main(["cards", "bohnanza"]) == 0
    out = capsys.readouterr().out
    assert "Blue bean" in out and "4/6/8/10" in out and "-/2/3/-" in out


def test_cards_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown variant 'nope'" in err
    assert main(["cards", "bohnanza", "--lang", "fr"]) == 2
