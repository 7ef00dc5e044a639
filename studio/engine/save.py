"""Run saves: versioned JSON holding the set-up, the whole state (every stream's counter) and the history.

A save is checked twice on load: a SHA-256 checksum of its body catches damage
(truncation, flipped bytes), and a replay of its history from its set-up must
land exactly on its saved state, which catches edits that keep the checksum
valid and saves made with other content. Either failure, or any malformed
field, raises :class:`SaveError` with the reason; nothing is half-loaded.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping

from studio.engine.actions import ActionError, IllegalAction, action_from_json, action_to_json
from studio.engine.catalog import Catalog
from studio.engine.game import Game
from studio.engine.run_setup import RunSetup
from studio.engine.run_state import RunState, StateError

FORMAT = "studio-run"
VERSION = 4


#: Upgrades of an older body to the next version, by the version they read. Versions 1 to 3 have none:
#: since version 4 the shop offers vouchers, skipped blinds give tags and charms carry stickers, so an
#: older run's history no longer replays to its state.
MIGRATIONS: dict[int, Callable[[dict[str, object]], dict[str, object]]] = {}
#: Why the format versions without a migration cannot be read.
RETIRED = "runs have had vouchers, tags and stickers since version 4, and an older run does not replay"


class SaveError(ValueError):
    """A save that cannot be resumed; the message says why."""


def _canonical(body: object) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def checksum(body: object) -> str:
    """Return the checksum of a save body."""
    return "sha256:" + hashlib.sha256(_canonical(body).encode()).hexdigest()


def dumps(game: Game) -> str:
    """Return the run as a save (mid-round, mid-shop or over: any moment between actions)."""
    body = {
        "setup": game.setup.to_json(),
        "state": game.state.to_json(),
        "history": [action_to_json(r.action) for r in game.history],
    }
    return json.dumps(
        {"format": FORMAT, "version": VERSION, "checksum": checksum(body), "run": body}, indent=1
    )


def loads(text: str | bytes, catalog: Catalog) -> Game:
    """Resume a run from :func:`dumps` output; raise :class:`SaveError` if it cannot be trusted."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as err:
        raise SaveError(f"not a readable run save (cut off or damaged JSON: {err})") from None
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise SaveError(f'not a run save (want an object with "format": "{FORMAT}")')
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(f"the save's format version must be a whole number, not {version!r}")
    if version > VERSION:
        raise SaveError(
            f"the save is format version {version}, newer than this studio reads ({VERSION}); update studio"
        )
    body = data.get("run")
    if not isinstance(body, dict):
        raise SaveError("the save has no 'run' object")
    if data.get("checksum") != checksum(body):
        raise SaveError("the save was changed or damaged after it was written (its checksum does not match)")
    while version < VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise SaveError(
                f"the save is format version {version}, which this studio no longer reads "
                f"(it reads {VERSION}: {RETIRED}); start the run again from its seed"
            )
        body, version = migrate(body), version + 1
    return _resume(body, catalog)


def _resume(body: Mapping[str, object], catalog: Catalog) -> Game:
    setup_data = body.get("setup")
    if not isinstance(setup_data, Mapping):
        raise SaveError("run.setup: want an object")
    setup = _setup(setup_data, catalog)
    try:
        state = RunState.from_json(body.get("state"), lambda token: catalog.cards(token)[0])
    except (StateError, IndexError) as err:
        raise SaveError(
            f"run.{err}" if isinstance(err, StateError) else "run.state: an empty card token"
        ) from None
    history = body.get("history")
    if not isinstance(history, list):
        raise SaveError("run.history: want a list of actions")
    game = Game.start(setup)
    for i, item in enumerate(history):
        try:
            game.apply(action_from_json(item))
        except (ActionError, IllegalAction) as err:
            raise SaveError(f"run.history[{i}]: {err}") from None
    if game.state.to_json() != state.to_json():
        raise SaveError(
            "run.state does not follow from run.history: the save was edited, or made with other content"
        )
    return game


def _setup(data: Mapping[str, object], catalog: Catalog) -> RunSetup:
    deck, difficulty, seed, charms = (data.get(k) for k in ("deck", "difficulty", "seed", "charms"))
    if not isinstance(deck, str):
        raise SaveError(f"run.setup.deck: want a deck id, not {deck!r}")
    for key, value in (("difficulty", difficulty), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SaveError(f"run.setup.{key}: want a whole number, not {value!r}")
    if not isinstance(charms, list) or not all(isinstance(c, str) for c in charms):
        raise SaveError("run.setup.charms: want a list of charm ids")
    try:
        locked = data.get("locked", False) is True
        return RunSetup.from_catalog(catalog, deck, difficulty, seed, charms, locked)  # type: ignore[arg-type]
    except ValueError as err:
        raise SaveError(f"run.setup: {err}") from None
