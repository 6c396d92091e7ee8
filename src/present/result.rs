//! How a finished game's result is told: who won, with what, how the others left, in the order a
//! reader expects.

use crate::i18n::Lang;
use crate::rules::{Message, Outcome, Rules, Seat};

/// How a seat left a game before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Departure {
    Resigned,
    TimedOut,
}

/// The end of a game as it is told: the rules' outcome, and the seats withdrawn before it with
/// how each left, in the order they left. A game ended by withdrawals has no scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub outcome: Outcome,
    pub departures: Vec<(Seat, Departure)>,
    /// How the rules' tie-breakers decided between equal scores, if they did.
    pub decided_by: Option<Message>,
}

impl Ending {
    /// "Ann resigned", "Bo ran out of time": one item for each seat that left, named by `name`,
    /// to be told as a list; None if nobody left.
    pub fn departures_told(&self, name: impl Fn(Seat) -> Message) -> Option<Vec<Message>> {
        if self.departures.is_empty() {
            return None;
        }
        let each = self.departures.iter().map(|&(seat, how)| {
            let key = match how {
                Departure::Resigned => "left-resigned",
                Departure::TimedOut => "left-timed-out",
            };
            Message::new(key).with("player", name(seat))
        });
        Some(each.collect())
    }

    /// Where a seat stands among those who left: None if it stayed to the end, otherwise how
    /// many left after it (the last to leave placed highest among them).
    fn left_before_end(&self, seat: Seat) -> Option<usize> {
        let at = self.departures.iter().position(|&(s, _)| s == seat)?;
        Some(self.departures.len() - at)
    }
}

fn seat_name(seat: Seat) -> Message {
    Message::new("seat-name").seat("player", seat)
}

/// "Ann won 30–18", "Draw at 24–24", "Bo won: Ann ran out of time", "Dave won with 34 (Bo 17,
/// Cy 12, Ann 9); Ann resigned"; without the scores for games that have none. Seats are
/// arguments, shown as the players' names.
pub fn result_message<R: Rules>(ending: &Ending) -> Message {
    let outcome = &ending.outcome;
    let winners = || outcome.winners.iter().map(|&s| seat_name(s));
    let left = ending.departures_told(seat_name);
    if outcome.scores.is_empty() {
        return match left {
            Some(left) => Message::new("result-won-others-left")
                .list("winners", winners())
                .list("left", left),
            None => match outcome.winners.as_slice() {
                [winner] => Message::new("result-won").seat("winner", *winner),
                _ => Message::new("result-shared").list("winners", winners()),
            },
        };
    }
    let result = match &ending.decided_by {
        Some(how) => Message::new("result-decided-by")
            .with("result", scored_result::<R>(ending))
            .with("how", how.clone()),
        None => scored_result::<R>(ending),
    };
    match left {
        Some(left) => Message::new("result-and-left")
            .with("result", result)
            .list("left", left),
        None => result,
    }
}

/// The result of a game that ended by its rules, without who left before the end.
fn scored_result<R: Rules>(ending: &Ending) -> Message {
    let outcome = &ending.outcome;
    let winners = || outcome.winners.iter().map(|&s| seat_name(s));
    let order = ranked(ending);
    if !R::SCORED {
        return match outcome.winners.as_slice() {
            _ if outcome.is_draw() => Message::new("result-draw"),
            [winner] => Message::new("result-won").seat("winner", *winner),
            _ => Message::new("result-shared").list("winners", winners()),
        };
    }
    if outcome.scores.len() == 2 {
        let [first, second] = [order[0], order[1]].map(|s| outcome.scores[s]);
        return if outcome.is_draw() {
            Message::new("result-draw-at")
                .with("first", first)
                .with("second", second)
        } else {
            Message::new("result-won-scores")
                .seat("winner", outcome.winners[0])
                .with("first", first)
                .with("second", second)
        };
    }
    // More players: the winners' score, then everyone else's by name in the order they placed.
    let others: Vec<Message> = order
        .iter()
        .filter(|s| !outcome.winners.contains(s))
        .map(|&s| {
            Message::new("result-player-score")
                .seat("player", s)
                .with("score", outcome.scores[s])
        })
        .collect();
    let top = outcome.winners.first().map_or(0, |&s| outcome.scores[s]);
    match outcome.winners.as_slice() {
        _ if others.is_empty() => Message::new("result-draw-each").with("score", top),
        [winner] => Message::new("result-won-with")
            .seat("winner", *winner)
            .with("score", top)
            .commas("others", others),
        _ => Message::new("result-shared-with")
            .list("winners", winners())
            .with("score", top)
            .commas("others", others),
    }
}

/// The result in English, for the stored game list and the offline verifier's report.
pub fn result_line<R: Rules>(ending: &Ending, names: &[String]) -> String {
    Lang::En.say(&result_message::<R>(ending), names)
}

/// Seats in the order they placed: the winners first, then those who stayed to the end by
/// score, highest first ("Bo won 34–26", never "Bo won 26–34"), then those who left, the last
/// to leave first.
pub fn ranked(ending: &Ending) -> Vec<Seat> {
    let outcome = &ending.outcome;
    let mut seats: Vec<usize> = (0..outcome.scores.len()).collect();
    seats.sort_by_key(|seat| {
        (
            !outcome.winners.contains(seat),
            ending.left_before_end(*seat),
            std::cmp::Reverse(outcome.scores[*seat]),
        )
    });
    seats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kalah::Kalah;
    use crate::rules::quarto::Quarto;

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bo".into()]
    }

    fn ended(winners: &[Seat], scores: &[i64]) -> Ending {
        Ending {
            outcome: Outcome {
                winners: winners.to_vec(),
                scores: scores.to_vec(),
            },
            departures: Vec::new(),
            decided_by: None,
        }
    }

    fn left(winners: &[Seat], departures: &[(Seat, Departure)]) -> Ending {
        Ending {
            departures: departures.to_vec(),
            ..ended(winners, &[])
        }
    }

    #[test]
    fn result_lines_name_the_winner_or_the_draw() {
        let won = ended(&[1], &[18, 30]);
        assert_eq!(result_line::<Kalah>(&won, &names()), "Bo won 30–18");
        assert_eq!(result_line::<Quarto>(&won, &names()), "Bo won");
        let draw = ended(&[0, 1], &[24, 24]);
        assert_eq!(result_line::<Kalah>(&draw, &names()), "Draw at 24–24");
        assert_eq!(result_line::<Quarto>(&draw, &names()), "Draw");
    }

    #[test]
    fn a_win_on_equal_scores_says_how_the_tie_was_broken() {
        let ending = Ending {
            decided_by: Some(
                Message::new("kabaleo-decided-topped")
                    .with("winner", 5)
                    .with("other", 4),
            ),
            ..ended(&[1], &[8, 8])
        };
        assert_eq!(
            result_line::<Kalah>(&ending, &names()),
            "Bo won 8–8, decided by the first tie-breaker, piles topped by a piece: 5 to 4"
        );
        let japanese = Lang::Ja.say(&result_message::<Kalah>(&ending), &names());
        assert!(japanese.contains("第一のタイブレーク"), "{japanese}");
    }

    #[test]
    fn results_are_told_winners_first_then_by_score_then_who_left_last() {
        assert_eq!(ranked(&ended(&[2], &[10, 25, 31, 4])), vec![2, 1, 0, 3]);
        assert_eq!(ranked(&ended(&[0, 2], &[20, 25, 20])), vec![0, 2, 1]);
        let withdrawn = Ending {
            departures: vec![(1, Departure::Resigned), (3, Departure::TimedOut)],
            ..ended(&[2], &[10, 25, 31, 4])
        };
        assert_eq!(ranked(&withdrawn), vec![2, 0, 3, 1]);
    }

    #[test]
    fn results_of_larger_games_name_every_score_winner_first() {
        let names: Vec<String> = ["Ann", "Bo", "Cy", "Dave"].map(String::from).to_vec();
        assert_eq!(
            result_line::<Kalah>(&ended(&[3], &[9, 17, 12, 34]), &names),
            "Dave won with 34 (Bo 17, Cy 12, Ann 9)"
        );
        assert_eq!(
            result_line::<Kalah>(&ended(&[0, 2], &[20, 15, 20]), &names[..3]),
            "Ann and Cy share the win with 20 (Bo 15)"
        );
    }

    #[test]
    fn a_resignation_and_a_time_out_are_each_told_in_their_own_words() {
        let names: Vec<String> = ["Ann", "Bo", "Cy"].map(String::from).to_vec();
        let resigned = left(&[1], &[(0, Departure::Resigned)]);
        assert_eq!(
            result_line::<Kalah>(&resigned, &names[..2]),
            "Bo won: Ann resigned"
        );
        let late = left(&[1], &[(0, Departure::TimedOut)]);
        assert_eq!(
            result_line::<Quarto>(&late, &names[..2]),
            "Bo won: Ann ran out of time"
        );
        let both = left(&[2], &[(1, Departure::TimedOut), (0, Departure::Resigned)]);
        assert_eq!(
            result_line::<Kalah>(&both, &names),
            "Cy won: Bo ran out of time and Ann resigned"
        );
        assert_eq!(
            Lang::Ja.say(&result_message::<Kalah>(&both), &names),
            "Cy さんの勝ち：Bo さんが時間切れ、Ann さんが投了"
        );
    }

    #[test]
    fn a_game_played_on_after_a_withdrawal_tells_its_scores_and_who_left() {
        let names: Vec<String> = ["Ann", "Bo", "Cy"].map(String::from).to_vec();
        let ending = Ending {
            departures: vec![(1, Departure::TimedOut)],
            ..ended(&[2], &[12, 20, 30])
        };
        assert_eq!(
            result_line::<Kalah>(&ending, &names),
            "Cy won with 30 (Ann 12, Bo 20); Bo ran out of time"
        );
        assert_eq!(
            Lang::Ja.say(&result_message::<Kalah>(&ending), &names),
            "Cy さんが 30 点で勝ち（Ann 12、Bo 20）／Bo さんが時間切れ"
        );
    }
}
