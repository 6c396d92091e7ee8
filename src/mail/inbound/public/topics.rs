//! Replies to emails about no single game's moves, each to the reply address its email carried
//! ([`crate::auth::reply_topics`]): "withdraw" or "sign up" to a tournament's news, "sit N" to
//! a list of open tables, "sign up N" to a list of tournaments, "confirm" to a command that came
//! without its sender vouched for. The same services as the pages do the work.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::reply_topics::{self, Found, Topic};
use crate::auth::{Player, accounts};
use crate::config::Settings;
use crate::i18n::Lang;
use crate::mail::inbound::answers::told::{Told, tell};
use crate::mail::inbound::public::lists;
use crate::mail::inbound::read::message::Incoming;
use crate::mail::inbound::read::reply_text::own_lines;
use crate::mail::inbound::read::words;
use crate::mail::reply_address::event_address;
use crate::store::inbound::Settled;
use crate::tables::table;
use crate::tournaments;

/// Who a reply to a topic's address is from, as far as the address allows.
pub enum Addressee {
    Player { found: Box<Found>, player: Player },
    Unknown,
    WrongSender,
}

/// The topic of `token`, provided the reply came from the address its email went to.
pub fn addressee(
    conn: &mut PgConnection,
    token: &str,
    from: Option<&str>,
) -> QueryResult<Addressee> {
    let Some(found) = reply_topics::find(conn, token)?.filter(|f| !f.expired) else {
        return Ok(Addressee::Unknown);
    };
    if from != Some(found.address.to_lowercase().as_str()) {
        return Ok(Addressee::WrongSender);
    }
    let player = match found.player_id {
        Some(id) => accounts::find(conn, id)?,
        None => None,
    };
    Ok(match player {
        Some(player) => Addressee::Player {
            found: Box::new(found),
            player,
        },
        None => Addressee::Unknown,
    })
}

/// Acts on a reply whose address and sender have been checked, inside the caller's
/// transaction, and answers it; `None` when the sender is over the hourly limit.
pub fn act(
    conn: &mut PgConnection,
    settings: &Settings,
    token: &str,
    found: &Found,
    player: &Player,
    incoming: &Incoming,
) -> QueryResult<Option<Settled>> {
    if crate::mail::inbound::handle::replies_per_player(settings)
        .take(conn, &player.id.to_string(), 1)?
        .is_err()
    {
        return Ok(None);
    }
    let lines = own_lines(&incoming.text);
    let read = lines.first().and_then(|line| words::read(line));
    let lang = player.lang();
    let told = match (
        found.topic,
        read.as_ref().map(|r| r.verb),
        player.suspension(),
    ) {
        (Topic::Appeal, _, _) => {
            let action = found.subject["action"].as_i64().unwrap_or_default();
            let words = lines.join("\n");
            crate::moderation::desk::appeal(conn, player.id, action, &words)?;
            Told::line(lang.t("appeal-received"))
        }
        // A suspended person may appeal, and do nothing else.
        (_, _, Some(why)) => Told::line(lang.say(&why, &[])),
        (Topic::Confirm, Some("confirm"), _) => {
            if !reply_topics::spend(conn, token)? {
                Told::line(lang.t("command-confirm-used"))
            } else {
                let command = found.subject["command"].as_str().unwrap_or_default();
                crate::mail::inbound::public::commands::carry_out_counted(
                    conn,
                    settings,
                    player,
                    &[command.to_string()],
                )?
            }
        }
        (Topic::Confirm, _, _) => Told::line(lang.t("command-confirm-how")),
        (Topic::Event, Some(verb @ ("withdraw" | "sign up")), _) => {
            let event_id = found.subject["event"].as_str().unwrap_or_default();
            entry(conn, settings, player, event_id, verb)?
        }
        (Topic::Event, _, _) => Told::line(lang.t("command-event-how")),
        (Topic::OpenEvents, Some("sign up"), _) => match pick(found, "events", read.as_ref(), lang)
        {
            Ok(event_id) => entry(conn, settings, player, &event_id, "sign up")?,
            Err(why) => Told::line(why),
        },
        (Topic::OpenEvents, _, _) => Told::line(lang.t("command-tournaments-sign-up")),
        (Topic::OpenTables, Some("sit"), _) => match pick(found, "games", read.as_ref(), lang) {
            Ok(game_id) => sit(conn, settings, player, &game_id)?,
            Err(why) => Told::line(why),
        },
        (Topic::OpenTables, _, _) => Told::line(lang.t("command-tables-sit")),
    };
    let detail = told.summary();
    tell(conn, settings, player, incoming, told)?;
    Ok(Some(Settled {
        outcome: "command",
        detail: Some(detail),
        player_id: Some(player.id),
        ..Settled::default()
    }))
}

/// The id a reply picks from the list the email showed.
fn pick(
    found: &Found,
    list: &str,
    read: Option<&words::Read>,
    lang: Lang,
) -> Result<String, String> {
    let ids: Vec<String> = (found.subject[list].as_array().into_iter().flatten())
        .filter_map(|id| id.as_str().map(str::to_string))
        .collect();
    let number = read.and_then(|r| words::number(&r.rest));
    lists::pick(&ids, number, lang)
}

/// Signs `player` up for the tournament, or withdraws them; the answer's reply address takes
/// the other.
fn entry(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    event_id: &str,
    verb: &str,
) -> QueryResult<Told> {
    let lang = player.lang();
    let done = match verb {
        "sign up" => tournaments::service::sign_up(conn, event_id, player)
            .map(|()| lang.t("command-signed-up")),
        _ => tournaments::service::withdraw(conn, event_id, player)
            .map(|()| lang.t("command-withdrawn")),
    };
    let signed_up = done.is_ok() && verb == "sign up";
    let mut told = Told::of(lang, done)?;
    told.links.push((
        lang.t("mail-event-see"),
        format!("{}/events/{event_id}", settings.base_url()),
    ));
    if signed_up {
        told.lines.push(lang.t("command-event-how"));
        told.reply_to = Some(event_address(
            conn,
            settings,
            (&player.email, player.id),
            event_id,
        )?);
    }
    Ok(told)
}

/// Takes a seat at an open table, as its page's button does.
fn sit(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    game_id: &str,
) -> QueryResult<Told> {
    let lang = player.lang();
    let done = table::sit(conn, game_id, player).map(|()| lang.t("command-sat"));
    let mut told = Told::of(lang, done)?;
    told.links.push((
        lang.t("command-new-page"),
        format!("{}/games/{game_id}", settings.base_url()),
    ));
    Ok(told)
}
