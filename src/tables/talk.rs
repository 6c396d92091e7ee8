//! Table talk: a player writes at the table, and words are removed — by their author, on a
//! moderator's decision, or when the author closes their account. A removal appends a row that
//! says so and, in the same transaction, deletes the words and their salt from the rows that
//! held them, keeping their commitments: every hash still holds (see `crate::chain`).

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text, Timestamptz};

use crate::auth::Player;
use crate::game_log::commands::commit;
use crate::game_log::decide;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load::{kind_of, load, lock_game};
use crate::game_log::fold::replay::{Game, Phase, entries};
use crate::game_log::stream::{Entry, RemovalReason, Submitted, Talk, participant};
use crate::rules::Rules;
use crate::rules::message::Message;
use crate::rules::with_rules;

/// A player at the table writes `text` (already tidied). Spectators cannot; nor can anyone at
/// a table that was called off.
pub fn say(conn: &mut PgConnection, game_id: &str, player: &Player, text: String) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| {
            let (game, rows) = load::<R>(conn, game_id)?;
            if !game.has_joined(player.id) {
                return Err(ServiceError::Forbidden(Message::new(
                    "table-talk-only-players",
                )));
            }
            if game.phase() == Phase::Cancelled {
                return Err(ServiceError::Gone(Message::new("table-called-off")));
            }
            if let Some(until) = muted_until(conn, player.id)? {
                return Err(ServiceError::Forbidden(
                    Message::new("talk-muted").text("until", until),
                ));
            }
            let text = Talk::commit(text);
            commit::<R>(
                conn,
                game,
                rows.last(),
                Some(player.id),
                Submitted::Say { text: text.clone() },
                decide::say_entries(participant(player), text),
            )
        })
    })
}

/// Until when a moderator muted `player` from table talk, if that is still ahead.
fn muted_until(conn: &mut PgConnection, player: i64) -> QueryResult<Option<String>> {
    use crate::store::schema::players;
    let until: Option<chrono::DateTime<chrono::Utc>> = players::table
        .find(player)
        .select(players::muted_until)
        .first(conn)?;
    Ok(until
        .filter(|until| *until > chrono::Utc::now())
        .map(crate::auth::accounts::until_text))
}

/// The author deletes their own message in row `seq`.
pub fn remove_own(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    seq: i64,
) -> Result<i64> {
    let reason = RemovalReason::AuthorsChoice;
    remove(conn, game_id, Some(player.id), vec![seq], reason, None)
}

/// The message in row `seq` is removed for `reason` by the moderator's action `action` (the
/// moderation log's row that decided it).
pub fn remove_for_moderator(
    conn: &mut PgConnection,
    game_id: &str,
    seq: i64,
    reason: RemovalReason,
    action: i64,
) -> Result<i64> {
    remove(conn, game_id, None, vec![seq], reason, Some(action))
}

/// Every message `player_id` wrote and still has words, in every game, removed as they close
/// their account: one row a game. Returns how many games had some.
pub fn remove_all_of(conn: &mut PgConnection, player_id: i64) -> Result<usize> {
    #[derive(QueryableByName)]
    struct Talked {
        #[diesel(sql_type = Text)]
        game_id: String,
    }
    let games: Vec<Talked> = diesel::sql_query(
        "SELECT DISTINCT game_id FROM game_events
         WHERE actor = $1 AND command->>'type' = 'say' ORDER BY game_id",
    )
    .bind::<BigInt, _>(player_id)
    .load(conn)?;
    let mut removed = 0;
    for Talked { game_id } in games {
        let kind = kind_of(conn, &game_id)?;
        let seqs = with_rules!(kind, |R| {
            let (game, _) = load::<R>(conn, &game_id)?;
            words_kept_of(&game, player_id)
        });
        if !seqs.is_empty() {
            let reason = RemovalReason::AccountClosed;
            remove(conn, &game_id, Some(player_id), seqs, reason, None)?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// The rows of `author`'s talk in `game` whose words are still kept.
fn words_kept_of<R: Rules>(game: &Game<R>, author: i64) -> Vec<i64> {
    (game.talk.iter())
        .filter(|(_, talked)| talked.author == author && !talked.removed)
        .map(|(seq, _)| *seq)
        .collect()
}

fn remove(
    conn: &mut PgConnection,
    game_id: &str,
    by: Option<i64>,
    seqs: Vec<i64>,
    reason: RemovalReason,
    action: Option<i64>,
) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| {
            let (game, rows) = load::<R>(conn, game_id)?;
            if let Some(why) = decide::refuse_removal(&game, by, &seqs, reason) {
                return Err(ServiceError::BadRequest(why));
            }
            let players: Vec<i64> = game.joined.iter().map(|p| p.id).collect();
            // Every row named is talk (checked above): its words, and when they were written.
            let mut said = Vec::new();
            let named = (seqs.iter()).filter_map(|seq| rows.get(usize::try_from(seq - 1).ok()?));
            for row in named {
                for entry in entries::<R>(row)? {
                    if let Entry::Said { text, .. } = entry
                        && let Some(words) = text.text()
                    {
                        said.push((words.to_string(), row.recorded_at));
                    }
                }
            }
            let removal = Submitted::RemoveTalk {
                seqs: seqs.clone(),
                reason,
                action,
            };
            let recorded = decide::remove_talk_entries(by.is_some(), seqs.clone(), reason, action);
            let seq = commit::<R>(conn, game, rows.last(), by, removal, recorded)?;
            diesel::sql_query("SELECT remove_words($1, $2)")
                .bind::<Text, _>(game_id)
                .bind::<Array<BigInt>, _>(&seqs)
                .execute(conn)?;
            for (words, at) in said {
                scrub_emails(conn, &players, &words, at)?;
            }
            Ok(seq)
        })
    })
}

/// Takes removed words out of the copies kept of the emails sent (or still to be sent) to the
/// table since they were written, where an email quotes them. Words already delivered cannot
/// be recalled from anyone's mailbox.
fn scrub_emails(
    conn: &mut PgConnection,
    players: &[i64],
    words: &str,
    since: chrono::DateTime<chrono::Utc>,
) -> QueryResult<usize> {
    let quoted = [format!("“{words}”"), format!("「{words}」")];
    let mut scrubbed = 0;
    for (quote, removed) in quoted.iter().zip(["“…”", "「…」"]) {
        let in_html = crate::store::erasure::html_escaped(quote);
        scrubbed += diesel::sql_query(
            "UPDATE emails SET body_text = replace(body_text, $1, $3),
                    body_html = replace(body_html, $2, $3)
             WHERE player_id = ANY($4) AND created_at >= $5
               AND (strpos(body_text, $1) > 0 OR strpos(body_html, $2) > 0)",
        )
        .bind::<Text, _>(quote)
        .bind::<Text, _>(&in_html)
        .bind::<Text, _>(removed)
        .bind::<Array<BigInt>, _>(players)
        .bind::<Timestamptz, _>(since)
        .execute(conn)?;
    }
    Ok(scrubbed)
}
