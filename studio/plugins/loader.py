"""Discovering and loading code behaviours from a plugin folder.

A plugin is a Python file; every :class:`Behaviour` subclass in it with an
``id`` becomes available to charms whose ``behaviour:`` names that id. Only
call this for code the user trusts: loading a plugin runs it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
import traceback
from pathlib import Path

from studio.content.problems import Problem
from studio.engine.behaviour import Behaviour


def load_plugin_dir(directory: Path) -> tuple[dict[str, Behaviour], list[Problem]]:
    """Import every ``*.py`` in ``directory``; return behaviours by id and load problems."""
    found: dict[str, Behaviour] = {}
    problems: list[Problem] = []
    if not directory.is_dir():
        return found, problems
    for path in sorted(directory.glob("*.py")):
        digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:10]
        name = f"studio_plugin_{path.stem}_{digest}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            problems.append(Problem(str(path), 1, 1, "cannot import plugin"))
            continue
        module = importlib.util.module_from_spec(spec)
        try:
            sys.modules[name] = module
            spec.loader.exec_module(module)
        except Exception as exc:  # a broken plugin must not take the tool down
            sys.modules.pop(name, None)
            line = _line_in(path, exc)
            problems.append(Problem(str(path), line, 1, f"plugin failed to load: {exc!r}"))
            continue
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Behaviour) and cls is not Behaviour and cls.id:
                if cls.id in found:
                    problems.append(Problem(str(path), 1, 1, f"behaviour '{cls.id}' defined twice"))
                found[cls.id] = cls()
    return found, problems


def _line_in(path: Path, exc: BaseException) -> int:
    """Return the line of ``path`` where ``exc`` was raised, or 1."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if Path(frame.filename) == path and frame.lineno:
            return frame.lineno
    lineno = getattr(exc, "lineno", None)
    return lineno if isinstance(lineno, int) else 1
