//! How a finished game's result is told: who won, with what, in the order a reader expects.

use crate::i18n::Lang;
use crate::rules::{Message, Outcome, Rules};

/// "Ann won 30–18", "Draw at 24–24", "Ann and Bo share the win"; without the scores for games
/// that have none. Seats are arguments, shown as the players' names.
pub fn result_message<R: Rules>(outcome: &Outcome, players: usize) -> Message {
    let seat = |seat: usize| Message::new("seat-name").seat("player", seat);
    let winners = || outcome.winners.iter().map(|&s| seat(s));
    let order = ranked(outcome);
    if outcome.scores.is_empty() {
        let others: Vec<usize> = (0..players)
            .filter(|s| !outcome.winners.contains(s))
            .collect();
        return match others.as_slice() {
            [other] => Message::new("result-won-other-resigned")
                .list("winners", winners())
                .seat("other", *other),
            _ => Message::new("result-won-all-resigned").list("winners", winners()),
        };
    }
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
    // More players: the winners' score, then everyone else's by name, highest first.
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
pub fn result_line<R: Rules>(outcome: &Outcome, names: &[String]) -> String {
    Lang::En.say(&result_message::<R>(outcome, names.len()), names)
}

/// Seats in the order a result is told: the winners first, then the others by score, highest
/// first ("Bo won 34–26", never "Bo won 26–34").
pub fn ranked(outcome: &Outcome) -> Vec<usize> {
    let mut seats: Vec<usize> = (0..outcome.scores.len()).collect();
    seats.sort_by_key(|seat| {
        (
            !outcome.winners.contains(seat),
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

    #[test]
    fn result_lines_name_the_winner_or_the_draw() {
        let won = Outcome {
            winners: vec![1],
            scores: vec![18, 30],
        };
        assert_eq!(result_line::<Kalah>(&won, &names()), "Bo won 30–18");
        assert_eq!(result_line::<Quarto>(&won, &names()), "Bo won");
        let draw = Outcome {
            winners: vec![0, 1],
            scores: vec![24, 24],
        };
        assert_eq!(result_line::<Kalah>(&draw, &names()), "Draw at 24–24");
        assert_eq!(result_line::<Quarto>(&draw, &names()), "Draw");
    }

    #[test]
    fn results_are_told_winners_first_then_by_score() {
        let outcome = Outcome {
            winners: vec![2],
            scores: vec![10, 25, 31, 4],
        };
        assert_eq!(ranked(&outcome), vec![2, 1, 0, 3]);
        let shared = Outcome {
            winners: vec![0, 2],
            scores: vec![20, 25, 20],
        };
        assert_eq!(ranked(&shared), vec![0, 2, 1]);
    }

    #[test]
    fn results_of_larger_games_name_every_score_winner_first() {
        let names: Vec<String> = ["Ann", "Bo", "Cy", "Dave"].map(String::from).to_vec();
        let outcome = Outcome {
            winners: vec![3],
            scores: vec![9, 17, 12, 34],
        };
        assert_eq!(
            result_line::<Kalah>(&outcome, &names),
            "Dave won with 34 (Bo 17, Cy 12, Ann 9)"
        );
        let shared = Outcome {
            winners: vec![0, 2],
            scores: vec![20, 15, 20],
        };
        assert_eq!(
            result_line::<Kalah>(&shared, &names[..3]),
            "Ann and Cy share the win with 20 (Bo 15)"
        );
        let resigned = Outcome {
            winners: vec![1],
            scores: vec![],
        };
        assert_eq!(
            result_line::<Kalah>(&resigned, &names[..2]),
            "Bo won: Ann resigned"
        );
        assert_eq!(
            result_line::<Kalah>(&resigned, &names[..3]),
            "Bo won: everyone else resigned"
        );
    }
}
