//! Signing outgoing mail with DKIM (RFC 6376, RFC 8463 for Ed25519).
//!
//! lettre signs; this module reads the key as operators make it (PEM, PKCS#1 or PKCS#8, from
//! `openssl genrsa` or `openssl genpkey -algorithm ed25519`), hands it to lettre in the form
//! lettre takes, chooses the headers, and writes the DNS record of the public half.
//!
//! Canonicalisation is relaxed for headers and body: relays may refold headers and re-encode
//! trailing white space, which simple canonicalisation would count as tampering. The signed
//! headers are those a reader trusts and a forger would change; lettre names each of them in
//! `h=` even when a message lacks it (an absent In-Reply-To, say), which per RFC 6376 §5.4
//! forbids adding one later without breaking the signature. Content-Type is not among them:
//! lettre writes a multipart message's Content-Type as part of its body, where its signer
//! does not see it, so naming it would break every signature; the body hash covers the
//! boundaries and every part's own headers instead.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use ed25519_dalek::pkcs8::DecodePrivateKey as _;
use lettre::Message;
use lettre::message::dkim::{
    DkimCanonicalization, DkimCanonicalizationType, DkimConfig, DkimSigningAlgorithm,
    DkimSigningKey,
};
use lettre::message::header::HeaderName;
use rsa::pkcs1::{DecodeRsaPrivateKey as _, EncodeRsaPrivateKey as _};
use rsa::pkcs8::{EncodePublicKey as _, LineEnding};
use rsa::traits::PublicKeyParts as _;

use crate::config::DkimSettings;

/// The headers every signature covers.
pub const SIGNED_HEADERS: [&str; 12] = [
    "From",
    "To",
    "Subject",
    "Date",
    "Message-ID",
    "Reply-To",
    "In-Reply-To",
    "References",
    "List-Unsubscribe",
    "List-Unsubscribe-Post",
    "MIME-Version",
    "Auto-Submitted",
];

/// RSA keys shorter than this are refused: receivers ignore or distrust them.
const RSA_MIN_BITS: usize = 2048;

/// A private key read from its PEM file.
pub enum Key {
    Rsa(rsa::RsaPrivateKey),
    Ed25519(ed25519_dalek::SigningKey),
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Key::Rsa(_) => "Key::Rsa(..)",
            Key::Ed25519(_) => "Key::Ed25519(..)",
        })
    }
}

impl Key {
    /// Reads an RSA key (PKCS#1 or PKCS#8) or an Ed25519 key (PKCS#8) from PEM text.
    pub fn from_pem(pem: &str) -> Result<Key, String> {
        if let Ok(key) = ed25519_dalek::SigningKey::from_pkcs8_pem(pem) {
            return Ok(Key::Ed25519(key));
        }
        let rsa = rsa::RsaPrivateKey::from_pkcs8_pem(pem)
            .or_else(|_| rsa::RsaPrivateKey::from_pkcs1_pem(pem))
            .map_err(|_| {
                "it holds neither an RSA key (PKCS#1 or PKCS#8 PEM) nor an Ed25519 key \
                 (PKCS#8 PEM)"
                    .to_string()
            })?;
        let bits = rsa.size() * 8;
        if bits < RSA_MIN_BITS {
            return Err(format!(
                "its RSA key has {bits} bits; DKIM keys need at least {RSA_MIN_BITS}"
            ));
        }
        Ok(Key::Rsa(rsa))
    }

    /// The key type as the DNS record names it (`k=`).
    pub fn kind(&self) -> &'static str {
        match self {
            Key::Rsa(_) => "rsa",
            Key::Ed25519(_) => "ed25519",
        }
    }

    /// The public key as the record carries it (`p=`): an RSA key's SubjectPublicKeyInfo, an
    /// Ed25519 key's 32 bytes (RFC 8463 §4.2), in base64.
    pub fn public_base64(&self) -> String {
        match self {
            Key::Rsa(key) => {
                let der = rsa::RsaPublicKey::from(key)
                    .to_public_key_der()
                    .expect("an RSA public key encodes");
                STANDARD.encode(der.as_bytes())
            }
            Key::Ed25519(key) => STANDARD.encode(key.verifying_key().to_bytes()),
        }
    }

    /// The key as lettre takes it: PKCS#1 PEM for RSA, the base64 seed for Ed25519.
    fn for_lettre(&self) -> Result<DkimSigningKey, String> {
        let (text, algorithm) = match self {
            Key::Rsa(key) => (
                key.to_pkcs1_pem(LineEnding::LF)
                    .map_err(|e| e.to_string())?
                    .to_string(),
                DkimSigningAlgorithm::Rsa,
            ),
            Key::Ed25519(key) => (
                STANDARD.encode(key.to_bytes()),
                DkimSigningAlgorithm::Ed25519,
            ),
        };
        DkimSigningKey::new(&text, algorithm).map_err(|e| e.to_string())
    }
}

/// What signs every outgoing message, made once per worker.
pub struct Signer {
    config: DkimConfig,
}

/// Reads the configured key. `None` when signing is off (no domain).
pub fn key(settings: &DkimSettings) -> Result<Option<Key>, String> {
    if settings.domain.trim().is_empty() {
        return Ok(None);
    }
    if settings.selector.trim().is_empty() {
        return Err("mail.dkim.selector is empty; name the key's selector".into());
    }
    let path = &settings.key_file;
    let pem = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "cannot read the DKIM key file mail.dkim.key_file = {:?}: {e}",
            path.display()
        )
    })?;
    Key::from_pem(&pem)
        .map(Some)
        .map_err(|why| format!("the DKIM key file {} is not usable: {why}", path.display()))
}

impl Signer {
    /// The signer the settings ask for; `None` when signing is off.
    pub fn from_settings(settings: &DkimSettings) -> Result<Option<Signer>, String> {
        key(settings)?
            .map(|key| Signer::new(settings, &key))
            .transpose()
    }

    pub fn new(settings: &DkimSettings, key: &Key) -> Result<Signer, String> {
        let headers = SIGNED_HEADERS
            .iter()
            .map(|name| HeaderName::new_from_ascii_str(name))
            .collect();
        let relaxed = DkimCanonicalization {
            header: DkimCanonicalizationType::Relaxed,
            body: DkimCanonicalizationType::Relaxed,
        };
        Ok(Signer {
            config: DkimConfig::new(
                settings.selector.trim().to_string(),
                settings.domain.trim().to_ascii_lowercase(),
                key.for_lettre()?,
                headers,
                relaxed,
            ),
        })
    }

    /// Adds the DKIM-Signature header. lettre panics only if the RSA primitive itself fails;
    /// that is caught and reported, and the message is not sent unsigned.
    pub fn sign(&self, message: &mut Message) -> Result<(), String> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| message.sign(&self.config)))
            .map_err(|_| "DKIM signing failed".to_string())
    }
}

/// The TXT record to publish for the configured key: its name and its value, the value split
/// into strings of at most 255 characters as DNS requires.
pub fn dns_record(settings: &DkimSettings) -> Result<String, String> {
    let key = key(settings)?.ok_or_else(|| {
        "mail.dkim.domain is empty: set it, the selector and the key file first".to_string()
    })?;
    let name = format!(
        "{}._domainkey.{}.",
        settings.selector.trim(),
        settings.domain.trim().to_ascii_lowercase()
    );
    let value = format!("v=DKIM1; k={}; p={}", key.kind(), key.public_base64());
    let strings: Vec<String> = value
        .as_bytes()
        .chunks(255)
        .map(|chunk| format!("\"{}\"", String::from_utf8_lossy(chunk)))
        .collect();
    Ok(format!("{name} 3600 IN TXT ( {} )", strings.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ED25519_PEM: &str = "-----BEGIN PRIVATE KEY-----\n\
        MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n\
        -----END PRIVATE KEY-----\n";

    #[test]
    fn an_ed25519_key_from_openssl_is_read_and_its_record_written() {
        let key = Key::from_pem(ED25519_PEM).unwrap();
        assert_eq!(key.kind(), "ed25519");
        // RFC 8463's example key: its public half is the record's p=.
        assert_eq!(
            key.public_base64(),
            "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="
        );
    }

    #[test]
    fn a_short_rsa_key_and_a_file_of_nothing_are_refused_in_words() {
        let short = include_str!("../../tests/fixtures/mail/rsa-1024.pem");
        let refused = Key::from_pem(short).unwrap_err();
        assert!(refused.contains("1024 bits"), "{refused}");
        assert!(Key::from_pem("not a key").unwrap_err().contains("neither"));
    }
}
