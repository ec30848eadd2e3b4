"""The organiser's password (argon2, from argon2-cffi) and the forms' CSRF tokens."""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

__all__ = ["PASSWORD_ENV", "PasswordError", "check_password_text", "csrf_ok", "hash_password", "new_csrf", "verify"]

PASSWORD_ENV = "TRICKBOOK_CLUB_PASSWORD"
MIN_LENGTH = 8
MAX_LENGTH = 200

_hasher = PasswordHasher()


class PasswordError(ValueError):
    """A password that cannot be used; the message says why in one line."""


def check_password_text(text: str) -> str:
    if len(text) < MIN_LENGTH:
        raise PasswordError(f"the organiser password needs at least {MIN_LENGTH} characters")
    if len(text) > MAX_LENGTH:
        raise PasswordError(f"the organiser password has at most {MAX_LENGTH} characters")
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise PasswordError("the organiser password may not hold control characters")
    return text


def read_password_file(path: Path) -> str:
    """The first line of a password file (its line break dropped)."""
    try:
        raw = path.read_bytes()[: MAX_LENGTH * 4 + 2]
    except OSError as exc:
        raise PasswordError(f"{path}: cannot read the password file ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PasswordError(f"{path}: the password file is not UTF-8") from None
    lines = text.splitlines()
    return check_password_text(lines[0] if lines else "")


def password_from_env() -> str | None:
    value = os.environ.get(PASSWORD_ENV)
    return None if value is None else check_password_text(value)


def hash_password(text: str, hasher: PasswordHasher = _hasher) -> str:
    return hasher.hash(check_password_text(text))


def verify(hashed: str, text: str, hasher: PasswordHasher = _hasher) -> bool:
    """Whether ``text`` is the password of ``hashed`` (argon2 compares in constant time)."""
    if len(text) > MAX_LENGTH:
        return False
    try:
        return hasher.verify(hashed, text)
    except (VerificationError, InvalidHashError):
        return False


def new_csrf() -> str:
    return secrets.token_urlsafe(24)


def csrf_ok(expected: object, given: object) -> bool:
    return (
        isinstance(expected, str)
        and isinstance(given, str)
        and bool(expected)
        and hmac.compare_digest(expected.encode(), given.encode())
    )
