"""Where a scenario writes an id outside its x-ref fields, and renaming it there too.

A scenario names entries in places no schema marks: the ``source`` of each
expected trace event (``plain_mult foil``, ``KH even_mult``, ``10H glass``),
the modifiers of its card tokens (``10H:glass`` in ``played``, ``held``,
``full_deck`` and the expected ``scoring``), and a charm's edition
(``pair_mult:foil``). A rename rewrites them with the x-ref fields, so the
scenario's test still passes afterwards.
"""

from __future__ import annotations

from typing import Any

from studio.content.check.xrefs import MODIFIER_KINDS

#: The kinds whose ids appear as words of an event's source.
SOURCE_KINDS = frozenset({"charm", "hand_type", "boss", *MODIFIER_KINDS})
_CARD_FIELDS = ("played", "held", "full_deck")


def rename_written(scenario: Any, kind: str, old: str, new: str) -> bool:
    """Rename ``old`` to ``new`` (an entry of ``kind``) where ``scenario`` writes it; True if it did."""
    if not isinstance(scenario, dict):
        return False
    changed = False
    expect = scenario.get("expect")
    if kind in SOURCE_KINDS and isinstance(expect, dict) and isinstance(expect.get("events"), list):
        for event in expect["events"]:
            if isinstance(event, dict) and isinstance(event.get("source"), str):
                words = event["source"].split(" ")
                if old in words:
                    event["source"] = " ".join(new if w == old else w for w in words)
                    changed = True
    if kind in MODIFIER_KINDS:
        for key in _CARD_FIELDS:
            text = scenario.get(key)
            if isinstance(text, str):
                renamed = " ".join(_token(t, old, new) for t in text.split())
                if renamed != " ".join(text.split()):
                    scenario[key] = renamed
                    changed = True
        scoring = expect.get("scoring") if isinstance(expect, dict) else None
        if isinstance(expect, dict) and isinstance(scoring, list):
            renamed_list = [_token(t, old, new) if isinstance(t, str) else t for t in scoring]
            if renamed_list != scoring:
                expect["scoring"] = renamed_list
                changed = True
    if kind == "edition" and isinstance(scenario.get("charms"), list):
        charms = scenario["charms"]
        for i, entry in enumerate(charms):
            if isinstance(entry, str) and ":" in entry and entry.split(":", 1)[1] == old:
                charms[i] = f"{entry.split(':', 1)[0]}:{new}"
                changed = True
    return changed


def _token(token: str, old: str, new: str) -> str:
    """A card token with the modifier ``old`` renamed (``10H:glass`` -> ``10H:crystal``)."""
    head, *mods = token.split(":")
    return (
        ":".join([head, *(new if m.lower() == old else m for m in mods)])
        if old in (m.lower() for m in mods)
        else token
    )
