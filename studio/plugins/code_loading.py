"""Loading the packs' code into a :class:`~studio.content.code.Code`, by trust: the one way the
command line's loads and the editor's workspace both run it.

A trusted pack's plugins run; an untrusted pack's are only read for the ids they
declare. A plugin that fails to load leaves its declared ids as failed (the charms
naming them are told why), never unknown. Imports no content model.
"""

from __future__ import annotations

import inspect

from studio.content.check.problems import PLUGIN, Problem
from studio.content.code import Code
from studio.content.packs.pack import Pack
from studio.engine.behaviour import Behaviour
from studio.plugins.loader import (
    computed_ids,
    declared_behaviours,
    drop_unfit,
    entry_point_behaviours,
    load_plugin,
    taken_ids,
)


def load_installed(code: Code) -> None:
    """Add the pip-installed plugins' behaviours (entry points), each named by its source file."""
    found, problems = entry_point_behaviours()
    code.behaviours.update(found)
    code.problems += problems
    for behaviour_id, behaviour in found.items():
        where = inspect.getsourcefile(type(behaviour)) or type(behaviour).__module__
        code.origins[behaviour_id] = ("installed package", where)


def load_pack_code(code: Code, pack: Pack, trusted: bool) -> None:
    """Run a trusted pack's plugins (an id declared before stays the first's: a problem); of an
    untrusted one, only note the ids its plugins declare."""
    files = pack.code()
    if files and not trusted:
        code.untrusted_packs.append(pack)
    for name, source in files:
        declared = declared_behaviours(source)
        if not trusted:
            code.problems += taken_ids(declared & set(code.origins), code.origins, name, source, pack.id)
            code.problems += computed_ids(name, source, pack.id)
            code.untrusted.update(dict.fromkeys(declared - set(code.origins), pack))
            continue
        found: dict[str, Behaviour] = {}
        ran, problems = load_plugin(name, source, found)
        if ran:
            code.sources.append((name, source))
        code.problems += drop_unfit(found, declared, code.origins, name, source, pack.id)
        code.behaviours.update(found)
        code.origins.update(dict.fromkeys(found, (pack.id, name)))
        if ran or not declared:
            code.problems += [_of_pack(p, pack) for p in problems]
            continue
        (problem,) = problems
        code.failed.update(dict.fromkeys(declared, problem))
        code.origins.update(dict.fromkeys(declared, (pack.id, name)))


def _of_pack(problem: Problem, pack: Pack) -> Problem:
    """Say which pack a plugin problem belongs to."""
    message = f"pack '{pack.id}': {problem.message}"
    return Problem(problem.file, problem.line, problem.col, message, problem.path, PLUGIN)
