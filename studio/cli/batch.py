"""``studio score --batch``: one JSON scenario per line in, one JSON result per line out, fast and exact.

Lines are split on ``\\n`` only (a U+2028 inside a string is part of its
line), read as a stream with a bound on each line. A line that cannot be
scored (not UTF-8, not JSON, nested too deep, a bad scenario) gives one
``{"error": ...}`` line and the batch goes on. Plain scenario objects are read
by a hand-written check that accepts exactly what the scenario model accepts
in strict mode; anything else goes to the model, which explains what is
wrong. Results are written in blocks.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields
from functools import cached_property
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

from studio.cli.jsonout import dump_json, dump_result
from studio.content.io.limits import MAX_BATCH_LINE_BYTES, MAX_NESTING
from studio.content.io.text import clip, clip_message, printable
from studio.content.plain_scenarios import plain_scenario, plain_situation
from studio.engine.cards import Card, parse_card
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.scoring import score

if TYPE_CHECKING:
    from studio.content.check.problems import Problem
    from studio.content.models import ScenarioModel

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")
_BLOCK = 256  # lines per block: a worker's share, and one write
_READ_BYTES = 1024 * 1024
_MAX_KEPT = 100_000  # distinct card tokens and charm entries kept: memory stays bounded on any batch


class _BatchCatalog(Catalog):
    """The catalog, with each card token parsed once per batch (a batch repeats the same 52 cards)."""

    @classmethod
    def of(cls, catalog: Catalog) -> _BatchCatalog:
        """The same content (and memo), in this class."""
        return cls(**{f.name: getattr(catalog, f.name) for f in fields(Catalog) if f.init})

    def cards(self, text: str) -> tuple[Card, ...]:
        """Parse card tokens, each through the cache."""
        known = self._tokens
        out = []
        for token in text.split():
            card = known.get(token)
            if card is None:
                card = parse_card(token, self.modifier_kinds)
                if len(known) < _MAX_KEPT:
                    known[token] = card
            out.append(card)
        return tuple(out)

    def slots(self, charms: list[str]) -> tuple[CharmSlot, ...]:
        """The charm row of ``charms`` ('id' or 'id:edition'), as the scenario model reads it."""
        known = self._slots
        out = []
        for entry in charms:
            slot = known.get(entry)
            if slot is None:
                slot = CharmSlot.parse(entry)
                if len(known) < _MAX_KEPT:
                    known[entry] = slot
            out.append(slot)
        return tuple(out)

    @cached_property
    def _tokens(self) -> dict[str, Card]:
        return {}

    @cached_property
    def _slots(self) -> dict[str, CharmSlot]:
        return {}


class BatchLineError(ValueError):
    """One line of a batch that cannot be scored."""


def run_batch(
    path: Path,
    catalog: Catalog,
    out: Any = None,
    workers: int | None = None,
    explain: Callable[[BaseException], str | None] | None = None,
) -> bool:
    """Score every line of ``path`` into ``out`` (default stdout); return True if every line scored.

    A big batch is scored by several processes (``workers``, default: one per core for a file of
    more than a few thousand lines), each taking blocks of lines in turn; results keep the order of
    the lines. ``explain`` says which code charm raised an exception, or None if none did. Raises
    OSError / ValueError naming the file when it cannot be opened at all.
    """
    out = out or sys.stdout
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise ValueError(f"{path}: cannot read file: it is a folder (give a .jsonl file)")
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(
            f"{path}: cannot read file: not a regular file (a device, FIFO or socket; '-' reads a pipe)"
        )
    workers = _workers(info.st_size) if workers is None else workers
    clean = True
    with _batch_job(str(path), catalog, explain), open(path, "rb") as handle:
        blocks = _blocks(_lines(handle))
        if workers > 1:
            for stream in (out, sys.stdout, sys.stderr):  # a forked worker flushes what it inherits
                stream.flush()
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for text, ok in pool.imap(_score_block, blocks):
                    out.write(text)
                    clean &= ok
        else:
            for text, ok in map(_score_block, blocks):
                out.write(text)
                clean &= ok
    out.flush()
    return clean


#: How error lines name a batch read from standard input (as Python names it in a traceback).
STDIN = "<stdin>"


def run_stream(
    source: BinaryIO,
    catalog: Catalog,
    out: Any = None,
    explain: Callable[[BaseException], str | None] | None = None,
    name: str = STDIN,
) -> bool:
    """Score every line of ``source`` (a pipe, say) into ``out`` as :func:`run_batch` does a file, but as
    a stream: each line is scored as soon as it arrives, by this process, in order, and what was
    written is flushed before waiting for more input, so a reader gets each result while the writer
    is still writing (``producer | studio score --batch - | consumer``, the producer maybe endless).
    Error lines name the input ``name``. Return True if every line scored.
    """
    out = out or sys.stdout
    clean = True
    with _batch_job(name, catalog, explain):
        for number, raw in _lines(_Arrived(source, out)):
            if raw is None or raw.strip():
                text, ok = _score_block([(number, raw)])
                out.write(text)
                clean &= ok
    out.flush()
    return clean


class _Readable(Protocol):
    """What :func:`_lines` reads from: a binary file, or :class:`_Arrived`."""

    def read(self, size: int, /) -> bytes: ...


class _Arrived:
    """A source read as a stream: each read gives what has arrived (``read1``: not a full chunk), and
    first flushes ``out``, so its reader has every result so far before this process waits for more."""

    def __init__(self, source: BinaryIO, out: Any) -> None:
        self._read: Callable[[int], bytes] = getattr(source, "read1", source.read)
        self._out = out

    def read(self, size: int, /) -> bytes:
        self._out.flush()
        return self._read(size)


@contextmanager
def _batch_job(
    name: str, catalog: Catalog, explain: Callable[[BaseException], str | None] | None
) -> Iterator[None]:
    """Set up the batch named ``name`` for :func:`_score_block` (here and in the workers it forks), and
    the garbage collector for a long run of scoring; put the collector back after."""
    global _JOB
    _JOB = (name, _BatchCatalog.of(catalog), explain or (lambda exc: None))
    # The loaded content lives for the whole batch: collections need not walk it each time. A caller
    # that has frozen objects of its own keeps its choice: unfreezing at the end would hand all of them
    # back to its next collection, which then walks everything it has kept.
    freezing = gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    thresholds = gc.get_threshold()
    # Scoring makes few reference cycles but many objects, and the memo of charm rows and card views
    # grows all batch long: collect far less often (a young collection per 50,000 objects, not 700).
    gc.set_threshold(50_000, 20, 100)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if freezing:
            gc.unfreeze()


#: What the scoring processes work on: the batch file's name and the catalog (inherited when forked).
_JOB: tuple[str, _BatchCatalog, Callable[[BaseException], str | None]] | None = None
_PARALLEL_BYTES = 1024 * 1024  # below this (a few thousand lines) starting processes costs more than it gains


def _workers(size: int) -> int:
    """How many processes to score a batch file of ``size`` bytes with."""
    if size < _PARALLEL_BYTES or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1, 8))


def _blocks(lines: Iterator[tuple[int, bytes | None]]) -> Iterator[list[tuple[int, bytes | None]]]:
    """The non-blank lines, in blocks of `_BLOCK`."""
    block: list[tuple[int, bytes | None]] = []
    for number, raw in lines:
        if raw is None or raw.strip():
            block.append((number, raw))
            if len(block) >= _BLOCK:
                yield block
                block = []
    if block:
        yield block


def _score_block(block: list[tuple[int, bytes | None]]) -> tuple[str, bool]:
    """Score a block of lines; return the result lines as one text, and whether all of them scored."""
    assert _JOB is not None
    name, catalog, explain = _JOB
    out: list[str] = []
    clean = True
    for number, raw in block:
        try:
            scenario = _scenario(raw)
            if isinstance(scenario, dict):
                out.append(dump_result(score(plain_situation(scenario, catalog, catalog.slots), catalog)))
            else:
                out.append(dump_result(score(scenario.to_situation(catalog), catalog)))
            continue
        except BatchLineError as exc:
            error = f"{name}:{number}:{exc}"
        except Exception as exc:  # a code charm may raise anything: its line fails, the batch goes on
            why = explain(exc)
            located = _located(raw, catalog) if why is None and isinstance(exc, ValueError) else None
            if located is not None:  # bad cards, unknown ids, a hand of the wrong size: at their field
                error = f"{name}:{number}:{located}"
            else:
                why = why or (
                    str(exc) if isinstance(exc, ValueError) else f"scoring failed: {clip(repr(exc), 300)}"
                )
                error = f"{name}:{number}: {why}"
        clean = False
        out.append(dump_json({"error": error}))
    out.append("")
    return "\n".join(out), clean


#: The UTF-8 byte order mark.
BOM = b"\xef\xbb\xbf"


def _lines(
    handle: _Readable, chunk_bytes: int = _READ_BYTES, most: int = MAX_BATCH_LINE_BYTES
) -> Iterator[tuple[int, bytes | None]]:
    """Yield (line number, bytes) split on ``\\n`` only; a line past ``most`` bytes is skipped, as None.

    The file is read in large chunks (never more than a chunk and one line's bound held at once). A
    read may give fewer bytes than asked (a pipe gives what has arrived): a line is yielded once its
    end has been read, without waiting for more.
    """
    number = 0
    pending = b""  # the start of a line that continues in the next chunk
    skipping = False  # inside a line past the bound: drop it up to its end
    chunks = iter(lambda: handle.read(chunk_bytes), b"")
    head = b""  # a byte order mark some editors write is not part of the first line
    for chunk in chunks:  # read only until the first bytes can or cannot be a BOM
        head += chunk
        if len(head) >= len(BOM) or not BOM.startswith(head):
            break
    for chunk in chain([head.removeprefix(BOM)], chunks):
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                continue
            number += 1
            yield number, None
            skipping, chunk = False, chunk[end + 1 :]
        *complete, pending = (pending + chunk).split(b"\n")
        for line in complete:
            number += 1
            yield number, (line if len(line) <= most else None)
        if len(pending) > most:
            skipping, pending = True, b""
    if skipping or pending:
        yield number + 1, None if skipping else pending


def _scenario(raw: bytes | None) -> ScenarioModel | dict[str, Any]:
    """Read one line as a scenario: a plain object (see :mod:`studio.content.plain_scenarios`), or the model.

    Raises BatchLineError (``COL: message``, the column in the line) or ValueError.
    """
    if raw is None:
        raise BatchLineError(f"1: more than {MAX_BATCH_LINE_BYTES} bytes on one line (MAX_BATCH_LINE_BYTES)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BatchLineError(f"{exc.start + 1}: not UTF-8 text") from None
    if raw.count(b"[") + raw.count(b"{") > MAX_NESTING and _depth(raw) > MAX_NESTING:
        raise BatchLineError(f"1: nested more than {MAX_NESTING} deep (MAX_NESTING)")
    try:
        data = _DECODER.decode(text)
    except _TwiceError as exc:
        key = clip(printable(exc.key), 60)
        raise BatchLineError(f"{_second(text, exc.key)}: the key '{key}' is given twice") from None
    except json.JSONDecodeError as exc:
        raise BatchLineError(f"{exc.colno}: not JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer past Python's digit limit
        raise BatchLineError(f"1: not JSON: {str(exc)[:200]}") from None
    plain = plain_scenario(data)
    if plain is not None:
        return plain
    from studio.content.scenarios import line_scenario  # the model only explains what the plain path refuses

    found = line_scenario(data, text)
    if isinstance(found, list):
        raise BatchLineError(_first(found))
    return found


def _located(raw: bytes | None, catalog: Catalog) -> str | None:
    """Why a line that read as a scenario cannot be scored, as ``validate`` explains a scenario file:
    ``COL: $.field: message`` (the first problem, and how many more); None when it finds none.

    Only a line that failed is checked so: a line that scores costs nothing more.
    """
    from studio.content.io.documents import Document
    from studio.content.scenarios import Scenario, line_scenario, scenario_problems

    if raw is None:
        return None
    text = raw.decode("utf-8")
    data = json.loads(text)
    found = line_scenario(data, text)  # what the fast path let through the model may refuse (":foil")
    if not isinstance(found, list):
        found = scenario_problems(Scenario(Document("", text, data), found), catalog)
    return _first(found) if found else None


def _first(problems: list[Problem]) -> str:
    """A line's problems as its error tells them: ``COL: $.field: message`` of the first, and how many
    more."""
    first, more = problems[0], len(problems) - 1
    where = f"{first.path}: " if first.path not in ("", "$") else ""
    also = f" (and {more} more)" if more else ""
    return f"{first.col}: {clip_message(printable(where + first.message))}{also}"


class _TwiceError(ValueError):
    """A JSON object that names a key twice (the json module would keep the last silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _TwiceError(key)
            seen.add(key)
    return found


#: Reads a line as json.loads does, refusing an object that names a key twice.
_DECODER = json.JSONDecoder(object_pairs_hook=_once)


def _second(text: str, key: str) -> int:
    """The column of the second time ``key`` names a field in ``text``; 1 where the key names fields
    of several objects, and which one repeats it cannot be told without parsing the line again."""
    spots = [m.start() + 1 for m in re.finditer(re.escape(json.dumps(key)) + r"\s*:", text)]
    return spots[1] if len(spots) == 2 else 1


def _depth(raw: bytes) -> int:
    """The deepest nesting of a JSON text's arrays and objects, strings left out."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRINGS.sub(b"", raw)):
        depth += 1 if match.group() in (b"[", b"{") else -1
        deepest = max(deepest, depth)
    return deepest
