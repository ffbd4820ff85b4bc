#!/bin/sh
# make bench-cross: the figures of the aarch64 build, one run on this machine.
#   - the build root from nothing (debootstrap, Swift 6.0 and the -dev packages), in a cache folder of its own that is
#     removed afterwards: what a fresh machine pays once;
#   - the cross build of routecue from an empty build folder in the cached root (cold), again with nothing changed,
#     and after one source file of the core changed (warm);
#   - the stripped aarch64 binary's size next to the x86_64 binary of the same toolchain (and of the host's Swift when
#     make release-static has built it);
#   - `routecue simulate` of the bundled example: the aarch64 binary under qemu next to the x86_64 one, median of 3;
#   - resident memory of `routecue run` guiding the 4,532 km route, aarch64 under qemu next to x86_64 (needs ../shared).
# Environment (make passes them): SWIFT, SHARED, LOAD_ROUTE and LOAD_TRACE (paths under SHARED). BENCH_COLD_ROOT=0
# leaves out the build root from nothing.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/common.sh"
cd "$REPO"
SWIFT=${SWIFT:-swift}
SHARED=${SHARED:-../shared/data}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
echo "bench cross: $(uname -m) host, $(nproc) cores, target $ARCH ($(date -u +%Y-%m-%d))"

if [ "${BENCH_COLD_ROOT:-1}" != 0 ]; then
    cold=$(mktemp -d "${TMPDIR:-/var/tmp}/routecue-cross-cold.XXXXXX")
    t=$(now)
    ROUTECUE_CROSS_CACHE=$cold "$HERE/buildroot.sh" >/dev/null 2>"$cold.err" || { cat "$cold.err" >&2; rm -rf --one-file-system "$cold" "$cold.err"; exit 1; }
    root_seconds=$(since "$t")
    fetched=$(grep -h '^Fetched ' "$cold"/*.log 2>/dev/null | awk '{ n = $2; u = $3; if (u == "kB") n /= 1000; if (u == "GB") n *= 1000; s += n } END { printf "%.0f", s }')
    size=$(du -sm --one-file-system "$cold/trixie-$HOST_DEB_ARCH" | cut -f1)
    rm -rf --one-file-system "$cold" "$cold.err"
    echo "  build root from nothing: $root_seconds s (debootstrap's base system, then $fetched MB of packages from Debian's archive; $size MB on disk)"
fi

ROOT=$("$HERE/buildroot.sh")
build() { "$HERE/enter.sh" "$ROOT" "$REPO" -- sh -ec "cd '$REPO' && swift build -c release --product routecue --static-swift-stdlib \
    --destination $DESTINATION_STATIC --pkg-config-path /usr/lib/$GNU_TRIPLE/pkgconfig --build-path .build/bench-cross" >/dev/null; }
rm -rf .build/bench-cross
t=$(now); build; cold_build=$(since "$t")
t=$(now); build; noop_build=$(since "$t")
touched=Sources/RouteCueCore/Guidance/GuidanceEngine.swift
touch "$touched"
t=$(now); build; warm_build=$(since "$t")
rm -rf .build/bench-cross
echo "  cross build of routecue (release, Swift runtime static), build root cached: cold (empty build folder) $cold_build s; nothing changed $noop_build s; $(basename "$touched") changed $warm_build s"

arch_bin=$("$HERE/build.sh" routecue 2>/dev/null)
host_bin=$("$HERE/build.sh" native 2>/dev/null)
line="  stripped binary: $ARCH $(mb "$(stat -c %s "$arch_bin")") (goal at most 15 MB); $(uname -m) of the same Swift 6.0 $(mb "$(stat -c %s "$host_bin")")"
[ -f .build/static/routecue.stripped ] && line="$line; $(uname -m) of the host's Swift (make release-static) $(mb "$(stat -c %s .build/static/routecue.stripped)")"
echo "$line"

out=$(mktemp -d)
simulate="simulate --route $REPO/examples/grid-trip.osrm.json --fixes $REPO/examples/grid-trip-drive.nmea --cues $out/c.jsonl --wav $out/c.wav"
host_times="" arch_times=""
for _ in 1 2 3; do
    # shellcheck disable=SC2086
    t=$(now); "$host_bin-root" $simulate >/dev/null 2>&1; host_times="$host_times $(since "$t")"
    # shellcheck disable=SC2086
    t=$(now); "$arch_bin-qemu" $simulate >/dev/null 2>&1; arch_times="$arch_times $(since "$t")"
done
rm -rf "$out"
# shellcheck disable=SC2086
h=$(median3 $host_times); a=$(median3 $arch_times)
echo "  routecue simulate of the example drive (7 km, 19 cues synthesized, WAV written): $(uname -m) $h s, $ARCH under qemu $a s (median of 3): $(awk -v a="$a" -v h="$h" 'BEGIN { printf "%.1f", a / h }')x"

if [ -d "$SHARED" ] && [ -n "${LOAD_ROUTE:-}" ]; then
    $SWIFT build -c release --product routecue-bench >/dev/null
    # The route from /tmp: the x86_64 binary runs in the root, which sees the repository and /tmp only.
    route=$(mktemp --suffix=.json)
    cp "$SHARED/$LOAD_ROUTE" "$route"
    .build/release/routecue-bench cross-memory "$host_bin-root" "$arch_bin-qemu" --arch-binary "$arch_bin" \
        --route "$route" --trace "$SHARED/$LOAD_TRACE" --seconds "${SECONDS_EACH:-60}"
    rm -f "$route"
else
    echo "  memory on the 4,532 km route SKIPPED: $SHARED not found (a fresh clone has no ../shared)"
fi
