# RouteCue — build, test, benchmark, demo.
# `make demo` installs the Debian packages the build needs, builds, and runs RouteCue's guidance on the bundled example
# drive (`routecue simulate`: every cue synthesized with espeak-ng, cue log and WAV written to /tmp).
# `make test` runs every test (tests needing ../shared/data skip with a message when it is absent); `make test-fast`
# only the tests that run in the test's own process (RouteCueCoreTests and EdgeTests: no gpsd, bus, jackd, Valhalla,
# mpv or routecue started), for a developer's loop.

SWIFT      ?= swift
SHARED     ?= ../shared/data
BIN_RELEASE = .build/release/routecue
BENCH       = .build/release/routecue-bench

# Debian 12 packages: the C headers (and espeak-ng voices) of the four system-library targets; ALSA's plugins
# (the file PCM `routecue say --wav` writes through) and utilities.
DEB_PACKAGES = pkg-config libgps-dev libasound2-dev libasound2-plugins alsa-utils libespeak-ng-dev espeak-ng-data libdbus-1-dev
# What the tests run against besides: JACK's dummy driver (a device that plays in real time), gpsd (fed NMEA by the
# tests), the espeak-ng command (the bench's spawn-per-cue baseline), private buses (dbus-daemon), the D-Bus tools the
# tests check the interface with (busctl from systemd, gdbus, dbus-send, setpriv for policy tests), python-dbusmock
# (BlueZ's reference mock) with Debian's python3-dbus; osmium-tool (the routing tests' generated map) and python3-pip
# (tools/fetch-valhalla.sh downloads the Valhalla engine's wheel with it); PipeWire and WirePlumber with pipewire-alsa
# (the role-policy tests start a session of their own; pipewire-alsa also makes PipeWire ALSA's `default`, which no
# test plays on).
DEB_TEST_PACKAGES = $(DEB_PACKAGES) jackd2 gpsd espeak-ng dbus-daemon dbus-bin systemd libglib2.0-bin util-linux python3-dbus python3-dbusmock python3-gi mpv mpv-mpris playerctl sox bluez-alsa-utils libasound2-plugin-bluez osmium-tool python3-pip pipewire pipewire-bin pipewire-alsa wireplumber

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build release release-static cross cross-deps cross-check run-aarch64 test-aarch64 bench-cross test test-fast check-sanitizers bench bench-audio bench-daemon bench-car-audio bench-board bench-outage bench-drive bench-routing bench-names bench-soak bench-journal bench-readers demo fuzz deps deps-test install install-files uninstall clean

all: build

# Installs the Debian packages of PACKAGES that are missing (without recommends: jackd2 would pull in a desktop).
define install-missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "deps: all Debian packages present"; fi
endef

deps:
	$(call install-missing,$(DEB_PACKAGES))

deps-test:
	$(call install-missing,$(DEB_TEST_PACKAGES))

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

test: deps-test
	@sh tools/fetch-valhalla.sh >/dev/null || echo "valhalla: not fetched, the routing-engine tests will skip"
	$(SWIFT) build
	$(SWIFT) test --disable-swift-testing

# The quick loop: the core's tests and the in-process edge tests, none of IntegrationTests (the tests that start a
# process or a service) or CLITests (they run the routecue binary).
test-fast: deps
	$(SWIFT) test --disable-swift-testing --filter 'RouteCueCoreTests\.|EdgeTests\.'

# The suite under AddressSanitizer, then ThreadSanitizer (tools/check-sanitizers.sh: own build folders, reports of
# every process collected; TESTS='RouteCueCoreTests\.|EdgeTests\.' for the in-process part only). Not part of `test`:
# both builds and runs take well over an hour on two cores.
check-sanitizers: deps-test
	@sh tools/fetch-valhalla.sh >/dev/null || echo "valhalla: not fetched, the routing-engine tests will skip"
	SWIFT="$(SWIFT)" sh tools/check-sanitizers.sh

# libFuzzer on every input RouteCue reads from outside (docs/fuzzing.md): builds the fuzz package (Fuzz/) with
# --sanitize fuzzer --sanitize address in .build/fuzz and runs each target FUZZ_S seconds (default 60; FUZZ_TARGETS="json
# wav" picks some), seeded from the repository and ../shared/data; corpora in ${XDG_CACHE_HOME:-~/.cache}/routecue/fuzz.
# Prints executions, exec/s, coverage and crashes per target; a crash, timeout or OOM input is copied into
# Tests/fixtures/fuzz-failcases/<target>/ (replayed by EdgeTests' FuzzReplayTests) and fails the run.
fuzz: deps
	@SWIFT="$(SWIFT)" SHARED="$(SHARED)" sh tools/fuzz.sh

# Import time and peak memory of the two largest routes, each in its own process (see Sources/routecue-bench),
# and of a 200,000-point GPX track written for the run (larger than any recorded drive in ../shared).
BENCH_ROUTES = routes/osrm/osrm-backend/portugal_to_korea.json \
               routes/osrm-compatible/mapbox-directions-swift/v5_driving_dc_polyline.json

# Route progress: per-fix cost on the 13,445 km route against a 1.3 km one, in the same run (target ratio ≤ 1.5).
PROGRESS_LONG  = routes/osrm/osrm-backend/portugal_to_korea.json
PROGRESS_SHORT = routes/osrm-compatible/maplibre-navigation-ios/routeWithTunnels_9thStreetDC.json
# Cue timing: real routes driven with the speed of the GENIVI Swiss drive and the Delft drive.
TIMING_TRACES = nmea-extra/genivi-positioning/20100403_Z205_Switzerland.txt tracks/gpsbabel/sbn-v13.gpx
TIMING_ROUTES = routes/osrm/ferrostar/standard_osrm_polyline6_response.json \
                routes/osrm-compatible/mapbox-directions-swift/v5_driving_dc_polyline.json \
                routes/osrm-compatible/mapbox-directions-swift/tollAndFerryDirectionsRoute.json \
                routes/valhalla/ferrostar-osrm-format/valhalla_osrm_with_roundabouts.json \
                routes/osrm-compatible/maplibre-navigation-ios/route-with-lanes.json

# Runs $(1) with PCM set to a real-time device (jackd's dummy driver, started here and stopped by PID) when jackd is
# installed, else to ALSA's null PCM (not paced).
define with-paced-pcm
	@if command -v jackd >/dev/null; then \
	  server=routecue-bench-$$$$; \
	  jackd -n $$server -d dummy -r 48000 -p 256 >/dev/null 2>&1 & jack=$$!; \
	  trap 'kill $$jack 2>/dev/null; exit 130' INT TERM HUP; sleep 1; \
	  PCM=routecue_paced JACK_DEFAULT_SERVER=$$server JACK_NO_START_SERVER=1 \
	    ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:$(CURDIR)/tools/alsa-jack-paced.conf sh -c '$(1)'; status=$$?; \
	  kill $$jack; wait $$jack 2>/dev/null; exit $$status; \
	else echo "bench: jackd not installed, measuring on ALSA's null PCM (not paced)"; PCM=null sh -c '$(1)'; fi
endef

# Audio: due → first sample for cached and on-demand cues vs spawning espeak-ng per cue, on a real-time device.
bench-audio:
	$(SWIFT) build -c release --product routecue-bench
	$(call with-paced-pcm,$(BENCH) audio --device $$PCM)

# The daemon: exec → READY=1 (beside the bare process start); memory and CPU guiding the 4,532 km route from a real gpsd
# at 1 Hz; generated drives fed in real time through a real gpsd into routecue run on a paced device, beside the same
# drives through simulate (gpsd from Debian; the drives need ../shared/data).
DAEMON_LOAD_ROUTE = routes/osrm-compatible/mapbox-directions-swift/v5_driving_dc_polyline.json
DAEMON_DRIVE_ROUTES = routes/valhalla/ferrostar-osrm-format/valhalla_osrm_with_roundabouts.json \
                      routes/osrm-compatible/maplibre-navigation-ios/route-with-lanes.json
# The memory figure is also taken with the Swift runtime linked statically (release-static, the form a head unit
# installs).
bench-daemon: release release-static
	$(BENCH) daemon-startup $(BIN_RELEASE) --runs 10
	@if [ ! -d "$(SHARED)" ]; then echo "bench daemon: drives SKIPPED, $(SHARED) not found (a fresh clone has no ../shared)"; exit 0; fi; \
	$(BENCH) daemon-load $(BIN_RELEASE) --route "$(SHARED)/$(DAEMON_LOAD_ROUTE)" --trace "$(SHARED)/$(word 1,$(TIMING_TRACES))" --seconds 120 && \
	echo "  … and the same with the Swift runtime linked statically:" && \
	$(BENCH) daemon-load $(BIN_STATIC) --route "$(SHARED)/$(DAEMON_LOAD_ROUTE)" --trace "$(SHARED)/$(word 1,$(TIMING_TRACES))" --seconds 120
	@if [ ! -d "$(SHARED)" ]; then echo "bench daemon-bus: SKIPPED, $(SHARED) not found"; exit 0; fi; \
	$(BENCH) daemon-bus $(BIN_RELEASE) --route "$(SHARED)/$(word 1,$(DAEMON_DRIVE_ROUTES))" --trace "$(SHARED)/$(word 1,$(TIMING_TRACES))" --seconds 120
	$(call with-paced-pcm,[ ! -d "$(SHARED)" ] || $(BENCH) daemon-drive $(BIN_RELEASE) --device $$PCM $(foreach t,$(TIMING_TRACES),--trace "$(SHARED)/$(t)") $(foreach r,$(DAEMON_DRIVE_ROUTES),"$(SHARED)/$(r)"))

# GPS outages while braking through the real stack (issue 29): the timing set's drives short enough to drive in real
# time (OUTAGE_ROUTES × TIMING_TRACES: 6 drives, the longest 10 min 11 s; the others of TIMING_ROUTES last hours) fed
# through gpsd into routecue run on a paced device, clean and, at the same time, 5 rounds with 4 s outages while
# braking placed as `routecue-bench outage` places them (a drive's outages take the leads in turn, the cycle starting
# one lead later each round, so a cue meets several leads; 50 outages), each drive's gpsd killed -9 where an outage
# starts and started again where it ends. The cues the outages were placed for are measured live, through simulate
# with the same outages, and without one, side by side (gpsd from Debian; the drives need ../shared/data). About 11
# minutes.
OUTAGE_ROUTES = $(DAEMON_DRIVE_ROUTES) routes/osrm/ferrostar/standard_osrm_polyline6_response.json
bench-outage:
	$(SWIFT) build -c release --product routecue
	$(SWIFT) build -c release --product routecue-bench
	@if [ ! -d "$(SHARED)" ]; then echo "bench outage: SKIPPED, $(SHARED) not found (a fresh clone has no ../shared)"; fi
	$(call with-paced-pcm,[ ! -d "$(SHARED)" ] || $(BENCH) daemon-drive $(BIN_RELEASE) --device $$PCM --outage 4 --rounds 5 $(foreach t,$(TIMING_TRACES),--trace "$(SHARED)/$(t)") $(foreach r,$(OUTAGE_ROUTES),"$(SHARED)/$(r)"))

# Car audio (issue 13), against the real components on private buses and ports: hfp → default when the hands-free device
# goes mid-cue (dbusmock's BlueZ, the bluez-alsa mock of Tests/fixtures), a real mpv with mpv-mpris ducked on the
# example drive through gpsd, and the CPU the car-audio clients cost (examples/ only: runs on a fresh clone).
bench-car-audio:
	$(SWIFT) build -c release --product routecue
	$(SWIFT) build -c release --product routecue-bench
	$(call with-paced-pcm,$(BENCH) car-audio $(BIN_RELEASE) --device $$PCM)

# The head unit's installed form (issue 14): the stripped static binary's size (goal ≤ 15 MB), the user unit's
# exposure (systemd-analyze security --offline=yes, goal ≤ 3.0), exec → READY=1 of the tree make install stages
# (its configuration and phrase packs), and its memory guiding the 4,532 km route (needs ../shared/data).
BOARD_ROOT = $(CURDIR)/.build/bench-board/root
bench-board: release-static
	$(SWIFT) build -c release --product routecue-bench
	rm -rf $(BOARD_ROOT) && $(MAKE) -s install-files DESTDIR=$(BOARD_ROOT) BIN=$(BIN_STRIPPED) >/dev/null
	@echo "bench board: the installed tree in $(BOARD_ROOT)"
	@size=$$(stat -c %s $(BIN_STRIPPED)); \
	  awk -v b=$$size 'BEGIN { printf "  stripped static binary: %d bytes = %.1f MB (goal ≤ 15 MB); C libraries linked dynamically: alsa, dbus, gps, espeak-ng\n", b, b / 1e6 }'
	@runtime=$$(mktemp -d) && chmod 700 $$runtime && \
	  score=$$(XDG_RUNTIME_DIR=$$runtime systemd-analyze --user security --offline=yes --no-pager $(BOARD_ROOT)/usr/lib/systemd/user/routecue.service 2>&1 | sed -n 's/.*Overall exposure level for routecue.service: \([0-9.]*\).*/\1/p'); \
	  rm -rf $$runtime; echo "  user unit exposure (systemd-analyze --user security --offline=yes): $${score:-not measured} (goal ≤ 3.0; board/README.md has each directive's share)"
	$(BENCH) daemon-startup $(BOARD_ROOT)/usr/bin/routecue --runs 10
	@if [ ! -d "$(SHARED)" ]; then echo "bench board: memory on the 4,532 km route SKIPPED, $(SHARED) not found"; exit 0; fi; \
	$(BENCH) daemon-load $(BOARD_ROOT)/usr/bin/routecue --route "$(SHARED)/$(DAEMON_LOAD_ROUTE)" --trace "$(SHARED)/$(word 1,$(TIMING_TRACES))" --seconds 60

# A recorded drive through gpsd and routecue run on private ports and buses (issue 14): a gpsd fed the NMEA drive, mpv
# with mpv-mpris playing music on a session bus, a system bus, routecue run on an ALSA file PCM, the route loaded with
# routecue ctl (without ROUTE: the drive's own track as a tour of silent via points), everything stopped by PID.
# Writes REPORT/report.md, timeline.svg, cues.jsonl, guidance.wav (the driver's ear) and routecue.log. DRIVE defaults
# to the GENIVI Swiss drive (177 min, 10x by default: 18 min), the example drive on a fresh clone (no ../shared).
SWISS_DRIVE = nmea-extra/genivi-positioning/20100403_Z205_Switzerland.txt
DRIVE  ?= $(if $(wildcard $(SHARED)/$(SWISS_DRIVE)),$(SHARED)/$(SWISS_DRIVE),examples/grid-trip-drive.nmea)
ROUTE  ?= $(if $(filter examples/grid-trip-drive.nmea,$(DRIVE)),examples/grid-trip.osrm.json,)
SPEED  ?=
REPORT ?= .build/bench-drive/$(basename $(notdir $(DRIVE)))
bench-drive:
	$(SWIFT) build -c release --product routecue
	$(SWIFT) build -c release --product routecue-bench
	$(BENCH) drive-report $(BIN_RELEASE) --drive "$(DRIVE)" $(if $(ROUTE),--route "$(ROUTE)") $(if $(SPEED),--speed $(SPEED)) --report "$(REPORT)"

# The soak (issue 14): the full 177-minute Swiss drive through gpsd and routecue run at 10x with D-Bus calls and app
# prompts mixed in: resident memory growth first hour vs last hour (goal <= 2 MB), descriptors flat, no cue late.
bench-soak:
	$(SWIFT) build -c release --product routecue
	$(SWIFT) build -c release --product routecue-bench
	@if [ ! -f "$(SHARED)/$(SWISS_DRIVE)" ]; then echo "bench soak: SKIPPED, $(SHARED)/$(SWISS_DRIVE) not found (a fresh clone has no ../shared)"; exit 0; fi; \
	$(BENCH) soak $(BIN_RELEASE) --drive "$(SHARED)/$(SWISS_DRIVE)" --speed 10 --report .build/bench-soak

# The guidance journal (issue 28, docs/journal.md): journal bytes and writes per hour of driving beyond the route file
# (goal <= 64 kB/h) through simulate --state-dir on the whole drive, and through gpsd and routecue run at 10x on its first
# 30 minutes; 40 seeded power cuts (simulate --power-cut), each resumed 4 s later: stages heard twice (goal 0), stages
# lost with their reasons, "Continuing to ..." said once; exec -> first cue of routecue run through gpsd resumed from a
# journal next to a fresh start (goal: no slower; the example drive). JOURNAL_DRIVE defaults to the GENIVI Swiss drive
# (177 min), the example drive with its route on a fresh clone (no ../shared). About 5 minutes (1.5 on a fresh clone).
JOURNAL_DRIVE ?= $(if $(wildcard $(SHARED)/$(SWISS_DRIVE)),$(SHARED)/$(SWISS_DRIVE),examples/grid-trip-drive.nmea)
JOURNAL_ROUTE ?= $(if $(filter examples/grid-trip-drive.nmea,$(JOURNAL_DRIVE)),examples/grid-trip.osrm.json,)
bench-journal: deps-test
	$(SWIFT) build -c release --product routecue
	$(SWIFT) build -c release --product routecue-bench
	@if [ ! -f "$(SHARED)/$(SWISS_DRIVE)" ]; then echo "bench journal: $(SHARED)/$(SWISS_DRIVE) not found (a fresh clone has no ../shared): the example drive"; fi
	$(BENCH) journal $(BIN_RELEASE) --drive "$(JOURNAL_DRIVE)" $(if $(JOURNAL_ROUTE),--route "$(JOURNAL_ROUTE)")

# With a real Valhalla on the generated test town (issue 15): a five-station tour's resolve time next to one multi-stop
# request, a reroute request's time, map-matched vs geometric maneuvers on the same lines, and off-route detection to
# the first cue on the new route through gpsd and routecue run (about 2 minutes; needs no ../shared).
bench-routing: deps-test release
	$(SWIFT) build -c release --product routecue-bench
	@sh tools/fetch-valhalla.sh >/dev/null || echo "valhalla: not fetched"
	$(BENCH) routing $(BIN_RELEASE) --runs 20

# Street names in their own language's voice (issue 16): synthesis time of a cue with a switched name against the same
# cue without, and the speech cache's hit rate on the example drive through gpsd and routecue run, switched and not
# (about 6 minutes; needs no ../shared).
bench-names: deps-test release
	$(SWIFT) build -c release --product routecue-bench
	$(call with-paced-pcm,$(BENCH) names $(BIN_RELEASE) --device $$PCM)

# Every reader linear in its input (issue 29, docs/limits.md): for each reader (XML, GPX, JSON, the route formats,
# NMEA, gpsd JSON, HTTP responses, phrase packs, abbreviations, the configuration, the journal, WAV) and input shape
# (many attributes, keys, points, maneuvers, long strings, deep nesting, long lines, many chunks…), the time per MB at
# 1×, 4× and 16× the input and the 16×/1× ratio (about 1 when linear; above 2 is flagged). About 75 s; needs no
# ../shared.
bench-readers:
	$(SWIFT) build -c release --product routecue-bench
	$(BENCH) readers

bench: bench-audio bench-daemon bench-outage bench-car-audio bench-board bench-routing bench-names bench-soak bench-journal bench-readers
	@if [ ! -d "$(SHARED)" ]; then echo "bench: SKIPPED, $(SHARED) not found (a fresh clone has no ../shared)"; exit 0; fi; \
	for f in $(BENCH_ROUTES); do \
	  $(BENCH) import "$(SHARED)/$$f" --iterations 7 || exit 1; \
	  command -v python3 >/dev/null || { echo "  reference    (python3 not installed: no CPython json.loads reference)"; continue; }; \
	  python3 -c 'import json,sys,time; b=open(sys.argv[1],"rb").read(); t=[]; \
	  exec("for _ in range(7):\n s=time.perf_counter(); json.loads(b); t.append(time.perf_counter()-s)"); \
	  print("  reference    CPython json.loads of the same bytes %.1f ms (median of 7), same run" % (sorted(t)[3]*1000))' "$(SHARED)/$$f"; \
	done; \
	track=$$(mktemp --suffix=.gpx) && $(BENCH) synthetic-gpx $$track 200000 && \
	  { $(BENCH) import $$track --iterations 3; status=$$?; rm -f $$track; [ $$status -eq 0 ]; } || exit 1; \
	$(BENCH) progress "$(SHARED)/$(PROGRESS_LONG)" "$(SHARED)/$(PROGRESS_SHORT)" || exit 1; \
	$(BENCH) timing $(foreach t,$(TIMING_TRACES),--trace "$(SHARED)/$(t)") $(foreach r,$(TIMING_ROUTES),"$(SHARED)/$(r)") || exit 1; \
	$(BENCH) outage $(foreach t,$(TIMING_TRACES),--trace "$(SHARED)/$(t)") $(foreach r,$(TIMING_ROUTES),"$(SHARED)/$(r)")

demo: deps release
	$(BIN_RELEASE) --version
	$(BIN_RELEASE) route inspect examples/grid-trip.osrm.json
	$(BIN_RELEASE) simulate --route examples/grid-trip.osrm.json --fixes examples/grid-trip-drive.nmea \
	  --cues /tmp/routecue-demo-cues.jsonl --wav /tmp/routecue-demo.wav
	@echo "cue log: /tmp/routecue-demo-cues.jsonl   guidance audio of the whole drive: /tmp/routecue-demo.wav"

# The head unit's binary: release, the Swift runtime linked statically (C libraries stay dynamic: alsa, dbus, gps,
# espeak-ng from the image), stripped. Its own build folder, so the dynamic release build stays as it is.
BIN_STATIC   = .build/static/release/routecue
BIN_STRIPPED = .build/static/routecue.stripped
release-static:
	$(SWIFT) build -c release --product routecue --static-swift-stdlib --build-path .build/static
	strip -o $(BIN_STRIPPED) $(BIN_STATIC)
	@echo "release-static: $(BIN_STRIPPED), $$(stat -c %s $(BIN_STRIPPED)) bytes stripped"

# The ARM head unit (README: "Building for an ARM head unit"; tools/cross/): a Debian 13 build root with Debian's Swift
# 6.0 and the arm64 -dev packages, made once by debootstrap in a cache outside the repository
# (${XDG_CACHE_HOME:-~/.cache}/routecue/cross; ROUTECUE_CROSS_CACHE moves it) and reused; qemu runs the aarch64 build
# here. ARCH names the head unit's architecture for make install (empty: this machine's; make cross and its kin:
# aarch64, the only one Debian 13 packages Swift for besides amd64).
ARCH       ?=
CROSS_ARCH  = $(or $(ARCH),aarch64)
CROSS_BIN   = .build/$(CROSS_ARCH)/routecue
CROSS_ENV   = ARCH=$(CROSS_ARCH) SWIFT="$(SWIFT)" SHARED="$(SHARED)"
# What the host needs: debootstrap makes the root, qemu runs the aarch64 build.
DEB_CROSS_PACKAGES = debootstrap qemu-user-static

cross-deps:
	$(call install-missing,$(DEB_CROSS_PACKAGES))

# routecue for the head unit: release, the Swift runtime linked statically, stripped (goal <= 15 MB): $(CROSS_BIN).
cross: cross-deps
	@$(CROSS_ENV) sh tools/cross/build.sh routecue >/dev/null

# Runs the aarch64 routecue under qemu with the build root's libraries, e.g.
# make run-aarch64 ARGS='simulate --route examples/grid-trip.osrm.json --fixes examples/grid-trip-drive.nmea --cues /tmp/c.jsonl'
ARGS ?= --version
run-aarch64: cross
	@$(CROSS_ENV) sh tools/cross/qemu.sh $(CROSS_BIN) $(ARGS)

# CI's short form: the cross build and the simulate comparison of the bundled example (aarch64 under qemu against the
# x86_64 binary of the same toolchain: cue log identical, WAV byte-identical).
cross-check: cross-deps
	@$(CROSS_ENV) sh tools/cross/test.sh short

# The aarch64 build under qemu: the simulate comparison on the example and on the timing set's drives, the aarch64 test
# bundle (core, speech, audio, gpsd client, D-Bus), and the daemon tests against the aarch64 routecue run.
test-aarch64: deps-test cross-deps
	@$(CROSS_ENV) TIMING_ROUTES="$(TIMING_ROUTES)" TIMING_TRACES="$(TIMING_TRACES)" sh tools/cross/test.sh full

# The cross build's figures (one run): the build root from nothing, cold and warm cross builds, the binary's size next to
# x86_64, simulate under qemu next to native, and memory guiding the 4,532 km route under qemu next to x86_64.
bench-cross: deps-test cross-deps
	@$(CROSS_ENV) LOAD_ROUTE="$(DAEMON_LOAD_ROUTE)" LOAD_TRACE="$(word 1,$(TIMING_TRACES))" sh tools/cross/bench.sh

# Installation on a head-unit image (board/README.md explains each file and the boot sequence): the stripped static
# binary, the phrase packs, the D-Bus contract and system-bus policy, the systemd user unit (enabled for
# HEADUNIT_USER, who lingers), sysusers, ALSA and bluez-alsa files, and the configuration (an existing one is kept).
# `make uninstall` removes exactly what install wrote (its list: PREFIX/share/routecue/installed-files).
# DESTDIR stages the tree for an image; install-files lays out an already built BIN (the tests use it).
PREFIX        ?= /usr
HEADUNIT_USER ?= routecue
UI_GROUP      ?= routecue-ui
INSTALL_ENV = DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" HEADUNIT_USER="$(HEADUNIT_USER)" UI_GROUP="$(UI_GROUP)" \
              $(if $(SYSCONFDIR),SYSCONFDIR="$(SYSCONFDIR)")
BIN ?= $(BIN_STRIPPED)
# With ARCH (make install ARCH=aarch64 DESTDIR=…) the tree holds make cross's binary instead of this machine's.
install: $(if $(ARCH),cross,release-static)
	$(INSTALL_ENV) sh tools/install-tree.sh install $(if $(ARCH),$(CROSS_BIN),$(BIN_STRIPPED))

install-files:
	$(INSTALL_ENV) sh tools/install-tree.sh install $(BIN)

uninstall:
	$(INSTALL_ENV) sh tools/install-tree.sh uninstall

clean:
	$(SWIFT) package clean
