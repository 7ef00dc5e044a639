"""The boss rule model: what an ante's boss blind does to hands and to the round."""

from __future__ import annotations

from pydantic import Field

from studio.content.models.common import Id, Model, Suit
from studio.engine.bosses import BossDef


class BossModel(Model):
    """A boss rule; every field left out changes nothing."""

    id: Id
    name: str = Field(..., min_length=1, max_length=60, title="Name", description="Shown to players.")
    text: str = Field("", max_length=200, title="Text", description="The rule as the player reads it.")
    debuff_suits: list[Suit] = Field(
        default_factory=list,
        title="Debuffed suits",
        description="Cards of these suits (and wild cards) are debuffed.",
    )
    debuff_face: bool = Field(False, title="Debuff face cards", description="Face cards are debuffed.")
    min_cards: int = Field(
        0, ge=0, le=10, title="Minimum cards", description="Hands with fewer cards are refused."
    )
    no_repeat_type: bool = Field(
        False, title="No repeated type", description="A hand type already played this round is refused."
    )
    only_first_type: bool = Field(
        False, title="Only the first type", description="Only the round's first hand type may be played."
    )
    level_down: int = Field(
        0, ge=0, le=10, title="Level down", description="Lowers the played type's level (not below 1)."
    )
    halve_base: bool = Field(
        False, title="Halve base", description="Halves the hand type's base Points and Mult."
    )
    money_per_card: int = Field(
        0, ge=-100, le=100, title="Money per card", description="Money changed per card played."
    )
    hands: int | None = Field(None, ge=1, le=20, title="Hands", description="Hands this round.")
    discards: int | None = Field(None, ge=0, le=20, title="Discards", description="Discards this round.")
    score_mult: float | None = Field(
        None, gt=0, le=100, title="Score requirement factor", description="Replaces the boss blind's x2."
    )
    discard_held_after_hand: int = Field(
        0, ge=0, le=10, title="Discard held cards", description="Random held cards discarded after each hand."
    )
    hand_size: int = Field(0, ge=-10, le=10, title="Hand size change", description="Added to the hand size.")
    reward: int | None = Field(
        None, ge=0, le=100, title="Reward", description="Replaces the boss blind's $5."
    )
    min_ante: int = Field(1, ge=1, le=100, title="From ante", description="First ante it can appear in.")

    def to_engine(self) -> BossDef:
        """Return the engine value."""
        return BossDef(
            id=self.id,
            name=self.name,
            debuff_suits=frozenset(self.debuff_suits),
            debuff_face=self.debuff_face,
            min_cards=self.min_cards,
            no_repeat_type=self.no_repeat_type,
            only_first_type=self.only_first_type,
            level_down=self.level_down,
            halve_base=self.halve_base,
            money_per_card=self.money_per_card,
            hands=self.hands,
            discards=self.discards,
            score_mult=self.score_mult,
            discard_held_after_hand=self.discard_held_after_hand,
            hand_size=self.hand_size,
            reward=self.reward,
            min_ante=self.min_ante,
        )
