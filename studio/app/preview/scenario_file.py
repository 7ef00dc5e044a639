"""Writing the preview as a test scenario (with its expectation), and reading one back.

No Qt here: the file is a scenario like every other in ``tests/``, so
``studio test`` runs it and the preview opens it with expected against actual.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruamel.yaml import YAML

from studio.content.io.atomic import write_atomically
from studio.content.io.documents import Document, DocumentError, read_text
from studio.content.plain_scenarios import DEFAULTS
from studio.engine.trace import ScoreResult, json_number
from studio.workspace.list_matching import sources

if TYPE_CHECKING:
    from studio.content.models import ScenarioModel

SCHEMA_LINE = "# yaml-language-server: $schema=../../schemas/scenario.schema.json\n"
#: Scenario fields of the run around the hand that the preview has no input for, with their defaults: an
#: opened scenario's are kept as they are (and shown in a line), so the preview scores what
#: ``studio test`` scores, and saving writes them back.
RUN_FIELDS: dict[str, Any] = {
    **{
        k: DEFAULTS[k]
        for k in (
            "ante",
            "blind",
            "hand_size",
            "charm_slots",
            "full_deck",
            "draw_pile",
            "hands_played",
            "hands_per_round",
            "discards_per_round",
            "difficulty",
        )
    },
    "hand_types_played": [],
    "times_played": {},
}


def scenario_text(data: dict[str, Any], result: ScoreResult) -> str:
    """Return the YAML of a scenario with ``data``'s fields and ``result`` as its expectation."""
    out: dict[str, Any] = {
        "name": data.get("name") or f"{result.hand_type} scores {json_number(result.total)}"
    }
    out["played"] = data["played"]
    for key, empty in (
        ("held", ""),
        ("charms", []),
        ("levels", {}),
        ("boss", None),
        ("deck", "standard"),
        ("money", 0),
        ("hands_left", 0),
        ("discards_left", 0),
        ("seed", 0),
        ("vouchers", []),
        ("consumables", 0),
        *RUN_FIELDS.items(),
    ):
        if data.get(key, empty) != empty:
            out[key] = data[key]
    out["expect"] = {
        "hand_type": result.hand_type,
        "total": json_number(result.total),
        "events": [
            {"step": e.step, "source": e.source, "points": e.points, "mult": json_number(e.mult)}
            for e in result.events
        ],
    }
    yaml = YAML()
    yaml.default_flow_style = None
    yaml.width = 200
    buf = io.StringIO()
    yaml.dump(out, buf)
    return SCHEMA_LINE + buf.getvalue()


def write_scenario(path: Path, data: dict[str, Any], result: ScoreResult) -> None:
    """Write the scenario atomically (a temporary file renamed over the target)."""
    write_atomically(path, scenario_text(data, result))


def file_text(path: Path) -> str:
    """The text of a file on disk (raises ValueError saying why it cannot be read)."""
    try:
        return read_text(path)
    except DocumentError as exc:
        raise ValueError(str(exc.problem)) from None


def scenarios_of(path: Path, text: str) -> list[ScenarioModel]:
    """The scenarios of ``text``, the file at ``path`` (raises ValueError with the first problem)."""
    from studio.content.scenarios import readable_scenarios  # the models: only to read one

    try:
        scenarios, problems = readable_scenarios(Document.parse(str(path), text))
    except DocumentError as exc:
        raise ValueError(str(exc.problem)) from None
    if problems:
        raise ValueError(str(problems[0]))
    return [s.model for s in scenarios]


def followed(old: list[ScenarioModel], new: list[ScenarioModel], index: int) -> int | None:
    """Where scenario ``index`` of ``old`` is in ``new``, the same file read again (None: it is gone).

    Matched as the YAML round trip matches list items: an unchanged scenario where it stands now
    (others were added, removed or reordered around it), an edited one in the place left for it.
    """
    return next((j for j, i in enumerate(sources(old, new)) if i == index), None)
