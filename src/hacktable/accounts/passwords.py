"""Passwords: argon2id hashes through argon2-cffi's :class:`~argon2.PasswordHasher`
(issue 13 §1), rehashed at the next sign-in when the hasher's parameters change
(docs/rulings.md H721). A password is never logged, stored or put in an error."""

from __future__ import annotations

from functools import cache
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

__all__ = ["MAX_PASSWORD", "MIN_PASSWORD", "PasswordCheck", "check", "hash_password", "rule"]

MIN_PASSWORD: Final = 10
"""The fewest characters a password has (docs/rulings.md H721)."""
MAX_PASSWORD: Final = 1024
"""The most (hashing a longer one would let anyone make the server work for nothing)."""


@cache
def _hasher() -> PasswordHasher:
    return PasswordHasher()


@cache
def _dummy() -> str:
    """A hash to check an unknown user's password against, so that a wrong name takes
    as long as a wrong password (nobody learns which names exist from the time)."""
    return _hasher().hash("not anyone's password")


def rule(password: str) -> str:
    """What is wrong with ``password`` as a new password, in one line, or ``""``."""
    if len(password) < MIN_PASSWORD:
        return f"a password has at least {MIN_PASSWORD} characters"
    if len(password) > MAX_PASSWORD:
        return f"a password has at most {MAX_PASSWORD} characters"
    return ""


def hash_password(password: str) -> str:
    """``password``'s argon2id hash (a PHC string, its salt and parameters in it)."""
    return _hasher().hash(password)


class PasswordCheck:
    """The answer of :func:`check`.

    Attributes:
        good: the password matches.
        rehashed: a new hash to store (the hasher's parameters changed), or ``""``.
    """

    __slots__ = ("good", "rehashed")

    def __init__(self, good: bool, rehashed: str = "") -> None:
        self.good = good
        self.rehashed = rehashed


def check(stored: str | None, password: str) -> PasswordCheck:
    """Whether ``password`` matches the hash ``stored`` (``None``: no such user, checked
    against a dummy hash all the same), and a new hash when the parameters changed."""
    hasher = _hasher()
    if len(password) > MAX_PASSWORD:
        return PasswordCheck(False)
    try:
        hasher.verify(stored or _dummy(), password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return PasswordCheck(False)
    if stored is None:
        return PasswordCheck(False)
    return PasswordCheck(True, hasher.hash(password) if hasher.check_needs_rehash(stored) else "")
