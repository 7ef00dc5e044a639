"""Test scenarios after each edit: which ones an edit can change, run on the unsaved content.

A scenario depends on the entries it names (its ``x-ref`` fields, with the
deck in play when none is written; the modifiers of its card tokens; a charm's
edition; the words of its expected trace's sources) and on every entry that
those refer to in turn (a deck's cards name upgrades, a charm may name an
edition). An edit re-runs the scenarios that depend on what it touched; an
edit to a scenario file re-runs that file; an edit to a hand type (every hand
is evaluated against all of them), the run, a difficulty or a patch re-runs
them all, as does the first run.

Scenarios run as ``studio test`` runs them (studio.content.scenarios: ``score_scenario``,
then ``mismatches`` and the per-step diff) on a :class:`Batch`, a frozen copy
of the workspace taken on the caller's thread, so :func:`run_batch` may go to
a worker thread while editing goes on. A result that arrives after a newer
edit is dropped and its scenarios run again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.content.check.written_ids import SOURCE_KINDS
from studio.content.check.xrefs import MODIFIER_KINDS, references
from studio.content.io.documents import Document, DocumentError
from studio.content.io.text import printable
from studio.engine.behaviour import BehaviourError
from studio.engine.catalog import Catalog
from studio.workspace.model import Change, EntryRef, JsonPath, Problem
from studio.workspace.workspace import Workspace

if TYPE_CHECKING:  # the scenarios' models: imported by the runs, not by a window that only shows results
    from studio.content.entries import Entry
    from studio.content.models import ScenarioModel
    from studio.content.scenarios import Scenario

#: Kinds whose entries change a hand only where a scenario names them (or names one that refers to them).
NAMED_KINDS = frozenset({"charm", "boss", "deck", *MODIFIER_KINDS})
#: Fields of a scenario holding card tokens, whose ``:`` suffixes are modifier ids.
CARD_FIELDS = ("played", "held", "full_deck")


@dataclass(frozen=True)
class Wanted:
    """What still needs a run: everything, or the scenarios depending on ``keys`` (``kind/id``) or in
    ``files``."""

    everything: bool = False
    keys: frozenset[str] = frozenset()
    files: frozenset[Path] = frozenset()

    def __or__(self, other: Wanted) -> Wanted:
        return Wanted(self.everything or other.everything, self.keys | other.keys, self.files | other.files)

    def __bool__(self) -> bool:
        return self.everything or bool(self.keys or self.files)


@dataclass(frozen=True)
class Batch:
    """One run: the catalog and entries in force, the tested scenario files' texts, and what to run."""

    catalog: Catalog
    entries: tuple[Entry, ...]
    files: tuple[tuple[EntryRef, str], ...]
    wanted: Wanted


@dataclass(frozen=True)
class Outcome:
    """One scenario's result: ``wrong`` says how it differs from its ``expect`` (empty: it passed)."""

    file: EntryRef
    #: Where the scenario is in its file: ``(index,)`` in a list of scenarios, ``()`` alone.
    prefix: JsonPath
    model: ScenarioModel
    wrong: tuple[str, ...] = ()
    line: int = 1
    col: int = 1
    #: The failure's cause is already a problem of the workspace (an unknown id, a bad card).
    explained: bool = False

    @property
    def passed(self) -> bool:
        """True if the result is what the scenario expects."""
        return not self.wrong

    @property
    def index(self) -> int:
        """The scenario's place in its file (0 for a file of one)."""
        return int(self.prefix[0]) if self.prefix else 0

    @property
    def label(self) -> str:
        """The scenario's name, or its place in the file."""
        return printable(self.model.name) if self.model.name else f"{self.index + 1} of {self.file.path.name}"

    @property
    def problem(self) -> Problem:
        """The failure as a problem at the scenario's ``expect``."""
        message = f"test '{self.label}' fails: {'; '.join(self.wrong)}"
        return Problem(self.file.path, self.line, self.col, (*self.prefix, "expect"), message, self.file)


@dataclass(frozen=True)
class Tally:
    """How a file's tests did: ✓ when all passed, ✗ when any failed."""

    passed: int
    failed: int

    @property
    def marker(self) -> str:
        """✓ or ✗."""
        return "✗" if self.failed else "✓"

    @property
    def summary(self) -> str:
        """A few words, e.g. '2 of 31 tests fail'."""
        total = self.passed + self.failed
        if total == 1:
            return f"its test {'fails' if self.failed else 'passes'}"
        return f"{self.failed} of {total} tests fail" if self.failed else f"all {total} tests pass"


class ScenarioWatch:
    """The tests' latest results, and which scenarios the edits seen since need to run again.

    The caller passes each change to :meth:`note`; when it wants results it
    takes a batch from :meth:`start`, runs it (:func:`run_batch`, in any
    thread) and hands the outcomes to :meth:`finish`.
    """

    def __init__(self) -> None:
        #: Each tested file's outcomes, by the scenario's place in the file.
        self.outcomes: dict[Path, dict[int, Outcome]] = {}
        #: The outcomes of the last run taken (what it selected), for a status line and tests.
        self.last_run: tuple[Outcome, ...] = ()
        self._wanted = Wanted(everything=True)
        self._running: Batch | None = None
        self._stale = False
        #: The ``kind/id`` each entry file defined at the last start: an edit of its id re-runs both.
        self._keys: dict[Path, str] = {}

    @property
    def pending(self) -> bool:
        """True if edits wait for a run."""
        return bool(self._wanted)

    def note(self, change: Change) -> None:
        """Remember what a change touched; a batch running now is stale."""
        if not (change.catalog_changed or change.problems_changed):
            return  # a save: the content is the same
        keys: set[str] = set()
        files: set[Path] = set()
        everything = False
        for ref in change.entries:
            if ref.kind == "scenario":
                files.add(ref.path)
            elif ref.kind in NAMED_KINDS:
                keys.add(f"{ref.kind}/{ref.id}")
                if ref.path in self._keys:
                    keys.add(self._keys[ref.path])
            else:
                everything = True
        self._wanted = self._wanted | Wanted(everything, frozenset(keys), frozenset(files))
        self._stale = self._running is not None

    def start(self, ws: Workspace) -> Batch | None:
        """Freeze what the edits so far need into a batch; None if nothing is wanted or nothing can run.

        Without a catalog (the content cannot be built; that is its problem) no
        test can run: results are dropped and everything runs once it can.
        """
        if not self._wanted:
            return None
        catalog = ws.catalog
        if catalog is None:
            self.outcomes, self._wanted = {}, Wanted(everything=True)
            return None
        entries = tuple(ws.registry.values())
        self._keys = {Path(e.name): e.key for e in entries if not e.patched}
        batch = Batch(catalog, entries, tested_files(ws), self._wanted)
        self._wanted, self._running, self._stale = Wanted(), batch, False
        return batch

    def finish(self, batch: Batch, outcomes: Iterable[Outcome] | None) -> bool:
        """Take a batch's outcomes (None: it did not finish); False if they were dropped as stale."""
        if batch is not self._running:
            return False
        self._running = None
        if outcomes is None or self._stale:
            self._wanted = self._wanted | batch.wanted
            return False
        present = {ref.path for ref, _ in batch.files}
        wanted = batch.wanted
        self.outcomes = {
            path: found
            for path, found in self.outcomes.items()
            if path in present and not (wanted.everything or path in wanted.files)
        }
        self.last_run = tuple(outcomes)
        for o in self.last_run:
            self.outcomes.setdefault(o.file.path, {})[o.index] = o
        return True

    def failures(self) -> list[Outcome]:
        """The failing scenarios whose cause is not already a problem of the workspace, file by file."""
        return [
            o
            for path in sorted(self.outcomes)
            for _, o in sorted(self.outcomes[path].items())
            if not o.passed and not o.explained
        ]

    def tallies(self) -> dict[Path, Tally]:
        """Each tested file with scenarios that expect something: how many passed and failed."""
        out = {}
        for path, found in self.outcomes.items():
            failed = sum(not o.passed for o in found.values())
            out[path] = Tally(len(found) - failed, failed)
        return out


def tested_files(ws: Workspace) -> tuple[tuple[EntryRef, str], ...]:
    """The scenario files ``studio test`` would run, with their current text: the packs' (the base
    game's when only it is open)."""
    packs = [p for p in ws.packs if not p.builtin] or ws.packs
    ids = {p.id for p in packs}
    return tuple((ref, ws.text(ref)) for ref in ws.entries("scenario") if ref.pack_id in ids)


def select(batch: Batch) -> list[tuple[EntryRef, Scenario]]:
    """The scenarios with an ``expect`` that the batch wants run."""
    wanted = batch.wanted
    reached = frozenset() if wanted.everything else reach(batch.entries, wanted.keys)
    return [
        (ref, s)
        for ref, text in batch.files
        for s, names in _scenarios(str(ref.path), text)
        if s.model.expect is not None and (wanted.everything or ref.path in wanted.files or names & reached)
    ]


def run_batch(batch: Batch, cancelled: Callable[[], bool] = lambda: False) -> list[Outcome]:
    """Run the batch's scenarios, in file order; stop early (with what ran) once ``cancelled()``."""
    out = []
    for ref, s in select(batch):
        if cancelled():
            break
        out.append(outcome(ref, s, batch.catalog))
    return out


def outcome(ref: EntryRef, s: Scenario, catalog: Catalog) -> Outcome:
    """Score one scenario and compare it to its ``expect``, as ``studio test`` does."""
    wrong, explained = _verdict(s, catalog)
    line, col = s.doc.locate(("expect",)) if wrong else (1, 1)
    prefix = tuple(p for p in s.doc.prefix if isinstance(p, int))
    return Outcome(ref, prefix, s.model, wrong, line, col, explained)


def _verdict(s: Scenario, catalog: Catalog) -> tuple[tuple[str, ...], bool]:
    """How the result differs from the expectation (nothing: it passed), and whether that is already a
    problem of the workspace."""
    from studio.content.scenarios import iter_events_diff, mismatches, scenario_problems, score_scenario

    try:
        result = score_scenario(s.model, catalog)
    except Exception as exc:  # a charm's code may raise anything: that scenario fails, the rest run
        if isinstance(exc, ValueError):
            why = str(exc)
        else:
            why = f"a charm's code failed: {type(exc).__name__}: {exc}"
        # Bad cards and unknown ids are already the scenario's problems in the workspace.
        listed = not isinstance(exc, BehaviourError) and bool(scenario_problems(s, catalog))
        return (f"cannot score it: {printable(why)}",), listed
    wrong = mismatches(s.model, result)
    step = next((row for row in iter_events_diff(s.model, result) if row[1] == "!"), None) if wrong else None
    first = f"the trace differs from step {step[0]}: {step[2]}, {step[3]}" if step else ""
    return tuple(printable(first if w.startswith("events:") and first else w) for w in wrong), False


def reach(entries: Iterable[Entry], keys: Iterable[str]) -> frozenset[str]:
    """``keys`` (``kind/id``) and every entry that refers to one of them, directly or through others."""
    referrers: dict[str, set[str]] = {}
    for e in entries:
        for kind, found in _named(e.kind, _plain(e.model)):
            referrers.setdefault(f"{kind}/{found}", set()).add(e.key)
    reached = set(keys)
    todo = list(reached)
    while todo:
        for key in referrers.get(todo.pop(), ()):
            if key not in reached:
                reached.add(key)
                todo.append(key)
    return frozenset(reached)


def scenario_names(model: ScenarioModel) -> frozenset[str]:
    """Every ``kind/id`` a scenario names, in its x-ref fields and where it writes ids in words and tokens."""
    data = _plain(model)
    pairs = {*_named("scenario", data), *_written(data)}
    return frozenset(f"{kind}/{found}" for kind, found in pairs)


@lru_cache(maxsize=256)
def _scenarios(name: str, text: str) -> tuple[tuple[Scenario, frozenset[str]], ...]:
    """The valid scenarios of a file's text with the ids each names (kept while the text is the same)."""
    from studio.content.scenarios import scenarios_in

    try:
        found, _ = scenarios_in(Document.parse(name, text))
    except DocumentError:
        return ()  # the syntax error is the file's problem; it has no tests until it parses
    return tuple((s, scenario_names(s.model)) for s in found)


def _plain(model: Any) -> Any:
    """A model as plain data with its defaults, under the names its schema uses."""
    return model.model_dump(mode="json", by_alias=True)


def _named(kind: str, data: Any) -> Iterator[tuple[str, str]]:
    """The (kind, id) of each x-ref in a document; a ``modifier`` may be an upgrade, edition or seal."""
    for ref_kind, found, _ in references(kind, data):
        yield from ((k, found) for k in (MODIFIER_KINDS if ref_kind == "modifier" else (ref_kind,)))


def _written(scenario: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """The ids a scenario writes outside x-ref fields (see studio.content.check.written_ids), of every kind a
    word could be: trace sources, card tokens' modifiers, a charm's ``:edition``."""
    expect = scenario.get("expect") or {}
    for event in expect.get("events") or ():
        for word in str(event.get("source", "")).split():
            yield from ((kind, word) for kind in SOURCE_KINDS)
    tokens = [t for key in CARD_FIELDS for t in str(scenario.get(key) or "").split()]
    for token in [*tokens, *(expect.get("scoring") or ())]:
        for modifier in str(token).split(":")[1:]:
            yield from ((kind, modifier.lower()) for kind in MODIFIER_KINDS)
    for charm in scenario.get("charms") or ():
        if isinstance(charm, str) and ":" in charm:
            yield "edition", charm.split(":", 1)[1]
