"""The strong bot's worth of a charm row, in context: hands from the run's own deck, charms as they stand.

Where :class:`~studio.engine.bot.values.CharmValues` measures each charm once on
eight fixed hands, this measures it on hands dealt from the run's deck (the
best play of each, as the bot would make it), with the charm's counter and
variables as they are now (a grown charm is worth what it gives now, plus a
little of what it will grow to in the next rounds) and the run's money. The
hands are weighted toward the hand types the run plays. A row's worth is then
in log units of its score: ``log(score) + passive + future money``, so a
charm's gain reads as "x% more score", money effects as dollars over the
rounds left (each dollar worth :attr:`RowWorth.dollar`), and rule changes
(hands, discards, hand size, charm slots, prices) by their effect.

Measures are cached by what determines them (the deck's cards, the charm with
its counter and variables, the money step), never by the run's history, so a
resumed run decides exactly as the uninterrupted one.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Mapping, Sequence

from studio.engine.bot.plays import best_play
from studio.engine.bot.values import NEUTRAL_RNG, multiplies, score_alone
from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef, CharmSlot
from studio.engine.kinds import EFFECTS, HANDS_LEFT, MONEY, TRIGGERS, VALUE_ARG
from studio.engine.run.state import Round
from studio.engine.scoring import Situation
from studio.engine.scoring.rounds import run_event
from studio.engine.scoring.rows import charm_row
from studio.engine.trace import ScoreResult

#: Hands dealt from the deck to measure charms on (six won as often within luck, at two thirds of the speed).
CONTEXT_HANDS = 4
#: How many cards each of those hands holds.
DEALT = 8
#: Memo sizes before they start again.
MEMO = 20_000
#: Rounds of growth a growing charm is credited with beyond what it gives now.
GROWTH_ROUNDS = 2.0
#: Hands played in a typical round (growth per hand times this is growth per round).
HANDS_PER_ROUND = 2.5
#: Rounds of future money a money charm is credited with (money far ahead buys little now).
MONEY_HORIZON = 6.0
#: log-score worth of one more of a round value (per unit), for rule changes.
RULE_WORTH = {"hands": 0.18, "discards": 0.06, "hand_size": 0.09, "charm_slots": 0.2}
#: Rounds a change for the rest of the run is credited with (its worth ahead, discounted).
RUN_ROUNDS = 9.0
#: log-score worth of what an ability does besides the rules: make a charm or consumable, raise a
#: level (each once a round at most), keep a lost round from ending the run, destroy another charm.
CREATES, LEVELS, SAVES, DESTROYS_OTHER = 0.08, 0.08, 0.1, -1.0
#: A charm that may destroy itself as hands are scored (its worth may end any hand).
DESTROYS_SELF = -0.3

#: A context hand: played, held, its hand type, and whether a final-hand measure is needed.
Hand = tuple[tuple[Card, ...], tuple[Card, ...], str]
#: (added Points, added Mult, Mult factor) on each context hand (hands left 1, then 0), and $ per hand.
Measure = tuple[tuple[tuple[float, float, float], ...], float]
#: The deck's key (a checksum of its cards), the hands dealt from it and their base (Points, Mult).
Context = tuple[int, tuple[Hand, ...], tuple[tuple[float, float], ...]]


def scheduled(defn: CharmDef) -> list[tuple[str, float]]:
    """The run events the charm's abilities fire at on a schedule, each with how often it fires in a
    round (its trigger kind's ``per_round``), in the registry's order."""
    used = {a.trigger for a in defn.abilities}
    return [(k.name, k.per_round) for k in TRIGGERS.kinds.values() if k.per_round and k.name in used]


def _stable(text: str) -> int:
    return zlib.crc32(text.encode())


class RowWorth:
    """Values charm rows of a run in log-score units, from measures on the run's own deck."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        #: log-score worth of $1 (what money could buy in later shops).
        self.dollar = 0.01
        self._contexts: dict[tuple[Card, ...], Context] = catalog.memo.setdefault("bot_strong_contexts", {})  # type: ignore[assignment]
        self._measures: dict[tuple[object, ...], Measure] = catalog.memo.setdefault("bot_strong_measures", {})  # type: ignore[assignment]
        self._extras: dict[tuple[object, ...], float] = catalog.memo.setdefault("bot_strong_extras", {})  # type: ignore[assignment]
        self._weighted: tuple[int, dict[str, int], list[float]] = (-1, {}, [])
        #: The deck last asked about and its context (a shop asks again at every decision).
        self._last_context: tuple[tuple[Card, ...], Context] | None = None
        self._parts_memo: dict[tuple[object, ...], tuple[Measure, float, float]]
        self._parts_memo = catalog.memo.setdefault("bot_strong_parts", {})  # type: ignore[assignment]
        self._levels_memo: dict[tuple[str, int], tuple[tuple[int, float], tuple[int, float]]]
        self._levels_memo = catalog.memo.setdefault("bot_strong_levels", {})  # type: ignore[assignment]

    # -- context -------------------------------------------------------------

    def context(self, deck: Sequence[Card]) -> Context:
        """Return the deck's key, the hands dealt from it (each the best plain play), their base scores."""
        key = tuple(deck)
        last = self._last_context
        if last is not None and key == last[0]:  # mostly the very objects: no card hashed or compared
            return last[1]
        found = self._contexts.get(key)
        if found is None:
            if len(self._contexts) >= MEMO:
                self._contexts.clear()
            cards = sorted(deck, key=str)
            cid = _stable(" ".join(map(str, cards)))
            rnd = random.Random(cid)
            hands: list[Hand] = []
            bases: list[tuple[float, float]] = []
            for _ in range(CONTEXT_HANDS if len(cards) >= DEALT else 0):
                dealt = rnd.sample(cards, DEALT)
                r = Round("small", 0, 0, None, 2, 1, DEALT, hand=dealt)
                choice = best_play(r, (), {}, 0, self.catalog)
                chosen = set(choice.cards)
                played = tuple(dealt[i] for i in choice.cards)
                held = tuple(c for i, c in enumerate(dealt) if i not in chosen)
                res = self._score((), played, held, 0, 1)
                hands.append((played, held, res.hand_type))
                bases.append((float(res.points), min(float(res.mult), 1e9)))
            found = self._contexts[key] = (cid, tuple(hands), tuple(bases))
        self._last_context = (key, found)
        return found

    def _score(
        self,
        charms: tuple[CharmSlot, ...],
        played: tuple[Card, ...],
        held: tuple[Card, ...],
        money: int,
        left: int,
    ) -> ScoreResult:
        return score_alone(self.catalog, charms, played, held, money, left, hand_size=DEALT, charm_slots=5)

    # -- one charm -----------------------------------------------------------

    def measure(self, slot: CharmSlot, ctx: Context, money: int) -> Measure:
        """The charm's effect on each context hand of the deck (as it stands, plus a little growth)."""
        key, hands, bases = ctx
        bucket = min(max(money, 0), 40) // 5 * 5 if self._reads_money(slot.id) else 0
        counter = slot.counter + self._growth(slot, ctx, bucket)
        mkey = (key, slot.id, slot.edition, counter, slot.vars, bucket)
        found = self._measures.get(mkey)
        if found is not None:
            return found
        if len(self._measures) >= MEMO:
            self._measures.clear()
        alone = (CharmSlot(slot.id, slot.edition, max(int(counter), 0), slot.vars),)
        times = multiplies(self.catalog, slot)
        finals = _final_sensitive(self.catalog.charm(slot.id))
        effects: list[tuple[float, float, float]] = []
        dollars = 0.0
        for left in (1, 0):
            for (played, held, _), (p0, m0) in zip(hands, bases, strict=True):
                if left == 0 and not finals:
                    effects.append(effects[len(effects) - len(hands)])
                    continue
                res = self._score(alone, played, held, bucket, left)
                p1, m1 = float(res.points), min(float(res.mult), 1e9)
                if left == 1:
                    dollars += res.money - bucket
                if times:
                    effects.append((p1 - p0, 0.0, m1 / m0 if m0 else 1.0))
                else:
                    effects.append((p1 - p0, m1 - m0, 1.0))
        found = self._measures[mkey] = (tuple(effects), dollars / max(len(hands), 1))
        return found

    def _reads_money(self, charm_id: str) -> bool:
        key = ("reads_money", charm_id)
        found = self._extras.get(key)
        if found is None:
            abilities = self.catalog.charm(charm_id).abilities
            found = self._extras[key] = float(any(MONEY in a.reads() for a in abilities))
        return bool(found)

    def _grows(self, charm_id: str) -> bool:
        key = ("grows", charm_id)
        found = self._extras.get(key)
        if found is None:
            effects = (e for a in self.catalog.charm(charm_id).abilities for e in a.effects)
            found = self._extras[key] = float(any(EFFECTS[e.kind].worth.grows for e in effects))
        return bool(found)

    def _growth(self, slot: CharmSlot, ctx: Context, money: int) -> int:
        """Counter growth credited to a growing charm: per hand scored and per run event, a few rounds.

        Cached by everything it is computed from (never by which run asked first), so a run decides
        the same whichever runs the process played before it."""
        if not self._grows(slot.id):
            return 0
        defn = self.catalog.charm(slot.id)
        deck, hands, _ = ctx
        key = ("growth", slot.id, slot.edition, slot.counter, slot.vars, money, deck)
        found = self._extras.get(key)
        if found is None:
            per_hand = 0.0
            alone = (CharmSlot(slot.id, slot.edition, slot.counter, slot.vars),)
            for played, held, _ in hands:
                res = self._score(alone, played, held, money, 1)
                per_hand += res.counters[0] - slot.counter
            per_round = per_hand / max(len(hands), 1) * HANDS_PER_ROUND
            situation = Situation(charms=alone, money=money, rng=NEUTRAL_RNG, hand_size=DEALT, charm_slots=5)
            for trigger, often in scheduled(defn):
                res2 = run_event(trigger, situation, self.catalog)  # type: ignore[arg-type]
                per_round += (res2.counters[0] - slot.counter) * often if res2.counters else 0.0
            found = self._extras[key] = per_round * GROWTH_ROUNDS
        return round(found)

    def money_per_round(self, slot: CharmSlot, money: int) -> float:
        """$ the charm alone makes at the run's events in one round (not counting hands scored)."""
        defn = self.catalog.charm(slot.id)
        bucket = min(max(money, 0), 40) // 5 * 5
        key = ("per_round", slot.id, slot.edition, slot.counter, slot.vars, bucket)
        found = self._extras.get(key)
        if found is None:
            found = 0.0
            alone = (CharmSlot(slot.id, slot.edition, slot.counter, slot.vars),)
            situation = Situation(
                charms=alone, money=bucket, rng=NEUTRAL_RNG, hand_size=DEALT, charm_slots=5, blind="boss"
            )
            for trigger, often in scheduled(defn):
                res = run_event(trigger, situation, self.catalog)  # type: ignore[arg-type]
                found += (res.money - bucket) * often
            for a in defn.abilities:
                for e in a.effects:
                    if EFFECTS[e.kind].worth.sell_value:
                        found += 0.5 * e.amount * (3 if e.arg("to") == "all" else 1)
            self._extras[key] = found
        return found

    def rules_worth(self, slot: CharmSlot, state_hands: int) -> float:
        """log-score worth of the rules the charm changes (hands, discards, hand size, charm slots, by its
        modifiers and by what its abilities add) and of what else its abilities do (make, save, level up,
        destroy), as often as their triggers fire in a round (the trigger kinds' ``per_round``)."""
        key = ("rules", slot.id, slot.edition, slot.counter, state_hands)
        found = self._extras.get(key)
        if found is not None:
            return found
        defn = self.catalog.charm(slot.id)
        worth = 0.0
        for m in charm_row([CharmSlot(slot.id, slot.edition)], self.catalog).modifiers:
            if m.value in RULE_WORTH and m.op == "add":
                worth += RULE_WORTH[m.value] * m.amount
            elif m.value == "prices" and m.op == "times":
                worth += (1 - m.amount) * 0.15
            elif m.value == "free_rerolls" and m.op == "add":
                worth += 0.05 * m.amount
        run = self.catalog.run
        blinds = [b.id for b in run.blinds] if run is not None else []
        for a in defn.abilities:
            trigger = TRIGGERS.kinds[a.trigger]
            allowed = a.blinds()  # an ability of some blinds only acts in that share of the rounds
            often = 1.0 if allowed is None or not blinds else sum(b in allowed for b in blinds) / len(blinds)
            kinds = [EFFECTS[e.kind].worth for e in a.effects]
            for e, kind in zip(a.effects, kinds, strict=True):
                rule = str(e.arg("value")) if kind.rule == VALUE_ARG else kind.rule
                if rule in RULE_WORTH:  # a change for the round helps only when made before its hands
                    rounds = RUN_ROUNDS if e.arg("for") == "run" else float(trigger.ahead)
                    worth += RULE_WORTH[rule] * e.amount * often * (trigger.per_round * rounds)
                if kind.destroys == "other" and trigger.per_round:
                    worth += DESTROYS_OTHER
            if trigger.scores and any(k.destroys == "self" for k in kinds):
                worth += DESTROYS_SELF
            if any(k.saves for k in kinds):
                worth += SAVES
            if trigger.per_round and any(k.levels for k in kinds):
                worth += LEVELS
            if trigger.no_hand and not trigger.has_card and any(k.creates for k in kinds):
                worth += CREATES  # at a run event, not for each card added or destroyed
        self._extras[key] = worth
        return worth

    # -- rows ----------------------------------------------------------------

    def _parts(
        self, charms: Sequence[CharmSlot], ctx: Context, money: int, skip: int = -1
    ) -> list[tuple[Measure, float, float]]:
        """What each charm of the row (but the one at ``skip``) brings to its worth: its measure, its $
        per round (hands scored and run events), its rules' worth; remembered per deck, charm state and
        $5 step of money (every one of them depends on money only by that step), as a shop asks for the
        same charms row after row."""
        deck, step, memo = ctx[0], min(max(money, 0), 40) // 5, self._parts_memo
        parts = []
        for i, slot in enumerate(charms):
            if i == skip:
                continue
            key = (deck, slot.id, slot.edition, slot.counter, slot.vars, step)
            found = memo.get(key)
            if found is None:
                if len(memo) >= MEMO:
                    memo.clear()
                measure = self.measure(slot, ctx, money)
                per_round = measure[1] * HANDS_PER_ROUND + self.money_per_round(slot, money)
                found = memo[key] = (measure, per_round, self.rules_worth(slot, 4))
            parts.append(found)
        return parts

    def _weights(self, ctx: Context, played: Mapping[str, int]) -> list[float]:
        """Each context hand's weight: toward the hand types the run plays (remembered for the last deck
        and tally asked, as a shop decision values row after row with them)."""
        deck, tally, weights = self._weighted
        if ctx[0] != deck or played != tally:
            _, hands, _ = ctx
            n = len(hands)
            total_played = sum(played.values())
            sample: dict[str, int] = {}
            for _, _, t in hands:
                sample[t] = sample.get(t, 0) + 1
            weights = []
            for _, _, t in hands:
                share = played.get(t, 0) / total_played if total_played else 0.0
                weights.append((share + 0.5 * sample[t] / n) / sample[t])
            self._weighted = (ctx[0], dict(played), weights)
        return weights

    def _levels(self, type_id: str, level: int) -> tuple[tuple[int, float], tuple[int, float]]:
        """A hand type's (Points, Mult) at level 1 and at ``level`` (remembered: asked per hand per row)."""
        found = self._levels_memo.get((type_id, level))
        if found is None:
            ht = self.catalog.hand_type(type_id)
            found = self._levels_memo[(type_id, level)] = (ht.at_level(1), ht.at_level(level))
        return found

    def worth(
        self,
        charms: Sequence[CharmSlot],
        ctx: Context,
        money: int,
        levels: Mapping[str, int],
        played: Mapping[str, int],
        rounds_left: float,
        skip: int = -1,
    ) -> float:
        """The row's worth in log-score units: its score on the context hands, plus rules and future money.

        ``played``: how often the run scored each hand type (weights the context hands toward them);
        ``skip``: a position of ``charms`` to leave out.
        """
        _, hands, bases = ctx
        if not hands:
            return 0.0
        parts = self._parts(charms, ctx, money, skip)
        rows = [effects for (effects, _), _, _ in parts]
        n = len(hands)
        value = 0.0
        dollars = 0.0
        for i, ((_, _, t), (points, mult), weight) in enumerate(
            zip(hands, bases, self._weights(ctx, played), strict=True)
        ):
            level = levels.get(t, 1)
            if level != 1:
                (p1, m1), (pl, ml) = self._levels(t, level)
                points, mult = points + pl - p1, mult + ml - m1
            for j, share in ((i, 0.7), (i + n, 0.3)):  # the hand, then the hand as the final one
                pts, mlt, factor = points, mult, 1.0
                for effects in rows:
                    dp, dm, x = effects[j]
                    pts += dp
                    mlt += dm
                    factor *= x
                value += weight * share * (pts if pts > 1.0 else 1.0) * (mlt if mlt > 1.0 else 1.0) * factor
        for _, per_round, _ in parts:
            dollars += per_round
        rules = sum(r for _, _, r in parts)
        future = dollars * min(rounds_left, MONEY_HORIZON) * self.dollar * 0.5
        return math.log(max(value, 1.0)) + rules + future


def _final_sensitive(defn: CharmDef) -> bool:
    """True if what the charm gives may differ on the round's final hand (its code may ask too)."""
    return defn.behaviour is not None or any(HANDS_LEFT in a.reads() for a in defn.abilities)
