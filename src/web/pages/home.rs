use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::games::{Kind, read_model};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, page};
use crate::web::session::visitor;

pub struct GameLine {
    pub id: String,
    pub kind_name: &'static str,
    pub players: String,
    pub state: String,
    pub updated: String,
    pub my_turn: bool,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    games: Vec<GameLine>,
    next: String,
    email: String,
}

pub async fn home(session: Session, state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    let games = match visitor.player_id() {
        Some(me) => {
            let pool = state.pool.clone();
            web::block(move || game_lines(&mut *pool.get()?, me)).await??
        }
        None => Vec::new(),
    };
    page(&HomePage {
        layout: Layout::new("Your games", &visitor),
        games,
        next: "/".into(),
        email: String::new(),
    })
}

fn game_lines(conn: &mut diesel::PgConnection, me: i64) -> Result<Vec<GameLine>, WebError> {
    let mut lines = Vec::new();
    for game in read_model::games_of(conn, me)? {
        let table = read_model::table_of(conn, &game.id)?;
        let others: Vec<&str> = table
            .iter()
            .filter(|p| p.player_id != me)
            .map(|p| p.name.as_str())
            .collect();
        let waiting_for: Vec<&str> = table
            .iter()
            .filter(|p| p.to_act)
            .map(|p| p.name.as_str())
            .collect();
        let state = match (game.phase.as_str(), &game.result) {
            ("finished", Some(result)) => format!("Finished: {result}"),
            ("waiting", _) => "Waiting for players to join".into(),
            ("cancelled", _) => "Called off".into(),
            _ if !waiting_for.is_empty() => format!("Waiting for {}", waiting_for.join(", ")),
            _ => "In progress".into(),
        };
        lines.push(GameLine {
            kind_name: Kind::parse(&game.kind).map_or("Game", Kind::name),
            id: game.id,
            players: if others.is_empty() {
                "—".into()
            } else {
                format!("with {}", others.join(", "))
            },
            state,
            updated: game.updated_at.format("%Y-%m-%d %H:%M UTC").to_string(),
            my_turn: game.my_turn,
        });
    }
    Ok(lines)
}
