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

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.content.art import ART_KINDS, art_of, path_problem
from studio.content.check.problems import Problem as ContentProblem
from studio.content.code import failed_plugins
from studio.content.io.atomic import write_atomically
from studio.content.io.documents import Document, read_document
from studio.content.io.parsed import parsed_cache
from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import BASE_ID, MANIFEST, Pack, base_pack, open_pack, stand_in_for_base
from studio.engine.behaviour import Behaviour
from studio.engine.catalog import Catalog
from studio.engine.names import did_you_mean, json_kind
from studio.plugins.pipeline import open_requested, prepare
from studio.plugins.snapshot import attach
from studio.simulation.spec import Edits
from studio.workspace import snapshot
from studio.workspace.art_watch import ArtWatch
from studio.workspace.check_state import CheckState
from studio.workspace.data_edits import (
    parent_of,
    put,
    unshared,
    yaml_value,
)
from studio.workspace.file_table import FileTable
from studio.workspace.files import OTHER_KINDS, FileState, Stamp, file_kind
from studio.workspace.history import History
from studio.workspace.lifecycle import Lifecycle
from studio.workspace.model import (
    Change,
    EntryRef,
    JsonPath,
    NotAllSaved,
    Problem,
    Usage,
    WorkspaceError,
    show_path,
)
from studio.workspace.overriding import Overriding
from studio.workspace.pack_adding import add_pack
from studio.workspace.pack_code import PackCode
from studio.workspace.recovery import (
    Autosave,
    Recovery,
    UndoStep,
    read_records,
    set_aside_damaged,
    set_aside_older,
)
from studio.workspace.unsaved import unsaved_edits
from studio.workspace.yamledit import edit_text

if TYPE_CHECKING:
    from studio.content.entries import Entry
    from studio.content.registry import Content


class Workspace:
    """Packs loaded for editing (see docs/workspace.md).

    Built from parts, each holding one concern: the files (:class:`FileTable`), the packs' code
    (:class:`PackCode`), the checked state (:class:`CheckState`), the entry operations
    (:class:`Lifecycle`), autosave and recovery (:class:`Autosave`), overriding (:class:`Overriding`)
    and the undo history of edits made through it (:attr:`history`). The workspace edits, saves and
    reads files itself and hands every other operation to its part.
    """

    def __init__(
        self,
        packs: Sequence[Pack],
        trusted: Sequence[Pack],
        problems: Sequence[ContentProblem],
        kept: snapshot.Snapshot | None = None,
    ) -> None:
        """Hold ``packs`` (in load order) and check them, or show ``kept``, a snapshot of their sound open."""
        self._table = table = FileTable(list(packs))
        self._code = PackCode(problems=list(problems))
        self._code.load_all(table.packs, trusted)
        self._art = ArtWatch()
        if kept is None:
            for pack in table.packs:
                for rel in sorted(pack.files):
                    kind = file_kind(rel)
                    if kind is not None:
                        table.add(pack, rel, kind, _text(pack, rel), saved=True, parse=False)
        else:
            for pack, record in zip(table.packs, kept.packs, strict=True):
                for rel, (kind, data) in record.files.items():
                    f = table.add(pack, rel, kind, _text(pack, rel), saved=True, parse=False)
                    f.data, f.pending = data, False
        self._kinds = tuple(kept.kinds) if kept is not None else _entry_kinds()
        self._checks = checks = CheckState(table, self._code, self._usable(kept))
        self._lifecycle = Lifecycle(table, checks)
        self._autosave = Autosave(table, checks, self.replace_text)
        self._overriding = Overriding(table, checks, self.add_pack)
        #: The undo history of edits made through it (the editor's Undo and Redo).
        self.history = History(self)

    @property
    def packs(self) -> list[Pack]:
        """The open packs, in load order."""
        return self._table.packs

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
        if kept is None or self._code.problems or self._code.failed:
            return None
        catalog = attach(kept.catalog, kept.attached, self._code.behaviours)
        return kept._replace(catalog=catalog) if catalog is not None else None

    def _keep(
        self, request: Sequence[str], trusted: Sequence[Pack], installed: Sequence[Pack], copy: bool
    ) -> None:
        """Keep a snapshot of this open for the next open of the same packs, if it found no problem."""
        check = self._checks.checked()
        if self._code.problems or self._code.failed or check.problems() or check.catalog is None:
            return
        held: dict[int, dict[str, tuple[str, Any]]] = {id(p): {} for p in self.packs}
        for f in sorted(self._table.files.values(), key=lambda f: f.rel):
            held[id(f.pack)][f.rel] = (f.kind, f.data)
        packs = []
        for p in self.packs:
            source = snapshot.source_of(p, copy)
            packs.append((snapshot.PackRecord(source, str(p.origin), p.manifest_doc.data, held[id(p)]), p))
        untrusted = self._untrusted_code()
        warnings = [*check.warnings, *untrusted.warnings]
        checked = snapshot.Checked(self._kinds, check.catalog, warnings, untrusted.disabled)
        snapshot.save(request, packs, trusted, installed, checked)

    # -- reading -------------------------------------------------------------------------

    @property
    def checked(self) -> bool:
        """True once the content is checked: at the open, unless it came from a snapshot (:meth:`warm`)."""
        return self._checks.is_checked

    def warm(self) -> None:
        """Check the content now if it came from a snapshot, so the first edit need not wait for it.

        For a worker thread: it imports the content models. Every change waits for it first.
        """
        self._checks.checked()

    @property
    def catalog(self) -> Catalog | None:
        """The engine catalog of everything loaded (last good versions of broken entries)."""
        shown = self._checks.shown
        if shown is not None:
            return shown.catalog
        return self._checks.checked().catalog

    @property
    def registry(self) -> Mapping[str, Entry]:
        """The entries in force after merging, by ``kind/id``."""
        return self._checks.checked().entries

    @property
    def behaviours(self) -> Mapping[str, Behaviour]:
        """The code behaviours that were allowed to load."""
        return self._code.behaviours

    @property
    def disabled(self) -> dict[str, str]:
        """Charm id -> why it does nothing (its code is in a pack that is not trusted)."""
        shown = self._checks.shown
        if shown is not None:
            return dict(shown.disabled)
        return self._untrusted_code().disabled

    def _untrusted_code(self) -> Content:
        """The charms whose code may not run, and the warnings naming them, as loading reports them."""
        # Imported here: an editor started from a snapshot has not loaded the content models, which
        # the registry imports.
        from studio.content.registry import Content, name_untrusted_charms

        # Only a charm whose behaviour untrusted code declares is named: without such code, none is looked for
        # (the problems of every edit ask for this).
        entries = list(self._checks.checked().entries.values()) if self._code.untrusted else []
        content = Content(packs=self.packs, entries=entries, behaviours=self._code.behaviours)
        name_untrusted_charms(content, self._code.untrusted, self._code.untrusted_packs, _trust_in_the_editor)
        return content

    @property
    def code_trusted(self) -> bool:
        """Every open pack with code has it running (by trust given at opening, recorded before, or
        given in the Pack menu)."""
        return not self._code.untrusted_packs

    def code_runs(self, pack: Pack) -> bool:
        """Whether an open pack's code is allowed to run: trusted by record, or for this session."""
        return not any(p is pack for p in self._code.untrusted_packs)

    def kinds(self) -> list[str]:
        """The kinds of files, in the order of a content tree."""
        return [*self._kinds, *OTHER_KINDS]

    def entries(self, kind: str) -> list[EntryRef]:
        """Every file of a kind, in pack load order then id (an unknown kind is refused, not empty)."""
        _known_kind(kind, self.kinds())
        order = {id(p): i for i, p in enumerate(self.packs)}
        files = [f for f in self._table.files.values() if f.kind == kind]
        return [self._table.ref(f) for f in sorted(files, key=lambda f: (order.get(id(f.pack), 0), f.rel))]

    def ref(self, path: Path) -> EntryRef:
        """The current reference of the file at ``path``."""
        return self._table.ref(self._table.file(path))

    def data(self, ref: EntryRef) -> Any:
        """The entry's data as plain JSON-like values (the last that parsed); a copy.

        Every node of the copy is its own, even where YAML aliases share one (``*eff``), so a
        change made through one path of it never shows at another.
        """
        return unshared(self._table.file(ref.path).data)

    def text(self, ref: EntryRef) -> str:
        """The file's current text, unsaved edits included."""
        return self._table.file(ref.path).text

    def locate(self, ref: EntryRef, json_path: JsonPath) -> tuple[int, int]:
        """The 1-based (line, column) of a field in the file's current text (or of its nearest parent)."""
        f = self._table.file(ref.path)
        if f.syntax is not None:
            return f.syntax.line, f.syntax.col
        return Document(str(f.path), f.text, f.data).locate(json_path)

    def schema(self, kind: str) -> dict[str, Any]:
        """The JSON Schema of a kind (shared: do not change it)."""
        from studio.content.models import KINDS  # the schemas import the content models anyway
        from studio.content.schemas import schema_for

        _known_kind(kind, KINDS)
        return schema_for(kind)

    def ids(self, kind: str) -> list[str]:
        """The ids a field with ``x-ref: kind`` may hold (an unknown kind is refused, not empty)."""
        _known_kind(kind, [*self._kinds, *REF_ONLY_KINDS])
        return self._checks.checked().ids(kind)

    def read_only(self, ref: EntryRef) -> str | None:
        """Why the file cannot be saved where it is, and what to do instead (None: it can be saved)."""
        return self._table.file(ref.path).read_only

    def is_dirty(self, ref: EntryRef) -> bool:
        """True if the file has edits not saved."""
        return self._table.file(ref.path).dirty

    def dirty(self) -> list[EntryRef]:
        """Every file with unsaved edits."""
        return [self._table.ref(f) for f in self._table.files.values() if f.dirty]

    def unsaved_edits(self) -> Edits:
        """What differs from the packs as read from disk: lay it over them to get the content on screen."""
        return unsaved_edits(self._table.files.values())

    def problems(self) -> list[Problem]:
        """Every problem and warning, with the entry it belongs to."""
        errors: list[ContentProblem] = []
        shown = self._checks.shown
        if shown is not None:  # a sound open's: warnings only
            warnings = list(shown.warnings)
        else:
            check = self._checks.checked()
            errors = [*check.problems(), *failed_plugins(check.entries.values(), self._code)]
            warnings = [*check.warnings, *self._untrusted_code().warnings]
        out = [Problem.of(p, self._table.ref_at(p.file)) for p in (*errors, *self._code.problems)]
        out += [Problem.of(p, self._table.ref_at(p.file), "warning") for p in warnings]
        return sorted(set(out), key=lambda p: (p.severity, str(p.path), p.line, p.col, p.message))

    # -- editing -------------------------------------------------------------------------

    def replace(self, ref: EntryRef, data: Any) -> Change:
        """Make the entry hold ``data`` (from a form); only the changed lines of its text change.

        Refused, naming the file, when no text the editor can write reads back as ``data`` (see
        :func:`~studio.workspace.yamledit.edit_text`).
        """
        f = self._table.file(ref.path)
        if f.syntax is not None:
            raise WorkspaceError(
                f"{f.path}:{f.syntax.line}: the text does not parse ({f.syntax.message}); "
                "fix it in the text first"
            )
        try:
            text = edit_text(f.text, f.data, data, json_file=f.path.suffix == ".json", kind=f.kind)
        except WorkspaceError as exc:
            raise WorkspaceError(f"{f.path}: not changed: {exc}") from None
        return self.replace_text(ref, text)

    def set_field(self, ref: EntryRef, json_path: JsonPath, value: Any) -> Change:
        """Set one field (creating missing mappings on the way); ``value`` None removes a key. The empty
        path is the whole entry, which takes a list for a list (a file of scenarios), a mapping for a mapping.

        A path the entry cannot hold, a value YAML cannot write, or text that does not parse is
        refused naming the file and the field, before anything changes (a tuple counts as a list).
        """
        f = self._table.file(ref.path)
        field = show_path(json_path)
        if f.syntax is not None:
            raise WorkspaceError(
                f"{f.path}:{f.syntax.line}: {field} not set: the text does not parse "
                f"({f.syntax.message}); fix it in the text first"
            )
        try:
            data = self.data(ref)
            if not json_path:  # the whole entry: a file of scenarios gains one, as its form's Add does
                data = _whole(data, yaml_value(value))
            else:
                put(parent_of(data, json_path), json_path, yaml_value(value))
        except WorkspaceError as exc:
            raise WorkspaceError(f"{f.path}: {field} not set: {exc}") from None
        return self.replace(ref, data)

    def replace_text(self, ref: EntryRef, text: str) -> Change:
        """Take new text for the file (from a text editor); a syntax error is a problem, the text is kept."""
        f = self._table.file(ref.path)
        if not isinstance(text, str):  # checked before anything changes: the file keeps its text
            raise WorkspaceError(
                f"{f.path}: new text must be a str, not {type(text).__name__}; nothing changed"
            )
        if text == f.text:
            return Change()
        check = self._checks.checked()
        before = self._table.key(f)
        doc = self._table.set_text(f, text)
        change = Change({self._table.ref(f)}, {f.path}, problems_changed=True)
        entry = check.entries.get(before) if before else None
        in_force = entry is not None and entry.name == str(f.path) and not entry.patched
        if f.kind == "scenario":
            check.check_scenarios(f, doc)
        elif in_force and doc is None:
            check.syntax_error(f)
        elif in_force and doc is not None and entry is not None and check.revalidate(f, doc, entry):
            change.catalog_changed = True
        else:
            self._checks.rebuild()
            change.catalog_changed = True
        return change

    # -- entries, packs and recovery: handed to the parts -----------------------------------

    def references(self, ref: EntryRef) -> list[tuple[EntryRef, JsonPath]]:
        """Every place in the loaded files (entries and scenarios) that names this entry."""
        return self._lifecycle.references(ref)

    def usages(self, ref: EntryRef) -> list[Usage]:
        """:meth:`references` with the line and column of each, in file then line order."""
        return self._lifecycle.usages(ref)

    def reverted_text(self, ref: EntryRef, json_path: JsonPath = ()) -> str:
        """The file's text with one field (by default the whole entry) as it was last loaded or saved."""
        return self._lifecycle.reverted_text(ref, json_path)

    def create(self, kind: str, entry_id: str, pack_id: str, text: str | None = None) -> Change:
        """Add a new entry file (in memory until saved); ``text`` defaults to a minimal valid entry."""
        return self._lifecycle.create(kind, entry_id, pack_id, text)

    def duplicate(self, ref: EntryRef, new_id: str) -> Change:
        """Copy an entry under a new id, into the same pack (in memory until saved)."""
        return self._lifecycle.duplicate(ref, new_id)

    def delete(self, ref: EntryRef) -> Change:
        """Remove an entry's file, moving it to the system trash (list :meth:`references` first)."""
        return self._lifecycle.delete(ref)

    def rename(self, ref: EntryRef, new_id: str) -> Change:
        """Give an entry a new id and file name, and update every reference to it (unsaved until saved)."""
        return self._lifecycle.rename(ref, new_id)

    def add_pack(self, folder: Path) -> Change:
        """Open the pack at ``folder`` (or the pack folder it is in) beside those already open."""
        return add_pack(self._table, self._checks, self._code, folder)

    def reload_code(self, pack_id: str, trusted: bool) -> Change:
        """Run an open pack's code now that it is trusted (or stop it, trust taken back) and check
        everything again; unsaved edits stay."""
        self._checks.checked()
        pack = next((p for p in self.packs if p.id == pack_id), None)
        if pack is None:
            raise WorkspaceError(f"the pack '{pack_id}' is not open")
        self._code.reload(pack, trusted)
        self._checks.recheck()
        return Change(problems_changed=True, catalog_changed=True)

    def override_in_pack(self, ref: EntryRef, folder: Path) -> EntryRef:
        """Copy the entry (as edited) into the pack at ``folder``, which then replaces it; return the copy."""
        return self._overriding.override_in_pack(ref, folder)

    def autosave(
        self, folder: Path, undo: Mapping[Path, Sequence[UndoStep]] | None = None, owner: str = ""
    ) -> int:
        """Write every unsaved file's text (and its ``undo`` history) to the recovery folder, naming the
        ``owner`` (the editor) that wrote it; its records of files saved since go."""
        return self._autosave.autosave(folder, undo, owner)

    def recover(self, item: Recovery) -> Change:
        """Put recovered text back as unsaved edits (a file never saved comes back as a new file)."""
        return self._autosave.recover(item)

    @staticmethod
    def recoverable(folder: Path) -> list[Recovery]:
        """The unsaved work left in a recovery folder (empty after a clean exit)."""
        return read_records(folder)

    def recoverable_here(self, folder: Path) -> list[Recovery]:
        """The unsaved work left in a recovery folder for the packs open here (another pack's waits)."""
        return self._autosave.opened(folder)

    @staticmethod
    def set_aside_damaged(folder: Path) -> list[str]:
        """Move the records in a recovery folder that cannot be read into its ``damaged`` folder (kept,
        never offered); return a line naming each and why."""
        return set_aside_damaged(folder)

    @staticmethod
    def set_aside_older(items: Sequence[Recovery]) -> tuple[list[Recovery], list[str]]:
        """Of several recovered items of one file, keep the newest and move each older one's record into
        its folder's ``older`` folder (kept, never offered); return the items kept and a line naming each
        other one and where it went."""
        return set_aside_older(items)

    @staticmethod
    def discard(item: Recovery) -> None:
        """Forget one recovered item (recovered, or declined)."""
        item.record.unlink(missing_ok=True)

    # -- saving and the disk ---------------------------------------------------------------

    def save(self, ref: EntryRef, *, force: bool = False) -> Change:
        """Write the file atomically; refuse text that does not parse, files changed on disk, and a
        new or renamed file whose name another program took meanwhile. A write that fails is a
        WorkspaceError naming the file; the edits stay unsaved.

        ``force`` overwrites a file another program changed since it was loaded, or wrote there.
        A file with nothing unsaved is not written (an empty change): its file holds its text already.
        """
        f = self._table.file(ref.path)
        if f.read_only is not None:
            raise WorkspaceError(f"{f.path}: not saved: {f.read_only}")
        if f.syntax is not None:
            raise WorkspaceError(
                f"{f.path}:{f.syntax.line}: not saved: the text does not parse ({f.syntax.message})"
            )
        if _on_disk_already(f, force):
            return Change()
        on_disk = f.old_path or f.path
        if not force and f.stamp is not None and f.stamp.changed(on_disk):
            raise WorkspaceError(
                f"{on_disk}: changed on disk by another program, so it is not saved: choose Reload, "
                "Keep mine or Merge in the dialog that shows both, then save again"
            )
        if not force and _name_taken(f):
            raise WorkspaceError(f"{f.path}: a file of that name already exists")
        try:
            write_atomically(f.path, f.text)
        except OSError as exc:  # named as the file saved (the error may name only a folder on its way)
            where = f" ({exc.filename})" if exc.filename not in (None, str(f.path)) else ""
            why = f"{exc.strerror or exc}{where}"
            raise WorkspaceError(f"{f.path}: not saved: {why}; your edits are kept") from None
        if f.old_path is not None:
            f.old_path.unlink(missing_ok=True)
            f.old_path = None
        f.saved_text = f.text
        f.stamp = Stamp.of_text(f.path, f.text)
        return Change({self._table.ref(f)}, {f.path})

    def save_all(self) -> Change:
        """Save every file with unsaved edits. One that cannot be saved stops none of the others: they
        are all tried, then :class:`NotAllSaved` names every file not saved (their edits stay unsaved)."""
        change = Change()
        failures = []
        for ref in self.dirty():
            try:
                change.add(self.save(ref))
            except WorkspaceError as exc:
                failures.append(str(exc))
        if failures:
            raise NotAllSaved(change, failures)
        return change

    def check_disk(self) -> list[EntryRef]:
        """Files another program changed (or removed) on disk since they were loaded or saved."""
        return [
            self._table.ref(f)
            for f in self._table.files.values()
            if f.stamp is not None and f.writable and f.stamp.changed(f.old_path or f.path)
        ]

    def check_art(self) -> Change:
        """Take in the images other programs drew, redrew or removed since they were read: the entries
        naming them change picture and art problems (nothing changed: an empty change)."""
        named: dict[tuple[int, str], tuple[Pack, str, list[FileState]]] = {}
        for f in self._table.files.values():
            art = art_of(f.data) if f.kind in ART_KINDS else None
            if art is not None and not path_problem(art) and f.writable:
                named.setdefault((id(f.pack), art), (f.pack, art, []))[2].append(f)
        changed = self._art.take_in((pack, art) for pack, art, _ in named.values())
        if not changed:
            return Change()
        self._checks.rebuild()  # the entries' art problems read the packs' files
        files = [f for pack, art in changed for f in named[(id(pack), art)][2]]
        return Change({self._table.ref(f) for f in files}, {f.path for f in files}, problems_changed=True)

    def disk_text(self, ref: EntryRef) -> str | None:
        """The file's text on disk now (None: it is not there), to show beside the workspace's."""
        try:
            return (
                (self._table.file(ref.path).old_path or ref.path)
                .read_bytes()
                .decode("utf-8", errors="replace")
            )
        except OSError:
            return None

    def base_text(self, ref: EntryRef) -> str | None:
        """The text on disk the unsaved edits began from (None: a new file), for a three-way merge."""
        return self._table.file(ref.path).saved_text

    def acknowledge(self, ref: EntryRef, seen: str | None) -> bool:
        """Keep the workspace's text over the disk's ``seen`` text: the next save overwrites it.

        ``seen`` is the disk's text as shown to the user (:meth:`disk_text`; None: removed).
        If the disk holds anything else by now, nothing is acknowledged (False), so that
        change is asked about in turn. A file removed on disk becomes a new file.
        """
        f = self._table.file(ref.path)
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
        check = self._checks.checked()
        f = self._table.file(ref.path)
        if f.old_path is not None:
            raise WorkspaceError(
                f"{f.path}: renamed from {f.old_path.name} and not saved; rename it back first"
            )
        if not f.path.exists() and f.stamp is not None:
            self._table.remove(f)
            check.forget(f.path)
            self._checks.rebuild()
            return Change({ref}, {f.path}, problems_changed=True, catalog_changed=True)
        try:
            text = f.path.read_bytes().decode("utf-8")  # as opened: newlines kept as they are
        except (OSError, UnicodeDecodeError) as exc:
            raise WorkspaceError(f"{f.path}: cannot read file: {exc}") from None
        f.saved_text = text
        f.stamp = Stamp.of_text(f.path, text)
        f.old_path = None
        change = self.replace_text(ref, text)
        change.entries.add(self._table.ref(f))
        change.files.add(f.path)
        return change


#: The kinds an ``x-ref`` names besides the entry kinds: any code behaviour, any modifier, a blind of the
#: run table.
REF_ONLY_KINDS = ("behaviour", "modifier", "blind")

#: Where the editor trusts a pack's code: a submenu listing each open pack with code.
TRUST_MENU = "Pack > Trust code"


def _known_kind(kind: str, known: Collection[str]) -> None:
    """Refuse a kind that is not one of ``known``: a misspelt one would only find nothing."""
    if kind not in known:
        raise WorkspaceError(f"no kind '{kind}'{did_you_mean(kind, known)}")


def _trust_in_the_editor(pack: Pack) -> str:
    """How the editor trusts an open pack: its Pack menu's entry for it, whether the pack is being edited,
    opened beside it, a zip or an installed dependency."""
    return f"{TRUST_MENU} > {pack.id}"


def _on_disk_already(f: FileState, force: bool) -> bool:
    """True if saving would write what the file holds already: no edits, not new or renamed (and,
    when ``force`` asks to overwrite another program's change, none found); rewriting it would only
    change its time and inode, which other programs read as a change."""
    if f.dirty:
        return False
    return not force or (f.stamp is not None and not f.stamp.changed(f.path))


def _name_taken(f: FileState) -> bool:
    """True if a file not yet written at its name (new, or renamed) would overwrite one found there:
    another program may have written it since the name was checked."""
    return (f.stamp is None or f.old_path is not None) and f.path.exists()


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


def _whole(data: Any, value: Any) -> Any:
    """``value`` as the whole of an entry that holds ``data``; refused unless it is of the same shape."""
    for shape, word in ((list, "a list"), (dict, "a mapping")):
        if isinstance(data, shape):
            if not isinstance(value, shape):
                raise WorkspaceError(f"the whole entry is {word}, not {json_kind(value)}; name a field")
            return value
    raise WorkspaceError("no field named")
