"""What a plugin declares is read from its source without running it, so an untrusted pack's plugin is
told the same mistakes of its ids as a trusted one: an id another pack defines, a computed id."""

from __future__ import annotations

from code_packs import code_pack

HOOK = (
    "from studio.plugins import Behaviour\n\n\nclass Triple(Behaviour):\n"
    "    id = {id}\n\n    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"
)


def test_an_untrusted_plugin_taking_a_base_behaviour_id_is_a_problem_not_the_base_code(studio, tmp_path):
    root = code_pack(tmp_path / "taker", "taker_triple", HOOK.format(id='"five_alive"'), "X3 Mult")
    charm = root / "charms" / "taker_triple.yaml"
    charm.write_text(charm.read_text().replace("behaviour: taker_triple", "behaviour: five_alive"))
    run = studio("validate", str(root))
    assert run.code == 1
    assert (
        f"{root}/plugins/taker_triple.py:5:1: pack 'taker': behaviour id 'five_alive' is already defined in "
    ) in run.out
    score = studio("score", "AS KS QS JS 9S", "--pack", str(root), "--charm", "taker_triple")
    assert score.code != 0 and "x1.75 Mult" not in score.out  # five_alive's code never scores for it


def test_an_untrusted_plugin_computing_its_id_is_told_to_write_it_plainly(studio, tmp_path):
    root = code_pack(tmp_path / "calc", "calc_triple", HOOK.format(id='"calc_" + "triple"'), "X3 Mult")
    run = studio("validate", str(root))
    assert run.code == 1
    assert (
        f"{root}/plugins/calc_triple.py:5:1: pack 'calc': write class Triple's behaviour id as a plain "
        'string (id = "..."): Studio reads ids without running code'
    ) in run.out.splitlines()
