import Foundation

extension AppProfile: Codable {
    enum CodingKeys: String, CodingKey {
        case app, bandwidthMinutes, launchEvidence, dailyRate, rateScale, dayRates, weekdayRates
    }

    /// Encodes the profile with its rates as base64 one-byte codes (``_RateCodes``).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(app, forKey: .app)
        try c.encode(bandwidthMinutes, forKey: .bandwidthMinutes)
        try c.encode(launchEvidence, forKey: .launchEvidence)
        try c.encode(dailyRate, forKey: .dailyRate)
        try c.encode(rateScale, forKey: .rateScale)
        try c.encode(_RateCodes.text(dayRates, scale: rateScale), forKey: .dayRates)
        try c.encode(_RateCodes.text(weekdayRates, scale: rateScale), forKey: .weekdayRates)
    }

    /// Decodes a profile. Rate text that is not base64 (or a scale that is not a finite,
    /// non-negative number) decodes as no rates, which ``UsageModel``'s consistency check rejects
    /// with the field's name, as it does rates of the wrong length.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        app = try c.decode(String.self, forKey: .app)
        bandwidthMinutes = try c.decode(Double.self, forKey: .bandwidthMinutes)
        launchEvidence = try c.decode(Double.self, forKey: .launchEvidence)
        dailyRate = try c.decode(Double.self, forKey: .dailyRate)
        rateScale = try c.decode(Double.self, forKey: .rateScale)
        let day = try c.decode(String.self, forKey: .dayRates)
        let week = try c.decode(String.self, forKey: .weekdayRates)
        let decoded = rateScale.isFinite && rateScale >= 0
        dayRates = decoded ? _RateCodes.values(day, scale: rateScale) ?? [] : []
        weekdayRates = decoded ? _RateCodes.values(week, scale: rateScale) ?? [] : []
    }
}
