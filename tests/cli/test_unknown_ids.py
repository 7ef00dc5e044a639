"""An unknown id is told with the option that wrote it, and with the installed pack that defines it when
the command did not load that pack (commands load only the packs --pack names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.packs.skeleton import write_skeleton

ADD = "the installed pack 'glowy' defines it; add --pack glowy"


@pytest.fixture
def installed(studio, tmp_path: Path) -> Path:
    """A pack 'glowy' with the charm shared_glow, built and installed (not given with --pack)."""
    root = tmp_path / "glowy"
    write_skeleton(root, "glowy")
    (root / "charms" / "shared_glow.yaml").write_text("id: shared_glow\nname: Glow\npassive: [splash]\n")
    assert studio("pack", "build", str(root), "-o", str(tmp_path / "glowy.zip")).code == 0
    assert studio("pack", "install", str(tmp_path / "glowy.zip")).code == 0
    return root


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "AS", "--charm", "shared_glow"],
        ["odds", "--charm", "shared_glow"],
        ["simulate", "--charm", "shared_glow", "--seed", "1", "--runs", "1"],
        ["run", "--charm", "shared_glow", "--seed", "1"],
    ],
    ids=["score", "odds", "simulate", "run"],
)
def test_a_charm_of_an_installed_pack_not_loaded_names_the_pack_to_add(studio, installed, argv):
    run = studio(*argv)
    assert run.code == 2
    assert run.err == (f"studio {argv[0]}: error: --charm shared_glow: unknown charm 'shared_glow': {ADD}\n")


def test_the_pack_named_replaces_a_suggestion_of_another_charm(studio, installed):
    run = studio("score", "AS", "--charm", "glowy_pair_bonus")
    assert run.code == 2
    assert "did you mean" not in run.err
    assert run.err.rstrip().endswith(
        "unknown charm 'glowy_pair_bonus': the installed pack 'glowy' defines it; add --pack glowy"
    )


def test_with_the_pack_loaded_the_charm_scores_and_an_id_no_pack_defines_is_told_as_before(studio, installed):
    assert studio("score", "AS", "--charm", "shared_glow", "--pack", "glowy").code == 0
    run = studio("simulate", "--charm", "pair_mul", "--seed", "1", "--runs", "1")
    assert run.err == (
        "studio simulate: error: --charm pair_mul: unknown charm 'pair_mul' (did you mean 'pair_mult'?)\n"
    )
