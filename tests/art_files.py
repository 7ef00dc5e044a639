"""Real PNG files and a pack that shows them, written to disk for the art tests (no image library)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

MANIFEST = "id: gallery\nname: Gallery\nversion: 1.0.0\n"
CHARM = "id: {id}\nname: {name}\nrarity: rare\n{art}abilities:\n  - trigger: hand\n    effects: [{{kind: mult, amount: 4}}]\n"
VOUCHER = (
    "id: gallery_shelf\nname: Gallery Shelf\nart: art/shelf.png\nmodify:\n  - {value: charm_offers, add: 1}\n"
)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int, height: int, colour: tuple[int, int, int] = (200, 40, 160), padding: int = 0) -> bytes:
    """A real RGB PNG of one colour; ``padding`` bytes of a private ancillary chunk make it bigger."""
    row = b"\0" + bytes(colour) * width
    body = zlib.compress(row * height)
    extra = _chunk(b"prVt", b"\0" * padding) if padding else b""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + extra + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
    )


def gallery(root: Path, charm_art: str | None = "art/glow.png") -> Path:
    """A pack folder ``root/gallery``: a charm and a voucher with art, a charm without."""
    pack = root / "gallery"
    for folder in ("art", "charms", "vouchers"):
        (pack / folder).mkdir(parents=True, exist_ok=True)
    (pack / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    art = f"art: {charm_art}\n" if charm_art else ""
    (pack / "charms/gallery_glow.yaml").write_text(CHARM.format(id="gallery_glow", name="Glow", art=art))
    (pack / "charms/gallery_plain.yaml").write_text(CHARM.format(id="gallery_plain", name="Plain", art=""))
    (pack / "vouchers/gallery_shelf.yaml").write_text(VOUCHER, encoding="utf-8")
    (pack / "art/glow.png").write_bytes(png(16, 16))
    (pack / "art/shelf.png").write_bytes(png(8, 4, (30, 120, 40)))
    return pack
