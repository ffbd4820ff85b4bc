/// A failure of espeak-ng (or of RouteCue's checks before calling it), with the C status kept.
public struct SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An `espeak_ERROR` status, or `invalidArgument` when RouteCue refused the input before calling espeak-ng.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The `espeak_ERROR` value (`EE_*`), or -22 for `invalidArgument`.
        public let rawValue: Int32
        /// Wraps a raw `espeak_ERROR` value.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `EE_INTERNAL_ERROR`: espeak-ng failed (e.g. its data directory is missing).
        public static let internalError = Code(rawValue: -1)
        /// `EE_BUFFER_FULL`: espeak-ng could not take the command.
        public static let bufferFull = Code(rawValue: 1)
        /// `EE_NOT_FOUND`: no voice of that name.
        public static let notFound = Code(rawValue: 2)
        /// Not an espeak-ng status: RouteCue rejected an argument (a malformed voice name, a rate out of range).
        public static let invalidArgument = Code(rawValue: -22)
        /// Not an espeak-ng status: a running synthesis was stopped midway (`SpeechThread.cancel`, shutdown);
        /// its partial audio is discarded.
        public static let aborted = Code(rawValue: -4)
        /// Not an espeak-ng status: a job was cancelled before it started, or the speech thread was shut down.
        public static let cancelled = Code(rawValue: -125)
    }

    /// What went wrong, as espeak-ng (or RouteCue) reported it.
    public let code: Code
    /// One line naming the call and what it was given, e.g. `voice "xx" not found`.
    public let message: String

    /// Creates an error from a status and a one-line message.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message followed by the espeak status, e.g. `espeak-ng: voice "xx" not found (espeak_ERROR 2)`.
    public var description: String { "espeak-ng: \(message) (espeak_ERROR \(code.rawValue))" }
}
