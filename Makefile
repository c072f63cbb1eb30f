# enginecard — thin Makefile. Sources are found by wildcard: every src/*/*.c is
# part of the program; every tests/unit/test_*.c is one cmocka test binary.
CC       ?= cc
PKGS     := cairo pangocairo pangoft2 fontconfig jansson libgvc libcmark
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter -Wno-format-truncation
CSTD     := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
OPT      ?= -O2 -g
CFLAGS_ALL = $(CSTD) $(OPT) $(WARN) -Isrc $(PKG_CFLAGS) $(EXTRA_CFLAGS)
LDLIBS_ALL = $(PKG_LIBS) -lm $(EXTRA_LDFLAGS)

BUILD    ?= build
EXCLUDE  ?=
SRCS     := $(filter-out $(EXCLUDE),$(sort $(wildcard src/*/*.c)))
LIB_SRCS := $(filter-out src/cli/main.c,$(SRCS))
OBJS     := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
MAIN_OBJ := $(BUILD)/obj/cli/main.o
EMBED_C  := $(BUILD)/gen/embedded.c
EMBED_O  := $(BUILD)/obj/gen/embedded.o
BIN      := $(BUILD)/enginecard
TEST_SRCS := $(sort $(wildcard tests/unit/test_*.c))
TEST_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRCS))
GEN      := $(BUILD)/enginegen
ASSET_FILES := $(sort $(wildcard templates/*.md assets/*.css assets/*.js))

PREFIX   ?= /usr/local

.PHONY: all test test-bins asan asan-bins valgrind bench install clean deps examples fuzz fuzz-bins check-deps demo
all: $(BIN) $(GEN)

check-deps:
	@pkg-config --exists $(PKGS) || { echo "missing build dependencies: run 'sudo tests/deps.sh' (installs the Debian packages listed in it)"; exit 2; }

$(BUILD)/obj/%.o: src/%.c | check-deps
	@mkdir -p $(dir $@)
	@echo "  CC  $<"; $(CC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

# Templates and assets are embedded in the binary, so an installed enginecard
# needs no data directory.
$(EMBED_C): $(ASSET_FILES) tests/gen/embed.sh
	@mkdir -p $(dir $@)
	sh tests/gen/embed.sh $(ASSET_FILES) > $@

$(EMBED_O): $(EMBED_C)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/libenginecard.a: $(OBJS) $(EMBED_O)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(MAIN_OBJ) $(BUILD)/libenginecard.a
	$(CC) $(CFLAGS_ALL) -o $@ $(MAIN_OBJ) $(BUILD)/libenginecard.a $(LDLIBS_ALL)

$(GEN): tests/gen/enginegen.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(OPT) $(WARN) -o $@ $< -lm

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libenginecard.a tests/unit/testutil.h
	@mkdir -p $(dir $@) $(BUILD)/obj/tests
	$(CC) $(CFLAGS_ALL) -MMD -MP -MF $(BUILD)/obj/tests/$*.d -MT $@ -Itests/unit -o $@ $< $(BUILD)/libenginecard.a $(LDLIBS_ALL) -lcmocka

test: test-bins
	BUILD=$(BUILD) E2E="$(E2E)" sh tests/run.sh

# everything `make test` runs, built (.ci/run builds both trees at once)
test-bins: $(BIN) $(GEN) $(TEST_BINS)

# The ASan+UBSan suite: every unit test and the e2e scripts but three whose
# code paths the others already take under ASan: gen.sh tests enginegen
# (not built with sanitizers), browser.sh measures the page in Chromium
# (report.sh makes the same pages), brief.sh the PDF brief at 1,000 and
# 2,000 layers (pdf.sh makes PDFs of every engine; paths.sh the rarer
# options: --pdf-detail full, the index of several engines). They took 40%
# of the ASan e2e time.
ASAN_VARS = BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" \
	  EXTRA_CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all" \
	  EXTRA_LDFLAGS="-fsanitize=address,undefined"
ASAN_E2E = $(filter-out tests/e2e/gen.sh tests/e2e/browser.sh tests/e2e/brief.sh,$(sort $(wildcard tests/e2e/*.sh)))
asan:
	$(MAKE) $(ASAN_VARS) E2E="$(ASAN_E2E)" test

asan-bins:
	$(MAKE) $(ASAN_VARS) test-bins

valgrind: $(BIN) $(GEN)
	BUILD=$(BUILD) sh tests/valgrind.sh

# libFuzzer targets (tests/fuzz/fuzz_*.c) built with clang, ASan and UBSan
# into build-fuzz/fuzz/; tests/fuzz/run.sh runs them (FUZZ_SECONDS each).
FUZZ_BINS := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
fuzz:
	$(MAKE) BUILD=build-fuzz CC=clang OPT="-O1 -g -fno-omit-frame-pointer" \
	  EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -Wno-unknown-warning-option" \
	  EXTRA_LDFLAGS="-fsanitize=address,undefined" fuzz-bins

fuzz-bins: $(FUZZ_BINS)

$(BUILD)/fuzz/%: tests/fuzz/%.c $(wildcard tests/fuzz/*.h) $(BUILD)/libenginecard.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Itests/fuzz -fsanitize=fuzzer -o $@ $< $(BUILD)/libenginecard.a $(LDLIBS_ALL)

bench: $(BIN) $(GEN)
	BUILD=$(BUILD) sh tests/bench/run.sh

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/enginecard

deps:
	sh tests/deps.sh

# The main job on a bundled example: installs missing build dependencies,
# builds, and writes demo/report.html and demo/report.pdf.
demo:
	@pkg-config --exists $(PKGS) || sh tests/deps.sh
	$(MAKE) $(BIN)
	@mkdir -p demo
	$(BIN) report examples/resnet-fp16-a100/resnet.onnx.engine examples/resnet-int8-a100/resnet.onnx.engine \
	  -o demo/report.html --pdf demo/report.pdf
	@echo "wrote demo/report.html and demo/report.pdf"

examples: $(GEN)
	GEN=$(GEN) sh examples/regenerate.sh

clean:
	rm -rf build build-asan build-fuzz build-lead demo

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
