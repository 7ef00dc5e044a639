"""A built pack is a .zip: other names are refused before anything is written, with the name to give."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.packs.skeleton import write_skeleton


@pytest.mark.parametrize(("name", "meant"), [("named.tar", "named.zip"), ("named", "named.zip")])
def test_a_build_named_other_than_zip_is_refused_naming_the_zip_name(studio, tmp_path: Path, name, meant):
    write_skeleton(tmp_path / "pack" / "named", "named")
    out = tmp_path / name
    run = studio("pack", "build", str(tmp_path / "pack" / "named"), "-o", str(out))
    assert run.code == 2
    assert run.err == f"studio pack: error: {out}: a built pack is a .zip file; name it {meant}\n"
    assert not out.exists()
    zipped = out.with_name("Named.ZIP")
    assert studio("pack", "build", str(tmp_path / "pack" / "named"), "-o", str(zipped)).code == 0


def test_a_pack_id_with_accents_is_told_the_id_without_them(studio, tmp_path: Path):
    run = studio("pack", "new", "Néon Café", "--dir", str(tmp_path))
    assert run.code == 2 and run.err.rstrip().endswith("(did you mean 'neon_cafe'?)"), run.err
