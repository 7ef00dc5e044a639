"""Snapshots of sound content: the catalog of a load that found no problem, kept for the next command.

Loading the base game means reading, validating and cross-checking every file
(and importing the content models to do it), which costs more than scoring a
hand many times over. After a load without problems, :func:`save` keeps the
engine catalog with its code behaviours taken out, the plugin sources that
provided them, the warnings, and a fingerprint of everything the load read:
the files of every pack loaded and of every installed pack (by content hash)
and the trust record. Its header names the fingerprint of Studio's code and
Python environment (:func:`~studio.content.fingerprint.code_fingerprint`).

:func:`restore` returns that catalog only while the fingerprint is unchanged.
It then runs the same plugin sources again (they are the code the user
trusted for exactly these files) and puts their behaviours back. Anything
unexpected (a changed file, a damaged snapshot, a plugin that now fails)
returns None, and the caller loads in full. A snapshot is a file of the
user's own cache folder and is as trusted as it; one
written by other code is never unpickled.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from studio.content.fingerprint import code_fingerprint
from studio.content.io.caches import write_quietly
from studio.content.io.paths import cache_dir, has_leftovers, installed_packs_dir, is_base_content, trust_file
from studio.content.packs.files import base_files, pack_files
from studio.content.packs.folders import ArchiveError, content_hash, folder_files
from studio.engine.behaviour import Behaviour
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef
from studio.plugins.loader import entry_point_behaviours, load_plugin

if TYPE_CHECKING:
    from studio.content.packs.pack import Pack
    from studio.content.registry import Content

#: Bumped when what a snapshot holds changes shape.
_FORMAT = b"studio-snapshot-1\n"
#: Snapshots kept (one per distinct set of packs asked for); the oldest go first.
KEEP = 8
#: Marks a charm whose behaviour came from an installed package's entry point.
_ENTRY_POINTS = "installed package"

#: Where a load's input lives: ("base", ""), ("pack", folder or zip), ("installed", ""), ("trust", "").
Source = tuple[str, str]


class Snapshot(NamedTuple):
    """A sound load, ready to be used again while ``fingerprint`` holds.

    A named tuple, not a dataclass: a dataclass's generated methods are built at every start.
    """

    sources: tuple[Source, ...]
    fingerprint: str
    catalog: Catalog
    #: Charm id -> behaviour id, for the charms whose behaviour was attached.
    attached: dict[str, str]
    #: (file name, source) of the pack plugins that ran, in order.
    plugins: tuple[tuple[str, str], ...]
    entry_points: bool
    warnings: tuple[str, ...]


def request_for(packs: Sequence[str], no_base: bool) -> tuple[str, ...]:
    """What a command asks to load (its ``--pack`` specs, ``--no-base``), with pack paths made absolute.

    The name of its snapshot: the CLI and the simulation workers ask the same way.
    """
    parts = ["no-base" if no_base else "base"]
    for spec in packs:
        path = Path(spec)
        if is_base_content(path):
            parts.append("base")
        elif path.exists():
            parts.append(f"path:{path.resolve()}")
        else:
            parts.append(f"id:{spec}")
    return tuple(parts)


def snapshot_path(request: Sequence[str]) -> Path:
    """The file that holds the snapshot of a request (what the command line asked to load)."""
    digest = hashlib.sha256("\0".join(request).encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return cache_dir() / "snapshots" / f"{digest}.pickle"


def save(request: Sequence[str], content: Content) -> None:
    """Keep a snapshot of sound ``content`` for ``request``; a failure to write is not an error.

    The packs are fingerprinted by the files the load read, not read again: a
    file saved while the command ran differs from them, so the next command
    loads in full.
    """
    catalog = content.catalog
    if catalog is None or content.problems:
        return
    loaded = {_source_of(p): p.hash for p in content.packs}
    sources: list[Source] = [*loaded, ("installed", ""), ("trust", "")]
    parts = _parts(sources, loaded)
    if parts is None:
        return
    plain, attached = detach(catalog)
    snapshot = Snapshot(
        sources=tuple(sources),
        fingerprint=_digest(parts),
        catalog=plain,
        attached=attached,
        plugins=tuple(content.sources),
        entry_points=any(pack == _ENTRY_POINTS for pack, _ in content.origins.values()),
        warnings=tuple(str(w) for w in content.warnings),
    )
    header = _FORMAT + code_fingerprint().encode("ascii") + b"\n"
    write_kept(snapshot_path(request), header + pickle.dumps(snapshot, protocol=pickle.HIGHEST_PROTOCOL))


def _source_of(pack: Pack) -> Source:
    """Where a loaded pack's files are read again: the shipped base game's folder, or the pack's own (a
    copy of the base game elsewhere is a pack like any other: its files are what an edit changes)."""
    if pack.builtin and is_base_content(pack.origin):
        return ("base", "")
    return ("pack", str(pack.origin.resolve()))


def restore(request: Sequence[str]) -> Snapshot | None:
    """The snapshot of ``request`` with its behaviours attached, if nothing it was made from changed."""
    snapshot = read_kept(snapshot_path(request), _FORMAT + code_fingerprint().encode("ascii") + b"\n")
    if not isinstance(snapshot, Snapshot):
        return None
    parts = _parts(snapshot.sources)
    if parts is None or _digest(parts) != snapshot.fingerprint:
        return None
    behaviours = _behaviours(snapshot)
    catalog = attach(snapshot.catalog, snapshot.attached, behaviours) if behaviours is not None else None
    return snapshot._replace(catalog=catalog) if catalog is not None else None


def detach(catalog: Catalog) -> tuple[Catalog, dict[str, str]]:
    """The catalog without its charms' behaviours (code cannot be written to a file), and which charm had
    which behaviour (charm id -> behaviour id)."""
    attached = {
        charm_id: defn.behaviour_id
        for charm_id, defn in catalog.charms.items()
        if defn.behaviour is not None and defn.behaviour_id
    }
    charms: dict[str, CharmDef] = {
        charm_id: dataclasses.replace(defn, behaviour=None) if defn.behaviour is not None else defn
        for charm_id, defn in catalog.charms.items()
    }
    return dataclasses.replace(catalog, charms=charms, memo={}), attached


def attach(
    catalog: Catalog, attached: Mapping[str, str], behaviours: Mapping[str, Behaviour]
) -> Catalog | None:
    """A detached catalog with its behaviours put back; None if one of them is not loaded now."""
    if not set(attached.values()) <= set(behaviours):
        return None
    charms = dict(catalog.charms)
    for charm_id, behaviour_id in attached.items():
        charms[charm_id] = dataclasses.replace(charms[charm_id], behaviour=behaviours[behaviour_id])
    return dataclasses.replace(catalog, charms=charms)


def _behaviours(snapshot: Snapshot) -> dict[str, Behaviour] | None:
    """Run the snapshot's code again, as the full load did; None if any of it fails now."""
    extensions = sys.modules.get("studio.content.extensions")  # loaded only if a plugin extended it
    if extensions is not None:
        extensions.reset()
    found: dict[str, Behaviour] = {}
    if snapshot.entry_points:
        found, problems = entry_point_behaviours()
        if problems:
            return None
    for name, source in snapshot.plugins:
        ran, problems = load_plugin(name, source, found)
        if not ran or problems:
            return None
    return found


def _parts(sources: Sequence[Source], known: Mapping[Source, str] | None = None) -> dict[Source, str] | None:
    """Hash each source as it is on disk now (or as ``known`` already says); None if unsure."""
    parts: dict[Source, str] = dict(known or {})
    for kind, where in sources:
        if (kind, where) in parts:
            continue
        try:
            if kind == "base":
                parts[(kind, where)] = content_hash(base_files())
            elif kind == "pack":
                files = pack_files(Path(where))
                parts[(kind, where)] = content_hash(files) if files is not None else "missing"
            elif kind == "installed":
                found = _installed()
                if found is None:
                    return None
                parts[(kind, where)] = found
            else:
                trust = trust_file()
                parts[(kind, where)] = _sha256(trust.read_bytes()) if trust.exists() else ""
        except (ArchiveError, OSError) as exc:
            parts[(kind, where)] = f"unreadable: {exc}"
    return parts


def _installed() -> str | None:
    """Hash the installed packs (folder names and files); None if an install was interrupted there."""
    root = installed_packs_dir()
    if not root.is_dir():
        return ""
    if has_leftovers(root):
        return None  # the full load recovers the folder first
    names = sorted(os.listdir(root))
    digest = hashlib.sha256()
    for name in names:
        folder = root / name
        if name.startswith(".") or not folder.is_dir():
            continue
        try:
            digest.update(f"{name}\0{content_hash(folder_files(folder))}\0".encode())
        except (ArchiveError, OSError) as exc:
            digest.update(f"{name}\0unreadable: {exc}\0".encode())
    return digest.hexdigest()


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _digest(parts: dict[Source, str]) -> str:
    digest = hashlib.sha256()
    for (kind, where), value in sorted(parts.items()):
        digest.update(f"{kind}\0{where}\0{value}\0".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def read_kept(path: Path, header: bytes) -> object | None:
    """What a snapshot written with ``header`` holds; None if there is none, it is damaged, or other
    code (another header) wrote it: that one is never unpickled."""
    try:
        raw = path.read_bytes()
        if not raw.startswith(header):
            return None
        found: object = pickle.loads(raw[len(header) :])
    except Exception:  # no snapshot, or a damaged one: the caller loads in full
        return None
    return found


def write_kept(path: Path, data: bytes) -> None:
    """Write a snapshot atomically and keep only the newest `KEEP` of its folder."""
    if not write_quietly(path, data):
        return
    try:
        kept = sorted(path.parent.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in kept[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:  # another command pruned them first
        pass
