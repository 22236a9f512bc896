import Testing
@testable import LaunchHistory
@testable import ReveilleCore

/// The columnar launch list: every field reads back as stored, across blocks, offset runs and
/// missing durations, and it compares and hashes like the events it holds.
@Suite struct LaunchListTests {
    /// Launches across three blocks with a DST change, a trip, and durations on some launches.
    static let events: [LaunchEvent] = (0..<(2 * _Blocks<Double>.blockSize + 17)).map { i in
        let offset = i < 5_000 ? -18_000 : i < 12_000 ? -14_400 : i < 12_010 ? 19_800 : -14_400
        return LaunchEvent(device: "d", app: ["mail", "news", "game"][i % 3], instant: 1_600_000_000 + Double(i) * 61.5,
                           utcOffsetSeconds: offset, durationSeconds: i % 4 == 0 ? nil : Double(i % 97))
    }

    @Test func everyFieldReadsBackAsStored() {
        let list = LaunchList(device: "d", events: Self.events)
        #expect(list.count == Self.events.count)
        #expect(Array(list) == Self.events)
        for i in [0, 4_999, 5_000, 8_191, 8_192, 12_005, 12_010, 16_384, list.count - 1] {
            #expect(list[i] == Self.events[i])
            #expect(list.instant(at: i) == Self.events[i].instant)
            #expect(list.app(at: i) == Self.events[i].app)
        }
        #expect(list.columns.offsetRuns.map(\.start) == [0, 5_000, 12_000, 12_010])
        #expect(list.apps == ["game", "mail", "news"])
    }

    @Test func durationsAreStoredOnlyWhenALaunchHasOne() {
        let without = Self.events.map { LaunchEvent(device: $0.device, app: $0.app, instant: $0.instant, utcOffsetSeconds: $0.utcOffsetSeconds) }
        #expect(LaunchList(device: "d", events: without).columns.durations == nil)
        // A first duration late in the list fills the earlier launches with "none".
        var late = without
        late[9_000].durationSeconds = 0
        let list = LaunchList(device: "d", events: late)
        #expect(list.columns.durations != nil)
        #expect(Array(list) == late)
        #expect(list[8_999].durationSeconds == nil && list[9_000].durationSeconds == 0)
    }

    @Test func listsCompareAndHashByTheirEvents() {
        let a = LaunchList(device: "d", events: Self.events)
        // The same events filed with another app table order still compare equal.
        let b = LaunchList(device: "d", events: Self.events.reversed()).reversed()
        let c = LaunchList(device: "d", events: Self.events.dropLast())
        #expect(a == LaunchList(device: "d", events: Array(b)))
        #expect(a.hashValue == LaunchList(device: "d", events: Array(b)).hashValue)
        #expect(a != c)
        var changed = Self.events
        changed[100].utcOffsetSeconds += 60
        #expect(a != LaunchList(device: "d", events: changed))
    }

    @Test func historiesSliceBeforeAnInstant() {
        let h = DeviceHistory(device: "d", launches: Self.events.reversed())
        let cut = Self.events[10_000].instant
        #expect(h.launches(before: cut).count == 10_000)
        #expect(h.launches(before: cut).last == Self.events[9_999])
        #expect(h.launches(before: -1).isEmpty && h.launches(before: .infinity).count == Self.events.count)
    }
}
