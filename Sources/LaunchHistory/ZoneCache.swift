import Foundation

/// The `TimeZone` of a row's `zone` field, looked up once per distinct name (rows of one device
/// repeat the same zone, so the last few names are kept).
struct _ZoneCache {
    private var entries: [(name: [UInt8], zone: TimeZone)] = []

    /// The zone named by bytes `r` of `b`, or `nil` when they name no IANA zone.
    mutating func zone(_ b: Span<UInt8>, _ r: Range<Int>) -> TimeZone? {
        var name: [UInt8] = []
        name.reserveCapacity(r.count)
        for i in r { name.append(b[i]) }
        return zone(named: name)
    }

    /// The zone named `name` (UTF-8), or `nil`.
    mutating func zone(named name: [UInt8]) -> TimeZone? {
        if let hit = entries.first(where: { $0.name == name }) { return hit.zone }
        guard let text = String(validating: name, as: UTF8.self), let zone = TimeZone(identifier: text) else { return nil }
        if entries.count >= 8 { entries.removeFirst() }
        entries.append((name, zone))
        return zone
    }
}
