"""``studio pack new``: the files of a working pack skeleton."""

from __future__ import annotations

from pathlib import Path

from annotated_types import MaxLen

from studio import __version__
from studio.content.models import CharmModel
from studio.content.packs.editor_files import schema_files, schema_line, vscode_files


def _most(field: str) -> int:
    """The most characters a charm's ``field`` holds (its model's bound)."""
    return next(m.max_length for m in CharmModel.model_fields[field].metadata if isinstance(m, MaxLen))


def _cut(text: str, chars: int, at: str) -> str:
    """``text`` cut to at most ``chars`` characters, at the last ``at`` within them if there is one.

    >>> _cut("Neon Nights Extra", 12, " "), _cut("neon_nights", 20, "_"), _cut("nnnn", 2, " ")
    ('Neon Nights', 'neon_nights', 'nn')
    """
    if len(text) <= chars:
        return text
    head = text[: chars + 1]
    return head[: head.rindex(at)] if at in head[1:] else text[:chars]


def sample_charm(pack_id: str) -> tuple[str, str]:
    """The id and name of the skeleton's charm: the pack id and name with ``_pair_bonus`` and ``Pair
    Bonus`` after them, shortened (at a word where one ends) when a long pack id would take them past
    a charm's bounds."""
    name = pack_id.replace("_", " ").title()
    stem = _cut(pack_id, _most("id") - len("_pair_bonus"), "_").rstrip("_")
    return f"{stem}_pair_bonus", f"{_cut(name, _most('name') - len(' Pair Bonus'), ' ')} Pair Bonus"


def skeleton(pack_id: str) -> dict[str, str]:
    """Return the skeleton's files (relative path -> text): manifest, a charm, a test, a README, and
    the editor set-up (the schemas and VS Code files, see :mod:`studio.content.packs.editor_files`)."""
    name = pack_id.replace("_", " ").title()
    charm, charm_name = sample_charm(pack_id)
    major_minor = ".".join(__version__.split(".")[:2])
    content = {
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
name: {charm_name}
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

A content pack for Charm Studio. Check it, test it, build it (the zip goes
beside the pack folder: a build never writes inside the pack it zips):

    studio validate .
    studio test .
    studio pack build . -o ../{pack_id}.zip
""",
    }
    kinds = {"pack.yaml": "pack", f"charms/{charm}.yaml": "charm", "tests/example.yaml": "scenario"}
    for rel, kind in kinds.items():
        content[rel] = schema_line(rel, kind) + content[rel]
    return {**content, **vscode_files(), **schema_files()}


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
