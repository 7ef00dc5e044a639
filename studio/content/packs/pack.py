"""Content packs: opening folders and zips, and deciding which packs load, in which order.

A pack is a manifest (``pack.yaml``) beside content folders, optional
``patches/``, ``plugins/`` and ``tests/``. The base game is a pack too. Given
the packs asked for, :func:`resolve` adds their dependencies (from the packs
given and the installed ones), checks versions, conflicts and cycles, and
orders them: dependencies first, then in the order given (a pack loaded only
as a dependency by lower ``priority``, then id).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from studio import __version__
from studio.content.check.problems import Problem, json_path
from studio.content.io.documents import CONTENT_SUFFIXES, Document, DocumentError, decode
from studio.content.io.paths import base_content_dir
from studio.content.packs.files import base_code, base_files, pack_files
from studio.content.packs.folders import ArchiveError, content_hash
from studio.engine.names import did_you_mean

if TYPE_CHECKING:
    from studio.content.models import PackModel
    from studio.content.packs.versions import Version

MANIFEST = "pack.yaml"
BASE_ID = "base"


@dataclass
class Pack:
    """A pack's manifest and files (relative POSIX path -> bytes), and where it came from.

    Only a manifest that validates makes a pack (:func:`open_pack`), but its model is
    built when first read: a pack made again from the files of a sound load (the
    editor's snapshot) opens without importing the content models.
    """

    manifest_doc: Document
    origin: Path
    files: dict[str, bytes]
    builtin: bool = False
    installed: bool = False
    #: ``NAME VERSION`` of the pip distribution that ships it ("" if none): see ``dist_packs``.
    distribution: str = ""
    #: Where the installed packs of the same id that this one is chosen over come from.
    hides: tuple[str, ...] = ()

    @cached_property
    def manifest(self) -> PackModel:
        """The manifest's model (validated once per content, see :func:`_manifest`)."""
        model, _, problems = _manifest(self.manifest_doc.name, self.files[MANIFEST])
        if model is None:
            raise ValueError(f"not a valid manifest: {problems[0] if problems else self.manifest_doc.name}")
        return model

    @property
    def id(self) -> str:
        """The pack id (the manifest's, which validated)."""
        return str(self.manifest_doc.data["id"])

    @property
    def version(self) -> Version:
        """The pack version."""
        from studio.content.packs.versions import parse_version  # semantic_version: only to resolve packs

        return parse_version(self.manifest.version)

    @cached_property
    def hash(self) -> str:
        """The content hash: the same files give the same hash, folder or zip."""
        return content_hash(self.files)

    def name_of(self, rel: str) -> str:
        """How problems name a file of this pack: a real path for a folder, ``ZIP/member`` for a zip."""
        return str(self.origin / rel)

    def documents(self, folder: str) -> Iterator[tuple[str, Document | Problem]]:
        """Yield (relative path, document or problem) for the YAML/JSON files under ``folder``."""
        prefix = folder.rstrip("/") + "/"
        for rel in sorted(self.files):
            if rel.startswith(prefix) and rel.endswith(CONTENT_SUFFIXES):
                yield rel, self.document(rel)

    def document(self, rel: str) -> Document | Problem:
        """Parse one file of the pack, or return why it cannot be read."""
        return _document(str(self.origin / rel), self.files[rel])

    def code(self) -> list[tuple[str, str]]:
        """Return (name, source) of every plugin file of the pack. A byte order mark (which editors on
        Windows may write) is not part of the source, as Python itself reads a file."""
        return [
            (self.name_of(rel), data.decode("utf-8-sig", errors="replace"))
            for rel, data in sorted(self.files.items())
            if is_code(rel)
        ]


def is_code(rel: str) -> bool:
    """Whether file ``rel`` of a pack is its code: a ``.py`` file right in ``plugins/``."""
    return rel.startswith("plugins/") and rel.endswith(".py") and rel.count("/") == 1


def open_pack(path: Path) -> tuple[Pack | None, list[Problem]]:
    """Open a pack folder or zip and check its manifest."""
    try:
        files = pack_files(path)
        if files is None:
            return None, [Problem(str(path), 1, 1, "no such pack: give a pack folder or a .zip")]
    except ArchiveError as exc:  # located at the member it names, if any
        at = str(path / exc.member) if exc.member else str(path)
        return None, [Problem(at, 1, 1, exc.reason)]
    except OSError as exc:
        return None, [Problem(str(path), 1, 1, f"cannot read pack: {exc}")]
    return _from_files(path, files)


def pack_root(path: Path) -> Path | None:
    """Return the pack folder ``path`` is in (or is): the nearest folder up holding a ``pack.yaml``."""
    here = path.resolve()
    for folder in (here, *here.parents) if here.is_dir() else here.parents:
        if (folder / MANIFEST).is_file():
            return folder
    return None


def stand_in_for_base(pack: Pack) -> Pack:
    """Make a copy of the base game (pack id ``base``, given in its place) stand in for it.

    A copy without code of its own runs the base game's code, as the base game does. The copy is
    built in (always trusted, like the base game) only while its code is exactly the base game's;
    a copy whose code differs is trusted like any other pack, so a folder that only claims the id
    ``base`` never runs code without the user's trust.
    """
    shipped = base_code()
    own = {rel: data for rel, data in pack.files.items() if rel.startswith("plugins/")}
    if not own:
        pack.files.update(shipped)
        pack.__dict__.pop("hash", None)  # its content changed
    pack.builtin = not own or own == shipped
    return pack


def base_pack() -> Pack:
    """The base game: ``content/`` plus its ``plugins/`` (always trusted: it ships with Studio)."""
    pack, problems = _from_files(base_content_dir(), base_files())
    if pack is None:
        raise RuntimeError(f"the base game is broken: {problems[0]}")
    pack.builtin = True
    return pack


def _from_files(origin: Path, files: dict[str, bytes]) -> tuple[Pack | None, list[Problem]]:
    if MANIFEST not in files:
        return None, [missing_manifest(origin, files, origin.suffix.lower() == ".zip" and origin.is_file())]
    model, doc, problems = _manifest(str(origin / MANIFEST), files[MANIFEST])
    if model is None or isinstance(doc, Problem):
        return None, problems
    return Pack(doc, origin, files), []


def named_as_manifest(name: str) -> bool:
    """Whether a file's name says it is meant as a pack's manifest (``pack.yml``, ``Pack.yaml``,
    ``pack.json``, ``manifest.yaml``)."""
    return name.casefold().split(".")[0] in ("pack", "manifest")


def missing_manifest(origin: Path, files: Mapping[str, bytes], archive: bool) -> Problem:
    """The problem of the pack folder or zip (``archive``) at ``origin`` whose ``files`` hold no
    ``pack.yaml`` at the top: with the file at its top that looks meant as its manifest (``pack.yml``,
    ``Pack.yaml``, ``pack.json``), or where its manifest is when it is in a folder (the zip of a folder,
    as an archiver's "Compress" makes it)."""
    from difflib import get_close_matches  # only a missing manifest needs it

    why = "no pack.yaml: a pack starts with a manifest (see docs/packs.md)"
    top = sorted(rel for rel in files if "/" not in rel)
    named = [rel for rel in top if named_as_manifest(rel)] or get_close_matches(MANIFEST, top, 1, 0.8)
    inside = sorted((rel for rel in files if rel.endswith("/" + MANIFEST)), key=lambda r: (r.count("/"), r))
    if named:
        why += f"; {named[0]} is there: did you mean {MANIFEST}?"
    elif inside and archive:
        folder = inside[0].removesuffix("/" + MANIFEST)
        why = (
            f"no pack.yaml at the top of the zip: its manifest is at {inside[0]} inside it; a pack zip holds "
            f"pack.yaml at its top, beside the content folders: build it from the pack folder with "
            f"'studio pack build {folder.rpartition('/')[2]} -o {origin.name}'"
        )
    elif inside:
        why += f" (did you mean the pack folder '{origin / inside[0].removesuffix('/' + MANIFEST)}'?)"
    return Problem(str(origin / (named[0] if named else MANIFEST)), 1, 1, why)  # at a file that is there


@lru_cache(maxsize=256)
def _manifest(name: str, data: bytes) -> tuple[PackModel | None, Document | Problem, list[Problem]]:
    """A manifest, validated once per content (every command reads each installed pack's manifest)."""
    from studio.content.check.validation import validate_document
    from studio.content.models import PackModel  # the models and validation: only to validate

    doc = _document(name, data)
    if isinstance(doc, Problem):
        return None, doc, [doc]
    model, problems = validate_document("pack", doc)
    return (model if isinstance(model, PackModel) else None), doc, problems


def _document(name: str, data: bytes) -> Document | Problem:
    try:
        return Document.parse(name, decode(name, data))
    except DocumentError as exc:
        return exc.problem


@dataclass
class Resolution:
    """The packs to load, in order, and every problem found on the way."""

    order: list[Pack] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def resolve(requested: Sequence[Pack], installed: Sequence[Pack]) -> Resolution:
    """Choose and order the packs: the requested ones and every dependency they need."""
    from studio.content.packs.versions import parse_range

    out = Resolution()
    by_id: dict[str, Pack] = {}
    for pack in requested:
        other = by_id.setdefault(pack.id, pack)
        if other is not pack:
            out.problems.append(
                _at(pack, ("id",), f"pack id '{pack.id}' is given twice: {other.origin} and {pack.origin}")
            )
    for pack in installed:
        by_id.setdefault(pack.id, pack)
    selected: dict[str, Pack] = {}
    queue = list(requested)
    while queue:
        pack = queue.pop(0)
        if pack.id in selected:
            continue
        selected[pack.id] = pack
        unfit = needs_other_studio(pack)
        if unfit:
            out.problems.append(_at(pack, ("studio",), unfit))
        for i, dep in enumerate(pack.manifest.dependencies):
            found = by_id.get(dep.id)
            if found is None:
                if not dep.optional:
                    out.problems.append(
                        _at(
                            pack,
                            ("dependencies", i),
                            f"needs pack '{dep.id}' ({dep.version}), which is neither given with --pack "
                            f"nor installed{did_you_mean(dep.id, by_id)}",
                        )
                    )
                continue
            if not parse_range(dep.version).match(found.version):
                out.problems.append(
                    _at(
                        pack,
                        ("dependencies", i),
                        f"needs '{dep.id}' {dep.version}, but '{dep.id}' is {found.version} ({found.origin})",
                    )
                )
                continue
            queue.append(found)
    for chosen in selected.values():
        for i, conflict in enumerate(chosen.manifest.conflicts):
            loaded = selected.get(conflict.id)
            if loaded is not None and parse_range(conflict.version).match(loaded.version):
                out.problems.append(
                    _at(
                        chosen,
                        ("conflicts", i),
                        f"conflicts with '{loaded.id}' {loaded.version} ({loaded.origin}), "
                        "which is also loaded",
                    )
                )
    out.order, cycle = _order(selected, [p.id for p in requested])
    if cycle:
        first = selected[cycle[0]]
        index = next(i for i, d in enumerate(first.manifest.dependencies) if d.id == cycle[1])
        out.problems.append(_at(first, ("dependencies", index), f"dependency cycle: {' -> '.join(cycle)}"))
    return out


def _order(selected: dict[str, Pack], given: Sequence[str]) -> tuple[list[Pack], list[str]]:
    """Order packs dependencies first, then in the order ``given`` (the command line's); a pack loaded
    only as a dependency comes with the first given pack that needs it, and such packs by (priority,
    id). Return any cycle found."""
    needs = {pid: {d.id for d in p.manifest.dependencies if d.id in selected} for pid, p in selected.items()}
    rank = {pid: len(given) for pid in selected}
    for i, pid in reversed(list(enumerate(given))):
        stack = [pid]
        while stack:  # the pack and everything it needs, however deep, load no later than its place
            one = stack.pop()
            if rank[one] > i:
                rank[one] = i
                stack.extend(needs[one])

    def key(pid: str) -> tuple[int, int, str]:
        return rank[pid], selected[pid].manifest.priority, pid

    waiting = {pid: set(deps) for pid, deps in needs.items()}
    ready = [key(pid) for pid, deps in waiting.items() if not deps]
    heapq.heapify(ready)
    order: list[Pack] = []
    while ready:
        pid = heapq.heappop(ready)[2]
        order.append(selected[pid])
        for other, deps in waiting.items():
            if pid in deps:
                deps.discard(pid)
                if not deps:
                    heapq.heappush(ready, key(other))
    if len(order) == len(selected):
        return order, []
    return order, _find_cycle({pid: deps for pid, deps in needs.items() if pid not in {p.id for p in order}})


def _find_cycle(needs: dict[str, set[str]]) -> list[str]:
    """Return one dependency cycle, as ids from a pack back to itself."""
    start = min(needs)
    path = [start]
    while True:
        nxt = min(d for d in needs[path[-1]] if d in needs)
        if nxt in path:
            return [*path[path.index(nxt) :], nxt]
        path.append(nxt)


def needs_other_studio(pack: Pack) -> str | None:
    """Why ``pack`` does not load in this Studio (its ``studio`` range excludes this version), or None."""
    from studio.content.packs.versions import parse_range, parse_version

    if parse_range(pack.manifest.studio).match(parse_version(__version__)):
        return None
    return f"needs Studio {pack.manifest.studio}, this is Studio {__version__}"


def _at(pack: Pack, parts: tuple[object, ...], message: str) -> Problem:
    line, col = pack.manifest_doc.locate(parts)
    return Problem(pack.manifest_doc.name, line, col, message, json_path(parts))
