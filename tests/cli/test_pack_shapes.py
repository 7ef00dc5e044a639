"""What a pack's files must look like, told before a build ships them: content file names, the
manifest's icon, the skeleton ``pack new`` writes, the layout of a zip, and what a test expects."""

from __future__ import annotations

from pathlib import Path

CHARM = "id: {id}\nname: C\npassive: [splash]\n"


def new_pack(studio, where: Path, pack_id: str = "f1") -> Path:  # type: ignore[no-untyped-def]
    run = studio("pack", "new", pack_id, "--dir", str(where))
    assert run.code == 0, run.err
    return where / pack_id


def test_a_content_file_whose_name_ends_in_no_content_suffix_is_a_problem_and_not_built(
    studio, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    pack = new_pack(studio, tmp_path)
    for name in ("f1_c.YAML", "f1_e.yaml.txt", "f1_g.Yml"):
        (pack / "charms" / name).write_text(CHARM.format(id=name.split(".")[0]), encoding="utf-8")
    (pack / "tests/more.JSON").write_text("[]", encoding="utf-8")
    for backup in ("f1_pair_bonus.yaml~", ".f1_pair_bonus.yaml.swp", "f1_pair_bonus.yaml.bak"):
        (pack / "charms" / backup).write_text("id: [\n", encoding="utf-8")  # an editor's: never content
    told = "not read: content files end in .yaml, .yml or .json"
    run = studio("validate", str(pack))
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{pack}/charms/f1_c.YAML:1:1: {told} (did you mean 'f1_c.yaml'?)",
        f"{pack}/charms/f1_e.yaml.txt:1:1: {told} (did you mean 'f1_e.yaml'?)",
        f"{pack}/charms/f1_g.Yml:1:1: {told} (did you mean 'f1_g.yml'?)",
        f"{pack}/tests/more.JSON:1:1: {told} (did you mean 'more.json'?)",
        "4 problem(s) in 4 file(s)",
    ]
    one = studio("validate", str(pack / "charms/f1_c.YAML"))  # the file itself: its problem, not "no content"
    assert one.code == 1 and one.out.splitlines()[0].endswith("(did you mean 'f1_c.yaml'?)"), one.err
    out = tmp_path / "f1.zip"
    built = studio("pack", "build", str(pack), "-o", str(out))
    assert built.code == 1 and not out.exists()
    assert built.out.splitlines()[-1] == "not built: 4 problem(s)"
    for name in ("f1_c.YAML", "f1_e.yaml.txt", "f1_g.Yml", "../tests/more.JSON"):
        (pack / "charms" / name).unlink()
    assert studio("validate", str(pack)).code == 0  # the backups say nothing
