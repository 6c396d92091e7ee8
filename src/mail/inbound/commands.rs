//! Commands to the public address: `inbound.address` itself, with no token. Anyone's mail
//! client can write to it, so a command is taken only from a player whose relay vouches for the
//! From address (Authentication-Results: DMARC passed, or SPF or DKIM passed for its domain);
//! and it counts against the same hourly limit as replies. A message from an address that is no
//! player's is not answered; a player's message that is not vouched for is answered once a day
//! at most, to their own address, saying why — never acted on. So a forged sender makes Turnpost
//! write to no one but the address's owner, and seldom.
//!
//! The commands, in English or Japanese, on the message's first line of its own:
//! `help`, `games` (running games, each with its reply address), `away N days`, `back`, and
//! `new GAME …` (a table, as the new-game form makes one: see [`new_table`]).

use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::message::Incoming;
use super::new_table::{self, game_named};
use super::reply_text::own_lines;
use crate::auth::{Player, accounts};
use crate::config::Settings;
use crate::games::error::ServiceError;
use crate::games::replay::Phase;
use crate::games::{service, vacation};
use crate::i18n::Lang;
use crate::mail::by_email::offer;
use crate::mail::messages::{self, Notice};
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
}

/// The command on the first line of the sender's own text, in either language.
pub fn read(lines: &[String]) -> Option<Command> {
    let first = lines.first()?.to_lowercase();
    let words: Vec<&str> = first
        .split(|c: char| c.is_whitespace() || c == '\u{3000}')
        .filter(|w| !w.is_empty())
        .collect();
    match *words.first()? {
        "help" | "ヘルプ" => Some(Command::Help),
        "games" | "対局" => Some(Command::Games),
        "back" | "復帰" => Some(Command::Back),
        "new" | "新規" => Some(Command::New(words.get(1).and_then(|w| game_named(w)))),
        "away" | "不在" => {
            let days = words.get(1)?.trim_end_matches('日').parse().ok()?;
            Some(Command::Away { days })
        }
        _ => None,
    }
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
    let Some(player) = sender(conn, incoming)? else {
        return Ok(Some(settled(
            "unknown_sender",
            None,
            "not answered: the sender is no player".into(),
        )));
    };
    let lang = player.lang();
    if !incoming.authenticated {
        let once = Limit {
            action: "command_unvouched",
            max: 1,
            window_seconds: 86_400,
        };
        let first_today = once.take(conn, &player.id.to_string(), 1)?.is_ok();
        if first_today {
            let told = Told::line(lang.t("command-not-vouched"));
            answer(conn, settings, &player, incoming, told)?;
        }
        let detail = format!("the relay does not vouch for the sender; answered: {first_today}");
        return Ok(Some(settled("unvouched", Some(player.id), detail)));
    }
    if super::handle::replies_per_player(settings)
        .take(conn, &player.id.to_string(), 1)?
        .is_err()
    {
        return Ok(None);
    }
    let lines = own_lines(&incoming.text);
    let told = match read(&lines) {
        None => Told {
            lines: vec![lang.t("command-unknown"), help(lang)],
            links: Vec::new(),
        },
        Some(Command::New(kind)) => new_table(conn, settings, &player, kind, &lines[0])?,
        Some(command) => run(conn, settings, &player, command)?,
    };
    let detail = told.lines.join(" ");
    answer(conn, settings, &player, incoming, told)?;
    Ok(Some(settled("command", Some(player.id), detail)))
}

/// What an answer says: its lines, then its links (label, address).
struct Told {
    lines: Vec<String>,
    links: Vec<(String, String)>,
}

impl Told {
    fn line(text: String) -> Told {
        Told {
            lines: vec![text],
            links: Vec::new(),
        }
    }
}

/// The player the From address belongs to, if any.
fn sender(conn: &mut PgConnection, incoming: &Incoming) -> QueryResult<Option<Player>> {
    match incoming.from.as_deref() {
        Some(from) => accounts::by_email(conn, from),
        None => Ok(None),
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
    let said = |result: Result<String, ServiceError>| match result {
        Ok(text) => Ok(Told::line(text)),
        Err(ServiceError::Database(e)) => Err(e),
        Err(other) => Ok(Told::line(
            lang.say(&super::handle::refused_message(other), &[]),
        )),
    };
    match command {
        Command::Help => Ok(Told::line(help(lang))),
        Command::Games => games_of(conn, settings, player),
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
            let game = match service::load::<R>(conn, &game_id) {
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
    Ok(Told { lines, links })
}

/// Writes the answer into the outbox, to the player's own address.
fn answer(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    incoming: &Incoming,
    told: Told,
) -> QueryResult<()> {
    let recipient = accounts::recipient(conn, player.id)?;
    if recipient.email_rejected_at.is_some() {
        return Ok(());
    }
    let lang = recipient.lang();
    let notice = Notice {
        subject: super::answer::re(&incoming.subject, || lang.t("command-subject")),
        lines: told.lines,
        links: told.links,
        link: settings.base_url().to_string(),
        link_label: lang.t("command-site"),
    };
    let in_reply_to = incoming.message_id.clone();
    super::answer::store(
        conn,
        settings,
        recipient,
        in_reply_to,
        None,
        |name, footer| messages::notice(name, &notice, footer),
    )?;
    Ok(())
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
