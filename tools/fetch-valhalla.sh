#!/bin/sh
# Fetches the Valhalla routing engine the tests run (ValhallaProcess in Sources/TestSupport): the prebuilt executables
# inside the pyvalhalla wheel from PyPI, downloaded with `python3 -m pip download` (a download, not an install: no
# virtualenv, no PEP 668 trouble, any Python version) and unpacked into a cache folder. The executables
# (valhalla_service, valhalla_build_tiles, valhalla_build_admins) find their libraries by RPATH in ../../pyvalhalla.libs,
# so the wheel's layout is kept as it is; valhalla_build_config.py sits in DIR/valhalla/.
#
#   tools/fetch-valhalla.sh        prints the bin folder (DIR/valhalla/bin) on standard output, messages on stderr
#
# DIR is $ROUTECUE_VALHALLA_DIR, else ${XDG_CACHE_HOME:-$HOME/.cache}/routecue/valhalla-3.9.1. Idempotent: a finished
# DIR (marker DIR/.complete, binaries that run) is reused at once. Exits non-zero with one line on stderr when pip, the
# network or the platform is missing. Works as root and as any user (writes only under DIR and a temporary folder).
set -eu

VERSION=3.9.1
DIR=${ROUTECUE_VALHALLA_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/routecue/valhalla-$VERSION}
BIN=$DIR/valhalla/bin

fail() { echo "fetch-valhalla: $*" >&2; exit 1; }

# The binaries of a finished folder run and report the expected version.
works() {
    [ -f "$DIR/.complete" ] && [ -x "$BIN/valhalla_service" ] && [ -x "$BIN/valhalla_build_tiles" ] \
        && [ -x "$BIN/valhalla_build_admins" ] && [ -f "$DIR/valhalla/valhalla_build_config.py" ] \
        && [ "$("$BIN/valhalla_service" --version 2>/dev/null)" = "$VERSION" ]
}

if works; then echo "$BIN"; exit 0; fi

case $(uname -m) in
    x86_64|amd64) PLATFORM=manylinux_2_28_x86_64 ;;
    aarch64|arm64) PLATFORM=manylinux_2_28_aarch64 ;;
    *) fail "no pyvalhalla $VERSION wheel for machine $(uname -m) (only x86_64 and aarch64)" ;;
esac

# A Python with pip: python3 first, then Debian's own (a pyenv or venv python3 may lack pip).
PYTHON=
for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -m pip --version >/dev/null 2>&1; then
        PYTHON=$candidate; break
    fi
done
if [ -z "$PYTHON" ]; then
    command -v python3 >/dev/null 2>&1 || fail "python3 not found (Debian packages python3 python3-pip)"
    fail "pip not found for python3 (Debian package python3-pip)"
fi

# The download goes to a temporary folder, the unpacked tree to one beside DIR (same file system: the final rename is
# atomic, so an interrupted run never leaves a half-unpacked DIR behind).
PARENT=$(dirname "$DIR")
mkdir -p "$PARENT" || fail "cannot create $PARENT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/routecue-fetch-valhalla.XXXXXX")
STAGE=$(mktemp -d "$PARENT/.valhalla-$VERSION.XXXXXX") || fail "cannot write to $PARENT"
trap 'rm -rf "$WORK" "$STAGE"' EXIT
trap 'exit 130' INT TERM

echo "fetch-valhalla: downloading pyvalhalla $VERSION ($PLATFORM) with $PYTHON -m pip" >&2
if ! PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 "$PYTHON" -m pip download --no-deps --only-binary=:all: \
        --python-version 3.12 --platform "$PLATFORM" --retries 1 --timeout 15 -d "$WORK/wheel" \
        "pyvalhalla==$VERSION" >"$WORK/pip.log" 2>&1; then
    reason=$(grep -E 'ERROR|Error|error' "$WORK/pip.log" | tail -1 | cut -c1-200)
    fail "cannot download pyvalhalla $VERSION from PyPI (no network?): ${reason:-pip download failed}"
fi
set -- "$WORK"/wheel/pyvalhalla-*.whl
[ -f "$1" ] || fail "pip reported success but left no pyvalhalla wheel in $WORK/wheel"

"$PYTHON" -m zipfile -e "$1" "$STAGE/tree" || fail "cannot unpack $1"
chmod +x "$STAGE"/tree/valhalla/bin/*
version=$("$STAGE/tree/valhalla/bin/valhalla_service" --version 2>&1) \
    || fail "the downloaded valhalla_service does not run: $(echo "$version" | head -1)"
[ "$version" = "$VERSION" ] || fail "the downloaded valhalla_service reports version '$version', expected $VERSION"
touch "$STAGE/tree/.complete"

# Move the finished tree in: whole when DIR is new, else entry by entry (a folder named by ROUTECUE_VALHALLA_DIR keeps
# whatever else it holds), the marker last.
if [ ! -e "$DIR" ]; then
    mv "$STAGE/tree" "$DIR"
else
    rm -f "$DIR/.complete"
    for entry in "$STAGE"/tree/*; do
        name=$(basename "$entry")
        rm -rf "${DIR:?}/$name"
        mv "$entry" "$DIR/$name"
    done
    mv "$STAGE/tree/.complete" "$DIR/.complete"
fi
works || fail "unpacked into $DIR but the binaries do not run"
echo "fetch-valhalla: valhalla $VERSION ready in $DIR" >&2
echo "$BIN"
