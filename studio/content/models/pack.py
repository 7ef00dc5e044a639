"""The pack manifest (``pack.yaml``) and patch files (``patches/*.yaml``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field
from pydantic.config import JsonDict

from studio.content.models.common import Id, Model
from studio.content.packs.versions import parse_range, parse_version

ENTRY_REF = r"^[a-z_]+/[a-z][a-z0-9_]*$"
#: What a value that is not written as kind/id is told (the schema's ``x-message`` beside the pattern).
ENTRY_REF_MESSAGE: JsonDict = {"x-message": "write an entry as kind/id in lower case, e.g. charm/plain_mult"}


def _range(text: str) -> str:
    parse_range(text)
    return text


def _version(text: str) -> str:
    parse_version(text)
    return text


#: A version range in npm syntax, checked when read.
VersionRange = Annotated[str, AfterValidator(_range)]
#: A semantic version, checked when read.
SemVer = Annotated[str, AfterValidator(_version)]


class DependencyModel(Model):
    """Another pack this one needs (or can use)."""

    id: Id
    version: VersionRange = Field(
        "*", title="Versions", description="A version range, e.g. ^1.2.0 or >=1.0.0 <2.0.0."
    )
    optional: bool = Field(False, title="Optional", description="Load it if present; work without it.")


class ConflictModel(Model):
    """A pack this one cannot be loaded with."""

    id: Id
    version: VersionRange = Field(
        "*", title="Versions", description="The conflicting versions (default: all)."
    )


class PackModel(Model):
    """A content pack's manifest."""

    id: Id
    name: str = Field(..., min_length=1, max_length=80, title="Name", description="Shown to players.")
    version: SemVer = Field(..., title="Version", description="Semantic version: MAJOR.MINOR.PATCH.")
    authors: list[str] = Field(
        default_factory=list, max_length=50, title="Authors", description="Who made it."
    )
    description: str = Field("", max_length=2000, title="Description", description="What it adds.")
    studio: VersionRange = Field(
        "*", title="Studio versions", description="The Studio versions it works with, e.g. ^0.1.0."
    )
    dependencies: list[DependencyModel] = Field(
        default_factory=list, max_length=100, title="Dependencies", description="Packs it needs."
    )
    conflicts: list[ConflictModel] = Field(
        default_factory=list, max_length=100, title="Conflicts", description="Packs it cannot load with."
    )
    priority: int = Field(
        0,
        ge=-1000,
        le=1000,
        title="Priority",
        description="Among packs loaded only as dependencies of others, lower loads first (ties by id).",
    )
    replaces: list[Annotated[str, Field(pattern=ENTRY_REF, json_schema_extra=ENTRY_REF_MESSAGE)]] = Field(
        default_factory=list,
        max_length=1000,
        title="Replaces",
        description="Entries of earlier packs it redefines on purpose, as kind/id.",
    )
    icon: str | None = Field(
        None,
        max_length=200,
        title="Icon",
        description="A PNG inside the pack, e.g. icon.png (at most 1 MiB and 1024x1024 pixels).",
    )


class PatchModel(Model):
    """Changes to an entry of another pack, merged field by field (RFC 7396 merge patch)."""

    target: str = Field(
        ...,
        pattern=ENTRY_REF,
        title="Target",
        description="The entry to change, as kind/id, e.g. charm/plain_mult.",
        json_schema_extra=ENTRY_REF_MESSAGE,
    )
    set: dict[str, Any] = Field(
        ...,
        min_length=1,
        title="Set",
        description="Fields to change: mappings merge, other values replace, null removes a field.",
    )
