"""The bot's value estimate of a charm row, from each charm's effect measured by the real scorer.

Each charm is scored once, alone, on a few reference hands: what it adds to
Points, what it adds to Mult, and by what it multiplies Mult. A row's value on
a hand is then (Points + added Points) x (Mult + added Mult) x the factors,
weighted over the hands. Measuring charms alone (cached per charm and money
step) instead of scoring every candidate row keeps a shop decision to a few
multiplications, while additive and multiplying charms still combine as they
do in a real hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef, CharmSlot
from studio.engine.consumables import ConsumableDef
from studio.engine.kinds import EFFECTS
from studio.engine.rng import RngState
from studio.engine.run.actions import Play, SelectBlind
from studio.engine.scoring import Situation, score
from studio.engine.trace import ScoreResult

if TYPE_CHECKING:
    from studio.engine.run.game import Game

#: Hands a charm is measured on (played, held), with how often the bot plays such a hand.
REFERENCE_HANDS = (
    ("AS", "KD 9C 6H", 1.0),
    ("KS KH", "9D 6C 3H", 3.0),
    ("9S 9H 4D 4C", "KD 7C", 2.0),
    ("7S 7H 7D", "QD 4C", 1.0),
    ("5S 6H 7D 8C 9S", "KD 2C", 1.0),
    ("2H 6H 9H JH AH", "4D 8C", 1.5),
    ("QS QH QD 3C 3S", "8H", 0.5),
    ("8D 8C", "JH JS 5D", 1.0),
)
#: Each hand is measured as the round's final hand (hands left 0) with this weight, else with hands left 1.
FINAL_HAND_SHARE = 0.3
#: Chance effects are measured on fixed draws, never on the run's own generator.
NEUTRAL_RNG = RngState(seed=-1)
#: Row values remembered before the memo starts again (a long simulation meets many rows).
ROW_MEMO = 20_000
#: The id of the charm that does nothing, which an edition is measured on.
_BLANK = "__bot_blank__"
#: (added Points, added Mult, Mult factor) of one charm on each reference hand.
Effect = tuple[tuple[float, float, float], ...]


class CharmValues:
    """Measures charms alone on the reference hands and values rows from those measures."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._hands = [
            (catalog.cards(p), catalog.cards(h), w * share, left)
            for p, h, w in REFERENCE_HANDS
            for left, share in ((0, FINAL_HAND_SHARE), (1, 1 - FINAL_HAND_SHARE))
        ]
        #: The hands without a charm depend only on the content: measured once per catalog.
        bases: list[tuple[float, float, str]] = catalog.memo.get("bot_bases")  # type: ignore[assignment]
        if bases is None:
            bases = [self._score((), played, held, 0, left) for played, held, _, left in self._hands]
            catalog.memo["bot_bases"] = bases
        self._base = [(p, m) for p, m, _ in bases]
        self._types = [catalog.hand_type(t) for _, _, t in bases]
        #: Measures depend only on the content, so every bot of a catalog shares them.
        self._effects: dict[tuple[str, str | None, int], Effect] = catalog.memo.setdefault(  # type: ignore[assignment]
            "bot_charm_effects", {}
        )
        #: Row values by (charms, money bucket, levels): shops ask the same rows again and again.
        self._rows: dict[tuple[object, ...], float] = catalog.memo.setdefault("bot_rows", {})  # type: ignore[assignment]

    def _score(
        self,
        charms: tuple[CharmSlot, ...],
        played: tuple[Card, ...],
        held: tuple[Card, ...],
        money: int,
        hands_left: int,
        catalog: Catalog | None = None,
    ) -> tuple[float, float, str]:
        result = score_alone(catalog or self.catalog, charms, played, held, money, hands_left)
        return float(result.points), min(float(result.mult), 1e9), result.hand_type

    def effect(self, slot: CharmSlot, money: int) -> Effect:
        """Return the charm's measured effect on each reference hand (memoised per $10 of money): the
        charm's own, combined with its edition's (measured once per edition on a charm that does
        nothing, so the editions the shop rolls do not multiply the charms to measure)."""
        bucket = min(max(money, 0), 40) // 10 * 10
        key = (slot.id, slot.edition, bucket)
        found = self._effects.get(key)
        if found is not None:
            return found
        if slot.edition is None:
            plain = CharmSlot(slot.id)
            found = self._measure(self.catalog, plain, bucket, multiplies(self.catalog, plain))
        else:
            own, edition = self.effect(CharmSlot(slot.id), money), self._edition(slot.edition)
            found = tuple(
                (dp + ep, dm + em, x * ex) for (dp, dm, x), (ep, em, ex) in zip(own, edition, strict=True)
            )
        self._effects[key] = found
        return found

    def _edition(self, edition: str) -> Effect:
        key = (_BLANK, edition, 0)
        found = self._effects.get(key)
        if found is None:
            blank = replace(self.catalog, charms={**self.catalog.charms, _BLANK: CharmDef(_BLANK)}, memo={})
            on_blank = CharmSlot(_BLANK, edition)
            found = self._effects[key] = self._measure(blank, on_blank, 0, edition == "polychrome")
        return found

    def _measure(self, catalog: Catalog, slot: CharmSlot, bucket: int, times: bool) -> Effect:
        """``slot`` alone on each reference hand against no charm: Points and Mult added, or (``times``)
        the factor on Mult."""
        measured = []
        for (played, held, _, left), (p0, m0) in zip(self._hands, self._base, strict=True):
            p1, m1, _ = self._score((slot,), played, held, bucket, left, catalog)
            if times:
                measured.append((p1 - p0, 0.0, m1 / m0 if m0 else 1.0))
            else:
                measured.append((p1 - p0, m1 - m0, 1.0))
        return tuple(measured)

    def row(self, charms: Sequence[CharmSlot], money: int, levels: Mapping[str, int] | None = None) -> float:
        """Return the row's value: its weighted reference-hand score as the measures combine.

        With ``levels``, each hand's base Points and Mult are those of its type's level, so a
        multiplying charm gains on additive ones as the run's hands grow.
        """
        bucket = min(max(money, 0), 40) // 10 * 10
        held = tuple(sorted(levels.items())) if levels else ()
        key = (tuple([(c.id, c.edition) for c in charms]), bucket, held)
        found = self._rows.get(key)
        if found is not None:
            return found
        if len(self._rows) >= ROW_MEMO:
            self._rows.clear()
        known = self._effects
        effects = [known.get((c.id, c.edition, bucket)) or self.effect(c, money) for c in charms]
        leveled = self._leveled(held)
        total = 0.0
        # Each hand's measures, charm by charm (none: one empty column per hand).
        columns = zip(*effects, strict=True) if effects else [()] * len(leveled)
        for (points, mult, weight), measures in zip(leveled, columns, strict=True):
            factor = 1.0
            for dp, dm, x in measures:
                points += dp
                mult += dm
                factor *= x
            total += weight * (points if points > 0.0 else 0.0) * (mult if mult > 1.0 else 1.0) * factor
        self._rows[key] = total
        return total

    def _leveled(self, levels: tuple[tuple[str, int], ...]) -> list[tuple[float, float, float]]:
        """Each reference hand's base Points and Mult at the run's ``levels``, and its weight (memoised:
        a run's levels change a few times, its rows are valued hundreds of times)."""
        memo: dict[tuple[tuple[str, int], ...], list[tuple[float, float, float]]]
        memo = self.catalog.memo.setdefault("bot_leveled", {})  # type: ignore[assignment]
        found = memo.get(levels)
        if found is None:
            at = dict(levels)
            found = []
            for (_, _, weight, _), (p0, m0), kind in zip(self._hands, self._base, self._types, strict=True):
                level = at.get(kind.id, 1)
                if level != 1:
                    (p1, m1), (pl, ml) = kind.at_level(1), kind.at_level(level)
                    p0, m0 = p0 + pl - p1, m0 + ml - m1
                found.append((p0, m0, weight))
            if len(memo) >= ROW_MEMO:
                memo.clear()
            memo[levels] = found
        return found


#: What a card changer may make a card for the bot to want it: upgrades, editions and seals.
_IMPROVEMENTS = frozenset({"upgrade", "edition", "seal", "extra_points"})


def improves_cards(c: ConsumableDef) -> bool:
    """Return True if it chooses cards and only adds upgrades, editions or seals to them."""
    return c.chooses_cards and all(
        EFFECTS[e.kind].worth.edits_card and {k for k, _ in e.args} <= _IMPROVEMENTS for e in c.effects
    )


def types_played(game: Game) -> dict[str, int]:
    """How often the run scored each hand type (refused hands not counted)."""
    return dict(game.state.times_played)


def multiplies(catalog: Catalog, slot: CharmSlot) -> bool:
    """Return True if the charm multiplies Mult (so it belongs late in the row); memoised in the
    catalog by charm and edition (every shop decision asks it of the whole row)."""
    key = ("bot_multiplies", slot.id, slot.edition)
    found = catalog.memo.get(key)
    if found is None:
        defn = catalog.charm(slot.id)
        found = catalog.memo[key] = (
            slot.edition == "polychrome"
            or defn.behaviour is not None
            or any(EFFECTS[e.kind].multiplies for a in defn.abilities for e in a.effects)
        )
    return found  # type: ignore[return-value]


def multiplying_last(charms: Sequence[CharmSlot], catalog: Catalog) -> tuple[int, ...] | None:
    """Return the order with the multiplying charms last (stable), if it differs from the row's."""
    keyed = sorted(range(len(charms)), key=lambda i: (multiplies(catalog, charms[i]), i))
    return None if keyed == list(range(len(charms))) else tuple(keyed)


def last_round_plays(game: Game) -> int | None:
    """How many hands the run played in its last round (None: no hand played since the last blind
    was selected, as before the first round)."""
    played = None
    for h in reversed(game.history):
        if isinstance(h.action, SelectBlind):
            break
        if isinstance(h.action, Play):
            played = (played or 0) + 1
    return played


def score_alone(
    catalog: Catalog,
    charms: tuple[CharmSlot, ...],
    played: tuple[Card, ...],
    held: tuple[Card, ...],
    money: int,
    hands_left: int,
    hand_size: int | None = None,
    charm_slots: int | None = None,
) -> ScoreResult:
    """Score a measuring hand: these charms alone, one discard left, on the neutral generator (never the
    run's own luck)."""
    return score(
        Situation(
            played=played,
            held=held,
            charms=charms,
            money=money,
            hands_left=hands_left,
            discards_left=1,
            hand_size=hand_size,
            charm_slots=charm_slots,
            rng=NEUTRAL_RNG,
        ),
        catalog,
    )
