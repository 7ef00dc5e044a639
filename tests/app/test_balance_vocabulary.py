"""A Balance simulation never changes the kinds of rule the open workspace's trusted plugins added, nor
the content models built on them, while it runs or after, whatever its number of worker processes."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pyqtgraph")

from pathlib import Path

from plugin_kinds import write_halver
from PySide6.QtCore import QTimer

from studio.content.models.charm import AbilityModel
from studio.content.models.common import ConditionsModel
from studio.content.packs.skeleton import write_skeleton
from studio.engine.kinds.registry import CONDITIONS, EFFECTS, VALUES
from studio.services.simulating import simulate
from studio.simulation.paired import Comparison
from tests.app.test_code_that_does_not_return import trusted_window
from tests.app.test_pack_menu_vocabulary import keeps_the_kinds

pytestmark = pytest.mark.usefixtures("plugin_kinds_forgotten")  # the halver's kinds stay in its tests


def vocabulary() -> tuple[object, ...]:
    """The objects a load of the halver's code makes anew: its kinds in the engine's registries, and the
    validators of the content models that hold effects and conditions (rebuilt when kinds change). A kind
    missing is None: between a reset and the plugin's run again, the vocabulary is the built-in one."""
    return (
        EFFECTS.kinds.get("halve_points"),
        CONDITIONS.kinds.get("all_red"),
        VALUES.kinds.get("rank_total"),
        AbilityModel.__pydantic_validator__,
        ConditionsModel.__pydantic_validator__,
    )


def same(now: tuple[object, ...], before: tuple[object, ...]) -> bool:
    return all(a is b for a, b in zip(now, before, strict=True))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_simulation_leaves_the_editors_plugin_kinds_and_models_alone(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, content: Path, workers: int
) -> None:
    """One worker played the runs in the editor's process, whose kinds its load of the content reset and
    added again (new kind records, rebuilt models) while the window's forms and checks used them."""
    halver = tmp_path / "halver"
    write_skeleton(halver, "halver")
    write_halver(halver)
    window = trusted_window(qtbot, tmp_path, content, halver)
    window.docks[3].toggleViewAction().trigger()  # View > Balance
    qtbot.waitUntil(lambda: window.balance is not None)
    panel = window.balance
    panel.charm.setCurrentIndex(panel.charm.findData("halver_red_giant"))
    panel.runs.setValue(3)
    panel.seed.setValue(5)
    panel.workers.setValue(workers)
    spec = panel.spec()
    before = vocabulary()
    seen: list[tuple[object, ...]] = []
    look = QTimer()
    look.timeout.connect(lambda: seen.append(vocabulary()))  # what the window's forms and checks see
    look.start(5)
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        panel.start_button.click()
    look.stop()
    assert panel.with_charm is not None, panel.status.text()
    changed = [now for now in seen if not same(now, before)]
    assert seen and not changed, f"{len(changed)} of {len(seen)} looks saw other kinds or models"
    assert same(vocabulary(), before)
    keeps_the_kinds(window, "Red Giant, after a simulation")

    if workers > 1:  # the panel called the service itself, in worker processes
        return
    # Played in a process of their own, the runs are what `studio simulate --compare` plays (two workers
    # here, so this process loads no content either).
    expected = simulate(spec, workers=2, paired=True)
    assert isinstance(expected, Comparison)
    assert (panel.baseline, panel.with_charm, panel.paired) == (
        expected.without,
        expected.with_,
        expected.paired,
    )
    assert panel.with_charm.locked_rounds["halver_red_giant"] > 0
    assert same(vocabulary(), before)
