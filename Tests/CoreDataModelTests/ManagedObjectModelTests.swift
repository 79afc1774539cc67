import Testing
@testable import CoreDataModel

@Suite struct ManagedObjectModelTests {
    @Test func descendantsAreFoundThroughEveryLevelOnce() {
        let model = ManagedObjectModel(entities: [
            Entity(name: "Vehicle", isAbstract: true), Entity(name: "Car", parentName: "Vehicle"),
            Entity(name: "SportCar", parentName: "Car"), Entity(name: "Truck", parentName: "Vehicle"),
            Entity(name: "Recipe"),
        ])
        #expect(model.descendants(of: "Vehicle").map(\.name) == ["Car", "Truck", "SportCar"])
        #expect(model.descendants(of: "Car").map(\.name) == ["SportCar"])
        #expect(model.descendants(of: "Recipe").isEmpty)
        #expect(model.entity(named: "Truck")?.parentName == "Vehicle")
    }

    @Test func aCycleOfParentsEndsTheWalk() {
        let model = ManagedObjectModel(entities: [Entity(name: "A", parentName: "B"), Entity(name: "B", parentName: "A")])
        #expect(model.descendants(of: "A").map(\.name) == ["B"])
    }
}
