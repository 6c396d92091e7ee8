//! A rating's history as a line chart, drawn on the server as SVG: no script, and it scales to
//! a phone's width. Pages give the same numbers as a table beside it for text browsers.

use std::fmt::Write;

const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 160.0;
/// Room on the left for the ratings written along the axis.
const LEFT: f64 = 44.0;
const MARGIN: f64 = 10.0;

/// The chart of `ratings` (the rating before the first game, then after each), titled `title`
/// for those who cannot see it.
pub fn rating_chart(ratings: &[f64], title: &str) -> String {
    let low = ratings.iter().copied().fold(f64::INFINITY, f64::min);
    let high = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // Whole tens around the range, and at least 40 points of it, so a flat line sits mid-chart.
    let (low, high) = match ratings.is_empty() {
        true => (1480.0, 1520.0),
        false => {
            let middle = (low + high) / 2.0;
            let half = ((high - low) / 2.0).max(20.0);
            (
                ((middle - half) / 10.0).floor() * 10.0,
                ((middle + half) / 10.0).ceil() * 10.0,
            )
        }
    };
    let x = |i: usize| match ratings.len() {
        0 | 1 => LEFT + (WIDTH - LEFT - MARGIN) / 2.0,
        n => LEFT + (WIDTH - LEFT - MARGIN) * i as f64 / (n - 1) as f64,
    };
    let y = |r: f64| MARGIN + (HEIGHT - 2.0 * MARGIN) * (high - r) / (high - low);
    let mut svg = format!(
        r##"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{title}"><title>{title}</title>"##,
        title = escape(title)
    );
    for rating in [high, low] {
        let _ = write!(
            svg,
            r##"<line x1="{LEFT}" x2="{right}" y1="{at:.1}" y2="{at:.1}" stroke="#c8c8c8"/><text x="{label}" y="{text:.1}" font-size="12" text-anchor="end" fill="#444">{rating}</text> "##,
            right = WIDTH - MARGIN,
            at = y(rating),
            label = LEFT - 4.0,
            text = y(rating) + 4.0,
        );
    }
    let line: Vec<String> = (ratings.iter().enumerate())
        .map(|(i, r)| format!("{:.1},{:.1}", x(i), y(*r)))
        .collect();
    let _ = write!(
        svg,
        r##"<polyline fill="none" stroke="#1d5fa8" stroke-width="2" points="{}"/>"##,
        line.join(" ")
    );
    if let Some((i, last)) = ratings.iter().enumerate().next_back() {
        let _ = write!(
            svg,
            r##"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="#1d5fa8"/>"##,
            x(i),
            y(*last)
        );
    }
    svg.push_str("</svg>");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(svg: &str) -> Vec<(f64, f64)> {
        let list = svg
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        (list.split(' '))
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn higher_ratings_are_drawn_higher_and_every_game_is_a_point() {
        let svg = rating_chart(&[1500.0, 1662.3, 1590.0, 1701.0], "Kalah");
        let drawn = points(&svg);
        assert_eq!(drawn.len(), 4);
        assert!(drawn[1].1 < drawn[0].1 && drawn[2].1 > drawn[1].1 && drawn[3].1 < drawn[1].1);
        assert!(drawn.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(
            drawn
                .iter()
                .all(|(x, y)| (0.0..=WIDTH).contains(x) && (0.0..=HEIGHT).contains(y))
        );
        // The axis is labelled with whole tens around the range.
        assert!(svg.contains(">1710<") && svg.contains(">1500<"), "{svg}");
    }

    #[test]
    fn one_game_and_a_flat_line_sit_inside_the_chart_and_titles_are_escaped() {
        let svg = rating_chart(&[1500.0, 1500.0], "<Ann & Bo>");
        assert!(svg.contains("&lt;Ann &amp; Bo&gt;") && !svg.contains("<Ann"));
        let drawn = points(&svg);
        assert!(
            drawn.iter().all(|(_, y)| (*y - HEIGHT / 2.0).abs() < 1.0),
            "{drawn:?}"
        );
        assert_eq!(points(&rating_chart(&[1512.0], "x")).len(), 1);
    }
}
