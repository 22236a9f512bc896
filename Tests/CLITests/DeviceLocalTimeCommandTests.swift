import Foundation
import Testing
import TestSupport

/// Every device is planned in its own local time (issue 15): the model stores each device's zone
/// or last offset, `--from` with an offset is one instant, `--from` without one is each device's
/// local time, a zoned device's DST change reaches the planner, and Unix times need an offset.
@Suite struct DeviceLocalTimeCommandTests {
    /// An India device (+05:30) opening `habit` at 09:10 every day and a US Eastern device
    /// (−04:00) opening `mail` at 18:00, 21 days from 2023-06-01.
    static func twoZoneHistory() -> String {
        var rows = ["device,app,timestamp"]
        for day in 1...21 {
            let d = String(format: "2023-06-%02d", day)
            rows.append("in,habit,\(d)T09:10:00+05:30")
            rows.append("us,mail,\(d)T18:00:00-04:00")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func train(_ csv: String, _ extra: [String] = []) throws -> String {
        let history = try Fixtures.temporaryFile(csv)
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let r = try CLIRunner.run(["train", history, "-o", model, "-q"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return model
    }

    static func schedules(_ stdout: String) throws -> [[String: Any]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        if let many = doc["schedules"] as? [[String: Any]] { return many }
        return [doc]
    }

    /// Minutes after local midnight of a window, on the schedule's own clock.
    static func localMinutes(_ window: [String: Any], offset: Int) -> Int? {
        guard let at = window["atUnix"] as? Double else { return nil }
        let local = Int(at) + offset
        return ((local % 86_400) + 86_400) % 86_400 / 60
    }

    /// Regression: `plan` applied `--from`'s offset to every device, so the India device's 09:10
    /// habit was planned at 09:10 US Eastern (13:10 UTC).
    @Test func anIndiaDeviceIsPlannedAtItsOwnNineTen() throws {
        let model = try Self.train(Self.twoZoneHistory())
        let r = try CLIRunner.run(["plan", "--model", model, "--from", "2023-06-22T00:00:00-04:00", "--hours", "48",
                                   "--budget", "2", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let byDevice = Dictionary(uniqueKeysWithValues: try Self.schedules(r.stdout).map { ($0["device"] as? String ?? "", $0) })
        let india = try #require(byDevice["in"])
        #expect(india["utcOffsetSeconds"] as? Int == 19_800)
        let windows = try #require(india["windows"] as? [[String: Any]])
        let habit = windows.filter { $0["app"] as? String == "habit" }.compactMap { Self.localMinutes($0, offset: 19_800) }
        // In the hour before 09:10 IST; never in the hour before 09:10 US Eastern (17:40 IST).
        #expect(habit.contains { (8 * 60 + 10..<9 * 60 + 10).contains($0) }, "habit planned at \(habit) minutes IST")
        #expect(!habit.contains { (17 * 60 + 40..<18 * 60 + 40).contains($0) }, "habit planned at \(habit) minutes IST")
        let us = try #require(byDevice["us"])
        #expect(us["utcOffsetSeconds"] as? Int == -14_400)
    }

    /// `--from` without an offset is each device's local midnight.
    @Test func fromWithoutAnOffsetIsEachDevicesLocalTime() throws {
        let model = try Self.train(Self.twoZoneHistory())
        let r = try CLIRunner.run(["plan", "--model", model, "--from", "2023-06-22T00:00:00", "--hours", "24", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let starts = try Self.schedules(r.stdout).map { s -> String in
            let horizon = s["horizon"] as? [String: Any]
            return "\(s["device"] ?? ""):\(horizon?["start"] ?? "")"
        }
        #expect(starts == ["in:2023-06-22T00:00:00+05:30", "us:2023-06-22T00:00:00-04:00"])
    }

    /// A device trained with `--zone America/New_York` is planned across the November DST change
    /// on both of its offsets.
    @Test func aZonedDevicesDSTChangeReachesThePlanner() throws {
        var rows = ["device,app,timestamp"]
        for day in 1...20 { rows.append(String(format: "ny,news,2023-10-%02dT07:30:00-04:00", day)) }
        let model = try Self.train(rows.joined(separator: "\n") + "\n", ["--zone", "America/New_York"])
        let text = try String(contentsOfFile: model, encoding: .utf8)
        #expect(text.contains(#""zone":"America\/New_York""#) || text.contains(#""zone":"America/New_York""#))
        let r = try CLIRunner.run(["plan", "--model", model, "--from", "2023-11-04T12:00:00", "--hours", "48", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let schedule = try #require(try Self.schedules(r.stdout).first)
        let windows = try #require(schedule["windows"] as? [[String: Any]])
        let news = windows.filter { $0["app"] as? String == "news" }.compactMap { $0["at"] as? String }
        // 07:30 on Sunday 5 November is in EST (−05:00): the planner saw the change.
        #expect(news.contains { $0.hasPrefix("2023-11-05T") && $0.hasSuffix("-05:00") }, "\(news)")
    }

    @Test func unixTimesWithoutAnOffsetAreAnErrorNamingTheOptions() throws {
        let csv = try Fixtures.temporaryFile("device,app,timestamp\nd,a,1685600000\nd,b,1685603600\n")
        let out = try Fixtures.temporaryFile("", suffix: ".json")
        let r = try CLIRunner.run(["train", csv, "-o", out, "-q"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(csv):2") && r.stderr.contains("--utc-offset") && r.stderr.contains("--zone"),
                "\(r.stderr)")
        let zoned = try CLIRunner.run(["train", csv, "-o", out, "-q", "--zone", "Asia/Kolkata"])
        #expect(zoned.status == 0, "\(zoned.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains(#""utcOffsetSeconds":19800"#))
        let fixed = try CLIRunner.run(["train", csv, "-o", out, "-q", "--utc-offset", "-04:00"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
    }

    /// Regression: `plan --history` and `predict --history` read the history with no way to give
    /// Unix times their offset (an LSApp file could not be planned from at all). `--zone` is the
    /// device's zone for the history too; without it the error names the file, line and option.
    @Test func planAndPredictReadAHistorysUnixTimesInTheirZone() throws {
        var rows = ["device,app,timestamp"]
        for day in 0..<10 { rows.append("d,habit,\(1_685_600_000 + day * 86_400)") }
        let csv = try Fixtures.temporaryFile(rows.joined(separator: "\n") + "\n")
        let model = try Self.train(rows.joined(separator: "\n") + "\n", ["--zone", "Asia/Kolkata"])
        let plan = ["plan", "--history", csv, "--from", "2023-06-12T00:00:00", "--hours", "24", "-q"]
        let predict = ["predict", "--model", model, "--history", csv, "--from", "2023-06-12T00:00:00", "-q"]
        for args in [plan, predict] {
            let bare = try CLIRunner.run(args)
            #expect(bare.status == 65, "\(args[0]): \(bare.stderr)")
            #expect(bare.stderr.contains("\(csv):2") && bare.stderr.contains("--zone"), "\(args[0]): \(bare.stderr)")
            let zoned = try CLIRunner.run(args + ["--zone", "Asia/Kolkata"])
            #expect(zoned.status == 0, "\(args[0]): \(zoned.stderr)")
            #expect(zoned.stdout.contains("+05:30") || zoned.stdout.contains("19800"), "\(args[0]): \(zoned.stdout.prefix(300))")
        }
    }

    @Test func aZoneColumnGivesUnixTimesTheirOffset() throws {
        // 2023-03-12 10:00 UTC is after the US DST change (−04:00); 2023-03-11 10:00 UTC before (−05:00).
        let csv = try Fixtures.temporaryFile("device,app,timestamp,zone\nd,a,1678528800,America/New_York\nd,b,1678615200,America/New_York\n")
        let out = try Fixtures.temporaryFile("", suffix: ".json")
        let r = try CLIRunner.run(["train", csv, "-o", out, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        // The last launch (12 March, 10:00 UTC) is after the change: −04:00.
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains(#""utcOffsetSeconds":-14400"#))
        let bad = try Fixtures.temporaryFile("device,app,timestamp,zone\nd,a,1678528800,Mars/Olympus\n")
        let rb = try CLIRunner.run(["inspect", bad])
        #expect(rb.status == 65)
        #expect(rb.stderr.contains("zone") && rb.stderr.contains("\(bad):2"), "\(rb.stderr)")
    }

    /// A start inside the training period is a warning on stderr, even with `--quiet`.
    @Test func aStartInsideTheTrainingPeriodWarnsEvenWhenQuiet() throws {
        let model = try Self.train(Self.twoZoneHistory())
        for command in ["plan", "predict"] {
            let device = ["--device", "in"]
            let r = try CLIRunner.run([command, "--model", model, "--from", "2023-06-10T00:00:00+05:30", "-q"] + device)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("warning:") && r.stderr.contains("training period"), "\(command): \(r.stderr)")
            let after = try CLIRunner.run([command, "--model", model, "--from", "2023-06-22T00:00:00+05:30", "-q"] + device)
            #expect(!after.stderr.contains("training period"), "\(command): \(after.stderr)")
        }
    }

    /// Model and state file errors name the file and the field.
    @Test func modelAndStateErrorsNameTheFileAndField() throws {
        let model = try Self.train(Self.twoZoneHistory())
        var text = try String(contentsOfFile: model, encoding: .utf8)
        text = text.replacingOccurrences(of: #""utcOffsetSeconds":19800"#, with: #""utcOffsetSeconds":"x""#)
        let broken = try Fixtures.temporaryFile(text, suffix: ".json")
        let r = try CLIRunner.run(["plan", "--model", broken, "--from", "2023-06-22T00:00:00"])
        #expect(r.status == 65)
        #expect(r.stderr.contains(broken) && r.stderr.contains("devices.in.utcOffsetSeconds"), "\(r.stderr)")
        let v1 = try Fixtures.temporaryFile(#"{"devices": {}, "schemaVersion": 1}"#, suffix: ".json")
        let r1 = try CLIRunner.run(["predict", "--model", v1, "--from", "2023-06-22T00:00:00"])
        #expect(r1.status == 65)
        #expect(r1.stderr.contains(v1) && r1.stderr.contains("retrain"), "\(r1.stderr)")
        let state = try Fixtures.temporaryFile(#"{"apps": [{"app": 3}]}"#, suffix: ".json")
        let rs = try CLIRunner.run(["plan", "--model", model, "--from", "2023-06-22T00:00:00", "--state", state])
        #expect(rs.status == 65)
        #expect(rs.stderr.contains(state) && rs.stderr.contains("apps[0].app"), "\(rs.stderr)")
    }
}
