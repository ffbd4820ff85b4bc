import ALSAOutput
import RouteCueCore
import Speech

/// The configuration file's `audio` section turned into the speech and audio engine's settings.
public enum AudioServiceSettings {
    /// Settings for the service playing on `pcm` (or the configured route's PCM) with espeak-ng voice `voice`.
    public static func make(config: RouteCueConfiguration, pcm: String? = nil, voice: String) -> AudioOutputService.Settings {
        let audio = config.audio
        let device = request(pcm: pcm ?? audio.routes[audio.route]?.device ?? "default", device: audio.device)
        let voiceSettings = VoiceSettings(voice: voice, variant: audio.voice.variant,
                                          wordsPerMinute: audio.voice.wordsPerMinute, volume: audio.voice.volume,
                                          pitch: audio.voice.pitch, markup: .plain)
        return AudioOutputService.Settings(
            device: device, voice: voiceSettings, routeTiming: config.audioRoute(audio.route),
            cacheBytes: audio.cacheBytes, spatial: audio.spatialEnabled ? audio.spatial : nil,
            idleHold: audio.device.idleHoldSeconds, policy: audio.policy)
    }

    /// The ALSA request for PCM `pcm` with the configured device parameters.
    public static func request(pcm: String, device: AudioSettings.Device) -> PCMRequest {
        PCMRequest(device: pcm, rate: device.rate, channels: device.channels,
                   periodSeconds: device.periodMilliseconds / 1000, periods: device.periods)
    }
}
