"""The checked state of a workspace: entries in force, every problem, and the engine catalog.

:meth:`Checker.rebuild` merges all packs again from the texts in memory (for a
new id, a new or deleted file). :meth:`Checker.revalidate` handles the common
edit, one entry in force changed in place: it validates that entry, re-runs the
cross-checks, and swaps the entry in the catalog.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from pathlib import Path

from studio.content.art import art_problems
from studio.content.check.crosscheck import (
    SHARED_KINDS,
    Known,
    blind_ids,
    entry_problems,
    known_ids,
    shared_problems,
    unknown_ids,
)
from studio.content.check.hand_cards import played_changes
from studio.content.check.problems import Problem
from studio.content.check.run import named_families
from studio.content.check.validation import validate_document
from studio.content.check.xrefs import MODIFIER_KINDS
from studio.content.entries import Entry, broken_id, merge
from studio.content.io.documents import Document
from studio.content.models import CharmModel, HandTypeModel
from studio.content.packs.pack import Pack
from studio.content.registry import build_catalog
from studio.content.scenarios import Scenario, memo_after_swap, scenario_problems, scenarios_in, size_rules
from studio.engine.behaviour import Behaviour
from studio.engine.catalog import Catalog
from studio.engine.charms import CharmDef
from studio.engine.describe import describe_charm
from studio.workspace.files import FileState


class Checker:
    """Entries, problems and catalog of loaded packs, kept up to date edit by edit."""

    def __init__(
        self, packs: Sequence[Pack], behaviours: dict[str, Behaviour], declared: Iterable[str]
    ) -> None:
        self.packs = packs
        self.behaviours = behaviours
        #: Every behaviour id that exists: loaded, declared by untrusted code, or by a plugin that failed.
        self.known = {*behaviours, *declared}
        self.entries: dict[str, Entry] = {}
        self.broken: set[str] = set()
        self.file_problems: dict[Path, list[Problem]] = {}
        self.warnings: list[Problem] = []
        self.cross: list[Problem] = []
        self.scenarios: dict[Path, list[Scenario]] = {}
        self.catalog: Catalog | None = None
        self.catalog_error: Problem | None = None
        self._scenario_problems: tuple[object, list[Problem]] = (None, [])
        self._known: Known | None = None
        self._shared: list[Problem] = []
        self._own: dict[str, list[Problem]] = {}
        #: Each entry's changes of how many cards a hand may hold (hand types' size check reads them).
        self._played: dict[str, list[tuple[str, float, bool]]] = {}
        #: The consumable families each entry names (checked between entries, as hand sizes).
        self._made: dict[str, list[tuple[str, tuple[str | int, ...]]]] = {}
        #: Entries whose current text fails its checks: their last good version stays in the catalog,
        #: but is not cross-checked (as a full check leaves out an entry whose file has problems).
        self._aside: set[str] = set()

    def rebuild(self, files: Iterable[FileState]) -> None:
        """Merge every pack again from the packs' files (kept in step with the texts in memory).

        An entry whose text fails its checks now keeps its last good version in force, set aside,
        as an edit leaves it: the catalog and the ids do not hang on what was checked again when.
        """
        merged = merge(self.packs)
        files = list(files)
        _take_parsed(files, merged.entries.values())
        kept = self._last_good(merged.entries, merged.broken, files)
        self.entries = {**merged.entries, **kept}
        self.broken = merged.broken
        self.warnings = merged.warnings
        self.file_problems = {}
        for p in merged.problems:
            self.file_problems.setdefault(Path(p.file), []).append(p)
        self.scenarios = {}
        for f in files:
            if f.kind == "scenario":
                self.check_scenarios(f, None if f.syntax else Document(str(f.path), f.text, f.data))
        self._cross_check(aside=set(kept))
        assert self._known is not None
        for bad in merged.invalid:  # a text that fails its schema: the ids it names are checked all the same
            found = unknown_ids(bad.kind, bad.doc, self._known, bad.problems)
            self.file_problems.setdefault(Path(bad.doc.name), []).extend(found)
        self._build_catalog()

    def _last_good(
        self, merged: dict[str, Entry], broken: set[str], files: list[FileState]
    ) -> dict[str, Entry]:
        """The last good versions that stay in force: of each entry whose text fails its checks under
        the same id, or does not parse. The id of a text that does not parse cannot be read: it stands
        for the id it had (in ``broken``), not for its file's name, as the edit that broke it left it."""
        held = {str(f.path): f for f in files}
        kept = {}
        for key, e in self.entries.items():
            f = held.get(e.name)
            if f is None or e.patched or key in merged:
                continue
            if f.syntax is not None:
                broken.discard(f"{f.kind}/{f.path.stem}")
                broken.add(key)
            if key in broken:
                kept[key] = e
        return kept

    def revalidate(self, f: FileState, doc: Document, entry: Entry) -> bool:
        """Re-check the entry in force that ``f`` defines; False if its id changed (rebuild instead),
        also in a text that fails its checks: a full check reads it as another entry then."""
        model, found = validate_document(f.kind, doc)
        if (str(getattr(model, "id", "run")) if model is not None else broken_id(doc, f.rel)) != entry.id:
            return False
        if model is not None:
            found = [*found, *art_problems(f.kind, doc, f.pack.files)]
        if model is None and self._known is not None:  # its ids are checked all the same
            found = [*found, *unknown_ids(f.kind, doc, self._known, found)]
        self.file_problems[f.path] = found
        if model is None:
            self._set_aside(entry)  # the last good version stays in force
            return True
        before = self.entries[entry.key].model
        new = self.entries[entry.key] = Entry(entry.kind, entry.id, doc, model, entry.pack)
        self._cross_check(new)
        self._swap_in_catalog(before, model)
        return True

    def _swap_in_catalog(self, before: object, model: object) -> None:
        """Put one changed entry into the catalog: a charm, or a hand type that kept its name, alone."""
        catalog = self.catalog
        if catalog is not None and isinstance(model, CharmModel):
            charm = self._charm_def(model)
            memo = memo_after_swap(catalog, catalog.charms.get(model.id), charm)
            self.catalog = dataclasses.replace(catalog, charms={**catalog.charms, model.id: charm}, memo=memo)
        elif (
            catalog is not None
            and isinstance(model, HandTypeModel)
            and isinstance(before, HandTypeModel)
            and before.name == model.name  # charms' text names hand types
        ):
            hands = sorted(
                (e.model for e in self.entries.values() if isinstance(e.model, HandTypeModel)),
                key=lambda m: (-m.strength, m.id),
            )
            hand_types = tuple(h.to_engine() for h in hands)
            self.catalog = dataclasses.replace(catalog, hand_types=hand_types, memo={})
        else:
            self._build_catalog()

    def syntax_error(self, f: FileState) -> None:
        """The file's text does not parse: that is its one problem; its last good entry stays."""
        self.file_problems[f.path] = [f.syntax] if f.syntax else []
        entry = next((e for e in self.entries.values() if e.name == str(f.path) and not e.patched), None)
        if entry is not None:
            self._set_aside(entry)

    def check_scenarios(self, f: FileState, doc: Document | None) -> None:
        """Validate a scenario file's scenarios (their ids are checked against the catalog on demand)."""
        if doc is None:
            self.syntax_error(f)
            self.scenarios.pop(f.path, None)
        else:
            found, problems = scenarios_in(doc)
            self.scenarios[f.path] = found
            self.file_problems[f.path] = problems

    def forget(self, path: Path) -> None:
        """Drop what is known of a file that is gone."""
        self.file_problems.pop(path, None)
        self.scenarios.pop(path, None)

    def problems(self) -> list[Problem]:
        """Every error: files, cross-checks, scenarios against the catalog, building the catalog."""
        out = [p for group in self.file_problems.values() for p in group]
        out += self.cross
        out += self._scenario_catalog_problems()
        if self.catalog_error is not None:
            out.append(self.catalog_error)
        return out

    def ids(self, kind: str) -> list[str]:
        """The ids of a kind in force (``behaviour``: every known one; ``modifier``: every modifier)."""
        if kind == "behaviour":
            return sorted(self.known)
        if kind == "blind":
            return sorted(blind_ids(list(self.entries.values())))
        kinds = set(MODIFIER_KINDS) if kind == "modifier" else {kind}
        return sorted({e.id for e in self.entries.values() if e.kind in kinds})

    def _cross_check(self, changed: Entry | None = None, aside: set[str] | None = None) -> None:
        """Re-run the checks between entries, but those ``aside``; for one entry changed in place (same
        id), only its own."""
        entries = list(self.entries.values())
        if changed is None or self._known is None:
            self._aside = aside or set()
            valid = [e for e in entries if e.key not in self._aside]
            self._played = {e.key: played_changes(e.doc.data) for e in entries}
            self._made = {e.key: list(named_families(e.doc.data)) for e in entries}
            self._known = known_ids(valid, self.known, self.broken)
            self._shared = self._shared_problems()
            self._own = {e.key: entry_problems(e, self._known) for e in valid}
        else:
            played = played_changes(changed.doc.data)  # a charm may change how many cards a hand holds
            again = changed.kind in SHARED_KINDS or changed.key in self._aside
            made = list(named_families(changed.doc.data))  # a charm may make or ask about a family
            again = (
                again
                or played != self._played.get(changed.key, [])
                or made != self._made.get(changed.key, [])
            )
            self._aside.discard(changed.key)
            self._played[changed.key] = played
            self._made[changed.key] = made
            if changed.kind == "run":  # its blinds are ids other entries name: every entry's ids again
                valid = [e for e in entries if e.key not in self._aside]
                self._known = known_ids(valid, self.known, self.broken)
                self._own = {e.key: entry_problems(e, self._known) for e in valid}
            else:
                self._own[changed.key] = entry_problems(changed, self._known)
            if again:
                self._shared = self._shared_problems()
        self._gather()

    def _set_aside(self, entry: Entry) -> None:
        """Stop cross-checking an entry whose current text fails (its problems are of a text now gone)."""
        if entry.key in self._aside:
            return
        self._aside.add(entry.key)
        self._own[entry.key] = []
        if entry.kind in SHARED_KINDS or self._played.get(entry.key) or self._made.get(entry.key):
            self._shared = self._shared_problems()
        self._gather()

    def _shared_problems(self) -> list[Problem]:
        """The checks between entries, over the entries whose current text passes its own checks."""
        valid = [e for e in self.entries.values() if e.key not in self._aside]
        return shared_problems(valid, [c for e in valid for c in self._played.get(e.key, [])])

    def _gather(self) -> None:
        """The cross-check problems: those between entries and each entry's own."""
        self.cross = sorted({*self._shared, *(p for group in self._own.values() for p in group)})

    def _scenario_catalog_problems(self) -> list[Problem]:
        """The scenarios' unknown ids, bad cards and hand sizes against the catalog (kept while its ids,
        the rules that change a hand's size, the entries whose files have problems and the scenario files'
        texts stay the same: a full check of the packs reads most of them again as they were); naming an
        entry whose own file has problems is not a second problem, as in ``studio validate``."""
        catalog = self.catalog
        if catalog is None:
            return []
        key = (
            _catalog_ids(catalog),
            size_rules(catalog),
            frozenset(self.broken),
            tuple((path, tuple(s.doc.text for s in group)) for path, group in self.scenarios.items()),
        )
        if self._scenario_problems[0] != key:
            scenarios = [s for group in self.scenarios.values() for s in group]
            found = [p for s in scenarios for p in scenario_problems(s, catalog, self.broken)]
            self._scenario_problems = (key, found)
        return self._scenario_problems[1]

    def _build_catalog(self) -> None:
        try:
            self.catalog = build_catalog(list(self.entries.values()), self.behaviours)
            self.catalog_error = None
        except (ValueError, KeyError, TypeError) as exc:
            where = self.packs[-1].manifest_doc.name if self.packs else "."
            self.catalog_error = Problem(where, 1, 1, f"the game cannot be built from this content: {exc}")

    def _charm_def(self, model: CharmModel) -> CharmDef:
        """The engine charm, described as build_catalog describes it."""
        names = {e.id: e.model.name for e in self.entries.values() if isinstance(e.model, HandTypeModel)}
        plain = model.to_engine(self.behaviours.get(model.behaviour) if model.behaviour else None)
        return model.to_engine(plain.behaviour, describe_charm(plain, names))


def _catalog_ids(catalog: Catalog) -> object:
    """What a scenario's checks read from a catalog: the ids of each kind, the hand types' order, the
    difficulty levels, the names a misspelt id is matched against (an edit in place may change a
    charm's name), the run's blinds and the charms' variables (a scenario names them too)."""
    named = (catalog.charms, catalog.bosses, catalog.decks, catalog.vouchers, catalog.stickers)
    return (
        tuple(h.id for h in catalog.hand_types),
        frozenset(d.level for d in catalog.difficulties.values()),
        *(frozenset(m) for m in (catalog.upgrades, catalog.editions, catalog.seals)),
        *(frozenset((k, str(getattr(v, "name", ""))) for k, v in m.items()) for m in named),
        tuple(b.id for b in catalog.run.blinds) if catalog.run is not None else (),
        frozenset((k, v.name, v.type) for k, c in catalog.charms.items() for v in c.variables),
    )


def _take_parsed(files: list[FileState], entries: Iterable[Entry]) -> None:
    """Give files not parsed yet the data the merge parsed from the same text; parse the others."""
    by_path = {f.path: f for f in files if f.pending}
    for e in entries:
        f = by_path.pop(Path(e.name), None) if not e.patched else None
        if f is not None and e.doc.text == f.text:
            f.data, f.syntax, f.pending = e.doc.data, None, False
    for f in files:
        if f.pending:
            f.set_text(f.text)
