"""Where things live: the base game (beside the package in a checkout, inside it when
installed) and the user's data folder (installed packs, trust)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

_PACKAGE = Path(__file__).resolve().parents[1]
_CHECKOUT = _PACKAGE.parent


def _find(name: str) -> Path:
    checkout = _CHECKOUT / name
    return checkout if checkout.is_dir() else _PACKAGE / "_base" / name


def base_content_dir() -> Path:
    """The base game's content folder."""
    return _find("content")


def base_plugins_dir() -> Path:
    """The base game's code behaviours."""
    return _find("plugins")


def schemas_dir() -> Path:
    """The exported JSON Schemas."""
    return _find("schemas")


def user_dir() -> Path:
    """The user's Studio data folder; ``STUDIO_HOME`` overrides it (tests, portable set-ups)."""
    home = os.environ.get("STUDIO_HOME")
    return Path(home) if home else platformdirs.user_data_path("charm-studio")


def installed_packs_dir() -> Path:
    """Where ``studio pack install`` puts packs, one folder per pack id."""
    return user_dir() / "packs"


#: Names an install or removal gives its folders in the packs folder while it runs (see
#: :mod:`studio.content.staging`), and leaves there when it is killed.
LEFTOVERS = (".old-", ".staging-", ".removing-")


def has_leftovers(root: Path) -> bool:
    """True if ``root`` holds what an install or removal leaves while it runs or when killed."""
    try:
        return any(name.startswith(LEFTOVERS) for name in os.listdir(root))
    except OSError:
        return False


def trust_file() -> Path:
    """The record of which packs the user trusts to run their code."""
    return user_dir() / "trust.json"


def is_base_content(path: Path) -> bool:
    """True if ``path`` is the built-in base game's folder."""
    try:
        return path.resolve() == base_content_dir().resolve()
    except OSError:
        return False
