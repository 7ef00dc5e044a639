"""Tags: the reward for skipping a blind (a charm, a pack, an edition, money or a level) and when it comes."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from run_item_packs import demo_pack

from studio.content.models import TagModel
from studio.engine.catalog import Catalog
from studio.engine.tags import CharmEdition, FreeBooster, FreeCharm, describe_tag


def tag(**fields: object) -> TagModel:
    return TagModel.model_validate({"id": "demo_tag", "name": "Demo", **fields})


def test_each_reward_becomes_its_engine_record() -> None:
    assert tag(reward={"kind": "free_charm", "rarity": "rare"}).to_engine().reward == FreeCharm("rare")
    assert tag(reward={"kind": "free_pack", "pack": "charm_pack"}).to_engine().reward == FreeBooster(
        "charm_pack"
    )
    edition = tag(reward={"kind": "charm_edition", "edition": "foil"}).to_engine()
    assert (edition.reward, edition.at) == (CharmEdition("foil"), "next_shop")
    money = tag(reward={"kind": "money", "amount": 8}, at="now").to_engine()
    assert describe_tag(money, {}) == "+$8 now"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"reward": {"kind": "charm_edition", "edition": "foil"}, "at": "now"}, "taken at: next_shop"),
        ({"reward": {"kind": "level_up"}}, "must name its 'hand_type'"),
        ({"reward": {"kind": "money", "amount": 1, "per": "scoring_cards"}}, "no hand is played here"),
        ({"reward": {"kind": "mult", "amount": 4}}, "'mult'"),
        ({"reward": {"kind": "free_charm", "rarity": "mythic"}}, "legendary"),
    ],
)
def test_a_reward_that_cannot_be_given_is_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        tag(**fields)


def test_an_unknown_pack_or_edition_is_named_with_a_suggestion(studio, tmp_path: Path) -> None:
    demo = demo_pack(
        tmp_path,
        {
            "tags/demo_pack_tag.yaml": "id: demo_pack_tag\nname: Pack\nreward: {kind: free_pack, pack: charm_pak}\n",
            "tags/demo_foil_tag.yaml": "id: demo_foil_tag\nname: Foil\nreward: {kind: charm_edition, edition: fiol}\n",
        },
    )
    run = studio("validate", str(demo))
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{demo}/tags/demo_foil_tag.yaml:3:40: $.reward.edition: unknown edition 'fiol' (did you mean 'foil'?)",
        f"{demo}/tags/demo_pack_tag.yaml:3:33: $.reward.pack: unknown pack 'charm_pak' (did you mean "
        "'charm_pack'?): name a pack of run.yaml's shop",
        "2 problem(s) in 2 file(s)",
    ]


def test_the_base_game_has_tags_of_every_reward(catalog: Catalog) -> None:
    tags = catalog.tags.values()
    assert len(catalog.tags) >= 6
    rewards = {type(t.reward).__name__ for t in tags}
    assert rewards == {"FreeCharm", "FreeBooster", "CharmEdition", "Effect"}
    assert {t.at for t in tags} == {"now", "next_shop"}
    assert all(t.weight > 0 for t in tags)
