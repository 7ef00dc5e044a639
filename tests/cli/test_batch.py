"""``studio score --batch`` is exact: one line in, one line out, whatever a line holds."""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.cli.batch import BOM, _lines, run_batch
from studio.cli.jsonout import dump_json
from studio.content.io.limits import MAX_BATCH_LINE_BYTES, MAX_NESTING

GOOD = b'{"played": "AS AH", "charms": ["pair_mult"]}'


def batch(studio, tmp_path: Path, *lines: bytes) -> tuple[int, list[dict[str, object]]]:
    """Run a batch of raw lines; return the exit code and each output line, parsed strictly."""
    path = tmp_path / "batch.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    run = studio("score", "--batch", str(path))
    strict = {"parse_constant": lambda name: pytest.fail(f"{name} is not JSON")}
    return run.code, [json.loads(line, **strict) for line in run.out.split("\n") if line]


def test_a_line_holding_u2028_is_one_line_and_later_line_numbers_stay_right(studio, tmp_path):
    separated = '{"played": "AS AH", "name": "one\u2028two\u2029three\x85four"}'.encode()
    code, out = batch(studio, tmp_path, separated, b'{"played": "XX"}')
    assert len(out) == 2
    assert out[0]["hand_type"] == "pair"
    assert str(out[1]["error"]).startswith(f"{tmp_path / 'batch.jsonl'}:2:")
    assert code == 1


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b'{"played": "AS \xff\xfe"}', "not UTF-8"),
        (
            b'{"played": "AS", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            f"nested more than {MAX_NESTING}",
        ),
        (b'{"played": "AS", "money": ' + b"9" * 5000 + b"}", "not JSON"),
        (b'{"played": "AS", "money": 1e999}', "money"),
        (b"[1, 2]", "a batch line holds one scenario, a mapping of fields, not a list"),
        (b'{"played": "AS", "held": "' + b"x" * MAX_BATCH_LINE_BYTES + b'"}', "more than 1048576 bytes"),
        (b"{\"played\": 'AS'}", "not JSON"),
        (b'{"played": "AS AH", "held": "KD", "played": "KS"}', ":2:35: the key 'played' is given twice"),
        (
            b'{"played": "AS", "charms": [{"id": "pair_mult", "id": "plain_mult"}]}',
            "the key 'id' is given twice",
        ),
    ],
)
def test_one_bad_line_is_one_error_line_and_the_batch_goes_on(studio, tmp_path, line: bytes, reason: str):
    code, out = batch(studio, tmp_path, GOOD, line, GOOD)
    assert len(out) == 3
    assert out[0] == out[2] and out[0]["hand_type"] == "pair"
    assert set(out[1]) == {"error"} and reason in str(out[1]["error"]), out[1]
    assert str(out[1]["error"]).startswith(f"{tmp_path / 'batch.jsonl'}:2:")
    assert len(str(out[1]["error"])) < 400
    assert code == 1


def test_a_byte_order_mark_before_the_first_line_is_not_part_of_it(studio, tmp_path):
    code, out = batch(studio, tmp_path, b"\xef\xbb\xbf" + GOOD, GOOD)
    assert code == 0 and out[0] == out[1] and out[0]["hand_type"] == "pair"
    code, out = batch(studio, tmp_path, GOOD, b"\xef\xbb\xbf" + GOOD)  # further down it is a mistake
    assert code == 1 and "not JSON" in str(out[1]["error"])


def test_fast_and_model_paths_give_the_same_results(studio, tmp_path):
    plain = {
        "played": "KH 10H 6H 4H 2H",
        "held": "5D",
        "charms": ["even_mult"],
        "money": 17,
        "levels": {"flush": 2},
    }
    # an object entry and an expect take the model's path; the result must not depend on the path
    rich = {**plain, "charms": [{"id": "even_mult"}], "expect": {"total": 1}}
    _, out = batch(studio, tmp_path, json.dumps(plain).encode(), json.dumps(rich).encode())
    assert out[0] == out[1]


def test_the_model_explains_what_the_fast_path_refuses(studio, tmp_path):
    _, out = batch(studio, tmp_path, b'{"played": "AS", "money": "lots"}', b'{"played": "AS", "chrams": []}')
    assert "money" in str(out[0]["error"])
    assert "chrams" in str(out[1]["error"])


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (b'{"played": "AS AH", "hld": "KS"}', ":21: $.hld: unknown field 'hld' (did you mean 'held'?)"),
        (
            b'{"played": "AS AH", "charms": [{"id": "pair_mult", "edtion": "foil"}]}',
            ":52: $.charms[0].edtion: unknown field 'edtion' (did you mean 'edition'?)",
        ),
        (b'{"played": "AS", "money": "lots"}', ":27: $.money: 'lots' is not a whole number"),
        (
            b'{"played": "AS", "charms": ["pair_multt"]}',
            ":29: $.charms[0]: unknown charm 'pair_multt' (did you mean 'pair_mult'?)",
        ),
        (b'{"played": "AS AH KD 5C 2H 3C"}', ":12: $.played: a played hand holds 1 to 5 cards, not 6"),
        (
            b'{"played": "AS", "charms": [":foil"]}',
            ":29: $.charms[0]: ':foil' is not allowed: write a charm as id or id:edition (pair_mult, pair_mult:foil)",
        ),
    ],
)
def test_a_bad_scenario_line_is_explained_as_validate_explains_it(studio, tmp_path, line: bytes, error: str):
    _, out = batch(studio, tmp_path, GOOD, line)
    assert out[1] == {"error": f"{tmp_path / 'batch.jsonl'}:2{error}"}
    path = tmp_path / "tests" / "line.json"
    path.parent.mkdir()
    path.write_bytes(line)
    assert studio("validate", str(path)).out.splitlines()[0] == f"{path}:1{error}"


def test_a_batch_line_with_several_mistakes_names_the_first_and_counts_the_rest(studio, tmp_path):
    _, out = batch(studio, tmp_path, b'{"played": "AS", "money": "lots", "hld": "KS", "seed": -1}')
    assert out == [
        {"error": f"{tmp_path / 'batch.jsonl'}:1:27: $.money: 'lots' is not a whole number (and 2 more)"}
    ]


def test_a_batch_that_is_a_device_or_fifo_is_refused_in_one_line(studio_exe):
    run = studio_exe("score", "--batch", "/dev/zero")
    assert run.code == 2 and len(run.err.splitlines()) == 1
    assert "not a regular file" in run.err


def test_json_out_writes_non_finite_numbers_through_the_encoder_and_never_edits_strings():
    data = {
        "name": "To Infinity and Beyond",
        "x": "-Infinity",
        "t": math.inf,
        "m": [-math.inf, math.nan, 1.5],
    }
    text = dump_json(data)
    assert (
        text == '{"name": "To Infinity and Beyond", "x": "-Infinity", "t": 1e999, "m": [-1e999, null, 1.5]}'
    )
    assert json.loads(text)["t"] == math.inf


def test_a_string_that_spells_infinity_comes_out_as_written(studio_exe, tmp_path):
    path = tmp_path / "b.jsonl"
    path.write_text('{"played": "AS", "boss": "infinity"}\n', encoding="utf-8")
    run = studio_exe("score", "--batch", str(path))
    (line,) = run.out.splitlines()
    assert "'infinity'" in json.loads(line)["error"]


def test_a_batch_scored_by_several_processes_gives_the_same_lines_in_the_same_order(tmp_path, catalog):
    lines = [
        GOOD,
        b'{"played": "XX"}',
        b"",
        b'{"played": "KH 10H 6H 4H 2H", "charms": ["even_mult"]}',
        b"\xff",
    ]
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"\n".join(lines * 300) + b"\n")  # several blocks
    outputs = []
    for workers in (1, 2):
        out = io.StringIO()
        clean = run_batch(path, catalog, out, workers=workers)
        outputs.append((clean, out.getvalue()))
    assert outputs[0] == outputs[1]
    clean, text = outputs[0]
    assert not clean
    results = text.splitlines()
    assert len(results) == 4 * 300
    assert results[1].startswith('{"error": ') and f"{path}:2:" in results[1]
    assert f"{path}:1500:" in results[-1]


def test_a_code_charm_that_raises_fails_its_line_and_the_batch_goes_on(studio, tmp_path):
    pack = tmp_path / "boom"
    (pack / "plugins").mkdir(parents=True)
    (pack / "charms").mkdir()
    (pack / "pack.yaml").write_text("id: boom\nname: Boom\nversion: 1.0.0\n", encoding="utf-8")
    (pack / "plugins" / "boom.py").write_text(
        "from studio.plugins import Behaviour\n\n\nclass Boom(Behaviour):\n    id = 'boom'\n\n"
        "    def hand(self, ctx, charm):\n        raise RuntimeError('boom')\n",
        encoding="utf-8",
    )
    (pack / "charms" / "boom_x.yaml").write_text(
        "id: boom_x\nname: Boom\nbehaviour: boom\ndescription: Explodes.\n", encoding="utf-8"
    )
    path = tmp_path / "b.jsonl"
    path.write_text('{"played": "AS", "charms": ["boom_x"]}\n' + GOOD.decode() + "\n", encoding="utf-8")
    run = studio("score", "--batch", str(path), "--pack", str(pack), "--trust")
    first, second = (json.loads(line) for line in run.out.splitlines())
    assert "boom" in first["error"] and first["error"].startswith(f"{path}:1:")
    assert second["hand_type"] == "pair"
    assert run.code == 1


@settings(max_examples=300, deadline=None)
@given(
    data=st.lists(st.sampled_from([b"a", b"\n", b"\r", b"\xe2\x80\xa8", b"bb", b"{}"]), max_size=40).map(
        b"".join
    ),
    chunk=st.integers(1, 9),
)
def test_lines_are_split_on_newline_only_whatever_the_chunks(data: bytes, chunk: int) -> None:
    most = 5
    expected = data.split(b"\n")
    if expected[-1] == b"":
        expected.pop()  # a final newline ends the last line; it does not start another
    want = [(i, line if len(line) <= most else None) for i, line in enumerate(expected, 1)]
    assert list(_lines(io.BytesIO(data), chunk_bytes=chunk, most=most)) == want
    assert list(_lines(io.BytesIO(BOM + data), chunk_bytes=chunk, most=most)) == want
    # a pipe gives what has arrived, however much was asked for: the mark may come a byte at a time
    assert list(_lines(_Trickle(BOM + data, chunk), most=most)) == want


class _Trickle(io.BytesIO):
    """Bytes read as from a pipe: each read gives at most ``most`` bytes, whatever was asked for."""

    def __init__(self, data: bytes, most: int) -> None:
        super().__init__(data)
        self.most = most

    def read(self, size: int | None = -1, /) -> bytes:
        return super().read(self.most if size is None or size < 0 else min(size, self.most))


def test_a_reader_that_stops_early_is_no_error_of_the_batch_file(tmp_path):
    """``studio score --batch FILE | head -1``: the pipe closing is the reader's choice, not an unreadable file."""
    path = tmp_path / "batch.jsonl"
    path.write_bytes((GOOD + b"\n") * 2000)  # far more output than a pipe holds
    exe = Path(sys.executable).with_name("studio")
    with subprocess.Popen(
        [str(exe), "score", "--batch", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert json.loads(proc.stdout.readline())["hand_type"] == "pair"
        proc.stdout.close()
        err = proc.stderr.read().decode()
    assert (proc.returncode, err) == (0, "")
