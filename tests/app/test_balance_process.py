"""A Balance simulation's one-worker process: a pack's code that ends it fails the simulation, naming its
exit code, and the editor goes on (with the runs in the editor's own process, it ended the editor)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from looping_packs import looping_pack

from studio.app.balance_process import Order, Played
from studio.services.errors import ServiceError, quiet
from studio.simulation.spec import SimulationSpec


def test_a_pack_whose_code_ends_the_process_fails_the_simulation_naming_its_exit_code(tmp_path: Path) -> None:
    pack = looping_pack(tmp_path, body="__import__('os')._exit(3)")
    spec = SimulationSpec(runs=1, seed=1, charms=("looper",), packs=(str(pack),), trust=True)
    played = Played(Order(spec, limit=5.0, paired=True))
    with pytest.raises(ServiceError, match=r"ended without a result \(exit code 3\): a pack's code may"):
        played.play(quiet, lambda _entry: None, threading.Event())
    assert played.hook is None
