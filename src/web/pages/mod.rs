//! Request handlers, one module per area of the site.

mod api_tokens;
mod auth;
mod board_page;
mod event;
mod event_new;
mod event_new_json;
mod events;
mod export;
mod game;
mod game_move;
mod game_read;
mod game_view;
mod health;
mod history;
mod home;
mod invitations;
mod join;
mod leaderboard;
mod named;
mod new_game;
mod new_game_json;
mod new_table;
mod players;
mod recent;
mod resign;
mod rules;
mod settings;
mod table;
mod tables;
mod unsubscribe;

use actix_web::{HttpResponse, web};

use super::error::WebError;
use super::get_or_head;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/")
            .route(get_or_head().to(home::home))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/static/style.css")
            .route(get_or_head().to(stylesheet))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/healthz")
            .route(get_or_head().to(health::healthz))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/readyz")
            .route(get_or_head().to(health::readyz))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/sign-in")
            .route(get_or_head().to(auth::sign_in_page))
            .route(web::post().to(auth::request_link))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/sign-in/{token}")
            .route(get_or_head().to(auth::link_page))
            .route(web::post().to(auth::redeem_link))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/sign-out")
            .route(web::post().to(auth::sign_out))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/settings")
            .route(get_or_head().to(settings::show))
            .route(web::post().to(settings::save))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/settings/vacation")
            .route(web::post().to(settings::start_vacation))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/settings/tokens")
            .route(get_or_head().to(api_tokens::show))
            .route(web::post().to(api_tokens::create))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/settings/tokens/{id}/revoke")
            .route(web::post().to(api_tokens::revoke))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/settings/bot")
            .route(web::post().to(api_tokens::set_bot))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/settings/vacation/end")
            .route(web::post().to(settings::end_vacation))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/settings/reply-addresses/revoke")
            .route(web::post().to(settings::revoke_reply_addresses))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/settings/sign-out-everywhere")
            .route(web::post().to(settings::sign_out_everywhere))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/rules")
            .route(get_or_head().to(rules::index))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/rules/{kind}")
            .route(get_or_head().to(rules::show))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/help/email")
            .route(get_or_head().to(rules::by_email))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/games/new")
            .route(get_or_head().to(new_game::choose_kind))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/games/new/{kind}")
            .route(get_or_head().to(new_game::options_page))
            .route(web::post().to(new_game::create))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/games/{id}")
            .route(get_or_head().to(game::show))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/games/{id}/play")
            .route(web::post().to(game::play))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/games/{id}/resign")
            .route(get_or_head().to(resign::confirm))
            .route(web::post().to(resign::resign))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/games/{id}/invitations")
            .route(get_or_head().to(invitations::show))
            .route(web::post().to(invitations::send_again))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/games/{id}/cancel")
            .route(web::post().to(table::cancel))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/games/{id}/withdraw-late")
            .route(web::post().to(table::withdraw_late))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/games/{id}/rematch")
            .route(web::post().to(table::rematch))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/games/{id}/sit")
            .route(web::post().to(table::sit))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/tables")
            .route(get_or_head().to(tables::list))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/events")
            .route(get_or_head().to(events::index))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/events/new")
            .route(get_or_head().to(event_new::choose_game))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/events/new/{kind}")
            .route(get_or_head().to(event_new::new_form))
            .route(web::post().to(event_new::create))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/events/{id}")
            .route(get_or_head().to(event::show))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/events/{id}/sign-up")
            .route(web::post().to(event::sign_up))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/events/{id}/withdraw")
            .route(web::post().to(event::withdraw))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/events/{id}/export")
            .route(get_or_head().to(event::export))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/ratings")
            .route(get_or_head().to(leaderboard::index))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/ratings/{kind}")
            .route(get_or_head().to(leaderboard::show))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/players/{name}")
            .route(get_or_head().to(players::show))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/games/{id}/say")
            .route(web::post().to(table::say))
            .default_service(other_methods(POST_ONLY)),
    )
    .service(
        web::resource("/games/{id}/history")
            .route(get_or_head().to(history::show))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/games/{id}/export")
            .route(get_or_head().to(export::download))
            .default_service(other_methods(GET_ONLY)),
    )
    .service(
        web::resource("/unsubscribe/{token}")
            .route(get_or_head().to(unsubscribe::confirm))
            .route(web::post().to(unsubscribe::unsubscribe))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/join/{token}")
            .route(get_or_head().to(join::show))
            .route(web::post().to(join::accept))
            .default_service(other_methods(GET_OR_POST)),
    )
    .service(
        web::resource("/join/{token}/sign-in")
            .route(web::post().to(join::send_sign_in))
            .default_service(other_methods(POST_ONLY)),
    );
}

/// What an address answers to the methods it does not take: a 405 in words, with `Allow`.
const GET_ONLY: &str = "GET, HEAD";
const POST_ONLY: &str = "POST";
const GET_OR_POST: &str = "GET, HEAD, POST";

fn other_methods(allow: &'static str) -> actix_web::Route {
    web::to(
        move || async move { Err::<HttpResponse, WebError>(WebError::method_not_allowed(allow)) },
    )
}

async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=31536000, immutable"))
        .body(crate::web::layout::STYLESHEET)
}

pub async fn not_found() -> Result<HttpResponse, WebError> {
    Err(WebError::not_found())
}
