"""``studio odds``: exhaustive counts against poker arithmetic, charm rules, seeded samples, the table."""

from __future__ import annotations

import json
import re
from math import comb
from pathlib import Path

from spec_data import FIVE_CARD_COUNTS


def odds_json(studio, *argv: str) -> dict:
    run = studio("odds", *argv, "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    return json.loads(run.out)


def hand_type_ids(catalog) -> set[str]:
    return {t.id for t in catalog.hand_types}


def test_exhaustive_five_card_counts_are_the_poker_numbers(studio, catalog):
    result = odds_json(studio, "--exhaustive", "--hand-size", "5")
    assert result == {"total": 2598960, "counts": FIVE_CARD_COUNTS}
    assert set(result["counts"]) == hand_type_ids(catalog)
    assert sum(result["counts"].values()) == result["total"] == comb(52, 5)


def test_four_fingers_changes_the_counts_but_not_the_total(studio):
    result = odds_json(studio, "--exhaustive", "--hand-size", "5", "--charm", "four_fingers")
    counts = result["counts"]
    assert result["total"] == 2598960 == sum(counts.values())
    assert counts != FIVE_CARD_COUNTS
    # Four cards make a flush or a straight: those get more common, at the expense of the weak
    # types; groups of same rank do not care.
    assert counts["flush"] > FIVE_CARD_COUNTS["flush"]
    assert counts["straight"] > FIVE_CARD_COUNTS["straight"]
    assert counts["straight_flush"] > FIVE_CARD_COUNTS["straight_flush"]
    assert counts["high_card"] < FIVE_CARD_COUNTS["high_card"]
    assert counts["four_of_a_kind"] == FIVE_CARD_COUNTS["four_of_a_kind"]


def test_a_charm_that_changes_no_hand_rule_is_named_in_a_warning(studio):
    plain = studio("odds", "--exhaustive", "--hand-size", "5", "--json")
    run = studio(
        "odds",
        "--exhaustive",
        "--hand-size",
        "5",
        "--json",
        "--charm",
        "pair_mult",
        "--charm",
        "four_fingers",
    )
    assert (
        run.code == 0
        and run.err == "studio: warning: pair_mult changes no hand rule: the counts are those without it\n"
    )
    assert run.out != plain.out  # four_fingers counts, and only the warning names pair_mult


def test_exhaustive_total_is_deck_size_choose_hand_size_for_every_deck(studio):
    for deck, size in (("standard", 52), ("checkered", 52), ("abandoned", 40)):
        result = odds_json(studio, "--exhaustive", "--hand-size", "2", "--deck", deck)
        assert result["total"] == comb(size, 2) == sum(result["counts"].values()), deck
        # Two cards: a pair or a high card. Each rank has four cards in all three decks
        # (checkered: two of each spade and heart, and identical cards count twice).
        ranks = size // 4
        assert result["counts"]["pair"] == ranks * comb(4, 2), deck
        assert result["counts"]["high_card"] == comb(size, 2) - ranks * comb(4, 2), deck


def test_sampled_deals_are_reproducible_and_sum_to_the_samples(studio, catalog):
    argv = ("--deal", "8", "--samples", "200", "--seed", "3")
    first = odds_json(studio, *argv)
    assert odds_json(studio, *argv) == first
    assert first["total"] == 200 == sum(first["counts"].values())
    assert set(first["counts"]) == hand_type_ids(catalog)
    assert all(isinstance(n, int) and n >= 0 for n in first["counts"].values())
    # Eight cards nearly always hold at least a pair.
    assert first["counts"]["pair"] + first["counts"]["two_pair"] > first["counts"]["high_card"]


def test_another_seed_deals_other_hands(studio):
    a = odds_json(studio, "--deal", "8", "--samples", "200", "--seed", "3")
    b = odds_json(studio, "--deal", "8", "--samples", "200", "--seed", "4")
    assert a["total"] == b["total"] == 200
    assert a["counts"] != b["counts"]


def test_readable_table_lists_every_type_with_count_and_probability(studio, catalog):
    run = studio("odds", "--deal", "3", "--exact")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert re.match(r"^hand type\s+count\s+probability$", lines[0])
    assert lines[-1] == f"total: {comb(52, 3)}"
    rows = {}
    for line in lines[2:-1]:
        name, count, probability = line.split()
        rows[name] = (int(count), float(probability.rstrip("%")))
    assert set(rows) == hand_type_ids(catalog)
    assert sum(count for count, _ in rows.values()) == comb(52, 3)
    for count, probability in rows.values():
        assert abs(probability - 100 * count / comb(52, 3)) < 1e-6


def test_a_packs_hand_type_is_counted(studio, tmp_path: Path, catalog):
    hand = tmp_path / "mod" / "hands" / "flush_pair.yaml"
    hand.parent.mkdir(parents=True)
    (hand.parents[1] / "pack.yaml").write_text("id: mod\nname: Mod\nversion: 1.0.0\n", encoding="utf-8")
    hand.write_text(
        "id: flush_pair\nname: Flush Pair\nstrength: 650\ngroups: [2]\nneeds_flush: true\n"
        "points: 50\nmult: 5\n",
        encoding="utf-8",
    )
    result = odds_json(studio, "--deal", "8", "--samples", "100", "--pack", str(hand.parents[1]))
    assert set(result["counts"]) == hand_type_ids(catalog) | {"flush_pair"}
    assert result["total"] == 100


def test_a_deck_that_switches_a_hand_rule_on_is_counted_with_it(studio, tmp_path: Path):
    deck = tmp_path / "mod" / "decks" / "smeary.yaml"
    deck.parent.mkdir(parents=True)
    (deck.parents[1] / "pack.yaml").write_text("id: mod\nname: Mod\nversion: 1.0.0\n", encoding="utf-8")
    deck.write_text(
        "id: smeary\nname: Smeary\ncards:\n  - {}\nmodify:\n  - {value: smeared, set: 1}\n", "utf-8"
    )
    pack = ("--pack", str(deck.parents[1]))
    scored = json.loads(studio("score", "2H 5D 7H 9D JH", *pack, "--deck", "smeary", "--json").out)
    assert scored["hand_type"] == "flush"  # the scorer reads hearts and diamonds as one suit with it
    counted = odds_json(studio, "--exhaustive", "--hand-size", "5", *pack, "--deck", "smeary")
    assert counted == odds_json(studio, "--exhaustive", "--hand-size", "5", "--charm", "smeared")
    assert counted != {"total": 2598960, "counts": FIVE_CARD_COUNTS}


def test_a_sampled_count_gives_estimates_with_their_interval_not_exact_probabilities(studio):
    from studio.engine.intervals import wilson

    run = studio("odds", "--deal", "5", "--samples", "20000", "--seed", "3")
    assert run.code == 0, run.err
    header, _, *rows, total = run.out.splitlines()
    assert (
        header.split() == ["hand", "type", "count", "estimate", "95%", "interval"] and total == "total: 20000"
    )
    held = 0
    for row in rows:
        type_id, count, estimate, low, _to, high = row.split()
        bounds = wilson(int(count), 20000)
        assert estimate == f"{int(count) / 20000:.2%}" and (low, high) == tuple(f"{b:.2%}" for b in bounds)
        held += bounds[0] <= FIVE_CARD_COUNTS[type_id] / comb(52, 5) <= bounds[1]
    assert held >= len(rows) - 1  # 95% intervals: nearly every one holds the exact share
    assert "probability" in studio("odds", "--deal", "5", "--exact").out.splitlines()[0]
