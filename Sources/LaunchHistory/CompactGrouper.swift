/// A launch as the CSV reader holds it until the end of the input: names as interner entries, so
/// storing it costs no reference counting. 32 bytes.
struct _CompactLaunch {
    var instant: Double
    /// Seconds, or -1 when the row has none (parsed durations are never negative).
    var durationSeconds: Double
    var utcOffsetSeconds: Int
    /// Device and app entries of the reader's interners.
    var device: Int32
    var app: Int32
}

/// Groups compact launches by device as they arrive, like ``_DeviceGrouper``: devices whose names
/// are equal Strings share a group (named by the first spelling), in order of first appearance.
///
/// Each group's launches are kept in fixed-size blocks, so growing never copies; the rows of the
/// device being read go to ``current`` (consecutive rows usually share their device).
struct _CompactGrouper {
    /// Launches per block.
    static let blockSize = 1 << 14

    private var names: [String] = []
    private var blocks: [[[_CompactLaunch]]] = []
    private var groupIndex: [String: Int] = [:]
    /// The group of each device entry.
    private var groupOfDevice: [Int] = []
    private var current: [_CompactLaunch] = []
    private var currentGroup = -1

    /// Whether device entry `e` is known; if not, ``addDevice(_:_:)`` must announce it before its
    /// first launch.
    @inline(__always)
    func knows(device e: Int) -> Bool { e < groupOfDevice.count && groupOfDevice[e] >= 0 }

    /// Announces device entry `e` and its name, at its first stored launch.
    mutating func addDevice(_ e: Int, _ name: String) {
        while groupOfDevice.count <= e { groupOfDevice.append(-1) }
        if let g = groupIndex[name] {
            groupOfDevice[e] = g
            return
        }
        groupIndex[name] = names.count
        groupOfDevice[e] = names.count
        names.append(name)
        blocks.append([])
    }

    @inline(__always)
    mutating func append(_ launch: _CompactLaunch) {
        let g = groupOfDevice[Int(launch.device)]
        if g != currentGroup || current.count == Self.blockSize { _switch(to: g) }
        current.append(launch)
    }

    /// Files the current block and takes group `g`'s last block back if it has room.
    private mutating func _switch(to g: Int) {
        if currentGroup >= 0 { blocks[currentGroup].append(current) }
        currentGroup = g
        if let last = blocks[g].last, last.count < Self.blockSize {
            current = blocks[g].removeLast()
        } else {
            current = []
            current.reserveCapacity(Self.blockSize)
        }
    }

    /// The groups as LaunchEvents (names from the interners' strings), consuming the blocks.
    mutating func grouped(devices: [String], apps: [String]) -> [_DeviceEvents] {
        if currentGroup >= 0 { blocks[currentGroup].append(current) }
        current = []
        currentGroup = -1
        var out: [_DeviceEvents] = []
        out.reserveCapacity(names.count)
        for g in names.indices {
            let groupBlocks = blocks[g]
            blocks[g] = []
            var events: [LaunchEvent] = []
            events.reserveCapacity(groupBlocks.reduce(0) { $0 + $1.count })
            var arrival = _ArrivalOrder()
            for block in groupBlocks {
                for l in block {
                    arrival.observe(l.instant)
                    events.append(LaunchEvent(
                        device: devices[Int(l.device)], app: apps[Int(l.app)], instant: l.instant,
                        utcOffsetSeconds: l.utcOffsetSeconds, durationSeconds: l.durationSeconds < 0 ? nil : l.durationSeconds))
                }
            }
            out.append(_DeviceEvents(device: names[g], events: events, arrival: arrival))
        }
        return out
    }
}
