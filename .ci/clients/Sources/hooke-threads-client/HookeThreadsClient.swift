// A client of the `HookeThreads` product only: 10,000 spring and timing-curve channels of a batch
// engine stepped at 120 Hz on 4 workers, against the same engine stepped on one thread. (Hooke's
// types are not re-exported: the engine, drivers and springs are reached by inference.)
import HookeThreads

struct ClientFailure: Error, CustomStringConvertible { var description: String }

@main struct HookeThreadsClient {
  static func main() throws {
    let ticks: Int64 = 3_628_800 / 120  // one 120 Hz frame at the engine's default clock
    let threaded = BatchThreadedStepper<Double>(engine: .init(), threads: 4, chunkSize: 256)
    let serial = BatchThreadedStepper<Double>(engine: .init(), threads: 1).engine
    let groups = [threaded.engine, serial].map { engine in
      [
        engine.addGroup(.spring(.init(duration: 0.5, bounce: 0.3))),
        engine.addGroup(.timingCurve(.easeInOut, duration: 0.35)),
      ]
    }
    let targets = (0..<10_000).map { Double($0 % 200) - 100 }
    let a = try targets.indices.map {
      try threaded.engine.addChannel(to: groups[0][$0 % 2], value: 0, target: targets[$0])
    }
    let b = try targets.indices.map {
      try serial.addChannel(to: groups[1][$0 % 2], value: 0, target: targets[$0])
    }
    var failures: [String] = []
    func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }
    var frames = 0
    while threaded.engine.activeCount > 0 && frames < 600 {
      frames += 1
      threaded.step(ticks: ticks)
      serial.step(ticks: ticks)
      if frames == 6 || frames % 60 == 0 {
        let same = targets.indices.allSatisfy { k in
          threaded.engine.value(of: a[k])?.bitPattern == serial.value(of: b[k])?.bitPattern
            && threaded.engine.velocity(of: a[k])?.bitPattern == serial.velocity(of: b[k])?.bitPattern
        }
        check(same, "frame \(frames): 4 workers differ from one thread")
      }
    }
    check(threaded.engine.activeCount == 0 && serial.activeCount == 0, "not settled after 5 s")
    check(
      targets.indices.allSatisfy { threaded.engine.value(of: a[$0]) == targets[$0] }, "not at the targets")

    // The allocation-free pool: every worker runs once per call.
    let pool = WorkerPool(threads: 3)
    let calls = UnsafeMutableBufferPointer<Int>.allocate(capacity: pool.threads)
    defer { calls.deallocate() }
    calls.initialize(repeating: 0)
    nonisolated(unsafe) let slots = calls
    for _ in 0..<100 { pool.run { worker in slots[worker] += 1 } }
    check(calls.allSatisfy { $0 == 100 }, "worker pool calls \(Array(calls))")

    guard failures.isEmpty else {
      throw ClientFailure(description: "hooke-threads-client: FAILED: \(failures)")
    }
    print("hooke-threads-client: ok (10000 channels, 4 workers == 1 thread bit for bit, \(frames) frames)")
  }
}
