"""Tags in a run: skipping a blind gives the ante's tag for it; its reward is taken at once or when the
next shop opens.

Rewards (see :mod:`studio.engine.tags`): a free charm of a rarity (drawn from
the ``tags`` stream; at once it joins the row if a slot is free), a free booster
(at once it opens where the blind was skipped; in the shop it is a free booster
slot), an edition on the first charm the shop offers, or effects of the
charms' vocabulary applied on behalf of the tag.
"""

from __future__ import annotations

from studio.engine.charms import CharmSlot
from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.shop import booster_def, charm_offer, open_booster, roll_charm
from studio.engine.run.state import Dress, Offer, RunState
from studio.engine.run.triggers import run_situation, take
from studio.engine.run.values import charm_slots
from studio.engine.scoring.rounds import give
from studio.engine.tags import CharmEdition, FreeBooster, FreeCharm, TagDef

#: The stream the antes' skip tags are drawn from; a tag's own draws (the charm it gives) come from
#: ``tags.<tag id>``.
STREAM = "tags"
#: A tag an effect makes is drawn from its source's own stream (``create.<source id>``), so making
#: one shifts no other draw.
MADE_STREAM = "create"


def skip_tag(state: RunState, setup: RunSetup, blind: int) -> list[RunEvent]:
    """Give the tag of the skipped ``blind`` (called once the run has moved to the next blind): its
    reward now, or held for the next shop."""
    tag_id = state.skip_tag(blind)
    if not tag_id:
        return []
    tag = setup.catalog.tags[tag_id]
    if tag.at == "now":
        return [RunEvent("tag", tag_id, 1, "taken now"), *_reward_now(state, setup, tag)]
    state.tags.append(tag_id)
    return [RunEvent("tag", tag_id, 1, "held for the next shop")]


def made_tags(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Give the tags effects made (``create_tag``), in the order made: one by id, or one drawn by weight
    among those given from this ante on. A tag ``at: now`` gives its reward at once, unless a booster is
    open (then it waits for the next shop, like the others)."""
    made = [c for c in state.created if c.kind == "tag"]
    if not made:
        return []
    state.created = [c for c in state.created if c.kind != "tag"]
    events = []
    for item in made:
        tag_id = item.id or draw_tag(state, setup, f"{MADE_STREAM}.{item.source}")
        if not tag_id:
            events.append(RunEvent("tag_lost", item.source, 0, "no tag to make"))
            continue
        tag = setup.catalog.tags[tag_id]
        if tag.at == "now" and state.booster is None:
            events += [
                RunEvent("tag", tag_id, 1, f"made by {item.source}, taken now"),
                *_reward_now(state, setup, tag),
            ]
        else:
            state.tags.append(tag_id)
            events.append(RunEvent("tag", tag_id, 1, f"made by {item.source}, held for the next shop"))
    return events


def draw_tag(state: RunState, setup: RunSetup, stream: str = STREAM) -> str:
    """A tag drawn by weight among those given from this ante on ("": none), from ``stream``: the
    ``tags`` stream of the antes' skip tags, or the own stream of the source that makes one."""
    pool = sorted(
        (t, d.weight) for t, d in setup.catalog.tags.items() if d.min_ante <= state.ante and d.weight > 0
    )
    total = sum(w for _, w in pool)
    if total <= 0:
        return ""
    x = state.rng.random(stream) * total
    for tag, w in pool:
        x -= w
        if x < 0:
            return tag
    return pool[-1][0]


def shop_tags(state: RunState, setup: RunSetup) -> list[RunEvent]:
    """Take the held tags' rewards in the shop just opened, in the order the tags were given."""
    held, state.tags = state.tags, []
    events = []
    for tag_id in held:
        events += _reward_in_shop(state, setup, setup.catalog.tags[tag_id])
    return events


def _reward_now(state: RunState, setup: RunSetup, tag: TagDef) -> list[RunEvent]:
    r = tag.reward
    if isinstance(r, FreeCharm):
        charm_id = _charm_of(state, setup, r.rarity, tag.id)
        if charm_id is None or len(state.charms) >= charm_slots(state, setup):
            why = "no charm of that rarity left" if charm_id is None else "no free charm slot"
            return [RunEvent("tag_lost", tag.id, 0, why)]
        state.charms.append(CharmSlot(charm_id, r.edition))
        return [RunEvent("tag_charm", charm_id, len(state.charms) - 1, f"from {tag.id}")]
    if isinstance(r, FreeBooster):
        return open_booster(state, setup, booster_def(setup, r.booster), 0, tag.id)
    if isinstance(r, CharmEdition):
        state.tags.append(tag.id)  # an edition waits for a charm for sale
        return []
    result = give(
        (r,), (tag.name or tag.id, "tag", -1), "tag", run_situation(state, setup, None), setup.catalog
    )
    return [RunEvent("tag_reward", tag.id, 0, "", result.events), *take(state, setup, result)]


def _reward_in_shop(state: RunState, setup: RunSetup, tag: TagDef) -> list[RunEvent]:
    shop = state.shop
    assert shop is not None
    r = tag.reward
    if isinstance(r, FreeCharm):
        charm_id = _charm_of(state, setup, r.rarity, tag.id)
        if charm_id is None:
            return [RunEvent("tag_lost", tag.id, 0, "no charm of that rarity left")]
        offer = charm_offer(state, setup, charm_id, Dress(r.edition))
        offer.price, offer.cost = 0, None
        shop.offers.append(offer)
        return [RunEvent("tag_offer", charm_id, len(shop.offers) - 1, f"free, from {tag.id}")]
    if isinstance(r, FreeBooster):
        shop.offers.append(Offer("pack", r.booster, 0))
        return [RunEvent("tag_offer", r.booster, len(shop.offers) - 1, f"free, from {tag.id}")]
    if isinstance(r, CharmEdition):
        for slot, offer in enumerate(shop.offers):
            if offer.kind == "charm" and not offer.sold:
                offer.edition = r.edition
                if r.free:
                    offer.price, offer.cost = 0, None
                return [RunEvent("tag_offer", offer.item, slot, f"{r.edition}, from {tag.id}")]
        return [RunEvent("tag_lost", tag.id, 0, "no charm for sale")]
    return _reward_now(state, setup, tag)


def _charm_of(state: RunState, setup: RunSetup, rarity: str, tag_id: str) -> str | None:
    """A charm of ``rarity`` not in the row or the shop, drawn from the tag's own stream (``tags.<id>``,
    so a tag's reward shifts no skip tag); any rarity when none is left."""
    stream = f"{STREAM}.{tag_id}"
    taken = {c.id for c in state.charms}
    if state.shop is not None:
        taken |= {o.item for o in state.shop.offers if o.kind == "charm"}
    return roll_charm(state, setup, stream, taken, rarity) or roll_charm(state, setup, stream, taken)
