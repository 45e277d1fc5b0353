"""Every word a player reads, in both languages, is a word: seeded games of
every ruleset at its fewest and most players (every count in a soak run), played by bots (random ones for a few
hundred steps, greedy ones to the end: those build, buy and use every
ability), and every action label, prompt, phase name and log sentence they
produce, in German and English.

None of them may show a raw card key of the ruleset (``jail-2``, ``blaue``,
``goalie:shot:ll``), a bean type's key where its name in that language
differs (``garten`` for the Gartenbohne), a building's or an establishment's
id (``bank-2``, ``restaurant-3``), a key's part glued to a number
(``baby2``), a goal corner's code (``ul+ur``), an action's typed form
(``plant f0``, ``h3``), JSON or ``None``; a German text names no card by its
English name and an English text none by its German name (the catalogue's
names). Parentheses pair up and never double (``(pays 0))``); a card's
position is not said twice (``hand card Blue bean (hand card 2)``); "you" and
"du" take their own verb forms (``you get``, ``du bekommst``; never ``you
gets``, ``du bekommt``), and a seat the third person's (``seat 2 gets``,
``Platz 2 bekommt``)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from passes import SOAK

import bohn
from bohn.bots.base import seat_view
from bohn.catalogue import catalogue
from bohn.describe import LANGS
from bohn.describe import describer
from bohn.engine.game import Game
from bohn.rulesets import VARIANTS
from bohn.server.rooms import game_view
from bohn.server.rooms import legal_view
from bohn.sim.runner import make_bots
from bohn.sim.runner import next_seat

#: steps each random bots' game runs (a few hundred: every phase, most moves)
STEPS = 300
#: steps a greedy bots' game may run: to its end (they build, buy, name and
#: take what random bots rarely do)
GREEDY_STEPS = 5000
#: the bots of each game, and how many steps it runs
BOTS = (("random", STEPS), ("greedy", GREEDY_STEPS))
#: optional rules with words of their own (High Bohn's Cognac variant names a
#: building type with the Distillery; Prohibohn's Pub)
OPTIONS: dict[str, tuple[tuple[str, Any], ...]] = {
    "high-bohn": (("cognac", True),),
    "prohibohn": (("pub", True),),
}

#: a goal corner's code, alone or joined (``ll``, ``ul+ur+ll+lr``)
CORNERS = re.compile(r"(?<![\w+])(?:ul|ur|ll|lr)(?:\+(?:ul|ur|ll|lr))*(?![\w+])")
#: a card's or a field's reference in an action's typed form (``h3``, ``f0``)
REF = re.compile(r"(?<![\w/+-])[a-wyz]\d+(?![\w])")
#: a reference in parentheses after the card it tells apart from its twins
#: ("Blue bean (h3)": the hand's 4th card) is allowed
TOLD_APART = re.compile(r"\([a-z]\d+\)")
#: an action's typed form at the start of a text
TYPED = re.compile(
    r"^(plant|keep|harvest|propose|stash|buy-field|accept|decline|withdraw|pass|build|buy)"
    r" [a-z]?\d"
)
#: JSON or Python values leaking into words
CODE = re.compile(r"[{}]|\"\w+\":|'\w+':|\bNone\b|\bTrue\b|\bFalse\b")
#: a building's or an establishment's id: its type and its number (``bank-2``,
#: ``general-store-1``, ``restaurant-3``)
ID = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)*-\d+(?![\w-])")
#: a word glued to a number, as keys are (``baby2``); ``x2`` counts are no word
GLUED = re.compile(r"(?<![\w-])[a-zäöü]{2,}\d+(?!\w)")
#: a rule's reference, its rules file and section (``sissi §3.6``,
#: ``al-cabohne §3.2``): the file's name is no card key, even where a card
#: shares it (Sissi's ``sissi``)
RULE_REF = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)* §\d+(?:\.\d+)*")
#: doubled parentheses (``(pays 0))``)
DOUBLED = re.compile(r"\(\(|\)\)")
#: a position said twice: ``hand card Blue bean (hand card 2)``
TWICE = re.compile(r"\b([A-Za-zÄÖÜäöü]{4,}(?: [a-zäöü]{3,})?) [^()]+\(\1 \d+\)")
#: one of a counted thing in the plural (``1 cards``, ``1 Karten``)
ONE_MANY = re.compile(
    r"(?<![\d.,-])1 (?:\w+ )?(?:cards|coins|goals|times|Karten|Münzen|Tore|"
    r"\w+karten)\b"
)
#: "you" with a third person's verb (``you gets``, ``you is``): a word in -s
#: after it (not -ss, and none of the words in -s that are no verb)
YOU = re.compile(r"\b[Yy]ou (?!(?:as|always|plus|this|us)\b)([a-z]+[^s\W]s|is|has|does)\b")
#: "a" before a vowel (``a Indian Teepee``; "a one", "a use", "a Euro" are right)
A_AN = re.compile(r"\b[Aa] (?!one\b|on[ce]|us|un[iy]|Eu)[AEIOUaeiou]")
#: a seat with the second person's verb (``seat 2 get``)
SEAT_YOU = re.compile(
    r"\b[Ss]eat \d+(?: \([^()]*\))? (are|have|get|pay|take|draw|give|keep|plant|harvest|"
    r"hold|open|attack|choose|play|aim|may not have|were)\b"
)
#: "du" with a third person's verb: a present in -t (not -st, nor -zt as in
#: ``du pflanzt``) or a past in -te (``du bekommt``, ``du spielte``), but for
#: the words in -t that are no verb
DU = re.compile(
    r"\b[Dd]u (?!(?:mit|nicht|jetzt|gut|oft|seit|bereits|damit|selbst|erst|zuerst)\b)"
    r"([a-zäöü]+(?<![szßx])t|[a-zäöü]+te)\b"
)
#: a seat with the second person's verb (``Platz 2 bekommst``)
PLATZ_DU = re.compile(
    r"\bPlatz \d+(?: \([^()]*\))? (?!(?:ist|erst|selbst|sonst|zuerst|fast|mindestens)\b)"
    r"([a-zäöü]+st|bist)\b"
)


#: group keys that are words too (Al Cabohne's ``mafia``: the mafia treasury)
WORDS_TOO = frozenset({"mafia"})

#: rulesets whose words still fail (known, to be fixed): none now
STILL_FAILING: set[str] = set()


def _cases() -> list[tuple[str, int]]:
    """Every ruleset at its fewest and its most players (where a ruleset's own
    games for two, its duel and its biggest table are), every player count
    in a soak run (``BOHN_SOAK=1``)."""
    cases = []
    for v, cls in VARIANTS.items():
        counts = cls.allowed_players()
        for n in counts if SOAK else sorted({counts[0], counts[-1]}):
            cases.append((v, n))
    return cases


def _option_cases() -> list[tuple[str, int]]:
    """Each optional rule at its fewest players."""
    return [(v, min(VARIANTS[v].allowed_players())) for v in OPTIONS]


def _params() -> list[object]:
    return [
        pytest.param(
            v,
            n,
            marks=pytest.mark.xfail(reason="German mama names in English", strict=False)
            if v in STILL_FAILING
            else (),
        )
        for v, n in _cases()
    ]


@cache
def _names(variant: str) -> tuple[dict[str, str], dict[str, str]]:
    """The card keys of ``variant`` and its names only one language uses
    (name -> the language it belongs to)."""
    cards = catalogue(variant).to_json()["cards"]
    keys = {c["key"]: c["key"] for c in cards}
    # a bean type's key where no card of that type is named by it (``garten``:
    # Bohnkick's cards are ``Gartenbohne: Dribbling``)
    for c in cards:
        group = c.get("group")
        if group and group not in WORDS_TOO:
            keys.setdefault(group, group)
    de = {c["names"]["de"] for c in cards}
    en = {c["names"]["en"] for c in cards}
    only: dict[str, str] = {}
    for name in de - en:
        if not any(name in other for other in en):
            only[name] = "de"
    for name in en - de:
        if not any(name in other for other in de):
            only[name] = "en"
    return keys, only


def _key_pattern(variant: str) -> re.Pattern[str]:
    keys, _ = _names(variant)
    alts = "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
    # a colon ends a key where a space follows it ("garten: Dribbling"), not in
    # a longer key ("goalie:shot:ll")
    return re.compile(rf"(?<![\w/:+-])(?:{alts})(?![\w/+-]|:\S)")


@cache
def collect(
    variant: str,
    players: int,
    seed: int = 1,
    kind: str = "random",
    steps: int = STEPS,
    options: tuple[tuple[str, Any], ...] = (),
) -> dict[str, set[str]]:
    """Every text a seat reads in a seeded game of ``kind`` bots (with the
    rules' ``options``), by language."""
    game: Game = bohn.new_game(variant, players, seed=seed, options=dict(options) or None)
    seats = game.n
    bots = make_bots([kind] * seats, seed)
    words = {lang: describer(game, lang) for lang in LANGS}
    out: dict[str, set[str]] = {lang: set() for lang in LANGS}
    last = seats - 1
    for step in range(steps):
        waiting = sorted(game.waiting_for())
        if game.result() is not None or not waiting:
            break
        for s in range(seats):
            obs = game.observe(s)
            legal = game.legal_actions(s)
            for lang, w in words.items():
                out[lang].add(w.prompt(obs, s, waiting, legal))
                if "phase" in obs:
                    out[lang].add(w.phase_name(obs["phase"]))
                if s in waiting or step % 5 == 0:
                    out[lang].update(e["label"] for e in legal_view(game, s, w, obs, legal))
        seat = next_seat(game.waiting_for(), last, seats)
        game.apply(seat, bots[seat].act(seat_view(game, seat, bots[seat], {})))
        last = seat
    for s in [None, *range(seats)]:
        for lang in LANGS:
            view = game_view(game, "g", s, lang=lang)
            out[lang].add(view["prompt"])
            for entry in view["log"]:
                out[lang].update(e["text"] for e in entry["events"] if "text" in e)
    return out


def balanced(text: str) -> bool:
    """Whether every parenthesis of ``text`` closes one opened before it, and
    every one opened closes."""
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def problems(variant: str, text: str, lang: str) -> list[str]:
    """What is wrong with one text in ``lang`` (empty: nothing)."""
    found = []
    _, only = _names(variant)
    text = RULE_REF.sub("§", text)
    for pat, what in (
        (_key_pattern(variant), "card key"),
        (ID, "building id"),
        (GLUED, "key part"),
        (CORNERS, "corner code"),
        (REF, "action reference"),  # outside parentheses (TOLD_APART)
        (TYPED, "typed action"),
        (CODE, "code"),
        (DOUBLED, "doubled parentheses"),
        (TWICE, "position said twice"),
        (ONE_MANY, "one in the plural"),
        *(
            ((DU, "du with a third person's verb"), (PLATZ_DU, "a seat with du's verb"))
            if lang == "de"
            else (
                (YOU, "you with a third person's verb"),
                (SEAT_YOU, "a seat with your verb"),
                (A_AN, "a before a vowel"),
            )
        ),
    ):
        m = pat.search(TOLD_APART.sub("", text) if pat is REF else text)
        if m:
            found.append(f"{what} {m.group(0)!r}")
    if not balanced(text):
        found.append("unbalanced parentheses")
    for name, owner in only.items():
        if owner != lang and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text):
            found.append(f"{owner} name {name!r}")
    return found


@pytest.mark.parametrize(("variant", "players"), _params(), ids=lambda x: str(x))
def test_every_word_a_player_reads_is_a_word(variant: str, players: int) -> None:
    bad = []
    for kind, steps in BOTS:
        for lang, texts in collect(variant, players, 1, kind, steps).items():
            for text in sorted(texts):
                for p in problems(variant, text, lang):
                    bad.append(f"[{lang}, {kind} bots] {p}: {text}")
    assert not bad, "\n".join(bad[:40]) + f"\n({len(bad)} in all)"


@pytest.mark.parametrize(("variant", "players"), _option_cases(), ids=lambda x: str(x))
def test_the_optional_rules_words_are_words(variant: str, players: int) -> None:
    bad = []
    for kind, steps in BOTS:
        for seed in (1, 2):
            texts = collect(variant, players, seed, kind, steps, OPTIONS[variant])
            for lang, found in texts.items():
                for text in sorted(found):
                    for p in problems(variant, text, lang):
                        bad.append(f"[{lang}, {kind} bots] {p}: {text}")
    assert not bad, "\n".join(bad[:40]) + f"\n({len(bad)} in all)"


if __name__ == "__main__":
    import sys

    cases = [c for c in _cases() if not sys.argv[1:] or c[0] in sys.argv[1:]]
    for variant, players in cases:
        seen: set[str] = set()
        for bots, steps in BOTS:
            for lang, texts in collect(variant, players, 1, bots, steps).items():
                for text in sorted(texts):
                    for p in problems(variant, text, lang):
                        kind = (lang, p)
                        if str(kind) not in seen:
                            seen.add(str(kind))
                            print(f"{variant}/{players} [{lang}, {bots}] {p}: {text}")
