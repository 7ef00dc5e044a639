"""The ``studio`` command: score, odds, validate, test, list, schema, pack, edit, play, run, simulate,
completion, desktop.

Only the module of the subcommand being run is imported, so ``studio --help``
needs neither the content models nor the engine.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import NoReturn

from studio.cli.about import VersionAction
from studio.cli.errors import INTERRUPTED, UsageError, fail, usage_error
from studio.services.errors import ServiceError

#: Subcommand -> (module that declares and runs it, one-line summary).
COMMANDS = {
    "score": ("score", "score a hand and explain every step"),
    "odds": ("odds", "count hand types over a deck"),
    "validate": ("validate", "check content files and their cross-references"),
    "test": ("testing", "run scenarios with expected results"),
    "list": ("listing", "list loaded content of one kind: charms, hands, upgrades, bosses, ..."),
    "schema": ("schema", "JSON Schemas of the content kinds"),
    "pack": ("pack", "make, build, install and compare content packs"),
    "edit": ("edit", "open the editor on the base game and the given pack folders"),
    "play": ("play", "open the editor straight into a playtest run (play it by hand)"),
    "run": ("run", "let the bot play one run (stop, save and resume it anywhere)"),
    "simulate": ("simulate", "let the bot play many runs and report the balance figures"),
    "completion": ("completion", "print the completion script of a shell: bash, zsh or fish"),
    "desktop": ("desktop", "add the editor to the desktop's application menu, or remove it"),
}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, as the CLI contract asks."""

    #: The subcommands' parsers, by name (the top parser's only).
    commands: Mapping[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        from studio.content.io.text import clip_message, printable  # light: the standard library only

        message = _suggested(message)
        self.exit(2, f"{self.prog}: error: {printable(clip_message(message))} (see '{self.prog} --help')\n")


def _suggested(message: str) -> str:
    """argparse's "invalid choice: 'scroe' (choose from ...)" as "... (did you mean 'score'?)" when one
    of the choices is close, as every unknown name elsewhere is told."""
    import re

    from studio.engine.names import did_you_mean  # loads the engine: only a mistake pays for it

    found = re.fullmatch(r"(.*invalid choice: '([^']*)') \(choose from (.*)\)", message, re.DOTALL)
    if found is None:
        return message
    hint = did_you_mean(found[2], re.findall(r"'([^']*)'", found[3]))
    return f"{found[1]}{hint}" if hint else message


def command_in(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names (its first word that is one), before any parsing."""
    return next((a for a in argv if a in COMMANDS), None)


def parser(argv: Sequence[str] | None = None) -> _Parser:
    """Return the argument parser; only the subcommand named in ``argv`` gets its arguments.

    Without ``argv`` every subcommand is declared in full (for documentation).
    """
    p = _Parser(prog="studio", description="Author, package and preview a poker-scoring roguelike.")
    p.add_argument("--version", action=VersionAction)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = command_in(argv) if argv is not None else None
    for name, (module, summary) in COMMANDS.items():
        command = sub.add_parser(name, help=summary, description=summary)
        if argv is None or name == chosen:
            importlib.import_module(f"studio.cli.{module}").add_arguments(command)
    p.commands = sub.choices
    return p


def _parsed(argv: list[str]) -> argparse.Namespace:
    """Parse ``argv``; a word or option the subcommand does not take is its error, ``studio score: error:
    unrecognized arguments: ...`` (argparse leaves it to the top parser, which names no command), and an
    option before the command is told to go after it."""
    p = parser(argv)
    command = command_in(argv)
    first = argv[0] if argv else ""
    if command is not None and first.startswith("-") and first not in ("-h", "--help", "--version"):
        before = argv[: argv.index(command)]
        rest = argv[argv.index(command) + 1 :]
        p.error(f"options go after the command: studio {' '.join([command, *before, *rest])}")
    args, extra = p.parse_known_args(argv)
    if extra:
        p.commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 problems found, 2 bad input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    _escape_unencodable()
    command = command_in(argv)
    try:  # parsing imports the subcommand's module (tenths of a second): Ctrl-C there is one line too
        args = _parsed(argv)
        with _hooks_limited(args.command):
            code: int = args.func(args)
    except UsageError as exc:
        return fail(args.command, _told(exc, args), exc.code)
    except ServiceError as exc:  # a service the command called refused: the same one line
        error = usage_error(exc)
        return fail(args.command, str(error), error.code)
    except ValueError as exc:  # unreadable input (a content document error is one)
        return fail(args.command, _told(exc, args))
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, as for any other stop, never a traceback
        print(f"studio {command}: interrupted" if command else "studio: interrupted", file=sys.stderr)
        return INTERRUPTED
    return code


def _told(exc: Exception, args: argparse.Namespace) -> str:
    """The error's line, naming the installed pack that defines an id the loaded content lacks."""
    from studio.cli.unknown_ids import installed_hint  # only a failure needs it

    return installed_hint(str(exc), exc, args)


def _hooks_limited(command: str) -> AbstractContextManager[None]:
    """A charm's hook that does not return stops past its time limit (:mod:`studio.cli.hook_limit`), except
    in the editor, whose Stop buttons and own limits watch the hooks it runs."""
    if command in ("edit", "play"):
        return nullcontext()
    from studio.cli.hook_limit import hook_limit  # the engine: only for a command that may run a hook

    return hook_limit()


def editor() -> int:
    """The ``studio-editor`` script (a GUI one: no console window on Windows): ``studio edit ARGS``."""
    return main(["edit", *sys.argv[1:]])


def _escape_unencodable() -> None:
    """Print what the output's encoding cannot show as backslash escapes, never fail on it.

    A card's suit or a charm's name in a pipe to a cp1252 or ASCII terminal
    would otherwise raise in the middle of any command's output.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


if __name__ == "__main__":
    sys.exit(main())
