"""Where things live: the base game (beside the package in a checkout, inside it when
installed) and the user's folders: data (installed packs, trust, recovered work), cache and
settings.

``STUDIO_HOME`` holds all of the user's folders when set (tests, portable set-ups): its
data at its top, ``cache/`` and ``settings.ini`` in it. Otherwise each is the platform's
folder for it (on Linux the XDG ones: ``~/.local/share/charm-studio``,
``~/.cache/charm-studio``, ``~/.config/charm-studio``).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

_PACKAGE = Path(__file__).resolve().parents[2]
#: Installed from a wheel, the base game travels inside the package (see pyproject's wheel target: sources).
_INSTALLED = _PACKAGE / "_base"


def from_checkout() -> bool:
    """True when Studio runs from a source checkout (an editable install too), False when installed.

    Decided by the package's own layout, never by what else a folder holds: installed, the
    package's parent is site-packages, where another distribution's ``content/`` or ``plugins/``
    must not pass for the base game.
    """
    return not _INSTALLED.is_dir() and (_PACKAGE.parent / "pyproject.toml").is_file()


def _find(name: str) -> Path:
    return _PACKAGE.parent / name if from_checkout() else _INSTALLED / name


def base_content_dir() -> Path:
    """The base game's content folder."""
    return _find("content")


def base_plugins_dir() -> Path:
    """The base game's code behaviours."""
    return _find("plugins")


def schemas_dir() -> Path:
    """The exported JSON Schemas shipped with Studio (read-only when installed)."""
    return _find("schemas")


def default_export_dir() -> Path:
    """Where ``studio schema export`` writes without a folder: the checkout's ``schemas/`` (which
    ``make schemas`` keeps in step), else ``./schemas`` (never into an installed package)."""
    return schemas_dir() if from_checkout() else Path("schemas")


#: The application's name in the platform's folders.
APP = "charm-studio"


def _home() -> Path | None:
    home = os.environ.get("STUDIO_HOME")
    return Path(home) if home else None


def user_dir() -> Path:
    """The user's Studio data folder: ``STUDIO_HOME``, or the platform's data folder."""
    return _home() or platformdirs.user_data_path(APP)


def cache_dir() -> Path:
    """Where caches go (each can be deleted at any time): ``STUDIO_HOME/cache``, or the platform's."""
    home = _home()
    return home / "cache" if home else platformdirs.user_cache_path(APP)


def recovery_dir() -> Path:
    """Where the editor autosaves unsaved work, to offer it back after a crash."""
    return user_dir() / "recovery"


def settings_file() -> Path:
    """The editor's settings (layout, theme): ``STUDIO_HOME/settings.ini``, or in the platform's folder."""
    home = _home()
    return (home or platformdirs.user_config_path(APP)) / "settings.ini"


def installed_packs_dir() -> Path:
    """Where ``studio pack install`` puts packs, one folder per pack id."""
    return user_dir() / "packs"


#: Names an install or removal gives its folders in the packs folder while it runs (see
#: :mod:`studio.content.packs.staging`), and leaves there when it is killed.
LEFTOVERS = (".old-", ".staging-", ".removing-")


def has_leftovers(root: Path) -> bool:
    """True if ``root`` holds what an install or removal leaves while it runs or when killed."""
    try:
        return any(name.startswith(LEFTOVERS) for name in os.listdir(root))
    except OSError:
        return False


def trust_file() -> Path:
    """The record of which packs the user trusts to run their code."""
    return user_dir() / "trust.json"


def in_installed_base(path: Path) -> bool:
    """True if ``path`` is in the base game installed with Studio: read-only (an upgrade replaces it)."""
    try:
        return _INSTALLED.is_dir() and path.resolve().is_relative_to(_INSTALLED.resolve())
    except OSError:
        return False


def in_installed_studio(path: Path) -> bool:
    """True if ``path`` is in Studio's installed package (never in a checkout): files written there are
    not pip's, so an upgrade would replace them and an uninstall leave them behind."""
    try:
        return not from_checkout() and path.resolve().is_relative_to(_PACKAGE)
    except OSError:
        return False


def is_base_content(path: Path) -> bool:
    """True if ``path`` is the built-in base game's folder."""
    try:
        return path.resolve() == base_content_dir().resolve()
    except OSError:
        return False
