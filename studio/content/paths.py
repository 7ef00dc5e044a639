"""Where the base game lives: beside the package in a checkout, inside it when installed."""

from __future__ import annotations

from pathlib import Path

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
