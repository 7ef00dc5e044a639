"""Installing and removing packs in the user's data folder, atomically, one command at a time.

Install reads the archive through the safety checks of
:mod:`studio.content.packs.archive`, extracts it into a staging folder beside the
packs, verifies what landed (manifest, every content, patch and test file
against its schema, the content hash), and only then, under the folder's lock,
renames it into place. A failed install changes nothing; a kill at any moment
leaves the old or the new version installed, and the leftovers are recovered
by the next command (:mod:`studio.content.packs.staging`).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from studio.content.art import icon_problems
from studio.content.check.problems import Problem
from studio.content.check.validation import validate_document
from studio.content.entries import pack_entries, unread_files
from studio.content.io.paths import installed_packs_dir
from studio.content.packs.archive import ArchiveError, content_hash, extract_zip
from studio.content.packs.installed import installed_packs
from studio.content.packs.pack import BASE_ID, MANIFEST, Pack, missing_manifest, open_pack
from studio.content.packs.staging import BusyError, Staging, folder_lock, locked, new_token, recover_locked
from studio.content.scenarios import pack_scenarios
from studio.engine.names import did_you_mean

_ID = re.compile(r"[a-z][a-z0-9_]*\Z")


class InstallError(ValueError):
    """An install or removal refused; nothing changed."""


def install(archive: Path, force: bool = False, vocabulary: Callable[[Pack], None] | None = None) -> Pack:
    """Install a pack archive; return the installed pack (raise InstallError, changing nothing).

    An older version does not replace a newer one unless ``force`` is given. ``vocabulary`` is called
    with the extracted pack before its files are checked: loading its trusted code there adds the
    kinds of rule its files may use.
    """
    if archive.is_dir():
        raise InstallError(
            f"{archive}: is a folder; install takes a pack zip: build one with "
            f"'studio pack build {archive} -o FILE.zip', or use the folder as it is with '--pack {archive}'"
        )
    if not os.path.lexists(archive):  # said plainly, not as the zip reader's errno
        raise InstallError(f"{archive}: no such file")
    root = _packs_folder()
    try:
        with Staging(root) as staging:
            try:
                files = extract_zip(archive, staging)
            except ArchiveError as exc:
                raise InstallError(f"{archive}: {exc}") from None
            if MANIFEST not in files:  # told as a zip's, not as the folder it was extracted into
                raise InstallError(f"not a valid pack: {missing_manifest(archive, files, archive=True)}")
            pack = _verify(staging, content_hash(files), archive, vocabulary)
            with locked(folder_lock(root)):
                recover_locked(root)
                target = root / pack.id
                if not force:
                    _refuse_downgrade(pack, target)
                old = root / f".old-{pack.id}-{new_token()}" if os.path.lexists(target) else None
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
    except BusyError as exc:
        raise InstallError(str(exc)) from None
    except OSError as exc:
        raise InstallError(f"cannot install into {root}: {exc.strerror or exc}") from None
    installed, problems = open_pack(target)
    if installed is None:  # pragma: no cover - verified above; only a concurrent change gets here
        raise InstallError(f"the installed pack cannot be read: {problems[0]}")
    installed.installed = True
    return installed


def _packs_folder() -> Path:
    root = installed_packs_dir()
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InstallError(f"cannot create the packs folder {root}: {exc.strerror or exc}") from None
    return root


def installable_problems(pack: Pack) -> list[Problem]:
    """Every reason `install` refuses a pack: its id, its icon, and each problem of its entry, patch and
    test files.

    ``studio pack build`` asks the same, so what builds installs.
    """
    problems: list[Problem] = []
    if pack.id == BASE_ID:
        line, col = pack.manifest_doc.locate(("id",))
        problems.append(
            Problem(
                pack.manifest_doc.name, line, col, "the id 'base' is the base game's: choose another", "$.id"
            )
        )
    problems += pack_entries(pack)[1] + unread_files(pack) + icon_problems(pack.manifest_doc, pack.files)
    for _, doc in pack.documents("patches"):
        problems += [doc] if isinstance(doc, Problem) else validate_document("patch", doc)[1]
    problems += pack_scenarios(pack)[1]
    return problems


def _verify(
    folder: Path, expected_hash: str, archive: Path, vocabulary: Callable[[Pack], None] | None
) -> Pack:
    """Check an extracted pack before it goes live; problems name the archive's members."""
    pack, problems = open_pack(folder)
    if pack is not None and pack.hash != expected_hash:
        raise InstallError("the extracted files differ from the archive (content hash mismatch)")
    if pack is not None:
        if vocabulary is not None:
            vocabulary(pack)
        problems = installable_problems(pack)
    problems = [replace(p, file=p.file.replace(str(folder), str(archive), 1)) for p in problems]
    if pack is None:
        raise InstallError(f"not a valid pack: {problems[0]}")
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
    if not _ID.match(pack_id) or not target.is_dir():
        ids = [p.id for p in installed_packs()[0]]
        raise InstallError(f"no installed pack '{pack_id}'{did_you_mean(pack_id, ids)}")
    doomed = root / f".removing-{pack_id}-{new_token()}"
    try:
        with locked(folder_lock(root)):
            recover_locked(root)
            os.replace(target, doomed)
    except BusyError as exc:
        raise InstallError(str(exc)) from None
    except OSError as exc:
        raise InstallError(f"cannot remove {target}: {exc.strerror or exc}") from None
    shutil.rmtree(doomed, ignore_errors=True)
    return target
