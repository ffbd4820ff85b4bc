import FuzzInputs

/// libFuzzer's entry point for the `fixes-gpx` target: the bytes go to `FuzzInputs.fixesGPX`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.fixesGPX(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
