"""The scorer: one hand, in the fixed order of RULES.md section 3, with its trace.

``score(situation, catalog)`` is pure: it reads its inputs, never changes them,
and returns the result together with the charms' counters, the hand levels and
the generator state after the hand. The result's Points, Mult and money are
the last event's: the trace is the score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from studio.engine.bosses import BossDef
from studio.engine.catalog import Catalog
from studio.engine.inplay import CardView
from studio.engine.kinds import VALUES
from studio.engine.scoring.context import ScoringContext
from studio.engine.scoring.firing import call_hook, fire_on_card, fire_source, retrigger_sources
from studio.engine.scoring.rows import Row, charm_row
from studio.engine.scoring.views import Frame, card_view, hand_frame, open_context
from studio.engine.situation import Situation
from studio.engine.trace import REPEAT_LABEL, ScoreResult, Step, fmt, total_of
from studio.engine.values import Modifier, flags_on, layered

__all__ = ["HandSizeError", "check_hand_size", "score"]


class HandSizeError(ValueError):
    """A played hand with no cards or more than the limit allows."""


def check_hand_size(situation: Situation, catalog: Catalog) -> None:
    """Raise :class:`HandSizeError` if the played hand holds more cards than the charms, deck, vouchers
    and boss in play allow (or none), as scoring would; nothing is scored.

    Where no modifier in play changes ``max_played`` the limit is the situation's own, so no scoring
    context is opened for it (a workspace checks hundreds of scenarios on every open).
    """
    s = situation
    frame = hand_frame(s, catalog) if s.played else None
    if frame is None or (frame.modifiers and "max_played" in frame.touches):  # as _opened reads it
        _opened(s, catalog, frame)
    elif len(s.played) > s.max_played:
        raise _too_many(s, s.max_played)


def _opened(
    s: Situation, catalog: Catalog, frame: Frame | None = None
) -> tuple[ScoringContext, Row, BossDef | None]:
    """The context of the played hand, once its size is known to be allowed."""
    if not s.played:
        raise HandSizeError(f"a played hand holds 1 to {s.max_played} cards, not 0")
    frame = frame or hand_frame(s, catalog)
    ctx, row, boss = open_context(s, catalog, s.played, frame=frame)
    most = s.max_played
    if ctx.modifiers and "max_played" in frame.touches:
        most = int(ctx.layered("max_played", most))
    if len(s.played) > most:
        raise _too_many(s, most)
    return ctx, row, boss


def _too_many(s: Situation, most: int) -> HandSizeError:
    """The error of a played hand of more than ``most`` cards."""
    return HandSizeError(f"a played hand holds 1 to {most} cards, not {len(s.played)}")


def score(situation: Situation, catalog: Catalog, frame: Frame | None = None) -> ScoreResult:
    """Score one hand and return the result with its event trace.

    ``frame``: the situation's :class:`~studio.engine.scoring.views.Frame` (its cards and generator
    aside), for a caller that scores many hands of one situation to work it out once.

    Raises :class:`HandSizeError` for a hand of the wrong size,
    :class:`~studio.engine.names.UnknownIdError` for an unknown id and
    :class:`~studio.engine.behaviour.BehaviourError` when a code charm fails.
    """
    s = situation
    if not catalog.hand_types:
        raise ValueError(
            "the loaded content defines no hand types (load the base game, or a pack with hands/)"
        )
    ctx, row, boss = _opened(s, catalog, frame)
    evaluation = ctx.evaluation
    assert evaluation is not None
    refused = _boss_step(ctx, boss)
    if not refused:
        # Steps 2 to 6; what a step destroys or disables (the boss's too) is gone for the steps after it.
        row, boss = _end_step(ctx, catalog, row, boss)
        _before_step(ctx, row, boss)
        row, boss = _end_step(ctx, catalog, row, boss)
        _base_step(ctx, row, boss)
        _card_step(ctx, row, "scored_card", boss)
        row, boss = _end_step(ctx, catalog, row, boss)
        _card_step(ctx, row, "held_card", boss)
        row, boss = _end_step(ctx, catalog, row, boss)
        _hand_step(ctx, row, boss)
    broken = () if refused else _breakage(ctx)
    played = ctx.played
    events = tuple(ctx.events)
    last = events[-1]
    # Built without the named tuple's Python-level __new__ (fields in declaration order): one per hand.
    return _new_result(
        ScoreResult,
        (
            evaluation.hand_type.id,  # hand_type
            tuple([c.token for c in ctx.scoring]),  # scoring
            last.points,
            last.mult,
            0 if refused else total_of(last.points, last.mult),  # total
            last.money,
            events,
            tuple(ctx.counters),
            tuple(sorted(ctx.levels.items())) if ctx.levels else (),  # levels
            ctx.rng_after(),  # rng
            refused,
            tuple([played[p].token for p in broken]) if broken else (),  # broken
            s.boss,
            s.deck,
            ctx.after,
            tuple([tuple(sorted(v.items())) for v in ctx.vars]) if ctx.vars else (),
            broken,  # broken_at
        ),
    )


_new_result = tuple.__new__
#: The sources whose modifiers leave the row with a charm: the charm's own, its edition's, its stickers'.
_HELD_BY_CHARM = frozenset({"charm", "edition", "sticker"})


def _end_step(
    ctx: ScoringContext, catalog: Catalog, row: Row, boss: BossDef | None
) -> tuple[Row, BossDef | None]:
    """End a step: charms destroyed in it leave the row, and a boss disabled in it is gone, with its
    debuff and the hand rules it set (RULES.md section 6); return the row and the boss for the steps
    after it."""
    if ctx.leaving:
        row = _leave(ctx, catalog)
    if boss is not None and ctx.boss_off:
        _seen_again(ctx, catalog)
        boss = None
    return row, boss


def _leave(ctx: ScoringContext, catalog: Catalog) -> Row:
    """End a step in which charms were destroyed: for the steps after it they have left the row
    (RULES.md section 6). They act no more, the modifiers they hold while in the row stop (what their
    effects added for the hand or the round lasts), and a copier copies past them; return that row."""
    ctx.close_step()
    gone = ctx.gone
    row = charm_row(ctx.situation.charms, catalog, gone)
    ctx.charms = row.charms
    stopped = [
        m
        for m in ctx.modifiers
        if m.scope == "active" and m.source[2] in gone and m.source[1] in _HELD_BY_CHARM
    ]
    if stopped:
        ctx.modifiers = tuple([m for m in ctx.modifiers if m not in stopped])
        if any(m.value == "chances" for m in stopped):
            ctx.chances = layered("chances", 1, ctx.modifiers)
        if any(VALUES[m.value].flag for m in stopped):
            _seen_again(ctx, catalog)
    return row


def _seen_again(ctx: ScoringContext, catalog: Catalog) -> None:
    """See the hand's cards under the rules still on, once a charm that set a hand rule has left the
    row or the boss was disabled: for the steps after it, a card is a face, of a suit or debuffed as
    those rules say (the hand type and its scoring cards stay as played)."""
    s = ctx.situation
    boss = catalog.boss(s.boss) if s.boss and not ctx.boss_off else None
    flags = flags_on(ctx.modifiers)
    ctx.played = tuple([card_view(v.card, catalog, boss, flags) for v in ctx.played])
    ctx.held = tuple([card_view(v.card, catalog, boss, flags) for v in ctx.held])
    ctx.scoring = tuple([ctx.played[i] for i in ctx.evaluation.scoring]) if ctx.evaluation else ()
    ctx.view = lambda card: card_view(card, catalog, boss, flags)
    ctx.memo = None  # what was worked out from the cards as seen before


def _breakage(ctx: ScoringContext) -> tuple[int, ...]:
    """Return the positions in the played hand of the scored cards that break after the hand (glass:
    1 in 4), drawn in card order. A card debuffed when it came to score never breaks, though a boss
    disabled (or a hand rule gone) later in the hand no longer debuffs it: its trace says so."""
    evaluation = ctx.evaluation
    assert evaluation is not None
    glass = [
        (position, card, card.upgrade.breaks)
        for position, card in zip(evaluation.scoring, ctx.scoring, strict=True)
        if card.upgrade is not None and card.upgrade.breaks is not None
    ]
    if not glass:
        return ()
    debuffed = {e.position for e in ctx.events if e.what == "debuffed" and e.step == "scored_card"}
    return tuple(
        [
            position
            for position, card, breaks in glass
            if position not in debuffed and ctx.chance(breaks.n, breaks.in_, ctx.stream(None, card))
        ]
    )


def _boss_step(ctx: ScoringContext, boss: BossDef | None) -> bool:
    """Step 1: the boss's refusals, then its ``before`` abilities; return True if the hand is refused."""
    if boss is None:
        return False
    ctx.step = "boss"
    source = (boss.id, "boss", -1)
    for refusal in boss.refusals:
        if ctx.holds(refusal.conditions, None, None):
            ctx.note(source, "refuse", 0, f"hand refused: {_reason(ctx, refusal.reason)}")
            return True
    fire_source(ctx, boss.abilities_at("before"), source, None)
    return False


def _reason(ctx: ScoringContext, text: str) -> str:
    """Fill a refusal's reason: ``{hand_type}``, ``{first_type}`` and value names in braces."""
    fields = _ReasonFields(ctx)
    try:
        return text.format_map(fields)
    except (ValueError, IndexError):  # braces that are not fields: the text as written
        return text


class _ReasonFields(dict[str, object]):
    """What a refusal's reason may name (:data:`~studio.engine.bosses.REASON_FIELDS` and the value names),
    looked up only when named."""

    def __init__(self, ctx: ScoringContext) -> None:
        super().__init__()
        self.ctx = ctx

    def __missing__(self, key: str) -> object:
        ctx = self.ctx
        if key == "hand_type":
            return ctx.hand_type.id
        if key == "first_type":
            return ctx.types_played[0] if ctx.types_played else ctx.hand_type.id
        if key in VALUES:
            return fmt(ctx.value(key, None))
        return "{" + key + "}"


def _before_step(ctx: ScoringContext, row: Row, boss: BossDef | None) -> None:
    """Step 2: the charms that act before scoring, left to right."""
    ctx.step = "before"
    gone = ctx.gone
    for i, fires, behaviour in row.plan("before"):
        if gone and i in gone:
            continue
        charm = ctx.charms[i]
        for fire in fires:
            fire(ctx, charm, None)
        if behaviour is not None:
            call_hook(ctx, behaviour, "before", charm)


def _base_step(ctx: ScoringContext, row: Row, boss: BossDef | None) -> None:
    """Step 3: the hand type's Points and Mult at its level, then the modifiers of ``base_points``
    and ``base_mult`` (the Flint halves both), as one event of the sources that changed them."""
    ctx.step = "base"
    hand_type = ctx.hand_type
    level = ctx.levels.get(hand_type.id, 1)
    points, mult = hand_type.at_level(level)
    ctx.record((hand_type.id, "hand_type", -1), "base", 0, points, mult, ctx.money, f"level {level}")
    changes = [m for m in ctx.modifiers if m.value in _BASE_VALUES] if ctx.modifiers else ()
    if changes:
        new_points = int(ctx.layered("base_points", points))
        new_mult = ctx.layered("base_mult", mult)
        if (new_points, new_mult) != (points, mult):
            note = ", ".join(f"{VALUES[m.value].noun} {_op_text(m)}" for m in changes)
            ctx.record(changes[-1].source, "base", 0, new_points, new_mult, ctx.money, note)


_BASE_VALUES = ("base_points", "base_mult")


def _op_text(m: Modifier) -> str:
    return {"set": "set to ", "add": "+", "times": "x"}[m.op] + fmt(m.amount)


def _card_step(ctx: ScoringContext, row: Row, step: Step, boss: BossDef | None) -> None:
    """Scored cards (step 4) or held cards (step 5), left to right, every trigger of a card first.

    A debuffed scored card gives one event saying so; a debuffed held card does
    nothing. A held card is retriggered only if its first trigger did something,
    so a held card with no upgrade is skipped when no charm acts on held cards.
    """
    ctx.step = step
    scored = step == "scored_card"
    cards: Sequence[int]
    if scored:
        cards = ctx.evaluation.scoring if ctx.evaluation else ()
        views = ctx.played
        ctx.zone = "played"
    else:
        cards = range(len(ctx.held))
        views = ctx.held
        ctx.zone = "held"
    modifiers: Callable[[ScoringContext, CardView], None] = _scored_modifiers if scored else _held_modifiers
    acting = row.plan(step)
    again = row.retriggers(step)
    boss_acts = boss.abilities_at(step) if boss is not None and boss.abilities and not ctx.boss_off else ()
    boss_source = (boss.id, "boss", -1) if boss_acts and boss is not None else ("", "", -1)
    for position in cards:
        card = views[position]
        ctx.position = position
        if card.debuffed:
            if scored:
                why = f"debuffed by {boss.id}" if boss is not None else "debuffed"
                ctx.note(card.source, "debuffed", 0, why)
            continue
        if not scored and not acting and not boss_acts and card.upgrade is None:
            continue
        ctx.card_label = card.label
        before = len(ctx.events)
        modifiers(ctx, card)
        if acting:
            fire_on_card(ctx, card, acting, step)
        if boss_acts:
            fire_source(ctx, boss_acts, boss_source, card)
        if (not again and card.seal is None) or (not scored and len(ctx.events) == before):
            continue
        for source in retrigger_sources(ctx, card, again):
            ctx.note(source, REPEAT_LABEL, 1, REPEAT_LABEL)
            modifiers(ctx, card)
            fire_on_card(ctx, card, acting, step)
            if boss_acts:
                fire_source(ctx, boss_acts, boss_source, card)
    ctx.card_label = ""
    ctx.zone = ""
    ctx.position = -1


def _scored_modifiers(ctx: ScoringContext, card: CardView) -> None:
    """Steps (a) to (e) of RULES.md section 3: Points, +Mult, seal money, xMult, edition."""
    up = card.upgrade
    if up is not None and up.stone:
        ctx.add_points(card.points, card.upgrade_source)
    elif card.rank is not None:
        ctx.add_points(card.points, card.source)
    if up is not None:
        for effect in up.by_step[0]:
            ctx.apply(effect, card.upgrade_source, None)
        for effect in up.by_step[1]:
            ctx.apply(effect, card.upgrade_source, None)
    if card.seal is not None:
        for effect in card.seal.scored:
            ctx.apply(effect, card.seal_source, None)
    if up is not None:
        for effect in up.by_step[2]:
            ctx.apply(effect, card.upgrade_source, None)
    if card.edition is not None:
        for effect in card.edition.effects:
            ctx.apply(effect, card.edition_source, None)


def _held_modifiers(ctx: ScoringContext, card: CardView) -> None:
    """A held card's own effect (``steel``)."""
    if card.upgrade is not None:
        for effect in card.upgrade.held:
            ctx.apply(effect, card.upgrade_source, None)


def _hand_step(ctx: ScoringContext, row: Row, boss: BossDef | None) -> None:
    """Step 6, in row order: each charm's edition (+Points, +Mult), its abilities and hook, then
    its edition's multiplying effects; then the boss's hand abilities."""
    ctx.step = "hand"
    gone = ctx.gone
    for charm, (_, fires, behaviour) in row.hand:
        if gone and charm.slot in gone:
            continue
        edition = charm.edition
        if edition is not None:
            source = (f"{charm.id} {edition.id}", "edition", charm.slot)
            for effect in edition.before:
                ctx.apply(effect, source, charm)
        for fire in fires:
            fire(ctx, charm, None)
        if behaviour is not None:
            call_hook(ctx, behaviour, "hand", charm)
        if edition is not None:
            for effect in edition.after:
                ctx.apply(effect, source, charm)
    if boss is not None and boss.abilities:
        fire_source(ctx, boss.abilities_at("hand"), (boss.id, "boss", -1), None)
