import ALSAOutput
import EventLoopKit
import RouteCueCore
import Speech

extension AudioOutputService {
    /// The audio service on virtual time: on `loop`, with `speech` (usually `InlineSpeech`), playing on a
    /// `VirtualPlaybackDevice` whose latency is the route's configured output latency and which writes what is heard
    /// into `sink` (at `sinkRate`) when given. What `routecue simulate` and service-level tests run.
    public static func virtual(settings: Settings, loop: ManualLoop, speech: any SpeechRendering,
                               sink: DriveAudioSink? = nil, sinkRate: Int = 22050) -> (AudioOutputService, VirtualPlaybackDevice) {
        let box = sink.map(SinkBox.init)
        var made: VirtualPlaybackDevice?
        let service = AudioOutputService(settings: settings, scheduler: loop, speech: speech) { events in
            let device = VirtualPlaybackDevice(scheduler: loop, outputLatency: settings.routeTiming.outputLatency,
                                               sink: box?.sink, sinkRate: sinkRate, events: events)
            made = device
            return device
        }
        return (service, made!)
    }
}

/// A sink handed to the loop for one replay (the replay owns it alone while it runs).
final class SinkBox: @unchecked Sendable {
    let sink: DriveAudioSink
    init(_ sink: DriveAudioSink) { self.sink = sink }
}
