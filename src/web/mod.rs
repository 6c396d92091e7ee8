//! The web server: routes, middleware and shared request helpers. Every page is server-rendered
//! HTML that works without JavaScript; game pages also answer in JSON.

pub mod capacity;
pub mod frame;
pub mod metrics;
pub mod pages;
pub mod request;
mod request_span;

use actix_session::SessionMiddleware;
use actix_session::config::PersistentSession;
use actix_session::storage::CookieSessionStore;
use actix_web::body::MessageBody;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::{DefaultHeaders, Next, from_fn};
use actix_web::{App, HttpServer, guard, web};
use frame::error_page;
use request::{error, session};

use crate::config::Settings;
use crate::store::Pool;
use crate::store::pipelined::Pipelined;

/// Everything a request handler may need.
#[derive(Clone)]
pub struct AppState {
    pub pool: Pool,
    /// Reads of what has already happened, which a replica may answer.
    pub reads: crate::store::replica::Reads,
    /// The HTTP worker threads' own connections, for the busiest pages' reads.
    pub pipelined: Pipelined,
    pub settings: Settings,
}

/// Scripts are forbidden outright; styles come from this site only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'self'; img-src 'self' data:; \
     form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// GET and HEAD on one route.
pub fn get_or_head() -> actix_web::Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// Whether the client asked for JSON: by `Accept`, by `?format=json`, or by sending JSON.
pub fn asks_for_json(req: &actix_web::HttpRequest) -> bool {
    let header_says_json = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|value| value.to_ascii_lowercase().contains("application/json"))
    };
    header_says_json("Accept")
        || header_says_json("Content-Type")
        || req
            .query_string()
            .split('&')
            .any(|pair| pair == "format=json")
}

/// Errors are answered in the reader's language, and JSON clients in JSON (`{"error": "…"}`)
/// with the same status and words as the page a browser gets.
/// Reads an `Authorization: Bearer` token: the request is then made as the token's player (see
/// [`session::ApiCaller`]); an unknown or revoked token is refused with 401 in words. The token is
/// never logged.
async fn api_tokens(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let Some(token) = bearer_token(req.request()) else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let pool = state.pool.clone();
    let found = web::block(move || -> Result<_, error::WebError> {
        Ok(crate::auth::api_tokens::player(&mut *pool.get()?, &token)?)
    })
    .await
    .map_err(error::WebError::from)
    .and_then(|found| found);
    match found {
        Ok(Some(player)) => match player.suspension() {
            Some(why) => {
                let refused = error::WebError::new(actix_web::http::StatusCode::FORBIDDEN, why);
                Ok(req.error_response(refused).map_into_right_body())
            }
            None => {
                actix_web::HttpMessage::extensions_mut(&req).insert(session::ApiCaller(player));
                Ok(next.call(req).await?.map_into_left_body())
            }
        },
        Ok(None) => {
            let refused = error::WebError::new(
                actix_web::http::StatusCode::UNAUTHORIZED,
                crate::rules::Message::new("api-token-refused"),
            );
            Ok(req.error_response(refused).map_into_right_body())
        }
        Err(e) => Ok(req.error_response(e).map_into_right_body()),
    }
}

/// The token of an `Authorization: Bearer` header, if the request has one.
fn bearer_token(req: &actix_web::HttpRequest) -> Option<String> {
    let header = req.headers().get("Authorization")?.to_str().ok()?;
    let (scheme, token) = header.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_string())
}

async fn error_pages(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let json = asks_for_json(req.request());
    let response = next.call(req).await?;
    let Some(error) = response
        .response()
        .error()
        .and_then(|e| e.as_error::<error::WebError>())
    else {
        return Ok(response.map_into_left_body());
    };
    let lang = session::page_lang(response.request());
    let answer = if json {
        error.json_in(lang, response.request())
    } else {
        error.response_in(lang, error_page::request_id(response.request()))
    };
    Ok(response.into_response(answer).map_into_right_body())
}

/// Extractors' refusals (a query, path or body that does not parse) as the app's own 400 in
/// words, which `error_pages` answers in the reader's language and format.
fn extractor_refusals(cfg: &mut web::ServiceConfig) {
    cfg.app_data(
        web::QueryConfig::default()
            .error_handler(|e, _| error::WebError::unreadable("request-query-unreadable", e)),
    )
    .app_data(
        web::PathConfig::default()
            .error_handler(|e, _| error::WebError::unreadable("request-path-unreadable", e)),
    )
    .app_data(
        web::FormConfig::default()
            .error_handler(|e, _| error::WebError::unreadable("request-form-unreadable", e)),
    )
    .app_data(
        web::JsonConfig::default()
            .error_handler(|e, _| error::WebError::unreadable("request-json-unreadable", e)),
    );
}

/// Registers every route.
pub fn routes(cfg: &mut web::ServiceConfig) {
    pages::routes(cfg);
}

/// The key that signs session cookies, generated on first start and kept in the database so
/// that sessions survive restarts.
pub fn session_key(pool: &Pool) -> anyhow::Result<Key> {
    let mut conn = pool.get()?;
    let stored = crate::store::secrets::get_or_make(&mut conn, "session_key", 64)?;
    Ok(Key::from(&stored))
}

/// The server on an already bound listener, ready to await.
pub fn server(
    state: AppState,
    key: Key,
    listener: std::net::TcpListener,
) -> std::io::Result<actix_web::dev::Server> {
    let secure = state.settings.server.secure_cookies;
    let shutdown_timeout = state.settings.server.shutdown_timeout_seconds;
    let workers = match state.settings.server.workers {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let blocking_threads = match state.settings.server.blocking_threads {
        0 => state.settings.database.pool_size as usize,
        n => n,
    };
    let other_files = u64::from(state.settings.database.pool_size)
        + state.settings.mail.concurrency as u64 * 2
        + workers as u64 * state.pipelined.connections_per_thread();
    let total = capacity::max_connections(
        state.settings.server.max_connections,
        capacity::open_file_limit(),
        other_files,
    );
    tracing::info!("serving at most {total} connections at once on {workers} threads");
    let data = web::Data::new(state);
    let http = HttpServer::new(move || {
        let sessions = SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
            .cookie_name("turnpost".into())
            .cookie_secure(secure)
            .cookie_http_only(true)
            .cookie_same_site(SameSite::Lax)
            .session_lifecycle(
                PersistentSession::default()
                    .session_ttl(actix_web::cookie::time::Duration::days(30)),
            )
            .build();
        App::new()
            .app_data(data.clone())
            .configure(extractor_refusals)
            // Inside the sessions, so that an error page reads the language chosen in them.
            .wrap(from_fn(api_tokens))
            .wrap(from_fn(error_pages))
            .wrap(sessions)
            .wrap(
                DefaultHeaders::new()
                    .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "no-referrer"))
                    .add(("X-Frame-Options", "DENY")),
            )
            .wrap(tracing_actix_web::TracingLogger::<request_span::RequestSpan>::new())
            .wrap(from_fn(metrics::count_requests))
            .configure(routes)
            .default_service(web::to(pages::not_found))
    })
    .workers(workers)
    .worker_max_blocking_threads(blocking_threads)
    .max_connections(capacity::per_worker(total, workers))
    .shutdown_timeout(shutdown_timeout)
    .listen(listener)?;
    Ok(http.run())
}
