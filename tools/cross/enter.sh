#!/bin/sh
# Runs a command inside a Debian build root, in a private mount namespace of its own: /proc, /dev (with /dev/pts) and
# the folders given are mounted for that command only and vanish with it, so no mount outlives the command (not even
# when it is killed) and removing the root can never reach the host's /dev. The folders keep their host paths inside
# the root, so a package built there has the same paths as on the host.
#
#   tools/cross/enter.sh ROOT [DIR...] -- COMMAND [ARG...]
#
# A DIR's path stays in the root as an empty folder (its mount point). qemu -L looks a path up in the root first, so
# such a folder hides the host's under emulation: mount only the repository (whose folder is then the one left) and
# folders the root has anyway (/tmp).
# Needs root (unshare, mount, chroot). The command gets a clean environment (PATH, HOME=/root, LANG=C.UTF-8).
set -eu

if [ -z "${ROUTECUE_ENTER_NAMESPACE:-}" ]; then
    ROUTECUE_ENTER_NAMESPACE=1 exec unshare --mount --propagation private "$0" "$@"
fi

root=$1; shift
[ -d "$root/usr" ] || { echo "enter: $root is not a build root" >&2; exit 1; }
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    mkdir -p "$root$1"
    mount --bind "$1" "$root$1"
    shift
done
[ $# -gt 0 ] && shift
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# The command starts in the caller's working folder when the root has it (a mounted one), else in /: a program that
# looks for files relative to it (routecue's config/phrases in a checkout) finds the same ones as outside.
cwd=$(pwd)
[ -d "$root$cwd" ] || cwd=/
set -- PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
exec chroot "$root" /usr/bin/env -i -C "$cwd" "$@"
