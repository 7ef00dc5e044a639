"""Checking content: documents against their schemas and models, in sentences an author reads;
checks between entries (references, hand types, what a run sells); and the problems they report.
"""
