"""Snapshots of a sound workspace: the state of the last open that found no problem, kept for the next.

Opening a workspace reads every file, then validates and cross-checks them
all and builds the catalog, which needs the content models (a quarter of a
second to import). After an open with no problem, :func:`save` keeps the
packs in load order (where each came from, its manifest's data, whether its
code runs), the kind and parsed data of every file the workspace edits, the
catalog with its code behaviours taken out, and the warnings. Its fingerprint
covers everything that state came from: each pack's files and every installed
pack (by content hash), which packs are trusted, what was asked for, and, in
the header, Studio's code and Python environment.

:func:`restore` reads the same files again and gives them back with that
state only while the fingerprint holds. Anything else (a changed, new or
deleted file, trust given or taken back, an install under way, a damaged
snapshot) gives None, and the workspace opens in full. A workspace opened
from a snapshot checks its content again when it is first needed (see
:meth:`studio.workspace.Workspace.warm`), so edits behave exactly as after a
full open. A snapshot is a file of the user's own cache folder and is as
trusted as it; one written by other code is never unpickled.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple

from studio.content.check.problems import Problem
from studio.content.fingerprint import code_fingerprint
from studio.content.io.documents import Document
from studio.content.io.paths import base_content_dir, cache_dir, has_leftovers, installed_packs_dir
from studio.content.packs.files import base_files, pack_files
from studio.content.packs.folders import ArchiveError, content_hash
from studio.content.packs.pack import MANIFEST, Pack, stand_in_for_base
from studio.engine.catalog import Catalog
from studio.plugins.pipeline import trusted_packs
from studio.plugins.snapshot import detach, read_kept, write_kept

#: Bumped when what a snapshot holds changes shape.
_FORMAT = b"studio-workspace-1\n"

#: How a pack was read: the base game Studio ships ("base"), a copy of it opened in its place
#: ("copy"), a pack folder or zip asked for ("pack"), an installed pack ("installed").
Source = Literal["base", "copy", "pack", "installed"]


class PackRecord(NamedTuple):
    """One pack of a sound open, in load order."""

    source: Source
    origin: str
    #: The manifest's data (it validated).
    manifest: Any
    #: Relative path -> (kind, parsed data) of each file the workspace edits, in path order.
    files: dict[str, tuple[str, Any]]


class Snapshot(NamedTuple):
    """The state of a sound open, ready to be shown again while ``fingerprint`` holds.

    A named tuple, not a dataclass: a dataclass's generated methods are built at every start.
    """

    fingerprint: str
    packs: tuple[PackRecord, ...]
    #: The entry kinds of the code that checked the content, in the order of a content tree.
    kinds: tuple[str, ...]
    catalog: Catalog
    #: Charm id -> behaviour id, for the charms whose behaviour was attached.
    attached: dict[str, str]
    #: The warnings the open found (a sound open has no error).
    warnings: tuple[Problem, ...]
    #: Charm id -> why it does nothing (its code is in a pack that is not trusted).
    disabled: dict[str, str]


class Checked(NamedTuple):
    """What the checks of a sound open found, besides the files' data."""

    kinds: Sequence[str]
    catalog: Catalog
    warnings: Sequence[Problem]
    disabled: Mapping[str, str]


class Restored(NamedTuple):
    """A snapshot that holds, with the packs read from disk now (their manifests not validated again)."""

    snapshot: Snapshot
    packs: list[Pack]
    trusted: list[Pack]


def request_for(pack_dirs: Sequence[Path], include_base: bool, trust: bool, base: Path | None) -> list[str]:
    """What an open asks for: the snapshot's name. Paths count as written and as resolved."""
    parts = ["base" if include_base else "no-base", "trust" if trust else "", _where(base) if base else ""]
    return [*parts, *(_where(Path(folder)) for folder in pack_dirs)]


def snapshot_path(request: Sequence[str]) -> Path:
    """The file that holds the snapshot of a request."""
    digest = hashlib.sha256("\0".join(request).encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return cache_dir() / "workspaces" / f"{digest}.pickle"


def source_of(pack: Pack, copy: bool) -> Source:
    """How ``pack`` was read (``copy``: the base game was opened from a copy of its content folder)."""
    if pack.builtin:
        return "copy" if copy else "base"
    return "installed" if pack.installed else "pack"


def save(
    request: Sequence[str],
    packs: Sequence[tuple[PackRecord, Pack]],
    trusted: Sequence[Pack],
    installed: Sequence[Pack],
    checked: Checked,
) -> None:
    """Keep the snapshot of a sound open of ``request``; a failure to write is not an error.

    The packs are fingerprinted by the files the open read, not read again: a file
    saved meanwhile differs from them, so the next open is in full. ``installed``
    are the installed packs the open chose from: those of the data folder count here
    (as :func:`_installed` reads them back); pip-installed ones change the site
    folders, which the code fingerprint covers.
    """
    plain, attached = detach(checked.catalog)
    folders = [(str(p.origin), p.hash) for p in installed if not p.distribution]
    snapshot = Snapshot(
        _digest(request, _sources(packs, trusted), folders),
        tuple(record for record, _ in packs),
        tuple(checked.kinds),
        plain,
        attached,
        tuple(checked.warnings),
        dict(checked.disabled),
    )
    write_kept(snapshot_path(request), _header() + pickle.dumps(snapshot, protocol=pickle.HIGHEST_PROTOCOL))


def restore(request: Sequence[str], trust: bool) -> Restored | None:
    """The snapshot of ``request`` and its packs read now, if nothing it came from changed.

    ``trust``: the packs asked for may run their code this session, as the open was asked.
    """
    snapshot = read_kept(snapshot_path(request), _header())
    if not isinstance(snapshot, Snapshot):
        return None
    installed = _installed()
    read = [_pack(record) for record in snapshot.packs]
    packs = [p for p in read if p is not None]
    if installed is None or len(packs) != len(read):
        return None
    pairs = list(zip(snapshot.packs, packs, strict=True))
    trusted = trusted_packs(packs, [p for r, p in pairs if r.source == "pack"], trust=trust)
    if _digest(request, _sources(pairs, trusted), installed) != snapshot.fingerprint:
        return None
    return Restored(snapshot, packs, trusted)


def _pack(record: PackRecord) -> Pack | None:
    """A pack of the snapshot as it is on disk now (its manifest is the snapshot's while the hash holds);
    None if it cannot be read as it was."""
    origin = Path(record.origin)
    try:
        if record.source == "base":
            if origin != base_content_dir():
                return None
            files: dict[str, bytes] | None = base_files()
        else:
            files = pack_files(origin)
        if files is None or MANIFEST not in files:
            return None
        text = files[MANIFEST].decode("utf-8")
    except (ArchiveError, OSError, UnicodeDecodeError):
        return None
    manifest = Document(str(origin / MANIFEST), text, record.manifest)
    pack = Pack(
        manifest, origin, files, builtin=record.source == "base", installed=record.source == "installed"
    )
    return stand_in_for_base(pack) if record.source == "copy" else pack


def _installed() -> list[tuple[str, str]] | None:
    """Each installed pack folder with the hash of its files, as an open lists them; None if an install
    was interrupted there (the full open recovers the folder first) or one cannot be read."""
    root = installed_packs_dir()
    if not root.is_dir():
        return []
    if has_leftovers(root):
        return None
    found = []
    try:
        for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
            files = pack_files(folder)
            if files is None:
                return None
            found.append((str(folder), content_hash(files)))
    except (ArchiveError, OSError):
        return None
    return found


def _where(path: Path) -> str:
    """A path as written and as resolved: the same folder written two ways gives two snapshots."""
    return f"{path}\0{path.resolve()}"


def _header() -> bytes:
    return _FORMAT + code_fingerprint().encode("ascii") + b"\n"


def _sources(packs: Sequence[tuple[PackRecord, Pack]], trusted: Sequence[Pack]) -> list[str]:
    """Each pack of an open, in load order: how and where it was read, its content hash, whether trusted."""
    allowed = {id(p) for p in trusted}
    return [f"{r.source}\0{r.origin}\0{p.hash}\0{id(p) in allowed}" for r, p in packs]


def _digest(request: Sequence[str], packs: Sequence[str], installed: Sequence[tuple[str, str]]) -> str:
    """The fingerprint of an open: what was asked, its packs, and every installed pack."""
    digest = hashlib.sha256()
    for part in (*request, *packs, *(f"{origin}\0{hash_}" for origin, hash_ in installed)):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0\0")
    return digest.hexdigest()
