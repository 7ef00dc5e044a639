"""Checking packs: every validation problem, and every scenario's expected result against its score."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from studio.content.check.crosscheck import entry_problems, known_ids, unknown_ids
from studio.content.check.problems import MANIFEST, REFERENCE, SCENARIO, Problem, ordered
from studio.content.check.validation import validate_document
from studio.content.entries import Entry, Invalid, is_read, misnamed
from studio.content.io.documents import Document, DocumentError, read_document
from studio.content.io.parsed import parsed_cache
from studio.content.io.text import printable, table
from studio.content.models import FOLDER_KINDS, KINDS
from studio.content.packs.pack import MANIFEST as MANIFEST_FILE
from studio.content.packs.pack import named_as_manifest, pack_root
from studio.content.registry import Content, build_catalog
from studio.content.scenarios import (
    Scenario,
    Unread,
    iter_events_diff,
    mismatches,
    named_entries,
    pack_cases,
    pack_scenarios,
    repeated_names,
    scenario_cases,
    scenario_files,
    scenario_problems,
    scenarios_in,
    score_scenario,
)
from studio.engine.catalog import Catalog
from studio.services.errors import Cancel, Cancelled, Line, Progress, ServiceError, never, quiet
from studio.services.loading import failure, load, owning_packs, pack_at, tested_packs


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
    parsed_cache().save()  # the scenarios and loose files too, read after the load saved it
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
    reads (the manifest, an entry, a patch, a test, code), or what a load reports as not read: code
    below ``plugins/``, a file of a content folder whose name ends in no content suffix (``x.YAML``)."""
    return is_read(rel) or (rel.startswith("plugins/") and rel.endswith(".py")) or misnamed(rel) is not None


#: The schema a file names on its editor line (``# yaml-language-server: $schema=.../charm.schema.json``).
SCHEMA_LINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=\S*?([a-z_]+)\.schema\.json\s*$", re.M)


def _kind(path: Path) -> str:
    """The kind of a file outside any pack, told by its folder, else by the schema its editor line names,
    else by its data: scenarios (``played``, alone or in a list) and patches (``target`` and ``set``) say
    what they are, as ``studio test`` and ``score --scenario`` read them anywhere."""
    kind = "run" if path.name == "run.yaml" else FOLDER_KINDS.get(path.parent.name)
    if kind is not None:
        return kind
    try:
        doc = read_document(path)
    except DocumentError as exc:
        raise ServiceError(str(exc.problem)) from None
    named = SCHEMA_LINE.search(doc.text[:2000])
    data = doc.data
    items = data if isinstance(data, list) and data else [data]
    if named is not None and named[1] in KINDS and named[1] != "pack":
        return named[1]
    if all(isinstance(item, dict) and "played" in item for item in items):
        return "scenario"
    if isinstance(data, dict) and {"target", "set"} <= data.keys():
        return "patch"
    folders = sorted(f"{f}/" for f in FOLDER_KINDS if not f.endswith(".yaml"))
    raise ServiceError(
        f"{path}: cannot tell the kind of content; put it in one of {', '.join(folders)} (or write a "
        "scenario, with 'played', or a patch, with 'target' and 'set')"
    )


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
    invalid: list[Invalid] = []
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
        if model is None:
            invalid.append(Invalid(kind, doc, tuple(found)))
        elif content.packs:
            entries.append(Entry(kind, str(getattr(model, "id", "run")), doc, model, content.packs[-1]))
    if entries or invalid:
        # Behaviours that exist: those loaded, and those loaded charms name (their code may not have run).
        named = {b for e in content.entries if isinstance(b := getattr(e.model, "behaviour", None), str)}
        known = known_ids([*content.entries, *entries], {*content.behaviours, *named}, content.broken)
        for entry in entries:
            problems += [p.at_stage(REFERENCE) for p in entry_problems(entry, known)]
        for bad in invalid:  # a file that fails its schema: the ids it names are checked all the same
            problems += [p.at_stage(REFERENCE) for p in unknown_ids(bad.kind, bad.doc, known, bad.problems)]
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
    #: What else explains a failure or an error: a code charm of it that did nothing, and why.
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[Line]:
        """Nothing for a pass; ``ERROR`` with why (each problem under it if several), or ``FAIL`` with
        each mismatch and the diff."""
        notes = [Line(f"  {printable(note)}") for note in self.notes]
        if self.status == "error":
            if len(self.problems) > 1:
                head = Line(f"ERROR {self.label}: {len(self.problems)} problems", "bad")
                return [head, *(Line(f"  {p}") for p in self.problems), *notes]
            return [Line(f"ERROR {self.problems[0] if self.problems else self.message}", "bad"), *notes]
        if self.status == "passed":
            return []
        out = [Line(f"FAIL {self.label}", "bad"), *(Line(f"  {printable(w)}") for w in self.mismatches)]
        return out + notes + [Line(f"  {row}") for row in self.diff.split("\n")]


@dataclass
class ScenarioRun:
    """Every scenario run, in order, the problems of the content they ran with, and the warnings of the
    load."""

    results: list[ScenarioResult]
    warnings: list[str] = field(default_factory=list)
    #: Each place asked for that holds no test (a PATH, or the packs' tests/): it tested nothing, which a
    #: count of "0 failed" would pass off as a pass.
    untested: list[str] = field(default_factory=list)
    #: The content's problems, as ``validate`` prints them: a scenario that names an entry they are about
    #: is an error, the others run.
    problems: list[Problem] = field(default_factory=list)
    #: Tests not run at all: the content has problems that leave nothing to score with.
    not_run: int = 0

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
        """The content has no problem and every scenario passed."""
        return not (self.failed or self.problems or self.not_run)

    def lines(self) -> list[Line]:
        """The content's problems with their count, each failure and error, then the count of scenarios."""
        out = Validation(self.problems, 0).lines() if self.problems else []
        out += [line for r in self.results for line in r.lines()]
        count = f"{self.passed} passed, {self.failed} failed"
        if self.not_run:
            count += f", {self.not_run} not run (the content has problems)"
        return [*out, Line(count, "good" if self.ok else "bad")]


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
    given) of each pack asked for (the base game's alone).

    Content with problems is checked as ``validate`` checks it, and its problems are part of the result:
    a scenario naming an entry they are about (or a charm whose code did not load) is an error, and the
    others run with the rest of the content; none runs when nothing can be scored with.
    """
    for path in paths:
        if not path.exists():
            raise ServiceError(f"{path}: no such file or folder")
    paths = [p.parent if p.name == MANIFEST_FILE else p for p in paths]  # a manifest means its pack
    inner = {p: _packs_inside(p) for p in paths}  # a folder of packs: each is tested as a pack
    paths = list(dict.fromkeys([*paths, *(pack for p in paths for pack in inner[p])]))
    zips = [p for p in paths if p.is_file() and p.suffix.lower() == ".zip"]  # a built pack: its tests/
    asked, context, roots = owning_packs(
        [*packs, *map(str, zips)], no_base, [p for p in paths if p not in zips]
    )
    roots.update({p: p.resolve() for p in zips})
    # A pack folder without its manifest (a pack.yml, say) is loaded as the pack it is, so it says what it
    # lacks, as validate does, rather than have every file of it read as a scenario.
    unmade = [p for p in paths if p not in roots and looks_like_a_pack(p)]
    asked += [str(p) for p in unmade]
    roots.update({p: p.resolve() for p in unmade})
    loaded = load(asked, no_base=no_base, trust=trust, context=context)
    content = loaded.content
    cat = _best_catalog(content)
    found: list[Scenario | Unread] = []
    untested: list[str] = []
    for path in paths:
        at_root = path in roots and path.resolve() == roots[path]
        pack = pack_at(content, roots[path]) if at_root else None
        if at_root and pack is None and content.problems:
            continue  # the pack did not load: its problems say why
        if pack is not None:
            cases = pack_cases(pack)
        else:
            files = [
                f
                for f in scenario_files(path)
                if not any(f.is_relative_to(i) for i in inner.get(path, ()))
                and not (path in roots and _is_entry(f, roots[path]))
            ]
            cases = [case for file in files for case in scenario_cases(_document(file))]
        if not any(map(_is_test, cases)) and not inner.get(path):
            untested.append(str(path))
        found += cases
    if not paths:
        found = [case for pack in tested_packs(content) for case in pack_cases(pack)]
        if not any(map(_is_test, found)) and not content.problems:
            untested.append("the tests/ of the packs loaded")
    problems = ordered([*content.problems, *repeated_names([c for c in found if isinstance(c, Scenario)])])
    if cat is None:
        parsed_cache().save()  # the scenarios too, read after the load saved it
        return ScenarioRun([], loaded.warnings, untested, problems, sum(map(_is_test, found)))
    faulty = _faulty(content)
    total = sum(isinstance(case, Scenario) and case.model.expect is not None for case in found)
    results: list[ScenarioResult] = []
    done = 0
    for case in filter(_is_test, found):
        if cancelled():
            raise Cancelled
        results.append(case_result(case, content, cat, faulty))
        if isinstance(case, Scenario):
            done += 1
            progress(done, total, case.label)
    parsed_cache().save()  # the scenarios, and the positions their labels and problems were found at
    return ScenarioRun(results, loaded.warnings, untested, problems)


def _is_entry(path: Path, root: Path) -> bool:
    """Whether a file of the pack at ``root`` is one of its manifest, entries or patches: never a scenario,
    so ``studio test content/charms`` finds no test there rather than a failure per charm."""
    rel = path.resolve().relative_to(root).as_posix()
    return is_read(rel) and not rel.startswith("tests/")


def _packs_inside(folder: Path) -> list[Path]:
    """The pack folders inside ``folder`` (a folder that is not itself in a pack), at any depth but never
    inside another pack or a hidden folder: ``studio test packs/`` tests each pack kept there as a pack,
    rather than read its manifest and entries as scenarios."""
    if not folder.is_dir() or pack_root(folder) is not None or looks_like_a_pack(folder):
        return []
    found = []
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        found += [sub] if (sub / MANIFEST_FILE).is_file() or looks_like_a_pack(sub) else _packs_inside(sub)
    return found


def looks_like_a_pack(folder: Path) -> bool:
    """Whether a folder holding no ``pack.yaml`` looks like a pack all the same: it holds a folder of
    content (``charms/``, ``plugins/``, ``patches/``...), the editor set-up (``.studio/``) or a file that
    looks meant as its manifest (``pack.yml``, ``Pack.yaml``, ``pack.json``). A folder of scenarios holding
    only ``tests/`` does not: it may be any project's."""
    if not folder.is_dir():
        return False
    names = {p.name for p in folder.iterdir()}
    folders = {*FOLDER_KINDS, "plugins", "patches", ".studio"} - {"tests"}
    return bool(names & folders) or any(map(named_as_manifest, names))


def _faulty(content: Content) -> dict[str, str]:
    """Entry (``kind/id``) -> what is wrong with it, for each entry the content's problems are about: its
    file is broken, it names what does not exist, or (a charm) its code did not load."""
    out: dict[str, str] = {}
    by_file: dict[str, Problem] = {}
    for problem in ordered(content.problems):
        by_file.setdefault(problem.file, problem)
    for key in sorted(content.broken):
        stem = key.split("/", 1)[1]
        first = next((p for name, p in by_file.items() if Path(name).stem == stem), None)
        out[key] = str(first) if first else "its file has a problem"
    for e in content.entries:
        if e.name in by_file:
            out.setdefault(e.key, str(by_file[e.name]))
    for charm, problem in content.failed.items():
        out.setdefault(f"charm/{charm}", str(problem))
    return out


def _is_test(case: Scenario | Unread) -> bool:
    """Whether a case gives a result: a scenario with an ``expect``, or a file that cannot be read."""
    return isinstance(case, Unread) or case.model.expect is not None


def _document(path: Path) -> Document | Problem:
    """The document of a scenario file, or why it cannot be read."""
    try:
        return read_document(path)
    except DocumentError as exc:
        return exc.problem


def case_result(
    case: Scenario | Unread,
    content: Content,
    cat: Catalog | None = None,
    faulty: dict[str, str] | None = None,
) -> ScenarioResult:
    """Score one scenario against its ``expect``; a scenario that cannot be scored (a bad card, a code
    charm that raises, an entry named that has a problem: ``faulty``, see :func:`_faulty`) or read is an
    error, with every problem of its fields, and the next one runs. A sound scenario with no ``expect``
    passes: there is nothing to compare. ``cat``: the catalog to score with (the content's by default).

    A failure or error of a scenario with a code charm that did nothing (its pack is not trusted) says so:
    the result is not that charm's.
    """
    if isinstance(case, Unread):
        return ScenarioResult(case.label, "error", problems=list(case.problems))
    s = case
    cat = cat or content.catalog
    assert cat is not None
    faulty = faulty or {}
    unusable = [
        f"{key.replace('/', ' ')} cannot be used: {faulty[key]}"
        for key in named_entries(s.model)
        if key in faulty
    ]
    if unusable:
        return ScenarioResult(s.label, "error", f"{s.label}: {'; '.join(unusable)}")
    idle = _idle_lines(s, content)
    problems = scenario_problems(s, cat, content.broken)
    if problems:
        return _told(ScenarioResult(s.label, "error", problems=sorted(problems)), idle)
    if s.model.expect is None:
        return ScenarioResult(s.label, "passed")
    try:
        result = score_scenario(s.model, cat)
    except Exception as exc:  # a behaviour hook may raise anything; the user gets one line
        error = failure(exc, content)
        return _told(ScenarioResult(s.label, "error", f"{s.label}: {printable(str(error))}"), idle)
    wrong = mismatches(s.model, result)
    if not wrong:
        return ScenarioResult(s.label, "passed")
    rows = list(iter_events_diff(s.model, result))
    if s.model.expect.events is None:  # nothing to compare step by step: the trace as it ran
        diff = table(["#", "trace"], [[row[0], row[2]] for row in rows])
    else:
        diff = table(["#", "!", "actual", "expected"], rows)
    return ScenarioResult(s.label, "failed", mismatches=list(wrong), diff=diff, notes=idle)


def _idle_lines(s: Scenario, content: Content) -> list[str]:
    """One line for each code charm of the scenario that does nothing here, and why."""
    charms = dict.fromkeys(slot.id for slot in s.model.slots())
    return [f"{charm} did nothing: {why}" for charm in charms if (why := content.idle(charm)) is not None]


def _told(result: ScenarioResult, idle: list[str]) -> ScenarioResult:
    """An error with the lines saying which of its code charms did nothing, and why."""
    result.notes = idle
    return result
