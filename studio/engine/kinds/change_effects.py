"""Effect kinds that change the run beyond the score: cards, charms, the boss, values.

What they change takes effect after the step or the hand, as RULES.md
section 6 says (see :mod:`studio.engine.aftermath`); each shows in the trace
as an event of its source.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from studio.engine.cards import SUIT_SYMBOLS, SUITS, Card, rank_name
from studio.engine.kinds.phrases import with_article
from studio.engine.kinds.registry import EFFECTS, VALUE_ARG, VALUES, EffectKind, Worth
from studio.engine.trace import SCORE_STEPS, fmt
from studio.engine.values import BASE_SOURCES, Modifier, in_source_order, layered

if TYPE_CHECKING:
    from studio.engine.effects import Effect
    from studio.engine.inplay import ActiveCharm, CardView, Source
    from studio.engine.scoring.context import ScoringContext


def _card(ctx: ScoringContext) -> CardView | None:
    """The card now triggering (None outside a card's trigger)."""
    if ctx.position < 0:
        return None
    cards = ctx.held if ctx.zone == "held" else ctx.played
    return cards[ctx.position] if ctx.position < len(cards) else None


# -- charms --------------------------------------------------------------------------


def _destroy_self(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    """The charm acting leaves the row after this step: a copy acts in its copier's place, so the copier
    goes, never the charm it copies (a copied lucky_bones saves a round at the copier's cost)."""
    if charm is None or charm.lasting or charm.slot in ctx.gone or charm.slot in ctx.leaving:
        return
    ctx.leaving = (*ctx.leaving, charm.slot)
    ctx.aftermath().charms.append(charm.slot)
    ctx.note(source, "destroyed", 0, f"{charm.id} is destroyed")


EFFECTS.add(
    EffectKind(
        "destroy_self",
        _destroy_self,
        lambda e, amount, names: "destroy itself",
        label="destroyed",
        worth=Worth(destroys="self"),
    ),
    builtin=True,
)


def _noop(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    """The copy is made when the row is built: the copier acts with the copied charm's abilities."""


_COPIED = {
    "leftmost": "the leftmost charm",
    "left": "the charm to its left",
    "right": "the charm to its right",
}


def _copy_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    return f"use the abilities of {_COPIED[str(e.arg('target', 'right'))]}"


EFFECTS.add(EffectKind("copy_charm", _noop, _copy_text, copies=True), builtin=True)

# -- the boss ------------------------------------------------------------------------


def _disable_boss(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    if ctx.boss_off:
        return
    ctx.boss_off = True
    ctx.aftermath().boss_disabled = True
    ctx.hands_left += _given_back(ctx, "hands", 0)
    ctx.discards_left += _given_back(ctx, "discards", 1)
    ctx.modifiers = tuple(m for m in ctx.modifiers if m.source[1] != "boss")
    ctx.chances = layered("chances", 1, ctx.modifiers)
    ctx.note(source, "disable_boss", 0, "the boss rule stops for the rest of the round")


def _given_back(ctx: ScoringContext, name: str, which: int) -> int:
    """How many hands or discards per round (``name``) the boss's modifiers took, given back when it is
    disabled mid-hand: a hand that was the last only by the boss's rule is not the last. A run or a
    scenario gives its hands and discards per round (the deck and difficulty folded in); without
    them, the value kinds' own, with the deck's modifiers among the sources."""
    per_round = ctx.situation.per_round
    if per_round is None:
        base, around = VALUES[name].base, ctx.modifiers
    else:
        base, around = per_round[which], tuple(m for m in ctx.modifiers if m.source[1] not in BASE_SOURCES)
    without = tuple(m for m in around if m.source[1] != "boss")
    return max(int(layered(name, base, without) - layered(name, base, around)), 0)


EFFECTS.add(
    EffectKind(
        "disable_boss", _disable_boss, lambda e, amount, names: "disable the boss rule", label="disable_boss"
    ),
    builtin=True,
)

# -- playing cards -------------------------------------------------------------------


def _destroy_card(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    view = _card(ctx)
    if view is None:
        return
    after = ctx.aftermath()
    if any(c.zone == ctx.zone and c.position == ctx.position and c.becomes is None for c in after.cards):
        return
    after.change(ctx.zone, ctx.position, view.card, None)
    ctx.note(source, "destroy_card", 0, f"{view.card} is destroyed after the hand")


def _edit_card(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    view = _card(ctx)
    if view is None:
        return
    after = ctx.aftermath()
    old = after.current(ctx.zone, ctx.position, view.card) if after.cards else view.card
    to = dict(e.args)
    gone = to.get("remove")
    new = Card(
        to.get("rank", old.rank),
        to.get("suit", old.suit),
        None if gone == "upgrade" else to.get("upgrade", old.upgrade),
        None if gone == "edition" else to.get("edition", old.edition),
        None if gone == "seal" else to.get("seal", old.seal),
        old.extra + int(to.get("extra_points", 0)),
    )
    if new == old:
        return
    after.change(ctx.zone, ctx.position, view.card, new)
    ctx.note(source, "edit_card", 0, f"{old} becomes {new} after the hand")


def _edit_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    parts = [f"+{e.arg('extra_points')} Points on the card"] if e.arg("extra_points") else []
    looks = [e.arg(key) for key in ("upgrade", "edition", "seal") if e.arg(key)]
    if e.arg("suit"):
        looks.append(SUIT_SYMBOLS[e.arg("suit")])
    if e.arg("rank"):
        looks.append(f"a {rank_name(e.arg('rank'))}")
    if looks:
        parts.append("make the card " + " and ".join(str(x).replace("_", " ") for x in looks))
    if e.arg("remove"):
        parts.append(f"remove the card's {e.arg('remove')}")
    return " and ".join(parts) + " for good"


def _copy_card(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    view = _card(ctx)
    if view is None:
        return
    to = e.arg("to", "deck")
    after = ctx.aftermath()
    after.copies.append((after.current(ctx.zone, ctx.position, view.card), to))
    ctx.note(source, "copy_card", 0, f"a copy of {view.card} joins the {to} after the hand")


EFFECTS.add(
    EffectKind(
        "destroy_card",
        _destroy_card,
        lambda e, amount, names: "destroy the card",
        label="destroy_card",
        needs_card=True,
    ),
    builtin=True,
)
EFFECTS.add(
    EffectKind(
        "edit_card", _edit_card, _edit_text, label="edit_card", needs_card=True, worth=Worth(edits_card=True)
    ),
    builtin=True,
)


def _add_card(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    """A rank or suit left out is drawn from the source's own stream (so it shifts no other draw)."""
    stream = ctx.stream(source)
    rank = e.arg("rank") or 2 + int(ctx.rng.random(stream) * 13)
    suit = e.arg("suit") or ctx.rng.choice(stream, SUITS)
    card = Card(rank, suit, e.arg("upgrade"), e.arg("edition"), e.arg("seal"))
    to = e.arg("to", "deck")
    ctx.aftermath().added.append((card, to))
    when = " after the hand" if ctx.step in SCORE_STEPS else ""
    ctx.note(source, "add_card", 0, f"a new {card} joins the {to}{when}")


def _add_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    """ "add a random Stone card to the deck", "add a Glass K of a random suit", "add a Foil K♥"."""
    rank, suit = e.arg("rank"), e.arg("suit")
    looks = [str(e.arg(k)).replace("_", " ").title() for k in ("edition", "upgrade") if e.arg(k)]
    if rank and suit:
        noun = f"{rank_name(rank)}{SUIT_SYMBOLS[suit]}"
    elif rank:
        noun = f"{rank_name(rank)} of a random suit"
    else:
        noun = f"{SUIT_SYMBOLS[suit]} card" if suit else "card"
        looks.insert(0, "random")
    seal = f" with a {str(e.arg('seal')).replace('_', ' ').title()}" if e.arg("seal") else ""
    return f"add {with_article(' '.join([*looks, noun]))}{seal} to the {e.arg('to', 'deck')}"


EFFECTS.add(EffectKind("add_card", _add_card, _add_text, label="add_card"), builtin=True)
EFFECTS.add(
    EffectKind(
        "copy_card",
        _copy_card,
        lambda e, amount, names: f"add a copy of the card to the {e.arg('to', 'deck')}",
        label="copy_card",
        needs_card=True,
    ),
    builtin=True,
)

# -- values --------------------------------------------------------------------------


def _modify(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    declared = (charm.id, "charm", charm.slot) if charm is not None and source is charm else source
    m = Modifier(e.arg("value"), e.arg("op", "add"), amount, e.arg("for", "hand"), declared)  # type: ignore[arg-type]
    ctx.modifiers = in_source_order((*ctx.modifiers, m))  # in its source's place (RULES.md section 6)
    if m.value == "chances":
        ctx.chances = layered("chances", 1, ctx.modifiers)
    if m.scope == "round":
        ctx.aftermath().modifiers.append(m)
    ctx.note(source, "modify", amount, f"{_modifier_text(m)} this {m.scope}")


def _modifier_text(m: Modifier, up_to: float | None = None) -> str:
    noun = VALUES[m.value].counted(m.amount if up_to is None else up_to)
    top = f" to {fmt(up_to)}" if up_to is not None else ""  # a random range: "+1 to 2 hand size"
    return {
        "set": f"{noun} set to {fmt(m.amount)}{top}",
        "add": f"{'+' if m.amount >= 0 else '-'}{fmt(abs(m.amount))}{top} {noun}",
    }.get(m.op, f"{noun} x{fmt(m.amount)}{top}")


def _modify_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    m = Modifier(e.arg("value"), e.arg("op", "add"), e.amount, e.arg("for", "hand"))
    return f"{_modifier_text(m, e.up_to)} this {m.scope}"


EFFECTS.add(
    EffectKind("modify", _modify, _modify_text, label="modify", worth=Worth(rule=VALUE_ARG)), builtin=True
)
