#!/bin/sh
# make fuzz (docs/fuzzing.md): builds the fuzz package (Fuzz/) with libFuzzer and AddressSanitizer, runs each target for
# FUZZ_S seconds from its seeds (the repository's fixtures and examples, ../shared/data's files of its kind when present)
# and its corpus, and prints one table. Crashes, timeouts and out-of-memory inputs are copied into
# Tests/fixtures/fuzz-failcases/<target>/, which FuzzReplayTests replays in the normal test run.
#
#   FUZZ_S=60            seconds per target
#   FUZZ_TARGETS="a b"   only these targets (names in the table below; default: all)
#   FUZZ_CONFIG=release  the build configuration (debug: slower, with assert() checked)
#   FUZZ_SLOW_S=2        an input slower than this is reported as a slow unit (kept in the cache, not a failure)
#   ROUTECUE_FUZZ_CACHE  where seeds, corpora, logs and slow units live (default ${XDG_CACHE_HOME:-~/.cache}/routecue/fuzz)
#   SHARED               the shared data (default ../shared/data)
set -eu

SWIFT=${SWIFT:-swift}
FUZZ_S=${FUZZ_S:-60}
FUZZ_TARGETS=${FUZZ_TARGETS:-}
FUZZ_CONFIG=${FUZZ_CONFIG:-release}
FUZZ_SLOW_S=${FUZZ_SLOW_S:-2}
SHARED=${SHARED:-../shared/data}
CACHE=${ROUTECUE_FUZZ_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/routecue/fuzz}
FAILCASES=Tests/fixtures/fuzz-failcases
SCRATCH=.build/fuzz
ROOT=$(pwd)
# SwiftPM passes --sanitize fuzzer --sanitize address to swiftc as two -sanitize= flags, and swiftc keeps only the last:
# the Swift code would get AddressSanitizer but no coverage instrumentation, and libFuzzer would fuzz blind (a few dozen
# counters, those of the entry point). The combined flag instruments every module for both; --sanitize still links them.
BUILD="--package-path Fuzz --scratch-path $SCRATCH --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address -c $FUZZ_CONFIG"

# name | executable | -max_len | dictionaries (Fuzz/Dictionaries) | repository seeds | shared-data seeds
# Seeds are DIR:PATTERN[:DEPTH] (find DIR -maxdepth DEPTH -name PATTERN); files over -max_len are left out, except for the
# line formats of LINE_TARGETS, whose first -max_len bytes are a recording too. Every target also gets
# Tests/fixtures/fuzz-seeds/<name>/ (small documents of the kinds the repository has no file of).
TARGETS='
json|FuzzJSON|131072|json|examples:*.json config:*.json:1 config/phrases:*.json Tests/fixtures/phrase-sample-names:*.json|routes:*.json instructions:*.json tracks:*.json
xml|FuzzXML|131072|xml gpx|config/dbus:*.xml Tests/fixtures/fuzz-seeds:*.gpx|routes:*.gpx tracks:*.gpx
route-auto|FuzzRouteAuto|131072|json osrm valhalla graphhopper tour routecue xml gpx|examples:*.json Tests/fixtures/fuzz-seeds:*.json Tests/fixtures/fuzz-seeds/route-gpx:*|routes:*.json routes:*.gpx
route-osrm|FuzzRouteOSRM|131072|json osrm|examples:*.osrm.json|routes/osrm:*.json routes/osrm-compatible:*.json routes/valhalla/ferrostar-osrm-format:*.json
route-valhalla|FuzzRouteValhalla|131072|json valhalla||routes/valhalla/valhalla-docs:*.json
route-graphhopper|FuzzRouteGraphHopper|131072|json graphhopper||routes/graphhopper:*.json
route-gpx|FuzzRouteGPX|131072|xml gpx||routes:*.gpx tracks:*.gpx
route-tour|FuzzRouteTour|65536|json tour osrm routecue||
route-routecue|FuzzRouteRouteCue|65536|json routecue||
fixes-auto|FuzzFixesAuto|32768|nmea gpsd-json xml gpx json|examples:*.nmea Tests/fixtures/fuzz-seeds/fixes-gpsd-json:* Tests/fixtures/fuzz-seeds/fixes-gpx:*|gpsd:*.log gpsd:*.chk nmea-extra:*.txt tracks:*.gpx
fixes-nmea|FuzzFixesNMEA|32768|nmea|examples:*.nmea|gpsd:*.log nmea-extra:*.txt
fixes-gpsd-json|FuzzFixesGPSDJSON|32768|json gpsd-json||gpsd:*.chk
fixes-gpx|FuzzFixesGPX|131072|xml gpx||tracks:*.gpx routes:*.gpx
config|FuzzConfig|65536|json config|config:routecue.json:1|
phrase-pack|FuzzPhrasePack|65536|json phrase-pack|config/phrases:*.json:1|instructions/osrm-text-instructions/languages/translations:*.json
abbreviations|FuzzAbbreviations|32768|json abbreviations|config/phrases/abbreviations:*.json|instructions/osrm-text-instructions/languages/abbreviations:*.json
journal|FuzzJournal|4096|json journal||
http-response|FuzzHTTPResponse|8192|http json||
dbus-arguments|FuzzDBusArguments|512|dbus||
wav|FuzzWAV|16384|wav||
'

LINE_TARGETS="fixes-nmea fixes-gpsd-json"

selected() {
  echo "$TARGETS" | while IFS='|' read -r name _; do
    [ -n "$name" ] || continue
    if [ -z "$FUZZ_TARGETS" ]; then echo "$name"; continue; fi
    for t in $FUZZ_TARGETS; do [ "$t" = "$name" ] && echo "$name"; done
  done
}
field() { echo "$TARGETS" | awk -F'|' -v n="$1" -v f="$2" '$1 == n { print $f }'; }

names=$(selected)
for t in $FUZZ_TARGETS; do
  echo "$TARGETS" | awk -F'|' -v n="$t" '$1 == n { found = 1 } END { exit !found }' || {
    echo "fuzz: no target '$t'; targets: $(echo "$TARGETS" | awk -F'|' 'NF > 1 { printf "%s ", $1 }')" >&2; exit 2; }
done

# Copies the files of SPECS under BASE (at most MAX bytes each; with CUT=yes larger ones cut to MAX) into DEST, named by
# their path.
copy_seeds() {
  base=$1 max=$2 cut=$3 dest=$4; shift 4
  size=-size\ -"$((max + 1))"c
  [ "$cut" = yes ] && size=
  for spec in "$@"; do
    dir=${spec%%:*} rest=${spec#*:}
    pattern=${rest%%:*} depth=
    [ "$rest" != "$pattern" ] && depth="-maxdepth ${rest#*:}"
    [ -d "$base/$dir" ] || continue
    # shellcheck disable=SC2086
    find "$base/$dir" $depth -type f -name "$pattern" $size | while read -r f; do
      head -c "$max" "$f" > "$dest/$(echo "${f#"$base"/}" | tr '/' '_')"
    done
  done
}

[ -d "$SHARED" ] || echo "fuzz: $SHARED not found (a fresh clone has no ../shared): seeds from the repository only"

echo "fuzz: building the fuzz package (--sanitize fuzzer --sanitize address, $FUZZ_CONFIG) in $SCRATCH"
start=$(date +%s)
# Builds (ARGS: more swift build arguments), without the linker's harmless note on ASan's spill area; stops on failure.
build() {
  status=$(mktemp)
  # shellcheck disable=SC2086
  { "$SWIFT" build $BUILD "$@" 2>&1; echo $? > "$status"; } | grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true
  rc=$(cat "$status"); rm -f "$status"
  [ "$rc" -eq 0 ] || { echo "fuzz: the build failed" >&2; exit 1; }
}
if [ -z "$FUZZ_TARGETS" ]; then
  build
else
  for name in $names; do build --product "$(field "$name" 2)"; done
fi
echo "fuzz: built in $(( $(date +%s) - start )) s"

rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
failing=0
slow_total=0
for name in $names; do
  exe=$(field "$name" 2) max=$(field "$name" 3) dicts=$(field "$name" 4)
  bin=$SCRATCH/$FUZZ_CONFIG/$exe
  [ -x "$bin" ] || { echo "fuzz: $bin was not built" >&2; exit 1; }
  work=$CACHE/$name
  rm -rf "$work/seeds" "$work/artifacts"
  mkdir -p "$work/seeds" "$work/corpus" "$work/artifacts" "$ROOT/$FAILCASES/$name"
  cut=no
  for t in $LINE_TARGETS; do [ "$t" = "$name" ] && cut=yes; done
  # shellcheck disable=SC2046
  copy_seeds "$ROOT" "$max" "$cut" "$work/seeds" "Tests/fixtures/fuzz-seeds/$name:*" $(field "$name" 5)
  # shellcheck disable=SC2046
  [ -d "$SHARED" ] && copy_seeds "$(cd "$SHARED" && pwd)" "$max" "$cut" "$work/seeds" $(field "$name" 6)
  : > "$work/target.dict"
  for d in $dicts; do cat "Fuzz/Dictionaries/$d.dict" >> "$work/target.dict"; done
  seeds=$(find "$work/seeds" -type f | wc -l)
  echo "fuzz: $name for $FUZZ_S s ($seeds seeds, corpus $work/corpus)"
  # The corpus first (libFuzzer adds what it finds there), then the seeds and the failing cases found before.
  (cd "$work" && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$ROOT/$bin" \
      -max_total_time="$FUZZ_S" -timeout=10 -rss_limit_mb=2048 -max_len="$max" -dict="$work/target.dict" \
      -artifact_prefix="$work/artifacts/" -report_slow_units="$FUZZ_SLOW_S" -print_final_stats=1 -detect_leaks=0 \
      "$work/corpus" "$work/seeds" "$ROOT/$FAILCASES/$name" > "$work/fuzz.log" 2>&1) || true
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/fuzz.log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$work/fuzz.log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$work/fuzz.log" | tail -1 | cut -d' ' -f2)
  crashes=0
  for f in "$work"/artifacts/crash-* "$work"/artifacts/timeout-* "$work"/artifacts/oom-* "$work"/artifacts/leak-*; do
    [ -f "$f" ] || continue
    cp "$f" "$ROOT/$FAILCASES/$name/"
    crashes=$((crashes + 1))
    echo "fuzz: $name: $(basename "$f") copied to $FAILCASES/$name/ (log: $work/fuzz.log)"
  done
  slow=0
  for f in "$work"/artifacts/slow-unit-*; do
    [ -f "$f" ] || continue
    slow=$((slow + 1))
    echo "fuzz: $name: slow input ($(grep -o 'Slowest unit: [0-9]* s' "$work/fuzz.log" | tail -1)): $f"
  done
  [ "$crashes" -eq 0 ] || failing=$((failing + crashes))
  slow_total=$((slow_total + slow))
  rmdir "$ROOT/$FAILCASES/$name" 2>/dev/null || true
  printf '%-18s %12s %8s %7s %8s %8s %5s\n' "$name" "${execs:--}" "${rate:--}" "${cov:--}" "${ft:--}" "$crashes" "$slow" >> "$rows"
done

echo
printf '%-18s %12s %8s %7s %8s %8s %5s\n' target executions exec/s cov ft crashes slow
cat "$rows"
if [ "$failing" -gt 0 ]; then
  echo "fuzz: $failing failing input(s) copied to $FAILCASES/<target>/: fix them, keep them there (FuzzReplayTests replays them)"
  exit 1
fi
echo "fuzz: no crash, timeout or out-of-memory input in $FUZZ_S s per target; $slow_total slow input(s) (over $FUZZ_SLOW_S s)"
