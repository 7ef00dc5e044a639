"""What a pack's files must look like, told before a build ships them: content file names, the
manifest's icon, the skeleton ``pack new`` writes, the layout of a zip, and what a test expects."""

from __future__ import annotations

import zipfile
from pathlib import Path

from art_files import png

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
    assert studio("pack", "build", str(pack), "-o", str(out)).code == 0
    with zipfile.ZipFile(out) as z:  # nor ship: a build shipped x.yaml~ and x.yaml.bak
        assert [n for n in z.namelist() if n.startswith("charms/")] == ["charms/f1_pair_bonus.yaml"]


def zipped(folder: Path, out: Path, top: str = "") -> Path:
    """Zip a pack folder by hand, as a modder's archiver would (``top``: a folder the files sit in)."""
    with zipfile.ZipFile(out, "w") as z:
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder).as_posix()
            if path.is_file() and not rel.startswith("."):
                z.write(path, top + rel)
    return out


def test_the_manifests_icon_is_checked_as_an_entrys_art_is(studio, tmp_path: Path, studio_home: Path) -> None:  # type: ignore[no-untyped-def]
    pack = new_pack(studio, tmp_path)
    manifest = (pack / "pack.yaml").read_text(encoding="utf-8")
    (pack / "icon.png").write_bytes(png(32, 32))
    (pack / "notes.png").write_text("not a picture\n", encoding="utf-8")
    (pack / "huge.png").write_bytes(png(2048, 16))
    wrong = {
        "../../etc/passwd": "'../../etc/passwd' is not a plain path from the pack folder (no '.', '..' or "
        "'//'): e.g. icon.png",
        "/etc/icon.png": "'/etc/icon.png' is an absolute path: give a path inside the pack folder, e.g. icon.png",
        "README.md": "'README.md' is not allowed: the icon is a .png file inside the pack, e.g. icon.png",
        "icn.png": "no file 'icn.png' in the pack (did you mean 'icon.png'?)",
        "notes.png": "'notes.png' is not a PNG image (it does not start with the PNG signature)",
        "huge.png": "'huge.png' is 2048x16 pixels; an icon may be at most 1024x1024: scale it down",
    }
    line = manifest.count("\n") + 1
    for icon, message in wrong.items():
        (pack / "pack.yaml").write_text(f"{manifest}icon: {icon}\n", encoding="utf-8")
        run = studio("validate", str(pack))
        assert (run.code, run.out.splitlines()[0]) == (1, f"{pack}/pack.yaml:{line}:7: $.icon: {message}")
        built = studio("pack", "build", str(pack), "-o", str(tmp_path / "f1.zip"))
        assert built.code == 1 and built.out.splitlines()[0] == run.out.splitlines()[0]
        archive = zipped(pack, tmp_path / "by_hand.zip")
        installed = studio("pack", "install", str(archive))
        assert installed.code == 2 and f"{archive}/pack.yaml:{line}:7: $.icon: {message}" in installed.err
        assert not (studio_home / "packs/f1").exists()
    (pack / "pack.yaml").write_text(f"{manifest}icon: icon.png\n", encoding="utf-8")
    assert studio("validate", str(pack)).code == 0
    assert studio("pack", "install", str(zipped(pack, tmp_path / "good.zip"))).code == 0


def test_every_id_pack_new_takes_gives_a_skeleton_that_validates_and_passes_its_test(
    studio, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    for pack_id in ("n" * 64, "neon_" * 12 + "nite", "neon_nights_" * 4 + "x"):
        pack = new_pack(studio, tmp_path, pack_id)
        run = studio("validate", str(pack))
        assert (run.code, run.out.split(":")[0]) == (0, "ok"), run.out
        tested = studio("test", str(pack))
        assert tested.code == 0 and tested.out.strip().endswith("1 passed, 0 failed"), tested.out
    [charm] = (tmp_path / ("n" * 64) / "charms").iterdir()
    assert charm.name == "n" * 53 + "_pair_bonus.yaml"  # the longest id, 64 characters
    [charm] = (tmp_path / ("neon_" * 12 + "nite") / "charms").iterdir()
    assert charm.name == "neon_" * 9 + "neon_pair_bonus.yaml"  # cut where a word ends
    assert "\nname: " + "Neon " * 9 + "Neon Pair Bonus\n" in charm.read_text(encoding="utf-8")


def test_a_zip_of_the_pack_folder_says_where_its_manifest_is_and_how_to_build_a_pack_zip(
    studio, tmp_path: Path, studio_home: Path
) -> None:  # type: ignore[no-untyped-def]
    pack = new_pack(studio, tmp_path)
    nested = zipped(pack, tmp_path / "nested.zip", top="f1/")  # what "Compress folder" makes
    told = (
        f"{nested}/pack.yaml:1:1: no pack.yaml at the top of the zip: its manifest is at f1/pack.yaml inside "
        "it; a pack zip holds pack.yaml at its top, beside the content folders: build it from the pack "
        "folder with 'studio pack build f1 -o nested.zip'"
    )
    installed = studio("pack", "install", str(nested))
    assert (installed.code, installed.err.strip()) == (2, f"studio pack: error: not a valid pack: {told}")
    assert not (studio_home / "packs/f1").exists()
    validated = studio("validate", str(nested))
    assert (validated.code, validated.out.splitlines()[0]) == (1, told)
    tested = studio("test", str(nested))
    assert (tested.code, tested.out.splitlines()[0]) == (1, told)  # the content's problem: exit 1
    outer = tmp_path / "outer"
    outer.mkdir()
    pack.rename(outer / "f1")  # a folder that holds the pack folder
    validated = studio("validate", str(outer))
    assert validated.out.splitlines()[0] == (
        f"{outer}/pack.yaml:1:1: no pack.yaml: a pack starts with a manifest (see docs/packs.md) "
        f"(did you mean the pack folder '{outer}/f1'?)"
    )
    (outer / "f1/pack.yaml").rename(outer / "f1/Pack.yml")
    validated = studio("validate", str(outer / "f1"))
    assert validated.out.splitlines()[0] == (
        f"{outer}/f1/Pack.yml:1:1: no pack.yaml: a pack starts with a manifest (see docs/packs.md); "
        "Pack.yml is there: did you mean pack.yaml?"
    )


def test_validate_refuses_an_expected_scoring_card_that_was_not_played_as_test_would_fail_it(
    studio, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    pack = new_pack(studio, tmp_path)
    (pack / "tests/more.yaml").write_text(
        "- name: a\n  played: AS AH\n  expect: {total: 64, scoring: [KD]}\n"
        "- name: b\n  played: AS AH\n  expect: {scoring: [AS, AS]}\n"
        "- name: c\n  played: AS AH KD\n  expect: {scoring: [AH, AS]}\n"
        "- name: d\n  played: 'AS:glass AH'\n  expect: {scoring: [AS, AH]}\n"
        "- name: e\n  played: AS AH AS KD\n  expect: {scoring: [AS, AH, AS]}\n",  # three of a kind: it can be
        encoding="utf-8",
    )
    run = studio("validate", str(pack))
    at = f"{pack}/tests/more.yaml"
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{at}:3:33: $[0].expect.scoring[0]: 'KD' is not a card played (AS AH): a scoring card is one of them",
        f"{at}:6:26: $[1].expect.scoring[1]: 'AS' is played once (AS AH), so it scores at most once",
        f"{at}:9:26: $[2].expect.scoring[1]: 'AS' is played before 'AH' (AS AH KD): scoring cards come in the "
        "order they were played",
        f"{at}:12:22: $[3].expect.scoring[0]: 'AS' is not a card played (AS:glass AH): a scoring card is one of "
        "them (did you mean 'AS:glass'?)",
        "4 problem(s) in 1 file(s)",
    ]
    tested = studio("test", str(pack))  # each of them fails there
    assert tested.out.strip().endswith("2 passed, 4 failed"), tested.out


def test_an_expected_scoring_card_is_compared_as_a_card_not_as_text(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = new_pack(studio, tmp_path)
    (pack / "tests/more.yaml").write_text(
        "- name: a\n  played: as ah\n  expect: {scoring: [as, ah]}\n"  # results write AS AH
        "- name: b\n  played: 'AS:foil:glass TH'\n  expect: {scoring: ['as:Foil:glass']}\n",  # AS:glass:foil
        encoding="utf-8",
    )
    assert studio("validate", str(pack)).code == 0
    tested = studio("test", str(pack))
    assert (tested.code, tested.out.strip()) == (0, "3 passed, 0 failed")
