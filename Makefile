# topo: the two commands are `make demo` and `make test` (see README.md).
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
PREFIX ?= /usr/local
BIN := $(BUILD)/bin
TOOLS := topogen topostat toposim toporoute topomap

.PHONY: all build tools deps test-deps demo test test-sanitize bench bench-booksim lint clean install uninstall \
        experiments experiments-deps experiments-mapping clean-experiments

all: build

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# Only the five tools and the library they link (not the unit tests or the bench helpers).
tools: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target $(TOOLS)

# The main pipeline: generate a 512-node torus and measure it.
demo: tools
	$(BIN)/topogen torus --dims 8x8x8 | $(BIN)/topostat

test: test-deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	bench/run.sh $(BIN)

# toposim run side by side with BookSim2 (built from its source in bench/booksim-build/, needs flex and bison):
# the BookSim2 checks of bench/RESULTS.md, about half an hour on 2 cores.
bench-booksim: build
	bench/booksim.py --bin $(BIN)

# topomap's long benchmarks (about half an hour): QAPLIB gaps, the dissertation-style mapping table, swap rate.
experiments-mapping: build
	bench/topomap.sh $(BIN) all

experiments-deps:
	@scripts/install-deps.sh --experiments

# Reproduces the papers' tables and figures into results/ (results/README.md); experiments/experiments.mk
# has the recipes. A second run does nothing unless a tool or a script changed.
experiments: experiments-deps build
	$(MAKE) -f experiments/experiments.mk BIN=$(BIN)

lint:
	clang-format --dry-run --Werror $$(git ls-files '*.cpp' '*.hpp')

# The unit tests under AddressSanitizer and UBSan (a Debug build in build-sanitize/).
test-sanitize: deps
	cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Debug -DTOPO_SANITIZE=ON
	cmake --build build-sanitize -j $(JOBS) --target unit_tests
	cd build-sanitize && ctest --output-on-failure -j $(JOBS) -R '^unit/'


DESTDIR ?=

install: tools
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	for t in $(TOOLS); do \
	  install -m 755 $(BIN)/$$t $(DESTDIR)$(PREFIX)/bin/$$t; \
	  install -m 644 man/$$t.1 $(DESTDIR)$(PREFIX)/share/man/man1/$$t.1; \
	  install -m 644 completions/bash/$$t $(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$t; \
	  install -m 644 completions/zsh/$$t $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$$t; \
	  install -m 644 completions/fish/$$t $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$$t.fish; \
	done
	install -m 644 man/topo-formats.5 $(DESTDIR)$(PREFIX)/share/man/man5/topo-formats.5

uninstall:
	for t in $(TOOLS); do \
	  rm -f $(DESTDIR)$(PREFIX)/bin/$$t $(DESTDIR)$(PREFIX)/share/man/man1/$$t.1 \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$t $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$$t \
	    $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$$t.fish; \
	done
	rm -f $(DESTDIR)$(PREFIX)/share/man/man5/topo-formats.5

clean:
	rm -rf $(BUILD)

clean-experiments:
	rm -rf results/runs results/dissertation results/projective results/hdn results/clex results/README.md
