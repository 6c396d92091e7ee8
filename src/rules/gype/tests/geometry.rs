//! Board geometry (spec §1), square notation, orientation and the faces' directions (spec §5, §7).

use super::model::faces::{KNIGHT_OFFSETS, hat_path_squares, step_directions};
use super::*;

const SIDES: [Side; 4] = [Side::South, Side::West, Side::North, Side::East];

#[test]
fn the_board_is_ten_by_ten_without_corners_and_has_four_home_rows_of_eight() {
    assert_eq!(Square::all().count(), 96);
    for corner in [sq(0, 0), sq(0, 9), sq(9, 0), sq(9, 9)] {
        assert!(!corner.exists(), "{corner}");
        assert_eq!(corner.index(), None);
    }
    assert!(!sq(-1, 4).exists() && !sq(4, 10).exists());
    let central = Square::all().filter(|s| s.home_row().is_none()).count();
    assert_eq!(central, 64);
    for side in SIDES {
        let row: Vec<Square> = Square::all().filter(|s| side.holds(*s)).collect();
        assert_eq!(row.len(), 8, "{side:?}");
        let listed: BTreeSet<Square> = side.home_squares().into_iter().collect();
        assert_eq!(listed, row.into_iter().collect(), "{side:?}");
    }
}

#[test]
fn squares_are_written_like_chess_squares_and_read_back() {
    assert_eq!(sq(4, 4).to_string(), "e5");
    assert_eq!(sq(1, 0).to_string(), "b1");
    assert_eq!(sq(9, 8).to_string(), "j9");
    assert_eq!(sq(5, 9).to_string(), "f10");
    for square in Square::all() {
        let text = square.to_string();
        assert_eq!(text.parse::<Square>(), Ok(square));
        let json = serde_json::to_string(&square).unwrap();
        assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), square);
    }
    for bad in ["", "e", "k1", "a0", "a11", "e5x", "5e", "-1"] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        assert!(
            serde_json::from_str::<Square>(&format!("{bad:?}")).is_err(),
            "{bad:?}"
        );
    }
}

#[test]
fn seats_sit_south_north_then_west_then_east_in_turn_order() {
    assert_eq!(seat_sides(2), vec![Side::South, Side::North]);
    assert_eq!(seat_sides(3), vec![Side::South, Side::West, Side::North]);
    assert_eq!(seat_sides(4), SIDES.to_vec());
}

#[test]
fn every_side_sees_its_start_row_at_the_bottom_and_forward_as_up() {
    for side in SIDES {
        let mut seen = BTreeSet::new();
        for row in 0..10 {
            for col in 0..10 {
                let square = side.display_square(row, col);
                assert!(seen.insert(square), "{side:?} draws {square} twice");
                if row > 0 {
                    assert_eq!(
                        side.display_square(row - 1, col),
                        square.offset(side.forward())
                    );
                }
                if col > 0 {
                    assert_eq!(
                        side.display_square(row, col - 1),
                        square.offset(side.left())
                    );
                }
                assert_eq!(side.progress(square), 9 - row as i8);
            }
        }
        assert_eq!(seen.len(), 100);
        for square in side.home_squares() {
            assert_eq!(side.progress(square), 0);
            assert_eq!(side.opposite().progress(square), 9);
        }
    }
}

#[test]
fn faces_move_as_the_table_of_spec_section_5_says_for_every_side() {
    for side in SIDES {
        let (fx, fy) = side.forward();
        let (lx, ly) = side.left();
        let rel = |f: i8, l: i8| (f * fx + l * lx, f * fy + l * ly);
        let set = |v: Vec<(i8, i8)>| v.into_iter().collect::<BTreeSet<_>>();
        let flame = step_directions(Face::Flame, side);
        assert_eq!(flame.len(), 8);
        assert!(!flame.contains(&(0, 0)));
        assert_eq!(
            set(step_directions(Face::Book, side)),
            set(vec![rel(1, 0), rel(-1, 0), rel(0, 1), rel(0, -1)])
        );
        assert_eq!(
            set(step_directions(Face::Swords, side)),
            set(vec![rel(1, 1), rel(1, -1), rel(-1, 1), rel(-1, -1)])
        );
        assert_eq!(
            set(step_directions(Face::Tree, side)),
            set(vec![rel(1, 0), rel(1, 1), rel(1, -1), rel(-1, 0)])
        );
        assert!(step_directions(Face::Hat, side).is_empty());
        assert!(step_directions(Face::Ear, side).is_empty());
    }
}

#[test]
fn hat_paths_are_the_two_l_routes_and_never_share_a_square() {
    let from = sq(4, 4);
    assert_eq!(
        hat_path_squares(from, sq(5, 6), HatPath::LongFirst),
        Some([sq(4, 5), sq(4, 6)])
    );
    assert_eq!(
        hat_path_squares(from, sq(5, 6), HatPath::ShortFirst),
        Some([sq(5, 4), sq(5, 5)])
    );
    for offset in KNIGHT_OFFSETS {
        let to = from.offset(offset);
        let long = hat_path_squares(from, to, HatPath::LongFirst).unwrap();
        let short = hat_path_squares(from, to, HatPath::ShortFirst).unwrap();
        for s in long.iter().chain(&short) {
            assert!(s.c.min(to.c) >= from.c.min(to.c) && s.c <= from.c.max(to.c));
            assert!(s.r >= from.r.min(to.r) && s.r <= from.r.max(to.r));
            assert!(*s != from && *s != to);
        }
        assert!(long.iter().all(|s| !short.contains(s)), "{offset:?}");
    }
    assert_eq!(hat_path_squares(from, sq(6, 6), HatPath::LongFirst), None);
    assert_eq!(hat_path_squares(from, from, HatPath::ShortFirst), None);
}

#[test]
fn faces_have_names_in_words() {
    let names: Vec<&str> = Face::ALL.iter().map(|&f| face_name(f)).collect();
    assert_eq!(names, ["Flame", "Swords", "Book", "Tree", "Hat", "Ear"]);
}
