"""Long editing sessions, drawn at random: edits, typing, groups, undo, redo, saves, renames, new,
copied and deleted entries.

Whatever the order, undoing every step gives back each file's text from the start, its problems,
the charms the preview knows and the files on disk, and redoing them gives back the session's end
(docs/workspace.md, "Undo"); the problems and charms as long as the same last good versions stand
for the texts that fail their checks (docs/workspace.md, "Editing"). A rename, a new entry and a delete are not steps: the files they
change undo no further than the text they left, and a file that shared a step with one of them no
further than that step. On the way, undo then redo changes nothing, the history answers the same
when asked twice, the references follow a rename, renaming back puts back the text of every file
the rename changed, and a file is unsaved exactly when its text is not the one on disk.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from studio.workspace import Change, Problem, Workspace, WorkspaceError

ROOT = Path(__file__).resolve().parents[2]
#: What the small copy keeps of the folders it thins (the others stay whole): it checks clean.
KEEP = {
    "charms": {"even_mult", "money_mult", "plain_mult", "splash", "pair_mult", "minimalist"},
    "tests": {"appendix", "negative_edition"},
    "consumables": {"ace_maker", "star_pair", "bonfire"},
    **{folder: set() for folder in ("bosses", "vouchers", "tags", "stickers", "difficulties")},
}
CHARMS = ("plain_mult", "money_mult", "pair_mult", "splash")
#: The entries renamed: plain_mult is named by both scenario files, money_mult by one.
RENAMED = ("plain_mult", "money_mult")
NEW = ("new_mult", "copied_mult")
SCENARIOS = ("appendix", "negative_edition")
#: The files edited: few, so that edits, groups and renames meet often.
EDITED = (*RENAMED, "new_mult", "pair", "appendix")
AMOUNT = ("abilities", 0, "effects", 0, "amount")
FIELDS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "charm": (("cost",), ("name",), AMOUNT),
    "pair": (("points",), ("name",)),
    "appendix": (("money",), ("name",)),
}
VALUES = st.one_of(st.integers(1, 9), st.sampled_from(["Plain", "with: colon", "2H 2D"]), st.none())
BROKEN = "oops: [\n"

Edit = tuple[str, tuple[Any, ...], Any]
EDITS = st.sampled_from(EDITED).flatmap(
    lambda key: st.tuples(st.just(key), st.sampled_from(FIELDS.get(key, FIELDS["charm"])), VALUES)
)
OPS = st.one_of(
    st.tuples(st.just("set"), EDITS, st.booleans()),
    st.tuples(st.just("text"), st.sampled_from(EDITED), st.sampled_from(["note", "broken", "saved", "id"])),
    st.tuples(st.just("type"), st.sampled_from(EDITED), st.integers(1, 3), st.integers(0, 3)),
    st.tuples(st.just("group"), st.lists(EDITS, min_size=2, max_size=3)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.tuples(st.just("save"), st.sampled_from(EDITED)),
    st.tuples(st.just("rename"), st.sampled_from(RENAMED), st.booleans()),
    st.tuples(st.sampled_from(["create", "duplicate", "delete"]), st.sampled_from((*CHARMS, *NEW))),
)


@pytest.fixture(scope="module")
def small_content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The base game with a few charms, consumables and scenario files: quick to open once per example."""
    folder = tmp_path_factory.mktemp("small") / "base"
    shutil.copytree(ROOT / "content", folder)
    for name, kept in KEEP.items():
        for file in (folder / name).glob("*.yaml"):
            if file.stem not in kept:
                file.unlink()
    return folder


@dataclass(frozen=True)
class State:
    """What a designer sees: every file's text, the unsaved ones, the problems, the charms the
    preview knows, and the disk."""

    texts: dict[Path, str]
    dirty: frozenset[Path]
    problems: tuple[Problem, ...]
    charms: frozenset[str]
    disk: dict[Path, str]
    #: The entries in force by their last good version (their file's text fails its checks): its text.
    held: dict[str, str]

    def matches(self, other: State) -> bool:
        """The same texts, unsaved files and disk, and while the same last good versions stand in,
        the same problems and charms.

        Which version is last good hangs on the order the texts came, which undo and redo do not
        retrace, and the catalog and the ids a field may name hang on it.
        """
        if (self.texts, self.dirty, self.disk) != (other.texts, other.dirty, other.disk):
            return False
        return self.held != other.held or (self.problems, self.charms) == (other.problems, other.charms)


@dataclass
class Session:
    """A workspace edited through its history, as the window edits it, and what the test knows of it."""

    ws: Workspace
    folder: Path
    paths: dict[str, Path]
    start: State
    #: The texts an operation outside the history left each file it changed with (a rename, a new
    #: entry): undo goes back no further than one of them.
    outside: dict[Path, set[str]] = field(default_factory=dict)
    #: Files that shared a step with a file changed outside the history (or with such a file): their
    #: steps before it went.
    unsure: set[Path] = field(default_factory=set)
    #: Every file changed outside the history: the set of files may differ from the start's.
    touched: set[Path] = field(default_factory=set)
    groups: list[set[Path]] = field(default_factory=list)
    typed: int = 0

    def state(self) -> State:
        ws = self.ws
        texts = self.texts()
        disk = {p: p.read_text(encoding="utf-8") for p in self.folder.rglob("*.yaml")}
        charms = frozenset(ws.catalog.charms if ws.catalog is not None else ())
        held = {key: e.doc.text for key, e in ws.registry.items() if e.doc.text != texts[Path(e.name)]}
        dirty = frozenset(r.path for r in ws.dirty())
        return State(texts, dirty, tuple(ws.problems()), charms, disk, held)

    def texts(self) -> dict[Path, str]:
        """Every file's text."""
        return {r.path: self.ws.text(r) for kind in self.ws.kinds() for r in self.ws.entries(kind)}

    def answers(self) -> tuple[int, int, str, str]:
        """What the Edit menu reads of the history."""
        history = self.ws.history
        return len(history), history.done, history.undo_label, history.redo_label

    def asked(self) -> None:
        """Ask as the window does after every change; asking again answers the same."""
        assert self.answers() == self.answers()

    def path(self, key: str) -> Path | None:
        """The file of ``key`` now (None: there is none, not made yet or deleted)."""
        path = self.paths.get(key)
        try:
            return self.ws.ref(path).path if path is not None else None
        except WorkspaceError:
            return None

    def text(self, path: Path) -> str:
        return self.ws.text(self.ws.ref(path))

    # -- the operations -------------------------------------------------------------------------
    def run(self, op: tuple[Any, ...]) -> None:
        getattr(self, f"_{op[0]}")(*op[1:])
        self.asked()
        _unsaved_as_on_disk(self.state())

    def _set(self, edit: Edit, typing: bool) -> None:
        key, json_path, value = edit
        if (path := self.path(key)) is not None:
            self._refused_or_done(partial(self.ws.history.set_field, path, json_path, value, typing=typing))

    def _text(self, key: str, variant: str) -> None:
        if (path := self.path(key)) is None:
            return
        text = self.text(path)
        if variant == "note":
            text += "# a note\n"
        elif variant == "broken":
            text += BROKEN
        elif variant == "saved":
            text = self.ws.base_text(self.ws.ref(path)) or text
        else:  # an id its file name does not match, or its own again: every pack checked again
            entry_id = self.ws.ref(path).id
            other = entry_id.removesuffix("_b") if entry_id.endswith("_b") else f"{entry_id}_b"
            text = text.replace(f"id: {entry_id}\n", f"id: {other}\n")
        self.ws.history.replace_text(path, text)

    def _type(self, key: str, letters: int, erased: int) -> None:
        """Type a word at the end of the text, a letter at a time (one step), then take back up to
        ``erased`` letters: taking back all of them leaves the text as it began, and nothing to undo."""
        if (path := self.path(key)) is None:
            return
        text = self.text(path)
        self.typed += 1
        word = f"# typed word {self.typed}"
        typed = [text + word[: n + 1] + "\n" for n in range(len(word) - letters, len(word))]
        for typing in typed + typed[-2::-1][:erased] + [text] * (erased >= letters):
            self.ws.history.replace_text(path, typing, typing=True)

    def _group(self, edits: list[Edit]) -> None:
        """One value set on several entries (the table's Set on selected): one step."""
        with self.ws.history.group("Set on selected"):
            for key, json_path, value in edits:
                if (path := self.path(key)) is not None:
                    self._refused_or_done(partial(self.ws.history.set_field, path, json_path, value))
                    self.answers()  # the window redraws after every edit, the Edit menu too
        self.groups.append({path for key, _, _ in edits if (path := self.path(key)) is not None})

    def _undo(self) -> None:
        self._and_back(self.ws.history.undo, self.ws.history.redo)

    def _redo(self) -> None:
        self._and_back(self.ws.history.redo, self.ws.history.undo)

    def _and_back(self, step: Callable[[], Change], back: Callable[[], Change]) -> None:
        """Take a step; the opposite one gives back the state before it, and the step again the one after."""
        before = self.state()
        if not step().files:
            assert self.state() == before
            return
        after = self.state()
        assert after.disk == before.disk  # undo and redo change text, never the disk
        back()
        assert self.state().matches(before)
        step()
        assert self.state().matches(after)

    def _save(self, key: str) -> None:
        if (path := self.path(key)) is None:
            return
        try:
            self.ws.save(self.ws.ref(path))
        except WorkspaceError as exc:
            assert "does not parse" in str(exc)
            return
        assert path.read_text(encoding="utf-8") == self.text(path)

    def _rename(self, key: str, and_back: bool) -> None:
        """Rename the entry (or give it back its id); the references follow, and renaming it back at
        once puts back the text of every file the rename changed (one that named the new id before
        names the old one now)."""
        if (path := self.path(key)) is None:
            return
        old_id = self.ws.ref(path).id
        new_id = key if old_id != key else f"{key}_b"
        texts, dirty = self.texts(), {r.path for r in self.ws.dirty()}
        changed = self._renamed(key, new_id)
        if changed is None:
            return
        self.asked()  # the window asks at once: the steps of the files it rewrote go
        if and_back:
            back = self._renamed(key, old_id) or set()
            now, unsaved = self.texts(), {r.path for r in self.ws.dirty()}
            for p in changed & set(texts):
                assert (now[p], p in unsaved) == (texts[p], p in dirty), p.name
            changed |= back
        self._changed_outside(changed)

    def _renamed(self, key: str, new_id: str) -> set[Path] | None:
        """Rename the entry of ``key``; the files it rewrote (None: refused, and nothing changed)."""
        path = self.paths[key]
        ref = self.ws.ref(path)
        users = self._users(ref.kind, ref.id)
        before = self.texts()
        try:
            change = self.ws.rename(ref, new_id)
        except WorkspaceError:  # an id another entry has, or a text that does not parse
            assert self.texts() == before
            return None
        self.paths[key] = path.with_name(f"{new_id}.yaml")
        assert users <= self._users(ref.kind, new_id)  # every reference follows
        assert self._users(ref.kind, ref.id) == set()
        return change.files

    def _users(self, kind: str, entry_id: str) -> set[tuple[Path, tuple[Any, ...]]]:
        """The places in files whose text parses that name an entry."""
        ws = self.ws
        ref = next((r for r in ws.entries(kind) if r.id == entry_id), None)
        if ref is None:
            return set()
        return {(u.path, parts) for u, parts in ws.references(ref) if BROKEN not in ws.text(u)}

    def _create(self, _: str) -> None:
        self._made("new_mult", lambda: self.ws.create("charm", "new_mult", "base"))

    def _duplicate(self, key: str) -> None:
        if (path := self.path(key)) is not None:
            self._made("copied_mult", lambda: self.ws.duplicate(self.ws.ref(path), "copied_mult"))

    def _made(self, key: str, make: Callable[[], Change]) -> None:
        before = self.texts()
        try:
            change = make()
        except WorkspaceError:  # the id is taken, or the text to copy does not parse
            assert self.texts() == before
            return
        [self.paths[key]] = change.files
        self._changed_outside(change.files)

    def _delete(self, key: str) -> None:
        if (path := self.path(key)) is not None:
            self._changed_outside(self.ws.delete(self.ws.ref(path)).files)
            assert path not in self.texts() and not path.exists()

    def _changed_outside(self, files: set[Path]) -> None:
        texts = self.texts()
        for path in files & set(texts):
            self.outside.setdefault(path, set()).add(texts[path])
        self.touched |= files
        reached = set(files)  # a step that goes takes the steps it cut off, and the steps they were part of
        while more := {p for group in self.groups if group & reached for p in group} - reached:
            reached |= more
        self.unsure |= reached - files

    def _refused_or_done(self, edit: Callable[[], Change]) -> None:
        """An edit the workspace refuses changes nothing and leaves no step."""
        before = self.texts(), self.answers()
        try:
            edit()
        except WorkspaceError:
            assert (self.texts(), self.answers()) == before

    # -- at the end: everything undone, then redone ---------------------------------------------
    def undo_all_and_redo(self) -> None:
        ended, done = self.state(), self.ws.history.done
        for _ in range(done):
            assert self.ws.history.undo().files
        assert self.ws.history.done == 0
        undone = self.state()
        assert undone.disk == ended.disk and set(undone.texts) == set(ended.texts)
        for path, text in undone.texts.items():
            if path in self.unsure:
                continue
            if path in self.outside:
                assert text in self.outside[path], path.name
            else:
                assert text == self.start.texts[path], path.name
        _unsaved_as_on_disk(undone)
        if not self.touched:
            assert (undone.texts, undone.problems, undone.charms) == (
                self.start.texts,
                self.start.problems,
                self.start.charms,
            )
        for _ in range(done):
            assert self.ws.history.redo().files
        assert self.state().matches(ended) and self.ws.history.done == done


def _unsaved_as_on_disk(state: State) -> None:
    """A file is unsaved exactly when its text is not the one on disk at its name."""
    on_disk = {p for p, text in state.disk.items() if state.texts.get(p) == text}
    assert state.dirty == set(state.texts) - on_disk


def _opened(small_content: Path, tmp_path_factory: pytest.TempPathFactory) -> Session:
    folder = tmp_path_factory.mktemp("session") / "base"
    # a save replaces a file, never writes in it: hard links are copies enough
    shutil.copytree(small_content, folder, copy_function=os.link)
    ws = Workspace.open([], base=folder)
    kinds = {**dict.fromkeys(CHARMS, "charm"), "pair": "hand_type", **dict.fromkeys(SCENARIOS, "scenario")}
    paths = {key: next(r.path for r in ws.entries(kind) if r.id == key) for key, kind in kinds.items()}
    session = Session(ws, folder, paths, State({}, frozenset(), (), frozenset(), {}, {}))
    session.start = session.state()
    return session


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # a failing session is shown whole: shrinking it takes minutes
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=st.lists(OPS, min_size=15, max_size=25))
def test_undoing_every_step_gives_back_the_start_and_redoing_them_the_end(
    ops: list[tuple[Any, ...]], small_content: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    session = _opened(small_content, tmp_path_factory)
    for op in ops:
        session.run(op)
    session.undo_all_and_redo()
