"""``studio list`` of what a run sells: consumables, vouchers, tags and stickers, each with its text.

The texts come from the engine's definitions (generated from the data, as a
charm's is); records have snake_case keys and typed values, as
:mod:`studio.cli.listing`'s.
"""

from __future__ import annotations

from typing import Any

from studio.content.models import ConsumableModel, StickerModel, TagModel, VoucherModel
from studio.content.models.consumable import CardTargetsModel
from studio.content.registry import Content
from studio.engine.catalog import Catalog
from studio.engine.tags import describe_tag

KINDS = ("consumables", "vouchers", "tags", "stickers")

Record = dict[str, Any]


def run_records(kind: str, content: Content) -> list[Record]:
    """Return the records of one of :data:`KINDS`, in the order a designer reads them."""
    cat = content.catalog
    assert cat is not None
    models = [e.model for e in content.entries]
    names = {t.id: t.name for t in cat.hand_types}
    if kind == "consumables":
        consumables = sorted(
            (m for m in models if isinstance(m, ConsumableModel)), key=lambda m: (m.family, m.id)
        )
        return [
            {
                "id": m.id,
                "name": m.name,
                "family": m.family,
                "cost": m.cost,
                "targets": _targets(m),
                "description": cat.consumables[m.id].description,
            }
            for m in consumables
        ]
    if kind == "vouchers":
        return [
            {
                "id": m.id,
                "name": m.name,
                "cost": m.cost,
                "requires": m.requires,
                "effect": cat.vouchers[m.id].description,
            }
            for m in sorted((m for m in models if isinstance(m, VoucherModel)), key=lambda m: m.id)
        ]
    if kind == "tags":
        return [
            {
                "id": m.id,
                "name": m.name,
                "min_ante": m.min_ante,
                "weight": m.weight,
                "reward": describe_tag(cat.tags[m.id], names),
            }
            for m in sorted((m for m in models if isinstance(m, TagModel)), key=lambda m: (m.min_ante, m.id))
        ]
    levels = _sticker_levels(cat)
    stickers = sorted(
        (m for m in models if isinstance(m, StickerModel)), key=lambda m: (levels.get(m.id) or 1000, m.id)
    )
    return [
        {
            "id": m.id,
            "name": m.name,
            "from_level": levels.get(m.id),
            "chance": m.chance,
            "effect": cat.stickers[m.id].describe(names),
        }
        for m in stickers
    ]


def _targets(m: ConsumableModel) -> str:
    """What a consumable acts on, in a few words: ``1-2 cards``, ``every hand type``, or empty."""
    t = m.targets
    if t is None:
        return ""
    if isinstance(t, CardTargetsModel):
        count = f"{t.min}" if t.min == t.max else f"{t.min}-{t.max}"
        return f"{count} card{'s' if t.max > 1 else ''}"
    return "every hand type"


def _sticker_levels(cat: Catalog) -> dict[str, int]:
    """The lowest difficulty level that names each sticker."""
    levels: dict[str, int] = {}
    for d in sorted(cat.difficulties.values(), key=lambda d: d.level):
        for sticker in d.stickers:
            levels.setdefault(sticker, d.level)
    return levels
