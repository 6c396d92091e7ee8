//! The history page: every row of a game's log in order, with who acted, when, and what happened,
//! redacted for the viewer; and its JSON twin.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::audit::export::visible_row;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::entries;
use crate::game_log::stream::Entry;
use crate::present::{GameUi, sentence};
use crate::rules::{Message, with_rules};
use crate::store::events::EventRow;
use crate::store::replica::Need;
use crate::web::AppState;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::etag::{Answer, EntityTag, HeldTags};
use crate::web::frame::layout::{Layout, render_page};
use crate::web::pages::json::{json_response, wants_json};
use crate::web::pages::play::board::page::talk_hidden_in;
use crate::web::pages::play::entry_words::{describe, starts_game};
use crate::web::pages::play::game_view::{Visible, game_tag, load_visible};
use crate::web::request::error::WebError;
use crate::web::request::ids::GameId;
use crate::web::request::session::{Visitor, visitor};

pub struct HistoryRow {
    pub seq: i64,
    pub time: String,
    pub actor: String,
    pub lines: Vec<String>,
    pub hash: String,
    pub has_board: bool,
}

/// Events on one page of the history: a long game's history is read a page at a time.
pub const PAGE_ROWS: usize = 250;

#[derive(Template)]
#[template(path = "history.html")]
struct HistoryPage {
    layout: Layout,
    id: String,
    kind_name: String,
    rows: Vec<HistoryRow>,
    head: String,
    page: HistoryRange,
}

/// Which events a page of history shows, and where the pages before and after it start.
struct HistoryRange {
    first: i64,
    last: i64,
    count: i64,
    earlier: Option<i64>,
    later: Option<i64>,
}

impl HistoryRange {
    /// The page starting at event `from` (the first when None) of a log of `count` events.
    fn starting(from: Option<&str>, count: i64) -> Result<HistoryRange, WebError> {
        let first = crate::web::pages::play::game_view::parse_at(from, count)?.unwrap_or(1);
        let size = PAGE_ROWS as i64;
        let last = (first + size - 1).min(count);
        Ok(HistoryRange {
            first,
            last,
            count,
            earlier: (first > 1).then(|| (first - size).max(1)),
            later: (last < count).then_some(last + 1),
        })
    }

    fn path(game_id: &str, from: Option<i64>, json: bool) -> Option<String> {
        let format = if json { "&format=json" } else { "" };
        from.map(|n| format!("/games/{game_id}/history?from={n}{format}"))
    }
}

struct Built {
    page: HistoryPage,
    json: Value,
    tag: EntityTag,
}

fn build<R: GameUi>(
    conn: &mut diesel::PgConnection,
    game_id: &str,
    visitor: &Visitor,
    from: Option<&str>,
    held: &HeldTags,
) -> Result<Answer<Built>, WebError> {
    let Visible { mut game, rows } = load_visible::<R>(conn, game_id, visitor.player_id())?;
    crate::computers::name_in(&mut game, visitor.lang);
    let range = HistoryRange::starting(from, game.seq)?;
    let head = rows.last().map(EventRow::hash_hex).unwrap_or_default();
    let hidden = talk_hidden_in(conn, visitor, &game)?;
    let varies = format!("{} {hidden:?}", range.first);
    let tag = game_tag(&game, &rows, visitor, held.json, &varies);
    if tag.held_in(&held.tags) {
        return Ok(Answer::Unchanged(tag));
    }
    let viewer = game.viewer_for(visitor.player_id());
    let now_called = game.names_by_id();
    let ending = game.ending();
    let zone = zone_of(visitor);
    let started_at = rows.iter().find(|row| starts_game(row)).map(|row| row.seq);
    let shown = rows
        .iter()
        .filter(|row| (range.first..=range.last).contains(&row.seq));
    let mut html_rows = Vec::with_capacity(PAGE_ROWS);
    let mut json_rows = Vec::with_capacity(PAGE_ROWS);
    for row in shown {
        let (mut command, mut events) = visible_row(&game, row, viewer)?;
        // Talk of someone the visitor blocks is not shown, on the page nor in its twin.
        let hidden_talk = row.command.type_tag() == Some("say")
            && row.actor.is_some_and(|author| hidden.contains(&author));
        if hidden_talk {
            command = crate::chain::words_removed(&command);
            events = crate::chain::words_removed(&events);
        }
        let redacted: Vec<Entry<R::Event>> = entries::<R>(row)?
            .iter()
            .map(|entry| entry.redacted::<R>(viewer))
            .collect();
        let actor = row
            .actor
            .and_then(|id| now_called.get(&id))
            .map_or_else(|| "Turnpost".to_string(), Clone::clone);
        let names = game.seat_names_at(row.seq);
        html_rows.push(HistoryRow {
            seq: row.seq,
            time: local(row.recorded_at, zone),
            actor: actor.clone(),
            lines: match hidden_talk {
                true => vec![sentence(visitor.lang.say(
                    &Message::new("entry-said-hidden").text("player", &actor),
                    &names,
                ))],
                false => (redacted.iter())
                    .map(|e| {
                        sentence(visitor.lang.say(
                            &describe::<R>(e, ending.as_ref(), &now_called, zone),
                            &names,
                        ))
                    })
                    .collect(),
            },
            hash: row.hash_hex().chars().take(12).collect(),
            has_board: started_at.is_some_and(|start| row.seq >= start),
        });
        json_rows.push(json!({
            "seq": row.seq,
            "actor": row.actor,
            "actor_name": actor,
            "recorded_at": row.recorded_at_text(),
            "command": command,
            "events": events,
            "prev_hash": hex::encode(&row.prev_hash),
            "hash": row.hash_hex(),
        }));
    }
    let json = json!({
        "id": game.id,
        "kind": game.kind,
        "seq": game.seq,
        "head_hash": head,
        "from": range.first,
        "rows": json_rows,
        "earlier": HistoryRange::path(&game.id, range.earlier, true),
        "later": HistoryRange::path(&game.id, range.later, true),
    });
    let page = HistoryPage {
        layout: Layout::new(
            visitor
                .lang
                .tr("history-title")
                .arg("game", visitor.lang.t(R::NAME))
                .arg("id", &game.id)
                .to_string(),
            visitor,
        ),
        id: game.id.clone(),
        kind_name: visitor.lang.t(R::NAME),
        rows: html_rows,
        head,
        page: range,
    };
    Ok(Answer::Fresh(Built { page, json, tag }))
}

/// What a read of a game's log must see: the row the reader has seen, if they say.
pub fn seen(game_id: &str, seen: Option<i64>) -> Need<'_> {
    match seen {
        Some(seq) => Need::Game { id: game_id, seq },
        None => Need::Any,
    }
}

#[derive(Deserialize)]
pub struct HistoryQuery {
    format: Option<String>,
    from: Option<String>,
    /// The row of the log the reader has already seen (the board page's), which the page must
    /// show too.
    seen: Option<i64>,
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    query: web::Query<HistoryQuery>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let lang = visitor.lang;
    let json = wants_json(&req, query.format.as_deref());
    let held = HeldTags::of(&req, json);
    let reads = state.reads.clone();
    let query = query.into_inner();
    let built = web::block(move || -> Result<Answer<Built>, WebError> {
        let (mut conn, _) = reads.get(seen(&game_id, query.seen))?;
        let conn = &mut *conn;
        let kind = load::kind_of(conn, &game_id)?;
        let from = query.from.as_deref();
        with_rules!(kind, |R| build::<R>(conn, &game_id, &visitor, from, &held))
    })
    .await?;
    match built {
        Ok(Answer::Unchanged(tag)) => Ok(tag.not_modified()),
        Ok(Answer::Fresh(built)) => {
            let mut response = match json {
                true => json_response(StatusCode::OK, &built.json),
                false => render_page(StatusCode::OK, &built.page)?,
            };
            built.tag.mark(&mut response);
            Ok(response)
        }
        Err(error) if json => Ok(error.json_in(lang, &req)),
        Err(error) => Err(error),
    }
}
