// CGPS: libgps (gpsd 3.22, Debian 12 libgps-dev) for Swift.
#ifndef ROUTECUE_CGPS_SHIM_H
#define ROUTECUE_CGPS_SHIM_H
#include <gps.h>

// The wrapper is written against API 11 (gpsd 3.21/3.22): gps_read(data, message, len), gps_data_t layout.
_Static_assert(GPSD_API_MAJOR_VERSION == 11, "RouteCue's GPSD wrapper expects gpsd API major version 11");

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
