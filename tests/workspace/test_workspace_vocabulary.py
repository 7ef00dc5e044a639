"""A workspace has the kinds of rule of its own trusted packs: none left over from one opened before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plugin_kinds import write_halver

from studio.content.packs.skeleton import write_skeleton
from studio.workspace import Workspace

pytestmark = pytest.mark.usefixtures("plugin_kinds_forgotten")  # the halver's kinds stay in its tests


def test_a_workspace_opened_after_one_with_plugin_kinds_has_none_of_them(tmp_path: Path) -> None:
    halver = tmp_path / "halver"
    write_skeleton(halver, "halver")
    write_halver(halver)
    first = Workspace.open([halver], trust=True)
    assert '"halve_points"' in json.dumps(first.schema("charm"))
    plain = tmp_path / "plain"
    write_skeleton(plain, "plain")
    second = Workspace.open([plain])
    # Its forms offered the halver's kinds, and a charm using them validated here but not in `studio validate`.
    schema = json.dumps(second.schema("charm"))
    assert '"halve_points"' not in schema and '"all_red"' not in schema and '"rank_total"' not in schema
