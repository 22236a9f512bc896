import Foundation
import Testing
import TestSupport

@Suite struct ImportCommandTests {
    let wellbeing = "../shared/datasets/android-wellbeing/app_usage.sqlite"
    let knowledgeC = "../shared/datasets/apple/knowledgec-10.14.db"

    @Test func knowledgeCToStdout() throws {
        let r = try CLIRunner.run(["import", "knowledgec", knowledgeC, "--device", "mac"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first == "device,app,timestamp,duration")
        #expect(lines.count == 53)
        #expect(lines[1] == "mac,com.apple.loginwindow,2018-12-01T06:22:57-08:00,0")
        #expect(r.stdout.contains("-07:00,"))
        #expect(r.stderr.contains("knowledgec: 52 launches"))
    }

    /// Regression: the help's own example, `--utc-offset -04:00` (a negative offset as a separate
    /// word), was refused as a missing value (exit 64); only `--utc-offset=-04:00` worked.
    @Test func aNegativeOffsetAsItsOwnWordIsTheOptionsValue() throws {
        let r = try CLIRunner.run(["import", "wellbeing", wellbeing, "--utc-offset", "-04:00", "-o", "-", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("com.spotify.music,2023-05-29T16:31:43.291-04:00,2.173\n"))
    }

    @Test func wellbeingToFileNotesTheAssumedOffset() throws {
        let out = Scratch.path("reveille-cli-", suffix: ".csv").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLIRunner.run(["import", "wellbeing", wellbeing, "-o", out, "--device", "wellbeing-pixel", "--utc-offset=-04:00"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("UTC offset -04:00"))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 810)
        #expect(text.contains("wellbeing-pixel,com.spotify.music,2023-05-29T16:31:43.291-04:00,2.173\n"))
    }

    @Test func quietSilencesNotes() throws {
        let r = try CLIRunner.run(["import", "screentime", "../shared/datasets/apple/RMAdminStore-Local.sqlite", "--utc-offset", "+00:00", "--quiet"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.hasPrefix("device,app,hourStart,seconds,pickups,notifications\n"))
        #expect(r.stdout.split(separator: "\n").count == 1291)
        let noisy = try CLIRunner.run(["import", "screentime", "../shared/datasets/apple/RMAdminStore-Local.sqlite", "--utc-offset", "+00:00"])
        #expect(noisy.stderr.contains("no individual launch times"))
    }

    @Test func exclusionsCanBeLifted() throws {
        let kept = try CLIRunner.run(["import", "wellbeing", wellbeing, "--utc-offset", "+00:00", "--keep-app", "com.google.android.apps.nexuslauncher", "-q"])
        let none = try CLIRunner.run(["import", "wellbeing", wellbeing, "--utc-offset", "+00:00", "--no-default-exclusions", "-q"])
        let more = try CLIRunner.run(["import", "wellbeing", wellbeing, "--utc-offset", "+00:00", "--exclude-app", "com.whatsapp", "-q"])
        #expect(kept.status == 0 && none.status == 0 && more.status == 0)
        let count = { (r: CLIRunner.Result) in r.stdout.split(separator: "\n").count - 1 }
        #expect(count(kept) > 809 && count(none) >= count(kept))
        #expect(count(more) == 809 - 68)
        #expect(kept.stdout.contains("nexuslauncher"))
    }

    @Test func dumpsysFromStandardInput() throws {
        let dump = """
            events
              time="2023-06-01 08:00:09" type=ACTIVITY_RESUMED package=com.spotify.music class=a.Main instanceId=1 flags=0x0
              time="2023-06-01 08:01:12" type=ACTIVITY_PAUSED package=com.spotify.music class=a.Main instanceId=1 flags=0x0
            """
        let r = try CLIRunner.run(["import", "dumpsys", "-", "--device", "p", "--utc-offset", "+02:00"], stdin: dump)
        #expect(r.status == 0)
        #expect(r.stdout == "device,app,timestamp,duration\np,com.spotify.music,2023-06-01T08:00:09+02:00,63\n")
    }

    @Test func badDataExitsWith65() throws {
        let notSQLite = try Fixtures.temporaryFile("this is not a database, just text\n", suffix: ".db")
        let r = try CLIRunner.run(["import", "knowledgec", notSQLite])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("notSQLite"))
        let plugged = try CLIRunner.run(["import", "knowledgec-plugged", knowledgeC])
        #expect(plugged.status == 65)
        #expect(plugged.stderr.contains("/device/isPluggedIn"))
        let schema = try CLIRunner.run(["import", "wellbeing", knowledgeC, "--utc-offset", "+00:00"])
        #expect(schema.status == 65)
        #expect(schema.stderr.contains("missingTable table 'events'"))
    }

    @Test func badUsageExitsWith64() throws {
        #expect(try CLIRunner.run(["import", "photos", wellbeing]).status == 64)
        #expect(try CLIRunner.run(["import", "wellbeing", "-"]).status == 64)
        #expect(try CLIRunner.run(["import", "wellbeing", wellbeing, "--utc-offset", "later"]).status == 64)
    }

    @Test func inspectReadsWellbeingDirectly() throws {
        let r = try CLIRunner.run(["inspect", "--input-format", "wellbeing", wellbeing, "--export-device", "wellbeing-pixel", "--utc-offset", "+00:00"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("1 devices, 809 launches"))
        #expect(r.stdout.contains("device wellbeing-pixel"))
        #expect(r.stderr.contains("UTC offset +00:00"))
    }

    @Test func inspectOfAnUnnamedDatabaseAsksForFormat() throws {
        let r = try CLIRunner.run(["inspect", knowledgeC])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--input-format knowledgec"))
        let named = try CLIRunner.run(["inspect", "--input-format", "knowledgec", knowledgeC])
        #expect(named.status == 0)
        #expect(named.stdout.hasPrefix("1 devices, 52 launches"))
    }
}

@Suite struct ImportOutputFileTests {
    @Test func overwritingAnExistingOutputWorksEveryTime() throws {
        let out = Scratch.path("reveille-cli-", suffix: ".csv").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        for _ in 0..<3 {
            let r = try CLIRunner.run(["import", "knowledgec", "../shared/datasets/apple/knowledgec-10.13.db", "-o", out, "-q"])
            #expect(r.status == 0)
            #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count == 18)
        }
    }
}
