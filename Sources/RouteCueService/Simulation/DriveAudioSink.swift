/// Where `DriveSimulator` writes the guidance audio of a whole drive: mono samples at the synthesizer's rate,
/// each cue preceded by the silence that puts its first sample at its instant on the timeline.
public protocol DriveAudioSink: AnyObject {
    /// Samples written so far (the timeline's position).
    var sampleCount: Int { get }
    /// Appends `sampleCount` samples of silence.
    func appendSilence(sampleCount: Int) throws
    /// Appends samples.
    func append(_ samples: [Int16]) throws
    /// Ends the timeline (flushes, closes).
    func finish() throws
}

extension WAVFileWriter: DriveAudioSink {}
