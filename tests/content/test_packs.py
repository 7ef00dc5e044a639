"""Packs: manifests, dependency resolution, load order, replaces, patches, trust."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from studio.content.packs.pack import Pack, base_pack, open_pack, resolve
from studio.content.packs.trust import TrustStore
from studio.engine.charms import CharmSlot
from studio.engine.scoring import Situation, score
from studio.plugins.loading import load_packs

CHARM = """\
id: {id}
name: {id}
abilities:
  - trigger: hand
    effects: [{{kind: mult, amount: {amount}}}]
"""


def make(root: Path, pack_id: str, manifest: str = "", files: dict[str, str] | None = None) -> Path:
    folder = root / pack_id
    folder.mkdir(parents=True)
    head = f"id: {pack_id}\nname: {pack_id.title()}\nversion: 1.0.0\n"
    (folder / "pack.yaml").write_text(head + textwrap.dedent(manifest), encoding="utf-8")
    for rel, text in (files or {}).items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def opened(folder: Path) -> Pack:
    pack, problems = open_pack(folder)
    assert pack is not None, problems
    return pack


def messages(problems: list) -> list[str]:  # type: ignore[type-arg]
    return [str(p) for p in problems]


def test_a_folder_without_a_manifest_is_not_a_pack(tmp_path: Path) -> None:
    (tmp_path / "charms").mkdir()
    pack, problems = open_pack(tmp_path)
    assert pack is None
    assert "no pack.yaml" in str(problems[0])


def test_a_bad_version_is_reported_at_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.yaml").write_text("id: p\nname: P\nversion: one\n", encoding="utf-8")
    pack, problems = open_pack(folder)
    assert pack is None
    assert messages(problems) == [
        f"{folder}/pack.yaml:3:10: $.version: 'one' is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.2.0)"
    ]


def test_packs_load_in_the_order_given_each_after_its_dependencies(tmp_path: Path) -> None:
    a = opened(make(tmp_path, "alpha", "priority: 5\n"))
    b = opened(make(tmp_path, "bravo", "dependencies: [{id: zulu}]\n"))
    z = opened(make(tmp_path, "zulu", "priority: 9\n"))
    c = opened(make(tmp_path, "charlie"))
    res = resolve([base_pack(), a, b, c], [z])
    assert res.problems == []
    assert [p.id for p in res.order] == ["base", "alpha", "zulu", "bravo", "charlie"]
    res = resolve([base_pack(), c, b, a], [z])
    assert [p.id for p in res.order] == ["base", "charlie", "zulu", "bravo", "alpha"]


def test_a_pack_given_after_one_that_needs_it_loads_before_it(tmp_path: Path) -> None:
    a = opened(make(tmp_path, "alpha", "dependencies: [{id: bravo}]\n"))
    b = opened(make(tmp_path, "bravo"))
    assert [p.id for p in resolve([base_pack(), a, b], []).order] == ["base", "bravo", "alpha"]


def test_packs_loaded_only_as_dependencies_come_by_lower_priority_then_id(tmp_path: Path) -> None:
    needs = "dependencies: [{id: xray}, {id: yankee}, {id: zulu}]\n"
    a = opened(make(tmp_path, "alpha", needs))
    x = opened(make(tmp_path, "xray", "priority: 5\n"))
    y, z = opened(make(tmp_path, "yankee")), opened(make(tmp_path, "zulu"))
    res = resolve([base_pack(), a], [z, y, x])
    assert [p.id for p in res.order] == ["base", "yankee", "zulu", "xray", "alpha"]


def test_a_missing_dependency_is_named_with_its_range_and_a_suggestion(tmp_path: Path) -> None:
    folder = make(tmp_path, "mod", "dependencies:\n  - {id: neon_night, version: ^1.0.0}\n")
    other = opened(make(tmp_path, "neon_nights"))
    res = resolve([opened(folder)], [other])
    assert messages(res.problems) == [
        f"{folder}/pack.yaml:5:5: $.dependencies[0]: needs pack 'neon_night' (^1.0.0), which is neither "
        "given with --pack nor installed (did you mean 'neon_nights'?)"
    ]


def test_an_optional_dependency_may_be_absent(tmp_path: Path) -> None:
    mod = opened(make(tmp_path, "mod", "dependencies: [{id: extra, optional: true}]\n"))
    assert resolve([mod], []).problems == []


def test_a_dependency_outside_the_range_is_refused(tmp_path: Path) -> None:
    mod = opened(make(tmp_path, "mod", "dependencies: [{id: lib, version: '>=2.0.0 <3.0.0'}]\n"))
    lib = opened(make(tmp_path, "lib"))
    (problem,) = resolve([mod, lib], []).problems
    assert "needs 'lib' >=2.0.0 <3.0.0, but 'lib' is 1.0.0" in str(problem)


def test_a_dependency_cycle_is_reported(tmp_path: Path) -> None:
    a = opened(make(tmp_path, "a", "dependencies: [{id: b}]\n"))
    b = opened(make(tmp_path, "b", "dependencies: [{id: c}]\n"))
    c = opened(make(tmp_path, "c", "dependencies: [{id: a}]\n"))
    (problem,) = resolve([a, b, c], []).problems
    assert str(problem).endswith("dependency cycle: a -> b -> c -> a")


def test_a_declared_conflict_is_refused(tmp_path: Path) -> None:
    a = opened(make(tmp_path, "a", "conflicts: [{id: b, version: ^1.0.0}]\n"))
    b = opened(make(tmp_path, "b"))
    (problem,) = resolve([a, b], []).problems
    assert "conflicts with 'b' 1.0.0" in str(problem)
    assert resolve([a], []).problems == []


def test_a_pack_for_another_studio_is_refused(tmp_path: Path) -> None:
    a = opened(make(tmp_path, "a", "studio: '>=9.0.0'\n"))
    (problem,) = resolve([a], []).problems
    assert "needs Studio >=9.0.0, this is Studio" in str(problem)


def test_the_same_pack_id_twice_names_both_places(tmp_path: Path) -> None:
    one = opened(make(tmp_path / "one", "mod"))
    two = opened(make(tmp_path / "two", "mod"))
    (problem,) = resolve([one, two], []).problems
    assert f"pack id 'mod' is given twice: {one.origin} and {two.origin}" in str(problem)


def test_an_id_defined_twice_names_both_files_unless_replaced(tmp_path: Path) -> None:
    mod = make(tmp_path, "mod", files={"charms/plain_mult.yaml": CHARM.format(id="plain_mult", amount=40)})
    content = load_packs([base_pack(), opened(mod)])
    (problem,) = content.problems
    assert str(problem).startswith(
        f"{mod}/charms/plain_mult.yaml:1:5: $.id: charm id 'plain_mult' is already defined in "
    )
    assert "content/charms/plain_mult.yaml:2" in str(problem)
    replaced = make(
        tmp_path / "r",
        "mod",
        "replaces: [charm/plain_mult]\n",
        {"charms/plain_mult.yaml": CHARM.format(id="plain_mult", amount=40)},
    )
    content = load_packs([base_pack(), opened(replaced)])
    assert content.problems == [] and content.catalog is not None
    r = score(Situation(content.catalog.cards("AS"), charms=(CharmSlot("plain_mult"),)), content.catalog)
    assert r.mult == 41


def test_a_patch_changes_fields_of_an_earlier_entry(tmp_path: Path) -> None:
    patch = "target: charm/plain_mult\nset:\n  cost: 9\n  abilities:\n    - trigger: hand\n      effects: [{kind: mult, amount: 7}]\n"
    mod = make(tmp_path, "mod", files={"patches/stronger.yaml": patch})
    content = load_packs([base_pack(), opened(mod)])
    assert content.problems == [] and content.catalog is not None
    assert content.catalog.charm("plain_mult").description == "+7 Mult"


def test_a_patch_is_checked_against_the_schema_at_its_own_lines(tmp_path: Path) -> None:
    patch = "target: charm/plain_mult\nset:\n  cost: lots\n"
    mod = make(tmp_path, "mod", files={"patches/bad.yaml": patch})
    (problem,) = load_packs([base_pack(), opened(mod)]).problems
    assert str(problem).startswith(f"{mod}/patches/bad.yaml:3:9: $.set.cost: 'lots' is not a whole number")


def test_a_patch_of_an_unknown_entry_suggests_one(tmp_path: Path) -> None:
    mod = make(tmp_path, "mod", files={"patches/p.yaml": "target: charm/plain_mul\nset: {cost: 1}\n"})
    (problem,) = load_packs([base_pack(), opened(mod)]).problems
    assert "no loaded pack defines 'charm/plain_mul' (did you mean 'charm/plain_mult'?)" in str(problem)


def test_two_packs_add_hand_types_and_charms_together(tmp_path: Path) -> None:
    one = make(
        tmp_path,
        "one",
        files={
            "hands/flush_pair.yaml": "id: flush_pair\nname: Flush Pair\nstrength: 650\ngroups: [2]\nneeds_flush: true\npoints: 50\nmult: 5\n",
            "charms/one_mult.yaml": CHARM.format(id="one_mult", amount=3),
        },
    )
    two = make(
        tmp_path,
        "two",
        "dependencies: [{id: one}]\n",
        {
            "hands/six_card.yaml": "id: six_card\nname: Six\nstrength: 1250\ngroups: [3, 3]\npoints: 200\nmult: 20\n",
            # six cards can be played only with a charm that lets them: without it six_card is a problem
            "charms/six_hand.yaml": "id: six_hand\nname: Six Hand\nmodify: [{value: max_played, add: 1}]\n",
            "charms/two_mult.yaml": "id: two_mult\nname: Two\nabilities:\n  - trigger: hand\n    when: {contains: flush_pair}\n    effects: [{kind: xmult, amount: 2}]\n",
        },
    )
    res = resolve([base_pack(), opened(two)], [opened(one)])
    content = load_packs(res.order)
    assert content.problems == [] and content.catalog is not None
    cat = content.catalog
    assert [t.id for t in cat.hand_types[:2]] == ["six_card", "flush_five"]
    ids = [t.id for t in cat.hand_types]
    assert ids.index("flush_pair") == ids.index("full_house") + 1
    r = score(
        Situation(cat.cards("AH AH 2H 5H 9H"), charms=(CharmSlot("one_mult"), CharmSlot("two_mult"))), cat
    )
    # flush_pair 50 x 5; AH AH 2H 5H 9H add 38 -> 88; one_mult +3 -> 8; two_mult x2 -> 16
    assert (r.hand_type, r.total) == ("flush_pair", 88 * 16)


PLUGIN = "from studio.plugins import Behaviour\n\nclass Triple(Behaviour):\n    id = 'triple'\n\n    def hand(self, ctx, charm):\n        ctx.add_xmult(3, charm)\n"
CODE_CHARM = "id: tripler\nname: Tripler\nbehaviour: triple\ndescription: X3 Mult\n"


def test_an_untrusted_packs_code_never_runs_but_its_data_loads(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    plugin = PLUGIN + f"\nopen({str(marker)!r}, 'w').close()\n"
    mod = opened(
        make(tmp_path, "mod", files={"plugins/triple.py": plugin, "charms/tripler.yaml": CODE_CHARM})
    )
    content = load_packs([base_pack(), mod])
    assert not marker.exists()
    assert content.problems == [] and content.catalog is not None
    assert content.disabled == {"tripler": "its code is in pack 'mod', which is not trusted"}
    assert any("disabled charms: tripler (trust it with --trust)" in str(w) for w in content.warnings)
    r = score(Situation(content.catalog.cards("AS"), charms=(CharmSlot("tripler"),)), content.catalog)
    assert r.mult == 1
    user = opened(make(tmp_path, "user"))
    as_dependency = load_packs([base_pack(), mod, user], requested=[user])  # --pack user: mod came along
    assert any("(trust it with --pack mod --trust)" in str(w) for w in as_dependency.warnings)


def test_trust_is_per_pack_content_and_a_changed_pack_needs_it_again(tmp_path: Path) -> None:
    folder = make(tmp_path, "mod", files={"plugins/triple.py": PLUGIN, "charms/tripler.yaml": CODE_CHARM})
    store = TrustStore(tmp_path / "trust.json")
    store.trust(opened(folder))
    content = load_packs([base_pack(), opened(folder)], TrustStore(tmp_path / "trust.json").is_trusted)
    assert content.catalog is not None and content.disabled == {}
    r = score(Situation(content.catalog.cards("AS"), charms=(CharmSlot("tripler"),)), content.catalog)
    assert r.mult == 3
    (folder / "plugins/triple.py").write_text(PLUGIN.replace("3", "30"), encoding="utf-8")
    assert not TrustStore(tmp_path / "trust.json").is_trusted(opened(folder))


def test_a_data_only_pack_runs_no_code(tmp_path: Path) -> None:
    mod = opened(make(tmp_path, "mod", files={"charms/a.yaml": CHARM.format(id="a", amount=1)}))
    assert mod.code() == []
    assert load_packs([base_pack(), mod], lambda p: True).problems == []


@pytest.mark.parametrize("spec", ["^1.0.0", ">=1.0.0 <2.0.0", "1.x", "*", "~1.0.0"])
def test_common_range_syntaxes_are_accepted(tmp_path: Path, spec: str) -> None:
    mod = opened(make(tmp_path, "mod", f"dependencies: [{{id: lib, version: '{spec}'}}]\n"))
    lib = opened(make(tmp_path, "lib"))
    assert resolve([mod, lib], []).problems == []


def test_a_pack_adds_bosses_decks_and_difficulty_levels(tmp_path: Path) -> None:
    mod = make(
        tmp_path,
        "mod",
        files={
            "bosses/mod_glare.yaml": "id: mod_glare\nname: The Glare\ndebuff: {suits: [S]}\n",
            "decks/mod_tiny.yaml": "id: mod_tiny\nname: Tiny\ncards:\n  - {suits: [H], ranks: [A, K, Q]}\n",
            "difficulties/mod_brutal.yaml": "id: mod_brutal\nname: Brutal\nlevel: 6\nscore_scale: 2\n",
        },
    )
    content = load_packs([base_pack(), opened(mod)])
    assert content.problems == [] and content.catalog is not None
    cat = content.catalog
    assert len(cat.deck("mod_tiny").cards) == 3
    assert score(Situation(cat.cards("AS AH"), boss="mod_glare"), cat).total == (10 + 11) * 2
    assert cat.difficulties["mod_brutal"].level == 6


def test_a_file_where_no_content_goes_is_a_problem_not_left_out(tmp_path: Path) -> None:
    charm = "id: mis_glow\nname: Glow\npassive: [splash]\n"
    mis = make(
        tmp_path,
        "mis",
        files={
            "charm/mis_glow.yaml": charm,  # charms/, misspelt: the charm would never load
            "test/t.yaml": "played: AS\nexpect: {total: 99999}\n",  # a failing test that would never run
            "stray.json": "{}",
            "plugins/sub/helper.py": "x = 1\n",  # a pack's code is the .py files right in plugins/
            "charms/more/mis_deep.yaml": charm.replace(
                "mis_glow", "mis_deep"
            ),  # read: a folder below charms/
            "README.md": "notes\n",
        },
    )
    content = load_packs([base_pack(), opened(mis)])
    assert sorted((p.file.removeprefix(f"{mis}/"), p.message) for p in content.problems) == [
        ("charm/mis_glow.yaml", "not read: charm/ is not a content folder (did you mean 'charms/'?)"),
        (
            "plugins/sub/helper.py",
            "not run: a pack's code is the .py files right in plugins/, not in a folder below it",
        ),
        ("stray.json", "not read: at the top of a pack, only pack.yaml and run.yaml are content"),
        ("test/t.yaml", "not read: test/ is not a content folder (did you mean 'tests/'?)"),
    ]


def test_a_trusted_plugin_cannot_take_over_a_behaviour_id_already_defined(tmp_path: Path) -> None:
    plugin = (
        "from studio.plugins import Behaviour\n\nclass Shadow(Behaviour):\n    id = 'five_alive'\n\n"
        "    def hand(self, ctx, charm):\n        pass\n"
    )
    shadow = make(tmp_path, "shadow", files={"plugins/s.py": plugin})
    content = load_packs([base_pack(), opened(shadow)], trusted=lambda pack: True)
    assert messages(content.problems) == [
        f"{shadow}/plugins/s.py:4:1: pack 'shadow': behaviour id 'five_alive' is already defined in "
        f"{base_pack().origin}/plugins/five_alive.py (pack 'base'); choose another id"
    ]
    assert type(content.behaviours["five_alive"]).__name__ != "Shadow"  # the first stands


def test_an_entry_id_that_is_no_id_is_one_problem_and_respelled_as_its_file_name(tmp_path: Path) -> None:
    glow = "id: Neon Glow\nname: Glow\npassive: [splash]\n"
    test = "- name: t\n  played: AS\n  charms: [neon_nights_glow]\n"
    pack = make(tmp_path, "neon_nights", files={"charms/neon_nights_glow.yaml": glow, "tests/t.yaml": test})
    content = load_packs([base_pack(), opened(pack)])
    assert [p.message for p in content.problems] == [
        "'Neon Glow' is not allowed: an id uses lower-case letters, digits and _, starting with a letter "
        "(did you mean 'neon_nights_glow', the file's name?)"
    ]  # and the test naming the file's id is not a second problem


def test_a_folder_packs_file_past_a_limit_is_a_problem_at_that_file(tmp_path: Path) -> None:
    from studio.content.io.limits import MAX_FILE_BYTES

    big = make(tmp_path, "big")
    (big / "charms").mkdir()
    with (big / "charms/big_c.yaml").open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)
    pack, problems = open_pack(big)
    assert pack is None and messages(problems) == [
        f"{big}/charms/big_c.yaml:1:1: {MAX_FILE_BYTES + 1} bytes, more than {MAX_FILE_BYTES} (MAX_FILE_BYTES)"
    ]


def test_a_replaces_key_the_pack_does_not_define_suggests_the_one_it_does(tmp_path: Path) -> None:
    mine = "id: plain_mult\nname: Mine\npassive: [splash]\n"
    mod = make(tmp_path, "mod", "replaces: [charm/plain_mul]\n", {"charms/plain_mult.yaml": mine})
    content = load_packs([base_pack(), opened(mod)])
    assert [w.message for w in content.warnings] == [
        "replaces 'charm/plain_mul', but this pack does not define it (did you mean 'charm/plain_mult'?)"
    ]


def test_a_replaces_key_is_suggested_among_the_earlier_packs_entries_and_a_misspelt_kind_is_named(
    tmp_path: Path,
) -> None:
    mod = make(tmp_path, "mod", "replaces: [charm/plain_mul, charms/pair_mult]\n", {})
    content = load_packs([base_pack(), opened(mod)])
    assert [w.message for w in content.warnings] == [
        "replaces 'charm/plain_mul', but this pack does not define it (did you mean 'charm/plain_mult'?)",
        "replaces 'charms/pair_mult', but 'charms' is no kind of entry; write it as charm/pair_mult",
    ]


def test_an_undeclared_variable_is_named_at_the_effect_or_condition_that_reads_it(tmp_path: Path) -> None:
    charm = (
        "id: mod_v\nname: V\nvars: {seen: {start: 0}}\nabilities:\n  - trigger: hand\n"
        "    effects: [{kind: mult, amount: 1}, {kind: add_var, var: sene, amount: 1}]\n"
    )
    mod = make(tmp_path, "mod", files={"charms/mod_v.yaml": charm})
    (problem,) = load_packs([base_pack(), opened(mod)]).problems
    assert (problem.line, problem.path) == (6, "$.abilities[0].effects[1]")
    assert problem.message == "the variable 'sene' is not declared under 'vars' (did you mean 'seen'?)"


def test_a_trusted_behaviour_id_that_is_not_a_plain_string_is_a_problem(tmp_path: Path) -> None:
    """Untrusted code's ids are read without running it: a computed one would break the pack's charms
    wherever the pack is not trusted, so it is refused where it is."""
    plugin = (
        "from studio.plugins import Behaviour\n\n\nclass Up(Behaviour):\n    id = 'up_' + 'b'\n\n"
        "    def hand(self, ctx, charm):\n        pass\n"
    )
    up = make(tmp_path, "up", files={"plugins/a.py": plugin})
    content = load_packs([base_pack(), opened(up)], trusted=lambda pack: True)
    assert messages(content.problems) == [
        f"{up}/plugins/a.py:4:1: pack 'up': write behaviour id 'up_b' as a plain string (id = \"up_b\")"
    ]
    assert "up_b" not in content.behaviours
