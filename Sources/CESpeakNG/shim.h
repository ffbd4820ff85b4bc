// CESpeakNG: libespeak-ng (1.51, Debian 12 libespeak-ng-dev) for Swift.
#ifndef ROUTECUE_CESPEAKNG_SHIM_H
#define ROUTECUE_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>

_Static_assert(ESPEAK_API_REVISION >= 12, "RouteCue's Speech wrapper needs espeak API revision 12 or newer");

// Option bits defined as macros.
static const int routecue_espeakINITIALIZE_DONT_EXIT = espeakINITIALIZE_DONT_EXIT;
static const int routecue_espeakINITIALIZE_PHONEME_EVENTS = espeakINITIALIZE_PHONEME_EVENTS;
static const unsigned int routecue_espeakCHARS_UTF8 = espeakCHARS_UTF8;
static const unsigned int routecue_espeakSSML = espeakSSML;
static const unsigned int routecue_espeakPHONEMES = espeakPHONEMES;
static const unsigned int routecue_espeakENDPAUSE = espeakENDPAUSE;
static const int routecue_espeakPHONEMES_IPA = espeakPHONEMES_IPA;
static const int routecue_espeakPHONEMES_SHOW = espeakPHONEMES_SHOW;

#endif
