/// The anchor day of local day `day` for something refitted every `k` days: the last day at
/// or before it whose number (days since 1970) is a multiple of `k` — a function of the day
/// alone, so a plan on any day computes what the evaluator kept from that anchor. `k` below 1
/// counts as 1 (every day its own anchor).
func _anchorDay(of day: Int, every k: Int) -> Int {
    let k = max(1, k)
    return day - ((day % k) + k) % k
}
