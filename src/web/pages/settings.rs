use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::auth::accounts::{self, Notify};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::form::Form;
use crate::web::layout::{Layout, page, render_page};
use crate::web::session::{check_form_csrf, visitor};

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

#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    layout: Layout,
    error: Option<String>,
    saved: bool,
    name: String,
    email: String,
    notify: Vec<NotifyChoice>,
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
    })
}

pub async fn save(
    session: Session,
    state: web::Data<AppState>,
    body: web::Bytes,
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
    let (status, error, name) = match accounts::normalize_name(typed) {
        Ok(name) => {
            let pool = state.pool.clone();
            let new_name = name.clone();
            web::block(move || -> Result<_, WebError> {
                let conn = &mut *pool.get()?;
                accounts::rename(conn, player.id, &new_name)?;
                Ok(accounts::set_notify(conn, player.id, notify)?)
            })
            .await??;
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
    render_page(
        status,
        &SettingsPage {
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
