"""A hook's call of a plugin's own effect kind is checked against that kind's model, as a built-in's is."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content.packs.pack import base_pack, open_pack
from studio.content.registry import Content
from studio.engine.behaviour import BehaviourError
from studio.engine.charms import CharmSlot
from studio.engine.scoring import Situation, score
from studio.engine.trace import ScoreResult
from studio.plugins.loading import load_packs

pytestmark = pytest.mark.usefixtures("plugin_kinds_forgotten")  # the scaler's kind stays in its tests

PLUGIN = '''\
from typing import Literal

from pydantic import Field

from studio.plugins import Behaviour, Choice, EffectFields, EffectKind, register_effect


def scale(ctx, effect, amount, source, charm):
    times = effect.arg("times")
    points = ctx.points * times if times else ctx.points // 2
    ctx.record(source, "scale_points", 0, points, ctx.mult, ctx.money, "Points scaled")


class ScalePointsEffect(EffectFields):
    """Multiply the running Points, or halve them."""

    kind: Literal["scale_points"] = Field(..., title="Effect", description="Scale the running Points.")
    setting_choices = (Choice(("times", "halve"), at_least_one=True, at_most_one=True),)
    times: int | None = Field(None, ge=2, le=4, title="Times", description="Multiply the Points by this.")
    halve: bool | None = Field(None, title="Halve", description="Halve the Points instead.")


register_effect(
    EffectKind("scale_points", scale, lambda e, amount, names: "scale Points", label="scale_points", scores=True),
    ScalePointsEffect,
)


class Scaler(Behaviour):
    id = "scaler_hook"

    def hand(self, ctx, charm):
        ctx.effect("scale_points", 0, charm, SETTINGS)
'''


def _scaler(tmp_path: Path, settings: str) -> Path:
    """Write a pack whose plugin adds ``scale_points`` and a charm whose hook applies it with ``settings``."""
    root = tmp_path / "scaler"
    (root / "charms").mkdir(parents=True)
    (root / "plugins").mkdir()
    (root / "pack.yaml").write_text("id: scaler\nname: Scaler\nversion: 1.0.0\n", encoding="utf-8")
    charm = "id: scaler_hook\nname: Hook\ndescription: Scales Points\nbehaviour: scaler_hook\n"
    (root / "charms" / "scaler_hook.yaml").write_text(charm, encoding="utf-8")
    (root / "plugins" / "scaling.py").write_text(PLUGIN.replace("SETTINGS", settings), encoding="utf-8")
    return root


def _load(root: Path) -> Content:
    """Load the base game and the pack at ``root``, trusting its code."""
    pack, _ = open_pack(root)
    assert pack is not None
    return load_packs([base_pack(), pack], lambda p: True)


def _score_with(tmp_path: Path, settings: str) -> ScoreResult:
    """Score a pair with the scaler's charm, its hook applying ``scale_points`` with ``settings``."""
    catalog = _load(_scaler(tmp_path, settings)).catalog
    assert catalog is not None
    return score(Situation(catalog.cards("AS AH"), charms=(CharmSlot("scaler_hook"),)), catalog)


def test_a_hooks_call_of_a_plugin_kind_within_its_model_applies(tmp_path: Path) -> None:
    result = _score_with(tmp_path, "times=3")
    assert [(e.what, e.points) for e in result.events][-1] == ("scale_points", 3 * (10 + 11 + 11))


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ("times=9", "scale_points: times=9 is not a whole number from 2 to 4"),
        ("times=2.5", "scale_points: times=2.5 is not a whole number from 2 to 4"),
        ("", "scale_points: takes exactly one of times or halve; it was given none"),
        (
            "times=2, halve=True",
            "scale_points: takes exactly one of times or halve; it was given halve=True, times=2",
        ),
    ],
)
def test_a_hooks_call_of_a_plugin_kind_is_held_to_its_model(
    tmp_path: Path, settings: str, message: str
) -> None:
    with pytest.raises(BehaviourError) as caught:
        _score_with(tmp_path, settings)
    assert caught.value.message == f"ValueError: {message}"


def test_a_data_file_is_held_to_the_same_settings_that_go_together(tmp_path: Path) -> None:
    root = _scaler(tmp_path, "times=3")
    data = "id: scaler_data\nname: Data\nabilities:\n  - trigger: hand\n    effects: [{kind: scale_points}]\n"
    (root / "charms" / "scaler_data.yaml").write_text(data, encoding="utf-8")
    (problem,) = _load(root).problems
    assert "scale_points takes exactly one of times or halve" in str(problem), problem
