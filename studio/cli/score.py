"""``studio score``: score a hand from the command line, a scenario file or a JSON-lines batch.

A hand from the command line is the author's loop, so it starts fast: the
catalog comes from the snapshot of the last sound load when it is current
(:mod:`studio.cli.loading`), and plain arguments are read without the
scenario model. The content layer (models, documents, faults) is imported
only when it is needed: a scenario file, a mistake to explain, a full load.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from studio.cli.errors import OK, PROBLEMS, UsageError
from studio.cli.idle_charms import refuse_idle_charms
from studio.cli.loading import add_pack_options, full_load, quick_catalog
from studio.cli.render import score_report
from studio.cli.seeds import seed
from studio.cli.unknown_ids import option_named
from studio.content.io.text import clip
from studio.content.plain_scenarios import known, plain_scenario, plain_situation
from studio.engine.catalog import Catalog
from studio.engine.names import UnknownIdError
from studio.engine.scoring import score
from studio.engine.situation import CharmTokenError, Situation
from studio.engine.trace import SCORE_STEPS, ScoreResult

if TYPE_CHECKING:
    from studio.content.registry import Content
    from studio.content.scenarios import Scenario

#: (scenario name, played, held, result) of each hand scored, as they are reported.
Scored = tuple[str | None, str, str, ScoreResult]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("hand", nargs="?", help='played cards, e.g. "AS AH KD 5C 2H"')
    p.add_argument("--held", help="cards held in hand")
    p.add_argument(
        "--charm",
        action="append",
        default=[],
        metavar="ID[:EDITION]",
        help="a charm (repeatable, in row order)",
    )
    p.add_argument("--level", action="append", default=[], metavar="TYPE=N", help="a hand type's level")
    p.add_argument("--boss", help="the boss rule in play")
    p.add_argument("--deck", help="the deck in play (default: standard)")
    p.add_argument("--money", type=int, help="$ held (default: 0)")
    p.add_argument("--hands-left", type=int, help="hands left after this one (default: 0)")
    p.add_argument("--discards-left", type=int, help="discards left (default: 0)")
    p.add_argument("--seed", type=seed, help="run seed for chance effects (default: 0)")
    p.add_argument("--scenario", type=Path, help="score a scenario file (YAML or JSON; one or a list)")
    p.add_argument("--name", help="with --scenario: score only the scenario of this name")
    p.add_argument(
        "--batch",
        type=Path,
        metavar="FILE.jsonl",
        help="score one JSON scenario per line, print one JSON result per line; '-' reads standard input"
        " as a stream: each result is printed as soon as its line is scored (by one process, in order)",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


#: The options that describe a hand given on the command line, and the defaults of those not given.
_HAND_OPTIONS = ("held", "charm", "level", "boss", "deck", "money", "hands_left", "discards_left", "seed")
_HAND_DEFAULTS = {"held": "", "deck": "standard", "money": 0, "hands_left": 0, "discards_left": 0, "seed": 0}


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    given = [x for x in (args.hand, args.scenario, args.batch) if x is not None]
    if len(given) != 1:
        raise UsageError("give exactly one of a hand, --scenario FILE or --batch FILE")
    if args.name is not None and args.scenario is None:
        raise UsageError("--name picks a scenario of a --scenario FILE")
    described = [
        "--" + name.replace("_", "-") for name in _HAND_OPTIONS if getattr(args, name) not in (None, [])
    ]
    if args.hand is None and described:
        where = "--scenario file" if args.scenario is not None else "--batch line"
        raise UsageError(
            f"{', '.join(described)}: only with a hand given on the command line (a {where} gives its own)"
        )
    for name, default in _HAND_DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    if args.scenario is not None:
        results, listed, failed = _from_file(args)
        code = _report(results, args.json, listed)
        for line in failed:  # after the scores, as test puts a failure after its trace
            print(f"studio score: {line}", file=sys.stderr)
        return PROBLEMS if failed else code
    catalog = quick_catalog(args)
    content = None
    if catalog is None:
        content = full_load(args)
        catalog = content.catalog
        assert catalog is not None
    if args.batch is not None:
        return _batch(args, catalog, content)
    situation = _situation(args, catalog)
    refuse_idle_charms(args, catalog, [slot.id for slot in situation.charms], "--charm", "in this hand")
    try:
        result = score(situation, catalog)
    except UnknownIdError as exc:  # a charm or edition of --charm is known only when scored
        named = _unknown(args, exc)
        if named is None:
            from studio.cli.common import failure

            raise failure(exc, content or full_load(args)) from None
        raise named from None
    except Exception as exc:  # a code charm may raise anything: the full load names it
        from studio.cli.common import failure

        raise failure(exc, content or full_load(args)) from None
    _say_idle_between_hands(situation, catalog)
    return _report([(None, args.hand, args.held, result)], args.json)


def _say_idle_between_hands(situation: Situation, catalog: Catalog) -> None:
    """Say on stderr which charms of the row act only outside a scored hand (at a discard, the end of a
    round, in the shop): their hand shows nothing of them, and a designer would ask why."""
    for slot in dict.fromkeys(slot.id for slot in situation.charms):
        charm = catalog.charms.get(slot)
        if charm is None or charm.behaviour_id or charm.modifiers or not charm.abilities:
            continue
        triggers = list(dict.fromkeys(a.trigger for a in charm.abilities))
        if not any(t in SCORE_STEPS for t in triggers):
            at = " and ".join(triggers)
            told = f"{slot} acts at {at}, never in a scored hand: 'studio run --charm {slot}' plays it"
            print(f"studio score: {told}", file=sys.stderr)


def _report(results: list[Scored], as_json: bool, listed: bool = False) -> int:
    """Print the results: readable reports, or JSON: one object, or (``listed``: the scenarios of a
    file holding a list) a list with names, however many there are, so a script reads one shape."""
    if as_json:
        from studio.cli.jsonout import dump_json  # only JSON output needs the encoder: a report starts faster

        if not listed:
            print(dump_json(results[0][3].to_json()))
        else:
            print(dump_json([{"name": name, **result.to_json()} for name, _, _, result in results]))
        return OK
    reports = [score_report(result, played, held) for _, played, held, result in results]
    if len(results) > 1:
        reports = [
            f"== {name or f'scenario {i}'} ==\n{r}"
            for i, ((name, _, _, _), r) in enumerate(zip(results, reports, strict=True), 1)
        ]
    print("\n\n".join(reports))
    return OK


def _situation(args: argparse.Namespace, catalog: Catalog) -> Situation:
    """The hand the command line describes; UsageError naming what is wrong."""
    levels = {}
    for item in args.level:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip().lstrip("-").isdigit() or len(value) > 12:
            raise UsageError(f"bad --level '{clip(item, 60)}': write TYPE=N, e.g. pair=2")
        if name.strip() in levels:
            raise UsageError(f"--level {name.strip()}: given twice (give each hand type's level once)")
        levels[name.strip()] = int(value)
    for option, kind, value in (
        ("--boss", "boss", args.boss),
        ("--deck", "deck", args.deck if catalog.decks else None),
    ):
        if value is not None:
            try:
                known(catalog, kind, value)
            except ValueError as exc:
                raise UsageError(f"{option} {value}: {exc}") from None
    data = {
        "played": args.hand if args.hand.strip() else "",  # blanks are no card: told as an empty hand
        "held": args.held,
        "charms": args.charm,
        "levels": levels,
        "boss": args.boss,
        "deck": args.deck,
        "money": args.money,
        "hands_left": args.hands_left,
        "discards_left": args.discards_left,
        "seed": args.seed,
    }
    model = None
    if plain_scenario(data) is None:  # out of bounds: the model says which field and what it wants
        from studio.content.scenarios import ScenarioDataError, scenario_model

        try:
            model = scenario_model(data)
        except ScenarioDataError as exc:
            raise UsageError(f"{_option(args, exc.field)}: {exc.what}") from None
    try:
        return model.to_situation(catalog) if model is not None else plain_situation(data, catalog)
    except UnknownIdError as exc:
        raise _unknown(args, exc) or UsageError(str(exc)) from None
    except CharmTokenError as exc:  # only --charm writes a charm here
        raise UsageError(f"--charm {exc.token}: {exc.advice}") from None
    except ValueError as exc:  # a bad card
        raise UsageError(str(exc)) from None


def _unknown(args: argparse.Namespace, exc: UnknownIdError) -> UsageError | None:
    """An unknown id named with the option that wrote it; None for one the command line did not write
    (a code charm asked for it: its charm is to be named)."""
    option = option_named(args, exc)
    return None if option is None else UsageError(option)


#: The options that set scenario fields, where the name is not the field's.
_OPTIONS = {"played": "the hand", "charms": "--charm", "levels": "--level"}


def _option(args: argparse.Namespace, field: str) -> str:
    """How the command line wrote the scenario field ``field`` (``money`` -> ``--money -5``)."""
    name, _, rest = field.partition(".")
    option = _OPTIONS.get(name, "--" + name.replace("_", "-"))
    if rest:  # a level, or one charm of the row
        return f"{option} {rest}"
    value = getattr(args, name, None)
    return f"{option} {value}" if isinstance(value, int) else option


def _from_file(args: argparse.Namespace) -> tuple[list[Scored], bool, list[str]]:
    """Score a scenario file (one scenario or a list), in the context of the pack it belongs to; and
    whether the results are a list (see :func:`_chosen`), and each scenario whose ``expect`` the score
    does not meet, in a line (the command then exits 1: a failed scenario, as ``studio test`` says)."""
    from studio.cli.common import loaded, owning_packs, scored
    from studio.content.scenarios import mismatches

    if args.scenario.is_dir():
        raise UsageError(
            f"{args.scenario}: is a folder; --scenario takes one scenario file "
            f"('studio test {args.scenario}' runs every scenario in it)"
        )
    owning_packs(args, [args.scenario])  # a pack's tests/ file names that pack's entries
    content = loaded(args)
    chosen, listed = _chosen(args, content)
    results: list[Scored] = [
        (s.model.name, s.model.played, s.model.held, scored(s.model, content)) for s in chosen
    ]
    failed = [
        f"{s.label}: {'; '.join(missed)} ('studio test {args.scenario}' shows the trace against it)"
        for s, (*_, result) in zip(chosen, results, strict=True)
        if (missed := mismatches(s.model, result))
    ]
    return results, listed, failed


def _chosen(args: argparse.Namespace, content: Content) -> tuple[list[Scenario], bool]:
    """The scenarios of the file (those called ``--name`` if given), checked against the content, and
    whether they are a list: the file holds one, and ``--name`` picked none or several."""
    from studio.content.io.documents import read_document
    from studio.content.scenarios import pick, readable_scenarios, scenario_problems

    path: Path = args.scenario
    doc = read_document(path)
    scenarios, problems = readable_scenarios(doc)  # scored as given, names given twice too
    if problems:
        raise UsageError(str(problems[0]))
    if not scenarios:
        raise UsageError(f"{path}: holds no scenario")
    try:
        chosen = pick(scenarios, args.name, str(path))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    assert content.catalog is not None
    for s in chosen:
        found = scenario_problems(s, content.catalog, content.broken)
        if found:
            raise UsageError(str(found[0]))
    return chosen, isinstance(doc.data, list) and (args.name is None or len(chosen) > 1)


def _batch(args: argparse.Namespace, catalog: Catalog, content: Content | None) -> int:
    # Imported here: only a batch needs it (and multiprocessing), so one hand starts faster.
    from studio.cli.batch import run_batch

    loaded: list[Content] = [content] if content is not None else []

    def explain(exc: BaseException) -> str | None:
        """Which code charm raised ``exc`` (None if none did); the full load names it."""
        from studio.plugins.faults import describe_fault, is_fault

        if not loaded:
            try:
                loaded.append(full_load(args))
            except UsageError:  # the content changed and no longer loads: the line says what it can
                return None
        return describe_fault(exc, loaded[0]) if is_fault(exc, loaded[0]) else None

    if args.batch == _STDIN:
        return _batch_from_stdin(catalog, explain)
    try:
        return OK if run_batch(args.batch, catalog, explain=explain) else PROBLEMS
    except BrokenPipeError:  # the output's reader stopped (`| head`): no fault of the batch file
        raise
    except OSError as exc:
        raise UsageError(f"{args.batch}: cannot read file: {exc.strerror or exc}") from None


#: ``--batch -``: the batch is standard input, as for any Unix filter. (The option's path reads ``./-``
#: as ``-`` too: a file named ``-`` is given by its full path.)
_STDIN = Path("-")


def _batch_from_stdin(catalog: Catalog, explain: Callable[[BaseException], str | None]) -> int:
    """Score the lines of standard input as they arrive; a terminal there is told how to end them."""
    from studio.cli.batch import STDIN, run_stream

    source = getattr(sys.stdin, "buffer", None)  # None: started with standard input closed (`<&-`)
    if source is None:
        raise UsageError("--batch -: no standard input to read (it is closed); give a file, or pipe lines in")
    if source.isatty():  # typed by hand: read until end of input, as a filter does, but never silently
        end = "Ctrl-Z then Enter" if os.name == "nt" else "Ctrl-D"
        print(
            f"studio score: reading one JSON scenario per line from the terminal; {end} ends the batch",
            file=sys.stderr,
            flush=True,
        )
    try:
        return OK if run_stream(source, catalog, explain=explain) else PROBLEMS
    except BrokenPipeError:  # the output's reader stopped (`| head`): no fault of the input
        raise
    except OSError as exc:
        raise UsageError(f"{STDIN}: cannot read: {exc.strerror or exc}") from None
