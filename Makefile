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
APT_PACKAGES = libncurses-dev libpng-dev pkg-config tmux ncurses-term zsh fish groff-base

.PHONY: all setup setup-bench build run test clean install uninstall format lint art bench corpus

all: build

# Installs the C libraries and tools the build and the end-to-end tests need, if any is missing.
setup:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	pkg-config --exists libpng 2>/dev/null || missing="$$missing libpng-dev"; \
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

# Remakes the demo app's icons (needs Pillow: python3 -m pip install pillow).
art:
	python3 Assets/tools/make-palette-art.py Assets/Palette/Assets.xcassets

# Tools the benchmarks compare against (optional: bench runs without them).
setup-bench: setup
	@command -v chafa >/dev/null 2>&1 && command -v fzf >/dev/null 2>&1 && exit 0; \
	if [ "$$(id -u)" -ne 0 ]; then echo "Run: sudo apt-get install -y chafa fzf"; exit 1; fi; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chafa fzf

# Speed, measured with the release build: medians of repeated runs, with ratios.
bench: setup
	$(SWIFT) build -c release --product iconpick
	$(SWIFT) build -c release --product iconpick-bench
	python3 Tests/Benchmarks/bench.py "$$($(SWIFT) build -c release --show-bin-path)/iconpick" Assets/Palette

# list and check over every real project in ../shared/corpus (not part of the repository); fails
# on a list error or a check error that the copy's SOURCE.txt does not explain.
corpus: build
	python3 Tests/Corpus/run.py "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/iconpick" ../shared/corpus
