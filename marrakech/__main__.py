"""Entry point: ``marrakech`` and ``python -m marrakech``."""

import sys

from marrakech.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
