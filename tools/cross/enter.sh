#!/bin/sh
# Runs a command inside a Debian build root, in a private mount namespace of its own: /proc, /dev (with /dev/pts) and
# the folders given are mounted for that command only and vanish with it, so no mount outlives the command (not even
# when it is killed) and removing the root can never reach the host's /dev. The folders keep their host paths inside
# the root, so a package built there has the same paths as on the host.
#
#   tools/cross/enter.sh ROOT [DIR...] -- COMMAND [ARG...]
#
# Needs root (unshare, mount, chroot). The command gets a clean environment (PATH, HOME=/root, LANG=C.UTF-8) plus
# the variables named in ROUTECUE_ENTER_ENV (space-separated NAME=VALUE pairs are not parsed: names only).
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

set -- PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
for name in ${ROUTECUE_ENTER_ENV:-}; do
    eval "value=\${$name-}"
    set -- "$name=$value" "$@"
done
exec chroot "$root" /usr/bin/env -i "$@"
