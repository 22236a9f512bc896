import Testing
@testable import LaunchHistory

/// The block column: values read back as stored across the first block's growth and the block
/// boundaries, and a short column takes little room (a thousand short device columns must not
/// each reserve a whole block).
@Suite struct BlocksTests {
    @Test func valuesReadBackAcrossGrowthAndBlocks() {
        let n = 2 * _Blocks<Int32>.blockSize + 300
        var blocks = _Blocks<Int32>()
        for i in 0..<n { blocks.append(Int32(truncatingIfNeeded: i &* 7 &- 3)) }
        #expect(blocks.count == n)
        #expect((0..<n).allSatisfy { blocks[$0] == Int32(truncatingIfNeeded: $0 &* 7 &- 3) })
        #expect(blocks.capacity >= n)
    }

    @Test func aShortColumnTakesAFewHundredValuesNotABlock() {
        var blocks = _Blocks<Double>()
        for i in 0..<400 { blocks.append(Double(i)) }
        #expect(blocks.count == 400)
        #expect(blocks[399] == 399)
        // Doubling from 256 gives 512 (malloc may round up a little), far below a 8,192 block.
        #expect(blocks.capacity < 1_024)
        #expect(_Blocks<Double>().capacity == 0)
    }
}
