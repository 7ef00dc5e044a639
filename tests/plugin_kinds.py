"""A pack whose trusted plugin adds an effect, a condition and a value kind, used from its YAML."""

from __future__ import annotations

from pathlib import Path

PLUGIN = '''\
"""Halving: an effect kind, a condition kind and a value kind for the packs that trust it."""

from typing import Literal

from pydantic import Field

from studio.plugins import (
    ConditionKind,
    EffectFields,
    EffectKind,
    ValueKind,
    register_condition,
    register_effect,
    register_value,
)


def halve(ctx, effect, amount, source, charm):
    ctx.record(source, "halve_points", 0, ctx.points // 2, ctx.mult, ctx.money, "Points halved")


class HalvePointsEffect(EffectFields):
    """Halve the running Points."""

    kind: Literal["halve_points"] = Field(..., title="Effect", description="Halve the running Points.")


register_effect(
    EffectKind("halve_points", halve, lambda e, amount, names: "halve Points", label="halve_points", scores=True),
    HalvePointsEffect,
)


def all_red(wanted):
    def check(ctx, card, charm):
        return all(c.cond_suits & {"H", "D"} for c in ctx.played) == wanted

    return check


register_condition(
    ConditionKind("all_red", all_red, clause=lambda wanted, names: "if every played card is red" if wanted else ""),
    bool,
    "All red",
    "Every played card is a heart or a diamond.",
)


def rank_total(ctx, charm, arg):
    return sum(c.rank or 0 for c in ctx.played)


register_value(ValueKind("rank_total", rank_total, "the played ranks' total", "per played rank", "for every {every} played ranks"))
'''

CHARM = """\
id: halver_red_giant
name: Red Giant
abilities:
  - trigger: hand
    when: {all_red: true}
    effects:
      - {kind: mult, amount: 1, per: rank_total, every: 10}
      - {kind: halve_points}
"""

TEST = """\
# pair 10 x 2; KH +10, KD +10 -> 30; all red: +1 Mult per 10 of 26 ranks -> +2 Mult; halve 30 -> 15: 15 x 4 = 60
- name: a red pair halves its Points after gaining Mult
  played: KH KD
  charms: [halver_red_giant]
  expect:
    total: 60
    events:
      - {step: base, source: pair, points: 10, mult: 2}
      - {step: scored_card, source: KH, points: 20, mult: 2}
      - {step: scored_card, source: KD, points: 30, mult: 2}
      - {step: hand, source: halver_red_giant, points: 30, mult: 4}
      - {step: hand, source: halver_red_giant, points: 15, mult: 4, what: halve_points}
"""


def write_halver(pack: Path) -> Path:
    """Fill a pack made by ``studio pack new halver`` with the plugin, a charm using it and a test."""
    (pack / "plugins").mkdir(exist_ok=True)
    (pack / "plugins/halving.py").write_text(PLUGIN, encoding="utf-8")
    (pack / "charms/halver_red_giant.yaml").write_text(CHARM, encoding="utf-8")
    (pack / "tests/halve.yaml").write_text(TEST, encoding="utf-8")
    return pack
