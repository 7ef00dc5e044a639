"""A pack whose charm's code never returns, for the tests of what stops it (the editor's, the commands')."""

from __future__ import annotations

from pathlib import Path

from studio.content.packs.skeleton import write_skeleton

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
    pack = tmp_path / "looppack"
    write_skeleton(pack, "looppack")
    (pack / "plugins").mkdir()
    (pack / "plugins" / "looper.py").write_text(LOOPER.format(body=body), encoding="utf-8")
    (pack / "charms" / "looper.yaml").write_text(
        'id: looper\nname: Looper\nbehaviour: looper\ndescription: "Never ends"\n', encoding="utf-8"
    )
    if tests:
        (pack / "tests").mkdir(exist_ok=True)
        (pack / "tests" / "looper.yaml").write_text(TEST, encoding="utf-8")
    return pack
