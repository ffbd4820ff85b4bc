# Shared by the tools/cross scripts (sourced, not run): where the Debian 13 build root lives, which target ARCH names,
# and how its steps report. Everything the cross build downloads comes from Debian's archive.
#
#   ROUTECUE_CROSS_CACHE  the cache folder (default ${XDG_CACHE_HOME:-$HOME/.cache}/routecue/cross); the build root is
#                         CACHE/trixie-HOSTARCH, reused by every later build
#   DEBIAN_MIRROR         Debian's archive (default http://deb.debian.org/debian)
#   ARCH                  the head unit's architecture: aarch64 (the default; Debian 13 packages Swift for arm64 only)

# The repository: every script sourcing this file sits in its tools/cross.
REPO=$(cd "$(dirname "$0")/../.." && pwd)
CROSS_CACHE=${ROUTECUE_CROSS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/routecue/cross}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
HOST_DEB_ARCH=$(dpkg --print-architecture 2>/dev/null || echo unknown)
ROOT=$CROSS_CACHE/trixie-$HOST_DEB_ARCH
ARCH=${ARCH:-aarch64}

case $ARCH in
    aarch64|arm64) ARCH=aarch64; DEB_ARCH=arm64; TRIPLE=aarch64-unknown-linux-gnu; GNU_TRIPLE=aarch64-linux-gnu ;;
    *) echo "cross: no Swift for ARCH=$ARCH in Debian 13 (its swiftlang is built for amd64 and arm64): use ARCH=aarch64" >&2
       exit 2 ;;
esac

# Inside the build root: the target's Swift runtime (unpacked from swiftlang:DEB_ARCH and libswiftlang:DEB_ARCH) and the
# SwiftPM destinations that point at it, one linking the runtime statically (the head unit's binary), one dynamically
# (test bundles: XCTest for Linux has no static library).
TARGET_SWIFT=/opt/$DEB_ARCH-swift
DESTINATION_STATIC=/etc/routecue-cross/$ARCH-static.json
DESTINATION_SHARED=/etc/routecue-cross/$ARCH-shared.json
TARGET_RUNTIME_LIBS=$TARGET_SWIFT/usr/libexec/swift/lib/swift/linux

say() { echo "cross: $*" >&2; }
fail() { echo "cross: $*" >&2; exit 1; }

# The build root is usable: made to the end by this recipe (tools/cross/buildroot.sh writes the marker last).
root_ready() { [ -f "$ROOT/.routecue-recipe" ] && [ "$(cat "$ROOT/.routecue-recipe")" = "$1" ]; }
