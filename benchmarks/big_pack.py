"""Write a pack the size of a big mod, for the editor's large-content figures.

``make_big_pack(root)`` writes, under ``root/bigmod``: 400 charms made from the
base game's charms (each base charm again under a new id and name, its whole
numbers raised a little, its cost changed), 150 scenarios in test files of 25
whose expectations the real scorer computed (so they pass), one charm
(``STAR``) in the charm row of 50 of them, and a few bosses and decks copied
from the base game's under new ids. Nothing is timed here.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from studio.content.scenarios import scenario_model, score_scenario
from studio.engine.trace import json_number
from studio.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
#: The charm 50 of the scenarios name (the one a rename rewrites in every file).
STAR = "plain_mult_0"
PACK_ID = "bigmod"
HANDS = [
    "AS", "AS AH", "KS KH 5D 5C 9S", "QS QH QD 4C 4S", "KH 10H 6H 4H 2H", "9C 10D JS QH KC",
    "7S 7H 7D", "2C 3C 4C 5C 6C", "AD KD", "JH JS 4D 4C", "10S 9S 8S 7S 6S", "5H 5D 5S 5C",
]  # fmt: skip
#: Whole numbers to raise in a variant: an effect's amount, a cost (set anew anyway).
AMOUNT = re.compile(r"(\bamount: )(\d+)(?=[,}\s])")


def _variant(text: str, base_id: str, n: int) -> str:
    """A base charm's text again as charm ``{base_id}_{n}``: new name, cost, and amounts raised by n % 3."""
    text = re.sub(rf"^id: {base_id}$", f"id: {base_id}_{n}", text, count=1, flags=re.M)
    name = re.compile(r"^name: (.*)$", flags=re.M)
    text = name.sub(lambda m: f"name: {m.group(1).strip(chr(34))} {n + 2}", text, count=1)
    text = re.sub(r"^cost: \d+$", f"cost: {2 + (n * 7 + len(base_id)) % 9}", text, count=1, flags=re.M)
    return AMOUNT.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + n % 3}", text)


def _charms(pack: Path, count: int) -> list[str]:
    """Write ``count`` charm variants into the pack; return their ids in the order written."""
    bases = sorted((CONTENT / "charms").glob("*.yaml"))
    ids = []
    for i in range(count):
        source = bases[i % len(bases)]
        charm_id = f"{source.stem}_{i // len(bases)}"
        text = _variant(source.read_text(encoding="utf-8"), source.stem, i // len(bases))
        (pack / "charms" / f"{charm_id}.yaml").write_text(text, encoding="utf-8")
        ids.append(charm_id)
    return ids


def _copies(pack: Path, kind_dir: str, names: list[str]) -> None:
    """Copy base entries of a folder into the pack under ids ending ``_mod``."""
    (pack / kind_dir).mkdir()
    for name in names:
        text = (CONTENT / kind_dir / f"{name}.yaml").read_text(encoding="utf-8")
        text = re.sub(rf"^id: {name}$", f"id: {name}_mod", text, count=1, flags=re.M)
        text = re.sub(r"^name: (.*)$", r"name: \1 (mod)", text, count=1, flags=re.M)
        (pack / kind_dir / f"{name}_mod.yaml").write_text(text, encoding="utf-8")


def _scenario(ws: Workspace, data: dict[str, Any]) -> str:
    """One scenario of a test file, its expectation (type, total, every event) scored by the engine."""
    assert ws.catalog is not None
    result = score_scenario(scenario_model({**data, "expect": {"total": 0}}), ws.catalog)
    events = "".join(
        f"      - {{step: {e.step}, source: {e.source}, points: {e.points}, mult: {json_number(e.mult)}}}\n"
        for e in result.events
    )
    boss = f"  boss: {data['boss']}\n" if "boss" in data else ""
    return (
        f'- name: {data["name"]}\n  played: "{data["played"]}"\n'
        f"  charms: [{', '.join(data['charms'])}]\n{boss}"
        f"  expect:\n    hand_type: {result.hand_type}\n    total: {json_number(result.total)}\n"
        f"    events:\n{events}\n"
    )


def make_big_pack(root: Path, charms: int = 400, scenarios: int = 150, per_file: int = 25) -> Path:
    """Write the pack under ``root`` (see the module's docstring); return its folder."""
    pack = root / PACK_ID
    (pack / "charms").mkdir(parents=True)
    (pack / "tests").mkdir()
    (pack / "pack.yaml").write_text(f"id: {PACK_ID}\nname: Big mod\nversion: 1.0.0\n", encoding="utf-8")
    ids = _charms(pack, charms)
    _copies(pack, "bosses", ["wall", "needle", "club_debuff", "flint"])
    _copies(pack, "decks", ["abandoned", "checkered"])
    ws = Workspace.open([pack], base=CONTENT)
    assert ws.catalog is not None and not ws.problems(), ws.problems()[:3]
    playable = [c for c in ids if c != STAR and c in ws.catalog.charms]
    rng = random.Random(7)
    texts: list[str] = []
    for i in range(scenarios):
        row = rng.sample(playable, 1 + i % 3) + ([STAR] if i % 3 == 0 else [])
        data: dict[str, Any] = {"name": f"big scenario {i}", "played": HANDS[i % len(HANDS)], "charms": row}
        if i % 10 == 5:
            data["boss"] = "wall_mod"
        texts.append(_scenario(ws, data))
    for start in range(0, scenarios, per_file):
        body = "".join(texts[start : start + per_file])
        head = f"# Scenarios {start} to {start + per_file - 1} of the big mod.\n"
        (pack / "tests" / f"big_{start // per_file:02}.yaml").write_text(head + body, encoding="utf-8")
    return pack
