//! Computer players at tables: each is an account with a fixed id below zero, three for each
//! level (so up to three computers of one level can share a table), called by its level's name.

use std::collections::HashMap;

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::{Player, accounts};
use crate::bots::Level;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::replay::Game;
use crate::game_log::record::read_model;
use crate::i18n::Lang;
use crate::rules::Message;

pub const PER_LEVEL: usize = crate::auth::names::COMPUTERS_PER_LEVEL;

fn level_index(level: Level) -> usize {
    Level::ALL.iter().position(|l| *l == level).unwrap_or(0)
}

/// The id of the `n`th computer (from 0) of `level`.
pub fn player_id(level: Level, n: usize) -> i64 {
    -((level_index(level) * PER_LEVEL + n + 1) as i64)
}

/// The level of the computer with this id; None for a person.
pub fn level_of(player_id: i64) -> Option<Level> {
    let index = usize::try_from(-player_id - 1).ok()?;
    Level::ALL.get(index / PER_LEVEL).copied()
}

pub fn is_computer(player_id: i64) -> bool {
    level_of(player_id).is_some()
}

pub use crate::auth::names::level_name;

/// The name of the computer with this id, in `lang`: "Hard computer", "Hard computer 2".
pub fn name(player_id: i64, lang: Lang) -> Option<String> {
    let level = level_of(player_id)?;
    let n = usize::try_from(-player_id - 1).ok()? % PER_LEVEL;
    Some(crate::auth::names::computer_name(level, n, lang))
}

/// The computers' names in `lang`, by id, for [`Game::use_names`].
pub fn names(lang: Lang) -> HashMap<i64, String> {
    Level::ALL
        .iter()
        .flat_map(|&level| (0..PER_LEVEL).map(move |n| player_id(level, n)))
        .filter_map(|id| Some((id, name(id, lang)?)))
        .collect()
}

/// Shows the computers at `game` by their names in `lang`.
pub fn name_in<R: crate::rules::Rules>(game: &mut Game<R>, lang: Lang) {
    // Pages and emails call this on every game they show; most seat no computer.
    if game.participant_ids().iter().any(|&id| is_computer(id)) {
        game.use_names(&names(lang));
    }
}

/// As [`read_model::tables_of`], with computers called by their names in `lang`.
pub fn tables_in(
    conn: &mut PgConnection,
    game_ids: &[String],
    lang: crate::i18n::Lang,
) -> QueryResult<HashMap<String, Vec<read_model::Seated>>> {
    let mut tables = read_model::tables_of(conn, game_ids)?;
    for seated in tables.values_mut().flatten() {
        if let Some(name) = name(seated.player_id, lang) {
            seated.name = name;
        }
    }
    Ok(tables)
}

/// The computers of `levels`, in order, each a different account.
pub fn seat_players(conn: &mut PgConnection, levels: &[Level]) -> Result<Vec<Player>> {
    let mut used: HashMap<Level, usize> = HashMap::new();
    let mut players = Vec::new();
    for &level in levels {
        let n = used.entry(level).or_default();
        if *n >= PER_LEVEL {
            return Err(ServiceError::BadRequest(
                Message::new("computer-too-many").with("count", PER_LEVEL),
            ));
        }
        let id = player_id(level, *n);
        *n += 1;
        let player = accounts::find(conn, id)?
            .ok_or_else(|| ServiceError::Database(diesel::result::Error::NotFound))?;
        players.push(player);
    }
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_levels_round_trip() {
        for level in Level::ALL {
            for n in 0..PER_LEVEL {
                let id = player_id(level, n);
                assert!(id < 0);
                assert_eq!(level_of(id), Some(level));
            }
        }
        assert_eq!(player_id(Level::Easy, 0), -1);
        assert_eq!(player_id(Level::Hard, 2), -9);
        assert_eq!(level_of(-10), None);
        assert_eq!(level_of(1), None);
        assert_eq!(level_of(0), None);
    }

    #[test]
    fn names_say_computer_in_both_languages() {
        assert_eq!(name(-7, Lang::En).as_deref(), Some("Hard computer"));
        assert_eq!(name(-8, Lang::En).as_deref(), Some("Hard computer 2"));
        assert_eq!(
            name(-1, Lang::Ja).as_deref(),
            Some("コンピューター（初級）")
        );
        assert_eq!(names(Lang::En).len(), 9);
        assert_eq!(name(5, Lang::En), None);
    }
}
