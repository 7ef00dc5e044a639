"""The ``art`` field that charms, consumables, vouchers and tags share: a PNG's path inside the pack."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field

from studio.content.art import EXAMPLE, path_problem
from studio.content.io.limits import MAX_PATH_CHARS


def _inside_pack(path: str) -> str:
    problem = path_problem(path)
    if problem:
        raise ValueError(problem)
    return path


#: A path relative to the pack folder, ending in .png; whether the file is there is checked with the pack.
ArtPath = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_PATH_CHARS,
        pattern=r"\.[Pp][Nn][Gg]$",
        json_schema_extra={"x-message": f"art is a .png file inside the pack, e.g. {EXAMPLE}"},
    ),
    AfterValidator(_inside_pack),
]


def art_field() -> Any:
    """The field's definition: optional, with the title and description forms show."""
    return Field(
        None,
        title="Art",
        description=f"A PNG image inside the pack, e.g. {EXAMPLE} (at most 1 MiB and 1024x1024 pixels).",
    )
