//! Digits drawn as strokes, so that numbers need no font.

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

/// `value` in digits centred on (`x`, `y`), `height` units high, stroked in `colour`.
pub fn number(x: f32, y: f32, height: f32, value: u32, colour: &str) -> String {
    let digits: Vec<usize> = value
        .to_string()
        .bytes()
        .map(|b| usize::from(b - b'0'))
        .collect();
    let scale = height / 10.0;
    let advance = 8.5;
    let width = advance * digits.len() as f32 - 2.5;
    let left = x - width * scale / 2.0;
    let top = y - height / 2.0;
    let mut paths = String::new();
    for (i, digit) in digits.iter().enumerate() {
        paths.push_str(&format!(
            r#"<path transform="translate({:.2} 0)" d="{}"/>"#,
            i as f32 * advance,
            DIGITS[*digit]
        ));
    }
    format!(
        r#"<g transform="translate({left:.2} {top:.2}) scale({scale:.3})" fill="none" stroke="{colour}" stroke-width="{:.2}" stroke-linecap="round" stroke-linejoin="round">{paths}</g>"#,
        1.6
    )
}
