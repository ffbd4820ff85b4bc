import FuzzInputs

/// libFuzzer's entry point for the `wav` target: the bytes go to `FuzzInputs.wav`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.wav(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
