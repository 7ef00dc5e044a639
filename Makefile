# `make run` and `make test` set everything up themselves on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench schemas desktop clean bytecode

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,app,cluster]'
	touch $(STAMP)

# Compiles Studio's modules ahead (only those changed since): where Python is told to keep no bytecode
# (PYTHONDONTWRITEBYTECODE), every start of the editor or of a command would compile them again.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q studio > /dev/null

run: bytecode
	$(BIN)/studio edit

test: bytecode
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n auto --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check studio tests benchmarks plugins
	$(BIN)/ruff format --check studio tests benchmarks plugins scripts
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: bytecode
	$(BIN)/python benchmarks/run.py

schemas: $(STAMP)
	$(BIN)/studio schema export schemas

# Lists the editor in the desktop's application menu (XDG: ~/.local/share/applications).
desktop: $(STAMP)
	$(BIN)/studio desktop install

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
	find studio -name __pycache__ -type d -prune -exec rm -rf {} +
