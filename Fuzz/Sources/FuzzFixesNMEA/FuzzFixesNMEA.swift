import FuzzInputs

/// libFuzzer's entry point for the `fixes-nmea` target: the bytes go to `FuzzInputs.fixesNMEA`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.fixesNMEA(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
