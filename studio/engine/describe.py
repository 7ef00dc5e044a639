"""Player-facing charm text generated from the charm's data, so it is never typed twice.

>>> from studio.engine.charms import Ability, CharmDef
>>> from studio.engine.conditions import Conditions
>>> from studio.engine.effects import Effect
>>> ability = Ability("scored_card", (Effect("mult", 3),), Conditions(suits=frozenset("D")))
>>> describe_charm(CharmDef("diamond_mult", abilities=(ability,)))
'+3 Mult for each scored ♦ card'
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.engine.cards import SUIT_SYMBOLS, SUITS, rank_name
from studio.engine.charms import Ability, CharmDef
from studio.engine.conditions import Compare, Conditions
from studio.engine.effects import Effect, Scaling
from studio.engine.trace import fmt

RULE_TEXT = {
    "four_fingers": "Flushes and straights need only 4 cards",
    "shortcut": "Straights may skip one rank at a time",
    "splash": "Every played card scores",
    "pareidolia": "Every card counts as a face card",
    "smeared": "♥ and ♦ count as one suit, ♠ and ♣ as another",
}
_VALUE_TEXT = {
    "money": "$ held",
    "hands_left": "hands left",
    "discards_left": "discards left",
    "counter": "counter",
    "played_cards": "played cards",
    "scoring_cards": "scoring cards",
    "scoring_face_cards": "scoring face cards",
    "held_cards": "cards held in hand",
}
_PER_TEXT = {
    "money": ("for every ${every} held", "for every $1 held"),
    "hands_left": ("for every {every} hands left", "for each hand left"),
    "discards_left": ("for every {every} discards left", "for each discard left"),
    "counter": ("per {every} on its counter", "per counter"),
    "held_cards": ("for every {every} cards held in hand", "for each card held in hand"),
    "played_cards": ("for every {every} cards played", "for each card played"),
    "scoring_cards": ("for every {every} scoring cards", "for each scoring card"),
    "scoring_face_cards": ("for every {every} scoring face cards", "for each scoring face card"),
}
_RANK_WORDS = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_OP_TEXT = {"<": "below", "<=": "at most", "==": "exactly", "!=": "not", ">=": "at least", ">": "above"}
_TRIGGER_TEXT = {"before": "Before scoring", "discard": "When discarding", "end_of_round": "At end of round"}


def describe_charm(charm: CharmDef, hand_names: Mapping[str, str] | None = None) -> str:
    """Return the charm's text: one sentence per ability, then its passive rules."""
    if charm.behaviour_id:
        return charm.description
    names = hand_names or {}
    parts = [_ability(a, names) for a in charm.abilities]
    parts += [RULE_TEXT[r] for r in sorted(charm.rules)]
    return ". ".join(parts)


def _ability(a: Ability, names: Mapping[str, str]) -> str:
    c = a.conditions
    if a.is_retrigger:
        where = "scored" if a.trigger == "scored_card" else "held in hand"
        times = " and ".join(_retrigger(e) for e in a.effects)
        text = f"Retrigger each {_card(c)} {where}{_not_first_face(c)} {times}"
        text = text.replace("each card held", "every card held")
        if c.chance:
            text = f"{c.chance} chance to r{text[1:]}"
        return text + _hand_conditions(c, names)
    text = " and ".join(_effect(e, names) for e in a.effects)
    if c.chance:
        text = f"{c.chance} chance of {text}"
    if a.trigger == "scored_card":
        text += (
            " for the first scoring face card"
            if c.first_face
            else f" for each scored {_card(c)}{_not_first_face(c)}"
        )
    elif a.trigger == "held_card":
        text += f" for each {_card(c)} held in hand"
    elif a.trigger == "discard":
        text += f" for each discarded {_card(c)}"
    text += _hand_conditions(c, names)
    lead = _TRIGGER_TEXT.get(a.trigger)
    return f"{lead}: {text}" if lead else text[0].upper() + text[1:] if text[0].isalpha() else text


def _retrigger(e: Effect) -> str:
    """How many times a retrigger effect repeats the card: "once", "twice per counter", ..."""
    n = int(e.amount)
    text = {1: "once", 2: "twice"}.get(n, f"{n} times")
    if e.scaling:
        text += " " + _per(e.scaling)
    if e.chance:
        text += f", each time with a {e.chance} chance"
    return text


def _not_first_face(c: Conditions) -> str:
    return " other than the first scoring face card" if c.first_face is False else ""


def _card(c: Conditions) -> str:
    words = []
    if c.ranks:
        ranks = [rank_name(r) for r in sorted(c.ranks)]
        if len(ranks) == 1:
            words.append(_RANK_WORDS.get(min(c.ranks), ranks[0]))
        else:
            words.append(f"{', '.join(ranks[:-1])} or {ranks[-1]}")
    if c.suits:
        words.insert(0, "/".join(SUIT_SYMBOLS[s] for s in SUITS if s in c.suits))
    if c.face is True:
        words.append("face card")
    elif c.face is False:
        words.append("non-face card")
    elif not c.ranks:
        words.append("card")
    return " ".join(words)


def _effect(e: Effect, names: Mapping[str, str]) -> str:
    amount = fmt(abs(e.amount))
    sign = "-" if e.amount < 0 else "+"
    if e.kind == "points":
        text = f"{sign}{amount} Points"
    elif e.kind == "mult":
        text = f"{sign}{amount} Mult"
    elif e.kind == "xmult" and e.scaling:
        text = f"X1 Mult plus X{amount}"
    elif e.kind == "xmult":
        text = f"X{amount} Mult"
    elif e.kind == "money":
        text = f"{sign}${amount}"
    elif e.kind == "grow":
        text = f"+{amount} to its counter"
    elif e.kind == "reset":
        text = "reset its counter"
    elif e.kind == "level_up":
        target = names.get(e.hand_type, e.hand_type) if e.hand_type else "the played hand type"
        text = f"+{amount} level to {target}"
    else:
        text = f"retrigger {amount}"
    if e.scaling:
        text += " " + _per(e.scaling)
    if e.chance:
        text = f"{e.chance} chance of {text}"
    return text


def _per(s: Scaling) -> str:
    many, one = _PER_TEXT[s.per]
    return one if s.every == 1 else many.format(every=s.every)


def _hand_conditions(c: Conditions, names: Mapping[str, str]) -> str:
    out = []
    if c.contains:
        out.append(f"if the played hand contains a {names.get(c.contains, c.contains)}")
    if c.hand_types:
        types = sorted(names.get(t, t) for t in c.hand_types)
        out.append(f"if the played hand is a {' or '.join(types)}")
    out += [_compare(cmp) for cmp in c.compares]
    if c.first_hand is not None:
        out.append("on the first hand of the round" if c.first_hand else "after the first hand")
    if c.final_hand is not None:
        out.append("on the final hand of the round" if c.final_hand else "before the final hand")
    return "".join(f" {x}" for x in out)


def _compare(cmp: Compare) -> str:
    if cmp.value == "scoring_face_cards" and (cmp.op, cmp.n) == ("==", 0):
        return "if no scoring card is a face card"
    if cmp.value == "scoring_face_cards" and (cmp.op, cmp.n) in ((">", 0), (">=", 1)):
        return "if a scoring card is a face card"
    if cmp.value == "played_cards" and cmp.op == "<=":
        return f"if {cmp.n} or fewer cards are played"
    return f"if {_VALUE_TEXT[cmp.value]} is {_OP_TEXT[cmp.op]} {cmp.n}"
