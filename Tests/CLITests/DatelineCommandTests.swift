import Foundation
import ReveilleCore
import Testing
import TestSupport

/// A traveller across the date line scores normally: `evaluate` (every default policy) and
/// `evaluate-push` exit 0. Eastward (−12:00 → +14:00, or Samoa's skipped 30 December 2011) a
/// replay day ends at or before it starts; westward (+14:00 → −12:00) one lasts 50 hours.
@Suite struct DatelineCommandTests {
    /// Twelve launches of three apps a day at fixed local times, as `(local day, seconds of day)`.
    static let dayTimes: [(app: String, second: Int)] = [
        ("mail", 27_600), ("news", 29_400), ("chat", 32_700), ("mail", 42_600), ("news", 44_400), ("chat", 48_900),
        ("mail", 57_600), ("news", 63_000), ("chat", 65_700), ("mail", 72_600), ("news", 76_800), ("chat", 81_600),
    ]

    /// Rows `device,app,<timestamp>` for local `days` (days since 1970-01-01) at `offset`.
    static func rows(days: ClosedRange<Int>, offset: Int, unix: Bool) -> [String] {
        days.flatMap { day in
            dayTimes.map { time in
                let instant = Double(day * 86_400 + time.second - offset)
                let stamp = unix ? String(Int(instant)) : TimestampParser.formatISO(instant: instant, utcOffsetSeconds: offset)
                return "d1,\(time.app),\(stamp)"
            }
        }
    }

    /// From 2024-03-01 (day 19 783): 10 days at −12:00, the calendar skips day 10, 10 days at
    /// +14:00, then back at −12:00 from day 20 (which comes twice) to day 30.
    static func traveller() throws -> String {
        let first = 19_783
        let rows = rows(days: first...(first + 9), offset: -12 * 3600, unix: false)
            + rows(days: (first + 11)...(first + 20), offset: 14 * 3600, unix: false)
            + rows(days: (first + 20)...(first + 30), offset: -12 * 3600, unix: false)
        return try Fixtures.temporaryFile((["device,app,timestamp"] + rows).joined(separator: "\n") + "\n")
    }

    /// Unix times in Pacific/Apia around 30 December 2011 (day 15 338), which Samoa skipped:
    /// 2011-12-15 … 29 at −10:00, 2011-12-31 … 2012-01-14 at +14:00.
    static func samoa() throws -> String {
        let rows = rows(days: 15_323...15_337, offset: -10 * 3600, unix: true)
            + rows(days: 15_339...15_353, offset: 14 * 3600, unix: true)
        return try Fixtures.temporaryFile((["device,app,timestamp"] + rows).joined(separator: "\n") + "\n")
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(arguments: [[], ["--zone", "Pacific/Apia"]])
    func evaluateScoresEveryDefaultPolicy(zone: [String]) throws {
        let csv = zone.isEmpty ? try Self.traveller() : try Self.samoa()
        for mode in ["daily", "event"] {
            let r = try CLIRunner.run(["evaluate", csv, "-q", "--format", "json", "--mode", mode, "--budget", "4,8"] + zone)
            #expect(r.status == 0, "\(mode): \(r.stderr)")
            guard r.status == 0 else { continue }
            let results = try #require(try Self.object(r.stdout)["results"] as? [[String: Any]])
            let expected = ["reveille", "interval", "histogram", "oracle"] + (mode == "event" ? ["markov"] : [])
            #expect(Set(results.compactMap { $0["policy"] as? String }) == Set(expected), "\(mode)")
            #expect(results.count == 2 * expected.count && results.allSatisfy { ($0["fetches"] as? Int ?? 0) > 0 }, "\(mode)")
        }
    }

    @Test(arguments: [[], ["--zone", "Pacific/Apia"]])
    func evaluatePushKeepsTheCap(zone: [String]) throws {
        let csv = zone.isEmpty ? try Self.traveller() : try Self.samoa()
        let r = try CLIRunner.run(["evaluate-push", csv, "-q", "--json", "--app", "chat"] + zone)
        #expect(r.status == 0, "\(r.stderr)")
        guard r.status == 0 else { return }
        let pooled = try #require(try Self.object(r.stdout)["pooled"] as? [[String: Any]])
        #expect(pooled.map { $0["policy"] as? String } == ["model", "every6h", "oracle"])
        #expect(pooled.allSatisfy { ($0["days"] as? Int ?? 0) > 0 && ($0["pushes"] as? Int ?? 99) <= 4 * ($0["days"] as? Int ?? 0) })
    }
}
