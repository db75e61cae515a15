#!/usr/bin/env bash
# Builds iconpick_VERSION_ARCH.deb with dpkg-deb: `make deb`.
#   build.sh BINARY OUTDIR
# BINARY is a release build linked with --static-swift-stdlib (the Swift runtime and Foundation
# are not Debian packages, so they go inside the binary). Depends is what dpkg-shlibdeps finds
# for the libraries the binary links, with those it opens itself but always needs
# (opened-libraries: ncurses, libpng, libdeflate, libyaml); librsvg, cairo, libzip, libchafa,
# json-c and GLib are Recommends (iconpick opens them the first time it needs them: to draw an Icon Composer bundle,
# read an .ipa, encode sixel, place a JSON syntax error, decompose a name).
set -euo pipefail
binary=$1
out=${2:-.}
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/Packaging/deb

version=$("$binary" --version | sed -n 's/^iconpick //p')
arch=$(dpkg --print-architecture)
[ -n "$version" ] || { echo "deb: $binary --version printed no version" >&2; exit 1; }

# Libraries from the toolchain rather than from a Debian package cannot be depended on.
if readelf -d "$binary" | grep -E 'NEEDED.*lib(swift|Foundation|dispatch|BlocksRuntime)' >&2; then
    echo "deb: $binary links the Swift runtime; build it with --static-swift-stdlib" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkg=$work/iconpick_${version}_${arch}
umask 022
mkdir -p "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/iconpick" "$pkg/usr/share/man/man1" \
    "$pkg/usr/share/doc/iconpick" "$pkg/usr/share/bash-completion/completions" \
    "$pkg/usr/share/zsh/vendor-completions" "$pkg/usr/share/fish/vendor_completions.d"

install -m 0755 "$binary" "$pkg/usr/bin/iconpick"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/iconpick"
cp -R "$root/Assets/Palette" "$pkg/usr/share/iconpick/Palette"
gzip -9n <"$root/Assets/man/iconpick.1" >"$pkg/usr/share/man/man1/iconpick.1.gz"
"$binary" completions bash >"$pkg/usr/share/bash-completion/completions/iconpick"
"$binary" completions zsh >"$pkg/usr/share/zsh/vendor-completions/_iconpick"
"$binary" completions fish >"$pkg/usr/share/fish/vendor_completions.d/iconpick.fish"
install -m 0644 "$here/copyright" "$pkg/usr/share/doc/iconpick/copyright"
sed "s/@VERSION@/$version/; s/@DATE@/$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}")/" \
    "$here/changelog.in" | gzip -9n >"$pkg/usr/share/doc/iconpick/changelog.gz"
find "$pkg" -type d -exec chmod 0755 {} +
find "$pkg/usr/share" -type f -exec chmod 0644 {} +

# dpkg-shlibdeps reads debian/control from the folder it runs in.
mkdir -p "$work/src/debian"
printf 'Source: iconpick\n\nPackage: iconpick\nArchitecture: any\n' >"$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/iconpick" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# ncurses, libpng, libdeflate and libyaml are opened on first use, not linked, so dpkg-shlibdeps
# cannot see them; the picker and the previews are the point of the package, so they are
# dependencies all the same, named by the package that holds each file here (Debian renames
# packages across releases: libpng16-16, libpng16-16t64).
while read -r soname minimum; do
    case $soname in '' | '#'*) continue ;; esac
    path=$(ldconfig -p | awk -v lib="$soname" '$1 == lib { print $NF; exit }')
    [ -n "$path" ] || { echo "deb: $soname is not installed here" >&2; exit 1; }
    # The file by its real name, else by the name ldconfig gives (merged /usr: /lib is /usr/lib).
    owner=$({ dpkg -S "$(readlink -f "$path")" || dpkg -S "$path"; } 2>/dev/null | head -1 | cut -d: -f1) || true
    [ -n "$owner" ] || { echo "deb: no package holds $path" >&2; exit 1; }
    case ", $depends," in
        *", $owner "* | *", $owner,"*) ;;
        *) depends="$depends, $owner${minimum:+ (>= $minimum)}" ;;
    esac
done <"$here/opened-libraries"

size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" \
    -e "s/@SIZE@/$size/" "$here/control.in" >"$pkg/DEBIAN/control"
(cd "$pkg" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
chmod 0644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"

mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/iconpick_${version}_${arch}.deb" >/dev/null
echo "$out/iconpick_${version}_${arch}.deb"
echo "Depends: $depends"
