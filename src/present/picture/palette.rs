//! An opaque picture as at most 256 colours, for an indexed PNG: a third of the bytes of RGB to
//! compress, and far fewer once compressed. A board is flat colours and the anti-aliased edges
//! between them, so the most common colours are kept exactly, and each rarer edge colour becomes
//! the nearest of them.

/// The picture's palette (the most common colours first) and each pixel's index in it.
pub struct Indexed {
    pub palette: Vec<[u8; 3]>,
    pub pixels: Vec<u8>,
}

/// `rgba` (opaque pixels, 4 bytes each) reduced to at most 256 colours.
pub fn indexed(rgba: &[u8]) -> Indexed {
    let mut colours = ColourTable::new();
    for pixel in rgba.chunks_exact(4) {
        colours.count(rgb(pixel));
    }
    let mut by_count: Vec<(u32, u32)> = colours.entries().collect();
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let kept = by_count.len().min(256);
    let palette: Vec<[u8; 3]> = by_count[..kept].iter().map(|&(c, _)| split(c)).collect();
    // Each colour's index, found once per colour rather than once per pixel.
    for (index, &(colour, _)) in by_count.iter().enumerate() {
        let chosen = if index < kept {
            index
        } else {
            nearest(&palette, split(colour))
        };
        colours.set(colour, chosen as u32);
    }
    let pixels = rgba
        .chunks_exact(4)
        .map(|pixel| colours.get(rgb(pixel)) as u8)
        .collect();
    Indexed { palette, pixels }
}

fn rgb(pixel: &[u8]) -> u32 {
    u32::from(pixel[0]) << 16 | u32::from(pixel[1]) << 8 | u32::from(pixel[2])
}

fn split(colour: u32) -> [u8; 3] {
    [(colour >> 16) as u8, (colour >> 8) as u8, colour as u8]
}

fn nearest(palette: &[[u8; 3]], colour: [u8; 3]) -> usize {
    let distance = |p: &[u8; 3]| -> i32 {
        (0..3)
            .map(|i| (i32::from(p[i]) - i32::from(colour[i])).pow(2))
            .sum()
    };
    (0..palette.len())
        .min_by_key(|&i| distance(&palette[i]))
        .unwrap_or(0)
}

/// A hash table from a 24-bit colour to a number (a count, then a palette index), open
/// addressing with linear probing: the one lookup per pixel is the whole cost of this module.
struct ColourTable {
    keys: Vec<u32>,
    values: Vec<u32>,
    len: usize,
}

/// No 24-bit colour has this value.
const EMPTY: u32 = u32::MAX;

impl ColourTable {
    fn new() -> ColourTable {
        ColourTable {
            keys: vec![EMPTY; 1 << 12],
            values: vec![0; 1 << 12],
            len: 0,
        }
    }

    fn slot(&self, colour: u32) -> usize {
        let mask = self.keys.len() - 1;
        let mut slot = (colour.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask;
        while self.keys[slot] != colour && self.keys[slot] != EMPTY {
            slot = (slot + 1) & mask;
        }
        slot
    }

    fn count(&mut self, colour: u32) {
        let slot = self.slot(colour);
        if self.keys[slot] == EMPTY {
            self.keys[slot] = colour;
            self.len += 1;
        }
        self.values[slot] += 1;
        if self.len * 2 > self.keys.len() {
            self.grow();
        }
    }

    fn grow(&mut self) {
        let entries: Vec<(u32, u32)> = self.entries().collect();
        self.keys = vec![EMPTY; self.keys.len() * 2];
        self.values = vec![0; self.keys.len()];
        for (colour, value) in entries {
            let slot = self.slot(colour);
            self.keys[slot] = colour;
            self.values[slot] = value;
        }
    }

    fn entries(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (self.keys.iter().zip(&self.values))
            .filter(|(key, _)| **key != EMPTY)
            .map(|(key, value)| (*key, *value))
    }

    fn set(&mut self, colour: u32, value: u32) {
        let slot = self.slot(colour);
        self.values[slot] = value;
    }

    fn get(&self, colour: u32) -> u32 {
        self.values[self.slot(colour)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(colours: &[[u8; 3]]) -> Vec<u8> {
        colours
            .iter()
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect()
    }

    #[test]
    fn a_picture_of_few_colours_keeps_every_one_exactly() {
        let pixels = [[255, 255, 255], [1, 2, 3], [255, 255, 255], [200, 100, 0]];
        let indexed = indexed(&picture(&pixels));
        assert_eq!(indexed.palette[0], [255, 255, 255], "the most common first");
        for (pixel, index) in pixels.iter().zip(&indexed.pixels) {
            assert_eq!(indexed.palette[usize::from(*index)], *pixel);
        }
    }

    #[test]
    fn rare_colours_beyond_256_become_the_nearest_common_one() {
        // 300 greys: 0 to 255 twice each, then 44 reds once each.
        let mut pixels: Vec<[u8; 3]> = (0..=255u8).flat_map(|g| [[g, g, g], [g, g, g]]).collect();
        pixels.extend((0..44u8).map(|r| [200 + r, 0, 0]));
        let indexed = indexed(&picture(&pixels));
        assert_eq!(indexed.palette.len(), 256);
        for (pixel, index) in pixels.iter().zip(&indexed.pixels).take(512) {
            assert_eq!(indexed.palette[usize::from(*index)], *pixel, "kept exactly");
        }
        // (243, 0, 0) is nearest the grey of its mean, 81.
        let red = indexed.palette[usize::from(indexed.pixels[512 + 43])];
        assert_eq!(red, [81, 81, 81]);
    }
}
