"""Charm rows: compiled once, memoised, and the memo stays bounded however many rows come."""

from __future__ import annotations

import dataclasses
import itertools

from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.scoring import Situation, score
from studio.engine.scoring.rows import MAX_ROWS, charm_row


def _fresh(catalog: Catalog) -> Catalog:
    """The same content with an empty memo (the session's catalog is shared)."""
    return dataclasses.replace(catalog, memo={})


def _rows(catalog: Catalog, n: int) -> list[tuple[CharmSlot, ...]]:
    """``n`` distinct rows of three base charms."""
    ids = sorted(catalog.charms)
    return [tuple(map(CharmSlot, ids_)) for ids_ in itertools.islice(itertools.product(ids, repeat=3), n)]


def test_a_batch_of_distinct_rows_keeps_the_memo_bounded(catalog: Catalog) -> None:
    fresh = _fresh(catalog)
    rows = _rows(fresh, MAX_ROWS + 500)
    for slots in rows:
        charm_row(slots, fresh)
    memo = fresh.memo
    assert 0 < len(memo["rows"]) <= MAX_ROWS  # type: ignore[arg-type]
    assert all(len(v) <= MAX_ROWS for v in memo.values() if isinstance(v, dict))


def test_a_row_is_memoised_and_scores_alike_after_eviction(catalog: Catalog) -> None:
    fresh = _fresh(catalog)
    first = (CharmSlot("even_mult"), CharmSlot("plain_mult", "polychrome"), CharmSlot("pair_mult"))
    row = charm_row(first, fresh)
    assert charm_row(list(first), fresh) is row
    hand = Situation(fresh.cards("4H 4C KD"), fresh.cards("5D:steel"), first, money=3)
    before = score(hand, fresh)
    for slots in _rows(fresh, MAX_ROWS + 1):
        charm_row(slots, fresh)
    rebuilt = charm_row(first, fresh)
    assert rebuilt is not row and rebuilt == row
    assert score(hand, fresh) == before == score(hand, _fresh(catalog))
    assert [e.source for e in before.events if e.source_kind in ("charm", "edition")] == [
        "4H even_mult",
        "4C even_mult",
        "plain_mult",
        "plain_mult polychrome",
        "pair_mult",
    ]


def test_a_row_joins_each_charms_plans_in_row_order(catalog: Catalog) -> None:
    fresh = _fresh(catalog)
    ids = ["plain_mult", "splash", "low_retrigger", "plain_mult"]
    row = charm_row([CharmSlot(i) for i in ids], fresh)
    assert [(charm.slot, charm.id) for charm in row.charms] == list(enumerate(ids))
    assert [entry[0] for entry in row.plan("hand")] == [0, 3]
    assert [(charm.slot, entry[0]) for charm, entry in row.hand] == [(0, 0), (3, 3)]
    assert [entry[0] for entry in row.retriggers("scored_card")] == [2]
    assert "splash" in row.flags and row.rules.splash
    shiny = charm_row([CharmSlot("splash", "foil"), CharmSlot("plain_mult")], fresh)
    assert [(charm.id, entry[0]) for charm, entry in shiny.hand] == [("splash", -1), ("plain_mult", 1)]
    assert row.plan("discard") == () and row.retriggers("held_card") == ()
