import Foundation

/// Writes to standard error (progress, warnings, notes); stdout carries results only.
enum StandardError {
    static func write(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
