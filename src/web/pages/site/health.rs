//! Endpoints for operators and load balancers: is the process up, and can it reach PostgreSQL.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use diesel::prelude::*;

use crate::web::AppState;

fn plain(status: StatusCode, text: &str) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(format!("{text}\n"))
}

/// The process is up and answering.
pub async fn healthz() -> HttpResponse {
    plain(StatusCode::OK, "ok")
}

/// The process can serve players: it has a working database connection.
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let pool = state.pool.clone();
    let checked = web::block(move || -> Result<(), String> {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        diesel::sql_query("SELECT 1")
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })
    .await;
    match checked {
        Ok(Ok(())) => plain(StatusCode::OK, "ready"),
        Ok(Err(e)) => {
            tracing::warn!("not ready: {e}");
            plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: the database cannot be reached",
            )
        }
        Err(_) => plain(StatusCode::SERVICE_UNAVAILABLE, "not ready"),
    }
}
