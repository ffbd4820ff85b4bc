import FuzzInputs

/// libFuzzer's entry point for the `route-valhalla` target: the bytes go to `FuzzInputs.routeValhalla`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.routeValhalla(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
