"""Making and handling packs: new, build, install, remove, and the list of installed packs."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from studio.content.check.problems import Problem, ordered
from studio.content.io.text import excerpt
from studio.content.packs.archive import ArchiveError, write_zip
from studio.content.packs.editor_files import SCHEMAS
from studio.content.packs.install import InstallError, install, installable_problems, remove
from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import BASE_ID, MANIFEST, Pack, needs_other_studio
from studio.content.packs.skeleton import write_skeleton
from studio.content.packs.trust import TrustStore
from studio.content.registry import Content, trust_on_the_command_line
from studio.content.scenarios import pack_cases
from studio.engine.names import ID, id_like
from studio.plugins.pipeline import UnknownPack, open_spec
from studio.services.checks import ScenarioResult, case_result
from studio.services.errors import Line, Progress, ServiceError, quiet
from studio.services.loading import load_pack


@dataclass
class NewPack:
    """A pack skeleton written: its folder and every file in it."""

    pack_id: str
    folder: Path
    written: list[Path]
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Always: a refusal raises ServiceError."""
        return True

    def lines(self) -> list[Line]:
        """Each file written (the copied schemas as one line), then what to do next."""
        next_step = f"next: studio validate {self.folder} && studio test {self.folder}"
        return [
            *written_lines(self.folder, self.written),
            Line(f"created pack '{self.pack_id}'; {next_step}", "good"),
        ]


def written_lines(folder: Path, written: list[Path]) -> list[Line]:
    """Name each file written into a pack folder, the copied JSON Schemas as one line."""
    schemas = folder / SCHEMAS
    out = [Line(str(path)) for path in written if path.parent != schemas]
    count = sum(path.parent == schemas for path in written)
    if count:
        out.append(Line(f"{schemas}/ ({count} JSON Schemas, for editors)"))
    return out


def new_pack(pack_id: str, where: Path) -> NewPack:
    """Write a working pack skeleton ``where/pack_id`` (raise ServiceError for a bad id or folder)."""
    if not ID.fullmatch(pack_id):
        raise ServiceError(
            f"bad pack id {excerpt(pack_id)}: use 1 to 64 lower-case letters, digits and underscores, "
            f"starting with a letter{_respelled(pack_id)}"
        )
    if pack_id == BASE_ID:
        raise ServiceError("bad pack id 'base': it is the base game's; choose another")
    folder = where / pack_id
    try:
        written = write_skeleton(folder, pack_id)
    except FileExistsError:
        raise ServiceError(f"{folder}: already exists") from None
    except OSError as exc:
        raise ServiceError(f"{folder}: cannot create the pack: {exc.strerror or exc}") from None
    return NewPack(pack_id, folder, written)


def _respelled(pack_id: str) -> str:
    """The id a name like ``Neon-Nights`` or ``my pack`` was meant to be (``neon_nights``), if any."""
    meant = id_like(pack_id)
    return f" (did you mean '{meant}'?)" if ID.fullmatch(meant) and meant != BASE_ID else ""


@dataclass
class Build:
    """A pack built into ``output`` (``sha256`` of the zip), or why not: its problems, the problems install
    would refuse, or its failing tests (the first of these that is not empty)."""

    pack: Pack
    output: Path
    problems: list[Problem] = field(default_factory=list)
    refused: list[Problem] = field(default_factory=list)
    failures: list[ScenarioResult] = field(default_factory=list)
    sha256: str = ""
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """The zip was written."""
        return bool(self.sha256)

    def lines(self) -> list[Line]:
        """Why it was not built, or the zip written with its hashes."""
        if self.problems:
            return self._refusal([Line(str(p), "bad") for p in self.problems], "problem(s)")
        if self.refused:
            return self._refusal(
                [Line(str(p), "bad") for p in self.refused], "problem(s) that install would refuse"
            )
        if self.failures:
            told = [line for f in self.failures for line in f.lines()]
            return self._refusal(told, "failing test(s)", len(self.failures))
        return [
            Line(
                f"built {self.output}: {self.pack.id} {self.pack.version}, {len(self.pack.files)} files",
                "good",
            ),
            Line(f"sha256 {self.sha256}"),
            Line(f"content hash {self.pack.hash}"),
        ]

    @staticmethod
    def _refusal(told: list[Line], what: str, count: int | None = None) -> list[Line]:
        """What stopped the build, then how many of ``what`` (``count``; else one a line told)."""
        return [*told, Line(f"not built: {len(told) if count is None else count} {what}", "bad")]


def build(folder: Path, output: Path, *, trust: bool = False, progress: Progress = quiet) -> Build:
    """Validate and test the pack at ``folder`` as a player would load it, then zip it reproducibly.

    ``trust`` lets its code run for its tests (remembered, as ``--trust`` is).
    """
    if not folder.is_dir():
        raise ServiceError(f"{folder}: no such pack folder")
    _check_output(folder, output)
    installed = installed_packs()[0]
    pack, _ = open_pack_spec(str(folder), installed)  # a folder: it hides no installed pack
    progress(0, 3, "loading the pack")
    content = load_pack(pack, installed, trust)
    built = _checked_and_zipped(pack, output, content, progress)
    built.warnings = [str(w) for w in content.warnings]  # an untrusted pack's code charms: why a test fails
    return built


def _checked_and_zipped(pack: Pack, output: Path, content: Content, progress: Progress) -> Build:
    """Check the loaded pack, run its tests, then write the zip; the first of these that fails says why."""
    if content.problems or content.catalog is None:
        return Build(pack, output, problems=ordered(content.problems))
    refused = installable_problems(pack)
    if refused:
        return Build(pack, output, refused=ordered(refused))
    progress(1, 3, "running its tests")
    failures = failed_tests(pack, content)
    if failures:
        return Build(pack, output, failures=failures)
    progress(2, 3, "writing the zip")
    try:
        digest = write_zip(pack.files, output)
    except ArchiveError as exc:  # the zip itself would be refused by install: a problem of the pack's file
        where = pack.origin / exc.member if exc.member else output
        return Build(pack, output, refused=[Problem(str(where), 1, 1, exc.reason)])
    except OSError as exc:
        raise ServiceError(f"{output}: cannot write: {exc}") from None
    progress(3, 3, "built")
    return Build(pack, output, sha256=digest)


def _check_output(folder: Path, output: Path) -> None:
    """Refuse a zip path that would overwrite what is not a zip, or that lies in the pack it is built
    from (a source file replaced, or the zip shipped in the next build), or that is not named .zip."""
    target = output.resolve()
    if target.is_relative_to(folder.resolve()):
        raise ServiceError(f"{output}: inside the pack folder {folder}; write the zip outside it")
    if target.is_dir():
        raise ServiceError(f"{output}: is a folder; give the zip's file name")
    if target.exists() and not zipfile.is_zipfile(target):
        raise ServiceError(f"{output}: exists and is not a zip; refusing to replace it")
    if output.suffix.lower() != ".zip":  # `pack install` and `--pack` know a built pack by its .zip
        named = output.with_suffix(".zip") if output.suffix else output.with_name(f"{output.name}.zip")
        raise ServiceError(f"{output}: a built pack is a .zip file; name it {named.name}")


def open_pack_spec(spec: str, installed: list[Pack]) -> tuple[Pack, list[str]]:
    """Open a pack folder, zip or installed id, with warnings of the installed packs of that id it hides;
    raise ServiceError saying why it cannot be opened."""
    try:
        pack, problems, hides = open_spec(spec, installed)
    except UnknownPack as exc:
        raise ServiceError(str(exc)) from None
    if pack is None:
        raise ServiceError(str(problems[0]))
    return pack, hides


def failed_tests(pack: Pack, content: Content) -> list[ScenarioResult]:
    """The pack's scenarios that fail or cannot run (files that cannot be read, and scenarios with no
    ``expect`` whose fields are wrong, too), scored with ``content`` and told as ``studio test`` tells
    them."""
    results = [case_result(case, content) for case in pack_cases(pack)]
    return [r for r in results if r.status != "passed"]


@dataclass
class Installed:
    """A pack installed into the user's data folder, and whether its code was trusted too."""

    pack: Pack
    trusted: bool
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Always: a refusal raises ServiceError."""
        return True

    def lines(self) -> list[Line]:
        """The pack installed and where."""
        trusted = " (trusted)" if self.trusted else ""
        return [
            Line(f"installed {self.pack.id} {self.pack.version} into {self.pack.origin}{trusted}", "good")
        ]


def install_pack(
    archive: Path,
    *,
    force: bool = False,
    trust: bool = False,
    how: Callable[[Pack], str] = lambda pack: trust_on_the_command_line(pack, False),
) -> Installed:
    """Install a pack zip (``force``: over a newer version); ``trust`` records trust in its code.

    A pack with code is loaded before its files are checked: its code runs if it is trusted (``trust``,
    or trusted before), so the kinds of rule it adds are known to the check, as they were to its build.
    One whose code does not run (untrusted) is installed with a warning saying so; ``how`` words the way
    to trust it (by default the command line's).
    """
    untrusted: list[Pack] = []

    def vocabulary(staged: Pack) -> None:
        if staged.code():
            load_pack(staged, installed_packs()[0], trust)
            if not TrustStore().is_trusted(staged):
                untrusted.append(staged)

    try:
        pack = install(archive, force=force, vocabulary=vocabulary)
    except InstallError as exc:
        hint = " (its code is not trusted, so kinds of rule it adds are unknown: --trust)"
        if not untrusted:
            hint = ""
        raise ServiceError(f"{exc}{hint}") from None
    if trust:
        TrustStore().trust(pack)
    warnings = []
    if pack.code() and not TrustStore().is_trusted(pack):
        why = f"pack '{pack.id}' is not trusted, so its code does not run (trust it with {how(pack)})"
        warnings.append(f"{pack.origin / MANIFEST}:1:1: {why}")
    return Installed(pack, trust, warnings)


@dataclass
class Removed:
    """An installed pack removed, and the folder it was in."""

    pack_id: str
    folder: Path
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Always: a refusal raises ServiceError."""
        return True

    def lines(self) -> list[Line]:
        """The pack removed and from where."""
        return [Line(f"removed {self.pack_id} from {self.folder}", "good")]


def remove_pack(pack_id: str) -> Removed:
    """Remove a pack from the user's data folder and forget its trust (one pip ships is refused)."""
    shipped = [p for p in installed_packs()[0] if p.id == pack_id and p.distribution]
    if shipped:
        name = shipped[0].distribution.split()[0]
        raise ServiceError(
            f"{pack_id} comes from pip: {shipped[0].distribution}; remove it with: pip uninstall {name}"
        )
    try:
        where = remove(pack_id)
    except InstallError as exc:
        raise ServiceError(str(exc)) from None
    TrustStore().forget(pack_id)
    return Removed(pack_id, where)


@dataclass
class InstalledPack:
    """One installed pack as a listing shows it."""

    pack: Pack
    trusted: bool

    @property
    def code(self) -> bool:
        """The pack has code (plugins)."""
        return bool(self.pack.code())

    @property
    def unfit(self) -> str | None:
        """Why it does not load in this Studio (its ``studio`` range excludes this version), or None."""
        return needs_other_studio(self.pack)

    @property
    def where(self) -> str:
        """Where it was installed from: pip (with the distribution) or the data folder."""
        return f"pip: {self.pack.distribution}" if self.pack.distribution else "data folder"

    def to_json(self) -> dict[str, object]:
        """The pack as ``studio pack list --json`` writes it."""
        p = self.pack
        return {
            "id": p.id,
            "version": str(p.version),
            "name": p.manifest.name,
            "code": self.code,
            "trusted": self.trusted,
            "loads": self.unfit is None,
            "path": str(p.origin),
            "from": self.where,
            "hides": list(p.hides),
        }


@dataclass
class Listing:
    """The installed packs, one per id, and the problems of those that cannot be read."""

    packs: list[InstalledPack]
    problems: list[Problem]


def list_installed() -> Listing:
    """Every installed pack (the data folder's, then pip's) with whether its code is trusted."""
    packs, problems = installed_packs()
    store = TrustStore()
    return Listing([InstalledPack(p, store.is_trusted(p)) for p in packs], problems)
