"""Drop-down choices of content entries: shown by name, kept by id.

Every box that offers charms, decks or bosses shows them as the game's tiles name them, the id beside
the name for the designer who types it in a file where the box has room (in its tooltip where not);
the box's data is the id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox


def named(entry_id: str, name: str) -> str:
    """An entry as the boxes, the ranking and the findings show it: ``Fat Wallet (money_mult)``, or its
    id when it has no name."""
    return f"{name} ({entry_id})" if name else entry_id


def entry_choices(entries: Mapping[str, Any], ids: bool = True) -> list[tuple[str, str]]:
    """The (text, id) items of a catalog's entries (anything with a ``name``), in the order of their text;
    without ``ids`` (a narrow box) the text is the name alone, or the id of an entry with no name."""
    items = [(named(eid, e.name or "") if ids else e.name or eid, eid) for eid, e in entries.items()]
    return sorted(items, key=lambda item: item[0].casefold())


def fill(box: QComboBox, items: Sequence[tuple[str, object]], default: object = None) -> None:
    """Give ``box`` these (text, data) items without a signal, keeping the chosen data when it is still
    there (else ``default``'s item, else the first)."""
    if [(box.itemText(i), box.itemData(i)) for i in range(box.count())] == list(items):
        return
    chosen = box.currentData() if box.count() else default
    blocked = box.blockSignals(True)  # as they were after: a caller may be blocking them itself
    box.clear()
    for text, data in items:
        box.addItem(text, data)
        if isinstance(data, str) and data not in text:  # a name alone: its id in the tooltip
            box.setItemData(box.count() - 1, data, Qt.ItemDataRole.ToolTipRole)
    index = box.findData(chosen) if chosen is not None else -1
    box.setCurrentIndex(index if index >= 0 else max(box.findData(default), 0) if default is not None else 0)
    box.blockSignals(blocked)
