#!/bin/sh
# Runs an ARCH (aarch64) program of RouteCue on this machine under qemu's user-mode emulation (Debian's
# qemu-user-static), with the build root's libraries: the guest's absolute paths are looked up in the root first, so
# the aarch64 binary finds the root's ld.so, alsa-lib, libdbus, libgps, libespeak-ng and espeak-ng's voices, and
# the target's Swift runtime (for a test bundle, which links it dynamically). Everything else (the repository, /tmp,
# the host's sockets: gpsd, D-Bus, a FIFO) is the host's. The process keeps this script's PID (exec), and qemu hands
# it signals as the kernel would.
#
#   tools/cross/qemu.sh PROGRAM [ARG...]
set -eu
. "$(dirname "$0")/common.sh"
root_ready_any() { [ -f "$ROOT/.routecue-recipe" ]; }
root_ready_any || fail "no build root in $ROOT: make cross prepares it"
QEMU=$(command -v "qemu-$ARCH-static" || true)
[ -n "$QEMU" ] || fail "qemu-$ARCH-static is not installed: apt-get install qemu-user-static"
[ $# -ge 1 ] || { echo "usage: tools/cross/qemu.sh PROGRAM [ARG...]" >&2; exit 2; }
exec "$QEMU" -L "$ROOT" -E "LD_LIBRARY_PATH=$TARGET_RUNTIME_LIBS" "$@"
