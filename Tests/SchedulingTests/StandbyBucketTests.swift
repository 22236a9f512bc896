import LaunchHistory
import ReveilleCore
import Scheduling
import Testing

/// AOSP's elapsed-time thresholds (0, 12 h, 24 h, 48 h, 30 days) and the job quotas.
@Suite struct StandbyBucketTests {
    static let cases: [(Double, StandbyBucket)] = [
        (0, .active), (12 * 3600 - 1, .active), (12 * 3600, .workingSet), (24 * 3600 - 1, .workingSet),
        (24 * 3600, .frequent), (48 * 3600 - 1, .frequent), (48 * 3600, .rare), (30 * 86_400 - 1, .rare),
        (30 * 86_400, .restricted), (-5, .active), (Double.infinity, .restricted), (Double.nan, .restricted),
    ]

    @Test func thresholds() {
        for (elapsed, bucket) in Self.cases {
            #expect(StandbyBucket.forElapsed(elapsed) == bucket, "elapsed \(elapsed) s")
        }
    }

    @Test func quotasFollowQuotaController() {
        #expect(StandbyBucket.allCases.map(\.dailyJobQuota) == [nil, 120, 24, 3, 1])
        #expect(StandbyBucket.workingSet.rawValue == "working_set")
        #expect(StandbyBucket.frequent < .rare)
    }

    /// A launch at 20:00 on day 0 and one at 09:00 on day 3 (UTC): at the start of day 1 the app
    /// is 4 h from its use (active), day 2: 28 h (frequent), day 3: 52 h (rare), day 4: 15 h
    /// after the 09:00 launch (working set).
    @Test func dailyBucketsAtEachMidnight() {
        let day0 = 19_723.0 * 86_400
        let launches = [LaunchEvent(device: "d", app: "a", instant: day0 + 20 * 3600, utcOffsetSeconds: 0),
                        LaunchEvent(device: "d", app: "a", instant: day0 + 3 * 86_400 + 9 * 3600, utcOffsetSeconds: 0)]
        let rows = StandbyBuckets.daily(launches[...], through: 19_727)
        #expect(rows.map(\.day) == Array(19_723...19_727))
        #expect(rows.map { $0.buckets["a"] } == [nil, .active, .frequent, .rare, .workingSet])
        #expect(StandbyBuckets.dailyCaps(["a": .rare, "b": .active]) == ["a": 3])
        #expect(StandbyBuckets.daily([]).isEmpty)
    }

    /// The model digest label is SHA-256 in lowercase hex (FIPS 180-4 test vectors).
    @Test func modelDigestLabelsAreSHA256KnownVectors() {
        #expect(ModelDigest.label("") == "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ModelDigest.label("abc") == "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ModelDigest.label("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "sha256:248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
