"""A pack whose charm's code never returns, for the tests of what stops it (the editor's, the commands')."""

from __future__ import annotations

from pathlib import Path

from code_packs import code_pack

LOOPER = """import time

from studio.plugins import Behaviour


class Looper(Behaviour):
    id = "looper"

    def hand(self, ctx, charm):
        while True:
            {body}
"""
TEST = "- name: the looper scores\n  played: AS AH\n  charms: [looper]\n  expect: {total: 64}\n"


def looping_pack(tmp_path: Path, body: str = "pass", tests: bool = False) -> Path:
    """A pack whose charm ``looper`` runs a ``hand`` hook that never returns (``body`` in its loop)."""
    pack = code_pack(tmp_path / "looppack", "looper", LOOPER.format(body=body), "Never ends")
    if tests:
        (pack / "tests").mkdir(exist_ok=True)
        (pack / "tests" / "looper.yaml").write_text(TEST, encoding="utf-8")
    return pack
