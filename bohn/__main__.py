"""``python -m bohn``: the ``bohn`` command."""

import sys

from bohn.cli import main

if __name__ == "__main__":
    sys.exit(main())
