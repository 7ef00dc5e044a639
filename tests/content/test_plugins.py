"""Code behaviours: pip-installed entry points, static reading of untrusted plugins."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.packs.pack import base_pack
from studio.plugins.faults import describe_fault
from studio.plugins.loader import declared_behaviours, load_plugins
from studio.plugins.loading import load_packs

MODULE = """\
from studio.plugins import Behaviour


class Quad(Behaviour):
    id = "ep_quad"

    def hand(self, ctx, charm):
        ctx.add_xmult(4, charm)
"""


def install_distribution(root: Path, entry: str) -> None:
    """Make a real installed distribution on sys.path, as pip would leave it."""
    (root / "ep_demo.py").write_text(MODULE, encoding="utf-8")
    info = root / "ep_demo-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ep-demo\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[studio.plugins]\ndemo = {entry}\n", encoding="utf-8")


@pytest.mark.parametrize("entry", ["ep_demo", "ep_demo:Quad"])
def test_pip_installed_behaviours_register_through_entry_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entry: str
) -> None:
    install_distribution(tmp_path, entry)
    monkeypatch.syspath_prepend(str(tmp_path))
    content = load_packs([base_pack()])
    assert content.problems == []
    assert "ep_quad" in content.behaviours


def test_a_broken_entry_point_is_a_problem_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_distribution(tmp_path, "ep_missing_module")
    monkeypatch.syspath_prepend(str(tmp_path))
    problems = [str(p) for p in load_packs([base_pack()]).problems]
    assert len(problems) == 1 and "entry point demo = ep_missing_module" in problems[0]
    assert "plugin failed to load" in problems[0]


def test_behaviour_ids_are_read_without_running_the_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    source = MODULE + f"\nopen({str(marker)!r}, 'w').close()\nclass Other:\n    id: str = 'not_a_string_id'\n"
    assert declared_behaviours(source) >= {"ep_quad"}
    assert not marker.exists()
    assert declared_behaviours("def broken(:") == set()


def test_a_plugin_defining_an_id_twice_is_a_problem() -> None:
    twice = MODULE + "\n\nclass Again(Quad):\n    id = 'ep_quad'\n"
    found, problems = load_plugins([("twice.py", twice)])
    assert "ep_quad" in found
    assert [p.message for p in problems] == ["behaviour 'ep_quad' is defined twice"]


def test_a_pip_installed_behaviour_that_raises_is_named_by_its_source_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ep_raising.py").write_text(MODULE.replace("ep_quad", "ep_raising"), encoding="utf-8")
    info = tmp_path / "ep_raising-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ep-raising\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text("[studio.plugins]\nraising = ep_raising\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    content = load_packs([base_pack()])
    try:
        content.behaviours["ep_raising"].hand(None, None)  # type: ignore[arg-type]  # no context: it raises
    except AttributeError as exc:
        line = describe_fault(exc, content)
    assert line == (
        f"(an installed package, {tmp_path}/ep_raising.py:8): behaviour 'ep_raising' raised "
        "AttributeError: 'NoneType' object has no attribute 'add_xmult'"
    )


def test_a_behaviour_that_overrides_no_hook_is_a_problem_at_the_misspelt_one() -> None:
    misspelt = MODULE.replace("def hand(", "def hands(")
    _, problems = load_plugins([("p.py", misspelt)])
    assert [(p.line, p.message) for p in problems] == [
        (
            7,
            "behaviour 'ep_quad' overrides no hook, so it never acts: 'hands' is no hook (did you mean 'hand'?)",
        )
    ]
    bare = 'from studio.plugins import Behaviour\n\n\nclass Idle(Behaviour):\n    id = "idle"\n'
    [problem] = load_plugins([("p.py", bare)])[1]
    assert problem.message.endswith(
        "define one of before, scored_card, held_card, hand, retriggers, discard, end_of_round"
    )
    assert load_plugins([("p.py", MODULE)])[1] == []
