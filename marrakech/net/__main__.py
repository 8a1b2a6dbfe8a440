"""``python -m marrakech.net host ...`` / ``join ...``: network play from the command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from marrakech.net.cli import add_commands, run


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``host`` or ``join`` and run it; returns the exit code."""
    parser = argparse.ArgumentParser(prog="marrakech", description="Marrakech over the network.")
    add_commands(parser.add_subparsers(dest="command", metavar="COMMAND", required=True))
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
