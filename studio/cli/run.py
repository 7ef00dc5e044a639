"""``studio run``: the bot plays one run; the final state and a summary, or a readable log.

``--stop-after N --save FILE`` stops after N actions and saves the run;
``--resume FILE`` goes on from a save. A run stopped, saved and resumed ends in
exactly the state of the same run played in one go.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from studio.cli.errors import OK, PROBLEMS, UsageError
from studio.cli.jsonout import dump_json
from studio.cli.loading import add_pack_options, catalog_of
from studio.engine.trace import fmt

if TYPE_CHECKING:
    from studio.engine.catalog import Catalog
    from studio.engine.game import Game
    from studio.engine.run_events import Resolved


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    p.add_argument("--seed", type=int, metavar="S", help="seed of the run (not with --resume)")
    p.add_argument("--deck", metavar="ID", help="the deck (default: standard)")
    p.add_argument("--difficulty", type=int, metavar="N", help="difficulty level (default: 0)")
    p.add_argument(
        "--charm",
        action="append",
        default=[],
        metavar="ID[:EDITION]",
        help="a charm the run starts with (repeatable)",
    )
    p.add_argument("--stop-after", type=int, metavar="N", help="stop after N more actions")
    p.add_argument("--save", metavar="FILE", help="save the run where it stops (JSON)")
    p.add_argument("--resume", metavar="FILE", help="go on from a saved run")
    p.add_argument("--json", action="store_true", help="print the final state and summary as JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


def start(args: argparse.Namespace, cat: Catalog) -> Game:
    """The game to play: resumed from ``--resume``, or started from ``--seed`` and the set-up options."""
    from studio.engine.game import Game
    from studio.engine.run_setup import RunSetup, SetupError
    from studio.engine.save import SaveError, loads

    if args.resume is not None:
        given = [
            o
            for o, v in (("--seed", args.seed), ("--deck", args.deck), ("--difficulty", args.difficulty))
            if v is not None
        ]
        if given or args.charm:
            raise UsageError(f"--resume continues a saved run; it takes no {', '.join(given) or '--charm'}")
        try:
            text = Path(args.resume).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"{args.resume}: cannot read the save: {exc}") from None
        try:
            return loads(text, cat)
        except SaveError as exc:
            raise UsageError(f"{args.resume}: {exc}") from None
    if args.seed is None:
        raise UsageError("give --seed S to start a run, or --resume FILE")
    try:
        setup = RunSetup.from_catalog(
            cat, args.deck or "standard", args.difficulty or 0, args.seed, tuple(args.charm)
        )
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    return Game.start(setup)


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    from studio.engine.bot import Bot, play_on
    from studio.engine.save import dumps

    if args.stop_after is not None and args.stop_after < 0:
        raise UsageError(f"--stop-after needs 0 or more, not {args.stop_after}")
    cat = catalog_of(args)
    game = start(args, cat)
    first = len(game.history)
    try:
        play_on(game, Bot(cat), None if args.stop_after is None else first + args.stop_after)
    except Exception as exc:  # a pack's code may raise anything: name the action, never a traceback
        raise UsageError(
            f"action {len(game.history) + 1} of the run (seed {game.setup.seed}) failed:"
            f" {type(exc).__name__}: {exc}",
            PROBLEMS,
        ) from None
    if args.save is not None:
        save_atomically(Path(args.save), dumps(game))
    if args.json:
        print(dump_json({"state": game.state.to_json(), "summary": summary(game)}))
    else:
        for i, resolved in enumerate(game.history[first:], first + 1):
            print(log_line(i, resolved))
        print()
        print(summary_text(game, args.save))
    return OK


def save_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a crash never leaves half a save."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent if str(path.parent) else ".")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write the save: {exc}") from None


def summary(game: Game) -> dict[str, object]:
    """What the run came to: outcome, ante, money, charms, consumables, vouchers, hands and best hand."""
    s = game.state
    totals = [r.score.total for r in game.history if r.score is not None]
    return {
        "outcome": "won" if game.won else "lost" if game.is_over else "stopped",
        "phase": s.phase,
        "ante": s.ante,
        "seed": game.setup.seed,
        "deck": game.setup.deck.id,
        "difficulty": game.setup.difficulty,
        "actions": len(game.history),
        "hands_played": len(totals),
        "best_hand": max(totals, default=0),
        "money": s.money,
        "charms": [c.id for c in s.charms],
        "consumables": list(s.consumables),
        "vouchers": list(s.vouchers),
    }


def summary_text(game: Game, saved: str | None) -> str:
    """The summary as a few lines for people."""
    d = summary(game)
    head = {"won": "Won the run", "lost": "Lost", "stopped": "Stopped"}[str(d["outcome"])]
    charms = ", ".join(map(str, d["charms"])) if d["charms"] else "none"  # type: ignore[call-overload]
    lines = [
        f"{head} in ante {d['ante']} after {d['actions']} actions (seed {d['seed']}, deck {d['deck']},"
        f" difficulty {d['difficulty']}).",
        f"Hands played: {d['hands_played']}, best hand: {fmt(d['best_hand'])}, money: ${d['money']},"  # type: ignore[arg-type]
        f" charms: {charms}.",
    ]
    held = {name: ", ".join(map(str, d[name])) or "none" for name in ("consumables", "vouchers")}  # type: ignore[call-overload]
    lines.append(f"Consumables: {held['consumables']}; vouchers: {held['vouchers']}.")
    if saved is not None:
        lines.append(f"Saved to {saved}; go on with: studio run --resume {saved}")
    return "\n".join(lines)


def log_line(number: int, resolved: Resolved) -> str:
    """One action of the log: its number, the action and what it did."""
    from studio.engine.actions import action_to_json

    data = action_to_json(resolved.action)
    name = str(data.pop("action"))
    args = " ".join(str(v) for v in data.values())
    if resolved.score is not None:
        r = resolved.score
        did = f"{r.hand_type} {' '.join(r.scoring)} = {fmt(r.total)}"
        rest = [e for e in resolved.events if e.kind != "score"]
    else:
        did, rest = "", list(resolved.events)
    notes = "; ".join(_event_text(e.kind, e.subject, e.amount, e.note) for e in rest)
    return (
        f"{number:4}  {name} {args}".rstrip()
        + (f"  {did}" if did else "")
        + (f"  ({notes})" if notes else "")
    )


def _event_text(kind: str, subject: str, amount: float, note: str) -> str:
    parts = [kind, subject, fmt(amount) if amount else "", note]
    return " ".join(p for p in parts if p)
