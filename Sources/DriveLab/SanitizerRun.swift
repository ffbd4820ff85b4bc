import Glibc

/// Which sanitizer this process was built with (`make check-sanitizers`), found at run time by the runtime's entry
/// point: the processes a test starts from the same build folder carry the same one.
public enum SanitizerRun {
    /// True in a build with `--sanitize=thread`.
    public static let isThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    /// True in a build with `--sanitize=address`.
    public static let isAddressSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// How much longer than in a plain build a test waits for something to happen (5 under ThreadSanitizer, 2 under
    /// AddressSanitizer, else 1): instrumented Swift code runs several times slower, and a wait is only an upper
    /// bound. Measured figures (a cue's latency, an exit within a second) are not scaled by it: a test that states a
    /// bound on one says so where it uses this.
    public static let slowdown: Double = isThreadSanitizer ? 5 : isAddressSanitizer ? 2 : 1
}
