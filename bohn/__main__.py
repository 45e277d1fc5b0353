"""``python -m bohn``: the ``bohn`` command."""

import sys

from bohn.cli import main

sys.exit(main())
