"""Installing a pack whose code will not run (it is not trusted) says so, and how to trust it."""

from __future__ import annotations

from code_packs import code_pack

TRIPLE = (
    "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n"
    "    id = 'inst_triple'\n\n    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"
)


def test_an_untrusted_code_pack_installs_with_a_warning_and_a_trusted_one_without(
    studio, tmp_path, studio_home
):
    root = code_pack(tmp_path / "inst", "inst_triple", TRIPLE, "X3 Mult")
    assert studio("pack", "build", str(root), "-o", str(tmp_path / "inst.zip")).code == 0
    run = studio("pack", "install", str(tmp_path / "inst.zip"))
    assert run.code == 0
    assert run.err == (
        f"studio: warning: {studio_home}/packs/inst/pack.yaml:1:1: pack 'inst' is not trusted, so its code"
        " does not run (trust it with --pack inst --trust)\n"
    )
    again = studio("pack", "install", str(tmp_path / "inst.zip"), "--force", "--trust")
    assert again.code == 0 and again.err == ""
