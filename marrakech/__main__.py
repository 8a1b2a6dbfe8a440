"""Entry point: ``marrakech`` and ``python -m marrakech``."""

import sys


def main(argv: list[str] | None = None) -> int:
    """Print the engine's status until the terminal game exists."""
    from marrakech.engine import new_game

    print("marrakech: the rules engine is ready; the terminal game is not built yet.")
    print(new_game(2, seed=0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
