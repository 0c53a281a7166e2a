//! The JSON Schema of the card files. (Being written.)

/// The schema as pretty JSON.
pub fn schema_json() -> String {
    String::new()
}
