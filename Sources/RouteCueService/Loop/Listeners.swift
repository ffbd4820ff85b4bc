import EventLoopKit

/// Several listeners of one kind of event, on the loop: the daemon's log, the cue log, the D-Bus interface and
/// tests each follow the same engine and audio service.
@RouteCueLoop
public final class Listeners<Event> {
    private var entries: [(id: Int, call: @RouteCueLoop (Event) -> Void)] = []
    private var nextID = 1

    nonisolated init() {}

    /// Adds `listener`; returns the id that removes it.
    @discardableResult
    func add(_ listener: @escaping @RouteCueLoop (Event) -> Void) -> ListenerID {
        let id = nextID
        nextID += 1
        entries.append((id, listener))
        return ListenerID(value: id)
    }

    /// Removes the listener `id` (it hears nothing more, also from a notification under way).
    func remove(_ id: ListenerID) {
        entries.removeAll { $0.id == id.value }
    }

    /// Tells every listener, in the order they were added.
    func notify(_ event: Event) {
        for entry in entries where entries.contains(where: { $0.id == entry.id }) { entry.call(event) }
    }
}

/// A listener's handle, for removing it.
public struct ListenerID: Hashable, Sendable {
    let value: Int
}
