import Foundation
import Testing
import TestSupport

/// `reveille import app-usage` and `biome`, and the provenance every import records.
@Suite struct ImportFormatsCommandTests {
    static let fixtures = "Tests/DeviceImportTests/Fixtures"

    static func temporary(_ suffix: String) -> String {
        Scratch.path("reveille-formats-", suffix: suffix).path
    }

    @Test func appUsageInAZoneWritesLaunchesAndProvenance() throws {
        let out = Self.temporary(".csv")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: out + ".provenance.json")
        }
        let r = try CLIRunner.run(["import", "app-usage", "\(Self.fixtures)/app-usage-export.csv", "--zone", "America/New_York",
                                   "-o", out, "--device", "pixel"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines[1] == "pixel,Chrome,2023-03-11T08:00:05-05:00,180")
        #expect(lines[6] == "pixel,Gmail,2023-03-12T03:30:00-04:00,45")
        let sha256 = "8adef382534dc4d059561de7e5e02cebd40f78f59e8ca694b7ae0664117b0463"
        #expect(r.stderr.contains("app-usage: source app-usage-export.csv 621 bytes sha256 \(sha256)\n"))
        #expect(r.stderr.contains("app-usage: rule: app-usage: rows in time order"))
        #expect(r.stderr.contains("wall-clock times read in America/New_York"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + ".provenance.json"))) as? [String: Any]
        let sources = json?["sources"] as? [[String: Any]]
        #expect(json?["importer"] as? String == "app-usage")
        #expect(json?["rows"] as? Int == 7)
        #expect(sources?.first?["sizeBytes"] as? Int == 621)
        #expect(sources?.first?["sha256"] as? String == sha256)
        #expect(sources?.first?["name"] as? String == "app-usage-export.csv")
        #expect((json?["rules"] as? [String])?.contains("time zone: America/New_York") == true)
    }

    @Test func biomeStreamToStdoutPrintsProvenanceOnStderr() throws {
        let r = try CLIRunner.run(["import", "biome", "\(Self.fixtures)/biome-infocus-v2.segb", "--device", "iphone", "--utc-offset", "+02:00"])
        #expect(r.status == 0)
        #expect(r.stdout == """
            device,app,timestamp,duration
            iphone,com.apple.mobilesafari,2023-10-01T10:00:10+02:00,60
            iphone,com.apple.MobileSMS,2023-10-01T10:01:40+02:00,60
            iphone,com.apple.mobilesafari,2023-10-01T10:03:20+02:00,60

            """)
        #expect(r.stderr.contains("biome: source biome-infocus-v2.segb 708 bytes sha256 d1035090471916520d30b3b6d454d64af76ed3d67d378ad22f2fd21b7450da80\n"))
        #expect(r.stderr.contains("biome: 3 launches"))
    }

    @Test func corruptBiomeExits65AndWritesNothing() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/biome-infocus-v2.segb"))
        bytes[40] ^= 0xFF
        let input = Self.temporary(".segb"), out = Self.temporary(".csv")
        try bytes.write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        let r = try CLIRunner.run(["import", "biome", input, "-o", out, "--utc-offset", "+00:00"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("checksumMismatch"))
        #expect(r.stderr.contains("record 0"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: out + ".provenance.json"))
    }

    @Test func unknownZoneIsAUsageError() throws {
        let r = try CLIRunner.run(["import", "app-usage", "\(Self.fixtures)/app-usage-export.csv", "--zone", "Mars/Olympus"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--zone"))
        let wrongKind = try CLIRunner.run(["import", "screentime", "../shared/datasets/apple/RMAdminStore-Local.sqlite", "--zone", "Europe/Paris"])
        #expect(wrongKind.status == 64)
        #expect(wrongKind.stderr.contains("--utc-offset for screentime"))
    }
}
