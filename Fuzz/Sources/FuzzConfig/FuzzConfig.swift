import FuzzInputs

/// libFuzzer's entry point for the `config` target: the bytes go to `FuzzInputs.configuration`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.configuration(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
