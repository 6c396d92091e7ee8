use std::path::PathBuf;

use clap::{Parser, Subcommand};
use diesel::Connection;
use turnpost::config::Settings;
use turnpost::stop::StopSignal;
use turnpost::store;

/// The server allocates and frees many small buffers per request (headers, JSON, rows), and
/// mimalloc does that with less CPU than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Turnpost: board games by email, playable in any web browser without JavaScript.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    /// A TOML file whose settings override the built-in defaults (environment variables
    /// TURNPOST__SECTION__KEY override both).
    #[arg(long, global = true, env = "TURNPOST_CONFIG")]
    config: Option<PathBuf>,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (the default). Creates and migrates the database first if needed.
    Serve,
    /// Create the database if it does not exist and apply pending migrations as the schema's
    /// owner (database.admin_url, else database.url), then exit.
    Migrate,
    /// Deliver queued emails, without the web server (run any number of them; set
    /// mail.worker = false for the servers then).
    MailWorker,
    /// Play the computer players' moves, without the web server (run any number of them, on any
    /// machines; set computers.worker = false for the servers then). Thinks about up to
    /// computers.threads turns at once.
    Computers,
    /// Mail that arrives: the DKIM record to publish, the addresses that get no unrequested
    /// mail, lifting a suppression.
    Mail {
        #[command(subcommand)]
        action: MailAction,
    },
    /// Clear the mark that mail to an address was refused for good or bounced too often, so
    /// that game emails go to it again (signing in through an emailed link clears it too).
    /// The same as `mail lift`.
    ClearRefused {
        /// The email address.
        address: String,
    },
    /// Receive replies to Turnpost's emails: an SMTP and LMTP listener on inbound.bind for the
    /// relay that receives the reply addresses' mail.
    MailInbound,
    /// Receive one reply on standard input, for a mail server that pipes messages to a command
    /// (Postfix pipe(8), procmail). Exits 0 when taken, 75 to be tried again later, 67 for an
    /// unknown reply address, 77 for a sender it does not take.
    ReceiveMail {
        /// The envelope sender (Postfix: ${sender}); else the Return-Path header.
        #[arg(long)]
        sender: Option<String>,
        /// The reply address it was sent to (Postfix: ${original_recipient}); else the
        /// Delivered-To or To header.
        #[arg(long)]
        recipient: Option<String>,
    },
    /// List the latest replies received and what became of them, or handle one that is still
    /// waiting (after an outage) again.
    InboundMail {
        /// Handle this stored message (by its number in the list) again.
        #[arg(long)]
        replay: Option<i64>,
        /// How many to list.
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Check a game's log: its hash chain, every move against the rules and, once the game has
    /// ended, every random outcome against the revealed seed. A tournament's export is checked
    /// too: its chain, every pairing from the standings before it and the revealed seed, every
    /// result against its game's own log, and the final standings. Exits non-zero at the first
    /// discrepancy, naming the row.
    Verify {
        /// An exported log of a game or a tournament, checked offline.
        #[arg(required_unless_present_any = ["game", "event", "moderation"], conflicts_with_all = ["game", "event", "moderation"])]
        file: Option<PathBuf>,
        /// Check this game straight from the database instead.
        #[arg(long, conflicts_with_all = ["event", "moderation"])]
        game: Option<String>,
        /// Check this tournament straight from the database instead.
        #[arg(long, conflicts_with = "moderation")]
        event: Option<String>,
        /// Check the moderation log (every moderator's action) straight from the database.
        #[arg(long)]
        moderation: bool,
    },
    /// The moderators, who act on reports at /moderation: name one, take the role away, or
    /// list them. The person must have signed in once. Each change is a row of the moderation
    /// log.
    Moderators {
        #[command(subcommand)]
        action: ModeratorsAction,
    },
    /// Check every game and tournament in the database (database.url; a replica will do): every
    /// log as `verify` checks one, and the games' read models (phase, last row, seats, who is to
    /// act) and the stored ratings against the logs. Prints the counts and every problem by
    /// log and row; exits non-zero if there is one. Writes nothing.
    Audit {
        /// Worker threads, each with its own connection; 0 for one per core.
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Write a tournament's export (its log and the logs of its finished games) as JSON to
    /// standard output, for `turnpost verify FILE`.
    ExportEvent {
        /// The tournament's id.
        event: String,
    },
    /// Players' ratings, a projection of the finished games' logs.
    Ratings {
        #[command(subcommand)]
        action: RatingsAction,
    },
}

#[derive(Subcommand)]
enum ModeratorsAction {
    /// Make the person with this address a moderator.
    Add { address: String },
    /// Take the moderator's role from the person with this address.
    Remove { address: String },
    /// List the moderators.
    List,
}

#[derive(Subcommand)]
enum MailAction {
    /// Print the DNS TXT record of mail.dkim's key, to publish before signing starts.
    DkimRecord,
    /// List the addresses that get no mail they did not ask for: bounced past the threshold,
    /// or their owner complained.
    Suppressed,
    /// Send game emails to this address again: its bounce score starts from nothing.
    Lift { address: String },
}

#[derive(Subcommand)]
enum RatingsAction {
    /// Recompute every rating from the logs and report any difference from the stored ones;
    /// exits non-zero if there is one. Writes nothing.
    Verify,
    /// Recompute every rating from the logs and write the stored ratings again from them, as
    /// the schema's owner (database.admin_url, else database.url).
    Rebuild,
}

mod inbound_cli;

fn mail(settings: &Settings, action: MailAction) -> anyhow::Result<()> {
    let connect = || {
        diesel::PgConnection::establish(&store::with_connect_timeout(
            &settings.database.url,
            settings.database.connect_timeout_seconds,
        ))
    };
    match action {
        MailAction::DkimRecord => {
            let record = turnpost::mail::dkim::dns_record(&settings.mail.dkim);
            println!("{}", record.map_err(anyhow::Error::msg)?);
        }
        MailAction::Suppressed => {
            let found = turnpost::mail::bounces::score::suppressed(&mut connect()?)?;
            if found.is_empty() {
                println!("No address is suppressed.");
            }
            for row in found {
                let since = (row.since).map_or(String::new(), |s| format!("\tbounced since {s}"));
                let complained =
                    (row.complained).map_or(String::new(), |c| format!("\tcomplained {c}"));
                let (address, score) = (row.address, row.bounce_score);
                println!("{address}\tscore {score}{since}{complained}");
            }
        }
        MailAction::Lift { address } => clear_refused(&mut connect()?, &address)?,
    }
    Ok(())
}

fn clear_refused(conn: &mut diesel::PgConnection, text: &str) -> anyhow::Result<()> {
    let address = turnpost::auth::accounts::normalize_email(text).map_err(anyhow::Error::msg)?;
    if turnpost::auth::accounts::clear_refusal(conn, &address)? {
        println!("Mail to {address} will be sent again.");
    } else {
        println!("Mail to {address} was not refused or suppressed; nothing to do.");
    }
    Ok(())
}

fn moderators(settings: &Settings, action: ModeratorsAction) -> anyhow::Result<()> {
    use turnpost::moderation::people;
    let mut conn = diesel::PgConnection::establish(&settings.database.url)?;
    let address =
        |text: &str| turnpost::auth::accounts::normalize_email(text).map_err(anyhow::Error::msg);
    match action {
        ModeratorsAction::Add { address: text } => {
            let email = address(&text)?;
            match people::add(&mut conn, &email)? {
                true => println!("{email} is now a moderator."),
                false => println!("{email} was a moderator already."),
            }
        }
        ModeratorsAction::Remove { address: text } => {
            let email = address(&text)?;
            match people::remove(&mut conn, &email)? {
                true => println!("{email} is no longer a moderator."),
                false => println!("{email} was not a moderator."),
            }
        }
        ModeratorsAction::List => {
            let found = people::list(&mut conn)?;
            if found.is_empty() {
                println!("There are no moderators.");
            }
            for m in found {
                println!(
                    "{}\t{}\tsince {}",
                    m.email,
                    m.display_name,
                    m.moderator_since.format("%Y-%m-%d")
                );
            }
        }
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Some(Command::Verify {
        file: Some(file), ..
    }) = &cli.command
    {
        // Offline: no settings, no database, no logging set-up needed.
        return verify_file(file);
    }
    let settings = Settings::load(cli.config.as_deref())?;
    let format = settings.log.format;
    start_logging(format);
    let ran = run(cli.command.unwrap_or(Command::Serve), settings);
    match (ran, format) {
        // A log collector reads one JSON object a line: a failure, a taken port say, is one too.
        (Err(error), turnpost::config::LogFormat::Json) => {
            tracing::error!(error = format!("{error:#}"), "turnpost stopped on an error");
            std::process::exit(1)
        }
        (ran, _) => ran,
    }
}

/// Carries out `command` with `settings`, logging as `start_logging` set up.
fn run(command: Command, settings: Settings) -> anyhow::Result<()> {
    match command {
        Command::Serve => serve(settings),
        Command::MailWorker => until_stopped(settings, turnpost::mail::worker::run),
        Command::Computers => until_stopped(settings, |pool, settings, stop| {
            let home = turnpost::computers::Home::OwnProcess;
            let threads =
                turnpost::computers::spawn(pool.clone(), settings.clone(), home, stop.clone())?;
            tracing::info!(
                "Turnpost's computer players think on {} threads",
                threads.len()
            );
            for thread in threads {
                if thread.join().is_err() {
                    anyhow::bail!("a computer players' thread panicked");
                }
            }
            Ok(())
        }),
        Command::MailInbound => mail_inbound(settings),
        Command::ReceiveMail { sender, recipient } => {
            let code = inbound_cli::receive_stdin(&settings, sender, recipient)?;
            std::process::exit(code)
        }
        Command::InboundMail { replay, limit } => {
            inbound_cli::list_or_replay(&settings, replay, limit)
        }
        Command::Verify {
            moderation: true, ..
        } => {
            let mut conn = diesel::PgConnection::establish(&settings.database.url)?;
            let rows = turnpost::moderation::log::rows(&mut conn)?;
            match turnpost::moderation::log::verify(&rows) {
                Ok((count, head)) => {
                    println!(
                        "The moderation log holds together: {count} rows, head {}.",
                        hex::encode(head)
                    );
                    Ok(())
                }
                Err(broken) => {
                    eprintln!("The moderation log does not hold: {broken}");
                    std::process::exit(1)
                }
            }
        }
        Command::Moderators { action } => moderators(&settings, action),
        Command::Verify { game, event, .. } => {
            let mut conn = diesel::PgConnection::establish(&settings.database.url)?;
            match (game, event) {
                (Some(game), _) => report(&turnpost::audit::verify::export_from_database(
                    &mut conn, &game,
                )?),
                (None, Some(event)) => {
                    report_event(&turnpost::audit::event_export(&mut conn, &event)?)
                }
                (None, None) => anyhow::bail!("give a file, --game or --event"),
            }
        }
        Command::Audit { threads } => audit(&settings, threads),
        Command::ExportEvent { event } => {
            let mut conn = diesel::PgConnection::establish(&settings.database.url)?;
            let export = turnpost::audit::event_export(&mut conn, &event)?;
            println!("{}", serde_json::to_string_pretty(&export)?);
            Ok(())
        }
        Command::Mail { action } => mail(&settings, action),
        Command::ClearRefused { address } => mail(&settings, MailAction::Lift { address }),
        Command::Ratings { action } => ratings(&settings, action),
        Command::Migrate => {
            let owner = match settings.database.admin_url.as_str() {
                "" => &settings.database.url,
                url => url,
            };
            store::set_up(owner)?;
            println!("The database is up to date.");
            Ok(())
        }
    }
}

/// Logs to standard output what RUST_LOG asks for (by default, information and worse).
fn start_logging(format: turnpost::config::LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,actix_server=warn".into());
    let lines = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        turnpost::config::LogFormat::Text => lines.init(),
        // A line as each request ends, with its method, route, status and request_id.
        turnpost::config::LogFormat::Json => lines
            .json()
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
            .init(),
    }
}

/// Serves until SIGTERM or SIGINT, then finishes the requests in flight, stops the mail worker
/// and closes the database pool before it returns.
#[actix_web::main]
async fn serve(settings: Settings) -> anyhow::Result<()> {
    let (running, addr) = turnpost::server::start(settings)?;
    tracing::info!("Turnpost is listening on http://{addr}");
    running.serve().await?;
    tracing::info!("Turnpost has stopped");
    Ok(())
}

/// Runs `work` (the mail worker, the computer players) until SIGTERM or SIGINT, when it
/// finishes what it is doing, then closes the pool.
fn until_stopped(
    settings: Settings,
    work: impl FnOnce(&store::Pool, &Settings, &StopSignal) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let pool = store::connect(&settings.database)?;
    let metrics = turnpost::server::MetricsThread::start(&settings, &pool)?;
    let stop = StopSignal::new();
    let signals = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let stopper = stop.clone();
    let watcher = std::thread::spawn(move || {
        signals.block_on(termination());
        stopper.stop();
    });
    let worked = work(&pool, &settings, &stop);
    if watcher.is_finished() {
        let _ = watcher.join();
    }
    if let Some(metrics) = metrics {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        runtime.block_on(metrics.stop());
    }
    pool.close(std::time::Duration::from_secs(10))?;
    worked
}

/// Receives replies until SIGTERM or SIGINT.
#[tokio::main]
async fn mail_inbound(settings: Settings) -> anyhow::Result<()> {
    let pool = store::connect(&settings.database)?;
    let listener = tokio::net::TcpListener::bind(&settings.inbound.bind).await?;
    tracing::info!(
        "Turnpost receives replies on {} (SMTP and LMTP)",
        listener.local_addr()?
    );
    if settings.inbound.authserv_id.is_empty() && !settings.inbound.verify {
        tracing::warn!(
            "inbound.authserv_id is not set: no Authentication-Results header is believed, so \
             no sender is vouched for and commands to {} ask their sender to confirm by reply \
             (or set inbound.verify to check senders here)",
            settings.inbound.address
        );
    }
    let metrics = turnpost::server::MetricsThread::start(&settings, &pool)?;
    let settings = std::sync::Arc::new(settings);
    turnpost::mail::inbound::listener::serve(listener, pool.clone(), settings, termination())
        .await
        .map_err(anyhow::Error::msg)?;
    if let Some(metrics) = metrics {
        metrics.stop().await;
    }
    tokio::task::spawn_blocking(move || pool.close(std::time::Duration::from_secs(10))).await??;
    Ok(())
}

/// Resolves at the first SIGTERM or SIGINT.
async fn termination() {
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("SIGTERM can be watched");
    tokio::select! {
        _ = terminate.recv() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}

fn verify_file(path: &std::path::Path) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{} is not JSON: {e}", path.display()))?;
    if value["format"] == turnpost::audit::event::EVENT_FORMAT {
        let export: turnpost::audit::EventExport = serde_json::from_value(value).map_err(|e| {
            anyhow::anyhow!("{} is not a Turnpost tournament log: {e}", path.display())
        })?;
        return report_event(&export);
    }
    let export: turnpost::audit::Export = serde_json::from_value(value)
        .map_err(|e| anyhow::anyhow!("{} is not a Turnpost game log: {e}", path.display()))?;
    report(&export)
}

/// Checks or rebuilds the ratings and says what it read and found; a difference ends the
/// process with status 1.
fn ratings(settings: &Settings, action: RatingsAction) -> anyhow::Result<()> {
    use turnpost::ratings::rebuild;
    let url = match (&action, settings.database.admin_url.as_str()) {
        (RatingsAction::Rebuild, url) if !url.is_empty() => url,
        _ => &settings.database.url,
    };
    let mut conn = diesel::PgConnection::establish(&store::with_connect_timeout(
        url,
        settings.database.connect_timeout_seconds,
    ))?;
    let report = match action {
        RatingsAction::Verify => rebuild::verify(&mut conn)?,
        RatingsAction::Rebuild => rebuild::rebuild(&mut conn)?,
    };
    println!(
        "Read {} rated games from their logs: {} rating changes, {} ratings of players.",
        report.games, report.changes, report.players
    );
    if report.differences.is_empty() {
        match action {
            RatingsAction::Verify => println!("Every stored rating agrees with the logs."),
            RatingsAction::Rebuild => println!("The ratings were written again from the logs."),
        }
        return Ok(());
    }
    println!("{} differences:", report.differences.len());
    for difference in report.differences.iter().take(100) {
        println!("  {difference}");
    }
    std::process::exit(1)
}

/// Prints the verdict; a discrepancy ends the process with status 1.
/// The site-wide audit, with a progress line on a terminal.
fn audit(settings: &Settings, threads: usize) -> anyhow::Result<()> {
    use std::io::{IsTerminal, Write};
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let terminal = std::io::stderr().is_terminal();
    let progress = |at: turnpost::audit::site::Progress| {
        if terminal && (at.games_done.is_multiple_of(100) || at.games_done == at.games_total) {
            eprint!("\r{} of {} games checked", at.games_done, at.games_total);
            let _ = std::io::stderr().flush();
        }
    };
    let url = store::with_connect_timeout(
        &settings.database.url,
        settings.database.connect_timeout_seconds,
    );
    let report = turnpost::audit::site::audit_site(&url, threads, &progress)?;
    if terminal {
        eprintln!();
    }
    println!(
        "Checked {} games ({} finished, {} rows), {} tournaments and the ratings of {} rated games.",
        report.games, report.finished, report.rows, report.tournaments, report.rated_games
    );
    if report.problems.is_empty() {
        println!("No problems found.");
        return Ok(());
    }
    println!("{} problems:", report.problems.len());
    for problem in &report.problems {
        println!("  {problem}");
    }
    std::process::exit(1);
}

fn report(export: &turnpost::audit::Export) -> anyhow::Result<()> {
    print_verdict(turnpost::audit::verify(export))
}

fn report_event(export: &turnpost::audit::EventExport) -> anyhow::Result<()> {
    print_verdict(turnpost::audit::verify_event(export))
}

fn print_verdict(
    verdict: Result<turnpost::audit::Report, turnpost::audit::Discrepancy>,
) -> anyhow::Result<()> {
    let lang = turnpost::i18n::Lang::from_env();
    match verdict {
        Ok(report) => {
            println!("{}", lang.t("verify-ok"));
            for line in report.lines {
                println!("  {}", lang.say(&line, &[]));
            }
            Ok(())
        }
        Err(discrepancy) => {
            let problem = lang.say(&discrepancy.message(), &[]);
            println!("{}", lang.tr("verify-failed").arg("problem", problem));
            std::process::exit(1);
        }
    }
}
