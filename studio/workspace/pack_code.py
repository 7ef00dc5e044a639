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


def _reset_vocabulary() -> None:
    """Back to the built-in kinds of rule. Only :mod:`studio.content.extensions` adds kinds, so while it is
    not imported there are none to forget, and a start from the snapshot never imports the content models."""
    extensions = sys.modules.get("studio.content.extensions")
    if extensions is not None:
        extensions.reset()
