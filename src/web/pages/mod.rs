//! Request handlers, grouped by the capability they serve: `play` (a game's page, its moves, its
//! history and export), `tables` (new tables, invitations, joining, a table's business),
//! `tournaments`, `ratings` (leaderboards and players' pages), `accounts` (signing in,
//! settings, tokens, closing an account), `safety` (reports and blocks), `moderation` (the
//! moderators' desk) and `site` (the home page, the rules, health).

mod accounts;
mod feeds;
mod json;
mod moderation;
mod named;
mod play;
mod ratings;
mod safety;
mod site;
mod tables;
mod tournaments;

use accounts::{api_tokens, auth, closure, email_address, feed_addresses, settings, unsubscribe};
use actix_web::{FromRequest, Handler, HttpResponse, Resource, Responder, web};
use play::{export, game, history, plan, resign};
use ratings::{leaderboard, players};
use safety::{block, report};
use site::{health, home, rules};
use tables::{invitations, join, new_game, open_tables, table};
use tournaments::{event, event_new, events};

use super::get_or_head;
use super::request::error::WebError;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(page("/", home::home))
        .service(page("/static/style.css", stylesheet))
        .service(page("/healthz", health::healthz))
        .service(page("/readyz", health::readyz))
        .service(form("/sign-in", auth::sign_in_page, auth::request_link))
        .service(form("/sign-in/{token}", auth::link_page, auth::redeem_link))
        .service(action("/sign-out", auth::sign_out))
        .service(form("/settings", settings::show, settings::save))
        .service(action("/settings/vacation", settings::start_vacation))
        .service(action("/settings/email", email_address::request_change))
        .service(action(
            "/settings/email/check",
            email_address::check_current,
        ))
        .service(form(
            "/settings/email/{token}",
            email_address::confirm_page,
            email_address::confirm,
        ))
        .service(form(
            "/settings/tokens",
            api_tokens::show,
            api_tokens::create,
        ))
        .service(action("/settings/tokens/{id}/revoke", api_tokens::revoke))
        .service(form(
            "/settings/feeds",
            feed_addresses::show,
            feed_addresses::create,
        ))
        .service(action(
            "/settings/feeds/{id}/revoke",
            feed_addresses::revoke,
        ))
        .service(page("/feeds/{token}/deadlines.ics", feeds::calendar))
        .service(page("/feeds/{token}/turns.atom", feeds::atom))
        .service(action("/settings/bot", api_tokens::set_bot))
        .service(action("/settings/vacation/end", settings::end_vacation))
        .service(action(
            "/settings/reply-addresses/revoke",
            settings::revoke_reply_addresses,
        ))
        .service(action("/settings/my-data", settings::download_my_data))
        .service(action("/settings/close", closure::request))
        .service(form(
            "/close/{token}",
            closure::confirm_page,
            closure::close,
        ))
        .service(action(
            "/settings/sign-out-everywhere",
            settings::sign_out_everywhere,
        ))
        .service(page("/rules", rules::index))
        .service(page("/rules/{kind}", rules::show))
        .service(page("/help/email", rules::by_email))
        .service(page("/privacy", rules::privacy))
        .service(page("/games/new", new_game::choose_kind))
        .service(form(
            "/games/new/{kind}",
            new_game::options_page,
            new_game::create,
        ))
        .service(page("/games/{id}", game::show))
        .service(action("/games/{id}/play", game::play))
        .service(form("/games/{id}/resign", resign::confirm, resign::resign))
        .service(form("/games/{id}/plan", plan::show, plan::add))
        .service(action("/games/{id}/plan/remove", plan::remove))
        .service(action("/games/{id}/plan/clear", plan::clear))
        .service(form(
            "/games/{id}/invitations",
            invitations::show,
            invitations::send_again,
        ))
        .service(action("/games/{id}/cancel", table::cancel))
        .service(action("/games/{id}/withdraw-late", table::withdraw_late))
        .service(action("/games/{id}/rematch", table::rematch))
        .service(action("/games/{id}/sit", table::sit))
        .service(page("/tables", open_tables::list))
        .service(page("/events", events::index))
        .service(page("/events/new", event_new::choose_game))
        .service(form(
            "/events/new/{kind}",
            event_new::new_form,
            event_new::create,
        ))
        .service(page("/events/{id}", event::show))
        .service(action("/events/{id}/sign-up", event::sign_up))
        .service(action("/events/{id}/withdraw", event::withdraw))
        .service(action("/events/{id}/start", event::start_now))
        .service(action("/events/{id}/call-off", event::call_off))
        .service(page("/events/{id}/export", event::export))
        .service(page("/ratings", leaderboard::index))
        .service(page("/ratings/{kind}", leaderboard::show))
        .service(page("/players/{name}", players::show))
        .service(action("/games/{id}/say", table::say))
        .service(action("/games/{id}/talk/{seq}/remove", table::remove_talk))
        .service(form("/report", report::show, report::file))
        .service(form("/people/{id}/block", block::show, block::save))
        .service(page("/settings/blocks", block::list))
        .service(page("/moderation", moderation::show))
        .service(page("/moderation/reports/{id}", moderation::report))
        .service(action("/moderation/reports/{id}/claim", moderation::claim))
        .service(action("/moderation/reports/{id}/act", moderation::act))
        .service(page("/games/{id}/history", history::show))
        .service(page("/games/{id}/export", export::download))
        .service(form(
            "/unsubscribe/{token}",
            unsubscribe::confirm,
            unsubscribe::unsubscribe,
        ))
        .service(form("/join/{token}", join::show, join::accept))
        .service(action("/join/{token}/sign-in", join::send_sign_in))
        .service(action("/join/{token}/decline", join::decline));
}

/// A page: GET and HEAD; any other method is answered with 405 in words and `Allow`.
fn page<F, Args>(path: &str, show: F) -> Resource
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    web::resource(path)
        .route(get_or_head().to(show))
        .default_service(other_methods("GET, HEAD"))
}

/// An action: a form's POST only, never changed by opening the address.
fn action<F, Args>(path: &str, act: F) -> Resource
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    web::resource(path)
        .route(web::post().to(act))
        .default_service(other_methods("POST"))
}

/// A page with its own form: GET shows it, POST acts on it.
fn form<S, SArgs, A, AArgs>(path: &str, show: S, act: A) -> Resource
where
    S: Handler<SArgs>,
    SArgs: FromRequest + 'static,
    S::Output: Responder + 'static,
    A: Handler<AArgs>,
    AArgs: FromRequest + 'static,
    A::Output: Responder + 'static,
{
    web::resource(path)
        .route(get_or_head().to(show))
        .route(web::post().to(act))
        .default_service(other_methods("GET, HEAD, POST"))
}

fn other_methods(allow: &'static str) -> actix_web::Route {
    web::to(
        move || async move { Err::<HttpResponse, WebError>(WebError::method_not_allowed(allow)) },
    )
}

async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=31536000, immutable"))
        .body(crate::web::frame::layout::STYLESHEET)
}

pub async fn not_found() -> Result<HttpResponse, WebError> {
    Err(WebError::not_found())
}
