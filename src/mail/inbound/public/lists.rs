//! Lists a command asks for — tables with open seats, tournaments open for sign-up — numbered,
//! with a reply address of their own: a reply "sit 2" or "sign up 1" takes that one (see
//! [`crate::mail::inbound::public::topics`]).

use diesel::pg::PgConnection;
use diesel::prelude::*;
use serde_json::json;

use crate::auth::Player;
use crate::auth::reply_topics::Topic;
use crate::config::Settings;
use crate::game_log::record::read_model;
use crate::i18n::Lang;
use crate::mail::inbound::answers::told::Told;
use crate::mail::reply_address::topic_address;
use crate::rules::Kind;

/// Most items a list holds.
const MOST_LISTED: i64 = 10;

/// How long a list's reply address works.
const LIST_DAYS: i64 = 7;

/// Public tables waiting for players, newest first, that `player` has not joined.
pub fn open_tables(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
) -> QueryResult<Told> {
    let lang = player.lang();
    let rows = read_model::open_tables(conn, Some(player.id), Some(player.id), MOST_LISTED)?;
    if rows.is_empty() {
        return Ok(Told::line(lang.t("command-no-tables")));
    }
    let base = settings.base_url();
    let mut told = Told::line(lang.t("command-tables"));
    for (n, row) in rows.iter().enumerate() {
        let mut what = vec![lang.game_name(row.kind)];
        what.extend(crate::present::options_in_words(
            row.kind,
            &row.options,
            lang,
        ));
        what.push(lang.say(&row.time_message(), &[]));
        let line = lang
            .tr("command-table")
            .arg("number", n + 1)
            .arg("table", what.join(", "))
            .arg("count", row.open_seats);
        told.links
            .push((line.to_string(), format!("{base}/games/{}", row.id)));
    }
    let ids: Vec<&String> = rows.iter().map(|row| &row.id).collect();
    told.lines.push(lang.t("command-tables-sit"));
    told.reply_to = Some(topic_address(
        conn,
        settings,
        (&player.email, player.id),
        Topic::OpenTables,
        json!({ "games": ids }),
        LIST_DAYS,
    )?);
    Ok(told)
}

/// Tournaments open for sign-up, the soonest to close first.
pub fn open_events(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
) -> QueryResult<Told> {
    let lang = player.lang();
    let open: Vec<_> = crate::tournaments::read::list(conn, "open")?
        .into_iter()
        .take(MOST_LISTED as usize)
        .collect();
    if open.is_empty() {
        return Ok(Told::line(lang.t("command-no-tournaments")));
    }
    let base = settings.base_url();
    let zone: chrono_tz::Tz = player.time_zone.parse().unwrap_or(chrono_tz::Tz::UTC);
    let mut told = Told::line(lang.t("command-tournaments"));
    for (n, event) in open.iter().enumerate() {
        let game =
            Kind::parse(&event.kind).map_or_else(|| event.kind.clone(), |k| lang.game_name(k));
        let closes = event.sign_up_closes_at.with_timezone(&zone);
        let line = lang
            .tr("command-tournament")
            .arg("number", n + 1)
            .arg("title", event.title.as_str())
            .arg("game", game)
            .arg("entrants", event.entrants)
            .arg("closes", closes.format("%Y-%m-%d %H:%M %Z").to_string());
        told.links
            .push((line.to_string(), format!("{base}/events/{}", event.id)));
    }
    let ids: Vec<&String> = open.iter().map(|event| &event.id).collect();
    told.lines.push(lang.t("command-tournaments-sign-up"));
    told.reply_to = Some(topic_address(
        conn,
        settings,
        (&player.email, player.id),
        Topic::OpenEvents,
        json!({ "events": ids }),
        LIST_DAYS,
    )?);
    Ok(told)
}

/// The one a reply picks from a list of `ids`: the numbered one, or the only one.
pub fn pick(ids: &[String], number: Option<usize>, lang: Lang) -> Result<String, String> {
    match (number, ids) {
        (None, [only]) => Ok(only.clone()),
        (None, _) => Err(lang.t("command-pick-number")),
        (Some(n), _) => (n.checked_sub(1))
            .and_then(|i| ids.get(i))
            .cloned()
            .ok_or_else(|| {
                lang.tr("command-pick-none")
                    .arg("count", ids.len())
                    .to_string()
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_picks_by_number_or_the_only_one() {
        let one = vec!["a".to_string()];
        let two = vec!["a".to_string(), "b".to_string()];
        assert_eq!(pick(&one, None, Lang::En), Ok("a".into()));
        assert_eq!(pick(&two, Some(2), Lang::En), Ok("b".into()));
        assert!(pick(&two, None, Lang::En).is_err());
        assert!(pick(&two, Some(3), Lang::En).is_err());
        assert!(pick(&two, Some(0), Lang::En).is_err());
    }
}
