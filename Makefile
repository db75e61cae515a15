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
APT_PACKAGES = libncurses-dev libpng-dev librsvg2-dev libcairo2-dev libdeflate-dev libzip-dev libyaml-dev pkg-config tmux ncurses-term zsh fish groff-base strace
# Terminal images: libchafa encodes sixel (opened on first use; its header documents the functions
# TerminalGraphics declares), chafa is `make bench`'s yardstick for `show --graphics`.
APT_PACKAGES += libchafa-dev chafa
# json-c says where a JSON text stops being JSON (JSONDecoder does not): the line of an icon.json
# syntax error. Opened on first use, like libzip.
APT_PACKAGES += libjson-c5

.PHONY: all setup setup-build setup-bench setup-deb build run test clean install uninstall man deb deb-check screenshots format lint art readme-icons bench bench-smoke corpus corpus-edit corpus-png real builtapps fuzz fidelity

all: build

# The end-to-end tests in real terminals under Xvfb (RealTerminalEndToEndTests): the X server,
# xterm (sixel) and kitty, xwd and xdotool (x11-apps, xdotool), ImageMagick for xwd -> PNG, the
# terminals' font. (chafa, the harness's first subject, is in the list for the sixel encoder.)
APT_PACKAGES += xvfb
APT_PACKAGES += xterm
APT_PACKAGES += kitty
APT_PACKAGES += x11-apps
APT_PACKAGES += xdotool
APT_PACKAGES += imagemagick
APT_PACKAGES += fonts-dejavu-core
# The write side's tests load every edited project.pbxproj with PyPI's pbxproj, in a venv.
APT_PACKAGES += python3-venv

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
	pkg-config --exists yaml-0.1 2>/dev/null || missing="$$missing libyaml-dev"; \
	pkg-config --exists chafa 2>/dev/null || missing="$$missing libchafa-dev"; \
	ldconfig -p | grep -q 'libjson-c\.so\.5 ' || missing="$$missing libjson-c5"; \
	command -v chafa >/dev/null 2>&1 || missing="$$missing chafa"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v strace >/dev/null 2>&1 || missing="$$missing strace"; \
	infocmp xterm-direct >/dev/null 2>&1 || missing="$$missing ncurses-term"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	command -v xterm >/dev/null 2>&1 || missing="$$missing xterm"; \
	command -v kitty >/dev/null 2>&1 || missing="$$missing kitty"; \
	command -v xwd >/dev/null 2>&1 || missing="$$missing x11-apps"; \
	command -v xdotool >/dev/null 2>&1 || missing="$$missing xdotool"; \
	[ -x /usr/bin/convert ] || missing="$$missing imagemagick"; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing="$$missing fonts-dejavu-core"; \
	python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "iconpick needs:$$missing"; \
	if [ "$$(id -u)" -ne 0 ]; then \
		echo "Run as root, then try again:"; \
		echo "  sudo apt-get update && sudo apt-get install -y $(APT_PACKAGES)"; \
		exit 1; \
	fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(APT_PACKAGES)

# The libraries the build alone needs, for a machine that only builds and runs iconpick (the
# GitHub Action's runner): `make setup-build`, as root or through sudo.
BUILD_PACKAGES = libncurses-dev libpng-dev librsvg2-dev libcairo2-dev libdeflate-dev libzip-dev libyaml-dev pkg-config libchafa-dev libjson-c5
setup-build:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	for module in ncursesw:libncurses-dev libpng:libpng-dev librsvg-2.0:librsvg2-dev cairo:libcairo2-dev libdeflate:libdeflate-dev libzip:libzip-dev yaml-0.1:libyaml-dev chafa:libchafa-dev; do \
		pkg-config --exists "$${module%%:*}" 2>/dev/null || missing="$$missing $${module#*:}"; \
	done; \
	ldconfig -p | grep -q 'libjson-c\.so\.5 ' || missing="$$missing libjson-c5"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "iconpick's build needs:$$missing"; \
	if [ "$$(id -u)" -ne 0 ]; then \
		echo "Run as root, then try again:"; \
		echo "  sudo apt-get update && sudo apt-get install -y $(BUILD_PACKAGES)"; \
		exit 1; \
	fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(BUILD_PACKAGES)

build: setup
	$(SWIFT) build -c $(CONFIGURATION) --product iconpick

run: build
	$(SWIFT) run -c $(CONFIGURATION) --skip-build iconpick Assets/Palette

# A second reader of edited project files for the pbxproj tests (PbxprojPythonTests): PyPI's
# pbxproj package in a venv of its own, made once.
PBXPROJ_VENV = .build/pbxproj-venv
$(PBXPROJ_VENV)/bin/python:
	python3 -m venv $(PBXPROJ_VENV)
	$(PBXPROJ_VENV)/bin/pip install --quiet pbxproj

# pre-commit from PyPI, to run the repository's hooks (.pre-commit-hooks.yaml) as a team would
# (`pre-commit try-repo`), and its PyYAML to read action.yml (DeveloperToolingTests).
PRECOMMIT_VENV = .build/precommit-venv
$(PRECOMMIT_VENV)/bin/pre-commit:
	python3 -m venv $(PRECOMMIT_VENV)
	$(PRECOMMIT_VENV)/bin/pip install --quiet pre-commit

test: setup $(PBXPROJ_VENV)/bin/python $(PRECOMMIT_VENV)/bin/pre-commit
	ICONPICK_PBXPROJ_PYTHON="$(CURDIR)/$(PBXPROJ_VENV)/bin/python" \
		ICONPICK_PRECOMMIT="$(CURDIR)/$(PRECOMMIT_VENV)/bin/pre-commit" $(SWIFT) test
	ICONPICK="$$($(SWIFT) build --show-bin-path)/iconpick" bash Tests/Completions/test-completions.sh
	@w=$$(groff -man -Tutf8 -ww -z Assets/man/iconpick.1 2>&1); [ -z "$$w" ] || { echo "$$w"; exit 1; }

clean:
	$(SWIFT) package clean
	rm -rf .build

# The binary `make install` and `make deb` ship: a release build with the Swift runtime and
# Foundation linked in. It starts in about half the time and with two thirds of the memory of one
# that loads them as shared libraries (`make bench`), and the .deb needs it: they are not Debian
# packages. Its own scratch path, so the other builds stay as they are.
SHIPPED_BUILD ?= $(SWIFT) build -c release --product iconpick --static-swift-stdlib --disable-local-rpath --scratch-path .build/shipped
install: setup-build
	$(SHIPPED_BUILD)
	install -d $(BINDIR) $(DATADIR)
	install -s -m 0755 "$$($(SHIPPED_BUILD) --show-bin-path)/iconpick" $(BINDIR)/iconpick
	rm -rf $(DATADIR)/Palette
	cp -R Assets/Palette $(DATADIR)/Palette
	install -d $(MANDIR) $(BASHCOMPDIR) $(ZSHCOMPDIR) $(FISHCOMPDIR)
	install -m 0644 Assets/man/iconpick.1 $(MANDIR)/iconpick.1
	bin="$$($(SHIPPED_BUILD) --show-bin-path)/iconpick"; \
	"$$bin" completions bash >$(BASHCOMPDIR)/iconpick && \
	"$$bin" completions zsh >$(ZSHCOMPDIR)/_iconpick && \
	"$$bin" completions fish >$(FISHCOMPDIR)/iconpick.fish
	chmod 0644 $(BASHCOMPDIR)/iconpick $(ZSHCOMPDIR)/_iconpick $(FISHCOMPDIR)/iconpick.fish

uninstall:
	rm -f $(BINDIR)/iconpick
	rm -rf $(DATADIR)
	rm -f $(MANDIR)/iconpick.1 $(BASHCOMPDIR)/iconpick $(ZSHCOMPDIR)/_iconpick $(FISHCOMPDIR)/iconpick.fish

# The Debian package, of the shipped build (SHIPPED_BUILD: the Swift runtime and Foundation are
# not Debian packages, so they are linked in); Depends comes from dpkg-shlibdeps, with the
# libraries iconpick opens itself but always needs (Packaging/deb/opened-libraries). `make
# deb-check` runs lintian, checks Depends against what the binary links and opens, installs the
# package (on this machine as root when no iconpick package is installed, then purges it;
# otherwise into a scratch root) and runs it.
DEB_BUILD = $(SHIPPED_BUILD)
setup-deb:
	@command -v dpkg-shlibdeps >/dev/null 2>&1 && command -v lintian >/dev/null 2>&1 \
		&& command -v readelf >/dev/null 2>&1 && command -v man >/dev/null 2>&1 && exit 0; \
	if [ "$$(id -u)" -ne 0 ]; then echo "Run: sudo apt-get install -y dpkg-dev lintian binutils man-db"; exit 1; fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q dpkg-dev lintian binutils man-db

deb: setup setup-deb
	$(DEB_BUILD)
	bash Packaging/deb/build.sh "$$($(DEB_BUILD) --show-bin-path)/iconpick" .

deb-check: deb
	bin="$$($(DEB_BUILD) --show-bin-path)/iconpick"; \
	bash Packaging/deb/check.sh "iconpick_$$("$$bin" --version | cut -d' ' -f2)_$$(dpkg --print-architecture).deb"

# Rewrites the man page's SYNOPSIS and OPTIONS from the command line's declaration
# (Sources/iconpick/CommandLine/Declaration.swift); a test fails until they agree.
man:
	ICONPICK_WRITE_MAN=1 $(SWIFT) test --filter theManPagesSynopsisAndOptionsAreTheDeclarations

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

# The README's screenshots of the picker and the grid (Assets/readme/picker.png, grid.png): the
# real binary in tmux, each cell drawn into a PNG with Pillow (from PyPI, into a virtual
# environment under .build) and DejaVu Sans Mono (Debian's fonts-dejavu-core). Then the picker in
# real terminals under Xvfb, cells and images (Assets/readme/picker-kitty.png, picker-xterm.png,
# picker-kitty-cells.png, picker-xterm-cells.png): the screenshots RealTerminalEndToEndTests
# takes. Development only.
SCREENSHOT_VENV = .build/screenshots-venv
screenshots: build
	@[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || { [ "$$(id -u)" -eq 0 ] \
		&& DEBIAN_FRONTEND=noninteractive apt-get install -y -q fonts-dejavu-core python3-venv; } \
		|| { echo "Run: sudo apt-get install -y fonts-dejavu-core python3-venv"; exit 1; }
	@$(SCREENSHOT_VENV)/bin/python -c 'import PIL' 2>/dev/null \
		|| { python3 -m venv $(SCREENSHOT_VENV) && $(SCREENSHOT_VENV)/bin/pip install -q pillow; }
	$(SCREENSHOT_VENV)/bin/python Assets/tools/screenshots.py \
		"$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" Assets/Palette Assets/readme
	$(SWIFT) build --build-tests
	ICONPICK_SCREENSHOTS="$$PWD/Assets/readme" $(SWIFT) test --skip-build \
		--filter 'RealTerminalEndToEndTests/(theCellsPreviewIsTheIconRoughly|thePickersPreviewIsTheIconsPixels)'

# Tools the benchmarks compare against (optional: bench runs without them).
setup-bench: setup
	@command -v chafa >/dev/null 2>&1 && command -v fzf >/dev/null 2>&1 && command -v rsvg-convert >/dev/null 2>&1 && [ -x /usr/bin/time ] && exit 0; \
	if [ "$$(id -u)" -ne 0 ]; then echo "Run: sudo apt-get install -y chafa fzf librsvg2-bin time"; exit 1; fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chafa fzf librsvg2-bin time

# Speed, measured with the shipped build (and the start-up table beside a release build that
# loads the Swift runtime as shared libraries): medians of repeated runs, with ratios; the
# binary's and the .deb's sizes (the .deb built in a scratch folder).
bench: setup setup-deb setup-bench
	$(SHIPPED_BUILD)
	$(SWIFT) build -c release --product iconpick
	$(SWIFT) build -c release --product iconpick-bench
	bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	debs="$$(mktemp -d)"; \
	deb="$$(bash Packaging/deb/build.sh "$$($(SHIPPED_BUILD) --show-bin-path)/iconpick" "$$debs" | head -n 1)"; \
	DEB="$$deb" DYNAMIC_BINARY="$$bin/iconpick" BENCH_TOOL="$$bin/iconpick-bench" CORPUS=$(CORPUS) \
		python3 Tests/Benchmarks/bench.py "$$($(SHIPPED_BUILD) --show-bin-path)/iconpick" Assets/Palette; \
	status=$$?; rm -rf "$$debs"; exit $$status

# Every row of `make bench` once, on small generated apps (bench.py --smoke): the figures are
# printed, not judged, and it fails if any path fails. CI runs it after `make test`. It needs
# neither the corpus nor the built apps, nor chafa, fzf or rsvg-convert (it says which comparison
# it skipped). The binary measured is the shipped build, as in `make bench`, so CI builds and runs
# it; the shared-runtime rows and iconpick-bench use the debug build `make test` made (a second
# and third release build would double the time, and the paths are the same code).
bench-smoke: setup
	python3 Tests/Benchmarks/test_bench.py
	$(SHIPPED_BUILD)
	$(SWIFT) build --product iconpick
	$(SWIFT) build --product iconpick-bench
	bin="$$($(SWIFT) build --show-bin-path)"; \
	DYNAMIC_BINARY="$$bin/iconpick" BENCH_TOOL="$$bin/iconpick-bench" \
		python3 Tests/Benchmarks/bench.py --smoke "$$($(SHIPPED_BUILD) --show-bin-path)/iconpick" Assets/Palette

# The corpus: copies of real projects, kept beside the repository and not part of it. It is
# optional: only `make corpus` and `make corpus-png` need it (and `make bench` and a test use it
# when it is there); CORPUS=DIR points at another copy.
CORPUS ?= ../shared/corpus

# list and check over every real project in the corpus; fails on a list error or a check error
# that the copy's SOURCE.txt does not explain.
# MUTATE=1 also gives every Info.plist value of the corpus each other type, one at a time, and
# fails unless `list` lists every result (PlistTypeMutationTests does the same on model plists).
corpus: build
	python3 Tests/Corpus/run.py "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" $(CORPUS) $(if $(MUTATE),--mutate)

# add then remove over every real project in the corpus (and in EDIT_PROJECTS, more folders of
# projects, such as fetched ones): the dry run writes nothing, add makes NAME an alternate with
# nothing new in check and files that parse (PyPI's pbxproj, plistlib), remove gives every byte back.
EDIT_PROJECTS ?=
corpus-edit: build $(PBXPROJ_VENV)/bin/python
	python3 Tests/Corpus/edit_run.py "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" $(CORPUS) $(EDIT_PROJECTS) --pbxproj-python "$(CURDIR)/$(PBXPROJ_VENV)/bin/python"

# Public projects fetched beside the checkout (one folder per project, OWNER+NAME, at the commit
# Tests/Corpus/real-projects.json gives; docs/development.md says how to get them), against
# answers written from their files: list's icons per app target, refusals of other build
# systems, and check's errors. Optional; REAL=DIR points elsewhere.
REAL ?= ../real
real: build
	@[ -d $(REAL) ] || { echo "real: no checkouts at $(REAL) (optional, not part of the repository; REAL=DIR names the folder, docs/development.md says how to fetch them)"; exit 1; }
	python3 Tests/Corpus/real_run.py "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" $(REAL)

# The previews' fast PNG path against libpng, pixel for pixel, on every PNG in the corpus;
# fails if any differs (a file the fast path declines is libpng's alone, and fine).
corpus-png: setup
	@[ -d $(CORPUS) ] || { echo "corpus-png: no corpus at $(CORPUS) (optional; CORPUS=DIR names one)"; exit 1; }
	$(SWIFT) build -c release --product iconpick-bench
	find $(CORPUS) -name '*.png' -type f -print0 | sort -z \
		| xargs -0 -r "$$($(SWIFT) build -c release --show-bin-path)/iconpick-bench" compare

# The whole tool over the real built apps in BUILTAPPS (optional, not part of the
# repository): CgBI PNGs against their expected pixels, every Assets.car listed, every .ipa, .app
# and .xcarchive read or refused with a one-line message. Fails on any mismatch.
BUILTAPPS ?= ../shared/builtapps
builtapps: build
	$(SWIFT) build -c $(CONFIGURATION) --product iconpick-bench
	python3 Tests/BuiltApps/run.py "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" \
		"$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick-bench" $(BUILTAPPS)

# libFuzzer on each reader of untrusted input (Sources/IconFuzzing), SECONDS each, one after another:
# `make fuzz SECONDS=600`; FUZZ_TARGETS picks some. New inputs go to .build/fuzz/corpus/TARGET, crash
# inputs to .build/fuzz/crashes/TARGET/, logs to .build/fuzz/logs/; fails if any target crashed.
# Leaks are not checked: Foundation leaks (CFError in PropertyListSerialization) would drown them.
SECONDS ?= 60
# libFuzzer's RSS limit: pngdiff's RSS climbs past the default 2048 MB within minutes while its live
# heap stays near 25 MB (ASan's allocator keeping freed pages), so long runs may need more.
FUZZ_RSS_MB ?= 2048
FUZZ_TARGETS ?= infoplist contentsjson pbxproj xcconfig png pngdiff push iconjson cgbi car ipa projectyml replies pbxprojedit infoplistedit addplan journal packagemanifest
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
