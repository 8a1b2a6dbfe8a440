"""Advisory file locks that a process holds while it lives: an unfinished game's window
(``autosaves``) and a browser visitor's game (``web``) each hold one, so that another
process can tell a live owner from one that is gone (the system lets go of a dead
process's locks)."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl


READ_ONLY_ERRORS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})
"""What opening a file to write says in a folder (or of a file) that cannot be written."""


def try_lock(path: Path, create: bool = True) -> int | None:
    """An open descriptor holding ``path``'s lock; None when another process holds it.

    ``create``: make the file when it is missing (else FileNotFoundError). Without it,
    a file that cannot be written is opened to read, which is enough to lock it: a
    read-only folder's games can still be told free or held. The file is never followed
    through a link. Other OSErrors from opening it are raised.
    """
    no_link = getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, os.O_RDWR | (os.O_CREAT if create else 0) | no_link, 0o600)
    except OSError as error:
        if create or error.errno not in READ_ONLY_ERRORS:
            raise
        fd = os.open(path, os.O_RDONLY | no_link)
    try:
        if sys.platform == "win32":
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def unlock(fd: int) -> None:
    """Let go of a lock ``try_lock`` took, and of its descriptor."""
    if sys.platform == "win32":
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    os.close(fd)
