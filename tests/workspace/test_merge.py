"""A file changed on disk and in the workspace: keep it knowingly, or merge it entry by entry."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from ws_support import changed_lines, ref_of

from studio.workspace import Workspace, WorkspaceError
from studio.workspace.merge import Merge

ROOT = Path(__file__).resolve().parents[2]
CHARM = ROOT / "content" / "charms" / "money_mult.yaml"
SCENARIOS = ROOT / "content" / "tests" / "charms_hand.yaml"


def written_elsewhere(path: Path, text: str) -> None:
    """Write as another program would, a second later than before (a coarse clock still shows it)."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def test_entries_changed_on_one_side_start_out_on_that_side() -> None:
    base = CHARM.read_text(encoding="utf-8")
    mine = base.replace("cost: 6", "cost: 8").replace("amount: 2", "amount: 3")
    theirs = base.replace("cost: 6", "cost: 7").replace("Fat Wallet", "Fatter")
    merge = Merge.of(CHARM, base, mine, theirs)
    assert merge is not None
    assert [(p.key, p.change, p.takes_theirs) for p in merge.parts] == [
        ("name", "changed on disk", True),
        ("cost", "changed on both sides", False),
        ("abilities", "changed by you", False),
    ]
    merged = merge.text(merge.defaults())
    assert changed_lines(mine, merged) == ["-name: Fat Wallet", "+name: Fatter"]
    assert merge.text({"name", "cost", "abilities"}) == theirs  # all theirs: their very text
    assert merge.text(set()) == mine


def test_a_file_of_scenarios_merges_scenario_by_scenario_matched_by_name() -> None:
    base = SCENARIOS.read_text(encoding="utf-8")
    mine = base.replace("    total: 320\n", "    total: 321\n", 1)
    added = '\n- name: a new scenario\n  played: "AS"\n'
    theirs = base.replace("    points: 50\n", "    points: 51\n", 1) + added
    merge = Merge.of(SCENARIOS, base, mine, theirs)
    assert merge is not None
    assert [(p.label, p.change) for p in merge.parts] == [
        ("pair_mult adds +8 Mult when the hand is a Pair", "changed by you"),
        ("pair_mult fires on Two Pair (the hand contains a Pair)", "changed on disk"),
        ("a new scenario", "added on disk"),
    ]
    assert [p.theirs_line for p in merge.parts][2] == len(theirs.splitlines()) - 1
    merged = merge.text(merge.defaults())
    assert changed_lines(mine, merged) == [
        "-    points: 50",
        "+    points: 51",
        "+- name: a new scenario",
        "+  played: AS",
    ]


def test_no_entry_by_entry_merge_when_a_side_does_not_parse() -> None:
    base = CHARM.read_text(encoding="utf-8")
    assert Merge.of(CHARM, base, base.replace("cost: 6", "cost: [6"), base) is None


def test_without_the_text_both_began_from_every_entry_just_differs() -> None:
    base = CHARM.read_text(encoding="utf-8")
    merge = Merge.of(CHARM, None, base.replace("cost: 6", "cost: 8"), base)
    assert merge is not None
    assert [(p.key, p.change, p.takes_theirs) for p in merge.parts] == [("cost", "differs", False)]


def test_keeping_the_workspaces_text_acknowledges_only_the_disk_text_shown(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("cost",), 5)
    first = ref.path.read_text(encoding="utf-8").replace("cost: 2", "cost: 3")
    written_elsewhere(ref.path, first)
    shown = ws.disk_text(ref)
    assert shown == first and ws.base_text(ref) != first
    written_elsewhere(ref.path, first.replace("Old Faithful", "Older"))
    assert not ws.acknowledge(ref, shown)  # changed again since it was shown
    with pytest.raises(WorkspaceError, match="changed on disk"):
        ws.save(ref)
    assert ws.acknowledge(ref, ws.disk_text(ref))
    assert ws.check_disk() == [] and ws.base_text(ref) == ws.disk_text(ref)
    assert ws.is_dirty(ref)  # unsaved: it differs from the disk
    ws.save(ref)
    assert "cost: 5" in ref.path.read_text(encoding="utf-8")


def test_a_file_removed_on_disk_and_kept_becomes_a_new_file(ws: Workspace) -> None:
    ref = ref_of(ws, "charm", "plain_mult")
    ws.set_field(ref, ("cost",), 5)
    ref.path.unlink()
    assert ws.check_disk() == [ref] and ws.disk_text(ref) is None
    assert ws.acknowledge(ref, None)
    assert ws.check_disk() == [] and ws.base_text(ref) is None
    ws.save(ref)
    assert "cost: 5" in ref.path.read_text(encoding="utf-8")
