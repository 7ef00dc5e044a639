"""A plugin that fails to load is one problem naming the charms that use it, its pack and its file."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.check.problems import PLUGIN
from studio.content.packs.pack import base_pack, open_pack
from studio.plugins.loading import load_packs

CHARM = "id: neon_triple\nname: Triple\ndescription: X3 Mult\nbehaviour: neon_triple\n"
GOOD = "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n    id = 'neon_triple'\n\n    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"

BROKEN = {
    "an import error": (
        "import not_a_module_anywhere\n" + GOOD,
        1,
        "ModuleNotFoundError: No module named 'not_a_module_anywhere'",
    ),
    "a syntax error": (
        GOOD.replace("def hand(self, ctx, charm):", "def hand(self, ctx, charm)"),
        7,
        "SyntaxError",
    ),
    "an exception in the module": (GOOD + "\n1 / 0\n", 10, "ZeroDivisionError: division by zero"),
}


def neon(tmp_path: Path, plugin: str) -> Path:
    root = tmp_path / "neon"
    (root / "charms").mkdir(parents=True)
    (root / "plugins").mkdir()
    (root / "pack.yaml").write_text("id: neon\nname: Neon\nversion: 1.0.0\n", encoding="utf-8")
    (root / "charms" / "neon_triple.yaml").write_text(CHARM, encoding="utf-8")
    (root / "plugins" / "triple.py").write_text(plugin, encoding="utf-8")
    return root


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_plugin_that_fails_to_load_is_one_problem_naming_charm_pack_and_file(
    tmp_path: Path, case: str
) -> None:
    source, line, why = BROKEN[case]
    root = neon(tmp_path, source)
    pack, _ = open_pack(root)
    assert pack is not None
    content = load_packs([base_pack(), pack], lambda p: True)
    (problem,) = content.problems
    text = str(problem)
    assert text.startswith(
        f"{root}/plugins/triple.py:{line}:1: charm neon_triple (pack 'neon'): plugin failed to load: "
    )
    assert why in text
    assert problem.stage == PLUGIN
    assert content.catalog is None


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_the_editor_tells_a_plugin_that_fails_to_load_as_the_command_line_does(
    tmp_path: Path, case: str
) -> None:
    """One problem naming the charm, never also an 'unknown behaviour' at the charm that names it."""
    from studio.workspace import Workspace

    root = neon(tmp_path, BROKEN[case][0])
    pack, _ = open_pack(root)
    assert pack is not None
    told = [str(p) for p in load_packs([base_pack(), pack], lambda p: True).problems]
    ws = Workspace.open([root], trust=True)
    assert [f"{p.path}:{p.line}:{p.col}: {p.message}" for p in ws.problems()] == told


def test_a_sound_plugin_records_where_each_behaviour_comes_from(tmp_path: Path) -> None:
    root = neon(tmp_path, GOOD)
    pack, _ = open_pack(root)
    assert pack is not None
    content = load_packs([base_pack(), pack], lambda p: True)
    assert content.problems == []
    assert content.charm_origin("neon_triple") == ("neon_triple", "neon", f"{root}/plugins/triple.py")
