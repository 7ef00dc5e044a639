"""An id the loaded content does not define, told as the command line wrote it: the option that named
it, and the installed pack that defines it when that pack was not loaded (a command loads only the
packs ``--pack`` names, so a modder who installed a pack and forgot ``--pack`` is told which)."""

from __future__ import annotations

import argparse
import contextlib
import re

from studio.engine.names import UnknownIdError
from studio.engine.situation import CharmSlot

#: The content kind (and folder) of each kind an unknown id is told as.
_ENTRY_KINDS = {"boss rule": "boss", "hand type": "hand_type"}


def unknown_in(exc: BaseException) -> UnknownIdError | None:
    """The unknown id that led to ``exc``: itself, or one it was raised while handling."""
    seen: BaseException | None = exc
    for _ in range(8):  # an error is raised from another a few times at most
        if seen is None or isinstance(seen, UnknownIdError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def option_named(args: argparse.Namespace, exc: UnknownIdError) -> str | None:
    """``exc`` named with the option that wrote its id (``--charm pair_mul: unknown charm ...``), as
    ``--boss`` and ``--deck`` are; None for an id the command line did not write (a code charm or a
    scenario file asked for it)."""
    charms = []
    for token in getattr(args, "charm", None) or ():  # read as the command read them
        with contextlib.suppress(ValueError):
            charms.append((f"--charm {token}", CharmSlot.parse(token)))
    written = {
        "charm": {slot.id: option for option, slot in charms},
        "edition": {slot.edition: option for option, slot in charms if slot.edition},
        "hand type": {
            item.partition("=")[0].strip(): f"--level {item}" for item in getattr(args, "level", None) or ()
        },
        "deck": {args.deck: f"--deck {args.deck}"} if getattr(args, "deck", None) else {},
    }.get(exc.kind, {})
    option = written.get(exc.name)
    return None if option is None else f"{option}: {exc}"


def setup_error(args: argparse.Namespace, exc: Exception) -> str:
    """A run set-up refused (an unknown deck, charm or edition) as the command line wrote it."""
    unknown = unknown_in(exc)
    return (option_named(args, unknown) if unknown is not None else None) or str(exc)


def installed_hint(message: str, exc: BaseException, args: argparse.Namespace) -> str:
    """``message`` told with the installed packs, not loaded, that define the unknown id behind ``exc``
    (in place of a suggestion of another id); ``message`` as it is when there is none."""
    unknown = unknown_in(exc)
    if unknown is None:
        return message
    packs = _defining(unknown, set(getattr(args, "pack", None) or ()))
    if not packs:
        return message
    named = ", ".join(f"'{p}'" for p in packs)
    told = f"unknown {unknown.kind} '{unknown.name}'"
    tail = f"{told}: the installed pack{'s' if len(packs) > 1 else ''} {named} define"
    tail += f"{'' if len(packs) > 1 else 's'} it; add --pack {packs[0]}"
    return re.sub(rf"{re.escape(told)}( \(did you mean '[^']*'\?\))?", lambda _m: tail, message, count=1)


def _defining(unknown: UnknownIdError, given: set[str]) -> list[str]:
    """The ids of the installed packs, not among those ``given``, with an entry file of that id."""
    from studio.content.packs.installed import installed_packs

    try:
        packs, _problems = installed_packs()
    except OSError:  # the data folder cannot be read: no hint, the error stands as it is
        return []
    packs = [p for p in packs if p.id not in given]
    if not packs:
        return []  # nothing installed to look in: the content models need not be imported
    from studio.content.models import KINDS  # only an unknown id with packs installed gets here

    kind = _ENTRY_KINDS.get(unknown.kind, unknown.kind)
    if kind not in KINDS:
        return []
    folder = KINDS[kind][0]
    names = {f"{folder}/{unknown.name}.{ext}" for ext in ("yaml", "yml", "json")}
    return [p.id for p in packs if names & set(p.files)]
