"""Strict JSON out: a number past the float range is written ``1e999``, by the encoder, never by editing text.

Python writes ``Infinity``, which JSON does not allow; ``1e999`` is a valid
JSON number that every parser reads back as infinity. NaN (which scoring
never reports as a result) is written ``null``. Finite data, nearly all of it,
goes through the C encoder; data holding a non-finite number is encoded again
by the standard library's own iterative encoder with its float hook set.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Iterator
from typing import Any

from studio.engine.trace import Event, ScoreResult

_SEPARATORS = (", ", ": ")
_FAST = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=_SEPARATORS)


def _floatstr(value: float) -> str:
    """How a float is written: its shortest repr, or ``1e999`` / ``-1e999`` / ``null`` when not finite."""
    if value != value:
        return "null"
    if value == float("inf"):
        return "1e999"
    if value == float("-inf"):
        return "-1e999"
    return float.__repr__(value)


class StrictEncoder(json.JSONEncoder):
    """The standard encoder with its float hook writing non-finite numbers as valid JSON."""

    def iterencode(self, o: Any, _one_shot: bool = False) -> Iterator[str]:
        """Encode ``o`` piece by piece, floats through `_floatstr` (strings are never touched)."""
        encode = json.encoder.encode_basestring_ascii if self.ensure_ascii else json.encoder.encode_basestring
        pieces: Iterator[str] = json.encoder._make_iterencode(  # type: ignore[attr-defined]
            {} if self.check_circular else None,
            self.default,
            encode,
            self.indent,
            _floatstr,
            self.key_separator,
            self.item_separator,
            self.sort_keys,
            self.skipkeys,
            _one_shot,
        )(o, 0)
        return pieces


_STRICT = StrictEncoder(ensure_ascii=False, separators=_SEPARATORS)


def dump_json(data: object) -> str:
    """Return ``data`` as one line of strict JSON (non-finite numbers as ``1e999``, ``-1e999``, ``null``).

    >>> dump_json({"name": "To Infinity and Beyond", "total": float("inf")})
    '{"name": "To Infinity and Beyond", "total": 1e999}'
    """
    try:
        return _FAST.encode(data)
    except ValueError:  # a non-finite float: the C encoder has no float hook
        return _STRICT.encode(data)


_EVENT_TEXTS: dict[tuple[object, ...], tuple[str, str]] = {}
_NUMBER_TEXTS: dict[float, str] = {}
_STRING_TEXTS: dict[str | None, str] = {None: "null"}
_MAX_EVENT_TEXTS = 100_000  # distinct events (and numbers, and strings) kept: a bound on memory


def _number(value: float) -> str:
    """A running number as `dump_json` writes it (a whole float as an int, as the trace's JSON has it).

    Kept per value: numbers that compare equal are written alike (``4`` and ``4.0`` both ``4``).
    """
    text = _NUMBER_TEXTS.get(value)
    if text is None:
        if value.__class__ is not int and value.is_integer():
            text = int.__repr__(int(value))
        else:
            text = dump_json(value)
        if len(_NUMBER_TEXTS) < _MAX_EVENT_TEXTS:
            _NUMBER_TEXTS[value] = text
    return text


def _whole(value: int) -> str:
    """An int as `dump_json` writes it (anything else goes through `dump_json`)."""
    return int.__repr__(value) if value.__class__ is int else dump_json(value)


def _string(value: str | None) -> str:
    """A string (or None) as `dump_json` writes it, kept per value: a batch repeats ids and tokens."""
    text = _STRING_TEXTS.get(value)
    if text is None:
        text = dump_json(value)
        if len(_STRING_TEXTS) < _MAX_EVENT_TEXTS:
            _STRING_TEXTS[value] = text
    return text


def _summary(r: ScoreResult) -> str:
    """``dump_json(r.summary_json())`` without its closing brace, written from the result's fields.

    The same keys, in the same order, and the same numbers (``mult`` and ``total``
    as :func:`~studio.engine.trace.json_number` gives them): one f-string instead
    of a dictionary per hand and a pass of the encoder over it.
    """
    string, number, whole = _string, _number, _whole
    rng = r.rng
    levels = ", ".join([f"{string(k)}: {whole(v)}" for k, v in r.levels]) if r.levels else ""
    draws = ", ".join([f"{string(k)}: {whole(v)}" for k, v in rng.counters]) if rng.counters else ""
    return (
        f'{{"hand_type": {string(r.hand_type)}, "scoring": [{", ".join(map(string, r.scoring))}], '
        f'"points": {whole(r.points)}, "mult": {number(r.mult)}, "total": {number(r.total)}, '
        f'"money": {whole(r.money)}, "refused": {"true" if r.refused else "false"}, '
        f'"broken": [{", ".join(map(string, r.broken))}], "boss": {string(r.boss)}, '
        f'"deck": {string(r.deck)}, "counters": [{", ".join(map(whole, r.counters))}], '
        f'"levels": {{{levels}}}, "rng": {{"seed": {whole(rng.seed)}, "counters": {{{draws}}}}}'
        + (_optional(r) if r.vars or r.after is not None else "")  # a call only when there may be some
    )


def _optional(r: ScoreResult) -> str:
    """The keys a result has only when they say something, as :meth:`ScoreResult.optional_json`."""
    extra = r.optional_json()
    return "".join(f", {dump_json(key)}: {dump_json(value)}" for key, value in extra.items())


def _event_parts(e: Event) -> tuple[str, str]:
    """The JSON text of an event before its Points and after its money: the same for every repeat.

    Written from the fields as :meth:`~studio.engine.trace.Event.to_json` gives them: a batch
    meets thousands of distinct events, so this too is paid often.
    """
    position = "null" if e.position < 0 else _whole(e.position)
    slot = "null" if e.slot < 0 else _whole(e.slot)
    head = (
        f'{{"step": {_string(e.step)}, "source": {dump_json(e.source)}, "what": {_string(e.what)}, '
        f'"amount": {_number(e.amount)}, "change": {dump_json(e.change)}, "points": '
    )
    tail = (
        f', "source_kind": {_string(e.source_kind)}, "zone": {_string(e.zone or None)}, '
        f'"position": {position}, "slot": {slot}}}'
    )
    return head, tail


def dump_result(result: ScoreResult) -> str:
    """Return ``dump_json(result.to_json())``, byte for byte, faster: each distinct event's text is kept.

    A batch repeats the same events (``KH`` scores +10 Points in many hands);
    only the running Points, Mult and money differ.
    """
    pieces = []
    texts, numbers, number = _EVENT_TEXTS, _NUMBER_TEXTS, _number
    for e in result.events:
        key = e[:4] + e[7:] if e.what != "base" else e  # the base event's change shows its Points and Mult
        parts = texts.get(key)
        if parts is None:
            parts = _event_parts(e)
            if len(texts) < _MAX_EVENT_TEXTS:
                texts[key] = parts
        head, tail = parts
        # A kept number's text, else `_number` (which keeps it): no call for the common case.
        points = numbers.get(e.points) or number(e.points)
        mult = numbers.get(e.mult) or number(e.mult)
        money = numbers.get(e.money) or number(e.money)
        pieces.append(f'{head}{points}, "mult": {mult}, "money": {money}{tail}')
    return f'{_summary(result)}, "events": [{", ".join(pieces)}]}}'
