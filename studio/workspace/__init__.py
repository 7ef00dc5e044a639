"""The editing core below the GUI: open packs, edit entries, check them, save them (docs/workspace.md)."""

from studio.workspace.model import Change, EntryRef, JsonPath, Problem, Usage, WorkspaceError
from studio.workspace.workspace import Workspace

__all__ = ["Change", "EntryRef", "JsonPath", "Problem", "Usage", "Workspace", "WorkspaceError"]
