"""The third field's hooks agree (``bohn/engine/beans.py``): whether a seat
may buy its field (``_may_buy_field``, the legal list's fast question) and
why not (``_field_refusal``, what the handler raises) give the same answer at
every step of a greedy game of every configuration, and a listed
``buy-field`` applies while an unlisted one is refused with that reason."""

from __future__ import annotations

from typing import Any

import pytest

from bohn.engine.actions import Action
from bohn.engine.actions import BuyField
from bohn.engine.beans import BeanGame
from bohn.engine.errors import BohnError
from bohn.engine.game import Game

from .conftest import full_configs
from .games import CONFIGS
from .games import Config

#: the bean games' configurations, shared between the passes as the games
#: checked in full are
BEAN_CONFIGS = [c for c in full_configs() if issubclass(c.cls, BeanGame)]


def _agree(config: Config) -> dict[str, int]:
    """Play ``config``'s greedy game, checking at every step; how often a seat
    might buy and might not."""
    asked = {"yes": 0, "no": 0}

    def check(game: Game, seat: int | None, action: Action | None) -> None:
        assert isinstance(game, BeanGame)
        if game.result() is not None:
            return
        for s in range(game.n):
            refusal = game._field_refusal(s)
            may = game._may_buy_field(s)
            assert may == (refusal is None), (str(config), s, refusal)
            asked["yes" if may else "no"] += 1
            listed = any(isinstance(a, BuyField) for a in game.legal_actions(s))
            if listed:
                copy: Any = game.clone()
                copy.apply(s, BuyField())
            elif refusal is not None and game._buy_refusal(s) is None:
                copy = game.clone()
                with pytest.raises(BohnError) as info:
                    copy.apply(s, BuyField())
                assert info.value.message == refusal.message

    config.play(7, check, bots="greedy")
    return asked


@pytest.mark.parametrize("cfg", BEAN_CONFIGS, ids=str)
def test_the_field_s_list_and_its_refusal_agree(cfg: Config) -> None:
    asked = _agree(cfg)
    assert asked["no"] > 0
    if not cfg.cls.fields_for_sale:
        assert asked["yes"] == 0


def test_a_seat_that_can_pay_may_buy_and_its_listed_buy_applies() -> None:
    """The agreement is checked where buying is possible too (Bohnanza, 4 players)."""
    config = next(c for c in CONFIGS if c.variant == "bohnanza" and c.players == 4)
    assert _agree(config)["yes"] > 0
