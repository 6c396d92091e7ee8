//! Who is asking: the signed-in player (if any) and the per-session CSRF token every form
//! carries. The cookie holds a session id that is checked against the `sessions` table on every
//! request, so any server process can answer and a revoked session ends everywhere at once.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use diesel::{PgConnection, QueryResult};
use diesel_async::AsyncPgConnection;

use super::error::WebError;
use super::form::Form;
use crate::auth::{Player, sessions, tokens};
use crate::i18n::Lang;
use crate::rules::Message;
use crate::web::AppState;

const SESSION_KEY: &str = "session";
const CSRF_KEY: &str = "csrf";
/// The language chosen with the switch on every page, kept in the (client-side) session cookie.
const LANG_KEY: &str = "lang";
pub const CSRF_FIELD: &str = "csrf";
pub const CSRF_HEADER: &str = "X-CSRF-Token";

#[derive(Clone)]
pub struct Visitor {
    pub player: Option<Player>,
    pub csrf: String,
    /// The id of the signed-in session, if any.
    pub session_id: Option<String>,
    /// The language the pages are written in for this visitor.
    pub lang: Lang,
    /// This page's path and query, without a language choice, for the language switch.
    pub here: String,
}

impl Visitor {
    pub fn player_id(&self) -> Option<i64> {
        self.player.as_ref().map(|p| p.id)
    }

    pub fn require_player(&self) -> Result<&Player, WebError> {
        self.player
            .as_ref()
            .ok_or_else(|| WebError::forbidden(Message::new("sign-in-first")))
    }

    /// Whether the visitor is signed in as the owner of `email`.
    pub fn is(&self, email: &str) -> bool {
        self.player.as_ref().is_some_and(|p| p.email == email)
    }

    /// An emailed link that acts on account `owner` may be used signed out or signed in as its
    /// owner, never while signed in as someone else (who would act on another person's
    /// account): then a 403 with the words `refusal` gives, told who is signed in.
    pub fn refuse_unless(
        &self,
        owner: i64,
        refusal: impl FnOnce(&Player) -> Message,
    ) -> Result<(), WebError> {
        match &self.player {
            Some(signed_in) if signed_in.id != owner => {
                Err(WebError::new(StatusCode::FORBIDDEN, refusal(signed_in)))
            }
            _ => Ok(()),
        }
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

/// The player whose API token (`Authorization: Bearer`) a request carries, checked against the
/// database by the `api_tokens` middleware before any handler runs.
#[derive(Clone)]
pub struct ApiCaller(pub Player);

/// Whether the request is made with an API token: such a request needs no CSRF token, since no
/// browser adds one to a request another site makes.
pub fn by_api_token(req: &HttpRequest) -> bool {
    req.extensions().get::<ApiCaller>().is_some()
}

/// Loads the visitor behind a request. A cookie whose session was revoked, has lapsed or names a
/// player who no longer exists is treated as signed out.
pub async fn visitor(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
) -> Result<Visitor, WebError> {
    let caller = Caller::of(req, session, state);
    if let Some(player) = caller.api_player.clone() {
        return Ok(caller.with(Some(player)));
    }
    if caller.session_id.is_none() {
        return Ok(caller.with(None));
    }
    let pool = state.pool.clone();
    let visitor = web::block(move || caller.visitor(&mut *pool.get()?)).await??;
    settle(session, &visitor);
    Ok(visitor)
}

/// A form posted to a page: read, its CSRF token checked, and its visitor loaded.
pub async fn posted_form(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    body: &[u8],
) -> Result<(Visitor, super::form::Form), WebError> {
    let form = super::form::Form::read(req, body)?;
    check_post_csrf(req, session, &form)?;
    Ok((visitor(req, session, state).await?, form))
}

/// What a request tells of its visitor before the database is asked: a handler that needs a
/// database connection anyway looks the session up on it ([`Caller::visitor`]), then calls
/// [`settle`].
#[derive(Clone)]
pub struct Caller {
    csrf: String,
    session_id: Option<String>,
    here: String,
    /// The language the visitor chose on this site, if any.
    chosen: Option<Lang>,
    browser: Lang,
    idle_days: i64,
    /// The player whose API token the request carries.
    api_player: Option<Player>,
}

impl Caller {
    pub fn of(req: &HttpRequest, session: &Session, state: &web::Data<AppState>) -> Caller {
        let csrf = csrf_token(session);
        let session_id = session.get::<String>(SESSION_KEY).ok().flatten();
        let (here, switched) = strip_lang_choice(req);
        if let Some(lang) = switched {
            choose_lang(session, lang);
        }
        Caller {
            csrf,
            session_id,
            here,
            chosen: switched.or_else(|| chosen_lang(session)),
            browser: browser_lang(req),
            idle_days: state.settings.auth.session_days,
            api_player: req.extensions().get::<ApiCaller>().map(|a| a.0.clone()),
        }
    }

    /// The language pages are written in before the visitor is known (for an error that
    /// comes first).
    pub fn lang(&self) -> Lang {
        self.chosen.unwrap_or(self.browser)
    }

    /// The visitor, with their session checked on `conn`.
    pub fn visitor(self, conn: &mut PgConnection) -> Result<Visitor, WebError> {
        if let Some(player) = self.api_player.clone() {
            return Ok(self.with(Some(player)));
        }
        let player = match &self.session_id {
            Some(id) => sessions::player(conn, id, self.idle_days)?,
            None => None,
        };
        Ok(self.with(player))
    }

    /// [`Caller::visitor`] over a connection that concurrent requests share.
    pub async fn visitor_pipelined(self, conn: &AsyncPgConnection) -> QueryResult<Visitor> {
        Ok(self.visitor_at_pipelined(conn).await?.0)
    }

    /// [`Caller::visitor_pipelined`], with the database's time as a signed-in visitor's session
    /// was checked (none for a visitor who is not signed in).
    pub async fn visitor_at_pipelined(
        self,
        conn: &AsyncPgConnection,
    ) -> QueryResult<(Visitor, Option<DateTime<Utc>>)> {
        if let Some(player) = self.api_player.clone() {
            // No session was checked: the database's time is not at hand.
            return Ok((self.with(Some(player)), None));
        }
        let found = match &self.session_id {
            Some(id) => sessions::player_pipelined(conn, id, self.idle_days).await?,
            None => None,
        };
        let (player, now) = found.unzip();
        Ok((self.with(player), now))
    }

    fn with(self, player: Option<Player>) -> Visitor {
        let lang = (self.chosen)
            .or_else(|| player.as_ref().map(Player::lang))
            .unwrap_or(self.browser);
        Visitor {
            session_id: self.session_id.filter(|_| player.is_some()),
            player,
            csrf: self.csrf,
            lang,
            here: self.here,
        }
    }
}

/// Forgets a session cookie that named no live session.
pub fn settle(session: &Session, visitor: &Visitor) {
    if visitor.session_id.is_none() && session.get::<String>(SESSION_KEY).ok().flatten().is_some() {
        session.remove(SESSION_KEY);
    }
}

/// The request's address without its `lang=` parameter, and the language that parameter names.
/// The switch on every page is a plain link to the same address with `lang=` added: following
/// it only sets the browser's cookie, nothing on the server.
fn strip_lang_choice(req: &HttpRequest) -> (String, Option<Lang>) {
    let mut chosen = None;
    let kept: Vec<(String, String)> = url::form_urlencoded::parse(req.query_string().as_bytes())
        .filter(|(name, value)| {
            if name == LANG_KEY {
                chosen = chosen.or(Lang::from_code(value));
                false
            } else {
                true
            }
        })
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect();
    let mut here = req.path().to_string();
    if !kept.is_empty() {
        here.push('?');
        here.push_str(
            &url::form_urlencoded::Serializer::new(String::new())
                .extend_pairs(kept)
                .finish(),
        );
    }
    (here, chosen)
}

/// The language picked with the switch in the page footer, if any.
fn chosen_lang(session: &Session) -> Option<Lang> {
    let code = session.get::<String>(LANG_KEY).ok().flatten()?;
    Lang::from_code(&code)
}

/// Keeps `lang` for this browser's next pages.
pub fn choose_lang(session: &Session, lang: Lang) {
    let _ = session.insert(LANG_KEY, lang.code());
}

/// The language of a page answered without loading the visitor (an error page): the one chosen
/// in this browser, else the one it asks for.
pub fn page_lang(req: &HttpRequest) -> Lang {
    use actix_session::SessionExt;
    strip_lang_choice(req)
        .1
        .or_else(|| chosen_lang(&req.get_session()))
        .unwrap_or_else(|| browser_lang(req))
}

/// The language the browser asks for, English when it asks for none we speak.
pub fn browser_lang(req: &HttpRequest) -> Lang {
    req.headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(Lang::from_accept_language)
        .unwrap_or_default()
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
        _ => Err(WebError::forbidden(Message::new("form-expired"))),
    }
}

/// A POST's token: the form's `csrf` field or, for tools, the `X-CSRF-Token` header.
pub fn check_post_csrf(req: &HttpRequest, session: &Session, form: &Form) -> Result<(), WebError> {
    if by_api_token(req) {
        return Ok(());
    }
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
    if chosen_lang(session).is_none() {
        choose_lang(session, player.lang());
    }
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
    let lang = chosen_lang(session);
    session.purge();
    if let Some(lang) = lang {
        choose_lang(session, lang);
    }
    Ok(())
}
