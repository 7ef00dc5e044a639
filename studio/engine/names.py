"""Name helpers shared by every layer: close-match suggestions for unknown ids."""

from __future__ import annotations

import re
from collections.abc import Iterable


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """Return ``" (did you mean 'x'?)"`` for the closest known name, or ``""``.

    Names are compared without regard to case (``PAIR_MULT`` finds ``pair_mult``), as written and as
    their ``_``-separated words in alphabetical order, so words put in another order still find their name:

    >>> did_you_mean("pair_mul", ["pair_mult", "plain_mult"])
    " (did you mean 'pair_mult'?)"
    >>> did_you_mean("round_end", ["round_lost", "end_of_round"])
    " (did you mean 'end_of_round'?)"
    >>> did_you_mean("PAIR_MULT", ["pair_mult", "plain_mult"])
    " (did you mean 'pair_mult'?)"
    """
    from difflib import SequenceMatcher  # only a mistake needs it: every command imports this module

    folded = name.casefold()

    def likeness(other: str) -> float:
        other = other.casefold()
        return max(  # the known name first, as difflib.get_close_matches compares (the order counts)
            SequenceMatcher(None, other, folded).ratio(),
            SequenceMatcher(None, _sorted_words(other), _sorted_words(folded)).ratio(),
        )

    best = max(((likeness(k), k) for k in known), default=(0.0, ""))  # a tie: the later name, as difflib
    return f" (did you mean '{best[1]}'?)" if best[0] >= CUTOFF else ""


#: How alike (0 to 1, difflib's ratio) a known name must be to be suggested.
CUTOFF = 0.6


def _sorted_words(name: str) -> str:
    return "_".join(sorted(name.split("_")))


#: What an id is: lower-case letters, digits and ``_``, starting with a letter, at most 64 characters.
ID = re.compile(r"[a-z][a-z0-9_]{0,63}")
#: What a value that is not an id is told (the content schemas' ``x-message`` beside their id pattern).
ID_RULE = "an id uses lower-case letters, digits and _, starting with a letter"


def id_like(text: str) -> str:
    """The id a name like ``Neon-Nights``, ``my pack`` or ``Néon Café`` was meant to be (``neon_nights``,
    ``my_pack``, ``neon_cafe``): accents off, lower case, ``_`` for each run of other characters (it may
    still be no id: check it against :data:`ID`).

    >>> id_like("Néon Café"), id_like("  Neon-Nights ")
    ('neon_cafe', 'neon_nights')
    """
    return re.sub(r"[^a-z0-9_]+", "_", unaccented(text).strip().lower()).strip("_")


def unaccented(text: str) -> str:
    """``text`` with accents taken off its letters (``néon`` -> ``neon``), for a suggestion of an id
    (ids are plain ASCII); a letter with no plain form (``ß``, ``日``) is left out."""
    import unicodedata

    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


class UnknownIdError(ValueError):
    """An id that no loaded content defines (``hint``: a suggestion found otherwise than among ``known``)."""

    def __init__(self, kind: str, name: str, known: Iterable[str], hint: str | None = None) -> None:
        super().__init__(f"unknown {kind} '{name}'{did_you_mean(name, known) if hint is None else hint}")
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
