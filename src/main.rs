use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use clap::{Parser, Subcommand};
use diesel::Connection;

use turnpost::config::Settings;
use turnpost::store;

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
    /// Create the database if it does not exist and apply pending migrations, then exit.
    Migrate,
    /// Deliver queued emails, without the web server (run any number of them; set
    /// mail.worker = false for the servers then).
    MailWorker,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,actix_server=warn".into()),
        )
        .init();
    let settings = Settings::load(cli.config.as_deref())?;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(settings),
        Command::MailWorker => {
            let pool = store::connect(&settings.database.url, settings.database.pool_size)?;
            let stop = Arc::new(AtomicBool::new(false));
            turnpost::mail::worker::run(pool, settings, stop)
        }
        Command::Migrate => {
            store::ensure_database(&settings.database.url)?;
            let mut conn = diesel::PgConnection::establish(&settings.database.url)?;
            store::migrate(&mut conn)?;
            println!("The database is up to date.");
            Ok(())
        }
    }
}

#[actix_web::main]
async fn serve(settings: Settings) -> anyhow::Result<()> {
    let (running, addr) = turnpost::server::start(settings)?;
    tracing::info!("Turnpost is listening on http://{addr}");
    running.server.await?;
    Ok(())
}
