"""The open packs' code: the behaviours allowed to run, the ids untrusted code only declares, those of
plugins that failed to load, and the problems of loading the packs and their code."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from studio.content.code import Code
from studio.content.packs.pack import Pack
from studio.plugins.code_loading import load_installed, load_pack_code


@dataclass
class PackCode(Code):
    """What the workspace's packs' code provides, loaded by trust as every command loads it; its
    ``problems`` start with those of opening the packs."""

    def load_all(self, packs: Sequence[Pack], trusted: Sequence[Pack]) -> None:
        """Load the installed plugins' behaviours, then each pack's code by its trust.

        The vocabulary starts from the built-in kinds, as every load's does: a workspace opened after
        another has only the kinds of rule its own trusted packs add, never those of the one before.
        """
        _reset_vocabulary()
        load_installed(self)
        allowed = {id(p) for p in trusted}
        for pack in packs:
            self.load(pack, id(pack) in allowed)

    def load(self, pack: Pack, trusted: bool) -> None:
        """Load a pack's code: run it if ``trusted``, else only note the ids it declares."""
        load_pack_code(self, pack, trusted)

    def reload(self, pack: Pack, trusted: bool) -> None:
        """Load a pack's code again after trust was given (it runs now) or taken back (its behaviours go,
        its ids are only declared), dropping what its earlier load left. Kinds of rule it added stay
        registered until the next open: Python cannot take back code that ran."""
        names = {name for name, _ in pack.code()}
        mine = {b for b, (pid, _) in self.origins.items() if pid == pack.id}
        self.behaviours = {b: v for b, v in self.behaviours.items() if b not in mine}
        self.origins = {b: o for b, o in self.origins.items() if b not in mine}
        self.failed = {b: p for b, p in self.failed.items() if b not in mine}
        self.untrusted = {b: p for b, p in self.untrusted.items() if p is not pack}
        self.untrusted_packs = [p for p in self.untrusted_packs if p is not pack]
        self.sources = [s for s in self.sources if s[0] not in names]
        self.problems = [p for p in self.problems if p.file not in names]
        self.load(pack, trusted)


def _reset_vocabulary() -> None:
    """Back to the built-in kinds of rule. Only :mod:`studio.content.extensions` adds kinds, so while it is
    not imported there are none to forget, and a start from the snapshot never imports the content models."""
    extensions = sys.modules.get("studio.content.extensions")
    if extensions is not None:
        extensions.reset()
