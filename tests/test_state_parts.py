"""A game's state is declared once (bohn/engine/parts.py): each class's copy is
the one its parts give, every attribute a game holds is a declared part, and
copying, saving and loading keep a game whole."""

from __future__ import annotations

import importlib
import random
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.engine.parts import BOOL
from bohn.engine.parts import CARD
from bohn.engine.parts import Names
from bohn.engine.parts import Part
from bohn.engine.parts import copy_code
from bohn.engine.parts import parts_of
from bohn.rulesets import VARIANTS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import state_copies

#: the engine's own attributes, which Game._copy_state copies and to_json saves
#: beside the state: every other attribute of a game is one of its parts
ENVELOPE = {"n", "seed", "options", "seq", "_rng", "_log", "_forced", "_pending_events"}
ENVELOPE |= {"_result", "_trace"}

GAMES = [
    (variant, players) for variant, cls in VARIANTS.items() for players in cls.allowed_players()
]


def _midgame(variant: str, players: int, steps: int = 120) -> Game:
    game = VARIANTS[variant].new(players, seed=f"parts-{variant}-{players}")
    rng = random.Random(7)
    for _ in range(steps):
        if game.is_over:
            break
        seat = min(game.waiting_for())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def test_every_class_copies_what_its_parts_declare() -> None:
    stale = [
        f"{b.path.name}: {b.cls.__name__}" for b in state_copies.blocks() if b.current != b.wanted
    ]
    assert not stale, f"run `python tools/state_copies.py`: stale copies in {stale}"


def _held(game: Game) -> set[str]:
    """Every attribute ``game`` holds: those of its ``__dict__`` (the pure
    build), and the compiled classes' own, found as the names a copy of it
    can be given back (a property cannot be set)."""
    held = set(getattr(game, "__dict__", {}))
    probe = game.clone()
    for klass in type(game).__mro__:
        for name, slot in vars(klass).items():
            if type(slot).__name__ != "getset_descriptor" or name.startswith("__"):
                continue
            try:
                setattr(probe, name, getattr(probe, name))
            except AttributeError:
                continue  # a property, not an attribute
            held.add(name)
    return held


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_every_attribute_of_a_game_is_a_declared_part(variant: str, players: int) -> None:
    game = _midgame(variant, players)
    declared = {p.name for p in parts_of(type(game))}
    held = _held(game)
    assert held - ENVELOPE - declared == set(), "attributes no part declares"
    assert declared - held == set(), "parts the game does not hold"


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_a_copy_and_a_loaded_game_are_the_game(variant: str, players: int) -> None:
    game = _midgame(variant, players)
    key = game.state_key()
    copy = game.clone()
    loaded = type(game).from_json(game.to_json())
    assert copy.state_key() == key
    assert loaded.state_key() == key
    assert type(loaded) is type(game)
    if not game.is_over:  # the copy is independent: playing it leaves the game as it was
        seat = min(copy.waiting_for())
        copy.apply(seat, copy.legal_actions(seat)[0])
        loaded.apply(seat, loaded.legal_actions(seat)[0])
        assert game.state_key() == key
        assert copy.state_key() == loaded.state_key()


def test_a_saved_state_missing_a_part_is_refused() -> None:
    game = _midgame("bohnanza", 3, steps=10)
    data = game.to_json()
    del data["state"]["hands"]
    with pytest.raises(SetupError, match="no 'hands'"):
        type(game).from_json(data)


def test_an_unknown_phase_or_name_is_refused() -> None:
    game = _midgame("bohnanza", 3, steps=10)
    data = game.to_json()
    data["state"]["phase"] = "napping"
    with pytest.raises(SetupError, match="unknown phase 'napping'"):
        type(game).from_json(data)
    hb = _midgame("high-bohn", 3, steps=10)
    data = hb.to_json()
    data["state"]["supply"] = ["no-such-building"]
    with pytest.raises(SetupError, match="unknown building 'no-such-building'"):
        type(hb).from_json(data)


def test_a_part_is_copied_as_deep_as_it_is_declared() -> None:
    class Toy:
        STATE = (
            Part("score"),
            Part("deck", 1, CARD),
            Part("offers", 1, mapping=True),
            Part("hands", 2, CARD),
            Part("fields", 3, CARD),
        )

    assert copy_code(Toy, "") == textwrap.dedent(
        """\
        def _copy_state(self, other: Self) -> None:
            super()._copy_state(other)
            other.score = self.score
            other.deck = self.deck[:]
            other.offers = self.offers.copy()
            other.hands = [z[:] for z in self.hands]
            other.fields = [[f[:] for f in fs] for fs in self.fields]
        """
    )
    with pytest.raises(ValueError, match="not a shape"):
        Part("bad", 4)


def test_names_write_a_number_by_its_name() -> None:
    codec = Names(("farm", "mill"), "building", none_as=-1)
    assert [codec.dump(None, b) for b in (1, 0, -1)] == ["mill", "farm", None]
    assert [codec.load(None, n) for n in ("mill", None)] == [1, -1]
    with pytest.raises(SetupError, match="unknown building 'barn'"):
        codec.load(None, "barn")
    assert BOOL.load(None, 1) is True


def test_a_class_whose_copy_lags_its_parts_is_found(tmp_path: Path) -> None:
    module = tmp_path / "lagging_game.py"
    module.write_text(
        textwrap.dedent(
            """\
            from bohn.engine.parts import Part
            from bohn.rulesets.bohnanza.rules import Bohnanza


            class Lagging(Bohnanza):
                STATE = (Part("luck"), Part("pot", 1))

                # -- the state's copy: written by tools/state_copies.py from STATE --
                def _copy_state(self, other):
                    super()._copy_state(other)
                    other.luck = self.luck
                # -- end of the state's copy --
            """
        ),
        encoding="utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    try:
        cls: Any = importlib.import_module("lagging_game").Lagging
        block = state_copies.block_of(cls)
        assert block is not None
        assert block.current != block.wanted
        assert "other.pot = self.pot[:]" in block.wanted
        state_copies.write(block)
        again = state_copies.block_of(cls)
        assert again is not None and again.current == again.wanted
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("lagging_game", None)
