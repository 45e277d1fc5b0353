"""The encoding written from the state equals the one built from ``observe``,
and is blind to every hidden card.

Equality runs 10 seeded random games per ruleset at one player count
between the two passes (``equality_seeds``): seeds 0-3 in the pure pass,
where the pure writer is the one in use, and 4-9 in the compiled pass, where
the bean games' vectors are the C writer's (which equals the reference on
seeds 0-7 at every seat and step: ``test_the_c_writer_equals_its_reference``;
the compiled vectors equal the pure ones on seeds 0-2:
``test_the_compiled_writer_equals_the_pure_one``); and 1,000 at every player
count with ``BOHN_SOAK=1`` (``docs/testing.md``): at every step the acting
seat's vector, and every seat's at every 16th step. A ruleset without a
state writer encodes from ``observe`` (``Encoder.encode_game``): its games
check that path with fewer games (6: 0-2 pure, 3-5 compiled).
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from passes import PURE
from passes import SOAK
from passes import per_run

from bohn import rl
from bohn.engine.infostate import resample_from_infostate
from bohn.rl.encoding import Encoder
from bohn.rl.env import SeatState
from bohn.rulesets import VARIANTS
from bohn.rulesets import find_variant
from bohn.sim.runner import next_seat

from .helpers import CONFIGS

#: seeded games per configuration of a ruleset with a state writer: the
#: two passes' together, and the pure pass's share (the first seeds)
EQUALITY_GAMES, PURE_EQUALITY_GAMES = 7, 2
#: ... of a ruleset encoded from observe (the same path both ways)
DICT_GAMES, PURE_DICT_GAMES = 5, 1
#: ... in a soak run (each)
SOAK_EQUALITY_GAMES = 1000
#: seeded games in which the C writer is compared with its reference
C_WRITER_GAMES = per_run(8, soak=200)
#: the rulesets whose vector is written from the state
WRITTEN = [v for v in VARIANTS if Encoder(v, find_variant(v).allowed_players()[0]).state]


def ci_configs() -> list[tuple[str, int]]:
    """Every configuration under soak; else each ruleset at one player count
    (3 where it allows it)."""
    if SOAK:
        return CONFIGS
    out = []
    for v, cls in VARIANTS.items():
        counts = cls.allowed_players()
        out.append((v, 3 if 3 in counts else counts[0]))
    return out


def equality_seeds(written: bool) -> range:
    """The seeds of this run's equality games: the pure pass's first ones,
    the compiled pass's the others (the same game in both would check the
    same sources twice), all of a soak run's."""
    if SOAK:
        return range(SOAK_EQUALITY_GAMES)
    games, pure = (
        (EQUALITY_GAMES, PURE_EQUALITY_GAMES) if written else (DICT_GAMES, PURE_DICT_GAMES)
    )
    return range(pure) if PURE else range(pure, games)


def play(variant: str, players: int, seed: int) -> Any:
    """A seeded random game: yields (game, acting seat, step) before each step."""
    cls = find_variant(variant)
    game = cls.new(players, seed=seed)
    rnd = random.Random(seed)
    last = (getattr(game, "active", 0) - 1) % players
    k = 0
    while game.result() is None:
        waiting = game.waiting_for()
        if not waiting:
            break
        seat = next_seat(waiting, last, players)
        yield game, seat, k
        legal = game.legal_actions(seat)
        game.apply(seat, legal[int(rnd.random() * len(legal))])
        last = seat
        k += 1
    yield game, last, k


def test_the_bean_games_write_from_the_state() -> None:
    assert {
        "bohnanza",
        "bohnanza-rio-grande",
        "sissi",
        "ladybohn",
        "al-cabohne",
        "prohibohn",
        "high-bohn",
        "mutterbohnchen",
    } <= set(WRITTEN)


def test_bohnkick_writes_from_the_state() -> None:
    """Bohnkick, no bean game, writes its whole vector from the state."""
    assert "bohnkick" in WRITTEN


@pytest.mark.parametrize(
    ("variant", "players"), ci_configs(), ids=[f"{v}-{n}" for v, n in ci_configs()]
)
def test_state_encoding_equals_the_observation_encoding(variant: str, players: int) -> None:
    enc = Encoder(variant, players)
    seeds = equality_seeds(enc.state is not None)
    steps = 0
    for seed in seeds:
        for game, seat, k in play(variant, players, seed):
            seats = range(players) if k % 16 == 0 else (seat,)
            for s in seats:
                written = enc.encode_game(game, s)
                reference = enc.encode_array(game.observe(s))
                if written != reference:
                    diff = [
                        (i, reference[i], written[i])
                        for i in range(enc.size)
                        if written[i] != reference[i]
                    ]
                    names = {
                        b.name
                        for i, _, _ in diff
                        for b in enc.blocks
                        if b.start <= i < b.start + b.size
                    }
                    pytest.fail(
                        f"{variant} for {players}, seed {seed}, step {k}, seat {s}: "
                        f"blocks {sorted(names)} differ: {diff[:5]}"
                    )
            steps += 1
    assert steps > len(seeds)


def _digest(variant: str, players: int, games: int) -> str:
    enc = Encoder(variant, players)
    h = hashlib.sha256()
    for seed in range(games):
        for game, _, _ in play(variant, players, seed):
            for s in range(players):
                h.update(enc.encode_game(game, s).tobytes())
    return h.hexdigest()


@pytest.mark.skipif(PURE, reason="compares the compiled build with the pure one")
@pytest.mark.parametrize("variant", WRITTEN)
def test_the_compiled_writer_equals_the_pure_one(variant: str) -> None:
    """The compiled pass's vectors equal those of the pure-Python sources
    (``BOHN_NATIVE=0``), at every step of a few games (for 3 where the
    ruleset allows it, else for its fewest players)."""
    counts = find_variant(variant).allowed_players()
    players = 3 if 3 in counts else counts[0]
    code = f"from tests.rl.test_state import _digest; print(_digest({variant!r}, {players}, 3))"
    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.pathsep.join(p for p in (tests, os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "BOHN_NATIVE": "0", "PYTHONPATH": path}
    pure = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert _digest(variant, players, 3) == pure


#: the rulesets written by the bean games' writer (all but Bohnkick)
BEAN = [v for v in WRITTEN if v != "bohnkick"]


def test_the_compiled_build_writes_the_bean_games_in_c() -> None:
    """The compiled build writes the bean games' vectors with the C writer
    (``bohn.rl.cwriter``), made from the reference writer; the pure build
    with the reference itself."""
    from bohn import _native
    from bohn.rl.state import BeanStateWriter

    for variant in BEAN:
        w = Encoder(variant, find_variant(variant).allowed_players()[0]).state
        if _native.ACTIVE:
            assert type(w).__name__ == "BeanWriter", variant
            assert type(w.py) is BeanStateWriter
        else:
            assert type(w) is BeanStateWriter, variant


@pytest.mark.skipif(PURE, reason="the pure build has no C writer")
@pytest.mark.parametrize("variant", BEAN)
def test_the_c_writer_equals_its_reference(variant: str) -> None:
    """Every seat's vector at every step of ``C_WRITER_GAMES`` seeded games: the C writer's
    equals the reference writer's (``BeanStateWriter``), with open offers,
    piles and every field size the games reach. High Bohn prices its fields
    by its buildings too (the writer asks ``harvest_value``); the others by
    the top card and the size (the writer's table, asked of the rules)."""
    from bohn.rl.actions import ruleset_encoding

    counts = find_variant(variant).allowed_players()
    players = 3 if 3 in counts else counts[0]
    enc = Encoder(variant, players)
    w = enc.state
    assert w is not None
    # the compiled build's C writer (the pure build's writer is the reference itself)
    ref = ruleset_encoding(variant).reference_writer(enc, find_variant(variant).class_for(players))
    if hasattr(w, "pay_by_cards"):
        # High Bohn's buildings price fields by more than the top card and size
        assert w.pay_by_cards == (variant != "high-bohn")
    offers = 0
    for seed in range(C_WRITER_GAMES):
        for game, _, k in play(variant, players, seed):
            offers += bool(game.offers)
            for s in range(players):
                c, r = w.encode(game, s), ref.encode(game, s)
                if c != r:
                    bad = [i for i in range(len(r)) if c[i] != r[i]]
                    pytest.fail(f"seed {seed}, step {k}, seat {s}: entries {bad[:8]} differ")
    if variant not in ("al-cabohne", "prohibohn"):  # Al Cabohne solo, Prohibohn: no offers
        assert offers, "no state with an open offer was compared"


@pytest.mark.parametrize("variant", BEAN)
def test_the_pay_table_is_what_the_game_pays(variant: str) -> None:
    """Where a ruleset says it prices a field by its top card and size
    (``pays_by_top``), the C writer's table (``field_pays``) gives what the
    game's ``harvest_value`` gives for every field at every step of 10
    seeded games; High Bohn, whose buildings price fields too, has none."""
    from bohn.engine.cards import PAYOUT_LIMIT
    from bohn.rl.actions import ruleset_encoding

    counts = find_variant(variant).allowed_players()
    players = 3 if 3 in counts else counts[0]
    kind = find_variant(variant).class_for(players)
    table = ruleset_encoding(variant).field_pays(kind, players)
    if variant == "high-bohn":
        assert table is None
        return
    assert table is not None and len(table) == len(kind.table.keys)
    fields = 0
    for seed in range(10):
        for game, _, _ in play(variant, players, seed):
            for s in range(players):
                for j, f in enumerate(game.fields[s]):
                    if f:
                        fields += 1
                        pay = table[f[-1]][min(len(f), PAYOUT_LIMIT)]
                        assert pay == game.harvest_value(s, j), (seed, s, j, f)
    assert fields > 100


def _hidden_differs(a: Any, b: Any) -> bool:
    return bool(a._state_json() != b._state_json())


@pytest.mark.parametrize(
    ("variant", "players"), ci_configs(), ids=[f"{v}-{n}" for v, n in ci_configs()]
)
def test_scrambled_hidden_cards_leave_the_vector_unchanged(variant: str, players: int) -> None:
    """Every hidden card (other hands, the deck's order, face-down coins, any
    ruleset's hidden piles) dealt anew among the places the seat cannot tell
    apart (``resample_from_infostate``): the seat's vector, written from the
    state, and its mask come out identical; and the scrambles do change the
    game (the test could fail)."""
    e = rl.raw_env(variant, players)
    enc = e.encoder
    checked = changed = 0
    for seed in (3, 4):
        for game, seat, k in play(variant, players, seed):
            if k % 40 != 39 or game.result() is not None:
                continue
            real = SeatState(e.config, game, seat)
            for r in range(2):
                world = resample_from_infostate(game, seat, 100 * k + r)
                changed += _hidden_differs(game, world)
                assert enc.encode_game(world, seat) == enc.encode_game(game, seat)
                other = SeatState(e.config, world, seat)
                assert np.array_equal(real.vector, other.vector)
                assert np.array_equal(real.mask, other.mask)
                checked += 1
            if checked >= 12:
                break
    assert checked > 0
    assert changed > 0
