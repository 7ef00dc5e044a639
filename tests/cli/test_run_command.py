"""``studio run``: the bot plays one run; a run saved midway and resumed ends where the whole run ends."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from spec_data import Run


def test_a_run_stopped_saved_and_resumed_ends_in_the_state_of_the_whole_run(
    studio_exe: Callable[..., Run], tmp_path: Path
) -> None:
    fast = ("--bot", "fast")  # either bot: the fast one keeps the test quick
    whole = studio_exe("run", "--seed", "5", *fast, "--json")
    assert whole.code == 0, whole.err
    stopped = studio_exe("run", "--seed", "5", *fast, "--stop-after", "40", "--save", "s.json", cwd=tmp_path)
    assert stopped.code == 0, stopped.err
    assert "Stopped" in stopped.out and "studio run --resume s.json --bot fast" in stopped.out
    assert len([line for line in stopped.out.splitlines() if line[:4].strip().isdigit()]) == 40
    resumed = studio_exe("run", "--resume", "s.json", *fast, "--json", cwd=tmp_path)
    assert resumed.code == 0, resumed.err
    assert json.loads(resumed.out) == json.loads(whole.out)
    final = json.loads(whole.out)
    assert final["summary"]["outcome"] in ("won", "lost")
    assert final["state"]["phase"] == final["summary"]["outcome"]
    assert final["summary"]["actions"] > 40


def test_the_readable_log_numbers_each_action_and_shows_each_hand(studio: Callable[..., Run]) -> None:
    run = studio("run", "--seed", "2", "--stop-after", "12")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0].split()[:2] == ["1", "select_blind"]
    assert any(" play " in f" {line} " and " = " in line for line in lines)
    assert "Stopped in ante 1 after 12 actions (seed 2, deck standard, difficulty 0)." in run.out


def test_the_log_says_a_skipped_choice_in_words() -> None:
    from studio.cli.run import log_line
    from studio.engine.run.actions import Choose
    from studio.engine.run.events import Resolved, RunEvent

    skipped = Resolved(Choose(None), (RunEvent("skip_pack", "level_pack", 0, ""),))
    assert log_line(27, skipped) == "  27  choose none  (skip_pack level_pack)"
    assert log_line(28, Resolved(Choose(2), ())) == "  28  choose 2"


def test_the_log_says_what_an_end_of_round_charm_did(studio: Callable[..., Run]) -> None:
    """Its money was paid inside the round's end, where the readable log never showed it."""
    run = studio("run", "--seed", "5", "--charm", "nest_egg", "--stop-after", "2")
    assert run.code == 0, run.err
    assert "(beaten small 700 ante 1 [nest_egg +$4]; reward small 7 $3 + $3 hands + $1 interest;" in run.out


def test_a_run_can_start_with_charms_and_another_deck(studio: Callable[..., Run]) -> None:
    run = studio(
        "run", "--seed", "3", "--deck", "red", "--charm", "plain_mult:foil", "--stop-after", "0", "--json"
    )
    assert run.code == 0, run.err
    state = json.loads(run.out)["state"]
    assert state["charms"] == [{"id": "plain_mult", "edition": "foil", "counter": 0, "locked": True}]
    assert json.loads(run.out)["summary"]["deck"] == "red"


def test_bad_input_is_one_line_and_exit_2(studio_cli: Callable[..., Run], tmp_path: Path) -> None:
    def fails(*argv: str) -> str:
        run = studio_cli(*argv)
        assert run.code == 2, (argv, run)
        assert run.out == "" and len(run.err.strip().splitlines()) == 1, run.err
        return run.err

    assert "--seed" in fails("run")
    assert "did you mean 'red'" in fails("run", "--seed", "1", "--deck", "rde")
    assert "cannot read the save" in fails("run", "--resume", str(tmp_path / "missing.json"))
    save = tmp_path / "s.json"
    assert studio_cli("run", "--seed", "1", "--stop-after", "5", "--save", str(save)).code == 0
    assert "takes no --seed" in fails("run", "--resume", str(save), "--seed", "2")
    text = save.read_text(encoding="utf-8")
    save.write_text(text[: len(text) // 2], encoding="utf-8")
    assert str(save) in fails("run", "--resume", str(save))
    assert save.read_text(encoding="utf-8") == text[: len(text) // 2]  # a bad save is left as it was
    assert "cannot write the save" in fails(
        "run", "--seed", "1", "--stop-after", "1", "--save", str(tmp_path / "no" / "s.json")
    )


def test_a_pack_charm_whose_code_fails_names_the_action_not_a_traceback(
    studio_cli: Callable[..., Run], tmp_path: Path
) -> None:
    pack = tmp_path / "broken_pack"
    (pack / "charms").mkdir(parents=True)
    (pack / "plugins").mkdir()
    (pack / "pack.yaml").write_text("id: broken_pack\nname: Broken\nversion: 1.0.0\n", encoding="utf-8")
    (pack / "charms" / "broken.yaml").write_text(
        "id: broken\nname: Broken\nbehaviour: broken\ndescription: Fails when a hand scores.\n",
        encoding="utf-8",
    )
    (pack / "plugins" / "broken.py").write_text(
        "from studio.plugins import Behaviour\n\n\nclass Broken(Behaviour):\n    id = 'broken'\n\n"
        "    def hand(self, ctx, charm):\n        raise ZeroDivisionError('broken on purpose')\n",
        encoding="utf-8",
    )
    run = studio_cli("run", "--seed", "1", "--pack", str(pack), "--trust", "--charm", "broken")
    assert run.code == 1, run  # code that ran and failed
    assert run.err.strip().startswith("studio run: error: action ")
    assert " of the run (seed 1) failed: " in run.err
    assert run.err.strip().endswith("ZeroDivisionError: broken on purpose")  # with what the engine says of it
    assert "failed: charm 'broken': behaviour 'broken' failed in hand (" in run.err  # no class name first
    many = studio_cli(
        "simulate", "--runs", "2", "--seed", "1", "--pack", str(pack), "--trust", "--charm", "broken"
    )
    assert many.code == 1, many
    assert many.err.startswith("studio simulate: error: run 0 of seed 1 (run seed ")
    assert many.err.strip().endswith("ZeroDivisionError: broken on purpose")
    assert "): charm 'broken': behaviour 'broken' failed in hand (" in many.err


def test_a_run_is_the_simulated_run_of_its_seed_with_the_same_bot_and_locked_charms(
    studio: Callable[..., Run],
) -> None:
    from studio.simulation.spec import run_seed

    for bot in ("strong", "fast"):
        simulated = studio(
            "simulate", "--runs", "1", "--seed", "4", "--charm", "pair_mult", "--bot", bot, "--json"
        )
        assert simulated.code == 0, simulated.err
        report = json.loads(simulated.out)
        shown = studio("run", "--seed", str(run_seed(4, 0)), "--charm", "pair_mult", "--bot", bot, "--json")
        assert shown.code == 0, shown.err
        summary = json.loads(shown.out)["summary"]
        assert summary["actions"] == report["actions"]
        assert report["ante_reached"] == {str(summary["ante"]): 1}
        assert summary["charms"][0] == "pair_mult"  # locked: never sold, as in the simulation


def test_a_save_says_which_bot_goes_on_with_it(studio: Callable[..., Run], tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    fast = studio("run", "--seed", "4", "--bot", "fast", "--stop-after", "3", "--save", str(save))
    assert f"go on with: studio run --resume {save} --bot fast" in fast.out
    strong = studio("run", "--seed", "4", "--stop-after", "3", "--save", str(save))
    assert strong.out.rstrip().endswith(f"go on with: studio run --resume {save}")
