import FuzzInputs

/// libFuzzer's entry point for the `xml` target: the bytes go to `FuzzInputs.xml`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.xml(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
