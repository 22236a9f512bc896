import Foundation

extension AppProfile: Codable {
    enum CodingKeys: String, CodingKey {
        case app, bandwidthMinutes, launchEvidence, dailyRate, rateScale
        case dayRateSteps, weekdayRateSteps
        /// The base64 form of the codes, in files written before the step form; still read.
        case dayRates, weekdayRates
    }

    /// Encodes the profile with its rates as one-byte codes (``_RateCodes``) in the step text of
    /// ``_RateSteps``.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(app, forKey: .app)
        try c.encode(bandwidthMinutes, forKey: .bandwidthMinutes)
        try c.encode(launchEvidence, forKey: .launchEvidence)
        try c.encode(dailyRate, forKey: .dailyRate)
        try c.encode(rateScale, forKey: .rateScale)
        try c.encode(_RateSteps.text(_RateCodes.codes(dayRates, scale: rateScale)), forKey: .dayRateSteps)
        try c.encode(_RateSteps.text(_RateCodes.codes(weekdayRates, scale: rateScale)), forKey: .weekdayRateSteps)
    }

    /// Decodes a profile from the step text, or from the base64 text of older files. Text that is
    /// neither (or a scale that is not a finite, non-negative number) decodes as no rates, which
    /// ``UsageModel``'s consistency check rejects with the field's name, as it does rates of the
    /// wrong length.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        app = try c.decode(String.self, forKey: .app)
        bandwidthMinutes = try c.decode(Double.self, forKey: .bandwidthMinutes)
        launchEvidence = try c.decode(Double.self, forKey: .launchEvidence)
        dailyRate = try c.decode(Double.self, forKey: .dailyRate)
        rateScale = try c.decode(Double.self, forKey: .rateScale)
        let scale = rateScale
        let decoded = scale.isFinite && scale >= 0
        func rates(_ steps: CodingKeys, _ base64: CodingKeys) throws -> [Double] {
            if c.contains(steps) {
                let text = try c.decode(String.self, forKey: steps)
                guard decoded, let codes = _RateSteps.codes(text) else { return [] }
                return codes.map { _RateCodes.value($0, scale: scale) }
            }
            let text = try c.decode(String.self, forKey: base64)
            return decoded ? _RateCodes.values(base64: text, scale: scale) ?? [] : []
        }
        dayRates = try rates(.dayRateSteps, .dayRates)
        weekdayRates = try rates(.weekdayRateSteps, .weekdayRates)
    }
}
