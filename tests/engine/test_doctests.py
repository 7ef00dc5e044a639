"""The examples in the engine's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import studio.engine

#: Every engine module, those of its sub-packages (kinds, ...) included.
MODULES = sorted(m.name for m in pkgutil.walk_packages(studio.engine.__path__, "studio.engine."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
