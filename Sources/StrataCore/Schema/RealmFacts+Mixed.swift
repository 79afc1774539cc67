extension RealmFacts {
    /// A Mixed property `p` keeps its values' Realm types in a companion column `p_type` (a collection's `value` in
    /// `value_type`), which `strata convert` writes beside it: the column becomes the property's `typeColumn`, no
    /// longer a property of its own.
    static func attachMixedTypes(to classes: inout [ClassInfo]) {
        for index in classes.indices {
            let properties = classes[index].properties
            var companions: Set<String> = []
            for (offset, property) in properties.enumerated() where property.type == .any {
                guard let column = property.column,
                      let companion = properties.first(where: { $0.column == column + "_type" && $0.type == .string })
                else { continue }
                classes[index].properties[offset].typeColumn = companion.column
                companions.insert(companion.name)
            }
            if !companions.isEmpty { classes[index].properties.removeAll { companions.contains($0.name) && $0.typeColumn == nil } }
        }
    }
}
