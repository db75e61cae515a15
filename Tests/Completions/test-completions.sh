#!/usr/bin/env bash
# Checks the shell completions `iconpick completions bash|zsh|fish` prints against a stub
# `iconpick` that prints a fixed `list --json` and records its arguments. ICONPICK names the
# built binary (default: .build/debug/iconpick). A shell that is not installed is skipped.
# Exits non-zero on any failure. Run from anywhere.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
binary=${ICONPICK:-$root/.build/debug/iconpick}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
comp=$work/completions
mkdir -p "$comp"
for shell in bash zsh fish; do
    "$binary" completions $shell >"$comp/$shell" || { echo "FAIL  iconpick completions $shell"; exit 1; }
done
mv "$comp/bash" "$comp/iconpick.bash"; mv "$comp/zsh" "$comp/_iconpick"; mv "$comp/fish" "$comp/iconpick.fish"

# The stub: pretty-printed like the real one, with an "app" object whose "name" must not
# be offered, and a "files" array.
mkdir -p "$work/bin" "$work/app/Sub"
cat >"$work/bin/iconpick" <<'STUB'
#!/bin/sh
printf '%s\n' "$*" >>"$ICONPICK_STUB_LOG"
cat <<'JSON'
{
  "alternateIconName" : null,
  "app" : {
    "bundleIdentifier" : "dev.iconpick.Palette",
    "name" : "Palette",
    "path" : "/tmp/Palette"
  },
  "icons" : [
    {
      "active" : true,
      "displayName" : "Default",
      "files" : [
        "/tmp/Palette/AppIcon.png"
      ],
      "idioms" : [
        "universal"
      ],
      "name" : "AppIcon",
      "primary" : true
    },
    {
      "active" : false,
      "displayName" : "Blue",
      "files" : [

      ],
      "idioms" : [
        "universal"
      ],
      "name" : "AppIcon-Blue",
      "primary" : false
    },
    {
      "active" : false,
      "displayName" : "Pink",
      "files" : [
        "/tmp/Palette/AppIcon-Pink.png"
      ],
      "idioms" : [
        "universal"
      ],
      "name" : "AppIcon-Pink",
      "primary" : false
    }
  ],
  "supportsAlternateIcons" : true
}
JSON
STUB
chmod +x "$work/bin/iconpick"
export PATH="$work/bin:$PATH" ICONPICK_STUB_LOG="$work/log"
: >"$work/app/Info.plist"

pass() { printf 'ok    %s\n' "$1"; }
fail() { printf 'FAIL  %s\n' "$1"; [ $# -gt 1 ] && printf '      %s\n' "$2"; failures=$((failures + 1)); }
# expect NAME GOT WANT: GOT and WANT are sorted, newline-separated lists.
expect() {
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "got [$(echo $2)], want [$(echo $3)]"; fi
}
sorted() { printf '%s\n' "$@" | sed '/^$/d' | LC_ALL=C sort; }

# ---------------------------------------------------------------- bash
if command -v bash >/dev/null 2>&1; then
    # bash_complete WORD... : completes the last word (cursor at the end) in $work/app.
    bash_complete() {
        (cd "$work/app" && bash --norc --noprofile -c '
            source "$0" || exit 1
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            _iconpick; printf "%s\n" "${COMPREPLY[@]}"' "$comp/iconpick.bash" "$@") | LC_ALL=C sort
    }
    if bash -n "$comp/iconpick.bash"; then pass "bash: syntax"; else fail "bash: syntax"; fi
    expect "bash: commands" "$(bash_complete iconpick se)" "$(sorted set)"
    expect "bash: commands and PATH" "$(bash_complete iconpick '')" "$(sorted Info.plist Sub add check completions get list push remove reset set show)"
    expect "bash: set NAME from list --json (not the app's name)" "$(bash_complete iconpick set '')" "$(sorted AppIcon AppIcon-Blue AppIcon-Pink)"
    expect "bash: set NAME prefix" "$(bash_complete iconpick set AppIcon-P)" "$(sorted AppIcon-Pink)"
    expect "bash: show NAME or PATH" "$(bash_complete iconpick show '')" "$(sorted AppIcon AppIcon-Blue AppIcon-Pink Info.plist Sub)"
    expect "bash: set PATH after NAME" "$(bash_complete iconpick set AppIcon S)" "$(sorted Sub)"
    expect "bash: push PAYLOAD or -" "$(bash_complete iconpick push '')" "$(sorted - Info.plist Sub)"
    expect "bash: --color values" "$(bash_complete iconpick show --color '')" "$(sorted 16 256 8 none truecolor)"
    expect "bash: --color=VALUE (= a word break)" "$(bash_complete iconpick --color = t)" "$(sorted truecolor)"
    expect "bash: --size values" "$(bash_complete iconpick show --size 3)" "$(sorted 32x16)"
    expect "bash: --state-dir takes a folder" "$(bash_complete iconpick --state-dir '')" "$(sorted Sub)"
    expect "bash: picker options" "$(bash_complete iconpick --)" "$(sorted --color --configuration --graphics --help --platform --state-dir --target --version)"
    expect "bash: list options" "$(bash_complete iconpick list --)" "$(sorted --color --configuration --help --json --platform --state-dir --target)"
    expect "bash: set options" "$(bash_complete iconpick set -)" "$(sorted --color --configuration --help --platform --quiet --state-dir --target -h -q)"
    expect "bash: show options" "$(bash_complete iconpick show --s)" "$(sorted --size --square --state-dir)"
    expect "bash: --platform values" "$(bash_complete iconpick list --platform '')" "$(sorted ios tvos)"
    expect "bash: --appearance values" "$(bash_complete iconpick show --appearance '')" "$(sorted any clear-dark clear-light dark light tinted tinted-dark tinted-light)"
    expect "bash: show --output and --pixels" "$(bash_complete iconpick show --pi)" "$(sorted --pixels)"
    expect "bash: check options" "$(bash_complete iconpick check --)" "$(sorted --against --background --color --configuration --dry-run --fix --format --help --json --platform --rules --state-dir --target --unsafe-fixes --warnings-as-errors)"
    expect "bash: --format values" "$(bash_complete iconpick check --format '')" "$(sorted gcc github json junit sarif)"
    expect "bash: --format=VALUE" "$(bash_complete iconpick check --format=s)" "$(sorted --format=sarif)"
    expect "bash: --format's value is not the PATH" "$(bash_complete iconpick check --format junit '')" "$(sorted Info.plist Sub)"
    expect "bash: --against takes a file or folder (.app, .ipa, .xcarchive)" "$(bash_complete iconpick check --against '')" "$(sorted Info.plist Sub)"
    expect "bash: add options" "$(bash_complete iconpick add -)" "$(sorted --color --configuration --dark --dry-run --help --platform --state-dir --target --tinted -h -n)"
    expect "bash: remove options" "$(bash_complete iconpick remove -)" "$(sorted --color --configuration --dry-run --help --keep-files --platform --state-dir --target -h -n)"
    expect "bash: add's NAME is new: nothing to offer" "$(bash_complete iconpick add '')" ""
    expect "bash: add IMAGE or PATH after NAME" "$(bash_complete iconpick add Night '')" "$(sorted Info.plist Sub)"
    expect "bash: add PATH after NAME IMAGE" "$(bash_complete iconpick add Night night.png S)" "$(sorted Sub)"
    expect "bash: --dark takes a file" "$(bash_complete iconpick add Night --dark '')" "$(sorted Info.plist Sub)"
    expect "bash: --tinted's value is not the IMAGE" "$(bash_complete iconpick add Night --tinted t.png '')" "$(sorted Info.plist Sub)"
    expect "bash: remove NAME from list --json" "$(bash_complete iconpick remove AppIcon-)" "$(sorted AppIcon-Blue AppIcon-Pink)"
    expect "bash: remove PATH after NAME" "$(bash_complete iconpick remove AppIcon-Blue S)" "$(sorted Sub)"
    expect "bash: nothing after remove NAME PATH" "$(bash_complete iconpick remove AppIcon-Blue Sub '')" ""
    expect "bash: nothing after set NAME PATH" "$(bash_complete iconpick set AppIcon Sub '')" ""
    : >"$work/log"
    bash_complete iconpick set --state-dir '~/st' --target=App --color none --configuration Debug --platform tvos Ap >/dev/null
    expect "bash: list gets --state-dir (tilde expanded), --target, --configuration, --platform" \
        "$(cat "$work/log")" "list --json --state-dir $HOME/st --target=App --configuration Debug --platform tvos"
    : >"$work/log"
    (cd "$work/app" && bash --norc --noprofile -c '
        source "$0"; COMP_WORDS=(iconpick set Ap Sub); COMP_CWORD=2; _iconpick' "$comp/iconpick.bash")
    expect "bash: list gets the PATH typed after the NAME" "$(cat "$work/log")" "list --json Sub"
    : >"$work/log"
    (cd "$work/app" && bash --norc --noprofile -c '
        source "$0"; COMP_WORDS=(iconpick remove Ap Sub); COMP_CWORD=2; _iconpick' "$comp/iconpick.bash")
    expect "bash: remove's names come from the PATH typed after the NAME" "$(cat "$work/log")" "list --json Sub"
else
    echo "SKIP  bash: not installed"
fi

# ---------------------------------------------------------------- zsh
if command -v zsh >/dev/null 2>&1; then
    if zsh -n "$comp/_iconpick"; then pass "zsh: syntax"; else fail "zsh: syntax"; fi
    if head -1 "$comp/_iconpick" | grep -qx '#compdef iconpick'; then
        pass "zsh: #compdef line"
    else
        fail "zsh: #compdef line" "the first line must be '#compdef iconpick'"
    fi
    # The name parser (sourcing outside completion defines the helpers; _iconpick's own
    # call then fails harmlessly because _arguments is not loaded).
    got=$(zsh -f -c 'source "$1" >/dev/null 2>&1; _iconpick_list_names' _ "$comp/_iconpick" | LC_ALL=C sort)
    expect "zsh: names from list --json" "$got" "$(sorted AppIcon AppIcon-Blue AppIcon-Pink)"
    # Completion for real, in an interactive zsh on a pseudo-terminal.
    got=$(cd "$work/app" && timeout 20 zsh -f -c '
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        zpty -w z "PS1=; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w z "zstyle \":completion:*\" list-rows-first true; setopt no_beep; LISTMAX=1000"
        zpty -w z "iconpick set AppIcon-"$'"'\t'"'
        sleep 1
        zpty -r z out "*AppIcon-Pink*" && print -r -- "$out" | grep -oE "AppIcon-[A-Za-z]+" | sort -u
        zpty -d z' _ "$comp" 2>/dev/null)
    status=$?
    if [ "$status" -eq 124 ]; then
        fail "zsh: set AppIcon-<TAB> offers the names" "no answer within 20 s"
    elif [ -z "$got" ]; then
        echo "SKIP  zsh: interactive completion (no pseudo-terminal here)"
    else
        expect "zsh: set AppIcon-<TAB> offers the names" "$got" "$(sorted AppIcon-Blue AppIcon-Pink)"
    fi
    got=$(cd "$work/app" && timeout 20 zsh -f -c '
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        zpty -w z "PS1=; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w z "zstyle \":completion:*\" list-rows-first true; setopt no_beep; LISTMAX=1000"
        zpty -w z "iconpick check --format s"$'"'\t'"'
        sleep 1
        zpty -r z out "*sarif*" && print -r -- "$out" | grep -oE "\b(gcc|json|github|sarif|junit)\b" | sort -u
        zpty -d z' _ "$comp" 2>/dev/null)
    status=$?
    if [ "$status" -eq 124 ]; then
        fail "zsh: check --format s<TAB> completes sarif" "no answer within 20 s"
    elif [ -z "$got" ]; then
        echo "SKIP  zsh: interactive completion (no pseudo-terminal here)"
    else
        expect "zsh: check --format s<TAB> completes sarif" "$got" "$(sorted sarif)"
    fi
    got=$(cd "$work/app" && timeout 20 zsh -f -c '
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        zpty -w z "PS1=; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w z "zstyle \":completion:*\" list-rows-first true; setopt no_beep; LISTMAX=1000"
        zpty -w z "iconpick add Night --d"$'"'\t'"'
        sleep 1
        zpty -r z out "*--dry-run*" && print -r -- "$out" | grep -oE -- "--(dark|dry-run|tinted|target)\b" | sort -u
        zpty -d z' _ "$comp" 2>/dev/null)
    status=$?
    if [ "$status" -eq 124 ]; then
        fail "zsh: add Night --d<TAB> offers --dark and --dry-run" "no answer within 20 s"
    elif [ -z "$got" ]; then
        echo "SKIP  zsh: interactive completion (no pseudo-terminal here)"
    else
        expect "zsh: add Night --d<TAB> offers --dark and --dry-run" "$got" "$(sorted --dark --dry-run)"
    fi
else
    echo "SKIP  zsh: not installed"
fi

# ---------------------------------------------------------------- fish
if command -v fish >/dev/null 2>&1; then
    # fish_complete LINE: what `complete -C` offers (values only, descriptions dropped).
    fish_complete() {
        (cd "$work/app" && fish --no-config -c 'source $argv[1]; complete -C$argv[2]' "$comp/iconpick.fish" "$1") |
            cut -f1 | LC_ALL=C sort
    }
    if fish -n "$comp/iconpick.fish"; then pass "fish: syntax"; else fail "fish: syntax"; fi
    expect "fish: commands" "$(fish_complete 'iconpick se')" "$(sorted set)"
    expect "fish: set NAME from list --json (not the app's name)" "$(fish_complete 'iconpick set ')" "$(sorted AppIcon AppIcon-Blue AppIcon-Pink)"
    expect "fish: set NAME prefix" "$(fish_complete 'iconpick set AppIcon-P')" "$(sorted AppIcon-Pink)"
    expect "fish: show NAME or PATH" "$(fish_complete 'iconpick show ')" "$(sorted AppIcon AppIcon-Blue AppIcon-Pink Info.plist Sub/)"
    expect "fish: push PAYLOAD or -" "$(fish_complete 'iconpick push ')" "$(sorted - Info.plist Sub/)"
    expect "fish: --color values" "$(fish_complete 'iconpick show --color ')" "$(sorted 16 256 8 none truecolor)"
    expect "fish: --state-dir takes a folder" "$(fish_complete 'iconpick --state-dir ')" "$(sorted Sub/)"
    expect "fish: picker options" "$(fish_complete 'iconpick --')" "$(sorted --color --configuration --graphics --help --platform --state-dir --target --version)"
    expect "fish: list options" "$(fish_complete 'iconpick list --')" "$(sorted --color --configuration --help --json --platform --state-dir --target)"
    expect "fish: set options" "$(fish_complete 'iconpick set --')" "$(sorted --color --configuration --help --platform --quiet --state-dir --target)"
    expect "fish: show options" "$(fish_complete 'iconpick show --s')" "$(sorted --size --square --state-dir)"
    expect "fish: --platform values" "$(fish_complete 'iconpick list --platform ')" "$(sorted ios tvos)"
    expect "fish: --appearance values" "$(fish_complete 'iconpick show --appearance ')" "$(sorted any clear-dark clear-light dark light tinted tinted-dark tinted-light)"
    expect "fish: check options" "$(fish_complete 'iconpick check --')" "$(sorted --against --background --color --configuration --dry-run --fix --format --help --json --platform --rules --state-dir --target --unsafe-fixes --warnings-as-errors)"
    expect "fish: --format values" "$(fish_complete 'iconpick check --format ')" "$(sorted gcc github json junit sarif)"
    expect "fish: --format's value is not the PATH" "$(fish_complete 'iconpick check --format junit ')" "$(sorted Info.plist Sub/)"
    expect "fish: add and remove" "$(fish_complete 'iconpick re')" "$(sorted remove reset)"
    expect "fish: add options" "$(fish_complete 'iconpick add --')" "$(sorted --color --configuration --dark --dry-run --help --platform --state-dir --target --tinted)"
    expect "fish: remove options" "$(fish_complete 'iconpick remove --')" "$(sorted --color --configuration --dry-run --help --keep-files --platform --state-dir --target)"
    expect "fish: add IMAGE or PATH after NAME" "$(fish_complete 'iconpick add Night ')" "$(sorted Info.plist Sub/)"
    expect "fish: remove NAME from list --json" "$(fish_complete 'iconpick remove AppIcon-')" "$(sorted AppIcon-Blue AppIcon-Pink)"
    : >"$work/log"
    fish_complete 'iconpick set --state-dir ~/st --target=App --color none --configuration Debug --platform tvos Ap' >/dev/null
    expect "fish: list gets --state-dir (tilde expanded), --target, --configuration, --platform" \
        "$(cat "$work/log")" "list --json --state-dir $HOME/st --target=App --configuration Debug --platform tvos"
else
    echo "SKIP  fish: not installed"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures completion check(s) failed"
    exit 1
fi
echo "all completion checks passed"
