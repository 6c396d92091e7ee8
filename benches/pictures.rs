//! What a board's picture for an email costs: for every game, the time to draw its SVG and to
//! render that to PNG, and the PNG's size, over positions of random games (every seat's view
//! after every tenth command), at the email's width and at a digest's. The peer, in the same
//! run, is the page's HTML board for the same views, which every game page renders.
//!
//! Run with `cargo bench --bench pictures`. With `PICTURES_DIR=some/folder` it also writes each
//! game's largest picture there, to look at.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use turnpost::i18n::Lang;
use turnpost::mail::compose::pictures::PictureSize;
use turnpost::present::picture::{self, BoardPicture};
use turnpost::present::{Board, GameUi};
use turnpost::rules::Viewer;
use turnpost::rules::azul::Azul;
use turnpost::rules::gype::Gype;
use turnpost::rules::kabaleo::Kabaleo;
use turnpost::rules::kalah::Kalah;
use turnpost::rules::playout::random_walk;
use turnpost::rules::quarto::Quarto;

/// A seat's view, the same seat's view one command before, and the seat.
type Position<R> = (
    <R as turnpost::rules::Rules>::View,
    <R as turnpost::rules::Rules>::View,
    usize,
);

/// Every seat's view after every tenth command of four random games (600 commands at most).
fn positions<R: BoardPicture>(players: usize) -> Vec<Position<R>> {
    let mut out = Vec::new();
    let options = R::Options::default();
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut before: Vec<R::View> = Vec::new();
        let mut visits = 0;
        random_walk::<R>(&options, players, &mut rng, 600, |state, _| {
            let now: Vec<R::View> = (0..players)
                .map(|s| R::view(state, Viewer::Seat(s)))
                .collect();
            // The first visit is the setup's.
            if visits % 10 == 1 {
                for (s, (view, was)) in now.iter().zip(&before).enumerate() {
                    out.push((view.clone(), was.clone(), s));
                }
            }
            before = now;
            visits += 1;
        })
        .expect("a random game");
    }
    out
}

/// Milliseconds a run of `work` over `count` items took, per item.
fn per_item(count: usize, work: impl FnOnce()) -> f64 {
    let start = Instant::now();
    work();
    start.elapsed().as_secs_f64() * 1000.0 / count as f64
}

fn bench<R: BoardPicture + GameUi>(name: &str, players: usize) {
    let positions = positions::<R>(players);
    let count = positions.len();
    let names: Vec<String> = (1..=players).map(|n| format!("Player {n}")).collect();
    let query = BTreeMap::new();
    let page = per_item(count, || {
        for (now, _, seat) in &positions {
            let board = Board::<R> {
                view: now,
                path: "/games/g1",
                query: &query,
                names: &names,
                me: Some(*seat),
                actions: None,
                lang: Lang::En,
            };
            black_box(R::board(&board).expect("a board"));
        }
    });
    let mut svgs = Vec::new();
    let draw = per_item(count, || {
        svgs = (positions.iter())
            .map(|(now, before, seat)| R::picture(now, Some(before), Some(*seat)))
            .collect();
    });
    let sizes = [PictureSize::FULL, PictureSize::SMALL];
    for (size, label) in sizes.into_iter().zip(["email", "digest"]) {
        let width = size.drawn;
        let mut pngs = Vec::new();
        let render = per_item(count, || {
            pngs = (svgs.iter())
                .map(|svg| picture::png(black_box(svg), width).expect("a picture"))
                .collect::<Vec<Vec<u8>>>();
        });
        let largest = pngs.iter().max_by_key(|png| png.len()).expect("pictures");
        let mean = pngs.iter().map(Vec::len).sum::<usize>() / count;
        println!(
            "{name:<8} {label:<6} {width} px: draw {draw:.2} ms + render {render:.2} ms a picture \
             ({count} pictures), {:.1}× the page's HTML board ({page:.3} ms); PNG mean {:.1} KB, largest {:.1} KB",
            (draw + render) / page,
            mean as f64 / 1000.0,
            largest.len() as f64 / 1000.0,
        );
        if let Ok(dir) = std::env::var("PICTURES_DIR") {
            let path = std::path::Path::new(&dir).join(format!("{name}-{label}.png"));
            std::fs::write(&path, largest).expect("the folder is writable");
        }
    }
}

fn main() {
    bench::<Kalah>("kalah", 2);
    bench::<Quarto>("quarto", 2);
    bench::<Kabaleo>("kabaleo", 4);
    bench::<Azul>("azul", 4);
    bench::<Gype>("gype", 4);
}
