"""The picture of a workspace entry: the PNG its ``art`` names, decoded by Qt, or its generated face.

The image is read from the pack's files, as validation reads it, and only after it passed the same
checks (a PNG within the bounds), so a hostile file is never decoded. One that still fails to decode
shows the face, as an entry without art does.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap

from studio.app import palette
from studio.app.art_faces import face_icon, face_of, face_pixmap
from studio.content.art import ART_KINDS, art_of, file_problem, path_problem
from studio.workspace import EntryRef, Workspace

#: The sizes an art icon holds, so trees and tables draw it unscaled.
ICON_SIZES = (16, 20, 24, 32, 48)


def image_bytes(ws: Workspace, ref: EntryRef) -> bytes | None:
    """The bytes of the image the entry names, if it names a sound one in its pack."""
    path = art_of(ws.data(ref))
    pack = next((p for p in ws.packs if p.id == ref.pack_id), None)
    if path is None or pack is None or path_problem(path) or file_problem(path, pack.files):
        return None
    return pack.files[path]


def entry_pixmap(ws: Workspace, ref: EntryRef, size: int) -> QPixmap:
    """The entry's art on a transparent square of ``size`` pixels, or its face."""
    data = image_bytes(ws, ref)
    image = scaled_image(data, size) if data is not None else None
    return image if image is not None else face_pixmap(face_of(ref.kind, ws.data(ref)), size)


def entry_icon(ws: Workspace, ref: EntryRef) -> QIcon | None:
    """The entry's art (or face) as an icon; None for a kind without art."""
    if ref.kind not in ART_KINDS:
        return None
    data = image_bytes(ws, ref)
    if data is None or scaled_image(data, ICON_SIZES[-1]) is None:
        return face_icon(face_of(ref.kind, ws.data(ref)))
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addPixmap(scaled_image(data, size) or QPixmap())
    return icon


def charm_pixmap(ws: Workspace, charm_id: str, size: int) -> QPixmap | None:
    """The art (or face) of the charm in force with this id; None if no file defines it."""
    refs = [r for r in ws.entries("charm") if r.id == charm_id]
    return entry_pixmap(ws, refs[-1], size) if refs else None  # a later pack's entry replaces


class CharmArt:
    """Charm pictures by id, size and theme, as the preview and the playtest ask for them on every re-score:
    found once, and again only for the charms an edit touched (:meth:`forget`)."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self._found: dict[tuple[str, int, str], QPixmap | None] = {}

    def __call__(self, charm_id: str, size: int) -> QPixmap | None:
        key = (charm_id, size, palette.current().name)  # a face is painted in the theme's colours
        if key not in self._found:
            self._found[key] = charm_pixmap(self.ws, charm_id, size)
        return self._found[key]

    def forget(self, charm_ids: set[str] | None = None) -> None:
        """Find these charms' pictures again next time (None: every charm's)."""
        if charm_ids is None:
            self._found.clear()
            return
        for key in [k for k in self._found if k[0] in charm_ids]:
            del self._found[key]


@lru_cache(maxsize=256)
def scaled_image(data: bytes, size: int) -> QPixmap | None:
    """The image fitted into a transparent square of ``size`` pixels (cached); None if Qt cannot decode it."""
    pixmap = QPixmap.fromImage(QImage.fromData(data))
    if pixmap.isNull():
        return None
    mode = (
        Qt.TransformationMode.FastTransformation  # pixel art stays crisp when enlarged
        if pixmap.width() < size and pixmap.height() < size
        else Qt.TransformationMode.SmoothTransformation
    )
    fitted = pixmap.scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio, mode)
    out = QPixmap(size, size)
    out.fill(Qt.GlobalColor.transparent)
    p = QPainter(out)
    p.drawPixmap((size - fitted.width()) // 2, (size - fitted.height()) // 2, fitted)
    p.end()
    return out
