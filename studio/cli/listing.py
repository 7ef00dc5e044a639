"""``studio list``: the loaded content by kind, with each charm's text as generated from its data."""

from __future__ import annotations

import argparse

from studio.cli.common import add_pack_options, dump_json, loaded
from studio.cli.errors import OK
from studio.cli.render import table
from studio.content.models import BossModel, CharmModel, DeckModel, DifficultyModel, HandTypeModel
from studio.content.registry import Content

KINDS = ("charms", "hands", "bosses", "decks", "difficulties")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("kind", choices=KINDS, help="what to list")
    p.add_argument("--json", action="store_true", help="print JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    content = loaded(args)
    headers, rows = _rows(args.kind, content)
    if args.json:
        print(dump_json([dict(zip(headers, row, strict=True)) for row in rows]))
    else:
        print(table(headers, rows))
    return OK


def _rows(kind: str, content: Content) -> tuple[list[str], list[list[str]]]:
    cat = content.catalog
    assert cat is not None
    models = [e.model for e in content.entries]
    if kind == "charms":
        charms = sorted((m for m in models if isinstance(m, CharmModel)), key=lambda m: m.id)
        rows = [
            [m.id, m.name, m.rarity, str(m.cost), cat.charm(m.id).description + _disabled(content, m.id)]
            for m in charms
        ]
        return ["id", "name", "rarity", "cost", "description"], rows
    if kind == "hands":
        hands = sorted((m for m in models if isinstance(m, HandTypeModel)), key=lambda m: -m.strength)
        rows = [[m.id, m.name, str(m.strength), _pattern(m), f"{m.points} x {m.mult:g}"] for m in hands]
        return ["id", "name", "strength", "pattern", "base"], rows
    if kind == "bosses":
        bosses = sorted((m for m in models if isinstance(m, BossModel)), key=lambda m: (m.min_ante, m.id))
        return ["id", "name", "from ante", "rule"], [[m.id, m.name, str(m.min_ante), m.text] for m in bosses]
    if kind == "decks":
        decks = sorted((m for m in models if isinstance(m, DeckModel)), key=lambda m: m.id)
        return ["id", "name", "cards"], [[m.id, m.name, str(len(cat.deck(m.id).cards))] for m in decks]
    levels = sorted((m for m in models if isinstance(m, DifficultyModel)), key=lambda m: m.level)
    return ["level", "id", "name", "change"], [[str(m.level), m.id, m.name, m.text] for m in levels]


def _pattern(m: HandTypeModel) -> str:
    parts = [f"groups {m.groups}" if m.groups else ""]
    parts += ["straight" if m.needs_straight else "", "flush" if m.needs_flush else ""]
    return " + ".join(p for p in parts if p)


def _disabled(content: Content, charm_id: str) -> str:
    reason = content.disabled.get(charm_id)
    return f" (disabled: {reason})" if reason else ""
