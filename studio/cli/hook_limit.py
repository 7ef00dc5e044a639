"""How long a charm's hook may run in a command: a terminal has no Stop button, so a hook that does not
return is stopped past its time limit and the command fails naming its charm, instead of waiting for a
Ctrl-C. The limit is the editor's for hooks nobody watches; ``STUDIO_HOOK_TIMEOUT`` sets another."""

from __future__ import annotations

from contextlib import AbstractContextManager

from studio.content.io.limits import seconds_from_env
from studio.engine import hook_runs

#: The environment variable that sets another limit, in seconds.
SETTING = "STUDIO_HOOK_TIMEOUT"


def hook_limit() -> AbstractContextManager[None]:
    """Stop a hook this thread runs past the limit (raise ValueError if ``STUDIO_HOOK_TIMEOUT`` is not a
    number of seconds above 0)."""
    return hook_runs.time_limit(seconds_from_env(SETTING, hook_runs.UNWATCHED_S), SETTING)
