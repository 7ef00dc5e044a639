"""``studio score``: score a hand from the command line, a scenario file or a JSON-lines batch."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from studio.cli.common import add_pack_options, dump_json, loaded, owning_packs, scored
from studio.cli.errors import OK, PROBLEMS, UsageError
from studio.cli.render import score_report
from studio.content.documents import read_document
from studio.content.models import ScenarioModel
from studio.content.registry import Content
from studio.content.scenarios import Scenario, known, pick, scenario_problems, scenarios_in
from studio.plugins.faults import describe_fault, is_fault


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("hand", nargs="?", help='played cards, e.g. "AS AH KD 5C 2H"')
    p.add_argument("--held", default="", help="cards held in hand")
    p.add_argument(
        "--charm",
        action="append",
        default=[],
        metavar="ID[:EDITION]",
        help="a charm (repeatable, in row order)",
    )
    p.add_argument("--level", action="append", default=[], metavar="TYPE=N", help="a hand type's level")
    p.add_argument("--boss", help="the boss rule in play")
    p.add_argument("--deck", default="standard", help="the deck in play")
    p.add_argument("--money", type=int, default=0, help="$ held")
    p.add_argument("--hands-left", type=int, default=0, help="hands left after this one")
    p.add_argument("--discards-left", type=int, default=0, help="discards left")
    p.add_argument("--seed", type=int, default=0, help="run seed for chance effects")
    p.add_argument("--scenario", type=Path, help="score a scenario file (YAML or JSON; one or a list)")
    p.add_argument("--name", help="with --scenario: score only the scenario of this name")
    p.add_argument("--batch", type=Path, help="score one JSON scenario per line")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    given = [x for x in (args.hand, args.scenario, args.batch) if x is not None]
    if len(given) != 1:
        raise UsageError("give exactly one of a hand, --scenario FILE or --batch FILE")
    if args.name is not None and args.scenario is None:
        raise UsageError("--name picks a scenario of a --scenario FILE")
    if args.scenario is not None:
        owning_packs(args, [args.scenario])  # a pack's tests/ file names that pack's entries
    content = loaded(args)
    cat = content.catalog
    assert cat is not None
    if args.batch is not None:
        return _batch(args.batch, content)
    scenarios: list[tuple[str | None, ScenarioModel]]
    if args.scenario:
        scenarios = [(s.model.name, s.model) for s in _from_file(args.scenario, content, args.name)]
    else:
        scenarios = [(None, _from_args(args, content))]
    results = [(name, model, scored(model, content)) for name, model in scenarios]
    if args.json:
        if len(results) == 1:
            print(dump_json(results[0][2].to_json()))
        else:
            print(dump_json([{"name": name, **result.to_json()} for name, _, result in results]))
        return OK
    reports = [score_report(result, model.played, model.held) for _, model, result in results]
    if len(results) > 1:
        reports = [
            f"== {name or f'scenario {i}'} ==\n{r}"
            for i, ((name, _, _), r) in enumerate(zip(results, reports, strict=True), 1)
        ]
    print("\n\n".join(reports))
    return OK


def _from_args(args: argparse.Namespace, content: Content) -> ScenarioModel:
    levels = {}
    for item in args.level:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip().lstrip("-").isdigit():
            raise UsageError(f"bad --level '{item}': write TYPE=N, e.g. pair=2")
        levels[name.strip()] = int(value)
    data = {
        "played": args.hand,
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
    cat = content.catalog
    assert cat is not None
    for option, kind, value in (
        ("--boss", "boss", args.boss),
        ("--deck", "deck", args.deck if cat.decks else None),
    ):
        if value is not None:
            try:
                known(cat, kind, value)
            except ValueError as exc:
                raise UsageError(f"{option} {value}: {exc}") from None
    return _model(data, "command line")


def _model(data: Any, where: str) -> ScenarioModel:
    try:
        return ScenarioModel.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "scenario"
        raise UsageError(f"{where}: {field}: {err['msg'].removeprefix('Value error, ')}") from None


def _from_file(path: Path, content: Content, name: str | None) -> list[Scenario]:
    """Read a scenario file (one scenario or a list); keep those called ``name`` if given."""
    doc = read_document(path)
    scenarios, problems = scenarios_in(doc)
    if problems:
        raise UsageError(str(problems[0]))
    if not scenarios:
        raise UsageError(f"{path}: holds no scenario")
    try:
        chosen = pick(scenarios, name, str(path))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    assert content.catalog is not None
    for s in chosen:
        found = scenario_problems(s, content.catalog, content.broken)
        if found:
            raise UsageError(str(found[0]))
    return chosen


def _batch(path: Path, content: Content) -> int:
    assert content.catalog is not None
    # Imported here: only a batch needs it (and multiprocessing), so one hand starts faster.
    from studio.cli.batch import run_batch

    def explain(exc: BaseException) -> str | None:
        return describe_fault(exc, content) if is_fault(exc, content) else None

    try:
        return OK if run_batch(path, content.catalog, explain=explain) else PROBLEMS
    except OSError as exc:
        raise UsageError(f"{path}: cannot read file: {exc.strerror or exc}") from None
