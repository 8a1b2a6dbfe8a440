"""Dice nobody can doubt: every roll of a network game is fixed by a commitment and a share.

The host keeps a master secret. Roll n's secret is HMAC-SHA-256(master, "roll n"); its
commitment, SHA-256(secret), reaches every table before anyone can know the roll (in
the ``game`` message, and with the roll before it). Once the facing for roll n is fixed
on every table, a player adds a share of 32 random bytes, and the roll is

    DIE_FACES[int(SHA-256("marrakech roll" | n | secret | share)) mod 6]

The host sends the secret and the share with the roll. Nobody learns a roll before its
facing is fixed (the share comes after it, the secret stays with the host until then),
and nobody can bias it: the host is bound by its commitment, and the player who adds
the share does not know the secret. When no player is there to add one, the roll is the
secret's alone (no share): fixed since its commitment, but known to the host in advance,
and every record says so.

``HostDice`` is the host's side, ``DiceWitness`` what a client checks as the game goes
(docs/protocol.md, Dice).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from marrakech.engine import DIE_FACES
from marrakech.games.language import N_, _

SECRET_BYTES = 32
"""The length of the master secret, of each roll's secret and of a share."""

_HEX = re.compile(r"[0-9a-f]{64}")

# What a client finds wrong with the host's dice, said to the player and kept in the record.
SECRET_MISMATCH = N_("roll {number}: the host's secret does not match its commitment")
VALUE_MISMATCH = N_(
    "roll {number} shows {shown}, but the host's secret and {name}'s share make it {value}"
)
ALONE_MISMATCH = N_("roll {number} shows {shown}, but the host's secret makes it {value}")
CHANGED_COMMITMENT = N_("roll {number}: the host changed its commitment")
CHANGED_PROOF = N_("roll {number}: the host changed the secret or the share it was made with")
NO_PROOF = N_("roll {number} came without the host's secret and share")
BAD_PROOF = N_("roll {number}: the host's secret and share cannot be read")
UNUSED_SHARE = N_("roll {number}: the host did not use the share you sent")
UNSENT_SHARE = N_("roll {number}: the host says you added to it, but you sent nothing")
ALONE_UNASKED = N_(
    "roll {number} was the host's alone, though you were at the table and were not asked"
)
EARLY_ASK = N_("the host asked you to add to roll {number} before its facing was fixed")
NOT_NEXT = N_("roll {number} is not the dice's next roll (that is roll {expected})")
NO_DRAWS = N_("the host's game does not say which roll of the dice each of its rolls is")


def _digest(*parts: bytes) -> bytes:
    return hashlib.sha256(b"".join(parts)).digest()


def commitment(secret: str) -> str:
    """The commitment to a roll's secret (both hexadecimal)."""
    return _digest(bytes.fromhex(secret)).hex()


def roll_value(index: int, secret: str, share: str | None) -> int:
    """The value of roll ``index`` (0 first) made of its secret and share (None: none)."""
    added = b"" if share is None else bytes.fromhex(share)
    digest = _digest(b"marrakech roll", index.to_bytes(4, "big"), bytes.fromhex(secret), added)
    return DIE_FACES[int.from_bytes(digest, "big") % len(DIE_FACES)]


def new_share() -> str:
    """A fresh share (or master secret): 32 random bytes, hexadecimal."""
    return secrets.token_hex(SECRET_BYTES)


def is_hex(value: object) -> TypeGuard[str]:
    """True for 32 bytes written as 64 lowercase hexadecimal digits."""
    return isinstance(value, str) and _HEX.fullmatch(value) is not None


def roll_words(template: str, index: int, **fields: object) -> str:
    """One of this module's sentences about roll ``index``, in the language spoken here."""
    return _(template).format(number=index + 1, **fields)


_PROOF_FIELDS = frozenset({"roll", "commitment", "secret", "share", "by"})


@dataclass(frozen=True, slots=True)
class RollProof:
    """What fixes one roll: the host's commitment and secret, and the share added to it."""

    roll: int
    """The roll's number, 0 first."""
    commitment: str
    secret: str
    share: str | None
    """None: no player added to the roll (it is the secret's alone)."""
    by: int | None
    """The seat whose player added the share."""

    @property
    def value(self) -> int:
        """The roll's value."""
        return roll_value(self.roll, self.secret, self.share)

    @property
    def sound(self) -> bool:
        """True when the secret is the one committed to."""
        return commitment(self.secret) == self.commitment

    def to_dict(self) -> dict[str, Any]:
        """The proof as the protocol and the records write it."""
        return {
            "roll": self.roll,
            "commitment": self.commitment,
            "secret": self.secret,
            "share": self.share,
            "by": self.by,
        }

    @classmethod
    def from_dict(cls, value: object) -> RollProof:
        """Read a proof; ValueError naming the field that is wrong when it is not one."""
        if not isinstance(value, dict) or set(value) != _PROOF_FIELDS:
            raise ValueError("fields")
        roll, by, share = value["roll"], value["by"], value["share"]
        if type(roll) is not int or not 0 <= roll < 2**31:
            raise ValueError("roll")
        if not is_hex(value["commitment"]) or not is_hex(value["secret"]):
            raise ValueError("commitment")
        if share is not None and not is_hex(share):
            raise ValueError("share")
        if by is not None and (type(by) is not int or not 0 <= by < 4):
            raise ValueError("by")
        if (share is None) != (by is None):
            raise ValueError("by")
        return cls(roll, value["commitment"], value["secret"], share, by)


def mismatch(proof: RollProof, shown: int, names: Sequence[str]) -> str:
    """The problem of a roll that shows ``shown`` where its proof makes another value."""
    if proof.by is None:
        return roll_words(ALONE_MISMATCH, proof.roll, shown=shown, value=proof.value)
    name = names[proof.by] if proof.by < len(names) else str(proof.by + 1)
    return roll_words(VALUE_MISMATCH, proof.roll, shown=shown, name=name, value=proof.value)


class HostDice:
    """The host's dice: the master secret and every roll settled so far."""

    def __init__(
        self, master: str | None = None, shares: Sequence[tuple[str | None, int | None]] = ()
    ) -> None:
        """A new master secret unless one is given; ``shares`` settle the first rolls."""
        self.master = new_share() if master is None else master
        self.proofs: list[RollProof] = []
        """Every roll settled, in order."""
        for share, by in shares:
            self.settle(share, by)

    def secret(self, index: int) -> str:
        """Roll ``index``'s secret (revealed with the roll)."""
        key = bytes.fromhex(self.master)
        return hmac.new(key, f"roll {index}".encode(), hashlib.sha256).hexdigest()

    def commitment(self, index: int) -> str:
        """Roll ``index``'s commitment (sent before the roll)."""
        return commitment(self.secret(index))

    @property
    def settled(self) -> int:
        """How many rolls are settled (the next one's number)."""
        return len(self.proofs)

    @property
    def values(self) -> tuple[int, ...]:
        """The values of the rolls settled so far, in order."""
        return tuple(proof.value for proof in self.proofs)

    def settle(self, share: str | None, by: int | None) -> RollProof:
        """Settle the next roll with a player's share (None: nobody added one)."""
        index = self.settled
        secret = self.secret(index)
        proof = RollProof(index, commitment(secret), secret, share, by)
        self.proofs.append(proof)
        return proof

    def public(self, shown: int) -> dict[str, Any]:
        """What every client may know once ``shown`` rolls were rolled: their proofs, and
        the commitment to the next."""
        return {
            "rolls": [proof.to_dict() for proof in self.proofs[:shown]],
            "next": self.commitment(shown),
        }

    def to_dict(self) -> dict[str, Any]:
        """The host's own record of its dice (the host file keeps it, to resume)."""
        return {
            "master": self.master,
            "rolls": [{"share": proof.share, "by": proof.by} for proof in self.proofs],
        }

    @classmethod
    def from_dict(cls, value: object) -> HostDice:
        """The dice ``to_dict`` wrote; ValueError naming the field that is wrong."""
        if not isinstance(value, dict) or not is_hex(value.get("master")):
            raise ValueError("dice")
        rolls = value.get("rolls")
        if not isinstance(rolls, list):
            raise ValueError("rolls")
        shares: list[tuple[str | None, int | None]] = []
        for roll in rolls:
            share = roll.get("share") if isinstance(roll, dict) else None
            by = roll.get("by") if isinstance(roll, dict) else None
            if not isinstance(roll, dict) or (share is not None and not is_hex(share)):
                raise ValueError("share")
            if (by is not None and type(by) is not int) or (share is None) != (by is None):
                raise ValueError("by")
            shares.append((share, by))
        return cls(value["master"], shares)


class DiceWitness:
    """What a client saw of the host's dice, checked as it comes.

    It holds each commitment the first time it is sent (before its roll), each roll's
    proof, and the shares this client added; every method returns the problems it finds
    (sentences in the language spoken here), which ``problems`` keeps. Rolls are numbered
    as the dice draw them: an undo never takes a draw back, so a roll is never rolled
    twice, and each new roll is the dice's next one (``upcoming``).
    """

    def __init__(self, seat: int | None) -> None:
        """``seat`` is the client's seat (None: a spectator, who adds no share)."""
        self.seat = seat
        self.commitments: dict[int, str] = {}
        self.proofs: dict[int, RollProof] = {}
        self.shares: dict[int, str] = {}
        """The share this client added to each roll it was asked for."""
        self.upcoming: int | None = None
        """The dice's next roll: the one the last commitment sent is for."""
        self.draws: list[int] = []
        """The roll of the dice behind each roll of the game, as the host last sent them."""
        self.problems: list[str] = []
        self._first: int | None = None
        """How many rolls had been rolled when this client first saw the game."""

    def read_game(self, dice: object, rolls: Sequence[int], names: Sequence[str]) -> list[str]:
        """Check a ``game`` message's dice against what was seen before and against
        ``rolls``, the values of the rolls in its actions."""
        entries = dice.get("rolls") if isinstance(dice, dict) else None
        upcoming = dice.get("next") if isinstance(dice, dict) else None
        draws = dice.get("draws") if isinstance(dice, dict) else None
        if not isinstance(entries, list) or not is_hex(upcoming):
            return self._found([roll_words(NO_PROOF, self.upcoming or 0)])
        found: list[str] = []
        if self._first is None:
            self._first = len(entries)
        for index, entry in enumerate(entries):
            found += self._hold(entry, index, names)
        found += self._commit(len(entries), upcoming)
        self.upcoming = len(entries)
        if not in_order(draws, len(rolls), len(entries)):
            return self._found([*found, _(NO_DRAWS)])
        self.draws = draws
        for draw, shown in zip(draws, rolls, strict=True):
            proof = self.proofs.get(draw)
            if proof is not None and proof.value != shown:
                found.append(mismatch(proof, shown, names))
        return self._found(found)

    def revealed(
        self, dice: object, shown: int, names: Sequence[str], *, watched: int | None
    ) -> list[str]:
        """Check the proof that came with a new roll (its value ``shown``); ``watched`` is
        the roll whose facing this connection saw fixed before (None: none)."""
        entry = dict(dice) if isinstance(dice, dict) else None
        upcoming = entry.pop("next", None) if entry is not None else None
        index = entry.get("roll") if entry is not None else None
        if entry is None or type(index) is not int or not 0 <= index < 2**31:
            return self._found([roll_words(NO_PROOF, self.upcoming or 0)])
        found = self._hold(entry, index, names)
        if self.upcoming is not None and index != self.upcoming:
            found.append(roll_words(NOT_NEXT, index, expected=self.upcoming + 1))
        if is_hex(upcoming):
            found += self._commit(index + 1, upcoming)
            self.upcoming = index + 1
        else:
            found.append(roll_words(BAD_PROOF, index + 1))
        self.draws.append(index)
        proof = self.proofs.get(index)
        if proof is not None:
            if proof.value != shown:
                found.append(mismatch(proof, shown, names))
            unasked = index not in self.shares and self.seat is not None
            if proof.by is None and watched == index and unasked:
                found.append(roll_words(ALONE_UNASKED, index))
        return self._found(found)

    def share_for(self, index: int, asked: object, *, ready: bool) -> tuple[str | None, list[str]]:
        """The share to add to roll ``index`` when the host asks with the commitment
        ``asked`` (asked again, the same share), and the problems found. No share when
        the facing is not fixed yet, the roll is not the dice's next one, or the
        commitment is not the one sent before."""
        if not ready or index != self.upcoming:
            return None, self._found([roll_words(EARLY_ASK, index)])
        if not is_hex(asked):
            return None, self._found([roll_words(BAD_PROOF, index)])
        changed = self._commit(index, asked)
        if changed:
            return None, self._found(changed)
        return self.shares.setdefault(index, new_share()), []

    def _hold(self, entry: object, index: int, names: Sequence[str]) -> list[str]:
        """Check one roll's proof and keep it (the first one seen stays)."""
        try:
            proof = RollProof.from_dict(entry)
        except ValueError:
            return [roll_words(BAD_PROOF, index)]
        if proof.roll != index:
            return [roll_words(BAD_PROOF, index)]
        found = []
        if not proof.sound:
            found.append(roll_words(SECRET_MISMATCH, index))
        found += self._commit(index, proof.commitment)
        held = self.proofs.setdefault(index, proof)
        if held != proof:
            found.append(roll_words(CHANGED_PROOF, index))
        mine = self.shares.get(index)
        if mine is not None and (proof.share != mine or proof.by != self.seat):
            found.append(roll_words(UNUSED_SHARE, index))
        first = self._first
        sent_nothing = mine is None and proof.by is not None and proof.by == self.seat
        if sent_nothing and first is not None and index >= first:
            found.append(roll_words(UNSENT_SHARE, index))
        return found

    def _commit(self, index: int, sent: str) -> list[str]:
        """Hold the commitment to roll ``index`` (the first one sent stays)."""
        if self.commitments.setdefault(index, sent) != sent:
            return [roll_words(CHANGED_COMMITMENT, index)]
        return []

    def _found(self, found: list[str]) -> list[str]:
        """Keep the problems not found before; returns them."""
        new = [problem for problem in dict.fromkeys(found) if problem not in self.problems]
        self.problems += new
        return new

    def public(self) -> dict[str, Any]:
        """The dice as this client saw them (the record keeps them)."""
        return {
            "rolls": [self.proofs[index].to_dict() for index in sorted(self.proofs)],
            "draws": list(self.draws),
            "next": None if self.upcoming is None else self.commitments.get(self.upcoming),
        }


def in_order(draws: object, count: int, settled: int) -> TypeGuard[list[int]]:
    """True when ``draws`` names ``count`` rolls of the dice, each after the one before,
    among the ``settled`` ones."""
    if not isinstance(draws, list) or len(draws) != count:
        return False
    if not all(type(draw) is int for draw in draws):
        return False
    return all(a < b for a, b in itertools.pairwise(draws)) and (
        not draws or (draws[0] >= 0 and draws[-1] < settled)
    )
