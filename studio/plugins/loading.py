"""Loading packs with their code: the layer above content that decides what code runs.

Content never runs code. This module runs the plugins of the packs the caller
trusts (and the pip-installed entry points), reads the ids that untrusted
plugins declare without running them, and hands both to
:func:`studio.content.registry.assemble`, which merges and checks the entries.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence

from studio.content.check.problems import PLUGIN, Problem
from studio.content.extensions import reset as reset_vocabulary
from studio.content.packs.pack import Pack, base_pack
from studio.content.registry import Code, Content, Trusted, assemble, builtin_only
from studio.engine.behaviour import Behaviour
from studio.plugins.loader import (
    declared_behaviours,
    drop_unfit,
    entry_point_behaviours,
    load_plugin,
)


def load_code(packs: Sequence[Pack], trusted: Trusted = builtin_only) -> Code:
    """Run the trusted packs' plugins and the entry points; read the untrusted ones' ids.

    The vocabulary starts from the built-in kinds: only the plugins run here may add to it.
    """
    reset_vocabulary()
    code = Code()
    code.behaviours, code.problems = entry_point_behaviours()
    for behaviour_id, behaviour in code.behaviours.items():  # pip-installed: named by their source file
        where = inspect.getsourcefile(type(behaviour)) or type(behaviour).__module__
        code.origins[behaviour_id] = ("installed package", where)
    for pack in packs:
        files = pack.code()
        if files and not trusted(pack):
            code.untrusted_packs.append(pack)
        for name, source in files:
            declared = declared_behaviours(source)
            if not trusted(pack):
                code.untrusted.update(dict.fromkeys(declared, pack))
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
    return code


def load_packs(
    packs: Sequence[Pack], trusted: Trusted = builtin_only, requested: Sequence[Pack] | None = None
) -> Content:
    """Load packs (already in load order): the code the caller trusts, then entries, then cross-checks;
    ``requested``: the packs asked for by name (the rest came in as dependencies; default: none did)."""
    return assemble(packs, load_code(packs, trusted), requested)


def load_base() -> Content:
    """Load the base game alone, with its own code."""
    return load_packs([base_pack()])


def _of_pack(problem: Problem, pack: Pack) -> Problem:
    """Say which pack a plugin problem belongs to."""
    message = f"pack '{pack.id}': {problem.message}"
    return Problem(problem.file, problem.line, problem.col, message, problem.path, PLUGIN)
