"""What a code charm's effect may be given: each effect kind's settings, as its content model has them.

The content layer reads these from the models (studio.content.extensions) into the catalog, so a
hook's ``ctx.effect`` is checked as a data file's effect is validated while the engine knows no
pydantic: a setting's name, and the ids and words it takes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, NamedTuple

from studio.engine.names import did_you_mean

#: The ids of the entries of a kind (``"upgrade"``, ...) that are loaded; None for a kind not held.
Ids = Callable[[str], Collection[str] | None]


class Setting(NamedTuple):
    """One setting an effect kind reads from its ``args``, as its content model declares it.

    ``ref``: the kind of entry whose id it holds (``"hand_type"``, ``"upgrade"``, ...; "" for none);
    ``words``: the only values it takes (empty: any).
    """

    ref: str = ""
    words: tuple[str, ...] = ()

    def misfit(self, value: object, ids: Ids) -> str | None:
        """Say why ``value`` is not one this setting takes ("names no upgrade (did you mean ...)"), or
        None if it is."""
        known = self.words or (ids(self.ref) if self.ref else None)
        if known is None or (isinstance(value, str) and value in known):
            return None
        wanted = f"names no {self.ref.replace('_', ' ')}" if self.ref else f"is not {either(known)}"
        return f"{wanted}{did_you_mean(str(value), known)}"


class EffectSettings(NamedTuple):
    """What an effect of one kind may be given: its settings by name."""

    settings: Mapping[str, Setting]

    def check(self, kind: str, given: Mapping[str, Any], ids: Ids) -> None:
        """Raise ValueError for the first thing about ``given`` that an effect of ``kind`` in a data file
        could not have: a name the kind does not read, a value the setting does not take (an id no loaded
        entry has, a word not among its choices). A None value is a setting left out."""
        for name in sorted(given):
            setting = self.settings.get(name)
            if setting is None:
                takes = f"it takes {either(self.settings)}" if self.settings else "it takes none"
                close = did_you_mean(name, self.settings)
                raise ValueError(f"{kind}: unknown setting '{name}'{close}; {takes}")
            value = given[name]
            wrong = setting.misfit(value, ids) if value is not None else None
            if wrong:
                raise ValueError(f"{kind}: {name}={value!r} {wrong}")


def either(words: Collection[str]) -> str:
    """Name the choices: "deck or hand", "self, left or right"."""
    *rest, last = words
    return f"{', '.join(rest)} or {last}" if rest else last
