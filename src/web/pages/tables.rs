//! Open tables: games whose creator left seats for anyone signed in to take.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::{HttpResponse, web};
use askama::Template;
use diesel::prelude::*;

use crate::games::clock::TimeControl;
use crate::games::stream::RatingRange;
use crate::i18n::Lang;
use crate::rules::Kind;
use crate::rules::Message;
use crate::store::replica::Need;
use crate::store::schema::games;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, page};
use crate::web::session::visitor;

use super::named::{NAMES, Piece, name_piece, with_names};

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
    levels: Vec<super::new_game::DayChoice>,
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
    type Row = (
        String,
        String,
        serde_json::Value,
        Option<serde_json::Value>,
        i32,
        Option<i32>,
        Option<i32>,
    );
    let rows: Vec<Row> = games::table
        .filter(games::phase.eq("waiting"))
        .filter(games::open_seats.gt(0))
        .filter(games::private.eq(false))
        .order(games::created_at.desc())
        .limit(MOST_LISTED)
        .select((
            games::id,
            games::kind,
            games::options,
            games::time_control,
            games::open_seats,
            games::rating_min,
            games::rating_max,
        ))
        .load(conn)?;
    let ids: Vec<String> = rows.iter().map(|row| row.0.clone()).collect();
    let mut seats = crate::games::computer::tables_in(conn, &ids, lang)?;
    let mut tables = Vec::with_capacity(rows.len());
    for (id, kind, options, time_control, open_seats, min, max) in rows {
        let Some(kind) = Kind::parse(&kind) else {
            continue;
        };
        let seated = seats.remove(&id).unwrap_or_default();
        let time = time_control
            .and_then(|c| serde_json::from_value::<TimeControl>(c).ok())
            .map_or_else(|| Message::new("game-no-time-limit"), |c| c.message());
        let time = lang.say(&time, &[]);
        tables.push(OpenTable {
            mine: seated.iter().any(|p| Some(p.player_id) == me),
            seated: with_names(
                &lang
                    .tr("tables-seated")
                    .arg("players", NAMES)
                    .arg("count", open_seats)
                    .to_string(),
                &seated.iter().map(name_piece).collect::<Vec<_>>(),
                &lang.t("list-separator"),
            ),
            id,
            game: lang.game_name(kind),
            options: {
                let mut options = crate::present::options_in_words(kind, &options, lang);
                let range = RatingRange { min, max };
                if range != RatingRange::default() {
                    options.push(lang.say(&range.message(), &[]));
                }
                options
            },
            time,
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
        levels: super::new_game::level_choices(lang),
    })
}
