"""``python -m studio``: the ``studio`` command, for environments whose scripts are not on ``PATH``.

``-m`` puts the working folder first on ``sys.path``; it is taken off before anything else is
imported, so a file in that folder (a pack's ``typing.py``, say) is never imported in place of the
standard library's or Studio's own, just as with the ``studio`` script.
"""

import os
import sys

try:
    _here = os.getcwd()
except OSError:  # the working folder was removed: nothing of it can be imported anyway
    _here = ""
if sys.path and sys.path[0] in ("", _here):
    del sys.path[0]

from studio.cli.main import main  # after the working folder left the path

sys.exit(main())
