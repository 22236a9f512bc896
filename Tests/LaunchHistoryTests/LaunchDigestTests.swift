@testable import LaunchHistory
import Testing
import TestSupport

/// ``LaunchDigest`` is FNV-1a 64 over each launch's app bytes, instant bits and offset, and
/// ``LaunchFacts/digest(ofPrefix:)`` gives every prefix's digest from one pass.
@Suite struct LaunchDigestTests {
    /// Known answers: the FNV-1a offset basis for no launch, and one launch hashed by an
    /// independent implementation (Python: the app's UTF-8 bytes, then `struct.pack('<d', instant)`
    /// and `struct.pack('<q', offset)`, each byte as `h = (h ^ b) · 0x100000001b3 mod 2⁶⁴`).
    @Test func knownAnswers() {
        #expect(LaunchDigest().text == "cbf29ce484222325")
        let launch = LaunchEvent(device: "d", app: "com.example", instant: 1_700_000_000.5, utcOffsetSeconds: -14_400)
        #expect(LaunchDigest([launch]).text == "d79a8bc49d77d45b")
        // The device is not hashed; a continued state is the longer sequence's digest.
        var continued = LaunchDigest(state: LaunchDigest([launch]).state)
        continued.add(launch)
        #expect(continued == LaunchDigest([LaunchEvent(device: "e", app: "com.example", instant: 1_700_000_000.5,
                                                       utcOffsetSeconds: -14_400), launch]))
    }

    /// Every prefix of a real device's launches (Wellbeing): the facts' digest is a fresh one of
    /// that prefix; beyond the array there is none.
    @Test func factsGiveEveryPrefixsDigest() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let launches = Array(try #require(history.devices.first).launches)
        let apps = Array(Set(launches.map(\.app))).sorted()
        let index = Dictionary(uniqueKeysWithValues: apps.enumerated().map { ($1, $0) })
        let facts = LaunchFacts(launches: launches, apps: apps, appOfLaunch: launches.map { index[$0.app] ?? 0 },
                                cold: ColdLaunches.scan(launches, tauSeconds: 3600).cold, tauSeconds: 3600)
        var running = LaunchDigest()
        #expect(facts.digest(ofPrefix: 0) == running.text)
        for (n, launch) in launches.enumerated() {
            running.add(launch)
            #expect(facts.digest(ofPrefix: n + 1) == running.text)
        }
        #expect(facts.digest(ofPrefix: launches.count) == LaunchDigest(launches).text)
        #expect(facts.digest(ofPrefix: launches.count + 1) == nil && facts.digest(ofPrefix: -1) == nil)
        #expect(launches.count > 500)
    }
}
