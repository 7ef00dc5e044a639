"""Naming the culprit when a code charm raises while a hand is scored.

The scorer runs behaviour hooks written by pack authors; an exception there
must reach the user as one line naming the charm, its pack and its plugin
file, never as a traceback. The culprit is read from the exception itself
(an engine error that carries the charm's id) or from the traceback: the
innermost frame that runs a plugin file loaded for this content.
"""

from __future__ import annotations

from types import TracebackType
from typing import TypeVar

from studio.content.registry import Content
from studio.engine.behaviour import Behaviour, raised_text
from studio.engine.hook_runs import HookStopped

T = TypeVar("T", int, str)


def describe_fault(exc: BaseException, content: Content) -> str:
    """Return one line saying which charm's code raised ``exc``, from which pack and file."""
    cause = _cause(exc)
    files = {file: pack for pack, file in content.origins.values()}
    charm_id, behaviour_id, line = _culprit(cause.__traceback__, files)
    if not line:
        charm_id, behaviour_id, line = _culprit(exc.__traceback__, files)
    charm_id = _charm_of(exc) or charm_id
    line = line or _field(exc, "line", 0)
    why = raised_text(cause) if str(cause) else type(cause).__name__
    verb = "raised"
    if cause is exc and _charm_of(exc):  # the engine's own verdict (a hook returned a bad value)
        why, verb = _field(exc, "message", why), "failed:"
    elif isinstance(cause, HookStopped):  # stopped, by hand or past a time limit: it raised nothing
        why, verb = str(cause), "failed:"
    origin = content.charm_origin(charm_id) if charm_id else None
    if origin is None and behaviour_id in content.origins:
        origin = (behaviour_id, *content.origins[behaviour_id])
    if origin is None:
        who = f"charm {charm_id}" if charm_id else "scoring"
        return f"{who} failed: {why}"
    behaviour, pack, file = origin
    where = f"{file}:{line}" if line else file
    who = f"charm {charm_id} " if charm_id else ""
    source = "an installed package" if pack == "installed package" else f"pack '{pack}'"
    return f"{who}({source}, {where}): behaviour '{behaviour}' {verb} {why}"


def _culprit(tb: TracebackType | None, files: dict[str, str]) -> tuple[str, str, int]:
    """Return (charm id, behaviour id, line) of the innermost plugin frame, or empty values."""
    found = ("", "", 0)
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_filename in files:
            charm = frame.f_locals.get("charm")
            owner = frame.f_locals.get("self")
            found = (
                str(getattr(charm, "id", "") or found[0]),
                owner.id if isinstance(owner, Behaviour) else found[1],
                tb.tb_lineno,
            )
        tb = tb.tb_next
    return found


def is_fault(exc: BaseException, content: Content) -> bool:
    """True if ``exc`` came from a code charm (a plugin frame raised it, or the engine says so)."""
    files = {file: pack for pack, file in content.origins.values()}
    return bool(_charm_of(exc) or _culprit(_cause(exc).__traceback__, files)[2])


def _cause(exc: BaseException) -> BaseException:
    """The exception a hook raised: an engine error naming the charm wraps it (as cause or context)."""
    if _charm_of(exc):
        return exc.__cause__ or exc.__context__ or exc
    return exc.__cause__ or exc


def _field(exc: BaseException, name: str, default: T) -> T:
    """A field of the engine's error, if it has one of the expected type."""
    value = getattr(exc, name, default)
    return value if isinstance(value, type(default)) else default


def _charm_of(exc: BaseException) -> str:
    """The charm id an engine error carries (``charm_id``, or ``charm`` as an id or a charm)."""
    for name in ("charm_id", "charm"):
        value = getattr(exc, name, None)
        found = value if isinstance(value, str) else getattr(value, "id", None)
        if isinstance(found, str):
            return found
    return ""
