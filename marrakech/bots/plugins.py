"""Outside bots: loading ``module:Class``, ``file.py:Class`` or an installed entry point.

An outside bot is a class built as ``Class(seed=seed)`` whose instances have a ``name``
and a ``choose(state)`` method (the ``base.Bot`` protocol); docs/bots.md describes it.
``make_bot`` wraps it in ``TimeLimited``.

Every piece of an outside bot's code (its module's import, its constructor, its ``name``,
its ``choose``) runs in a daemon thread of its own, within ``PLUGIN_TIME_LIMIT`` seconds
(``_run_limited``): whatever it raises, ``SystemExit``, ``KeyboardInterrupt`` and
``MemoryError`` included, comes back to the caller as an ordinary exception (``BotFailed``
for what is not one), a bot that hangs as a ``TimeoutError``, and what it writes on
``sys.stdout`` and ``sys.stderr`` is kept (``TimeLimited.printed``), never shown on the
terminal. The caller (the game's flow, the tournament) plays a fallback move instead.

A bot loaded here is remembered by its name (``is_loaded``): the game's flow plays an
outside bot only when it was loaded in this run, at the player's word (``new --bot``,
``load --bot``, the saved-games screen), never because a save file names it.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import site
import sys
import sysconfig
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, TextIO, TypeVar, cast

from marrakech.engine import Action, Aim, GameState, Orient, Place, Roll
from marrakech.games.language import _
from marrakech.games.levels import ENTRY_POINT_GROUP, bot_named
from marrakech.games.text import shown

from .base import Bot, determinize, position_rng

PLUGIN_TIME_LIMIT = 10.0
"""Seconds an outside bot may take to load, to be built or to think about one decision."""

OUTPUT_LIMIT = 4000
"""The most characters of an outside bot's printed output that are kept."""

GIVE_UP_CHECK = 0.05
"""Seconds between two looks, while an outside bot thinks, at whether it is given up."""

NAME_LIMIT = 40
"""The most characters of the name an outside bot gives itself."""

_ACTIONS = (Orient, Roll, Place, Aim)
"""The engine's action types: an answer of any other type (a subclass too) is a failure."""

_T = TypeVar("_T")


class BotFailed(Exception):
    """An outside bot raised what is no ordinary exception (``SystemExit``, ``KeyboardInterrupt``,
    ...) or answered something that is no action; the message says what."""


class StillThinking(TimeoutError):
    """An outside bot took longer than its time limit; its thread (``thread``) is left
    thinking, and the bot is not asked again until it is done."""

    def __init__(self, message: str, thread: threading.Thread) -> None:
        super().__init__(message)
        self.thread = thread


class NotBuilt(ValueError):
    """An outside bot whose constructor failed; ``problem`` says how (``problem_of``)."""

    def __init__(self, message: str, problem: str) -> None:
        super().__init__(message)
        self.problem = problem


class NotLoaded(ValueError):
    """An outside bot asked for by a game (a save names it) that was not loaded in this run."""


_loaded: dict[str, Any] = {}
"""The classes of the outside bots loaded in this run, by canonical name."""

_loading = threading.Lock()


def is_loaded(name: str) -> bool:
    """True when the outside bot ``name`` was loaded in this run (``load_bot_class``)."""
    try:
        return bot_named(name) in _loaded
    except ValueError:
        return False


def load_bot_class(name: str) -> Any:
    """The class an outside bot's name (canonical, see ``levels.bot_named``) points to.

    Its module is imported (a file is run) here, within ``PLUGIN_TIME_LIMIT`` seconds,
    what it prints kept from the terminal; the class is remembered (``is_loaded``).
    ValueError, on one line, when the module, the file, the class or the entry point is
    missing or cannot be loaded.
    """
    with _loading:
        found = _load_bot_class(name)
        _loaded[name] = found
        return found


def _load_bot_class(name: str) -> Any:
    source, colon, class_name = name.rpartition(":")
    if not colon:
        return _entry_point(name)
    if source.endswith(".py"):
        module = _load_file(source)
    else:
        _own_code(source)
        try:
            module = _run_limited(
                lambda: importlib.import_module(source), PLUGIN_TIME_LIMIT, Printed()
            )
        except Exception as error:
            problem = _("cannot load the bot {name}: {problem}").format(
                name=repr(name), problem=problem_of(error)
            )
            beside = Path(*source.split(".")).with_suffix(".py")
            missing = error.name if isinstance(error, ModuleNotFoundError) else None
            if (
                missing
                and (source == missing or source.startswith(f"{missing}."))
                and (beside.is_file())
            ):
                problem += _(" (for the file {file}, name it {bot})").format(
                    file=repr(str(beside)), bot=repr(f"{beside}:{class_name}")
                )
            raise ValueError(problem) from None
    found = getattr(module, class_name, None)
    if found is not None and not callable(found):
        raise ValueError(
            _("cannot load the bot {name}: {cls} in {source} is no class").format(
                name=repr(name), source=repr(source), cls=repr(class_name)
            )
        )
    if found is None:
        problem = _("cannot load the bot {name}: {source} has no class {cls}").format(
            name=repr(name), source=repr(source), cls=repr(class_name)
        )
        alike = [
            other
            for other, value in vars(module).items()
            if other.lower() == class_name.lower() and isinstance(value, type)
        ]
        if alike:
            problem += _(" (did you mean {cls}?)").format(cls=repr(alike[0]))
        raise ValueError(problem)
    return found


def _load_file(path_text: str) -> Any:
    path = Path(path_text).expanduser().resolve()
    if not path.is_file():
        raise ValueError(
            _("cannot load the bot file {path}: no such file").format(path=repr(path_text))
        )
    # One module per file, however often it is named, so its classes stay the same objects.
    module_name = "marrakech_plugin_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ValueError(
            _("cannot load the bot file {path}: not a Python module").format(path=repr(path_text))
        )
    loader = spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    # As when Python runs a file: the modules beside it import by their names (after
    # every other place, so that none of them hides a module of Python's or the game's).
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    _bot_code.add(path.parent)
    try:
        _run_limited(lambda: loader.exec_module(module), PLUGIN_TIME_LIMIT, Printed())
    except Exception as error:
        sys.modules.pop(module_name, None)
        raise ValueError(
            _("cannot load the bot file {path}: {problem}").format(
                path=repr(path_text), problem=problem_of(error)
            )
        ) from None
    return module


def problem_of(error: BaseException) -> str:
    """What went wrong, in one line safe to show: the error's type and its message, and
    where in the bot's own code it was raised ("(mybot.py:12)", ``_where``)."""
    kind = type(error).__name__
    said = _said(error)
    if isinstance(error, BotFailed | StillThinking):  # the game's own words already
        return said
    where = _where(error)
    problem = said if said == kind else f"{kind}: {said}"
    return f"{problem} ({where})" if where else problem


_GAME_CODE = Path(__file__).resolve().parents[1]
"""The game's own package: never an outside bot's code."""

_bot_code: set[Path] = set()
"""Where the outside bots loaded in this run keep their code: a bot file's folder (the
modules beside it are its own), a module's file, a package's folder."""


def _own_code(module: str) -> None:
    """Remember where the top-level module or package ``module`` (an outside bot's) lives,
    before it is imported: an error raised in it is then placed in its code."""
    try:
        spec = importlib.util.find_spec(module.partition(".")[0])
    except (ImportError, ValueError):
        return
    if spec is not None and spec.origin is not None and spec.has_location:
        origin = Path(spec.origin).resolve()
        if not origin.is_relative_to(_GAME_CODE):  # a bot of the game's own, as a module
            _bot_code.add(origin.parent if origin.name == "__init__.py" else origin)


def _where(error: BaseException) -> str | None:
    """The file and line of the last frame of an outside bot's own code in the error's
    traceback (where it raised, or where it called the code that did), if any."""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename.startswith("<"):  # code made on the fly: no file to open
            continue
        if _in_bot_code(Path(frame.filename).resolve()):
            return shown(f"{Path(frame.filename).name}:{frame.lineno}", 80)
    return None


def _libraries() -> set[Path]:
    """Where Python's own and installed libraries live here (the user's too)."""
    places = {sysconfig.get_paths()[name] for name in ("stdlib", "purelib", "platlib")}
    with contextlib.suppress(AttributeError):  # a virtual environment's site may lack them
        places.update(site.getsitepackages())
        places.add(site.getusersitepackages())
    return {Path(place).resolve() for place in places}


_NOT_BOT_CODE = (_GAME_CODE, *_libraries())
"""The game's code and Python's libraries: never an outside bot's, even when they lie in a
bot file's folder (a bot file beside the game's package, its virtual environment, or the
user's own libraries)."""


def _in_bot_code(path: Path) -> bool:
    """Whether ``path`` is an outside bot's code: under one of ``_bot_code``, and not in the
    game's code or Python's libraries found inside that same place."""
    return any(
        path.is_relative_to(root)
        and not any(
            other.is_relative_to(root) and path.is_relative_to(other) for other in _NOT_BOT_CODE
        )
        for root in _bot_code
    )


def _raised_by_the_call(error: BaseException) -> bool:
    """Whether ``error`` was raised by calling a bot's class itself (too many arguments),
    not inside its code: the traceback ends here."""
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and Path(frames[-1].filename).resolve() == Path(__file__).resolve()


def _said(error: BaseException) -> str:
    """An error's message, made safe to show; its type's name when it has none (or its
    ``__str__`` fails, as an outside bot's may)."""
    try:
        text = str(error)
    except BaseException:  # its own code, in this thread: any failure is only a failure
        text = ""
    return " ".join(shown(text, 200).split()) or type(error).__name__


def _entry_point(name: str) -> Any:
    for point in entry_points(group=ENTRY_POINT_GROUP, name=name):
        _own_code(point.module)
        try:
            return _run_limited(point.load, PLUGIN_TIME_LIMIT, Printed())
        except Exception as error:
            raise ValueError(
                _("cannot load the installed bot {name}: {problem}").format(
                    name=repr(name), problem=problem_of(error)
                )
            ) from None
    raise ValueError(
        _("no installed bot {name} (entry-point group {group})").format(
            name=repr(name), group=ENTRY_POINT_GROUP
        )
    )


def build_plugin(
    name: str, seed: int, time_limit: float = PLUGIN_TIME_LIMIT, *, load: bool = True
) -> TimeLimited:
    """An outside bot built with its seed, its decisions limited in time; ValueError if it fails.

    ``load`` False builds only a bot loaded earlier in this run (``is_loaded``), and raises
    ``NotLoaded`` for any other: no code is loaded then.
    """
    if load:
        cls = load_bot_class(name)
    else:
        try:
            cls = _loaded[bot_named(name)]
        except (KeyError, ValueError):
            raise NotLoaded(
                _("the outside bot {name} is not loaded").format(name=repr(name))
            ) from None
    printed = Printed()
    try:
        bot = _run_limited(lambda: cls(seed=seed), time_limit, printed)
        choose = _run_limited(lambda: getattr(bot, "choose", None), time_limit, printed)
    except Exception as error:
        problem = problem_of(error)
        if isinstance(error, TypeError) and _raised_by_the_call(error):
            problem += _(" (it is built as {call})").format(
                call=f"{_class_name(name, cls)}(seed=...)"
            )
        message = _("cannot build the bot {name}: {problem}").format(
            name=repr(name), problem=problem
        )
        raise NotBuilt(message, problem) from None
    if not callable(choose):
        raise ValueError(_("the bot {name} has no choose(state) method").format(name=repr(name)))
    return TimeLimited(bot, name, time_limit, printed, seed=seed)


def _class_name(name: str, cls: object) -> str:
    """The class of an outside bot, as the player named it (``file.py:Class``), else as it
    calls itself (an installed bot's), shown safely."""
    if ":" in name:
        return name.rpartition(":")[2]
    return shown(str(getattr(cls, "__name__", name)), NAME_LIMIT)


class TimeLimited:
    """An outside bot whose ``choose`` gives up with TimeoutError after ``time_limit`` seconds.

    The bot thinks in a daemon thread; one that never answers is left behind (Python
    cannot stop a thread) and the caller plays a fallback move instead. While it is still
    thinking so, it is not asked again: each decision meanwhile gives up at once (one bot
    object never thinks about two decisions at a time, and a bot that hangs costs its
    time limit once, not at every decision). Whatever it raises comes back as an ordinary
    exception (``BotFailed`` for ``SystemExit`` and the like), an answer that is no action
    as ``BotFailed``; what it prints is kept in ``printed``.

    It is given the position as its player sees it: the piles below their tops are
    shuffled (``base.determinize``, seeded by ``seed`` and the position), so their real
    order is not there to be read.
    """

    def __init__(
        self,
        bot: Bot,
        name: str,
        time_limit: float,
        printed: Printed | None = None,
        *,
        seed: int = 0,
    ) -> None:
        self.bot = bot
        self.seed = seed
        self._thinking: threading.Thread | None = None
        """The thread of a decision that took too long, while it runs on."""
        self.time_limit = time_limit
        self._given_up = threading.Event()
        """Set by ``give_up``: no answer is waited for any more."""
        self.output = printed if printed is not None else Printed()
        """What the bot wrote on the standard streams."""
        self.name = _own_name(bot, name, time_limit, self.output)
        """The name the bot gives itself (shown safely), else the name it was loaded by."""

    @property
    def settings(self) -> str:
        """What reports say of it."""
        return f"outside bot, {self.time_limit:g} s a decision, its own name '{self.name}'"

    @property
    def printed(self) -> str:
        """The last ``OUTPUT_LIMIT`` characters the bot printed, every control character and
        escape sequence written out visibly (``games.text.shown``)."""
        return self.output.text

    def choose(self, state: GameState) -> Action:
        """The outside bot's answer; its exception if it raised (``BotFailed`` for what is
        no ordinary exception, or for an answer that is no action); TimeoutError if too slow."""
        if self._thinking is not None and self._thinking.is_alive():
            raise TimeoutError(
                _(
                    "still thinking about an earlier decision, which took longer than {limit} s"
                ).format(limit=f"{self.time_limit:g}")
            )
        seen = determinize(state, position_rng(self.seed, state))
        try:
            answer: object = _run_limited(
                lambda: self.bot.choose(seen),
                self.time_limit,
                self.output,
                f"bot {self.name}",
                self._given_up,
            )
        except StillThinking as slow:
            self._thinking = slow.thread
            raise
        if type(answer) not in _ACTIONS:
            raise BotFailed(
                _("it answered {kind}, which is no action").format(kind=type(answer).__name__)
            )
        return cast(Action, answer)

    def give_up(self) -> None:
        """Wait for no answer any more, now or later (the game is closing): a decision
        being thought about gives up at once, with a TimeoutError, its thread left behind."""
        self._given_up.set()


def _own_name(bot: object, name: str, time_limit: float, printed: Printed) -> str:
    """The name an outside bot gives itself, if it gives a usable one, else ``name``."""
    try:
        own = _run_limited(lambda: getattr(bot, "name", name), time_limit, printed)
    except Exception:
        return name
    if not isinstance(own, str) or not own.strip():
        return name
    return shown(" ".join(own.split()), NAME_LIMIT)


# -- running a bot's code --------------------------------------------------------------


def _run_limited(
    work: Callable[[], _T],
    time_limit: float,
    printed: Printed,
    thread_name: str = "bot",
    given_up: threading.Event | None = None,
) -> _T:
    """``work()`` run in a daemon thread, its output kept in ``printed``: its result, or the
    exception it raised (``BotFailed`` for one that is no ``Exception``), or TimeoutError
    after ``time_limit`` seconds or once ``given_up`` is set (the thread is left behind)."""
    answer: list[_T] = []
    failure: list[BaseException] = []

    def run() -> None:
        with _kept(printed):
            try:
                answer.append(work())
            except BaseException as error:  # everything the bot does is handed back below
                failure.append(error)

    if given_up is not None and given_up.is_set():  # not even begun: no thread left behind
        raise TimeoutError(_("given up: the game was closed"))
    thread = threading.Thread(target=run, name=thread_name, daemon=True)
    thread.start()
    deadline = time.monotonic() + time_limit
    while thread.is_alive() and (left := deadline - time.monotonic()) > 0:
        if given_up is not None and given_up.is_set():
            raise StillThinking(_("given up: the game was closed"), thread)
        thread.join(min(left, GIVE_UP_CHECK))
    if thread.is_alive():
        limit = f"{time_limit:g}"
        raise StillThinking(_("took longer than {limit} s").format(limit=limit), thread)
    if failure:
        error = failure[0]
        if isinstance(error, Exception):
            raise error
        raise BotFailed(problem_of(error)) from None
    return answer[0]


class Printed:
    """What an outside bot wrote on ``sys.stdout`` and ``sys.stderr``: kept, never shown raw."""

    def __init__(self) -> None:
        self._text = ""
        self._lock = threading.Lock()

    def write(self, text: object) -> None:
        """Keep ``text`` (the last ``OUTPUT_LIMIT`` characters of everything)."""
        if isinstance(text, bytes | bytearray):
            text = bytes(text).decode("utf-8", "replace")
        if not isinstance(text, str):
            return
        with self._lock:
            self._text = (self._text + text)[-OUTPUT_LIMIT:]

    @property
    def text(self) -> str:
        """What was kept, with every control character written out visibly."""
        with self._lock:
            return shown(self._text)


_keepers: dict[int, Printed] = {}
"""Per thread running an outside bot's code, where its output goes."""

_keepers_lock = threading.Lock()


@contextmanager
def _kept(printed: Printed) -> Iterator[None]:
    """While this thread runs: what it writes on ``sys.stdout`` or ``sys.stderr`` goes to
    ``printed``. The streams are wrapped while any bot thread runs (unless replaced
    meanwhile, by Textual or a test); other threads' writes pass through unchanged."""
    ident = threading.get_ident()
    with _keepers_lock:
        _wrap_streams()  # again each time: someone may have replaced a stream meanwhile
        _keepers[ident] = printed
    try:
        yield
    finally:
        with _keepers_lock:
            _keepers.pop(ident, None)
            if not _keepers:
                _unwrap_streams()


def _wrap_streams() -> None:
    for attribute in ("stdout", "stderr"):
        stream = getattr(sys, attribute)
        if not isinstance(stream, _Routed):
            setattr(sys, attribute, cast(TextIO, _Routed(stream)))


def _unwrap_streams() -> None:
    for attribute in ("stdout", "stderr"):
        stream = getattr(sys, attribute)
        if isinstance(stream, _Routed):  # not replaced meanwhile by someone else
            setattr(sys, attribute, stream.stream)


class _Routed:
    """A standard stream that sends a bot thread's writes to its ``Printed`` and every
    other thread's to the stream itself."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        keeper = _keepers.get(threading.get_ident())
        if keeper is not None:
            keeper.write(text)
            return len(text)
        if self.stream is None:
            return len(text)
        return self.stream.write(text)

    def writelines(self, lines: Iterator[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if threading.get_ident() not in _keepers and self.stream is not None:
            self.stream.flush()

    @property
    def buffer(self) -> Any:
        keeper = _keepers.get(threading.get_ident())
        if keeper is not None:
            return _RoutedBytes(keeper)
        return getattr(self.stream, "buffer", None)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class _RoutedBytes:
    """``sys.stdout.buffer`` as a bot thread sees it: its bytes are kept too."""

    def __init__(self, printed: Printed) -> None:
        self.printed = printed

    def write(self, data: bytes) -> int:
        self.printed.write(data)
        return len(data)

    def flush(self) -> None:
        """Nothing to flush."""
