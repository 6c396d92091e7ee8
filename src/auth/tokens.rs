//! Random tokens for links sent by email. The token travels in the link; the database keeps only
//! its SHA-256, so a leaked table opens nothing.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// A new random token (256 bits, URL-safe) and its hash.
pub fn generate() -> (String, Vec<u8>) {
    let mut bytes = [0; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash(&token);
    (token, hash)
}

pub fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// A random identifier of `len` characters from an alphabet without look-alikes.
pub fn random_id(len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut bytes = vec![0; len];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    // 256 is not a multiple of 31; the slight bias does not matter for identifiers.
    bytes
        .iter()
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect()
}

/// Whether `text` could be an identifier [`random_id`] made (a game's, a tournament's): lower-case
/// letters and digits, at most 32.
pub fn is_id(text: &str) -> bool {
    (1..=32).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// Compares two secrets in time independent of where they differ.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_and_hashed() {
        let (a, hash_a) = generate();
        let (b, _) = generate();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(hash(&a), hash_a);
        assert_ne!(hash_a, a.as_bytes());
    }

    #[test]
    fn ids_use_the_alphabet() {
        let id = random_id(12);
        assert_eq!(id.len(), 12);
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        );
        assert!(!id.contains(['l', 'o', '0', '1', 'i']));
    }

    #[test]
    fn constant_time_comparison() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
    }
}
