"""Pack versions (Semantic Versioning) and version ranges (npm syntax: ``^1.2.0``, ``>=1.0.0 <2.0.0``)."""

from __future__ import annotations

import semantic_version as sv

Version = sv.Version
Range = sv.NpmSpec


def parse_version(text: str) -> sv.Version:
    """Return the version ``MAJOR.MINOR.PATCH[-pre][+build]``; raise ValueError naming what is wanted."""
    try:
        return sv.Version(str(text))
    except ValueError:
        raise ValueError(f"'{text}' is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.2.0)") from None


def parse_range(text: str) -> sv.NpmSpec:
    """Return a version range such as ``^1.2.0``, ``~1.2``, ``>=1.0.0 <2.0.0``, ``1.x`` or ``*``."""
    try:
        return sv.NpmSpec(str(text))
    except ValueError:
        raise ValueError(
            f"'{text}' is not a version range (write e.g. ^1.2.0, >=1.0.0 <2.0.0, 1.x or *)"
        ) from None
