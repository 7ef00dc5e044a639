"""The base game holds what RULES.md section 5 requires, one YAML file per entry."""

from __future__ import annotations

import pytest

from studio.content.entries import kind_of
from studio.content.io.paths import base_content_dir
from studio.content.models import KINDS
from studio.content.packs.archive import folder_files
from studio.engine.catalog import Catalog
from studio.engine.kinds import EFFECTS, TRIGGERS
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.values import interest
from studio.engine.runs import run_setup

REQUIRED_CHARMS = """plain_mult pair_mult pair_points pair_x2 straight_mult small_hand_mult money_mult
discards_points last_hand_x3 five_alive bus_rider diamond_mult ace_bonus fibonacci face_points even_mult
first_face_x2 lucky_hearts low_retrigger king_held_x held_retrigger four_fingers shortcut splash pareidolia
smeared""".split()
REQUIRED_BOSSES = """club_debuff heart_debuff face_debuff flint psychic arm eye mouth needle water wall hook
tooth manacle""".split()


def test_every_required_charm_exists_and_there_are_at_least_forty(catalog: Catalog) -> None:
    assert set(REQUIRED_CHARMS) <= set(catalog.charms)
    assert len(catalog.charms) >= 40


def test_some_charm_fires_at_every_trigger_and_uses_every_effect(catalog: Catalog) -> None:
    triggers = {a.trigger for c in catalog.charms.values() for a in c.abilities}
    assert triggers == set(TRIGGERS.names())
    effects = {e.kind for c in catalog.charms.values() for a in c.abilities for e in a.effects}
    assert effects == set(EFFECTS.names())
    assert any(c.modifiers for c in catalog.charms.values())


def test_the_twelve_hand_types_run_best_first(catalog: Catalog) -> None:
    assert [t.id for t in catalog.hand_types] == [
        "flush_five", "flush_house", "five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house",
        "flush", "straight", "three_of_a_kind", "two_pair", "pair", "high_card",
    ]  # fmt: skip


def test_required_modifiers_and_bosses_exist(catalog: Catalog) -> None:
    assert set(catalog.upgrades) >= {"bonus", "mult", "glass", "steel", "stone", "wild", "gold", "lucky"}
    assert set(catalog.editions) >= {"foil", "holographic", "polychrome"}
    assert set(catalog.seals) >= {"red_seal", "gold_seal"}
    assert set(REQUIRED_BOSSES) <= set(catalog.bosses) and len(catalog.bosses) >= 14


@pytest.mark.parametrize(
    ("deck", "size", "money", "hands", "discards"),
    [
        ("standard", 52, 4, 4, 3),
        ("red", 52, 4, 4, 4),
        ("blue", 52, 4, 5, 3),
        ("yellow", 52, 14, 4, 3),
        ("abandoned", 40, 4, 4, 3),
        ("checkered", 52, 4, 4, 3),
    ],
)
def test_decks_start_runs_as_the_rules_say(
    catalog: Catalog, deck: str, size: int, money: int, hands: int, discards: int
) -> None:
    d = catalog.deck(deck)
    assert catalog.run is not None
    setup = run_setup(catalog.run, d, list(catalog.difficulties.values()), level=1)
    assert len(d.cards) == size
    assert (setup.start.money, setup.start.hands, setup.start.discards) == (money, hands, discards)
    assert (setup.start.hand_size, setup.start.charm_slots) == (8, 5)


def test_checkered_holds_26_spades_and_26_hearts(catalog: Catalog) -> None:
    suits = [c.suit for c in catalog.deck("checkered").cards]
    assert (suits.count("S"), suits.count("H")) == (26, 26)


def test_the_ante_table_and_blinds_match_the_rules(catalog: Catalog) -> None:
    run = catalog.run
    assert run is not None
    assert run.requirements == (300, 800, 2000, 5000, 11000, 20000, 35000, 50000)
    assert [(b.score_mult, b.reward) for b in run.blinds] == [(1, 3), (1.5, 4), (2, 5)]


def test_difficulty_levels_are_cumulative(catalog: Catalog) -> None:
    assert catalog.run is not None
    levels = sorted(catalog.difficulties.values(), key=lambda d: d.level)
    assert [d.level for d in levels] == [1, 2, 3, 4, 5]
    standard = catalog.deck("standard")
    one = run_setup(catalog.run, standard, levels, 1)
    five = run_setup(catalog.run, standard, levels, 5)
    assert one.requirements == catalog.run.requirements
    assert five.requirements[0] > one.requirements[0]
    assert five.start.discards < one.start.discards


def test_every_content_file_names_its_schema_on_the_first_line() -> None:
    root = base_content_dir()
    files = [
        (kind_of(rel) or ("scenario" if rel.startswith("tests/") else "pack"), root / rel)
        for rel in folder_files(root)
    ]
    for kind, path in files:
        if path.suffix != ".yaml":
            continue
        depth = len(path.relative_to(root).parts) - 1
        schema = "../" * (depth + 1) + f"schemas/{kind}.schema.json"
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema={schema}", path
        assert (path.parent / schema).resolve().is_file(), path


def test_every_kind_but_patches_has_a_place_in_the_base_game() -> None:
    root = base_content_dir()
    for kind, (folder, _) in KINDS.items():
        assert (root / folder).exists() or kind == "patch", kind


def test_interest_is_a_dollar_per_five_held_up_to_five(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog))
    paid = [interest(m, game.state, game.setup, None) for m in (-3, 0, 4, 5, 14, 25, 99)]
    assert paid == [0, 0, 0, 1, 2, 5, 5]


def test_lean_times_caps_interest_at_three(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, difficulty=5))
    assert interest(99, game.state, game.setup, None) == 3
