"""A new pack's editor set-up travels with it: its schemas are its own and every reference to them is
relative, so a moved or shared pack folder still checks its YAML; none of it is content."""

from __future__ import annotations

import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

SCHEMA_LINE = re.compile(r"# yaml-language-server: \$schema=(\S+)\n")


def glob_regex(pattern: str) -> re.Pattern[str]:
    """VS Code's ``yaml.schemas`` glob (``/`` = the workspace folder) as a regex over POSIX paths in it."""
    assert pattern.startswith("/"), pattern
    out = re.escape(pattern[1:]).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*")
    return re.compile(out + r"\Z")


def assert_portable(reference: str) -> None:
    assert not Path(reference).is_absolute() and ":" not in reference, reference
    assert not any(part in reference for part in ("site-packages", ".venv", sys.prefix)), reference


def test_a_moved_pack_still_finds_every_schema(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert studio("pack", "new", "neon", "--dir", str(tmp_path / "made")).code == 0
    pack = tmp_path / "elsewhere" / "neon"
    shutil.move(tmp_path / "made" / "neon", pack)
    shutil.rmtree(tmp_path / "made")
    yaml_files = sorted(p for p in pack.rglob("*.yaml") if ".studio" not in p.parts)
    assert len(yaml_files) == 3
    named = {}
    for path in yaml_files:
        first = path.read_text(encoding="utf-8").splitlines(keepends=True)[0]
        match = SCHEMA_LINE.fullmatch(first)
        assert match, f"{path}: {first!r}"
        assert_portable(match[1])
        schema = (path.parent / match[1]).resolve()
        assert schema.is_file() and pack.resolve() in schema.parents, schema
        named[path.relative_to(pack).as_posix()] = schema

    settings = json.loads((pack / ".vscode/settings.json").read_text(encoding="utf-8"))["yaml.schemas"]
    for reference, globs in settings.items():
        assert_portable(reference)
        assert (pack / reference).resolve().is_file(), reference
        for glob in globs:
            assert_portable(glob.lstrip("/"))
    for rel, schema in named.items():  # each file's settings schema is the one its first line names
        [matched] = [ref for ref, globs in settings.items() if any(glob_regex(g).match(rel) for g in globs)]
        assert (pack / matched).resolve() == schema
    extensions = json.loads((pack / ".vscode/extensions.json").read_text(encoding="utf-8"))
    assert extensions == {"recommendations": ["redhat.vscode-yaml"]}

    assert studio("validate", str(pack)).code == 0
    assert studio("test", str(pack)).out.strip() == "1 passed, 0 failed"


def test_the_editor_set_up_is_not_content_and_stays_out_of_a_build(  # type: ignore[no-untyped-def]
    studio, tmp_path: Path
) -> None:
    studio("pack", "new", "neon", "--dir", str(tmp_path))
    built = studio("pack", "build", str(tmp_path / "neon"), "-o", str(tmp_path / "neon.zip"))
    assert built.code == 0 and ", 4 files" in built.out, built.out
    with zipfile.ZipFile(tmp_path / "neon.zip") as z:
        assert sorted(z.namelist()) == [
            "README.md",
            "charms/neon_pair_bonus.yaml",
            "pack.yaml",
            "tests/example.yaml",
        ]


def test_pack_schemas_refreshes_the_schemas_and_keeps_the_users_settings(  # type: ignore[no-untyped-def]
    studio, tmp_path: Path
) -> None:
    studio("pack", "new", "neon", "--dir", str(tmp_path))
    pack = tmp_path / "neon"
    charm = pack / ".studio/schemas/charm.schema.json"
    fresh = charm.read_text(encoding="utf-8")
    charm.write_text("{}", encoding="utf-8")  # an older Studio's
    (pack / ".vscode/settings.json").write_text('{"editor.tabSize": 2}\n', encoding="utf-8")
    (pack / ".vscode/extensions.json").unlink()
    run = studio("pack", "schemas", str(pack))
    assert run.code == 0, run.err
    assert run.out.splitlines() == [
        str(pack / ".vscode/extensions.json"),
        f"{pack / '.studio/schemas'}/ (16 JSON Schemas, for editors)",
    ]
    assert charm.read_text(encoding="utf-8") == fresh
    assert (pack / ".vscode/settings.json").read_text(encoding="utf-8") == '{"editor.tabSize": 2}\n'


def test_pack_schemas_wants_a_pack_folder(studio_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = studio_cli("pack", "schemas", str(tmp_path))
    assert run.code == 2 and "not a pack folder (no pack.yaml)" in run.err
