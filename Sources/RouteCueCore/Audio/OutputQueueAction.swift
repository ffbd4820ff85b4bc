/// How to stop an output: after the word being spoken (superseded), or now (the listener asked for silence).
public enum OutputStopMode: Sendable, Equatable {
    /// At the next word boundary of the speech (recorded by the synthesizer as sample offsets).
    case atWordBoundary
    /// Now (`snd_pcm_drop`).
    case immediately
}

/// What the output queue asks of the audio side, in order.
public enum OutputQueueAction: Sendable, Equatable {
    /// Render its PCM ahead (synthesis, file decoding) so its start costs nothing.
    case prepare(OutputRequest)
    /// Start playing it now, rendered this way, at this volume factor (0…1).
    case start(OutputRequest, rendition: OutputRendition, volume: Double)
    /// Stop output `id`; the audio side answers with `finished`.
    case stop(id: Int, OutputStopMode)
    /// A delegate event.
    case event(OutputEvent)
}
