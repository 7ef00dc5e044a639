"""A plugin file is read as Python reads a source file: a byte order mark (what Windows editors
write when saving "UTF-8 with BOM") is not part of the code."""

from __future__ import annotations

from code_packs import code_pack

TRIPLE = (
    "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n"
    "    id = 'bom_triple'\n\n    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"
)


def test_a_plugin_saved_with_a_byte_order_mark_loads_and_scores(studio, tmp_path):
    root = code_pack(tmp_path / "bom", "bom_triple", TRIPLE, "X3 Mult")
    plugin = root / "plugins" / "bom_triple.py"
    plugin.write_bytes(b"\xef\xbb\xbf" + plugin.read_bytes())
    run = studio("score", "AS AH", "--pack", str(root), "--trust", "--charm", "bom_triple")
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1].endswith("= 192"), run.out
