"""Code for what data cannot say: charm behaviours, and new kinds of rule.

Plugin authors subclass :class:`Behaviour`, give it an ``id`` and override one
hook; the hook calls the same helpers as data charms::

    from studio.plugins import Behaviour

    class FiveAlive(Behaviour):
        id = "five_alive"

        def hand(self, ctx, charm):
            if len(ctx.scoring) == 5:
                ctx.add_xmult(1.75, charm)

A trusted plugin may also extend the vocabulary: :func:`register_effect`,
:func:`register_condition` and :func:`register_value` add a kind that content
then uses like a built-in one (schemas, the editor's forms, validation and the
generated text included). See docs/packs.md.
"""

from typing import Any

from studio.engine.behaviour import Behaviour
from studio.engine.effect_settings import Choice
from studio.engine.kinds import CardPhrase, ConditionKind, EffectKind, ValueKind

#: Imported when first asked for: they need the content models (and pydantic), which a plugin
#: with only behaviours, run again to serve a snapshot, should not pay for.
_LAZY = {
    "register_effect": ("studio.content.extensions", "add_effect"),
    "register_condition": ("studio.content.extensions", "add_condition"),
    "register_value": ("studio.content.extensions", "add_value"),
    "EffectFields": ("studio.content.models.effects", "_Effect"),
    "ScaledEffectFields": ("studio.content.models.effects", "_Scaled"),
}

__all__ = [
    "Behaviour",
    "CardPhrase",
    "Choice",
    "ConditionKind",
    "EffectFields",
    "EffectKind",
    "ScaledEffectFields",
    "ValueKind",
    "register_condition",
    "register_effect",
    "register_value",
]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'studio.plugins' has no attribute '{name}'")
    import importlib

    module, attribute = _LAZY[name]
    return getattr(importlib.import_module(module), attribute)
