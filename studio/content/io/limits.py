"""Every bound Studio puts on its input, in one place (docs/limits.md explains each).

Packs come from strangers: each limit is checked before the work it would make
expensive, and going past one is reported as one problem at the file and line.
The figures are far above anything real content needs (the base game's biggest
file is a few kilobytes, nested six deep).
"""

from __future__ import annotations

import os
from typing import Final

#: Bytes of one content, scenario or plugin file (a pack folder's files, a zip member, a file given on the
#: command line). A device or FIFO is never read, whatever its size.
MAX_FILE_BYTES: Final = 5 * 1024 * 1024
#: Files in one pack (folder or zip).
MAX_FILES: Final = 2_000
#: Bytes of all the files of one pack together.
MAX_PACK_BYTES: Final = 50 * 1024 * 1024
#: Uncompressed / compressed, per zip member and for the whole archive.
MAX_RATIO: Final = 100.0
#: Folders a path inside a pack may go down (``charms/rare/x.yaml`` is 3 parts).
MAX_PATH_PARTS: Final = 16
#: Characters of a path inside a pack, and of one of its parts.
MAX_PATH_CHARS: Final = 512
MAX_PATH_PART_CHARS: Final = 255

#: Bytes of one image an entry names as its art (``art: art/lucky.png``), and pixels of its longer side.
MAX_ART_BYTES: Final = 1024 * 1024
MAX_ART_SIDE: Final = 1024

#: How deep mappings and lists may nest in one YAML or JSON document (or one batch line).
MAX_NESTING: Final = 64
#: Nodes that aliases (``*name``) may stand for in one document, all expansions counted: anchors
#: that expand exponentially (the "billion laughs") stop here.
MAX_ALIAS_NODES: Final = 10_000
#: Characters of a number written in content (Python itself refuses integers past 4,300 digits).
MAX_NUMBER_CHARS: Final = 100
#: Entries of the top-level list of a file (scenarios in a tests file).
MAX_ENTRIES_PER_FILE: Final = 10_000

#: Characters of a version range, and the comparisons (``>=1.0.0``) it may hold.
MAX_RANGE_CHARS: Final = 200
MAX_RANGE_CLAUSES: Final = 16

#: Bytes of one line of a ``studio score --batch`` file (the file itself may be any length: it is streamed).
MAX_BATCH_LINE_BYTES: Final = 1024 * 1024

#: Characters of a value quoted in a message: a long or expanded value is shown as an excerpt.
MAX_EXCERPT_CHARS: Final = 80
#: Seconds a command waits for another one installing or removing packs.
LOCK_TIMEOUT_SECONDS: Final = 60.0

#: Bytes of a run save read by ``studio run --resume``, and actions its history may hold (a bot run ends in
#: a few hundred; the simulation gives up on a run at this many, see ``studio.simulation.play``).
MAX_SAVE_BYTES: Final = 50 * 1024 * 1024
MAX_RUN_ACTIONS: Final = 20_000

#: Runs of one ``studio simulate``, and its worker processes: at most this many, and 4 per core.
MAX_SIMULATION_RUNS: Final = 1_000_000
MAX_WORKERS: Final = 64
#: ``--samples`` of one ``studio odds`` (about an hour of sampling; ``--exact`` counts every deal sooner).
MAX_ODDS_SAMPLES: Final = 10_000_000
#: Cards of an ``--exact`` deal: every deal of 10 takes about 20 s, and each card more about five times
#: as long (12 cards: minutes); larger deals are sampled (``--samples``).
MAX_EXACT_DEAL: Final = 10
#: The largest seed a scenario or a command takes (63 bits: a positive int on every platform).
MAX_SEED: Final = 2**63 - 1
#: Seconds a worker process may take per run of a chunk (one more run's worth for loading the content)
#: before the chunk is taken as stuck; ``STUDIO_RUN_TIMEOUT`` sets another figure.
RUN_TIMEOUT_SECONDS: Final = 60.0
#: Seconds to reach a Dask scheduler and hear it answer; ``STUDIO_CLUSTER_TIMEOUT`` sets another figure.
CLUSTER_TIMEOUT_SECONDS: Final = 10.0

#: Bytes of one recovery record read back after a crash, and how deep its JSON may nest (a record is a
#: flat object with one list of flat objects: anything deeper was not written by Studio).
MAX_RECOVERY_BYTES: Final = 20 * 1024 * 1024
MAX_RECOVERY_DEPTH: Final = 4


def seconds_from_env(name: str, default: float) -> float:
    """Seconds from the environment variable ``name`` (a positive number), else ``default``: how
    ``STUDIO_RUN_TIMEOUT`` and the like set another time limit (any other value is a ValueError naming it)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise ValueError(f"{name}: want a number of seconds above 0, not {text[:40]!r}")
    return value
