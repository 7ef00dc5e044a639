"""Seeded randomness in named streams with draw counters.

Each draw is a pure function of (seed, stream, counter), so the whole state is
the seed plus one counter per stream: it serialises as plain JSON, and drawing
from one stream never shifts another. A stream's key is a BLAKE2b hash of the
seed and stream name; draw N is SplitMix64's output function applied to
``key + N x golden ratio`` (a counter-based generator: cheap, and any draw can
be computed without the ones before it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@lru_cache(maxsize=4096)
def stream_key(seed: int, stream: str) -> int:
    """Return the 64-bit key of a named stream of a seed."""
    digest = hashlib.blake2b(f"{seed}/{stream}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def draw(key: int, n: int) -> float:
    """Return draw ``n`` (from 0) of the stream with ``key``, a float in [0, 1)."""
    z = (key + (n + 1) * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) / 18446744073709551616.0


@dataclass(frozen=True, slots=True)
class RngState:
    """A saved generator: the run seed and how many numbers each stream has drawn."""

    seed: int = 0
    counters: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, object]:
        """Return the state as plain JSON data."""
        return {"seed": self.seed, "counters": dict(self.counters)}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> RngState:
        """Rebuild a state saved by :meth:`to_json`."""
        seed = data.get("seed", 0)
        counters = data.get("counters", {})
        if not isinstance(seed, int) or not isinstance(counters, Mapping):
            raise ValueError("rng state needs an integer 'seed' and a 'counters' mapping")
        for name, count in counters.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"counters.{name}: want a whole number of draws, not {count!r}")
        return cls(seed, tuple(sorted((str(k), int(v)) for k, v in counters.items())))


@dataclass(slots=True)
class Rng:
    """A working generator; :meth:`state` freezes it for saving."""

    seed: int = 0
    counters: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_state(cls, state: RngState) -> Rng:
        """Resume from a saved state."""
        return cls(state.seed, dict(state.counters))

    def state(self) -> RngState:
        """Return the current state as a frozen value."""
        return RngState(self.seed, tuple(sorted(self.counters.items())))

    def random(self, stream: str) -> float:
        """Return the next float in [0, 1) of ``stream`` and advance its counter."""
        n = self.counters.get(stream, 0)
        self.counters[stream] = n + 1
        return draw(stream_key(self.seed, stream), n)

    def choice(self, stream: str, items: Sequence[T]) -> T:
        """Return the item one draw of ``stream`` picks from ``items`` (which must not be empty)."""
        return items[int(self.random(stream) * len(items))]

    def chance(self, stream: str, n: float, in_: int) -> bool:
        """Return True with probability ``n / in_`` (one draw from ``stream``)."""
        return self.random(stream) * in_ < n

    def shuffle(self, stream: str, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates) with draws from ``stream`` (the draws of
        :meth:`random`, with the stream's key looked up once: every round shuffles the deck)."""
        if len(items) < 2:
            return
        key, n = stream_key(self.seed, stream), self.counters.get(stream, 0)
        for i in range(len(items) - 1, 0, -1):
            j = int(draw(key, n) * (i + 1))
            n += 1
            items[i], items[j] = items[j], items[i]
        self.counters[stream] = n
