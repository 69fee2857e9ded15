# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run local test fuzz bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/herald run

local: $(STAMP)
	$(BIN)/herald local

test: $(STAMP)
	$(BIN)/python -m pytest

fuzz: $(STAMP)
	$(BIN)/herald fuzz richard3 --games 100 --seed 1 --jobs 2
	$(BIN)/herald fuzz oldkingscrown --games 50 --seed 1 --jobs 2
	$(BIN)/herald fuzz crownofroses --games 10 --seed 1 --jobs 2 --check-every 25 --random-options
	$(BIN)/herald fuzz hereistand --games 4 --seed 1 --jobs 2 --check-every 20

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV)
