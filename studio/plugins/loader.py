"""Discovering and loading code behaviours: plugin files of trusted packs, and installed packages.

A plugin is Python source; every :class:`Behaviour` subclass in it with an
``id`` becomes available to charms whose ``behaviour:`` names that id. Loading
a plugin runs it, so the caller passes only code the user trusts. For the rest,
:func:`declared_behaviours` reads which ids a file would provide without
running it. Packages installed with pip register modules or classes in the
entry-point group ``studio.plugins``; installing them was the user's choice.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import re
import sys
import traceback
import types
from collections.abc import Iterable, Mapping
from pathlib import PurePath
from typing import TYPE_CHECKING

from studio.content.io.text import clip
from studio.engine.behaviour import HOOKS, Behaviour
from studio.engine.names import did_you_mean

if TYPE_CHECKING:
    from studio.content.check.problems import Problem

ENTRY_POINT_GROUP = "studio.plugins"
#: Why an id is read from the source: Studio never runs untrusted code to learn what it defines.
_UNRUN = "Studio reads ids without running code"
_ID_LINE = re.compile(r"""^[ \t]+id\s*(?::[^=]*)?=\s*["']([^"']+)["']\s*$""", re.M)


def load_plugins(sources: Iterable[tuple[str, str]]) -> tuple[dict[str, Behaviour], list[Problem]]:
    """Run each (file name, source) plugin; return behaviours by id and load problems."""
    found: dict[str, Behaviour] = {}
    problems: list[Problem] = []
    for name, source in sources:
        problems += load_plugin(name, source, found)[1]
    return found, problems


def load_plugin(name: str, source: str, found: dict[str, Behaviour]) -> tuple[bool, list[Problem]]:
    """Run one plugin file; add its behaviours to ``found``; return whether it ran, and its problems.

    Any exception while the module runs (a syntax error, a failed import, an
    error in its body) becomes one problem at the line that raised it.
    """
    digest = hashlib.sha1(f"{name}\0{source}".encode()).hexdigest()[:10]
    module_name = f"studio_plugin_{PurePath(name).stem}_{digest}"
    module = types.ModuleType(module_name)
    module.__file__ = name
    try:
        code = compile(source, name, "exec")
        sys.modules[module_name] = module
        exec(code, module.__dict__)  # the caller vouches for this code: it is trusted
    except BaseException as exc:  # a broken plugin must not take the tool down, nor exit it (SystemExit)
        sys.modules.pop(module_name, None)
        why = clip(f"{type(exc).__name__}: {exc}", 300)  # a SyntaxError can quote a whole (huge) line
        return False, [_problem(name, _line_in(name, exc), f"plugin failed to load: {why}")]
    return True, _collect(module, name, found)


def entry_point_behaviours() -> tuple[dict[str, Behaviour], list[Problem]]:
    """Load the behaviours that installed packages register under ``studio.plugins``."""
    import importlib.metadata  # costs more than the rest of this module: only here

    found: dict[str, Behaviour] = {}
    problems: list[Problem] = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"entry point {ep.name} = {ep.value}"
        try:
            loaded = ep.load()
        except BaseException as exc:  # an installed package may be broken, or exit as it loads
            problems.append(_problem(where, 1, f"plugin failed to load: {type(exc).__name__}: {exc}"))
            continue
        if isinstance(loaded, types.ModuleType):
            problems += _collect(loaded, where, found)
        elif inspect.isclass(loaded) and issubclass(loaded, Behaviour) and loaded.id:
            try:
                found[loaded.id] = loaded()
            except BaseException as exc:  # the package's own constructor runs here
                problems.append(_problem(where, 1, f"behaviour failed to start: {type(exc).__name__}: {exc}"))
        else:
            problems.append(_problem(where, 1, "is neither a module nor a Behaviour class with an id"))
    return found, problems


def declared_behaviours(source: str) -> set[str]:
    """Return the behaviour ids a plugin's classes declare (``id = "..."``), without running it.

    A file Python cannot parse is read line by line for indented ``id = "..."``
    lines, so the charms that use a broken plugin can still be named.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # bad, NUL-holding or too deep source
        return set(_ID_LINE.findall(source))
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if (
                    isinstance(stmt, ast.Assign | ast.AnnAssign)
                    and any(isinstance(t, ast.Name) and t.id == "id" for t in _targets(stmt))
                    and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)
                ):
                    ids.add(stmt.value.value)
    return ids


def computed_ids(name: str, source: str, pack_id: str) -> list[Problem]:
    """A problem at its line for each ``Behaviour`` class of plugin file ``name`` of pack ``pack_id``
    that computes its ``id`` (``id = "up_" + "b"``) rather than writing it as a plain string: read
    without running it, as :func:`declared_behaviours` reads, so an untrusted pack is told too (its
    charms would find no behaviour where it is not trusted). A file Python cannot parse has none."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: list[Problem] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(ast.unparse(b).endswith("Behaviour") for b in node.bases):
            for stmt in node.body:
                if (
                    isinstance(stmt, ast.Assign | ast.AnnAssign)
                    and any(isinstance(t, ast.Name) and t.id == "id" for t in _targets(stmt))
                    and stmt.value is not None
                    and not (isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str))
                ):
                    why = f'write class {node.name}\'s behaviour id as a plain string (id = "...")'
                    found.append(_problem(name, stmt.lineno, f"pack '{pack_id}': {why}: {_UNRUN}"))
    return found


def _targets(stmt: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return list(stmt.targets) if isinstance(stmt, ast.Assign) else [stmt.target]


def _collect(module: types.ModuleType, name: str, found: dict[str, Behaviour]) -> list[Problem]:
    problems = []
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if (
            issubclass(cls, Behaviour)
            and cls is not Behaviour
            and cls.id
            and cls.__module__ == module.__name__
        ):
            if cls.id in found:
                problems.append(_problem(name, 1, f"behaviour '{cls.id}' is defined twice"))
            if not cls.overridden():
                problems.append(_no_hook(cls, name))
            try:
                found[cls.id] = cls()
            except BaseException as exc:  # the plugin's own constructor runs here
                why = clip(f"{type(exc).__name__}: {exc}", 300)
                problems.append(
                    _problem(name, _line_in(name, exc), f"behaviour '{cls.id}' failed to start: {why}")
                )
    return problems


def _at_mark(name: str, source: str, marks: tuple[str, ...], message: str) -> Problem:
    """A plugin problem at the first line of ``source`` holding one of ``marks`` (else line 1)."""
    lines = source.splitlines()
    return _problem(
        name, next((i for i, text in enumerate(lines, 1) if any(m in text for m in marks)), 1), message
    )


def _no_hook(cls: type[Behaviour], name: str) -> Problem:
    """A behaviour that overrides no hook never acts: most often a hook's name is misspelt (``hands``),
    which Python takes for a method of its own; the problem is at that method, else at the first."""
    methods = [f for f in vars(cls).values() if inspect.isfunction(f)]
    misspelt = [(f, hint) for f in methods if (hint := did_you_mean(f.__name__, HOOKS))]
    said = f"behaviour '{cls.id}' overrides no hook, so it never acts: "
    if misspelt:
        method, hint = misspelt[0]
        return _problem(name, method.__code__.co_firstlineno, f"{said}'{method.__name__}' is no hook{hint}")
    line = methods[0].__code__.co_firstlineno if methods else 1
    return _problem(name, line, f"{said}define one of {', '.join(HOOKS)}")


def _problem(where: str, line: int, text: str) -> Problem:
    """A plugin's load problem; the problems module is imported only then (a load that runs its
    plugins without a problem, as a snapshot's does on every command, never needs it)."""
    from studio.content.check.problems import PLUGIN, Problem

    return Problem(where, line, 1, text, stage=PLUGIN)


def _line_in(name: str, exc: BaseException) -> int:
    """Return the line of file ``name`` where ``exc`` was raised, or 1."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename == name and frame.lineno:
            return frame.lineno
    lineno = getattr(exc, "lineno", None)
    return lineno if isinstance(lineno, int) else 1


def drop_unfit(
    found: dict[str, Behaviour],
    declared: set[str],
    known: Mapping[str, tuple[str, str]],
    name: str,
    source: str,
    pack_id: str,
) -> list[Problem]:
    """Take out of ``found`` (the behaviours plugin file ``name`` of pack ``pack_id`` ran) each one
    whose id cannot stand, and return a problem for each, at its line:

    - an id ``known`` holds already (see :func:`taken_ids`);
    - an id the source does not spell as a plain string (``id = "up_" + "b"``, not in ``declared``):
      Studio reads untrusted code's ids without running it, so such an id would work where the pack
      is trusted and break its charms where it is not.
    """
    unfit = [b for b in found if b in known or b not in declared]
    problems = taken_ids({b for b in unfit if b in known}, known, name, source, pack_id)
    for behaviour_id in unfit:
        if behaviour_id not in known:
            why = f"write behaviour id '{behaviour_id}' as a plain string (id = \"{behaviour_id}\")"
            marks = (f"class {type(found[behaviour_id]).__name__}(",)
            problems.append(_at_mark(name, source, marks, f"pack '{pack_id}': {why}"))
        del found[behaviour_id]
    return problems


def taken_ids(
    ids: set[str], known: Mapping[str, tuple[str, str]], name: str, source: str, pack_id: str
) -> list[Problem]:
    """A problem at its line for each of ``ids`` (declared by plugin file ``name`` of pack ``pack_id``)
    that ``known`` (id -> the pack and file that declared it first) holds already: the first stands,
    for a pack changes another's charm by replacing the charm, naming a behaviour id of its own, never
    by taking over an id. Told whether or not the pack is trusted: its charm would run the other code."""
    problems = []
    for behaviour_id in sorted(ids):
        first = f"{known[behaviour_id][1]} (pack '{known[behaviour_id][0]}')"
        why = f"behaviour id '{behaviour_id}' is already defined in {first}; choose another id"
        marks = (f'"{behaviour_id}"', f"'{behaviour_id}'")
        problems.append(_at_mark(name, source, marks, f"pack '{pack_id}': {why}"))
    return problems
