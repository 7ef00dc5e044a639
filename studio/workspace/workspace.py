"""The workspace: loaded packs whose entries can be edited, checked, and saved one at a time.

Loading goes through studio.content (packs, merge, validation, cross-checks);
an edit to one entry re-validates that entry, re-runs the cross-checks, and
swaps the entry in the engine catalog, without reading anything again. While an
entry's text is broken its last good version stays in the catalog, so a live
preview keeps working.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from studio.content.documents import Document
from studio.content.entries import Entry
from studio.content.models import ENTRY_KINDS
from studio.content.packs import Pack, base_pack, installed_packs, open_pack, resolve
from studio.content.parsed import parsed_cache
from studio.content.paths import base_plugins_dir
from studio.content.problems import Problem as ContentProblem
from studio.content.registry import Content
from studio.content.registry import _disable as name_untrusted_charms
from studio.content.schemas import schema_for
from studio.content.trust import TrustStore
from studio.engine.behaviour import Behaviour
from studio.engine.catalog import Catalog
from studio.plugins.loader import declared_behaviours, entry_point_behaviours, load_plugins
from studio.simulation.spec import Edits
from studio.workspace.checker import Checker
from studio.workspace.files import OTHER_KINDS, FileState, Stamp, atomic_write, file_kind
from studio.workspace.lifecycle import Lifecycle
from studio.workspace.model import Change, EntryRef, JsonPath, Problem, WorkspaceError
from studio.workspace.pack_adding import PackAdding
from studio.workspace.recovery import Autosave
from studio.workspace.unsaved import unsaved_edits
from studio.workspace.yamledit import edit_text


class Workspace(Lifecycle, Autosave, PackAdding):
    """Packs loaded for editing (see docs/workspace.md)."""

    def __init__(
        self, packs: Sequence[Pack], trusted: Sequence[Pack], problems: Sequence[ContentProblem]
    ) -> None:
        self.packs = list(packs)
        self._load_problems = list(problems)
        self._behaviours: dict[str, Behaviour] = {}
        self._untrusted: dict[str, Pack] = {}
        self._load_code(trusted)
        #: Every pack with code has it running (by trust given at opening or recorded before).
        self.code_trusted = all(id(p) in {id(t) for t in trusted} for p in self.packs if p.code())
        self._files: dict[Path, FileState] = {}
        for pack in self.packs:
            for rel in sorted(pack.files):
                kind = file_kind(rel)
                if kind is not None:
                    text = pack.files[rel].decode("utf-8", errors="replace")
                    self._add_file(pack, rel, kind, text, saved=True, parse=False)
        self._check = Checker(self.packs, self._behaviours, self._untrusted)
        self._check.rebuild(self._files.values())

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        pack_dirs: Sequence[Path],
        *,
        include_base: bool = True,
        trust: bool = False,
        base: Path | None = None,
    ) -> Workspace:
        """Open pack folders (or zips, read-only) with the base game, dependencies resolved.

        ``trust`` lets the given packs' code run for this session; ``base`` edits a copy
        of the base game's content folder instead of the one Studio ships.
        """
        problems: list[ContentProblem] = []
        requested: list[Pack] = []
        if include_base:
            requested.append(_base_pack(base))
        for folder in pack_dirs:
            if requested and Path(folder).resolve() == requested[0].origin.resolve():
                continue
            pack, found = open_pack(Path(folder))
            problems += found
            if pack is not None:
                requested.append(pack)
        installed, _ = installed_packs()
        resolution = resolve(requested, installed)
        problems += resolution.problems
        store = TrustStore()
        given = {id(p) for p in requested}
        trusted = [p for p in resolution.order if store.is_trusted(p) or (trust and id(p) in given)]
        ws = cls(resolution.order, trusted, problems)
        parsed_cache().save()  # the next start reads every file's data back instead of parsing it
        return ws

    def _load_code(self, trusted: Sequence[Pack]) -> None:
        found, problems = entry_point_behaviours()
        self._behaviours.update(found)
        self._load_problems += problems
        allowed = {id(p) for p in trusted}
        for pack in self.packs:
            self._load_pack_code(pack, id(pack) in allowed)

    def _load_pack_code(self, pack: Pack, trusted: bool) -> None:
        """Load a trusted pack's behaviours; of another, only note the ids its code declares."""
        code = pack.code()
        if code and trusted:
            found, problems = load_plugins(code)
            self._behaviours.update(found)
            self._load_problems += problems
        elif code:
            for _, source in code:
                self._untrusted.update(dict.fromkeys(declared_behaviours(source), pack))

    def _add_file(
        self, pack: Pack, rel: str, kind: str, text: str, *, saved: bool, parse: bool = True
    ) -> FileState:
        """Hold a file; ``parse=False`` leaves parsing to the next rebuild, which shares the merge's parse."""
        path = pack.origin / rel
        f = FileState(path, rel, pack, kind, text, None, None, text if saved else None, None)
        if parse:
            f.set_text(text)
        else:
            f.pending = True
        if saved and pack.origin.is_dir() and path.is_file():
            f.stamp = Stamp.of_text(path, text)
        self._files[path] = f
        return f

    # -- reading -------------------------------------------------------------------------

    @property
    def catalog(self) -> Catalog | None:
        """The engine catalog of everything loaded (last good versions of broken entries)."""
        return self._check.catalog

    @property
    def registry(self) -> Mapping[str, Entry]:
        """The entries in force after merging, by ``kind/id``."""
        return self._check.entries

    @property
    def behaviours(self) -> Mapping[str, Behaviour]:
        """The code behaviours that were allowed to load."""
        return self._behaviours

    @property
    def disabled(self) -> dict[str, str]:
        """Charm id -> why it does nothing (its code is in a pack that is not trusted)."""
        return self._untrusted_code().disabled

    def _untrusted_code(self) -> Content:
        """The charms whose code may not run, and the warnings naming them, as loading reports them."""
        content = Content(
            packs=self.packs, entries=list(self._check.entries.values()), behaviours=self._behaviours
        )
        name_untrusted_charms(content, self._untrusted)
        return content

    def kinds(self) -> list[str]:
        """The kinds of files, in the order of a content tree."""
        return [*ENTRY_KINDS, *OTHER_KINDS]

    def entries(self, kind: str) -> list[EntryRef]:
        """Every file of a kind, in pack load order then id."""
        order = {id(p): i for i, p in enumerate(self.packs)}
        files = [f for f in self._files.values() if f.kind == kind]
        return [self._ref(f) for f in sorted(files, key=lambda f: (order.get(id(f.pack), 0), f.rel))]

    def ref(self, path: Path) -> EntryRef:
        """The current reference of the file at ``path``."""
        return self._ref(self._file(path))

    def data(self, ref: EntryRef) -> Any:
        """The entry's data as plain JSON-like values (the last that parsed); a copy."""
        return copy.deepcopy(self._file(ref.path).data)

    def text(self, ref: EntryRef) -> str:
        """The file's current text, unsaved edits included."""
        return self._file(ref.path).text

    def locate(self, ref: EntryRef, json_path: JsonPath) -> tuple[int, int]:
        """The 1-based (line, column) of a field in the file's current text (or of its nearest parent)."""
        f = self._file(ref.path)
        if f.syntax is not None:
            return f.syntax.line, f.syntax.col
        return Document(str(f.path), f.text, f.data).locate(json_path)

    def schema(self, kind: str) -> dict[str, Any]:
        """The JSON Schema of a kind (shared: do not change it)."""
        return schema_for(kind)

    def ids(self, kind: str) -> list[str]:
        """The ids a field with ``x-ref: kind`` may hold."""
        return self._check.ids(kind)

    def is_dirty(self, ref: EntryRef) -> bool:
        """True if the file has edits not saved."""
        return self._file(ref.path).dirty

    def dirty(self) -> list[EntryRef]:
        """Every file with unsaved edits."""
        return [self._ref(f) for f in self._files.values() if f.dirty]

    def unsaved_edits(self) -> Edits:
        """What differs from the packs as read from disk: lay it over them to get the content on screen."""
        return unsaved_edits(self._files.values())

    def problems(self) -> list[Problem]:
        """Every problem and warning, with the entry it belongs to."""
        out = [Problem.of(p, self._ref_at(p.file)) for p in (*self._check.problems(), *self._load_problems)]
        warnings = (*self._check.warnings, *self._untrusted_code().warnings)
        out += [Problem.of(p, self._ref_at(p.file), "warning") for p in warnings]
        return sorted(set(out), key=lambda p: (p.severity, str(p.path), p.line, p.col, p.message))

    # -- editing -------------------------------------------------------------------------

    def replace(self, ref: EntryRef, data: Any) -> Change:
        """Make the entry hold ``data`` (from a form); only the changed lines of its text change."""
        f = self._file(ref.path)
        if f.syntax is not None:
            raise WorkspaceError(
                f"{f.path}:{f.syntax.line}: the text does not parse ({f.syntax.message}); "
                "fix it in the text first"
            )
        return self.replace_text(ref, edit_text(f.text, f.data, data, json_file=f.path.suffix == ".json"))

    def set_field(self, ref: EntryRef, json_path: JsonPath, value: Any) -> Change:
        """Set one field (creating missing mappings on the way); ``value`` None removes a key."""
        data = self.data(ref)
        node = data
        for i, part in enumerate(json_path[:-1]):
            if isinstance(node, dict) and part not in node:
                node[part] = [] if isinstance(json_path[i + 1], int) else {}
            node = node[part]
        last = json_path[-1]
        if value is None and isinstance(node, dict):
            node.pop(last, None)
        else:
            node[last] = value
        return self.replace(ref, data)

    def replace_text(self, ref: EntryRef, text: str) -> Change:
        """Take new text for the file (from a text editor); a syntax error is a problem, the text is kept."""
        f = self._file(ref.path)
        if text == f.text:
            return Change()
        before = self._key(f)
        doc = f.set_text(text)
        f.pack.files[f.rel] = text.encode("utf-8")
        change = Change({self._ref(f)}, {f.path}, problems_changed=True)
        entry = self._check.entries.get(before) if before else None
        in_force = entry is not None and entry.name == str(f.path) and not entry.patched
        if f.kind == "scenario":
            self._check.check_scenarios(f, doc)
        elif in_force and doc is None:
            self._check.syntax_error(f)
        elif in_force and doc is not None and entry is not None and self._check.revalidate(f, doc, entry):
            change.catalog_changed = True
        else:
            self._rebuild()
            change.catalog_changed = True
        return change

    # -- saving and the disk ---------------------------------------------------------------

    def save(self, ref: EntryRef, *, force: bool = False) -> Change:
        """Write the file atomically; refuse text that does not parse and files changed on disk.

        ``force`` overwrites a file another program changed since it was loaded.
        """
        f = self._file(ref.path)
        if not f.writable:
            raise WorkspaceError(f"{f.path}: the pack is a zip; it cannot be saved")
        if f.syntax is not None:
            raise WorkspaceError(
                f"{f.path}:{f.syntax.line}: not saved: the text does not parse ({f.syntax.message})"
            )
        on_disk = f.old_path or f.path
        if not force and f.stamp is not None and f.stamp.changed(on_disk):
            raise WorkspaceError(f"{on_disk}: changed on disk by another program; reload it, or save anyway")
        if not force and f.stamp is None and f.path.exists():
            raise WorkspaceError(f"{f.path}: a file of that name already exists")
        atomic_write(f.path, f.text)
        if f.old_path is not None:
            f.old_path.unlink(missing_ok=True)
            f.old_path = None
        f.saved_text = f.text
        f.stamp = Stamp.of_text(f.path, f.text)
        return Change({self._ref(f)}, {f.path})

    def save_all(self) -> Change:
        """Save every file with unsaved edits (stops at the first that cannot be saved)."""
        change = Change()
        for ref in self.dirty():
            change.add(self.save(ref))
        return change

    def check_disk(self) -> list[EntryRef]:
        """Files another program changed (or removed) on disk since they were loaded or saved."""
        return [
            self._ref(f)
            for f in self._files.values()
            if f.stamp is not None and f.writable and f.stamp.changed(f.old_path or f.path)
        ]

    def disk_text(self, ref: EntryRef) -> str | None:
        """The file's text on disk now (None: it is not there), to show beside the workspace's."""
        try:
            return (self._file(ref.path).old_path or ref.path).read_bytes().decode("utf-8", errors="replace")
        except OSError:
            return None

    def base_text(self, ref: EntryRef) -> str | None:
        """The text on disk the unsaved edits began from (None: a new file), for a three-way merge."""
        return self._file(ref.path).saved_text

    def acknowledge(self, ref: EntryRef, seen: str | None) -> bool:
        """Keep the workspace's text over the disk's ``seen`` text: the next save overwrites it.

        ``seen`` is the disk's text as shown to the user (:meth:`disk_text`; None: removed).
        If the disk holds anything else by now, nothing is acknowledged (False), so that
        change is asked about in turn. A file removed on disk becomes a new file.
        """
        f = self._file(ref.path)
        text = self.disk_text(ref)
        if text != seen:
            return False
        if text is None:
            f.stamp, f.saved_text = None, None
        else:
            f.stamp = Stamp.of_text(f.old_path or f.path, text)
            f.saved_text = text  # unsaved now means: differs from the disk
        return True

    def reload(self, ref: EntryRef) -> Change:
        """Read the file again from disk, dropping unsaved edits (a file gone from disk leaves)."""
        f = self._file(ref.path)
        if f.old_path is not None:
            raise WorkspaceError(
                f"{f.path}: renamed from {f.old_path.name} and not saved; rename it back first"
            )
        if not f.path.exists() and f.stamp is not None:
            del self._files[f.path]
            f.pack.files.pop(f.rel, None)
            self._check.forget(f.path)
            self._rebuild()
            return Change({ref}, {f.path}, problems_changed=True, catalog_changed=True)
        try:
            text = f.path.read_bytes().decode("utf-8")  # as opened: newlines kept as they are
        except (OSError, UnicodeDecodeError) as exc:
            raise WorkspaceError(f"{f.path}: cannot read file: {exc}") from None
        f.saved_text = text
        f.stamp = Stamp.of_text(f.path, text)
        f.old_path = None
        change = self.replace_text(ref, text)
        change.entries.add(self._ref(f))
        change.files.add(f.path)
        return change

    # -- internals -----------------------------------------------------------------------

    def _file(self, path: Path) -> FileState:
        try:
            return self._files[path]
        except KeyError:
            raise WorkspaceError(f"{path}: not a file of the loaded packs") from None

    def _ref(self, f: FileState) -> EntryRef:
        data = f.data if isinstance(f.data, dict) else {}
        if f.kind == "run":
            entry_id = "run"
        elif f.kind in ENTRY_KINDS and isinstance(data.get("id"), str):
            entry_id = data["id"]
        else:
            entry_id = f.path.stem
        name = data.get("name") if isinstance(data.get("name"), str) else entry_id
        return EntryRef(f.kind, entry_id, f.pack.id, f.path, str(name))

    def _ref_at(self, file: str) -> EntryRef | None:
        f = self._files.get(Path(file))
        return self._ref(f) if f is not None else None

    def _key(self, f: FileState) -> str | None:
        """The ``kind/id`` this file defines (from its last good data)."""
        if f.kind not in ENTRY_KINDS:
            return None
        return f"{f.kind}/{self._ref(f).id}"

    def _rebuild(self) -> None:
        self._check.rebuild(self._files.values())


def _base_pack(folder: Path | None) -> Pack:
    """The base game, or a copy of its content folder (with the base game's own code) to edit."""
    if folder is None:
        return base_pack()
    pack, problems = open_pack(folder)
    if pack is None:
        raise WorkspaceError(str(problems[0]))
    plugins = base_plugins_dir()
    if plugins.is_dir():
        pack.files.update({f"plugins/{p.name}": p.read_bytes() for p in sorted(plugins.glob("*.py"))})
    pack.builtin = True
    return pack
