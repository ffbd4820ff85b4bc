/// The tests see the bench-and-test lab (generated drives, gpsd, the routing engine on its test map, child processes)
/// through TestSupport, as they did when those helpers lived here.
@_exported import DriveLab
