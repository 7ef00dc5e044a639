"""The service functions the command line and the editor share, on real packs on disk."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from studio.content.packs.skeleton import write_skeleton
from studio.services.checks import run_scenarios, validate
from studio.services.errors import Cancelled, ServiceError
from studio.services.loading import load
from studio.services.packs import build, install_pack, list_installed, new_pack, remove_pack
from studio.services.simulating import simulate
from studio.simulation.paired import Comparison
from studio.simulation.report import Report
from studio.simulation.spec import SimulationSpec


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A new pack as ``studio pack new`` makes it: one charm, one passing test."""
    folder = tmp_path / "neon"
    write_skeleton(folder, "neon")
    return folder


def _break_test(pack: Path) -> None:
    test = pack / "tests" / "example.yaml"
    test.write_text(test.read_text(encoding="utf-8").replace("total: 384", "total: 385"), encoding="utf-8")


def test_validate_returns_the_problems_and_the_files_checked(pack: Path) -> None:
    sound = validate([pack])
    assert sound.ok and sound.problems == [] and sound.checked > 1
    assert [line.text for line in sound.lines()] == [f"ok: {sound.checked} file(s) checked"]
    (pack / "charms" / "neon_pair_bonus.yaml").write_text("id: neon_pair_bonus\nname: [\n", encoding="utf-8")
    broken = validate([pack])
    assert not broken.ok
    assert any(p.file.endswith("neon_pair_bonus.yaml") for p in broken.problems)
    assert {line.tone for line in broken.lines()[:-1]} == {"bad"}


def test_validate_refuses_a_missing_path(tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="no such file or folder") as caught:
        validate([tmp_path / "nowhere"])
    assert not caught.value.ran


def test_run_scenarios_says_pass_or_fail_per_scenario_with_its_diff(pack: Path) -> None:
    heard: list[tuple[int, int, str]] = []
    passing = run_scenarios(packs=[str(pack)], progress=lambda *step: heard.append(step))
    assert passing.ok and passing.passed == 1 and [r.status for r in passing.results] == ["passed"]
    assert heard[-1][:2] == (1, 1)
    _break_test(pack)
    failing = run_scenarios(packs=[str(pack)])
    (result,) = failing.results
    assert (failing.passed, failing.failed, result.status) == (0, 1, "failed")
    assert any("total" in m for m in result.mismatches)
    assert "trace" in result.diff and "base pair" in result.diff  # totals compared: the trace as it ran
    assert failing.lines()[-1].text == "0 passed, 1 failed" and failing.lines()[-1].tone == "bad"


def test_run_scenarios_gives_one_error_per_scenario_with_each_problem_located(pack: Path) -> None:
    test = pack / "tests" / "example.yaml"
    text = test.read_text(encoding="utf-8")
    test.write_text(text.replace("played: AS AH", "played: AS XX\nboss: flnt"), encoding="utf-8")
    run = run_scenarios([pack])
    (result,) = run.results
    assert (run.passed, run.failed, result.status) == (0, 1, "error")
    assert [(p.line, p.path) for p in result.problems] == [(5, "$.played"), (6, "$.boss")]
    assert all(p.file == str(test) for p in result.problems)


def test_run_scenarios_stops_when_cancelled(pack: Path) -> None:
    with pytest.raises(Cancelled):
        run_scenarios(packs=[str(pack)], cancelled=lambda: True)


def test_build_writes_the_zip_and_returns_its_hashes(pack: Path, tmp_path: Path) -> None:
    out = tmp_path / "neon.zip"
    built = build(pack, out)
    assert built.ok and built.output == out
    assert built.sha256 == hashlib.sha256(out.read_bytes()).hexdigest()
    assert [line.text for line in built.lines()][1:] == [
        f"sha256 {built.sha256}",
        f"content hash {built.pack.hash}",
    ]


def test_build_refuses_a_pack_whose_tests_fail(pack: Path, tmp_path: Path) -> None:
    _break_test(pack)
    refused = build(pack, tmp_path / "neon.zip")
    assert not refused.ok and not (tmp_path / "neon.zip").exists()
    assert refused.failures and refused.lines()[-1].text == "not built: 1 failing test(s)"


def test_build_tells_a_failing_test_as_studio_test_does(pack: Path, tmp_path: Path) -> None:
    """A modder reads one format of a failing scenario, with its trace diff, whichever command ran it; the
    count is of scenarios, not of their wrong fields."""
    test = pack / "tests" / "example.yaml"
    test.write_text(
        test.read_text(encoding="utf-8").replace("hand_type: pair", "hand_type: flush"), encoding="utf-8"
    )
    _break_test(pack)
    refused = build(pack, tmp_path / "neon.zip")
    told = run_scenarios([pack])
    assert [line.text for line in refused.lines()[:-1]] == [line.text for line in told.lines()[:-1]]
    assert any(line.text.startswith("FAIL ") for line in refused.lines())
    assert refused.lines()[-1].text == "not built: 1 failing test(s)"


def test_install_list_and_remove_a_built_pack(pack: Path, tmp_path: Path, studio_home: Path) -> None:
    out = tmp_path / "neon.zip"
    assert build(pack, out).ok
    installed = install_pack(out)
    assert installed.pack.id == "neon" and installed.pack.origin == studio_home / "packs" / "neon"
    (listed,) = list_installed().packs
    assert listed.pack.id == "neon" and listed.to_json()["from"] == "data folder"
    removed = remove_pack("neon")
    assert removed.folder == studio_home / "packs" / "neon"
    assert list_installed().packs == []
    with pytest.raises(ServiceError, match="no installed pack 'neon'"):
        remove_pack("neon")


def test_new_pack_writes_the_skeleton_and_refuses_a_bad_id(tmp_path: Path) -> None:
    made = new_pack("glow", tmp_path)
    assert made.folder == tmp_path / "glow" and (tmp_path / "glow" / "pack.yaml") in made.written
    assert made.lines()[-1].text.startswith("created pack 'glow'")
    with pytest.raises(ServiceError, match="bad pack id"):
        new_pack("Glow!", tmp_path)


def test_load_names_an_unknown_pack(tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="no such pack folder, zip or installed pack"):
        load(["no_such_pack"])


def test_load_leaves_out_a_pack_missing_a_dependency_and_loads_the_rest(pack: Path) -> None:
    manifest = pack / "pack.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8") + "  - {id: glow, version: ^1.0.0}\n", encoding="utf-8"
    )
    content = load([pack]).content
    assert any("needs pack 'glow'" in p.message for p in content.problems)
    assert [p.id for p in content.packs] == ["base"]


def test_simulate_returns_the_report_and_a_comparison(pack: Path) -> None:
    heard: list[tuple[int, int, str]] = []
    spec = SimulationSpec(bot="fast", runs=2, seed=1, packs=(str(pack),))
    report = simulate(spec, progress=lambda *step: heard.append(step))
    assert isinstance(report, Report) and report.runs == 2 and heard[-1] == (2, 2, "runs")
    paired = simulate(
        SimulationSpec(bot="fast", runs=2, seed=1, charms=("neon_pair_bonus",), packs=(str(pack),)),
        paired=True,
    )
    assert isinstance(paired, Comparison) and paired.paired.runs == 2


def test_simulate_names_content_that_does_not_load() -> None:
    with pytest.raises(ServiceError, match="no_such_pack"):
        simulate(SimulationSpec(bot="fast", runs=1, seed=1, packs=("no_such_pack",)))
