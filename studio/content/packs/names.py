"""The names a file may have inside a pack: the same rules for a zip member, a folder's file and a build.

A name must be a relative POSIX path that lands where it says on every
system and reads as what it is: no absolute paths, ``..``, backslashes,
colons or control characters, no Unicode direction controls (U+202E makes
``gnp.yaml`` read as ``lmay.png``), no names Windows reserves for devices,
and depth and length within :mod:`studio.content.io.limits`.
"""

from __future__ import annotations

import re
import unicodedata

from studio.content.io import limits as bounds
from studio.content.io.text import BIDI_CONTROLS

_DRIVE = re.compile(r"[A-Za-z]:")
# Names Windows reserves for devices, with or without an extension (``con.yaml`` opens the console there).
_RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?", re.IGNORECASE)


def name_problem(name: str, folder: bool = False) -> str | None:
    """Why `name` cannot be a relative POSIX path inside a pack (a folder entry may end in '/'), or None."""
    if not name:
        return "empty name"
    # Control and direction characters are not printable: a printable name (nearly every name, and
    # every command checks the base game's files) skips looking for them character by character.
    if not name.isprintable():
        if "\0" in name:
            return "NUL in name"
        if any(ord(c) < 32 or ord(c) == 127 for c in name):
            return "control character in name"
        if any(c in BIDI_CONTROLS for c in name):
            return "Unicode direction control in name (it makes a name read as another)"
    if name.startswith(("/", "\\")) or _DRIVE.match(name):
        return "absolute path"
    if "\\" in name:
        return "backslash in name"
    if ":" in name:
        return "colon in name (a drive or stream on Windows)"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "name is not valid UTF-8"
    parts = (name[:-1] if folder and name.endswith("/") else name).split("/")
    if len(parts) > bounds.MAX_PATH_PARTS:
        return f"path {len(parts)} parts deep, more than {bounds.MAX_PATH_PARTS} (MAX_PATH_PARTS)"
    if len(name) > bounds.MAX_PATH_CHARS:
        return f"path of {len(name)} characters, more than {bounds.MAX_PATH_CHARS} (MAX_PATH_CHARS)"
    for part in parts:
        if part == "..":
            return "'..' in path"
        if part in ("", "."):
            return "empty or '.' path component"
        if len(part) > bounds.MAX_PATH_PART_CHARS:
            return f"a path part of {len(part)} characters, more than {bounds.MAX_PATH_PART_CHARS}"
        if _RESERVED.fullmatch(part.rstrip(" .")):
            return f"{part!r} is a device name reserved on Windows"
        if part != part.rstrip(" ."):
            return "a path part ends in a space or '.' (Windows drops them)"
    return None


def _key(name: str) -> tuple[str, ...]:
    """What a name collides with on case-insensitive, normalising filesystems (Windows, macOS)."""
    return tuple(
        unicodedata.normalize("NFC", part.casefold()).rstrip(". ") for part in name.strip("/").split("/")
    )


def clash(names: list[tuple[str, bool]]) -> tuple[str, str] | None:
    """The first (name, why) that would collide with another on disk, or be both a file and a folder."""
    seen: dict[tuple[str, ...], str] = {}
    folders: dict[tuple[str, ...], str] = {}
    files: list[tuple[tuple[str, ...], str]] = []
    for name, is_folder in names:
        key = _key(name)
        if key in seen:
            return (
                name,
                f"duplicate of {seen[key]!r} on disk (equal up to case, Unicode form or a trailing '/')",
            )
        seen[key] = name
        if not is_folder:
            files.append((key, name))
            for i in range(1, len(key)):
                folders.setdefault(key[:i], name)
    for key, name in files:
        if key in folders:
            return name, f"is a file, but {folders[key]!r} needs it to be a folder"
    return None
