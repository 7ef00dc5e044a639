"""Scenarios: hands to score from files, their cross-checks, and comparing results to ``expect``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache, partial
from pathlib import Path
from typing import Any, get_args

from pydantic import ValidationError

from studio.content.check.problems import SCENARIO, Problem, json_path
from studio.content.check.validation import validate_document
from studio.content.check.xrefs import names_key
from studio.content.io.documents import CONTENT_SUFFIXES, Document, read_document
from studio.content.io.text import printable
from studio.content.models import ScenarioModel
from studio.content.models.scenario import ExpectedEvent
from studio.content.models.variables import value_misfit, var_values
from studio.content.packs.pack import Pack
from studio.content.plain_scenarios import known
from studio.engine.cards import parse_card, parse_cards
from studio.engine.catalog import Catalog
from studio.engine.names import did_you_mean
from studio.engine.runs import RunTable
from studio.engine.scoring import MAX_PLAYED, HandSizeError, check_hand_size, score
from studio.engine.trace import SCORE_STEPS, Event, ScoreResult, Step, fmt

#: Every step an event may have.
_STEPS: tuple[str, ...] = get_args(Step)


@dataclass(frozen=True)
class Scenario:
    """A scenario read from a file (a file may hold one scenario or a list of them)."""

    doc: Document
    model: ScenarioModel

    @property
    def label(self) -> str:
        """Where it comes from and what it checks."""
        return _label(self.doc, self.model.name)


@dataclass(frozen=True)
class Unread:
    """A scenario that is not one, or a file of scenarios that cannot be read: where, and every problem."""

    label: str
    problems: tuple[Problem, ...]


def _label(doc: Document, name: object) -> str:
    """Where a scenario comes from (in a file of many, the line it starts on: an editor jumps there from
    ``file:line``) and its name, if it has one."""
    where = f"{doc.name}:{doc.locate([])[0]}" if doc.prefix else doc.name
    return printable(f"{where}: {name}" if isinstance(name, str) and name else where)


def scenario_files(path: Path) -> list[Path]:
    """Return the scenario files at ``path`` (a file, or every content file under a folder, but those in
    hidden folders, such as ``.studio/`` and ``.vscode/``, which are never content)."""
    if path.is_dir():
        return sorted(
            p
            for p in path.rglob("*")
            if p.suffix in CONTENT_SUFFIXES
            and not any(part.startswith(".") for part in p.relative_to(path).parts)
            and p.is_file()
        )
    return [path]


def read_scenarios(path: Path) -> tuple[list[Scenario], list[Problem]]:
    """Read and validate the scenarios of one file (raises DocumentError if unreadable)."""
    return scenarios_in(read_document(path))


def scenarios_in(doc: Document) -> tuple[list[Scenario], list[Problem]]:
    """Validate the scenarios of a document (one mapping, or a list of them): the scenarios, and the
    problems of those that are none and of names given twice."""
    return _checked(scenario_cases(doc))


def readable_scenarios(doc: Document) -> tuple[list[Scenario], list[Problem]]:
    """The scenarios of a document, and the problems of those that are none (for a reader that shows
    or scores them: a name given twice keeps no scenario from being read)."""
    return _split(scenario_cases(doc))


#: What a name given to two scenarios of a file is told.
_OWN_NAMES = "a file's scenarios need names of their own"


def repeated_names(scenarios: Sequence[Scenario]) -> list[Problem]:
    """A problem at the name of each scenario that an earlier one of its file is called too: a name
    picks a scenario (``studio score --name``) and names its result, so it is one scenario's."""
    first: dict[tuple[str, str], Scenario] = {}
    out = []
    for s in scenarios:
        name = s.model.name
        if name and (earlier := first.setdefault((s.doc.name, name), s)) is not s:
            line = earlier.doc.locate([])[0]
            said = f"the scenario at line {line} is called '{name}' too: {_OWN_NAMES}"
            out.append(_problem(s, ("name",), said))
    return out


def scenario_cases(doc: Document | Problem) -> list[Scenario | Unread]:
    """Each scenario of a document (one mapping, or a list of them), or what is wrong with it; a file
    that cannot be read (its problem) is one."""
    if isinstance(doc, Problem):
        return [Unread(doc.file, (doc,))]
    items = [doc.item(i) for i in range(len(doc.data))] if isinstance(doc.data, list) else [doc]
    out: list[Scenario | Unread] = []
    for item in items:
        model, found = validate_document("scenario", item)
        if isinstance(model, ScenarioModel):
            out.append(Scenario(item, model))
        else:
            name = item.data.get("name") if isinstance(item.data, dict) else None
            out.append(Unread(_label(item, name), tuple(found)))
    return out


def pack_scenarios(pack: Pack) -> tuple[list[Scenario], list[Problem]]:
    """Read and validate every scenario in a pack's ``tests/`` folder, as :func:`scenarios_in` does."""
    return _checked(pack_cases(pack))


def pack_cases(pack: Pack) -> list[Scenario | Unread]:
    """Every scenario in a pack's ``tests/`` folder, or what is wrong with it (see :func:`scenario_cases`)."""
    return [
        case
        for rel in sorted(pack.files)
        if rel.startswith("tests/") and rel.endswith(CONTENT_SUFFIXES)
        for case in scenario_cases(pack.document(rel))
    ]


def _checked(cases: Sequence[Scenario | Unread]) -> tuple[list[Scenario], list[Problem]]:
    """The scenarios, and the problems of the rest and of names given twice in a file."""
    scenarios, problems = _split(cases)
    return scenarios, problems + repeated_names(scenarios)


def _split(cases: Sequence[Scenario | Unread]) -> tuple[list[Scenario], list[Problem]]:
    """The scenarios, and the problems of the rest."""
    return [c for c in cases if isinstance(c, Scenario)], [
        p for c in cases if isinstance(c, Unread) for p in c.problems
    ]


def scenario_problems(s: Scenario, catalog: Catalog, broken: Collection[str] = ()) -> list[Problem]:
    """Return the cross-reference problems of a scenario: bad cards, unknown ids, a played hand of a size
    its rules do not allow, and what ``expect`` names (hand type, scoring cards, steps) that cannot be.

    ``broken`` names entries (``kind/id``) whose own files have problems: they
    are reported there, so naming them here is not a second problem.
    """
    m = s.model
    checks: list[tuple[tuple[object, ...], str, Callable[[], object]]] = [
        (("played",), "", lambda: catalog.cards(m.played)),
        (("held",), "", lambda: catalog.cards(m.held)),
    ]
    if m.full_deck is not None:
        checks.append((("full_deck",), "", lambda: catalog.cards(m.full_deck or "")))
    if m.boss:
        checks.append((("boss",), f"boss/{m.boss}", lambda: known(catalog, "boss", m.boss or "")))
    if catalog.decks:
        checks.append((("deck",), f"deck/{m.deck}", lambda: known(catalog, "deck", m.deck)))
    if m.blind and catalog.run is not None:
        checks.append((("blind",), "", partial(_known_blind, catalog.run, m.blind)))
    for i, slot in enumerate(m.slots()):
        checks.append((("charms", i), f"charm/{slot.id}", partial(known, catalog, "charm", slot.id)))
        given = getattr(m.charms[i], "vars", None) or {}
        for name, value in given.items():
            checks.append(
                (("charms", i, "vars", name), "", partial(_var_fits, catalog, slot.id, name, value))
            )
        if slot.edition:
            checks.append((("charms", i), f"edition/{slot.edition}", partial(catalog.edition, slot.edition)))
        for j, sticker_id in enumerate(slot.stickers):
            sticker = partial(known, catalog, "sticker", sticker_id)
            checks.append((("charms", i, "stickers", j), f"sticker/{sticker_id}", sticker))
    if m.difficulty:
        checks.append((("difficulty",), "", partial(catalog.difficulty_level, m.difficulty)))
    for i, voucher_id in enumerate(m.vouchers):
        voucher = partial(known, catalog, "voucher", voucher_id)
        checks.append((("vouchers", i), f"voucher/{voucher_id}", voucher))
    for type_id in m.levels:
        checks.append((("levels", type_id), f"hand_type/{type_id}", partial(catalog.hand_type, type_id)))
    for i, type_id in enumerate(m.hand_types_played):
        checks.append((("hand_types_played", i), f"hand_type/{type_id}", partial(catalog.hand_type, type_id)))
    for type_id in m.times_played:
        checks.append(
            (("times_played", type_id), f"hand_type/{type_id}", partial(catalog.hand_type, type_id))
        )
    checks += _expect_checks(m, catalog)
    problems = []
    skipped = False
    for parts, key, check in checks:
        if key in broken:
            skipped = True
            continue
        try:
            check()
        except ValueError as exc:
            problems.append(_problem(s, parts, str(exc)))
    if not (problems or skipped) and catalog.hand_types and _size_may_fail(m, catalog):
        try:
            check_hand_size(m.to_situation(catalog), catalog)
        except HandSizeError as exc:
            problems.append(_problem(s, ("played",), str(exc)))
    return problems


def _var_fits(catalog: Catalog, charm_id: str, name: str, value: object) -> None:
    """Raise ValueError unless the charm declares the variable ``name`` and it can hold ``value``."""
    charm = catalog.charms.get(charm_id)
    if charm is None:
        return  # an unknown charm is its own problem
    types = {v.name: v.type for v in charm.variables}
    if name not in types:
        has = f"its variables are {', '.join(types)}" if types else "it has none"
        raise ValueError(f"{charm_id} has no variable '{name}'{did_you_mean(name, types)}: {has}")
    misfit = value_misfit(types[name], value)
    if misfit:
        raise ValueError(misfit)


def _known_blind(run: RunTable, blind: str) -> None:
    """Raise ValueError unless the run table defines the blind ``blind``."""
    ids = [b.id for b in run.blinds]
    if blind not in ids:
        raise ValueError(f"unknown blind '{blind}'{did_you_mean(blind, ids)}")


def named_entries(m: ScenarioModel) -> list[str]:
    """The entries (``kind/id``) a scenario names by id: its boss, deck, charms with their editions and
    stickers, vouchers and the hand types it gives levels or counts of, in the order written."""
    keys = [f"boss/{m.boss}"] if m.boss else []
    keys.append(f"deck/{m.deck}")
    for slot in m.slots():
        keys.append(f"charm/{slot.id}")
        keys += [f"edition/{slot.edition}"] if slot.edition else []
        keys += [f"sticker/{sticker}" for sticker in slot.stickers]
    keys += [f"voucher/{voucher}" for voucher in m.vouchers]
    keys += [f"hand_type/{t}" for t in (*m.levels, *m.hand_types_played, *m.times_played)]
    return list(dict.fromkeys(keys))


def _size_may_fail(m: ScenarioModel, catalog: Catalog) -> bool:
    """Whether the played hand's size needs checking against the rules in play: a hand of 1 to 5 cards
    always fits unless some content changes ``max_played`` (the size is checked before any charm acts,
    so only modifiers count). Checking opens a scoring context, so a workspace of hundreds of scenarios
    skips it where it can."""
    return not 1 <= len(m.played.split()) <= MAX_PLAYED or bool(size_rules(catalog))


def size_rules(catalog: Catalog) -> tuple[str, ...]:
    """Every record of the content that names ``max_played`` (a modifier, an effect), as text: what
    the hand-size check of a scenario reads besides ids, so a change to any of them asks for the check
    again (memoised per catalog)."""
    found = catalog.memo.get(_SIZE_RULES)
    if found is None:
        records: list[object] = []
        _naming(catalog, "max_played", set(), None, records)
        found = catalog.memo[_SIZE_RULES] = tuple(map(repr, records))
    return found  # type: ignore[return-value]


#: The catalog memo key of the records that name the value ``max_played``.
_SIZE_RULES = ("content names", "max_played")


def memo_after_swap(catalog: Catalog, old: object, new: object) -> dict[object, object]:
    """The memo of a catalog that is ``catalog`` with the record ``old`` swapped for ``new`` (one entry
    edited): the size rules carry over while neither names ``max_played``, so an edit need not walk the
    whole content again for them; everything else memoised starts afresh."""
    found = catalog.memo.get(_SIZE_RULES)
    if found is None or _names_size(old) or _names_size(new):
        return {}
    return {_SIZE_RULES: found}


def _names_size(value: object) -> bool:
    """Whether ``value`` holds the word ``max_played`` anywhere inside."""
    records: list[object] = []
    _naming(value, "max_played", set(), value, records)
    return bool(records)


def _naming(value: object, word: str, seen: set[int], record: object, out: list[object]) -> None:
    """Add to ``out`` each record (a dataclass or named tuple) of ``value`` that holds ``word`` as a
    string in its fields, items or keys, all the way down; ``record`` is the nearest one around."""
    if isinstance(value, str):
        if value == word and record is not None:
            out.append(record)
        return
    if id(value) in seen or isinstance(value, int | float) or value is None:  # a bool is an int
        return
    seen.add(id(value))
    if isinstance(value, Mapping):
        for k, v in value.items():
            _naming(k, word, seen, record, out)
            _naming(v, word, seen, record, out)
    elif isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple is a record
        for v in value:
            _naming(v, word, seen, value, out)
    elif isinstance(value, tuple | list | set | frozenset):
        for v in value:
            _naming(v, word, seen, record, out)
    elif is_dataclass(value):
        for name in _record_fields(value if isinstance(value, type) else type(value)):
            _naming(getattr(value, name), word, seen, value, out)


@cache
def _record_fields(record: type[Any]) -> tuple[str, ...]:
    """The fields of a dataclass that may hold a rule, in order (looked up once per class: the walk
    of a catalog meets thousands of records)."""
    return tuple(f.name for f in fields(record) if f.name not in _NO_RULES)


#: The catalog's fields that hold no rule of the content: its memo, and the settings a code charm's
#: effects may be given (whose words name every value, ``max_played`` too, in all content).
_NO_RULES = frozenset({"memo", "effect_settings"})


def _expect_checks(
    m: ScenarioModel, catalog: Catalog
) -> list[tuple[tuple[object, ...], str, Callable[[], object]]]:
    """The checks of what ``expect`` names: a hand type, scoring cards, and the trace's steps."""
    e = m.expect
    if e is None:
        return []
    checks: list[tuple[tuple[object, ...], str, Callable[[], object]]] = []
    if e.hand_type is not None:
        checks.append(
            (("expect", "hand_type"), f"hand_type/{e.hand_type}", partial(catalog.hand_type, e.hand_type))
        )
    for i in range(len(e.scoring or ())):
        checks.append((("expect", "scoring", i), "", partial(_scored, e.scoring or [], i, m.played, catalog)))
    for i, event in enumerate(e.events or ()):
        checks.append((("expect", "events", i, "step"), "", partial(_step, event.step)))
    return checks


def _scored(scoring: Sequence[str], i: int, played: str, catalog: Catalog) -> None:
    """Raise ValueError if the ``i``-th expected scoring card cannot be one: no card, not a card
    ``played``, played fewer times than the cards expected so far name it, or played before the card
    expected ahead of it (scoring cards come in the order they were played)."""
    kinds = catalog.modifier_kinds
    card = str(parse_card(scoring[i], kinds))
    try:
        hand = [str(c) for c in parse_cards(played, kinds)]
    except ValueError:  # the played hand's own problem
        return
    at, last, earlier = -1, "", 0  # the place in the hand of the last card matched, and that card
    for token in scoring[:i]:
        try:
            one = str(parse_card(token, kinds))
        except ValueError:  # its own problem
            continue
        earlier += one == card
        found = next((k for k in range(at + 1, len(hand)) if hand[k] == one), None)
        if found is not None:  # a card that cannot be is its own problem: the rest are matched past it
            at, last = found, token
    if card in hand[at + 1 :]:
        return
    shown = " ".join(hand)
    if card not in hand:
        same = [h for h in hand if h.split(":")[0] == card.split(":")[0]]
        hint = f" (did you mean '{same[0]}'?)" if same else did_you_mean(card, hand)
        raise ValueError(
            f"'{scoring[i]}' is not a card played ({shown}): a scoring card is one of them{hint}"
        )
    if earlier >= hand.count(card):
        times = "once" if hand.count(card) == 1 else f"{hand.count(card)} times"
        raise ValueError(f"'{scoring[i]}' is played {times} ({shown}), so it scores at most {times}")
    why = "scoring cards come in the order they were played"
    raise ValueError(f"'{scoring[i]}' is played before '{last}' ({shown}): {why}")


def _step(name: str) -> None:
    """Raise ValueError if no event of a trace has the step ``name``."""
    if name not in _STEPS:
        raise ValueError(
            f"unknown step '{name}': a hand's steps are {', '.join(SCORE_STEPS)}{did_you_mean(name, _STEPS)}"
        )


def _problem(s: Scenario, parts: tuple[object, ...], message: str) -> Problem:
    """A problem of the scenario at the field ``parts`` (at its key where the key is the id at fault)."""
    line, col = s.doc.locate(parts, key=names_key("scenario", parts))
    return Problem(s.doc.name, line, col, message, json_path((*s.doc.prefix, *parts)), SCENARIO)


def pick(scenarios: Sequence[Scenario], name: str | None, where: str) -> list[Scenario]:
    """Return the scenarios called ``name`` (all of them if ``name`` is None); raise ValueError if none."""
    if name is None:
        return list(scenarios)
    chosen = [s for s in scenarios if s.model.name == name]
    if not chosen:
        names = [s.model.name for s in scenarios if s.model.name]
        raise ValueError(f"{where}: no scenario named '{name}'{did_you_mean(name, names)}")
    return chosen


class ScenarioDataError(ValueError):
    """Plain data that is not a scenario: ``field`` (dotted path) and ``what`` is wrong with it."""

    def __init__(self, field: str, what: str) -> None:
        super().__init__(f"{field}: {what}")
        self.field = field
        self.what = what


def scenario_model(data: Any) -> ScenarioModel:
    """Validate plain data as a scenario; raise ScenarioDataError naming its first mistake."""
    try:
        return ScenarioModel.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "scenario"
        raise ScenarioDataError(
            field,
            _bound_sentence(err)
            or _empty_sentence(err)
            or _long_sentence(err)
            or err["msg"].removeprefix("Value error, "),
        ) from None


#: A bound pydantic names by its error type: (its key in the error's context, how validate words it).
_BOUNDS = {
    "greater_than_equal": ("ge", "less than the minimum of"),
    "less_than_equal": ("le", "greater than the maximum of"),
    "greater_than": ("gt", "not above"),
    "less_than": ("lt", "not below"),
}


def _bound_sentence(err: Any) -> str | None:
    """A number out of its bounds worded as validate words it (``-5 is less than the minimum of 0``)."""
    found = _BOUNDS.get(err.get("type", ""))
    if found is None or found[0] not in err.get("ctx", {}):
        return None
    key, words = found
    return f"{err['input']} is {words} {err['ctx'][key]}"


def _long_sentence(err: Any) -> str | None:
    """A list past its bound worded as validate words it (``110 charms: at most 100``), not pydantic's
    "List should have at most 100 items after validation"."""
    ctx = err.get("ctx", {})
    if err.get("type") != "too_long" or "max_length" not in ctx or not err["loc"]:
        return None
    return f"{ctx.get('actual_length')} {err['loc'][-1]}: at most {ctx['max_length']}"


def _empty_sentence(err: Any) -> str | None:
    """An empty text worded as validate words it, with its field's ``x-message`` (``empty: write at least
    one card, e.g. AS``), not pydantic's "String should have at least 1 character"."""
    if err.get("type") != "string_too_short" or err.get("input") != "":
        return None
    field = ScenarioModel.model_fields.get(str(err["loc"][0])) if len(err["loc"]) == 1 else None
    extra = field.json_schema_extra if field is not None else None
    advice = extra.get("x-message") if isinstance(extra, dict) else None
    return f"empty: {advice or 'write something here'}"


def line_scenario(data: Any, text: str) -> ScenarioModel | list[Problem]:
    """Validate ``data``, read from the one line ``text`` (of a batch), as a scenario; or return every
    problem as validate words it, each at its column in the line and its field."""
    model, problems = validate_document("scenario", Document("", text, data))
    if isinstance(model, ScenarioModel):
        return model
    file_words = "a scenario file holds"  # validate's words for a whole file; here it is one line
    return [
        replace(p, message=p.message.replace(file_words, "a batch line holds one scenario,"))
        for p in problems
    ]


def score_scenario(s: ScenarioModel, catalog: Catalog) -> ScoreResult:
    """Score a scenario (raises ValueError for bad cards, ids or hand sizes)."""
    return score(s.to_situation(catalog), catalog)


def mismatches(s: ScenarioModel, result: ScoreResult) -> list[str]:
    """Return each way the result differs from the scenario's ``expect``."""
    e = s.expect
    if e is None:
        return []
    actual: dict[str, Any] = {
        "hand_type": result.hand_type,
        "total": result.total,
        "points": result.points,
        "mult": result.mult,
        "money": result.money,
        "scoring": list(result.scoring),
        "counters": list(result.counters),
    }
    out = []
    for key, got in actual.items():
        want = getattr(e, key)
        if key == "scoring" and want is not None and list(map(_card, want)) == list(map(_card, got)):
            continue  # the same cards, written another way (as, AS:foil:glass for AS:glass:foil)
        if want is not None and want != got:
            out.append(f"{key}: expected {_show(want)}, got {_show(got)}")
    if e.vars is not None:
        want_vars = [dict(var_values(v)) for v in e.vars]
        got_vars = [dict(v) for v in result.vars]
        if want_vars != got_vars:
            out.append(f"vars: expected {want_vars}, got {got_vars}")
    if e.after is not None:
        got_after = result.after.to_json() if result.after is not None and not result.after.is_empty() else {}
        if e.after != got_after:
            out.append(f"after: expected {e.after}, got {got_after}")
    if e.events is not None:
        got_events = list(result.events)
        if len(got_events) != len(e.events) or not all(map(_same, got_events, e.events)):
            out.append("events: the trace differs")
    return out


def _card(token: str) -> object:
    """A card token as a card, whatever the case and the order of its modifiers: its rank and suit, its
    modifiers' names and its extra Points (the token itself if it is no card)."""
    head, *mods = (part.strip().lower() for part in token.split(":"))
    try:
        base = parse_card(head).base
    except ValueError:
        return token
    extra = sum(int(m[1:]) for m in mods if m[:1] == "+" and m[1:].isdigit())
    return base, sorted(m for m in mods if not (m[:1] == "+" and m[1:].isdigit())), extra


def _same(got: Event, want: ExpectedEvent) -> bool:
    """An event matches its expected one: step, source and running values, and what it did if given."""
    running = (got.step, got.source, got.points, got.mult)
    return running == (want.step, want.source, want.points, want.mult) and want.what in (None, got.what)


def _show(x: object) -> str:
    if isinstance(x, float):
        return fmt(x)
    if isinstance(x, list):
        return "[" + ", ".join(_show(i) for i in x) + "]"
    return str(x)


def iter_events_diff(s: ScenarioModel, result: ScoreResult) -> Iterator[list[str]]:
    """Yield rows comparing the expected and actual trace step by step."""
    expected = s.expect.events if s.expect and s.expect.events is not None else None
    got = list(result.events)
    n = max(len(got), len(expected) if expected is not None else 0)
    for i in range(n):
        g = got[i] if i < len(got) else None
        actual = f"{g.step} {g.source} {g.change} -> {g.points} x {fmt(g.mult)}" if g else "-"
        if expected is None:
            yield [str(i + 1), " ", actual, ""]
            continue
        w = expected[i] if i < len(expected) else None
        want = f"{w.step} {w.source} -> {w.points} x {fmt(w.mult)}" if w else "-"
        same = g is not None and w is not None and _same(g, w)
        yield [str(i + 1), " " if same else "!", actual, "" if same else f"expected {want}"]
