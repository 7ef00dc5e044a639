"""The rules: cards, hand patterns, scoring, trace, rng, odds and rounds (standard library only)."""
