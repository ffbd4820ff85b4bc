#!/bin/sh
# Builds RouteCue in the Debian 13 build root (tools/cross/buildroot.sh, made or reused first) with Debian's Swift 6.0,
# and prints the path of what it built on standard output (what it does goes to standard error).
#
#   tools/cross/build.sh routecue   the head unit's binary for ARCH (aarch64): release, the Swift runtime linked
#                                   statically, stripped -> .build/ARCH/routecue (at most 15 MB, checked);
#                                   routecue-qemu beside it runs it under qemu
#   tools/cross/build.sh native     the same binary for this machine (x86_64) from the same toolchain, the reference
#                                   the ARCH binary is compared with -> .build/trixie-HOSTARCH/routecue (it needs
#                                   Debian 13's libraries: routecue-root beside it runs it inside the root)
#   tools/cross/build.sh tests      the test bundle for ARCH: release with testability (the emulated debug bundle is
#                                   30-50x slower than native), the Swift runtime and XCTest as shared libraries
#                                   (XCTest for Linux has no static library) -> .build/ARCH-tests/…/RouteCuePackageTests.xctest
#
# The repository is mounted into the root at its own path, so the build folders are the repository's .build.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/common.sh"
MAX_BYTES=15000000

what=${1:-}
ROOT=$("$HERE/buildroot.sh")
in_root() { "$HERE/enter.sh" "$ROOT" "$REPO" -- sh -ec "cd '$REPO' && $1"; }
# SwiftPM's own pkg-config reader must read the target's .pc files, else it links the host's libraries.
CROSS_FLAGS="--pkg-config-path /usr/lib/$GNU_TRIPLE/pkgconfig"

case $what in
routecue)
    say "building routecue for $ARCH with Swift $(in_root 'swift --version 2>/dev/null' | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p;q') (release, Swift runtime static) in .build/$ARCH-static"
    in_root "swift build -c release --product routecue --static-swift-stdlib --destination $DESTINATION_STATIC \
        $CROSS_FLAGS --build-path .build/$ARCH-static >&2"
    mkdir -p ".build/$ARCH"
    in_root "$GNU_TRIPLE-strip -o .build/$ARCH/routecue.tmp .build/$ARCH-static/$TRIPLE/release/routecue"
    mv ".build/$ARCH/routecue.tmp" ".build/$ARCH/routecue"
    bytes=$(stat -c %s ".build/$ARCH/routecue")
    say "$REPO/.build/$ARCH/routecue: $(awk -v b="$bytes" 'BEGIN { printf "%.1f MB", b / 1e6 }') stripped ($bytes bytes; goal at most 15 MB); needs on the board: $(in_root "readelf -d .build/$ARCH/routecue" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')"
    [ "$bytes" -le $MAX_BYTES ] || fail "the stripped binary is $bytes bytes, over the 15 MB limit"
    # A stand-in for the host's routecue that runs this one under qemu: for anything that spawns routecue by path
    # (the tests' ROUTECUE_BINARY, routecue-bench's ROUTECUE argument).
    cat >".build/$ARCH/routecue-qemu" <<WRAPPER
#!/bin/sh
# Runs .build/$ARCH/routecue under qemu (written by tools/cross/build.sh).
ROUTECUE_CROSS_CACHE='$CROSS_CACHE' ARCH=$ARCH exec '$HERE/qemu.sh' '$REPO/.build/$ARCH/routecue' "\$@"
WRAPPER
    chmod +x ".build/$ARCH/routecue-qemu"
    echo "$REPO/.build/$ARCH/routecue"
    ;;
native)
    host=$(uname -m)
    say "building routecue for $host with the same Swift 6.0 (release, Swift runtime static) in .build/trixie-$host-static"
    in_root "swift build -c release --product routecue --static-swift-stdlib --build-path .build/trixie-$host-static >&2"
    mkdir -p ".build/trixie-$host"
    in_root "strip -o .build/trixie-$host/routecue.tmp .build/trixie-$host-static/release/routecue"
    mv ".build/trixie-$host/routecue.tmp" ".build/trixie-$host/routecue"
    # A stand-in that runs it inside the root (it needs Debian 13's glibc), seeing the repository and /tmp at their
    # own paths: for the benches that spawn routecue by path.
    cat >".build/trixie-$host/routecue-root" <<WRAPPER
#!/bin/sh
# Runs .build/trixie-$host/routecue inside the Debian 13 build root (written by tools/cross/build.sh).
exec '$HERE/enter.sh' '$ROOT' '$REPO' /tmp -- '$REPO/.build/trixie-$host/routecue' "\$@"
WRAPPER
    chmod +x ".build/trixie-$host/routecue-root"
    echo "$REPO/.build/trixie-$host/routecue"
    ;;
tests)
    say "building the test bundle for $ARCH (release with testability, shared Swift runtime) in .build/$ARCH-tests"
    in_root "swift build -c release --build-tests -Xswiftc -enable-testing --destination $DESTINATION_SHARED \
        $CROSS_FLAGS --build-path .build/$ARCH-tests >&2"
    echo "$REPO/.build/$ARCH-tests/$TRIPLE/release/RouteCuePackageTests.xctest"
    ;;
*)
    echo "usage: tools/cross/build.sh routecue | native | tests" >&2; exit 2 ;;
esac
