"""Code charms are fenced: a plugin that fails to load or a hook that raises is one line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.packs.pack import base_pack, open_pack
from studio.plugins.faults import describe_fault
from studio.plugins.loading import load_packs

CHARM = "id: neon_boom\nname: Boom\ndescription: Goes off\nbehaviour: neon_boom\n"
HOOK = "from studio.plugins import Behaviour\n\n\nclass Boom(Behaviour):\n    id = 'neon_boom'\n\n    def hand(self, ctx, charm):\n        {body}\n"
TESTS = """\
- name: the code charm raises
  played: AS AH
  charms: [neon_boom]
  expect: {total: 64}
- name: a plain pair still scores
  played: AS AH
  expect: {total: 64}
"""


def neon(tmp_path: Path, plugin: str) -> Path:
    root = tmp_path / "neon"
    for folder in ("charms", "plugins", "tests"):
        (root / folder).mkdir(parents=True)
    (root / "pack.yaml").write_text("id: neon\nname: Neon\nversion: 1.0.0\n", encoding="utf-8")
    (root / "charms" / "neon_boom.yaml").write_text(CHARM, encoding="utf-8")
    (root / "plugins" / "boom.py").write_text(plugin, encoding="utf-8")
    (root / "tests" / "boom.yaml").write_text(TESTS, encoding="utf-8")
    return root


def one_line(text: str) -> str:
    assert "Traceback" not in text
    (line,) = text.splitlines()
    return line


@pytest.mark.parametrize("body", ["raise RuntimeError('kaboom')", "ctx.no_such_helper()", "1 / 0"])
def test_a_hook_that_raises_makes_score_exit_1_with_one_line_naming_charm_pack_and_file(
    studio, tmp_path, body
):
    root = neon(tmp_path, HOOK.format(body=body))
    run = studio("score", "AS AH", "--charm", "neon_boom", "--pack", str(root), "--trust")
    assert run.code == 1
    line = one_line(run.err)
    assert line.startswith(f"studio score: error: charm neon_boom (pack 'neon', {root}/plugins/boom.py:8): ")
    assert "behaviour 'neon_boom' raised" in line


def test_a_hook_asking_for_a_helper_that_does_not_exist_is_told_the_closest(studio, tmp_path):
    root = neon(tmp_path, HOOK.format(body="ctx.add_xmul(3, charm)"))
    hint = "AttributeError: 'CharmContext' object has no attribute 'add_xmul' (did you mean 'add_xmult'?)"
    for command in (("score", "AS AH"), ("run", "--seed", "1", "--bot", "fast")):
        run = studio(*command, "--charm", "neon_boom", "--pack", str(root), "--trust")
        assert run.code == 1 and one_line(run.err).endswith(hint), run.err


def test_a_hook_that_raises_fails_its_scenario_and_studio_test_goes_on(studio, tmp_path):
    root = neon(tmp_path, HOOK.format(body="raise RuntimeError('kaboom')"))
    run = studio("test", str(root), "--trust")
    assert run.code == 1
    assert "Traceback" not in run.out + run.err
    errors = [line for line in run.out.splitlines() if line.startswith("ERROR")]
    assert errors == [
        f"ERROR {root}/tests/boom.yaml:1: the code charm raises: charm neon_boom (pack 'neon', "
        f"{root}/plugins/boom.py:8): behaviour 'neon_boom' raised RuntimeError: kaboom"
    ]
    assert run.out.splitlines()[-1] == "1 passed, 1 failed"


@pytest.mark.parametrize(
    ("plugin", "line", "why"),
    [
        ("import no_such_module_anywhere\n" + HOOK.format(body="pass"), 1, "ModuleNotFoundError"),
        (
            HOOK.format(body="pass").replace("def hand(self, ctx, charm):", "def hand(self, ctx, charm)"),
            7,
            "SyntaxError",
        ),
        (HOOK.format(body="pass") + "\nraise ValueError('bad module')\n", 10, "ValueError: bad module"),
    ],
    ids=["import error", "syntax error", "exception in the module"],
)
def test_a_plugin_that_fails_to_load_is_exit_1_with_one_line(studio, tmp_path, plugin, line, why):
    root = neon(tmp_path, plugin)
    run = studio("score", "AS AH", "--charm", "neon_boom", "--pack", str(root), "--trust")
    assert run.code == 1
    text = one_line(run.err)
    assert text.startswith(
        f"studio score: error: {root}/plugins/boom.py:{line}:1: charm neon_boom (pack 'neon'): plugin failed to load: "
    )
    assert why in text


@pytest.mark.parametrize(
    ("plugin", "line", "why"),
    [
        ("import no_such_module_anywhere\n" + HOOK.format(body="pass"), 1, "ModuleNotFoundError"),
        (HOOK.format(body="pass") + "\nraise ValueError('bad module')\n", 10, "ValueError: bad module"),
    ],
    ids=["import error", "exception in the module"],
)
def test_studio_test_with_a_plugin_that_fails_to_load_runs_the_scenarios_without_its_charms(
    studio, tmp_path, plugin, line, why
):
    """The data-only scenario runs and passes; the one with the plugin's charm is an ERROR naming the
    failure, which is also told as validate tells it: exit 1, a pack's code that failed."""
    root = neon(tmp_path, plugin)
    run = studio("test", "--pack", str(root), "--trust")
    assert run.code == 1, run.out + run.err
    assert "Traceback" not in run.out + run.err
    problem = f"{root}/plugins/boom.py:{line}:1: charm neon_boom (pack 'neon'): plugin failed to load: "
    lines = run.out.splitlines()
    assert lines[0].startswith(problem) and why in lines[0]
    assert lines[1] == "1 problem(s) in 1 file(s)"
    (error,) = [line for line in lines if line.startswith("ERROR")]
    assert error.startswith(
        f"ERROR {root}/tests/boom.yaml:1: the code charm raises: charm neon_boom cannot be used: "
        f"{root}/plugins/boom.py:{line}:1: plugin failed to load: "
    )
    assert lines[-1] == "1 passed, 1 failed"


def test_validate_reports_a_broken_plugin_once(studio, tmp_path):
    root = neon(tmp_path, "import no_such_module_anywhere\n" + HOOK.format(body="pass"))
    run = studio("validate", str(root), "--trust")
    assert run.code == 1
    assert run.out.splitlines()[0].startswith(f"{root}/plugins/boom.py:1:1: charm neon_boom (pack 'neon')")
    assert run.out.splitlines()[-1] == "1 problem(s) in 1 file(s)"


def test_pack_build_reports_a_raising_hook_as_a_failing_test(studio, tmp_path):
    root = neon(tmp_path, HOOK.format(body="raise RuntimeError('kaboom')"))
    run = studio("pack", "build", str(root), "-o", str(tmp_path / "neon.zip"), "--trust")
    assert run.code == 1
    assert "Traceback" not in run.out + run.err
    assert "behaviour 'neon_boom' raised RuntimeError: kaboom" in run.out
    assert run.out.splitlines()[-1] == "not built: 1 failing test(s)"
    assert not (tmp_path / "neon.zip").exists()


def test_an_engine_error_that_names_the_charm_is_described_with_its_pack_and_file(tmp_path):
    """The engine may wrap a hook's exception in an error carrying the charm id; the line stays the same."""
    root = neon(tmp_path, HOOK.format(body="pass"))
    pack, _ = open_pack(root)
    assert pack is not None
    content = load_packs([base_pack(), pack], lambda p: True)

    class WrappedError(ValueError):
        charm_id = "neon_boom"

    try:
        try:
            raise KeyError("inner")
        except KeyError as inner:
            raise WrappedError("neon_boom failed") from inner
    except WrappedError as exc:
        line = describe_fault(exc, content)
    assert (
        line
        == f"charm neon_boom (pack 'neon', {root}/plugins/boom.py): behaviour 'neon_boom' raised KeyError: 'inner'"
    )


def test_a_hook_that_changes_the_score_behind_the_trace_is_one_line_naming_it(studio, tmp_path):
    root = neon(tmp_path, HOOK.format(body="ctx._ctx.points += 1000"))
    run = studio("score", "AS AH", "--charm", "neon_boom", "--pack", str(root), "--trust")
    assert run.code == 1
    line = one_line(run.err)
    assert line == (
        f"studio score: error: charm neon_boom (pack 'neon', {root}/plugins/boom.py): behaviour 'neon_boom' "
        "failed: it changed Points, Mult or money without an effect (use the add_... methods)"
    )


ESCAPES = ["raise SystemExit(0)", "raise SystemExit('bye')", "raise KeyboardInterrupt", "exit()"]


@pytest.mark.parametrize("body", ESCAPES)
def test_a_hook_that_exits_is_that_plugins_failure_for_every_command(studio, tmp_path, body):
    """``SystemExit`` is not an Exception: unfenced, it ended the command with exit 0, having done nothing."""
    root = neon(tmp_path, HOOK.format(body=body))
    score = studio("score", "AS AH", "--charm", "neon_boom", "--pack", str(root), "--trust")
    assert score.code == 1
    assert "behaviour 'neon_boom' raised" in one_line(score.err)
    test = studio("test", str(root), "--trust")
    assert test.code == 1
    assert test.out.splitlines()[-1] == "1 passed, 1 failed"
    build = studio("pack", "build", str(root), "-o", str(tmp_path / "neon.zip"), "--trust")
    assert build.code == 1
    assert build.out.splitlines()[-1] == "not built: 1 failing test(s)"
    assert not (tmp_path / "neon.zip").exists()


@pytest.mark.parametrize("body", ESCAPES)
def test_a_plugin_that_exits_as_it_loads_is_a_problem_for_every_command(studio, tmp_path, body):
    root = neon(tmp_path, HOOK.format(body="pass") + f"\n{body}\n")
    validate = studio("validate", str(root), "--trust")
    assert validate.code == 1
    assert "plugin failed to load" in validate.out
    score = studio("score", "AS AH", "--charm", "neon_boom", "--pack", str(root), "--trust")
    assert score.code == 1
    assert "plugin failed to load" in one_line(score.err)
    test = studio("test", "--pack", str(root), "--trust")
    assert test.code == 1
    assert "plugin failed to load" in test.out.splitlines()[0]
    assert test.out.splitlines()[-1] == "1 passed, 1 failed"
    build = studio("pack", "build", str(root), "-o", str(tmp_path / "neon.zip"), "--trust")
    assert build.code == 1
    assert not (tmp_path / "neon.zip").exists()


def test_a_behaviour_whose_constructor_exits_is_a_problem(studio, tmp_path):
    plugin = HOOK.format(body="pass") + "\n    def __init__(self):\n        raise SystemExit(3)\n"
    root = neon(tmp_path, plugin)
    run = studio("validate", str(root), "--trust")
    assert run.code == 1
    assert "behaviour 'neon_boom' failed to start: SystemExit: 3" in run.out
