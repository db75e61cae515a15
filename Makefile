# iconpick — `make run` opens the picker on the bundled demo app, `make test` runs every test.
# Both install what they need first (Debian packages, as root).

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIGURATION ?= debug
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share/iconpick
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHCOMPDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
APT_PACKAGES = libncurses-dev libpng-dev librsvg2-dev libcairo2-dev libdeflate-dev libzip-dev pkg-config tmux ncurses-term zsh fish groff-base

.PHONY: all setup setup-bench build run test clean install uninstall format lint art readme-icons bench corpus corpus-png builtapps fuzz fidelity

all: build

# Installs the C libraries and tools the build and the end-to-end tests need, if any is missing.
setup:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	pkg-config --exists libpng 2>/dev/null || missing="$$missing libpng-dev"; \
	pkg-config --exists librsvg-2.0 2>/dev/null || missing="$$missing librsvg2-dev"; \
	pkg-config --exists cairo 2>/dev/null || missing="$$missing libcairo2-dev"; \
	pkg-config --exists libdeflate 2>/dev/null || missing="$$missing libdeflate-dev"; \
	pkg-config --exists libzip 2>/dev/null || missing="$$missing libzip-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	infocmp xterm-direct >/dev/null 2>&1 || missing="$$missing ncurses-term"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "iconpick needs:$$missing"; \
	if [ "$$(id -u)" -ne 0 ]; then \
		echo "Run as root, then try again:"; \
		echo "  sudo apt-get update && sudo apt-get install -y $(APT_PACKAGES)"; \
		exit 1; \
	fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(APT_PACKAGES)

build: setup
	$(SWIFT) build -c $(CONFIGURATION) --product iconpick

run: build
	$(SWIFT) run -c $(CONFIGURATION) --skip-build iconpick Assets/Palette

test: setup
	$(SWIFT) test
	bash Tests/Completions/test-completions.sh
	@w=$$(groff -man -Tutf8 -ww -z Assets/man/iconpick.1 2>&1); [ -z "$$w" ] || { echo "$$w"; exit 1; }

clean:
	$(SWIFT) package clean
	rm -rf .build

install: CONFIGURATION = release
install: build
	install -d $(BINDIR) $(DATADIR)
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/iconpick" $(BINDIR)/iconpick
	rm -rf $(DATADIR)/Palette
	cp -R Assets/Palette $(DATADIR)/Palette
	install -d $(MANDIR) $(BASHCOMPDIR) $(ZSHCOMPDIR) $(FISHCOMPDIR)
	install -m 0644 Assets/man/iconpick.1 $(MANDIR)/iconpick.1
	install -m 0644 Assets/completions/iconpick.bash $(BASHCOMPDIR)/iconpick
	install -m 0644 Assets/completions/_iconpick $(ZSHCOMPDIR)/_iconpick
	install -m 0644 Assets/completions/iconpick.fish $(FISHCOMPDIR)/iconpick.fish

uninstall:
	rm -f $(BINDIR)/iconpick
	rm -rf $(DATADIR)
	rm -f $(MANDIR)/iconpick.1 $(BASHCOMPDIR)/iconpick $(ZSHCOMPDIR)/_iconpick $(FISHCOMPDIR)/iconpick.fish

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

# Remakes the demo app's icons: an Icon Composer bundle per icon (Python 3 standard library only).
art:
	python3 Assets/tools/make-palette-art.py Assets/Palette/AppIcons

# The README's pictures of Palette's icons, written by iconpick itself.
PALETTE_ICONS = AppIcon AppIcon-Blue AppIcon-Green AppIcon-Orange AppIcon-Pink AppIcon-Purple AppIcon-Teal AppIcon-Yellow
readme-icons: build
	@mkdir -p Assets/readme
	for name in $(PALETTE_ICONS); do \
		$(SWIFT) run -c $(CONFIGURATION) --skip-build iconpick show $$name Assets/Palette \
			--output Assets/readme/$$name.png --pixels 128 || exit 1; \
	done

# Tools the benchmarks compare against (optional: bench runs without them).
setup-bench: setup
	@command -v chafa >/dev/null 2>&1 && command -v fzf >/dev/null 2>&1 && command -v rsvg-convert >/dev/null 2>&1 && [ -x /usr/bin/time ] && exit 0; \
	if [ "$$(id -u)" -ne 0 ]; then echo "Run: sudo apt-get install -y chafa fzf librsvg2-bin time"; exit 1; fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chafa fzf librsvg2-bin time

# Speed, measured with the release build: medians of repeated runs, with ratios.
bench: setup
	$(SWIFT) build -c release --product iconpick
	$(SWIFT) build -c release --product iconpick-bench
	python3 Tests/Benchmarks/bench.py "$$($(SWIFT) build -c release --show-bin-path)/iconpick" Assets/Palette

# list and check over every real project in ../shared/corpus (not part of the repository); fails
# on a list error or a check error that the copy's SOURCE.txt does not explain.
corpus: build
	python3 Tests/Corpus/run.py "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" ../shared/corpus

# The previews' fast PNG path against libpng, pixel for pixel, on every PNG in ../shared/corpus;
# fails if any differs (a file the fast path declines is libpng's alone, and fine).
corpus-png: setup
	$(SWIFT) build -c release --product iconpick-bench
	find ../shared/corpus -name '*.png' -type f -print0 | sort -z \
		| xargs -0 "$$($(SWIFT) build -c release --show-bin-path)/iconpick-bench" compare

# The whole tool over the real built apps in ../shared/builtapps (optional, not part of the
# repository): CgBI PNGs against their expected pixels, every Assets.car listed, every .ipa, .app
# and .xcarchive read or refused with a one-line message. Fails on any mismatch.
builtapps: build
	$(SWIFT) build -c $(CONFIGURATION) --product iconpick-bench
	python3 Tests/BuiltApps/run.py "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" \
		"$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick-bench" ../shared/builtapps

# libFuzzer on each reader of untrusted input (Sources/IconFuzzing), SECONDS each, one after another:
# `make fuzz SECONDS=600`; FUZZ_TARGETS picks some. New inputs go to .build/fuzz/corpus/TARGET, crash
# inputs to .build/fuzz/crashes/TARGET/, logs to .build/fuzz/logs/; fails if any target crashed.
# Leaks are not checked: Foundation leaks (CFError in PropertyListSerialization) would drown them.
SECONDS ?= 60
# libFuzzer's RSS limit: pngdiff's RSS climbs past the default 2048 MB within minutes while its live
# heap stays near 25 MB (ASan's allocator keeping freed pages), so long runs may need more.
FUZZ_RSS_MB ?= 2048
FUZZ_TARGETS ?= infoplist contentsjson pbxproj xcconfig png pngdiff push iconjson cgbi car ipa
FUZZ_DIR = .build/fuzz
fuzz:
	@mkdir -p $(FUZZ_DIR)/logs
	$(SWIFT) build --scratch-path $(FUZZ_DIR) --product iconpick-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >$(FUZZ_DIR)/logs/build.log 2>&1 \
		|| { grep -v "Cannot export local symbol" $(FUZZ_DIR)/logs/build.log; exit 1; }
	@bin="$$($(SWIFT) build --scratch-path $(FUZZ_DIR) --show-bin-path)/iconpick-fuzz"; failed=""; \
	for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/crashes/$$t; \
		inputs="Tests/Fuzz/$$t/seeds"; [ ! -d Tests/Fuzz/$$t/regressions ] || inputs="$$inputs Tests/Fuzz/$$t/regressions"; \
		echo "fuzz $$t: $(SECONDS) s, log $(FUZZ_DIR)/logs/$$t.log"; \
		if ICONPICK_FUZZ_TARGET=$$t ASAN_OPTIONS=detect_leaks=0 "$$bin" -max_total_time=$(SECONDS) -timeout=30 -detect_leaks=0 -rss_limit_mb=$(FUZZ_RSS_MB) \
			-print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crashes/$$t/ \
			$(FUZZ_DIR)/corpus/$$t $$inputs >$(FUZZ_DIR)/logs/$$t.log 2>&1; then \
			grep -E "^#[0-9]+[[:space:]]+DONE" $(FUZZ_DIR)/logs/$$t.log | tail -n 1; \
		else \
			failed="$$failed $$t"; tail -n 30 $(FUZZ_DIR)/logs/$$t.log; \
		fi; \
	done; \
	[ -z "$$failed" ] || { echo "fuzz: crashes in:$$failed (inputs in $(FUZZ_DIR)/crashes/)"; exit 1; }

# How close iconpick draws Icon Composer bundles to Icon Composer's own exports, per look: the
# pairs in ../shared/iconcomposer-exports (optional, not part of the repository; FIDELITY_PAIRS picks
# another folder). Prints the table and the targets, writes the contact sheet FIDELITY_SHEET.
FIDELITY_PAIRS ?= ../shared/iconcomposer-exports
FIDELITY_SHEET ?= .build/fidelity.png
fidelity: setup
	@[ -f "$(FIDELITY_PAIRS)/pairs.json" ] || { echo "make fidelity: no $(FIDELITY_PAIRS)/pairs.json (the pairs folder is optional; set FIDELITY_PAIRS)"; exit 1; }
	$(SWIFT) build -c release --product iconpick-bench
	"$$($(SWIFT) build -c release --show-bin-path)/iconpick-bench" fidelity "$(FIDELITY_PAIRS)" "$(FIDELITY_SHEET)"
