"""Condition kinds on cards: the triggering card's upgrade, edition, seal and place among the
scoring cards, the suits of the played hand, and the cards held in hand.

Suits are read as for every charm condition (``cond_suits``): a wild card is of
every suit, a debuffed card of none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from studio.engine.cards import SUIT_SYMBOLS, SUITS
from studio.engine.conditions import Conditions, compile_checks
from studio.engine.kinds.phrases import card_noun, card_phrase, names_of, with_article
from studio.engine.kinds.registry import CONDITIONS, CardPhrase, Check, ConditionKind

if TYPE_CHECKING:
    from studio.engine.inplay import ActiveCharm, CardView
    from studio.engine.modifiers import EditionDef, SealDef, UpgradeDef
    from studio.engine.scoring.context import ScoringContext

# -- the triggering card's modifiers ----------------------------------------------------


def _modifier(
    part: Callable[[CardView], UpgradeDef | EditionDef | SealDef | None],
) -> Callable[[frozenset[str]], Check]:
    """Compile "the card has one of these ids" for one kind of modifier."""

    def compile_(ids: frozenset[str]) -> Check:
        def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
            if card is None:
                return False
            mod = part(card)
            return mod is not None and mod.id in ids

        return check

    return compile_


CONDITIONS.add(
    ConditionKind(
        "upgrades",
        _modifier(lambda card: card.upgrade),
        about="card",
        phrase=lambda ids: CardPhrase(before=names_of(ids)),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "editions",
        _modifier(lambda card: card.edition),
        about="card",
        phrase=lambda ids: CardPhrase(before=names_of(ids)),
    ),
    builtin=True,
)
CONDITIONS.add(
    ConditionKind(
        "seals",
        _modifier(lambda card: card.seal),
        about="card",
        phrase=lambda ids: CardPhrase(after=f" with a {names_of(ids)}"),
    ),
    builtin=True,
)

# -- the triggering card's place -----------------------------------------------------


def _first_scoring(first: bool) -> Check:
    """Positions, not cards: two equal cards share one view."""

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        if card is None:
            return False
        evaluation = ctx.evaluation
        is_first = (
            ctx.step == "scored_card" and evaluation is not None and evaluation.scoring[:1] == (ctx.position,)
        )
        return is_first == first

    return check


CONDITIONS.add(
    ConditionKind(
        "first_scoring",
        _first_scoring,
        about="card",
        phrase=lambda first: (
            CardPhrase(whole="for the first scoring card")
            if first
            else CardPhrase(after=" other than the first scoring card")
        ),
        triggers=frozenset({"scored_card"}),
        asks="scoring cards",
    ),
    builtin=True,
)


def _first_discarded(first: bool) -> Check:
    """The first card of a discard that fires (a debuffed one fires nothing): "once per discard"."""

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        if card is None or ctx.step != "discard":
            return False
        lead = next((i for i, v in enumerate(ctx.played) if not v.debuffed), -1)
        return (ctx.position == lead) == first

    return check


CONDITIONS.add(
    ConditionKind(
        "first_discarded",
        _first_discarded,
        about="card",
        phrase=lambda first: (
            CardPhrase(whole="once per discard") if first else CardPhrase(after=" other than the first one")
        ),
        triggers=frozenset({"discard"}),
        asks="the cards of a discard",
    ),
    builtin=True,
)

# -- the played hand's suits ----------------------------------------------------------


def _suits_present(suits: frozenset[str]) -> Check:
    """Each suit needs a card of its own: one wild card stands for any one of them."""
    wanted = tuple(s for s in SUITS if s in suits)

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        return _each_has_a_card(wanted, [v.cond_suits & suits for v in ctx.played])

    return check


def _each_has_a_card(wanted: tuple[str, ...], cards: list[frozenset[str]]) -> bool:
    """Return True if every wanted suit can be given its own card (a matching, by backtracking)."""
    if not wanted:
        return True
    suit, rest = wanted[0], wanted[1:]
    return any(
        suit in of and _each_has_a_card(rest, cards[:i] + cards[i + 1 :]) for i, of in enumerate(cards)
    )


def _suits_clause(suits: frozenset[str], names: Mapping[str, str]) -> str:
    if suits == frozenset(SUITS):
        return "if the played hand has a card of each suit"
    each = [f"a {SUIT_SYMBOLS[s]} card" for s in SUITS if s in suits]
    listed = each[0] if len(each) == 1 else f"{', '.join(each[:-1])} and {each[-1]}"
    return f"if the played hand has {listed}"


CONDITIONS.add(ConditionKind("suits_present", _suits_present, clause=_suits_clause), builtin=True)

# -- the cards held in hand -----------------------------------------------------------


def _all_held(test: Conditions) -> Check:
    """Every held card passes the card tests (so it holds when no card is held); worked out once
    per hand, as the held cards do not change while a hand scores."""
    checks = compile_checks(test)

    def check(ctx: ScoringContext, card: CardView | None, charm: ActiveCharm | None) -> bool:
        memo = ctx.hand_memo()
        holds = memo.get(check)
        if holds is None:
            holds = memo[check] = all(all(c(ctx, v, charm) for c in checks) for v in ctx.held)
        return bool(holds)

    return check


def _all_held_clause(test: Conditions, names: Mapping[str, str]) -> str:
    phrase = card_phrase(test)
    return f"if every card held in hand is {with_article(card_noun(phrase) + phrase.after)}"


CONDITIONS.add(
    ConditionKind("all_held", _all_held, about="round", clause=_all_held_clause, order=10), builtin=True
)
