"""Problems held back while an entry is being written: a list it needs, emptied for now.

Removing the only effect to add another, or a new charm whose abilities are
still to come, leaves a required list empty for a moment. While the entry has
unsaved edits and is open in the editor, such a problem is *pending*: shown as
something to do, not as an error. Saving the entry or leaving it makes it an
error again. The workspace's problems are untouched (the command line reports
them all); this is only how the window shows them.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from studio.workspace import Problem
from studio.workspace.model import value_at

#: The severity a held-back problem is listed with (neither error nor warning).
PENDING = "pending"


def pending(problems: list[Problem], file: Path, data: Any) -> frozenset[Problem]:
    """The errors of ``file`` that are about a list left empty in ``data`` (its data now)."""
    return frozenset(
        p
        for p in problems
        if p.path == file and p.severity == "error" and p.json_path and value_at(data, p.json_path) == []
    )


#: What a held-back problem adds to its message where it is listed.
TO_DO = "to do before saving"


def listed(problems: list[Problem], held: frozenset[Problem]) -> list[Problem]:
    """``problems`` with the held-back ones marked pending, their message saying so."""
    return [
        dataclasses.replace(p, severity=PENDING, message=f"{p.message} ({TO_DO})") if p in held else p
        for p in problems
    ]
