"""Bohnanza's part of the research environment (:mod:`bohn.rl.parts`): the
bean games' shared encoding, which the rulesets built on Bohnanza inherit or
extend."""

from __future__ import annotations

from bohn.rl.parts import BEANS

ENCODING = BEANS
