"""Seeded randomness in named streams with draw counters.

Each draw is a pure function of (seed, stream, counter), so the whole state is
the seed plus one counter per stream: it serialises as plain JSON, and drawing
from one stream never shifts another.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, MutableSequence
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


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
        digest = hashlib.blake2b(f"{self.seed}/{stream}/{n}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") / 2.0**64

    def chance(self, stream: str, n: int, in_: int) -> bool:
        """Return True with probability ``n / in_`` (one draw from ``stream``)."""
        return self.random(stream) * in_ < n

    def shuffle(self, stream: str, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates) with draws from ``stream``."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random(stream) * (i + 1))
            items[i], items[j] = items[j], items[i]
