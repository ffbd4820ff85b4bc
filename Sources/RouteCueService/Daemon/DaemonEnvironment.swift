import EventLoopKit

/// What the daemon runs on: for `routecue run` the process's event loop and the real audio (espeak-ng's thread, ALSA's
/// thread); for in-process tests a `ManualLoop` and a virtual sink. As between `run` and `simulate`, the clock and the
/// sink are the only differences: everything else is the same wiring.
public struct DaemonEnvironment {
    /// The loop's clock and timers (the daemon's and its parts').
    public var scheduler: any LoopScheduler
    /// Opens the audio service for the given settings.
    public var makeAudio: @RouteCueLoop (AudioOutputService.Settings) throws -> AudioOutputService

    /// An environment on `scheduler` with the audio `makeAudio` opens.
    public init(scheduler: any LoopScheduler,
                makeAudio: @escaping @RouteCueLoop (AudioOutputService.Settings) throws -> AudioOutputService) {
        self.scheduler = scheduler
        self.makeAudio = makeAudio
    }

    /// The process's: RouteCue's event loop, espeak-ng and ALSA on threads of their own.
    public static var process: DaemonEnvironment {
        DaemonEnvironment(scheduler: RouteCueLoop.loop) { settings in try AudioOutputService(settings: settings) }
    }
}
