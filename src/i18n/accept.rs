//! Reading an `Accept-Language` header by its weights (RFC 9110 §12.5.4).

/// The acceptable tag with the highest weight that `known` recognises; among equal weights the
/// one listed first.
pub fn preferred<T>(header: &str, known: impl Fn(&str) -> Option<T>) -> Option<T> {
    let mut best: Option<(f32, T)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        if weight <= 0.0 || best.as_ref().is_some_and(|(b, _)| *b >= weight) {
            continue;
        }
        if let Some(found) = known(tag) {
            best = Some((weight, found));
        }
    }
    best.map(|(_, found)| found)
}

#[cfg(test)]
mod tests {
    use super::preferred;

    fn pick(header: &str) -> Option<&'static str> {
        preferred(header, |tag| match tag.split('-').next() {
            Some("ja") => Some("ja"),
            Some("en") => Some("en"),
            _ => None,
        })
    }

    #[test]
    fn the_heaviest_known_language_wins_and_ties_go_to_the_first() {
        assert_eq!(pick("ja-JP,ja;q=0.9,en-US;q=0.8"), Some("ja"));
        assert_eq!(pick("fr;q=1, en;q=0.5, ja;q=0.7"), Some("ja"));
        assert_eq!(pick("en, ja"), Some("en"));
        assert_eq!(pick("de, fr;q=0.9"), None);
        assert_eq!(pick("ja;q=0, en;q=0.1"), Some("en"));
        assert_eq!(pick("ja;q=bogus, en;q=0.2"), Some("en"));
        assert_eq!(pick(""), None);
    }
}
