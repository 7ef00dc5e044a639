"""Cross-checks between content files, plugin loading and catalog building."""

from __future__ import annotations

import shutil
from pathlib import Path

from studio.content.io.paths import base_content_dir, base_plugins_dir
from studio.content.packs.pack import open_pack
from studio.content.registry import Content
from studio.engine.catalog import Catalog
from studio.engine.kinds import EFFECTS
from studio.plugins.loading import load_packs

BASE = base_content_dir()


MANIFEST = "id: test_pack\nname: Test pack\nversion: 1.0.0\n"


def tree(tmp_path: Path, files: dict[str, str], with_hands: bool = True) -> Path:
    root = tmp_path / "content"
    root.mkdir()
    (root / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    if with_hands:
        shutil.copytree(BASE / "hands", root / "hands")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def load(root: Path, trusted: bool = False) -> Content:
    pack, problems = open_pack(root)
    assert pack is not None, problems
    return load_packs([pack], lambda p: trusted)


def messages(root: Path, trusted: bool = False) -> list[str]:
    return [str(p) for p in load(root, trusted).problems]


def test_a_sound_tree_builds_a_catalog(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "charms/lone.yaml": "id: lone\nname: Lone\nabilities:\n  - trigger: hand\n    effects: [{kind: mult, amount: 3}]\n"
        },
    )
    content = load(root)
    assert content.problems == []
    assert content.catalog is not None and content.catalog.charm("lone").description == "+3 Mult"


def test_an_id_must_match_its_file_name(tmp_path: Path) -> None:
    root = tree(tmp_path, {"charms/lone.yaml": "id: loner\nname: Lone\npassive: [splash]\n"})
    assert messages(root) == [
        f"{root}/charms/lone.yaml:1:5: $.id: id 'loner' differs from the file name 'lone'"
    ]


def test_one_id_cannot_be_two_kinds_of_modifier(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "upgrades/shiny.yaml": "id: shiny\nname: Shiny\nwild: true\n",
            "editions/shiny.yaml": "id: shiny\nname: Shiny\neffects: [{kind: points, amount: 5}]\n",
        },
    )
    assert any("'shiny' is both an upgrade and an edition" in m for m in messages(root))


def test_an_unknown_behaviour_suggests_a_loaded_one(tmp_path: Path) -> None:
    five = (base_plugins_dir() / "five_alive.py").read_text(encoding="utf-8")
    root = tree(
        tmp_path,
        {
            "charms/five.yaml": "id: five\nname: Five\nbehaviour: five_aliv\ndescription: x\n",
            "plugins/five.py": five,
        },
    )
    (problem,) = messages(root, trusted=True)
    assert problem.endswith("unknown behaviour 'five_aliv' (did you mean 'five_alive'?)")
    assert ":3:12:" in problem


def test_a_plugin_that_fails_to_load_is_a_problem_with_its_line(tmp_path: Path) -> None:
    root = tree(tmp_path, {"plugins/broken.py": "x = 1\nraise RuntimeError('boom')\n"})
    (problem,) = messages(root, trusted=True)
    assert (
        problem
        == f"{root}/plugins/broken.py:2:1: pack 'test_pack': plugin failed to load: RuntimeError: boom"
    )


def test_two_hand_types_of_equal_strength_are_ambiguous(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "hands/quad_kicker.yaml": "id: quad_kicker\nname: Q\nstrength: 1200\ngroups: [4, 1]\npoints: 1\nmult: 1\n"
        },
    )
    assert any("same strength as" in m for m in messages(root))


def test_a_deck_with_an_unknown_modifier_names_the_group(tmp_path: Path) -> None:
    root = tree(tmp_path, {"decks/odd.yaml": "id: odd\nname: Odd\ncards:\n  - modifiers: [glas]\n"})
    (problem,) = messages(root)
    assert "unknown modifier 'glas'" in problem and ":4:16:" in problem


def test_a_difficulty_naming_an_unknown_blind_suggests_one(tmp_path: Path) -> None:
    run = (BASE / "run.yaml").read_text(encoding="utf-8")
    root = tree(
        tmp_path,
        {
            "run.yaml": run,
            "difficulties/hard.yaml": "id: hard\nname: Hard\nlevel: 2\nblind_rewards: {smal: 0}\n",
        },
    )
    for named in ("editions", "consumables", "upgrades", "seals"):  # what run.yaml's shop names
        shutil.copytree(BASE / named, root / named)
    (problem,) = messages(root)
    assert "unknown blind 'smal' (did you mean 'small'?)" in problem


def test_every_problem_of_every_file_is_reported_at_once(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "charms/a.yaml": "id: a\nname: A\nabilities:\n  - trigger: hand\n    effects: [{kind: mlt, amount: 1}]\n",
            "charms/b.yaml": "id: b\nname: B\ncolour: red\npassive: [splash]\n",
            "bosses/c.yaml": "id: c\nname: [C\n",
        },
    )
    found = messages(root)
    assert len(found) == 3
    assert any("a.yaml:5:" in m and "did you mean 'mult'" in m for m in found)
    assert any("b.yaml:3:1:" in m and "unknown field 'colour'" in m for m in found)
    assert any("c.yaml:" in m and "malformed YAML" in m for m in found)


def test_an_entry_with_problems_is_still_known_to_other_files(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "hands/odd.yaml": "id: odd\nname: Odd\nstrength: 5\ngroups: [2]\npoints: 1\nmult: 1\ncolour: red\n",
            "charms/a.yaml": "id: a\nname: A\nabilities:\n  - trigger: hand\n    when: {contains: odd}\n    effects: [{kind: mult, amount: 1}]\n",
        },
    )
    (problem,) = messages(root)
    assert "unknown field 'colour'" in problem


def test_a_hook_may_give_every_setting_a_data_file_gives(catalog: Catalog) -> None:
    """The settings a code charm's ctx.effect is checked against are read from the effect models: every
    registered kind has its table, and every effect the base content makes passes it."""
    assert set(catalog.effect_settings) == set(EFFECTS.names())
    abilities = [a for c in catalog.charms.values() for a in c.abilities]
    abilities += [a for b in catalog.bosses.values() for a in b.abilities]
    effects = [e for a in abilities for e in a.effects]
    effects += [e for c in catalog.consumables.values() for e in c.effects]
    assert {e.kind for e in effects} >= {"level_up", "edit_card", "modify", "copy_card", "create_charm"}
    for effect in effects:
        catalog.check_settings(effect.kind, dict(effect.args))


def test_the_kinds_whose_amount_is_whole_are_read_from_the_models(catalog: Catalog) -> None:
    """Points, money, levels and counters are whole (RULES.md); Mult may have a fraction."""
    assert {"points", "money", "level_up", "grow", "retrigger"} <= catalog.whole_amounts
    assert not {"mult", "xmult"} & catalog.whole_amounts
