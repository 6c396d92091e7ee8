//! Open tables: games whose creator left seats for anyone signed in to take.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::{HttpResponse, web};
use askama::Template;
use diesel::prelude::*;

use crate::game_log::record::read_model;
use crate::game_log::stream::RatingRange;
use crate::i18n::Lang;
use crate::rules::Kind;
use crate::store::replica::Need;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page};
use crate::web::pages::named::{NAMES, Piece, name_piece, with_names};
use crate::web::request::error::WebError;
use crate::web::request::session::visitor;

/// The most tables the page lists, newest first.
const MOST_LISTED: i64 = 100;

pub struct OpenTable {
    pub id: String,
    pub game: String,
    pub options: Vec<String>,
    pub time: String,
    /// Who sits there and how many seats are open, in a sentence.
    pub seated: Vec<Piece>,
    /// The visitor already sits here.
    pub mine: bool,
}

#[derive(Template)]
#[template(path = "tables.html")]
struct TablesPage {
    layout: Layout,
    tables: Vec<OpenTable>,
    signed_in: bool,
    kinds: Vec<KindName>,
    levels: Vec<crate::web::pages::tables::new_game::DayChoice>,
}

/// A game to play the computer at, instead of waiting for a table.
pub struct KindName {
    pub slug: &'static str,
    pub name: String,
}

fn open_tables(
    conn: &mut PgConnection,
    me: Option<i64>,
    lang: Lang,
) -> Result<Vec<OpenTable>, WebError> {
    let rows = read_model::open_tables(conn, None, me, MOST_LISTED)?;
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut seats = crate::computers::tables_in(conn, &ids, lang)?;
    let mut tables = Vec::with_capacity(rows.len());
    for row in rows {
        let seated = seats.remove(&row.id).unwrap_or_default();
        let time = lang.say(&row.time_message(), &[]);
        tables.push(OpenTable {
            mine: seated.iter().any(|p| Some(p.player_id) == me),
            seated: with_names(
                &lang
                    .tr("tables-seated")
                    .arg("players", NAMES)
                    .arg("count", row.open_seats)
                    .to_string(),
                &seated.iter().map(name_piece).collect::<Vec<_>>(),
                &lang.t("list-separator"),
            ),
            game: lang.game_name(row.kind),
            options: {
                let mut options = crate::present::options_in_words(row.kind, &row.options, lang);
                if row.rating_range != RatingRange::default() {
                    options.push(lang.say(&row.rating_range.message(), &[]));
                }
                options
            },
            time,
            id: row.id,
        });
    }
    Ok(tables)
}

pub async fn list(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let me = visitor.player_id();
    let reads = state.reads.clone();
    let lang = visitor.lang;
    let tables = web::block(move || open_tables(&mut reads.get(Need::Any)?.0, me, lang)).await??;
    page(&TablesPage {
        layout: Layout::titled("tables-title", &visitor),
        tables,
        signed_in: me.is_some(),
        kinds: Kind::ALL
            .iter()
            .map(|&kind| KindName {
                slug: kind.as_str(),
                name: lang.game_name(kind),
            })
            .collect(),
        levels: crate::web::pages::tables::new_game::level_choices(lang),
    })
}
