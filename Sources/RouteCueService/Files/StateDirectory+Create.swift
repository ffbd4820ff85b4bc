import Glibc
import RouteCueCore

extension StateDirectory {
    /// Creates the directory (mode 0700) unless it exists.
    public func create() throws(InputError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw InputError(.unwritable, input: .stateDirectory, file: path, message: "cannot create the state directory: \(String(cString: strerror(errno)))")
        }
    }
}
