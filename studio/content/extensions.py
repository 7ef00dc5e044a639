"""Kinds a trusted plugin adds to the vocabulary, joined to the content models.

A plugin's effect kind brings its pydantic model (a subclass of the effects'
base, with a ``kind`` literal), its condition kind the field it adds under
``when``, its value kind only its engine entry (value names are read from the
registry when validating). Once added they are in the schemas, the editor's
forms, validation and the generated text like a built-in kind. Each load
starts from the built-ins (:func:`reset`), so only the plugins of the packs
it trusts extend it; a built-in name can never be taken.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Annotated, Any, Union, get_args

from pydantic import BaseModel, Field
from pydantic.fields import FieldInfo

from studio.content.models.change_effects import EFFECT_MODELS
from studio.content.models.charm import AbilityModel
from studio.content.models.common import ConditionsModel, Model
from studio.content.models.effects import _Certain, _Effect
from studio.engine.effect_settings import EffectSettings
from studio.engine.kinds import CONDITIONS, EFFECTS, VALUES, ConditionKind, EffectKind, ValueKind

#: Models of plugin effect kinds, and fields of plugin condition kinds, by kind name.
_EFFECTS: dict[str, type[_Effect]] = {}
_CONDITIONS: dict[str, FieldInfo] = {}
_VALUES: set[str] = set()


def add_effect(kind: EffectKind, model: type[_Effect]) -> None:
    """Add an effect kind with its model (whose ``kind`` field is the literal of the kind's name)."""
    field = model.model_fields.get("kind")
    if field is None or getattr(field.annotation, "__args__", None) != (kind.name,):
        raise ValueError(f"the model of effect kind '{kind.name}' needs kind: Literal['{kind.name}']")
    EFFECTS.add(kind)
    _EFFECTS[kind.name] = model
    _refresh()


def add_condition(kind: ConditionKind, annotation: Any, title: str, description: str) -> None:
    """Add a condition kind and its field under ``when`` (of type ``annotation``, optional)."""
    CONDITIONS.add(kind)
    _CONDITIONS[kind.name] = FieldInfo(
        annotation=annotation | None, default=None, title=title, description=description
    )
    _refresh()


def add_value(kind: ValueKind) -> None:
    """Add a value kind: comparisons and ``per`` accept it from now on."""
    VALUES.add(kind)
    _VALUES.add(kind.name)
    _refresh()


def reset() -> None:
    """Forget every plugin kind: back to the built-in vocabulary."""
    if not (_EFFECTS or _CONDITIONS or _VALUES):
        return
    for name in _EFFECTS:
        EFFECTS.remove(name)
    for name in _CONDITIONS:
        CONDITIONS.remove(name)
    for name in _VALUES:
        VALUES.remove(name)
    _EFFECTS.clear()
    _CONDITIONS.clear()
    _VALUES.clear()
    _refresh()


def signature() -> str:
    """Name the vocabulary's plugin part: "" for the built-ins alone (schemas are kept per signature)."""
    if not (_EFFECTS or _CONDITIONS or _VALUES):
        return ""
    parts = sorted(
        [f"effect:{n}:{m.__module__}" for n, m in _EFFECTS.items()]
        + [f"condition:{n}:{f.annotation}" for n, f in _CONDITIONS.items()]
        + [f"value:{n}" for n in _VALUES]
    )
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def effect_settings() -> dict[str, EffectSettings]:
    """The settings of every effect kind in the vocabulary now (built-in and plugins') and their rules,
    read from its model: the table the engine checks a code charm's ``ctx.effect`` against."""
    return {_kind(m): m.settings() for m in _effect_models()}


def whole_amounts() -> frozenset[str]:
    """The effect kinds in the vocabulary now whose amount is a whole number, read from their models."""
    return frozenset(_kind(m) for m in _effect_models() if m.whole_amount())


def _effect_models() -> tuple[type[_Certain], ...]:
    return (*EFFECT_MODELS, *_EFFECTS.values())


def _kind(model: type[_Certain]) -> str:
    """The kind an effect model is of: its ``kind`` literal."""
    return str(get_args(model.model_fields["kind"].annotation)[0])


def plugin_kinds() -> list[str]:
    """Return the plugin kinds now in the vocabulary, as ``effect:name`` and the like."""
    names = [f"effect:{n}" for n in _EFFECTS] + [f"condition:{n}" for n in _CONDITIONS]
    return sorted(names + [f"value:{n}" for n in _VALUES])


def _refresh() -> None:
    """Rebuild the models that hold effects and conditions, and forget schemas made before."""
    union: Any = Union[(*EFFECT_MODELS, *_EFFECTS.values())]  # a union of a tuple of models
    effects: Any = list[Annotated[union, Field(discriminator="kind")]]
    AbilityModel.model_fields["effects"].annotation = effects
    fields = ConditionsModel.model_fields
    for name in [n for n in fields if n not in _BUILT_IN_CONDITIONS and n not in _CONDITIONS]:
        del fields[name]
    fields.update(_CONDITIONS)
    for _ in range(2):  # twice: a model rebuilt before one it holds is rebuilt again after it
        for model in _models():
            model.model_rebuild(force=True)
    for listener in _listeners:
        listener()


#: What to call when the vocabulary changed: the caches of what was made from the models (the schemas,
#: their validators) register here, so this module never imports them back.
_listeners: list[Callable[[], None]] = []


def when_changed(listener: Callable[[], None]) -> None:
    """Call ``listener`` each time plugins change the vocabulary (to forget what was made from it)."""
    _listeners.append(listener)


def _models() -> list[type[BaseModel]]:
    """Every content model, each before the models defined after it."""
    found: list[type[BaseModel]] = []
    todo: list[type[BaseModel]] = [Model]
    while todo:
        cls = todo.pop(0)
        for sub in cls.__subclasses__():
            if sub not in found:
                found.append(sub)
                todo.append(sub)
    return found


_BUILT_IN_CONDITIONS = frozenset(ConditionsModel.model_fields)
