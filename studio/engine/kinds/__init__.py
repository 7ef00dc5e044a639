"""Rule kinds: one definition each, in registries the rest of the engine asks.

Importing this package registers the built-in triggers, conditions, values
and effects (see :mod:`studio.engine.kinds.registry`).
"""

from studio.engine.kinds import conditions, effects, round_conditions, run_values, triggers, values  # noqa: F401  (registers the built-ins)  # noqa: F401, I001  (after values: it layers some)
from studio.engine.kinds.registry import (
    CONDITIONS,
    EFFECTS,
    TRIGGERS,
    VALUES,
    CardPhrase,
    ConditionKind,
    EffectKind,
    TriggerKind,
    ValueKind,
)

__all__ = [
    "CONDITIONS",
    "EFFECTS",
    "TRIGGERS",
    "VALUES",
    "CardPhrase",
    "ConditionKind",
    "EffectKind",
    "TriggerKind",
    "ValueKind",
]
