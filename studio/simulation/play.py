"""One simulated run: the bot plays it with the real engine and scorer, and its figures are kept.

:func:`run_one` is pure in what matters: its result depends only on the spec
and the run's index, never on the process, machine or moment that plays it.
"""

from __future__ import annotations

import math

from studio.content.io.limits import MAX_RUN_ACTIONS
from studio.engine.behaviour import failure_text
from studio.engine.bot import Bot
from studio.engine.run.actions import (
    Action,
    Buy,
    BuyVoucher,
    Choose,
    OpenBooster,
    Play,
    SelectBlind,
    SkipBlind,
    UseConsumable,
)
from studio.engine.run.events import Resolved
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.simulation.attribution import charm_effects
from studio.simulation.catalogs import catalog_for
from studio.simulation.report import ITEM_FIGURES, CharmTally, ItemTally, Report, RunStats
from studio.simulation.spec import SimulationSpec, run_seed

#: More actions than any run needs: a run that gets there is a bug, reported, never an endless loop (and a
#: save of that many is the most ``studio run --resume`` reads).
MAX_ACTIONS = MAX_RUN_ACTIONS


class RunFailed(RuntimeError):
    """A run raised or did not end; the message names its index and seed so it can be replayed."""


def play_chunk(spec: SimulationSpec, start: int, stop: int) -> Report:
    """Play runs ``start`` to ``stop - 1`` of ``spec`` and return their report (a worker's task)."""
    return Report.combine(run_one(spec, i) for i in range(start, stop))


def run_one(spec: SimulationSpec, index: int) -> RunStats:
    """Play run ``index`` of ``spec`` with the bot and return its figures."""
    seed = run_seed(spec.seed, index)
    try:
        catalog = catalog_for(spec)
        setup = RunSetup.from_catalog(
            catalog,
            deck=spec.deck,
            difficulty=spec.difficulty,
            seed=seed,
            charms=spec.charms,
            locked=True,
            kept_out=spec.kept_out,
        )
        game = Game.start(setup)
        bot = Bot(catalog, spec.bot)
        recorder = _Recorder()
        while not game.is_over:
            if len(game.history) >= MAX_ACTIONS:
                raise RunFailed(f"no end after {MAX_ACTIONS} actions")
            action = bot.choose(game)
            recorder.before(game.state, action)
            game.apply(action)
            recorder.after(game.history[-1], game.state)
    except RunFailed as exc:
        raise RunFailed(f"run {index} of seed {spec.seed} (run seed {seed}): {exc}") from None
    except Exception as exc:
        raise RunFailed(f"run {index} of seed {spec.seed} (run seed {seed}): {failure_text(exc)}") from exc
    return recorder.stats(index, game, len(setup.rules.requirements))


class _Recorder:
    """Watches each action of a run: what the shop and the blinds offered, what the bot took, every
    scored hand."""

    def __init__(self) -> None:
        self.hand_types: dict[str, int] = {}
        self.scores: list[int] = []
        self.tally: dict[str, dict[str, int]] = {}
        self.shops_seen: set[tuple[int, int, int]] = set()
        self.row: tuple[str, ...] = ()
        #: Each item's figures by kind (see ``ITEM_FIGURES``): offered, bought (or taken), used.
        self.items: dict[str, dict[str, list[int]]] = {kind: {} for kind in ITEM_FIGURES}
        #: Rounds played, and in how many each locked charm was in the row.
        self.rounds = 0
        self.locked_rounds: dict[str, int] = {}
        #: ``(ante, voucher)`` of the vouchers counted as offered: once per ante, whatever the shops.
        self.vouchers_seen: set[tuple[int, str]] = set()

    def _count(self, kind: str, item: str, figure: int) -> None:
        """Add one to an item's figure (0 offered, 1 bought or taken, 2 used)."""
        self.items[kind].setdefault(item, [0, 0, 0])[figure] += 1

    def _charm(self, charm: str) -> dict[str, int]:
        """The running figures of a charm, by :class:`CharmTally` field name."""
        return self.tally.setdefault(charm, dict.fromkeys(CharmTally.__slots__, 0))

    def before(self, state: RunState, action: Action) -> None:
        """Note the row the action starts from, what the bot buys or takes, and a blind's tag: on offer
        when the bot selects or skips the blind, taken when it skips it."""
        self.row = tuple(c.id for c in state.charms)
        shop, booster = state.shop, state.booster
        if isinstance(action, Buy) and shop is not None:
            offer = shop.offers[action.slot]
            if offer.kind == "charm":
                self._charm(offer.item)["bought"] += 1
            elif offer.kind == "consumable":
                self._count("consumables", offer.item, 1)
        if isinstance(action, BuyVoucher) and shop is not None:
            self._count("vouchers", shop.offers[action.slot].item, 1)
        if isinstance(action, Choose) and booster is not None and action.option is not None:
            if booster.kind == "charms":
                self._charm(booster.options[action.option])["bought"] += 1
            elif booster.kind == "consumables":
                self._count("consumables", booster.options[action.option], 1)
        if isinstance(action, UseConsumable):
            self._count("consumables", state.consumables[action.index], 2)
        if isinstance(action, SelectBlind):
            self.rounds += 1
            for charm in {c.id for c in state.charms if c.locked}:
                self.locked_rounds[charm] = self.locked_rounds.get(charm, 0) + 1
        if isinstance(action, SelectBlind | SkipBlind) and (tag := state.skip_tag(state.blind)):
            self._count("tags", tag, 0)
            if isinstance(action, SkipBlind):
                self._count("tags", tag, 1)

    def after(self, resolved: Resolved, state: RunState) -> None:
        """Count what the action put on offer, and a played hand: its type, total, each charm's share."""
        shop = state.shop
        if shop is not None and (key := (state.ante, state.blind, shop.rerolls)) not in self.shops_seen:
            self.shops_seen.add(key)
            for offer in shop.offers:
                if offer.kind == "charm":
                    self._charm(offer.item)["offered"] += 1
                elif offer.kind == "consumable" and shop.rerolls == 0:  # a reroll keeps them
                    self._count("consumables", offer.item, 0)
                elif offer.kind == "voucher" and (state.ante, offer.item) not in self.vouchers_seen:
                    self.vouchers_seen.add((state.ante, offer.item))
                    self._count("vouchers", offer.item, 0)
        if isinstance(resolved.action, OpenBooster) and state.booster is not None:
            for option in state.booster.options:
                if state.booster.kind == "charms":
                    self._charm(option)["offered"] += 1
                elif state.booster.kind == "consumables":
                    self._count("consumables", option, 0)
        for event in resolved.events:  # discard and end-of-round triggers: the money charms pay there
            if event.trace and event.kind != "score":
                self._credit(charm_effects(event.trace, self.row))
        result = resolved.score
        if not isinstance(resolved.action, Play) or result is None:
            return
        self.hand_types[result.hand_type] = self.hand_types.get(result.hand_type, 0) + 1
        total = result.total
        self.scores.append(int(total) if math.isfinite(total) else -1)
        for charm in set(self.row):
            self._charm(charm)["hands"] += 1
        self._credit(charm_effects(result.events, self.row))

    def _credit(self, effects: dict[str, tuple[int, int, int]]) -> None:
        for charm, (events, added, money) in effects.items():
            t = self._charm(charm)
            t["events"] += events
            t["contribution"] += added
            t["money"] += money

    def stats(self, index: int, game: Game, antes: int) -> RunStats:
        """The run's figures once it is over."""
        state = game.state
        charms = {}
        for charm, t in self.tally.items():
            charms[charm] = CharmTally(**{**t, "runs_bought": 1 if t["bought"] else 0})
        return RunStats(
            index=index,
            won=game.won,
            ante_reached=state.ante,
            antes_cleared=antes if game.won else state.ante - 1,
            antes=antes,
            hand_types=self.hand_types,
            scores=tuple(self.scores),
            charms=charms,
            actions=len(game.history),
            consumables=self._tallies("consumables"),
            vouchers=self._tallies("vouchers"),
            tags=self._tallies("tags"),
            rounds=self.rounds,
            locked_rounds=dict(self.locked_rounds),
        )

    def _tallies(self, kind: str) -> dict[str, ItemTally]:
        return {k: ItemTally(*v) for k, v in self.items[kind].items()}
