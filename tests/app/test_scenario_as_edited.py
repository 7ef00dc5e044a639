"""Opening a scenario shows it as edited: the preview reads the workspace's text, not the saved file."""

from __future__ import annotations


def test_a_scenario_opens_in_the_preview_with_its_unsaved_edits(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tree.select("scenario", "effects")
    ws = window.session.ws
    path = window.editor.file
    text = ws.text(ws.ref(path))
    first = "fuse adds +20 Mult and destroys itself on the final hand"
    window.session.replace_text(path, text.replace(first, "renamed but not saved", 1))
    window.tree.select("charm", "plain_mult")
    window.tree.select("scenario", "effects")
    assert window.preview._scenario is not None
    assert window.preview._scenario.name == "renamed but not saved"
