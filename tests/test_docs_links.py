"""Every link between README.md and docs/*.md lands on a file that exists, and on a heading of it when
it names one (GitHub's anchors: the heading lower-cased, punctuation dropped, spaces as hyphens)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s#]*)(?:#([^)\s]+))?\)")


def anchors(doc: Path) -> set[str]:
    """The anchors of the headings of ``doc``."""
    heads = re.findall(r"^#+ (.+)$", doc.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in heads}


def test_every_link_between_the_docs_lands_on_a_file_and_heading() -> None:
    broken = []
    for doc in DOCS:
        for target, anchor in LINK.findall(doc.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path = (doc.parent / target).resolve() if target else doc
            if not path.exists():
                broken.append(f"{doc.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                broken.append(f"{doc.relative_to(ROOT)}: {target}#{anchor} (no such heading)")
    assert not broken, "\n".join(broken)


def test_anchors_are_made_as_github_makes_them() -> None:
    assert {"what-the-cache-folder-holds", "your-folders"} <= anchors(ROOT / "docs/cli.md")
