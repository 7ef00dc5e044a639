"""The batch's fast path (no scenario model, events written from kept texts) gives the model's bytes."""

from __future__ import annotations

import io
import json
import math
import random
from pathlib import Path

import pytest

from studio.cli.batch import _located, run_batch
from studio.cli.jsonout import dump_json, dump_result
from studio.content.models import ScenarioModel
from studio.content.scenarios import score_scenario
from studio.engine.rng import RngState
from studio.engine.trace import Event, ScoreResult

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def _lines(catalog, n: int) -> list[dict[str, object]]:
    """Seeded random scenarios using every field the fast path reads, some of them wrong on purpose."""
    rnd = random.Random(7)
    deck = [r + s for r in RANKS for s in "SHCD"]
    mods = [""] + [f":{m}" for m in [*catalog.upgrades, *catalog.editions, *catalog.seals]]
    charms = sorted(catalog.charms)
    editions = sorted(catalog.editions)
    out: list[dict[str, object]] = []
    for i in range(n):
        cards = [c + rnd.choice(mods) for c in rnd.sample(deck, rnd.randint(1, 5) + 3)]
        row = [
            rnd.choice(charms) + (f":{rnd.choice(editions)}" if rnd.random() < 0.2 else "") for _ in range(5)
        ]
        line: dict[str, object] = {"played": " ".join(cards[:-3]), "charms": row}
        if rnd.random() < 0.7:
            line["held"] = " ".join(cards[-3:])
        if rnd.random() < 0.3:
            line["boss"] = rnd.choice(sorted(catalog.bosses))
        if rnd.random() < 0.3:
            line["deck"] = rnd.choice(sorted(catalog.decks))
        if rnd.random() < 0.3:
            line["levels"] = {rnd.choice([t.id for t in catalog.hand_types]): rnd.randint(1, 20)}
        if rnd.random() < 0.3:
            line["hand_types_played"] = [rnd.choice([t.id for t in catalog.hand_types])]
        for key in (
            "money",
            "hands_left",
            "discards_left",
            "seed",
            "draw_pile",
            "hands_played",
            "charm_slots",
        ):
            if rnd.random() < 0.5:
                line[key] = rnd.randint(0, 30)
        for key, values in (
            ("ante", [1, 3, 8]),
            ("blind", ["small", "boss", None]),
            ("hand_size", [5, None]),
        ):
            if rnd.random() < 0.3:
                line[key] = rnd.choice(values)
        if rnd.random() < 0.3:
            line["times_played"] = {rnd.choice([t.id for t in catalog.hand_types]): rnd.randint(0, 9)}
        if rnd.random() < 0.2:
            line["full_deck"] = " ".join(rnd.sample(deck, 10))
        if i % 50 == 0:  # wrong on purpose: the same one-line error as the model path gives
            key, value = rnd.choice(
                [
                    ("charms", ["no_such_charm"]),
                    ("levels", {"no_such_type": 2}),
                    ("deck", "no_such_deck"),
                    ("played", "ZZ 2H"),
                    ("hand_types_played", ["no_such_type"]),
                    ("times_played", {"no_such_type": 1}),
                    ("full_deck", "9S ZZ"),
                ]
            )
            line[key] = value
        out.append(line)
    return out


def _by_model(name: str, number: int, line: dict[str, object], catalog) -> str:
    """What the batch writes for a line by the model alone: the contract's JSON, or the error validate
    gives the line at its column and field (the fast path must find the same)."""
    try:
        return dump_json(score_scenario(ScenarioModel.model_validate(line), catalog).to_json())
    except ValueError as exc:
        located = _located(json.dumps(line).encode(), catalog)
        return dump_json({"error": f"{name}:{number}:{located}" if located else f"{name}:{number}: {exc}"})


def test_random_lines_give_the_bytes_the_model_path_gives(catalog, tmp_path: Path) -> None:
    lines = _lines(catalog, 600)
    path = tmp_path / "batch.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = io.StringIO()
    run_batch(path, catalog, out=out, workers=1)
    got = out.getvalue().split("\n")[:-1]
    assert len(got) == len(lines)
    errors = 0
    for number, (line, text) in enumerate(zip(lines, got, strict=True), start=1):
        assert text == _by_model(str(path), number, line, catalog), line
        errors += "error" in json.loads(text)
    assert 0 < errors < len(lines) // 10  # both paths were exercised


def _event(what: str, amount: float, points: int, mult: float, **rest: object) -> Event:
    return Event("scored_card", 'KH "q" é', what, amount, points, mult, 3, **rest)  # type: ignore[arg-type]


@pytest.mark.parametrize("mult", [4.0, 1.5, math.inf, -math.inf, math.nan, 2, 1e300, 0.1 + 0.2])
def test_events_with_any_number_are_written_as_the_contract_json(mult: float) -> None:
    events = (
        Event("base", "flush", "base", 35, 35, 4.0, 0, note="level 1", source_kind="hand_type"),
        _event("points", 10, 45, mult, zone="played", position=0),
        _event("xmult", 1.5, 45, mult, zone="held", position=2, slot=1, source_kind="charm"),
        _event("mult", math.inf, 45, mult),
        _event("money", -3.0, 45, mult),
        _event("points", 10, 55, mult, zone="played", position=0),  # a repeat, other running values
    )
    result = ScoreResult(
        "flush", ("KH",), 55, mult, 0, 3, events, (1, 2), (("flush", 2),), RngState(5), boss=None, deck="x"
    )
    other = result._replace(
        scoring=("KH", "10H:glass"),
        total=mult,
        levels=(("flush", 2), ("pair", 3)),
        rng=RngState(2**63 - 1, (("chance", 4), ("hook", 1))),
        refused=True,
        broken=("10H:glass",),
        boss='a "boss" é',
        deck=None,
    )
    for _ in range(2):  # the second time from the kept texts
        text = dump_result(result)
        assert text == dump_json(result.to_json())
        assert dump_result(other) == dump_json(other.to_json())
        strict = {"parse_constant": lambda name: pytest.fail(f"{name} is not JSON")}
        assert json.loads(text, **strict)["events"][5]["points"] == 55
