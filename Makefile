# topo: the two commands are `make demo` and `make test` (see README.md).
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
PREFIX ?= /usr/local
BIN := $(BUILD)/bin

.PHONY: all build deps test-deps demo test bench experiments lint clean

all: build

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The main pipeline: generate a 512-node torus and measure it.
demo: build
	$(BIN)/topogen torus --dims 8x8x8 | $(BIN)/topostat

test: test-deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	bench/run.sh $(BIN)

# Long reproductions (minutes): topomap's QAPLIB gaps, mapping table and swap rate.
experiments: build
	bench/topomap.sh $(BIN) all

lint:
	clang-format --dry-run --Werror $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf $(BUILD)
