"""``studio run``: the bot plays one run; the final state and a summary, or a readable log.

The bot and the starting charms are those of ``studio simulate``: ``--bot`` (strong by default), and
``--charm`` charms locked in the row, so ``studio run --seed`` with a simulated run's seed shows that
run. ``--stop-after N --save FILE`` stops after N actions and saves the run;
``--resume FILE`` goes on from a save. A run stopped, saved and resumed ends in
exactly the state of the same run played in one go. A save records the packs
it was played with, and is resumed only with the same ones (``--force`` tries
anyway); a save file is a regular file of bounded size, never a link, device
or FIFO.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from studio.cli.errors import OK, PROBLEMS, UsageError, warn
from studio.cli.idle_charms import refuse_idle_charms
from studio.cli.jsonout import dump_json
from studio.cli.loading import add_pack_options, catalog_of, full_load
from studio.cli.run_options import add_bot_option, add_setup_options
from studio.cli.unknown_ids import setup_error
from studio.content.io.limits import MAX_RUN_ACTIONS, MAX_SEED
from studio.content.io.regular_files import FileRefused, check_save_path, read_save_file, write_save_file
from studio.content.io.text import clip
from studio.engine.trace import fmt

#: What an idle charm would do nothing in (see :mod:`studio.cli.idle_charms`).
RUN = "in this run"

if TYPE_CHECKING:
    from studio.engine.catalog import Catalog
    from studio.engine.run.events import Resolved, RunEvent
    from studio.engine.run.game import Game
    from studio.engine.run.save import PackStamp


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    add_setup_options(p, "seed of the run (not with --resume)")
    add_bot_option(p)
    p.add_argument("--stop-after", type=int, metavar="N", help="stop after N more actions")
    p.add_argument("--save", metavar="FILE", help="save the run where it stops (JSON)")
    p.add_argument("--resume", metavar="FILE", help="go on from a saved run")
    p.add_argument(
        "--force", action="store_true", help="resume a save made with other packs (a warning says which)"
    )
    p.add_argument("--json", action="store_true", help="print the final state and summary as JSON")
    add_pack_options(p)
    p.set_defaults(func=main)


def start(args: argparse.Namespace, cat: Catalog, packs: list[PackStamp] | None = None) -> Game:
    """The game to play: resumed from ``--resume`` (with the ``packs`` loaded now), or started from
    ``--seed`` and the set-up options."""
    from studio.engine.run.game import Game
    from studio.engine.run.setup import RunSetup, SetupError

    if args.resume is not None:
        given = [
            o
            for o, v in (("--seed", args.seed), ("--deck", args.deck), ("--difficulty", args.difficulty))
            if v is not None
        ]
        if given or args.charm:
            raise UsageError(f"--resume continues a saved run; it takes no {', '.join(given) or '--charm'}")
        return resumed(args, cat, packs or [])
    if args.force:
        raise UsageError("--force resumes a save made with other packs: it goes with --resume FILE")
    if args.seed is None:
        raise UsageError("give --seed S to start a run, or --resume FILE")
    try:
        setup = RunSetup.from_catalog(
            cat, args.deck or "standard", args.difficulty or 0, args.seed, tuple(args.charm), locked=True
        )
    except SetupError as exc:
        raise UsageError(setup_error(args, exc)) from None
    refuse_idle_charms(args, cat, setup.charm_ids(), "--charm", RUN)
    return Game.start(setup)


def resumed(args: argparse.Namespace, cat: Catalog, packs: list[PackStamp]) -> Game:
    """The run saved in file ``--resume``, if it was made with ``packs`` (or ``--force``) and replays on
    ``cat``. A save that does not replay, naming a code charm whose code does not run here (it ran when
    the run was saved), is refused for that charm: its replay could only diverge."""
    from studio.engine.run.save import SaveError, content_difference, read, resume

    name, force = args.resume, args.force
    text = read_save(Path(name))
    try:
        saved = read(text, MAX_RUN_ACTIONS, MAX_SEED)
        if saved.packs is None:
            warn(f"{name}: the save does not say which packs it was made with; it is checked by replay only")
        elif (difference := content_difference(saved.packs, packs)) is not None:
            if not force:
                raise SaveError(f"made with other packs: {difference}; --force resumes it anyway")
            warn(f"{name}: made with other packs ({difference}); resuming anyway (--force)")
        return resume(saved, cat)
    except SaveError as exc:
        written = text.decode("utf-8", "replace")
        refuse_idle_charms(args, cat, [c for c in cat.charms if f'"{c}"' in written], "--resume", RUN)
        raise UsageError(f"{name}: {clip(str(exc), 500)}") from None


def read_save(path: Path) -> bytes:
    """The bytes of a save file (see :mod:`studio.content.io.regular_files`); UsageError if it cannot be
    read."""
    try:
        return read_save_file(path)
    except FileRefused as exc:
        raise UsageError(str(exc)) from None


def pack_stamps(args: argparse.Namespace) -> tuple[Catalog, list[PackStamp]]:
    """The catalog and the packs it is made of (id, version, content hash), from a full load."""
    from studio.engine.run.save import PackStamp

    content = full_load(args)
    assert content.catalog is not None
    return content.catalog, [PackStamp(p.id, str(p.manifest.version), p.hash) for p in content.packs]


def main(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    from studio.engine.bot import Bot, play_on
    from studio.engine.run.save import dumps

    if args.stop_after is not None and args.stop_after < 0:
        raise UsageError(f"--stop-after needs 0 or more, not {args.stop_after}")
    if args.save is not None:  # refused before the run is played, not after
        try:
            check_save_path(Path(args.save))
        except FileRefused as exc:
            raise UsageError(str(exc)) from None
    packs = None
    if args.save is not None or args.resume is not None:  # the packs go into the save, or are checked
        cat, packs = pack_stamps(args)
    else:
        cat = catalog_of(args)
    game = start(args, cat, packs)
    first = len(game.history)
    try:
        play_on(game, Bot(cat, args.bot), None if args.stop_after is None else first + args.stop_after)
    except Exception as exc:  # a pack's code may raise anything: name the action, never a traceback
        from studio.engine.behaviour import failure_text

        raise UsageError(
            f"action {len(game.history) + 1} of the run (seed {game.setup.seed}) failed: {failure_text(exc)}",
            PROBLEMS,
        ) from None
    if args.save is not None:
        save_atomically(Path(args.save), dumps(game, packs))
    if args.json:
        print(dump_json({"state": game.state.to_json(), "summary": summary(game)}))
    else:
        for i, resolved in enumerate(game.history[first:], first + 1):
            print(log_line(i, resolved))
        print()
        print(summary_text(game, args.save, args.bot))
    return OK


def save_atomically(path: Path, text: str) -> None:
    """Write the save atomically: a crash or a failure leaves neither half a save nor a temporary file."""
    try:
        write_save_file(path, text)
    except FileRefused as exc:
        raise UsageError(str(exc)) from None


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


def summary_text(game: Game, saved: str | None, bot: str = "strong") -> str:
    """The summary as a few lines for people; a save's line gives the command that goes on with the same
    ``bot``."""
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
        same = "" if bot == "strong" else f" --bot {bot}"
        lines.append(f"Saved to {saved}; go on with: studio run --resume {saved}{same}")
    return "\n".join(lines)


def log_line(number: int, resolved: Resolved) -> str:
    """One action of the log: its number, the action and what it did."""
    from studio.engine.run.actions import action_to_json

    data = action_to_json(resolved.action)
    name = str(data.pop("action"))
    args = " ".join("none" if v is None else str(v) for v in data.values())  # a skipped choice: none
    if resolved.score is not None:
        r = resolved.score
        did = f"{r.hand_type} {' '.join(r.scoring)} = {fmt(r.total)}"
        rest = [e for e in resolved.events if e.kind != "score"]
    else:
        did, rest = "", list(resolved.events)
    notes = "; ".join(_event_text(e) for e in rest)
    return (
        f"{number:4}  {name} {args}".rstrip()
        + (f"  {did}" if did else "")
        + (f"  ({notes})" if notes else "")
    )


def _event_text(e: RunEvent) -> str:
    """A run event in the log, with what its sources did in brackets (an end-of-round charm's money, a
    trigger's counter): ``beaten small 700 ante 1 [nest_egg +$4]``."""
    parts = [e.kind, e.subject, fmt(e.amount) if e.amount else "", e.note]
    did = ", ".join(f"{t.source} {t.change}" for t in e.trace)
    return " ".join(p for p in parts if p) + (f" [{did}]" if did else "")
