"""Bohnanza in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`). Its figures are those every bean game has, and
it adds no section to the report."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bohn.analysis.sections import Section
from bohn.sim.records import bean_stats

if TYPE_CHECKING:
    pass


stats = bean_stats

#: no section of its own
SECTIONS: tuple[Section, ...] = ()
