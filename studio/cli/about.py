"""``studio --version``: Studio's version and those of what it runs on, for bug reports."""

from __future__ import annotations

import argparse
import platform
from collections.abc import Sequence
from typing import Any

from studio import __version__

#: The distributions that bring Qt's Python binding: the app extra's, or the full one.
_QT_DISTRIBUTIONS = ("PySide6-Essentials", "PySide6")


def versions() -> list[str]:
    """One line each: Studio, Python, Qt (PySide6, when installed) and pydantic."""
    return [
        f"studio {__version__}",
        f"Python {platform.python_version()} ({platform.python_implementation()}, {platform.system()})",
        f"Qt (PySide6) {_installed(*_QT_DISTRIBUTIONS) or 'not installed (the editor needs the app extra)'}",
        f"pydantic {_installed('pydantic') or 'not installed'}",
    ]


def _installed(*names: str) -> str | None:
    """The version of the first of ``names`` installed, read from its metadata (nothing is imported)."""
    from importlib import metadata  # costs more than ``studio --help`` itself: only here

    for name in names:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return None


class VersionAction(argparse.Action):
    """``--version``: print :func:`versions` and exit (worked out only when asked: it reads metadata)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        kwargs.setdefault("help", "print the versions of Studio, Python, Qt and pydantic, and exit")
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        print("\n".join(versions()))
        parser.exit()
