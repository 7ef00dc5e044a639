"""What the workspace's mixins need from the workspace they are mixed into, declared once."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from studio.content.packs import Pack
from studio.workspace.files import FileState
from studio.workspace.model import Change, EntryRef

if TYPE_CHECKING:
    from studio.workspace.checker import Checker


class Host:
    """The state and primitives :class:`studio.workspace.Workspace` gives its mixins."""

    packs: list[Pack]
    _files: dict[Path, FileState]

    def _file(self, path: Path) -> FileState:
        raise NotImplementedError

    def _ref(self, f: FileState) -> EntryRef:
        raise NotImplementedError

    def _checked(self) -> Checker:
        raise NotImplementedError

    def _recheck(self) -> Checker:
        raise NotImplementedError

    def _rebuild(self) -> None:
        raise NotImplementedError

    def _add_file(
        self, pack: Pack, rel: str, kind: str, text: str, *, saved: bool, parse: bool = True
    ) -> FileState:
        raise NotImplementedError

    def _move_file(self, f: FileState, rel: str) -> None:
        raise NotImplementedError

    def ids(self, kind: str) -> list[str]:
        """The ids of a kind in force."""
        raise NotImplementedError

    def replace_text(self, ref: EntryRef, text: str) -> Change:
        """Take new text for a file."""
        raise NotImplementedError

    def add_pack(self, folder: Path) -> Change:
        """Open a pack folder beside those open."""
        raise NotImplementedError
