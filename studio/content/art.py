"""Art of charms, consumables, vouchers and tags: a PNG inside the pack, checked before anyone decodes it.

An entry names its image as a path relative to its pack folder (``art: art/lucky.png``). The file is
judged from its first 24 bytes (the PNG signature and the IHDR chunk's width and height), never from
its extension, and held to the bounds of :mod:`studio.content.io.limits`. Decoding is left to whoever
shows it (the editor, with Qt), so no image library is needed here.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Mapping
from typing import Any

from studio.content.check.problems import Problem
from studio.content.io.documents import Document
from studio.content.io.limits import MAX_ART_BYTES, MAX_ART_SIDE
from studio.engine.names import did_you_mean

#: The kinds of entry that may name an image.
ART_KINDS = frozenset({"charm", "consumable", "voucher", "tag"})
#: What a message shows as a good value.
EXAMPLE = "art/lucky.png"
#: The good value a message about a pack's icon shows.
ICON_EXAMPLE = "icon.png"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: The signature, then the IHDR chunk's length, type, width and height.
HEADER_BYTES = 24
_IHDR = struct.Struct(">I4sII")
_DRIVE = re.compile(r"^[A-Za-z]:")


class ArtError(ValueError):
    """An image that is not a PNG Studio accepts; the message says why."""


def png_size(data: bytes) -> tuple[int, int]:
    """Return (width, height) read from a PNG's header; raise ArtError if ``data`` is not a PNG.

    >>> png_size(PNG_SIGNATURE + bytes.fromhex("0000000d49484452") + (3).to_bytes(4) + (2).to_bytes(4))
    (3, 2)
    """
    if not data.startswith(PNG_SIGNATURE):
        raise ArtError("is not a PNG image (it does not start with the PNG signature)")
    if len(data) < HEADER_BYTES:
        raise ArtError("is not a PNG image (it ends before its header)")
    length, kind, width, height = _IHDR.unpack_from(data, len(PNG_SIGNATURE))
    if length != 13 or kind != b"IHDR":
        raise ArtError("is not a PNG image (its first chunk is not the IHDR header)")
    if not (0 < width < 2**31 and 0 < height < 2**31):
        raise ArtError(f"is a damaged PNG image (it says it is {width}x{height} pixels)")
    return width, height


def path_problem(path: str, example: str = EXAMPLE) -> str | None:
    """Why ``path`` cannot name art inside a pack (absolute, leaving the pack, not .png), or None;
    ``example`` is the good value the message shows."""
    if "\\" in path:
        return f"write '/' between folders, not '\\' (e.g. {example})"
    if path.startswith("/") or _DRIVE.match(path):
        return f"'{path}' is an absolute path: give a path inside the pack folder, e.g. {example}"
    if any(part in ("..", ".", "") for part in path.split("/")):
        return f"'{path}' is not a plain path from the pack folder (no '.', '..' or '//'): e.g. {example}"
    return None


def file_problem(path: str, files: Mapping[str, bytes], what: str = "art") -> str | None:
    """Why the pack whose files are ``files`` has no usable image at ``path``, or None; ``what`` is how
    the message calls the image (art, an icon)."""
    data = files.get(path)
    if data is None:
        images = [name for name in files if name.lower().endswith(".png")]
        return f"no file '{path}' in the pack{did_you_mean(path, images)}"
    if len(data) > MAX_ART_BYTES:
        return f"'{path}' is {len(data):,} bytes; {what} may be at most {MAX_ART_BYTES:,} bytes (1 MiB)"
    try:
        width, height = png_size(data)
    except ArtError as exc:
        return f"'{path}' {exc}"
    if max(width, height) > MAX_ART_SIDE:
        return (
            f"'{path}' is {width}x{height} pixels; {what} may be at most {MAX_ART_SIDE}x{MAX_ART_SIDE}: "
            "scale it down"
        )
    return None


def art_of(data: Any) -> str | None:
    """The art path an entry's data names, if it names one."""
    art = data.get("art") if isinstance(data, dict) else None
    return art if isinstance(art, str) else None


def art_problems(kind: str, doc: Document, files: Mapping[str, bytes]) -> list[Problem]:
    """The problem of the image a valid entry of ``kind`` names, at its ``art`` field (none: [])."""
    path = art_of(doc.data) if kind in ART_KINDS else None
    if path is None or path_problem(path):  # the model reports a bad path
        return []
    reason = file_problem(path, files)
    if reason is None:
        return []
    line, col = doc.locate(("art",))
    return [Problem(doc.name, line, col, reason, "$.art")]


def icon_problems(manifest: Document, files: Mapping[str, bytes]) -> list[Problem]:
    """The problem of the icon a pack's manifest names, at its ``icon`` field (none: []): the checks of an
    entry's art, its path's form included (the manifest's model takes any text there, so that a pack whose
    icon is wrong still loads and its other problems show)."""
    icon = manifest.data.get("icon") if isinstance(manifest.data, dict) else None
    if not isinstance(icon, str):
        return []
    reason = path_problem(icon, ICON_EXAMPLE)
    if reason is None and not icon.lower().endswith(".png"):
        reason = f"'{icon}' is not allowed: the icon is a .png file inside the pack, e.g. {ICON_EXAMPLE}"
    reason = reason or file_problem(icon, files, "an icon")
    if reason is None:
        return []
    line, col = manifest.locate(("icon",))
    return [Problem(manifest.name, line, col, reason, "$.icon")]
