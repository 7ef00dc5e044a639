"""Effect kinds that change the run itself: hands and discards, charms made and destroyed, sell values,
consumables and tags made, money paid at cash out, and a loss prevented.

Most record a :class:`~studio.engine.aftermath.RunChange` while their step resolves (an event of
their source says what will happen) and their kind's ``settle`` applies it to the run after the
step (studio.engine.run.after), in the order they fired. Outside a run (a scenario) the change is
only recorded. ``destroy_charm`` and ``prevent_loss`` decide at once, as ``destroy_self`` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from studio.engine.kinds.registry import EFFECTS, EffectKind, Worth
from studio.engine.run.events import RunEvent
from studio.engine.run.shop import roll_charm
from studio.engine.run.state import Created, Owed
from studio.engine.run.values import charm_slots
from studio.engine.situation import CharmSlot, neighbour
from studio.engine.trace import fmt

if TYPE_CHECKING:
    from studio.engine.aftermath import RunChange
    from studio.engine.effects import Effect
    from studio.engine.inplay import ActiveCharm, Source
    from studio.engine.run.setup import RunSetup
    from studio.engine.run.state import RunState
    from studio.engine.scoring.context import ScoringContext

#: The streams a made or destroyed charm is drawn from.
CREATE_STREAM = "create"
DESTROY_STREAM = "destroy"


def _later(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    ctx.defer(e, amount, source, EFFECTS[e.kind].text(e, fmt(abs(amount)), {}))


def _plural(n: float, noun: str) -> str:
    return f"{'-' if n < 0 else '+'}{fmt(abs(n))} {noun}{'' if abs(n) == 1 else 's'}"


# -- hands and discards ---------------------------------------------------------------


def _count(noun: str, keep: int) -> EffectKind:
    """``add_hands`` / ``add_discards``: the round's ``<noun>s_left``, or the run's ``<noun>s`` per round
    (from the next round on). A negative amount leaves the round at least ``keep`` of what it had."""

    def text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
        lasting = " per round for the rest of the run" if e.arg("for") == "run" else " this round"
        return _plural(e.amount, noun) + lasting

    def settle(
        state: RunState, setup: RunSetup, change: RunChange, leaving: frozenset[int]
    ) -> list[RunEvent]:
        n, r = int(change.amount), state.round
        if change.arg("for") == "run":
            setattr(state, f"{noun}s", getattr(state, f"{noun}s") + n)
            return [RunEvent(f"{noun}s", change.source[0], n, "per round, from the next round on")]
        if r is None:
            return []
        left = getattr(r, f"{noun}s_left")
        setattr(r, f"{noun}s_left", max(left + n, min(left, keep)))
        return [RunEvent(f"{noun}s", change.source[0], n, "this round")]

    return EffectKind(
        f"add_{noun}s",
        _later,
        text,
        label=f"add_{noun}s",
        settle=settle,
        in_round=True,
        worth=Worth(rule=f"{noun}s"),
    )


EFFECTS.add(_count("hand", keep=1), builtin=True)  # never the round's last hand
EFFECTS.add(_count("discard", keep=0), builtin=True)

# -- charms ----------------------------------------------------------------------------


_COPY_OF = {
    "left": "the charm to its left",
    "right": "the charm to its right",
    "random": "a random other charm",
}


def _create_charm_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    if e.arg("charm"):
        return f"create the charm {e.arg('charm')}"
    if e.arg("copy"):
        return f"create a copy of {_COPY_OF[str(e.arg('copy'))]}"
    rarity = f"{e.arg('rarity')} " if e.arg("rarity") else ""
    return f"create a random {rarity}charm"


def _settle_create_charm(
    state: RunState, setup: RunSetup, change: RunChange, leaving: frozenset[int]
) -> list[RunEvent]:
    """Put the named charm, a random one (of the rarity, else by the shop's rarity weights) that the
    row does not hold, or a copy of another charm of the row (its id and edition), at the end of the
    row, if a charm slot is free once ``leaving`` have left."""
    who = change.source[0]
    if len(state.charms) - len(leaving) >= charm_slots(state, setup):
        return [RunEvent("charm_not_created", who, 0, "no free charm slot")]
    if change.arg("copy"):
        return _copy_charm(state, change, leaving)
    owned = {c.id for c in state.charms}
    charm_id: str | None = change.arg("charm")
    rarity = change.arg("rarity")
    if charm_id is None:
        charm_id = roll_charm(state, setup, f"{CREATE_STREAM}.{who}", owned, rarity)
    if charm_id is None:
        return [RunEvent("charm_not_created", who, 0, "no charm left to make")]
    state.charms.append(CharmSlot(charm_id))
    return [RunEvent("charm_created", charm_id, len(state.charms) - 1, f"made by {who}")]


def _copy_charm(state: RunState, change: RunChange, leaving: frozenset[int]) -> list[RunEvent]:
    """A copy of the source's neighbour, or of a random other charm still in the row (drawn from the
    source's own stream), joins the end of the row: its id and edition, its variables anew."""
    who, slot = change.source[0], change.source[2]
    others = [i for i in range(len(state.charms)) if i != slot and i not in leaving]
    how = change.arg("copy")
    if how != "random" and change.source[1] != "charm":  # a boss or a tag stands in no row
        pick = None
    elif how != "random":
        pick = neighbour(slot, how, others)
    else:
        pick = state.rng.choice(f"{CREATE_STREAM}.{who}", others) if others else None
    if pick is None:
        return [RunEvent("charm_not_created", who, 0, "no charm to copy")]
    copied = state.charms[pick]
    state.charms.append(CharmSlot(copied.id, edition=copied.edition))
    return [RunEvent("charm_created", copied.id, len(state.charms) - 1, f"a copy made by {who}")]


EFFECTS.add(
    EffectKind(
        "create_charm",
        _later,
        _create_charm_text,
        label="create_charm",
        settle=_settle_create_charm,
        worth=Worth(creates=True),
    ),
    builtin=True,
)


def _destroy_charm(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    """Pick the charm to destroy now (a neighbour, a random other charm, or the leftmost of an id): it
    leaves the row after the step. A charm already leaving, kept by a sticker, or locked is never picked."""
    taken = set(ctx.gone) | set(ctx.leaving)
    own = charm.slot if charm is not None else -1
    ok = [i for i, c in enumerate(ctx.charms) if i != own and i not in taken and not (c.lasting or c.locked)]
    target = e.arg("target")
    if e.arg("charm") is not None:
        picked = next((i for i in ok if ctx.charms[i].id == e.arg("charm")), None)
    elif target == "random":
        stream = f"{DESTROY_STREAM}.{charm.id}" if charm is not None else DESTROY_STREAM
        picked = ctx.rng.choice(stream, ok) if ok else None
    else:  # the neighbour still in the row (past those that left it in an earlier step)
        near = neighbour(own, target, (i for i in range(len(ctx.charms)) if i not in ctx.gone))
        picked = near if own >= 0 and near in ok else None
    if picked is None:
        return
    ctx.leaving = (*ctx.leaving, picked)
    ctx.aftermath().charms.append(picked)
    ctx.note(source, "destroy_charm", 0, f"{ctx.charms[picked].id} is destroyed")


def _destroy_charm_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    if e.arg("charm"):
        return f"destroy the charm {e.arg('charm')}"
    return {
        "left": "destroy the charm to its left",
        "right": "destroy the charm to its right",
    }.get(e.arg("target"), "destroy a random other charm")


EFFECTS.add(
    EffectKind(
        "destroy_charm",
        _destroy_charm,
        _destroy_charm_text,
        label="destroy_charm",
        worth=Worth(destroys="other"),
    ),
    builtin=True,
)


def _sell_value_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    whose = " to every charm" if e.arg("to") == "all" else ""
    return f"{'-' if e.amount < 0 else '+'}${amount} sell value{whose}"


def _settle_sell_value(
    state: RunState, setup: RunSetup, change: RunChange, leaving: frozenset[int]
) -> list[RunEvent]:
    """Add to the sell value of the charm that fired (``to: self``) or of every charm."""
    n = int(change.amount)
    if change.arg("to") == "all":
        slots = range(len(state.charms))
    else:
        slot = change.source[2]
        slots = (
            range(slot, slot + 1) if change.source[1] == "charm" and slot < len(state.charms) else range(0)
        )
    events = []
    for i in slots:
        c = state.charms[i]
        state.charms[i] = replace(c, sell_bonus=c.sell_bonus + n)
        value = max(setup.catalog.charm(c.id).sell_value + c.sell_bonus + n, 0)
        events.append(RunEvent("sell_value", c.id, n, f"sells for ${value}"))
    return events


EFFECTS.add(
    EffectKind(
        "add_sell_value",
        _later,
        _sell_value_text,
        label="add_sell_value",
        settle=_settle_sell_value,
        worth=Worth(sell_value=True),
    ),
    builtin=True,
)

# -- consumables and tags: made here, handed out by the run's item rules -----------------


def _item(kind: str, worth: Worth) -> EffectKind:
    """``create_consumable`` / ``create_tag``: an item by id, or a random one of a family, recorded in
    the run's :attr:`~studio.engine.run.state.RunState.created` for the item rules to take in."""

    def text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
        if e.arg(kind):
            return f"create the {kind} {e.arg(kind)}"
        if e.arg("copy"):
            return f"create a copy of a random {kind} held"
        family = f"{e.arg('family')} " if e.arg("family") else ""
        return f"create a random {family}{kind}"

    def settle(
        state: RunState, setup: RunSetup, change: RunChange, leaving: frozenset[int]
    ) -> list[RunEvent]:
        made = Created(kind, change.arg(kind) or "", change.arg("family") or "", change.source[0])
        if change.arg("copy"):  # a copy of a random consumable held now (the source's own stream)
            held = state.consumables
            if not held:
                return [RunEvent(f"{kind}_not_created", made.source, 0, f"no {kind} held to copy")]
            made = made._replace(id=state.rng.choice(f"{CREATE_STREAM}.{made.source}", held))
        state.created.append(made)
        what = made.id or f"a random {made.family + ' ' if made.family else ''}{kind}"
        return [RunEvent(f"{kind}_created", what, 1, f"made by {made.source}")]

    return EffectKind(f"create_{kind}", _later, text, label=f"create_{kind}", settle=settle, worth=worth)


EFFECTS.add(_item("consumable", Worth(creates=True)), builtin=True)
EFFECTS.add(_item("tag", Worth()), builtin=True)

# -- money at cash out, and a loss prevented ---------------------------------------------


def owe(state: RunState, setup: RunSetup, change: RunChange, leaving: frozenset[int]) -> list[RunEvent]:
    """Keep money marked ``at: cash_out`` for the next cash out (the settle of ``money``)."""
    state.owed.append(Owed(change.source, int(change.amount)))
    return [RunEvent("owed", change.source[0], int(change.amount), "paid at cash out")]


def _prevent_loss(
    ctx: ScoringContext, e: Effect, amount: float, source: Source | ActiveCharm, charm: ActiveCharm | None
) -> None:
    """The round is not lost if its score reached ``share`` of the requirement (once: the first source
    that prevents it does); with ``destroy_self`` the charm then destroys itself."""
    s, after = ctx.situation, ctx.after
    if (
        s.requirement <= 0
        or (after is not None and after.saved)
        or s.score < e.arg("share", 0) * s.requirement
    ):
        return
    ctx.note(source, "prevent_loss", 0, f"the loss is prevented ({fmt(s.score)} of {s.requirement} scored)")
    ctx.aftermath().saved = ctx.events[-1].source
    if e.arg("destroy_self"):
        EFFECTS["destroy_self"].apply(ctx, e, amount, source, charm)


def _prevent_text(e: Effect, amount: str, names: Mapping[str, str]) -> str:
    share = f"{fmt(round(e.arg('share', 0) * 100, 2))}%"
    text = f"prevent the loss if at least {share} of the requirement was scored"
    return text + (", then destroy itself" if e.arg("destroy_self") else "")


EFFECTS.add(
    EffectKind("prevent_loss", _prevent_loss, _prevent_text, label="prevent_loss", worth=Worth(saves=True)),
    builtin=True,
)
