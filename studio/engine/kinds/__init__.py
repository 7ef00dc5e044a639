"""Rule kinds: one definition each, in registries the rest of the engine asks.

Importing this package registers the built-in triggers, conditions, values
and effects (see :mod:`studio.engine.kinds.registry`).
"""

from studio.engine.kinds import (  # noqa: F401  (importing them registers the built-ins)
    change_effects,
    conditions,
    conditions_on_cards,
    effects,
    event_conditions,
    round_conditions,
    run_effects,
    run_triggers,
    run_values,
    situation_values,
    triggers,
    values,
    variables,
)
from studio.engine.kinds.registry import (
    CONDITIONS,
    EFFECTS,
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
