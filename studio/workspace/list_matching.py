"""How a changed list's items match the old ones: which old item each new one comes from, which
stay when some are removed, and runs of removed ones. The round trip, flow lists and block lists
all move, keep and cut items by these.
"""

from __future__ import annotations

from typing import Any

from studio.workspace.yaml_values import same


def sources(old: list[Any], new: list[Any]) -> list[int | None]:
    """For each item of ``new``, the index of the ``old`` item whose node it takes (None: a new one).

    An item takes the node holding the same data: its own place's if it stayed there, else the
    one it moved from; the others take the nodes left over, in order, to be updated.
    """
    sources = [j if j < len(old) and same(old[j], value) else None for j, value in enumerate(new)]
    kept = set(sources)
    free = [i for i in range(len(old)) if i not in kept]
    for j, value in enumerate(new):
        i = None if sources[j] is not None else next((i for i in free if same(old[i], value)), None)
        if i is not None:
            free.remove(i)
            sources[j] = i
    for j, i in enumerate(sources):
        if i is None and free:
            sources[j] = free.pop(0)
    return sources


def moved(old: list[Any], new: list[Any]) -> bool:
    """True if an item of ``old`` stands elsewhere in ``new``."""
    return any(i != j for j, i in enumerate(sources(old, new)) if i is not None)


def kept_indices(old: list[Any], new: list[Any]) -> list[int] | None:
    """The indices of the items of ``old`` that ``new`` holds, if ``new`` is ``old`` less some items."""
    kept: list[int] = []
    for i, value in enumerate(old):
        if len(kept) < len(new) and same(value, new[len(kept)]):
            kept.append(i)
    return kept if len(kept) == len(new) else None


def runs(indices: list[int]) -> list[tuple[int, int]]:
    """Sorted indices as runs of consecutive ones: (first, last) each."""
    runs: list[tuple[int, int]] = []
    for i in indices:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs
