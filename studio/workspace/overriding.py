"""Changing an entry that cannot be saved where it is: in a pack that replaces it, or a base game copy.

The base game installed with Studio is read-only (an upgrade replaces it), and
so is a pack opened from a zip. :meth:`Overriding.override_in_pack` copies the
entry, with its unsaved edits, into a pack folder the user picks (made if
needed) and lists it under that pack's ``replaces:``, so the copy wins over the
original; the original goes back to what is on disk. :func:`copy_base_game`
writes the whole base game (its content and its code) into a folder, to be
opened as the base game instead.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from studio.content.io.atomic import write_atomically
from studio.content.io.documents import Document
from studio.content.io.paths import base_content_dir, base_plugins_dir
from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import MANIFEST, Pack, pack_root, resolve
from studio.engine.names import id_like
from studio.workspace.check_state import CheckState
from studio.workspace.file_table import FileTable
from studio.workspace.lifecycle import SCHEMA_LINE
from studio.workspace.model import Change, EntryRef, WorkspaceError
from studio.workspace.yamledit import edit_text


class Overriding:
    """:meth:`override_in_pack`: a part of :class:`studio.workspace.Workspace`, which opens packs for it
    (``add_pack``)."""

    def __init__(self, table: FileTable, checks: CheckState, add_pack: Callable[[Path], Change]) -> None:
        self._table = table
        self._checks = checks
        self._add_pack = add_pack

    def override_in_pack(self, ref: EntryRef, folder: Path) -> EntryRef:
        """Copy the entry (as edited) into the pack at ``folder``, which then replaces it; return the copy.

        ``folder`` is an open pack, a pack folder to open, or a folder to make a pack in (its
        name becomes the pack id). The original's unsaved edits move to the copy.
        """
        self._checks.checked()
        f = self._table.file(ref.path)
        if not ref.id or f.kind in ("scenario", "patch"):
            raise WorkspaceError(f"{f.path}: only an entry with an id can be replaced by a pack")
        key = f"{f.kind}/{ref.id}"
        pack = self._pack_at(folder, key)
        if pack is f.pack:
            raise WorkspaceError(f"{folder}: the entry is already in this pack; edit it there")
        target = pack.origin / f.rel
        if target in self._table.files or target.exists():
            raise WorkspaceError(f"{target}: the pack has this file already; open it there")
        if key not in pack.manifest.replaces:
            self._add_replaces(pack, key, f.pack.id)
        text = _schema_line_for(pack, f.rel, f.kind, f.text)
        write_atomically(target, text)
        if f.saved_text is not None:
            self._table.set_text(f, f.saved_text)
        copy = self._table.add_new(pack, f.rel, f.kind, text, saved=True)
        self._checks.rebuild()
        return self._table.ref(copy)

    def _pack_at(self, folder: Path, key: str) -> Pack:
        """The open pack at ``folder``; else the pack there, opened; else a new pack made there."""
        root = (pack_root(folder) if folder.is_dir() else None) or folder
        for pack in self._table.packs:
            if pack.origin.resolve() == root.resolve():
                if not pack.origin.is_dir():
                    raise WorkspaceError(f"{folder}: the pack is a zip; pick a pack folder")
                return pack
        if not (root / MANIFEST).is_file():
            _make_pack(root)
        self._add_pack(root)
        for pack in self._table.packs:
            if pack.origin.resolve() == root.resolve():
                return pack
        raise WorkspaceError(f"{folder}: the pack did not open")  # pragma: no cover - add_pack raised

    def _add_replaces(self, pack: Pack, key: str, original: str) -> None:
        """List ``key`` under the manifest's ``replaces:`` and depend on the pack of the ``original`` (so
        the copy loads after it), comments and key order kept, on disk too; the load order follows."""
        path = pack.origin / MANIFEST
        text = pack.files[MANIFEST].decode("utf-8")
        old = pack.manifest_doc.data
        new = {**old, "replaces": [*old.get("replaces", []), key]}
        needs = list(old.get("dependencies", []))
        if all(d.get("id") != original for d in needs if isinstance(d, dict)):
            new["dependencies"] = [*needs, {"id": original, "version": "*"}]
        text = edit_text(text, old, new)
        write_atomically(path, text)
        pack.files[MANIFEST] = text.encode("utf-8")
        pack.manifest_doc = Document.parse(str(path), text)
        for cached in ("manifest", "hash"):
            pack.__dict__.pop(cached, None)
        resolution = resolve(self._table.packs, installed_packs()[0])
        if not resolution.problems:
            self._table.packs[:] = resolution.order


def _schema_line_for(pack: Pack, rel: str, kind: str, text: str) -> str:
    """The entry's text with a ``$schema`` line that works in ``pack``: pointing at the pack's own
    schemas when it has them, else the original's line if it leads to a file from the copy's place too,
    else none (the original's line points where the original's pack keeps its schemas, relative to it;
    ``studio pack schemas DIR`` gives the pack its own)."""
    from studio.content.packs.editor_files import SCHEMAS, schema_line  # the content models: only to override

    first, newline, rest = text.partition("\n")
    if not first.startswith(SCHEMA_LINE) or not newline:
        return text
    if (pack.origin / SCHEMAS).is_dir():
        return schema_line(rel, kind) + rest
    # Collapsed by name: the copy's folder may not exist yet.
    target = Path(os.path.normpath((pack.origin / rel).parent / first[len(SCHEMA_LINE) :].strip()))
    return text if "://" in first or target.is_file() else rest


def _make_pack(root: Path) -> None:
    """A pack folder holding only its manifest (what it replaces is added as entries move in), with
    its own copy of the schemas and VS Code settings, as ``studio pack new`` makes them."""
    if root.exists() and any(root.iterdir()):
        raise WorkspaceError(f"{root}: not empty and not a pack; pick an empty folder or a pack folder")
    pack_id = id_like(root.name) or "my_changes"
    if pack_id[0].isdigit():
        pack_id = f"pack_{pack_id}"
    write_atomically(
        root / MANIFEST,
        f"id: {pack_id}\nname: {root.name}\nversion: 0.1.0\n"
        "description: Changes to entries of other packs.\n",
    )
    from studio.content.packs.editor_files import refresh  # the content models: only to make a pack

    refresh(root)


def copy_base_game(folder: Path) -> Path:
    """Write the base game (content and code) into ``folder``, which must be new or empty; return it.

    The copy keeps the pack id ``base``: opened (``studio edit FOLDER``) or checked
    (``studio validate FOLDER``), it stands in for the base game Studio ships.
    """
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise WorkspaceError(f"{folder}: pick a new or empty folder for the copy of the base game")
    from studio.content.packs.editor_files import refresh, schema_line  # the content models: only to copy

    _copy_files(base_content_dir(), folder, schema_line)
    if base_plugins_dir().is_dir():
        _copy_files(base_plugins_dir(), folder / "plugins", schema_line)
    refresh(folder)  # the copy's own schemas, which its files' schema lines now name
    return folder


def _copy_files(source: Path, target: Path, schema_line: Callable[[str, str], str]) -> None:
    """Copy the files under ``source`` as new files of the user's (an installed base game may be
    read-only: its permissions are not copied), leaving compiled code out; a YAML file's schema line
    becomes the copy's own (``schema_line(rel, kind)``, as a pack's) instead of naming the checkout's."""
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if not path.is_file() or "__pycache__" in rel.parts or path.suffix == ".pyc":
            continue
        out = target / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in (".yaml", ".yml"):
            text = path.read_text(encoding="utf-8")
            line = _BASE_SCHEMA.match(text)
            if line is not None:
                text = schema_line(rel.as_posix(), line[1]) + text[line.end() :]
            out.write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(path, out)


#: A base game file's schema line, which names the checkout's ``schemas/`` above the content folder.
_BASE_SCHEMA = re.compile(r"\A# yaml-language-server: \$schema=(?:\.\./)+schemas/(\w+)\.schema\.json\n")
