"""A hook that never returns can be named while it runs and stopped from another thread."""

from __future__ import annotations

import contextlib
import dataclasses
import re
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from studio.engine import hook_runs
from studio.engine.behaviour import Behaviour, BehaviourError
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef, CharmSlot
from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm
from studio.engine.scoring import Situation, score


class _Forever(Behaviour):
    """Loops in its hand hook, and even swallows ordinary exceptions."""

    id = "forever"

    def hand(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        while True:
            with contextlib.suppress(Exception):
                time.sleep(0.001)


def _looping(catalog: Catalog) -> tuple[Situation, Catalog]:
    charm = CharmDef("forever", behaviour_id="forever", behaviour=_Forever())
    looping = dataclasses.replace(catalog, charms={**catalog.charms, "forever": charm}, memo={})
    return Situation(catalog.cards("AS AH"), charms=(CharmSlot("forever"),)), looping


def _in_thread(work: Callable[[], object]) -> tuple[threading.Thread, list[BaseException]]:
    failures: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:
            failures.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, failures


def _wait_for_hook(thread: threading.Thread) -> hook_runs.Running:
    deadline = time.monotonic() + 5
    while (record := hook_runs.running(thread.ident or 0)) is None:
        assert time.monotonic() < deadline, "the hook never started"
        time.sleep(0.005)
    return record


@pytest.fixture
def threads() -> Iterator[list[threading.Thread]]:
    """Threads a test starts: any hook still running in them is stopped, and they are joined."""
    started: list[threading.Thread] = []
    yield started
    for thread in started:
        hook_runs.stop(thread.ident or 0)
        thread.join(5)
        assert not thread.is_alive()


def test_a_running_hook_is_named_and_stop_makes_it_its_charms_failure(
    catalog: Catalog, threads: list[threading.Thread]
) -> None:
    situation, looping = _looping(catalog)
    thread, failures = _in_thread(lambda: score(situation, looping))
    threads.append(thread)
    record = _wait_for_hook(thread)
    assert (record.charm, record.behaviour, record.hook) == ("forever", "forever", "hand")
    assert hook_runs.stop(thread.ident or 0) is record
    thread.join(5)
    (failure,) = failures
    assert isinstance(failure, BehaviourError) and failure.charm == "forever"
    assert failure.message.startswith("stopped after ") and failure.file.endswith("test_hook_runs.py")
    assert hook_runs.running(thread.ident or 0) is None


def test_stop_does_nothing_to_a_thread_outside_a_hook() -> None:
    assert hook_runs.stop(threading.get_ident()) is None
    time.sleep(0.01)  # nothing arrives


def test_a_time_limit_stops_a_hook_on_its_own_thread(
    catalog: Catalog, threads: list[threading.Thread]
) -> None:
    situation, looping = _looping(catalog)

    def limited() -> object:
        with hook_runs.time_limit(0.1):
            return score(situation, looping)

    thread, failures = _in_thread(limited)
    threads.append(thread)
    thread.join(5)
    (failure,) = failures
    assert isinstance(failure, BehaviourError) and stopped_after(str(failure)) >= 0.1


def stopped_after(message: str) -> float:
    """The seconds a "stopped after N s" message names (a loaded machine may stop a hook late)."""
    found = re.search(r"stopped after (\d+(?:\.\d+)?) s", message)
    assert found is not None, message
    return float(found[1])
