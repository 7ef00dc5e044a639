"""Save and resume anywhere: versioned JSON, checksummed and re-validated by replay."""

from __future__ import annotations

import json

import pytest
from data_paths import field_paths, with_field
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.engine.bot import Bot, play_on, play_run
from studio.engine.catalog import Catalog
from studio.engine.run import save
from studio.engine.run.actions import OpenBooster, Play, SelectBlind
from studio.engine.run.game import Game
from studio.engine.run.save import SaveError
from studio.engine.run.setup import RunSetup


def bot_game(catalog: Catalog, seed: int, stop_after: int | None = None, **kw: object) -> Game:
    return play_run(catalog, RunSetup.from_catalog(catalog, seed=seed, **kw), stop_after=stop_after)  # type: ignore[arg-type]


def until(catalog: Catalog, seed: int, phase: str) -> Game:
    """A bot run stopped at the first moment it is in ``phase``."""
    game = Game.start(RunSetup.from_catalog(catalog, seed=seed))
    bot = Bot(catalog)
    while game.state.phase != phase:
        assert not game.is_over
        game.apply(bot.choose(game))
    return game


@pytest.mark.parametrize("phase", ["select", "round", "shop"])
def test_resume_mid_phase_ends_where_the_uninterrupted_run_ends(catalog: Catalog, phase: str) -> None:
    whole = bot_game(catalog, seed=21)
    game = until(catalog, 21, phase)
    resumed = save.loads(save.dumps(game), catalog)
    assert resumed.state.to_json() == game.state.to_json()
    play_on(resumed)
    assert resumed.state.to_json() == whole.state.to_json()
    assert [h.action for h in resumed.history] == [h.action for h in whole.history]


def test_resume_inside_an_open_pack(catalog: Catalog) -> None:
    game = until(catalog, 8, "shop")
    game.state.money = 40
    assert game.state.shop is not None
    slot = next(i for i, o in enumerate(game.state.shop.offers) if o.kind == "pack")
    text = save.dumps(game)  # money edited above: the save must refuse it
    with pytest.raises(SaveError, match=r"does not follow from run\.history"):
        save.loads(text, catalog)
    game = until(catalog, 8, "shop")
    if game.legal(OpenBooster(slot)) is None:
        game.apply(OpenBooster(slot))
        resumed = save.loads(save.dumps(game), catalog)
        assert resumed.state.phase == game.state.phase
        assert resumed.state.to_json() == game.state.to_json()


def test_the_history_keeps_the_scorer_traces_after_a_resume(catalog: Catalog) -> None:
    game = bot_game(catalog, seed=3, stop_after=12)
    resumed = save.loads(save.dumps(game), catalog)
    assert [h.score for h in resumed.history] == [h.score for h in game.history]
    assert any(h.score is not None and h.score.events for h in resumed.history)


def test_a_save_names_its_format_and_version(catalog: Catalog) -> None:
    data = json.loads(save.dumps(bot_game(catalog, seed=3, stop_after=5)))
    assert (data["format"], data["version"]) == ("studio-run", save.VERSION)
    assert data["checksum"].startswith("sha256:")
    assert set(data["run"]) == {"setup", "state", "history"}
    assert set(data["run"]["state"]["rng"]["counters"]) >= {"shuffle", "boss"}


def _resigned(data: dict[str, object]) -> str:
    data["checksum"] = save.checksum(data["run"])
    return json.dumps(data)


def test_newer_and_older_versions_are_refused_with_the_reason(catalog: Catalog) -> None:
    data = json.loads(save.dumps(bot_game(catalog, seed=3, stop_after=5)))
    data["version"] = save.VERSION + 1
    with pytest.raises(SaveError, match="newer than this studio reads"):
        save.loads(json.dumps(data), catalog)
    data["version"] = 0
    with pytest.raises(SaveError, match="format version 0, which this studio no longer reads"):
        save.loads(json.dumps(data), catalog)


def test_an_older_version_with_a_migration_is_upgraded(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = bot_game(catalog, seed=3, stop_after=5)
    data = json.loads(save.dumps(game))
    old = data["run"]
    old["setup"]["deck_id"] = old["setup"].pop("deck")  # how an older version might have spelled it
    data["version"] = save.VERSION - 1

    def upgrade(body: dict[str, object]) -> dict[str, object]:
        setup = dict(body["setup"])  # type: ignore[call-overload]
        setup["deck"] = setup.pop("deck_id")
        return {**body, "setup": setup}

    monkeypatch.setitem(save.MIGRATIONS, save.VERSION - 1, upgrade)
    assert save.loads(_resigned(data), catalog).state.to_json() == game.state.to_json()


def test_damaged_and_edited_saves_give_clear_errors(catalog: Catalog) -> None:
    text = save.dumps(bot_game(catalog, seed=3, stop_after=20))
    with pytest.raises(SaveError, match="cut off or damaged JSON"):
        save.loads(text[: len(text) // 2], catalog)
    with pytest.raises(SaveError, match="its checksum does not match"):
        save.loads(text.replace('"money": ', '"money": 9', 1), catalog)
    data = json.loads(text)
    money = data["run"]["state"]["money"]
    data["run"]["state"]["money"] += 100
    said = (
        rf"run\.state\.money does not follow from run\.history \(replaying it gives {money}, the save holds"
    )
    with pytest.raises(SaveError, match=said):
        save.loads(_resigned(data), catalog)
    data = json.loads(text)
    data["run"]["state"]["charms"].append({"id": "plain_mul", "edition": None, "counter": 0})
    with pytest.raises(SaveError, match=r"run\.state\.charms does not follow .* the save holds \["):
        save.loads(_resigned(data), catalog)
    data = json.loads(text)
    data["run"]["state"]["rng"]["counters"]["shuffle"] = "zz"
    bad_count = r"^run\.state\.rng: counters\.shuffle: want a whole number of draws, not 'zz'$"
    with pytest.raises(SaveError, match=bad_count):
        save.loads(_resigned(data), catalog)
    in_round = Game.start(RunSetup.from_catalog(catalog, seed=6))
    in_round.apply(SelectBlind())
    data = json.loads(save.dumps(in_round))
    data["run"]["state"]["round"]["modifiers"] = "zz"
    with pytest.raises(SaveError, match=r"^run\.state\.round\.modifiers: want a list, not a string$"):
        save.loads(_resigned(data), catalog)
    data = json.loads(text)
    del data["run"]["state"]["money"]
    with pytest.raises(SaveError, match=r"^run\.state\.money: missing \(want a whole number\)$"):
        save.loads(_resigned(data), catalog)
    data["run"]["state"] = None
    with pytest.raises(SaveError, match=r"^run\.state: want an object, not null$"):
        save.loads(_resigned(data), catalog)
    data = json.loads(text)
    data["run"]["history"].append({"action": "play", "cards": [42]})
    with pytest.raises(SaveError, match=r"run.history\[20\]: "):
        save.loads(_resigned(data), catalog)
    data = json.loads(text)
    data["run"]["setup"]["deck"] = "redd"
    with pytest.raises(SaveError, match="did you mean 'red'"):
        save.loads(_resigned(data), catalog)
    with pytest.raises(SaveError, match="not a run save"):
        save.loads("[]", catalog)


@pytest.fixture(scope="module")
def saved(catalog: Catalog) -> str:
    game = Game.start(RunSetup.from_catalog(catalog, seed=6))
    game.apply(SelectBlind())
    game.apply(Play((0, 1)))
    return save.dumps(game)


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _loads_or_save_error(text: str | bytes, catalog: Catalog) -> None:
    try:
        save.loads(text, catalog)
    except SaveError as err:
        assert str(err)


@FUZZ
@given(cut=st.integers(min_value=0, max_value=10**6))
def test_fuzz_truncated_saves_only_raise_save_error(catalog: Catalog, saved: str, cut: int) -> None:
    _loads_or_save_error(saved[: cut % len(saved)], catalog)


@FUZZ
@given(at=st.integers(min_value=0, max_value=10**6), byte=st.integers(min_value=0, max_value=255))
def test_fuzz_flipped_bytes_only_raise_save_error(catalog: Catalog, saved: str, at: int, byte: int) -> None:
    raw = bytearray(saved.encode())
    raw[at % len(raw)] ^= byte or 1
    _loads_or_save_error(bytes(raw), catalog)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@FUZZ
@given(pick=st.integers(min_value=0, max_value=10**6), value=JSON_VALUES, resign=st.booleans())
def test_fuzz_edited_fields_only_raise_save_error(
    catalog: Catalog, saved: str, pick: int, value: object, resign: bool
) -> None:
    data = json.loads(saved)
    paths = field_paths(data)
    data = with_field(data, paths[pick % len(paths)], value)
    text = _resigned(data) if resign else json.dumps(data)
    _loads_or_save_error(text, catalog)


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_saves_of_runs_whose_rules_have_changed_since_are_refused_with_the_reason(
    catalog: Catalog, version: int
) -> None:
    data = json.loads(save.dumps(bot_game(catalog, seed=3, stop_after=20)))
    data["version"] = version
    with pytest.raises(
        SaveError, match=f"format version {version}, .*round variables change as a round ends.*from its seed"
    ):
        save.loads(_resigned(data), catalog)


def test_money_owed_and_sell_values_are_saved_and_resumed(catalog: Catalog) -> None:
    game = Game.start(RunSetup.from_catalog(catalog, seed=5, charms=("tip_jar", "golden_egg")))
    game.apply(SelectBlind())
    r = game.state.round
    assert r is not None
    faces = [i for i, c in enumerate(r.hand) if c.rank in (11, 12, 13)]
    game.apply(Play(tuple(faces[:1])))  # a face card scores: $1 owed until cash out
    assert json.loads(save.dumps(game))["run"]["state"]["owed"] == [
        {"source": ["tip_jar", "charm", 0], "amount": 1}
    ]
    assert save.loads(save.dumps(game), catalog).state.to_json() == game.state.to_json()
    bot = Bot(catalog)
    while game.state.phase != "shop":
        game.apply(bot.choose(game))
    assert game.state.owed == [] and game.state.charms[1].sell_bonus == 3
    assert save.loads(save.dumps(game), catalog).state.to_json() == game.state.to_json()


def test_charms_kept_out_of_a_run_are_saved_and_stay_out_after_a_resume(catalog: Catalog) -> None:
    setup = RunSetup.from_catalog(catalog, seed=4, kept_out=("pair_mult", "jackknife"))
    part = play_on(Game.start(setup), Bot(catalog), stop_after=30)
    resumed = save.loads(save.dumps(part), catalog)
    assert resumed.setup.kept_out == ("pair_mult", "jackknife")
    play_on(resumed, Bot(catalog))
    whole = play_run(catalog, setup)
    assert resumed.state.to_json() == whole.state.to_json()
    assert not {"pair_mult", "jackknife"} & {c.id for c in whole.state.charms}
    with pytest.raises(ValueError, match="pair_mlt"):
        RunSetup.from_catalog(catalog, kept_out=("pair_mlt",))


def test_a_version_6_save_resumes_where_its_history_replays_and_else_says_what_changed(
    catalog: Catalog,
) -> None:
    """Version 7 changed no field, only the rule that a locked charm gone from the row is never drawn again."""
    game = bot_game(catalog, seed=3, stop_after=30, charms=("fuse",), locked=True)
    data = json.loads(save.dumps(game))
    data["version"] = 6
    assert save.loads(_resigned(data), catalog).state.to_json() == game.state.to_json()
    data["run"]["state"]["money"] += 1  # as if version 6's rules had drawn otherwise
    with pytest.raises(SaveError, match=r"the save is format version 6 \(since version 7 a locked charm"):
        save.loads(_resigned(data), catalog)
