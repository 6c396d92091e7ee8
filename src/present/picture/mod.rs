//! Pictures of a board for emails: an SVG drawn from the seat's view (the same view the page is
//! drawn from, so that a picture shows nothing the seat may not see), rendered to PNG, because
//! mail clients strip SVG and block remote images.
//!
//! The pictures carry no words, only shapes, colours and numbers drawn as strokes: the words
//! around them (names, whose turn, the last moves, the alt text) are the email's, in the
//! recipient's language. So no font is needed to draw them, Japanese or other, and the renderer
//! is built without its text support.

mod azul;
mod glyphs;
mod gype;
mod kabaleo;
mod kalah;
mod palette;
mod quarto;

use png::Compression;
use resvg::{tiny_skia, usvg};

use crate::rules::{Rules, Seat};

pub use glyphs::{label, number};

/// How wide a picture is drawn, in pixels: sharp on a phone's screen (about twice its 360 CSS
/// pixels' width at most) and on a desktop's at 600 CSS pixels.
pub const WIDTH: u32 = 600;

/// A board drawn for one seat.
pub trait BoardPicture: Rules {
    /// The board as an SVG document, drawn from what `me` sees now, with what changed since
    /// `before` (the same seat's view when they last acted) marked.
    fn picture(now: &Self::View, before: Option<&Self::View>, me: Option<Seat>) -> String;
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the board's SVG does not parse: {0}")]
    Svg(#[from] usvg::Error),
    #[error("a picture of {0}×{1} pixels cannot be drawn")]
    Size(u32, u32),
    #[error("the picture cannot be encoded as PNG: {0}")]
    Png(String),
}

/// The most bytes a picture should take in an email.
pub const MOST_BYTES: usize = 60_000;

/// `svg` rendered as a PNG `width` pixels wide, on white: compressed quickly, or harder when
/// that would leave it over [`MOST_BYTES`].
pub fn png(svg: &str, width: u32) -> Result<Vec<u8>, PictureError> {
    let pixmap = raster(svg, width)?;
    let indexed = palette::indexed(pixmap.data());
    let quick = encode(&pixmap, &indexed, Compression::Fast)?;
    if quick.len() <= MOST_BYTES {
        return Ok(quick);
    }
    encode(&pixmap, &indexed, Compression::Balanced)
}

/// `svg` drawn `width` pixels wide, on white.
fn raster(svg: &str, width: u32) -> Result<tiny_skia::Pixmap, PictureError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(PictureError::Size(width, height))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// `pixmap`, reduced to `indexed`, as an indexed PNG.
fn encode(
    pixmap: &tiny_skia::Pixmap,
    indexed: &palette::Indexed,
    compression: Compression,
) -> Result<Vec<u8>, PictureError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(indexed.palette.concat());
    encoder.set_compression(compression);
    let written = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&indexed.pixels));
    written.map_err(|e| PictureError::Png(e.to_string()))?;
    Ok(out)
}

/// An SVG document `width` × `height` user units wide, holding `body`.
pub fn document(width: f32, height: f32, body: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}">{body}</svg>"#
    )
}

/// The colour marking what changed since the seat last acted.
pub const CHANGED: &str = "#d9480f";

#[cfg(test)]
mod tests;
