"""The rules: cards, hand patterns, scoring, trace, rng, odds and rounds (standard library only).

The built-in rule kinds are registered here, before any engine module is used: the kind modules
only add entries to the registries (:mod:`studio.engine.kinds.registry`), and the modules that
ask a registry never import them.
"""

from studio.engine.kinds import builtin  # noqa: F401  (importing it registers the built-in kinds)
