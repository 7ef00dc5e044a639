"""The packs folder's lock, and what a killed install or removal leaves behind.

An install extracts into ``.staging-TOKEN/pack/`` (holding the lock file
``.staging-TOKEN.lock`` while it works; both are made under the folder's
lock, so no other command sees one without the other), then, under the folder's lock
``.lock``, renames the installed version to ``.old-ID-TOKEN/``, the new one to
``ID/``, and deletes the old one. A removal renames ``ID/`` to
``.removing-ID-TOKEN/`` and deletes that. A kill at any moment leaves one of
these names; :func:`recover`, run by the next command that reads the folder,
puts an old version back when no new one took its place and deletes the rest.
A staging folder whose owner still holds its lock is left alone: that install
is alive. File locks are released by the system when their process dies.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

from filelock import FileLock, Timeout

from studio.content.io.limits import LOCK_TIMEOUT_SECONDS
from studio.content.io.paths import has_leftovers

LOCK_NAME = ".lock"


class BusyError(ValueError):
    """The packs folder stayed locked by another command past the timeout, or cannot be locked."""


def new_token() -> str:
    """A unique name part for staging and renamed folders."""
    return uuid.uuid4().hex


def folder_lock(root: Path) -> FileLock:
    """The lock every change to the packs folder holds (use as a context manager; BusyError on timeout)."""
    return FileLock(root / LOCK_NAME, timeout=LOCK_TIMEOUT_SECONDS)


def locked(lock: FileLock) -> FileLock:
    """Acquire ``lock``; raise BusyError if another command keeps it or the folder cannot hold it."""
    try:
        lock.acquire()
    except Timeout:
        raise BusyError(
            f"another studio command is changing {Path(lock.lock_file).parent} (waited "
            f"{LOCK_TIMEOUT_SECONDS:g} s); try again when it is done"
        ) from None
    except OSError as exc:
        raise BusyError(f"cannot lock {lock.lock_file}: {exc.strerror or exc}") from None
    return lock


def recover(root: Path) -> None:
    """Restore or delete what killed installs and removals left in ``root``; do nothing if it is busy
    or read-only (the next command tries again)."""
    if not has_leftovers(root):
        return
    try:
        with locked(folder_lock(root)):
            recover_locked(root)
    except (BusyError, OSError):
        return


def recover_locked(root: Path) -> None:
    """`recover`, for a caller that holds the folder's lock."""
    for name in sorted(os.listdir(root)):
        path = root / name
        if name.startswith(".old-"):
            pack_id = name.removeprefix(".old-").rpartition("-")[0]
            target = root / pack_id
            if pack_id and not os.path.lexists(target):
                os.replace(path, target)  # killed between the renames: the old version comes back
            else:
                shutil.rmtree(path, ignore_errors=True)
        elif name.startswith(".removing-"):
            shutil.rmtree(path, ignore_errors=True)
        elif name.startswith(".staging-") and not name.endswith(".lock"):
            owner = FileLock(root / f"{name}.lock", timeout=0)
            try:
                owner.acquire()
            except Timeout:
                continue  # its install is running
            try:
                shutil.rmtree(path, ignore_errors=True)
            finally:
                owner.release()
                (root / f"{name}.lock").unlink(missing_ok=True)
        elif name.startswith(".staging-") and not (root / name.removesuffix(".lock")).exists():
            path.unlink(missing_ok=True)  # its folder is gone: made under this lock, it has no owner


class Staging:
    """A staging folder owned by this process: ``with Staging(root) as where:`` extract to ``where``.

    Entering takes the folder's lock, recovers leftovers, makes the folder and takes its owner lock;
    leaving deletes whatever is still in it and frees it.
    """

    def __init__(self, root: Path) -> None:
        self.path = root / f".staging-{new_token()}"
        self._owner = FileLock(f"{self.path}.lock", timeout=0)

    def __enter__(self) -> Path:
        root = self.path.parent
        with locked(folder_lock(root)):
            recover_locked(root)
            self.path.mkdir()
            try:
                locked(self._owner)
            except BusyError:
                self.path.rmdir()
                raise
        return self.path / "pack"

    def __exit__(self, *_: object) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        self._owner.release()
        Path(self._owner.lock_file).unlink(missing_ok=True)
