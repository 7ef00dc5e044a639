"""A pack's art travels with it: built into the zip, installed beside its entries, and listed by
``studio pack diff`` when an image is added, removed or redrawn, or an entry's ``art`` changes."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from art_files import gallery, png


def test_a_pack_with_art_builds_and_installs_with_its_images(
    studio, tmp_path: Path, studio_home: Path
) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path)
    archive = tmp_path / "gallery.zip"
    built = studio("pack", "build", str(pack), "-o", str(archive))
    assert built.code == 0, built.out
    with zipfile.ZipFile(archive) as z:
        assert z.read("art/glow.png") == (pack / "art/glow.png").read_bytes()
        assert "art/shelf.png" in z.namelist()
    installed = studio("pack", "install", str(archive))
    assert installed.code == 0, installed.err
    home = studio_home / "packs/gallery"
    assert (home / "art/glow.png").read_bytes() == (pack / "art/glow.png").read_bytes()
    assert (home / "art/shelf.png").read_bytes() == (pack / "art/shelf.png").read_bytes()
    assert studio("validate", "--pack", "gallery").code == 0


def test_build_refuses_a_pack_whose_art_is_missing(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path)
    (pack / "art/shelf.png").unlink()
    out = tmp_path / "gallery.zip"
    run = studio("pack", "build", str(pack), "-o", str(out))
    assert run.code == 1 and not out.exists()
    assert f"{pack}/vouchers/gallery_shelf.yaml:3:6: $.art: no file 'art/shelf.png' in the pack" in run.out


def test_diff_lists_images_added_removed_and_redrawn_and_entries_whose_art_changed(
    studio, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    old = gallery(tmp_path / "v1")
    new = gallery(tmp_path / "v2", charm_art="art/glow2.png")
    (new / "art/glow2.png").write_bytes(png(16, 16, (250, 200, 0)))
    (new / "art/glow.png").unlink()
    (new / "art/shelf.png").write_bytes(png(8, 8, (30, 120, 40)))
    run = studio("pack", "diff", str(old), str(new))
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert "~ charm/gallery_glow" in lines
    assert '    $.art: "art/glow.png" -> "art/glow2.png"' in lines
    assert "+ image art/glow2.png" in lines
    assert "- image art/glow.png" in lines
    assert "~ image art/shelf.png (shown by voucher/gallery_shelf)" in lines
    data = json.loads(studio("pack", "diff", str(old), str(new), "--json").out)
    assert data["entries"]["art"] == {
        "added": ["art/glow2.png"],
        "removed": ["art/glow.png"],
        "changed": ["art/shelf.png"],
        "users": {"art/shelf.png": ["voucher/gallery_shelf"]},
    }


def test_diff_names_the_manifest_as_what_shows_a_redrawn_icon(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A redrawn icon was listed as an image nothing showed."""
    old, new = gallery(tmp_path / "v1"), gallery(tmp_path / "v2")
    for pack, colour in ((old, (10, 10, 10)), (new, (200, 10, 10))):
        (pack / "icon.png").write_bytes(png(16, 16, colour))
        manifest = pack / "pack.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8") + "icon: icon.png\n", encoding="utf-8")
    run = studio("pack", "diff", str(old), str(new))
    assert run.code == 0, run.err
    assert "~ image icon.png (shown by manifest)" in run.out.splitlines()
    data = json.loads(studio("pack", "diff", str(old), str(new), "--json").out)
    assert data["entries"]["art"]["users"] == {"icon.png": ["manifest"]}
