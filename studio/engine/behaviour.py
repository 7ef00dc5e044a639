"""The base class of code charms, and the error a failing one raises.

A plugin overrides one hook at one step. Hooks receive a
:class:`~studio.engine.hooks.CharmContext` (read-only values and ``add_*``
methods, each recording its event) and the charm as an
:class:`~studio.engine.inplay.ActiveCharm`, so the trace cannot tell code
charms from data charms, and a hook cannot change the score behind the trace.
"""

from __future__ import annotations

import sys
import traceback
from typing import ClassVar

from studio.engine.hook_runs import HookStopped
from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm, CardView

HOOKS = ("before", "scored_card", "held_card", "hand", "retriggers", "discard", "end_of_round")


class Behaviour:
    """Override the hooks a charm needs; the others do nothing."""

    #: The name a charm's ``behaviour:`` field refers to.
    id: ClassVar[str] = ""

    def before(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        """Run in the ``before`` step."""

    def scored_card(self, ctx: CharmContext, charm: ActiveCharm, card: CardView) -> None:
        """Run on each trigger of each scored card."""

    def held_card(self, ctx: CharmContext, charm: ActiveCharm, card: CardView) -> None:
        """Run on each trigger of each held card."""

    def hand(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        """Run in the whole-hand step, between the charm's edition effects."""

    def retriggers(self, ctx: CharmContext, charm: ActiveCharm, card: CardView) -> int:
        """Return how many extra times ``card`` triggers (scored or held)."""
        return 0

    def discard(self, ctx: CharmContext, charm: ActiveCharm, card: CardView) -> None:
        """Run for each discarded card (``ctx.played`` holds the discarded cards)."""

    def end_of_round(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        """Run when the round is won, after held cards paid."""

    @classmethod
    def overridden(cls) -> frozenset[str]:
        """Return the hooks this class overrides, so the scorer skips the rest."""
        return frozenset(h for h in HOOKS if getattr(cls, h) is not getattr(Behaviour, h))


class BehaviourError(ValueError):
    """A code charm's hook raised an exception (or returned a bad value) while scoring.

    Public fields, for callers that name the pack and plugin file:

    - ``charm``: the charm's id; ``slot``: its place in the row (0-based)
    - ``behaviour``: the behaviour's id; ``hook``: the hook that failed
    - ``message``: the original error, as ``TypeName: text``
    - ``file`` and ``line``: where in the plugin it was raised (``""`` and 0 if unknown)

    The original exception is the ``__cause__``.
    """

    def __init__(
        self, charm: str, slot: int, behaviour: str, hook: str, message: str, file: str = "", line: int = 0
    ) -> None:
        where = f" ({file}:{line})" if file else ""
        super().__init__(f"charm '{charm}': behaviour '{behaviour}' failed in {hook}{where}: {message}")
        self.charm = charm
        self.slot = slot
        self.behaviour = behaviour
        self.hook = hook
        self.message = message
        self.file = file
        self.line = line

    @classmethod
    def wrap(cls, exc: BaseException, charm: ActiveCharm, behaviour: Behaviour, hook: str) -> BehaviourError:
        """Return the error for ``exc`` raised by ``behaviour``'s ``hook`` for ``charm``."""
        module = sys.modules.get(type(behaviour).__module__)
        file = getattr(module, "__file__", None) or ""
        line = next(
            (f.lineno or 0 for f in reversed(traceback.extract_tb(exc.__traceback__)) if f.filename == file),
            0,
        )
        message = str(exc) if isinstance(exc, HookStopped) else raised_text(exc)
        return cls(charm.id, charm.slot, behaviour.id, hook, message, file, line)


def failure_text(exc: BaseException) -> str:
    """One line for an exception a run met: a code charm's failure says itself (charm, behaviour, hook,
    plugin file and line); anything else is named by its type."""
    return str(exc) if isinstance(exc, BehaviourError) else f"{type(exc).__name__}: {exc}"


def raised_text(exc: BaseException) -> str:
    """``TypeName: text`` for what a hook raised, with the closest name when it asked for an attribute
    that does not exist (``ctx.add_xmul``: did you mean 'add_xmult'?), as Python's own traceback says."""
    said = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, AttributeError) and exc.name and exc.obj is not None:
        from studio.engine.names import did_you_mean

        said += did_you_mean(exc.name, [n for n in dir(exc.obj) if not n.startswith("_")])
    return said
