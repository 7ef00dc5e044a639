"""A rename rewrites every place an id is written, so the scenario tests pass as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from ws_support import ref_of

from studio.content.scenarios import mismatches, score_scenario
from studio.workspace import Workspace


def failing(ws: Workspace) -> list[str]:
    """Run every scenario of the workspace's files with the real scorer; name those that fail."""
    from studio.content.models import ScenarioModel

    assert ws.catalog is not None
    out = []
    for ref in ws.entries("scenario"):
        data = ws.data(ref)
        for item in data if isinstance(data, list) else [data]:
            scenario = ScenarioModel.model_validate(item)
            if mismatches(scenario, score_scenario(scenario, ws.catalog)):
                out.append(f"{ref.id}: {scenario.name}")
    return out


@pytest.mark.parametrize(
    ("kind", "old", "new", "written"),
    [
        ("charm", "plain_mult", "steady_mult", "source: steady_mult"),  # trace sources
        ("upgrade", "glass", "crystal", "10H:crystal"),  # card tokens and "10H glass" sources
        ("edition", "foil", "gilded", "plain_mult gilded"),  # "id:edition" charms and edition sources
        ("boss", "psychic", "the_psychic", "source: the_psychic"),
        ("hand_type", "flush", "colour", "source: colour"),
    ],
)
def test_after_a_rename_every_scenario_still_passes(
    ws: Workspace, base_copy: Path, kind: str, old: str, new: str, written: str
) -> None:
    assert failing(ws) == []
    ws.rename(ref_of(ws, kind, old), new)
    assert ws.problems() == []
    assert failing(ws) == []
    texts = "\n".join(ws.text(r) for r in ws.entries("scenario"))
    assert written in texts
    ws.save_all()
    reopened = Workspace.open([], base=base_copy)
    assert reopened.problems() == [] and failing(reopened) == []
