//! Each game's secret seed, its public commitment, and the random stream for each decision.
//!
//! The stream for the row at sequence `n` is ChaCha20 keyed with SHA-256(seed ‖ n), `n` as 8
//! bytes big-endian. Anyone holding the revealed seed can recompute every stream.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

pub type Seed = [u8; 32];

/// A fresh seed from the operating system.
pub fn generate() -> Seed {
    let mut seed = [0; 32];
    getrandom::fill(&mut seed).expect("the operating system's random source is available");
    seed
}

/// The SHA-256 of the seed, hex-encoded, published when the game is created.
pub fn commitment(seed: &Seed) -> String {
    hex::encode(Sha256::digest(seed))
}

/// The random stream handed to the decision recorded at `seq`.
pub fn rng_for(seed: &Seed, seq: i64) -> ChaCha20Rng {
    let mut hasher = Sha256::new();
    hasher.update(seed);
    hasher.update((seq as u64).to_be_bytes());
    ChaCha20Rng::from_seed(hasher.finalize().into())
}

/// The salt that seals row `seq` when it holds a secret: SHA-256(seed ‖ n ‖ "seal"), first 16
/// bytes — apart from the rules' stream, and unknown to anyone until the seed is revealed.
pub fn salt_for(seed: &Seed, seq: i64) -> [u8; 16] {
    let mut hasher = Sha256::new();
    hasher.update(seed);
    hasher.update((seq as u64).to_be_bytes());
    hasher.update(b"seal");
    let digest: [u8; 32] = hasher.finalize().into();
    digest[..16].try_into().expect("16 of 32 bytes")
}

pub fn parse_hex(text: &str) -> Option<Seed> {
    hex::decode(text).ok()?.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn streams_are_fixed_by_seed_and_sequence() {
        let seed = [7; 32];
        assert_eq!(rng_for(&seed, 3).next_u64(), rng_for(&seed, 3).next_u64());
        assert_ne!(rng_for(&seed, 3).next_u64(), rng_for(&seed, 4).next_u64());
        assert_ne!(
            rng_for(&seed, 3).next_u64(),
            rng_for(&[8; 32], 3).next_u64()
        );
    }

    #[test]
    fn the_commitment_is_the_sha256_of_the_seed() {
        let seed = generate();
        assert_eq!(commitment(&seed), hex::encode(Sha256::digest(seed)));
        assert_eq!(parse_hex(&hex::encode(seed)), Some(seed));
        assert_ne!(generate(), seed);
    }
}
