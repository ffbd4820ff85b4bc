import FuzzInputs

/// libFuzzer's entry point for the `http-response` target: the bytes go to `FuzzInputs.httpResponse`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.httpResponse(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
