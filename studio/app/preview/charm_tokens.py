"""A charm of the preview's row as one token: ``id``, ``id:edition``, with ``@N`` for its counter.

Scenarios give a charm that has grown as ``{id: bus_rider, counter: 3}``; the row keeps it as
``bus_rider@3`` so the counter survives opening a scenario, scoring it and saving it back.
"""

from __future__ import annotations

from studio.engine.charms import CharmSlot


def token_of(slot: CharmSlot) -> str:
    """Return the row token of a charm slot."""
    token = f"{slot.id}:{slot.edition}" if slot.edition else slot.id
    return f"{token}@{slot.counter}" if slot.counter else token


def id_of(token: str) -> str:
    """Return the charm id of a row token, whatever else it carries."""
    return token.partition("@")[0].partition(":")[0].strip()


def edition_of(token: str) -> str | None:
    """Return the edition of a row token, if it has one."""
    return token.partition("@")[0].partition(":")[2].strip() or None


def slot_of(token: str) -> CharmSlot:
    """Return the charm slot a row token stands for (raises ValueError for a bad counter)."""
    _, at, counter = token.partition("@")
    if at and not counter.strip().lstrip("-").isdigit():
        raise ValueError(f"charm '{token}': write the counter as a whole number after @, e.g. bus_rider@3")
    return CharmSlot(id_of(token), edition_of(token), int(counter) if at else 0)


def scenario_charm(token: str) -> str | dict[str, object]:
    """Return the charm as a scenario writes it: the token, or an object when it has a counter."""
    slot = slot_of(token)
    if not slot.counter:
        return token
    entry: dict[str, object] = {"id": slot.id, "counter": slot.counter}
    if slot.edition:
        entry["edition"] = slot.edition
    return entry
