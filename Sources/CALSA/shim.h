// CALSA: libasound2 (ALSA 1.2.8, Debian 12 libasound2-dev) for Swift.
#ifndef ROUTECUE_CALSA_SHIM_H
#define ROUTECUE_CALSA_SHIM_H
#include <alsa/asoundlib.h>

_Static_assert(SND_LIB_MAJOR == 1 && SND_LIB_MINOR >= 1, "RouteCue's ALSA wrapper needs alsa-lib 1.1 or newer");

// Macros Swift cannot import. Use snd_pcm_hw_params_malloc / snd_pcm_sw_params_malloc instead of the
// alloca-based snd_pcm_*_alloca macros.
static const char *const routecue_SND_LIB_VERSION_STR = SND_LIB_VERSION_STR;
static const int routecue_SND_PCM_NONBLOCK = SND_PCM_NONBLOCK;
static const snd_pcm_format_t routecue_SND_PCM_FORMAT_S16 = SND_PCM_FORMAT_S16;
static const snd_pcm_access_t routecue_SND_PCM_ACCESS_RW_INTERLEAVED = SND_PCM_ACCESS_RW_INTERLEAVED;

// alsa-lib prints its own error lines on stderr (e.g. "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM x")
// before returning the code RouteCue reports as one line of its own. Its handler is variadic, which Swift cannot
// write, so the quiet handler lives here.
static void routecue_alsa_quiet_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void routecue_alsa_silence_errors(void) { snd_lib_error_set_handler(routecue_alsa_quiet_error); }

#endif
