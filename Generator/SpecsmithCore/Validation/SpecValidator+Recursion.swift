extension SpecValidator {
    /// A struct may hold itself through an optional field, a list or a map (generated code stores
    /// such a field out of line), but not through required fields alone: no value of it could end.
    mutating func checkRecursion() {
        let endless = TypeRecursion(spec).endlessTypes
        for type in spec.types where endless.contains(type.name) {
            diagnostics.error(
                "every \"\(type.name)\" holds another \"\(type.name)\" through required fields, so no value of it can end",
                at: type.location, note: "make one field of the loop optional, nullable or a list")
        }
    }
}
