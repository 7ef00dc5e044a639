"""What scoring steps share: cards resolved for this hand, the charm row (see
:mod:`studio.engine.scoring.rows`), and the context every step runs in.

Card views depend only on content, the boss and the row's rule switches, so
they are memoised in the catalog.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from studio.engine.bosses import BossDef
from studio.engine.cards import FACE_RANKS, SUITS, Card, rank_points
from studio.engine.catalog import Catalog, lookup
from studio.engine.conditions import Conditions, compile_checks
from studio.engine.hands import MAX_FLUSH_OR_STRAIGHT_CARDS, SMEARED, Evaluation, HandRules, evaluate
from studio.engine.inplay import CardView
from studio.engine.scoring.context import ScoringContext
from studio.engine.scoring.rows import Row, charm_row, remember, rules_of
from studio.engine.situation import Situation
from studio.engine.values import Modifier, in_source_order, layered

ALL_SUITS = frozenset(SUITS)


def card_view(
    card: Card, catalog: Catalog, boss: BossDef | None = None, flags: frozenset[str] = frozenset()
) -> CardView:
    """Resolve a card's modifiers and decide what it counts as this hand (memoised)."""
    views = _views(catalog, boss, flags)
    view = views.get(card)
    if view is None:
        view = views[card] = _make_view(card, catalog, boss, flags)
    return view


def _views(catalog: Catalog, boss: BossDef | None, flags: frozenset[str]) -> dict[Card, CardView]:
    """The memo of card views under one boss and set of rule switches."""
    key = ("views", boss.id if boss else None, flags)
    views = catalog.memo.get(key)
    if views is None:
        views = catalog.memo[key] = {}
    return views  # type: ignore[return-value]


def _evaluations(catalog: Catalog, rules: HandRules) -> dict[tuple[object, ...], Evaluation]:
    """The memo of hand evaluations under one set of hand rules, by the cards' ranks and suits: a bot
    and a batch score the same cards again and again under other charms. Found by the rules object's
    identity (rows hand out the same one; hashing the rules costs more than evaluating a hand), which
    the entry keeps alive and checks."""
    memo: dict[int, tuple[HandRules, dict[tuple[object, ...], Evaluation]]] | None
    memo = catalog.memo.get("evaluations")  # type: ignore[assignment]
    if memo is None:  # asked for every hand scored: no empty default built each time
        memo = catalog.memo["evaluations"] = {}
    found = memo.get(id(rules))
    if found is None or found[0] is not rules:
        found = memo[id(rules)] = (rules, {})
    return found[1]


def _smear(suits: frozenset[str]) -> frozenset[str]:
    """With ``smeared``, a heart is also a diamond (and back), a spade also a club."""
    return suits.union(*(SMEARED[s] for s in suits))


def _make_view(card: Card, catalog: Catalog, boss: BossDef | None, flags: frozenset[str]) -> CardView:
    """Resolve modifiers; decide rank, suits (for flushes and for charm conditions), face, debuff.

    A suit is asked the same way everywhere: with ``smeared`` a heart is also a
    diamond for flushes, for charm conditions and for a boss's debuff, which is
    a card filter checked by the same card condition kinds.
    """
    upgrade = lookup(catalog.upgrades, "upgrade", card.upgrade) if card.upgrade else None
    edition = lookup(catalog.editions, "edition", card.edition) if card.edition else None
    seal = lookup(catalog.seals, "seal", card.seal) if card.seal else None
    stone = upgrade is not None and upgrade.stone
    wild = upgrade is not None and upgrade.wild
    rank = None if stone else card.rank
    printed = frozenset() if stone else frozenset(card.suit)
    suits = ALL_SUITS if wild and not stone else printed
    asked = _smear(suits) if "smeared" in flags else suits
    face = rank is not None and ("pareidolia" in flags or rank in FACE_RANKS)
    label = card.base
    view = CardView(
        card=card,
        label=label,
        token=str(card),
        rank=rank,
        suits=suits,
        cond_suits=asked,
        face=face,
        upgrade=upgrade,
        edition=edition,
        seal=seal,
        debuffed=False,
        source=(label, "card", -1),
        upgrade_source=(f"{label} {upgrade.id}" if upgrade else label, "upgrade", -1),
        edition_source=(f"{label} {edition.id}" if edition else label, "edition", -1),
        seal_source=(f"{label} {seal.id}" if seal else label, "seal", -1),
        points=(upgrade.stone_points if stone else rank_points(card.rank)) + card.extra,  # type: ignore[union-attr]
    )
    if boss is None or boss.debuff is None or not _matches(boss.debuff, view):
        return view
    # A debuffed card keeps its printed suits for flushes and is of no suit, and no face, for conditions.
    return replace(view, suits=printed, cond_suits=frozenset(), face=False, debuffed=True)


def _matches(debuff: Conditions, view: CardView) -> bool:
    """Return True if a card passes every test of a card filter (card tests read only the card)."""
    return all(check(None, view, None) for check in compile_checks(debuff))  # type: ignore[arg-type]


class Frame(NamedTuple):
    """What a hand's context takes from its situation apart from the cards and the generator: the
    row, the boss, the modifiers active in source order with the hand rules they set and the values
    they change, the card views and hand evaluations under those rules, the ``chances`` value.

    Every hand of one situation (a bot's candidate plays) shares it, so it is worked out once
    (:func:`hand_frame`) and handed to each.
    """

    row: Row
    boss: BossDef | None
    modifiers: tuple[Modifier, ...]
    flags: frozenset[str]
    rules: HandRules
    touches: frozenset[str]
    known: dict[Card, CardView]
    evaluations: dict[tuple[object, ...], Evaluation]
    chances: float


def hand_frame(situation: Situation, catalog: Catalog) -> Frame:
    """The :class:`Frame` of the hands and discards of ``situation`` (its cards and generator aside)."""
    s = situation
    row = charm_row(s.charms, catalog)
    boss = catalog.boss(s.boss) if s.boss else None
    deck = catalog.decks.get(s.deck) if s.deck else None
    modifiers, flags, rules = row.modifiers, row.flags, row.rules
    bought = catalog.voucher_modifiers(s.vouchers) if s.vouchers else ()
    hard = catalog.difficulty_modifiers(s.difficulty) if s.difficulty else ()
    if (
        (boss is not None and boss.modifiers)
        or (deck is not None and deck.modifiers)
        or s.modifiers
        or bought
        or hard
    ):
        # Sources in the order of RULES.md section 6: deck, difficulty, vouchers, charms left to right
        # (and what their effects added this round), boss.
        modifiers = (
            *(deck.modifiers if deck else ()),
            *hard,
            *bought,
            *modifiers,
            *(boss.modifiers if boss else ()),
        )
        if s.modifiers:  # what effects added stands with its source
            modifiers = in_source_order((*modifiers, *s.modifiers))
        flags, rules, touches = rules_of(modifiers, catalog)
    else:
        touches = row.touches
    chances = layered("chances", 1, modifiers) if modifiers and "chances" in touches else 1.0
    return Frame(
        row,
        boss,
        modifiers,
        flags,
        rules,
        touches,
        _views(catalog, boss, flags),
        _evaluations(catalog, rules),
        chances,
    )


def open_context(
    situation: Situation,
    catalog: Catalog,
    cards: Sequence[Card],
    discarded: bool = False,
    frame: Frame | None = None,
) -> tuple[ScoringContext, Row, BossDef | None]:
    """Build the context of a hand (``cards`` played) or of a discard (``cards`` discarded).

    The one builder of every entry point: the row, the boss, the card views,
    the counters and the evaluation of ``cards`` as a hand (when they can be one).
    ``frame``: the situation's :class:`Frame`, when the caller has it already.
    """
    s = situation
    row, boss, modifiers, flags, rules, _, known, evaluations, chances = frame or hand_frame(s, catalog)
    views = tuple([known.get(c) or card_view(c, catalog, boss, flags) for c in cards])
    held = tuple([known.get(c) or card_view(c, catalog, boss, flags) for c in s.held]) if s.held else ()

    def view(card: Card) -> CardView:
        return known.get(card) or card_view(card, catalog, boss, flags)

    ctx = ScoringContext(
        views,
        held,
        row.charms,
        [slot.counter for slot in s.charms],
        dict(s.levels),
        s.money,
        s.hands_left,
        s.discards_left,
        not s.hand_types_played if s.hands_played is None else s.hands_played == 0,
        s.rng,
        s,
        view,
        catalog,
    )
    ctx.modifiers = modifiers
    if row.starts:  # only a charm that declares variables has any an ability can name
        ctx.vars = [{**start, **dict(slot.vars)} for start, slot in zip(row.starts, s.charms, strict=True)]
    ctx.chances = chances
    ctx.types_played = s.hand_types_played
    if views and (not discarded or len(views) <= MAX_FLUSH_OR_STRAIGHT_CARDS):
        ranks, suits = tuple([v.rank for v in views]), tuple([v.suits for v in views])
        evaluation = evaluations.get((ranks, suits))
        if evaluation is None:
            evaluation = remember(
                evaluations, (ranks, suits), evaluate(ranks, suits, catalog.hand_table, rules)
            )
        ctx.evaluation = evaluation
        ctx.scoring = tuple([views[i] for i in evaluation.scoring])
    return ctx, row, boss
