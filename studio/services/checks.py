"""Checking packs: every validation problem, and every scenario's expected result against its score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from studio.content.check.crosscheck import entry_problems, known_ids
from studio.content.check.problems import MANIFEST, SCENARIO, Problem, ordered
from studio.content.check.validation import validate_document
from studio.content.entries import Entry, is_read
from studio.content.io.documents import Document, DocumentError, read_document
from studio.content.io.text import printable, table
from studio.content.models import FOLDER_KINDS
from studio.content.packs.pack import MANIFEST as MANIFEST_FILE
from studio.content.packs.pack import pack_root
from studio.content.registry import Content, build_catalog
from studio.content.scenarios import (
    Scenario,
    Unread,
    iter_events_diff,
    mismatches,
    pack_cases,
    pack_scenarios,
    scenario_cases,
    scenario_files,
    scenario_problems,
    scenarios_in,
)
from studio.engine.catalog import Catalog
from studio.services.errors import Cancel, Cancelled, Line, Progress, ServiceError, never, quiet
from studio.services.loading import load, owning_packs, pack_at, score, sound, tested_packs


@dataclass
class Validation:
    """Every problem found (in order) and how many files were checked; ``warnings`` of the load."""

    problems: list[Problem]
    checked: int
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problem was found."""
        return not self.problems

    def lines(self) -> list[Line]:
        """One line per problem, then the count; or how many files were checked."""
        if self.ok:
            return [Line(f"ok: {self.checked} file(s) checked", "good")]
        files = len({p.file for p in self.problems})
        return [
            *(Line(str(p), "bad") for p in self.problems),
            Line(f"{len(self.problems)} problem(s) in {files} file(s)"),
        ]


def validate(
    paths: Sequence[Path] = (),
    packs: Sequence[str] = (),
    *,
    no_base: bool = False,
    trust: bool = False,
    progress: Progress = quiet,
) -> Validation:
    """Check pack folders, zips or single files (default: the packs loaded) with ``packs`` and the base game.

    A file is checked in the context of the pack it belongs to, so its references are checked too,
    and only its own problems (and their causes) are kept.
    """
    for path in paths:
        if not path.exists():
            raise ServiceError(f"{path}: no such file or folder")
        if not (path.is_file() or path.is_dir()):
            raise ServiceError(f"{path}: cannot read file: not a regular file (a device, FIFO or socket)")
    paths = [f for path in paths for f in _inside_a_pack(path)]
    files = [p for p in paths if p.is_file() and p.suffix.lower() != ".zip"]
    asked, context, roots = owning_packs(packs, no_base, files)
    for path, root in roots.items():
        _check_kind(path, root)
    loose = [path for path in files if path not in roots]
    kinds = {path: _kind(path) for path in loose}
    progress(0, 2, "loading the packs")
    named = [*asked, *(str(p) for p in paths if p not in files)]
    loaded = load(named, no_base=no_base, trust=trust, context=context)
    content = loaded.content
    progress(1, 2, "checking the scenarios")
    problems = list(content.problems)
    cat = _best_catalog(content)
    checked = sum(len(p.files) for p in content.packs) or len(content.requested)
    for pack in tested_packs(content):
        scenarios, found = pack_scenarios(pack)
        problems += [p.at_stage(SCENARIO) for p in found]
        if cat is not None:
            for s in scenarios:
                problems += scenario_problems(s, cat, content.broken)
    problems += _loose(loose, kinds, cat, content)
    if files and len(files) == len(paths):
        wanted = {path.resolve() for path in files}
        problems = [p for p in problems if p.stage == MANIFEST or Path(p.file).resolve() in wanted]
        checked = len(files)
    else:
        checked += len(loose)
    progress(2, 2, "checked")
    return Validation(ordered(problems), checked, loaded.warnings)


def _inside_a_pack(path: Path) -> list[Path]:
    """A folder within a pack folder (``content/charms``) stands for its content files, each checked
    with its pack; anything else stands for itself."""
    root = pack_root(path) if path.is_dir() else None
    if root is None or root == path.resolve():
        return [path]  # a file, a pack folder, or a folder in no pack (the load says it lacks a manifest)
    found = sorted(
        f
        for f in path.rglob("*")
        if f.is_file()
        and _is_content(f.resolve().relative_to(root).as_posix())
        and not any(part.startswith(".") for part in f.relative_to(path).parts)
    )
    if not found:
        raise ServiceError(f"{path}: a folder of a pack with no content file to check")
    return found


def _check_kind(path: Path, root: Path) -> None:
    """Refuse a file of a pack that holds no content (a README, an icon): there is nothing to check."""
    if not _is_content(path.resolve().relative_to(root).as_posix()):
        raise ServiceError(
            f"{path}: not a content file of pack folder {root.name}/: give a manifest, an entry "
            "(charms/, hands/, ...), a patch, a test or a plugin"
        )


def _is_content(rel: str) -> bool:
    """Whether a file of a pack (``rel``: its path in the pack) holds something to check: what loading
    reads (the manifest, an entry, a patch, a test, code), or code below ``plugins/``, which a load
    reports as not run."""
    return is_read(rel) or (rel.startswith("plugins/") and rel.endswith(".py"))


def _kind(path: Path) -> str:
    """The kind of a file outside any pack, told by its folder."""
    kind = "run" if path.name == "run.yaml" else FOLDER_KINDS.get(path.parent.name)
    if kind is None:
        raise ServiceError(
            f"{path}: cannot tell the kind of content; put it in one of "
            f"{', '.join(sorted(f for f in FOLDER_KINDS if f != 'run.yaml'))}/"
        )
    return kind


def _best_catalog(content: Content) -> Catalog | None:
    """The catalog, or (when the content has problems) one built from the files that loaded.

    Scenarios are then still checked, so every problem shows at once; a scenario
    that names an entry from a broken file reports that id as unknown too.
    """
    if content.catalog is not None:
        return content.catalog
    try:
        return build_catalog(content.entries, content.behaviours)
    except Exception:  # best effort only: the content's own problems are already reported
        return None


def _loose(
    paths: Sequence[Path], kinds: dict[Path, str], cat: Catalog | None, content: Content
) -> list[Problem]:
    """Check files outside any pack: each against its schema, then the ids they name against the loaded
    content, as if they were on top of the packs loaded (an id must exist there or in one of them)."""
    problems: list[Problem] = []
    entries: list[Entry] = []
    for path in paths:
        try:
            doc = read_document(path)
        except DocumentError as exc:
            problems.append(exc.problem)
            continue
        kind = kinds[path]
        if kind == "scenario":
            scenarios, found = scenarios_in(doc)
            problems += found
            if cat is not None:
                for s in scenarios:
                    problems += scenario_problems(s, cat)
            continue
        model, found = validate_document(kind, doc)
        problems += found
        if model is not None and content.packs:
            entries.append(Entry(kind, str(getattr(model, "id", "run")), doc, model, content.packs[-1]))
    if entries:
        # Behaviours that exist: those loaded, and those loaded charms name (their code may not have run).
        named = {b for e in content.entries if isinstance(b := getattr(e.model, "behaviour", None), str)}
        known = known_ids([*content.entries, *entries], {*content.behaviours, *named}, content.broken)
        for entry in entries:
            problems += entry_problems(entry, known)
    return problems


@dataclass
class ScenarioResult:
    """One scenario with an ``expect`` (or one that is not a scenario, or a file that cannot be read) and how
    it went.

    ``message`` says why it could not run; ``mismatches`` and ``diff`` (a per-step trace table,
    actual against expected) why it failed.
    """

    label: str
    status: Literal["passed", "failed", "error"]
    message: str = ""
    mismatches: list[str] = field(default_factory=list)
    diff: str = ""
    #: Why it cannot run, each at its file, line and field (``message`` says it when none is).
    problems: list[Problem] = field(default_factory=list)

    def lines(self) -> list[Line]:
        """Nothing for a pass; ``ERROR`` with why (each problem under it if several), or ``FAIL`` with
        each mismatch and the diff."""
        if self.status == "error":
            if len(self.problems) > 1:
                head = Line(f"ERROR {self.label}: {len(self.problems)} problems", "bad")
                return [head, *(Line(f"  {p}") for p in self.problems)]
            return [Line(f"ERROR {self.problems[0] if self.problems else self.message}", "bad")]
        if self.status == "passed":
            return []
        out = [Line(f"FAIL {self.label}", "bad"), *(Line(f"  {printable(w)}") for w in self.mismatches)]
        return out + [Line(f"  {row}") for row in self.diff.split("\n")]


@dataclass
class ScenarioRun:
    """Every scenario run, in order, and the warnings of the load."""

    results: list[ScenarioResult]
    warnings: list[str] = field(default_factory=list)
    #: Each place asked for that holds no test (a PATH, or the packs' tests/): it tested nothing, which a
    #: count of "0 failed" would pass off as a pass.
    untested: list[str] = field(default_factory=list)

    @property
    def passed(self) -> int:
        """Scenarios that passed."""
        return sum(r.status == "passed" for r in self.results)

    @property
    def failed(self) -> int:
        """Scenarios that failed or could not run (and scenario files that cannot be read)."""
        return len(self.results) - self.passed

    @property
    def ok(self) -> bool:
        """Every scenario passed."""
        return not self.failed

    def lines(self) -> list[Line]:
        """Each failure and error, then the count."""
        out = [line for r in self.results for line in r.lines()]
        return [*out, Line(f"{self.passed} passed, {self.failed} failed", "good" if self.ok else "bad")]


def run_scenarios(
    paths: Sequence[Path] = (),
    packs: Sequence[str] = (),
    *,
    no_base: bool = False,
    trust: bool = False,
    progress: Progress = quiet,
    cancelled: Cancel = never,
) -> ScenarioRun:
    """Run every scenario with an ``expect``: of the pack folders, files or folders in ``paths``, or (none
    given) of each pack asked for (the base game's alone). Content with problems raises ServiceError."""
    for path in paths:
        if not path.exists():
            raise ServiceError(f"{path}: no such file or folder")
    paths = [p.parent if p.name == MANIFEST_FILE else p for p in paths]  # a manifest means its pack
    zips = [p for p in paths if p.is_file() and p.suffix.lower() == ".zip"]  # a built pack: its tests/
    asked, context, roots = owning_packs(
        [*packs, *map(str, zips)], no_base, [p for p in paths if p not in zips]
    )
    roots.update({p: p.resolve() for p in zips})
    loaded = load(asked, no_base=no_base, trust=trust, context=context)
    content = sound(loaded.content, loaded.warnings)
    found: list[Scenario | Unread] = []
    untested: list[str] = []
    for path in paths:
        pack = pack_at(content, roots[path]) if path in roots and path.resolve() == roots[path] else None
        if pack is not None:
            cases = pack_cases(pack)
        else:
            cases = [case for file in scenario_files(path) for case in scenario_cases(_document(file))]
        if not any(map(_is_test, cases)):
            untested.append(str(path))
        found += cases
    if not paths:
        found = [case for pack in tested_packs(content) for case in pack_cases(pack)]
        if not any(map(_is_test, found)):
            untested.append("the tests/ of the packs loaded")
    total = sum(isinstance(case, Scenario) and case.model.expect is not None for case in found)
    results: list[ScenarioResult] = []
    done = 0
    for case in filter(_is_test, found):
        if cancelled():
            raise Cancelled
        results.append(case_result(case, content))
        if isinstance(case, Scenario):
            done += 1
            progress(done, total, case.label)
    return ScenarioRun(results, loaded.warnings, untested)


def _is_test(case: Scenario | Unread) -> bool:
    """Whether a case gives a result: a scenario with an ``expect``, or a file that cannot be read."""
    return isinstance(case, Unread) or case.model.expect is not None


def _document(path: Path) -> Document | Problem:
    """The document of a scenario file, or why it cannot be read."""
    try:
        return read_document(path)
    except DocumentError as exc:
        return exc.problem


def case_result(case: Scenario | Unread, content: Content) -> ScenarioResult:
    """Score one scenario against its ``expect``; a scenario that cannot be scored (a bad card, a code
    charm that raises) or read is an error, with every problem of its fields, and the next one runs. A
    sound scenario with no ``expect`` passes: there is nothing to compare."""
    if isinstance(case, Unread):
        return ScenarioResult(case.label, "error", problems=list(case.problems))
    s = case
    assert content.catalog is not None
    problems = scenario_problems(s, content.catalog, content.broken)
    if problems:
        return ScenarioResult(s.label, "error", problems=sorted(problems))
    if s.model.expect is None:
        return ScenarioResult(s.label, "passed")
    try:
        result = score(s.model, content)
    except ServiceError as exc:
        return ScenarioResult(s.label, "error", f"{s.label}: {printable(str(exc))}")
    wrong = mismatches(s.model, result)
    if not wrong:
        return ScenarioResult(s.label, "passed")
    diff = table(["#", "", "actual", "expected"], list(iter_events_diff(s.model, result)))
    return ScenarioResult(s.label, "failed", mismatches=list(wrong), diff=diff)
