"""Bohnanza in words: the bean game's describer itself (:mod:`bohn.describe.bean`)."""

from __future__ import annotations

from bohn.describe.bean import BeanDescriber

DESCRIBER = BeanDescriber
