import Foundation
import Testing
import UsageModel

/// A reactive transition is stored as `[from, to, count]` (model size, issue 15); the object form
/// of files written before is still read.
@Suite struct ReactiveTransitionCodingTests {
    typealias Transition = ReactiveStatistics.Transition

    @Test func aTransitionIsWrittenAsATriple() throws {
        let data = try JSONEncoder().encode([Transition(from: 0, to: 3, count: 2)])
        #expect(String(decoding: data, as: UTF8.self) == "[[0,3,2]]")
    }

    @Test func bothFormsAreRead() throws {
        let triple = try JSONDecoder().decode([Transition].self, from: Data("[[4,1,7]]".utf8))
        let object = try JSONDecoder().decode([Transition].self, from: Data(#"[{"count":7,"from":4,"to":1}]"#.utf8))
        #expect(triple == [Transition(from: 4, to: 1, count: 7)])
        #expect(object == triple)
    }

    @Test(arguments: ["[[4,1]]", "[[4,1,7,9]]", #"[["a",1,7]]"#, "[[4,1,7.5]]"])
    func aMalformedTripleIsRefused(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Transition].self, from: Data(json.utf8)) }
    }
}
