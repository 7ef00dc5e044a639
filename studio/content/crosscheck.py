"""Checks between entries: unknown ids, clashing modifiers, hand types that can never win."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from pydantic import BaseModel

from studio.content.entries import Entry
from studio.content.models import ENTRY_KINDS, CharmModel, DeckModel, DifficultyModel, HandTypeModel, RunModel
from studio.content.models.common import ConditionsModel
from studio.content.models.effects import LevelUpEffect
from studio.content.problems import Problem
from studio.engine.cards import CardError, ModifierKind
from studio.engine.names import did_you_mean


def cross_check(
    entries: Sequence[Entry], behaviours: Collection[str], broken: Collection[str] = ()
) -> list[Problem]:
    """Return problems between entries: unknown ids, modifier clashes, unreachable hand types.

    ``behaviours`` holds every behaviour id that exists, loaded or not (an
    untrusted pack's code declares ids without running). ``broken`` names
    entries (``kind/id``) whose own files have problems: referring to them is
    not a second problem.
    """
    problems: list[Problem] = []
    for e in entries:
        if e.kind != "run" and not e.patched and e.stem != e.id:
            problems.append(e.problem(f"id '{e.id}' differs from the file name '{e.stem}'", "id"))
    ids = {kind: {e.id for e in entries if e.kind == kind} for kind in ENTRY_KINDS}
    for key in broken:
        kind, _, entry_id = key.partition("/")
        ids[kind].add(entry_id)
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
    if isinstance(model, LevelUpEffect) and model.hand_type:
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
        if not isinstance(e.model, DifficultyModel):
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
