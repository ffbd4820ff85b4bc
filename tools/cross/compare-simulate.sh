#!/bin/sh
# Replays drives through `routecue simulate` twice, with the ARCH (aarch64) binary under qemu and with the host's
# binary built by the same toolchain against the same libraries (both from tools/cross/build.sh), and checks that
# the cue logs are identical and the WAVs byte-identical. The host binary runs inside the build root (Debian 13's
# glibc, libgps and espeak-ng), the ARCH one under qemu with the same root's libraries: the only difference left is
# the architecture, so any difference is a bug (floating-point contraction, CChar's signedness, a C struct's layout).
#
#   tools/cross/compare-simulate.sh HOST_BINARY ARCH_BINARY OUTDIR ROUTE FIXES [ROUTE FIXES …]
#
# Prints one line per drive (cues, WAV bytes, wall time of each run) and exits 1 when any drive differs.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/common.sh"
[ $# -ge 5 ] && [ $(( ($# - 3) % 2 )) -eq 0 ] || {
    echo "usage: tools/cross/compare-simulate.sh HOST_BINARY ARCH_BINARY OUTDIR ROUTE FIXES [ROUTE FIXES …]" >&2; exit 2; }
host_bin=$(realpath "$1"); arch_bin=$(realpath "$2"); mkdir -p "$3"; out=$(realpath "$3"); shift 3
ROOT=$("$HERE/buildroot.sh")

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
differing=0 drives=0
while [ $# -ge 2 ]; do
    route=$(realpath "$1"); fixes=$(realpath "$2"); shift 2
    drives=$((drives + 1))
    name=$(printf '%02d-%s' "$drives" "$(basename "${fixes%.*}")")
    args="simulate --route $route --fixes $fixes"
    t0=$(now)
    # shellcheck disable=SC2086
    "$HERE/enter.sh" "$ROOT" "$(dirname "$host_bin")" "$(dirname "$route")" "$(dirname "$fixes")" "$out" -- \
        "$host_bin" $args --cues "$out/$name.host.jsonl" --wav "$out/$name.host.wav" >"$out/$name.host.txt" 2>&1 \
        || { cat "$out/$name.host.txt" >&2; fail "$name: the host binary's simulate failed"; }
    t1=$(now)
    # shellcheck disable=SC2086
    "$HERE/qemu.sh" "$arch_bin" $args --cues "$out/$name.$ARCH.jsonl" --wav "$out/$name.$ARCH.wav" >"$out/$name.$ARCH.txt" 2>&1 \
        || { cat "$out/$name.$ARCH.txt" >&2; fail "$name: the $ARCH binary's simulate failed"; }
    t2=$(now)
    cues=$(grep -c '"event":"spoken"' "$out/$name.host.jsonl" || true)
    verdict="identical"
    if ! cmp -s "$out/$name.host.jsonl" "$out/$name.$ARCH.jsonl"; then
        verdict="CUE LOGS DIFFER (first difference: line $(cmp "$out/$name.host.jsonl" "$out/$name.$ARCH.jsonl" | sed -n 's/.* line \([0-9]*\).*/\1/p'))"
        differing=$((differing + 1))
    elif ! cmp -s "$out/$name.host.wav" "$out/$name.$ARCH.wav"; then
        verdict="WAVS DIFFER ($(cmp "$out/$name.host.wav" "$out/$name.$ARCH.wav" | head -1))"
        differing=$((differing + 1))
    fi
    echo "  $name: $cues cues spoken, WAV $(stat -c %s "$out/$name.host.wav") bytes; $(uname -m) $(seconds "$t0" "$t1") s, $ARCH under qemu $(seconds "$t1" "$t2") s: $verdict"
done
echo "compare-simulate: $drives drives, $((drives - differing)) identical, $differing differing (files in $out)"
[ "$differing" -eq 0 ]
