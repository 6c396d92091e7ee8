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
}

#[derive(Clone, Debug, Deserialize)]
pub struct ServerSettings {
    pub bind: String,
    pub base_url: String,
    pub secure_cookies: bool,
    /// How long requests in flight may take to finish once a shutdown begins.
    pub shutdown_timeout_seconds: u64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DatabaseSettings {
    pub url: String,
    pub pool_size: u32,
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
    /// How long the sign-in links in game emails stay valid.
    pub game_link_hours: i64,
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
