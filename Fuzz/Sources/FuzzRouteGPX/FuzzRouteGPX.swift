import FuzzInputs

/// libFuzzer's entry point for the `route-gpx` target: the bytes go to `FuzzInputs.routeGPX`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.routeGPX(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
