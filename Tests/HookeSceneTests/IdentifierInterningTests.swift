import Testing

@testable import HookeScene

/// Ids from literals, interpolations and any `Hashable` value, as SwiftUI identifies views.
@Suite struct IdentifierInterningTests {
  struct Album: Hashable, Sendable {
    var artist: String
    var number: Int
  }

  @Test func elementIDsFromStringsAreInternedByValue() {
    let i = 7
    let literal: ElementID = "card-7"
    let interpolated: ElementID = "card-\(i)"
    #expect(literal == interpolated)
    #expect(ElementID("card-7") == literal)
    #expect(literal != "card-8")
    #expect(literal.rawValue < -(1 << 62))  // the reserved range, apart from integer ids
    #expect(literal.internedValue == AnyHashable("card-7"))
    #expect(literal.description == "#card-7")
  }

  @Test func integerElementIDsAreThemselves() {
    #expect(ElementID(42 as Int) == 42)
    #expect(ElementID(42 as Int).internedValue == nil)
    #expect(ElementID(42 as Int).description == "#42")
    #expect(ElementID("42") != 42)  // a string is not the integer
    func erased<T: Hashable & Sendable>(_ id: T) -> ElementID { ElementID(id) }
    #expect(erased(ElementID(42)) == 42 && erased(ElementID("x")) == "x")  // an id stays itself
  }

  @Test func anyHashableValueGivesOneIDPerDistinctValue() {
    let a = ElementID(Album(artist: "Ana", number: 1))
    #expect(a == ElementID(Album(artist: "Ana", number: 1)))
    #expect(a != ElementID(Album(artist: "Ana", number: 2)))
    #expect(a != ElementID("Ana"))
    #expect(a.internedValue == AnyHashable(Album(artist: "Ana", number: 1)))
  }

  @Test func matchIDsFromLiteralsInterpolationsAndValues() {
    let i = 3
    let interpolated: MatchID = "\(i)-bg"
    #expect(interpolated == .string("3-bg"))
    #expect(MatchID("3-bg") == .string("3-bg"))
    #expect(MatchID(5) == .int(5))
    #expect(MatchID(MatchID.int(9)) == .int(9))
    let album = MatchID(Album(artist: "Ana", number: 1))
    #expect(album == MatchID(Album(artist: "Ana", number: 1)))
    #expect(album != MatchID(Album(artist: "Ana", number: 2)))
    if case .int(let raw) = album {
      #expect(raw < -(1 << 62))
    } else {
      Issue.record("not interned: \(album)")
    }
  }

  /// Interning from several threads at once gives each value one id.
  @Test func interningIsThreadSafe() async {
    let ids = await withTaskGroup(of: [ElementID].self) { group in
      for _ in 0..<4 { group.addTask { (0..<500).map { ElementID("concurrent-\($0)") } } }
      var all: [[ElementID]] = []
      for await ids in group { all.append(ids) }
      return all
    }
    #expect(ids.count == 4)
    for list in ids { #expect(list == ids[0]) }
    #expect(Set(ids[0]).count == 500)
  }
}
