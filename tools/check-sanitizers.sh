#!/bin/sh
# make check-sanitizers: the test suite built and run with AddressSanitizer, then with ThreadSanitizer, each in its
# own build folder (SwiftPM cannot switch sanitizers in one: .build/asan, .build/tsan). Every process the tests
# start from that build (the routecue binary beside the test bundle) is sanitized too; each report a process writes
# goes to a file in a folder of the run (log_path), so a finding in a child that the test did not notice still
# counts. Exit status 0 only when both runs pass and no report was written.
#
# Environment: SANITIZERS="address thread" (the default: both), TESTS=<swift test --filter> (default: the whole
# suite), SANITIZER_REPORTS=<folder> (default: .build/sanitizer-reports).
#
# Options, each justified:
# - detect_leaks=0: XCTest for Linux reports leaks even for an empty suite (its own allocations at exit); leaks are
#   measured by the soak bench's resident-memory growth instead.
# - halt_on_error=0 (TSan): a data race is reported and the run goes on, so one run lists every race.
set -u
swift=${SWIFT:-swift}
sanitizers=${SANITIZERS:-address thread}
reports=${SANITIZER_REPORTS:-.build/sanitizer-reports}
filter=${TESTS:-}
status=0
rm -rf "$reports"
mkdir -p "$reports"
for sanitizer in $sanitizers; do
    case $sanitizer in
        address) folder=.build/asan; export ASAN_OPTIONS="detect_leaks=0:log_path=$PWD/$reports/asan" ;;
        thread) folder=.build/tsan; export TSAN_OPTIONS="halt_on_error=0:log_path=$PWD/$reports/tsan" ;;
        *) echo "check-sanitizers: unknown sanitizer '$sanitizer' (address or thread)"; exit 2 ;;
    esac
    echo "check-sanitizers: building with $sanitizer sanitizer in $folder"
    if ! $swift build --build-tests --sanitize="$sanitizer" --scratch-path "$folder"; then
        echo "check-sanitizers: the $sanitizer build failed"
        status=1
        continue
    fi
    echo "check-sanitizers: running the tests under the $sanitizer sanitizer${filter:+ ($filter)}"
    if ! $swift test --skip-build --sanitize="$sanitizer" --scratch-path "$folder" --disable-swift-testing ${filter:+--filter "$filter"}; then
        echo "check-sanitizers: tests failed under the $sanitizer sanitizer"
        status=1
    fi
    unset ASAN_OPTIONS TSAN_OPTIONS
done
found=$(find "$reports" -type f | wc -l)
if [ "$found" -gt 0 ]; then
    echo "check-sanitizers: $found report(s):"
    for file in "$reports"/*; do echo "== $file"; head -40 "$file"; done
    status=1
else
    echo "check-sanitizers: no sanitizer report ($sanitizers)"
fi
exit $status
