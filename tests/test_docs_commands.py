"""Every command the docs show runs as shown: README.md and every docs/*.md, found anew each run.

A doc is read top to bottom, like a reader following it:

- a line ``$ COMMAND`` inside a code block (fenced, or indented by four spaces or more)
  is run with bash from the repository root, ``studio`` being this
  environment's script; a trailing ``\\`` continues it on the next line;
- the lines after it, up to the next ``$`` line or the end of the block, are
  its expected output (stdout, then stderr); ``...`` or ``…`` stands for any
  text within a line, and a line holding only one of them for any number of
  lines; a command shown without output may print anything;
- it must exit 0, or N if the command ends with the comment ``# exit N``;
- a fenced block right after a paragraph ending in ```PATH`:`` is that file's
  content: it is written before the commands that follow use it (unless
  PATH is a file of the checkout, which a doc may quote but never changes).

A plain ``studio ...`` line (no pipe, redirection, variable or glob) runs the
command line's ``main`` in this process, with the doc's copy as the current
folder: the same code the script runs, without a new interpreter's start
(tenths of a second a command). The shell runs every other line. The script
itself is run as a user runs it by the tests of the command line and of the
installed wheel.

Each doc runs in its own temporary copy of the repository (its top-level
entries linked, so created files and the data folder of installed packs stay
there), so nothing leaks into the checkout or between docs.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from studio.cli.main import main as studio_main

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
ELLIPSES = ("...", "…")
EXIT = re.compile(r"\s+#\s*exit\s+(\d+)\s*$")
FILE_INTRO = re.compile(r"`([^`\s]+)`:\s*$")


@dataclass
class Command:
    """A ``$`` line of a doc, what it must print and the exit code it must give."""

    line: int
    text: str
    output: list[str]
    code: int = 0


@dataclass
class File:
    """A file a doc shows, written before the commands after it run."""

    line: int
    path: str
    text: str


def blocks(text: str) -> list[tuple[int, list[str], str]]:
    """Return the code blocks of a markdown text: (first line number, lines, intro), indentation removed.

    ``intro`` is the path a fenced block is the content of (from a preceding
    paragraph ending in ```PATH`:``), or ``""``.
    """
    lines = text.splitlines()
    out: list[tuple[int, list[str], str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^(\s*)(```|~~~)", line)
        if fence:
            indent, mark = len(fence[1]), fence[2]
            intro = _intro(lines, i)
            j = i + 1
            while j < len(lines) and not lines[j].lstrip().startswith(mark):
                j += 1
            out.append((i + 2, [raw[indent:] for raw in lines[i + 1 : j]], intro))
            i = j + 1
            continue
        if line.startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or _blank_inside(lines, j)):
                j += 1
            indent = min(len(raw) - len(raw.lstrip()) for raw in lines[i:j] if raw.strip())
            out.append((i + 1, [raw[indent:] for raw in lines[i:j]], ""))
            i = j
            continue
        i += 1
    return out


def _intro(lines: list[str], fence: int) -> str:
    before = fence - 1
    while before >= 0 and not lines[before].strip():
        before -= 1
    m = FILE_INTRO.search(lines[before]) if before >= 0 else None
    return m[1] if m else ""


def _blank_inside(lines: list[str], j: int) -> bool:
    """A blank line belongs to an indented block if the next non-blank line is indented too."""
    if lines[j].strip():
        return False
    k = j
    while k < len(lines) and not lines[k].strip():
        k += 1
    return k < len(lines) and lines[k].startswith("    ")


def steps(text: str) -> list[Command | File]:
    """Return the files to write and the commands to run, in the doc's order."""
    out: list[Command | File] = []
    for first, lines, intro in blocks(text):
        if intro:
            out.append(File(first - 1, intro, "\n".join(lines) + "\n"))
            continue
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                i += 1
                continue
            start, text = i, lines[i][2:]
            while text.endswith("\\") and i + 1 < len(lines):
                i += 1
                text = text[:-1].rstrip() + " " + lines[i].strip()
            i += 1
            output = []
            while i < len(lines) and not lines[i].startswith("$ "):
                output.append(lines[i].rstrip())
                i += 1
            while output and not output[-1]:
                output.pop()
            m = EXIT.search(text)
            code = int(m[1]) if m else 0
            out.append(Command(first + start, EXIT.sub("", text), output, code))
    return out


def pattern(expected: list[str]) -> re.Pattern[str]:
    """Return a regular expression for the expected output (each line ending in a newline).

    ``...``/``…`` within a line stands for any text; alone on a line, for any
    number of lines, none included.
    """
    parts = []
    for line in expected:
        if line.strip() in ELLIPSES:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = re.split(r"\.\.\.|…", line)
            parts.append("[^\n]*".join(re.escape(p) for p in pieces) + "\n")
    return re.compile("".join(parts))


def matches(expected: list[str], said: str) -> bool:
    """True if the output ``said`` is what the doc shows."""
    return pattern(expected).fullmatch(said + "\n") is not None


def copy_of_the_repository(tmp: Path) -> Path:
    """A folder that looks like the checkout: each top-level entry linked, nothing written through."""
    root = tmp / "repo"
    root.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in (".git", ".pytest_cache", ".mypy_cache", ".ruff_cache"):
            (root / entry.name).symlink_to(entry)
    return root


def plain_studio(text: str) -> list[str] | None:
    """The arguments of a plain ``studio`` command line, or None for a line the shell must run."""
    if re.search(r"[$`*?~]", text):
        return None
    lex = shlex.shlex(text, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    words = list(lex)
    if not words or words[0] != "studio" or any(w and set(w) <= set("();<>|&") for w in words):
        return None
    return words[1:]


def run_doc(
    doc: Path, tmp: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copy_of_the_repository(tmp)
    monkeypatch.chdir(root)
    monkeypatch.setenv("COLUMNS", "200")
    home = os.environ["STUDIO_HOME"]  # the test's own data folder, its cache warm as a user's is
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "STUDIO_HOME": home,
        "COLUMNS": "200",
    }
    where = doc.relative_to(ROOT)
    for step in steps(doc.read_text(encoding="utf-8")):
        if isinstance(step, File):
            path = root / step.path
            if root not in path.resolve().parents:
                continue  # a file of the checkout itself, shown as an excerpt: never written through
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(step.text, encoding="utf-8")
            continue
        argv = plain_studio(step.text)
        if argv is not None:
            capsys.readouterr()
            try:
                code = studio_main(argv)
            except SystemExit as exc:  # argparse's own exit
                code = exc.code if isinstance(exc.code, int) else 1
            printed = capsys.readouterr()
            out, err = printed.out, printed.err
        else:
            proc = subprocess.run(
                ["bash", "-c", step.text],
                cwd=root,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            code, out, err = proc.returncode, proc.stdout, proc.stderr
        said = (out + err).rstrip("\n")
        context = f"{where}:{step.line}: $ {step.text}\n--- it printed:\n{said}"
        assert "Traceback" not in said, context
        assert code == step.code, f"exit {code}, the doc says {step.code}\n{context}"
        if step.output:
            shown = "\n".join(line.rstrip() for line in said.splitlines())
            assert matches(step.output, shown), f"{context}\n--- the doc shows:\n" + "\n".join(step.output)


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_every_command_the_doc_shows_runs_as_shown(
    doc: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from studio.content.extensions import reset

    try:
        run_doc(doc, tmp_path, capsys, monkeypatch)
    finally:
        reset()  # a trusted pack's kinds never reach the next doc


def test_docs_are_found_and_read_as_the_reader_sees_them() -> None:
    text = "Intro `demo/x.yaml`:\n\n```yaml\na: 1\n```\n\n    $ studio one \\\n        --two\n    out\n\n    more\n    $ studio three  # exit 1\n"
    doc = ROOT / "README.md"
    assert doc in DOCS and all(d.suffix == ".md" for d in DOCS)
    assert steps(text) == [
        File(3, "demo/x.yaml", "a: 1\n"),
        Command(7, "studio one --two", ["out", "", "more"]),
        Command(12, "studio three", [], 1),
    ]
    assert matches(["ok: ... file(s)", "…", "end"], "ok: 12 file(s)\na\nb\nend")
    assert matches(["Played: AS", "...", "Hand: pair", "..."], "Played: AS\nHand: pair")
    assert not matches(["ok: ... file(s)"], "ok: 12 file(s)\nextra")
    assert not matches(["Total = 64"], "Total = 65")
    assert plain_studio('studio score "AS AH" --name "a|b"') == ["score", "AS AH", "--name", "a|b"]
    for shell in (
        "studio completion bash | head -n 1",
        "STUDIO_HOME=$PWD/p studio pack list",
        "studio x > f",
    ):
        assert plain_studio(shell) is None, shell
