"""A new consumable, voucher, tag or sticker made in the workspace starts from a template that validates."""

from __future__ import annotations

import pytest

from studio.workspace import Workspace


@pytest.mark.parametrize("kind", ["consumable", "voucher", "tag", "sticker"])
def test_a_new_run_item_is_valid_and_in_the_catalog(ws: Workspace, kind: str) -> None:
    [new] = ws.create(kind, "fresh_one", "base").entries
    assert [str(p) for p in ws.problems() if p.entry == new] == []
    assert ws.catalog is not None
    assert "fresh_one" in getattr(ws.catalog, f"{kind}s")
