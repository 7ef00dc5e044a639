"""Adding a pack folder (or zip) to an open workspace, as if it had been given when it was opened.

The packs are resolved again with the new one (its dependencies come along
from the installed packs), its files join the others, and everything is
checked again, so the catalog, the problems and a content tree built from
:meth:`entries` all include it. Unsaved edits of the packs already open stay.
"""

from __future__ import annotations

from pathlib import Path

from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import open_pack, pack_root
from studio.plugins.pipeline import Requested, prepare
from studio.workspace.check_state import CheckState
from studio.workspace.file_table import FileTable
from studio.workspace.files import file_kind
from studio.workspace.model import Change, WorkspaceError
from studio.workspace.pack_code import PackCode


def add_pack(table: FileTable, checks: CheckState, code: PackCode, folder: Path) -> Change:
    """Open the pack at ``folder`` (or the pack folder it is in) beside those already open.

    Its code runs only if the pack is trusted already. A pack id that is open already is refused.
    """
    checks.checked()
    root = pack_root(folder) if folder.is_dir() else None
    pack, found = open_pack(root or folder)
    if pack is None:
        raise WorkspaceError(str(found[0]) if found else f"{folder}: not a pack")
    for other in table.packs:
        if other.id == pack.id:
            raise WorkspaceError(f"{folder}: the pack '{pack.id}' is open already, from {other.origin}")
    prepared = prepare(Requested([*table.packs, pack], found), installed_packs()[0])
    known = set(code.problems)
    code.problems += [p for p in prepared.problems if p not in known]
    added = [p for p in prepared.order if all(p is not q for q in table.packs)]
    table.packs[:] = prepared.order
    for new in added:  # its code runs only by the trust record: nothing was asked to trust it
        code.load(new, prepared.is_trusted(new))
    change = Change(problems_changed=True, catalog_changed=True)
    for new in added:
        for rel in sorted(new.files):
            kind = file_kind(rel)
            if kind is not None:
                text = new.files[rel].decode("utf-8", errors="replace")
                f = table.add(new, rel, kind, text, saved=True, parse=False)
                change.files.add(f.path)
    checks.recheck()
    change.entries = {table.ref(table.files[path]) for path in change.files}
    return change
