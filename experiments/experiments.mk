# `make experiments`: reproduces the papers' tables and figures into results/ (see results/README.md).
# Run through the top Makefile (`make experiments`), or directly: make -f experiments/experiments.mk BIN=build/bin
# One result file per parameter set (results/runs/NAME.json, names from experiments/catalog.py); tables and
# figures are built from them. Every target depends on the tools and scripts that make it, so a second run does
# nothing, and every recipe writes its own single file (atomically), so `make -j` is safe.
.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDARY:

BIN ?= build/bin
PYTHON ?= /usr/bin/python3
GNUPLOT ?= gnuplot
R ?= results
X := experiments
TOOLS := $(BIN)/topogen $(BIN)/topostat $(BIN)/toposim

names = $(shell $(PYTHON) $(X)/catalog.py names $(1))
# Scotch's mapper joins the mapping table only when it is installed (else bench/topomap.sh table covers it).
SCOTCH := $(if $(and $(shell command -v scotch_gmap),$(shell command -v amk_grf)),scotch)
$(if $(SCOTCH),,$(info experiments: skipped: Scotch (scotch_gmap, amk_grf) is not installed; its mapping runs are left out))
RUNS := $(foreach k,stat statd statu describe clex search map $(SCOTCH),$(call names,$(k)))
ifeq ($(strip $(RUNS)),)
$(error experiments/catalog.py listed no runs)
endif
RUN_FILES := $(RUNS:%=$(R)/runs/%.json)
DISS_RUNS := $(filter $(R)/runs/diss-%,$(RUN_FILES))
PN_RUNS := $(filter $(R)/runs/pn-%,$(RUN_FILES))
HDN_RUNS := $(filter $(R)/runs/hdn-%,$(RUN_FILES))
CLEX_RUNS := $(filter $(R)/runs/clex-%,$(RUN_FILES))
MAP_RUNS := $(filter $(R)/runs/map-%,$(RUN_FILES))

TABLES := $(R)/dissertation/table2.md $(R)/dissertation/ibt_search.md $(R)/dissertation/mapping.md \
  $(addprefix $(R)/projective/,table2.md table3.md table4.md table5.md table6.md) \
  $(R)/hdn/table1.md $(R)/hdn/table3.md $(R)/clex/tables.md
# Each table's differences from the paper (a JSON list) for the README's summary.
DIFFS := $(TABLES:.md=.diffs.json)
FIGURES := $(addprefix $(R)/dissertation/,fig3_13.svg fig3_14.svg fig3_15.svg fig3_16.svg fig3_17.svg) \
  $(R)/projective/fig7.svg $(R)/projective/fig9.svg $(R)/clex/fig3.svg
# Simulation items (toposim run): CLEX against the torus, and latency against load of Slim Fly, dragonfly and a
# torus. CLEX_CLIQUE sets the size of the first, k^4 nodes. auto, the default: the paper's k = 32 if its CLEX run
# fits in 90% of the machine's memory (with M = 28 it peaks at about 19 GiB: it fits on a 24 GB machine, where
# the four runs take about 15 minutes; bench/RESULTS.md), else the largest k that does. The table says which
# size ran.
CLEX_CLIQUE ?= auto
# Left out (and said so in results/README.md) when this build's toposim has no `run` command.
SIM_FIGURES := $(if $(shell $(BIN)/toposim run --help >/dev/null 2>&1 && echo yes),\
  $(R)/sim/clex_torus.svg $(R)/sim/latency_load.svg)

.PHONY: all runs tables figures sim
all: $(R)/README.md
sim: $(SIM_FIGURES)
runs: $(RUN_FILES)
tables: $(TABLES)
figures: $(FIGURES)

$(R)/runs $(R)/dissertation $(R)/projective $(R)/hdn $(R)/clex $(R)/sim:
	mkdir -p $@

# One run: topogen | topostat, topogen --describe, toposim clex, ... (experiments/catalog.py says which).
$(R)/runs/%.json: $(X)/run.py $(X)/catalog.py $(TOOLS) | $(R)/runs
	$(PYTHON) $(X)/run.py $(BIN) $* $@
# The mapping runs (topogen | topomap, fixed --iterations and --seed: reproducible; about 80 core-seconds in all).
$(MAP_RUNS): $(R)/runs/%.json: $(X)/run.py $(X)/catalog.py $(BIN)/topogen $(BIN)/topomap bench/scotch_io.py | $(R)/runs
	$(PYTHON) $(X)/run.py $(BIN) $* $@

REPORT := $(X)/report.py $(X)/report_dissertation.py $(X)/report_projective.py $(X)/report_hdn.py \
  $(X)/report_clex.py $(X)/papers.py $(X)/catalog.py
report = $(PYTHON) $(X)/report.py $(R) $(1) $@

# A table and its differences are separate targets of one recipe (KEY RESULTS/PAPER/TABLE.md or .diffs.json).
$(R)/dissertation/table2.md $(R)/dissertation/table2.diffs.json: $(DISS_RUNS) $(REPORT) | $(R)/dissertation
	$(call report,diss-table2)
$(R)/dissertation/ibt_search.md $(R)/dissertation/ibt_search.diffs.json: $(DISS_RUNS) $(REPORT) | $(R)/dissertation
	$(call report,diss-search)
$(R)/dissertation/mapping.md $(R)/dissertation/mapping.diffs.json: $(MAP_RUNS) $(REPORT) | $(R)/dissertation
	$(call report,diss-mapping) $(SCOTCH)
$(R)/dissertation/%.dat: $(DISS_RUNS) $(REPORT) | $(R)/dissertation
	$(call report,$*)
$(R)/projective/table%.md: $(PN_RUNS) $(REPORT) | $(R)/projective
	$(call report,pn-table$*)
$(R)/projective/table%.diffs.json: $(PN_RUNS) $(REPORT) | $(R)/projective
	$(call report,pn-table$*)
$(R)/projective/%.dat: $(PN_RUNS) $(REPORT) | $(R)/projective
	$(call report,$*)
$(R)/hdn/table%.md: $(HDN_RUNS) $(REPORT) | $(R)/hdn
	$(call report,hdn-table$*)
$(R)/hdn/table%.diffs.json: $(HDN_RUNS) $(REPORT) | $(R)/hdn
	$(call report,hdn-table$*)
$(R)/clex/tables.md $(R)/clex/tables.diffs.json: $(CLEX_RUNS) $(REPORT) | $(R)/clex
	$(call report,clex-tables)
$(R)/clex/fig3.dat: $(CLEX_RUNS) $(REPORT) | $(R)/clex
	$(call report,clex-fig3)

# One simulation item: its data (.dat) and table (.md) from toposim run (experiments/simulate.py says how).
$(R)/sim/clex_torus.dat: $(X)/simulate.py $(BIN)/topogen $(BIN)/toposim | $(R)/sim
	$(PYTHON) $(X)/simulate.py $(BIN) clex-torus $@ $(CLEX_CLIQUE)
$(R)/sim/latency_load.dat: $(X)/simulate.py $(BIN)/topogen $(BIN)/toposim | $(R)/sim
	$(PYTHON) $(X)/simulate.py $(BIN) latency-load $@

# A figure: gnuplot script experiments/plots/PAPER/NAME.gp over results/PAPER/NAME.dat.
$(R)/%.svg: $(R)/%.dat $(X)/plots/%.gp $(X)/plot.sh
	$(X)/plot.sh $(GNUPLOT) $(X)/plots/$*.gp $< $@

$(R)/README.md: $(TABLES) $(DIFFS) $(FIGURES) $(SIM_FIGURES) $(REPORT)
	$(call report,readme)
