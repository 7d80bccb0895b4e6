# topo: the two commands are `make demo` and `make test` (see README.md).
# MPI=1 builds the tools for Open MPI in build-mpi/ (mpirun -np P topostat ...; README.md, "Beyond one machine").
MPI ?=
ifeq ($(MPI),1)
BUILD ?= build-mpi
override CMAKE_FLAGS += -DTOPO_MPI=ON
DEPS_FLAGS := --mpi
else
BUILD ?= build
DEPS_FLAGS :=
endif
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
PREFIX ?= /usr/local
BIN := $(BUILD)/bin
TOOLS := topogen topostat toposim toporoute topomap

.PHONY: all build tools deps test-deps demo test test-mpi test-sanitize fuzz fuzz-build fuzz-deep bench bench-kernels bench-booksim lint clean install uninstall \
        experiments experiments-deps experiments-mapping clean-experiments

all: build

deps:
	@scripts/install-deps.sh $(DEPS_FLAGS)

test-deps:
	@scripts/install-deps.sh --test $(DEPS_FLAGS)

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

# A test that does not apply exits 77 (tests/lib.sh: skip REASON): CTest lists it as skipped and its reason,
# the "SKIP:" line of its output, is printed after the run.
test: test-deps build
	cd $(BUILD) && { ctest --output-on-failure -j $(JOBS); status=$$?; \
	  awk '/^[0-9]+\/[0-9]+ Test: /{name=$$3} /^SKIP: /{sub(/^SKIP: /, ""); print "skipped " name ": " $$0}' \
	    Testing/Temporary/LastTest.log; exit $$status; }

# The MPI build in its own folder: the five tools (the library is the same as without MPI; with ccache
# as the compiler launcher it is not compiled again) and the tests labelled mpi (tests/mpi/).
MPI_BUILD ?= build-mpi
test-mpi:
	@scripts/install-deps.sh --test --mpi
	cmake -S . -B $(MPI_BUILD) -DCMAKE_BUILD_TYPE=Release -DTOPO_MPI=ON $(CMAKE_FLAGS)
	cmake --build $(MPI_BUILD) -j $(JOBS) --target $(TOOLS) job_failure
	cd $(MPI_BUILD) && ctest -L mpi --output-on-failure

bench: build
	bench/run.sh $(BIN)

# Link loads and distances with every vector kernel this CPU runs, side by side with igraph (python3-igraph):
# about 15 minutes on 2 idle cores (SKIP_LARGE=1 leaves out the 100000-node graph).
bench-kernels: build
	bench/kernels.sh $(BIN)

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

# clang-format; shellcheck on every tracked shell script and the bash completions; clang-tidy (.clang-tidy) on
# lib/ and tools/ with the compile commands of $(BUILD) (configured if need be; the version header generated).
# Any finding fails. clang-tidy is the long part, some 7 minutes on 2 cores (.clang-tidy says what it checks).
lint: test-deps $(BUILD)/CMakeCache.txt
	clang-format --dry-run --Werror $$(git ls-files '*.cpp' '*.hpp')
	shellcheck -x $$(git ls-files '*.sh' .ci/run)
	shellcheck -s bash $$(git ls-files 'completions/bash/*')
	cmake --build $(BUILD) --target topo_commit
	run-clang-tidy -p $(BUILD) -j $(JOBS) -quiet '$(CURDIR)/(lib|tools)/'

# The whole test suite under AddressSanitizer and UBSan (build-sanitize/). CTest sets TOPO_SANITIZED=1
# there, for a test that has to shrink a large case.
SANITIZE_BUILD ?= build-sanitize
test-sanitize: test-deps
	cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" -DTOPO_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	cd $(SANITIZE_BUILD) && TOPO_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS)

# libFuzzer targets (tests/fuzz/) built with clang in build-fuzz/, each run for FUZZ_SECONDS after its
# regression inputs; FUZZ_TARGETS picks some (default: all).
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz-build: test-deps
	CC=clang-14 CXX=clang++-14 cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=None \
	  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" -DTOPO_FUZZ=ON -DTOPO_BUILD_TESTS=OFF $(CMAKE_FLAGS)
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_targets

fuzz: fuzz-build
	tests/fuzz/run.sh $(FUZZ_BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The readers of nested text (JSON, edge-list headers, GraphML, descriptors) on inputs up to 1 MiB, for depth:
# shorter runs, since each input is larger.
FUZZ_DEEP_SECONDS ?= 30
fuzz-deep: fuzz-build
	MAX_LEN=1048576 tests/fuzz/run.sh $(FUZZ_BUILD)/fuzz $(FUZZ_DEEP_SECONDS) fuzz_read_json fuzz_read_edgelist \
	  fuzz_read_graphml fuzz_read_descriptor

# The tools, man pages and completions through CMake's install rules (CMakeLists.txt); DESTDIR stages them
# for a package. uninstall removes what the last install wrote (CMake's install_manifest.txt).
DESTDIR ?=

install: tools
	DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)

uninstall:
	@test -f $(BUILD)/install_manifest.txt || { echo "make uninstall: nothing installed from $(BUILD)" >&2; exit 1; }
	xargs rm -f < $(BUILD)/install_manifest.txt

clean:
	rm -rf $(BUILD)

clean-experiments:
	rm -rf results/runs results/dissertation results/projective results/hdn results/clex results/README.md
