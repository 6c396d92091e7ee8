//! Who is asking: the signed-in player (if any) and the per-session CSRF token every form
//! carries.

use actix_session::Session;
use actix_web::web;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::AppState;
use super::error::WebError;
use super::form::Form;
use crate::auth::{Player, accounts, tokens};

const PLAYER_KEY: &str = "player_id";
const CSRF_KEY: &str = "csrf";
pub const CSRF_FIELD: &str = "csrf";
pub const CSRF_HEADER: &str = "X-CSRF-Token";

#[derive(Clone)]
pub struct Visitor {
    pub player: Option<Player>,
    pub csrf: String,
}

impl Visitor {
    pub fn player_id(&self) -> Option<i64> {
        self.player.as_ref().map(|p| p.id)
    }

    pub fn require_player(&self) -> Result<&Player, WebError> {
        self.player
            .as_ref()
            .ok_or_else(|| WebError::forbidden("Please sign in first."))
    }
}

/// The CSRF token of this session, created on first use.
fn csrf_token(session: &Session) -> String {
    if let Ok(Some(token)) = session.get::<String>(CSRF_KEY) {
        return token;
    }
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let _ = session.insert(CSRF_KEY, &token);
    token
}

/// Loads the visitor behind a request. A session naming a player who no longer exists is
/// treated as signed out.
pub async fn visitor(session: &Session, state: &web::Data<AppState>) -> Result<Visitor, WebError> {
    let csrf = csrf_token(session);
    let id = session.get::<i64>(PLAYER_KEY).ok().flatten();
    let player = match id {
        Some(id) => {
            let pool = state.pool.clone();
            web::block(move || -> Result<_, WebError> {
                Ok(accounts::find(&mut *pool.get()?, id)?)
            })
            .await??
        }
        None => None,
    };
    Ok(Visitor { player, csrf })
}

/// Checks the CSRF token of a form post against the session's.
pub fn check_csrf(session: &Session, submitted: Option<&str>) -> Result<(), WebError> {
    let expected = session.get::<String>(CSRF_KEY).ok().flatten();
    match (expected, submitted) {
        (Some(expected), Some(given))
            if tokens::constant_time_eq(expected.as_bytes(), given.as_bytes()) =>
        {
            Ok(())
        }
        _ => Err(WebError::forbidden(
            "This form has expired or did not come from this site. Please go back, reload the page and try again.",
        )),
    }
}

pub fn check_form_csrf(session: &Session, form: &Form) -> Result<(), WebError> {
    check_csrf(session, form.get(CSRF_FIELD))
}

/// Starts a signed-in session for `player` (a new session, so no earlier cookie carries over).
pub fn sign_in(session: &Session, player: &Player) {
    session.renew();
    let _ = session.insert(PLAYER_KEY, player.id);
}

pub fn sign_out(session: &Session) {
    session.purge();
}
