import FuzzInputs

/// libFuzzer's entry point for the `route-auto` target: the bytes go to `FuzzInputs.routeAuto`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.routeAuto(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
