//! The lots drawn from an event's seed: the last tie-break, and the first round's order.
//!
//! An entrant's lot is the first eight bytes, big-endian, of SHA-256(seed ‖ "lot" ‖ their
//! number as four bytes, big-endian). The seed is committed when the event opens and revealed
//! when it ends, so anyone can draw the same lots again (a line of Python does it).

use sha2::{Digest, Sha256};

use super::Entrant;

/// The lot of every one of `entrants`, in entrant order; the lower draws the better place.
pub fn lots(seed: &[u8], entrants: usize) -> Vec<u64> {
    (0..entrants).map(|entrant| lot(seed, entrant)).collect()
}

fn lot(seed: &[u8], entrant: Entrant) -> u64 {
    let mut hasher = Sha256::new();
    hasher.update(seed);
    hasher.update(b"lot");
    hasher.update((entrant as u32).to_be_bytes());
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// Entrants in the order their lots draw them, the lowest first.
pub fn drawn_order(lots: &[u64]) -> Vec<Entrant> {
    let mut order: Vec<Entrant> = (0..lots.len()).collect();
    order.sort_by_key(|&e| (lots[e], e));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lots_are_the_documented_hash_and_order_by_it() {
        // From Python: int.from_bytes(sha256(seed + b"lot" + e.to_bytes(4, "big")).digest()[:8], "big")
        let seed: Vec<u8> = (0..32).collect();
        let drawn = lots(&seed, 3);
        assert_eq!(
            drawn,
            [
                1_445_780_443_164_215_505,
                1_407_998_996_408_781_925,
                7_781_189_412_320_291_999
            ]
        );
        assert_eq!(drawn_order(&drawn), [1, 0, 2]);
        assert_ne!(lots(&[0; 32], 3), drawn, "another seed draws other lots");
    }
}
