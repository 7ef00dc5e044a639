"""Whether the platform asks for reduced motion, so playback can show steps without movement.

Qt reports it from 6.12 on (``QAccessibilityHints.motionPreference``); before
that, or where the platform says nothing, ``STUDIO_REDUCE_MOTION=1`` asks for
it. The View menu's Reduce motion setting asks for it too (the window reads both).
"""

from __future__ import annotations

import os

from PySide6.QtGui import QGuiApplication

#: The environment variable that asks for reduced motion where the platform cannot.
ENV = "STUDIO_REDUCE_MOTION"


def platform_prefers_reduced_motion() -> bool:
    """Tell whether the platform (or ``STUDIO_REDUCE_MOTION``) asks for reduced motion."""
    if os.environ.get(ENV, "").strip().lower() in ("1", "true", "yes", "on"):
        return True
    if QGuiApplication.instance() is None:
        return False
    hints = QGuiApplication.styleHints()
    read = getattr(hints.accessibility(), "motionPreference", None)
    if read is None:  # Qt before 6.12
        return False
    preference = read()
    return "reduce" in str(getattr(preference, "name", preference)).lower()
