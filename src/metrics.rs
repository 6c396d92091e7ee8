//! What a Turnpost process counts for Prometheus: requests, moves, deliveries, replies, the
//! workers' rounds and the connection pools. The figures here are the process's own since it
//! started; the queues' depths, which belong to the whole site, are read from the database when
//! the metrics are scraped (`web::metrics`).
//!
//! Names follow Prometheus' conventions: a `turnpost_` prefix, `_total` on counters, base units
//! (seconds) in the name. Every label takes one of a few values (a route's pattern, never its
//! path; a game's kind, never its id), so the number of series stays small.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus::core::Collector;
use prometheus::{
    Gauge, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge,
    IntGaugeVec, Opts, Registry,
};

/// Where a move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// A form on a page.
    Web,
    /// A JSON body, from a program.
    Json,
    /// A reply to an email.
    Email,
    /// A computer player.
    Computer,
    /// A player's plan, answering the opponent's move as they planned.
    Plan,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Web => "web",
            Channel::Json => "json",
            Channel::Email => "email",
            Channel::Computer => "computer",
            Channel::Plan => "plan",
        }
    }
}

/// Latency buckets, in seconds, from a cached page to a slow database.
const LATENCY: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

struct Figures {
    http_requests: IntCounterVec,
    http_duration: HistogramVec,
    moves: IntCounterVec,
    deliveries: IntCounterVec,
    composed: IntCounter,
    signing_failures: IntCounter,
    mail_reports: IntCounterVec,
    inbound: IntCounterVec,
    scheduler_round: Histogram,
    scheduler_items: IntCounterVec,
    worker_failures: IntCounterVec,
    computer_thinking: HistogramVec,
    computer_budget: Gauge,
    games_rated: IntCounter,
    moderation_actions: IntCounterVec,
    pool_wait: HistogramVec,
    pool_waiting: IntGaugeVec,
    pool_timeouts: IntCounterVec,
    replica_reads: IntCounterVec,
    cache_uses: IntCounterVec,
    /// `cache_uses`' two series, resolved once: every page and move counts one.
    cache_hits: IntCounter,
    cache_misses: IntCounter,
    event_cache_uses: IntCounterVec,
    build_info: IntGaugeVec,
}

fn counter(name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    IntCounterVec::new(Opts::new(name, help), labels).expect("a valid counter")
}

fn histogram(name: &str, help: &str, labels: &[&str], buckets: &[f64]) -> HistogramVec {
    let opts = HistogramOpts::new(name, help).buckets(buckets.to_vec());
    HistogramVec::new(opts, labels).expect("a valid histogram")
}

static FIGURES: LazyLock<Figures> = LazyLock::new(|| {
    let cache_uses = counter(
        "game_cache_uses_total",
        "Games looked up in the folded-game cache, by result: hit (only newer rows read) or \
         miss (the whole log read and folded).",
        &["result"],
    );
    let build_info = IntGaugeVec::new(
        Opts::new(
            "build_info",
            "The running build: always 1, labelled with its version.",
        ),
        &["version"],
    )
    .expect("a valid gauge");
    build_info
        .with_label_values(&[env!("CARGO_PKG_VERSION")])
        .set(1);
    Figures {
        http_requests: counter(
            "http_requests_total",
            "HTTP requests answered, by route pattern, method and status.",
            &["route", "method", "status"],
        ),
        http_duration: histogram(
            "http_request_duration_seconds",
            "Time to answer an HTTP request, by route pattern.",
            &["route"],
            LATENCY,
        ),
        moves: counter(
            "moves_total",
            "Moves asked for, by game, channel and result (accepted or refused).",
            &["game", "channel", "result"],
        ),
        deliveries: counter(
            "mail_deliveries_total",
            "Attempts to hand an email to the relay, by result: sent, deferred (tried again \
             later) or failed (given up, or the address refused for good).",
            &["result"],
        ),
        composed: IntCounter::new(
            "mail_composed_total",
            "Emails written into the outbox by this process's mail worker.",
        )
        .expect("a valid counter"),
        signing_failures: IntCounter::new(
            "mail_signing_failures_total",
            "Emails that could not be DKIM-signed, and mail workers that could not read their \
             DKIM key (such a worker does not start).",
        )
        .expect("a valid counter"),
        mail_reports: counter(
            "mail_reports_total",
            "Delivery reports and complaints received at the return path, by what they said \
             (permanent, temporary, policy, complaint, repeat, nothing) or why they were \
             ignored (forged, untied, unknown_email, unreadable).",
            &["kind"],
        ),
        inbound: counter(
            "inbound_replies_total",
            "Messages received for reply addresses, by what became of them.",
            &["outcome"],
        ),
        scheduler_round: Histogram::with_opts(
            HistogramOpts::new(
                "scheduler_round_duration_seconds",
                "Time one scheduler round took (reminders, timeouts, ratings, tournaments).",
            )
            .buckets(LATENCY.to_vec()),
        )
        .expect("a valid histogram"),
        scheduler_items: counter(
            "scheduler_items_total",
            "What the scheduler did, by kind: reminders, timeouts, takeovers, tables told, \
             tables called off, games rated, tournament steps.",
            &["kind"],
        ),
        worker_failures: counter(
            "worker_round_failures_total",
            "Rounds of a background worker that failed (see the log), by worker.",
            &["worker"],
        ),
        moderation_actions: counter(
            "moderation_actions_total",
            "Moderators' actions this process carried out, by kind: remove_message, mute, \
             reset_name, suspend, dismiss.",
            &["action"],
        ),
        games_rated: IntCounter::new(
            "games_rated_total",
            "Finished games whose ratings this process wrote (the scheduler, or the mail \
             worker before it tells the players).",
        )
        .expect("a valid counter"),
        computer_thinking: histogram(
            "computer_thinking_seconds",
            "Time a computer player spent choosing a move, by game; less when many turns wait \
             (see computer_thinking_budget_seconds).",
            &["game"],
            &[0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5],
        ),
        computer_budget: fractional_gauge(
            "computer_thinking_budget_seconds",
            "The most this process lets a computer think about its next move: computers.think_ms \
             while few turns wait, less as more wait (to answer them all within \
             computers.reply_ms), never under a tenth of it.",
        ),
        pool_wait: histogram(
            "db_pool_wait_seconds",
            "Time spent waiting for a database connection, by pool.",
            &["pool"],
            &[0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 2.5, 10.0],
        ),
        pool_waiting: IntGaugeVec::new(
            Opts::new(
                "db_pool_waiting",
                "Threads waiting for a database connection now, by pool.",
            ),
            &["pool"],
        )
        .expect("a valid gauge"),
        pool_timeouts: counter(
            "db_pool_timeouts_total",
            "Waits for a database connection that gave up (answered 503), by pool.",
            &["pool"],
        ),
        replica_reads: counter(
            "replica_reads_total",
            "Reads that could go to the replica, by where they went: replica, or primary \
             (the replica was behind, down or not set).",
            &["source"],
        ),
        event_cache_uses: counter(
            "event_cache_uses_total",
            "Tournaments looked up among the events kept folded, by result: hit (only newer \
             rows read) or miss (the whole log read, folded and ranked).",
            &["result"],
        ),
        cache_hits: cache_uses.with_label_values(&["hit"]),
        cache_misses: cache_uses.with_label_values(&["miss"]),
        cache_uses,
        build_info,
    }
});

impl Figures {
    fn collectors(&self) -> Vec<Box<dyn Collector>> {
        vec![
            Box::new(self.http_requests.clone()),
            Box::new(self.http_duration.clone()),
            Box::new(self.moves.clone()),
            Box::new(self.deliveries.clone()),
            Box::new(self.composed.clone()),
            Box::new(self.signing_failures.clone()),
            Box::new(self.mail_reports.clone()),
            Box::new(self.inbound.clone()),
            Box::new(self.scheduler_round.clone()),
            Box::new(self.scheduler_items.clone()),
            Box::new(self.worker_failures.clone()),
            Box::new(self.computer_thinking.clone()),
            Box::new(self.computer_budget.clone()),
            Box::new(self.games_rated.clone()),
            Box::new(self.moderation_actions.clone()),
            Box::new(self.pool_wait.clone()),
            Box::new(self.pool_waiting.clone()),
            Box::new(self.pool_timeouts.clone()),
            Box::new(self.replica_reads.clone()),
            Box::new(self.cache_uses.clone()),
            Box::new(self.event_cache_uses.clone()),
            Box::new(self.build_info.clone()),
        ]
    }
}

/// A registry holding every figure of this process, with the `turnpost_` prefix. Each metrics
/// endpoint has its own, to which it adds the figures it reads when scraped.
pub fn registry() -> Registry {
    let registry = Registry::new_custom(Some("turnpost".into()), None).expect("a valid prefix");
    for collector in FIGURES.collectors() {
        registry.register(collector).expect("each figure once");
    }
    registry
}

/// A gauge for a registry of one endpoint (see [`registry`]).
pub fn gauge(name: &str, help: &str) -> IntGauge {
    IntGauge::new(name, help).expect("a valid gauge")
}

/// A gauge of a quantity that need not be whole (seconds), for a registry of one endpoint.
pub fn fractional_gauge(name: &str, help: &str) -> Gauge {
    Gauge::new(name, help).expect("a valid gauge")
}

/// A gauge with labels for a registry of one endpoint.
pub fn gauges(name: &str, help: &str, labels: &[&str]) -> IntGaugeVec {
    IntGaugeVec::new(Opts::new(name, help), labels).expect("a valid gauge")
}

pub fn http_request(route: &str, method: &str, status: u16, took: Duration) {
    let status = status.to_string();
    (FIGURES.http_requests)
        .with_label_values(&[route, method, &status])
        .inc();
    (FIGURES.http_duration)
        .with_label_values(&[route])
        .observe(took.as_secs_f64());
}

/// `count` moves asked for by `channel` in a game of kind `game`, accepted or refused.
pub fn moves_asked(game: &str, channel: Channel, accepted: bool, count: u64) {
    let result = if accepted { "accepted" } else { "refused" };
    (FIGURES.moves)
        .with_label_values(&[game, channel.as_str(), result])
        .inc_by(count);
}

/// One mail worker round's deliveries.
pub fn mail_round(composed: usize, sent: usize, deferred: usize, failed: usize) {
    FIGURES.composed.inc_by(composed as u64);
    for (result, count) in [("sent", sent), ("deferred", deferred), ("failed", failed)] {
        (FIGURES.deliveries)
            .with_label_values(&[result])
            .inc_by(count as u64);
    }
}

pub fn inbound_reply(outcome: &str) {
    FIGURES.inbound.with_label_values(&[outcome]).inc();
}

/// One scheduler round: how long it took and how many of each kind of item it did.
pub fn scheduler_round(took: Duration, done: &[(&str, usize)]) {
    FIGURES.scheduler_round.observe(took.as_secs_f64());
    for (kind, count) in done {
        (FIGURES.scheduler_items)
            .with_label_values(&[kind])
            .inc_by(*count as u64);
    }
}

/// A message that could not be signed, or a worker that could not read its DKIM key.
pub fn mail_signing_failed() {
    FIGURES.signing_failures.inc();
}

/// A delivery report or complaint received, by what it said (`permanent`, `temporary`,
/// `policy`, `complaint`, `repeat`, `nothing`) or why it was ignored (`forged`, `untied`,
/// `unknown_email`, `unreadable`).
pub fn mail_report(kind: &str) {
    FIGURES.mail_reports.with_label_values(&[kind]).inc();
}

pub fn worker_failed(worker: &str) {
    FIGURES.worker_failures.with_label_values(&[worker]).inc();
}

/// A moderator's action of kind `action` (remove_message, mute, reset_name, suspend, dismiss).
pub fn moderation_action(action: &str) {
    (FIGURES.moderation_actions)
        .with_label_values(&[action])
        .inc();
}

pub fn game_rated() {
    FIGURES.games_rated.inc();
}

/// The time this process now allows a computer's move (it shrinks as the queue grows).
pub fn computer_budget(time: Duration) {
    FIGURES.computer_budget.set(time.as_secs_f64());
}

pub fn computer_thought(game: &str, took: Duration) {
    (FIGURES.computer_thinking)
        .with_label_values(&[game])
        .observe(took.as_secs_f64());
}

/// The figures of one connection pool, their label resolved once when the pool is made, so
/// that taking a connection looks nothing up.
#[derive(Clone)]
pub struct PoolFigures {
    waiting: IntGauge,
    wait: Histogram,
    timeouts: IntCounter,
}

pub fn pool_figures(pool: &str) -> PoolFigures {
    PoolFigures {
        waiting: FIGURES.pool_waiting.with_label_values(&[pool]),
        wait: FIGURES.pool_wait.with_label_values(&[pool]),
        timeouts: FIGURES.pool_timeouts.with_label_values(&[pool]),
    }
}

impl PoolFigures {
    /// Marks a wait for a connection, until the returned guard is dropped.
    pub fn waiting(&self) -> PoolWait<'_> {
        self.waiting.inc();
        PoolWait {
            figures: self,
            began: std::time::Instant::now(),
        }
    }
}

/// A wait for a connection, counted while it lasts.
pub struct PoolWait<'a> {
    figures: &'a PoolFigures,
    began: std::time::Instant,
}

impl PoolWait<'_> {
    /// The wait is over; `got` says whether it ended with a connection.
    pub fn ended(self, got: bool) {
        if !got {
            self.figures.timeouts.inc();
        }
    }
}

impl Drop for PoolWait<'_> {
    fn drop(&mut self) {
        self.figures.waiting.dec();
        (self.figures.wait).observe(self.began.elapsed().as_secs_f64());
    }
}

pub fn replica_read(from_replica: bool) {
    let source = if from_replica { "replica" } else { "primary" };
    FIGURES.replica_reads.with_label_values(&[source]).inc();
}

pub fn event_cache_use(hit: bool) {
    let result = if hit { "hit" } else { "miss" };
    FIGURES.event_cache_uses.with_label_values(&[result]).inc();
}

pub fn cache_use(hit: bool) {
    match hit {
        true => FIGURES.cache_hits.inc(),
        false => FIGURES.cache_misses.inc(),
    }
}
