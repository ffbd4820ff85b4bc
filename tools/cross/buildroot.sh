#!/bin/sh
# Prepares the Debian 13 (trixie) build root RouteCue is cross-built in, or reuses the one in the cache, and prints its
# path on standard output (what it does goes to standard error).
#
# Debian 13 packages Swift 6.0 as `swiftlang` for amd64 and arm64; it needs glibc 2.38, so it runs in a Debian 13 root,
# not on Debian 12. The root holds:
#   - the host's Swift toolchain (swiftlang: compilers, SwiftPM, lld) and the host's -dev packages of the build
#     (for building and testing with Swift 6.0 natively);
#   - the target's -dev packages installed multiarch beside them (libc, libgcc, libstdc++, ALSA, D-Bus, gpsd,
#     espeak-ng), the target's espeak-ng voices and ALSA plugins (to run the binary under qemu), and the target's strip;
#   - the target's Swift runtime, unpacked from swiftlang:ARCH and libswiftlang:ARCH into /opt/ARCH-swift;
#   - two SwiftPM destinations in /etc/routecue-cross: ARCH-static.json (the runtime linked statically: the head
#     unit's binary) and ARCH-shared.json (test bundles).
#
# Cold: about 1.2 GB downloaded, 2-4 minutes, 5.2 GB on disk. A root is made in ROOT.partial and renamed only when
# complete, so a failure (or Ctrl-C) leaves no half-made root behind; an existing root made by an older recipe is
# brought up to date in place of a rebuild. Needs root, debootstrap and Debian's archive (common.sh: DEBIAN_MIRROR).
set -eu
. "$(dirname "$0")/common.sh"

# Bump when the packages or the layout below change: an existing root is then updated (apt-get installs what is new).
RECIPE="3 $ARCH"

HOST_PACKAGES="swiftlang libc6-dev libgcc-14-dev libstdc++-14-dev binutils pkg-config \
    libgps-dev libasound2-dev libespeak-ng-dev espeak-ng-data libdbus-1-dev libasound2-plugins"
TARGET_PACKAGES="libc6-dev:$DEB_ARCH libgcc-14-dev:$DEB_ARCH libstdc++-14-dev:$DEB_ARCH \
    libgps-dev:$DEB_ARCH libasound2-dev:$DEB_ARCH libespeak-ng-dev:$DEB_ARCH libdbus-1-dev:$DEB_ARCH \
    espeak-ng-data:$DEB_ARCH libasound2-plugins:$DEB_ARCH binutils-$GNU_TRIPLE"

if root_ready "$RECIPE"; then echo "$ROOT"; exit 0; fi

[ "$(id -u)" = 0 ] || fail "the build root needs root (debootstrap, mount and chroot): run as root or with sudo"
command -v debootstrap >/dev/null 2>&1 || fail "debootstrap is not installed: apt-get install debootstrap"
command -v unshare >/dev/null 2>&1 || fail "unshare (util-linux) is not installed"

mkdir -p "$CROSS_CACHE"
PARTIAL=$ROOT.partial
LOG=$CROSS_CACHE/trixie-$HOST_DEB_ARCH.log
ENTER="$(cd "$(dirname "$0")" && pwd)/enter.sh"

# A root left by an interrupted run is never used: start it again. Mounts live only in enter.sh's namespaces, so
# --one-file-system is a second guard, not the first.
cleanup() { status=$?; if [ $status -ne 0 ] && [ -d "$PARTIAL" ]; then
    rm -rf --one-file-system "$PARTIAL"; say "failed: the half-made build root was removed (log: $LOG)"; fi; }
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
rm -rf --one-file-system "$PARTIAL"

# The step's log tail on failure, with the cause named where it is a known one.
run_logged() {
    what=$1; shift
    if ! "$@" >>"$LOG" 2>&1; then
        if grep -q 'No space left on device' "$LOG"; then
            fail "$what: the disk is full ($(df -h --output=avail "$CROSS_CACHE" | tail -1 | tr -d ' ') free in $CROSS_CACHE; the root needs about 6 GB)"
        fi
        tail -15 "$LOG" >&2
        fail "$what failed (whole log: $LOG)"
    fi
}

: >"$LOG"
if [ -d "$ROOT" ]; then
    say "updating the build root $ROOT (made by an older recipe)"
    rm -f "$ROOT/.routecue-recipe"
    mv "$ROOT" "$PARTIAL"
else
    free_kb=$(df --output=avail -k "$CROSS_CACHE" | tail -1 | tr -d ' ')
    [ "$free_kb" -ge 7000000 ] || fail "the disk is too full: $((free_kb / 1024)) MB free in $CROSS_CACHE, the build root needs about 6 GB (ROUTECUE_CROSS_CACHE moves it)"
    command -v wget >/dev/null 2>&1 && { wget -q -T 30 -t 2 --spider "$DEBIAN_MIRROR/dists/trixie/InRelease" \
        || fail "Debian's archive is unreachable ($DEBIAN_MIRROR/dists/trixie/InRelease; DEBIAN_MIRROR names another mirror)"; }
    say "debootstrap Debian 13 (trixie, $HOST_DEB_ARCH) into $PARTIAL (about 2 minutes; log: $LOG)"
    run_logged "debootstrap" debootstrap --variant=minbase --include=ca-certificates trixie "$PARTIAL" "$DEBIAN_MIRROR"
fi

in_root() { what=$1; shift; run_logged "$what" "$ENTER" "$PARTIAL" -- "$@"; }
say "adding $DEB_ARCH to the root's architectures; installing Swift 6.0 (swiftlang) and the -dev packages of the build for $HOST_DEB_ARCH and $DEB_ARCH (about 1.1 GB)"
in_root "dpkg --add-architecture" dpkg --add-architecture "$DEB_ARCH"
in_root "apt-get update" apt-get update
# Without this selection swiftlang installs no /usr/bin/swift (the name clashes with OpenStack's client).
in_root "debconf" sh -c "echo 'swiftlang swiftlang/link_swift boolean true' | debconf-set-selections"
# shellcheck disable=SC2086
in_root "apt-get install" apt-get install -y --no-install-recommends $HOST_PACKAGES $TARGET_PACKAGES

say "unpacking the $DEB_ARCH Swift runtime (swiftlang:$DEB_ARCH, libswiftlang:$DEB_ARCH) into $TARGET_SWIFT"
in_root "the $DEB_ARCH Swift runtime" sh -ec "
    rm -rf '$TARGET_SWIFT' /tmp/routecue-target-swift && mkdir -p /tmp/routecue-target-swift '$TARGET_SWIFT'
    cd /tmp/routecue-target-swift
    apt-get download swiftlang:$DEB_ARCH libswiftlang:$DEB_ARCH
    for deb in *.deb; do dpkg-deb -x \"\$deb\" '$TARGET_SWIFT'; done
    cd / && rm -rf /tmp/routecue-target-swift
    test -f '$TARGET_SWIFT/usr/libexec/swift/lib/swift_static/linux/static-stdlib-args.lnk'
    test -d '$TARGET_RUNTIME_LIBS'
    apt-get clean"

say "writing the SwiftPM destinations $DESTINATION_STATIC and $DESTINATION_SHARED"
mkdir -p "$PARTIAL/etc/routecue-cross"
# -resource-dir: the target's runtime; lib/swift_static for --static-swift-stdlib (with lib/swift the driver looks for
# static-stdlib-args.lnk in the wrong place and links libswiftCore.so anyway). lld, since GNU ld here is the host's.
write_destination() {
    cat >"$PARTIAL$1" <<JSON
{
  "version": 1,
  "sdk": "/",
  "toolchain-bin-dir": "/usr/libexec/swift/bin",
  "target": "$TRIPLE",
  "extra-cc-flags": [],
  "extra-swiftc-flags": ["-resource-dir", "$TARGET_SWIFT/usr/libexec/swift/lib/$2", "-use-ld=lld"],
  "extra-cpp-flags": []
}
JSON
}
write_destination "$DESTINATION_STATIC" swift_static
write_destination "$DESTINATION_SHARED" swift

echo "$RECIPE" >"$PARTIAL/.routecue-recipe"
mv "$PARTIAL" "$ROOT"
say "build root ready: $ROOT ($(du -sh --one-file-system "$ROOT" 2>/dev/null | cut -f1))"
echo "$ROOT"
