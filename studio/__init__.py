"""Charm Studio: author, package and preview a poker-scoring roguelike."""

__version__ = "0.1.0"
