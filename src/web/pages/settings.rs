use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::auth::accounts::{self, Notify};
use crate::auth::sessions;
use crate::web::AppState;
use crate::web::body::Body;
use crate::web::error::WebError;
use crate::web::form::Form;
use crate::web::layout::{Layout, page, render_page, see_other};
use crate::web::session::{Visitor, check_form_csrf, visitor};

pub struct NotifyChoice {
    value: &'static str,
    label: &'static str,
    checked: bool,
}

fn notify_choices(current: &str) -> Vec<NotifyChoice> {
    Notify::ALL
        .into_iter()
        .map(|n| NotifyChoice {
            value: n.as_str(),
            label: n.label(),
            checked: n.as_str() == current,
        })
        .collect()
}

/// A signed-in browser, as listed in Settings.
pub struct SessionLine {
    since: String,
    last_seen: String,
    browser: String,
    current: bool,
}

#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    layout: Layout,
    error: Option<String>,
    saved: bool,
    name: String,
    email: String,
    notify: Vec<NotifyChoice>,
    sessions: Vec<SessionLine>,
}

async fn session_lines(
    state: &web::Data<AppState>,
    visitor: &Visitor,
) -> Result<Vec<SessionLine>, WebError> {
    let (Some(player), Some(current)) = (visitor.player_id(), visitor.session_id.clone()) else {
        return Ok(Vec::new());
    };
    let pool = state.pool.clone();
    let idle_days = state.settings.auth.session_days;
    let listed = web::block(move || -> Result<_, WebError> {
        Ok(sessions::list(
            &mut *pool.get()?,
            player,
            &current,
            idle_days,
        )?)
    })
    .await??;
    let when = |t: chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%d %H:%M UTC").to_string();
    Ok(listed
        .into_iter()
        .map(|s| SessionLine {
            since: when(s.created_at),
            last_seen: when(s.last_seen_at),
            browser: if s.user_agent.is_empty() {
                "An unnamed browser".into()
            } else {
                s.user_agent
            },
            current: s.current,
        })
        .collect())
}

pub async fn show(session: Session, state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    let player = visitor.require_player()?;
    page(&SettingsPage {
        layout: Layout::new("Settings", &visitor),
        error: None,
        saved: false,
        name: player.display_name.clone(),
        email: player.email.clone(),
        notify: notify_choices(&player.notify),
        sessions: session_lines(&state, &visitor).await?,
    })
}

/// Ends every session of the player, this one included.
pub async fn sign_out_everywhere(
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    let visitor = visitor(&session, &state).await?;
    let player = visitor.require_player()?.id;
    let pool = state.pool.clone();
    web::block(move || -> Result<_, WebError> {
        Ok(sessions::revoke_all(&mut *pool.get()?, player)?)
    })
    .await??;
    session.purge();
    Ok(see_other("/"))
}

pub async fn save(
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    let mut visitor = visitor(&session, &state).await?;
    let player = visitor.require_player()?.clone();
    let typed = form.required("display_name")?;
    let notify = match form.get("notify") {
        None => Notify::parse(&player.notify).unwrap_or(Notify::EveryTurn),
        Some(value) => Notify::parse(value)
            .ok_or_else(|| WebError::bad_request("Choose one of the offered email settings."))?,
    };
    let checked = match accounts::normalize_name(typed) {
        Ok(name) => {
            let pool = state.pool.clone();
            let new_name = name.clone();
            let renamed = web::block(move || -> Result<_, WebError> {
                let conn = &mut *pool.get()?;
                match accounts::rename(conn, player.id, &new_name) {
                    Ok(()) => {}
                    Err(accounts::RenameError::Taken(name)) => {
                        return Ok(Err(accounts::RenameError::Taken(name).to_string()));
                    }
                    Err(accounts::RenameError::Database(e)) => return Err(e.into()),
                }
                accounts::set_notify(conn, player.id, notify)?;
                Ok(Ok(()))
            })
            .await??;
            renamed.map(|()| name)
        }
        Err(error) => Err(error),
    };
    let (status, error, name) = match checked {
        Ok(name) => {
            if let Some(p) = visitor.player.as_mut() {
                p.display_name = name.clone();
                p.notify = notify.as_str().to_string();
            }
            (StatusCode::OK, None, name)
        }
        Err(error) => (
            StatusCode::BAD_REQUEST,
            Some(error),
            typed.chars().take(80).collect(),
        ),
    };
    let sessions = session_lines(&state, &visitor).await?;
    render_page(
        status,
        &SettingsPage {
            sessions,
            layout: Layout::new("Settings", &visitor),
            saved: error.is_none(),
            error,
            name,
            email: player.email,
            notify: notify_choices(
                visitor
                    .player
                    .as_ref()
                    .map_or(player.notify.as_str(), |p| p.notify.as_str()),
            ),
        },
    )
}
