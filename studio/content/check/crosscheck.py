"""Checks between entries: unknown ids, clashing modifiers, hand types that can never win or be played.

Which fields refer to which kind of entry is read from the schemas' ``x-ref``
marks (studio.content.check.xrefs), the one place that declares it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from studio.content.check.hand_cards import played_changes, played_limit, too_many_cards
from studio.content.check.problems import Problem, json_path
from studio.content.check.run import RUN_KINDS, run_problems
from studio.content.check.xrefs import names_key, references
from studio.content.entries import Entry, Invalid
from studio.content.io.documents import Document
from studio.content.models import ENTRY_KINDS, DeckModel, DifficultyModel, HandTypeModel, RunModel
from studio.engine.cards import CardError, ModifierKind
from studio.engine.names import did_you_mean


@dataclass(frozen=True)
class Known:
    """What references are checked against: ids by kind, behaviours, and each modifier's kind."""

    ids: dict[str, set[str]]
    behaviours: Collection[str]
    modifier_kinds: dict[str, str]


def cross_check(
    entries: Sequence[Entry],
    behaviours: Collection[str],
    broken: Collection[str] = (),
    invalid: Sequence[Invalid] = (),
) -> list[Problem]:
    """Return problems between entries: unknown ids, modifier clashes, unreachable hand types.

    ``behaviours`` holds every behaviour id that exists, loaded or not (an
    untrusted pack's code declares ids without running). ``broken`` names
    entries (``kind/id``) whose own files have problems: referring to them is
    not a second problem. The unknown ids ``invalid`` files name are problems too.
    """
    known = known_ids(entries, behaviours, broken)
    problems = shared_problems(entries)
    for e in entries:
        problems += entry_problems(e, known)
    for bad in invalid:
        problems += unknown_ids(bad.kind, bad.doc, known, bad.problems)
    return sorted(set(problems))


def known_ids(entries: Sequence[Entry], behaviours: Collection[str], broken: Collection[str] = ()) -> Known:
    """The ids references may name (an entry whose file has problems still counts)."""
    ids = {kind: {e.id for e in entries if e.kind == kind} for kind in ENTRY_KINDS}
    ids["blind"] = blind_ids(entries)
    for key in broken:
        kind, _, entry_id = key.partition("/")
        ids[kind].add(entry_id)
    modifier_kinds: dict[str, str] = {}
    for kind in ("upgrade", "edition", "seal"):
        for e in entries:
            if e.kind == kind:
                modifier_kinds.setdefault(e.id, kind)
    return Known(ids, behaviours, modifier_kinds)


def blind_ids(entries: Sequence[Entry]) -> set[str]:
    """The ids of the blinds the run table defines (what a condition's or scenario's ``blind`` names)."""
    return {b.id for e in entries if isinstance(e.model, RunModel) for b in e.model.blinds}


def entry_problems(e: Entry, known: Known) -> list[Problem]:
    """The problems of one entry's own references: its file name, the ids it names, its deck's cards."""
    problems: list[Problem] = []
    if e.kind != "run" and not e.patched and e.stem != e.id:
        problems.append(e.problem(f"id '{e.id}' differs from the file name '{e.stem}'", "id"))
    problems += unknown_ids(e.kind, e.doc, known)
    if isinstance(e.model, DeckModel):
        problems += _deck_problems(e, known.modifier_kinds)
    return problems


def unknown_ids(kind: str, doc: Document, known: Known, skip: Collection[Problem] = ()) -> list[Problem]:
    """The ids a document of ``kind`` names that nothing defines, each with the id most likely meant.

    The ids are read from the data as written, so a file whose text fails its schema has them checked
    too (every mistake of it shown at once); none where a problem of ``skip`` (its schema's) already is.
    """
    taken = {p.path for p in skip}
    out = []
    for ref_kind, ref, parts in references(kind, doc.data):
        if ref_kind == "modifier":
            continue  # _deck_problems names the card group, and modifiers that clash
        ids = known.behaviours if ref_kind == "behaviour" else known.ids[ref_kind]
        path = json_path((*doc.prefix, *parts))
        if ref in ids or path in taken or (ref_kind == "blind" and not ids):  # no run table: no blinds known
            continue
        line, col = doc.locate(parts, key=names_key(kind, parts))
        message = _other_modifier(ref_kind, ref, known) or (
            f"unknown {ref_kind.replace('_', ' ')} '{ref}'{did_you_mean(ref, ids)}"
        )
        out.append(Problem(doc.name, line, col, message, path))
    return out


#: The kinds of card modifier, each with its article: an id of one is often written where another goes.
_MODIFIERS = {"upgrade": "an upgrade", "edition": "an edition", "seal": "a seal"}


def _other_modifier(ref_kind: str, ref: str, known: Known) -> str | None:
    """Say that an id named where one kind of modifier goes is another kind's (``upgrade: gold_seal``:
    spelling alone suggested the upgrade ``gold``); None when it is not."""
    if ref_kind not in _MODIFIERS:
        return None
    other = next((k for k in _MODIFIERS if k != ref_kind and ref in known.ids.get(k, ())), None)
    if other is None:
        return None
    return f"'{ref}' is {_MODIFIERS[other]}, not {_MODIFIERS[ref_kind]}: name it where {other}s go"


#: The kinds whose content (not only ids) :func:`shared_problems` reads.
SHARED_KINDS = frozenset({"hand_type", "difficulty", "run", *RUN_KINDS})


def shared_problems(
    entries: Sequence[Entry], played: Sequence[tuple[str, float, bool]] | None = None
) -> list[Problem]:
    """Problems between entries: one id as two kinds of modifier, hand type order and size, difficulty levels,
    and what a run sells (:mod:`studio.content.check.run`).

    ``played`` lists every change of the cards a hand may hold (read from the entries if not given).
    """
    problems: list[Problem] = []
    modifier_kinds: dict[str, str] = {}
    for kind in ("upgrade", "edition", "seal"):
        for e in entries:
            if e.kind == kind:
                other = modifier_kinds.setdefault(e.id, kind)
                if other != kind:
                    problems.append(
                        e.problem(f"'{e.id}' is both {_a(other)} and {_a(kind)}; cards could not tell", "id")
                    )
    hands = [e for e in entries if e.kind == "hand_type"]
    problems += _order_problems(hands)
    if played is None:
        played = [change for e in entries for change in played_changes(e.doc.data)]
    problems += too_many_cards(hands, played_limit(played))
    problems += _difficulty_problems(entries)
    problems += run_problems(entries)
    return problems


def _a(noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


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
    """Hand types that share a strength, or that a stronger type always beats. Each is told at the
    type of the later pack (``hands`` is in load order), the one its author can change: a pack's type
    that hides one of the base game's is the pack's problem."""
    out = []
    loaded: dict[int, int] = {}
    for e in hands:
        loaded.setdefault(id(e.pack), len(loaded))
    ordered = sorted(hands, key=lambda e: -_hand(e).strength)
    for i, e in enumerate(ordered):
        for stronger in ordered[:i]:
            if _hand(stronger).strength == _hand(e).strength:
                out.append(
                    e.problem(f"same strength as '{stronger.id}'; the order would be a guess", "strength")
                )
            elif _hand(stronger).to_engine().is_implied_by(_hand(e).to_engine()):
                if loaded[id(stronger.pack)] > loaded[id(e.pack)]:
                    told = f"hand type '{stronger.id}' hides '{e.id}' of pack '{e.pack.id}':"
                    out.append(
                        stronger.problem(
                            f"{told} every hand that fits '{e.id}' also fits '{stronger.id}', which is "
                            f"stronger, so '{e.id}' can never win (its strength is {_hand(e).strength})",
                            "strength",
                        )
                    )
                else:
                    out.append(
                        e.problem(
                            f"hand type '{e.id}' can never win: every hand that fits it also fits "
                            f"the stronger '{stronger.id}' (strength {_hand(stronger).strength}); give it a "
                            f"greater strength or a pattern '{stronger.id}' does not take in",
                            "strength",
                        )
                    )
                break
    return out


def _hand(e: Entry) -> HandTypeModel:
    assert isinstance(e.model, HandTypeModel)
    return e.model


def _difficulty_problems(entries: Sequence[Entry]) -> list[Problem]:
    """Two difficulties of one level (the blinds their rewards name are ids, checked as every id is)."""
    out = []
    levels: dict[int, Entry] = {}
    for e in entries:
        if not isinstance(e.model, DifficultyModel):
            continue
        level = e.model.level
        if levels.setdefault(level, e) is not e:
            out.append(e.problem(f"level {level} is also '{levels[level].id}'", "level"))
    return out
