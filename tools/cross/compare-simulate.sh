#!/bin/sh
# Replays drives through `routecue simulate` twice, with the ARCH (aarch64) binary under qemu and with the host's
# binary built by the same toolchain against the same libraries (both from tools/cross/build.sh), and checks that
# the cue logs are identical and the WAVs byte-identical. The host binary runs inside the build root (Debian 13's
# glibc, libgps and espeak-ng), the ARCH one under qemu with the same root's libraries: the only difference left is
# the architecture, so any difference is a bug (floating-point contraction, CChar's signedness, a C struct's layout).
#
#   tools/cross/compare-simulate.sh HOST_BINARY ARCH_BINARY OUTDIR ROUTE FIXES [ROUTE FIXES …]
#
# Prints one line per drive (cues, WAV bytes, wall time of each run) and exits 1 when any drive differs or fails. A
# drive longer than an hour is compared by its cue log alone (its WAV, silence included, would take gigabytes: the
# 4,532 km route's is over WAV's 4 GB limit); the cue log still carries each cue's synthesized duration. A drive
# longer than COMPARE_HOURS (8) is compared over its first COMPARE_HOURS: the 4,532 km route's 121 h drive would
# take 7 minutes under qemu, and eight hours hold dozens of maneuvers' cues (the order-of-synthesis bug this
# comparison found showed within them).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/common.sh"
[ $# -ge 5 ] && [ $(( ($# - 3) % 2 )) -eq 0 ] || {
    echo "usage: tools/cross/compare-simulate.sh HOST_BINARY ARCH_BINARY OUTDIR ROUTE FIXES [ROUTE FIXES …]" >&2; exit 2; }
host_bin=$(realpath "$1"); arch_bin=$(realpath "$2"); mkdir -p "$3"; out=$(realpath "$3"); shift 3
case $out/ in "$REPO"/*) ;; *) fail "OUTDIR must be inside the repository ($REPO)" ;; esac
ROOT=$("$HERE/buildroot.sh")

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
differing=0 drives=0
while [ $# -ge 2 ]; do
    drives=$((drives + 1))
    # The inputs are copied beside the outputs, inside the repository: the root sees only the repository (a folder
    # mounted into it from elsewhere would leave its path behind in the root, where qemu would look first).
    mkdir -p "$out/inputs"
    route="$out/inputs/$drives-$(basename "$1")"; fixes="$out/inputs/$drives-$(basename "$2")"
    cp "$1" "$route"; cp "$2" "$fixes"
    shift 2
    name=$(printf '%02d-%s' "$drives" "$(basename "${fixes%.*}" | sed 's/^[0-9]*-//;s/^[0-9]*-//')")
    # 1 Hz fixes: one RMC sentence a second.
    drive_seconds=$(grep -c 'RMC,' "$fixes" || true)
    hours=${COMPARE_HOURS:-8} compared="$((drive_seconds / 3600)) h of drive"
    if [ "$drive_seconds" -gt $((hours * 3600)) ]; then
        awk -v n=$((hours * 3600)) '/RMC,/ { if (++c > n) exit } { print }' "$fixes" >"$fixes.cut" && mv "$fixes.cut" "$fixes"
        compared="$compared, its first $hours h" drive_seconds=$((hours * 3600))
    fi
    args="simulate --route $route --fixes $fixes"
    host_wav="" arch_wav=""
    if [ "$drive_seconds" -le 3600 ]; then host_wav="--wav $out/$name.host.wav" arch_wav="--wav $out/$name.$ARCH.wav"; fi
    rm -f "$out/$name".*.wav
    t0=$(now)
    # shellcheck disable=SC2086
    if ! "$HERE/enter.sh" "$ROOT" "$REPO" -- \
        "$host_bin" $args --cues "$out/$name.host.jsonl" $host_wav >"$out/$name.host.txt" 2>&1; then
        echo "  $name: the $(uname -m) binary's simulate FAILED: $(tail -2 "$out/$name.host.txt")"
        differing=$((differing + 1)); continue
    fi
    t1=$(now)
    # shellcheck disable=SC2086
    if ! "$HERE/qemu.sh" "$arch_bin" $args --cues "$out/$name.$ARCH.jsonl" $arch_wav >"$out/$name.$ARCH.txt" 2>&1; then
        echo "  $name: the $ARCH binary's simulate FAILED: $(tail -2 "$out/$name.$ARCH.txt")"
        differing=$((differing + 1)); continue
    fi
    t2=$(now)
    cues=$(grep -c '"event":"spoken"' "$out/$name.host.jsonl" || true)
    verdict="identical"
    if ! cmp -s "$out/$name.host.jsonl" "$out/$name.$ARCH.jsonl"; then
        verdict="CUE LOGS DIFFER (first difference: line $(cmp "$out/$name.host.jsonl" "$out/$name.$ARCH.jsonl" | sed -n 's/.* line \([0-9]*\).*/\1/p'))"
        differing=$((differing + 1))
    elif [ -n "$host_wav" ] && ! cmp -s "$out/$name.host.wav" "$out/$name.$ARCH.wav"; then
        verdict="WAVS DIFFER ($(cmp "$out/$name.host.wav" "$out/$name.$ARCH.wav" | head -1))"
        differing=$((differing + 1))
    fi
    if [ -n "$host_wav" ]; then audio="WAV $(stat -c %s "$out/$name.host.wav") bytes"; else audio="$compared: cue log only"; fi
    echo "  $name: $cues cues spoken, $audio; $(uname -m) $(seconds "$t0" "$t1") s, $ARCH under qemu $(seconds "$t1" "$t2") s: $verdict"
    # The WAVs of the drives take room: kept for the example only.
    [ "$drives" -eq 1 ] || rm -f "$out/$name".*.wav
    rm -f "$route" "$fixes"
done
echo "compare-simulate: $drives drives, $((drives - differing)) identical, $differing differing (files in $out)"
[ "$differing" -eq 0 ]
