"""Rule kinds: one definition each, in registries the rest of the engine asks.

The built-in triggers, conditions, values and effects are registered by
:mod:`studio.engine.kinds.builtin`, which the engine package imports first.
"""

from studio.engine.kinds.registry import (
    CONDITIONS,
    EFFECTS,
    HANDS_LEFT,
    MONEY,
    TRIGGERS,
    VALUE_ARG,
    VALUES,
    CardPhrase,
    ConditionKind,
    EffectKind,
    TriggerKind,
    ValueKind,
    Worth,
)

__all__ = [
    "CONDITIONS",
    "EFFECTS",
    "HANDS_LEFT",
    "MONEY",
    "TRIGGERS",
    "VALUES",
    "VALUE_ARG",
    "CardPhrase",
    "ConditionKind",
    "EffectKind",
    "TriggerKind",
    "ValueKind",
    "Worth",
]
