"""The examples in the form's schema-node helpers (Qt-free) run and hold."""

from __future__ import annotations

import doctest

import studio.app.forms.nodes


def test_the_node_helpers_examples_hold() -> None:
    result = doctest.testmod(studio.app.forms.nodes)
    assert result.attempted > 0 and result.failed == 0
