"""The arena: a league between bot kinds and outside agents over bohn's
rulesets, rated per ruleset (``bohn arena``, ``docs/arena.md``).

* :mod:`bohn.arena.protocol`: an outside agent's program, spoken to in JSON
  lines on its stdin and stdout, with a time limit a move;
* :mod:`bohn.arena.league`: the league: tables, duplicate deals, the games,
  the failure rules and the ratings;
* :mod:`bohn.arena.ratings`: OpenSkill's Plackett-Luce ratings per ruleset;
* :mod:`bohn.arena.report`: the leaderboard as Markdown and HTML with plots;
* :mod:`bohn.arena.cli`: the command;
* :mod:`bohn.arena.examples`: two example agents.

This package's ``__init__`` imports nothing, so that ``bohn``'s parser,
which imports :mod:`bohn.arena.cli`, stays quick.
"""
