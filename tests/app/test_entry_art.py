"""Art in the window: the tree, the table and the preview's charm row show an entry's PNG, and a
generated face (its rarity's or kind's colour) for an entry without art; an edit of ``art`` shows at once."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from art_files import gallery, png
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap

from studio.app import palette
from studio.app.content_tree import REF
from studio.app.main_window import MainWindow
from studio.app.preview.hand_row import ART
from tests.app.conftest import open_window

GLOW = QColor(200, 40, 160)  # art/glow.png's one colour
SHELF = QColor(30, 120, 40)  # art/shelf.png's


@pytest.fixture
def window(qtbot, tmp_path: Path, content: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    return open_window(qtbot, tmp_path, content, packs=(gallery(tmp_path / "packs"),))


def _middle(pixmap: QPixmap) -> QColor:
    image = pixmap.toImage()
    return image.pixelColor(image.width() // 2, image.height() // 2)


def _fill(pixmap: QPixmap) -> QColor:
    """A face's background, beside its glyph."""
    image = pixmap.toImage()
    return image.pixelColor(3, image.height() // 2)


def _tree_icon(window: MainWindow, entry_id: str) -> QIcon:
    model = window.tree.model
    for row in range(model.rowCount()):
        top = model.item(row)
        for child in range(top.rowCount()):
            item = top.child(child)
            if item.data(REF).id == entry_id:
                return item.icon()
    raise AssertionError(entry_id)


def test_the_tree_shows_art_and_a_face_for_entries_without(window: MainWindow) -> None:
    assert _middle(_tree_icon(window, "gallery_glow").pixmap(32, 32)) == GLOW
    assert _middle(_tree_icon(window, "gallery_shelf").pixmap(32, 32)) == SHELF
    face = _tree_icon(window, "gallery_plain").pixmap(32, 32)
    assert _fill(face) == QColor(palette.FACE_COLOURS["rare"])
    bonfire = _tree_icon(window, "bonfire").pixmap(32, 32)  # a consumable of the base game
    assert _fill(bonfire) == QColor(palette.FACE_COLOURS["consumable"])
    assert _tree_icon(window, "pair").isNull()  # hand types have no art


def test_the_table_shows_the_art_beside_its_path(window: MainWindow) -> None:
    window.table_dock.toggleViewAction().trigger()
    table = window.table
    assert table is not None
    table.kinds.setCurrentIndex(table.kinds.findData("charm"))
    column = next(i for i, c in enumerate(table.model.columns) if c.path == ("art",))
    rows = {r.ref.id: i for i, r in enumerate(table.model.rows)}
    glow = table.model.index(rows["gallery_glow"], column)
    assert glow.data() == "art/glow.png"
    assert _middle(glow.data(Qt.ItemDataRole.DecorationRole)) == GLOW
    plain = table.model.index(rows["gallery_plain"], column).data(Qt.ItemDataRole.DecorationRole)
    assert plain.width() == palette.ART_THUMB and _fill(plain) == QColor(palette.FACE_COLOURS["rare"])


def test_the_charm_row_shows_art_and_follows_an_edit_of_it(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    preview = window.preview
    preview.set_state({"played": "AH", "held": "", "charms": ["gallery_glow", "gallery_plain"]})
    row = preview.charm_row
    art = [row.item(i).data(ART) for i in range(row.count())]
    assert _middle(art[0]) == GLOW and art[0].width() == palette.CHARM_ART
    assert _fill(art[1]) == QColor(palette.FACE_COLOURS["rare"])
    assert window.session is not None
    plain = next(r for r in window.session.ws.entries("charm") if r.id == "gallery_plain")
    window.session.set_field(plain.path, ("art",), "art/shelf.png")
    qtbot.waitUntil(lambda: _middle(row.item(1).data(ART)) == SHELF)
    assert _middle(_tree_icon(window, "gallery_plain").pixmap(32, 32)) == SHELF


def test_an_edit_naming_a_missing_image_is_a_problem_at_the_art_field(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.session is not None
    ws = window.session.ws
    glow = next(r for r in ws.entries("charm") if r.id == "gallery_glow")
    window.session.set_field(glow.path, ("art",), "art/shelve.png")
    found = [p for p in ws.problems() if p.path == glow.path]
    assert [(p.json_path, p.message) for p in found] == [
        (("art",), "no file 'art/shelve.png' in the pack (did you mean 'art/shelf.png'?)")
    ]
    face = _tree_icon(window, "gallery_glow").pixmap(32, 32)
    assert _fill(face) == QColor(palette.FACE_COLOURS["rare"])  # the face stands in for the missing image


def test_an_image_drawn_redrawn_or_removed_in_another_program_shows_without_reopening(  # type: ignore[no-untyped-def]
    window: MainWindow, qtbot
) -> None:
    assert window.session is not None
    ws = window.session.ws
    plain = next(r for r in ws.entries("charm") if r.id == "gallery_plain")
    window.session.set_field(plain.path, ("art",), "art/later.png")
    window.session.save(plain.path)
    preview = window.preview
    preview.set_state({"played": "AH", "held": "", "charms": ["gallery_plain"]})

    def problems() -> list[str]:
        return [p.message for p in ws.problems() if p.path == plain.path]

    assert problems() == ["no file 'art/later.png' in the pack (did you mean 'art/glow.png'?)"]
    later = plain.path.parent.parent / "art" / "later.png"
    later.write_bytes(png(12, 12, (250, 200, 0)))  # drawn in another program
    window.safety.check_disk()
    assert problems() == []
    assert _middle(_tree_icon(window, "gallery_plain").pixmap(32, 32)) == QColor(250, 200, 0)
    qtbot.waitUntil(lambda: _middle(preview.charm_row.item(0).data(ART)) == QColor(250, 200, 0))
    assert "Art changed on disk for gallery_plain" in window.statusBar().currentMessage()

    later.unlink()  # redrawn: a new file in its place, as image editors save
    later.write_bytes(png(12, 12, (0, 90, 250)))
    window.safety.check_disk()
    assert _middle(_tree_icon(window, "gallery_plain").pixmap(32, 32)) == QColor(0, 90, 250)

    later.unlink()
    window.safety.check_disk()
    assert problems() == ["no file 'art/later.png' in the pack (did you mean 'art/glow.png'?)"]
    assert _fill(_tree_icon(window, "gallery_plain").pixmap(32, 32)) == QColor(palette.FACE_COLOURS["rare"])
    window.safety.check_disk()  # nothing changed since: nothing is told or redrawn


def test_a_charm_tile_name_longer_than_its_tile_is_drawn_smaller_not_cut(qapp) -> None:  # type: ignore[no-untyped-def]
    """One word wider than the tile ("Gravedigger", shop tiles without art) ran past both its sides."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from studio.app.preview.card import paint_charm

    def tile(name: str) -> QImage:
        image = QImage(palette.CHARM_W, palette.CHARM_H, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        paint_charm(painter, QRectF(0, 0, palette.CHARM_W, palette.CHARM_H), name, None)
        painter.end()
        return image

    blank = tile("")
    # The name is drawn clipped to the tile's text area (8 to CHARM_W - 9): ink that reaches its edges was cut.
    for name in ("Gravedigger", "Even Keel", "Bleeding Heart"):
        drawn = tile(name)
        ink = [
            x
            for x in range(drawn.width())
            for y in range(drawn.height())
            if drawn.pixelColor(x, y) != blank.pixelColor(x, y)
        ]
        assert ink and min(ink) > 8 and max(ink) < palette.CHARM_W - 9, (name, min(ink), max(ink))
