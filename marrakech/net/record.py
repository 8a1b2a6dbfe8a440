"""The record of a network game's dice, kept by the host and every client, and its check.

When a network game ends, the host and every client keep in ``dice/`` of the data
directory what they saw: the game (set-up without its seed, start, actions), every
roll's proof (``net.fair``), the shares this client added and the problems it found as
the game went. ``marrakech verify FILE`` (``verify``) checks such a record offline: each
secret against its commitment, each roll of the game against its secret and share, the
game's actions against the rules, and this client's shares against the rolls they made.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from marrakech.engine import GameState, MarrakechError, Phase, Roll, parse_action
from marrakech.games import storage
from marrakech.games.language import _, ngettext
from marrakech.games.records import setup_from_dict
from marrakech.games.session import Session
from marrakech.games.text import quoted
from marrakech.net.fair import (
    BAD_PROOF,
    NO_DRAWS,
    SECRET_MISMATCH,
    UNUSED_SHARE,
    RollProof,
    in_order,
    is_hex,
    mismatch,
    roll_words,
)

RECORD_FORMAT = "marrakech-dice"
RECORD_VERSION = 1

ROLES = ("host", "player", "spectator")
"""Who kept a record."""


class RecordError(MarrakechError):
    """A file that is no record of a network game's dice; the text says why."""


def record_document(
    game: dict[str, Any],
    dice: dict[str, Any],
    *,
    role: str,
    seat: int | None,
    shares: dict[int, str] | None = None,
    problems: list[str] | None = None,
) -> dict[str, Any]:
    """A record: ``game`` holds ``setup`` (without its seed), ``start`` and ``actions`` as
    the protocol's ``game`` message does, ``dice`` the rolls' proofs and the next
    commitment; ``role`` and ``seat`` say who kept it, ``shares`` the shares this client
    added, ``problems`` what it found wrong as the game went."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "role": role,
        "seat": seat,
        "setup": game["setup"],
        "start": game["start"],
        "actions": game["actions"],
        "dice": dice,
        "shares": {str(index): share for index, share in sorted((shares or {}).items())},
        "problems": list(problems or ()),
    }


def table_name(dice: dict[str, Any]) -> str:
    """The name of a game's dice: the start of its first roll's commitment."""
    rolls = dice.get("rolls") or []
    first = rolls[0].get("commitment") if rolls and isinstance(rolls[0], dict) else None
    first = first if is_hex(first) else dice.get("next")
    return first[:12] if is_hex(first) else "unknown"


def keep_record(document: dict[str, Any]) -> Path:
    """Write a record to ``dice/`` in the data directory; returns its path. SaveFileError
    when it cannot be written."""
    seat = document["seat"]
    role = document["role"]
    who = "host" if role == "host" else "watching" if seat is None else f"seat{seat + 1}"
    path = storage.data_dir() / storage.DICE_DIR / f"{table_name(document['dice'])}-{who}.json"
    storage.write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    return path


@dataclass
class Verdict:
    """What ``verify`` found: the lines to show, and whether the dice check out."""

    lines: list[str] = field(default_factory=list)
    sound: bool = True


class _AsRecorded:
    """A die that rolls what the record's game rolled (``verify`` checks those values
    against the proofs itself)."""

    def __init__(self) -> None:
        self.values: dict[int, int] = {}

    def roll(self, index: int) -> int:
        return self.values[index]


def verify(text: str) -> Verdict:
    """Check a record of a network game's dice; RecordError when the text is no record."""
    document = _document(text)
    try:
        setup = setup_from_dict(document["setup"], secret=False)
        start = GameState.from_dict(document["start"])
        written = _list(document, "actions")
        if not all(isinstance(action, str) for action in written):
            raise RecordError(_("the record's actions are not all text"))
        actions = [parse_action(action) for action in written]
        die = _AsRecorded()
        session = Session(setup, start=start, dice=die)
    except MarrakechError as error:
        raise RecordError(
            _("the game in the record cannot be read: {problem}").format(problem=error)
        ) from None
    names = setup.names
    if document["seat"] is not None and document["seat"] >= len(names):
        raise RecordError(_("the record does not say who kept it"))
    dice = document["dice"]
    if not isinstance(dice, dict):
        raise RecordError(_("the record has no dice"))
    problems: list[str] = []
    proofs: dict[int, RollProof] = {}
    for index, entry in enumerate(_list(dice, "rolls")):
        try:
            proof = RollProof.from_dict(entry)
        except ValueError:
            problems.append(roll_words(BAD_PROOF, index))
            continue
        if proof.roll != index:
            problems.append(roll_words(BAD_PROOF, index))
        elif not proof.sound:
            problems.append(roll_words(SECRET_MISMATCH, index))
        proofs[index] = proof
    rolls = [action for action in actions if isinstance(action, Roll)]
    sent = dice.get("draws")
    draws = sent if in_order(sent, len(rolls), len(proofs)) else []
    if len(draws) != len(rolls):
        problems.append(_(NO_DRAWS))
    for draw, roll in zip(draws, rolls, strict=False):
        made = proofs.get(draw)
        if made is not None and made.value != roll.value:
            problems.append(mismatch(made, roll.value, names))
    replayed = True
    for number, action in enumerate(actions, start=1):
        if isinstance(action, Roll):
            die.values[session.next_draw] = action.value
        try:
            session.play(action)
        except MarrakechError as error:
            problems.append(
                _("action {number} ({action}) breaks the rules: {problem}").format(
                    number=number, action=action, problem=error
                )
            )
            replayed = False
            break
    unfinished = replayed and session.state.phase is not Phase.OVER
    upcoming = len(dice["rolls"])
    pending: int | None = None
    seat = document["seat"]
    for key, share in document["shares"].items():
        index = int(key) if isinstance(key, str) and key.isdigit() else -1
        used = proofs.get(index)
        if used is None and unfinished and index == upcoming:
            pending = index  # left while it was being rolled: never told, nothing to check
        elif used is None or used.share != share or used.by != seat:
            problems.append(roll_words(UNUSED_SHARE, index))
    for noted in document["problems"]:
        problems.append(_("noted during the game: {problem}").format(problem=quoted(noted, 200)))
    rolled = [proofs[draw] for draw in draws if draw in proofs]
    verdict = _verdict(document, names, rolled, problems)
    if unfinished:
        verdict.lines.insert(-1, _("The game was not over when this record was kept."))
    if pending is not None:
        verdict.lines.insert(
            -1,
            _(
                "Roll {number} was not rolled yet when this record was kept: the share "
                "added to it cannot be checked."
            ).format(number=pending + 1),
        )
    return verdict


def _verdict(
    document: dict[str, Any], names: tuple[str, ...], rolled: list[RollProof], problems: list[str]
) -> Verdict:
    """The lines of a record's check: who kept it, the problems, the rolls nobody added
    to (``rolled``: the proof of each roll of the game), and the outcome."""
    seat = document["seat"]
    if document["role"] == "host":
        who = _("the host")
    elif seat is None:
        who = _("a spectator")
    else:
        who = _("seat {seat} ({name})").format(seat=seat + 1, name=names[seat])
    heading = ngettext(
        "The dice of table {table}, kept by {who}: {count} roll.",
        "The dice of table {table}, kept by {who}: {count} rolls.",
        len(rolled),
    ).format(table=table_name(document["dice"]), who=who, count=len(rolled))
    verdict = Verdict([heading], sound=not problems)
    verdict.lines += [_sentence(problem) for problem in problems]
    alone = [str(proof.roll + 1) for proof in rolled if proof.by is None]
    if alone:
        verdict.lines.append(
            ngettext(
                "Roll {numbers} was the host's alone: no player was there to add a share.",
                "Rolls {numbers} were the host's alone: no player was there to add a share.",
                len(alone),
            ).format(numbers=", ".join(alone))
        )
    if verdict.sound:
        verdict.lines.append(
            _("Every roll matches the host's commitment and the share it was made with.")
        )
    else:
        verdict.lines.append(_("The dice of this game do not check out."))
    return verdict


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _document(text: str) -> dict[str, Any]:
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError(_("not a record of a network game's dice: it is not JSON")) from None
    if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
        raise RecordError(
            _(
                "not a record of a network game's dice (marrakech verify checks "
                "the files in dice/ of the data directory)"
            )
        )
    if document.get("version") != RECORD_VERSION:
        raise RecordError(
            _("this record is version {version}; this program reads version {known}").format(
                version=quoted(document.get("version"), 20), known=RECORD_VERSION
            )
        )
    expected = {"setup", "start", "actions", "dice", "role", "seat", "shares", "problems"}
    missing = sorted(expected - set(document))
    if missing:
        raise RecordError(_("the record lacks {field}").format(field=missing[0]))
    seat = document["seat"]
    if document["role"] not in ROLES or not (seat is None or (type(seat) is int and 0 <= seat < 4)):
        raise RecordError(_("the record does not say who kept it"))
    if not isinstance(document["shares"], dict) or not isinstance(document["problems"], list):
        raise RecordError(_("the record's shares or problems cannot be read"))
    return document


def _list(document: dict[str, Any], key: str) -> list[Any]:
    value = document.get(key)
    if not isinstance(value, list):
        raise RecordError(_("the record's {field} is not a list").format(field=key))
    return value


def verify_file(path: Path) -> Verdict:
    """Read and check the record at ``path``; RecordError, or SaveFileError when the file
    cannot be read, says why not in one line."""
    return verify(storage.read_limited(path))
