"""Bohnanza positions in scenarios (``docs/scenarios.md``): the ruleset's
part ``scenario``. Bohnanza's zones are those every bean game shares, so its
loader is the generic :class:`~bohn.scenario.BeanPositionLoader`."""

from __future__ import annotations

from bohn.scenario import BeanPositionLoader
from bohn.scenario import PositionLoader

#: the loader of this ruleset's positions
LOADER: PositionLoader = BeanPositionLoader()
