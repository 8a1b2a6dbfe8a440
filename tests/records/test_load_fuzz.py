"""Loader fuzz: corrupt, truncated and mutated save files give SaveFileError, nothing else.

Every example writes the mutated bytes to a file, loads it with ``load_game`` and checks
that the result is either a game (a harmless mutation) or SaveFileError, that the file is
byte-identical afterwards and that nothing else appeared in the directory.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from marrakech.engine import Variant
from marrakech.games.records import SAVE_VERSION, SaveFileError, record_from_json, record_to_json
from marrakech.games.session import GameSetup, Session
from marrakech.games.storage import load_game

from .games import play_random

_BASES = tuple(
    record_to_json(play_random(Session(GameSetup(players, variant=variant, seed=players)), 7, n))
    for players, variant, n in (
        (2, Variant.STANDARD, 40),
        (3, Variant.AIM, None),
        (4, Variant.AIM_OR_KEEP, 25),
        (2, Variant.AIM, None),
    )
)

_PATHLIKE = st.sampled_from(
    [
        "../x",
        "../../../../etc/passwd",
        "/etc/passwd",
        "C:\\Windows\\win.ini",
        "~/.bashrc",
        "$(touch pwned)",
        "`id`",
        "file:///etc/passwd",
        "\x00",
        "autosave.json",
    ]
)

_HOSTILE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.sampled_from([2**63, 2**64, -(2**64), 10**4000, 0, -1, 1, 2, 3, 4, 5, 7])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | _PATHLIKE,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def _check(workdir: Path, data: bytes) -> None:
    """Loading gives a Session or SaveFileError; the file and the directory stay as they were."""
    path = workdir / "game.json"
    path.write_bytes(data)
    before = sorted(workdir.iterdir())
    try:
        session = load_game(path)
    except SaveFileError as error:
        assert str(error)
    else:
        assert isinstance(session, Session)
    assert path.read_bytes() == data
    assert sorted(workdir.iterdir()) == before


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path (tuple of keys and indexes) to a value inside a JSON document."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _replace(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return document


def _delete(document: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return None
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    return document


@settings(max_examples=examples(150), deadline=None)
@given(
    base=st.sampled_from(_BASES),
    flips=st.lists(st.tuples(st.integers(0), st.integers(0, 255)), min_size=1, max_size=6),
)
def test_flipped_bytes(workdir: Path, base: str, flips: list[tuple[int, int]]) -> None:
    data = bytearray(base.encode("utf-8"))
    for where, byte in flips:
        data[where % len(data)] = byte
    _check(workdir, bytes(data))


@settings(max_examples=examples(100), deadline=None)
@given(base=st.sampled_from(_BASES), cut=st.floats(0, 1, exclude_max=True))
def test_truncated(workdir: Path, base: str, cut: float) -> None:
    data = base.encode("utf-8")
    truncated = data[: int(len(data) * cut)]
    _check(workdir, truncated)
    if len(truncated) < len(data) - 2:
        with pytest.raises(SaveFileError):
            record_from_json(truncated.decode("utf-8", errors="replace"))


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(base=st.sampled_from(_BASES), pick=st.integers(0), value=_HOSTILE, delete=st.booleans())
def test_a_field_replaced_or_deleted(
    workdir: Path, base: str, pick: int, value: Any, delete: bool
) -> None:
    document = json.loads(base)
    paths = list(_paths(document))
    path = paths[pick % len(paths)]
    mutated = _delete(document, path) if delete else _replace(document, path, value)
    _check(workdir, json.dumps(mutated, ensure_ascii=False).encode("utf-8", "surrogatepass"))


@settings(max_examples=examples(100), deadline=None)
@given(
    base=st.sampled_from(_BASES),
    field=st.sampled_from(["format", "version", "setup", "moves", "position"]),
    value=_HOSTILE,
)
def test_each_top_field_with_a_wrong_value_is_refused(
    workdir: Path, base: str, field: str, value: Any
) -> None:
    document = json.loads(base)
    if document[field] == value:
        return
    if field == "version" and type(value) is int and 1 <= value <= SAVE_VERSION:
        return  # an older version this program reads: the same document means the same
    document[field] = value
    text = json.dumps(document, ensure_ascii=False)
    with pytest.raises(SaveFileError):
        record_from_json(text)
    _check(workdir, text.encode("utf-8", "surrogatepass"))


@settings(max_examples=examples(100), deadline=None)
@given(
    base=st.sampled_from(_BASES),
    field=st.sampled_from(["players", "seats", "variant", "first", "alternate_piles", "takeback"]),
    value=_HOSTILE,
)
def test_each_setup_field_with_a_wrong_value_is_refused_or_harmless(
    workdir: Path, base: str, field: str, value: Any
) -> None:
    document = json.loads(base)
    document["setup"][field] = value
    _check(workdir, json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass"))


@settings(max_examples=examples(60), deadline=None)
@given(
    base=st.sampled_from(_BASES),
    names=st.lists(_PATHLIKE | st.text(max_size=50), min_size=1, max_size=5),
)
def test_any_names_are_loaded_as_text_or_refused(
    workdir: Path, base: str, names: list[str]
) -> None:
    document = json.loads(base)
    document["setup"]["names"] = names
    _check(workdir, json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass"))


@settings(max_examples=examples(60), deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes(workdir: Path, data: bytes) -> None:
    _check(workdir, data)
