"""``studio schema export``: one draft 2020-12 schema per content kind, and the committed ones in sync."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from spec_data import CLI_SCENARIO

from studio.content.io.documents import read_document
from studio.content.io.paths import base_content_dir
from studio.content.models import KINDS
from studio.content.schemas import DIALECT, schema_text

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def test_export_writes_one_valid_draft_2020_12_schema_per_kind(studio, tmp_path):
    target = tmp_path / "out" / "schemas"
    run = studio("schema", "export", str(target))
    assert run.code == 0, run.err
    assert run.err == ""
    expected = {f"{kind}.schema.json" for kind in KINDS}
    assert {p.name for p in target.iterdir()} == expected
    assert {Path(line).name for line in run.out.splitlines()} == expected
    for kind in KINDS:
        schema = json.loads((target / f"{kind}.schema.json").read_text(encoding="utf-8"))
        assert schema["$schema"] == DIALECT == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == f"{kind}.schema.json"
        if kind == "scenario":  # a tests/ file holds one scenario or a list of them
            assert [b.get("type") for b in schema["anyOf"]] == [None, "array"]
        else:
            assert schema["type"] == "object"
        Draft202012Validator.check_schema(schema)


def test_the_scenario_schema_accepts_every_tests_file_of_the_base_game(studio, tmp_path):
    studio("schema", "export", str(tmp_path))
    validator = Draft202012Validator(
        json.loads((tmp_path / "scenario.schema.json").read_text(encoding="utf-8"))
    )
    files = sorted((base_content_dir() / "tests").glob("*.yaml"))
    assert any(isinstance(read_document(f).data, list) for f in files), "the base game has list-form files"
    for file in files:
        assert list(validator.iter_errors(read_document(file).data)) == [], file
    assert list(validator.iter_errors([{"played": "AS", "colour": "red"}]))


def test_export_twice_gives_the_same_files_and_leaves_no_temporary_files(studio, tmp_path):
    assert studio("schema", "export", str(tmp_path)).code == 0
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert studio("schema", "export", str(tmp_path)).code == 0
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == first
    assert not [p for p in tmp_path.iterdir() if not p.name.endswith(".schema.json")]


def test_exported_scenario_schema_accepts_the_contracts_example_scenario(studio, tmp_path):
    studio("schema", "export", str(tmp_path))
    schema = json.loads((tmp_path / "scenario.schema.json").read_text(encoding="utf-8"))
    example = {**CLI_SCENARIO, "expect": {"hand_type": "pair", "total": 64}}
    validator = Draft202012Validator(schema)
    assert list(validator.iter_errors(example)) == []
    assert list(validator.iter_errors({"played": "AS", "colour": "red"}))
    assert list(validator.iter_errors({"held": "AS"})), "played is required"


@pytest.mark.parametrize("kind", list(KINDS))
def test_committed_schema_matches_the_models(kind):
    committed = SCHEMAS / f"{kind}.schema.json"
    assert committed.is_file(), f"{committed} is missing: run 'studio schema export'"
    assert committed.read_text(encoding="utf-8") == schema_text(kind), (
        f"{committed} is out of date with the content models: run 'studio schema export'"
    )
