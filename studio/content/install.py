"""Installing and removing packs in the user's data folder, atomically.

Install reads the archive through the safety checks of
:mod:`studio.content.archive`, extracts it into a staging folder beside the
packs, verifies what landed (manifest, every file against its schema, the
content hash), and only then renames it into place. A failed install changes
nothing; a replaced version is removed only after the new one is in place.
"""

from __future__ import annotations

import os
import re
import shutil
import uuid
from pathlib import Path

from studio.content.archive import ArchiveError, content_hash, extract_zip
from studio.content.entries import pack_entries
from studio.content.packs import Pack, installed_packs, open_pack
from studio.content.paths import installed_packs_dir
from studio.engine.names import did_you_mean

_ID = re.compile(r"[a-z][a-z0-9_]*")


class InstallError(ValueError):
    """An install or removal refused; nothing changed."""


def install(archive: Path, force: bool = False) -> Pack:
    """Install a pack archive; return the installed pack (raise InstallError, changing nothing).

    An older version does not replace a newer one unless ``force`` is given.
    """
    if archive.is_dir():
        raise InstallError(
            f"{archive}: is a folder; install takes a pack zip: build one with "
            f"'studio pack build {archive} -o FILE.zip', or use the folder as it is with '--pack {archive}'"
        )
    root = installed_packs_dir()
    root.mkdir(parents=True, exist_ok=True)
    staging = root / f".staging-{uuid.uuid4().hex}"
    try:
        try:
            files = extract_zip(archive, staging)
        except ArchiveError as exc:
            raise InstallError(f"{archive}: {exc}") from None
        pack = _verify(staging, content_hash(files))
        target = root / pack.id
        if not force:
            _refuse_downgrade(pack, target)
        old = root / f".old-{pack.id}-{uuid.uuid4().hex}" if target.exists() else None
        if old is not None:
            os.replace(target, old)
        try:
            os.replace(staging, target)
        except OSError:
            if old is not None:
                os.replace(old, target)
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    installed, _ = open_pack(target)
    assert installed is not None
    installed.installed = True
    return installed


def _verify(folder: Path, expected_hash: str) -> Pack:
    """Check an extracted pack before it goes live."""
    pack, problems = open_pack(folder)
    if pack is None:
        raise InstallError(f"not a valid pack: {problems[0]}")
    if pack.hash != expected_hash:
        raise InstallError("the extracted files differ from the archive (content hash mismatch)")
    _, problems = pack_entries(pack)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InstallError(f"the pack has problems: {problems[0]}{more}")
    return pack


def _refuse_downgrade(pack: Pack, target: Path) -> None:
    """Refuse to replace an installed pack by an older version of it."""
    if not target.is_dir():
        return
    current, _ = open_pack(target)
    if current is not None and pack.version < current.version:
        raise InstallError(
            f"{pack.id} {pack.version} is older than the installed {pack.id} {current.version}; "
            "give --force to install it anyway"
        )


def remove(pack_id: str) -> Path:
    """Remove an installed pack; return where it was (raise InstallError if it is not installed)."""
    root = installed_packs_dir()
    target = root / pack_id
    if not _ID.fullmatch(pack_id) or not target.is_dir():
        ids = [p.id for p in installed_packs()[0]]
        raise InstallError(f"no installed pack '{pack_id}'{did_you_mean(pack_id, ids)}")
    doomed = root / f".removing-{pack_id}-{uuid.uuid4().hex}"
    os.replace(target, doomed)
    shutil.rmtree(doomed, ignore_errors=True)
    return target
