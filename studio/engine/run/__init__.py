"""A run between and around its hands: set-up, state, actions, rounds, shop, items, triggers and saves.

:class:`~studio.engine.run.game.Game` checks and resolves each action by its kind's rule
(:mod:`~studio.engine.run.action_rules`) on the run's state (:mod:`~studio.engine.run.state`). Each
hand is scored by :mod:`studio.engine.scoring`, which imports nothing from this package, directly or
through another module: only the run's effect kinds (:mod:`studio.engine.kinds.run_effects`) reach in.
"""
