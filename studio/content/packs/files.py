"""What a pack holds on disk, read as bytes without being parsed: a folder, a zip, the base game.

Opening a pack (:mod:`studio.content.packs.pack`) and telling whether a saved load
is still current (:mod:`studio.plugins.snapshot`) read files through these
same functions, so both see exactly the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from studio.content.io.paths import base_content_dir, base_plugins_dir
from studio.content.packs.folders import folder_files


def pack_files(path: Path) -> dict[str, bytes] | None:
    """The files of the pack folder or ``.zip`` at ``path`` (None if it is neither).

    Raises ArchiveError for a folder or zip that breaks the pack rules, OSError if unreadable.
    """
    if path.is_dir():
        return folder_files(path)
    if path.suffix.lower() == ".zip" and path.is_file():
        from studio.content.packs.archive import read_zip  # the zip reader (and zipfile) only for a zip

        return read_zip(path)
    return None


def base_files() -> dict[str, bytes]:
    """The base game's files: ``content/`` plus its ``plugins/*.py`` (as ``plugins/NAME``)."""
    files = folder_files(base_content_dir())
    files.update(base_code())
    return files


def base_code() -> dict[str, bytes]:
    """The base game's own code, as ``plugins/NAME`` (a copy of its content folder opens with it)."""
    plugins = base_plugins_dir()
    if not plugins.is_dir():
        return {}
    return {f"plugins/{p.name}": p.read_bytes() for p in sorted(plugins.glob("*.py"))}
