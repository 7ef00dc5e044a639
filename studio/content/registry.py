"""Checked content and the engine's catalog, built from packs and the code they provide.

Every problem of every file is reported at once; the catalog is built only
from content without problems. This layer never runs code: the plugin layer
(:mod:`studio.plugins.loading`) loads what the user trusts and passes the
behaviours in as :class:`Code`. Charms whose code could not run (untrusted,
or its plugin failed to load) stay known, so one mistake is reported once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from studio.content.check.crosscheck import cross_check
from studio.content.check.problems import MANIFEST, PLUGIN, REFERENCE, Problem
from studio.content.code import Code, failed_plugins
from studio.content.entries import Entry, merge
from studio.content.extensions import effect_settings, whole_amounts
from studio.content.models import ENTRY_KINDS, CharmModel
from studio.content.packs.pack import Pack
from studio.engine.behaviour import Behaviour
from studio.engine.cards import ModifierKind
from studio.engine.catalog import Catalog
from studio.engine.describe import describe_charm

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
    #: Behaviour id -> (pack id, plugin file), to name the culprit when a hook raises.
    origins: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: Charm id -> why it does nothing (its behaviour's code was not allowed to run).
    disabled: dict[str, str] = field(default_factory=dict)
    #: Charm id -> how to let its code run, for each charm of :attr:`disabled` (``trust it with --trust``).
    trust_ways: dict[str, str] = field(default_factory=dict)
    #: Charm id -> the problem of the plugin its behaviour is in, which failed to load (it does nothing).
    failed: dict[str, Problem] = field(default_factory=dict)
    #: ``kind/id`` of entries whose own files have problems: still known by id elsewhere.
    broken: set[str] = field(default_factory=set)
    #: (file name, source) of each pack plugin that ran: what a snapshot of this content runs again.
    sources: list[tuple[str, str]] = field(default_factory=list)
    catalog: Catalog | None = None

    def charm_origin(self, charm_id: str) -> tuple[str, str, str] | None:
        """Return (behaviour id, pack id, plugin file) of a code charm, or None."""
        for e in self.entries:
            if e.id == charm_id and isinstance(e.model, CharmModel) and e.model.behaviour:
                pack_id, file = self.origins.get(e.model.behaviour, (e.pack.id, "?"))
                return e.model.behaviour, pack_id, file
        return None

    def idle(self, charm_id: str) -> str | None:
        """Why a code charm does nothing in this content, and what to do about it; None if it runs (or is
        data only)."""
        if charm_id in self.failed:
            return f"its code did not load: {self.failed[charm_id]}"
        why = self.disabled.get(charm_id)
        if why is None:
            return None
        way = self.trust_ways.get(charm_id)
        return f"{why} ({way})" if way else why


def assemble(packs: Sequence[Pack], code: Code, requested: Sequence[Pack] | None = None) -> Content:
    """Merge the packs' entries (already in load order), cross-check them and build the catalog;
    ``requested``: the packs asked for by name (default: all of them)."""
    content = Content(packs=list(packs), requested=list(packs if requested is None else requested))
    content.behaviours.update(code.behaviours)
    content.origins.update(code.origins)
    content.sources = list(code.sources)
    content.problems += [p.at_stage(PLUGIN) for p in code.problems]
    merged = merge(packs)
    content.entries = list(merged.entries.values())
    content.broken = set(merged.broken)
    content.problems += merged.problems
    content.warnings += merged.warnings
    content.problems += failed_plugins(content.entries, code)
    for e in content.entries:
        behaviour = e.model.behaviour if isinstance(e.model, CharmModel) else None
        if behaviour is not None and behaviour in code.failed:
            content.failed[e.id] = code.failed[behaviour]
    known = code.declared()
    content.problems += [
        p.at_stage(REFERENCE) for p in cross_check(content.entries, known, merged.broken, merged.invalid)
    ]
    name_untrusted_charms(content, code.untrusted, code.untrusted_packs)
    if not content.problems:
        content.catalog = build_catalog(content.entries, content.behaviours)
    return content


def trust_on_the_command_line(pack: Pack, requested: bool) -> str:
    """How a command trusts ``pack``: ``--trust`` trusts the packs named, so one that came in as a
    dependency (not ``requested``) is named."""
    return "--trust" if requested else f"--pack {pack.id} --trust"


def name_untrusted_charms(
    content: Content,
    untrusted: Mapping[str, Pack],
    untrusted_packs: Sequence[Pack],
    how: Callable[[Pack], str] | None = None,
) -> None:
    """Name each untrusted pack with code (``untrusted_packs``), and the charms whose behaviour only it
    provides (``untrusted``: behaviour id -> pack); ``how`` words the way to trust a pack (the editor's
    is its menu; by default the command line's, for a pack requested or not)."""
    by_pack: dict[str, list[str]] = {p.id: [] for p in untrusted_packs}
    for e in content.entries:
        behaviour = e.model.behaviour if isinstance(e.model, CharmModel) else None
        if behaviour is not None and behaviour in untrusted and behaviour not in content.behaviours:
            pack = untrusted[behaviour]
            content.disabled[e.id] = f"its code is in pack '{pack.id}', which is not trusted"
            by_pack.setdefault(pack.id, []).append(e.id)
    for pack in untrusted_packs:
        charms = by_pack[pack.id]
        disabled = f"; disabled charms: {', '.join(sorted(charms))}" if charms else ""
        requested = any(p is pack for p in content.requested)
        way = how(pack) if how is not None else trust_on_the_command_line(pack, requested)
        content.trust_ways.update((charm, f"trust it with {way}") for charm in charms)
        why = f"pack '{pack.id}' is not trusted, so its code does not run{disabled} (trust it with {way})"
        content.warnings.append(Problem(pack.manifest_doc.name, 1, 1, why, stage=MANIFEST))


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
        consumables={m.id: m.to_engine(names) for m in by_kind["consumable"]},
        vouchers={m.id: m.to_engine() for m in by_kind["voucher"]},
        tags={m.id: m.to_engine() for m in by_kind["tag"]},
        stickers={m.id: m.to_engine() for m in by_kind["sticker"]},
        effect_settings=effect_settings(),
        whole_amounts=whole_amounts(),
    )
