// CDBus: libdbus-1 (1.14, Debian 12 libdbus-1-dev) for Swift.
#ifndef ROUTECUE_CDBUS_SHIM_H
#define ROUTECUE_CDBUS_SHIM_H
#include <dbus/dbus.h>

_Static_assert(DBUS_MAJOR_VERSION == 1 && DBUS_MINOR_VERSION >= 12, "RouteCue's DBusKit needs libdbus 1.12 or newer");

// DBUS_TYPE_* are char-literal macros ((int) 's'): export them as typed constants.
static const int routecue_DBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int routecue_DBUS_TYPE_BYTE = DBUS_TYPE_BYTE;
static const int routecue_DBUS_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int routecue_DBUS_TYPE_INT16 = DBUS_TYPE_INT16;
static const int routecue_DBUS_TYPE_UINT16 = DBUS_TYPE_UINT16;
static const int routecue_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;
static const int routecue_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int routecue_DBUS_TYPE_INT64 = DBUS_TYPE_INT64;
static const int routecue_DBUS_TYPE_UINT64 = DBUS_TYPE_UINT64;
static const int routecue_DBUS_TYPE_DOUBLE = DBUS_TYPE_DOUBLE;
static const int routecue_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int routecue_DBUS_TYPE_OBJECT_PATH = DBUS_TYPE_OBJECT_PATH;
static const int routecue_DBUS_TYPE_SIGNATURE = DBUS_TYPE_SIGNATURE;
static const int routecue_DBUS_TYPE_UNIX_FD = DBUS_TYPE_UNIX_FD;
static const int routecue_DBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int routecue_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int routecue_DBUS_TYPE_STRUCT = DBUS_TYPE_STRUCT;
static const int routecue_DBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;
static const unsigned int routecue_DBUS_NAME_FLAG_DO_NOT_QUEUE = DBUS_NAME_FLAG_DO_NOT_QUEUE;
static const int routecue_DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER = DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER;

#endif
