"""The built-in rule kinds: importing this module registers them all (the engine package does, first).

The kind modules only add entries to the registries of
:mod:`studio.engine.kinds.registry`; nothing below the engine's top imports them, so a
module that asks a registry never depends on them.
"""

from studio.engine.kinds import (  # noqa: F401  (importing them registers them)
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
