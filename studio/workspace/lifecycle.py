"""Creating, duplicating, deleting and renaming entries, finding who refers to one, and its saved text.

New and renamed files live in memory until saved (a renamed file's old name is
removed when the new one is written); a delete removes the file at once, so the
caller lists :meth:`Lifecycle.references` and asks first. References are found
through the schemas' ``x-ref`` marks (studio.content.check.xrefs). Reverting gives
back texts, so a caller can make an undoable edit of them.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruamel.yaml.error import YAMLError

from studio.content.check.written_ids import rename_written
from studio.content.check.xrefs import MODIFIER_KINDS, names_key, references, retarget
from studio.content.io.documents import Document, DocumentError
from studio.content.io.paths import in_installed_base
from studio.content.packs.pack import Pack
from studio.engine.names import did_you_mean
from studio.workspace.check_state import CheckState
from studio.workspace.file_table import FileTable
from studio.workspace.files import OTHER_KINDS, FileState
from studio.workspace.model import Change, EntryRef, JsonPath, Usage, WorkspaceError
from studio.workspace.put_back import put_back
from studio.workspace.yamledit import edit_text

if TYPE_CHECKING:
    from studio.content.entries import Entry

ID = re.compile(r"[a-z][a-z0-9_]*")
SCHEMA_LINE = "# yaml-language-server: $schema="

#: What a new entry holds besides its id and name: the least that validates (a hand type's is
#: worked out from the loaded ones, :func:`studio.content.hand_slot.free_slot`; this is its fallback).
TEMPLATES: dict[str, str] = {
    "hand_type": "strength: 1\ngroups: [1]\npoints: 1\nmult: 1\n",
    "charm": "abilities:\n  - trigger: hand\n    effects:\n      - {kind: mult, amount: 1}\n",
    "upgrade": "",
    "edition": "effects:\n  - {kind: points, amount: 10}\n",
    "seal": "",
    "boss": "",
    "deck": "cards:\n  - {}\n",
    "difficulty": "level: 100\n",
    "consumable": "family: changer\neffects:\n  - {kind: money, amount: 1}\n",
    "voucher": "modify:\n  - {value: reroll_cost, add: -1}\n",
    "tag": "reward: {kind: money, amount: 1}\nat: now\n",
    "sticker": "chance: 0.1\nsellable: false\n",
}


class Lifecycle:
    """The entry operations of a workspace: a part of :class:`studio.workspace.Workspace`."""

    def __init__(self, table: FileTable, checks: CheckState) -> None:
        self._table = table
        self._checks = checks

    def references(self, ref: EntryRef) -> list[tuple[EntryRef, JsonPath]]:
        """Every place in the loaded files (entries and scenarios) that names this entry."""
        kinds = _ref_kinds(ref.kind)
        out = []
        for f in self._table.files.values():
            if f.path == ref.path:
                continue
            for prefix, doc, kind in _documents(f):
                for _kind, found, parts in references(kind, doc, kinds):
                    if found == ref.id:
                        out.append((self._table.ref(f), (*prefix, *parts)))
            if (
                f.kind == "patch"
                and isinstance(f.data, dict)
                and f.data.get("target") == f"{ref.kind}/{ref.id}"
            ):
                out.append((self._table.ref(f), ("target",)))
        return sorted(out, key=lambda r: (str(r[0].path), [str(p) for p in r[1]]))

    def usages(self, ref: EntryRef) -> list[Usage]:
        """:meth:`references` with the line and column of each, in file then line order."""
        out = []
        texts: dict[Path, Document] = {}  # one scan of positions per file, however many usages it has
        for user, parts in self.references(ref):
            f = self._table.file(user.path)
            if f.syntax is not None:
                out.append(Usage(user, parts, f.syntax.line, f.syntax.col))
                continue
            doc = texts.setdefault(f.path, Document(str(f.path), f.text, f.data))
            # Where it is in its document: its scenario of a list, or the part of its target a patch sets.
            prefix, _, kind = next(
                (d for d in _documents(f) if parts[: len(d[0])] == d[0]), ((), None, f.kind)
            )
            out.append(Usage(user, parts, *doc.locate(parts, key=names_key(kind, parts[len(prefix) :]))))
        return sorted(out, key=lambda u: (str(u.entry.path), u.line, u.col))

    def reverted_text(self, ref: EntryRef, json_path: JsonPath = ()) -> str:
        """The file's text with one field (by default the whole entry) as it was last loaded or saved.

        With nothing else different, that is the saved text itself, so the file is clean again.
        A new file has no saved text, and a renamed one must be renamed back first (its saved
        text is under its old name).
        """
        f = self._table.file(ref.path)
        if f.old_path is not None:
            raise WorkspaceError(
                f"{f.path}: renamed from {f.old_path.name} and not saved; rename it back first"
            )
        if f.saved_text is None:
            raise WorkspaceError(f"{f.path}: a new file, never saved; there is nothing to go back to")
        if not json_path:
            return f.saved_text
        if f.syntax is not None:
            raise WorkspaceError(f"{f.path}:{f.syntax.line}: the text does not parse; revert the whole entry")
        try:
            saved = Document.parse(str(f.path), f.saved_text).data
        except (DocumentError, YAMLError):
            raise WorkspaceError(f"{f.path}: the saved text does not parse; revert the whole entry") from None
        data = put_back(f.data, saved, json_path)
        if data == saved:
            return f.saved_text
        return edit_text(f.text, f.data, data, json_file=f.path.suffix == ".json", kind=f.kind)

    def create(self, kind: str, entry_id: str, pack_id: str, text: str | None = None) -> Change:
        """Add a new entry file (in memory until saved); ``text`` defaults to a minimal valid entry.

        A ``$schema`` line ``text`` starts with becomes the one the pack's files of ``kind`` use.
        """
        from studio.content.models import KINDS

        checker = self._checks.checked()
        pack = self._pack(pack_id)
        if kind not in TEMPLATES and kind != "scenario":
            raise WorkspaceError(
                f"cannot create a '{kind}' entry{did_you_mean(kind, [*TEMPLATES, 'scenario'])}"
            )
        self._check_new_id(kind, entry_id)
        rel = f"{KINDS[kind][0]}/{entry_id}.yaml"
        if pack.origin / rel in self._table.files or (pack.origin / rel).exists():
            raise WorkspaceError(f"{pack.origin / rel}: a file of that name already exists")
        if text is None:
            title = entry_id.replace("_", " ").capitalize()
            body = (
                f"name: {title}\nplayed: AS\n" if kind == "scenario" else f"id: {entry_id}\nname: {title}\n"
            )
            template = TEMPLATES.get(kind, "")
            if kind == "hand_type":
                template = _hand_type_template(checker.entries.values()) or template
            text = self._schema_line(pack, kind) + body + template
        elif text.startswith(SCHEMA_LINE) and (own := self._schema_line(pack, kind)):
            # a line written for another place (the base game's tests) leads nowhere from this pack
            text = own + text.partition("\n")[2]
        f = self._table.add_new(pack, rel, kind, text)
        self._checks.rebuild()
        return Change({self._table.ref(f)}, {f.path}, problems_changed=True, catalog_changed=True)

    def duplicate(self, ref: EntryRef, new_id: str) -> Change:
        """Copy an entry under a new id, into the same pack (in memory until saved)."""
        f = self._table.file(ref.path)
        if f.syntax is not None:
            raise WorkspaceError(
                f"{f.path}:{f.syntax.line}: the text does not parse; fix it before copying it"
            )
        data = copy.deepcopy(f.data)
        if isinstance(data, dict) and "id" in data:
            data["id"] = new_id
        return self.create(f.kind, new_id, f.pack.id, edit_text(f.text, f.data, data))

    def delete(self, ref: EntryRef) -> Change:
        """Remove an entry's file from the workspace, moving it to the system trash (list references first).

        The trash keeps a mistaken delete restorable; where there is no trash (a
        network drive, say) nothing is deleted and the error says so.
        """
        self._checks.checked()
        f = self._table.file(ref.path)
        if f.read_only is not None:
            raise WorkspaceError(f"{f.path}: {f.read_only}")
        on_disk = f.old_path or f.path
        if f.stamp is not None and f.stamp.changed(on_disk) and on_disk.exists():
            raise WorkspaceError(f"{on_disk}: changed on disk by another program; reload it before deleting")
        if f.stamp is not None and on_disk.exists():
            from send2trash import send2trash  # imported only to delete

            try:
                send2trash(on_disk)
            except OSError as exc:
                why = f"cannot be moved to the trash ({exc}); nothing was deleted"
                raise WorkspaceError(f"{on_disk}: {why}") from None
        self._table.remove(f)
        self._checks.rebuild()
        return Change({ref}, {f.path}, problems_changed=True, catalog_changed=True)

    def rename(self, ref: EntryRef, new_id: str) -> Change:
        """Give an entry a new id and file name, and update every reference to it (unsaved until saved).

        A referring file whose text does not parse is left as it is (its reference becomes a problem).
        """
        self._checks.checked()
        f = self._table.file(ref.path)
        if f.kind not in TEMPLATES:
            raise WorkspaceError(f"{f.path}: a {f.kind.replace('_', ' ')} has no id to rename")
        if f.syntax is not None:
            raise WorkspaceError(f"{f.path}:{f.syntax.line}: the text does not parse; fix it before renaming")
        if f.read_only is not None:
            raise WorkspaceError(f"{f.path}: {f.read_only}")
        key = f"{f.kind}/{ref.id}"
        for pack in self._table.packs:  # a replacement pairs two entries by id: renaming one breaks the pair
            if key in pack.manifest.replaces:
                raise WorkspaceError(
                    f"{f.path}: '{key}' is listed under replaces: in {pack.manifest_doc.name}, which "
                    "pairs entries by id; change that list first, or duplicate the entry under the new id"
                )
        self._check_new_id(f.kind, new_id)
        rel = f"{f.rel.rsplit('/', 1)[0]}/{new_id}{f.path.suffix}"
        path = f.pack.origin / rel
        if path in self._table.files or (path.exists() and path != f.old_path):
            raise WorkspaceError(f"{path}: a file of that name already exists")
        change = Change(problems_changed=True, catalog_changed=True)
        referring: dict[Path, list[JsonPath]] = {}
        for other, parts in self.references(ref):
            referring.setdefault(other.path, []).append(parts)
        for o in list(self._table.files.values()):
            if o.path == f.path or o.syntax is not None or not o.writable:
                continue
            if o.path not in referring and o.kind != "scenario":  # nothing of it can change
                continue
            data = copy.deepcopy(o.data)
            written = False
            if o.path in referring:
                if o.kind == "patch" and ("target",) in referring[o.path]:
                    data["target"] = f"{ref.kind}/{new_id}"
                for _, doc, kind in _documents(o, data):
                    retarget(kind, doc, _ref_kinds(ref.kind), ref.id, new_id)
            if o.kind == "scenario":  # ids written in trace sources and card tokens too
                for _, doc, _kind in _documents(o, data):
                    written = rename_written(doc, ref.kind, ref.id, new_id) or written
            if o.path not in referring and not written:
                continue
            self._table.set_text(o, _as_saved(o, edit_text(o.text, o.data, data), data))
            change.entries.add(self._table.ref(o))
            change.files.add(o.path)
        data = copy.deepcopy(f.data)
        data["id"] = new_id
        self._table.set_text(f, edit_text(f.text, f.data, data))
        self._table.move(f, rel)
        self._checks.rebuild()
        change.entries |= {ref, self._table.ref(f)}
        change.files |= {ref.path, path}
        return change

    def _pack(self, pack_id: str) -> Pack:
        for pack in self._table.packs:
            if pack.id == pack_id:
                if not pack.origin.is_dir():
                    raise WorkspaceError(f"{pack.origin}: the pack is a zip; it cannot change")
                if in_installed_base(pack.origin):
                    raise WorkspaceError(
                        f"{pack.origin}: the base game is installed with Studio and read-only; "
                        "add new entries to a pack of your own (Pack > New pack)"
                    )
                return pack
        raise WorkspaceError(
            f"no loaded pack '{pack_id}'{did_you_mean(pack_id, [p.id for p in self._table.packs])}"
        )

    def _check_new_id(self, kind: str, entry_id: str) -> None:
        if not ID.fullmatch(entry_id) or len(entry_id) > 64:
            raise WorkspaceError(
                f"'{entry_id}' is not an id: lower-case letters, digits and underscores, "
                "starting with a letter"
            )
        if kind not in OTHER_KINDS and entry_id in self._checks.ids(kind):
            raise WorkspaceError(f"a {kind.replace('_', ' ')} '{entry_id}' already exists")

    def _schema_line(self, pack: Pack, kind: str) -> str:
        """The ``$schema`` comment the pack's other files of this kind start with, if any.

        A pack with no file of this kind yet (its first boss) gets the comment its other
        kinds' files use, naming this kind's schema beside theirs, where that schema is.
        """
        own = [f for f in self._table.files.values() if f.pack is pack and f.text.startswith(SCHEMA_LINE)]
        for f in own:
            if f.kind == kind:
                return f.text.splitlines()[0] + "\n"
        for f in own:
            line = f.text.splitlines()[0]
            other = f"/{f.kind}.schema.json"
            if f.rel.count("/") == 1 and line.endswith(other):
                url = line[len(SCHEMA_LINE) : -len(other)] + f"/{kind}.schema.json"
                if (f.path.parent / url).is_file():
                    return SCHEMA_LINE + url + "\n"
        return ""


def _as_saved(f: FileState, text: str, data: Any) -> str:
    """The file's saved text where ``data`` is what it holds and the file differs from it only by
    the rename this one undoes: the merged edit may quote a scalar the author wrote plain, which
    would leave a change to save. An unsaved edit besides the rename (a comment) stays."""
    if f.saved_text is None or f.saved_text == text:
        return text
    try:
        saved = Document.parse(str(f.path), f.saved_text).data
        renamed = edit_text(f.saved_text, saved, f.data) if saved == data else None  # the rename undone
    except (DocumentError, YAMLError, WorkspaceError):
        return text
    return f.saved_text if renamed == f.text else text


def _documents(f: FileState, data: Any = None) -> list[tuple[JsonPath, Any, str]]:
    """The documents of a file with their paths and kinds: a scenario file may hold a list of scenarios,
    and what a patch sets is a part of an entry of its target's kind (its ``target`` is read apart)."""
    data = f.data if data is None else data
    if f.kind == "scenario" and isinstance(data, list):
        return [((i,), item, f.kind) for i, item in enumerate(data)]
    if f.kind == "patch":
        target = data.get("target") if isinstance(data, dict) else None
        kind = target.partition("/")[0] if isinstance(target, str) else ""
        sets = data.get("set") if isinstance(data, dict) else None
        return [(("set",), sets, kind)] if kind in TEMPLATES and isinstance(sets, dict) else []
    return [((), data, f.kind)]


def _ref_kinds(kind: str) -> set[str]:
    """The x-ref kinds that name an entry of ``kind``."""
    return {kind, "modifier"} if kind in MODIFIER_KINDS else {kind}


def _hand_type_template(entries: Iterable[Entry]) -> str:
    """A new hand type's pattern and strength: one no loaded type has, where it can win and hides
    none (so it validates next to the base game), with the values of the type it beats."""
    from studio.content.hand_slot import free_slot
    from studio.content.models import HandTypeModel

    hands = [e.model for e in entries if isinstance(e.model, HandTypeModel)]
    slot = free_slot([(h.to_engine(), h.strength) for h in hands])
    return slot.yaml() if slot else ""
