#!/usr/bin/env bash
# Checks a package `make deb` built: `make deb-check`.
#   check.sh iconpick_VERSION_ARCH.deb
# lintian must report no error; Depends must name the package of every library the binary
# links (as readelf -d reports them, whatever they are); librsvg, cairo and libzip must be
# Recommends.
# Then the package is installed: on this machine with dpkg when run as root and no iconpick
# package is installed (dpkg checks Depends for real), and removed again; otherwise unpacked
# into a scratch root (or there when DEB_CHECK_SCRATCH=1). Either way it runs iconpick --version, iconpick list on the installed
# demo app, show --output on one of its icons, man -w iconpick, and loads the completions.
set -uo pipefail
deb=$(readlink -f "$1")
failures=0
pass() { printf 'ok    %s\n' "$1"; }
fail() { printf 'FAIL  %s\n' "$1"; [ $# -gt 1 ] && printf '      %s\n' "$2"; failures=$((failures + 1)); }
# The package names of a relation field, one a line: "libc6 (>= 2.35), libpng16-16" → libc6, libpng16-16.
names() { printf '%s\n' "$1" | tr ',|' '\n\n' | awk '{ print $1 }'; }
work=$(mktemp -d)
installed_here=""
cleanup() {
    if [ -n "$installed_here" ]; then dpkg --purge iconpick >/dev/null 2>&1; fi
    rm -rf "$work"
}
trap cleanup EXIT

version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
recommends=$(dpkg-deb -f "$deb" Recommends)
case $(basename "$deb") in
    "iconpick_${version}_$(dpkg-deb -f "$deb" Architecture).deb") pass "file name iconpick_VERSION_ARCH.deb" ;;
    *) fail "file name iconpick_VERSION_ARCH.deb" "$(basename "$deb")" ;;
esac

# lintian: no errors (warnings and notes are printed).
if command -v lintian >/dev/null 2>&1; then
    lintian --fail-on error --info "$deb" >"$work/lintian" 2>&1
    status=$?
    sed 's/^/      /' "$work/lintian"
    if [ $status -eq 0 ] && ! grep -q '^E:' "$work/lintian"; then pass "lintian: no errors"; else fail "lintian: no errors"; fi
else
    fail "lintian: not installed (make setup-deb)"
fi

# Depends covers every library the binary links, and those it opens on first use but always
# needs (opened-libraries), by the package that holds each one's file here.
dpkg-deb -x "$deb" "$work/root"
binary=$work/root/usr/bin/iconpick
linked=$(readelf -d "$binary" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p')
opened=$(sed -e '/^#/d' -e '/^$/d' "$(dirname "$0")/opened-libraries" | awk '{ print $1 }')
for library in $linked $opened; do
    how=linked
    printf '%s\n' "$opened" | grep -qxF "$library" && how="opened on first use"
    path=$(ldconfig -p | awk -v lib="$library" '$1 == lib { print $NF; exit }')
    [ -n "$path" ] || { fail "Depends: $library ($how)" "not found by ldconfig"; continue; }
    # The file by its real name, else by the name ldconfig gives (merged /usr: /lib is /usr/lib).
    owner=$({ dpkg -S "$(readlink -f "$path")" || dpkg -S "$path"; } 2>/dev/null | head -1 | cut -d: -f1)
    if [ -n "$owner" ] && names "$depends" | grep -qxF "$owner"; then
        pass "Depends: $library ($owner, $how)"
    else
        fail "Depends: $library ($how)" "its package '${owner:-?}' is not in Depends: $depends"
    fi
done
for package in librsvg2-2 libcairo2 libzip4 libchafa0 libjson-c5 libglib2.0-0; do
    if names "$recommends" | grep -qxF "$package"; then
        pass "Recommends: $package"
    else
        fail "Recommends: $package" "Recommends: $recommends"
    fi
done

# Install: on the machine when that is safe, else the scratch root.
if [ "$(id -u)" -eq 0 ] && [ -z "${DEB_CHECK_SCRATCH:-}" ] && ! dpkg -s iconpick >/dev/null 2>&1; then
    if dpkg -i "$deb" >"$work/dpkg.log" 2>&1; then
        installed_here=1
        pass "dpkg -i (Depends satisfied)"
    else
        fail "dpkg -i" "$(cat "$work/dpkg.log")"
    fi
    prefix=/usr
    man_args=()
    where="on this machine"
else
    prefix=$work/root/usr
    man_args=(-M "$prefix/share/man")
    where="in a scratch root"
fi
echo "      installed $where: $prefix"

got=$("$prefix/bin/iconpick" --version 2>&1)
[ "$got" = "iconpick $version" ] && pass "iconpick --version" || fail "iconpick --version" "$got"
mkdir -p "$work/empty"
got=$(cd "$work/empty" && "$prefix/bin/iconpick" list --state-dir "$work/state" "$prefix/share/iconpick/Palette" 2>&1)
if [ "$(printf '%s\n' "$got" | grep -c 'AppIcon')" -eq 8 ] && printf '%s\n' "$got" | grep -q '✓.*AppIcon '; then
    pass "iconpick list PREFIX/share/iconpick/Palette: 8 icons"
else
    fail "iconpick list PREFIX/share/iconpick/Palette" "$got"
fi
got=$(cd "$work/empty" && "$prefix/bin/iconpick" list --json --state-dir "$work/state" 2>&1)
if printf '%s\n' "$got" | grep -q "\"path\" : \"$prefix/share/iconpick/Palette"; then
    pass "iconpick list without PATH finds the installed demo app"
else
    fail "iconpick list without PATH finds the installed demo app" "$got"
fi
# An Icon Composer bundle drawn to a PNG: librsvg and cairo at work.
if (cd "$work/empty" && "$prefix/bin/iconpick" show AppIcon-Blue --state-dir "$work/state" \
    --output "$work/blue.png" --pixels 64 >/dev/null 2>&1) \
    && [ "$(head -c 8 "$work/blue.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]; then
    pass "iconpick show AppIcon-Blue --output: a PNG"
else
    fail "iconpick show AppIcon-Blue --output: a PNG"
fi
got=$(man "${man_args[@]}" -w iconpick 2>&1)
[ "$got" = "$prefix/share/man/man1/iconpick.1.gz" ] && pass "man -w iconpick: $got" || fail "man -w iconpick" "$got"
if zcat "$prefix/share/man/man1/iconpick.1.gz" | groff -man -Tutf8 -ww -z 2>&1 | grep -q .; then
    fail "the man page renders without warnings"
else
    pass "the man page renders without warnings"
fi
bash_file=$prefix/share/bash-completion/completions/iconpick
if bash --norc --noprofile -c "source '$bash_file' && complete -p iconpick" >/dev/null 2>&1; then
    pass "bash completion loads"
else
    fail "bash completion loads"
fi
zsh_file=$prefix/share/zsh/vendor-completions/_iconpick
if [ -f "$zsh_file" ] && head -1 "$zsh_file" | grep -qx '#compdef iconpick' && { ! command -v zsh >/dev/null || zsh -n "$zsh_file"; }; then
    pass "zsh completion in vendor-completions"
else
    fail "zsh completion in vendor-completions"
fi
fish_file=$prefix/share/fish/vendor_completions.d/iconpick.fish
if [ -f "$fish_file" ] && { ! command -v fish >/dev/null || fish -n "$fish_file"; }; then
    pass "fish completion in vendor_completions.d"
else
    fail "fish completion in vendor_completions.d"
fi

if [ -n "$installed_here" ]; then
    if dpkg --purge iconpick >/dev/null 2>&1 && [ ! -e /usr/bin/iconpick ] && [ ! -e /usr/share/iconpick ]; then
        pass "dpkg --purge removes it"
    else
        fail "dpkg --purge removes it"
    fi
    installed_here=""
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures package check(s) failed"
    exit 1
fi
echo "all package checks passed"
