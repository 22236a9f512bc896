import ReveilleCore

/// One device's launches in time order, stored column by column (about 12 bytes a launch); each
/// element is built as a ``LaunchEvent`` when it is read.
///
/// It is a `RandomAccessCollection`, so `for`, `map`, `filter`, `first`, `last` and indexing by
/// position work as on an array; ``instant(at:)`` and ``app(at:)`` read one field without building
/// the event.
public struct LaunchList: RandomAccessCollection, Sendable, Hashable {
    /// The device every launch belongs to.
    public let device: String
    /// App names; the launches refer to them by index. May hold names of other devices' launches.
    let appNames: [String]
    let columns: _LaunchColumns

    init(device: String, appNames: [String], columns: _LaunchColumns) {
        self.device = device
        self.appNames = appNames
        self.columns = columns
    }

    /// A list of `events` in the order given (they should be sorted by instant), all filed under
    /// `device`.
    init(device: String, events: some Sequence<LaunchEvent>) {
        var names: [String] = [], index: [String: Int32] = [:]
        var columns = _LaunchColumns()
        for e in events {
            let a: Int32
            if let known = index[e.app] {
                a = known
            } else {
                a = Int32(truncatingIfNeeded: names.count)
                index[e.app] = a
                names.append(e.app)
            }
            columns.append(instant: e.instant, app: a, utcOffsetSeconds: e.utcOffsetSeconds, duration: e.durationSeconds ?? .nan)
        }
        self.init(device: device, appNames: names, columns: columns)
    }

    /// Always 0: launches are indexed by position.
    public var startIndex: Int { 0 }
    /// The number of launches.
    public var endIndex: Int { columns.count }

    /// Launch `i` as an event (built on each access; ``instant(at:)`` and ``app(at:)`` read a
    /// single field).
    public subscript(i: Int) -> LaunchEvent {
        LaunchEvent(device: device, app: appNames[Int(columns.apps[i])], instant: columns.instants[i],
                    utcOffsetSeconds: columns.utcOffsetSeconds(at: i), durationSeconds: columns.duration(at: i))
    }

    /// The instant of launch `i`.
    @inline(__always)
    public func instant(at i: Int) -> Double { columns.instants[i] }

    /// The app of launch `i`.
    @inline(__always)
    public func app(at i: Int) -> String { appNames[Int(columns.apps[i])] }

    /// The distinct apps launched, sorted. (The name table holds no two equal names.)
    public var apps: [String] {
        var used = [Bool](repeating: false, count: appNames.count)
        for i in indices { used[Int(columns.apps[i])] = true }
        return appNames.indices.filter { used[$0] }.map { appNames[$0] }.sorted()
    }

    /// Equal when they hold equal events in the same order (however the names are stored).
    public static func == (a: LaunchList, b: LaunchList) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    /// Hashes the count and every event.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for e in self { hasher.combine(e) }
    }
}
