import Crypto
import Foundation

/// The digest schedules and explanations carry to name the usage model that planned them.
public enum ModelDigest {
    /// `sha256:` followed by the lowercase hexadecimal SHA-256 (swift-crypto) of `text`'s UTF-8
    /// bytes — for a model, its deterministic JSON as `reveille train` writes it.
    public static func label(_ text: String) -> String {
        let digest = SHA256.hash(data: Data(text.utf8))
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(2 * SHA256.byteCount)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return "sha256:" + String(decoding: hex, as: UTF8.self)
    }
}
