import FuzzInputs

/// libFuzzer's entry point for the `dbus-arguments` target: the bytes go to `FuzzInputs.dbusArguments`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.dbusArguments(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
