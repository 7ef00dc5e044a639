"""Pack > Trust this pack's code: an untrusted pack's code runs once the user confirms, with no restart;
until then the preview marks its code charms, whose code does nothing."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from studio.app.main_window import MainWindow
from studio.app.preview.hand_row import LOCKED
from studio.content.packs.pack import Pack, open_pack
from studio.content.packs.skeleton import write_skeleton
from studio.content.packs.trust import TrustStore
from tests.app.conftest import open_window

DOUBLER = """from studio.engine.hooks import CharmContext
from studio.engine.inplay import ActiveCharm
from studio.plugins import Behaviour


class Doubler(Behaviour):
    id = "doubler"

    def hand(self, ctx: CharmContext, charm: ActiveCharm) -> None:
        ctx.add_xmult(2, charm)
"""


def _code_pack(tmp_path: Path) -> Path:
    """A pack folder on disk with a plugin and the charm that uses it."""
    pack = tmp_path / "doublepack"
    write_skeleton(pack, "doublepack")
    (pack / "plugins").mkdir()
    (pack / "plugins" / "doubler.py").write_text(DOUBLER, encoding="utf-8")
    (pack / "charms" / "doubler.yaml").write_text(
        'id: doubler\nname: Doubler\nbehaviour: doubler\ndescription: "x2 Mult"\n', encoding="utf-8"
    )
    return pack


def _window(qtbot, tmp_path: Path, content: Path) -> tuple[MainWindow, Path, list[str]]:  # type: ignore[no-untyped-def]
    """The window on the base game and the pack, with the doubler in the preview; the pack's menu
    questions are answered "trust" and its messages kept in the returned list."""
    pack = _code_pack(tmp_path)
    window = open_window(qtbot, tmp_path, content, packs=(pack,))
    told: list[str] = []
    window.ask_trust = lambda _pack: True  # type: ignore[method-assign]
    window.pack_menu.tell = lambda _title, text: told.append(text)  # type: ignore[method-assign]
    window.preview.set_state({"played": "AS AH", "charms": ["doubler"]})
    window.pack_menu.update_trust_actions()
    return window, pack, told


def _tile_lock(window: MainWindow) -> object:
    return window.preview.charms.row.item(0).data(LOCKED)


def test_trusting_the_pack_runs_its_code_without_a_restart(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window, pack, told = _window(qtbot, tmp_path, content)
    asked: list[Pack] = []
    window.ask_trust = lambda p: asked.append(p) or True  # type: ignore[method-assign]
    assert "not trusted" in str(_tile_lock(window))
    tip = window.preview.charms.row.item(0).toolTip()
    assert "pack 'doublepack'" in tip and "the Problems panel says how to trust that pack" in tip
    assert window.pack_menu.trust_action.text() == "Trust the &code of pack 'doublepack'…"
    untrusted = window.preview.total_label.text()
    assert window.pack_menu.trust_action.isEnabled()
    assert not window.pack_menu.distrust_action.isEnabled()

    window.pack_menu.trust_action.trigger()

    assert [p.id for p in asked] == ["doublepack"] and not told
    on_disk, _ = open_pack(pack)
    assert on_disk is not None and TrustStore().is_trusted(on_disk)  # as `--trust` records it
    qtbot.waitUntil(lambda: window.preview.total_label.text() not in ("—", untrusted), timeout=10_000)
    assert _tile_lock(window) is None
    assert window.preview.charms.row.item(0).toolTip() == "doubler"
    assert not window.pack_menu.trust_action.isEnabled()
    assert window.pack_menu.distrust_action.isEnabled()
    assert not any("not trusted" in p.message for p in window.session.ws.problems())  # type: ignore[union-attr]

    window.pack_menu.distrust_action.trigger()

    assert not TrustStore().is_trusted(on_disk)
    assert "not trusted" in str(_tile_lock(window))
    qtbot.waitUntil(lambda: window.preview.total_label.text() == untrusted, timeout=10_000)


def test_cancelling_the_question_trusts_nothing(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window, _pack, _told = _window(qtbot, tmp_path, content)
    window.ask_trust = lambda _pack: False  # type: ignore[method-assign]
    window.pack_menu.trust_action.trigger()
    assert not TrustStore().path.exists()
    assert "not trusted" in str(_tile_lock(window))


def test_a_damaged_trust_record_is_said_and_kept(qtbot, tmp_path: Path, content: Path) -> None:  # type: ignore[no-untyped-def]
    window, _pack, told = _window(qtbot, tmp_path, content)
    record = TrustStore().path
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text("{not json", encoding="utf-8")
    window.pack_menu.trust_action.trigger()
    assert len(told) == 1 and "could not be recorded" in told[0] and str(record) in told[0]
    assert record.read_text(encoding="utf-8") == "{not json"
    assert "not trusted" in str(_tile_lock(window))


def test_a_read_only_data_folder_is_said(qtbot, tmp_path: Path, content: Path, studio_home: Path) -> None:  # type: ignore[no-untyped-def]
    window, _pack, told = _window(qtbot, tmp_path, content)
    record = TrustStore().path
    record.parent.mkdir(parents=True, exist_ok=True)
    record.mkdir()  # a folder where the record should be: it cannot be written, whoever runs the test
    window.pack_menu.trust_action.trigger()
    assert len(told) == 1 and "could not be recorded" in told[0]
    assert "not trusted" in str(_tile_lock(window))


def test_the_question_names_the_pack_its_files_and_defaults_to_cancel(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    window, pack, _told = _window(qtbot, tmp_path, content)
    on_disk, _ = open_pack(pack)
    assert on_disk is not None
    seen: list[tuple[str, bool]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        cancel = box.button(QMessageBox.StandardButton.Cancel)
        seen.append((box.text(), box.defaultButton() is cancel))
        box.reject()

    QTimer.singleShot(0, answer)
    assert not MainWindow.ask_trust(window, on_disk)
    ((text, cancel_first),) = seen
    assert "doublepack" in text and "doubler.py" in text and "permissions" in text
    assert "trusted again" in text and cancel_first


def _warning(window: MainWindow) -> str:
    """The Problems panel's line about untrusted code."""
    said = [window.problems.topLevelItem(i).text(2) for i in range(window.problems.topLevelItemCount())]
    return next(text for text in said if "not trusted" in text)


def test_the_problems_panel_names_the_editors_way_to_trust_not_the_command_lines(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    window, _pack, _told = _window(qtbot, tmp_path, content)
    warning = _warning(window)
    assert "--trust" not in warning
    assert "disabled charms: doubler (trust it with Pack > Trust the code of pack 'doublepack'…)" in warning


def test_a_dependencys_locked_charm_names_its_pack_and_the_menu_names_the_pack_it_acts_on(
    qtbot, tmp_path: Path, content: Path
) -> None:  # type: ignore[no-untyped-def]
    from studio.cli.main import main as studio_main

    archive = tmp_path / "doublepack.zip"
    assert studio_main(["pack", "build", str(_code_pack(tmp_path)), "-o", str(archive)]) == 0
    assert studio_main(["pack", "install", str(archive)]) == 0  # installed, its code not trusted
    user = tmp_path / "user"
    write_skeleton(user, "user")
    (user / "plugins").mkdir()
    (user / "plugins" / "quiet.py").write_text(  # code of its own, so its Trust action is enabled
        'from studio.plugins import Behaviour\n\n\nclass Quiet(Behaviour):\n    id = "quiet"\n\n'
        "    def hand(self, ctx, charm):\n        pass\n",
        encoding="utf-8",
    )
    manifest = user / "pack.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace(
            "  - {id: base", '  - {id: doublepack, version: "*"}\n  - {id: base'
        ),
        encoding="utf-8",
    )
    window = open_window(qtbot, tmp_path, content, packs=(user,))
    window.preview.set_state({"played": "AS AH", "charms": ["doubler"]})
    window.pack_menu.update_trust_actions()
    tip = window.preview.charms.row.item(0).toolTip()
    assert "pack 'doublepack'" in tip  # the pack its code is in
    assert "Trust the code" not in tip  # not the menu's action, which acts on the pack being edited
    assert window.pack_menu.trust_action.text() == "Trust the &code of pack 'user'…"  # that one, by name
    assert "--pack doublepack --trust" in _warning(window)  # a dependency: the menu cannot reach it
