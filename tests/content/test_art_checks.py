"""An entry's art is refused, at its file, line and ``art`` field, when the image is missing, outside
the pack, not a PNG or too big; ``studio validate`` reports it, for a folder and for a zip."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from art_files import gallery, png

from studio.content.art import ArtError, png_size
from studio.content.io.limits import MAX_ART_BYTES, MAX_ART_SIDE


def _problems(studio, pack: Path) -> list[str]:  # type: ignore[no-untyped-def]
    run = studio("validate", str(pack))
    assert run.code == 1, run.out
    return [line for line in run.out.splitlines() if "/charms/gallery_glow.yaml" in line]


def _point_art_at(pack: Path, path: str) -> None:
    charm = pack / "charms/gallery_glow.yaml"
    charm.write_text(charm.read_text().replace("art/glow.png", path), encoding="utf-8")


def test_a_pack_with_sound_art_validates(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = studio("validate", str(gallery(tmp_path)))
    assert run.code == 0, run.out


def test_a_missing_image_names_the_closest_file_in_the_pack(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path, charm_art="art/glwo.png")
    [line] = _problems(studio, pack)
    assert line == (
        f"{pack}/charms/gallery_glow.yaml:4:6: $.art: no file 'art/glwo.png' in the pack "
        "(did you mean 'art/glow.png'?)"
    )


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("../elsewhere/glow.png", "'../elsewhere/glow.png' is not a plain path from the pack folder"),
        ("art/../../glow.png", "is not a plain path from the pack folder (no '.', '..' or '//')"),
        ("art/../art/ok.png", "is not a plain path"),  # inside the pack, but not as the pack names its files
        ("/tmp/glow.png", "'/tmp/glow.png' is an absolute path"),
        ("C:/art/glow.png", "is an absolute path"),
        ("art\\\\glow.png", "write '/' between folders"),
        ("art/glow.jpg", "art is a .png file inside the pack"),
    ],
)
def test_a_path_outside_the_pack_or_not_a_png_name_is_refused(
    studio, tmp_path: Path, path: str, reason: str
) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path, charm_art=f'"{path}"')
    [line] = _problems(studio, pack)
    assert line.startswith(f"{pack}/charms/gallery_glow.yaml:4:6: $.art: ") and reason in line, line


def test_a_file_that_is_not_a_png_is_refused_whatever_its_name(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path)
    (pack / "art/glow.png").write_bytes(b"GIF89a" + b"\0" * 40)
    [line] = _problems(studio, pack)
    assert line.endswith(
        "$.art: 'art/glow.png' is not a PNG image (it does not start with the PNG signature)"
    )
    no_header = png(4, 4).replace(b"IHDR", b"IDAT", 1)
    (pack / "art/glow.png").write_bytes(no_header)
    [line] = _problems(studio, pack)
    assert line.endswith("is not a PNG image (its first chunk is not the IHDR header)")


def test_an_image_too_big_in_bytes_or_pixels_is_refused(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path)
    (pack / "art/glow.png").write_bytes(png(8, 8, padding=MAX_ART_BYTES))
    [line] = _problems(studio, pack)
    assert (
        "$.art: 'art/glow.png' is 1,048,662 bytes;" in line
        and "art may be at most 1,048,576 bytes (1 MiB)" in line
    )
    (pack / "art/glow.png").write_bytes(png(MAX_ART_SIDE + 1, 2))
    [line] = _problems(studio, pack)
    assert line.endswith(
        f"$.art: 'art/glow.png' is {MAX_ART_SIDE + 1}x2 pixels; art may be at most 1024x1024: scale it down"
    )


def test_a_zip_whose_art_is_bad_is_refused_by_validate_and_install(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path)
    (pack / "art/glow.png").write_bytes(b"not an image")
    archive = tmp_path / "gallery.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in sorted(pack.rglob("*")):
            if path.is_file():
                z.write(path, path.relative_to(pack).as_posix())
    run = studio("validate", str(archive))
    assert run.code == 1
    assert f"{archive}/charms/gallery_glow.yaml:4:6: $.art: 'art/glow.png' is not a PNG image" in run.out
    installed = studio("pack", "install", str(archive))
    assert installed.code == 2 and "is not a PNG image" in installed.err


def test_a_patch_that_gives_art_is_checked_against_its_own_pack(studio, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = gallery(tmp_path)
    (pack / "patches").mkdir()
    (pack / "patches/plain_mult_art.yaml").write_text(
        "target: charm/plain_mult\nset:\n  art: art/plain.png\n", encoding="utf-8"
    )
    run = studio("validate", str(pack))
    assert run.code == 1
    assert f"{pack}/patches/plain_mult_art.yaml:3:8: $.art: no file 'art/plain.png' in the pack" in run.out


def test_the_header_gives_the_size_and_refuses_what_is_not_a_png() -> None:
    assert png_size(png(7, 3)) == (7, 3)
    for data, why in [
        (b"", "PNG signature"),
        (png(2, 2)[:20], "ends before its header"),
        (png(0, 2), "damaged"),
    ]:
        with pytest.raises(ArtError, match=why):
            png_size(data)
