#!/bin/sh
# Lays out (install) or removes (uninstall) RouteCue's files on a head-unit image; `make install` and
# `make uninstall` call it. board/README.md explains every file and the boot sequence.
#
#   tools/install-tree.sh install   BIN
#   tools/install-tree.sh uninstall
#
# Environment (the Makefile passes its variables): DESTDIR (a staging root, may be empty), PREFIX (/usr),
# SYSCONFDIR (/etc for the prefix /usr, else PREFIX/etc: where routecue looks for its configuration),
# HEADUNIT_USER (the user whose session runs RouteCue), UI_GROUP (the group allowed to control it over D-Bus),
# and the system folders SYSTEMD_USER_UNIT_DIR, SYSTEMD_USER_CONF_DIR, SYSTEMD_SYSTEM_CONF_DIR,
# DBUS_SYSTEM_POLICY_DIR, SYSUSERS_DIR, ALSA_CONF_DIR, LINGER_DIR, DBUS_INTERFACES_DIR.
#
# install records every file it writes in PREFIX/share/routecue/installed-files (one path per line, the
# configuration with its checksum); uninstall removes exactly those files, keeps a configuration that was
# edited after installing, and removes the folders it leaves empty. An existing configuration is never replaced.
set -eu

: "${DESTDIR:=}" "${PREFIX:=/usr}" "${HEADUNIT_USER:=routecue}" "${UI_GROUP:=routecue-ui}"
if [ -z "${SYSCONFDIR:-}" ]; then
  case "$PREFIX" in */usr|/usr) SYSCONFDIR="${PREFIX%usr}etc" ;; *) SYSCONFDIR="$PREFIX/etc" ;; esac
fi
# systemd reads user units from /usr/lib, /usr/local/lib and /etc only: another prefix's unit goes to /etc.
case "$PREFIX" in
  /usr|/usr/local) : "${SYSTEMD_USER_UNIT_DIR:=$PREFIX/lib/systemd/user}" ;;
  *)               : "${SYSTEMD_USER_UNIT_DIR:=/etc/systemd/user}" ;;
esac
: "${SYSTEMD_USER_CONF_DIR:=/etc/systemd/user}"
: "${SYSTEMD_SYSTEM_CONF_DIR:=/etc/systemd/system}" "${ALSA_CONF_DIR:=/etc/alsa/conf.d}"
: "${LINGER_DIR:=/var/lib/systemd/linger}"
# dbus-daemon reads system-bus policies from /usr/share and /etc, systemd-sysusers from /usr/lib and /etc.
case "$PREFIX" in
  /usr) : "${DBUS_SYSTEM_POLICY_DIR:=/usr/share/dbus-1/system.d}" "${SYSUSERS_DIR:=/usr/lib/sysusers.d}" ;;
  *)    : "${DBUS_SYSTEM_POLICY_DIR:=/etc/dbus-1/system.d}" "${SYSUSERS_DIR:=/etc/sysusers.d}" ;;
esac
: "${DBUS_INTERFACES_DIR:=$PREFIX/share/dbus-1/interfaces}"

SHARE="$PREFIX/share/routecue"
MANIFEST="$SHARE/installed-files"
CONFIG="$SYSCONFDIR/routecue/routecue.json"
HERE=$(cd "$(dirname "$0")/.." && pwd)

case "$HEADUNIT_USER$UI_GROUP" in
  *[!A-Za-z0-9_.-]*) echo "install-tree: HEADUNIT_USER and UI_GROUP must be plain user and group names" >&2; exit 2 ;;
esac

# The placeholders of board/ files: @PREFIX@, @HEADUNIT_USER@, @UI_GROUP@, @SYSCONFDIR@.
substitute() {
  sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@HEADUNIT_USER@|$HEADUNIT_USER|g" -e "s|@UI_GROUP@|$UI_GROUP|g" \
      -e "s|@SYSCONFDIR@|$SYSCONFDIR|g" "$1"
}

recorded=""
# ensure_dir DIR: creates DIR under DESTDIR and records each folder of it that did not exist (as DIR/).
ensure_dir() {
  missing="" dir=$1
  while [ "$dir" != / ] && [ ! -d "$DESTDIR$dir" ]; do missing="$dir/
$missing"; dir=$(dirname "$dir"); done
  mkdir -p "$DESTDIR$1"
  recorded="$recorded$missing"
}

# put MODE SOURCE TARGET [template]: installs one file and records it.
put() {
  [ -f "$2" ] || { echo "install-tree: $2 is missing" >&2; exit 1; }
  ensure_dir "$(dirname "$3")"
  if [ "${4:-}" = template ]; then
    substitute "$2" > "$DESTDIR$3.tmp" || exit 1
    chmod "$1" "$DESTDIR$3.tmp" && mv "$DESTDIR$3.tmp" "$DESTDIR$3" || exit 1
  else
    install -m "$1" "$2" "$DESTDIR$3"
  fi
  recorded="$recorded$3
"
}

install_tree() {
  bin=$1
  [ -x "$bin" ] || { echo "install-tree: $bin is not an executable (make release-static builds it)" >&2; exit 1; }
  # Installing again over an earlier install keeps what that one recorded (the linger file, the configuration).
  [ -f "$DESTDIR$MANIFEST" ] && recorded=$(cat "$DESTDIR$MANIFEST")"
"
  put 0755 "$bin" "$PREFIX/bin/routecue"
  for pack in "$HERE"/config/phrases/*.json; do put 0644 "$pack" "$SHARE/phrases/$(basename "$pack")"; done
  for table in "$HERE"/config/phrases/abbreviations/*.json; do
    put 0644 "$table" "$SHARE/phrases/abbreviations/$(basename "$table")"
  done
  for contract in "$HERE"/config/dbus/org.routecue.*.xml; do put 0644 "$contract" "$DBUS_INTERFACES_DIR/$(basename "$contract")"; done
  # The bus policy names the user that may own org.routecue and the group that may control it.
  sed -e "s|policy user=\"routecue\"|policy user=\"$HEADUNIT_USER\"|" -e "s|policy group=\"routecue-ui\"|policy group=\"$UI_GROUP\"|" \
      "$HERE/config/dbus/org.routecue.conf" > "$HERE/.build/org.routecue.conf.$$"
  put 0644 "$HERE/.build/org.routecue.conf.$$" "$DBUS_SYSTEM_POLICY_DIR/org.routecue.conf"
  rm -f "$HERE/.build/org.routecue.conf.$$"
  put 0644 "$HERE/board/dbus/routecue-ofono.conf" "$DBUS_SYSTEM_POLICY_DIR/routecue-ofono.conf" template
  put 0644 "$HERE/board/systemd/routecue.service" "$SYSTEMD_USER_UNIT_DIR/routecue.service" template
  put 0644 "$HERE/board/sysusers.d/routecue.conf" "$SYSUSERS_DIR/routecue.conf" template
  put 0644 "$HERE/board/alsa/50-routecue.conf" "$ALSA_CONF_DIR/50-routecue.conf" template
  put 0644 "$HERE/board/bluez-alsa/bluealsa.service.d/routecue.conf" "$SYSTEMD_SYSTEM_CONF_DIR/bluealsa.service.d/routecue.conf" template

  # Enabled as `systemctl --global enable` would: in every user manager's default.target, where the unit's
  # ConditionUser= lets it start for HEADUNIT_USER only.
  wants="$SYSTEMD_USER_CONF_DIR/default.target.wants/routecue.service"
  ensure_dir "$(dirname "$wants")"
  ln -sfn "$SYSTEMD_USER_UNIT_DIR/routecue.service" "$DESTDIR$wants"
  recorded="$recorded$wants
"
  # Lingering (what `loginctl enable-linger HEADUNIT_USER` does): logind starts the user's manager at boot.
  linger="$LINGER_DIR/$HEADUNIT_USER"
  if [ -e "$DESTDIR$linger" ]; then echo "install: $linger exists (the user lingers already)"
  else ensure_dir "$LINGER_DIR" && : > "$DESTDIR$linger" && recorded="$recorded$linger
"; fi

  if [ -e "$DESTDIR$CONFIG" ]; then
    echo "install: keeping $DESTDIR$CONFIG"
  else
    put 0644 "$HERE/board/routecue.json" "$CONFIG" template
    sum=$(sha256sum "$DESTDIR$CONFIG" | cut -d' ' -f1)
    recorded=$(printf '%s' "$recorded" | sed "s|^$CONFIG\$|$CONFIG $sum|")"
"
  fi
  printf '%s' "$recorded" | awk 'NF && !seen[$1]++' > "$DESTDIR$MANIFEST.tmp" && mv "$DESTDIR$MANIFEST.tmp" "$DESTDIR$MANIFEST"
  recorded=$(cat "$DESTDIR$MANIFEST")"
"
  echo "install: $(printf '%s' "$recorded" | grep -cv '/$') files under ${DESTDIR:-/} (list: $MANIFEST)"
}

uninstall_tree() {
  [ -f "$DESTDIR$MANIFEST" ] || { echo "uninstall: $DESTDIR$MANIFEST not found: nothing installed here" >&2; exit 1; }
  removed=0
  while read -r path sum; do
    case "$path" in ''|*/) continue ;; esac
    if [ -n "$sum" ] && [ -e "$DESTDIR$path" ] && [ "$(sha256sum "$DESTDIR$path" | cut -d' ' -f1)" != "$sum" ]; then
      echo "uninstall: keeping $DESTDIR$path (edited since it was installed)"; continue
    fi
    if [ -e "$DESTDIR$path" ] || [ -L "$DESTDIR$path" ]; then rm -f "$DESTDIR$path" && removed=$((removed + 1)); fi
  done < "$DESTDIR$MANIFEST"
  # The folders install created, deepest first, when nothing else has been put in them since.
  dirs=$(grep '/$' "$DESTDIR$MANIFEST" | sort -r || true)
  rm -f "$DESTDIR$MANIFEST"
  for dir in $dirs; do rmdir "$DESTDIR$dir" 2>/dev/null || true; done
  echo "uninstall: removed $removed files under ${DESTDIR:-/}"
}

case "${1:-}" in
  install) [ $# -eq 2 ] || { echo "usage: $0 install BIN" >&2; exit 2; }; install_tree "$2" ;;
  uninstall) uninstall_tree ;;
  *) echo "usage: $0 install BIN | uninstall" >&2; exit 2 ;;
esac
