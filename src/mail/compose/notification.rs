//! Turning a player's pending notifications into emails, inside one transaction per player.

use chrono::{DateTime, Duration, TimeZone, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::accounts::{self, Recipient};
use crate::auth::sign_in;
use crate::config::Settings;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::{Game, Phase, entries};
use crate::game_log::stream::CancelReason;
use crate::game_log::stream::Entry;
use crate::game_log::stream::time_control::{OnTimeout, span_message};
use crate::i18n::Lang;
use crate::mail::compose::by_email::offer;
use crate::mail::compose::messages::{
    self, Footer, GameNews, InvitationDetails, Notice, Rendered, message_id,
};
use crate::mail::compose::pictures::{Looker, PictureSize, game_image};
use crate::mail::reply_address;
use crate::present::codes::MoveCodes;
use crate::present::picture::BoardPicture;
use crate::present::{Board, GameUi, sentence};
use crate::ratings::rate;
use crate::rules::with_rules;
use crate::store::emails::{self, InlinePicture, NewEmail};
use crate::store::notifications::{self, DueBefore, Kind, Notify, Pending};
use crate::store::schema::players;

/// When news that arrived at `oldest` is due for a player who wants `notify`.
pub fn due_at(settings: &Settings, notify: Notify, oldest: DateTime<Utc>) -> Option<DateTime<Utc>> {
    match notify {
        Notify::Never => None,
        Notify::EveryTurn => Some(oldest + Duration::seconds(settings.mail.coalesce_seconds)),
        Notify::DailyDigest => {
            let hour = settings.mail.digest_hour_utc.min(23);
            let day = oldest.date_naive();
            let same_day = Utc.from_utc_datetime(&day.and_hms_opt(hour, 0, 0)?);
            Some(if same_day > oldest {
                same_day
            } else {
                same_day + Duration::days(1)
            })
        }
    }
}

/// The cut-offs that [`notifications::players_due`] compares news with, in the database: news
/// that arrived at `oldest` is due at `now` exactly when [`due_at`] says so.
pub fn due_before(settings: &Settings, now: DateTime<Utc>) -> DueBefore {
    let hour = settings.mail.digest_hour_utc.min(23);
    let today = (now.date_naive().and_hms_opt(hour, 0, 0)).expect("an hour of the day");
    let today = Utc.from_utc_datetime(&today);
    DueBefore {
        every_turn: now - Duration::seconds(settings.mail.coalesce_seconds),
        // A digest goes out at the first digest hour after its oldest news: news is due once
        // it is older than the latest digest hour that has come.
        digest: if today <= now {
            today
        } else {
            today - Duration::days(1)
        },
    }
}

struct Mailing<'a> {
    conn: &'a mut PgConnection,
    settings: &'a Settings,
    recipient: Recipient,
    footer_settings: String,
    footer_unsubscribe: String,
}

impl Mailing<'_> {
    fn store(&mut self, kind: &str, rendered: Rendered, carried: &[i64]) -> anyhow::Result<()> {
        self.store_with_reply_to(kind, rendered, carried, None)
    }

    fn store_with_reply_to(
        &mut self,
        kind: &str,
        rendered: Rendered,
        carried: &[i64],
        reply_to: Option<String>,
    ) -> anyhow::Result<()> {
        self.store_with_pictures(kind, rendered, carried, reply_to, &[])
    }

    fn store_with_pictures(
        &mut self,
        kind: &str,
        rendered: Rendered,
        carried: &[i64],
        reply_to: Option<String>,
        pictures: &[InlinePicture],
    ) -> anyhow::Result<()> {
        let id = emails::insert(
            self.conn,
            &NewEmail {
                message_id: message_id(self.settings),
                player_id: self.recipient.id,
                recipient: self.recipient.email.clone(),
                kind: kind.to_string(),
                subject: rendered.subject,
                body_text: rendered.text,
                body_html: rendered.html,
                unsubscribe_url: self.footer_unsubscribe.clone(),
                priority: emails::priority_of(kind),
                reply_to,
                in_reply_to: None,
            },
        )?;
        if !pictures.is_empty() {
            emails::insert_pictures(self.conn, id, pictures)?;
        }
        notifications::mark_mailed(self.conn, carried, id)?;
        Ok(())
    }

    fn footer(&self) -> Footer<'_> {
        Footer {
            settings: &self.footer_settings,
            unsubscribe: &self.footer_unsubscribe,
            lang: self.recipient.lang(),
        }
    }

    /// A sign-in link valid for the game-link lifetime, opening `path`.
    fn game_link(&mut self, path: &str) -> anyhow::Result<String> {
        let minutes = self.settings.auth.game_link_hours * 60;
        let token = sign_in::create_link(self.conn, &self.recipient.email, path, minutes)?;
        Ok(format!("{}/sign-in/{token}", self.settings.base_url()))
    }
}

/// Makes the emails for one player's pending notifications that are due at `now`. Another
/// worker busy with the same player is left alone. Returns how many emails were made.
pub fn compose_for(
    conn: &mut PgConnection,
    settings: &Settings,
    player: i64,
    now: DateTime<Utc>,
) -> anyhow::Result<usize> {
    conn.transaction(|conn| {
        let locked: Option<Option<DateTime<Utc>>> = players::table
            .find(player)
            .select(players::closed_at)
            .for_no_key_update()
            .skip_locked()
            .first(conn)
            .optional()?;
        let Some(closed_at) = locked else {
            return Ok(0);
        };
        let pending = notifications::pending_for(conn, player)?;
        if closed_at.is_some() {
            // A closed account has no address; what its games still tell it goes nowhere.
            notifications::mark_skipped(conn, &pending.iter().map(|p| p.id).collect::<Vec<_>>())?;
            return Ok(0);
        }
        let recipient = accounts::recipient(conn, player)?;
        let base = settings.base_url().to_string();
        let mut mailing = Mailing {
            footer_settings: format!("{base}/settings"),
            footer_unsubscribe: format!("{base}/unsubscribe/{}", recipient.unsubscribe_token),
            recipient,
            conn,
            settings,
        };
        let mut made = 0;
        let mut news = Vec::new();
        for notice in pending {
            match Kind::parse(&notice.kind) {
                Some(Kind::SignIn) => made += sign_in_email(&mut mailing, &notice)?,
                Some(Kind::Invitation) => made += invitation_email(&mut mailing, &notice)?,
                Some(Kind::YourTurn | Kind::GameOver | Kind::TimeHalf | Kind::TimeShort) => {
                    news.push(notice)
                }
                Some(Kind::OutOfTime | Kind::TableCancelled | Kind::InvitationDeclined) => {
                    made += notice_email(&mut mailing, &notice, now)?
                }
                Some(Kind::EventNews) => made += event_email(&mut mailing, &notice)?,
                Some(Kind::CloseAccount) => made += closure_email(&mut mailing, &notice)?,
                Some(Kind::ConfirmAddress) => made += address_email(&mut mailing, &notice)?,
                Some(Kind::Moderation) => made += moderation_email(&mut mailing, &notice)?,
                None => notifications::mark_skipped(mailing.conn, &[notice.id])?,
            }
        }
        made += news_email(&mut mailing, news, now)?;
        Ok(made)
    })
}

fn sign_in_email(mailing: &mut Mailing<'_>, notice: &Pending) -> anyhow::Result<usize> {
    let token = notice.payload["token"].as_str().unwrap_or_default();
    let minutes = notice.payload["minutes"].as_i64().unwrap_or(30);
    let link = format!("{}/sign-in/{token}", mailing.settings.base_url());
    let rendered = messages::sign_in(&link, minutes, &mailing.footer());
    mailing.store("sign_in", rendered, &[notice.id])?;
    Ok(1)
}

fn closure_email(mailing: &mut Mailing<'_>, notice: &Pending) -> anyhow::Result<usize> {
    let token = notice.payload["token"].as_str().unwrap_or_default();
    let minutes = notice.payload["minutes"].as_i64().unwrap_or(60);
    let link = format!("{}/close/{token}", mailing.settings.base_url());
    let rendered = messages::close_account(&link, minutes, &mailing.footer());
    mailing.store("close_account", rendered, &[notice.id])?;
    Ok(1)
}

/// The link that confirms a new address, sent to that address (not to the one the account
/// has now).
fn address_email(mailing: &mut Mailing<'_>, notice: &Pending) -> anyhow::Result<usize> {
    let token = notice.payload["token"].as_str().unwrap_or_default();
    let minutes = notice.payload["minutes"].as_i64().unwrap_or(60);
    let Some(address) = notice.payload["address"].as_str() else {
        notifications::mark_skipped(mailing.conn, &[notice.id])?;
        return Ok(0);
    };
    let link = format!("{}/settings/email/{token}", mailing.settings.base_url());
    let rendered = messages::confirm_address(&link, minutes, &mailing.footer());
    let current = std::mem::replace(&mut mailing.recipient.email, address.to_string());
    let stored = mailing.store("confirm_address", rendered, &[notice.id]);
    mailing.recipient.email = current;
    stored?;
    Ok(1)
}

/// What a moderator did and why, told to the person it was done to, whatever emails they chose:
/// a reply to it is their appeal, which reaches the moderators' desk.
fn moderation_email(mailing: &mut Mailing<'_>, notice: &Pending) -> anyhow::Result<usize> {
    let seq = notice.payload["action"].as_i64().unwrap_or_default();
    let lang = mailing.recipient.lang();
    let Some(lines) = crate::moderation::log::told(mailing.conn, seq, lang)? else {
        notifications::mark_skipped(mailing.conn, &[notice.id])?;
        return Ok(0);
    };
    let base = mailing.settings.base_url().to_string();
    let told = Notice {
        subject: lang.t("moderation-told-subject"),
        lines,
        links: Vec::new(),
        link: format!("{base}/settings"),
        link_label: lang.t("moderation-told-settings"),
    };
    let to = (mailing.recipient.email.clone(), mailing.recipient.id);
    let reply_to = reply_address::topic_address(
        mailing.conn,
        mailing.settings,
        (&to.0, to.1),
        crate::auth::reply_topics::Topic::Appeal,
        serde_json::json!({ "action": seq }),
        APPEAL_DAYS,
    )?;
    let name = mailing.recipient.display_name.clone();
    let rendered = messages::notice(&name, &told, &mailing.footer());
    mailing.store_with_reply_to("moderation", rendered, &[notice.id], Some(reply_to))?;
    Ok(1)
}

/// How long the reply address of a moderation email takes an appeal.
const APPEAL_DAYS: i64 = 60;

fn invitation_email(mailing: &mut Mailing<'_>, notice: &Pending) -> anyhow::Result<usize> {
    let Some(game_id) = notice.game_id.clone() else {
        notifications::mark_skipped(mailing.conn, &[notice.id])?;
        return Ok(0);
    };
    let token = notice.payload["token"].as_str().unwrap_or_default();
    let link = format!("{}/join/{token}", mailing.settings.base_url());
    let kind = load::kind_of(mailing.conn, &game_id)?;
    let rules_link = format!("{}/rules/{}", mailing.settings.base_url(), kind.as_str());
    let recipient = mailing.recipient.id;
    let (rendered, reply_to) = with_rules!(kind, |R| {
        let (game, _) = load::load::<R>(mailing.conn, &game_id)?;
        let token = crate::auth::reply_tokens::issue(mailing.conn, &game_id, recipient)?;
        let reply_to = reply_address::format(&mailing.settings.inbound.address, &token, game.seq);
        let lang = mailing.recipient.lang();
        let options: Vec<String> = <R as GameUi>::describe_options(&game.options)
            .iter()
            .map(|m| lang.say(m, &[]))
            .collect();
        let rendered = messages::invitation(
            &InvitationDetails {
                inviter: &game.creator.name,
                game_name: &mailing.recipient.lang().t(<R as crate::rules::Rules>::NAME),
                options: &options,
                players: game.players,
                link: &link,
                summary: &lang.t(crate::present::guide::guide(kind).summary),
                rules_link: &rules_link,
            },
            &mailing.footer(),
        );
        (rendered, reply_to)
    });
    mailing.store_with_reply_to("invitation", rendered, &[notice.id], Some(reply_to))?;
    Ok(1)
}

/// How long a game-over email waits for the game's ratings.
const RATING_WAIT: chrono::TimeDelta = chrono::TimeDelta::seconds(60);

/// Bundles a player's your-turn and game-over notices into one email once the oldest is due.
/// Notices the player no longer needs (they already moved, or chose no emails) are skipped.
fn news_email(
    mailing: &mut Mailing<'_>,
    notices: Vec<Pending>,
    now: DateTime<Utc>,
) -> anyhow::Result<usize> {
    let Some(oldest) = notices.first().map(|n| n.created_at) else {
        return Ok(0);
    };
    let ids: Vec<i64> = notices.iter().map(|n| n.id).collect();
    let notify = Notify::parse(&mailing.recipient.notify).unwrap_or(Notify::EveryTurn);
    let refused = mailing.recipient.email_rejected_at.is_some();
    let due = match due_at(mailing.settings, notify, oldest) {
        Some(due) if !refused => due,
        _ => {
            notifications::mark_skipped(mailing.conn, &ids)?;
            return Ok(0);
        }
    };
    if now < due {
        return Ok(0);
    }
    // A rated game's end is told with the ratings it gave: rated here if no server has yet, and
    // held back a little while another server rates it, but not for long should rating fail.
    // Any notice may find its game over by now (a your-turn notice of the player whose own move
    // ended it), so every game the email tells of is asked about, not only those of game-over
    // notices.
    let ended: Vec<String> = notices.iter().filter_map(|n| n.game_id.clone()).collect();
    if rate::any_awaiting(mailing.conn, Some(&ended))? {
        if let Err(e) = rate::rate_finished(mailing.conn, ended.len()) {
            tracing::warn!("rating before a game-over email: {e}");
        }
        if now - oldest < RATING_WAIT && rate::any_awaiting(mailing.conn, Some(&ended))? {
            return Ok(0);
        }
    }
    // One item per game, in the order the news came.
    let mut games: Vec<String> = Vec::new();
    for notice in &notices {
        if let Some(game) = &notice.game_id
            && !games.contains(game)
        {
            games.push(game.clone());
        }
    }
    let size = if games.len() > 1 {
        PictureSize::SMALL
    } else {
        PictureSize::FULL
    };
    let mut items = Vec::new();
    for game_id in games {
        if let Some(item) = game_news(mailing, &game_id, now, size)? {
            items.push(item);
        }
    }
    if items.is_empty() {
        notifications::mark_skipped(mailing.conn, &ids)?;
        return Ok(0);
    }
    let name = mailing.recipient.display_name.clone();
    let rendered = messages::news(
        &name,
        &items,
        notify == Notify::DailyDigest,
        &mailing.footer(),
    );
    let kind = if items.iter().all(|i| i.your_turn) {
        "your_turn"
    } else {
        "game_news"
    };
    let reminders = [Kind::TimeHalf.as_str(), Kind::TimeShort.as_str()];
    let rendered = if notices.iter().all(|n| reminders.contains(&n.kind.as_str())) {
        let lang = mailing.recipient.lang();
        let subject = match lang {
            Lang::En => rendered.subject.to_lowercase(),
            Lang::Ja => rendered.subject.clone(),
        };
        Rendered {
            subject: lang
                .tr("mail-reminder-subject")
                .arg("subject", subject)
                .to_string(),
            ..rendered
        }
    } else {
        rendered
    };
    // A reply goes to the game's reply address when the email is about one game; with several,
    // each game names its own.
    let reply_to = match items.as_slice() {
        [only] => only.by_email.as_ref().map(|b| b.address.clone()),
        _ => None,
    };
    let pictures: Vec<InlinePicture> = (items.into_iter())
        .filter_map(|item| item.picture)
        .map(|picture| InlinePicture {
            content_id: picture.content_id,
            png: picture.png,
        })
        .collect();
    mailing.store_with_pictures(kind, rendered, &ids, reply_to, &pictures)?;
    Ok(1)
}

/// The news of one game for the recipient as it stands now: their turn, the game's end, or
/// nothing (it is no longer their turn).
fn game_news(
    mailing: &mut Mailing<'_>,
    game_id: &str,
    now: DateTime<Utc>,
    size: PictureSize,
) -> anyhow::Result<Option<GameNews>> {
    let kind = load::kind_of(mailing.conn, game_id)?;
    with_rules!(kind, |R| news_of::<R>(mailing, game_id, now, size))
}

fn news_of<R: GameUi + MoveCodes + BoardPicture>(
    mailing: &mut Mailing<'_>,
    game_id: &str,
    now: DateTime<Utc>,
    size: PictureSize,
) -> anyhow::Result<Option<GameNews>> {
    let me = mailing.recipient.id;
    let (mut game, rows) = load::load::<R>(mailing.conn, game_id)?;
    crate::computers::name_in(&mut game, mailing.recipient.lang());
    let finished = game.phase() == Phase::Finished;
    // Someone who left their seat to a computer hears only how the game ended.
    let seat = game
        .seat_of(me)
        .or_else(|| game.seat_held_by(me).filter(|_| finished));
    let Some(seat) = seat else {
        return Ok(None);
    };
    let to_act = game
        .status()
        .is_some_and(|status| status.to_act().contains(&seat));
    if !finished && !to_act {
        return Ok(None);
    }
    let viewer = game.viewer_for(Some(me));
    let names = game.seat_names();
    let hidden = match game.talk.is_empty() {
        true => Default::default(),
        false => crate::auth::blocks::talk_hidden_from(mailing.conn, me)?,
    };
    // What the others did since the recipient's own last action, and what their plan played.
    let mut moves = Vec::new();
    let planned = |row: &crate::store::events::EventRow| {
        entries::<R>(row).is_ok_and(|e| matches!(e.first(), Some(Entry::PlanFollowed { .. })))
    };
    for row in (rows.iter().rev()).take_while(|row| row.actor != Some(me) || planned(row)) {
        let mut lines: Vec<String> = entries::<R>(row)?
            .iter()
            .filter_map(|entry| match entry.redacted::<R>(viewer) {
                Entry::Game { event } => Some(sentence(
                    mailing.recipient.lang().say(&R::describe(&event), &names),
                )),
                Entry::Said { player, .. } if hidden.contains(&player.id) => None,
                Entry::Said { player, text } => text.text().map(|text| {
                    let name = game.names_by_id().get(&player.id).cloned();
                    let said = crate::rules::Message::new("entry-said")
                        .text("player", name.unwrap_or(player.name))
                        .text("text", text);
                    mailing.recipient.lang().say(&said, &[])
                }),
                _ => None,
            })
            .collect();
        lines.append(&mut moves);
        moves = lines;
    }
    const MOST_LINES: usize = 8;
    if moves.len() > MOST_LINES {
        let dropped = moves.len() - MOST_LINES;
        moves.drain(..dropped);
        moves.insert(0, "…".into());
    }
    if to_act && !game.plans.is_empty() && plan_missed(mailing.conn, game_id, me)? {
        let them = (0..game.players).find(|&s| s != seat).unwrap_or_default();
        let missed = crate::rules::Message::new("mail-plan-missed").seat("player", them);
        moves.push(mailing.recipient.lang().say(&missed, &names));
    }
    let Some(state) = game.state.as_ref() else {
        return Ok(None);
    };
    let view = R::view(state, viewer);
    let path = format!("/games/{game_id}");
    let query = Default::default();
    let board = R::text_board(&Board::<R> {
        view: &view,
        path: &path,
        query: &query,
        names: &names,
        me: Some(seat),
        actions: None,
        lang: mailing.recipient.lang(),
    });
    let looker = Looker {
        player: me,
        seat,
        viewer,
        lang: mailing.recipient.lang(),
        board: &board,
    };
    let picture = if mailing.recipient.email_pictures {
        game_image(&game, &rows, &view, &looker, size)
    } else {
        None
    };
    let others: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat)
        .map(|(_, n)| n.as_str())
        .collect();
    let result = (game.ending())
        .map(|ending| crate::present::result::result_message::<R>(&ending))
        .map(|result| mailing.recipient.lang().say(&result, &names));
    let link = if finished {
        // The history carries the last row, so that a replica that has not replayed the ending
        // is not used for it.
        mailing.game_link(&format!("{path}/history?seen={}", game.seq))?
    } else {
        mailing.game_link(&path)?
    };
    let head = rows.last().map(|r| r.hash_hex()).unwrap_or_default();
    let lang = mailing.recipient.lang();
    let by_email = offer::<R>(mailing.conn, mailing.settings, &game, me, lang)?;
    Ok(Some(GameNews {
        your_turn: !finished,
        title: {
            let lang = mailing.recipient.lang();
            let players = others
                .iter()
                .map(|name| crate::rules::Message::new("list").text("items", *name));
            lang.say(
                &crate::rules::Message::new("mail-game-against")
                    .with("game", crate::rules::Message::new(R::NAME))
                    .list("players", players),
                &[],
            )
        },
        game_id: game_id.to_string(),
        moves,
        board,
        clock: (!finished)
            .then(|| game.clock.as_ref()?.left_at(seat, now))
            .flatten()
            .map(|left| {
                let lang = mailing.recipient.lang();
                lang.tr("mail-clock-left")
                    .arg("left", lang.say(&span_message(left), &[]))
                    .to_string()
            }),
        result,
        event: match &game.event {
            Some(table) => Some(crate::tournaments::read::game_heading(
                mailing.conn,
                table,
                lang,
            )?),
            None => None,
        },
        ratings: (game.rating.iter().flat_map(|rated| &rated.players))
            .map(|change| {
                let name = game.names_by_id().get(&change.player.id).cloned();
                let name = name.unwrap_or_else(|| change.player.name.clone());
                lang.say(&rate::change_message(name, change), &[])
            })
            .collect(),
        link,
        head_seq: game.seq,
        head_hash: head.chars().take(12).collect(),
        by_email,
        picture,
    }))
}

/// Whether a move `player` did not foresee cleared their plan in `game_id`.
fn plan_missed(conn: &mut PgConnection, game_id: &str, player: i64) -> anyhow::Result<bool> {
    let kept = crate::tables::plans::read(conn, game_id, player)?;
    Ok(kept.is_some_and(|kept| kept.missed_at.is_some()))
}

/// A tournament's news: it started (with the recipient's games), a new round began (with
/// theirs), or it ended (with the final standings). One email each, unless the player wants no
/// game emails or their address refuses mail.
fn event_email(mailing: &mut Mailing<'_>, pending: &Pending) -> anyhow::Result<usize> {
    let notify = Notify::parse(&mailing.recipient.notify).unwrap_or(Notify::EveryTurn);
    let wanted = notify != Notify::Never && mailing.recipient.email_rejected_at.is_none();
    let event_id = pending.payload["event"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let lang = mailing.recipient.lang();
    let seq = pending.payload["seq"].as_i64().unwrap_or(i64::MAX);
    let recipient = mailing.recipient.id;
    let told = match wanted {
        true => crate::tournaments::read::news(mailing.conn, &event_id, seq, recipient, lang)?,
        false => None,
    };
    let Some(told) = told else {
        notifications::mark_skipped(mailing.conn, &[pending.id])?;
        return Ok(0);
    };
    let base = mailing.settings.base_url().to_string();
    let mut links = Vec::new();
    for (label, path) in told.games {
        links.push((label, mailing.game_link(&path)?));
    }
    let mut lines = told.lines;
    lines.push(lang.t("mail-event-by-email"));
    let notice = Notice {
        subject: told.subject,
        lines,
        links,
        link: format!("{base}/events/{event_id}"),
        link_label: lang.t("mail-event-see"),
    };
    let to = (mailing.recipient.email.clone(), recipient);
    let reply_to = crate::mail::reply_address::event_address(
        mailing.conn,
        mailing.settings,
        (&to.0, to.1),
        &event_id,
    )?;
    let name = mailing.recipient.display_name.clone();
    let rendered = messages::notice(&name, &notice, &mailing.footer());
    mailing.store_with_reply_to(&pending.kind, rendered, &[pending.id], Some(reply_to))?;
    Ok(1)
}

/// A table called off, or another player out of time: one email each, unless the player wants
/// no game emails or their address refuses mail, or the news no longer holds.
fn notice_email(
    mailing: &mut Mailing<'_>,
    pending: &Pending,
    now: DateTime<Utc>,
) -> anyhow::Result<usize> {
    let notify = Notify::parse(&mailing.recipient.notify).unwrap_or(Notify::EveryTurn);
    let wanted = notify != Notify::Never && mailing.recipient.email_rejected_at.is_none();
    let notice = match (&pending.game_id, wanted) {
        (Some(game_id), true) => {
            let kind = load::kind_of(mailing.conn, game_id)?;
            with_rules!(kind, |R| {
                let (game, _) = load::load::<R>(mailing.conn, game_id)?;
                table_notice::<R>(mailing, &game, pending, now)?
            })
        }
        _ => None,
    };
    let Some(notice) = notice else {
        notifications::mark_skipped(mailing.conn, &[pending.id])?;
        return Ok(0);
    };
    let name = mailing.recipient.display_name.clone();
    let rendered = messages::notice(&name, &notice, &mailing.footer());
    mailing.store(&pending.kind, rendered, &[pending.id])?;
    Ok(1)
}

fn table_notice<R: GameUi>(
    mailing: &mut Mailing<'_>,
    game: &Game<R>,
    pending: &Pending,
    now: DateTime<Utc>,
) -> anyhow::Result<Option<Notice>> {
    let path = format!("/games/{}", game.id);
    let creator = game.creator.name.as_str();
    let lang = mailing.recipient.lang();
    let game_name = lang.t(R::NAME);
    let say = |key: &'static str, player: &str| {
        lang.tr(key)
            .arg("player", player)
            .arg("game", &game_name)
            .to_string()
    };
    match (Kind::parse(&pending.kind), game.cancelled) {
        (Some(Kind::TableCancelled), Some(reason)) => {
            let why = match reason {
                CancelReason::ByCreator => say("mail-called-off-by-creator", creator),
                CancelReason::InvitationsExpired => say("mail-called-off-expired", creator),
                CancelReason::PlayerLeft => say("mail-called-off-player-left", creator),
                CancelReason::InviteeLeft => say("mail-called-off-invitee-left", creator),
            };
            Ok(Some(Notice {
                subject: say("mail-called-off-subject", creator),
                lines: vec![why, lang.t("mail-called-off-links")],
                links: Vec::new(),
                link: format!("{}{path}", mailing.settings.base_url()),
                link_label: lang.t("mail-see-table"),
            }))
        }
        (Some(Kind::InvitationDeclined), None) if game.phase() == Phase::Waiting => {
            let who = pending.payload["player"].as_i64().unwrap_or_default();
            let name = match crate::auth::accounts::find(mailing.conn, who)? {
                Some(player) => player.display_name,
                None => return Ok(None),
            };
            Ok(Some(Notice {
                subject: say("mail-declined-subject", &name),
                lines: vec![say("mail-declined", &name)],
                links: Vec::new(),
                link: format!("{}{path}/invitations", mailing.settings.base_url()),
                link_label: lang.t("mail-declined-link"),
            }))
        }
        (Some(Kind::OutOfTime), _) => {
            let seat = pending.payload["seat"].as_u64().unwrap_or(u64::MAX) as usize;
            let still_late = game.phase() == Phase::Active
                && game.time_control.map(|c| c.on_timeout) == Some(OnTimeout::OthersDecide)
                && game
                    .clock
                    .as_ref()
                    .is_some_and(|c| c.out_of_time(now).contains(&seat));
            let Some(late) = game.seating.get(seat).filter(|_| still_late) else {
                return Ok(None);
            };
            Ok(Some(Notice {
                subject: say("mail-out-of-time-subject", &late.name),
                lines: vec![
                    say("mail-out-of-time", &late.name),
                    say("mail-out-of-time-choice", &late.name),
                ],
                links: Vec::new(),
                link: mailing.game_link(&path)?,
                link_label: lang.t("mail-open-game"),
            }))
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_news_waits_out_the_window_and_digests_wait_for_their_hour() {
        let mut settings = Settings::load(None).unwrap();
        settings.mail.coalesce_seconds = 300;
        settings.mail.digest_hour_utc = 7;
        let at = |h, m| Utc.with_ymd_and_hms(2026, 11, 21, h, m, 0).unwrap();
        assert_eq!(
            due_at(&settings, Notify::EveryTurn, at(10, 0)),
            Some(at(10, 5))
        );
        assert_eq!(due_at(&settings, Notify::Never, at(10, 0)), None);
        assert_eq!(
            due_at(&settings, Notify::DailyDigest, at(6, 30)),
            Some(at(7, 0)),
            "before the hour: the same day"
        );
        assert_eq!(
            due_at(&settings, Notify::DailyDigest, at(7, 0)),
            Some(Utc.with_ymd_and_hms(2026, 11, 22, 7, 0, 0).unwrap()),
            "at or after the hour: the next day"
        );
    }

    #[test]
    fn the_database_cut_offs_agree_with_when_news_is_due() {
        let mut settings = Settings::load(None).unwrap();
        let start = Utc.with_ymd_and_hms(2026, 11, 21, 0, 0, 0).unwrap();
        // Every quarter hour over two days, and the seconds either side of each.
        let times: Vec<DateTime<Utc>> = (0..2 * 24 * 4)
            .flat_map(|q| {
                let t = start + Duration::minutes(15 * q);
                [t - Duration::seconds(1), t, t + Duration::seconds(1)]
            })
            .collect();
        let mut checked = [0, 0];
        for (hour, coalesce) in [(0, 0), (7, 300), (23, 900)] {
            settings.mail.digest_hour_utc = hour;
            settings.mail.coalesce_seconds = coalesce;
            for &now in &times {
                let cut = due_before(&settings, now);
                for &oldest in times.iter().filter(|&&t| t <= now) {
                    let due = |notify| due_at(&settings, notify, oldest).unwrap() <= now;
                    assert_eq!(
                        due(Notify::EveryTurn),
                        oldest <= cut.every_turn,
                        "every turn: news at {oldest}, now {now}, coalescing {coalesce} s"
                    );
                    assert_eq!(
                        due(Notify::DailyDigest),
                        oldest < cut.digest,
                        "digest at {hour}:00: news at {oldest}, now {now}"
                    );
                    checked[usize::from(due(Notify::DailyDigest))] += 1;
                }
            }
        }
        assert!(
            checked.iter().all(|&n| n > 1000),
            "due and not due both met: {checked:?}"
        );
    }
}
