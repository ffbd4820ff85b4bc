import FuzzInputs

/// libFuzzer's entry point for the `fixes-gpsd-json` target: the bytes go to `FuzzInputs.fixesGPSDJSON`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.fixesGPSDJSON(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
