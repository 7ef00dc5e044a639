"""Run saves: versioned JSON holding the set-up, the whole state (every stream's counter) and the history.

A save is checked twice on load: a SHA-256 checksum of its body catches damage
(truncation, flipped bytes), and a replay of its history from its set-up must
land exactly on its saved state, which catches edits that keep the checksum
valid and saves made with other content. Either failure, or any malformed
field, raises :class:`SaveError` with the reason; nothing is half-loaded.

A save may also record the packs it was made with (id, version, content
hash): :func:`content_difference` names what differs from the packs loaded
now, so a caller can refuse before replaying. The field came without a new
format version: a reader that does not know it ignores it (the checksum
covers it all the same), and a save without it is checked by replay alone.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from studio.engine.catalog import Catalog
from studio.engine.run.actions import ActionError, IllegalAction, action_from_json, action_to_json
from studio.engine.run.game import Game
from studio.engine.run.setup import RunSetup
from studio.engine.run.state import RunState, StateError

FORMAT = "studio-run"
VERSION = 8


def _same_body(body: dict[str, object]) -> dict[str, object]:
    """Version 5 to 6, 6 to 7 and 7 to 8: the body is unchanged. Version 6's rules differ only where a
    round's modifiers changed mid-round (a boss disabled, a charm gone or moved, a raised cards-per-hand
    limit, a difficulty's values in a hand), version 7's only where a locked charm left the row by its own
    rule (it is never drawn again), version 8's only where a source of the shop's prices came or went with
    offers on show, a charm or its hand rule was destroyed mid-hand, a boss disabled mid-hand had debuffed a
    card of that hand or a copy destroyed itself,
    so most older histories replay to their state; one that does not is refused with
    :data:`CHANGED_IN`'s reason."""
    return body


#: Upgrades of an older body to the next version, by the version they read. Versions 1 to 4 have none:
#: a save is its history, replayed, and a run's rules changed under each (vouchers, tags and stickers
#: in version 4; in version 5 every source's own chance stream, round variables drawn as a round ends,
#: a saved boss round counted as beaten), so an older run's history no longer replays to its state.
MIGRATIONS: dict[int, Callable[[dict[str, object]], dict[str, object]]] = {
    5: _same_body,
    6: _same_body,
    7: _same_body,
}
#: What changed in each version a migration passes through, for a history that then does not replay.
CHANGED_IN = {
    6: "since version 6 a round follows its modifiers as they change (a disabled boss's stop, a charm's"
    " leave with it), and this run's history played under the older rule",
    7: "since version 7 a locked charm its own rule took out of the row is never offered again, and this"
    " run's history played under the older rule",
    8: "since version 8 the prices on show follow the shop's prices value as its sources come and go, a"
    " charm destroyed mid-hand (a boss's step included) takes its hand rule along from the next step, a"
    " boss disabled mid-hand no longer debuffs that hand's cards in the steps after, and a copy that destroys"
    " itself destroys its copier, and this run's history played under the older rules",
}
#: Why the format versions without a migration cannot be read.
RETIRED = (
    "since version 5 every source draws from its own stream and charms' round variables change as a"
    " round ends, and an older run does not replay"
)


class SaveError(ValueError):
    """A save that cannot be resumed; the message says why."""


@dataclass(frozen=True, slots=True)
class PackStamp:
    """A pack a run was played with: its id, version and content hash."""

    id: str
    version: str
    hash: str

    def to_json(self) -> dict[str, str]:
        """The stamp as a save holds it."""
        return {"id": self.id, "version": self.version, "hash": self.hash}


@dataclass(frozen=True, slots=True)
class SavedRun:
    """A save read and checked, not yet replayed: its body, and the packs it records (None: not recorded)."""

    body: Mapping[str, object]
    packs: tuple[PackStamp, ...] | None
    #: The format version the save was written in (older ones were migrated to :data:`VERSION`).
    version: int = VERSION


def _shown(value: object, most: int = 80) -> str:
    """The repr of a value a message quotes, cut to ``most`` characters (a save may hold anything)."""
    text = repr(value) if not isinstance(value, str) else repr(value[: most + 1])
    return text if len(text) <= most else text[: most - 1] + "…"


def _clipped(text: str, most: int = 40) -> str:
    """A text a message quotes, cut to ``most`` characters."""
    return text if len(text) <= most else text[: most - 1] + "…"


def _canonical(body: object) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def checksum(body: object) -> str:
    """Return the checksum of a save body."""
    return "sha256:" + hashlib.sha256(_canonical(body).encode()).hexdigest()


def dumps(game: Game, packs: Sequence[PackStamp] | None = None) -> str:
    """Return the run as a save (mid-round, mid-shop or over: any moment between actions), recording the
    ``packs`` it is played with when given."""
    body: dict[str, object] = {
        "setup": game.setup.to_json(),
        "state": game.state.to_json(),
        "history": [action_to_json(r.action) for r in game.history],
    }
    if packs is not None:
        body["packs"] = [p.to_json() for p in packs]
    return json.dumps(
        {"format": FORMAT, "version": VERSION, "checksum": checksum(body), "run": body}, indent=1
    )


def loads(text: str | bytes, catalog: Catalog) -> Game:
    """Resume a run from :func:`dumps` output; raise :class:`SaveError` if it cannot be trusted."""
    return resume(read(text), catalog)


def read(text: str | bytes, max_actions: int | None = None, max_seed: int | None = None) -> SavedRun:
    """Read and check a save (format, version, checksum, at most ``max_actions`` actions, a seed from 0
    to ``max_seed``) without replaying it; raise :class:`SaveError` if it cannot be trusted. ``NaN`` and
    infinite numbers are refused."""
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except SaveError:
        raise
    except (ValueError, UnicodeDecodeError, RecursionError) as err:
        why = str(err)[:200]
        raise SaveError(f"not a readable run save (cut off or damaged JSON: {why})") from None
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise SaveError(f'not a run save (want an object with "format": "{FORMAT}")')
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(f"the save's format version must be a whole number, not {_shown(version)}")
    if version > VERSION:
        raise SaveError(
            f"the save is format version {version}, newer than this studio reads ({VERSION}); update studio"
        )
    body = data.get("run")
    if not isinstance(body, dict):
        raise SaveError("the save has no 'run' object")
    if data.get("checksum") != checksum(body):
        raise SaveError("the save was changed or damaged after it was written (its checksum does not match)")
    written = version
    while version < VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise SaveError(
                f"the save is format version {version}, which this studio no longer reads "
                f"(it reads {VERSION}: {RETIRED}); start the run again from its seed"
            )
        body, version = migrate(body), version + 1
    history = body.get("history")
    if max_actions is not None and isinstance(history, list) and len(history) > max_actions:
        raise SaveError(f"run.history: {len(history):,} actions, more than a run can have ({max_actions:,})")
    setup = body.get("setup")
    seed = setup.get("seed") if isinstance(setup, dict) else None
    if max_seed is not None and isinstance(seed, int) and not 0 <= seed <= max_seed:
        raise SaveError(f"run.setup.seed: want a whole number from 0 to {max_seed}, not {seed}")
    return SavedRun(body, _packs(body.get("packs")), written)


def _no_constant(name: str) -> object:
    raise SaveError(f"not a readable run save: it holds {name}, which is not a number a run can have")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaveError(f"not a readable run save: the number {_shown(text)} is too large")
    return value


def _packs(data: object) -> tuple[PackStamp, ...] | None:
    """The packs a save records, or None if it records none."""
    if data is None:
        return None
    if not isinstance(data, list):
        raise SaveError("run.packs: want a list of packs")
    stamps = []
    for i, item in enumerate(data):
        fields = [item.get(k) for k in ("id", "version", "hash")] if isinstance(item, Mapping) else []
        if len(fields) != 3 or not all(isinstance(f, str) for f in fields):
            raise SaveError(f"run.packs[{i}]: want an object with the pack's id, version and hash")
        stamps.append(PackStamp(str(fields[0]), str(fields[1]), str(fields[2])))
    return tuple(stamps)


def content_difference(saved: Sequence[PackStamp], loaded: Sequence[PackStamp]) -> str | None:
    """Say how the packs loaded differ from those a save was made with (the first few), or None."""
    before, now = {p.id: p for p in saved}, {p.id: p for p in loaded}
    found = []
    for pack_id, was in before.items():
        is_, name = now.get(pack_id), f"pack {_shown(pack_id)}"
        if is_ is None:
            found.append(f"{name} {_clipped(was.version)} is not loaded")
        elif is_.version != was.version:
            found.append(f"{name} is at version {is_.version}, the save's at {_clipped(was.version)}")
        elif is_.hash != was.hash:
            found.append(
                f"{name} {is_.version} has other content"
                f" (hash {is_.hash[:12]}, the save's {_clipped(was.hash, 12)})"
            )
    found += [
        f"pack {_shown(i)} {p.version} is loaded, not in the save" for i, p in now.items() if i not in before
    ]
    if not found:
        return None
    return "; ".join(found[:3]) + (f" (and {len(found) - 3} more)" if len(found) > 3 else "")


def resume(saved: SavedRun, catalog: Catalog) -> Game:
    """Replay a save read by :func:`read` on ``catalog``; raise :class:`SaveError` if it does not replay."""
    return _resume(saved.body, catalog, saved.version)


def _resume(body: Mapping[str, object], catalog: Catalog, written: int) -> Game:
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
    changed = [CHANGED_IN[v] for v in range(written + 1, VERSION + 1) if v in CHANGED_IN]
    older = f"the save is format version {written} ({'; '.join(changed)}); start again from its seed"
    for i, item in enumerate(history):
        try:
            game.apply(action_from_json(item))
        except (ActionError, IllegalAction) as err:
            raise SaveError(f"run.history[{i}]: {err}" + (f": {older}" if changed else "")) from None
    replayed, saved = game.state.to_json(), state.to_json()
    if replayed != saved:
        where, want, found = _first_difference(replayed, saved, "run.state")
        why = older if changed else "the save was edited, or made with other content"
        raise SaveError(
            f"{where} does not follow from run.history (replaying it gives {_shown(want)}, the save holds "
            f"{_shown(found)}): {why}"
        )
    return game


def _first_difference(a: object, b: object, where: str) -> tuple[str, object, object]:
    """The first place, in saved order, where two JSON values differ, and the two values there."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in [*a, *(k for k in b if k not in a)]:
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{where}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return where, a, b


def _setup(data: Mapping[str, object], catalog: Catalog) -> RunSetup:
    deck, difficulty, seed, charms = (data.get(k) for k in ("deck", "difficulty", "seed", "charms"))
    if not isinstance(deck, str):
        raise SaveError(f"run.setup.deck: want a deck id, not {_shown(deck)}")
    for key, value in (("difficulty", difficulty), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SaveError(f"run.setup.{key}: want a whole number, not {_shown(value)}")
    if not isinstance(charms, list) or not all(isinstance(c, str) for c in charms):
        raise SaveError("run.setup.charms: want a list of charm ids")
    try:
        locked = data.get("locked", False) is True
        kept_out = data.get("kept_out", [])
        if not isinstance(kept_out, list) or not all(isinstance(c, str) for c in kept_out):
            raise SaveError("run.setup.kept_out: want a list of charm ids")
        return RunSetup.from_catalog(catalog, deck, difficulty, seed, charms, locked, kept_out)  # type: ignore[arg-type]
    except ValueError as err:
        raise SaveError(f"run.setup: {err}") from None
