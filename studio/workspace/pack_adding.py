"""Adding a pack folder (or zip) to an open workspace, as if it had been given when it was opened.

The packs are resolved again with the new one (its dependencies come along
from the installed packs), its files join the others, and everything is
checked again, so the catalog, the problems and a content tree built from
:meth:`entries` all include it. Unsaved edits of the packs already open stay.
"""

from __future__ import annotations

from pathlib import Path

from studio.content.installed import installed_packs
from studio.content.packs import Pack, open_pack, pack_root
from studio.content.problems import Problem as ContentProblem
from studio.engine.behaviour import Behaviour
from studio.plugins.pipeline import Requested, prepare
from studio.workspace.files import file_kind
from studio.workspace.host import Host
from studio.workspace.model import Change, WorkspaceError


class PackAdding(Host):
    """:meth:`add_pack` (mixed into :class:`studio.workspace.Workspace`)."""

    _load_problems: list[ContentProblem]
    _behaviours: dict[str, Behaviour]
    _untrusted: dict[str, Pack]

    def add_pack(self, folder: Path) -> Change:
        """Open the pack at ``folder`` (or the pack folder it is in) beside those already open.

        Its code runs only if the pack is trusted already. A pack id that is open already is refused.
        """
        self._checked()
        root = pack_root(folder) if folder.is_dir() else None
        pack, found = open_pack(root or folder)
        if pack is None:
            raise WorkspaceError(str(found[0]) if found else f"{folder}: not a pack")
        for other in self.packs:
            if other.id == pack.id:
                raise WorkspaceError(f"{folder}: the pack '{pack.id}' is open already, from {other.origin}")
        prepared = prepare(Requested([*self.packs, pack], found), installed_packs()[0])
        known = set(self._load_problems)
        self._load_problems += [p for p in prepared.problems if p not in known]
        added = [p for p in prepared.order if all(p is not q for q in self.packs)]
        self.packs[:] = prepared.order
        for new in added:  # its code runs only by the trust record: nothing was asked to trust it
            self._load_pack_code(new, prepared.is_trusted(new))
        change = Change(problems_changed=True, catalog_changed=True)
        for new in added:
            for rel in sorted(new.files):
                kind = file_kind(rel)
                if kind is not None:
                    text = new.files[rel].decode("utf-8", errors="replace")
                    f = self._add_file(new, rel, kind, text, saved=True, parse=False)
                    change.files.add(f.path)
        self._recheck()
        change.entries = {self._ref(self._files[path]) for path in change.files}
        return change

    def _load_pack_code(self, pack: Pack, trusted: bool) -> None:
        raise NotImplementedError
