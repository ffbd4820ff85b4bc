#!/bin/sh
# Runs test classes of an XCTest bundle built for ARCH under qemu, one qemu process per class, as many at once as
# the machine has cores (what `swift test --parallel` does per test, here per class: swift-corelibs-xctest runs a
# bundle's tests one after another, and emulated code is 10-50x slower than native). Classes named in SLOW_FIRST
# start first, so the longest ones do not end up last on one core.
#
#   tools/cross/xctest-parallel.sh BUNDLE LOGDIR JOB…     (JOB: Module.Class, or Module.Class/test,Module.Class/test…)
#
# Each job's output goes to LOGDIR/JOB.log (its first name, / as _); failures are printed as they come (the assertion
# lines). Ends with the runner's count over all jobs, "N passed, N failed", and exits 1 when any test failed or a
# job's process did not finish normally.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] || { echo "usage: tools/cross/xctest-parallel.sh BUNDLE LOGDIR CLASS…" >&2; exit 2; }
bundle=$1 logs=$2; shift 2
rm -rf "$logs" && mkdir -p "$logs"
jobs=${JOBS:-$(nproc)}

# The slow classes first, then the others in the order given.
{
    for slow in ${SLOW_FIRST:-}; do for c in "$@"; do [ "$c" = "$slow" ] && echo "$c"; done; done
    for c in "$@"; do case " ${SLOW_FIRST:-} " in *" $c "*) ;; *) echo "$c" ;; esac; done
} >"$logs/order"

export HERE bundle logs
# shellcheck disable=SC2016
xargs -P "$jobs" -I{} sh -c '
    log="$logs/$(echo "{}" | cut -d, -f1 | tr / _).log"
    if "$HERE/qemu.sh" "$bundle" "{}" >"$log" 2>&1; then :; else
        echo "  {}: failed"; grep -E ": error: " "$log" | head -10 | sed "s/^/    /"
        grep -q "^Test Suite .Selected tests. \(passed\|failed\)" "$log" || echo "    (its process ended without XCTest'"'"'s summary: $(tail -1 "$log")"
    fi' <"$logs/order" || true

passed=0 failed=0 broken=0
for log in "$logs"/*.log; do
    p=$(grep -cE "^Test Case '.*' passed \(" "$log" || true)
    f=$(grep -cE "^Test Case '.*' failed \(" "$log" || true)
    passed=$((passed + p)); failed=$((failed + f))
    grep -qE "^Test Suite 'Selected tests' (passed|failed)" "$log" || broken=$((broken + 1))
done
skipped=$(cat "$logs"/*.log | grep -cE "^Test Case '.*' skipped" || true)
[ "$broken" -eq 0 ] || echo "xctest-parallel: $broken classes ended without a summary"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$broken" -eq 0 ]
