"""The open packs' code: the behaviours allowed to run, the ids untrusted code only declares, and the
problems of loading the packs and their code."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from studio.content.check.problems import Problem
from studio.content.packs.pack import Pack
from studio.engine.behaviour import Behaviour
from studio.plugins.loader import (
    declared_behaviours,
    drop_unfit,
    entry_point_behaviours,
    load_plugin,
)


class PackCode:
    """What the workspace's packs' code provides, loaded by trust."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        #: Problems of loading the packs (as opened) and their code, besides the content's own.
        self.problems = list(problems)
        self.behaviours: dict[str, Behaviour] = {}
        #: Behaviour id -> (pack id, plugin file) it comes from.
        self.origins: dict[str, tuple[str, str]] = {}
        #: Behaviour id -> the untrusted pack whose code declares it (it does not run).
        self.untrusted: dict[str, Pack] = {}
        #: The packs with code that is not trusted, in load order.
        self.untrusted_packs: list[Pack] = []

    def load_all(self, packs: Sequence[Pack], trusted: Sequence[Pack]) -> None:
        """Load the installed plugins' behaviours, then each pack's code by its trust.

        The vocabulary starts from the built-in kinds, as every load's does: a workspace opened after
        another has only the kinds of rule its own trusted packs add, never those of the one before.
        """
        _reset_vocabulary()
        found, problems = entry_point_behaviours()
        self.behaviours.update(found)
        self.origins.update(dict.fromkeys(found, ("installed package", "an entry point")))
        self.problems += problems
        allowed = {id(p) for p in trusted}
        for pack in packs:
            self.load(pack, id(pack) in allowed)

    def load(self, pack: Pack, trusted: bool) -> None:
        """Load a trusted pack's behaviours (an id declared before stays the first's: a problem); of
        another, only note the ids its code declares."""
        code = pack.code()
        if code and trusted:
            for name, source in code:
                found: dict[str, Behaviour] = {}
                self.problems += load_plugin(name, source, found)[1]
                declared = declared_behaviours(source)
                self.problems += drop_unfit(found, declared, self.origins, name, source, pack.id)
                self.behaviours.update(found)
                self.origins.update(dict.fromkeys(found, (pack.id, name)))
        elif code:
            self.untrusted_packs.append(pack)
            for _, source in code:
                self.untrusted.update(dict.fromkeys(declared_behaviours(source), pack))


def _reset_vocabulary() -> None:
    """Back to the built-in kinds of rule. Only :mod:`studio.content.extensions` adds kinds, so while it is
    not imported there are none to forget, and a start from the snapshot never imports the content models."""
    extensions = sys.modules.get("studio.content.extensions")
    if extensions is not None:
        extensions.reset()
