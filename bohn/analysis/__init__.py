"""Analysis of simulation records (``bohn sim --out``): ``bohn report``.

- :mod:`bohn.analysis.stats` — the statistics (Wilson intervals, shared wins);
- :mod:`bohn.analysis.sections` — what each part of the report computes;
- :mod:`bohn.analysis.plots` — the figures, as inline SVG;
- :mod:`bohn.analysis.report` — the HTML page and the ``bohn report`` command.

``docs/report.md`` describes the report.
"""
