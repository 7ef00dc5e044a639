"""A run played by hand in the editor: its game, the log of actions, undo by replay, save and resume.

No Qt here. The run is always the engine's: each action is one of its action
records, checked with ``Game.legal`` and resolved with ``Game.apply``; undo
replays the log without the last action (``replay``), and a save is the very
file ``studio run --resume`` reads.

The panel plays the run in a worker thread, with a line naming a charm's code
that does not return and a Stop button; should nobody press it (the panel may
be hidden), a hook that runs longer than :data:`~studio.engine.hook_runs.UNWATCHED_S` is stopped,
and the action fails as that charm's code failing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, ParamSpec, TypeVar

from studio.content.io.limits import MAX_RUN_ACTIONS, MAX_SEED
from studio.content.io.regular_files import write_save_file
from studio.engine import hook_runs
from studio.engine.bot import Bot
from studio.engine.bot.plays import PlayChoice
from studio.engine.cards import Card
from studio.engine.catalog import Catalog
from studio.engine.run.actions import Action, IllegalAction, Play
from studio.engine.run.events import Resolved
from studio.engine.run.game import Game, replay
from studio.engine.run.save import PackStamp, SaveError, content_difference, dumps, read
from studio.engine.run.save import resume as resume_saved
from studio.engine.run.setup import RunSetup

#: The most actions "Finish round" lets the bot take (a round ends long before; a bad pack's bot may not).
ROUND_LIMIT = 200

P = ParamSpec("P")
R = TypeVar("R")


def limited(method: Callable[P, R]) -> Callable[P, R]:
    """Run ``method`` with any charm's hook stopped once it has run ``hook_runs.UNWATCHED_S``."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with hook_runs.time_limit(hook_runs.UNWATCHED_S):
            return method(*args, **kwargs)

    return run


class LastPlay(NamedTuple):
    """A played hand of the log: what it did (its trace in ``resolved.score``), the cards played and held."""

    resolved: Resolved
    played: tuple[Card, ...]
    held: tuple[Card, ...]


class Playtest:
    """One run being played: ``game`` is the engine's, ``actions`` what was done, in order."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @classmethod
    @limited
    def new(
        cls,
        catalog: Catalog,
        seed: int,
        deck: str = "standard",
        difficulty: int = 0,
        charms: Sequence[str] = (),
    ) -> Playtest:
        """Start a run on ``catalog`` (raises ``SetupError`` naming an unknown deck, level or charm)."""
        return cls(Game.start(RunSetup.from_catalog(catalog, deck, difficulty, seed, tuple(charms))))

    @classmethod
    @limited
    def resume(cls, text: str | bytes, catalog: Catalog, packs: Sequence[PackStamp] = ()) -> Playtest:
        """Go on from a save (raises ``SaveError`` with the reason it cannot be trusted, when its history
        is longer than any run (:data:`MAX_RUN_ACTIONS`), or when it names packs other than ``packs``,
        the content on screen)."""
        saved = read(text, MAX_RUN_ACTIONS, MAX_SEED)
        if packs and saved.packs is not None and (differ := content_difference(saved.packs, packs)):
            raise SaveError(f"made with other packs: {differ}")
        return cls(resume_saved(saved, catalog))

    @property
    def actions(self) -> list[Action]:
        """The actions resolved so far, in order (the run's log)."""
        return [r.action for r in self.game.history]

    @limited
    def perform(self, action: Action) -> str | None:
        """Resolve ``action``; return why it was refused (or failed), None when it was done.

        A refused action changes nothing. An action whose content code raises is undone by
        replaying the log, so the run is never left half-changed.
        """
        reason = self.game.legal(action)
        if reason is not None:
            return reason
        try:
            self.game.apply(action)
        except IllegalAction as exc:
            return str(exc)
        except Exception as exc:  # a pack's code may raise anything: the run goes back to before it
            self.game = replay(self.game.setup, self.actions)
            return f"{action.name} failed: {type(exc).__name__}: {exc}"
        return None

    @limited
    def undo(self) -> Action | None:
        """Take back the last action (the log replayed without it); return it, or None if none."""
        actions = self.actions
        if not actions:
            return None
        self.game = replay(self.game.setup, actions[:-1])
        return actions[-1]

    @limited
    def last_play(self) -> LastPlay | None:
        """The last hand played in the log, with the cards it played and held then, or None."""
        history = self.game.history
        at = next((i for i in range(len(history) - 1, -1, -1) if history[i].score is not None), None)
        if at is None:
            return None
        before = replay(self.game.setup, self.actions[:at]).state.round
        action = history[at].action
        assert before is not None and isinstance(action, Play)
        played = tuple(before.hand[i] for i in action.cards)
        held = tuple(c for i, c in enumerate(before.hand) if i not in action.cards)
        return LastPlay(history[at], played, held)

    def save(self, path: Path, packs: Sequence[PackStamp] = ()) -> None:
        """Write the run as a save (format of ``studio.engine.run.save``) atomically to ``path``, naming the
        ``packs`` it was played with (the content on screen), as ``studio run --save`` does."""
        write_save_file(path, dumps(self.game, packs or None))

    @limited
    def rebase(self, catalog: Catalog) -> tuple[int, str | None]:
        """Replay the log on other content (the editor's edits); keep the actions it still allows.

        Return how many actions were kept and why the first dropped one was refused (None: all kept).
        """
        s = self.game.setup
        setup = RunSetup.from_catalog(catalog, s.deck.id, s.difficulty, s.seed, s.charms, s.locked)
        game = Game.start(setup)
        why = None
        for action in self.actions:
            why = game.legal(action)
            if why is None:
                try:
                    game.apply(action)
                except Exception as exc:  # the edited content's code fails: keep what came before
                    why = f"{action.name} failed: {type(exc).__name__}: {exc}"
            if why is not None:
                break
        self.game = game
        return len(game.history), why

    @limited
    def hint(self, bot: Bot) -> tuple[Action, PlayChoice | None]:
        """What the bot would do next (and, for a play, the play as it scored it)."""
        return bot.decide(self.game)

    @limited
    def finish_round(self, bot: Bot) -> tuple[int, str | None]:
        """Let the bot play and discard until the round ends; return the actions taken and why it stopped
        early. It uses no consumable: that is the player's decision."""
        taken = 0
        while self.game.state.phase == "round" and taken < ROUND_LIMIT:
            try:
                action = bot.choose(self.game, consumables=False)
            except Exception as exc:  # the content's code failed in the bot's scoring
                return taken, f"the bot failed: {type(exc).__name__}: {exc}"
            why = self.perform(action)
            if why is not None:
                return taken, why
            taken += 1
        return taken, None
