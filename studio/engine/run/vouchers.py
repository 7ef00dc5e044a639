"""Vouchers in a run: the ante's offers in each of its shops, and buying one.

A voucher bought joins :attr:`RunState.vouchers` for good; its modifiers are
layered after the deck's and difficulty's, before the charms'
(:func:`~studio.engine.run.values.round_modifiers`), so "+1 hand" counts from
the next round and a cheaper reroll from the next reroll.
"""

from __future__ import annotations

from studio.engine.run.events import RunEvent
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import Offer, RunState
from studio.engine.run.values import price


def voucher_offers(state: RunState, setup: RunSetup) -> list[Offer]:
    """The shop slots of the ante's vouchers not bought yet, at the shop's prices."""
    vouchers = setup.catalog.vouchers
    return [
        Offer("voucher", v, price(vouchers[v].cost, state, setup), cost=vouchers[v].cost)
        for v in state.voucher_offers
    ]


def buy_voucher(state: RunState, setup: RunSetup, slot: int) -> list[RunEvent]:
    """Pay for the voucher in ``slot``: it is the run's from now on and leaves the ante's offers."""
    assert state.shop is not None
    offer = state.shop.offers[slot]
    state.money -= offer.price
    offer.sold = True
    state.vouchers.append(offer.item)
    state.voucher_offers.remove(offer.item)
    return [RunEvent("buy_voucher", offer.item, -offer.price)]  # ``bought`` is a charm's trigger
