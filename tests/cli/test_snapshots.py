"""A command that only scores reuses the snapshot of the last sound load, and never a stale one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_fenced_plugins import HOOK, neon

from studio.content.fingerprint import code_fingerprint
from studio.content.io.paths import base_content_dir
from studio.content.models import ScenarioModel
from studio.content.packs.pack import base_pack
from studio.content.plain_scenarios import (
    DEFAULTS,
    INT_BOUNDS,
    LEVEL_BOUNDS,
    MAX_CHARMS,
    MAX_NAME,
    OPTIONAL_INT_BOUNDS,
    TIMES_BOUNDS,
)
from studio.content.scenarios import pack_scenarios, score_scenario
from studio.plugins.loading import load_base
from studio.plugins.snapshot import restore, save, snapshot_path

HAND = ["score", "KH 10H:glass 6H 4H 2H", "--held", "5D:steel", "--money", "17"]
CHARMS = ["--charm", "even_mult", "--charm", "money_mult", "--charm", "plain_mult", "--charm", "splash"]
GOOD = "from studio.plugins import Behaviour\n\n\nclass Boom(Behaviour):\n    id = 'neon_boom'\n\n    def hand(self, ctx, charm):\n        ctx.add_mult({mult}, charm)\n"


def test_every_base_scenario_scores_the_same_from_a_snapshot_and_from_a_full_load():
    content = load_base()
    save(("base",), content)
    snapshot = restore(("base",))
    assert snapshot is not None
    assert snapshot.catalog is not content.catalog
    assert content.catalog is not None
    scenarios, problems = pack_scenarios(base_pack())
    assert not problems and len(scenarios) > 50
    for s in scenarios:
        assert (
            score_scenario(s.model, snapshot.catalog).to_json()
            == score_scenario(s.model, content.catalog).to_json()
        ), s.label
    # the base game's code charm has its behaviour back
    assert snapshot.catalog.charms["five_alive"].behaviour is not None


def test_a_second_score_takes_the_snapshot_and_never_imports_the_content_models(studio_home):
    code = (
        "import sys\n"
        "from studio.cli.main import main\n"
        f"main({[*HAND, *CHARMS]!r})\n"
        "print('models' if 'studio.content.models' in sys.modules else 'no models')\n"
    )
    shutil.rmtree(studio_home / "cache" / "snapshots")  # a first start: no snapshot yet
    env = {**os.environ, "STUDIO_HOME": str(studio_home)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        ).stdout
        for _ in range(2)
    ]
    assert runs[0].splitlines()[-1] == "models"
    assert runs[1].splitlines()[-1] == "no models"
    assert runs[0].splitlines()[:-1] == runs[1].splitlines()[:-1]
    assert "Total = 67 x 46 = 3082" in runs[1]


def _pack(tmp_path: Path, mult: int) -> Path:
    root = neon(tmp_path, GOOD.format(mult=mult))
    (root / "charms" / "neon_plain.yaml").write_text(
        "id: neon_plain\nname: Plain\nabilities:\n  - trigger: hand\n    effects: [{kind: mult, amount: 3}]\n",
        encoding="utf-8",
    )
    return root


def test_a_changed_added_or_removed_pack_file_is_seen_at_once(studio, tmp_path):
    root = _pack(tmp_path, 5)
    args = ["score", "AS AH", "--pack", str(root), "--charm", "neon_plain"]
    assert "Total = 32 x 5 = 160" in studio(*args).out
    assert "Total = 32 x 5 = 160" in studio(*args).out  # from the snapshot
    charm = root / "charms" / "neon_plain.yaml"
    charm.write_text(charm.read_text(encoding="utf-8").replace("amount: 3", "amount: 4"), encoding="utf-8")
    assert "Total = 32 x 6 = 192" in studio(*args).out
    (root / "charms" / "neon_more.yaml").write_text(
        "id: neon_more\nname: More\nabilities:\n  - trigger: hand\n    effects: [{kind: points, amount: 8}]\n",
        encoding="utf-8",
    )
    assert "Total = 40 x 6 = 240" in studio(*args, "--charm", "neon_more").out
    (root / "charms" / "neon_more.yaml").unlink()
    gone = studio(*args, "--charm", "neon_more")
    assert gone.code == 2 and "unknown charm 'neon_more'" in gone.err


def test_trust_given_later_is_honoured_and_a_changed_plugin_runs_its_new_code(studio, tmp_path):
    root = _pack(tmp_path, 5)
    args = ["score", "AS AH", "--pack", str(root), "--charm", "neon_boom"]
    untrusted = studio(*args)  # refused: its code would not run
    assert untrusted.code == 2 and "not trusted" in untrusted.err and untrusted.out == ""
    again = studio(*args)  # the snapshot repeats the warning and the refusal, as a load does
    assert again.err == untrusted.err and again.code == 2
    assert "Total = 32 x 7 = 224" in studio(*args, "--trust").out
    assert "Total = 32 x 7 = 224" in studio(*args).out  # trusted now, from the snapshot
    (root / "plugins" / "boom.py").write_text(GOOD.format(mult=9), encoding="utf-8")
    changed = studio(*args)  # new code: its content hash changed, so trust must be given again
    assert changed.code == 2 and "not trusted" in changed.err


def test_a_code_charm_that_raises_from_a_snapshot_is_named_in_one_line(studio, tmp_path):
    root = neon(tmp_path, HOOK.format(body="raise RuntimeError('kaboom')"))
    args = ["score", "AS AH", "--charm", "neon_boom", "--pack", str(root)]
    first = studio(*args, "--trust")
    second = studio(*args)
    assert first.code == second.code == 1
    assert first.err == second.err
    assert second.err.startswith(
        f"studio score: error: charm neon_boom (pack 'neon', {root}/plugins/boom.py:8): "
    )


def test_an_installed_pack_changes_what_a_snapshot_serves(studio, tmp_path):
    root = _pack(tmp_path, 5)
    built = tmp_path / "neon.zip"
    assert studio("pack", "build", str(root), "-o", str(built)).code == 0
    args = ["score", "AS AH", "--pack", "neon", "--charm", "neon_plain"]
    assert studio(*args).code == 2  # not installed yet
    assert studio("pack", "install", str(built)).code == 0
    assert "Total = 32 x 5 = 160" in studio(*args).out
    charm = root / "charms" / "neon_plain.yaml"
    charm.write_text(charm.read_text(encoding="utf-8").replace("amount: 3", "amount: 7"), encoding="utf-8")
    (root / "pack.yaml").write_text("id: neon\nname: Neon\nversion: 1.1.0\n", encoding="utf-8")
    assert studio("pack", "build", str(root), "-o", str(built)).code == 0
    assert studio("pack", "install", str(built)).code == 0
    assert "Total = 32 x 9 = 288" in studio(*args).out


@pytest.mark.parametrize("damage", ["", "not a pickle", "another code's snapshot", "something else entirely"])
def test_a_damaged_snapshot_means_a_full_load_and_is_replaced(studio, damage):
    first = studio(*HAND, *CHARMS)
    path = snapshot_path(("base",))
    header = b"studio-snapshot-1\n" + code_fingerprint().encode() + b"\n"
    assert path.read_bytes().startswith(header)
    damage = {
        "not a pickle": header + b"not a pickle",
        "another code's snapshot": header.replace(b"1\n", b"1\n0", 1) + path.read_bytes()[len(header) :],
    }.get(damage, damage.encode())
    path.write_bytes(damage)
    again = studio(*HAND, *CHARMS)
    assert (again.code, again.out, again.err) == (first.code, first.out, first.err)
    assert path.read_bytes() != damage


def test_content_with_problems_leaves_no_snapshot(studio, tmp_path):
    root = tmp_path / "pack"
    shutil.copytree(base_content_dir() / "hands", root / "hands")
    (root / "pack.yaml").write_text("id: copy\nname: Copy\nversion: 1.0.0\n", encoding="utf-8")
    snapshot = snapshot_path(("no-base", f"path:{root.resolve()}"))
    assert studio("score", "AS AH", "--no-base", "--pack", str(root)).code == 0
    assert snapshot.exists()  # sound content leaves one
    snapshot.unlink()
    (root / "charms").mkdir()
    (root / "charms" / "broken.yaml").write_text("id: broken\nname: [\n", encoding="utf-8")
    run = studio("score", "AS AH", "--no-base", "--pack", str(root))
    assert run.code == 2 and "broken.yaml" in run.err
    assert not snapshot.exists()


def test_plain_scenario_bounds_and_defaults_are_the_models():
    fields = ScenarioModel.model_fields
    plain = {n: f.default for n, f in fields.items() if f.default_factory is None and not f.is_required()}
    assert plain == DEFAULTS

    def bounds(name: str) -> tuple[int, int]:
        meta = fields[name].metadata
        return next(m.ge for m in meta if hasattr(m, "ge")), next(m.le for m in meta if hasattr(m, "le"))

    assert {name: bounds(name) for name in INT_BOUNDS} == INT_BOUNDS
    assert {name: bounds(name) for name in OPTIONAL_INT_BOUNDS} == OPTIONAL_INT_BOUNDS
    schema = ScenarioModel.model_json_schema()["properties"]
    levels = schema["levels"]["additionalProperties"]
    assert (levels["minimum"], levels["maximum"]) == LEVEL_BOUNDS
    times = schema["times_played"]["additionalProperties"]
    assert (times["minimum"], times["maximum"]) == TIMES_BOUNDS
    assert schema["name"]["maxLength"] == MAX_NAME
    assert schema["charms"]["maxItems"] == MAX_CHARMS


def test_a_pack_named_relatively_is_found_again_from_another_folder(studio, tmp_path, monkeypatch):
    root = _pack(tmp_path, 5)
    monkeypatch.chdir(tmp_path)
    assert "Total = 32 x 5 = 160" in studio("score", "AS AH", "--pack", "neon", "--charm", "neon_plain").out
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert restore(("base", f"path:{root.resolve()}")) is not None  # the same pack, named another way
    assert (
        "Total = 32 x 5 = 160" in studio("score", "AS AH", "--pack", str(root), "--charm", "neon_plain").out
    )


def test_a_simulation_worker_starts_from_the_snapshot_too(studio, studio_home):
    assert studio(*HAND).code == 0  # leaves the snapshot of the base game
    code = (
        "import sys\n"
        "from studio.simulation.catalogs import load_catalog\n"
        "catalog = load_catalog(())\n"
        "print(len(catalog.charms), 'studio.content.models' in sys.modules)\n"
    )
    env = {**os.environ, "STUDIO_HOME": str(studio_home)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    count, models = out.stdout.split()
    assert int(count) == len(load_base().catalog.charms) and models == "False"
