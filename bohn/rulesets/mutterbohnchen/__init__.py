"""Mutterböhnchen (``rules/mutterbohnchen.md``): under construction, not registered."""
