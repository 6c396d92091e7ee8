//! Settings: built-in defaults (config/default.toml, compiled in), then an optional file, then
//! environment variables `TURNPOST__SECTION__KEY`.

use std::path::{Path, PathBuf};

use serde::Deserialize;

const DEFAULTS: &str = include_str!("../config/default.toml");

#[derive(Clone, Debug, Deserialize)]
pub struct Settings {
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub mail: MailSettings,
    pub auth: AuthSettings,
    pub limits: LimitSettings,
    pub clock: ClockSettings,
    pub inbound: InboundSettings,
    pub computers: ComputerSettings,
    pub metrics: MetricsSettings,
    pub log: LogSettings,
    pub retention: RetentionSettings,
}

/// How long personal data that no log needs is kept.
#[derive(Clone, Debug, Deserialize)]
pub struct RetentionSettings {
    /// Days the words of emails given up on, and replies received, are kept.
    pub mail_days: i32,
}

/// What the processes write to standard output.
#[derive(Clone, Debug, Deserialize)]
pub struct LogSettings {
    /// How each line is written.
    pub format: LogFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// For a person at a terminal.
    Text,
    /// One JSON object a line, for a log collector; a request's lines carry its `request_id`.
    Json,
}

/// Prometheus metrics.
#[derive(Clone, Debug, Deserialize)]
pub struct MetricsSettings {
    /// Where `/metrics` is served, apart from the public port; empty for nowhere.
    pub bind: String,
}

/// The computer players' worker.
#[derive(Clone, Debug, Deserialize)]
pub struct ComputerSettings {
    /// Let computer players move inside `turnpost serve` (`turnpost computers` runs only them).
    pub worker: bool,
    /// Turns a worker thinks about at once; 0 means one per CPU core, less one in a web server.
    pub threads: usize,
    /// How often to look for computers' turns.
    pub poll_ms: u64,
    /// How long a process holds a computer's turn while it thinks.
    pub claim_seconds: i64,
    /// The most time a computer thinks about one move, in milliseconds; never more than
    /// `bots::THINKING_TIME` whatever this says.
    pub think_ms: u64,
    /// The reply time a worker keeps to when many turns wait, in milliseconds: each move's
    /// thinking shrinks (to a tenth of `think_ms` at most) so that its threads answer every
    /// waiting turn within it.
    pub reply_ms: u64,
    /// How much lower than the rest of the process the thinking threads run (a Linux nice
    /// value, 0–19), so that pages and moves are served first when computers keep every core
    /// busy; 0 leaves them as they are. A `turnpost computers` that leads a session of its own
    /// lowers that session's CPU weight by as much.
    pub nice: i32,
}

/// Replies to emails: where they are received and what is accepted.
#[derive(Clone, Debug, Deserialize)]
pub struct InboundSettings {
    /// The SMTP/LMTP listener of `turnpost mail-inbound`.
    pub bind: String,
    /// Reply addresses are this address with `+TOKEN-SEQ` added to its local part.
    pub address: String,
    /// The largest message kept; a larger one is refused and only its start is stored.
    pub max_bytes: usize,
    /// Connections the listener serves at once.
    pub max_connections: usize,
    /// Refuse a reply whose Authentication-Results header (written by the receiving relay) says
    /// SPF, DKIM or DMARC failed.
    pub check_authentication_results: bool,
    /// The authserv-id of the relay whose Authentication-Results headers are believed (RFC 8601):
    /// every other such header is ignored. Empty: no header is believed, so no sender is vouched
    /// for and no failure refuses a reply.
    pub authserv_id: String,
    /// Replies one player may send per hour; more are deferred (the relay tries again later).
    pub replies_per_player_per_hour: i64,
    /// Answers to commands not vouched for, across the site, per hour; past it, none.
    pub unvouched_answers_per_hour: i64,
    /// Check each message's DKIM signatures, SPF and DMARC from DNS here, for a site whose
    /// relay checks none of them; the verdict counts as the trusted relay's would.
    pub verify: bool,
    /// The DNS server those checks ask (`IP:PORT`); empty: the system's resolvers.
    pub dns_server: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ServerSettings {
    pub bind: String,
    pub base_url: String,
    pub secure_cookies: bool,
    /// How long requests in flight may take to finish once a shutdown begins.
    pub shutdown_timeout_seconds: u64,
    /// A client must send its whole request body within this long, or the connection is cut.
    pub body_timeout_seconds: u64,
    /// The most connections served at once; 0 derives it from the process's file limit.
    pub max_connections: usize,
    /// Threads serving HTTP; 0 means one per CPU core.
    pub workers: usize,
    /// Threads each HTTP thread may hand work that waits on the database to; 0 means the
    /// database pool's size. Each keeps memory of its own once it has run.
    pub blocking_threads: usize,
    /// Empty: rate limits per client use the peer address. Behind a reverse proxy, the header
    /// it sets (e.g. "X-Forwarded-For"), whose last address is the client the proxy saw.
    pub client_ip_header: String,
    /// Rows of game log kept folded in memory between requests; 0 folds every game from the
    /// database's rows on every request.
    pub game_cache_rows: u64,
    /// Rows of tournament log kept folded and ranked in memory between requests; 0 folds every
    /// event from the database's rows on every request.
    pub event_cache_rows: u64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DatabaseSettings {
    /// What the server and mail workers connect as: a role that may add to the event log but
    /// not change it.
    pub url: String,
    /// The owner of the schema, used by `turnpost migrate` and, when set, by `turnpost serve`
    /// to create and migrate the database at start-up. Empty in production.
    pub admin_url: String,
    pub pool_size: u32,
    /// How long a request waits for a database connection before it is answered with 503.
    pub checkout_timeout_ms: u64,
    /// How long opening a new connection may take (libpq's connect_timeout).
    pub connect_timeout_seconds: u64,
    /// Name and keep prepared statements on each connection; off behind a pooler in
    /// transaction mode.
    pub prepared_statements: bool,
    /// Read the busiest pages, and write moves, over two connections per HTTP worker thread,
    /// pipelined, where the database is reached without TLS and prepared statements are kept.
    pub pipelined_reads: bool,
    /// A streaming replica of the database (empty: none) that answers the reads of what has
    /// already happened: histories, exports, player pages, leaderboards, the open tables.
    pub replica_url: String,
    /// How long such a read waits for the replica to replay what the reader must see before it
    /// goes to the primary.
    pub replica_wait_ms: u64,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MailTransportKind {
    File,
    Smtp,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MailSettings {
    pub transport: MailTransportKind,
    pub file_dir: PathBuf,
    pub from: String,
    pub smtp: SmtpSettings,
    /// Run the delivery worker inside `turnpost serve`.
    pub worker: bool,
    pub poll_ms: u64,
    /// How long a player's your-turn news waits for more to bundle with it.
    pub coalesce_seconds: i64,
    /// The hour (UTC) daily digests go out.
    pub digest_hour_utc: u32,
    /// The first retry waits this long; each next one twice as long, up to `retry_max_ms`.
    pub retry_base_ms: i64,
    pub retry_max_ms: i64,
    /// After this many failed attempts an email is given up.
    pub max_attempts: i32,
    /// How many emails one worker sends at once.
    pub concurrency: usize,
    /// A worker holds the emails it claimed for this long; if it dies, another sends them after.
    pub lease_seconds: i64,
    /// The envelope sender of every email, with `+ID.MAC` added per message so that what
    /// comes back is tied to the email and address it is about; empty: the From address, alone.
    pub return_path: String,
    pub dkim: DkimSettings,
    pub bounces: BounceSettings,
}

/// Signing outgoing mail with DKIM (RFC 6376).
#[derive(Clone, Debug, Deserialize)]
pub struct DkimSettings {
    /// The signing domain (`d=`); empty: mail is not signed here (a relay may sign it).
    pub domain: String,
    /// The selector (`s=`): the key's record is `SELECTOR._domainkey.DOMAIN`.
    pub selector: String,
    /// A PEM file holding an RSA key (2048 bits or more) or an Ed25519 key.
    pub key_file: PathBuf,
}

/// What delivery reports and complaints do to an address.
#[derive(Clone, Debug, Deserialize)]
pub struct BounceSettings {
    /// Points a permanent failure adds to its address's score, and a temporary one.
    pub permanent_points: i32,
    pub temporary_points: i32,
    /// At this score the address gets no more mail it did not ask for by name.
    pub threshold: i32,
    /// A score starts again from nothing after this many days without a bounce.
    pub fade_days: i32,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SmtpSecurity {
    /// Plain SMTP; only for a relay on the same machine or a test server.
    None,
    Starttls,
    Tls,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: SmtpSecurity,
    pub username: String,
    pub password: String,
    pub timeout_seconds: u64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AuthSettings {
    pub sign_in_link_minutes: i64,
    /// How long the emailed link that confirms closing an account stays valid.
    pub closure_link_minutes: i64,
    /// How long the sign-in links in game emails stay valid.
    pub game_link_hours: i64,
    /// How long an invitation can be accepted.
    pub invitation_days: i64,
    /// A session unused for this long ends.
    pub session_days: i64,
}

/// How often abusable actions may be taken. Each limit counts over a sliding window.
#[derive(Clone, Debug, Deserialize)]
pub struct LimitSettings {
    pub sign_in_window_minutes: i64,
    /// Sign-in emails to one address per window.
    pub sign_in_per_address: i64,
    /// Sign-in emails asked for by one client (IP address) per window.
    pub sign_in_per_client: i64,
    /// Invitations one player sends per day.
    pub invitations_per_player_per_day: i64,
    /// Invitations one address receives per day.
    pub invitations_per_address_per_day: i64,
    /// Games one player creates per hour.
    pub games_per_player_per_hour: i64,
    /// Table-talk messages one player writes per hour, over all their games.
    pub chat_per_player_per_hour: i64,
    /// Plans (each commitment written to a game's log) one player makes per hour.
    pub plans_per_player_per_hour: i64,
    /// Seconds a calendar or Atom feed must wait before a fresh copy (an unchanged one, asked
    /// with its ETag, is answered 304 at any time).
    pub feed_poll_seconds: i64,
    /// Reports one player files per hour.
    pub reports_per_player_per_hour: i64,
    /// Tournaments one player creates per day.
    pub events_per_player_per_day: i64,
    /// Tournament sign-ups (and withdrawals) one player makes per hour.
    pub event_sign_ups_per_player_per_hour: i64,
    /// Downloads of their own data a player may make per day.
    pub data_downloads_per_player_per_day: i64,
    /// Emails with a link to close the account a player may ask for per day.
    pub account_closures_per_player_per_day: i64,
}

/// Time controls and the scheduler that acts on them.
#[derive(Clone, Debug, Deserialize)]
pub struct ClockSettings {
    /// Seconds in a "day" of a time control, and the "a day left" reminder. 86400 but in tests.
    pub day_seconds: i64,
    /// Run the scheduler (reminders, timeouts, tables called off) inside `turnpost serve`.
    pub scheduler: bool,
    /// How often the scheduler looks for due work.
    pub poll_ms: u64,
    /// Vacation days each player may take in a calendar year.
    pub vacation_days: i64,
}

impl Settings {
    /// Loads the defaults, then `file` if given, then the environment.
    pub fn load(file: Option<&Path>) -> Result<Settings, config::ConfigError> {
        let mut builder = config::Config::builder()
            .add_source(config::File::from_str(DEFAULTS, config::FileFormat::Toml));
        if let Some(file) = file {
            builder = builder.add_source(config::File::from(file).required(true));
        }
        builder
            .add_source(
                config::Environment::with_prefix("TURNPOST")
                    .separator("__")
                    .try_parsing(true),
            )
            .build()?
            .try_deserialize()
    }

    /// The address links in emails point to, without a trailing slash.
    pub fn base_url(&self) -> &str {
        self.server.base_url.trim_end_matches('/')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_need_no_configuration() {
        let settings = Settings::load(None).expect("built-in defaults load");
        assert_eq!(settings.server.bind, "127.0.0.1:8080");
        assert_eq!(
            settings.database.url,
            "postgres://turnpost_server@localhost/turnpost"
        );
        assert_eq!(
            settings.database.admin_url,
            "postgres://postgres@localhost/turnpost"
        );
        assert_eq!(settings.mail.transport, MailTransportKind::File);
        assert_eq!(settings.auth.sign_in_link_minutes, 30);
        assert_eq!(settings.mail.coalesce_seconds, 300);
        assert!(settings.mail.worker);
    }

    #[test]
    fn a_file_overrides_the_defaults() {
        let settings = Settings::load(Some(Path::new("config/test.toml"))).unwrap();
        assert_eq!(settings.server.bind, "127.0.0.1:0");
        assert_eq!(settings.database.pool_size, 4);
        assert_eq!(settings.mail.transport, MailTransportKind::Smtp);
        assert!(!settings.mail.worker);
    }
}
