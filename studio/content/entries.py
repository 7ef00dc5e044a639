"""Entries: the content files of packs, read, validated and merged in load order.

A later pack may redefine an entry only if its manifest lists it under
``replaces``, and may change fields of an earlier entry with a patch file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from studio.content.art import art_problems, icon_problems
from studio.content.check.problems import Problem, json_path
from studio.content.check.validation import validate_document
from studio.content.io.documents import CONTENT_SUFFIXES, Document
from studio.content.models import ENTRY_KINDS, FOLDER_KINDS, PatchModel
from studio.content.packs.folders import BACKUP_SUFFIXES
from studio.content.packs.pack import MANIFEST, Pack, is_code
from studio.content.patches import merge_patch
from studio.engine.names import ID, did_you_mean


@dataclass(frozen=True)
class Entry:
    """One definition: its kind, id, document (where problems point) and model, and its pack."""

    kind: str
    id: str
    doc: Document
    model: BaseModel
    pack: Pack

    @property
    def name(self) -> str:
        """The file problems name."""
        return self.doc.name

    @property
    def stem(self) -> str:
        """The file name without folder or suffix."""
        return Path(self.doc.name).stem

    @property
    def patched(self) -> bool:
        """True if a patch changed this entry (its document is then the patch's)."""
        return bool(self.doc.prefix)

    @property
    def key(self) -> str:
        """``kind/id``, as manifests and patches name entries."""
        return f"{self.kind}/{self.id}"

    def at(self, *parts: object, key: bool = False) -> tuple[int, int]:
        """Return the (line, column) of a field's value in this entry (with ``key``, of its key)."""
        return self.doc.locate(parts, key)

    def problem(self, message: str, *parts: object, key: bool = False) -> Problem:
        """Return a problem located at a field's value in this entry (with ``key``, at its key)."""
        line, col = self.at(*parts, key=key)
        return Problem(self.name, line, col, message, json_path((*self.doc.prefix, *parts)))


def kind_of(rel: str) -> str | None:
    """Return the entry kind of a pack file from its place (``charms/x.yaml``, ``run.yaml``)."""
    if not rel.endswith(CONTENT_SUFFIXES) or rel == MANIFEST:
        return None
    if rel == "run.yaml":
        return "run"
    kind = FOLDER_KINDS.get(rel.split("/", 1)[0]) if "/" in rel else None
    return kind if kind in ENTRY_KINDS else None


#: The folders of a pack whose YAML and JSON files are read: one per kind (``tests``, ``patches`` too).
CONTENT_FOLDERS = tuple(sorted(f for f in FOLDER_KINDS if "." not in f))
#: The content suffixes as a message lists them: ".yaml, .yml or .json".
_SUFFIXES_TOLD = f"{', '.join(CONTENT_SUFFIXES[:-1])} or {CONTENT_SUFFIXES[-1]}"


def is_read(rel: str) -> bool:
    """Whether loading a pack reads its file ``rel``: the manifest, an entry (in its kind's folder or
    one below it), a test, a patch, or code right in ``plugins/``."""
    if rel.startswith("plugins/"):
        return is_code(rel)
    folder, _, rest = rel.partition("/")
    return rel.endswith(CONTENT_SUFFIXES) and (
        rel == MANIFEST or kind_of(rel) is not None or (folder in CONTENT_FOLDERS and bool(rest))
    )


def meant_name(name: str) -> str | None:
    """The content file name a file name was plainly meant to be, or None: ``x.YAML`` (a suffix in
    another case) and ``x.yaml.txt`` (a suffix after it, as some editors add) are ``x.yaml``. A backup
    (``x.yaml~``, ``x.yaml.bak``) is no content and gives None, as does a content name already.

    >>> meant_name("f1_c.YAML"), meant_name("f1_e.yaml.txt"), meant_name("x.yaml~"), meant_name("x.yaml")
    ('f1_c.yaml', 'f1_e.yaml', None, None)
    """
    if name.endswith(CONTENT_SUFFIXES) or name.lower().endswith(BACKUP_SUFFIXES):
        return None
    lower = name.lower()
    for suffix in CONTENT_SUFFIXES:
        at = lower.find(suffix + ".") if not lower.endswith(suffix) else len(lower) - len(suffix)
        if at > 0:
            return name[:at] + suffix
    return None


def misnamed(rel: str) -> str | None:
    """The name a file ``rel`` of a pack was plainly meant to have, if it is in a content folder (or is
    ``run.yaml`` at the top) but ends in no content suffix: see :func:`meant_name`."""
    folder, _, rest = rel.partition("/")
    meant = meant_name(rel.rpartition("/")[2])
    if meant is not None and ((folder in CONTENT_FOLDERS and rest) or (meant == "run.yaml" and not rest)):
        return meant
    return None


def unread_files(pack: Pack) -> list[Problem]:
    """A problem for each file of ``pack`` that looks like content or code but that nothing reads: a YAML
    or JSON file outside the content folders (``charm/`` for ``charms/``), one in a content folder whose
    name does not end in a content suffix (``x.YAML``, ``x.yaml.txt``: see :func:`meant_name`), a ``.py``
    file below ``plugins/``. A pack would otherwise validate, test and build with its entry or test left
    out."""
    out = []
    for rel in sorted(pack.files):
        if is_read(rel):
            continue
        folder, _, rest = rel.partition("/")
        meant = misnamed(rel)
        if meant is not None:
            why = f"not read: content files end in {_SUFFIXES_TOLD} (did you mean '{meant}'?)"
        elif rel.endswith(CONTENT_SUFFIXES) and not rest:
            why = f"not read: at the top of a pack, only {MANIFEST} and run.yaml are content"
        elif rel.endswith(CONTENT_SUFFIXES):
            known = [f"{f}/" for f in CONTENT_FOLDERS]
            why = f"not read: {folder}/ is not a content folder{did_you_mean(f'{folder}/', known)}"
        elif folder == "plugins" and "/" in rest and rel.endswith(".py"):
            why = "not run: a pack's code is the .py files right in plugins/, not in a folder below it"
        else:
            continue
        out.append(Problem(pack.name_of(rel), 1, 1, why))
    return out


def pack_entries(
    pack: Pack, broken: set[str] | None = None, invalid: list[Invalid] | None = None
) -> tuple[list[Entry], list[Problem]]:
    """Read and validate every entry file of a pack; add the ``kind/id`` of invalid ones to ``broken``,
    and those that parse to ``invalid`` (their ids are checked all the same)."""
    entries: list[Entry] = []
    problems: list[Problem] = []
    for rel in sorted(pack.files):
        kind = kind_of(rel)
        if kind is None:
            continue
        doc = pack.document(rel)
        if isinstance(doc, Problem):
            problems.append(doc)
        else:
            model, found = validate_document(kind, doc)
            problems += found
            if model is not None:
                problems += art_problems(kind, doc, pack.files)
                entries.append(Entry(kind, str(getattr(model, "id", "run")), doc, model, pack))
                continue
            if invalid is not None:
                invalid.append(Invalid(kind, doc, tuple(found)))
        if broken is not None:
            broken.add(f"{kind}/{broken_id(doc, rel)}")
    return entries, problems


def broken_id(doc: Document | Problem, rel: str) -> str:
    """The id an invalid entry file stands for: the ``id`` it gives when that is an id, else its file's
    name (an id must be its file's name, so one that cannot be read is still known by it, and a
    reference to it is not a second problem)."""
    given = doc.data.get("id") if isinstance(doc, Document) and isinstance(doc.data, dict) else None
    return given if isinstance(given, str) and ID.fullmatch(given) else Path(rel).stem


@dataclass(frozen=True)
class Invalid:
    """An entry file that parses but fails its schema: its kind, document and the problems found."""

    kind: str
    doc: Document
    problems: tuple[Problem, ...]


@dataclass
class Merged:
    """The entries in force after every pack, and the problems and warnings of merging."""

    entries: dict[str, Entry] = field(default_factory=dict)
    #: ``kind/id`` of entries whose files have problems: other files may still name them.
    broken: set[str] = field(default_factory=set)
    #: The entry files that parse but fail their schemas (the ids they name are checked all the same).
    invalid: list[Invalid] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def merge(packs: Sequence[Pack]) -> Merged:
    """Merge the packs' entries in load order, applying ``replaces`` and patches."""
    out = Merged()
    for pack in packs:
        entries, problems = pack_entries(pack, out.broken, out.invalid)
        out.problems += problems + unread_files(pack) + icon_problems(pack.manifest_doc, pack.files)
        replaced: set[str] = set()
        for e in entries:
            before = out.entries.get(e.key)
            if before is None:
                out.entries[e.key] = e
            elif before.pack is not pack and e.key in pack.manifest.replaces:
                out.entries[e.key] = e
                replaced.add(e.key)
            else:
                out.problems.append(_duplicate(e, before))
        defined = {e.key for e in entries}
        for i, key in enumerate(pack.manifest.replaces):
            if key not in replaced:
                why = _not_replaced(key, defined, set(out.entries))
                line, col = pack.manifest_doc.locate(("replaces", i))
                out.warnings.append(
                    Problem(pack.manifest_doc.name, line, col, f"replaces '{key}', {why}", f"$.replaces[{i}]")
                )
        _apply_patches(pack, out)
    return out


def _not_replaced(key: str, defined: set[str], earlier: set[str]) -> str:
    """Why ``key`` of a pack's ``replaces`` replaced nothing, with the key most likely meant: a kind
    misspelt (``charms/x``), or the closest of the pack's and the earlier packs' entries."""
    kind, _, entry_id = key.partition("/")
    if kind not in ENTRY_KINDS:
        guess = did_you_mean(kind, ENTRY_KINDS).removeprefix(" (did you mean '").removesuffix("'?)")
        written = f"; write it as {guess}/{entry_id}" if guess else f" ({', '.join(ENTRY_KINDS)})"
        return f"but '{kind}' is no kind of entry{written}"
    if key in defined:
        return "which no earlier pack defines"
    return f"but this pack does not define it{did_you_mean(key, defined | earlier)}"


def _duplicate(e: Entry, before: Entry) -> Problem:
    line, _ = before.at("id")
    message = f"{e.kind.replace('_', ' ')} id '{e.id}' is already defined in {before.name}:{line}"
    if before.pack is not e.pack:
        message += (
            f"; to redefine it on purpose, list '{e.key}' under replaces: in {e.pack.manifest_doc.name}"
        )
    return e.problem(message, "id")


def _apply_patches(pack: Pack, out: Merged) -> None:
    for rel in sorted(pack.files):
        if not rel.startswith("patches/") or not rel.endswith(CONTENT_SUFFIXES):
            continue
        doc = pack.document(rel)
        if isinstance(doc, Problem):
            out.problems.append(doc)
            continue
        model, problems = validate_document("patch", doc)
        out.problems += problems
        if not isinstance(model, PatchModel):
            continue
        target = out.entries.get(model.target)
        if target is None:
            line, col = doc.locate(("target",))
            out.problems.append(
                Problem(
                    doc.name,
                    line,
                    col,
                    f"no loaded pack defines '{model.target}'{did_you_mean(model.target, out.entries)}",
                    "$.target",
                )
            )
            continue
        if "id" in model.set:
            line, col = doc.locate(("set", "id"), key=True)
            out.problems.append(
                Problem(doc.name, line, col, "a patch cannot change an entry's id", "$.set.id")
            )
            continue
        merged = Document(doc.name, doc.text, merge_patch(target.doc.data, model.set), prefix=("set",))
        patched, problems = validate_document(target.kind, merged)
        out.problems += problems
        if patched is not None and "art" in model.set:  # the patch's image is in the patch's pack
            out.problems += art_problems(target.kind, merged, pack.files)
        if patched is not None:
            out.entries[model.target] = Entry(target.kind, target.id, merged, patched, pack)
