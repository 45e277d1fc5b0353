"""The rulesets' parts ``encoding``: found through the registry, inherited
along the game classes, and giving the encoder and the table the same part."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

pytest.importorskip("pettingzoo")

from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.rl import actions
from bohn.rl.actions import ActionTable
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import default_caps
from bohn.rl.encoding import Encoder
from bohn.rl.parts import BEANS
from bohn.rl.parts import BeanEncoding
from bohn.rl.parts import RulesetEncoding
from bohn.rl.parts import encoding_of
from bohn.rulesets import ruleset

from .helpers import CONFIG_IDS
from .helpers import CONFIGS


def test_bohnanzas_part_is_the_bean_games_shared_encoding() -> None:
    part = ruleset("bohnanza").own_part("encoding")
    assert part is not None and part.ENCODING is BEANS
    assert encoding_of("bohnanza") is BEANS


def test_a_ruleset_without_an_encoding_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(actions, "ruleset", lambda v: SimpleNamespace(part=lambda name: None))
    with pytest.raises(SetupError, match="bohnanza has no research encoding"):
        encoding_of("bohnanza")


def test_a_part_comes_from_the_ruleset_or_the_one_it_derives_from() -> None:
    for variant in ("sissi", "high-bohn", "al-cabohne", "prohibohn", "ladybohn"):
        part = ruleset(variant).part("encoding")
        assert part is not None
        assert encoding_of(variant) is part.ENCODING
        assert isinstance(part.ENCODING, BeanEncoding)
    assert isinstance(encoding_of("prohibohn"), type(encoding_of("al-cabohne")))
    assert isinstance(encoding_of("mutterbohnchen"), type(encoding_of("ladybohn")))
    assert not isinstance(encoding_of("bohnkick"), BeanEncoding)


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_the_encoder_and_the_table_use_the_rulesets_part(variant: str, players: int) -> None:
    table = ActionTable(variant, players)
    assert Encoder(variant, players).part is table.part is encoding_of(variant)
    assert default_caps(variant, players) == table.caps


class _Own(RulesetEncoding):
    """A ruleset encoding of its own: the bean games' blocks and families."""

    def blocks(self, enc: Encoder, kind: type[Game]) -> None:
        BEANS.blocks(enc, kind)

    def caps(self, kind: type[Game], players: int) -> Caps:
        return BEANS.caps(kind, players)

    def families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        return BEANS.families(kind, players, caps)


def test_encoding_may_be_a_class_and_must_be_a_ruleset_encoding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found: dict[str, object] = {}

    def fake(variant: str) -> SimpleNamespace:
        module = SimpleNamespace(__name__="fake.encoding", ENCODING=found["encoding"])
        return SimpleNamespace(part=lambda name: module)

    monkeypatch.setattr(actions, "ruleset", fake)
    found["encoding"] = _Own
    assert isinstance(encoding_of("bohnanza"), _Own)
    found["encoding"] = object()
    with pytest.raises(TypeError, match=r"fake\.encoding\.ENCODING is not a ruleset encoding"):
        encoding_of("bohnanza")
    found["encoding"] = SimpleNamespace(blocks=len, caps=len, families=len)
    with pytest.raises(TypeError, match="the ENCODING of bohnanza is not a RulesetEncoding"):
        encoding_of("bohnanza")
