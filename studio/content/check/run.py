"""Checks between the entries a run sells: vouchers' requirements, consumable families, tags' packs.

Ids of other entries are checked through ``x-ref`` marks (studio.content.check.xrefs);
these checks read what is not an entry: the families consumables declare,
the packs of run.yaml's shop, and chains of vouchers that require each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from studio.content.check.problems import Problem
from studio.content.entries import Entry
from studio.content.models import ConsumableModel, RunModel, TagModel, VoucherModel
from studio.content.models.tag import FreeBoosterModel
from studio.engine.names import did_you_mean

#: The kinds whose content these checks read.
RUN_KINDS = frozenset({"consumable", "voucher", "tag", "run"})


def run_problems(entries: Sequence[Entry]) -> list[Problem]:
    """Vouchers that require each other in a loop, unknown consumable families, unknown packs."""
    families = {e.model.family for e in entries if isinstance(e.model, ConsumableModel)}
    out = _voucher_loops([e for e in entries if isinstance(e.model, VoucherModel)])
    for e in entries:  # a family made or asked about: by a charm, a consumable, ...
        for family, where in named_families(e.doc.data):
            if family not in families:
                out.append(e.problem(_unknown_family(family, families), *where))
    packs: set[str] = set()
    for e in entries:
        if isinstance(e.model, RunModel):
            packs |= {p.id for p in e.model.shop.packs}
            out += _shop_problems(e, e.model, families)
    for e in entries:
        if packs and isinstance(e.model, TagModel) and isinstance(e.model.reward, FreeBoosterModel):
            wanted = e.model.reward.pack
            if wanted not in packs:
                message = (
                    f"unknown pack '{wanted}'{did_you_mean(wanted, packs)}: name a pack of run.yaml's shop"
                )
                out.append(e.problem(message, "reward", "pack"))
    return out


def _shop_problems(e: Entry, run: RunModel, families: set[str]) -> list[Problem]:
    """The families run.yaml's shop weighs and its consumables packs hold must be some consumable's."""
    out = [
        e.problem(_unknown_family(name, families), "shop", "family_weights", name, key=True)
        for name in run.shop.family_weights
        if name not in families
    ]
    for i, pack in enumerate(run.shop.packs):
        if pack.family is not None and pack.family not in families:
            out.append(e.problem(_unknown_family(pack.family, families), "shop", "packs", i, "family"))
    return out


def named_families(
    data: Any, where: tuple[str | int, ...] = ()
) -> Iterator[tuple[str, tuple[str | int, ...]]]:
    """Each consumable family ``data`` (an entry of any kind) names, with where: a ``create_consumable``
    effect's, a ``family`` condition's (checked against the families consumables declare)."""
    if isinstance(data, dict):
        if data.get("kind") == "create_consumable" and isinstance(data.get("family"), str):
            yield data["family"], (*where, "family")
        when = data.get("when")
        if isinstance(when, dict) and isinstance(when.get("family"), list):
            for i, family in enumerate(when["family"]):
                if isinstance(family, str):
                    yield family, (*where, "when", "family", i)
        for key, value in data.items():
            yield from named_families(value, (*where, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from named_families(value, (*where, i))


def _unknown_family(name: str, families: set[str]) -> str:
    return f"no consumable is of the family '{name}'{did_you_mean(name, families)}"


def _voucher_loops(vouchers: list[Entry]) -> list[Problem]:
    """Each voucher on a loop of requirements: none of the loop could ever be bought."""
    requires = {e.id: e.model.requires for e in vouchers if isinstance(e.model, VoucherModel)}
    out = []
    for e in vouchers:
        chain = [e.id]
        ahead = requires.get(e.id)
        while ahead is not None and ahead in requires and ahead not in chain:
            chain.append(ahead)
            ahead = requires[ahead]
        if ahead == e.id and len(chain) > 1:
            loop = " -> ".join([*chain, e.id])
            out.append(e.problem(f"vouchers require each other in a loop ({loop}): none is sold", "requires"))
    return out
