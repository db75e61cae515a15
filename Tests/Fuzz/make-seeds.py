#!/usr/bin/env python3
"""Writes the seed corpus of `make fuzz`: python3 Tests/Fuzz/make-seeds.py [FOLDER].

One small input per form each reader knows (Tests/Fuzz/<target>/seeds/), so the fuzzer starts
from every branch's doorstep instead of finding `CFBundleAlternateIcons` byte by byte. Standard
library only; PNGs come from the tiny encoder below.
"""

import json
import os
import plistlib
import struct
import sys
import zlib

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def write(target, name, data):
    folder = os.path.join(ROOT, target, "seeds")
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


# --- Info.plist -------------------------------------------------------------------------------

def icon(name=None, files=None, prerendered=None):
    d = {}
    if name is not None:
        d["CFBundleIconName"] = name
    if files is not None:
        d["CFBundleIconFiles"] = files
    if prerendered is not None:
        d["UIPrerenderedIcon"] = prerendered
    return d


BASE = {"CFBundleIdentifier": "dev.iconpick.Seed", "CFBundleDisplayName": "Seed"}
plists = {
    "modern.plist": {**BASE, "CFBundleIcons": {
        "CFBundlePrimaryIcon": icon("AppIcon"),
        "CFBundleAlternateIcons": {"Blue": icon("AppIcon-Blue"), "Dark": icon("AppIcon-Dark")}}},
    "ipad.plist": {**BASE, "CFBundleIcons": {"CFBundlePrimaryIcon": icon("AppIcon")},
                   "CFBundleIcons~ipad": {
                       "CFBundlePrimaryIcon": icon("AppIcon", ["AppIcon76x76"]),
                       "CFBundleAlternateIcons": {"Pad": icon(files=["Pad"], prerendered=True)}}},
    "iphone-only.plist": {**BASE, "CFBundleIcons~iphone": {
        "CFBundleAlternateIcons": {"Phone": {}}}},
    "tvos.plist": {**BASE, "CFBundleIcons": {"CFBundlePrimaryIcon": "App Icon",
                                              "CFBundleAlternateIcons": ["Night", "", "Day"]}},
    "legacy.plist": {"CFBundleName": "Old", "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
                     "CFBundleIconFiles": ["Icon.png", "Icon@2x.png"], "CFBundleIconFile": "Icon"},
    "wrong-types.plist": {**BASE, "CFBundleIcons": {
        "CFBundlePrimaryIcon": {"CFBundleIconName": 3, "UIPrerenderedIcon": "YES"},
        "CFBundleAlternateIcons": {"X": {"CFBundleIconFiles": [1, b"\x00"]}}}},
    "variables.plist": {"CFBundleIdentifier": "$(A).$(B:lower)", "CFBundleName": "${NAME}",
                        "CFBundleIcons": {"CFBundlePrimaryIcon": icon("$(APPICON)")}},
}
for name, value in plists.items():
    write("infoplist", name, plistlib.dumps(value, fmt=plistlib.FMT_XML))
write("infoplist", "binary.plist", plistlib.dumps(plists["modern.plist"], fmt=plistlib.FMT_BINARY))
write("infoplist", "binary-tvos.plist", plistlib.dumps(plists["tvos.plist"], fmt=plistlib.FMT_BINARY))
write("infoplist", "ascii.plist",
      '{ CFBundleIdentifier = "dev.x"; CFBundleIcons = { CFBundlePrimaryIcon = { '
      'CFBundleIconName = AppIcon; }; CFBundleAlternateIcons = { A = { CFBundleIconFiles = '
      '( a, b ); }; }; }; }\n')
write("infoplist", "not-a-dictionary.plist", plistlib.dumps(["a", 1], fmt=plistlib.FMT_XML))

# --- Contents.json ----------------------------------------------------------------------------

write("contentsjson", "single-size.json",
      '{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios",'
      '"size":"1024x1024"}],"info":{"author":"xcode","version":1}}')
write("contentsjson", "appearances.json",
      '{"images":[{"filename":"a.png","idiom":"universal","platform":"ios","size":"1024x1024"},'
      '{"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"d.png",'
      '"idiom":"universal","platform":"ios","size":"1024x1024"},'
      '{"appearances":[{"appearance":"luminosity","value":"tinted"}],"idiom":"universal",'
      '"platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}')
write("contentsjson", "legacy-sizes.json",
      '{"images":[{"idiom":"iphone","size":"20x20","scale":"2x","filename":"i40.png"},'
      '{"idiom":"iphone","size":"60x60","scale":"3x","filename":""},'
      '{"idiom":"ipad","size":"83.5x83.5","scale":"2x","filename":"i167.png"},'
      '{"idiom":"ios-marketing","size":"1024x1024","scale":"1x"},'
      '{"idiom":"mac","size":"512x512","scale":"2x"}]}')
write("contentsjson", "group-namespace.json",
      '{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}')
write("contentsjson", "brandassets.json",
      '{"assets":[{"filename":"App Icon - App Store.imagestack","idiom":"tv",'
      '"role":"primary-app-icon","size":"1280x768"},{"filename":"App Icon.imagestack",'
      '"idiom":"tv","role":"primary-app-icon","size":"400x240"},{"filename":"Top Shelf.imageset",'
      '"idiom":"tv","role":"top-shelf-image"}],"info":{"author":"xcode","version":1}}')
write("contentsjson", "bad-values.json",
      '{"images":[{"size":"x","scale":"0x"},{"size":"1e309x1","scale":"-2x"},{"size":null}],'
      '"properties":{"provides-namespace":"yes"}}')
write("contentsjson", "empty-object.json", "{}")

# --- project.pbxproj --------------------------------------------------------------------------

PBXPROJ = """// !$*UTF8*$!
{
	archiveVersion = 1;
	objectVersion = 77;
	objects = {
		B1 = {isa = PBXBuildFile; fileRef = F1; };
		B2 = {isa = PBXBuildFile; fileRef = F3; };
		F1 = {isa = PBXFileReference; path = Assets.xcassets; sourceTree = "<group>"; };
		F2 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
		F3 = {isa = PBXFileReference; path = AppIcon.icon; sourceTree = SOURCE_ROOT; };
		F4 = {isa = PBXFileReference; path = /tmp/Abs.xcassets; sourceTree = "<absolute>"; };
		G0 = {isa = PBXGroup; children = (G1, F3, F4, S1, ); sourceTree = "<group>"; };
		G1 = {isa = PBXGroup; children = (F1, F2, ); path = App; sourceTree = "<group>"; };
		S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, ); path = Synced; sourceTree = "<group>"; };
		X1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, "Other/Icon.icon", ); target = T1; };
		R1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, ); };
		T1 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (R1, ); fileSystemSynchronizedGroups = (S1, ); name = App; productType = "com.apple.product-type.application"; };
		T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); productName = Widget; productType = "com.apple.product-type.app-extension"; };
		T3 = {isa = PBXAggregateTarget; name = All; };
		C1 = {isa = XCBuildConfiguration; buildSettings = {ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon; }; name = Release; };
		C2 = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {
			ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "Blue $(EXTRA)";
			"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]" = "AppIcon-$(CONFIGURATION)";
			ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;
			DEVELOPMENT_ASSET_PATHS = "\\"App/Preview Content\\"";
			EXTRA = ( Green, "$(inherited)", );
			PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.App;
			SDKROOT = iphoneos;
		}; name = Release; };
		C3 = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = S1; baseConfigurationReferenceRelativePath = Config/Debug.xcconfig; buildSettings = {}; name = Debug; };
		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); defaultConfigurationName = Release; };
		L2 = {isa = XCConfigurationList; buildConfigurations = (C2, C3, ); defaultConfigurationName = Debug; };
		P1 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; projectDirPath = ""; targets = (T1, T2, T3, ); };
	};
	rootObject = P1;
}
"""
write("pbxproj", "project.pbxproj", PBXPROJ)
write("pbxproj", "two-apps.pbxproj", PBXPROJ.replace(
    'productName = Widget; productType = "com.apple.product-type.app-extension"',
    'productName = Widget; productType = "com.apple.product-type.application"'))
write("pbxproj", "tvos.pbxproj", PBXPROJ.replace("SDKROOT = iphoneos", "SDKROOT = appletvos")
      .replace('projectDirPath = ""', "projectDirPath = Sub"))
write("pbxproj", "empty.pbxproj", "// !$*UTF8*$!\n{\n}\n")
write("pbxproj", "no-root.pbxproj", "{ objects = { P = { isa = PBXGroup; }; }; rootObject = P; }")
write("pbxproj", "bad-references.pbxproj",
      "{ objects = { P = { isa = PBXProject; targets = (T, 7, ); buildConfigurationList = T; }; "
      "T = { isa = PBXNativeTarget; buildConfigurationList = ( ); }; }; rootObject = P; }")
write("pbxproj", "xml.pbxproj", plistlib.dumps({
    "objects": {"P": {"isa": "PBXProject", "targets": ["T"], "buildConfigurationList": "L"},
                "L": {"isa": "XCConfigurationList", "buildConfigurations": ["C"]},
                "C": {"isa": "XCBuildConfiguration", "name": "Release",
                      "buildSettings": {"A": 1, "B": ["x", 2]}},
                "T": {"isa": "PBXNativeTarget", "name": "T", "buildConfigurationList": "L",
                      "productType": "com.apple.product-type.application"}},
    "rootObject": "P"}))

# --- .xcconfig --------------------------------------------------------------------------------

write("xcconfig", "palette.xcconfig", """// Palette.xcconfig
PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Palette
INFOPLIST_FILE = Info.plist
ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-Green AppIcon-Blue "AppIcon Pink"
ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = NO
""")
write("xcconfig", "conditions.xcconfig", """#include? "Missing.xcconfig"
#include "/dev/null"
ICON[sdk=iphoneos*][arch=*] = Dark ; // a comment
ICON[config=Release] = Light
ICON[sdk=appletvos*] = TV
ASSETCATALOG_COMPILER_APPICON_NAME = $(ICON)
ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(inherited) $(ICON:lower) ${NAMES}
NAMES = A B $(NAMES_$(CONFIGURATION))
URL = https:/$()/example.com
""")
write("xcconfig", "self-include.xcconfig", '#include "App.xcconfig"\nA = 1\n')
write("xcconfig", "missing-include.xcconfig", '#include "Nowhere"\n')
write("xcconfig", "macros.xcconfig", """A = $(B) $(B)
B = $(C)$(C)
C = $(A)
D = $(D:quote) $(UNSET:default=x) $(A:upper:rfc1034identifier)
ASSETCATALOG_COMPILER_APPICON_NAME = $(D)
ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = $(YES)
YES = YES
""")
write("xcconfig", "stray.xcconfig", "garbage line\n[x=y] = 1\n9KEY = 2\nK[a=b = c\n#warning x\n")

# --- PNG --------------------------------------------------------------------------------------


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png(width, height, color_type, bit_depth, interlace=0, extra=b"", raw=None, cgbi=False):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    row_bytes = (width * channels * bit_depth + 7) // 8
    if raw is None:
        if interlace:
            raw = b""
            for (x0, y0, dx, dy) in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
                                     (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
                w = max(0, (width - x0 + dx - 1) // dx)
                h = max(0, (height - y0 + dy - 1) // dy)
                if w == 0:
                    continue
                rb = (w * channels * bit_depth + 7) // 8
                for y in range(h):
                    raw += bytes([y % 5]) + bytes((i * 37 + y) & 0xFF for i in range(rb))
        else:
            raw = b"".join(bytes([y % 5]) + bytes((i * 37 + y) & 0xFF for i in range(row_bytes))
                           for y in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, interlace)
    head = chunk(b"CgBI", b"\x50\x00\x20\x06") if cgbi else b""
    return SIGNATURE + head + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) \
        + chunk(b"IEND", b"")


PLTE = chunk(b"PLTE", bytes(range(48)))
write("png", "rgba8.png", png(5, 4, 6, 8))
write("png", "rgb8-trns.png", png(4, 3, 2, 8, extra=chunk(b"tRNS", b"\x00\x01\x00\x02\x00\x03")))
write("png", "rgba16.png", png(3, 3, 6, 16))
write("png", "rgba16-adam7.png", png(9, 7, 6, 16, interlace=1))
write("png", "rgb16-adam7-gamma.png", png(5, 5, 2, 16, interlace=1,
                                           extra=chunk(b"gAMA", struct.pack(">I", 45455))))
write("png", "gray1.png", png(9, 2, 0, 1))
write("png", "gray2-adam7.png", png(10, 9, 0, 2, interlace=1))
write("png", "graya8-srgb.png", png(3, 2, 4, 8, extra=chunk(b"sRGB", b"\x00")))
write("png", "palette4-trns.png", png(6, 3, 3, 4, extra=PLTE + chunk(b"tRNS", b"\x00\x80")))
write("png", "palette8-adam7.png", png(9, 9, 3, 8, interlace=1,
                                       raw=None, extra=chunk(b"PLTE", bytes(range(256)) * 3)))
write("png", "truncated.png", png(8, 8, 6, 8)[:60])
write("png", "large-header.png", png(600, 1, 0, 8))
write("png", "huge-header.png", SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)))
write("png", "cgbi.png", png(2, 2, 6, 8, cgbi=True))
write("png", "bad-crc.png", png(2, 2, 2, 8)[:-5] + b"\x00\x00\x00\x00\x01")
write("png", "lfs-pointer.png", "version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n")

# --- push payloads ----------------------------------------------------------------------------

payloads = {
    "alternate.json": '{"aps":{"content-available":1,"icon_name":"Blue"}}',
    "top-level.json": '{"icon_name":"Green","Simulator Target Bundle":"dev.iconpick.Palette"}',
    "reset-null.json": '{"icon_name":null}',
    "primary.json": '{"aps":{"icon_name":"AppIcon"}}',
    "unknown.json": '{"icon_name":"Bleu"}',
    "unicode.json": '{"icon_name":"\\u00dcn\\u00efc\\u00f8d\\u00e9"}',
    "control.json": '{"icon_name":"a\\u001b[31m\\u2028\\u202e"}',
    "separator.json": '{"icon_name":"../Blue"}',
    "wrong-type.json": '{"icon_name":[1,{"a":true}],"aps":"x"}',
    "other-bundle.json": '{"Simulator Target Bundle":"com.example","icon_name":"Blue"}',
    "no-name.json": '{"aps":{"alert":"hi","badge":1e400}}',
    "array.json": '[1,2,3]',
    "deep.json": '[' * 40 + ']' * 40,
}
for name, text in payloads.items():
    write("push", name, text)
write("push", "latin1.json", b'{"icon_name":"\xe9"}')
write("push", "utf16.json", '{"icon_name":"Blue"}'.encode("utf-16"))

# --- Icon Composer icon.json ------------------------------------------------------------------

def icon_json(value):
    """As Icon Composer writes it: keys sorted, two-space indent, " : " between key and value."""
    return json.dumps(value, indent=2, separators=(",", " : "), sort_keys=True)


def position(scale=1, x=0, y=0):
    return {"scale": scale, "translation-in-points": [x, y]}


def gradient(a, b):
    return {"linear-gradient": [a, b]}


BLUE = gradient("srgb:0.18431,0.49020,0.96471,1.00000", "display-p3:0.10155,0.22382,0.54026,1.00000")
icon_jsons = {
    # The shape of the bundled demo's icons: a gradient that changes in dark and tinted, a glass
    # shape over a soft-light glow.
    "palette.json": {
        "color-space-for-untagged-svg-colors": "display-p3",
        "fill": BLUE,
        "fill-specializations": [
            {"appearance": "dark", "value": gradient("srgb:0.01961,0.10196,0.25098,1.00000",
                                                     "display-p3:0.01488,0.04587,0.10892,1.00000")},
            {"appearance": "tinted", "value": "system-dark"}],
        "groups": [
            {"layers": [{"blend-mode": "normal", "glass": True, "image-name": "drop.svg",
                         "name": "drop", "position": position(),
                         "fill-specializations": [
                             {"value": {"solid": "srgb:1.00000,1.00000,1.00000,1.00000"}},
                             {"appearance": "dark", "value": "none"}]}],
             "name": "Shape", "shadow": {"kind": "layer-color", "opacity": 0.5}, "specular": True,
             "translucency": {"enabled": True, "value": 0.2}},
            {"blend-mode": "soft-light", "name": "Glow",
             "layers": [{"glass": False, "image-name": "glow.svg", "name": "glow",
                         "opacity-specializations": [{"value": 0.6},
                                                     {"appearance": "tinted", "value": 0}],
                         "position": position()}],
             "shadow": {"kind": "none", "opacity": 0.5},
             "translucency": {"enabled": False, "value": 0.5}}],
        "supported-platforms": {"squares": "shared"}},
    # Every property through specializations, a PNG layer, blur written as null.
    "specializations.json": {
        "fill-specializations": [{"value": "system-light"},
                                 {"appearance": "dark", "value": "system-dark"}],
        "groups": [
            {"blend-mode-specializations": [{"appearance": "tinted", "value": "normal"}],
             "blur-material": None, "lighting": "individual", "specular": True,
             "shadow": {"kind": "layer-color", "opacity": 0.5},
             "translucency-specializations": [
                 {"value": {"enabled": True, "value": 0.84}},
                 {"appearance": "tinted", "value": {"enabled": False, "value": 0.84}}],
             "layers": [{"glass": True, "hidden": False, "image-name": "cube.png", "name": "cube",
                         "position": position(1.24),
                         "blend-mode-specializations": [{"appearance": "dark", "value": "lighten"}],
                         "fill-specializations": [
                             {"appearance": "dark", "value": "automatic"},
                             {"appearance": "tinted", "value": gradient(
                                 "display-p3:0.90000,0.90000,0.90000,0.83000",
                                 "srgb:1.00000,1.00000,1.00000,0.41987")}]}]},
            {"blur-material-specializations": [{"value": 1}, {"appearance": "tinted", "value": 1}],
             "layers": [{"image-name": "cube.png", "name": "cube", "position": position(1.13)}]}],
        "supported-platforms": {"circles": ["watchOS"], "squares": "shared"}},
    # watchOS positions and a squares list, a dark-only image, grey and automatic-gradient fills.
    "idioms.json": {
        "fill": {"automatic-gradient": "extended-srgb:0.20000,0.40000,1.20000,1.00000"},
        "groups": [
            {"hidden": False, "opacity": 0.9, "position": position(0.9, 0, -12),
             "position-specializations": [{"idiom": "watchOS", "value": position(0.8, 0, 4)}],
             "layers": [{"image-name": "mark.svg", "name": "mark",
                         "image-name-specializations": [{"appearance": "dark", "value": "mark-dark.svg"}],
                         "fill": {"linear-gradient": ["gray:0.9,1", "extended-gray:0.2,1"],
                                  "orientation": {"start": {"x": 0.5, "y": 0}, "stop": {"x": 0.5, "y": 0.7}}},
                         "position-specializations": [
                             {"idiom": "watchOS", "appearance": "dark", "value": position(1.1, 3, 3)}]},
                        {"image-name": "photo.jpg", "name": "photo", "blend-mode": "plus-darker",
                         "hidden-specializations": [{"appearance": "tinted", "value": True}]}]}],
        "supported-platforms": {"circles": ["watchOS"], "squares": ["iOS", "macOS"]}},
    # What Icon Composer never writes: each kind of problem check reports.
    "bad-values.json": {
        "fill": {"linear-gradient": ["srgb:1,0,0", "p3:1,0,0,1", "srgb:0,0,1,1"]},
        "groups": [
            {"blend-mode": "glow", "shadow": {"kind": "soft"}, "position": {"scale": "2"},
             "translucency": {"value": 1}, "lighting": "ambient", "hidden": True,
             "layers": [{"name": "no image", "fill": {"solid": "srgb:nan,0,0,1"}},
                        {"image-name": 7, "fill": "transparent", "opacity": "1"},
                        {"image-name": "a.svg", "fill-specializations": [{"appearance": "night", "value": "none"}, {}]},
                        "layer"]},
            {"layers": {}}],
        "supported-platforms": {"squares": ["macOS"], "circles": "watchOS"}},
    # Icon Composer 2: Xcode 26's actool crashes on these.
    "icon-composer-2.json": {
        "features": {"glass": 2},
        "groups": [{"specular": "automatic", "layers": [{"image-name": "a.svg", "name": "a"}]}],
        "supported-platforms": {"squares": "shared"}},
    # Names that must not reach outside the bundle's Assets folder.
    "unsafe-names.json": {
        "groups": [{"layers": [{"image-name": n} for n in
                               ["../../escape.svg", "/etc/hosts", "sub/a.svg", "", "..", "ok.svg"]]}]},
    "empty.json": {},
    "no-groups.json": {"supported-platforms": {"circles": ["watchOS"]}},
}
for name, value in icon_jsons.items():
    write("iconjson", name, icon_json(value))
write("iconjson", "not-an-object.json", "[1, 2, 3]")
write("iconjson", "truncated.json", icon_json(icon_jsons["palette.json"])[:300])


# --- pngdiff: PNGs for the fast path (8-bit RGB/RGBA), and near misses that libpng must take ------


def split_idat(data, pieces):
    """One IDAT per piece of `data`'s zlib stream (the fast path joins them)."""
    step = max(1, len(data) // pieces)
    return b"".join(chunk(b"IDAT", data[i:i + step]) for i in range(0, len(data), step))


def rgb_png(width, height, color_type, extra=b"", pieces=1, level=6):
    channels = 4 if color_type == 6 else 3
    raw = b"".join(bytes([y % 5]) + bytes((i * 37 + y * 11) & 0xFF for i in range(width * channels))
                   for y in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return SIGNATURE + chunk(b"IHDR", ihdr) + extra + split_idat(zlib.compress(raw, level), pieces) \
        + chunk(b"IEND", b"")


write("pngdiff", "rgba-5x4.png", rgb_png(5, 4, 6))
write("pngdiff", "rgb-7x6.png", rgb_png(7, 6, 2))
write("pngdiff", "rgb-1x1.png", rgb_png(1, 1, 2))
write("pngdiff", "rgba-33x9-stored.png", rgb_png(33, 9, 6, level=0))
write("pngdiff", "rgb-3-idats.png", rgb_png(17, 8, 2, pieces=3))
write("pngdiff", "rgba-srgb-gama.png", rgb_png(6, 6, 6, extra=chunk(b"sRGB", b"\x00")
                                                + chunk(b"gAMA", struct.pack(">I", 45455))))
write("pngdiff", "rgb-gama-linear.png", rgb_png(6, 5, 2, extra=chunk(b"gAMA", struct.pack(">I", 100000))))
write("pngdiff", "rgb-text.png", rgb_png(4, 4, 2, extra=chunk(b"tEXt", b"Software\x00seed")))
write("pngdiff", "rgb-trns.png", rgb_png(4, 3, 2, extra=chunk(b"tRNS", b"\x00\x01\x00\x02\x00\x03")))
write("pngdiff", "rgba16.png", png(3, 3, 6, 16))
write("pngdiff", "palette4.png", png(6, 3, 3, 4, extra=PLTE))
write("pngdiff", "rgba-adam7.png", png(9, 7, 6, 8, interlace=1))


# --- cgbi: Apple's CgBI PNGs (raw deflate, BGRA premultiplied, iDOT, split IDAT, Adam7) ---------

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def cgbi_png(width, height, channels=4, interlace=0, pieces=1, idot=False):
    def pixel(x, y):
        a = (x * 40 + y * 13) & 0xFF if channels == 4 else 255
        r, g, b = (x * 30) & 0xFF, (y * 20) & 0xFF, 200
        pre = [(c * a + 127) // 255 for c in (b, g, r)]
        return bytes(pre + ([a] if channels == 4 else []))

    def rows(xs, ys):
        return b"".join(bytes([y % 5 if False else 0]) + b"".join(pixel(x, y) for x in xs) for y in ys)

    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                raw += rows(xs, ys)
    else:
        raw = rows(range(width), range(height))
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    stream = compressor.compress(raw) + compressor.flush()
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, interlace)
    extra = chunk(b"iDOT", bytes(28)) if idot else b""
    return SIGNATURE + chunk(b"CgBI", b"\x50\x00\x20\x06") + chunk(b"IHDR", ihdr) + extra \
        + split_idat(stream, pieces) + chunk(b"IEND", b"")


write("cgbi", "rgba-8x6.png", cgbi_png(8, 6))
write("cgbi", "rgba-9x7-adam7.png", cgbi_png(9, 7, interlace=1))
write("cgbi", "rgb-5x5.png", cgbi_png(5, 5, channels=3))
write("cgbi", "rgba-16x16-idot-2-idats.png", cgbi_png(16, 16, pieces=2, idot=True))
write("cgbi", "rgba-1x1-adam7.png", cgbi_png(1, 1, interlace=1))
write("cgbi", "truncated.png", cgbi_png(8, 8)[:60])


# --- car: Assets.car (a BOM store holding CoreUI's catalog) --------------------------------------

def car_file(renditions, leaf_size=2, appearances=True, metadata=True):
    blocks = [b""]
    variables = []

    def add(data):
        blocks.append(data)
        return len(blocks) - 1

    def tree(name, entries):
        leaves = []
        chunks = [entries[i:i + leaf_size] for i in range(0, max(len(entries), 1), leaf_size)]
        pairs = [[(add(v), add(k)) for k, v in c] for c in chunks]
        for index, chunk_pairs in enumerate(pairs):
            leaves.append(len(blocks))
            forward = len(blocks) + 1 if index + 1 < len(pairs) else 0
            leaf = struct.pack(">HHII", 1, len(chunk_pairs), forward, 0)
            leaf += b"".join(struct.pack(">II", v, k) for v, k in chunk_pairs)
            add(leaf)
        root = add(struct.pack(">HHII", 0, len(leaves), 0, 0) + b"".join(struct.pack(">II", l, 0) for l in leaves))
        variables.append((name, add(b"tree" + struct.pack(">IIIIB", 1, root, 4096, len(leaves) + 1, 0))))

    def field(text, length):
        return text.encode()[:length - 1].ljust(length, b"\x00")

    header = b"RATC" + struct.pack("<IIII", 975, 17, 0, len(renditions))
    header += field("@(#)PROGRAM:CoreUI PROJECT:CoreUI-972.1", 128)
    header += field("Xcode 26.2 (17C52) via AssetCatalogSimulatorAgent", 256) + bytes(16) + struct.pack("<IIII", 0, 2, 0, 1)
    variables.append(("CARHEADER", add(header)))
    if metadata:
        variables.append(("EXTENDED_METADATA", add(b"META" + field("", 256) + field("13.0", 256) + field("ios", 256)
                                                   + field("CoreThemeDefinition-653.3", 256))))
    keyformat = [7, 12, 15, 16, 9, 8, 17, 1, 2]
    variables.append(("KEYFORMAT", add(b"tmfk" + struct.pack("<II", 0, len(keyformat)) + b"".join(struct.pack("<I", a) for a in keyformat))))
    if appearances:
        tree("APPEARANCEKEYS", [(b"UIAppearanceAny", struct.pack("<H", 0)), (b"UIAppearanceDark", struct.pack("<H", 1))])
    tree("FACETKEYS", [(b"AppIcon", struct.pack("<HHHHHHH", 0, 0, 2, 1, 85, 17, 100))])
    entries = []
    for identifier, idiom, scale, appearance, pixels, layout, name in renditions:
        values = {7: appearance, 12: scale, 15: idiom, 17: identifier, 1: 85, 2: 181}
        key = b"".join(struct.pack("<H", values.get(a, 0)) for a in keyformat)
        csi = b"ISTC" + struct.pack("<IIIII", 1, 0, pixels, pixels, scale * 100) + b"BGRA" + struct.pack("<II", 0, 0)
        csi += struct.pack("<HH", layout, 0) + field(name, 128) + struct.pack("<I", 0) + bytes(12) + b"MLEC" + bytes(16)
        entries.append((key, csi))
    tree("RENDITIONS", entries)

    out = bytearray(32)
    index = []
    for block in blocks:
        index.append((len(out), len(block)) if block else (0, 0))
        out += block
    index_offset = len(out)
    out += struct.pack(">I", len(blocks)) + b"".join(struct.pack(">II", a, l) for a, l in index)
    variables_offset = len(out)
    out += struct.pack(">I", len(variables)) + b"".join(struct.pack(">IB", b, len(n)) + n.encode() for n, b in variables)
    out[0:32] = b"BOMStore" + struct.pack(">IIIIII", 1, len(blocks), index_offset, variables_offset - index_offset,
                                          variables_offset, len(out) - variables_offset)
    return bytes(out)


APP_ICON_RENDITIONS = [
    (100, 1, 1, 0, 0, 1010, "AppIcon"),
    (100, 1, 2, 0, 120, 12, "Icon-App-60x60@2x.png"),
    (100, 6, 1, 0, 1024, 12, "Icon-1024.png"),
    (100, 2, 2, 1, 152, 1003, "Icon-76@2x.png"),
]
write("car", "app-icon.car", car_file(APP_ICON_RENDITIONS))
write("car", "one-leaf.car", car_file(APP_ICON_RENDITIONS, leaf_size=10))
write("car", "icon-composer.car", car_file([(100, 0, 1, 0, 0, 1019, "AppIcon"), (100, 0, 1, 0, 0, 1020, "Group")]))
write("car", "xcode7-like.car", car_file(APP_ICON_RENDITIONS[1:3], appearances=False, metadata=False))
write("car", "empty.car", car_file([]))
write("car", "truncated.car", car_file(APP_ICON_RENDITIONS)[:400])


# --- ipa: zip archives holding Payload/NAME.app ---------------------------------------------------

import io
import zipfile

SEED_PLIST = plistlib.dumps({
    "CFBundleIdentifier": "com.example.seed", "CFBundleDisplayName": "Seed",
    "CFBundleIcons": {"CFBundlePrimaryIcon": {"CFBundleIconFiles": ["AppIcon60x60"], "CFBundleIconName": "AppIcon"},
                      "CFBundleAlternateIcons": {"Blue": {"CFBundleIconFiles": ["Blue60x60"], "CFBundleIconName": "Blue"}}},
}, fmt=plistlib.FMT_BINARY)


def ipa(files, compression=zipfile.ZIP_DEFLATED):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as z:
        for name, data in files:
            z.writestr(name, data)
    return buffer.getvalue()


APP_FILES = [
    ("Payload/Seed.app/Info.plist", SEED_PLIST),
    ("Payload/Seed.app/AppIcon60x60@2x.png", cgbi_png(8, 8)),
    ("Payload/Seed.app/Blue60x60@2x.png", cgbi_png(6, 6, channels=3)),
]
write("ipa", "app.ipa", ipa(APP_FILES))
write("ipa", "stored.ipa", ipa(APP_FILES, zipfile.ZIP_STORED))
write("ipa", "watch-app.ipa", ipa(APP_FILES + [("Payload/Seed.app/Watch/W.app/Info.plist", SEED_PLIST)]))
write("ipa", "two-apps.ipa", ipa(APP_FILES + [("Payload/Other.app/Info.plist", SEED_PLIST)]))
write("ipa", "zip-in-zip.ipa", ipa([("App.ipa", ipa(APP_FILES))]))
write("ipa", "wrapped.ipa", ipa([("Build/" + name, data) for name, data in APP_FILES]))
write("ipa", "climbs-out.ipa", ipa(APP_FILES + [("../evil.png", b"x")]))
write("ipa", "xml-plist.ipa", ipa([("Payload/Seed.app/Info.plist", plistlib.dumps(plistlib.loads(SEED_PLIST)))]))


# --- projectyml: XcodeGen specs (the fuzz target writes App/Assets.xcassets, App/App.xcconfig and
# base.yml beside them) ------------------------------------------------------------------------------

write("projectyml", "capacitor.yml", """name: App
options:
  bundleIdPrefix: dev.fuzz
  deploymentTarget: {iOS: "15.0"}
targets:
  Dev:
    type: application
    platform: iOS
    sources: [App]
    configFiles: {Debug: App/App.xcconfig, Release: App/App.xcconfig}
    settings:
      base: {ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon, INFOPLIST_FILE: App/Info.plist}
""")
write("projectyml", "groups-and-include.yml", """name: Groups
include:
  - base.yml
  - path: gone.yml
    enable: ${NOPE}
configs: {Debug: debug, Release: release, Staging Release: release}
settingGroups:
  ids: {PRODUCT_BUNDLE_IDENTIFIER: dev.fuzz.groups}
  icons:
    groups: [ids]
    configs:
      staging: {ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Beta}
targets:
  App:
    platform: iOS
    sources:
      - path: App
        excludes: ["**/*.md", "Tests/**"]
        type: group
    settings:REPLACE:
      groups: [icons]
    info:
      path: App/Info.plist
      properties:
        CFBundleIcons:
          CFBundleAlternateIcons: {Beta: {CFBundleIconName: Beta}}
""")
write("projectyml", "templates.yml", """name: Multi
targetTemplates:
  Base:
    type: application
    sources: [{path: App, type: syncedFolder}]
    settings:
      PRODUCT_BUNDLE_IDENTIFIER: dev.fuzz.${target_name}
targets:
  Multi:
    templates: [Base]
    platform: [iOS, tvOS]
    deploymentTarget: {iOS: "16.0", tvOS: "16.0"}
  Auto:
    templates: [Base]
    platform: auto
    supportedDestinations: [iOS, tvOS, macCatalyst]
""")
write("projectyml", "anchors.yml", """name: Anchors
base: &base
  type: application
  platform: iOS
  sources: App
targets:
  One:
    <<: *base
  Two:
    <<: [*base]
    settings: {TARGETED_DEVICE_FAMILY: "1,2", ENABLE: YES, N: 3, F: 1.5, X: ~}
""")
laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
for previous, level in zip("abcdefg", "bcdefgh"):
    laughs += "%s: &%s [%s]\n" % (level, level, ", ".join(["*" + previous] * 10))
write("projectyml", "laughs.yml", laughs)
write("projectyml", "deep.yml", "a: " + "[" * 140 + "]" * 140 + "\n")
write("projectyml", "not-yaml.yml", "name: [unclosed\n  - : :\n\t")
write("projectyml", "json.yml", '{"name": "Json", "targets": {"App": {"type": "application", "platform": "iOS", "sources": ["App"]}}}')

# --- terminal replies to the graphics detection ----------------------------------------------

ESC = "\x1b"
ST = ESC + "\\"
replies = {
    "kitty.txt": ESC + "_Gi=31;OK" + ST + ESC + "P>|kitty(0.35.2)" + ST + ESC + "[6;18;9t" + ESC + "[?62;c",
    "xterm-sixel.txt": ESC + "P>|XTerm(390)" + ST + ESC + "[6;20;10t" + ESC + "[4;480;800t"
    + ESC + "[?1;0;1024S" + ESC + "[?2;0;1000;1000S" + ESC + "[?63;1;2;4;6;9;15;16;22;28c",
    "iterm.txt": ESC + "]1337;ReportCellSize=17.0;8.0;2.0" + ST + ESC + "P>|iTerm2 3.5.0" + ST + ESC + "[?62;4c",
    "tmux.txt": ESC + "P>|tmux 3.4" + ST + ESC + "[?1;2;4c",
    "vte.txt": ESC + "[?65;1;9c",
    "kitty-error.txt": ESC + "_Gi=31;ENOTSUPPORTED:no" + ST + ESC + "[?62;c",
    "truncated.txt": ESC + "_Gi=31;OK" + ST + ESC + "[?62;4",
    "huge-numbers.txt": ESC + "[6;" + "9" * 200 + ";" + "9" * 200 + "t" + ESC + "[?" + "4;" * 300 + "c",
    "unterminated-dcs.txt": ESC + "P>|" + "A" * 1000,
    "bel-osc.txt": ESC + "]1337;ReportCellSize=20;10\x07" + ESC + "[?4c",
}
for name, text in replies.items():
    write("replies", name, text.encode("latin-1"))

# --- Info.plist edits (InfoPlistEditor) ---------------------------------------------------------

HEADER = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
          '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n')


def xml_plist(body):
    return HEADER + body + "</plist>\n"


write("infoplistedit", "modern.plist", plistlib.dumps(plists["modern.plist"], fmt=plistlib.FMT_XML))
write("infoplistedit", "binary.plist", plistlib.dumps(plists["modern.plist"], fmt=plistlib.FMT_BINARY))
write("infoplistedit", "bare.plist", xml_plist("<dict>\n\t<key>CFBundleName</key>\n\t<string>Seed</string>\n</dict>\n"))
write("infoplistedit", "empty-alternates.plist", xml_plist(
    "<dict>\n\t<key>CFBundleIcons</key>\n\t<dict>\n\t\t<key>CFBundleAlternateIcons</key>\n\t\t<dict/>\n\t</dict>\n</dict>\n"))
write("infoplistedit", "spaces-crlf.plist", xml_plist(
    "<dict>\r\n  <key>CFBundleIcons</key>\r\n  <dict>\r\n    <key>CFBundlePrimaryIcon</key>\r\n"
    "    <string>AppIcon</string>\r\n  </dict>\r\n</dict>\r\n").replace("\n", "\r\n").replace("\r\r\n", "\r\n"))
write("infoplistedit", "comments-cdata.plist", xml_plist(
    "<!-- top --><dict>\n\t<key>A &amp; B</key><string><![CDATA[<x>]]>&#65;</string>\n\t<!-- icons -->\n"
    "\t<key>CFBundleIcons</key>\n\t<dict>\n\t</dict>\n</dict>\n"))
write("infoplistedit", "one-line.plist",
      '<plist version="1.0"><dict><key>CFBundleIcons</key><dict><key>CFBundleAlternateIcons</key>'
      '<dict><key>Red</key><dict/></dict></dict></dict></plist>')
write("infoplistedit", "icons-not-a-dict.plist", xml_plist(
    "<dict>\n\t<key>CFBundleIcons</key>\n\t<string>AppIcon</string>\n</dict>\n"))
write("infoplistedit", "duplicate-keys.plist", xml_plist(
    "<dict>\n\t<key>CFBundleIcons</key>\n\t<dict/>\n\t<key>CFBundleIcons</key>\n\t<dict/>\n</dict>\n"))
write("infoplistedit", "not-a-dictionary.plist", plistlib.dumps(["a", 1], fmt=plistlib.FMT_XML))

# --- Change journal (.iconpick/journal) -------------------------------------------------------
# The target keeps "old\n" as every blob the journal names, and "new\n" as App/Info.plist.

def fnv1a(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def journal_body(entries, id="00c0ffee12345678"):
    return json.dumps({"id": id, "pid": 4242, "entries": entries}, sort_keys=True, indent=2).encode()


def journal_file(body, version=1):
    return b"iconpick journal %d\n%d %s\n" % (version, len(body), fnv1a(body).encode()) + body


def digest(data):
    return {"length": len(data), "checksum": fnv1a(data)}


def temporary(path, id="00c0ffee12345678"):
    folder, _, name = path.rpartition("/")
    return (folder + "/" if folder else "") + "." + name + ".iconpick-" + id


modify = {"kind": "modify", "path": "App/Info.plist", "mode": 0o644,
          "original": dict(file="blob-0", **digest(b"old\n")), "updated": digest(b"new\n"),
          "temporary": temporary("App/Info.plist")}
write("journal", "modify.journal", journal_file(journal_body([modify])))
write("journal", "create.journal", journal_file(journal_body([
    {"kind": "createFolder", "path": "New.appiconset"},
    {"kind": "create", "path": "New.appiconset/Contents.json", "updated": digest(b"{}\n"),
     "temporary": temporary("New.appiconset/Contents.json")},
    dict(modify, original=dict(file="blob-2", **digest(b"old\n"))),
])))
write("journal", "delete.journal", journal_file(journal_body([
    {"kind": "delete", "path": "Old/Gone.png", "mode": 0o600,
     "original": dict(file="blob-0", **digest(b"old\n")), "temporary": temporary("Old/Gone.png")},
    {"kind": "deleteFolder", "path": "Old", "mode": 0o755},
])))
write("journal", "torn.journal", journal_file(journal_body([modify]))[:-40])
write("journal", "version2.journal", journal_file(journal_body([modify]), version=2))
write("journal", "outside.journal", journal_file(journal_body([dict(modify, path="../outside.plist", temporary=None)])))
write("journal", "body.json", journal_body([modify]))

# packagemanifest: Package.swift manifests as real packages write them (declarative, appended
# under an `if`, by-name and `.target(name:)` dependencies, `path:`), and broken ones.
MANIFEST_DECLARATIVE = b'''// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "App",
  products: [.library(name: "Core", targets: ["Core"])],
  targets: [
    .target(name: "Core", dependencies: ["Models", .product(name: "Gen", package: "swift-gen")]),
    .target(name: "Models", path: "Sources/SharedModels"),
    .testTarget(name: "CoreTests", dependencies: ["Core"]),
  ]
)
'''
write("packagemanifest", "declarative.manifest", MANIFEST_DECLARATIVE)
write("packagemanifest", "appended.manifest", b'''var package = Package(name: "app", products: [], targets: [])
if ProcessInfo.processInfo.environment["TEST_SERVER"] == nil {
  package.products.append(contentsOf: [.library(name: "Settings", targets: ["Settings"])])
  package.targets.append(contentsOf: [
    .target(name: "Settings", dependencies: [.target(name: "Core"), .byName(name: "Client")]),
    .target(name: "Client"), .executableTarget(name: "Tool", dependencies: ["Settings"]),
  ])
}
''')
write("packagemanifest", "unbalanced.manifest", b'let package = Package(products: [.library(name: "A", targets: ["A"]\n.target(name: "A", dependencies: [")]\n')
write("packagemanifest", "computed.manifest", b'let names = ["A", "B"]\nlet package = Package(name: "x", products: names.map { .library(name: $0, targets: [$0]) }, targets: names.map { .target(name: $0) })\n')
write("packagemanifest", "cycle.manifest", b'let package = Package(name: "c", products: [.library(name: "A", targets: ["A"])], targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B", dependencies: ["A"])])\n')
