"""The built-in condition kinds: tests on the triggering card, the hand and the round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from studio.engine.cards import SUIT_SYMBOLS, SUITS, rank_name
from studio.engine.conditions import OPS, Compare
from studio.engine.kinds.phrases import yes_no
from studio.engine.kinds.registry import (
    CONDITIONS,
    HANDS_LEFT,
    VALUES,
    CardPhrase,
    Check,
    ConditionKind,
    Fire,
    Plain,
)

if TYPE_CHECKING:
    from studio.engine.inplay import ActiveCharm, CardView
    from studio.engine.scoring.context import ScoringContext

_RANK_WORDS = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_OP_TEXT = {"<": "below", "<=": "at most", "==": "exactly", "!=": "not", ">=": "at least", ">": "above"}

# -- the triggering card -----------------------------------------------------------


def _suits(suits: frozenset[str]) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return card is not None and bool(card.cond_suits & suits)

    return check


def _ranks(ranks: frozenset[int]) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return card is not None and card.rank in ranks

    return check


def _fused_suits(suits: frozenset[str], plain: Plain, amount: float) -> Fire:
    def fire(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
        if card is not None and card.cond_suits & suits:
            plain(ctx, amount, charm)

    return fire


def _fused_ranks(ranks: frozenset[int], plain: Plain, amount: float) -> Fire:
    def fire(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
        if card is not None and card.rank in ranks:
            plain(ctx, amount, charm)

    return fire


def _face(face: bool) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return card is not None and card.face == face

    return check


def _first_face(first: bool) -> Check:
    """Positions, not cards: two equal cards share one view."""

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        if card is None:
            return False
        is_first = False
        if ctx.step == "scored_card" and ctx.evaluation is not None:
            played = ctx.played
            for i in ctx.evaluation.scoring:  # up to the first face only: it runs on every scored card
                if played[i].face:
                    is_first = ctx.position == i
                    break
        return is_first == first

    return check


def _rank_words(ranks: frozenset[int]) -> str:
    if len(ranks) == 1:
        return _RANK_WORDS.get(min(ranks), rank_name(min(ranks)))
    names = [rank_name(r) for r in sorted(ranks)]
    return f"{', '.join(names[:-1])} or {names[-1]}"


CONDITIONS.add(
    ConditionKind(
        "suits",
        _suits,
        about="card",
        phrase=lambda suits: CardPhrase(before="/".join(SUIT_SYMBOLS[s] for s in SUITS if s in suits)),
        fused=_fused_suits,
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "ranks",
        _ranks,
        about="card",
        phrase=lambda ranks: CardPhrase(core=_rank_words(ranks)),
        fused=_fused_ranks,
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "face",
        _face,
        about="card",
        phrase=lambda face: CardPhrase(noun="face card" if face else "non-face card"),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "first_face",
        _first_face,
        about="card",
        phrase=lambda first: (
            CardPhrase(whole="for the first scoring face card")
            if first
            else CardPhrase(after=" other than the first scoring face card")
        ),
        triggers=frozenset({"scored_card"}),
        asks="scoring cards",
    ),
    builtin=True,
)

# -- the played hand -----------------------------------------------------------------


def _contains(type_id: str) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        evaluation = ctx.evaluation
        return evaluation is not None and type_id in evaluation.contains

    return check


def _fused_contains(type_id: str, plain: Plain, amount: float) -> Fire:
    def fire(ctx: ScoringContext, charm: ActiveCharm, card: CardView | None) -> None:
        evaluation = ctx.evaluation
        if evaluation is not None and type_id in evaluation.contains:
            plain(ctx, amount, charm)

    return fire


def _hand_types(types: frozenset[str]) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        evaluation = ctx.evaluation
        return evaluation is not None and evaluation.hand_type.id in types

    return check


CONDITIONS.add(
    ConditionKind(
        "contains",
        _contains,
        clause=lambda t, names: f"if the played hand contains a {names.get(t, t)}",
        fused=_fused_contains,
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "hand_types",
        _hand_types,
        clause=lambda types, names: (
            f"if the played hand is a {' or '.join(sorted(names.get(t, t) for t in types))}"
        ),
    ),
    builtin=True,
)

# -- values of the hand, the round and the charm ----------------------------------------


def _compare(compares: tuple[Compare, ...]) -> Check:
    reads = tuple((VALUES[c.value].read, c.arg, OPS[c.op], c.n) for c in compares)
    if len(reads) == 1:  # the usual case, without a loop
        ((read, arg, op, n),) = reads

        def check_one(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
            return op(read(ctx, charm, arg), n)

        return check_one

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return all(op(read(ctx, charm, arg), n) for read, arg, op, n in reads)

    return check


def compare_text(c: Compare) -> str:
    """Read one comparison: "if $ held is at least 10"."""
    n = int(c.n) if float(c.n).is_integer() else c.n
    if c.value == "scoring_face_cards" and (c.op, n) == ("==", 0):
        return "if no scoring card is a face card"
    if c.value == "scoring_face_cards" and (c.op, n) in ((">", 0), (">=", 1)):
        return "if a scoring card is a face card"
    if c.value == "played_cards" and c.op == "<=":
        return f"if {n} or fewer cards are played"
    if c.value == "played_cards" and c.op == "==":
        return f"if exactly {n} card{' is' if n == 1 else 's are'} played"
    return VALUES[c.value].clause(_OP_TEXT[c.op], n, c.arg)


CONDITIONS.add(
    ConditionKind(
        "compare",
        _compare,
        about="round",
        clause=lambda compares, names: " ".join(compare_text(c) for c in compares),
        values=lambda compares: tuple(c.value for c in compares),
    ),
    builtin=True,
)

# -- the round -------------------------------------------------------------------------


def _first_hand(first: bool) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return ctx.first_hand == first

    return check


def _final_hand(final: bool) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return (ctx.hands_left == 0) == final

    return check


def _chance(chance: Any) -> Check:
    n, in_ = chance.n, chance.in_

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return ctx.chance(n, in_, ctx.stream(charm, card))

    return check


def _blind(blinds: frozenset[str]) -> Check:
    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return ctx.situation.blind in blinds

    return check


CONDITIONS.add(
    ConditionKind(
        "first_hand",
        _first_hand,
        about="round",
        clause=yes_no("on the first hand of the round", "after the first hand"),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "final_hand",
        _final_hand,
        about="round",
        clause=yes_no("on the final hand of the round", "before the final hand"),
        reads=frozenset({HANDS_LEFT}),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "blind",
        _blind,
        about="round",
        clause=lambda blinds, names: (
            f"in the {' or '.join(sorted(b.replace('_', ' ') for b in blinds))} blind"
        ),
        blinds=frozenset,
    ),
    builtin=True,
)
#: A chance draws last, so a test that fails first never spends a draw.
CONDITIONS.add(ConditionKind("chance", _chance, about="round", prefix=str, order=100), builtin=True)
