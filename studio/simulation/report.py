"""What runs add up to: one run's figures (:class:`RunStats`) and their sum (:class:`Report`).

Every figure is an integer count or sum, so adding reports is exact and
associative: any split of the runs over processes or machines, combined in any
order, gives the same report to the last digit. Rates and means are derived
from the counts only when read, with their 95% intervals, so a designer can
tell a real difference between two simulations from the luck of the seeds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from studio.engine.intervals import t95, wilson


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def _sorted(d: Mapping[str, int]) -> dict[str, int]:
    return dict(sorted(d.items()))


def score_bucket(total: int) -> int:
    """Return the bucket of a hand's total: 0 for 0, else ``b`` for ``2**(b-1) <= total < 2**b``.

    Powers of two, by integer arithmetic: every machine puts a total in the same bucket.
    """
    return max(total, 0).bit_length()


def bucket_range(bucket: int) -> tuple[int, int]:
    """Return the totals ``[low, high)`` a bucket holds."""
    return (0, 1) if bucket == 0 else (1 << (bucket - 1), 1 << bucket)


@dataclass(frozen=True, slots=True)
class CharmTally:
    """One charm's figures: how often it was on offer, bought, in the row, and what it added."""

    offered: int = 0
    bought: int = 0
    #: Runs in which it was bought at least once.
    runs_bought: int = 0
    #: Hands scored with it in the row.
    hands: int = 0
    #: Events of its own in those hands' traces.
    events: int = 0
    #: The Points x Mult its events added, each event measured where it fired in the trace.
    contribution: int = 0
    #: Money its events added while scoring.
    money: int = 0

    def __add__(self, other: CharmTally) -> CharmTally:
        return CharmTally(*(a + b for a, b in zip(self.astuple(), other.astuple(), strict=True)))

    def astuple(self) -> tuple[int, ...]:
        """The figures in field order."""
        return (
            self.offered,
            self.bought,
            self.runs_bought,
            self.hands,
            self.events,
            self.contribution,
            self.money,
        )

    @property
    def pick_rate(self) -> float:
        """Share of the times it was on offer that the bot bought it (0 if never offered)."""
        return self.bought / self.offered if self.offered else 0.0

    @property
    def per_hand(self) -> float:
        """Mean contribution per hand scored with it in the row."""
        return self.contribution / self.hands if self.hands else 0.0

    def to_json(self, runs: int) -> dict[str, object]:
        """The figures, with the derived rates."""
        return {
            "offered": self.offered,
            "bought": self.bought,
            "runs_bought": self.runs_bought,
            "pick_rate": self.pick_rate,
            "bought_in_runs": self.runs_bought / runs if runs else 0.0,
            "hands": self.hands,
            "events": self.events,
            "contribution": self.contribution,
            "contribution_per_hand": self.per_hand,
            "money": self.money,
        }


#: The item kinds a report counts, each with the JSON names of its figures (an :class:`ItemTally`'s
#: ``offered``, ``bought``, ``used``, in that order; a kind's last figures left out are always 0).
ITEM_FIGURES: Mapping[str, tuple[str, ...]] = {
    "consumables": ("offered", "bought", "used"),
    "vouchers": ("offered", "bought"),
    "tags": ("offered", "taken"),
}


@dataclass(frozen=True, slots=True)
class ItemTally:
    """One item's figures: how often it was on offer, taken and used.

    For a consumable: on offer in the shop's consumable slots (once per shop) and in packs, bought or
    taken from a pack, used. For a voucher: on offer in an ante the run shopped in (once per ante),
    bought. For a tag: on offer at a blind the run reached that could be skipped for it, taken (the
    blind skipped for it; kept in ``bought``, named "taken" in the JSON).
    """

    offered: int = 0
    bought: int = 0
    used: int = 0

    def __add__(self, other: ItemTally) -> ItemTally:
        return ItemTally(self.offered + other.offered, self.bought + other.bought, self.used + other.used)

    def astuple(self) -> tuple[int, int, int]:
        """The figures in field order."""
        return self.offered, self.bought, self.used

    @property
    def pick_rate(self) -> float:
        """Share of the times it was on offer that the bot took it (0 if never offered)."""
        return self.bought / self.offered if self.offered else 0.0

    def to_json(self, names: tuple[str, ...] = ITEM_FIGURES["consumables"]) -> dict[str, object]:
        """The figures under ``names`` (see :data:`ITEM_FIGURES`)."""
        return dict(zip(names, self.astuple(), strict=False))


_Tally = TypeVar("_Tally", CharmTally, ItemTally)


def _add_tallies(a: Mapping[str, _Tally], b: Mapping[str, _Tally]) -> dict[str, _Tally]:
    """Tallies of ``a`` and ``b`` added up by id."""
    out = dict(a)
    for k, v in b.items():
        out[k] = out[k] + v if k in out else v
    return out


@dataclass(frozen=True, slots=True)
class RunStats:
    """The figures of one run, as its index, the outcome and what happened in it."""

    index: int
    won: bool
    #: The ante the run ended in.
    ante_reached: int
    #: Antes whose boss blind was beaten.
    antes_cleared: int
    #: Antes in a whole run.
    antes: int
    hand_types: Mapping[str, int] = field(default_factory=dict)
    #: Each played hand's total, in play order (an infinite total is ``-1``).
    scores: tuple[int, ...] = ()
    charms: Mapping[str, CharmTally] = field(default_factory=dict)
    actions: int = 0
    consumables: Mapping[str, ItemTally] = field(default_factory=dict)
    vouchers: Mapping[str, ItemTally] = field(default_factory=dict)
    tags: Mapping[str, ItemTally] = field(default_factory=dict)
    #: Rounds played (blinds selected), and in how many of them each locked charm was in the row.
    rounds: int = 0
    locked_rounds: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Report:
    """The sum of any number of runs' figures; ``a + b`` is exact and order-free."""

    runs: int = 0
    wins: int = 0
    antes: int = 0
    ante_reached: Mapping[str, int] = field(default_factory=dict)
    antes_cleared: Mapping[str, int] = field(default_factory=dict)
    hand_types: Mapping[str, int] = field(default_factory=dict)
    hands: int = 0
    score_sum: int = 0
    score_max: int = 0
    infinite_hands: int = 0
    #: ``str(score_bucket(total))`` -> hands.
    score_buckets: Mapping[str, int] = field(default_factory=dict)
    charms: Mapping[str, CharmTally] = field(default_factory=dict)
    actions: int = 0
    consumables: Mapping[str, ItemTally] = field(default_factory=dict)
    vouchers: Mapping[str, ItemTally] = field(default_factory=dict)
    tags: Mapping[str, ItemTally] = field(default_factory=dict)
    #: Rounds played, and in how many each locked charm (a ``--charm`` under test) was in the row.
    rounds: int = 0
    locked_rounds: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, run: RunStats) -> Report:
        """The report of a single run."""
        finite = [s for s in run.scores if s >= 0]
        buckets: dict[str, int] = {}
        for s in finite:
            key = str(score_bucket(s))
            buckets[key] = buckets.get(key, 0) + 1
        return cls(
            runs=1,
            wins=int(run.won),
            antes=run.antes,
            ante_reached={str(run.ante_reached): 1},
            antes_cleared={str(run.antes_cleared): 1},
            hand_types=dict(run.hand_types),
            hands=len(run.scores),
            score_sum=sum(finite),
            score_max=max(finite, default=0),
            infinite_hands=len(run.scores) - len(finite),
            score_buckets=buckets,
            charms=dict(run.charms),
            actions=run.actions,
            consumables=dict(run.consumables),
            vouchers=dict(run.vouchers),
            tags=dict(run.tags),
            rounds=run.rounds,
            locked_rounds=dict(run.locked_rounds),
        )

    @classmethod
    def combine(cls, parts: Iterable[RunStats | Report]) -> Report:
        """Add up runs and reports, in any order: the result is the same."""
        total = cls()
        for part in parts:
            total = total + (part if isinstance(part, Report) else cls.of(part))
        return total

    def __add__(self, other: Report) -> Report:
        return Report(
            runs=self.runs + other.runs,
            wins=self.wins + other.wins,
            antes=max(self.antes, other.antes),
            ante_reached=_add(self.ante_reached, other.ante_reached),
            antes_cleared=_add(self.antes_cleared, other.antes_cleared),
            hand_types=_add(self.hand_types, other.hand_types),
            hands=self.hands + other.hands,
            score_sum=self.score_sum + other.score_sum,
            score_max=max(self.score_max, other.score_max),
            infinite_hands=self.infinite_hands + other.infinite_hands,
            score_buckets=_add(self.score_buckets, other.score_buckets),
            charms=_add_tallies(self.charms, other.charms),
            actions=self.actions + other.actions,
            consumables=_add_tallies(self.consumables, other.consumables),
            vouchers=_add_tallies(self.vouchers, other.vouchers),
            tags=_add_tallies(self.tags, other.tags),
            rounds=self.rounds + other.rounds,
            locked_rounds=_add(self.locked_rounds, other.locked_rounds),
        )

    @property
    def win_rate(self) -> float:
        """Share of runs won."""
        return self.wins / self.runs if self.runs else 0.0

    def cleared_by_ante(self) -> list[float]:
        """Share of runs that cleared ante 1, 2, ... up to the last ante."""
        if not self.runs:
            return []
        counts = {int(k): v for k, v in self.antes_cleared.items()}
        return [sum(v for k, v in counts.items() if k >= a) / self.runs for a in range(1, self.antes + 1)]

    @property
    def mean_antes_cleared(self) -> float:
        """Mean number of antes a run cleared."""
        return sum(int(k) * v for k, v in self.antes_cleared.items()) / self.runs if self.runs else 0.0

    @property
    def antes_cleared_margin(self) -> float:
        """Half the width of the 95% confidence interval of :attr:`mean_antes_cleared` (0 below 2 runs).

        Read from the histogram of antes cleared, so it adds up like every other figure.
        """
        n = self.runs
        if n < 2:
            return 0.0
        total = sum(int(k) * v for k, v in self.antes_cleared.items())
        squares = sum(int(k) ** 2 * v for k, v in self.antes_cleared.items())
        # The sample variance from integer sums: the same to the last digit in any order of runs.
        variance = (n * squares - total * total) / (n * (n - 1))
        return t95(n - 1) * math.sqrt(variance / n)

    def win_rate_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate: honest at 0 wins too (0 of 200 is at most ~1.9%)."""
        return wilson(self.wins, self.runs)

    @property
    def mean_score(self) -> float:
        """Mean total of a played hand (infinite totals left out)."""
        finite = self.hands - self.infinite_hands
        return self.score_sum / finite if finite else 0.0

    def score_histogram(self) -> list[tuple[int, int, int]]:
        """``(low, high, hands)`` for every bucket from the lowest to the highest seen."""
        if not self.score_buckets:
            return []
        keys = [int(k) for k in self.score_buckets]
        return [
            (*bucket_range(b), self.score_buckets.get(str(b), 0)) for b in range(min(keys), max(keys) + 1)
        ]

    def score_quantile(self, q: float) -> int:
        """The lower edge of the bucket that holds the ``q`` quantile of hand totals."""
        finite = self.hands - self.infinite_hands
        seen = 0
        for low, _, n in self.score_histogram():
            seen += n
            if finite and seen >= math.ceil(q * finite):
                return low
        return 0

    def items(self, kind: str) -> Mapping[str, ItemTally]:
        """The tallies of an item kind of :data:`ITEM_FIGURES` (``consumables``, ``vouchers``, ``tags``)."""
        if kind not in ITEM_FIGURES:
            raise KeyError(f"no item kind {kind!r}: want one of {', '.join(ITEM_FIGURES)}")
        tallies: Mapping[str, ItemTally] = getattr(self, kind)
        return tallies

    def items_json(self, kind: str) -> dict[str, object]:
        """An item kind's figures by id, ids sorted, under the kind's JSON names."""
        tallies = self.items(kind)
        return {k: tallies[k].to_json(ITEM_FIGURES[kind]) for k in sorted(tallies)}

    def to_json(self) -> dict[str, object]:
        """Every count, and the rates derived from them; keys sorted, so equal reports print equal."""
        return {
            "runs": self.runs,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "antes": self.antes,
            "ante_reached": _sorted(self.ante_reached),
            "antes_cleared": _sorted(self.antes_cleared),
            "cleared_by_ante": self.cleared_by_ante(),
            "mean_antes_cleared": self.mean_antes_cleared,
            "mean_antes_cleared_margin": self.antes_cleared_margin,
            "win_rate_interval": list(self.win_rate_interval()),
            "actions": self.actions,
            "hands": self.hands,
            "hand_types": _sorted(self.hand_types),
            "score_per_hand": {
                "mean": self.mean_score,
                "max": self.score_max,
                "sum": self.score_sum,
                "infinite": self.infinite_hands,
                "histogram": [{"from": lo, "to": hi, "hands": n} for lo, hi, n in self.score_histogram()],
            },
            "charms": {k: self.charms[k].to_json(self.runs) for k in sorted(self.charms)},
            **{kind: self.items_json(kind) for kind in ITEM_FIGURES},
            "rounds": self.rounds,
            "locked_rounds": _sorted(self.locked_rounds),
        }
