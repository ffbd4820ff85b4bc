// CGPS: libgps for Swift: gpsd 3.22 (Debian 12, API 11) through gpsd 3.25 (Debian 13, API 14).
#ifndef ROUTECUE_CGPS_SHIM_H
#define ROUTECUE_CGPS_SHIM_H
#include <gps.h>

// The wrapper uses gps_open/gps_stream/gps_read(data, message, len)/gps_close and the fields of gps_data_t it reads
// (set, fix, dev, devices, version): the same from API 11 (gpsd 3.21/3.22) through API 14 (gpsd 3.25), and
// tested against both ends. Outside that range the build stops here rather than misreading the struct.
_Static_assert(GPSD_API_MAJOR_VERSION >= 11 && GPSD_API_MAJOR_VERSION <= 14,
               "RouteCue's GPSD wrapper supports libgps API 11 (gpsd 3.21/3.22) through API 14 (gpsd 3.25)");

// Macros Swift cannot import as typed constants.
static const unsigned int routecue_WATCH_ENABLE = WATCH_ENABLE;
static const unsigned int routecue_WATCH_DISABLE = WATCH_DISABLE;
static const unsigned int routecue_WATCH_JSON = WATCH_JSON;
static const int routecue_GPSD_API_MAJOR = GPSD_API_MAJOR_VERSION;
static const int routecue_GPSD_API_MINOR = GPSD_API_MINOR_VERSION;
static const int routecue_MODE_NOT_SEEN = MODE_NOT_SEEN;
static const int routecue_MODE_NO_FIX = MODE_NO_FIX;
static const int routecue_MODE_2D = MODE_2D;
static const int routecue_MODE_3D = MODE_3D;
static const char *const routecue_DEFAULT_GPSD_PORT = DEFAULT_GPSD_PORT;

#endif
