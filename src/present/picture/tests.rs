use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::azul::Azul;
use crate::rules::gype::{Gype, PhaseView};
use crate::rules::kabaleo::Kabaleo;
use crate::rules::kalah::Kalah;
use crate::rules::playout::random_walk;
use crate::rules::quarto::Quarto;
use crate::rules::{Status, Viewer};

/// Plays a random game of `players` (its first 600 commands at most) and hands `look` every
/// seat's view after every command, with that seat's view before it.
fn walk<R: BoardPicture>(
    players: usize,
    seed: u64,
    mut look: impl FnMut(&R::State, Seat, &R::View, &R::View),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut before: Vec<R::View> = Vec::new();
    let options = R::Options::default();
    random_walk::<R>(&options, players, &mut rng, 600, |state, _| {
        let now: Vec<R::View> = (0..players)
            .map(|s| R::view(state, Viewer::Seat(s)))
            .collect();
        for (s, (view, was)) in now.iter().zip(&before).enumerate() {
            look(state, s, view, was);
        }
        before = now;
    })
    .expect("a random game");
}

/// Renders a few positions of a random game for every seat: each a PNG of [`WIDTH`] pixels
/// within the size an email can carry.
fn pictures_render_small<R: BoardPicture>(players: usize) -> usize {
    let game = std::any::type_name::<R>();
    let mut rendered = 0;
    let mut step = 0;
    let mut largest = 0;
    walk::<R>(players, 7, |_, seat, now, before| {
        step += 1;
        if step % 23 != 1 {
            return;
        }
        let svg = R::picture(now, Some(before), Some(seat));
        let png = png(&svg, WIDTH).unwrap_or_else(|e| panic!("{e}: {svg}"));
        assert_eq!(&png[1..4], b"PNG");
        let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
        assert_eq!(width, WIDTH);
        largest = largest.max(png.len());
        rendered += 1;
    });
    assert!(largest <= 60_000, "a picture of {game} of {largest} bytes");
    rendered
}

#[test]
fn every_game_draws_pictures_that_render_to_small_pngs() {
    assert!(pictures_render_small::<Kalah>(2) >= 2);
    assert!(pictures_render_small::<Quarto>(2) >= 1);
    assert!(pictures_render_small::<Kabaleo>(3) >= 2);
    assert!(pictures_render_small::<Azul>(4) >= 2);
    assert!(pictures_render_small::<Gype>(4) >= 2);
}

#[test]
fn what_others_did_since_the_seat_last_acted_is_marked() {
    let mut marked = 0;
    walk::<Kalah>(2, 3, |_, seat, now, before| {
        let svg = Kalah::picture(now, Some(before), Some(seat));
        if now == before {
            assert!(!svg.contains(CHANGED));
        } else {
            assert!(svg.contains(CHANGED), "a sowing changes pits");
            marked += 1;
        }
        assert!(!Kalah::picture(now, None, Some(seat)).contains(CHANGED));
    });
    assert!(marked > 10);
}

#[test]
fn a_kabaleo_picture_shows_the_seats_own_secret_colours_and_nobody_elses() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let mut checked = 0;
        walk::<Kabaleo>(players, seed, |state, seat, now, _| {
            let svg = Kabaleo::picture(now, None, Some(seat));
            if !matches!(Kabaleo::status(state), Status::ToAct { .. }) {
                return;
            }
            assert!(svg.contains(&format!(r#"<g id="secret-{seat}">"#)));
            let secret = svg
                .split(&format!(r#"<g id="secret-{seat}">"#))
                .nth(1)
                .unwrap();
            let secret = secret.split("</g>").next().unwrap();
            let full = Kabaleo::view(state, Viewer::Everyone);
            for colour in full.seats[seat].secret_colours.as_ref().unwrap() {
                assert!(secret.contains(&format!(r#"data-colour="{}""#, colour.name())));
            }
            for other in (0..players).filter(|&o| o != seat) {
                assert!(
                    !svg.contains(&format!(r#"id="secret-{other}""#)),
                    "seat {seat} sees seat {other}'s secret colours"
                );
            }
            checked += 1;
        });
        assert!(checked > 10);
    }
}

#[test]
fn a_gype_picture_hides_the_faces_other_seats_arrange_in_secret() {
    for (players, seed) in [(2, 4), (4, 5)] {
        let mut arranging = 0;
        walk::<Gype>(players, seed, |state, seat, now, _| {
            let svg = Gype::picture(now, None, Some(seat));
            let full = Gype::view(state, Viewer::Everyone);
            let secret = now.phase == PhaseView::Arranging;
            for other in (0..players).filter(|&o| o != seat) {
                let faces = faces_of(&svg, other);
                if secret {
                    assert_eq!(faces, 0, "seat {seat} sees seat {other}'s arrangement");
                } else {
                    assert_eq!(faces, dice_with_faces(&full, other));
                }
            }
            arranging += usize::from(secret);
        });
        assert!(arranging > 0, "the game began with an arrangement");
    }
}

/// How many of `owner`'s dice a picture draws with a face.
fn faces_of(svg: &str, owner: Seat) -> usize {
    svg.split(&format!(r#"<g data-owner="{owner}""#))
        .skip(1)
        .filter(|die| die.split("</g>").next().unwrap().contains("<use "))
        .count()
}

fn dice_with_faces(view: &crate::rules::gype::View, owner: Seat) -> usize {
    (view.board.iter().flatten().flatten())
        .filter_map(|cell| cell.die.as_ref())
        .filter(|die| die.owner == owner && die.face.is_some())
        .count()
}

#[test]
fn numbers_are_drawn_digit_by_digit() {
    let one = number(0.0, 0.0, 10.0, 7, "#000");
    let three = number(0.0, 0.0, 10.0, 107, "#000");
    assert_eq!(one.matches("<path").count(), 1);
    assert_eq!(three.matches("<path").count(), 3);
    assert!(png(&document(20.0, 20.0, &one), 40).is_ok());
    let square = label(0.0, 0.0, 10.0, "b10", "#000");
    assert_eq!(
        square.matches("<path").count(),
        3,
        "a letter, then two digits"
    );
    assert_eq!(
        label(0.0, 0.0, 10.0, "z?", "#000").matches("<path").count(),
        0
    );
}

#[test]
fn a_broken_drawing_is_an_error_not_a_panic() {
    assert!(matches!(png("<svg", 600), Err(PictureError::Svg(_))));
}
