"""Loading content trees into checked entries and building the engine's catalog.

A content tree holds one folder per kind (``hands/``, ``charms/``, ...) and
``run.yaml``. Loading reports every problem of every file at once; the catalog
is only built from a tree without problems.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from studio.content.documents import CONTENT_SUFFIXES, Document, DocumentError, read_document
from studio.content.models import KINDS, CharmModel, DeckModel, HandTypeModel, RunModel
from studio.content.models.common import ConditionsModel, EffectModel
from studio.content.paths import base_content_dir, base_plugins_dir
from studio.content.problems import Problem, json_path
from studio.content.validation import validate_document
from studio.engine.behaviour import Behaviour
from studio.engine.cards import CardError, ModifierKind
from studio.engine.catalog import Catalog
from studio.engine.describe import describe_charm
from studio.engine.names import did_you_mean
from studio.plugins.loader import load_plugin_dir

#: Kinds whose entries are defined by content trees (scenarios are tests, not content).
CONTENT_KINDS = tuple(k for k in KINDS if k != "scenario")


@dataclass(frozen=True)
class Entry:
    """One content file: its kind, id, location, raw document and model."""

    kind: str
    id: str
    file: Path
    doc: Document
    model: BaseModel

    def at(self, *parts: object) -> tuple[int, int]:
        """Return the (line, column) of a field of this entry."""
        return self.doc.locate(parts)

    def problem(self, message: str, *parts: object) -> Problem:
        """Return a problem located at a field of this entry."""
        line, col = self.at(*parts)
        return Problem(str(self.file), line, col, message, json_path(parts))


@dataclass
class Content:
    """Loaded content: entries, every problem found, behaviours and (if sound) the catalog."""

    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    behaviours: dict[str, Behaviour] = field(default_factory=dict)
    catalog: Catalog | None = None


def content_files(root: Path) -> Iterator[tuple[str, Path]]:
    """Yield (kind, file) for every content file under ``root``, in a stable order."""
    for kind in CONTENT_KINDS:
        where = root / KINDS[kind][0]
        if kind == "run":
            if where.is_file():
                yield kind, where
            continue
        if where.is_dir():
            for path in sorted(where.rglob("*")):
                if path.suffix in CONTENT_SUFFIXES and path.is_file():
                    yield kind, path


def load_entries(root: Path) -> tuple[list[Entry], list[Problem]]:
    """Read and validate every content file under ``root``."""
    entries: list[Entry] = []
    problems: list[Problem] = []
    for kind, path in content_files(root):
        try:
            doc = read_document(path)
        except DocumentError as exc:
            problems.append(exc.problem)
            continue
        model, found = validate_document(kind, doc)
        problems += found
        if model is not None:
            entries.append(Entry(kind, str(getattr(model, "id", "run")), path, doc, model))
    return entries, problems


def load_content(roots: Sequence[Path], plugin_dirs: Sequence[Path] = ()) -> Content:
    """Load content trees in order, their trusted plugin folders, and cross-check them all."""
    content = Content()
    for directory in plugin_dirs:
        found, problems = load_plugin_dir(directory)
        content.behaviours.update(found)
        content.problems += problems
    for root in roots:
        if not root.is_dir():
            content.problems.append(Problem(str(root), 1, 1, "no such content folder"))
            continue
        entries, problems = load_entries(root)
        content.entries += entries
        content.problems += problems
    content.problems += cross_check(content.entries, content.behaviours)
    if not content.problems:
        content.catalog = build_catalog(content.entries, content.behaviours)
    return content


def load_base() -> Content:
    """Load the base game with its own (trusted) plugins."""
    return load_content([base_content_dir()], [base_plugins_dir()])


def cross_check(entries: Sequence[Entry], behaviours: dict[str, Behaviour]) -> list[Problem]:
    """Return problems between files: duplicates, unknown ids, unreachable hand types."""
    problems: list[Problem] = []
    seen: dict[tuple[str, str], Entry] = {}
    for e in entries:
        first = seen.setdefault((e.kind, e.id), e)
        if first is not e:
            line, _ = first.at("id")
            problems.append(e.problem(f"duplicate {e.kind} id '{e.id}' (also in {first.file}:{line})", "id"))
        if e.kind != "run" and e.file.stem != e.id:
            problems.append(e.problem(f"id '{e.id}' differs from the file name '{e.file.stem}'", "id"))
    ids = {kind: {e.id for e in entries if e.kind == kind} for kind in CONTENT_KINDS}
    modifier_kinds: dict[str, str] = {}
    for kind in ("upgrade", "edition", "seal"):
        for e in entries:
            if e.kind == kind:
                other = modifier_kinds.setdefault(e.id, kind)
                if other != kind:
                    problems.append(
                        e.problem(f"'{e.id}' is both {_a(other)} and {_a(kind)}; cards could not tell", "id")
                    )
    for e in entries:
        for ref_kind, ref, parts in _references(e.model, ()):
            known = behaviours if ref_kind == "behaviour" else ids[ref_kind]
            if ref not in known:
                what = ref_kind.replace("_", " ")
                problems.append(e.problem(f"unknown {what} '{ref}'{did_you_mean(ref, known)}", *parts))
        if isinstance(e.model, DeckModel):
            problems += _deck_problems(e, modifier_kinds)
    problems += _order_problems([e for e in entries if e.kind == "hand_type"])
    problems += _difficulty_problems(entries)
    return sorted(set(problems))


def _a(noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def _references(model: BaseModel, parts: tuple[object, ...]) -> Iterator[tuple[str, str, tuple[object, ...]]]:
    """Yield (kind, id, path) for every id a model refers to."""
    if isinstance(model, ConditionsModel):
        if model.contains:
            yield "hand_type", model.contains, (*parts, "contains")
        for i, t in enumerate(model.hand_types or ()):
            yield "hand_type", t, (*parts, "hand_types", i)
    if isinstance(model, EffectModel) and model.hand_type:
        yield "hand_type", model.hand_type, (*parts, "hand_type")
    if isinstance(model, CharmModel) and model.behaviour:
        yield "behaviour", model.behaviour, (*parts, "behaviour")
    for name in type(model).model_fields:
        value = getattr(model, name)
        key = type(model).model_fields[name].alias or name
        if isinstance(value, BaseModel):
            yield from _references(value, (*parts, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, BaseModel):
                    yield from _references(item, (*parts, key, i))


def _deck_problems(e: Entry, modifier_kinds: dict[str, str]) -> list[Problem]:
    assert isinstance(e.model, DeckModel)
    out = []
    kinds: dict[str, ModifierKind] = {k: v for k, v in modifier_kinds.items()}  # type: ignore[misc]
    for i, group in enumerate(e.model.cards):
        try:
            group.cards(kinds)
        except CardError as exc:
            out.append(e.problem(str(exc), "cards", i, "modifiers"))
    return out


def _order_problems(hands: list[Entry]) -> list[Problem]:
    """Hand types that share a strength, or that a stronger type always beats."""
    out = []
    ordered = sorted(hands, key=lambda e: -_hand(e).strength)
    for i, e in enumerate(ordered):
        for stronger in ordered[:i]:
            if _hand(stronger).strength == _hand(e).strength:
                out.append(
                    e.problem(f"same strength as '{stronger.id}'; the order would be a guess", "strength")
                )
            elif _hand(stronger).to_engine().is_implied_by(_hand(e).to_engine()):
                out.append(
                    e.problem(
                        f"hand type '{e.id}' can never win: every hand that fits it also fits "
                        f"the stronger '{stronger.id}'",
                        "strength",
                    )
                )
                break
    return out


def _hand(e: Entry) -> HandTypeModel:
    assert isinstance(e.model, HandTypeModel)
    return e.model


def _difficulty_problems(entries: Sequence[Entry]) -> list[Problem]:
    out = []
    runs = [e for e in entries if e.kind == "run"]
    blinds = {b.id for e in runs if isinstance(e.model, RunModel) for b in e.model.blinds}
    levels: dict[int, Entry] = {}
    for e in entries:
        if e.kind != "difficulty":
            continue
        level = e.model.level
        if levels.setdefault(level, e) is not e:
            out.append(e.problem(f"level {level} is also '{levels[level].id}'", "level"))
        for blind in e.model.blind_rewards:
            if runs and blind not in blinds:
                out.append(
                    e.problem(f"unknown blind '{blind}'{did_you_mean(blind, blinds)}", "blind_rewards", blind)
                )
    return out


def build_catalog(entries: Sequence[Entry], behaviours: dict[str, Behaviour]) -> Catalog:
    """Build the engine catalog from checked entries."""
    by_kind: dict[str, list[Any]] = {k: [] for k in CONTENT_KINDS}
    for e in entries:
        by_kind[e.kind].append(e.model)
    hands = sorted(by_kind["hand_type"], key=lambda m: (-m.strength, m.id))
    hand_types = tuple(h.to_engine() for h in hands)
    names = {h.id: h.name for h in hands}
    upgrades = {m.id: m.to_engine() for m in by_kind["upgrade"]}
    editions = {m.id: m.to_engine() for m in by_kind["edition"]}
    seals = {m.id: m.to_engine() for m in by_kind["seal"]}
    kinds: dict[str, ModifierKind] = {}
    kinds.update((k, "upgrade") for k in upgrades)
    kinds.update((k, "edition") for k in editions)
    kinds.update((k, "seal") for k in seals)
    charms = {}
    for m in by_kind["charm"]:
        plain = m.to_engine(behaviours.get(m.behaviour) if m.behaviour else None)
        charms[m.id] = m.to_engine(plain.behaviour, describe_charm(plain, names))
    return Catalog(
        hand_types=hand_types,
        charms=charms,
        upgrades=upgrades,
        editions=editions,
        seals=seals,
        bosses={m.id: m.to_engine() for m in by_kind["boss"]},
        decks={m.id: m.to_engine(kinds) for m in by_kind["deck"]},
        difficulties={m.id: m.to_engine() for m in by_kind["difficulty"]},
        run=by_kind["run"][-1].to_engine() if by_kind["run"] else None,
    )
