"""Name helpers shared by every layer: close-match suggestions for unknown ids."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """Return ``" (did you mean 'x'?)"`` for the closest known name, or ``""``.

    >>> did_you_mean("pair_mul", ["pair_mult", "plain_mult"])
    " (did you mean 'pair_mult'?)"
    """
    import difflib  # only a mistake needs it: every command imports this module

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class UnknownIdError(ValueError):
    """An id that no loaded content defines."""

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        super().__init__(f"unknown {kind} '{name}'{did_you_mean(name, known)}")
        self.kind = kind
        self.name = name


def json_kind(value: object) -> str:
    """What ``value`` is, in JSON's words (a message names ``null``, never ``NoneType``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"
