"""The editing core below the GUI: open packs, edit entries, check them, save them (docs/workspace.md)."""

from studio.workspace.model import Change, EntryRef, JsonPath, NotAllSaved, Problem, Usage, WorkspaceError
from studio.workspace.workspace import Workspace

__all__ = ["Change", "EntryRef", "JsonPath", "NotAllSaved", "Problem", "Usage", "Workspace", "WorkspaceError"]
