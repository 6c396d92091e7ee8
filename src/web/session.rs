//! Who is asking: the signed-in player (if any) and the per-session CSRF token every form
//! carries. The cookie holds a session id that is checked against the `sessions` table on every
//! request, so any server process can answer and a revoked session ends everywhere at once.

use actix_session::Session;
use actix_web::{HttpRequest, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::AppState;
use super::error::WebError;
use super::form::Form;
use crate::auth::{Player, sessions, tokens};

const SESSION_KEY: &str = "session";
const CSRF_KEY: &str = "csrf";
pub const CSRF_FIELD: &str = "csrf";
pub const CSRF_HEADER: &str = "X-CSRF-Token";

#[derive(Clone)]
pub struct Visitor {
    pub player: Option<Player>,
    pub csrf: String,
    /// The id of the signed-in session, if any.
    pub session_id: Option<String>,
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

    /// Whether the visitor is signed in as the owner of `email`.
    pub fn is(&self, email: &str) -> bool {
        self.player.as_ref().is_some_and(|p| p.email == email)
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

/// Loads the visitor behind a request. A cookie whose session was revoked, has lapsed or names a
/// player who no longer exists is treated as signed out.
pub async fn visitor(session: &Session, state: &web::Data<AppState>) -> Result<Visitor, WebError> {
    let csrf = csrf_token(session);
    let id = session.get::<String>(SESSION_KEY).ok().flatten();
    let player = match id.clone() {
        Some(id) => {
            let pool = state.pool.clone();
            let idle_days = state.settings.auth.session_days;
            web::block(move || -> Result<_, WebError> {
                Ok(sessions::player(&mut *pool.get()?, &id, idle_days)?)
            })
            .await??
        }
        None => None,
    };
    if player.is_none() && id.is_some() {
        session.remove(SESSION_KEY);
    }
    let session_id = id.filter(|_| player.is_some());
    Ok(Visitor {
        player,
        csrf,
        session_id,
    })
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

/// A POST's token: the form's `csrf` field or, for tools, the `X-CSRF-Token` header.
pub fn check_post_csrf(req: &HttpRequest, session: &Session, form: &Form) -> Result<(), WebError> {
    let header = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok());
    check_csrf(session, form.get(CSRF_FIELD).or(header))
}

fn user_agent(req: &HttpRequest) -> String {
    req.headers()
        .get("User-Agent")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

/// Starts a signed-in session for `player`: a new server-side session, a new cookie, and a new
/// CSRF token, so nothing from before signing in carries over.
pub async fn sign_in(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    player: &Player,
) -> Result<(), WebError> {
    let pool = state.pool.clone();
    let (player_id, agent) = (player.id, user_agent(req));
    let id = web::block(move || -> Result<_, WebError> {
        Ok(sessions::start(&mut *pool.get()?, player_id, &agent)?)
    })
    .await??;
    session.renew();
    session.remove(CSRF_KEY);
    let _ = session.insert(SESSION_KEY, id);
    Ok(())
}

/// Ends this session on the server and forgets the cookie.
pub async fn sign_out(session: &Session, state: &web::Data<AppState>) -> Result<(), WebError> {
    if let Some(id) = session.get::<String>(SESSION_KEY).ok().flatten() {
        let pool = state.pool.clone();
        web::block(move || -> Result<_, WebError> {
            Ok(sessions::revoke(&mut *pool.get()?, &id)?)
        })
        .await??;
    }
    session.purge();
    Ok(())
}
