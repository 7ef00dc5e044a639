"""Everything the scorer knows: hand types in evaluation order and every definition by id."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from studio.engine.bosses import BossDef
from studio.engine.cards import Card, ModifierKind, parse_cards
from studio.engine.charms import CharmDef
from studio.engine.effect_settings import EffectSettings
from studio.engine.hands import HandTable, HandType
from studio.engine.modifiers import EditionDef, SealDef, UpgradeDef
from studio.engine.names import UnknownIdError
from studio.engine.runs import DeckDef, DifficultyDef, RunTable
from studio.engine.values import Modifier

if TYPE_CHECKING:  # imported by the content that holds them: scoring a hand needs none of them
    from studio.engine.consumables import ConsumableDef
    from studio.engine.stickers import StickerDef
    from studio.engine.tags import TagDef
    from studio.engine.vouchers import VoucherDef

T = TypeVar("T")


@dataclass(frozen=True)
class Catalog:
    """The loaded content. ``hand_types`` runs best first: the evaluation order."""

    hand_types: tuple[HandType, ...]
    charms: Mapping[str, CharmDef] = field(default_factory=dict)
    upgrades: Mapping[str, UpgradeDef] = field(default_factory=dict)
    editions: Mapping[str, EditionDef] = field(default_factory=dict)
    seals: Mapping[str, SealDef] = field(default_factory=dict)
    bosses: Mapping[str, BossDef] = field(default_factory=dict)
    decks: Mapping[str, DeckDef] = field(default_factory=dict)
    difficulties: Mapping[str, DifficultyDef] = field(default_factory=dict)
    run: RunTable | None = None
    consumables: Mapping[str, ConsumableDef] = field(default_factory=dict)
    vouchers: Mapping[str, VoucherDef] = field(default_factory=dict)
    tags: Mapping[str, TagDef] = field(default_factory=dict)
    stickers: Mapping[str, StickerDef] = field(default_factory=dict)
    #: Effect kind -> the settings it reads and their rules, as the content models declare them (the
    #: content layer fills it, so the engine checks a hook's settings without knowing the models).
    effect_settings: Mapping[str, EffectSettings] = field(default_factory=dict)
    #: The effect kinds whose amount is a whole number (Points, money, levels, counters, ...), from the
    #: same models: a hook's fraction for one fails instead of being dropped.
    whole_amounts: frozenset[str] = frozenset()
    #: Memo of per-card work keyed by its inputs; never part of equality.
    memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def hand_table(self) -> HandTable:
        """The hand types with the memo the evaluator uses."""
        return HandTable(self.hand_types)

    @cached_property
    def modifier_kinds(self) -> Mapping[str, ModifierKind]:
        """Map every upgrade, edition and seal id to its kind, for card parsing (worked out once: every
        scenario checked parses its cards with it)."""
        kinds: dict[str, ModifierKind] = {}
        kinds.update((k, "upgrade") for k in self.upgrades)
        kinds.update((k, "edition") for k in self.editions)
        kinds.update((k, "seal") for k in self.seals)
        return kinds

    def cards(self, text: str) -> tuple[Card, ...]:
        """Parse card tokens with this catalog's modifiers."""
        return parse_cards(text, self.modifier_kinds)

    def hand_type(self, type_id: str) -> HandType:
        """Return a hand type by id."""
        for t in self.hand_types:
            if t.id == type_id:
                return t
        raise UnknownIdError("hand type", type_id, [t.id for t in self.hand_types])

    def table(self, kind: str) -> Mapping[str, object] | None:
        """Return the entries of ``kind`` (``"charm"``, ``"upgrade"``, ...) by id; None for a kind this
        catalog holds in no table (hand types are a list, in strength order)."""
        name = _TABLES.get(kind)
        return getattr(self, name) if name is not None else None

    def ids(self, kind: str) -> Collection[str] | None:
        """Return the ids of the entries of ``kind`` (``"hand_type"``, ``"upgrade"``, ...); None for a kind
        this catalog does not hold."""
        if kind == "hand_type":
            return [t.id for t in self.hand_types]
        return self.table(kind)

    def check_settings(self, kind: str, settings: Mapping[str, Any]) -> None:
        """Raise ValueError for the first of ``settings`` that an effect of ``kind`` in a data file could
        not have (see :meth:`EffectSettings.check`): a name the kind does not read, an id no loaded entry
        has, a word not among its choices, a number out of its bounds, a setting it needs left out,
        settings that do not go together.

        A code charm's ``ctx.effect`` asks this before applying, so a mistaken setting fails at the call
        with a suggestion instead of being applied as written. A kind the table does not list (a catalog
        made by hand, not from content) is not checked.
        """
        table = self.effect_settings.get(kind)
        if table is not None:  # a catalog made without the content models (a test's, by hand) knows none
            table.check(kind, settings, self.ids)

    def charm(self, charm_id: str) -> CharmDef:
        """Return a charm by id."""
        return lookup(self.charms, "charm", charm_id)

    def boss(self, boss_id: str) -> BossDef:
        """Return a boss rule by id."""
        return lookup(self.bosses, "boss rule", boss_id)

    def deck(self, deck_id: str) -> DeckDef:
        """Return a deck by id."""
        return lookup(self.decks, "deck", deck_id)

    def voucher_modifiers(self, owned: Sequence[str]) -> tuple[Modifier, ...]:
        """The modifiers of the vouchers ``owned``, in the order bought (memoised: a run reads them for
        every value)."""
        key = ("vouchers", tuple(owned))
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = tuple(
                m for v in owned for m in lookup(self.vouchers, "voucher", v).modifiers
            )
        return found  # type: ignore[return-value]

    def difficulty_modifiers(self, level: int) -> tuple[Modifier, ...]:
        """The modifiers of every difficulty up to ``level``, in level order (memoised: a run's hands
        read them for every value)."""
        key = ("difficulty", level)
        found = self.memo.get(key)
        if found is None:
            ranked = sorted(self.difficulties.values(), key=lambda d: d.level)
            found = self.memo[key] = tuple(m for d in ranked if d.level <= level for m in d.modifiers)
        return found  # type: ignore[return-value]

    def difficulty_level(self, level: int) -> int:
        """Return ``level`` if the content defines it (0: no difficulty); else raise ValueError naming
        the levels it defines."""
        levels = sorted({d.level for d in self.difficulties.values()})
        if level < 0 or (level and level not in levels):
            known = ", ".join(map(str, levels)) or "none"
            raise ValueError(f"unknown difficulty {level} (0 for none, or one of: {known})")
        return level

    def edition(self, edition_id: str) -> EditionDef:
        """Return an edition by id."""
        return lookup(self.editions, "edition", edition_id)


#: The catalog's table of each kind of entry held by id.
_TABLES = {
    "charm": "charms",
    "upgrade": "upgrades",
    "edition": "editions",
    "seal": "seals",
    "boss": "bosses",
    "deck": "decks",
    "difficulty": "difficulties",
    "consumable": "consumables",
    "voucher": "vouchers",
    "tag": "tags",
    "sticker": "stickers",
}


def lookup(table: Mapping[str, T], kind: str, key: str) -> T:
    """Return ``table[key]`` or raise :class:`UnknownIdError` with a suggestion."""
    try:
        return table[key]
    except KeyError:
        raise UnknownIdError(kind, key, table) from None
