"""Loading packs into checked content and building the engine's catalog.

Every problem of every file is reported at once; the catalog is built only
from content without problems. Code runs only from packs the caller trusts;
an untrusted pack still loads its data, and its code charms are disabled with
a warning that says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from studio.content.crosscheck import cross_check
from studio.content.entries import Entry, merge
from studio.content.models import ENTRY_KINDS, CharmModel
from studio.content.packs import Pack, base_pack
from studio.content.problems import Problem
from studio.engine.behaviour import Behaviour
from studio.engine.cards import ModifierKind
from studio.engine.catalog import Catalog
from studio.engine.describe import describe_charm
from studio.plugins.loader import declared_behaviours, entry_point_behaviours, load_plugins

Trusted = Callable[[Pack], bool]


def builtin_only(pack: Pack) -> bool:
    """The default trust: only the base game's own code runs."""
    return pack.builtin


@dataclass
class Content:
    """Loaded content: packs in load order, entries, problems, warnings, behaviours, catalog."""

    packs: list[Pack] = field(default_factory=list)
    #: The packs asked for by name (the others came in as dependencies).
    requested: list[Pack] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    behaviours: dict[str, Behaviour] = field(default_factory=dict)
    #: Charm id -> why it does nothing (its behaviour's code was not allowed to run).
    disabled: dict[str, str] = field(default_factory=dict)
    catalog: Catalog | None = None


def load_packs(packs: Sequence[Pack], trusted: Trusted = builtin_only) -> Content:
    """Load packs (already in load order): trusted code, then entries, then cross-checks."""
    content = Content(packs=list(packs), requested=list(packs))
    found, problems = entry_point_behaviours()
    content.behaviours.update(found)
    content.problems += problems
    untrusted: dict[str, Pack] = {}
    for pack in packs:
        code = pack.code()
        if not code:
            continue
        if trusted(pack):
            found, problems = load_plugins(code)
            content.behaviours.update(found)
            content.problems += problems
        else:
            for _, source in code:
                untrusted.update(dict.fromkeys(declared_behaviours(source), pack))
    merged = merge(packs)
    content.entries = list(merged.entries.values())
    content.problems += merged.problems
    content.warnings += merged.warnings
    content.problems += cross_check(content.entries, {*content.behaviours, *untrusted}, merged.broken)
    _disable(content, untrusted)
    if not content.problems:
        content.catalog = build_catalog(content.entries, content.behaviours)
    return content


def load_base() -> Content:
    """Load the base game alone, with its own code."""
    return load_packs([base_pack()])


def _disable(content: Content, untrusted: dict[str, Pack]) -> None:
    """Name the charms whose behaviour only an untrusted pack provides."""
    by_pack: dict[str, list[str]] = {}
    for e in content.entries:
        behaviour = e.model.behaviour if isinstance(e.model, CharmModel) else None
        if behaviour in untrusted and behaviour not in content.behaviours:
            pack = untrusted[behaviour]
            content.disabled[e.id] = f"its code is in pack '{pack.id}', which is not trusted"
            by_pack.setdefault(pack.id, []).append(e.id)
    for pack_id, charms in by_pack.items():
        pack = next(p for p in content.packs if p.id == pack_id)
        content.warnings.append(
            Problem(
                pack.manifest_doc.name,
                1,
                1,
                f"pack '{pack_id}' is not trusted, so its code does not run; disabled charms: "
                f"{', '.join(sorted(charms))} (trust it with --trust)",
            )
        )


def build_catalog(entries: Sequence[Entry], behaviours: dict[str, Behaviour]) -> Catalog:
    """Build the engine catalog from checked entries."""
    by_kind: dict[str, list[Any]] = {k: [] for k in ENTRY_KINDS}
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
