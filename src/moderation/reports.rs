//! Reports: anyone signed in may report a message of table talk, a player, or a player's play in
//! a game, for a reason from a short list and in words of their own. A report quotes the row of
//! the game's log it is about (game, row and that row's hash), so what it shows a moderator can
//! be checked against the log. One person's reports of one thing merge while it is open.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Nullable, Text};
use serde::{Deserialize, Serialize};

use crate::game_log::stream::RemovalReason;
use crate::rules::message::Message;

/// The longest words a report may carry, in characters.
pub const LONGEST_WORDS: usize = 1000;

/// Why something is reported, and why a moderator acted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Spam,
    /// Harassment or hate.
    Harassment,
    /// Cheating or stalling.
    Cheating,
    OffensiveName,
    Other,
}

impl Reason {
    pub const ALL: [Reason; 5] = [
        Reason::Spam,
        Reason::Harassment,
        Reason::Cheating,
        Reason::OffensiveName,
        Reason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Spam => "spam",
            Reason::Harassment => "harassment",
            Reason::Cheating => "cheating",
            Reason::OffensiveName => "offensive_name",
            Reason::Other => "other",
        }
    }

    pub fn parse(text: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// The reason a word of a reply names, in English or Japanese: "spam", "harassment" or
    /// "hate", "cheating" or "stalling", "name", "other" (and スパム, 嫌がらせ, 差別, 不正, 遅延,
    /// 名前, その他).
    pub fn from_word(word: &str) -> Option<Reason> {
        match word
            .to_lowercase()
            .trim_matches(|c: char| !c.is_alphanumeric())
        {
            "spam" | "スパム" => Some(Reason::Spam),
            "harassment" | "hate" | "嫌がらせ" | "差別" => Some(Reason::Harassment),
            "cheating" | "stalling" | "不正" | "遅延" => Some(Reason::Cheating),
            "name" | "offensive_name" | "名前" => Some(Reason::OffensiveName),
            "other" | "その他" => Some(Reason::Other),
            _ => None,
        }
    }

    /// The reason a game's log gives for a message a moderator removed.
    pub fn removal(self) -> RemovalReason {
        match self {
            Reason::Spam => RemovalReason::Spam,
            Reason::Harassment => RemovalReason::Harassment,
            Reason::Cheating => RemovalReason::Cheating,
            Reason::OffensiveName => RemovalReason::OffensiveName,
            Reason::Other => RemovalReason::Other,
        }
    }
}

/// What a report is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The message of table talk in row `seq` of `game`.
    Talk { game: String, seq: i64 },
    /// How `player` plays `game`.
    Play { game: String, player: i64 },
    /// A player: their name, or their conduct anywhere.
    Player(i64),
}

impl Target {
    /// `talk:GAME:SEQ`, `play:GAME:PLAYER` or `player:ID`.
    pub fn parse(text: &str) -> Option<Target> {
        let parts: Vec<&str> = text.split(':').collect();
        let game_id = |id: &str| crate::auth::tokens::is_id(id).then(|| id.to_string());
        match parts.as_slice() {
            ["talk", game, seq] => Some(Target::Talk {
                game: game_id(game)?,
                seq: seq.parse().ok().filter(|n| *n > 0)?,
            }),
            ["play", game, player] => Some(Target::Play {
                game: game_id(game)?,
                player: player.parse().ok()?,
            }),
            ["player", id] => Some(Target::Player(id.parse().ok()?)),
            _ => None,
        }
    }

    pub fn key(&self) -> String {
        match self {
            Target::Talk { game, seq } => format!("talk:{game}:{seq}"),
            Target::Play { game, player } => format!("play:{game}:{player}"),
            Target::Player(id) => format!("player:{id}"),
        }
    }

    pub fn game(&self) -> Option<&str> {
        match self {
            Target::Talk { game, .. } | Target::Play { game, .. } => Some(game),
            Target::Player(_) => None,
        }
    }
}

/// What a report is about, found: the person, and the row it quotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub subject: i64,
    pub subject_name: String,
    /// The quoted row: its number and hash.
    pub row: Option<(i64, Vec<u8>)>,
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Nullable<BigInt>)]
    actor: Option<i64>,
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(sql_type = Bytea)]
    hash: Vec<u8>,
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    display_name: String,
}

fn name_of(conn: &mut PgConnection, player: i64) -> QueryResult<Option<String>> {
    let found: Option<Name> = diesel::sql_query(
        "SELECT display_name FROM players WHERE id = $1 AND closed_at IS NULL AND id > 0",
    )
    .bind::<BigInt, _>(player)
    .get_result(conn)
    .optional()?;
    Ok(found.map(|n| n.display_name))
}

/// The person `target` is about and the row it quotes; `None` when there is no such thing to
/// report (no such row of talk, no such player at that game, a closed account, a computer).
pub fn find(conn: &mut PgConnection, target: &Target) -> QueryResult<Option<Found>> {
    let (subject, row) = match target {
        Target::Talk { game, seq } => {
            let found: Option<Row> = diesel::sql_query(
                "SELECT actor, seq, hash FROM game_events
                 WHERE game_id = $1 AND seq = $2 AND command->>'type' = 'say'",
            )
            .bind::<Text, _>(game)
            .bind::<BigInt, _>(seq)
            .get_result(conn)
            .optional()?;
            match found {
                Some(Row {
                    actor: Some(actor),
                    seq,
                    hash,
                }) => (actor, Some((seq, hash))),
                _ => return Ok(None),
            }
        }
        Target::Play { game, player } => {
            let found: Option<Row> = diesel::sql_query(
                "SELECT $2::bigint AS actor, seq, hash FROM game_events
                 WHERE game_id = $1 AND EXISTS (SELECT 1 FROM game_players
                                                WHERE game_id = $1 AND player_id = $2)
                 ORDER BY seq DESC LIMIT 1",
            )
            .bind::<Text, _>(game)
            .bind::<BigInt, _>(player)
            .get_result(conn)
            .optional()?;
            match found {
                Some(row) => (*player, Some((row.seq, row.hash))),
                None => return Ok(None),
            }
        }
        Target::Player(id) => (*id, None),
    };
    Ok(name_of(conn, subject)?.map(|subject_name| Found {
        subject,
        subject_name,
        row,
    }))
}

/// Why a report was not taken.
#[derive(Debug)]
pub enum Refused {
    /// Nothing to report there.
    NotFound,
    /// In words: a report of oneself, or words too long.
    Said(Message),
    Database(diesel::result::Error),
}

impl From<diesel::result::Error> for Refused {
    fn from(e: diesel::result::Error) -> Self {
        Refused::Database(e)
    }
}

/// Files `reporter`'s report of `target` for `reason`, with `words`, merged into their open
/// report of the same thing if there is one. Returns the report's number.
pub fn file(
    conn: &mut PgConnection,
    reporter: i64,
    target: &Target,
    reason: Reason,
    words: &str,
) -> Result<i64, Refused> {
    let words = words.trim();
    if words.chars().count() > LONGEST_WORDS {
        return Err(Refused::Said(
            Message::new("report-too-long").with("most", LONGEST_WORDS),
        ));
    }
    let found = find(conn, target)?.ok_or(Refused::NotFound)?;
    if found.subject == reporter {
        return Err(Refused::Said(Message::new("report-yourself")));
    }
    #[derive(QueryableByName)]
    struct Filed {
        #[diesel(sql_type = BigInt)]
        id: i64,
    }
    let (seq, hash) = found
        .row
        .map_or((None, None), |(seq, hash)| (Some(seq), Some(hash)));
    let filed: Filed = diesel::sql_query(
        "INSERT INTO reports (reporter, target, subject, game_id, seq, row_hash, reason, words)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (reporter, target) WHERE closed_at IS NULL DO UPDATE
         SET times = reports.times + 1, reason = excluded.reason, updated_at = now(),
             words = CASE WHEN excluded.words = '' THEN reports.words
                          WHEN reports.words = '' THEN excluded.words
                          ELSE reports.words || E'\\n\\n' || excluded.words END
         RETURNING id",
    )
    .bind::<BigInt, _>(reporter)
    .bind::<Text, _>(target.key())
    .bind::<BigInt, _>(found.subject)
    .bind::<Nullable<Text>, _>(target.game())
    .bind::<Nullable<BigInt>, _>(seq)
    .bind::<Nullable<Bytea>, _>(hash)
    .bind::<Text, _>(reason.as_str())
    .bind::<Text, _>(words)
    .get_result(conn)?;
    Ok(filed.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_back_as_written_and_nothing_else_reads() {
        for text in ["talk:k3mz8q2xrw:12", "play:k3mz8q2xrw:7", "player:7"] {
            assert_eq!(Target::parse(text).unwrap().key(), text);
        }
        for text in [
            "talk:K3:1",
            "talk:abc:0",
            "talk:abc",
            "player:x",
            "game:abc",
            "",
        ] {
            assert_eq!(Target::parse(text), None, "{text}");
        }
    }
}
