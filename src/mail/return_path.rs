//! Return paths (VERP): each email's envelope sender is the configured return path with
//! `+ID.MAC` in its local part — the email's number in the outbox and a MAC of it keyed by a
//! secret of the server's. A delivery report or complaint that comes back to such an address is
//! tied to that email, and so to the address it was sent to; nobody without the secret can
//! make one that blames another address.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The name of the return paths' key among the server's secrets.
pub const SECRET: &str = "return_path_key";

/// Hex digits of the MAC kept: 80 bits, more than anyone can guess by sending reports.
const MAC_HEX: usize = 20;

fn mac(key: &[u8], email_id: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(b"return-path:");
    mac.update(email_id.to_string().as_bytes());
    let digest = mac.finalize().into_bytes();
    hex::encode(digest)[..MAC_HEX].to_string()
}

/// The return path of email `email_id`: `bounces+ID.MAC@domain` for `base` `bounces@domain`.
pub fn format(base: &str, key: &[u8], email_id: i64) -> String {
    let (local, domain) = split(base);
    format!("{local}+{email_id}.{}@{domain}", mac(key, email_id))
}

/// The email a return path names, if it is one of `base`'s (any domain, the local part
/// compared without case) and its MAC is right.
pub fn email_of(base: &str, key: &[u8], address: &str) -> Option<i64> {
    let address = address.trim().trim_start_matches('<').trim_end_matches('>');
    let (local, _) = address.rsplit_once('@')?;
    let (name, extension) = local.split_once('+')?;
    if !name.eq_ignore_ascii_case(split(base).0) {
        return None;
    }
    let (id, given) = extension.split_once('.')?;
    let id: i64 = id.parse().ok().filter(|id| *id > 0)?;
    let expected = mac(key, id);
    crate::auth::tokens::constant_time_eq(
        expected.as_bytes(),
        given.to_ascii_lowercase().as_bytes(),
    )
    .then_some(id)
}

/// Whether `address` is the return path itself or one made from it: what comes to it is a
/// report, never a reply.
pub fn is_return_path(base: &str, address: &str) -> bool {
    if base.trim().is_empty() {
        return false;
    }
    let address = address.trim().trim_start_matches('<').trim_end_matches('>');
    let Some((local, _)) = address.rsplit_once('@') else {
        return false;
    };
    let name = local.split_once('+').map_or(local, |(name, _)| name);
    name.eq_ignore_ascii_case(split(base).0)
}

fn split(base: &str) -> (&str, &str) {
    let address = base.trim();
    address.rsplit_once('@').unwrap_or((address, "localhost"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"a secret of the server's";

    #[test]
    fn a_return_path_names_its_email_only_with_the_right_mac() {
        let path = format("bounces@turnpost.test", KEY, 1234);
        assert!(path.starts_with("bounces+1234."), "{path}");
        assert!(path.ends_with("@turnpost.test"));
        assert_eq!(email_of("bounces@turnpost.test", KEY, &path), Some(1234));
        assert_eq!(
            email_of(
                "bounces@turnpost.test",
                KEY,
                &format!("<{}>", path.to_uppercase())
            ),
            Some(1234)
        );
        let forged = path.replace("1234.", "1235.");
        assert_eq!(email_of("bounces@turnpost.test", KEY, &forged), None);
        assert_eq!(
            email_of("bounces@turnpost.test", b"another key", &path),
            None
        );
        assert_eq!(email_of("play@turnpost.test", KEY, &path), None);
        assert!(is_return_path("bounces@turnpost.test", &path));
        assert!(is_return_path(
            "bounces@turnpost.test",
            "Bounces@turnpost.test"
        ));
        assert!(!is_return_path(
            "bounces@turnpost.test",
            "play+abc-3@turnpost.test"
        ));
        assert!(!is_return_path("", "bounces@turnpost.test"));
    }
}
