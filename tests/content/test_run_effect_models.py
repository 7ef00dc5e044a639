"""Abilities at the run's events: what cannot work at a trigger is refused with the reason, and the
generated text reads the trigger, its conditions and its effects."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from studio.content.models import CharmModel
from studio.engine.describe import describe_charm


def charm(*abilities: dict[str, Any]) -> CharmModel:
    return CharmModel.model_validate({"id": "x", "name": "X", "abilities": list(abilities)})


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        (
            {"trigger": "cash_out", "effects": [{"kind": "mult", "amount": 4}]},
            "at cash out no hand is scored",
        ),
        ({"trigger": "sold", "when": {"contains": "pair"}, "effects": [{"kind": "grow"}]}, "no hand"),
        ({"trigger": "reroll", "when": {"suits": ["H"]}, "effects": [{"kind": "grow"}]}, "card trigger"),
        (
            {"trigger": "card_destroyed", "effects": [{"kind": "edit_card", "seal": "red_seal"}]},
            "acts on the triggering card",
        ),
        (
            {"trigger": "shop_enter", "when": {"this_charm": True}, "effects": [{"kind": "grow"}]},
            "it needs the trigger bought or sold",
        ),
        (
            {"trigger": "sold", "effects": [{"kind": "create_charm", "rarity": "rare", "copy": "left"}]},
            "create_charm takes at most one of charm, rarity or copy",
        ),
        (
            {"trigger": "end_of_round", "effects": [{"kind": "add_card", "to": "hand"}]},
            "no hand is held at end_of_round .the round is over.: add the card to the deck",
        ),
        (
            {"trigger": "shop_enter", "effects": [{"kind": "add_card", "to": "hand"}]},
            "no hand is held at shop_enter .between rounds.: add the card to the deck",
        ),
        (
            {"trigger": "hand", "when": {"family": ["level"]}, "effects": [{"kind": "grow"}]},
            "'family' asks about the consumable used: it needs the trigger consumable_used",
        ),
        (
            {"trigger": "consumable_used", "effects": [{"kind": "add_hands"}]},
            "no round is played at consumable_used",
        ),
        ({"trigger": "end_of_round", "effects": [{"kind": "prevent_loss", "share": 0.5}]}, "round_lost"),
        ({"trigger": "shop_exit", "effects": [{"kind": "add_hands"}]}, "no round is played at shop_exit"),
        (
            {
                "trigger": "reroll",
                "effects": [{"kind": "modify", "value": "hand_size", "add": 1, "for": "round"}],
            },
            "no round is played at reroll",
        ),
        (
            {"trigger": "round_start", "effects": [{"kind": "modify", "value": "hand_size", "add": 1}]},
            "no hand is played at round_start",
        ),
        (
            {"trigger": "sold", "effects": [{"kind": "destroy_charm"}]},
            "destroy_charm takes exactly one of target or charm",
        ),
        (
            {"trigger": "sold", "effects": [{"kind": "create_charm", "charm": "x", "rarity": "rare"}]},
            "at most one of charm, rarity or copy",
        ),
        ({"trigger": "round_start", "effects": [{"kind": "add_discards", "amount": 0}]}, "changes nothing"),
    ],
)
def test_what_cannot_work_at_a_run_trigger_is_refused(ability: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        charm(ability)


@pytest.mark.parametrize(
    ("ability", "text"),
    [
        (
            {"trigger": "sold", "when": {"this_charm": True}, "effects": [{"kind": "create_tag"}]},
            "When this charm is sold: create a random tag",
        ),
        (
            {"trigger": "bought", "when": {"this_charm": False}, "effects": [{"kind": "grow"}]},
            "When another charm is bought: +1 to its counter",
        ),
        (
            {
                "trigger": "consumable_used",
                "when": {"family": ["level", "rare"]},
                "effects": [{"kind": "grow"}],
            },
            "When a level or rare consumable is used: +1 to its counter",
        ),
        (
            {"trigger": "consumable_used", "effects": [{"kind": "money", "amount": 1}]},
            "When a consumable is used: +$1",
        ),
        (
            {
                "trigger": "sold",
                "when": {"this_charm": True},
                "effects": [{"kind": "create_charm", "copy": "random"}],
            },
            "When this charm is sold: create a copy of a random other charm",
        ),
        (
            {"trigger": "shop_exit", "effects": [{"kind": "create_consumable", "copy": "random"}]},
            "When leaving the shop: create a copy of a random consumable held",
        ),
        (
            {"trigger": "round_start", "effects": [{"kind": "add_card", "upgrade": "stone"}]},
            "When a blind is selected: add a random Stone card to the deck",
        ),
        (
            {
                "trigger": "hand_drawn",
                "effects": [{"kind": "add_card", "rank": "A", "suit": "S", "to": "hand"}],
            },
            "When a hand is drawn: add an A♠ to the hand",
        ),
        (
            {"trigger": "round_start", "effects": [{"kind": "add_card", "rank": 7, "seal": "red_seal"}]},
            "When a blind is selected: add a 7 of a random suit with a Red Seal to the deck",
        ),
        (
            {"trigger": "round_start", "effects": [{"kind": "add_card", "suit": "H", "edition": "foil"}]},
            "When a blind is selected: add a random Foil ♥ card to the deck",
        ),
        (
            {"trigger": "end_of_round", "effects": [{"kind": "money", "amount": 4, "at": "cash_out"}]},
            "At end of round: +$4 at cash out",
        ),
        (
            {"trigger": "round_start", "effects": [{"kind": "add_hands", "amount": 2, "for": "run"}]},
            "When a blind is selected: +2 hands per round for the rest of the run",
        ),
        (
            {"trigger": "card_added", "when": {"suits": ["S"]}, "effects": [{"kind": "grow"}]},
            "+1 to its counter for each ♠ card added to the deck",
        ),
        (
            {"trigger": "round_lost", "effects": [{"kind": "prevent_loss", "share": 0.5}]},
            "When the round would be lost: prevent the loss if at least 50% of the requirement was scored",
        ),
    ],
)
def test_the_text_reads_the_run_trigger(ability: dict[str, Any], text: str) -> None:
    assert describe_charm(charm(ability).to_engine()) == text
