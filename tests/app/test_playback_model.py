"""Trace playback's cues are read from the trace alone: the running values, the source, the pop-up text."""

from __future__ import annotations

from studio.app.preview.charm_tokens import slot_of
from studio.app.preview.playback_model import Cursor, beat_ms, cues_of
from studio.engine.catalog import Catalog
from studio.engine.scoring import Situation, score
from studio.engine.trace import ScoreResult


def _score(catalog: Catalog, played: str, charms: tuple[str, ...] = (), **kw: object) -> ScoreResult:
    situation = Situation(played=catalog.cards(played), charms=tuple(slot_of(t) for t in charms), **kw)  # type: ignore[arg-type]
    return score(situation, catalog)


def test_each_cue_carries_its_events_running_points_mult_and_money(catalog: Catalog) -> None:
    result = _score(
        catalog, "KS:red_seal KH:gold_seal 2H KD:gold_seal 4D", ("plain_mult:foil", "money_mult"), money=5
    )
    cues = cues_of(result.events)
    assert len(cues) == len(result.events)
    for cue, event in zip(cues, result.events, strict=True):
        assert (cue.points, cue.mult, cue.money) == (event.points, event.mult, event.money)
    assert cues[-1].total == result.total


def test_a_card_shows_over_the_card_and_a_charm_over_its_slot(catalog: Catalog) -> None:
    result = _score(catalog, "10H 6H", ("even_mult",))
    by_source = {c.source: c for c in cues_of(result.events)}
    card, charm = by_source["10H"], by_source["10H even_mult"]
    assert (card.anchor, card.zone, card.position, card.text, card.tone) == (
        "card",
        "played",
        0,
        "+10 Points",
        "points",
    )
    assert (charm.anchor, charm.slot, charm.position, charm.text, charm.tone) == (
        "charm",
        0,
        0,
        "+4 Mult",
        "mult",
    )
    base = cues_of(result.events)[0]
    assert (base.anchor, base.text, base.tone) == ("score", "High card: 5 × 1", "base")


def test_a_retrigger_says_again_and_a_debuffed_card_says_so(catalog: Catalog) -> None:
    result = _score(catalog, "KS:red_seal KH", boss="heart_debuff")
    texts = [(c.source, c.text, c.tone) for c in cues_of(result.events)]
    assert ("KS red_seal", "Again!", "again") in texts
    assert ("KH", "Debuffed", "debuffed") in texts


def test_money_and_times_mult_read_as_their_change(catalog: Catalog) -> None:
    cues = cues_of(_score(catalog, "KD:gold_seal KS 10H:glass 10S").events)
    assert ("+$3", "money") in [(c.text, c.tone) for c in cues]
    assert ("x2 Mult", "mult") in [(c.text, c.tone) for c in cues]


def test_a_refused_hand_totals_nothing(catalog: Catalog) -> None:
    result = _score(catalog, "KS KH", boss="psychic")
    assert result.refused
    (cue,) = cues_of(result.events)
    assert (cue.text, cue.total) == ("Refused", 0)


def test_the_cursor_steps_forward_and_back_and_jumps_only_to_events(catalog: Catalog) -> None:
    cursor = Cursor(cues_of(_score(catalog, "KS KH").events))
    assert cursor.current is None and not cursor.back()
    assert cursor.forward() and cursor.index == 0
    assert not cursor.jump(99) and cursor.index == 0
    assert cursor.jump(len(cursor.cues) - 1) and cursor.at_end() and not cursor.forward()
    assert cursor.back() and cursor.index == len(cursor.cues) - 2
    cursor.reset()
    assert cursor.index == -1


def test_faster_speeds_shorten_the_beat_and_instant_has_none() -> None:
    assert beat_ms(1) == 2 * beat_ms(2) == 4 * beat_ms(4)
    assert beat_ms(0) == 0
