"""A run being played: checks each action, resolves the queue one action at a time, keeps the history.

>>> from studio.engine.run.actions import SelectBlind
>>> # game = Game.start(RunSetup.from_catalog(catalog, seed=5)); game.apply(SelectBlind())
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from studio.engine.charms import CharmSlot
from studio.engine.rng import Rng
from studio.engine.run.action_rules import RULES
from studio.engine.run.actions import (
    Action,
    Buy,
    BuyVoucher,
    Discard,
    IllegalAction,
    Play,
    SellConsumable,
    SkipBlind,
    UseConsumable,
)
from studio.engine.run.ante import begin_ante
from studio.engine.run.consumables import take_created
from studio.engine.run.events import Resolved, RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState
from studio.engine.run.tags import made_tags
from studio.engine.run.values import follow_prices


class Game:
    """One run: its set-up, its state, the queue of actions to resolve and the history of resolved ones."""

    def __init__(self, setup: RunSetup, state: RunState, history: Sequence[Resolved] = ()) -> None:
        self.setup = setup
        self.state = state
        self.history: list[Resolved] = list(history)
        self.queue: deque[Action] = deque()

    @classmethod
    def start(cls, setup: RunSetup) -> Game:
        """Start a run: the deck and difficulty applied, starting charms in the row, ante 1's boss drawn."""
        start = setup.rules.start
        charms = [CharmSlot.parse(spec, locked=setup.locked) for spec in setup.charms]
        state = RunState(
            phase="select",
            ante=1,
            blind=0,
            money=start.money,
            hand_size=start.hand_size,
            hands=start.hands,
            discards=start.discards,
            charm_slots=start.charm_slots,
            deck=list(setup.deck.cards),
            charms=charms,
            rng=Rng(setup.seed),
        )
        begin_ante(state, setup)
        return cls(setup, state)

    @property
    def is_over(self) -> bool:
        """Return True once the run is won or lost."""
        return self.state.is_over

    @property
    def won(self) -> bool:
        """Return True if the run beat the last ante's boss blind."""
        return self.state.phase == "won"

    # -- checks ----------------------------------------------------------------

    def legal(self, action: Action) -> str | None:
        """Return None if ``action`` may resolve now, else the reason it may not (its kind's rule says)."""
        if self.state.is_over:
            return f"the run is over ({self.state.phase})"
        return RULES[type(action)].check(self.state, self.setup, action)

    def can_play(self, cards: Sequence[int]) -> str | None:
        """Return why these cards cannot be played now (None: they can)."""
        return self.legal(Play(tuple(cards)))

    def can_discard(self, cards: Sequence[int]) -> str | None:
        """Return why these cards cannot be discarded now (None: they can)."""
        return self.legal(Discard(tuple(cards)))

    def can_buy(self, slot: int) -> str | None:
        """Return why the charm (or consumable) in ``slot`` cannot be bought now (None: it can)."""
        return self.legal(Buy(slot))

    def can_use_consumable(self, index: int, cards: Sequence[int] = ()) -> str | None:
        """Return why the consumable at ``index`` cannot be used on ``cards`` now (None: it can)."""
        return self.legal(UseConsumable(index, tuple(cards)))

    def can_sell_consumable(self, index: int) -> str | None:
        """Return why the consumable at ``index`` cannot be sold now (None: it can)."""
        return self.legal(SellConsumable(index))

    def can_buy_voucher(self, slot: int) -> str | None:
        """Return why the voucher in shop ``slot`` cannot be bought now (None: it can)."""
        return self.legal(BuyVoucher(slot))

    def can_skip(self) -> str | None:
        """Return why the blind on offer cannot be skipped (for its tag) now (None: it can)."""
        return self.legal(SkipBlind())

    # -- resolving ---------------------------------------------------------------

    def submit(self, actions: Iterable[Action]) -> None:
        """Queue actions; :meth:`resolve` runs them in order."""
        self.queue.extend(actions)

    def resolve(self) -> list[RunEvent]:
        """Resolve queued actions one at a time; an illegal one empties the queue and raises."""
        events: list[RunEvent] = []
        while self.queue:
            action = self.queue.popleft()
            reason = self.legal(action)
            if reason is not None:
                self.queue.clear()
                raise IllegalAction(reason)
            events += self._resolve_one(action)
        return events

    def apply(self, action: Action) -> list[RunEvent]:
        """Check and resolve one action; raise :class:`IllegalAction` (changing nothing) if refused."""
        self.queue.append(action)
        return self.resolve()

    def _resolve_one(self, action: Action) -> list[RunEvent]:
        s, setup = self.state, self.setup
        events, scored = RULES[type(action)].resolve(s, setup, action)
        if s.created:
            events += take_created(s, setup) + made_tags(s, setup)
        follow_prices(s, setup)
        self.history.append(Resolved(action, tuple(events), scored))
        return events


def replay(setup: RunSetup, actions: Iterable[Action]) -> Game:
    """Start a run from ``setup`` and resolve ``actions``: the same run, exactly."""
    game = Game.start(setup)
    for action in actions:
        game.apply(action)
    return game
