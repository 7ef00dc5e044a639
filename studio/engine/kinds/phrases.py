"""Words for the cards a condition's card tests pass: "♦ card", "Glass Ace", "card with a Red Seal".

Each card condition kind gives its part as a :class:`CardPhrase`; the parts of
one set of card tests join into one noun phrase. The charm text reads it ("for
each scored ♦ card"), and so do card filters ("if every card held in hand is a
♠ card") and the values that count cards ("for each 9 in the full deck").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from studio.engine.kinds.registry import CONDITIONS, CardPhrase

if TYPE_CHECKING:
    from studio.engine.conditions import Conditions


def card_phrase(c: Conditions) -> CardPhrase:
    """Join the phrases of the card tests in ``c``, in check order."""
    phrases = [p(t.arg) for t in c.tests if (p := CONDITIONS[t.kind].phrase) is not None]
    return CardPhrase(
        before=" ".join(p.before for p in phrases if p.before),
        core=" ".join(p.core for p in phrases if p.core),
        noun=" ".join(p.noun for p in phrases if p.noun),
        after="".join(p.after for p in phrases),
        whole=next((p.whole for p in phrases if p.whole), ""),
    )


def card_noun(p: CardPhrase, plural: bool = False) -> str:
    """Return the noun of a joined phrase, without its ``after``: "♦ card", "Ace", "9s"."""
    noun = p.noun or ("" if p.core else "card")
    core = p.core
    if plural and noun:
        noun += "s"
    elif plural:
        core += "s" if " " not in core else " cards"
    return " ".join(w for w in (p.before, core, noun) if w)


def with_article(noun: str) -> str:
    """``a ♦ card``, ``an Ace``, ``an 8``."""
    return f"{'an' if noun[:1] in set('AEIOUaeiou8') else 'a'} {noun}"


def card_words(c: Conditions | None) -> dict[str, str]:
    """Name the cards that pass a card filter (None: every card), for texts' ``{card}`` and ``{cards}``."""
    if c is None:
        return {"card": "card", "cards": "cards"}
    p = card_phrase(c)
    return {"card": card_noun(p) + p.after, "cards": card_noun(p, plural=True) + p.after}


def names_of(ids: Iterable[str]) -> str:
    """Modifier ids as a player reads them: ``red_seal`` -> "Red Seal"; several joined with "or"."""
    names = sorted(i.replace("_", " ").title() for i in ids)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def yes_no(yes: str, no: str) -> Callable[[bool, Mapping[str, str]], str]:
    """The clause of a condition that is true or false: ``yes`` when it must hold, ``no`` when not."""

    def clause(flag: bool, names: Mapping[str, str]) -> str:
        return yes if flag else no

    return clause
