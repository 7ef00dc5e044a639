"""``studio list``: the loaded content by kind, with each charm's text as generated from its data.

Each kind is a list of records with typed values (numbers stay numbers) and
snake_case keys: ``--json`` prints them as they are, the table shows them.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import replace
from typing import Any, TypeVar

from pydantic import BaseModel

from studio.cli.common import dump_json, loaded
from studio.cli.errors import OK
from studio.cli.listing_run import KINDS as RUN_KINDS
from studio.cli.listing_run import run_records
from studio.cli.loading import add_pack_options
from studio.cli.render import table
from studio.content.models import (
    BossModel,
    CharmModel,
    DeckModel,
    DifficultyModel,
    EditionModel,
    HandTypeModel,
    SealModel,
    UpgradeModel,
)
from studio.content.registry import Content
from studio.engine.describe import describe_effect, describe_modifier
from studio.engine.trace import fmt

KINDS = ("charms", "hands", "upgrades", "editions", "seals", "bosses", "decks", "difficulties", *RUN_KINDS)

Record = dict[str, Any]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("kind", choices=KINDS, help="what to list")
    p.add_argument("--json", action="store_true", help="print JSON: a list of records, numbers as numbers")
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    content = loaded(args)
    records = records_of(args.kind, content)
    if args.json:
        print(dump_json(records))
        return OK
    keys = list(records[0]) if records else ["id"]
    shown = [k for k in keys if k != "disabled"]
    rows = [[_cell(r[k]) + (_disabled(r) if k == "description" else "") for k in shown] for r in records]
    numeric = [i for i, k in enumerate(shown) if records and isinstance(records[0][k], int | float)]
    print(table([k.replace("_", " ") for k in shown], rows, right=numeric))
    return OK


def records_of(kind: str, content: Content) -> list[Record]:
    """Return the records of one kind of loaded content, in the order a designer reads them."""
    if kind in RUN_KINDS:
        return run_records(kind, content)
    cat = content.catalog
    assert cat is not None
    models = [e.model for e in content.entries]
    if kind == "charms":
        return [
            {
                "id": m.id,
                "name": m.name,
                "rarity": m.rarity,
                "cost": m.cost,
                "description": cat.charm(m.id).description,
                "disabled": content.disabled.get(m.id),
            }
            for m in sorted(_of(models, CharmModel), key=lambda m: m.id)
        ]
    if kind == "hands":
        return [
            {
                "id": m.id,
                "name": m.name,
                "strength": m.strength,
                "pattern": _pattern(m),
                "points": m.points,
                "mult": _number(m.mult),
                "level_points": m.level_points,
                "level_mult": _number(m.level_mult),
            }
            for m in sorted(_of(models, HandTypeModel), key=lambda m: -m.strength)
        ]
    if kind == "upgrades":
        return [
            {"id": m.id, "name": m.name, "effect": _upgrade_text(m)}
            for m in sorted(_of(models, UpgradeModel), key=lambda m: m.id)
        ]
    if kind == "editions":
        return [
            {"id": m.id, "name": m.name, "effect": _edition_text(m)}
            for m in sorted(_of(models, EditionModel), key=lambda m: m.id)
        ]
    if kind == "seals":
        return [
            {"id": m.id, "name": m.name, "effect": _seal_text(m)}
            for m in sorted(_of(models, SealModel), key=lambda m: m.id)
        ]
    if kind == "bosses":
        return [
            {"id": m.id, "name": m.name, "min_ante": m.min_ante, "rule": m.text}
            for m in sorted(_of(models, BossModel), key=lambda m: (m.min_ante, m.id))
        ]
    if kind == "decks":
        return [
            {"id": m.id, "name": m.name, "cards": len(cat.deck(m.id).cards)}
            for m in sorted(_of(models, DeckModel), key=lambda m: m.id)
        ]
    return [
        {"level": m.level, "id": m.id, "name": m.name, "change": m.text}
        for m in sorted(_of(models, DifficultyModel), key=lambda m: m.level)
    ]


M = TypeVar("M", bound=BaseModel)


def _of(models: Iterable[BaseModel], cls: type[M]) -> list[M]:
    return [m for m in models if isinstance(m, cls)]


def _number(x: float) -> int | float:
    """A whole number as an int (``16``, not ``16.0``), as the score's JSON writes Mult."""
    return int(x) if float(x).is_integer() else x


def _cell(value: object) -> str:
    if isinstance(value, float):
        return fmt(value)
    return "" if value is None else str(value)


def _pattern(m: HandTypeModel) -> str:
    parts = [f"groups {m.groups}" if m.groups else ""]
    parts += ["straight" if m.needs_straight else "", "flush" if m.needs_flush else ""]
    return " + ".join(p for p in parts if p)


def _disabled(record: Record) -> str:
    reason = record.get("disabled")
    return f" (disabled: {reason})" if reason else ""


def _effects_text(effects: Iterable[Any]) -> str:
    """Say what a list of effects does, in the words of the charms' text: ``+20 Mult (1 in 5 chance)``."""
    out = []
    for model in effects:
        effect = model.to_engine()
        text = describe_effect(replace(effect, chance=None), {})
        if effect.chance is not None:
            text += f" ({effect.chance} chance)"
        out.append(text)
    return ", ".join(out)


def _edition_text(m: EditionModel) -> str:
    on_charms = [f"{describe_modifier(mod)} (on a charm)" for mod in m.to_engine().modifiers]
    return "; ".join(p for p in (_effects_text(m.effects), *on_charms) if p)


def _upgrade_text(m: UpgradeModel) -> str:
    parts = [f"stone: no rank or suit, +{m.stone_points} Points, always scores" if m.stone else ""]
    parts.append("wild: every suit" if m.wild else "")
    parts += [f"{label} {_effects_text(fx)}" for label, fx in _sections(m) if fx]
    if m.breaks is not None:
        parts.append(f"breaks after scoring ({m.breaks.n} in {_in(m.breaks)} chance)")
    return "; ".join(p for p in parts if p)


def _seal_text(m: SealModel) -> str:
    parts = [f"retriggers {m.retriggers} time(s)" if m.retriggers else ""]
    parts += [f"when scored: {_effects_text(m.scored)}" if m.scored else ""]
    parts += [f"held at end of round: {_effects_text(m.end_of_round)}" if m.end_of_round else ""]
    return "; ".join(p for p in parts if p)


def _sections(m: UpgradeModel) -> list[tuple[str, list[Any]]]:
    return [("when scored:", m.scored), ("while held:", m.held), ("held at end of round:", m.end_of_round)]


def _in(chance: Any) -> object:
    return getattr(chance, "in_", getattr(chance, "in", "?"))
