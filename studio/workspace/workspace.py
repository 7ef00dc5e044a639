"""The workspace: loaded packs whose entries can be edited, checked, and saved one at a time.

Loading goes through studio.content (packs, merge, validation, cross-checks);
an edit to one entry re-validates that entry, re-runs the cross-checks, and
swaps the entry in the engine catalog, without reading anything again. While an
entry's text is broken its last good version stays in the catalog, so a live
preview keeps working.

An open whose files, trust and code are those of the last sound open of the
same packs shows that open's state from its snapshot (studio.workspace.snapshot)
without importing the content models; the content is checked again, as a full
open checks it, when first needed (:meth:`Workspace.warm` does it ahead of time).
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.content.art import ART_KINDS, art_of, path_problem
from studio.content.atomic import write_atomically
from studio.content.documents import Document, read_document
from studio.content.installed import installed_packs
from studio.content.packs import BASE_ID, MANIFEST, Pack, base_pack, open_pack, stand_in_for_base
from studio.content.parsed import parsed_cache
from studio.content.problems import Problem as ContentProblem
from studio.engine.behaviour import Behaviour
from studio.engine.catalog import Catalog
from studio.plugins.loader import declared_behaviours, entry_point_behaviours, load_plugins
from studio.plugins.pipeline import open_requested, prepare
from studio.plugins.snapshot import attach
from studio.simulation.spec import Edits
from studio.workspace import snapshot
from studio.workspace.art_watch import ArtWatch
from studio.workspace.files import OTHER_KINDS, FileState, Stamp, file_kind
from studio.workspace.lifecycle import Lifecycle
from studio.workspace.model import Change, EntryRef, JsonPath, Problem, WorkspaceError
from studio.workspace.overriding import Overriding
from studio.workspace.pack_adding import PackAdding
from studio.workspace.recovery import Autosave
from studio.workspace.unsaved import unsaved_edits
from studio.workspace.yamledit import edit_text

if TYPE_CHECKING:
    from studio.content.entries import Entry
    from studio.content.registry import Content
    from studio.workspace.checker import Checker


class Workspace(Lifecycle, Autosave, PackAdding, Overriding):
    """Packs loaded for editing (see docs/workspace.md)."""

    def __init__(
        self,
        packs: Sequence[Pack],
        trusted: Sequence[Pack],
        problems: Sequence[ContentProblem],
        kept: snapshot.Snapshot | None = None,
    ) -> None:
        """Hold ``packs`` (in load order) and check them, or show ``kept``, a snapshot of their sound open."""
        self.packs = list(packs)
        self._load_problems = list(problems)
        self._behaviours: dict[str, Behaviour] = {}
        self._untrusted: dict[str, Pack] = {}
        self._load_code(trusted)
        #: Every pack with code has it running (by trust given at opening or recorded before).
        self.code_trusted = all(id(p) in {id(t) for t in trusted} for p in self.packs if p.code())
        self._files: dict[Path, FileState] = {}
        self._art = ArtWatch()
        if kept is None:
            for pack in self.packs:
                for rel in sorted(pack.files):
                    kind = file_kind(rel)
                    if kind is not None:
                        self._add_file(pack, rel, kind, _text(pack, rel), saved=True, parse=False)
        else:
            for pack, record in zip(self.packs, kept.packs, strict=True):
                for rel, (kind, data) in record.files.items():
                    f = self._add_file(pack, rel, kind, _text(pack, rel), saved=True, parse=False)
                    f.data, f.pending = data, False
        self._kinds = tuple(kept.kinds) if kept is not None else _entry_kinds()
        self._lock = threading.Lock()
        self._checker: Checker | None = None
        #: The snapshot's state, shown until the content is checked (None: it is checked at once).
        self._kept = self._usable(kept)
        if self._kept is None:
            self._checked()

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
        of the base game's content folder instead of the one Studio ships. While nothing
        changed since the last open of the same packs that found no problem, the workspace
        opens from its snapshot and checks the content when first needed.
        """
        if base is None and include_base:  # a copy of the base game given as a pack stands in for it
            base = next((Path(d) for d in pack_dirs if _pack_id(Path(d)) == BASE_ID), None)
        request = snapshot.request_for(pack_dirs, include_base, trust, base)
        restored = snapshot.restore(request, trust)
        if restored is not None:
            return cls(restored.packs, restored.trusted, [], restored.snapshot)
        installed, _ = installed_packs()
        copy = _base_pack(base) if base is not None and include_base else None
        asked = open_requested(pack_dirs, installed, no_base=not include_base, base=copy)
        prepared = prepare(asked, installed, trust=trust)  # every pack stays, to be mended here
        ws = cls(prepared.order, prepared.trusted, prepared.problems)
        parsed_cache().save()  # the next start reads every file's data back instead of parsing it
        ws._keep(request, prepared.trusted, installed, copy=base is not None)
        return ws

    def _usable(self, kept: snapshot.Snapshot | None) -> snapshot.Snapshot | None:
        """The snapshot with its code behaviours put back; None (check in full) if the code loaded now
        reported a problem or lacks one of them."""
        if kept is None or self._load_problems:
            return None
        catalog = attach(kept.catalog, kept.attached, self._behaviours)
        return kept._replace(catalog=catalog) if catalog is not None else None

    def _keep(
        self, request: Sequence[str], trusted: Sequence[Pack], installed: Sequence[Pack], copy: bool
    ) -> None:
        """Keep a snapshot of this open for the next open of the same packs, if it found no problem."""
        check = self._checked()
        if self._load_problems or check.problems() or check.catalog is None:
            return
        held: dict[int, dict[str, tuple[str, Any]]] = {id(p): {} for p in self.packs}
        for f in sorted(self._files.values(), key=lambda f: f.rel):
            held[id(f.pack)][f.rel] = (f.kind, f.data)
        packs = []
        for p in self.packs:
            source = snapshot.source_of(p, copy)
            packs.append((snapshot.PackRecord(source, str(p.origin), p.manifest_doc.data, held[id(p)]), p))
        untrusted = self._untrusted_code()
        warnings = [*check.warnings, *untrusted.warnings]
        checked = snapshot.Checked(self._kinds, check.catalog, warnings, untrusted.disabled)
        snapshot.save(request, packs, trusted, installed, checked)

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
    def checked(self) -> bool:
        """True once the content is checked: at the open, unless it came from a snapshot (:meth:`warm`)."""
        return self._checker is not None

    def warm(self) -> None:
        """Check the content now if it came from a snapshot, so the first edit need not wait for it.

        For a worker thread: it imports the content models. Every change waits for it first.
        """
        self._checked()

    @property
    def catalog(self) -> Catalog | None:
        """The engine catalog of everything loaded (last good versions of broken entries)."""
        if self._checker is None and self._kept is not None:
            return self._kept.catalog
        return self._checked().catalog

    @property
    def registry(self) -> Mapping[str, Entry]:
        """The entries in force after merging, by ``kind/id``."""
        return self._checked().entries

    @property
    def behaviours(self) -> Mapping[str, Behaviour]:
        """The code behaviours that were allowed to load."""
        return self._behaviours

    @property
    def disabled(self) -> dict[str, str]:
        """Charm id -> why it does nothing (its code is in a pack that is not trusted)."""
        if self._checker is None and self._kept is not None:
            return dict(self._kept.disabled)
        return self._untrusted_code().disabled

    def _untrusted_code(self) -> Content:
        """The charms whose code may not run, and the warnings naming them, as loading reports them."""
        from studio.content.registry import Content
        from studio.content.registry import _disable as name_untrusted_charms

        content = Content(
            packs=self.packs, entries=list(self._checked().entries.values()), behaviours=self._behaviours
        )
        name_untrusted_charms(content, self._untrusted)
        return content

    def kinds(self) -> list[str]:
        """The kinds of files, in the order of a content tree."""
        return [*self._kinds, *OTHER_KINDS]

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
        from studio.content.schemas import schema_for  # it imports the content models

        return schema_for(kind)

    def ids(self, kind: str) -> list[str]:
        """The ids a field with ``x-ref: kind`` may hold."""
        return self._checked().ids(kind)

    def read_only(self, ref: EntryRef) -> str | None:
        """Why the file cannot be saved where it is, and what to do instead (None: it can be saved)."""
        return self._file(ref.path).read_only

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
        errors: list[ContentProblem] = []
        if self._checker is None and self._kept is not None:  # a sound open's: warnings only
            warnings = list(self._kept.warnings)
        else:
            check = self._checked()
            errors = check.problems()
            warnings = [*check.warnings, *self._untrusted_code().warnings]
        out = [Problem.of(p, self._ref_at(p.file)) for p in (*errors, *self._load_problems)]
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
        check = self._checked()
        before = self._key(f)
        doc = f.set_text(text)
        f.pack.files[f.rel] = text.encode("utf-8")
        change = Change({self._ref(f)}, {f.path}, problems_changed=True)
        entry = check.entries.get(before) if before else None
        in_force = entry is not None and entry.name == str(f.path) and not entry.patched
        if f.kind == "scenario":
            check.check_scenarios(f, doc)
        elif in_force and doc is None:
            check.syntax_error(f)
        elif in_force and doc is not None and entry is not None and check.revalidate(f, doc, entry):
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
        if f.read_only is not None:
            raise WorkspaceError(f"{f.path}: not saved: {f.read_only}")
        if f.syntax is not None:
            raise WorkspaceError(
                f"{f.path}:{f.syntax.line}: not saved: the text does not parse ({f.syntax.message})"
            )
        on_disk = f.old_path or f.path
        if not force and f.stamp is not None and f.stamp.changed(on_disk):
            raise WorkspaceError(f"{on_disk}: changed on disk by another program; reload it, or save anyway")
        if not force and f.stamp is None and f.path.exists():
            raise WorkspaceError(f"{f.path}: a file of that name already exists")
        write_atomically(f.path, f.text)
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

    def check_art(self) -> Change:
        """Take in the images other programs drew, redrew or removed since they were read: the entries
        naming them change picture and art problems (nothing changed: an empty change)."""
        named: dict[tuple[int, str], tuple[Pack, str, list[FileState]]] = {}
        for f in self._files.values():
            art = art_of(f.data) if f.kind in ART_KINDS else None
            if art is not None and not path_problem(art) and f.writable:
                named.setdefault((id(f.pack), art), (f.pack, art, []))[2].append(f)
        changed = self._art.take_in((pack, art) for pack, art, _ in named.values())
        if not changed:
            return Change()
        self._rebuild()  # the entries' art problems read the packs' files
        files = [f for pack, art in changed for f in named[(id(pack), art)][2]]
        return Change({self._ref(f) for f in files}, {f.path for f in files}, problems_changed=True)

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
        check = self._checked()
        f = self._file(ref.path)
        if f.old_path is not None:
            raise WorkspaceError(
                f"{f.path}: renamed from {f.old_path.name} and not saved; rename it back first"
            )
        if not f.path.exists() and f.stamp is not None:
            del self._files[f.path]
            f.pack.files.pop(f.rel, None)
            check.forget(f.path)
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
        elif f.kind not in OTHER_KINDS and isinstance(data.get("id"), str):
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
        if f.kind in OTHER_KINDS:
            return None
        return f"{f.kind}/{self._ref(f).id}"

    def _checked(self) -> Checker:
        """The checked state; made now if the workspace still shows a snapshot's (importing the models).

        Every change asks for it before it touches a file, so a check running in a worker
        thread (:meth:`warm`) never sees the files change under it.
        """
        checker = self._checker
        if checker is None:
            with self._lock:
                checker = self._checker or self._recheck()
        return checker

    def _recheck(self) -> Checker:
        """Check every file again from scratch (the packs or their code changed)."""
        from studio.workspace.checker import Checker  # it imports the content models

        checker = Checker(self.packs, self._behaviours, self._untrusted)
        checker.rebuild(self._files.values())
        self._checker = checker
        return checker

    def _rebuild(self) -> None:
        self._checked().rebuild(self._files.values())


def _base_pack(folder: Path | None) -> Pack:
    """The base game, or a copy of its content folder (with the base game's own code) to edit."""
    if folder is None:
        return base_pack()
    pack, problems = open_pack(folder)
    if pack is None:
        raise WorkspaceError(str(problems[0]))
    return stand_in_for_base(pack)


def _pack_id(folder: Path) -> str | None:
    """The id a pack folder's manifest gives (None: not a readable pack folder)."""
    try:
        data = read_document(folder / MANIFEST).data
    except (OSError, ValueError):
        return None
    return str(data.get("id")) if isinstance(data, dict) else None


def _text(pack: Pack, rel: str) -> str:
    return pack.files[rel].decode("utf-8", errors="replace")


def _entry_kinds() -> tuple[str, ...]:
    from studio.content.models import ENTRY_KINDS  # the open checks the content: the models are in

    return ENTRY_KINDS
