import FuzzInputs

/// libFuzzer's entry point for the `json` target: the bytes go to `FuzzInputs.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.json(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
