"""Rule kinds are registries: one definition per kind, asked by everything else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import studio
from studio.engine.kinds import CONDITIONS, EFFECTS, TRIGGERS, VALUES
from studio.engine.kinds.registry import EffectKind
from studio.engine.names import UnknownIdError

ROOT = Path(studio.__file__).parent


@pytest.mark.parametrize("word", ["xmult", "retrigger", "level_up", "first_face", "final_hand"])
def test_a_kind_is_named_in_at_most_three_python_files(word: str) -> None:
    files = [p for p in ROOT.rglob("*.py") if re.search(rf"\b{word}\b", p.read_text(encoding="utf-8"))]
    assert len(files) <= 3, [str(p.relative_to(ROOT)) for p in files]


def test_no_python_file_names_a_base_boss() -> None:
    bosses = [p.stem for p in (ROOT.parent / "content" / "bosses").glob("*.yaml")]
    named = {
        (str(p.relative_to(ROOT)), boss)
        for p in ROOT.rglob("*.py")
        for boss in bosses
        if re.search(rf"[\"']{boss}[\"']", p.read_text(encoding="utf-8"))
    }
    assert named == set()


def test_a_built_in_kind_cannot_be_replaced() -> None:
    with pytest.raises(ValueError, match="built in"):
        EFFECTS.add(EffectKind("mult", EFFECTS["mult"].apply, EFFECTS["mult"].text))


def test_an_unknown_kind_suggests_the_closest() -> None:
    with pytest.raises(UnknownIdError, match="did you mean 'xmult'"):
        EFFECTS["xmul"]


def test_every_registry_has_its_built_ins() -> None:
    assert {"before", "scored_card", "held_card", "hand", "discard", "end_of_round"} <= set(TRIGGERS.names())
    assert {"suits", "ranks", "contains", "compare", "chance"} <= set(CONDITIONS.names())
    assert {"money", "counter", "hand_size", "chances", "four_fingers"} <= set(VALUES.names())
