/// ALSA PCM names RouteCue builds: the file PCM that stands in for a device in tests and `say --wav`, and the
/// bluez-alsa PCM of a Bluetooth hands-free device.
public enum AudioDeviceNames {
    /// A PCM that writes what is played into a WAV file at `path` (ALSA's `file` plugin over `null`; unpaced).
    /// Throws for paths ALSA's PCM-name syntax cannot carry (quotes, backslashes, control characters).
    public static func wavFile(_ path: String) throws(AudioDeviceNameError) -> String {
        guard !path.isEmpty, !path.unicodeScalars.contains(where: {
            $0 == "\"" || $0 == "\\" || $0 == "'" || $0.properties.generalCategory == .control
        }) else {
            throw AudioDeviceNameError(message: "\(path.debugDescription) cannot be written through ALSA's file PCM (no quotes, backslashes or control characters)")
        }
        return "file:FILE=\"\(path)\",FORMAT=wav"
    }

    /// The bluez-alsa PCM of the device at `address` (`AA:BB:CC:DD:EE:FF`) with the hands-free (SCO) profile.
    public static func bluetoothHandsFree(address: String) throws(AudioDeviceNameError) -> String {
        let parts = address.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 6, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else {
            throw AudioDeviceNameError(message: "\(address.debugDescription) is not a Bluetooth address (AA:BB:CC:DD:EE:FF)")
        }
        return "bluealsa:DEV=\(address.uppercased()),PROFILE=sco"
    }
}

/// A PCM name that cannot be built.
public struct AudioDeviceNameError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
