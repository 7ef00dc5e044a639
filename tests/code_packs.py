"""Pack folders whose one charm runs code of the test's own, for the tests of plugins and trust."""

from __future__ import annotations

from pathlib import Path

from studio.content.packs.skeleton import write_skeleton


def code_pack(folder: Path, charm: str, source: str, description: str) -> Path:
    """A pack at ``folder`` (its id the folder's name) as ``studio pack new`` makes it, plus the plugin
    ``plugins/CHARM.py`` (``source``) and the charm ``charm`` whose behaviour it defines."""
    write_skeleton(folder, folder.name)
    (folder / "plugins").mkdir()
    (folder / "plugins" / f"{charm}.py").write_text(source, encoding="utf-8")
    (folder / "charms" / f"{charm}.yaml").write_text(
        f'id: {charm}\nname: {charm.capitalize()}\nbehaviour: {charm}\ndescription: "{description}"\n',
        encoding="utf-8",
    )
    return folder
