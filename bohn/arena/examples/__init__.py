"""Example agents for ``bohn arena`` (``docs/arena.md``): :mod:`.scripted`,
a heuristic that reads the numbered moves, and :mod:`.llm`, a skeleton that
asks a language model where an API key is configured."""
