import CALSA

/// A failed alsa-lib call: which call, on which PCM, and alsa-lib's own words for the error (`snd_strerror`).
public struct ALSAError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The alsa-lib function that failed, e.g. `snd_pcm_open`.
    public var call: String
    /// The PCM name the call was made on, e.g. `file:FILE=/tmp/x.wav,FORMAT=wav`.
    public var device: String
    /// The negative errno-style code alsa-lib returned.
    public var code: Int32
    /// `snd_strerror(code)`.
    public var message: String

    /// An error for `code` returned by `call` on `device`, with alsa-lib's message for it.
    public init(call: String, device: String, code: Int32) {
        self.call = call
        self.device = device
        self.code = code
        self.message = String(cString: snd_strerror(code))
    }

    /// An error the wrapper itself found (e.g. a device that stopped playing), with its own message.
    public init(call: String, device: String, code: Int32, message: String) {
        self.call = call
        self.device = device
        self.code = code
        self.message = message
    }

    /// `snd_pcm_open(nonexistent): No such file or directory (-2)`.
    public var description: String { "\(call)(\(device)): \(message) (\(code))" }
}
