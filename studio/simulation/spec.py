"""What a simulation is: how many runs, from which seed, with which content and start.

A spec is a small frozen value, so it pickles to worker processes and to a
cluster unchanged. Run ``i`` of a spec always gets the same seed, derived from
``(spec.seed, i)`` alone: which worker plays it, and when, cannot change it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from studio.engine.charms import CharmSlot

if TYPE_CHECKING:
    from studio.engine.bot.player import Level

#: The largest seed a run gets (63 bits: a positive int on every platform).
_SEED_BITS = 63

#: Files that differ from the packs as read from disk: (pack id, relative path, text; None: gone).
Edits = tuple[tuple[str, str, str | None], ...]


@dataclass(frozen=True, slots=True)
class SimulationSpec:
    """How many runs to play, from which seed, with which deck, difficulty, charms, packs and bot.

    The ``charms`` are locked in every run: the bot never sells them and no other source destroys them.
    """

    runs: int
    seed: int
    deck: str = "standard"
    difficulty: int = 0
    #: Charms every run starts with (the charm whose balance is in question).
    charms: tuple[str, ...] = ()
    #: ``--pack`` values in load order: folders, zips or installed pack ids.
    packs: tuple[str, ...] = ()
    #: Skip the base game (``--no-base``).
    no_base: bool = False
    #: Let the named packs' code run (the command line records that trust first).
    trust: bool = False
    #: Unsaved edits laid over the packs (the editor simulates what is on screen, not what is saved).
    edits: Edits = ()
    #: The bot that plays: ``strong`` (the default, as for ``studio simulate``) or ``fast`` (see
    #: :class:`~studio.engine.bot.Bot`).
    bot: Level = "strong"
    #: Charms no random draw offers or makes in these runs (a comparison's baseline keeps out the
    #: charms the other runs hold in their row, so the shops of both offer the same charms).
    kept_out: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.runs < 0:
            raise ValueError(f"a simulation plays 0 runs or more, not {self.runs}")

    def without_charms(self) -> SimulationSpec:
        """The same simulation with no starting charm, and those charms kept out of its draws: the
        baseline a charm is compared with (where the charm is in the row, the shop never offers it)."""
        ids = [CharmSlot.parse(c).id for c in self.charms]
        return replace(self, charms=(), kept_out=tuple(dict.fromkeys([*self.kept_out, *ids])))


def run_seed(seed: int, index: int) -> int:
    """Return the seed of run ``index`` of a simulation seeded ``seed``.

    A hash, not ``seed + index``, so that neighbouring simulations (seed 1 and
    seed 2) do not share all but one of their runs.
    """
    digest = hashlib.blake2b(f"{seed}/run/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - _SEED_BITS)


def chunks(runs: int, size: int) -> Iterator[range]:
    """Split run indices ``0..runs-1`` into consecutive ranges of at most ``size``."""
    step = max(1, size)
    for start in range(0, runs, step):
        yield range(start, min(start + step, runs))


def runs_named(spec: SimulationSpec, start: int, stop: int) -> str:
    """Name runs ``start`` to ``stop - 1`` of ``spec`` and their seeds, so they can be replayed with
    ``studio run --seed``: ``runs 4 to 7 of seed 1 (run seeds 5308…, 8912…, 1203…, …)``."""
    seeds = [str(run_seed(spec.seed, i)) for i in range(start, min(stop, start + 3))]
    shown = ", ".join(seeds) + (", …" if stop - start > 3 else "")
    if stop - start == 1:
        return f"run {start} of seed {spec.seed} (run seed {shown})"
    return f"runs {start} to {stop - 1} of seed {spec.seed} (run seeds {shown})"
