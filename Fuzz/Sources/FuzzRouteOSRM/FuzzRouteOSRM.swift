import FuzzInputs

/// libFuzzer's entry point for the `route-osrm` target: the bytes go to `FuzzInputs.routeOSRM`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.routeOSRM(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
