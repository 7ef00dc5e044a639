"""A trusted plugin extends the vocabulary: its kinds work from YAML like built-in ones; untrusted, they do not."""

from __future__ import annotations

import json
import os
from pathlib import Path

from plugin_kinds import write_halver


def halver(studio, where: Path) -> Path:  # type: ignore[no-untyped-def]
    made = studio("pack", "new", "halver", "--dir", str(where))
    assert made.code == 0, made.err
    return write_halver(where / "halver")


def test_a_trusted_plugins_kinds_validate_score_and_read_like_built_ins(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = halver(studio, tmp_path)
    tested = studio("test", "--pack", str(pack), "--trust")
    assert tested.code == 0, tested.out + tested.err
    listed = studio("list", "charms", "--pack", str(pack), "--trust", "--json")
    text = next(r["description"] for r in json.loads(listed.out) if r["id"] == "halver_red_giant")
    assert text == "+1 Mult for every 10 played ranks and halve Points if every played card is red"


def test_an_untrusted_pack_cannot_extend_the_vocabulary(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = halver(studio, tmp_path)
    run = studio("validate", str(pack))
    assert run.code == 1
    assert "halve_points" in run.out and "all_red" in run.out
    assert studio("test", "--pack", str(pack), "--trust").code == 0  # trusted, it works
    assert studio("validate", str(pack)).code == 0  # trust is remembered for this content
    plugin = pack / "plugins/halving.py"
    plugin.write_text(plugin.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    again = studio("validate", str(pack))  # changed code is untrusted: the same process forgets its kinds
    assert again.code == 1 and "halve_points" in again.out


def test_the_schema_of_a_trusted_load_holds_the_plugin_kinds(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from studio.content.extensions import plugin_kinds, reset
    from studio.content.schemas import schema_for

    pack = halver(studio, tmp_path)
    assert studio("test", "--pack", str(pack), "--trust").code == 0
    try:
        assert plugin_kinds() == ["condition:all_red", "effect:halve_points", "value:rank_total"]
        text = json.dumps(schema_for("charm"))
        assert '"halve_points"' in text and '"all_red"' in text and '"rank_total"' in text
    finally:
        reset()
    assert '"halve_points"' not in json.dumps(schema_for("charm"))


def test_a_pack_that_builds_with_its_kinds_installs_when_its_code_is_trusted(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = halver(studio, tmp_path)
    archive = tmp_path / "halver.zip"
    assert studio("pack", "build", str(pack), "-o", str(archive), "--trust").code == 0
    (Path(os.environ["STUDIO_HOME"]) / "trust.json").unlink()  # another player, who has not trusted it
    refused = studio("pack", "install", str(archive))
    assert refused.code == 2 and "the pack has problems: " in refused.err  # its kinds are unknown
    assert refused.err.endswith("(its code is not trusted, so kinds of rule it adds are unknown: --trust)\n")
    assert studio("pack", "list").out.startswith("no packs installed")
    installed = studio("pack", "install", str(archive), "--trust")
    assert installed.code == 0, installed.err
    assert studio("test", "--pack", "halver").code == 0  # installed and trusted: its tests pass


def test_an_untrusted_pack_with_code_says_so_even_when_no_charm_is_disabled(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = halver(studio, tmp_path)
    run = studio("validate", str(pack))
    assert (
        f"{pack / 'pack.yaml'}:1:1: pack 'halver' is not trusted, so its code does not run (trust it"
        in run.err
    )
