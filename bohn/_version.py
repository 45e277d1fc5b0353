"""bohn's version (``bohn.__version__``), in a module that imports nothing, so
that the engine can name it in the replays it writes."""

__version__ = "0.1.0"
