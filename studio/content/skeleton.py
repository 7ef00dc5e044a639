"""``studio pack new``: the files of a working pack skeleton."""

from __future__ import annotations

import json
from pathlib import Path

from studio import __version__
from studio.content.models import KINDS
from studio.content.paths import schemas_dir


def skeleton(pack_id: str) -> dict[str, str]:
    """Return the skeleton's files (relative path -> text): manifest, a charm, a test, editor settings."""
    name = pack_id.replace("_", " ").title()
    charm = f"{pack_id}_pair_bonus"
    major_minor = ".".join(__version__.split(".")[:2])
    return {
        "pack.yaml": f"""# The manifest: who the pack is, which Studio and packs it works with.
id: {pack_id}
name: {name}
version: 0.1.0
authors: []
description: What {name} adds to the game.
studio: "^{major_minor}.0"
dependencies:
  - {{id: base, version: "^{major_minor}.0"}}
""",
        f"charms/{charm}.yaml": f"""# A charm is data: when it fires, when it applies, what it does.
# Its player-facing text is generated from this data.
id: {charm}
name: {name} Pair Bonus
rarity: common
cost: 4
abilities:
  - trigger: hand
    when: {{contains: pair}}
    effects:
      - {{kind: mult, amount: 10}}
""",
        "tests/example.yaml": f"""# Scenarios with `expect` are this pack's tests (`studio test .`).
# pair: 10 Points x 2 Mult; AS and AH add 11 each -> 32 x 2; {charm} +10 Mult -> 32 x 12 = 384
name: {charm} adds 10 Mult to a Pair
played: AS AH
charms: [{charm}]
expect:
  hand_type: pair
  total: 384
""",
        "README.md": f"""# {name}

A content pack for Charm Studio. Check it, test it, build it:

    studio validate .
    studio test .
    studio pack build . -o {pack_id}.zip
""",
        ".vscode/settings.json": json.dumps({"yaml.schemas": schema_map()}, indent=2) + "\n",
    }


def schema_map() -> dict[str, list[str]]:
    """Map each content kind's schema (a file URI) to the pack files it checks, for VS Code."""
    return {
        (schemas_dir() / f"{kind}.schema.json").resolve().as_uri(): [
            place if place.endswith(".yaml") else f"{place}/**/*.yaml"
        ]
        for kind, (place, _) in KINDS.items()
    }


def write_skeleton(folder: Path, pack_id: str) -> list[Path]:
    """Create ``folder`` with the skeleton; return the files written (FileExistsError if it exists)."""
    folder.mkdir(parents=True, exist_ok=False)
    written = []
    for rel, text in skeleton(pack_id).items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
