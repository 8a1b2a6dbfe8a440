"""A stream that says it is a terminal of a given size, keeping what is written to it to
read back: what the text mode writes at a terminal, as a person there would see it."""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import struct
import termios
from collections.abc import Iterator


class Terminal(io.StringIO):
    """What is written to a terminal, kept to read back; the terminal's size is that of a
    pseudo-terminal (``fileno``)."""

    def __init__(self, descriptor: int) -> None:
        super().__init__()
        self.descriptor = descriptor

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.descriptor


@contextlib.contextmanager
def terminal(columns: int) -> Iterator[Terminal]:
    """A terminal ``columns`` wide (and 24 rows)."""
    main, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    try:
        yield Terminal(side)
    finally:
        os.close(main)
        os.close(side)
