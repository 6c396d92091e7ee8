//! A person's own data in one file: their account and settings, every game they sat at (each as
//! the export of its log they may download, so each verifies with `turnpost verify`), their
//! ratings and rating history, their tournaments, the emails sent to them (dates and subjects),
//! their sessions and API tokens.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use serde::Serialize;
use serde_json::Value;

use super::export::{Export, export};
use crate::game_log::fold::load;
use crate::i18n::Lang;
use crate::rules::with_rules;

pub const PERSONAL_FORMAT: &str = "turnpost-personal-data-1";

#[derive(Serialize)]
pub struct PersonalData {
    pub format: &'static str,
    /// What the file holds and how to check its games, in the person's language.
    pub about: String,
    pub exported_at: DateTime<Utc>,
    pub account: Value,
    pub vacations: Value,
    pub ratings: Value,
    pub rating_history: Value,
    pub tournaments: Value,
    pub emails: Value,
    pub sessions: Value,
    pub api_tokens: Value,
    pub feed_tokens: Value,
    /// Their plans made in advance and not yet used up, secret from everyone else.
    pub plans: Value,
    /// The people they block, and the reports they filed.
    pub blocks: Value,
    pub reports: Value,
    pub games: Vec<Export>,
}

/// Each part of the file but the games: a query whose rows become a JSON array (the account, one
/// object), every one about `$1`, the person.
const PARTS: &[(&str, &str)] = &[
    (
        "account",
        "SELECT id, email, display_name, language, time_zone, notify, email_pictures,
                created_at, confirmed_at
         FROM players WHERE id = $1",
    ),
    (
        "vacations",
        "SELECT starts_at, ends_at, ended_at FROM vacations WHERE player_id = $1
         ORDER BY starts_at",
    ),
    (
        "ratings",
        "SELECT kind, rating, deviation, volatility, games, last_rated_at
         FROM player_ratings WHERE player_id = $1 ORDER BY kind",
    ),
    (
        "rating_history",
        "SELECT game_id, kind, place, rated_players, rating_before, deviation_before,
                rating_after, deviation_after, rated_at
         FROM rating_changes WHERE player_id = $1 ORDER BY rating_order",
    ),
    (
        "tournaments",
        "SELECT e.id, e.title, e.kind, e.format, e.phase, x.withdrawn, e.created_at
         FROM event_entrants x JOIN events e ON e.id = x.event_id
         WHERE x.player_id = $1 ORDER BY e.created_at",
    ),
    (
        "emails",
        "SELECT kind, subject, created_at, sent_at, failed_at
         FROM emails WHERE player_id = $1 ORDER BY created_at",
    ),
    (
        "sessions",
        "SELECT created_at, last_seen_at, user_agent, revoked_at
         FROM sessions WHERE player_id = $1 ORDER BY created_at",
    ),
    (
        "api_tokens",
        "SELECT name, created_at, last_used_at, revoked_at
         FROM api_tokens WHERE player_id = $1 ORDER BY created_at",
    ),
    (
        "feed_tokens",
        "SELECT created_at, last_used_at, revoked_at
         FROM feed_tokens WHERE player_id = $1 ORDER BY created_at",
    ),
    (
        "plans",
        "SELECT game_id, planned_at, lines, followed, missed_at, updated_at
         FROM move_plans WHERE player_id = $1 ORDER BY game_id",
    ),
    (
        "blocks",
        "SELECT blocked, talk, games, created_at FROM blocks WHERE blocker = $1
         ORDER BY created_at",
    ),
    (
        "reports",
        "SELECT target, reason, words, times, created_at, closed_at FROM reports
         WHERE reporter = $1 ORDER BY created_at",
    ),
];

#[derive(QueryableByName)]
struct Json {
    #[diesel(sql_type = Text)]
    json: String,
}

/// The rows of `query` about `player_id`, as a JSON array.
fn part(conn: &mut PgConnection, query: &str, player_id: i64) -> anyhow::Result<Value> {
    let wrapped =
        format!("SELECT coalesce(json_agg(row_to_json(t)), '[]')::text AS json FROM ({query}) t");
    let found: Json = diesel::sql_query(wrapped)
        .bind::<BigInt, _>(player_id)
        .get_result(conn)?;
    Ok(serde_json::from_str(&found.json)?)
}

/// Everything kept about `player_id`, with every game they sat at, read in one snapshot.
pub fn personal_data(
    conn: &mut PgConnection,
    player_id: i64,
    lang: Lang,
) -> anyhow::Result<PersonalData> {
    conn.build_transaction()
        .repeatable_read()
        .read_only()
        .run(|conn| read_personal_data(conn, player_id, lang))
}

fn read_personal_data(
    conn: &mut PgConnection,
    player_id: i64,
    lang: Lang,
) -> anyhow::Result<PersonalData> {
    let mut parts = serde_json::Map::new();
    for (name, query) in PARTS {
        parts.insert(name.to_string(), part(conn, query, player_id)?);
    }
    let mut take = |name: &str| parts.remove(name).unwrap_or(Value::Null);
    let account = match take("account") {
        Value::Array(mut rows) if rows.len() == 1 => rows.remove(0),
        _ => anyhow::bail!("no account {player_id}"),
    };
    let game_ids: Vec<String> = crate::store::schema::game_players::table
        .filter(crate::store::schema::game_players::player_id.eq(player_id))
        .select(crate::store::schema::game_players::game_id)
        .order(crate::store::schema::game_players::joined_at)
        .load(conn)?;
    let mut games = Vec::with_capacity(game_ids.len());
    for game_id in game_ids {
        let kind = load::kind_of(conn, &game_id)?;
        games.push(with_rules!(kind, |R| {
            let (game, rows) = load::load::<R>(conn, &game_id)?;
            export(&game, &rows, game.viewer_for(Some(player_id)))?
        }));
    }
    Ok(PersonalData {
        format: PERSONAL_FORMAT,
        about: lang.t("my-data-about"),
        exported_at: Utc::now(),
        account,
        vacations: take("vacations"),
        ratings: take("ratings"),
        rating_history: take("rating_history"),
        tournaments: take("tournaments"),
        emails: take("emails"),
        sessions: take("sessions"),
        api_tokens: take("api_tokens"),
        feed_tokens: take("feed_tokens"),
        plans: take("plans"),
        blocks: take("blocks"),
        reports: take("reports"),
        games,
    })
}
