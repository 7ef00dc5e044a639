"""Whether the platform asks for reduced motion, so playback can show steps without movement.

Qt reports it from 6.12 on (``QAccessibilityHints.motionPreference``). Before
that, the desktop's own setting is read where it has one: Windows' "Show
animations" (``SPI_GETCLIENTAREAANIMATION``), macOS's Reduce motion
(``com.apple.universalaccess reduceMotion``), GNOME-style desktops'
``org.gnome.desktop.interface enable-animations`` (through ``gsettings``). Where
none says anything, ``STUDIO_REDUCE_MOTION=1`` asks for it. The View menu's
Reduce motion setting asks for it too (the window reads both).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache

from PySide6.QtGui import QGuiApplication

#: The environment variable that asks for reduced motion where the platform cannot.
ENV = "STUDIO_REDUCE_MOTION"
#: Seconds a desktop's settings command may take before it is taken to say nothing.
SETTING_TIMEOUT_S = 2.0


def platform_prefers_reduced_motion() -> bool:
    """Tell whether the platform (or ``STUDIO_REDUCE_MOTION``) asks for reduced motion."""
    if os.environ.get(ENV, "").strip().lower() in ("1", "true", "yes", "on"):
        return True
    if QGuiApplication.instance() is not None:
        hints = QGuiApplication.styleHints()
        read = getattr(hints.accessibility(), "motionPreference", None)
        if read is not None:  # Qt 6.12 and later
            preference = read()
            return "reduce" in str(getattr(preference, "name", preference)).lower()
    return desktop_asks_reduced_motion()


@cache
def desktop_asks_reduced_motion() -> bool:
    """The desktop's own reduced-motion setting (read once; False where it has none or cannot be read)."""
    if sys.platform == "win32":
        return _windows_animations_off()
    if sys.platform == "darwin":
        return _command(["defaults", "read", "com.apple.universalaccess", "reduceMotion"]) == "1"
    return _command(["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"]) == "false"


def _command(argv: list[str]) -> str | None:
    """What a settings command prints (stripped), or None when it is missing, fails or hangs."""
    if shutil.which(argv[0]) is None:
        return None
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=SETTING_TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _windows_animations_off() -> bool:  # pragma: no cover - Windows only
    import ctypes

    spi_getclientareaanimation = 0x1042
    enabled = ctypes.c_int(1)
    windll = getattr(ctypes, "windll", None)
    if windll is None or not windll.user32.SystemParametersInfoW(
        spi_getclientareaanimation, 0, ctypes.byref(enabled), 0
    ):
        return False
    return not enabled.value
