"""The rules (standard library only): cards, hand patterns, the situation, trace, rng and catalog here;
one hand scored in ``scoring/``, the run in ``run/``, the bots in ``bot/``, the odds in ``odds/``, the
rule kinds in ``kinds/``.

The built-in rule kinds are registered here, before any engine module is used: the kind modules
only add entries to the registries (:mod:`studio.engine.kinds.registry`), and the modules that
ask a registry never import them.
"""

from studio.engine.kinds import builtin  # noqa: F401  (importing it registers the built-in kinds)
