import Crypto
import Foundation
import ReveilleCore

/// The digest schedules and explanations carry to name the usage model that planned them.
public enum ModelDigest {
    /// `sha256:` followed by the lowercase hexadecimal SHA-256 (swift-crypto) of `text`'s UTF-8
    /// bytes — for a model, its deterministic JSON as `reveille train` writes it.
    public static func label(_ text: String) -> String {
        "sha256:" + HexText.lowercase(SHA256.hash(data: Data(text.utf8)))
    }
}
