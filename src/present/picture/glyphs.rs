//! Digits and the letters a to j drawn as strokes, so that numbers and square names need no
//! font.

/// Each digit's strokes in a box 6 units wide and 10 high.
const DIGITS: [&str; 10] = [
    "M1 0H5Q6 0 6 1V9Q6 10 5 10H1Q0 10 0 9V1Q0 0 1 0Z",
    "M1.5 1.8L3.5 0V10M1.5 10H5.5",
    "M0 1.5Q1 0 3 0Q6 0 6 3Q6 5 0 10H6",
    "M0 0H6L2.5 4Q6 4 6 7Q6 10 3 10Q1 10 0 8.8",
    "M4.5 10V0L0 7H6",
    "M6 0H0.6L0.2 4.6Q1.5 4 3 4Q6 4 6 7Q6 10 3 10Q1 10 0 8.8",
    "M5.5 0.6Q4.6 0 3.4 0Q0 0 0 6Q0 10 3 10Q6 10 6 7Q6 4 3 4Q0.8 4 0 6",
    "M0 0H6L2 10",
    "M3 4.6Q0.3 4.6 0.3 2.3Q0.3 0 3 0Q5.7 0 5.7 2.3Q5.7 4.6 3 4.6Q0 4.6 0 7.3Q0 10 3 10Q6 10 6 7.3Q6 4.6 3 4.6Z",
    "M6 4Q5.2 6 3 6Q0 6 0 3Q0 0 3 0Q6 0 6 4Q6 10 2.6 10Q1.4 10 0.5 9.4",
];

/// The letters squares are named with, in the same box; g and j reach below it.
const LETTERS: [&str; 10] = [
    "M5 4.5Q5 3 3 3Q1 3 0.8 4M5 4.5V10M5 7Q3 6.3 1.5 6.8Q0 7.3 0 8.5Q0 10 2 10Q4 10 5 8.5",
    "M0 0V10M0 6.5Q0 3 3 3Q6 3 6 6.5Q6 10 3 10Q0 10 0 6.5",
    "M6 4Q5 3 3.2 3Q0 3 0 6.5Q0 10 3.2 10Q5 10 6 9",
    "M6 0V10M6 6.5Q6 3 3 3Q0 3 0 6.5Q0 10 3 10Q6 10 6 6.5",
    "M0 6.5H6Q6 3 3 3Q0 3 0 6.5Q0 10 3.2 10Q5 10 6 9",
    "M5.5 0.5Q5 0 4 0Q2 0 2 2V10M0 3.5H5",
    "M6 3V11Q6 13.5 3 13.5Q1.5 13.5 0.5 12.8M6 6.5Q6 3 3 3Q0 3 0 6.5Q0 10 3 10Q6 10 6 6.5",
    "M0 0V10M0 6Q0 3 3 3Q6 3 6 6V10",
    "M3 3V10M3 0.4V0.6",
    "M4 3V11.5Q4 13.5 1.5 13.5Q0.5 13.5 0 13M4 0.4V0.6",
];

fn glyph(c: char) -> Option<&'static str> {
    match c {
        '0'..='9' => Some(DIGITS[c as usize - '0' as usize]),
        'a'..='j' => Some(LETTERS[c as usize - 'a' as usize]),
        _ => None,
    }
}

/// `value` in digits centred on (`x`, `y`), `height` units high, stroked in `colour`.
pub fn number(x: f32, y: f32, height: f32, value: u32, colour: &str) -> String {
    label(x, y, height, &value.to_string(), colour)
}

/// `text` (digits and the letters a to j) centred on (`x`, `y`), `height` units high, stroked in `colour`.
pub fn label(x: f32, y: f32, height: f32, text: &str, colour: &str) -> String {
    let glyphs: Vec<&str> = text.chars().filter_map(glyph).collect();
    let scale = height / 10.0;
    let advance = 8.5;
    let width = advance * glyphs.len() as f32 - 2.5;
    let left = x - width * scale / 2.0;
    let top = y - height / 2.0;
    let mut paths = String::new();
    for (i, glyph) in glyphs.iter().enumerate() {
        paths.push_str(&format!(
            r#"<path transform="translate({:.2} 0)" d="{glyph}"/>"#,
            i as f32 * advance,
        ));
    }
    format!(
        r#"<g transform="translate({left:.2} {top:.2}) scale({scale:.3})" fill="none" stroke="{colour}" stroke-width="{:.2}" stroke-linecap="round" stroke-linejoin="round">{paths}</g>"#,
        1.6
    )
}
