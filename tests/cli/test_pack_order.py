"""``--pack`` is repeatable, in load order (the command-line contract): the pack given last is on top."""

from __future__ import annotations

import json
from pathlib import Path


def _pack(root: Path, pack_id: str, mult: int) -> Path:
    """A pack that redefines ``plain_mult`` to add ``mult`` Mult."""
    folder = root / pack_id
    (folder / "charms").mkdir(parents=True)
    (folder / "pack.yaml").write_text(
        f"id: {pack_id}\nname: {pack_id}\nversion: 1.0.0\nreplaces: [charm/plain_mult]\n", encoding="utf-8"
    )
    (folder / "charms" / "plain_mult.yaml").write_text(
        "id: plain_mult\nname: Plain\nabilities:\n"
        f"  - trigger: hand\n    effects:\n      - {{kind: mult, amount: {mult}}}\n",
        encoding="utf-8",
    )
    return folder


def test_the_pack_given_last_wins(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    zeta, alpha = _pack(tmp_path, "zeta", 100), _pack(tmp_path, "alpha", 200)
    for first, last, mult in ((zeta, alpha, 201), (alpha, zeta, 101)):
        run = studio(
            "score", "AS", "--charm", "plain_mult", "--pack", str(first), "--pack", str(last), "--json"
        )
        assert run.code == 0, run.err
        assert json.loads(run.out)["mult"] == mult
