"""The rules in brief: every ruleset states its own, in English and German,
with its cards and how to answer (trading where the game trades)."""

from __future__ import annotations

import pytest

from bohn.catalogue import catalogue
from bohn.describe import summary
from bohn.engine.actions import Propose
from bohn.rulesets import VARIANTS
from bohn.text import rules_text


def test_every_ruleset_has_its_own_summary() -> None:
    for lang in ("en", "de"):
        said = [summary(v, lang) for v in VARIANTS]
        assert all(said), lang
        assert len(set(said)) == len(said), lang


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_rules_in_brief(variant: str) -> None:
    kind = VARIANTS[variant]
    cat = catalogue(variant)
    for players in kind.allowed_players():
        trades = Propose in kind.class_for(players).HANDLERS
        for lang in ("en", "de"):
            text = rules_text(variant, players, lang)
            assert summary(variant, lang) in text
            assert all(e.names[lang] in text for e in cat.entries)
            assert ("propose <" in text) == trades, (players, lang)
            assert ("plant f1" in text) or lang == "de"
