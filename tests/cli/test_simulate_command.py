"""``studio simulate``: the report of many bot runs, the same whatever the number of workers."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from code_packs import code_pack
from spec_data import Run

from studio.cli.simulate import ProgressBar
from studio.simulation.local import simulate
from studio.simulation.spec import SimulationSpec


def test_the_json_report_does_not_depend_on_the_workers(studio: Callable[..., Run]) -> None:
    one = studio("simulate", "--runs", "4", "--seed", "7", "--charm", "pair_mult", "--json")
    assert one.code == 0, one.err
    two = studio("simulate", "--runs", "4", "--seed", "7", "--charm", "pair_mult", "--workers", "2", "--json")
    assert two.code == 0, two.err
    assert one.out == two.out
    report = json.loads(one.out)
    assert report["spec"] == {
        "runs": 4,
        "seed": 7,
        "deck": "standard",
        "difficulty": 0,
        "charms": ["pair_mult"],
        "packs": [],
        "bot": "strong",
    }
    assert report["runs"] == 4 and 0 <= report["win_rate"] <= 1
    assert sum(report["ante_reached"].values()) == 4
    assert sum(report["hand_types"].values()) == report["hands"] > 0
    assert (
        sum(b["hands"] for b in report["score_per_hand"]["histogram"]) + report["score_per_hand"]["infinite"]
        == report["hands"]
    )
    assert 0 < report["charms"]["pair_mult"]["hands"] <= report["hands"]  # the bot may sell it later


def test_the_text_report_has_every_section(studio: Callable[..., Run]) -> None:
    run = studio("simulate", "--runs", "3", "--seed", "1")
    assert run.code == 0, run.err
    for heading in (
        "Simulation: seed 1, deck standard, difficulty 0, bot strong",
        "Runs: 3",
        "Antes",
        "Hand types played",
        "Score per hand",
    ):
        assert heading in run.out
    assert run.err == ""  # no progress bar when stderr is not a terminal


def test_the_text_report_ends_with_the_rounds_each_locked_charm_was_in_the_row(
    studio: Callable[..., Run],
) -> None:
    argv = ("simulate", "--runs", "3", "--seed", "1", "--bot", "fast", "--charm", "fuse")
    report = json.loads(studio(*argv, "--json").out)
    rounds, in_row = report["rounds"], report["locked_rounds"]["fuse"]
    assert 0 < in_row < rounds  # a fuse burns out: its own rule may destroy a locked charm
    text = studio(*argv).out
    assert (
        text.splitlines()[0]
        == "Simulation: seed 1, deck standard, difficulty 0, bot fast, starting with fuse"
    )
    assert text.rstrip().endswith(f"fuse in the row {in_row} of {rounds} rounds.")


def test_a_ranking_of_the_base_game_named_with_pack_ranks_its_charms() -> None:
    from studio.cli.main import parser
    from studio.cli.simulate import _charms_to_rank
    from studio.plugins.loading import load_base

    base = Path(__file__).resolve().parents[2] / "content"
    argv = ["simulate", "--rank", "--pack", str(base), "--runs", "1", "--seed", "1"]
    args = parser(argv).parse_args(argv)
    assert _charms_to_rank(args) == sorted(load_base().catalog.charms)


def test_bad_input_is_one_line_and_exit_2(studio_cli: Callable[..., Run]) -> None:
    def fails(*argv: str) -> str:
        run = studio_cli("simulate", *argv)
        assert run.code == 2, (argv, run)
        assert run.out == "" and len(run.err.strip().splitlines()) == 1, run.err
        return run.err

    assert "--runs needs 1 or more" in fails("--runs", "0", "--seed", "1")
    assert "--workers needs 1 or more" in fails("--runs", "2", "--seed", "1", "--workers", "0")
    assert "did you mean 'pair_mult'" in fails("--runs", "2", "--seed", "1", "--charm", "pair_mul")
    assert "difficulty" in fails("--runs", "2", "--seed", "1", "--difficulty", "99")
    assert "required" in fails("--seed", "1")
    assert "not allowed with" in fails("--runs", "2", "--seed", "1", "--workers", "2", "--cluster", "local")
    assert "give one or more" in fails("--runs", "2", "--seed", "1", "--compare")


def test_compare_plays_the_same_runs_without_the_charm_and_pairs_them_run_by_run(
    studio: Callable[..., Run],
) -> None:
    argv = ("simulate", "--runs", "6", "--seed", "3", "--charm", "pair_x2")
    run = studio(*argv, "--compare", "--json")
    assert run.code == 0, run.err
    both = json.loads(run.out)
    alone = json.loads(studio(*argv, "--json").out)
    without = json.loads(studio("simulate", "--runs", "6", "--seed", "3", "--json").out)
    assert both["with"] == {k: v for k, v in alone.items() if k != "spec"}
    # The baseline keeps the charm out of its shops, as the runs holding it have it: its own runs.
    kept_out = simulate(SimulationSpec(runs=6, seed=3, kept_out=("pair_x2",), bot="strong")).to_json()
    assert both["without"] == kept_out != {k: v for k, v in without.items() if k != "spec"}
    # Paired: the mean of the run-by-run differences is the difference of the means ...
    difference = alone["mean_antes_cleared"] - kept_out["mean_antes_cleared"]
    assert abs(both["antes_cleared_difference"] - difference) < 1e-12
    assert both["paired"]["runs"] == 6
    # ... and its margin comes from the spread of those differences, not of the two samples.
    assert both["antes_cleared_margin"] == both["paired"]["antes_cleared_margin"]
    assert both["beyond_luck"] == (abs(difference) > both["antes_cleared_margin"])
    assert both["with"]["locked_rounds"]["pair_x2"] == both["with"]["rounds"]  # the charm under test stays
    text = studio(*argv, "--compare").out
    assert (
        "Simulation: seed 3, deck standard, difficulty 0, bot strong, pair_x2 kept out of the shop\n" in text
    )
    assert "Simulation: seed 3, deck standard, difficulty 0, bot strong, starting with pair_x2" in text
    assert (
        f"pair_x2, run by run on the same seeds: {both['antes_cleared_difference']:+.2f} antes cleared"
        f" (± {both['antes_cleared_margin']:.2f} at 95%)" in text
    )


def test_the_progress_bar_redraws_one_line() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream)
    bar.close()
    assert stream.getvalue() == ""  # nothing drawn, nothing to end
    bar(3, 12)
    bar(12, 12)
    bar.close()
    assert stream.getvalue() == (
        "\r[#######.......................] 3/12 runs"
        + "\r[##############################] 12/12 runs"
        + "\n"
    )


def test_one_paired_run_is_never_called_more_than_luck(studio: Callable[..., Run]) -> None:
    """A single run has no spread to judge luck by: its margin reads 0, which is no verdict."""
    argv = ("simulate", "--runs", "1", "--seed", "3", "--charm", "pair_x2", "--compare")
    run = studio(*argv, "--json")
    assert run.code == 0, run.err
    both = json.loads(run.out)
    assert both["antes_cleared_difference"] != 0  # the charm changed this run: a verdict would be tempting
    assert both["beyond_luck"] is False and both["paired"]["beyond_luck"] is False
    text = studio(*argv).out
    assert "more than the seeds' luck" not in text
    assert "one run cannot tell a difference from luck" in text


def test_the_ranking_table_keeps_its_columns_under_their_headers_whatever_the_ids(
    studio: Callable[..., Run], tmp_path: Path
) -> None:
    """A pack's prefixed ids run long: every cell of a column ends where its header ends."""
    ability = "abilities:\n  - trigger: hand\n    effects:\n      - {kind: mult, amount: 4}\n"
    pack = tmp_path / "wide"
    (pack / "charms").mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: wide\nname: Wide\nversion: 1.0.0\n", encoding="utf-8")
    for charm in ("wide_a", "wide_charm_with_a_rather_long_identifier"):
        text = f"id: {charm}\nname: W\nrarity: common\ncost: 1\n{ability}"
        (pack / "charms" / f"{charm}.yaml").write_text(text, encoding="utf-8")
    run = studio("simulate", "--rank", "--pack", str(pack), "--runs", "2", "--seed", "1", "--bot", "fast")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("#"))
    rows = [line for line in lines if line.split(maxsplit=1)[0:1] in (["1"], ["2"])]
    assert len(rows) == 2
    for title, ends_with in (("antes cleared", "0123456789"), ("win rate", "0123456789"), ("in row", "%")):
        edge = header.index(title) + len(title)
        for row in rows:
            assert row[edge - 1] in ends_with and row[edge : edge + 1] in ("", " "), (title, row)


TRIPLE = (
    "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n    id = 'tr_triple'\n\n"
    "    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"
)


#: Each command that plays a named charm, and its refusal of a code charm whose code does not run.
REFUSING = [
    (
        ["simulate", "--charm", "tr_triple", "--compare", "--runs", "2", "--seed", "1"],
        "studio simulate: error: --charm: tr_triple would do nothing in these runs",
    ),
    (
        ["simulate", "--rank", "--runs", "2", "--seed", "1"],
        "studio simulate: error: --rank: tr_triple would do nothing in these runs",
    ),
    (
        ["score", "AS AH", "--charm", "tr_triple"],
        "studio score: error: --charm: tr_triple would do nothing in this hand",
    ),
    (
        ["run", "--seed", "1", "--charm", "tr_triple", "--stop-after", "2"],
        "studio run: error: --charm: tr_triple would do nothing in this run",
    ),
]


def test_a_code_charm_whose_pack_is_not_trusted_is_refused_by_every_command_that_plays_it(
    studio: Callable[..., Run], tmp_path: Path
) -> None:
    """Its code would not run: simulations reported the effect of a charm that does nothing, and score
    and run only warned beside the score or run of a row where it did nothing."""
    root = code_pack(tmp_path / "tr", "tr_triple", TRIPLE, "X3 Mult")
    why = ": its code is in pack 'tr', which is not trusted (trust it with --trust)"
    for args, said in REFUSING:
        for _ in range(2):  # a full load, then the snapshot it left
            run = studio(*args, "--pack", str(root))
            assert run.code == 2 and run.out == "", args
            assert run.err.splitlines()[-1] == said + why
    for args, _ in REFUSING:  # trust is remembered: each runs from now on
        trusted = studio(*args, "--pack", str(root), *(["--trust"] if args is REFUSING[0][0] else []))
        assert trusted.code == 0 and trusted.err == "", trusted.err
    assert "Total = 32 x 6 = 192" in studio("score", "AS AH", "--pack", str(root), "--charm", "tr_triple").out
    plain = studio("score", "AS AH", "--pack", str(root))  # a pack with code, none of it named: no refusal
    assert plain.code == 0


def test_a_run_saved_with_a_code_charm_it_trusted_is_refused_once_the_trust_is_gone(
    studio: Callable[..., Run], tmp_path: Path, studio_home: Path
) -> None:
    """Its replay could not follow the save and said "the save was edited, or made with other content"."""
    root = code_pack(tmp_path / "tr", "tr_triple", TRIPLE, "X3 Mult")
    save = tmp_path / "run.json"
    args = ["--pack", str(root)]
    started = studio(
        "run",
        "--seed",
        "1",
        "--charm",
        "tr_triple",
        "--stop-after",
        "30",
        "--save",
        str(save),
        *args,
        "--trust",
    )
    assert started.code == 0, started.err
    (studio_home / "trust.json").unlink()  # trust taken back
    resumed = studio("run", "--resume", str(save), *args)
    assert resumed.code == 2 and resumed.err.splitlines()[-1] == (
        "studio run: error: --resume: tr_triple would do nothing in this run: its code is in pack 'tr', which is"
        " not trusted (trust it with --trust)"
    )
    assert studio("run", "--resume", str(save), *args, "--trust").code == 0
