"""What a code charm's effect may be given: each effect kind's settings, as its content model has them.

The content layer reads these from the models (studio.content.extensions) into the catalog, so a
hook's ``ctx.effect`` is checked as a data file's effect is validated while the engine knows no
pydantic: a setting's name, the ids and words it takes, its numbers' bounds, whether the kind needs
it, and which settings go together.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from typing import Any, NamedTuple

from studio.engine.names import did_you_mean
from studio.engine.trace import fmt

#: The ids of the entries of a kind (``"upgrade"``, ...) that are loaded; None for a kind not held.
Ids = Callable[[str], Collection[str] | None]


class Bounds(NamedTuple):
    """The numbers a setting takes: whole or not, and its model's limits (pydantic's ge, gt, le, lt)."""

    whole: bool = False
    ge: float | None = None
    gt: float | None = None
    le: float | None = None
    lt: float | None = None

    def holds(self, value: object) -> bool:
        """True if ``value`` is such a number (a bool is not one, nor NaN)."""
        if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
            return False
        if self.whole and not float(value).is_integer():
            return False
        return not (
            (self.ge is not None and value < self.ge)
            or (self.gt is not None and value <= self.gt)
            or (self.le is not None and value > self.le)
            or (self.lt is not None and value >= self.lt)
        )

    def __str__(self) -> str:
        """Say which numbers: "a whole number from 1 to 1000", "a number above 0 and at most 1"."""
        number = "a whole number" if self.whole else "a number"
        if self.ge is not None and self.le is not None:
            return f"{number} from {fmt(self.ge)} to {fmt(self.le)}"
        named = (("at least", self.ge), ("above", self.gt), ("at most", self.le), ("below", self.lt))
        limits = [f"{words} {fmt(limit)}" for words, limit in named if limit is not None]
        return " ".join([number, " and ".join(limits)]) if limits else number


class Setting(NamedTuple):
    """One setting an effect kind reads from its ``args``, as its content model declares it.

    ``ref``: the kind of entry whose id it holds (``"hand_type"``, ``"upgrade"``, ...; "" for none);
    ``words``: the only values it takes (empty: any); ``bounds``: the numbers it takes (None: it is no
    number); ``required``: an effect of the kind must give it.
    """

    ref: str = ""
    words: tuple[str, ...] = ()
    bounds: Bounds | None = None
    required: bool = False

    def wanted(self) -> str:
        """Say what it takes as far as the model alone says: its words or its numbers ("" for an id, whose
        choices are the loaded entries)."""
        return either(self.words) if self.words else str(self.bounds or "")

    def misfit(self, value: object, ids: Ids) -> str | None:
        """Say why ``value`` is not one this setting takes ("names no upgrade (did you mean ...)"), or
        None if it is."""
        known = self.words or (ids(self.ref) if self.ref else None)
        if known is not None:
            if isinstance(value, str) and value in known:
                return None
            wanted = f"names no {self.ref.replace('_', ' ')}" if self.ref else f"is not {either(known)}"
            return f"{wanted}{did_you_mean(str(value), known)}"
        if self.bounds is not None and not self.bounds.holds(value):
            return f"is not {self.bounds}"
        return None


class Choice(NamedTuple):
    """Settings of which an effect must give at least one, or may give at most one (or both: exactly
    one), as its model asks: ``edit_card`` changes something, ``destroy_charm`` names one charm."""

    names: tuple[str, ...]
    at_least_one: bool = False
    at_most_one: bool = False

    def misfit(self, given: Collection[str]) -> str | None:
        """Say what it takes ("exactly one of target or charm") if the settings ``given`` break it; None
        if they do not."""
        count = sum(name in given for name in self.names)
        if (count or not self.at_least_one) and (count <= 1 or not self.at_most_one):
            return None
        if self.at_least_one and self.at_most_one:
            return f"exactly one of {either(self.names)}"
        return f"at {'least' if self.at_least_one else 'most'} one of {either(self.names)}"


def sets_what_it_removes(removes: str, given: Mapping[str, Any]) -> str | None:
    """Why settings that also give what the setting ``removes`` takes away do not go together (edit_card's
    ``remove: seal`` beside a ``seal``); None when they do."""
    gone = given.get(removes)
    if gone is not None and given.get(str(gone)) is not None:
        return f"sets the {gone} it removes: keep '{gone}' or '{removes}'"
    return None


class EffectSettings(NamedTuple):
    """What an effect of one kind may be given: its settings by name, which go together, and the setting
    that names another it removes (``removes``: "" for none)."""

    settings: Mapping[str, Setting]
    choices: tuple[Choice, ...] = ()
    removes: str = ""

    def check(self, kind: str, given: Mapping[str, Any], ids: Ids) -> None:
        """Raise ValueError for the first thing about ``given`` that an effect of ``kind`` in a data file
        could not have: a name the kind does not read, a value the setting does not take (an id no loaded
        entry has, a word not among its choices, a number out of its bounds), a setting the kind needs
        left out, settings that do not go together. A None value is a setting left out."""
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
        present = [name for name in sorted(given) if given[name] is not None]
        for name, setting in self.settings.items():
            if setting.required and name not in present:
                wanted = setting.wanted()
                raise ValueError(f"{kind}: missing setting '{name}'" + (f" ({wanted})" if wanted else ""))
        for choice in self.choices:
            wrong = choice.misfit(present)
            if wrong:
                gave = ", ".join(f"{name}={given[name]!r}" for name in present if name in choice.names)
                raise ValueError(f"{kind}: takes {wrong}; it was given {gave or 'none'}")
        wrong = sets_what_it_removes(self.removes, given) if self.removes else None
        if wrong:
            raise ValueError(f"{kind}: {wrong}")


def either(words: Collection[str]) -> str:
    """Name the choices: "deck or hand", "self, left or right"."""
    *rest, last = words
    return f"{', '.join(rest)} or {last}" if rest else last
