"""Every ruleset readable in an 80x24 terminal (``bohn play``'s compact
table): at every prompt of a game at the ruleset's largest player count the
screen's lines fit 80 columns with nothing cut, the table, the keys, the
commands and the prompt fit 23 rows under the turn's header, no two choices
read alike, and every key shown is accepted. The keys are typed at random
from those shown (a field question answered with a field it offers), so the
games reach trading, offers and the rulesets' own phases.

A whole game in a real pseudo-terminal (pyte) per ruleset is in
``test_play_terminal.py``."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from typing import Any

import pytest

import bohn
from bohn.describe import describer
from bohn.describe.bean import BeanDescriber
from bohn.describe.terminal import fit_rows
from bohn.describe.terminal import flow
from bohn.describe.terminal import fold
from bohn.describe.terminal import fold_cells
from bohn.describe.terminal import side_by_side
from bohn.engine.actions import Drop
from bohn.engine.actions import Keep
from bohn.engine.actions import Plant
from bohn.play import SCREEN_ROWS
from bohn.play import Session
from bohn.play import main
from bohn.prompt_keys import prompt_keys
from bohn.rulesets import VARIANTS

#: every ruleset at its largest player count (and the Rio Grande duel)
LARGEST = [
    ("bohnanza", 5),
    ("bohnanza-rio-grande", 7),
    ("bohnanza-rio-grande", 2),
    ("high-bohn", 5),
    ("al-cabohne", 2),
    ("prohibohn", 2),
    ("ladybohn", 5),
    ("mutterbohnchen", 6),
    ("mutterbohnchen", 2),
    ("sissi", 5),
    ("bohnkick", 4),
]
#: a key item above the prompt: ``1) plant ...``, ``a N) accept 3, 4``
ITEM = re.compile(r"(?:^|   )([a-z]?\d*(?: N)?)\) ")
#: what the session says when a key is refused
REFUSED = re.compile(
    r"there is no choice|not allowed:|no field '|es gibt jetzt keine Wahl|nicht erlaubt:|kein Feld '"
)


def items_of(lines: list[str]) -> list[str]:
    """The prompt's items (``k0) keep Chili bean``) on the lines of keys."""
    out = []
    for line in lines:
        for part in re.split(r"   (?=[a-z]?\d*(?: N)?\) )", line):
            if ITEM.match(part):
                out.append(part.strip())
    return out


#: the session's questions in each language: the move, the field, the pick
ASKS = {
    "en": ("your move> ", "on which field?", "choice"),
    "de": ("dein Zug> ", "auf welches Feld?", "Wahl"),
}


def play_at_random(
    variant: str, players: int, seed: int, prompts: int, lang: str = "en"
) -> dict[str, int]:
    """A game as a person who types a random key shown at every prompt;
    every screen is checked. Counts of what was seen."""
    out = io.StringIO()
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    state: dict[str, Any] = {"start": 0, "typed": ""}

    def input_fn(prompt: str) -> str:
        text = out.getvalue()
        since = text[state["start"] :]
        state["start"] = len(text)
        if state["typed"]:
            assert not REFUSED.search(since), (state["typed"], since)
        state["typed"] = ""
        move, field, pick = ASKS[lang]
        if prompt.startswith(field):
            fields = re.search(r"\(([0-9, ]+);", prompt)
            assert fields, prompt
            seen["field question"] += 1
            state["typed"] = rng.choice(fields.group(1).split(", "))
            return state["typed"]
        if prompt.startswith(pick):
            return "1"
        if prompt != move:
            return ""
        screen = since.rsplit("\n\n", 1)[-1].splitlines()
        seen["prompts"] += 1
        assert screen[0].startswith("==="), screen  # the header heads the screen
        # the blank line above the header, the screen and the prompt: 24 rows
        assert len(screen) + 2 <= SCREEN_ROWS, "\n".join(screen)
        for line in screen:
            assert len(line) <= 80, line
            assert "…" not in line, line
        also = ("also:", "außerdem:")
        keys_at = next(i for i, x in enumerate(screen) if ITEM.match(x) or x.startswith(also))
        items = items_of(screen[keys_at:])
        texts = Counter(item.split(") ", 1)[1] for item in items)
        assert all(n == 1 for n in texts.values()), items
        if seen["prompts"] > prompts:
            return "quit"
        keys = [item.split(")")[0] for item in items if " N)" not in item]
        if not keys:
            return "list"
        state["typed"] = rng.choice(keys)
        seen["typed"] += 1
        return state["typed"]

    rc = main(variant, players, 0, ["greedy"], seed, input_fn=input_fn, out=out, lang=lang)
    assert rc == 0
    assert "Traceback" not in out.getvalue()
    return dict(seen)


@pytest.mark.parametrize(("variant", "players"), LARGEST)
def test_every_screen_fits_80x24_and_every_key_shown_is_accepted(
    variant: str, players: int
) -> None:
    seen = play_at_random(variant, players, seed=3, prompts=60)
    assert seen["prompts"] > 20
    assert seen["typed"] > 10


@pytest.mark.parametrize(
    ("variant", "players"), [("mutterbohnchen", 6), ("high-bohn", 5), ("bohnkick", 4)]
)
def test_in_german_too(variant: str, players: int) -> None:
    seen = play_at_random(variant, players, seed=4, prompts=40, lang="de")
    assert seen["prompts"] > 20


def test_a_card_that_several_fields_take_asks_which() -> None:
    """Traded cards that fit two fields: one key a card, then the field."""
    seen = play_at_random("mutterbohnchen", 6, seed=3, prompts=30)
    assert seen.get("field question", 0) > 0


def test_a_field_number_is_never_taken_by_a_numbered_choice() -> None:
    """Planting on field 1 (the JSON's field 0) keeps the key ``1`` where
    other choices are numbered too (they are ``n1``, ``n2``): Mutterböhnchen's
    discard in phase 2 once took the key, and ``1`` was refused."""
    game = bohn.new_game("mutterbohnchen", 2, 0)
    words = describer(game, "en")
    obs = game.observe(0)
    plant, drops = Plant(0), [Drop(0), Drop(1)]
    keys = prompt_keys(words, obs, 0, [plant, *drops], None)
    assert keys.actions["1"] == plant
    assert [keys.actions["n1"], keys.actions["n2"]] == drops
    assert [i.split(")")[0] for i in keys.items] == ["1", "n1", "n2"]


def test_two_cards_alike_are_told_apart_by_where_they_lie() -> None:
    game = bohn.new_game("bohnanza", 3, 0)
    words = describer(game, "en")
    obs = dict(game.observe(0))
    obs["revealed"] = ["feuer", "feuer"]
    keys = prompt_keys(words, obs, 0, [Keep(0), Keep(1)], None)
    assert keys.items == [
        "k1) keep Chili bean (revealed card 1)",
        "k2) keep Chili bean (revealed card 2)",
    ]
    assert keys.actions["k1"] == Keep(0)


def test_plantings_by_card_where_a_field_takes_several() -> None:
    game = bohn.new_game("bohnanza", 3, 0)
    words = describer(game, "en")
    obs = dict(game.observe(0))
    me = dict(obs["seats"][0])
    me["trading_area"] = ["blaue", "feuer"]
    obs["seats"] = [me, *obs["seats"][1:]]
    legal = [Plant(0, traded=0), Plant(1, traded=0), Plant(1, traded=1)]
    keys = prompt_keys(words, obs, 0, legal, None)  # type: ignore[arg-type]
    assert keys.items == [
        "t1) plant Blue bean on field 1 or 2",
        "t2) plant Chili bean on field 2",
    ]
    assert keys.fields["t1"] == legal[:2]
    assert keys.actions["t2"] == legal[2]


def test_the_field_question_takes_a_field_or_goes_back() -> None:
    game = bohn.new_game("bohnanza", 3, 0)
    answers = iter(["7", "2"])
    out = io.StringIO()
    s = Session(game, 0, {}, {}, lambda p: next(answers), out)
    choices = [Plant(0, traded=0), Plant(1, traded=0)]
    assert s.which_field(choices) is None
    assert "no field '7' takes this card; it may go on field 1, 2" in out.getvalue()
    assert s.which_field(choices) == choices[1]  # field 2 is the JSON's field 1


def test_the_whole_hand_pages() -> None:
    game = bohn.new_game("bohnanza", 3, 0)
    out = io.StringIO()
    s = Session(game, 0, {}, {}, lambda p: "", out)
    lines = s.hand_lines(game.observe(0))
    hand = game.observe(0)["seats"][0]["hand"]
    assert len(lines) == len(hand) + 1
    assert lines[1] == f"  h1 {s.words.label(hand[0])}"


def test_fold_breaks_between_words_and_cuts_nothing() -> None:
    text = "attacks of the little rascals: you may attack with the baby on top of each field"
    lines = fold("  " + text, 40)
    assert all(len(x) <= 40 for x in lines)
    assert " ".join(x.strip() for x in lines) == text
    assert lines[1].startswith("      ")


def test_fold_cells_breaks_only_between_fields() -> None:
    cells = ["Black-eyed x2 (1, +2→2)", "Stink x1 (0, +2→1)", "Garden x1 (0, +1→2)"]
    lines = fold_cells("  seat 2 (greedy): 1 coin, hand 5", cells)
    assert all(len(x) <= 80 for x in lines)
    joined = " ".join(x.strip() for x in lines)
    assert all(c in joined for c in cells)


def test_flow_counts_what_does_not_fit_without_cutting_a_card() -> None:
    items = [f"h{i} Black-eyed bean" for i in range(12)]
    lines = flow("hand: ", items, more=" (hand: all)")
    assert len(lines) == 2
    assert all(len(x) <= 80 for x in lines)
    shown = re.findall(r"h\d+ Black-eyed bean", " ".join(lines))
    assert lines[-1].endswith(f"+{12 - len(shown)} (hand: all)")


def test_side_by_side_and_fit_rows() -> None:
    assert side_by_side(["a", "b"], "  ", 10) == ["  a   b"]
    ranked = [(0, "head"), (3, "legend"), (2, "x"), (0, "you")]
    assert fit_rows(ranked, 3, "(more: table)") == ["head  (more: table)", "you"]
    assert fit_rows(ranked, 9, "(more)") == ["head", "legend", "x", "you"]


@pytest.mark.parametrize("variant", sorted(v for v in VARIANTS if v != "bohnkick"))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_short_names_of_the_table_tell_every_card_apart(variant: str, lang: str) -> None:
    """The compact table names a card without its word for bean; two cards
    never share a short name (that would hide which is meant)."""
    from bohn.catalogue import catalogue

    game = bohn.new_game(variant, VARIANTS[variant].min_players, 0)
    words = describer(game, lang)
    assert isinstance(words, BeanDescriber)  # Bohnkick's cards are not beans
    keys = [e.key for e in catalogue(variant).entries]
    shorts = {words.short(k): words.label(k) for k in keys}
    labels = {words.label(k) for k in keys}
    assert len(shorts) == len(labels), sorted(shorts)
