"""The bot's hand decisions: the best play by the real scorer, and which cards to discard.

Scoring all 218 plays of up to 5 of 8 cards with the real scorer costs too much
per decision, so the candidates are built from the hand's shape instead: every
rank group (pair, three, four, five of a kind), the best two pair and full
house, the best flush and straight, the high card, and each with the stone
cards added. Each candidate (about ten) is then scored by the real scorer
with a neutral generator, so the bot never peeks at the run's own luck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from studio.engine.bosses import BossDef
from studio.engine.bot.values import NEUTRAL_RNG
from studio.engine.cards import SUITS, Card, rank_points
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmSlot
from studio.engine.hands import SMEARED, HandRules, straight_ranks
from studio.engine.inplay import CardView
from studio.engine.run.state import Round
from studio.engine.scoring import MAX_PLAYED, Situation, score
from studio.engine.scoring.rows import charm_row
from studio.engine.scoring.views import Frame, card_view, hand_frame


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """A play (positions in the hand, in order) and what the real scorer gives it."""

    cards: tuple[int, ...]
    total: float
    hand_type: str


def _views(
    hand: Sequence[Card], catalog: Catalog, boss: BossDef | None, flags: frozenset[str]
) -> list[CardView]:
    return [card_view(c, catalog, boss, flags) for c in hand]


def candidates(views: Sequence[CardView], flags: frozenset[str]) -> list[tuple[int, ...]]:
    """Return plays built from the hand's shape: groups, two pair, full house, flush, straight, high card.

    With ``splash`` each play is also tried filled up with the highest other cards, which then score.
    (Trying every single card for charms that favour low cards found higher hands but lost more runs.)
    """
    by_rank: dict[int, list[int]] = {}
    stones: list[int] = []
    for i, v in enumerate(views):
        if v.rank is None:
            stones.append(i)
        else:
            by_rank.setdefault(v.rank, []).append(i)
    live = [i for i, v in enumerate(views) if not v.debuffed and v.rank is not None]
    order = sorted(
        live or [i for i, v in enumerate(views) if v.rank is not None], key=lambda i: -(views[i].rank or 0)
    )
    found: list[tuple[int, ...]] = []
    if order:
        found.append((order[0],))
    groups = sorted(
        (g for g in by_rank.values() if len(g) >= 2), key=lambda g: (-len(g), -(views[g[0]].rank or 0))
    )
    for g in groups:
        found.append(tuple(g[:MAX_PLAYED]))
    pairs = [g for g in groups if len(g) >= 2]
    if len(pairs) >= 2:
        by_height = sorted(pairs, key=lambda g: -(views[g[0]].rank or 0))
        found.append(tuple(by_height[0][:2] + by_height[1][:2]))
    threes = [g for g in groups if len(g) >= 3]
    if threes:
        rest = [g for g in pairs if g is not threes[0]]
        if rest:
            found.append(tuple(threes[0][:3] + rest[0][:2]))
    size = 4 if "four_fingers" in flags else 5
    found += _flushes(views, flags, size)
    found += _straights(views, flags, by_rank)
    if stones:
        found += [tuple((*c, *stones)[:MAX_PLAYED]) for c in list(found)]
        found.append(tuple(stones[:MAX_PLAYED]))
    if "splash" in flags:
        found += [(*c, *[i for i in order if i not in c][: MAX_PLAYED - len(c)]) for c in list(found)]
    unique: dict[tuple[int, ...], None] = {}
    for c in found:
        unique.setdefault(c, None)
    return list(unique)


def _flushes(views: Sequence[CardView], flags: frozenset[str], size: int) -> list[tuple[int, ...]]:
    out = []
    smeared = "smeared" in flags
    for suit in SUITS:
        members = SMEARED[suit] if smeared else frozenset(suit)
        hits = [i for i, v in enumerate(views) if v.suits & members]
        if len(hits) >= size:
            hits.sort(key=lambda i: -(views[i].rank or 0))
            out.append(tuple(hits[:MAX_PLAYED]))
    return out


def _straights(
    views: Sequence[CardView], flags: frozenset[str], by_rank: dict[int, list[int]]
) -> list[tuple[int, ...]]:
    """The straight of the most rank points the hand holds (ace high or low), one card per rank."""
    rules = HandRules.from_flags(flags)
    run = sorted(straight_ranks(list(by_rank), rules), reverse=True)
    for size in range(min(MAX_PLAYED, len(run)), rules.straight_size - 1, -1):
        fits = [c for c in combinations(run, size) if straight_ranks(c, rules) == frozenset(c)]
        if fits:
            best = max(fits, key=lambda c: sum(rank_points(r) for r in c))
            return [tuple(by_rank[r][0] for r in best)]
    return []


def best_play(
    rnd: Round,
    charms: Sequence[CharmSlot],
    levels: dict[str, int],
    money: int,
    catalog: Catalog,
    around: Situation | None = None,
) -> PlayChoice:
    """Return the best-scoring candidate play by the real scorer (refused hands score 0).

    ``around`` is the run and round the plays are scored in (the ante, the deck, ...);
    without it, only what the other arguments say.
    """
    boss = catalog.boss(rnd.boss) if rnd.boss else None
    row = charm_row(charms, catalog)
    views = _views(rnd.hand, catalog, boss, row.flags)
    plays = candidates(views, row.flags)
    if boss is not None and boss.refusals:  # a refusal may ask for more cards: try each play padded too
        plays = plays + [_pad(p, views, MAX_PLAYED) for p in plays if len(p) < MAX_PLAYED]
    best = PlayChoice((), -1.0, "")
    base = around or around_of(rnd, charms, levels, money)
    frame = hand_frame(base, catalog)
    for play in plays:
        if not 1 <= len(play) <= MAX_PLAYED:
            continue
        choice = score_play(rnd, play, base, catalog, frame)
        if choice.total > best.total or (choice.total == best.total and len(play) < len(best.cards)):
            best = choice
    return best if best.cards else score_play(rnd, (0,), base, catalog, frame)


def around_of(rnd: Round, charms: Sequence[CharmSlot], levels: dict[str, int], money: int) -> Situation:
    """The situation of a play when the caller gives no run around it: what the round says."""
    return Situation(
        charms=tuple(charms),
        levels=levels,
        boss=rnd.boss,
        money=money,
        hands_left=rnd.hands_left - 1,
        discards_left=rnd.discards_left,
        hand_types_played=tuple(rnd.types_played),
    )


def score_play(
    rnd: Round, play: tuple[int, ...], around: Situation, catalog: Catalog, frame: Frame | None = None
) -> PlayChoice:
    """Score ``play`` (positions of the round's hand) as the engine will, on the neutral generator
    (``frame``: ``around``'s, when the caller scores many plays in it)."""
    chosen = set(play)
    played = tuple(rnd.hand[i] for i in play)
    held = tuple(c for i, c in enumerate(rnd.hand) if i not in chosen)
    result = score(around.with_hand(played, held, NEUTRAL_RNG), catalog, frame)
    return PlayChoice(play, float(result.total), result.hand_type)


def _pad(play: tuple[int, ...], views: Sequence[CardView], n: int) -> tuple[int, ...]:
    """Add the lowest other cards until the play holds ``n`` cards (for bosses that want five)."""
    rest = sorted((i for i in range(len(views)) if i not in play), key=lambda i: views[i].rank or 0)
    return (*play, *rest[: max(n - len(play), 0)])


def kickers(play: tuple[int, ...], hand: Sequence[Card]) -> tuple[int, ...]:
    """Return ``play`` filled up to five cards with the lowest cards not in a rank group (free digging)."""
    counts: dict[int, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    rest = sorted(
        (i for i in range(len(hand)) if i not in play and counts[hand[i].rank] == 1 and not hand[i].upgrade),
        key=lambda i: hand[i].rank,
    )
    return (*play, *rest[: MAX_PLAYED - len(play)])


def discard_choice(rnd: Round, catalog: Catalog, flags: frozenset[str]) -> tuple[int, ...]:
    """Return up to five cards to throw, chasing a flush, rank groups or a straight (in that order)."""
    boss = catalog.boss(rnd.boss) if rnd.boss else None
    views = _views(rnd.hand, catalog, boss, flags)
    keep: set[int]
    suit_hits = {s: [i for i, v in enumerate(views) if s in v.suits and not v.debuffed] for s in SUITS}
    hits = max(suit_hits.values(), key=len)
    ranks = {v.rank: i for i, v in enumerate(views) if v.rank is not None and not v.debuffed}
    window = _straight_draw(set(ranks))
    grouped = [
        i
        for i, v in enumerate(views)
        if v.rank is not None and sum(1 for w in views if w.rank == v.rank) >= 2
    ]
    if len(hits) >= 4:
        keep = set(hits)
    elif grouped:
        keep = set(grouped)
    elif window:
        keep = {ranks[r] for r in window}
    elif len(hits) >= 3:
        keep = set(hits)
    else:
        keep = set(sorted(range(len(views)), key=lambda i: -(views[i].rank or 0))[:3])
    keep |= {i for i, v in enumerate(views) if v.upgrade is not None and not v.debuffed}
    throw = [i for i in range(len(views)) if i not in keep]
    throw.sort(key=lambda i: (not views[i].debuffed, views[i].rank or 0))
    return tuple(throw[:MAX_PLAYED])


def _straight_draw(ranks: set[int]) -> tuple[int, ...]:
    """Return four ranks of a five-rank window that the hand holds (an open straight draw), if any."""
    have = ranks | ({1} if 14 in ranks else set())
    for low in range(10, 0, -1):
        window = [r for r in range(low, low + 5) if r in have]
        if len(window) >= 4:
            return tuple(14 if r == 1 else r for r in window)
    return ()
