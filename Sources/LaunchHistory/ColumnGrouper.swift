import ReveilleCore

/// Files launches by device as they arrive, straight into each device's columns: devices whose
/// names are equal Strings share a group (named by the first spelling), in order of first
/// appearance, and apps whose names are equal Strings share one index.
///
/// Readers that intern names themselves (the CSV reader) announce each new device and app entry
/// once and then append by entry index, so a row costs no hashing and no reference counting.
/// The columns of the device being read are held in ``current`` (consecutive rows usually share
/// their device).
struct _ColumnGrouper {
    private var names: [String] = []
    private var groupIndex: [String: Int] = [:]
    private var groups: [_LaunchColumns] = []
    private var current = _LaunchColumns()
    private var currentGroup = -1
    /// App names by index, and the index of each name.
    private var appNames: [String] = []
    private var appIndex: [String: Int32] = [:]
    /// The group of each device entry and the app index of each app entry of the caller's
    /// interners; -1 until announced.
    private var groupOfDevice: [Int] = []
    private var appOfEntry: [Int32] = []
    /// The last device named in ``append(_:)``.
    private var lastDevice: (name: String, group: Int)?

    /// Whether device entry `e` is known; if not, ``addDevice(_:_:)`` must announce it first.
    @inline(__always)
    func knows(device e: Int) -> Bool { e < groupOfDevice.count && groupOfDevice[e] >= 0 }

    /// Whether app entry `e` is known; if not, ``addApp(_:_:)`` must announce it first.
    @inline(__always)
    func knows(app e: Int) -> Bool { e < appOfEntry.count && appOfEntry[e] >= 0 }

    /// Announces device entry `e` and its name.
    mutating func addDevice(_ e: Int, _ name: String) {
        while groupOfDevice.count <= e { groupOfDevice.append(-1) }
        groupOfDevice[e] = _group(name)
    }

    /// Announces app entry `e` and its name.
    mutating func addApp(_ e: Int, _ name: String) {
        while appOfEntry.count <= e { appOfEntry.append(-1) }
        appOfEntry[e] = _app(name)
    }

    /// Appends a launch of announced device entry `device` and app entry `app`; `duration` is NaN
    /// when the launch has none.
    @inline(__always)
    mutating func append(device: Int, app: Int, instant: Double, utcOffsetSeconds: Int, duration: Double) {
        let g = groupOfDevice[device]
        if g != currentGroup { _switch(to: g) }
        current.append(instant: instant, app: appOfEntry[app], utcOffsetSeconds: utcOffsetSeconds, duration: duration)
    }

    /// Appends a launch by its names.
    mutating func append(_ e: LaunchEvent) {
        let g: Int
        if let lastDevice, lastDevice.name == e.device {
            g = lastDevice.group
        } else {
            g = _group(e.device)
            lastDevice = (e.device, g)
        }
        if g != currentGroup { _switch(to: g) }
        current.append(instant: e.instant, app: _app(e.app), utcOffsetSeconds: e.utcOffsetSeconds,
                       duration: e.durationSeconds ?? .nan)
    }

    /// The devices' histories, each sorted by instant (stably) without exact duplicates, and how
    /// many rows were out of order and how many duplicates were dropped.
    mutating func finish() -> (devices: [DeviceHistory], outOfOrder: Int, duplicates: Int) {
        if currentGroup >= 0 { swap(&groups[currentGroup], &current) }
        currentGroup = -1
        var devices: [DeviceHistory] = [], outOfOrder = 0, duplicates = 0
        for g in names.indices {
            let columns = groups[g]
            groups[g] = _LaunchColumns()
            let list = LaunchList(device: names[g], appNames: appNames, columns: columns)
            let arrival = columns.arrival
            outOfOrder += arrival.outOfOrder
            guard arrival.outOfOrder > 0 || arrival.sawEqualNeighbours else {
                devices.append(DeviceHistory(launches: list))
                continue
            }
            let (kept, dropped) = columns.sortedWithoutExactDuplicates()
            duplicates += dropped
            devices.append(DeviceHistory(launches: LaunchList(device: names[g], appNames: appNames, columns: kept)))
        }
        return (devices, outOfOrder, duplicates)
    }

    /// Puts the current group's columns back and takes group `g`'s out (swapping, so neither is
    /// copied).
    private mutating func _switch(to g: Int) {
        if currentGroup >= 0 { swap(&groups[currentGroup], &current) }
        swap(&groups[g], &current)
        currentGroup = g
    }

    private mutating func _group(_ name: String) -> Int {
        if let g = groupIndex[name] { return g }
        groupIndex[name] = names.count
        names.append(name)
        groups.append(_LaunchColumns())
        return names.count - 1
    }

    private mutating func _app(_ name: String) -> Int32 {
        if let a = appIndex[name] { return a }
        let a = Int32(truncatingIfNeeded: appNames.count)
        appIndex[name] = a
        appNames.append(name)
        return a
    }
}
