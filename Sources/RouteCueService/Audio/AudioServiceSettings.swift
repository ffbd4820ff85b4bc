import ALSAOutput
import RouteCueCore
import Speech

/// The configuration file's `audio` section turned into the speech and audio engine's settings.
public enum AudioServiceSettings {
    /// Settings for the service playing on `pcm` (or the configured route's PCM) with espeak-ng voice `voice`.
    public static func make(config: RouteCueConfiguration, pcm: String? = nil, voice: String) -> AudioOutputService.Settings {
        let audio = config.audio
        let device = PCMRequest(device: pcm ?? audio.routes[audio.route]?.pcm ?? "default", rate: audio.device.rate,
                                channels: audio.device.channels, periodSeconds: audio.device.periodMilliseconds / 1000,
                                periods: audio.device.periods)
        let voiceSettings = VoiceSettings(voice: voice, variant: audio.voice.variant,
                                          wordsPerMinute: audio.voice.wordsPerMinute, volume: audio.voice.volume,
                                          pitch: audio.voice.pitch, markup: .plain)
        return AudioOutputService.Settings(
            device: device, voice: voiceSettings, routeTiming: config.audioRoute(audio.route),
            cacheBytes: audio.cacheBytes, spatial: audio.spatialEnabled ? audio.spatial : nil,
            idleHold: audio.device.idleHoldSeconds, policy: audio.policy)
    }
}
