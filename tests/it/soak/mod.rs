//! A busy site under faults: two web servers, the computers, the mail worker and the inbound
//! listener over one PostgreSQL, with people playing every game by forms, JSON and email
//! replies, playing the computer, playing a Swiss tournament, talking, resigning, letting clocks
//! run out and closing an account — while processes are killed, PostgreSQL restarts and the
//! relay fails, at times drawn from a seed. Then the checker holds the site to everything it
//! told anyone (`checker`), and a report names each fault and how long the site took to recover.
//!
//! `scripts/soak --seed N [--minutes M]` runs this test alone with its seed and length
//! (TURNPOST_SOAK_SEED, TURNPOST_SOAK_MINUTES); by default it draws a seed and runs about two
//! minutes, every kind of fault at least once.

mod cast;
mod checker;
mod db;
mod errands;
mod faults;
mod inbox;
mod ledger;
mod person;
mod players;
mod site;
mod switch;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use faults::{Fault, Injected};
use players::Context;
use site::Site;

use crate::metrics::Scrape;

/// How long the site may take to finish its work once the faults stop and people pause.
const DRAIN_BOUND: Duration = Duration::from_secs(60);
/// The fault-free stretch at the end whose metrics are compared with the rows written.
const QUIET: Duration = Duration::from_secs(10);
/// A run's time besides its faults: signing everyone in, draining, the quiet stretch, checking.
const BESIDES_FAULTS: Duration = Duration::from_secs(45);

struct Run {
    seed: u64,
    /// How long faults are injected for.
    window: Duration,
}

impl Run {
    fn from_env() -> Run {
        let seed = match std::env::var("TURNPOST_SOAK_SEED") {
            Ok(seed) => seed.parse().expect("TURNPOST_SOAK_SEED is a number"),
            Err(_) => rand::random::<u32>() as u64,
        };
        let window = match std::env::var("TURNPOST_SOAK_MINUTES") {
            Ok(minutes) => {
                let minutes: f64 = minutes.parse().expect("TURNPOST_SOAK_MINUTES is a number");
                Duration::from_secs_f64(minutes * 60.0).saturating_sub(BESIDES_FAULTS)
            }
            Err(_) => Duration::ZERO,
        };
        Run {
            seed,
            window: window.max(Duration::from_secs(45)),
        }
    }
}

/// What the processes counted, beside the rows the database holds, at one moment.
struct Counted {
    moves_counted: f64,
    moves_written: i64,
    sends_counted: f64,
    emails_sent: i64,
}

impl Counted {
    /// The processes' counts between two equal readings of the database's, so that nothing
    /// written between the scrapes and the reading is counted on one side only.
    async fn settled(site: &Site) -> Counted {
        loop {
            let counted = Counted::now(site).await;
            let (moves, sent) = Counted::written(&site.app.db.url).await;
            if (moves, sent) == (counted.moves_written, counted.emails_sent) {
                return counted;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn written(url: &str) -> (i64, i64) {
        let moves = "SELECT count(*) AS n FROM game_events WHERE command->>'type' = 'play'";
        let sent = "SELECT count(*) AS n FROM emails WHERE sent_at IS NOT NULL";
        (
            db::number_async(url, moves).await,
            db::number_async(url, sent).await,
        )
    }

    async fn now(site: &Site) -> Counted {
        let (moves_written, emails_sent) = Counted::written(&site.app.db.url).await;
        let mut moves_counted = 0.0;
        let mut sends_counted = 0.0;
        for process in &site.processes {
            let scrape = Scrape::of(process.metrics_port).await;
            moves_counted += scrape.sum("turnpost_moves_total", &[("result", "accepted")]);
            sends_counted += scrape.sum("turnpost_mail_deliveries_total", &[("result", "sent")]);
        }
        Counted {
            moves_counted,
            moves_written,
            sends_counted,
            emails_sent,
        }
    }
}

/// Waits until the site has nothing left to do; how long that took, or what was left.
async fn drain(url: &str, bound: Duration) -> Result<Duration, Vec<String>> {
    let start = Instant::now();
    loop {
        let url = url.to_string();
        let left = tokio::task::spawn_blocking(move || checker::backlog(&url))
            .await
            .unwrap();
        if left.is_empty() {
            return Ok(start.elapsed());
        }
        if start.elapsed() > bound {
            return Err(left);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_busy_site_under_random_faults_keeps_every_promise() {
    let run = Run::from_env();
    let logs = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("soak-{}", run.seed));
    let site = Arc::new(Site::start(logs.clone()).await);
    let context = Arc::new(Context {
        site: site.clone(),
        ledger: Default::default(),
        switch: Default::default(),
    });
    let cast = cast::gather(context.clone(), run.seed, run.window).await;
    let url = site.app.db.url.clone();
    let mut findings = checker::Findings::default();

    let started = Instant::now();
    let mut injected = Vec::new();
    for planned in faults::schedule(run.seed) {
        // However short the window, every kind of fault is injected once.
        let every_kind = injected.len() >= Fault::KINDS.len();
        if every_kind && started.elapsed() + planned.calm >= run.window {
            break;
        }
        tokio::time::sleep(planned.calm).await;
        injected.push(faults::inject(&site, &planned, started).await);
    }
    let faulted = started.elapsed();

    context.switch.pause().await;
    let drained = drain(&url, DRAIN_BOUND).await;
    if let Err(left) = &drained {
        findings.problems.push(format!(
            "the site had not finished its work {DRAIN_BOUND:?} after the faults: {left:?}"
        ));
    }
    let before = Counted::settled(&site).await;
    context.switch.run();
    tokio::time::sleep(QUIET).await;
    context.switch.pause().await;
    if let Err(left) = drain(&url, DRAIN_BOUND).await {
        findings.problems.push(format!(
            "the site had not finished its work after the quiet stretch: {left:?}"
        ));
    }
    let after = Counted::settled(&site).await;
    context.switch.stop().await;
    for task in cast.tasks {
        task.await.unwrap();
    }

    compare_counts(&before, &after, &mut findings);
    let (by_email, closed) = (cast.by_email, vec![cast.leaving]);
    let (ledger, checked) = (context.ledger.clone(), site.clone());
    let event = cast.event.clone();
    let findings = tokio::task::spawn_blocking(move || {
        checker::moves(&checked.app.db.url, &ledger, &by_email, &mut findings);
        checker::replies(&checked.app.db.url, &ledger, &mut findings);
        checker::mail(&checked, &closed, &mut findings);
        checker::audit(&checked, &event, &mut findings);
        findings
    })
    .await
    .unwrap();
    let mut findings = findings;
    findings.problems.extend(site.died());
    findings.problems.extend(context.ledger.stuck_list());
    for fault in injected.iter().filter(|i| i.recovery.is_none()) {
        findings.problems.push(format!(
            "{} at {:?}: not recovered within a minute ({})",
            fault.fault.name(),
            fault.at,
            fault.fault.recovered_when()
        ));
    }

    let report = report(&run, &injected, faulted, &drained, &context, &findings);
    println!("{report}");
    std::fs::write(logs.join("report.txt"), &report).unwrap();
    assert!(
        findings.problems.is_empty(),
        "the soak with seed {} found {} problems (the processes' logs are in {}):\n{report}",
        run.seed,
        findings.problems.len(),
        logs.display()
    );
}

/// The moves and sends the processes counted in the quiet stretch against the rows written.
fn compare_counts(before: &Counted, after: &Counted, findings: &mut checker::Findings) {
    let moves = (after.moves_counted - before.moves_counted) as i64;
    let written = after.moves_written - before.moves_written;
    let sends = (after.sends_counted - before.sends_counted) as i64;
    let sent = after.emails_sent - before.emails_sent;
    findings.figures.push(format!(
        "quiet stretch of {QUIET:?}: moves counted {moves}, rows written {written}; \
         sends counted {sends}, emails marked sent {sent}"
    ));
    if moves != written || sends != sent || written == 0 {
        findings.problems.push(format!(
            "the metrics disagree with the database in the quiet stretch: moves counted \
             {moves}, rows written {written}; sends counted {sends}, emails marked sent {sent}"
        ));
    }
}

fn report(
    run: &Run,
    injected: &[Injected],
    faulted: Duration,
    drained: &Result<Duration, Vec<String>>,
    context: &Context,
    findings: &checker::Findings,
) -> String {
    let mut lines = vec![format!(
        "Soak with seed {}: {} faults over {:.1} s",
        run.seed,
        injected.len(),
        faulted.as_secs_f64()
    )];
    for fault in injected {
        lines.push(format!(
            "  {:>6.1} s  {:<36} lasted {:>5.2} s, recovered in {}",
            fault.at.as_secs_f64(),
            fault.fault.name(),
            fault.lasted.as_secs_f64(),
            fault
                .recovery
                .map_or("(not within a minute)".to_string(), |r| format!(
                    "{:.2} s",
                    r.as_secs_f64()
                ))
        ));
    }
    lines.push("Slowest recovery by kind of fault:".into());
    for kind in Fault::KINDS {
        let slowest = (injected.iter())
            .filter(|i| i.fault == kind)
            .filter_map(|i| i.recovery)
            .max();
        if let Some(slowest) = slowest {
            lines.push(format!(
                "  {:<36} {:.2} s (until {})",
                kind.name(),
                slowest.as_secs_f64(),
                kind.recovered_when()
            ));
        }
    }
    lines.push(match drained {
        Ok(took) => format!(
            "Once the faults stopped, the site finished its work in {:.2} s (bound {DRAIN_BOUND:?})",
            took.as_secs_f64()
        ),
        Err(left) => format!("The site did not finish its work: {left:?}"),
    });
    let statuses = context.ledger.statuses();
    lines.push(format!(
        "HTTP answers by status: {statuses:?}; requests no server answered: {}",
        context.ledger.unanswered_count()
    ));
    lines.push(format!("Besides moves: {:?}", context.ledger.actions()));
    lines.extend(findings.figures.iter().cloned());
    match findings.problems.as_slice() {
        [] => lines.push("The checker found nothing wrong.".into()),
        problems => {
            lines.push(format!("The checker found {} problems:", problems.len()));
            lines.extend(problems.iter().map(|p| format!("  {p}")));
        }
    }
    lines.join("\n")
}
