"""``python -m studio``: the ``studio`` command, for environments whose scripts are not on ``PATH``."""

import sys

from studio.cli.main import main

sys.exit(main())
