"""Flow collections (``{kind: mult, amount: 4}``, ``[A, K]``) edited by their entries' own text, so
one written over lines keeps its comments, or rewritten keeping the items that stayed.
"""

from __future__ import annotations

import itertools
from typing import Any

from ruamel.yaml.nodes import MappingNode, SequenceNode

from studio.workspace.list_matching import kept_indices, runs, sources
from studio.workspace.yaml_layout import Layout
from studio.workspace.yaml_values import Parts, render, same


def flow_list(
    text: str, layout: Layout, parts: Parts, node: SequenceNode, old: list[Any], new: list[Any]
) -> str:
    """Write the flow list at ``parts``, each item that ``old`` held too written as its text was (quotes
    and all), a new one as the file writes the list's items."""
    items = [text[n.start_mark.index : n.end_mark.index] for n in node.value]
    written = [
        items[i] if i is not None and same(old[i], value) else layout.line(value, (*parts, j))
        for j, (i, value) in enumerate(zip(sources(old, new), new, strict=True))
    ]
    return "[" + ", ".join(written) + "]"


def flow_keys(
    text: str, layout: Layout, parts: Parts, node: MappingNode, old: dict[Any, Any], new: dict[Any, Any]
) -> tuple[int, int, str] | None:
    """The edit adding keys at the end of the flow mapping ``node`` (at ``parts``), or removing some, by
    their own text alone (a mapping written over lines keeps its comments); None if ``new`` changes more."""
    if len(node.value) != len(old) or any(not same(old[k], new[k]) for k in new if k in old):
        return None
    keys = list(old)
    kept = [i for i, k in enumerate(keys) if k in new]
    if [keys[i] for i in kept] + [k for k in new if k not in old] != list(new):
        return None
    spans = [(k.start_mark.index, v.end_mark.index) for k, v in node.value]
    added = [f"{render(str(k))}: {layout.line(v, (*parts, k))}" for k, v in new.items() if k not in old]
    return _flow_entries(text, spans, kept, added)


def flow_items(
    text: str, layout: Layout, parts: Parts, node: SequenceNode, old: list[Any], new: list[Any]
) -> tuple[int, int, str] | None:
    """The edit adding items at the end of the flow list ``node`` (at ``parts``), or removing some, by
    their own text alone; None if ``new`` changes more."""
    if len(node.value) != len(old):
        return None
    if len(new) > len(old) and all(same(a, b) for a, b in zip(old, new, strict=False)):
        kept: list[int] | None = list(range(len(old)))
    else:
        kept = kept_indices(old, new) if len(new) < len(old) else None
    if kept is None:
        return None
    spans = [(n.start_mark.index, n.end_mark.index) for n in node.value]
    added = [layout.line(v, (*parts, j)) for j, v in enumerate(new[len(old) :], len(old))]
    return _flow_entries(text, spans, kept, added)


def _flow_entries(
    text: str, spans: list[tuple[int, int]], kept: list[int], added: list[str]
) -> tuple[int, int, str] | None:
    """The edit keeping only the entries ``kept`` of a flow collection whose entries stand at ``spans``,
    then adding ``added`` after the last. A removed entry takes its text up to the next entry (the
    comment after its comma too); at the end, it takes the comma before it, but not a comment there.
    None to have the whole collection written instead (it ends empty, or entries go and come)."""
    if not kept or (added and len(kept) < len(spans)):
        return None
    if added:
        return spans[-1][1], spans[-1][1], "".join(f", {entry}" for entry in added)
    cuts: list[tuple[int, int]] = []
    gone = [i for i in range(len(spans)) if i not in kept]
    for first, last in runs(gone):
        if last + 1 < len(spans):
            cuts.append((spans[first][0], spans[last + 1][0]))
            continue
        after = spans[first - 1][1]  # the end of the entry before, then its comma
        comma = text.find(",", after, spans[first][0])
        if comma < 0:
            return None
        if "#" in text[comma : spans[first][0]]:
            cuts += [(comma, comma + 1), (spans[first][0], spans[last][1])]
        else:
            cuts.append((after, spans[last][1]))
    kept_text = [text[a[1] : b[0]] for a, b in itertools.pairwise(cuts)]
    return cuts[0][0], cuts[-1][1], "".join(kept_text)
