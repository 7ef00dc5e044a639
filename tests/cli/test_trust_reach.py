"""``--trust`` reaches the packs named, never a pack loaded only because a file given lies in it."""

from __future__ import annotations

from pathlib import Path

PLUGIN = """\
from pathlib import Path

from studio.plugins import Behaviour

Path({marker!r}).write_text("ran")


class Twice(Behaviour):
    id = "neon_twice"

    def hand(self, ctx, charm):
        ctx.add_xmult(2, charm)
"""
TEST = "name: a pair\nplayed: AS AH\nexpect: {total: 64}\n"


def pack(root: Path, pack_id: str, marker: Path | None = None) -> Path:
    """A pack with one scenario, and (given ``marker``) a plugin that writes ``marker`` when it runs."""
    (root / "tests").mkdir(parents=True)
    (root / "pack.yaml").write_text(f"id: {pack_id}\nname: {pack_id}\nversion: 1.0.0\n", encoding="utf-8")
    (root / "tests" / "pair.yaml").write_text(TEST, encoding="utf-8")
    if marker is not None:
        (root / "charms").mkdir()
        (root / "plugins").mkdir()
        charm = "id: neon_twice\nname: Twice\ndescription: x2 Mult\nbehaviour: neon_twice\n"
        (root / "charms" / "neon_twice.yaml").write_text(charm, encoding="utf-8")
        (root / "plugins" / "twice.py").write_text(PLUGIN.format(marker=str(marker)), encoding="utf-8")
    return root


def test_a_pack_holding_a_file_given_is_not_trusted_with_the_packs_named(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    marker = tmp_path / "ran"
    good, neon = pack(tmp_path / "good", "good"), pack(tmp_path / "neon", "neon", marker)
    run = studio("test", "--trust", "--pack", str(good), str(neon / "tests" / "pair.yaml"))
    assert run.code == 0, run.out + run.err
    assert not marker.exists()
    run = studio("score", "--scenario", str(neon / "tests" / "pair.yaml"), "--trust")
    assert run.code == 0, run.err
    assert not marker.exists()
    run = studio("validate", "--trust", str(neon / "charms" / "neon_twice.yaml"))
    assert not marker.exists()
    run = studio("test", "--trust", str(neon))  # the pack itself named: trusted, as with --pack
    assert run.code == 0, run.out + run.err
    assert marker.exists()
