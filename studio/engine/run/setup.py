"""A run's set-up: the content, deck, difficulty, seed and starting charms, resolved and checked.

Apart from :mod:`studio.engine.runs` (the data tables), since it needs the catalog that
holds those tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from studio.engine.catalog import Catalog
from studio.engine.runs import DeckDef, RunRules, RunTable, run_setup
from studio.engine.scoring.rows import charm_row
from studio.engine.situation import CharmSlot
from studio.engine.values import layered


class SetupError(ValueError):
    """A run set-up that names an unknown deck, difficulty or charm, or too many charms."""


@dataclass(frozen=True, slots=True)
class RunSetup:
    """Everything a run is started from: the content's table, the deck, the difficulty, the seed.

    ``charms`` are charm ids (``id`` or ``id:edition``) the run starts with; ``locked``: they stay
    (never sold, destroyed only by their own rule, and never drawn again), as a simulation's charm
    under test does.
    ``kept_out``: charms no random draw offers or makes (the shop, boosters, tags, ``create_charm``),
    as the baseline of a comparison keeps out the charm the other runs hold, so both draw alike.
    """

    catalog: Catalog = field(compare=False, repr=False)
    table: RunTable
    deck: DeckDef
    difficulty: int
    seed: int
    rules: RunRules
    charms: tuple[str, ...] = ()
    locked: bool = False
    kept_out: tuple[str, ...] = ()

    @classmethod
    def from_catalog(
        cls,
        catalog: Catalog,
        deck: str = "standard",
        difficulty: int = 0,
        seed: int = 0,
        charms: Sequence[str] = (),
        locked: bool = False,
        kept_out: Sequence[str] = (),
    ) -> RunSetup:
        """Resolve the ids against ``catalog``; raise :class:`SetupError` with the reason."""
        if catalog.run is None:
            raise SetupError("the loaded content has no run.yaml (load the base game)")
        if not catalog.hand_types:
            raise SetupError("the loaded content defines no hand types")
        try:
            deck_def = catalog.deck(deck)
            for spec in charms:
                slot = CharmSlot.parse(spec)
                catalog.charm(slot.id)
                if slot.edition:
                    catalog.edition(slot.edition)
            for charm_id in kept_out:
                catalog.charm(charm_id)
        except ValueError as err:
            raise SetupError(str(err)) from None
        try:
            catalog.difficulty_level(difficulty)
        except ValueError as err:
            raise SetupError(str(err)) from None
        rules = run_setup(catalog.run, deck_def, list(catalog.difficulties.values()), difficulty)
        # The row's own modifiers count, as in the shop: a negative charm brings its slot with it.
        row = charm_row([CharmSlot.parse(spec) for spec in charms], catalog).modifiers
        slots = int(layered("charm_slots", rules.start.charm_slots, row))
        if len(charms) > slots:
            raise SetupError(f"{len(charms)} charms do not fit {slots} charm slots")
        return cls(
            catalog, catalog.run, deck_def, difficulty, seed, rules, tuple(charms), locked, tuple(kept_out)
        )

    def never_drawn(self) -> tuple[str, ...]:
        """The charms no random draw offers or makes: those kept out and, in a locked run, the charms it
        starts with, even once their own rule took them out of the row (the baseline of a comparison
        never draws them, so the two sides' shops stay alike all run)."""
        if not self.locked:
            return self.kept_out
        return (*self.kept_out, *self.charm_ids())

    def charm_ids(self) -> tuple[str, ...]:
        """The ids of the charms the run starts with (their editions left off)."""
        return tuple(CharmSlot.parse(spec).id for spec in self.charms)

    def to_json(self) -> dict[str, object]:
        """Return the ids this set-up was made from (the content is loaded again on resume)."""
        return {
            "deck": self.deck.id,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "charms": list(self.charms),
            **({"locked": True} if self.locked else {}),
            **({"kept_out": list(self.kept_out)} if self.kept_out else {}),
        }
