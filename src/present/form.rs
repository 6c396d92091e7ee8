//! The fields of a submitted form, as the games' option readers see them. `web::form` adds the
//! HTTP answers for missing or malformed fields.

use std::collections::HashMap;

use crate::rules::Message;

/// The fields of a url-encoded form body. A field given twice keeps its last value.
pub struct FormFields {
    fields: HashMap<String, String>,
}

impl FormFields {
    pub fn parse(body: &[u8]) -> Result<FormFields, Message> {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_bytes(body).map_err(|_| Message::new("form-unreadable"))?;
        Ok(FormFields {
            fields: pairs.into_iter().collect(),
        })
    }

    /// The members of a JSON object as fields, for programs: a string as it is, a number or a
    /// truth value as written, null as absent, anything else as its JSON text.
    pub fn from_json(body: &[u8]) -> Result<FormFields, Message> {
        let object: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(body)
            .map_err(|e| Message::new("request-json-unreadable").text("detail", e.to_string()))?;
        let fields = (object.into_iter())
            .filter_map(|(name, value)| match value {
                serde_json::Value::Null => None,
                serde_json::Value::String(text) => Some((name, text)),
                other => Some((name, other.to_string())),
            })
            .collect();
        Ok(FormFields { fields })
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }

    /// A checkbox: present and not "off"/"false" means ticked.
    pub fn checked(&self, name: &str) -> bool {
        self.get(name)
            .is_some_and(|v| !matches!(v, "" | "off" | "false" | "0"))
    }
}
