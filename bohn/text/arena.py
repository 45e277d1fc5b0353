"""Every bohn ruleset registered as a TextArena environment (``docs/text.md``).

Needs the ``text`` extra (``pip install 'bohn[text]'``: the ``textarena``
package). Importing this module registers one environment per variant,
``bohn-<variant>-v0`` (:data:`ENV_IDS`), whose class is :class:`ArenaEnv`:
:class:`~bohn.text.env.TextEnv` as a ``textarena.Env``::

    import textarena as ta
    import bohn.text.arena

    env = ta.make("bohn-sissi-v0", lang="de")
    env.reset(num_players=4, seed=1)

The observation is whole text already (the table, the moves, the events
since the seat's last move), so none of TextArena's observation wrappers,
which join message lists, goes around it.
"""

from __future__ import annotations

import textarena as ta
from textarena.envs.registration import ENV_REGISTRY
from textarena.envs.registration import register as register_env

from bohn.rulesets import VARIANTS
from bohn.text.env import TextEnv

#: the TextArena id of every variant's environment
ENV_IDS: dict[str, str] = {variant: f"bohn-{variant}-v0" for variant in VARIANTS}


class ArenaEnv(TextEnv, ta.Env):  # type: ignore[misc]
    """:class:`~bohn.text.env.TextEnv` as a TextArena environment
    (``ta.make(ENV_IDS[variant], **settings)``)."""


def register() -> list[str]:
    """Register every variant's environment with TextArena (once); the ids."""
    for variant, env_id in ENV_IDS.items():
        if env_id not in ENV_REGISTRY:
            register_env(id=env_id, entry_point=ArenaEnv, variant=variant)
    return list(ENV_IDS.values())


register()
