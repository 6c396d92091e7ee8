//! Prometheus metrics over HTTP: `GET /metrics` on an address of its own (`metrics.bind`), never
//! the public port. Besides what this process counts (`crate::metrics`), each scrape reads the
//! site's queues from the database in one statement, and the connection pools' state.

use std::net::TcpListener;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{App, HttpResponse, HttpServer, web};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double};
use prometheus::{Encoder, Gauge, IntGauge, IntGaugeVec, Registry, TextEncoder};

use crate::metrics::{fractional_gauge, gauge, gauges};
use crate::store::Pool;

/// Counts every request by the pattern of the route it matched ("/games/{id}"), never its path,
/// so that the number of series stays small.
pub async fn count_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let began = Instant::now();
    let method = req.method().as_str().to_owned();
    let response = next.call(req).await?;
    let route = response.request().match_pattern();
    crate::metrics::http_request(
        route.as_deref().unwrap_or("unmatched"),
        &method,
        response.status().as_u16(),
        began.elapsed(),
    );
    Ok(response)
}

/// The queues as the database holds them, read at each scrape.
#[derive(QueryableByName)]
struct Queues {
    #[diesel(sql_type = BigInt)]
    outbox_emails: i64,
    #[diesel(sql_type = Double)]
    outbox_oldest_seconds: f64,
    #[diesel(sql_type = BigInt)]
    inbound_pending: i64,
    #[diesel(sql_type = BigInt)]
    computer_turns: i64,
    #[diesel(sql_type = Double)]
    computer_oldest_seconds: f64,
    #[diesel(sql_type = BigInt)]
    games_awaiting_rating: i64,
    #[diesel(sql_type = BigInt)]
    deadlines_overdue: i64,
    #[diesel(sql_type = Double)]
    most_overdue_seconds: f64,
    #[diesel(sql_type = BigInt)]
    reports_open: i64,
    #[diesel(sql_type = Double)]
    report_oldest_seconds: f64,
    #[diesel(sql_type = BigInt)]
    mail_suppressed: i64,
}

/// Each part answers from a partial index of the rows it counts, so a scrape costs the same on
/// a site of a million finished games as on a new one.
const QUEUES: &str = "SELECT
    (SELECT count(*) FROM emails WHERE sent_at IS NULL AND failed_at IS NULL) AS outbox_emails,
    (SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 FROM emails
        WHERE sent_at IS NULL AND failed_at IS NULL) AS outbox_oldest_seconds,
    (SELECT count(*) FROM inbound_mail WHERE outcome = 'pending') AS inbound_pending,
    (SELECT count(*) FROM game_players p JOIN games g ON g.id = p.game_id
        WHERE p.to_act AND p.player_id < 0 AND p.ended_at IS NULL AND g.phase = 'active')
        AS computer_turns,
    (SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(g.updated_at)), 0)::float8
        FROM game_players p JOIN games g ON g.id = p.game_id
        WHERE p.to_act AND p.player_id < 0 AND p.ended_at IS NULL AND g.phase = 'active')
        AS computer_oldest_seconds,
    (SELECT count(*) FROM games WHERE phase = 'finished' AND rated AND rating_order IS NULL)
        AS games_awaiting_rating,
    (SELECT count(*) FROM turn_clocks WHERE NOT expiry_handled AND due_at < now())
        AS deadlines_overdue,
    (SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(due_at)), 0)::float8 FROM turn_clocks
        WHERE NOT expiry_handled AND due_at < now()) AS most_overdue_seconds,
    (SELECT count(*) FROM reports WHERE closed_at IS NULL) AS reports_open,
    (SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 FROM reports
        WHERE closed_at IS NULL) AS report_oldest_seconds,
    (SELECT count(*) FROM mail_addresses WHERE suppressed_at IS NOT NULL) AS mail_suppressed";

/// How far the replica's replay is behind what it has received: 0 when it has replayed all of
/// it (an idle primary sends nothing, and the replica is then not behind).
const REPLICA_LAG: &str = "SELECT CASE
    WHEN pg_last_wal_receive_lsn() IS NULL OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
    THEN 0
    ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0) END::float8
    AS lag_seconds";

#[derive(QueryableByName)]
struct Lag {
    #[diesel(sql_type = Double)]
    lag_seconds: f64,
}

/// Which of the queues' figures a gauge shows.
type QueueReading = fn(&Queues) -> f64;

/// What one endpoint serves: this process's figures, and the gauges it reads when scraped.
struct Scraped {
    registry: Registry,
    pool: Option<Pool>,
    replica: Option<Pool>,
    queues: Vec<(Gauge, QueueReading)>,
    queues_read: IntGauge,
    connections: IntGaugeVec,
    replica_lag: Gauge,
}

impl Scraped {
    fn new(pool: Option<Pool>, replica: Option<Pool>) -> Scraped {
        let registry = crate::metrics::registry();
        let queue =
            |name: &str, help: &str, read: fn(&Queues) -> f64| (fractional_gauge(name, help), read);
        let queues = vec![
            queue(
                "outbox_emails",
                "Emails waiting in the outbox (queued or to be tried again).",
                |q| q.outbox_emails as f64,
            ),
            queue(
                "outbox_oldest_age_seconds",
                "Age of the oldest email waiting in the outbox; 0 when it is empty.",
                |q| q.outbox_oldest_seconds,
            ),
            queue(
                "inbound_pending",
                "Replies received but not yet handled (the database failed mid-way).",
                |q| q.inbound_pending as f64,
            ),
            queue(
                "computer_turns_waiting",
                "Games in which a computer player is to move.",
                |q| q.computer_turns as f64,
            ),
            queue(
                "computer_turn_oldest_age_seconds",
                "How long the longest-waiting computer's turn has waited; 0 when none waits.",
                |q| q.computer_oldest_seconds,
            ),
            queue(
                "games_awaiting_rating",
                "Finished rated games whose rating is not yet written.",
                |q| q.games_awaiting_rating as f64,
            ),
            queue(
                "deadlines_overdue",
                "Turns past their deadline that the scheduler has not yet handled.",
                |q| q.deadlines_overdue as f64,
            ),
            queue(
                "deadline_most_overdue_seconds",
                "How far past its deadline the most overdue unhandled turn is; 0 when none is.",
                |q| q.most_overdue_seconds,
            ),
            queue(
                "reports_open",
                "Reports no moderator has acted on yet.",
                |q| q.reports_open as f64,
            ),
            queue(
                "report_oldest_age_seconds",
                "Age of the oldest open report; 0 when none is open.",
                |q| q.report_oldest_seconds,
            ),
            queue(
                "mail_suppressed_addresses",
                "Addresses that bounced past the threshold and get no unrequested mail.",
                |q| q.mail_suppressed as f64,
            ),
        ];
        let queues_read = gauge(
            "queues_read",
            "1 when the last scrape read the queues from the database, 0 when it could not.",
        );
        let connections = gauges(
            "db_pool_connections",
            "Connections a pool holds, by pool and state (in_use, idle).",
            &["pool", "state"],
        );
        let replica_lag = fractional_gauge(
            "replica_lag_seconds",
            "How far the replica's replay is behind, as this server sees it; -1 when it \
             cannot be asked.",
        );
        for (gauge, _) in &queues {
            registry
                .register(Box::new(gauge.clone()))
                .expect("each gauge once");
        }
        (registry.register(Box::new(queues_read.clone()))).expect("each gauge once");
        (registry.register(Box::new(connections.clone()))).expect("each gauge once");
        if replica.is_some() {
            (registry.register(Box::new(replica_lag.clone()))).expect("the lag once");
        }
        Scraped {
            registry,
            pool,
            replica,
            queues,
            queues_read,
            connections,
            replica_lag,
        }
    }

    /// Reads the gauges, then writes every figure in the text exposition format.
    fn scrape(&self) -> Vec<u8> {
        for pool in self.pool.iter().chain(&self.replica) {
            let state = pool.state();
            for (name, count) in [("in_use", state.in_use), ("idle", state.idle)] {
                (self.connections)
                    .with_label_values(&[pool.role(), name])
                    .set(i64::from(count));
            }
        }
        if let Some(pool) = &self.pool {
            let read = pool.get().map_err(|e| e.to_string()).and_then(|mut conn| {
                (diesel::sql_query(QUEUES).get_result::<Queues>(&mut conn))
                    .map_err(|e| e.to_string())
            });
            match read {
                Ok(queues) => {
                    for (gauge, value) in &self.queues {
                        gauge.set(value(&queues));
                    }
                    self.queues_read.set(1);
                }
                Err(e) => {
                    tracing::warn!("metrics: reading the queues: {e}");
                    self.queues_read.set(0);
                }
            }
        }
        if let Some(replica) = &self.replica {
            let lag = replica.get().ok().and_then(|mut conn| {
                (diesel::sql_query(REPLICA_LAG).get_result::<Lag>(&mut conn)).ok()
            });
            self.replica_lag
                .set(lag.map_or(-1.0, |lag| lag.lag_seconds));
        }
        let mut text = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut text)
            .expect("the text format encodes any figure");
        text
    }
}

async fn serve_metrics(scraped: web::Data<Scraped>) -> HttpResponse {
    let scraped = scraped.into_inner();
    match web::block(move || scraped.scrape()).await {
        Ok(text) => HttpResponse::Ok()
            .content_type(prometheus::TEXT_FORMAT)
            .body(text),
        Err(e) => HttpResponse::ServiceUnavailable().body(format!("metrics unavailable: {e}")),
    }
}

/// The metrics endpoint on `listener`, one thread: this process's figures, and, given `pool`,
/// the site's queues and the pools' state (`replica` adds the replica's pool and lag).
pub fn server(
    listener: TcpListener,
    pool: Option<Pool>,
    replica: Option<Pool>,
) -> std::io::Result<actix_web::dev::Server> {
    let scraped = web::Data::new(Scraped::new(pool, replica));
    let server = HttpServer::new(move || {
        App::new()
            .app_data(scraped.clone())
            .route("/metrics", web::get().to(serve_metrics))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run();
    Ok(server)
}
