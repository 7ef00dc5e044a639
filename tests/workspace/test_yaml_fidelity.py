"""Edits made through the workspace change only the edited spot of a file's text."""

from __future__ import annotations

from pathlib import Path

import pytest
from ws_support import changed_lines

from studio.workspace import Workspace, WorkspaceError


def _open_with(base: Path, rel: str, text: str) -> tuple[Workspace, Path]:
    """The workspace over ``base`` with ``text`` written (byte for byte) at ``rel``."""
    path = base / rel
    path.write_bytes(text.encode("utf-8"))
    return Workspace.open([], base=base), path


BOM_CHARM = (
    "\ufeffid: zz_bom\nname: Bom\nabilities:\n  - trigger: scored_card\n    when:\n"
    "      ranks: [A, K]\n    effects:\n      - {kind: mult, amount: 4}\n"
)


def test_a_file_with_a_byte_order_mark_is_edited_at_the_right_spot(base_copy: Path) -> None:
    ws, path = _open_with(base_copy, "charms/zz_bom.yaml", BOM_CHARM)
    ws.history.set_field(path, ("abilities", 0, "when", "ranks", 1), "Q")
    ws.history.set_field(path, ("abilities", 0, "effects", 0, "amount"), 5)
    ws.save(ws.ref(path))
    saved = path.read_bytes().decode("utf-8")
    assert saved.startswith("\ufeffid: zz_bom\n")
    assert changed_lines(BOM_CHARM, saved) == [
        "-      ranks: [A, K]",
        "+      ranks: [A, Q]",
        "-      - {kind: mult, amount: 4}",
        "+      - {kind: mult, amount: 5}",
    ]


def test_removing_a_scenario_keeps_the_comments_of_the_next_one(ws: Workspace, base_copy: Path) -> None:
    ref = ws.ref(base_copy / "tests" / "charms_hand.yaml")
    before = ref.path.read_text(encoding="utf-8")
    data = ws.data(ref)
    removed = data.pop(1)
    ws.replace(ref, data)
    ws.save(ref)
    after = ref.path.read_text(encoding="utf-8")
    assert removed["name"] not in after
    gone = [line for line in changed_lines(before, after) if line.startswith("-")]
    assert not [line for line in changed_lines(before, after) if line.startswith("+")]
    assert "-# pair 10 x 2; AS +11, AH +11 -> 32 x 2; pair_mult +8 -> 32 x 10 = 320" in gone
    assert len(gone) == 10  # its comment, its 8 lines and one blank line
    assert "\n\n# two_pair 20 x 2; scoring KS KH 5D 5C (9S kicker): +10 +10 +5 +5 -> 50 x 2;\n" in after


def test_adding_an_expected_event_adds_one_line(ws: Workspace, base_copy: Path) -> None:
    ref = ws.ref(base_copy / "tests" / "charms_hand.yaml")
    before = ws.text(ref)
    events = ws.data(ref)[0]["expect"]["events"]
    event = {"step": "hand", "source": "plain_mult", "points": 16, "mult": 6}
    ws.history.set_field(ref.path, (0, "expect", "events"), [*events, event])
    assert changed_lines(before, ws.text(ref)) == [
        "+      - {step: hand, source: plain_mult, points: 16, mult: 6}"
    ]


def test_an_edit_that_cannot_be_written_is_refused_and_the_text_kept(base_copy: Path) -> None:
    text = (
        "id: zz_dash\nname: Dash\nabilities:\n  - trigger: hand\n    effects:\n"
        "      # first effect\n      - {kind: mult, amount: 4}  # four\n      -   # after dash\n        kind: mult\n        amount: 2\n"
    )
    ws, path = _open_with(base_copy, "charms/zz_dash.yaml", text)
    ref = ws.ref(path)
    data = ws.data(ref)
    data["abilities"][0]["effects"].append({"kind": "mult", "amount": 7})
    del data["name"]
    with pytest.raises(WorkspaceError, match="cannot be written"):
        ws.replace(ref, data)
    assert ws.text(ref) == text and not ws.is_dirty(ref)


ALIAS_MOVE = """\
id: zz_am
name: Move
abilities:
  - trigger: hand
    effects:
      - &eff {kind: mult, amount: 4}
      - *eff
  - trigger: scored_card
    effects:
      - kind: points
        amount: 10
"""


def test_an_item_holding_an_alias_moves_with_all_its_lines(base_copy: Path) -> None:
    ws, path = _open_with(base_copy, "charms/zz_am.yaml", ALIAS_MOVE)
    abilities = ws.data(ws.ref(path))["abilities"]
    ws.history.set_field(path, ("abilities",), abilities[::-1])
    lines = ALIAS_MOVE.splitlines(keepends=True)
    assert ws.text(ws.ref(path)) == "".join(lines[:3] + lines[7:] + lines[3:7])


FOLDED = (
    "id: zz_fold\nname: Fold\nbehaviour: zz\ndescription: >-\n"
    "  A long description the author\n  wrapped by hand at thirty columns.\n"
)


def test_a_folded_description_stays_folded_and_wrapped(base_copy: Path) -> None:
    ws, path = _open_with(base_copy, "charms/zz_fold.yaml", FOLDED)
    new = "A long description the author wrapped by hand at forty columns."
    ws.history.set_field(path, ("description",), new)
    assert changed_lines(FOLDED, ws.text(ws.ref(path))) == [
        "-  wrapped by hand at thirty columns.",
        "+  wrapped by hand at forty columns.",
    ]


FLOW_COMMENT = (
    "id: zz_fc\nname: Flow\nabilities:\n  - trigger: hand\n    effects:\n"
    "      - {kind: mult,   # the kind\n         amount: 4}\n"
)


def test_an_optional_key_added_to_a_flow_mapping_over_lines_keeps_its_comment(base_copy: Path) -> None:
    ws, path = _open_with(base_copy, "charms/zz_fc.yaml", FLOW_COMMENT)
    ws.history.set_field(path, ("abilities", 0, "effects", 0, "up_to"), 20)
    assert changed_lines(FLOW_COMMENT, ws.text(ws.ref(path))) == [
        "-         amount: 4}",
        "+         amount: 4, up_to: 20}",
    ]


SCENARIOS = """\
# yaml-language-server: $schema=../../schemas/scenario.schema.json
# My tests 🎲 — עברית

# first
- name: "plain_mult 🃏 adds +4"   # emoji
  played: 'AS'
  charms: [plain_mult]
  expect:
    hand_type: high_card
    total: 80

# second — שלום
- name: pair_mult adds +8
  played: "AS AH"
  charms: [pair_mult]
  expect:
    hand_type: pair
    total: 320
# trailing comment
"""


def test_a_scenario_added_at_the_end_goes_before_the_end_of_file_comment(base_copy: Path) -> None:
    ws, path = _open_with(base_copy, "tests/zz_scen.yaml", SCENARIOS)
    scenarios = ws.data(ws.ref(path))
    scenarios.append({"name": "new", "played": "AS", "charms": [], "expect": {"total": 16}})
    ws.replace(ws.ref(path), scenarios)
    ws.save(ws.ref(path))
    added = "\n- name: new\n  played: AS\n  charms: []\n  expect:\n    total: 16\n"
    assert path.read_text(encoding="utf-8") == SCENARIOS.replace(
        "# trailing comment\n", added + "# trailing comment\n"
    )
