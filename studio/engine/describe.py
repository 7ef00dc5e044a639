"""Player-facing charm text generated from the charm's data, so it is never typed twice.

Every piece comes from the kind that owns it (see :mod:`studio.engine.kinds`):
an effect's words, a card condition's part of "each scored ___", a hand or
round condition's clause, a value's "per" phrase, a trigger's lead.

>>> from studio.engine.charms import Ability, CharmDef
>>> from studio.engine.conditions import Conditions
>>> from studio.engine.effects import Effect
>>> ability = Ability("scored_card", (Effect("mult", 3),), Conditions(suits=frozenset("D")))
>>> describe_charm(CharmDef("diamond_mult", abilities=(ability,)))
'+3 Mult for each scored ♦ card'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from studio.engine.cards import SUIT_SYMBOLS, rank_name
from studio.engine.charms import Ability, CharmDef
from studio.engine.conditions import Conditions
from studio.engine.effects import Effect, Scaling
from studio.engine.kinds import CONDITIONS, EFFECTS, TRIGGERS, VALUES
from studio.engine.kinds.phrases import card_noun, card_phrase, with_article
from studio.engine.trace import fmt
from studio.engine.values import Modifier


def describe_charm(
    charm: CharmDef, hand_names: Mapping[str, str] | None = None, values: Mapping[str, Any] | None = None
) -> str:
    """Return the charm's text: one sentence per ability, then its modifiers (hand rules sorted), then
    its variables' current ``values`` (their start values when not given)."""
    if charm.behaviour_id:
        return charm.description
    names = hand_names or {}
    parts = [describe_ability(a, names) for a in charm.abilities]
    flags = sorted(m.value for m in charm.modifiers if VALUES[m.value].flag and m.op == "set" and m.amount)
    parts += [VALUES[f].text for f in flags]
    parts += [describe_modifier(m) for m in charm.modifiers if m.value not in flags]
    if charm.variables:
        now = dict(values) if values is not None else {v.name: v.start for v in charm.variables}
        shown = [f"{v.name} {show_value(v.type, now.get(v.name, v.start), names)}" for v in charm.variables]
        parts.append("Now: " + ", ".join(shown))
    return ". ".join(parts)


def show_value(kind: str, value: Any, names: Mapping[str, str]) -> str:
    """A variable's value as a player reads it: ``K``, ``♥``, ``Pair``, ``3``."""
    if kind == "rank" and isinstance(value, int) and value >= 2:
        return rank_name(value)
    if kind == "suit":
        return SUIT_SYMBOLS.get(str(value), str(value))
    if kind == "hand_type":
        return names.get(str(value), str(value))
    return fmt(value) if isinstance(value, (int, float)) else str(value)


def describe_modifier(m: Modifier) -> str:
    """Return one modifier as a player reads it: "+1 hand size", "Hands per round set to 1"."""
    kind = VALUES[m.value]
    if kind.flag:
        return kind.text if m.amount > 0 else f"The {kind.noun} rule is off"
    amount = fmt(m.amount)
    if m.op == "set":
        text = f"{kind.noun} set to {amount}"
    elif m.op == "add":
        text = f"{'+' if m.amount >= 0 else '-'}{fmt(abs(m.amount))} {kind.counted(m.amount)}"
    else:
        text = f"{kind.noun} x{amount}"
    text = text[0].upper() + text[1:]
    return text + {"hand": " this hand", "round": " this round"}.get(m.scope, "")


def describe_ability(a: Ability, names: Mapping[str, str]) -> str:
    """Return one ability as a sentence a player reads."""
    c = a.conditions
    trigger = TRIGGERS[a.trigger]
    prefix = " ".join(_prefixes(c))
    noun, after, whole = _card(c)
    if a.repeats:
        times = " and ".join(describe_effect(e, names) for e in a.effects)
        target = whole.removeprefix("for ") if whole else f"each {noun} {trigger.where}{after}"
        text = f"Retrigger {target} {times}".replace("each card held", "every card held")
        if prefix:
            text = f"{prefix} chance to r{text[1:]}"
        return text + _clauses(c, names)
    text = " and ".join(describe_effect(e, names) for e in a.effects)
    if prefix:
        text = f"{prefix} chance of {text}"
    if trigger.each:
        text += " " + (whole or trigger.each.format(card=noun) + after)
    text += _clauses(c, names)
    lead = _lead(trigger.lead, c)
    if lead:
        return f"{lead}: {text}"
    return text[0].upper() + text[1:] if text[0].isalpha() else text


def _lead(lead: str, c: Conditions) -> str:
    """The trigger's lead, as the conditions that rewrite it read it ("When this charm is sold")."""
    for t in c.tests:
        rewrite = CONDITIONS[t.kind].lead
        if rewrite is not None:
            lead = rewrite(t.arg, lead)
    return lead


def describe_effect(e: Effect, names: Mapping[str, str]) -> str:
    """Return one effect's words: "+4 Mult", "X1.5 Mult for every $5 held", "1 in 2 chance of +$3"."""
    amount = fmt(abs(e.amount))
    if e.up_to is not None:  # a random range: "+0 to +23 Mult"
        amount += f" to {'+' if e.up_to >= 0 else ''}{fmt(e.up_to)}"
    text = EFFECTS[e.kind].text(e, amount, names)
    if e.scaling:
        text += " " + _per(e.scaling)
    if e.chance:
        of = "to" if text[:1].islower() else "of"  # "chance to create ...", "chance of +$3"
        text = (
            f"{e.chance} chance {of} {text}"
            if not EFFECTS[e.kind].repeats
            else f"{text}, each time with a {e.chance} chance"
        )
    return text


def _per(s: Scaling) -> str:
    return VALUES[s.per].per(s.every, s.arg)


def _prefixes(c: Conditions) -> list[str]:
    out = []
    for t in c.tests:
        prefix = CONDITIONS[t.kind].prefix
        if prefix is not None:
            out.append(prefix(t.arg))
    return out


def _card(c: Conditions) -> tuple[str, str, str]:
    """Return the card's noun ("♦ card", "Ace", "face card"), what follows it, and a whole phrase.

    A whole phrase names one card ("for the first scoring card"); the other card
    tests then say what that card must be ("... if it is a ♦ card").
    """
    phrase = card_phrase(c)
    noun, whole = card_noun(phrase), phrase.whole
    if whole and (noun != "card" or phrase.after):
        whole += f" if it is {with_article(noun + phrase.after)}"
    return noun, phrase.after, whole


def _clauses(c: Conditions, names: Mapping[str, str]) -> str:
    out = []
    for t in c.tests:
        clause = CONDITIONS[t.kind].clause
        if clause is not None:
            out.append(clause(t.arg, names))
    return "".join(f" {x}" for x in out if x)
