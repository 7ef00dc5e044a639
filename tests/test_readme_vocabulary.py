"""The README's charm example names the whole vocabulary: every built-in trigger, condition and effect."""

from __future__ import annotations

import re
from pathlib import Path

from studio.engine.kinds import CONDITIONS, EFFECTS, TRIGGERS

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_charm_example_names_every_built_in_kind() -> None:
    [example] = re.findall(
        r"```yaml\n# yaml-language-server: \$schema=\.\./\.\./schemas/charm\.schema\.json\n(.*?)```",
        README.read_text(encoding="utf-8"),
        re.S,
    )
    named = set(re.findall(r"[a-z_]+", example))
    for registry in (TRIGGERS, CONDITIONS, EFFECTS):
        assert set(registry.names()) <= named, sorted(set(registry.names()) - named)
