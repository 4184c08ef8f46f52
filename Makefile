# awemu -- one Makefile for everything.  `make` builds bin/awasm and bin/awdis,
# `make test` runs every test, `make asan` runs them under AddressSanitizer and
# UBSan, `make bench` prints speed figures, `make fuzz` runs the fuzzers,
# `make ptx` regenerates the examples' PTX with nvcc, `make install` installs
# (PREFIX=/usr/local, DESTDIR for staging).

CC       ?= cc
CSTD     := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -Wno-sign-conversion
OPT      ?= -O2 -g
ifeq ($(CI),true)
WERROR   := -Werror
endif
# link-time optimization for the programs people run and time (the tools, libcudart, the
# benches): the emulator's and the timing model's modules call one another for every
# instruction and every simulated cycle; inlined across files, make bench's functional
# kernel runs about a third faster and the timing kernels about 10%.  The objects keep
# their machine code as well (fat), so the test programs link them as plain objects,
# quickly.  GCC only (clang's LTO objects hold bitcode alone); `make LTO=` builds without
# it (make asan and make fuzz do).
ifeq ($(origin LTO),undefined)
LTO      := $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null)),,-flto=auto -ffat-lto-objects)
endif
CFLAGS_ALL = $(CSTD) $(OPT) $(WARN) $(WERROR) $(LTO) $(EXTRA_CFLAGS) -MMD -MP
# generated lexer and parser: their own code is not ours to warn about
GENFLAGS  = $(CSTD) $(OPT) -Wall -Wno-unused-function -Wno-sign-compare $(WERROR) $(LTO) $(EXTRA_CFLAGS) -MMD -MP -I$(BUILD)/gen -Iasm
LDFLAGS  ?=
BUILD    ?= build
BIN      ?= bin

ISA_SRC  := isa/isa.c isa/image.c isa/image_check.c isa/disasm.c isa/isadoc.c isa/outfile.c isa/json.c
ASM_SRC  := asm/asm.c asm/asm_insn.c asm/asm_subr.c asm/util.c
# the functional core (emu/core/): every file of the folder
CORE_SRC := $(sort $(wildcard emu/core/*.c))
# the front ends (emu/front/): run scripts, the compression report and the options of awemu run,
# debug and exec are in libawemu; the debugger is in bin/awemu and libcudart.so; awemu exec,
# sweep and plot in bin/awemu alone
FRONT_LIB_SRC := emu/front/script.c emu/front/script_data.c emu/front/script_launch.c emu/front/script_out.c emu/front/report.c emu/front/options.c
DEBUG_SRC := emu/front/debug.c emu/front/debug_state.c emu/front/debug_expr.c emu/front/debug_break.c emu/front/debug_inspect.c emu/front/debug_run.c
SWEEP_SRC := emu/front/sweep.c emu/front/sweep_file.c emu/front/sweep_id.c emu/front/sweep_merge.c emu/front/plot.c
AWEMU_OBJ := $(patsubst %.c,$(BUILD)/%.o,emu/front/main.c $(DEBUG_SRC) emu/front/exec.c $(SWEEP_SRC))
EMU_SRC  := $(CORE_SRC) emu/datadir.c $(FRONT_LIB_SRC) emu/cudart/fatbin.c \
            emu/timing/config.c emu/timing/event.c emu/timing/cache.c emu/timing/dram.c emu/timing/link.c \
            emu/timing/awc.c emu/timing/cmem.c emu/timing/compress.c emu/timing/gpu.c emu/timing/sm.c emu/timing/sched.c emu/timing/stats.c emu/timing/timeline.c emu/timing/tmdev.c
# the timing presets, compiled into the program from emu/timing/presets/*.cfg
PRESETS  := $(sort $(wildcard emu/timing/presets/*.cfg))
CODEC_SRC := subroutines/codecs.c $(wildcard subroutines/*/*.c)
CODEC_OBJ := $(CODEC_SRC:%.c=$(BUILD)/%.o)
GEN_SRC  := $(BUILD)/gen/parser.c $(BUILD)/gen/lexer.c
LIB_OBJ  := $(ISA_SRC:%.c=$(BUILD)/%.o) $(ASM_SRC:%.c=$(BUILD)/%.o) $(GEN_SRC:$(BUILD)/gen/%.c=$(BUILD)/gen/%.o)
LIB      := $(BUILD)/libawasm.a
EMU_OBJ  := $(EMU_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/presets.o
EMULIB   := $(BUILD)/libawemu.a

TOOLS    := $(BIN)/awasm $(BIN)/awdis $(BIN)/awemu
# the CUDA runtime for nvcc -cudart shared programs (awemu exec): libawemu built position-independent,
# with the debugger for awemu debug PROGRAM (AWEMU_CUDART: without readline)
CUDART   := $(BUILD)/lib/libcudart.so.13
PIC      := -fPIC -fvisibility=hidden -DAWEMU_CUDART
PIC_OBJ  := $(patsubst $(BUILD)/%,$(BUILD)/pic/%,$(EMU_OBJ) $(LIB_OBJ) $(CODEC_OBJ)) $(BUILD)/pic/emu/cudart/cudart.o \
            $(DEBUG_SRC:%.c=$(BUILD)/pic/%.o)
# for programs of CUDA 12 toolkits: the same objects, cudart.c compiled for CUDA 12's interface
# (CR_ABI=12, emu/cudart/abi12.h) and cuda12.c's cudaGetDeviceProperties_v2
CUDART12 := $(BUILD)/lib/libcudart.so.12
PIC12_OBJ := $(filter-out $(BUILD)/pic/emu/cudart/cudart.o,$(PIC_OBJ)) $(BUILD)/pic12/emu/cudart/cudart.o $(BUILD)/pic12/emu/cudart/cuda12.o
TESTBIN  := $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/test_*.c))

.PHONY: all test asan bench fuzz ptx clean demo stalls designs caba assist install cuda report gpgpusim hw-compare hw-awemu paper
all: $(TOOLS) $(CUDART) $(CUDART12)

# the README's first command ends here: assemble, list and round-trip the tutorial subroutine and an nvcc
# kernel, then run an example in timing mode
demo: $(TOOLS)
	@mkdir -p $(BUILD)/demo
	$(BIN)/awasm -l subroutines/demo/zero_line.s -o $(BUILD)/demo/zero_line.aws
	$(BIN)/awdis $(BUILD)/demo/zero_line.aws -o $(BUILD)/demo/zero_line.dis.s
	$(BIN)/awasm $(BUILD)/demo/zero_line.dis.s -o $(BUILD)/demo/again.aws
	cmp $(BUILD)/demo/zero_line.aws $(BUILD)/demo/again.aws && echo "disassembly assembles back to the same image"
	$(BIN)/awasm -q examples/saxpy/saxpy.ptx subroutines/demo/zero_line.s -o $(BUILD)/demo/saxpy.aws
	@echo "examples/saxpy/saxpy.ptx + zero_line.s -> $(BUILD)/demo/saxpy.aws ($$(wc -c < $(BUILD)/demo/saxpy.aws) bytes)"
	@echo "timing: examples/bfs (a graph traversal, 12 launches) on CABA's GTX 480 (caba-gtx480):"
	@mkdir -p $(BUILD)/demo/bfs
	$(CC) -std=c11 -O2 -ffp-contract=off examples/bfs/ref.c -lm -o $(BUILD)/demo/bfs-ref && $(BUILD)/demo/bfs-ref $(BUILD)/demo/bfs > /dev/null
	$(BIN)/awemu run --config caba-gtx480 --stats-json $(BUILD)/demo/bfs.json examples/bfs/run.aw DATA=$(BUILD)/demo/bfs
	@echo "assist warps: examples/caba/stream (STREAM over timestamps and counters, 6 MiB) under design base, then"
	@echo "design caba: BDI-compressed memory, lines decompressed and compressed by assist warps (subroutines/bdi/bdi.s):"
	@mkdir -p $(BUILD)/demo/stream
	$(CC) -std=c11 -O2 -ffp-contract=off examples/caba/stream/ref.c -lm -o $(BUILD)/demo/stream-ref && $(BUILD)/demo/stream-ref $(BUILD)/demo/stream > /dev/null
	$(BIN)/awemu run --config caba-gtx480 examples/caba/stream/run.aw DATA=$(BUILD)/demo/stream | sed -n '/^timing (/,/^DRAM/p'
	$(BIN)/awemu run --config caba-gtx480 --set design=caba --subroutines subroutines/bdi/bdi.s examples/caba/stream/run.aw DATA=$(BUILD)/demo/stream | sed -n '/^timing (/,$$p'
	@echo "memoization by assist warps: examples/assist/tonemap (a 181-instruction tone curve over an image of 56 distinct"
	@echo "values, nvcc's PTX unmodified) without, then with subroutines/memo/tonemap.s (a lookup at the curve's first"
	@echo "instruction; lanes that find their input skip to the store; outputs checked bit for bit either way):"
	@mkdir -p $(BUILD)/demo/tonemap
	$(CC) -std=c11 -O2 -ffp-contract=off examples/assist/tonemap/ref.c -lm -o $(BUILD)/demo/tonemap-ref && $(BUILD)/demo/tonemap-ref $(BUILD)/demo/tonemap > /dev/null
	$(BIN)/awemu run --config caba-gtx480 examples/assist/tonemap/run.aw DATA=$(BUILD)/demo/tonemap > $(BUILD)/demo/tonemap.log && grep -m 1 '^cycles' $(BUILD)/demo/tonemap.log
	$(BIN)/awemu run --config caba-gtx480 --subroutines subroutines/memo/tonemap.s examples/assist/tonemap/run.aw DATA=$(BUILD)/demo/tonemap > $(BUILD)/demo/tonemap-memo.log && grep -E '^(cycles|skips|occupancy)' $(BUILD)/demo/tonemap-memo.log | head -3
	@echo "(make caba: every workload of examples/caba under every design, with CABA's figures beside ours;"
	@echo " make assist: memoization and prefetching on every workload of examples/assist)"

$(BUILD)/gen/parser.c $(BUILD)/gen/parser.h: asm/parser.y
	@mkdir -p $(BUILD)/gen
	bison -Wall -Werror --defines=$(BUILD)/gen/parser.h -o $(BUILD)/gen/parser.c $<

$(BUILD)/gen/lexer.c $(BUILD)/gen/lexer.h: asm/lexer.l $(BUILD)/gen/parser.h
	@mkdir -p $(BUILD)/gen
	flex --header-file=$(BUILD)/gen/lexer.h -o $(BUILD)/gen/lexer.c $<

$(BUILD)/gen/presets.c: $(PRESETS) emu/timing/presets.sh
	@mkdir -p $(BUILD)/gen
	sh emu/timing/presets.sh $(PRESETS) > $@

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/gen/parser.h $(BUILD)/gen/lexer.h
	$(CC) $(GENFLAGS) -c $< -o $@

$(BUILD)/asm/%.o: asm/%.c $(BUILD)/gen/parser.h $(BUILD)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -I$(BUILD)/gen -Iasm -c $< -o $@

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN)/awasm: $(BUILD)/asm/awasm.o $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(OPT) $(LTO) $(EXTRA_CFLAGS) $^ -o $@ $(LDFLAGS) -lm

# the emulator: IEEE semantics need exact floating point, no contraction, run-time rounding modes
$(BUILD)/emu/%.o: emu/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O3 -ffp-contract=off -frounding-math -c $< -o $@

# libawemu.a holds the assembler and the ISA modules too: one library for host programs
# reference codecs: throughput matters (make bench)
$(BUILD)/subroutines/%.o: subroutines/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O3 -c $< -o $@

$(EMULIB): $(EMU_OBJ) $(LIB_OBJ) $(CODEC_OBJ)
	@rm -f $@
	ar rcs $@ $^

# the same, position-independent, for libcudart.so.13 (its entry points are its only exports)
$(BUILD)/pic/emu/%.o: emu/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PIC) -O3 -ffp-contract=off -frounding-math -c $< -o $@
$(BUILD)/pic/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/gen/parser.h $(BUILD)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(PIC) -c $< -o $@
$(BUILD)/pic/asm/%.o: asm/%.c $(BUILD)/gen/parser.h $(BUILD)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PIC) -I$(BUILD)/gen -Iasm -c $< -o $@
$(BUILD)/pic/subroutines/%.o: subroutines/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PIC) -O3 -c $< -o $@
$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PIC) -c $< -o $@
$(CUDART): $(PIC_OBJ) emu/cudart/libcudart.map
	@mkdir -p $(dir $@)
	$(CC) $(OPT) $(LTO) $(EXTRA_CFLAGS) -shared -Wl,-soname,libcudart.so.13 -Wl,--version-script=emu/cudart/libcudart.map \
	  -Wl,--no-undefined $(PIC_OBJ) -o $@ $(LDFLAGS) -lm
$(BUILD)/pic12/emu/cudart/%.o: emu/cudart/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PIC) -DCR_ABI=12 -O3 -ffp-contract=off -frounding-math -c $< -o $@
$(CUDART12): $(PIC12_OBJ) emu/cudart/libcudart12.map
	@mkdir -p $(dir $@)
	$(CC) $(OPT) $(LTO) $(EXTRA_CFLAGS) -shared -Wl,-soname,libcudart.so.12 -Wl,--version-script=emu/cudart/libcudart12.map \
	  -Wl,--no-undefined $(PIC12_OBJ) -o $@ $(LDFLAGS) -lm

# readline is in bin/awemu only, not in the library
$(BIN)/awemu: $(AWEMU_OBJ) $(EMULIB)
	@mkdir -p $(BIN)
	$(CC) $(OPT) $(LTO) $(EXTRA_CFLAGS) $^ -o $@ $(LDFLAGS) -lreadline -lm

$(BIN)/awdis: $(BUILD)/asm/awdis.o $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(OPT) $(LTO) $(EXTRA_CFLAGS) $^ -o $@ $(LDFLAGS) -lm

$(BUILD)/tests/gen_ptx: $(BUILD)/tests/gen_ptx.o
	$(CC) $(OPT) $(EXTRA_CFLAGS) $^ -o $@

# the test programs link the objects' machine code (no LTO: many programs, linked quickly),
# the benches are optimized across files as the tools are
$(BUILD)/tests/%: $(BUILD)/tests/%.o $(EMULIB)
	$(CC) $(OPT) $(if $(LTO),-fno-lto) $(EXTRA_CFLAGS) $^ -o $@ $(LDFLAGS) -lm
$(BUILD)/tests/bench_%: $(BUILD)/tests/bench_%.o $(EMULIB)
	$(CC) $(OPT) $(LTO) $(EXTRA_CFLAGS) $^ -o $@ $(LDFLAGS) -lm

# ---- tests ----
test: $(TOOLS) $(TESTBIN) $(CUDART) $(CUDART12)
	@BIN=$(BIN) BUILD=$(BUILD) sh tests/run.sh

asan:
	AWEMU_ASAN=1 AWEMU_SUBR_LINES=1000 $(MAKE) BUILD=build/asan BIN=build/asan/bin OPT="-O1 -g" LTO= \
	  EXTRA_CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" test

# ---- awemu against a real GPU (tests/hw/README.md): the kernels of a measurement file made by
# tests/hw/run.sh on the GPU, run under the preset (HW_CONFIG, default h100, h200 for an H200) ----
HW ?= tests/hw/sample.json
HW_CONFIG ?=
hw-compare: $(TOOLS) $(CUDART)
	@BIN=$(BIN) sh tests/hw/compare.sh $(HW) $(HW_CONFIG)
# a static awemu, for a GPU machine without flex, bison or readline (tests/hw/run.sh uses it)
hw-awemu: $(BUILD)/hw/awemu
$(BUILD)/hw/awemu: $(AWEMU_OBJ) $(EMULIB)
	@mkdir -p $(dir $@)
	$(CC) -static $(OPT) $(EXTRA_CFLAGS) $^ -o $@ $(LDFLAGS) -lreadline -ltinfo -lm

# ---- CABA Fig. 2 for every example under caba-gtx480 at 0.5x, 1x and 2x DRAM bandwidth ----
stalls: $(TOOLS)
	@sh tests/timing/stalls.sh $(BIN) $(BUILD)

# ---- the papers' figures from the sweeps of examples/sweeps: report/index.html and report/index.md ----
report: $(TOOLS)
	@sh examples/sweeps/report.sh $(BIN) report

# ---- the CABA paper's own applications (examples/paper): built by nvcc from their sources
# ($AWEMU_WORKLOADS, default ../shared/workloads, or PAPER_CLONE=1), run unmodified by awemu exec in
# every design, checked; build/paper/summary.json and the report section build/paper/index.html ----
paper: $(TOOLS) $(CUDART)
	@sh examples/paper/paper.sh $(BIN) $(BUILD)/paper

# ---- every example under base, hw-mem, hw, ideal and caba (BDI): the table of CABA section 7 ----
designs: $(TOOLS)
	@sh tests/timing/designs.sh $(BIN) $(BUILD) examples

# ---- caba-gtx480 against GPGPU-Sim 4's GTX480 model on three kernels (../shared/data/gpgpusim-ref) ----
gpgpusim: $(TOOLS)
	@sh tests/timing/gpgpusim.sh $(BIN) $(BUILD)

# ---- CABA's evaluation: the workloads of examples/caba under every design, with the paper's figures ----
caba: $(TOOLS)
	@sh tests/timing/designs.sh $(BIN) $(BUILD) examples/caba

# ---- CABA section 8: memoization and prefetching assist warps on examples/assist, with the targets ----
assist: $(TOOLS)
	@sh tests/timing/assist.sh $(BIN) $(BUILD)

# ---- speed ----
BENCHBIN := $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/bench_*.c))
bench: $(TOOLS) $(BUILD)/tests/gen_ptx $(BENCHBIN)
	@sh tests/bench.sh $(BIN) $(BUILD)

# ---- fuzzing (clang with libFuzzer) ----
# One harness per input language: tests/fuzz/fuzz_NAME.c.  The libraries are built with
# clang and the sanitizers under build/fuzz; each harness is linked when its source is
# there.  `make fuzz FUZZ_SECONDS=600` runs each for that long (two at a time),
# `make fuzz FUZZ_ONLY="report script"` runs only those.
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 2
FUZZ_ONLY ?=
FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1
FUZZ_CC := clang $(FUZZ_FLAGS) $(CSTD)
FUZZ_HAVE = $(wildcard tests/fuzz/fuzz_$(1).c)
fuzz:
	$(MAKE) BUILD=build/fuzz BIN=build/fuzz/bin CC=clang OPT="-O1 -g" LTO= \
	  EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" \
	  build/fuzz/libawasm.a build/fuzz/libawemu.a $(if $(call FUZZ_HAVE,debug),$(DEBUG_SRC:%.c=build/fuzz/%.o)) \
	  $(if $(call FUZZ_HAVE,sweep),$(SWEEP_SRC:%.c=build/fuzz/%.o))
	$(FUZZ_CC) tests/fuzz/fuzz_asm.c build/fuzz/libawasm.a -o build/fuzz/fuzz_asm -lm
	$(FUZZ_CC) tests/fuzz/fuzz_image.c build/fuzz/libawasm.a -o build/fuzz/fuzz_image -lm
	$(FUZZ_CC) tests/fuzz/fuzz_report.c build/fuzz/libawemu.a -o build/fuzz/fuzz_report -lm
	$(if $(call FUZZ_HAVE,script),$(FUZZ_CC) tests/fuzz/fuzz_script.c build/fuzz/libawemu.a -o build/fuzz/fuzz_script -lm)
	$(if $(call FUZZ_HAVE,debug),$(FUZZ_CC) tests/fuzz/fuzz_debug.c $(DEBUG_SRC:%.c=build/fuzz/%.o) build/fuzz/libawemu.a -o build/fuzz/fuzz_debug -lreadline -lm)
	$(if $(call FUZZ_HAVE,sweep),$(FUZZ_CC) tests/fuzz/fuzz_sweep.c $(SWEEP_SRC:%.c=build/fuzz/%.o) build/fuzz/libawemu.a -o build/fuzz/fuzz_sweep -lm)
	@FUZZ_JOBS=$(FUZZ_JOBS) sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_ONLY)

# ---- PTX from the examples' CUDA sources (needs nvcc) ----
# -lineinfo records absolute source paths; they are made relative to the repository,
# so the PTX is the same from any checkout
NVCC ?= $(shell command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
PTX  := $(patsubst %.cu,%.ptx,$(filter-out examples/cuda/%,$(wildcard examples/*/*.cu)))
# ---- the CUDA programs of examples/cuda, built as any CUDA program is, for awemu exec (tests/checks/cudart.sh) ----
CUDA_OUT ?= $(BUILD)/cuda
CUDA_PROGS := $(patsubst examples/cuda/%.cu,$(CUDA_OUT)/%,$(wildcard examples/cuda/*.cu))
cuda: $(CUDART) $(TOOLS)
	@if [ -z "$(NVCC)" ]; then echo "make cuda: nvcc not found (the host programs need it)"; exit 1; fi
	@$(MAKE) --no-print-directory $(CUDA_PROGS)
$(CUDA_OUT)/%: examples/cuda/%.cu examples/cuda/common.h
	@mkdir -p $(dir $@)
	$(NVCC) -cudart shared -o $@ $<

ptx:
	@if [ -z "$(NVCC)" ]; then echo "make ptx: nvcc not found; the committed PTX stays as it is"; exit 1; fi
	@for cu in $(filter-out examples/cuda/%,$(wildcard examples/*/*.cu examples/caba/*/*.cu examples/assist/*/*.cu)) tests/timing/micro/micro.cu tests/hw/hw_micro.cu; do \
	  d=$$(dirname $$cu); n=$$(basename $$cu .cu); \
	  echo "nvcc -ptx -arch=sm_80 $$(cat $$d/nvccflags 2>/dev/null) $$n.cu -o $$n.ptx  (in $$d)"; \
	  (cd $$d && $(NVCC) -ptx -arch=sm_80 $$(cat nvccflags 2>/dev/null) $$n.cu -o $$n.ptx) || exit 1; \
	  sed -i 's|"$(CURDIR)/|"|' $$d/$$n.ptx; \
	  for a in $$(cat $$d/archs 2>/dev/null); do \
	    echo "nvcc -ptx -arch=sm_$$a $$(cat $$d/nvccflags 2>/dev/null) $$n.cu -o $$n.sm_$$a.ptx  (in $$d)"; \
	    (cd $$d && $(NVCC) -ptx -arch=sm_$$a $$(cat nvccflags 2>/dev/null) $$n.cu -o $$n.sm_$$a.ptx) || exit 1; \
	    sed -i 's|"$(CURDIR)/|"|' $$d/$$n.sm_$$a.ptx; \
	  done; \
	done

# ---- installation ----
# PREFIX/bin: the tools; PREFIX/lib: libawemu.a; PREFIX/include/awemu: the host
# API (awemu.h, and script.h for run scripts); PREFIX/share/awemu/subroutines:
# the subroutines' assembly, their documents and parameter files (the data root
# the tools look in, as DIR/../share/awemu of the installed bin/).
PREFIX  ?= /usr/local
DESTDIR ?=
INSTALL ?= install
install: $(TOOLS) $(EMULIB) $(CUDART) $(CUDART12)
	$(INSTALL) -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/lib/awemu" "$(DESTDIR)$(PREFIX)/include/awemu/timing" "$(DESTDIR)$(PREFIX)/share/awemu/subroutines"
	$(INSTALL) -m 755 $(TOOLS) "$(DESTDIR)$(PREFIX)/bin/"
	$(INSTALL) -m 644 $(EMULIB) "$(DESTDIR)$(PREFIX)/lib/libawemu.a"
	$(INSTALL) -m 755 $(CUDART) "$(DESTDIR)$(PREFIX)/lib/awemu/libcudart.so.13"
	$(INSTALL) -m 755 $(CUDART12) "$(DESTDIR)$(PREFIX)/lib/awemu/libcudart.so.12"
	$(INSTALL) -m 644 emu/awemu.h "$(DESTDIR)$(PREFIX)/include/awemu/"
	sed 's|^#include "\.\./awemu\.h"|#include "awemu.h"|' emu/front/script.h > "$(DESTDIR)$(PREFIX)/include/awemu/script.h"
	chmod 644 "$(DESTDIR)$(PREFIX)/include/awemu/script.h"
	$(INSTALL) -m 644 emu/timing/timing.h emu/timing/config.h emu/timing/config.def emu/timing/designs.def "$(DESTDIR)$(PREFIX)/include/awemu/timing/"
	@cd subroutines && find . -type f \( -name '*.s' -o -name '*.md' -o -path '*/params/*' \) | sort | while read -r f; do \
	  d="$(DESTDIR)$(PREFIX)/share/awemu/subroutines/$$(dirname "$$f")"; \
	  $(INSTALL) -d "$$d" && $(INSTALL) -m 644 "$$f" "$$d/" || exit 1; \
	done
	@echo "installed into $(DESTDIR)$(PREFIX)"

clean:
	rm -rf build bin report

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
