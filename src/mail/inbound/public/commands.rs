//! Commands to the public address: `inbound.address` itself, with no token. Anyone's mail
//! client can write to it, so a command is carried out only for a sender whose relay vouches for
//! the From address (Authentication-Results: DMARC passed, or SPF or DKIM passed for its domain),
//! within the same hourly limit as replies. A command from an address that is nobody's makes an
//! account for it, as the sign-in page does, and its answer begins with a welcome; a message
//! with no command from such an address is not answered. A command not vouched for is never
//! carried out as it came: its sender's address gets at most one answer a day, saying why, and
//! a reply to that answer — which only the address's owner receives — confirms it. So a forged
//! sender makes Turnpost write to no one but the address's owner, and seldom.
//!
//! The commands, in English or Japanese, on the message's first line of its own:
//! `help`, `games` (running games, each with its reply address), `away N days`, `back`,
//! `tables` and `tournaments` (open ones, numbered, to reply to: see [`crate::mail::inbound::public::lists`]), and
//! `new GAME …` (a table, as the new-game form makes one: see [`new_table`]).

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::reply_topics::Topic;
use crate::auth::{Player, accounts};
use crate::clocks::vacation;
use crate::config::Settings;
use crate::game_log::error::ServiceError;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::Phase;
use crate::i18n::Lang;
use crate::mail::compose::by_email::offer;
use crate::mail::inbound::answers::told::{Told, tell};
use crate::mail::inbound::public::new_table::{self, game_named};
use crate::mail::inbound::read::message::Incoming;
use crate::mail::inbound::read::reply_text::own_lines;
use crate::mail::inbound::read::words;
use crate::rules::{Kind, Message, with_rules};
use crate::store::inbound::Settled;
use crate::store::limits::Limit;
use crate::store::schema::{game_players, games};

/// What a message to the public address asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Games,
    Away {
        days: i64,
    },
    Back,
    /// A new table of this game (none: the word names no game), as the rest of the line asks.
    New(Option<Kind>),
    /// Tables with open seats.
    Tables,
    /// Tournaments open for sign-up.
    Tournaments,
}

/// The command on the first line of the sender's own text, in either language.
pub fn read(lines: &[String]) -> Option<Command> {
    read_in(lines).map(|(command, _)| command)
}

/// The command and the language its word was written in.
fn read_in(lines: &[String]) -> Option<(Command, Lang)> {
    let read = words::read(lines.first()?)?;
    let command = match read.verb {
        "help" => Command::Help,
        "games" => Command::Games,
        "back" => Command::Back,
        "tables" => Command::Tables,
        "tournaments" => Command::Tournaments,
        "new" => Command::New(read.rest.first().and_then(|w| game_named(w))),
        "away" => {
            let days = read.rest.first()?.trim_end_matches('日').parse().ok()?;
            Command::Away { days }
        }
        _ => return None,
    };
    Some((command, read.lang))
}

/// Whether `recipient` is the public address itself (its local part, any domain: relays may
/// rewrite it).
pub fn is_public(base: &str, recipient: &str) -> bool {
    let bare = |address: &str| {
        let address = address
            .rsplit_once('<')
            .map_or(address, |(_, a)| a.trim_end_matches('>'))
            .trim();
        address
            .rsplit_once('@')
            .map_or(address, |(local, _)| local)
            .to_ascii_lowercase()
    };
    let local = bare(recipient);
    !local.contains('+') && local == bare(base)
}

/// Acts on a message to the public address, inside the caller's transaction: what became of it,
/// or `None` when the sender is over the hourly limit (the relay is told to try again later).
pub fn handle(
    conn: &mut PgConnection,
    settings: &Settings,
    incoming: &Incoming,
) -> QueryResult<Option<Settled>> {
    let settled = |outcome: &'static str, player: Option<i64>, detail: String| Settled {
        outcome,
        detail: Some(detail),
        player_id: player,
        ..Settled::default()
    };
    let lines = own_lines(&incoming.text);
    let asked = read_in(&lines);
    let nobody = || {
        Ok(Some(settled(
            "unknown_sender",
            None,
            "not answered: the sender is no player and asked for nothing Turnpost knows".into(),
        )))
    };
    if !incoming.authenticated {
        let Some(from) = incoming.from.as_deref() else {
            return nobody();
        };
        let known = accounts::by_email(conn, from)?;
        if known.is_none() && asked.is_none() {
            return nobody();
        }
        let unanswered = |why: &str| {
            let detail = format!("the relay does not vouch for the sender; not answered: {why}");
            Ok(Some(settled(
                "unvouched",
                known.as_ref().map(|p| p.id),
                detail,
            )))
        };
        // One answer a day to an address, and only so many an hour across the site, so that
        // forged senders cannot make Turnpost a source of mail to strangers.
        let once = Limit {
            action: "command_unvouched",
            max: 1,
            window_seconds: 86_400,
        };
        if once.take(conn, from, 1)?.is_err() {
            return unanswered("answered once today already");
        }
        let site = Limit {
            action: "command_unvouched_site",
            max: settings.inbound.unvouched_answers_per_hour,
            window_seconds: 3600,
        };
        if site.take(conn, "site", 1)?.is_err() {
            return unanswered("the site's hourly allowance of such answers is spent");
        }
        let Some(player) = sender(conn, incoming, asked.map(|(_, lang)| lang))? else {
            return nobody();
        };
        ask_to_confirm(conn, settings, &player, incoming, asked.is_some())?;
        let detail = "the relay does not vouch for the sender; answered, asking to confirm";
        return Ok(Some(settled("unvouched", Some(player.id), detail.into())));
    }
    let Some(player) = sender(conn, incoming, asked.map(|(_, lang)| lang))? else {
        return nobody();
    };
    let Some(told) = carry_out(conn, settings, &player, &lines)? else {
        return Ok(None);
    };
    let detail = told.summary();
    tell(conn, settings, &player, incoming, told)?;
    Ok(Some(settled("command", Some(player.id), detail)))
}

/// Carries out the command on the first of `lines` for `player`, whose address the relay
/// vouched for, within the hourly limit of replies (`None` when over it).
fn carry_out(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    lines: &[String],
) -> QueryResult<Option<Told>> {
    if crate::mail::inbound::handle::replies_per_player(settings)
        .take(conn, &player.id.to_string(), 1)?
        .is_err()
    {
        return Ok(None);
    }
    carry_out_counted(conn, settings, player, lines).map(Some)
}

/// Carries out the command on the first of `lines` for `player`, whose address is proven (the
/// relay vouched for it, or they replied to a confirmation) and whose message has been counted
/// against the limit. An account that was never used is confirmed, and its answer begins with a
/// welcome.
pub fn carry_out_counted(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    lines: &[String],
) -> QueryResult<Told> {
    let lang = player.lang();
    if let Some(why) = player.suspension() {
        return Ok(Told::line(lang.say(&why, &[])));
    }
    let welcome = !accounts::is_confirmed(conn, player.id)?;
    if welcome {
        accounts::confirm(conn, player.id)?;
    }
    let mut told = match read(lines) {
        None => Told {
            lines: vec![lang.t("command-unknown"), help(lang)],
            ..Told::default()
        },
        Some(Command::New(kind)) => new_table(conn, settings, player, kind, &lines[0])?,
        Some(command) => run(conn, settings, player, command)?,
    };
    if welcome {
        let settings_link = format!("{}/settings", settings.base_url());
        let mut lines = vec![
            lang.tr("command-welcome")
                .arg("name", player.display_name.as_str())
                .to_string(),
            lang.tr("command-welcome-choices")
                .arg("settings", settings_link)
                .to_string(),
        ];
        lines.append(&mut told.lines);
        told.lines = lines;
    }
    Ok(told)
}

/// The answer to a command whose sender the relay did not vouch for: nothing was done; and,
/// when the message held a command, a reply to this answer (which goes only to the address's
/// owner) carries it out.
fn ask_to_confirm(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    incoming: &Incoming,
    a_command: bool,
) -> QueryResult<()> {
    let lang = player.lang();
    let mut told = Told::line(lang.t("command-not-vouched"));
    if a_command {
        let line = own_lines(&incoming.text).swap_remove(0);
        told.lines.push(
            lang.tr("command-confirm-ask")
                .arg("command", line.as_str())
                .to_string(),
        );
        told.reply_to = Some(crate::mail::reply_address::topic_address(
            conn,
            settings,
            (&player.email, player.id),
            Topic::Confirm,
            serde_json::json!({ "command": line }),
            CONFIRM_DAYS,
        )?);
    }
    tell(conn, settings, player, incoming, told)
}

/// How long a command waits for its confirmation.
const CONFIRM_DAYS: i64 = 2;

/// The player the From address belongs to. An address that is nobody's gets an account — as
/// the sign-in page makes one for an address typed into it — only when the message asks for
/// something Turnpost knows; the account reads the language the command was written in.
fn sender(
    conn: &mut PgConnection,
    incoming: &Incoming,
    asked_in: Option<Lang>,
) -> QueryResult<Option<Player>> {
    let Some(from) = incoming.from.as_deref() else {
        return Ok(None);
    };
    if let Some(player) = accounts::by_email(conn, from)? {
        return Ok(Some(player));
    }
    match (asked_in, accounts::normalize_email(from)) {
        (Some(lang), Ok(address)) => accounts::find_or_create(conn, &address, lang).map(Some),
        _ => Ok(None),
    }
}

fn help(lang: Lang) -> String {
    lang.t("command-help")
}

/// Runs `command` for `player`, and what the answer tells.
fn run(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    command: Command,
) -> QueryResult<Told> {
    let lang = player.lang();
    let allowance = vacation::Allowance {
        days_per_year: settings.clock.vacation_days,
        day_seconds: settings.clock.day_seconds,
    };
    let said = |result| Told::of(lang, result);
    match command {
        Command::Help => Ok(Told::line(help(lang))),
        Command::Games => games_of(conn, settings, player),
        Command::Tables => crate::mail::inbound::public::lists::open_tables(conn, settings, player),
        Command::Tournaments => {
            crate::mail::inbound::public::lists::open_events(conn, settings, player)
        }
        Command::Away { days } => {
            let started = vacation::start(conn, player, days, allowance).map(|until| {
                let zone: chrono_tz::Tz = player.time_zone.parse().unwrap_or(chrono_tz::Tz::UTC);
                let until = until.with_timezone(&zone).format("%Y-%m-%d %H:%M %Z");
                lang.tr("command-away")
                    .arg("until", until.to_string())
                    .to_string()
            });
            said(started)
        }
        Command::Back => {
            let ended = vacation::end(conn, player, allowance).map(|()| lang.t("command-back"));
            said(ended)
        }
        // A game it names is made by [`new_table`]; here the word named none.
        Command::New(_) => Ok(Told::line(
            lang.tr("command-new-no-game")
                .arg("games", game_list(lang))
                .to_string(),
        )),
    }
}

/// The games Turnpost hosts, by the names a `new` command takes.
fn game_list(lang: Lang) -> String {
    (Kind::ALL.iter())
        .map(|&kind| format!("{} ({})", kind.as_str(), lang.game_name(kind)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `new GAME …`: creates the table the line asks for, as the new-game form would.
fn new_table(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    kind: Option<Kind>,
    line: &str,
) -> QueryResult<Told> {
    let lang = player.lang();
    let Some(kind) = kind else {
        return run(conn, settings, player, Command::New(None));
    };
    let lower = line.to_lowercase();
    let words: Vec<&str> = (lower.split(|c: char| c.is_whitespace() || c == '\u{3000}'))
        .filter(|w| !w.is_empty())
        .skip(2)
        .collect();
    let (game_id, request) = match new_table::create(conn, settings, player, kind, &words) {
        Ok(made) => made,
        Err(new_table::Refused::Database(e)) => return Err(e),
        Err(new_table::Refused::Said(why)) => {
            let refused = Message::new("command-new-refused").with("why", why);
            return Ok(Told::line(lang.say(&refused, &[])));
        }
    };
    let mut lines = vec![
        lang.tr("command-new-made")
            .arg("game", lang.game_name(kind))
            .to_string(),
    ];
    if !request.invitees.is_empty() {
        let invited = request.invitees.join(", ");
        lines.push(
            lang.tr("command-new-invited")
                .arg("addresses", invited)
                .to_string(),
        );
    }
    if request.open_seats > 0 {
        let open = request.open_seats;
        lines.push(lang.tr("command-new-open").arg("count", open).to_string());
    }
    let link = format!("{}/games/{game_id}", settings.base_url());
    Ok(Told {
        lines,
        links: vec![(lang.t("command-new-page"), link)],
        reply_to: None,
    })
}

/// The player's running games, each with the address a reply to moves in it.
fn games_of(conn: &mut PgConnection, settings: &Settings, player: &Player) -> QueryResult<Told> {
    let lang = player.lang();
    let running: Vec<(String, String)> = game_players::table
        .inner_join(games::table)
        .filter(game_players::player_id.eq(player.id))
        .filter(game_players::ended_at.is_null())
        .filter(games::phase.eq("active"))
        .order(games::updated_at.desc())
        .select((games::id, games::kind))
        .load(conn)?;
    let base = settings.base_url();
    let mut links = Vec::new();
    for (game_id, kind) in running {
        let Some(kind) = crate::rules::Kind::parse(&kind) else {
            continue;
        };
        let line = with_rules!(kind, |R| {
            let game = match load::load::<R>(conn, &game_id) {
                Ok((game, _)) => game,
                Err(ServiceError::Database(e)) => return Err(e),
                Err(_) => continue,
            };
            if game.phase() != Phase::Active {
                continue;
            }
            let Some(by_email) = offer::<R>(conn, settings, &game, player.id, lang)? else {
                continue;
            };
            let others: Vec<String> = (game.seat_names().into_iter().enumerate())
                .filter(|(seat, _)| Some(*seat) != game.seat_of(player.id))
                .map(|(_, name)| name)
                .collect();
            let turn = (game.status().zip(game.seat_of(player.id)))
                .is_some_and(|(status, seat)| status.to_act().contains(&seat));
            lang.tr(if turn {
                "command-game-your-turn"
            } else {
                "command-game"
            })
            .arg("game", lang.game_name(kind))
            .arg("others", others.join(", "))
            .arg("address", by_email.address)
            .to_string()
        });
        links.push((line, format!("{base}/games/{game_id}")));
    }
    let lines = match links.is_empty() {
        true => vec![lang.t("command-no-games")],
        false => vec![lang.t("command-games")],
    };
    Ok(Told {
        lines,
        links,
        reply_to: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        vec![text.to_string()]
    }

    #[test]
    fn commands_are_read_in_either_language() {
        assert_eq!(read(&lines("Help")), Some(Command::Help));
        assert_eq!(read(&lines("ヘルプ")), Some(Command::Help));
        assert_eq!(read(&lines("games")), Some(Command::Games));
        assert_eq!(read(&lines("対局")), Some(Command::Games));
        assert_eq!(read(&lines("away 3 days")), Some(Command::Away { days: 3 }));
        assert_eq!(read(&lines("不在 3日")), Some(Command::Away { days: 3 }));
        assert_eq!(
            read(&lines("不在\u{3000}2 日")),
            Some(Command::Away { days: 2 })
        );
        assert_eq!(read(&lines("back")), Some(Command::Back));
        assert_eq!(read(&lines("復帰")), Some(Command::Back));
        assert_eq!(read(&lines("away soon")), None);
        assert_eq!(read(&lines("hello")), None);
        assert_eq!(read(&[]), None);
    }

    #[test]
    fn only_the_plain_address_is_the_public_one() {
        assert!(is_public("play@turnpost.test", "play@turnpost.test"));
        assert!(is_public(
            "Turnpost <play@turnpost.test>",
            "<PLAY@relay.test>"
        ));
        assert!(!is_public("play@turnpost.test", "play+abc-3@turnpost.test"));
        assert!(!is_public("play@turnpost.test", "other@turnpost.test"));
    }
}
