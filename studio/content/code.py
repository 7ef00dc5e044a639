"""What the plugin layer found in the packs' code, as loading and the editor both hold it.

Content never runs code: the plugin layer (studio.plugins) fills a :class:`Code`
and hands it over; the merge and the editor's checks read it. This module imports
no content model, so the editor can hold a :class:`Code` before any entry is read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from studio.content.check.problems import PLUGIN, Problem
from studio.content.packs.pack import Pack
from studio.engine.behaviour import Behaviour

if TYPE_CHECKING:
    from studio.content.entries import Entry


@dataclass
class Code:
    """What the plugin layer found: behaviours that run, and ids whose code cannot run."""

    behaviours: dict[str, Behaviour] = field(default_factory=dict)
    #: Behaviour id -> (pack id, plugin file) it comes from.
    origins: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: Behaviour id -> the untrusted pack whose plugin declares it (read, never run).
    untrusted: dict[str, Pack] = field(default_factory=dict)
    #: The packs with code that is not trusted, in load order (their code never runs).
    untrusted_packs: list[Pack] = field(default_factory=list)
    #: Behaviour id -> the problem of the plugin file that declares it and failed to load.
    failed: dict[str, Problem] = field(default_factory=dict)
    #: Load problems that name no behaviour (a broken entry point, a file declaring nothing).
    problems: list[Problem] = field(default_factory=list)
    #: (file name, source) of each pack plugin that ran, in the order it ran.
    sources: list[tuple[str, str]] = field(default_factory=list)

    def declared(self) -> set[str]:
        """Every behaviour id the code declares, whether it runs, is not trusted, or failed to load."""
        return {*self.behaviours, *self.untrusted, *self.failed}


def failed_plugins(entries: Iterable[Entry], code: Code) -> list[Problem]:
    """One problem per plugin file that failed to load, naming its pack and the charms that use it."""
    users: dict[Problem, list[str]] = {p: [] for p in code.failed.values()}
    packs = {problem: code.origins[b][0] for b, problem in code.failed.items()}
    for e in entries:
        behaviour = getattr(e.model, "behaviour", None) if e.kind == "charm" else None
        if behaviour in code.failed:
            users[code.failed[behaviour]].append(e.id)
    out = []
    for problem, charms in users.items():
        who = f"charm {', '.join(sorted(charms))} (pack '{packs[problem]}')" if charms else ""
        message = f"{who or f'pack {packs[problem]!r}'}: {problem.message}"
        out.append(Problem(problem.file, problem.line, problem.col, message, problem.path, PLUGIN))
    return out
