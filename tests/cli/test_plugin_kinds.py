"""A trusted plugin extends the vocabulary: its kinds work from YAML like built-in ones; untrusted, they do not."""

from __future__ import annotations

import json
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
