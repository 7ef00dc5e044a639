"""Images changed on disk while a workspace is open: taken in when drawn, redrawn or removed; a link or
an image over a pack file's limit is left as the pack has it."""

from __future__ import annotations

from pathlib import Path

from art_files import gallery, png

from studio.content.io.limits import MAX_FILE_BYTES
from studio.workspace import Workspace


def _glow(ws: Workspace) -> list[str]:
    ref = next(r for r in ws.entries("charm") if r.id == "gallery_glow")
    return [p.message for p in ws.problems() if p.path == ref.path]


def test_a_redrawn_image_is_taken_in_and_told_once(tmp_path: Path) -> None:
    pack = gallery(tmp_path)
    ws = Workspace.open([pack])
    assert ws.check_art().entries == set()  # the first look finds the bytes the pack already has
    (pack / "art/glow.png").write_bytes(png(4, 4, (1, 2, 3)))
    change = ws.check_art()
    assert {r.id for r in change.entries} == {"gallery_glow"} and change.problems_changed
    assert ws.packs[-1].files["art/glow.png"] == png(4, 4, (1, 2, 3))
    assert ws.check_art().entries == set()


def test_a_link_or_an_oversized_image_is_not_read(tmp_path: Path) -> None:
    pack = gallery(tmp_path)
    ws = Workspace.open([pack])
    ws.check_art()
    elsewhere = tmp_path / "elsewhere.png"
    elsewhere.write_bytes(png(4, 4, (9, 9, 9)))
    (pack / "art/glow.png").unlink()
    (pack / "art/glow.png").symlink_to(elsewhere)
    change = ws.check_art()  # a link is no image of the pack: the pack no longer has it
    assert {r.id for r in change.entries} == {"gallery_glow"}
    assert "art/glow.png" not in ws.packs[-1].files
    assert _glow(ws) == ["no file 'art/glow.png' in the pack (did you mean 'art/shelf.png'?)"]
    (pack / "art/glow.png").unlink()
    (pack / "art/glow.png").write_bytes(png(2, 2, padding=MAX_FILE_BYTES))
    assert ws.check_art().entries == set()  # refused: left as it was, not read again until it changes
    assert "art/glow.png" not in ws.packs[-1].files
