//! Test fixtures: a fresh database per test, the server on a random port, HTTP clients with
//! their own cookies, and the mail folder the server writes to.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::Duration;

use diesel::prelude::*;
use diesel::{Connection, PgConnection};
use scraper::{Html, Selector};
use sha2::{Digest, Sha256};
use turnpost::chain::{GENESIS, RowContent};
use turnpost::config::Settings;
use turnpost::mail::worker;
use turnpost::store;

use crate::smtp::SmtpServer;

/// The server used as a template for test databases: TURNPOST_TEST_DATABASE_URL names any
/// database on it (default: the local server's `postgres` database).
fn admin_url() -> String {
    std::env::var("TURNPOST_TEST_ADMIN_URL")
        .unwrap_or_else(|_| "postgres://postgres@localhost/postgres".into())
}

/// The URL of `database` on the server `admin` names.
fn url_on(admin: &str, database: &str) -> String {
    let mut url = url::Url::parse(admin).expect("the admin URL is a URL");
    url.set_path(&format!("/{database}"));
    url.to_string()
}

fn random_suffix() -> String {
    turnpost::auth::tokens::random_id(12)
}

/// A migrated template database on the server `admin` names, made once per set of migrations
/// and shared by every test process (guarded by an advisory lock).
fn template(admin: &str) -> String {
    static NAMES: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, name)) = names.iter().find(|(server, _)| server == admin) {
        return name.clone();
    }
    let name = make_template(admin);
    names.push((admin.to_string(), name.clone()));
    name
}

fn make_template(admin_url: &str) -> String {
    {
        let mut hasher = Sha256::new();
        let mut files: Vec<PathBuf> =
            walk(Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations"));
        files.sort();
        for file in files {
            hasher.update(file.to_string_lossy().as_bytes());
            hasher.update(std::fs::read(&file).unwrap());
        }
        let name = format!("turnpost_tpl_{}", &hex::encode(hasher.finalize())[..16]);
        let mut admin = PgConnection::establish(admin_url).expect("PostgreSQL is running");
        diesel::sql_query("SELECT pg_advisory_lock(727274)")
            .execute(&mut admin)
            .unwrap();
        let exists: i64 = diesel::sql_query(format!(
            "SELECT count(*) AS n FROM pg_database WHERE datname = '{name}'"
        ))
        .get_result::<Count>(&mut admin)
        .unwrap()
        .n;
        if exists == 0 {
            let building = format!("{name}_building");
            diesel::sql_query(format!("DROP DATABASE IF EXISTS {building}"))
                .execute(&mut admin)
                .unwrap();
            diesel::sql_query(format!("CREATE DATABASE {building}"))
                .execute(&mut admin)
                .unwrap();
            {
                let mut conn = PgConnection::establish(&url_on(admin_url, &building)).unwrap();
                store::migrate(&mut conn).expect("migrations apply");
            }
            diesel::sql_query(format!("ALTER DATABASE {building} RENAME TO {name}"))
                .execute(&mut admin)
                .unwrap();
        }
        diesel::sql_query("SELECT pg_advisory_unlock(727274)")
            .execute(&mut admin)
            .unwrap();
        name
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

fn walk(dir: PathBuf) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(path));
        } else {
            out.push(path);
        }
    }
    out
}

/// A `turnpost serve` process of its own on the test's database, delivering mail to the test's
/// SMTP server: another server as a load balancer would have, with a cache of its own.
pub struct ServerProcess {
    child: std::process::Child,
    pub base: String,
}

impl ServerProcess {
    pub async fn start(app: &TestApp) -> ServerProcess {
        Self::start_with_env(app, &[]).await
    }

    /// A server process with settings changed by environment variables (`TURNPOST__…`).
    pub async fn start_with_env(app: &TestApp, env: &[(&str, &str)]) -> ServerProcess {
        Self::launch(app, env, |_| {}).await
    }

    /// A server process writing its log, as JSON lines at level info, to `log`.
    pub async fn start_logging_to(app: &TestApp, log: std::fs::File) -> ServerProcess {
        let env = [("TURNPOST__LOG__FORMAT", "json"), ("RUST_LOG", "info")];
        Self::launch(app, &env, move |command| {
            command.stdout(log.try_clone().unwrap()).stderr(log);
        })
        .await
    }

    async fn launch(
        app: &TestApp,
        env: &[(&str, &str)],
        configure: impl FnOnce(&mut std::process::Command),
    ) -> ServerProcess {
        let port = free_port();
        let base = format!("http://127.0.0.1:{port}");
        let mut command = app.command("serve");
        command
            .env("TURNPOST__SERVER__BIND", format!("127.0.0.1:{port}"))
            .env("TURNPOST__SERVER__BASE_URL", &base)
            .env("TURNPOST__MAIL__WORKER", "true")
            .envs(env.iter().copied());
        configure(&mut command);
        let child = command.spawn().unwrap();
        let server = ServerProcess { child, base };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        let readyz = format!("{}/readyz", server.base);
        loop {
            let ready = reqwest::get(&readyz).await.map(|r| r.status().as_u16());
            if ready.is_ok_and(|status| status == 200) {
                return server;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the second server did not start"
            );
            actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A database of this test's own, dropped at the end.
pub struct TestDb {
    pub name: String,
    pub url: String,
    /// The server's `postgres` database, as its superuser.
    admin: String,
}

impl TestDb {
    pub fn new() -> TestDb {
        Self::new_on(&admin_url())
    }

    /// A database of its own on the server `admin` names (its `postgres` database, as a
    /// superuser).
    pub fn new_on(admin: &str) -> TestDb {
        let template = template(admin);
        let name = format!("turnpost_test_{}", random_suffix());
        let mut connection = PgConnection::establish(admin).unwrap();
        diesel::sql_query(format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .execute(&mut connection)
            .expect("test database is created from the template");
        TestDb {
            url: url_on(admin, &name),
            name,
            admin: admin.to_string(),
        }
    }

    pub fn connect(&self) -> PgConnection {
        PgConnection::establish(&self.url).unwrap()
    }

    /// The URL the server uses: the same database as the unprivileged role the migrations
    /// create.
    pub fn server_url(&self) -> String {
        let mut url = url::Url::parse(&self.url).unwrap();
        url.set_username("turnpost_server").unwrap();
        url.set_password(None).unwrap();
        url.to_string()
    }

    /// The environment that points a `turnpost` process at this database.
    pub fn env(&self) -> [(&'static str, String); 2] {
        [
            ("TURNPOST__DATABASE__URL", self.server_url()),
            ("TURNPOST__DATABASE__ADMIN_URL", self.url.clone()),
        ]
    }

    /// A connection as the server's role.
    pub fn connect_as_server(&self) -> PgConnection {
        PgConnection::establish(&self.server_url()).unwrap()
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Ok(mut admin) = PgConnection::establish(&self.admin) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .execute(&mut admin);
        }
    }
}

/// The server, running on a random port against its own database, delivering mail to an SMTP
/// server of its own. The in-server mail worker is off unless a test turns it on: tests deliver
/// mail when they choose, with [`TestApp::deliver`].
pub struct TestApp {
    // First, so that it is dropped first: the server stops before its database is dropped.
    _server: RunningServer,
    pub base: String,
    pub db: TestDb,
    pub smtp: SmtpServer,
    pub settings: Settings,
}

/// A second server on a test's database.
pub struct SecondServer {
    _server: RunningServer,
    pub base: String,
}

/// The server on a thread and an actix system of its own, so that stopping it does not depend
/// on the test's runtime: dropping this stops it and waits until its mail worker has stopped and
/// its pool is closed.
struct RunningServer {
    handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl RunningServer {
    fn start(settings: Settings, listener: TcpListener) -> RunningServer {
        let (started, handle) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("test-server".into())
            .spawn(move || {
                actix_web::rt::System::new().block_on(async move {
                    let running =
                        turnpost::server::start_on(settings, listener).expect("server starts");
                    started.send(running.handle()).unwrap();
                    running.serve().await.expect("server stops cleanly");
                })
            })
            .unwrap();
        RunningServer {
            handle: handle.recv().expect("server starts"),
            thread: Some(thread),
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        // The command is sent at once; the thread ends when the server has finished stopping.
        drop(self.handle.stop(true));
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
            && !std::thread::panicking()
        {
            panic!("the test server's thread panicked");
        }
    }
}

impl TestApp {
    pub async fn start() -> TestApp {
        Self::start_with(|_| {}).await
    }

    /// Starts with test settings, adjusted by `adjust`.
    pub async fn start_with(adjust: impl FnOnce(&mut Settings)) -> TestApp {
        Self::start_on(TestDb::new(), adjust).await
    }

    /// Starts on `db` with test settings, adjusted by `adjust`.
    pub async fn start_on(db: TestDb, adjust: impl FnOnce(&mut Settings)) -> TestApp {
        // TURNPOST_TEST_LOG=debug (with --nocapture) shows what the servers log, and what the
        // `turnpost` processes a test starts log.
        static LOGGING: std::sync::Once = std::sync::Once::new();
        LOGGING.call_once(|| {
            if let Ok(filter) = std::env::var("TURNPOST_TEST_LOG") {
                let _ = tracing_subscriber::fmt()
                    .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
                    .with_test_writer()
                    .try_init();
            }
        });
        let smtp = SmtpServer::start();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let mut settings = Settings::load(Some(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("config/test.toml"),
        ))
        .unwrap();
        settings.database.url = db.server_url();
        settings.database.admin_url = db.url.clone();
        settings.server.base_url = base.clone();
        settings.mail.smtp.host = smtp.addr.ip().to_string();
        settings.mail.smtp.port = smtp.addr.port();
        adjust(&mut settings);
        let server = RunningServer::start(settings.clone(), listener);
        TestApp {
            base,
            db,
            smtp,
            settings,
            _server: server,
        }
    }

    /// Another server process's worth of server on the same database, as behind a load
    /// balancer.
    pub fn second_server(&self) -> SecondServer {
        self.server_with(|_| {})
    }

    /// Another server on the same database, with its settings adjusted by `adjust`.
    pub fn server_with(&self, adjust: impl FnOnce(&mut Settings)) -> SecondServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let mut settings = self.settings.clone();
        settings.server.base_url = base.clone();
        adjust(&mut settings);
        SecondServer {
            _server: RunningServer::start(settings, listener),
            base,
        }
    }

    /// A `turnpost` command (`serve`, `mail-worker`, …) run apart from this process, with the
    /// test settings, on this test's database, sending mail to this test's SMTP server.
    pub fn command(&self, subcommand: &str) -> std::process::Command {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_turnpost"));
        command
            .arg(subcommand)
            .arg("--config")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/config/test.toml"))
            .envs(self.db.env())
            .env("TURNPOST__SERVER__BASE_URL", &self.base)
            .env(
                "TURNPOST__MAIL__SMTP__HOST",
                self.smtp.addr.ip().to_string(),
            )
            .env(
                "TURNPOST__MAIL__SMTP__PORT",
                self.smtp.addr.port().to_string(),
            )
            .stderr(std::process::Stdio::null());
        match std::env::var("TURNPOST_TEST_LOG") {
            Ok(filter) => command.env("RUST_LOG", filter),
            Err(_) => command.stdout(std::process::Stdio::null()),
        };
        command
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A browser of its own: its own cookies, following redirects.
    pub fn browser(&self) -> Browser {
        Browser::new(&self.base)
    }

    /// Runs one round of the mail worker now, on the server's database: compose what is due,
    /// send what is due.
    pub fn deliver(&self) -> worker::Round {
        let mut conn = PgConnection::establish(&self.settings.database.admin_url).unwrap();
        let transport = worker::Sender::new(&self.settings).unwrap();
        worker::run_once(&mut conn, &transport, &self.settings).unwrap()
    }

    /// Runs one round of the scheduler now, as the server's own role.
    pub fn schedule(&self) -> turnpost::scheduler::Round {
        turnpost::scheduler::run_once(&mut self.db.connect_as_server(), &self.settings).unwrap()
    }

    /// Rates every finished game that awaits it, as the servers' schedulers do (this test's
    /// own server may be at it, holding the lock): a finished rated game's log then ends with
    /// its rating row, and a test may count the rows.
    pub fn rate_finished_games(&self) {
        let mut conn = self.db.connect_as_server();
        for _ in 0..250 {
            turnpost::ratings::rate::rate_finished(&mut conn, 100).unwrap();
            if !turnpost::ratings::rate::any_awaiting(&mut conn, None).unwrap() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        panic!("finished games still await their rating");
    }

    /// Every message the SMTP server accepted so far, parsed, in the order received.
    pub fn mails(&self) -> Vec<Mail> {
        self.smtp
            .received()
            .iter()
            .map(|r| Mail {
                sender: r.sender.clone(),
                ..Mail::parse(&r.data, r.recipients.clone())
            })
            .collect()
    }

    /// The messages accepted for `to` so far.
    pub fn mails_to(&self, to: &str) -> Vec<Mail> {
        self.mails().into_iter().filter(|m| m.to == to).collect()
    }

    /// Delivers what is due and returns the newest message to `to` whose subject contains
    /// `subject`.
    pub fn mail(&self, to: &str, subject: &str) -> Mail {
        self.deliver();
        self.mails_to(to)
            .into_iter()
            .rev()
            .find(|m| m.subject.contains(subject))
            .unwrap_or_else(|| {
                let subjects: Vec<String> = self
                    .mails()
                    .iter()
                    .map(|m| format!("{}: {}", m.to, m.subject))
                    .collect();
                panic!("no mail to {to} about “{subject}”; received: {subjects:#?}")
            })
    }

    /// A player signed in through the emailed link, with their display name set.
    pub async fn signed_in(&self, email: &str, name: &str) -> Browser {
        let browser = self.browser();
        browser.sign_in(self, email).await;
        let response = browser.rename(name).await;
        assert_eq!(response.status, 200, "{}", response.body);
        browser
    }
}

/// A parsed email.
#[derive(Clone)]
pub struct Mail {
    /// The envelope sender it came from: its return path.
    pub sender: String,
    pub to: String,
    pub envelope_to: Vec<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub raw: String,
    /// The parts attached inline: each one's Content-ID (without its angle brackets) and bytes.
    pub inline: Vec<(String, Vec<u8>)>,
}

impl Mail {
    pub fn parse(raw: &[u8], envelope_to: Vec<String>) -> Mail {
        let message = mail_parser::MessageParser::default()
            .parse(raw)
            .expect("a MIME message");
        let to = message
            .to()
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            .unwrap_or_default()
            .to_string();
        Mail {
            sender: String::new(),
            to,
            envelope_to,
            subject: message.subject().unwrap_or_default().to_string(),
            text: message.body_text(0).unwrap_or_default().to_string(),
            html: message.body_html(0).unwrap_or_default().to_string(),
            raw: String::from_utf8_lossy(raw).into_owned(),
            inline: message
                .attachments()
                .filter_map(|part| {
                    use mail_parser::MimeHeaders;
                    let id = part.content_id()?.trim_matches(['<', '>']).to_string();
                    Some((id, part.contents().to_vec()))
                })
                .collect(),
        }
    }

    /// A header's value as sent (unfolded, trimmed).
    pub fn header(&self, name: &str) -> Option<String> {
        let message = mail_parser::MessageParser::default().parse(self.raw.as_bytes())?;
        message
            .header_raw(name)
            .map(|v| v.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// The first link in the plain-text body that starts with `prefix`.
    pub fn link(&self, base: &str, prefix: &str) -> String {
        let start = format!("{base}{prefix}");
        self.text
            .split_whitespace()
            .find(|word| word.starts_with(&start))
            .unwrap_or_else(|| panic!("no {start} link in:\n{}", self.text))
            .to_string()
    }
}

/// A response, read.
pub struct Page {
    pub status: u16,
    pub url: String,
    pub body: String,
    pub content_type: String,
}

impl Page {
    pub fn html(&self) -> Html {
        Html::parse_document(&self.body)
    }

    /// The CSRF token of the first form on the page.
    pub fn csrf(&self) -> String {
        self.input_value("csrf")
            .unwrap_or_else(|| panic!("no CSRF field on {}:\n{}", self.url, self.body))
    }

    pub fn input_value(&self, name: &str) -> Option<String> {
        let selector = Selector::parse(&format!("input[name=\"{name}\"]")).unwrap();
        self.html()
            .select(&selector)
            .next()
            .and_then(|e| e.value().attr("value").map(str::to_string))
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}) from {}:\n{}", self.url, self.body))
    }

    /// Every move form on the page: its action and fields, and its button's label.
    pub fn move_forms(&self) -> Vec<MoveForm> {
        let forms = Selector::parse("form.move").unwrap();
        let inputs = Selector::parse("input").unwrap();
        let button = Selector::parse("button").unwrap();
        self.html()
            .select(&forms)
            .map(|form| MoveForm {
                action: form.value().attr("action").unwrap_or_default().to_string(),
                fields: form
                    .select(&inputs)
                    .map(|i| {
                        (
                            i.value().attr("name").unwrap_or_default().to_string(),
                            i.value().attr("value").unwrap_or_default().to_string(),
                        )
                    })
                    .collect(),
                label: form
                    .select(&button)
                    .next()
                    .map(|b| b.text().collect::<String>().trim().to_string())
                    .unwrap_or_default(),
            })
            .collect()
    }
}

#[derive(Clone, Debug)]
pub struct MoveForm {
    pub action: String,
    pub fields: Vec<(String, String)>,
    pub label: String,
}

impl std::fmt::Display for MoveForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "“{}” {}", self.label, self.field("command"))
    }
}

impl MoveForm {
    pub fn field(&self, name: &str) -> &str {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_default()
    }

    pub fn command(&self) -> serde_json::Value {
        serde_json::from_str(self.field("command")).unwrap()
    }
}

/// One person's browser.
pub struct Browser {
    pub client: reqwest::Client,
    pub base: String,
    jar: std::sync::Arc<reqwest::cookie::Jar>,
}

impl Browser {
    pub fn new(base: &str) -> Browser {
        Browser::speaking(base, "en-GB,en;q=0.9")
    }

    /// A browser whose Accept-Language header is `languages`.
    pub fn speaking(base: &str, languages: &str) -> Browser {
        let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            reqwest::header::HeaderValue::from_str(languages).unwrap(),
        );
        Browser {
            client: reqwest::Client::builder()
                .default_headers(headers)
                .cookie_provider(jar.clone())
                .timeout(Duration::from_secs(30))
                // Below the server's keep-alive, so an idle connection it closed is not reused.
                .pool_idle_timeout(Duration::from_secs(2))
                .build()
                .unwrap(),
            base: base.to_string(),
            jar,
        }
    }

    /// The same person's cookies, in a browser talking to `base` (another server, or a thief).
    pub fn copy_to(&self, base: &str) -> Browser {
        let copy = Browser::new(base);
        let to = url::Url::parse(base).unwrap();
        for pair in self.cookies() {
            copy.jar.add_cookie_str(&pair, &to);
        }
        copy
    }

    /// The cookies this browser holds for its server, as `name=value` pairs.
    pub fn cookies(&self) -> Vec<String> {
        use reqwest::cookie::CookieStore;
        let from = url::Url::parse(&self.base).unwrap();
        (self.jar.cookies(&from).iter())
            .flat_map(|header| header.to_str().unwrap().split("; ").map(str::to_string))
            .collect()
    }

    pub async fn read(response: reqwest::Response) -> Page {
        let status = response.status().as_u16();
        let url = response.url().to_string();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let body = response.text().await.unwrap();
        Page {
            status,
            url,
            body,
            content_type,
        }
    }

    pub fn absolute(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        }
    }

    pub async fn get(&self, path: &str) -> Page {
        Self::read(self.client.get(self.absolute(path)).send().await.unwrap()).await
    }

    pub async fn get_json(&self, path: &str) -> Page {
        Self::read(
            self.client
                .get(self.absolute(path))
                .header("Accept", "application/json")
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    pub async fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        Self::read(
            self.client
                .post(self.absolute(path))
                .form(fields)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// Posts a form with extra request headers, as a program driving a session would.
    pub async fn post_form_with(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        headers: &[(&str, &str)],
    ) -> Page {
        let mut request = self.client.post(self.absolute(path)).form(fields);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Self::read(request.send().await.unwrap()).await
    }

    /// Posts `body` as JSON with the session's CSRF token in its header, as a program would.
    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> Page {
        let csrf = self.get("/sign-in").await.csrf();
        let request = (self.client.post(self.absolute(path)))
            .header("X-CSRF-Token", csrf)
            .json(body);
        Self::read(request.send().await.unwrap()).await
    }

    pub async fn post_raw(&self, path: &str, content_type: &str, body: Vec<u8>) -> Page {
        Self::read(
            self.client
                .post(self.absolute(path))
                .header("Content-Type", content_type)
                .body(body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// Submits a move form as the browser would.
    pub async fn submit(&self, form: &MoveForm) -> Page {
        let fields: Vec<(&str, &str)> = form
            .fields
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        self.post_form(&form.action, &fields).await
    }

    /// Asks for a sign-in link and follows it from the email.
    pub async fn sign_in(&self, app: &TestApp, email: &str) {
        let sent = self.ask_for_sign_in_link(email).await;
        assert_eq!(sent.status, 200, "{}", sent.body);
        assert!(sent.body.contains("class=\"notice\""), "{}", sent.body);
        let mail = app.mail(email, "sign-in");
        let link = mail.link(&app.base, "/sign-in/");
        let home = self.follow_sign_in_link(&link).await;
        assert_eq!(home.status, 200, "{}", home.body);
        assert!(home.body.contains("class=\"who\""), "{}", home.body);
    }

    /// Asks the sign-in page to email a link to `email`.
    pub async fn ask_for_sign_in_link(&self, email: &str) -> Page {
        let csrf = self.get("/sign-in").await.csrf();
        self.post_form(
            "/sign-in",
            &[("csrf", &csrf), ("email", email), ("next", "/")],
        )
        .await
    }

    /// Changes the display name in Settings.
    pub async fn rename(&self, name: &str) -> Page {
        let csrf = self.get("/settings").await.csrf();
        self.post_form("/settings", &[("csrf", &csrf), ("display_name", name)])
            .await
    }

    /// Opens an emailed sign-in link and presses its button, as a person would.
    pub async fn follow_sign_in_link(&self, link: &str) -> Page {
        let page = self.get(link).await;
        if page.status != 200 || !page.body.contains("action=\"/sign-in/") {
            return page;
        }
        let csrf = page.csrf();
        let path = url::Url::parse(&self.absolute(link))
            .unwrap()
            .path()
            .to_string();
        self.post_form(&path, &[("csrf", &csrf)]).await
    }
}

/// Creates a game of `kind` from `creator`'s browser inviting `invitees`, with extra form
/// fields. Returns the game's path.
pub async fn create_game(
    creator: &Browser,
    kind: &str,
    invitees: &[&str],
    extra: &[(&str, &str)],
) -> String {
    let form = creator.get(&format!("/games/new/{kind}")).await;
    assert_eq!(form.status, 200, "{}", form.body);
    let csrf = form.csrf();
    let fields_names: Vec<String> = (1..=invitees.len())
        .map(|n| format!("invite_{n}"))
        .collect();
    let mut fields = vec![("csrf", csrf.as_str())];
    for (name, email) in fields_names.iter().zip(invitees) {
        fields.push((name.as_str(), email));
    }
    fields.extend_from_slice(extra);
    let page = creator
        .post_form(&format!("/games/new/{kind}"), &fields)
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let path = url::Url::parse(&page.url).unwrap().path().to_string();
    assert!(path.starts_with("/games/"), "{path}");
    path
}

/// A started game: everyone signed in and seated. The first player created it.
pub struct Table {
    pub app: TestApp,
    pub players: Vec<Browser>,
    pub emails: Vec<String>,
    pub path: String,
}

/// Signs in one player per name (`name@example.com`), lets the first create a game of `kind`
/// inviting the others, and has every invitee accept.
pub async fn start_table(kind: &str, names: &[&str], extra: &[(&str, &str)]) -> Table {
    seat_table(TestApp::start().await, kind, names, extra).await
}

/// As [`start_table`], on a server already started.
pub async fn seat_table(app: TestApp, kind: &str, names: &[&str], extra: &[(&str, &str)]) -> Table {
    let emails: Vec<String> = names
        .iter()
        .map(|n| format!("{}@example.com", n.to_lowercase()))
        .collect();
    let mut players = Vec::new();
    for (name, email) in names.iter().zip(&emails) {
        players.push(app.signed_in(email, name).await);
    }
    let invitees: Vec<&str> = emails[1..].iter().map(String::as_str).collect();
    let path = create_game(&players[0], kind, &invitees, extra).await;
    for (browser, email) in players[1..].iter().zip(&emails[1..]) {
        let joined = accept_invitation(&app, browser, email).await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        assert!(joined.url.ends_with(&path), "{} vs {path}", joined.url);
    }
    Table {
        app,
        players,
        emails,
        path,
    }
}

#[derive(diesel::QueryableByName)]
struct Due {
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    due_at: chrono::DateTime<chrono::Utc>,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    now: chrono::DateTime<chrono::Utc>,
}

impl Table {
    /// How long (by the database's clock) until the running turn's time runs out.
    pub fn time_to_deadline(&self) -> std::time::Duration {
        let due: Due = diesel::sql_query("SELECT due_at, now() AS now FROM turn_clocks LIMIT 1")
            .get_result(&mut self.app.db.connect())
            .expect("a clock is running");
        (due.due_at - due.now).to_std().unwrap_or_default()
    }

    /// The JSON twin of the game as `player` sees it.
    pub async fn twin(&self, player: usize) -> serde_json::Value {
        let page = self.players[player].get_json(&self.path).await;
        assert_eq!(page.status, 200, "{}", page.body);
        page.json()
    }

    /// Plays `command` (JSON) as `player` through the page's form endpoint; returns the response.
    pub async fn play(&self, player: usize, command: &serde_json::Value) -> Page {
        let browser = &self.players[player];
        let twin = self.twin(player).await;
        let csrf = browser.get("/sign-in").await.csrf();
        let seq = twin["seq"].to_string();
        let command = command.to_string();
        browser
            .post_form(
                &format!("{}/play", self.path),
                &[("csrf", &csrf), ("seq", &seq), ("command", &command)],
            )
            .await
    }

    /// The players who may act now, by index.
    pub async fn to_act(&self) -> Vec<usize> {
        let mut acting = Vec::new();
        for player in 0..self.players.len() {
            let twin = self.twin(player).await;
            if !twin["legal_commands"].as_array().unwrap().is_empty() {
                acting.push(player);
            }
        }
        acting
    }
}

/// A game's whole history, read a page at a time as a reader would: every row of its JSON twin,
/// and the HTML of every page, in order.
pub async fn whole_history(browser: &Browser, game_path: &str) -> (Vec<serde_json::Value>, String) {
    let mut rows = Vec::new();
    let mut html = String::new();
    let mut next = Some(format!("{game_path}/history?format=json"));
    while let Some(path) = next {
        let page = browser.get_json(&path).await;
        assert_eq!(page.status, 200, "{}", page.body);
        let page = page.json();
        rows.extend(page["rows"].as_array().unwrap().iter().cloned());
        let from = page["from"].as_i64().unwrap();
        let shown = browser
            .get(&format!("{game_path}/history?from={from}"))
            .await;
        assert_eq!(shown.status, 200, "{}", shown.body);
        html.push_str(&shown.body);
        next = page["later"].as_str().map(str::to_string);
    }
    (rows, html)
}

/// Follows the invitation in `invitee`'s mail and takes the seat.
pub async fn accept_invitation(app: &TestApp, browser: &Browser, email: &str) -> Page {
    let mail = app.mail(email, "invites you");
    let link = mail.link(&app.base, "/join/");
    let invitation = browser.get(&link).await;
    assert_eq!(invitation.status, 200, "{}", invitation.body);
    let csrf = invitation.csrf();
    let path = url::Url::parse(&link).unwrap().path().to_string();
    browser.post_form(&path, &[("csrf", &csrf)]).await
}

/// Counts the rows of a table in the test database.
/// A port nothing listens on right now.
/// Words of three or more Latin letters in a Japanese text that are not `known` (players' names,
/// a game's id) nor Turnpost's name or the "English" language link: English left untranslated.
/// Tokens with digits (hashes, square names), slashes (links, time-zone ids) or `@` (addresses)
/// and words in capitals (move codes) are not words.
pub fn english_words(text: &str, known: &[&str]) -> Vec<String> {
    let mut found: Vec<String> = text
        .split_whitespace()
        .filter(|token| !token.chars().any(|c| c.is_ascii_digit()))
        .filter(|token| !token.contains('/') && !token.contains('@'))
        .flat_map(|token| token.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|word| word.len() >= 3)
        .filter(|word| !word.chars().all(|c| c.is_ascii_uppercase()))
        .filter(|word| !known.contains(word) && !["Turnpost", "English"].contains(word))
        .map(str::to_string)
        .collect();
    found.sort();
    found.dedup();
    found
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn count_rows(db: &TestDb, table: &str) -> i64 {
    diesel::sql_query(format!("SELECT count(*) AS n FROM {table}"))
        .get_result::<Count>(&mut db.connect())
        .unwrap()
        .n
}

/// Downloads a finished game's log and checks it with the offline verifier: hash chain, rules,
/// and every random outcome against the revealed seed.
pub async fn assert_log_verifies(table: &Table) {
    let page = table.players[0]
        .get(&format!("{}/export", table.path))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let export: turnpost::audit::Export = serde_json::from_str(&page.body).unwrap();
    assert!(export.complete, "a finished game's log withholds nothing");
    assert!(export.seed.is_some(), "the seed is revealed");
    let report = turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
    assert!(
        report
            .lines
            .iter()
            .any(|line| line.to_string().contains("Seed revealed")),
        "{report:?}"
    );
}

/// Rewrites the stored hashes of a game's log by `hash` (a rule of today's or an earlier one),
/// as the schema's owner could behind the server's back, the log's trigger off meanwhile.
pub fn rehash_stored_log(
    owner: &mut diesel::PgConnection,
    game_id: &str,
    hash: fn(&RowContent<'_>, &turnpost::chain::Hash) -> turnpost::chain::Hash,
) {
    let rows = turnpost::store::events::load(owner, game_id).unwrap();
    let mut prev = GENESIS;
    diesel::sql_query("ALTER TABLE game_events DISABLE TRIGGER USER")
        .execute(owner)
        .unwrap();
    for row in &rows {
        let recorded_at = row.recorded_at_text();
        let content = RowContent {
            game_id,
            seq: row.seq,
            actor: row.actor,
            command: &row.command.value(),
            events: &row.events.value(),
            recorded_at: &recorded_at,
        };
        let hashed = hash(&content, &prev);
        diesel::sql_query(format!(
            "UPDATE game_events SET prev_hash = '\\x{}', hash = '\\x{}'
             WHERE game_id = '{game_id}' AND seq = {}",
            hex::encode(prev),
            hex::encode(hashed),
            row.seq
        ))
        .execute(owner)
        .unwrap();
        prev = hashed;
    }
    diesel::sql_query("ALTER TABLE game_events ENABLE TRIGGER USER")
        .execute(owner)
        .unwrap();
}

/// Recomputes every hash so that the chain holds whatever the rows now say.
pub fn rechain(export: &mut turnpost::audit::Export) {
    rechain_rows(&export.game_id, &mut export.rows);
}

/// Re-hashes a log's rows after an alteration, as a forger would (`log_id`: the game's or the
/// event's id).
pub fn rechain_rows(log_id: &str, rows: &mut [turnpost::audit::ExportRow]) {
    let mut prev = GENESIS;
    for row in rows {
        row.prev_hash = hex::encode(prev);
        let hash = RowContent {
            game_id: log_id,
            seq: row.seq,
            actor: row.actor,
            command: &row.command,
            events: &row.events,
            recorded_at: &row.recorded_at,
        }
        .hash(&prev);
        row.hash = hex::encode(hash);
        prev = hash;
    }
}

/// Alters the first recorded rules event of a finished game's log that `matches`, with `alter`,
/// keeps the hash chain consistent, and checks that the verifier still finds that the outcome
/// does not follow from the seed, naming the row.
pub async fn assert_altered_outcome_caught(
    table: &Table,
    matches: impl Fn(&serde_json::Value) -> bool,
    alter: impl Fn(&mut serde_json::Value),
) {
    let page = table.players[0]
        .get(&format!("{}/export", table.path))
        .await;
    let mut export: turnpost::audit::Export = serde_json::from_str(&page.body).unwrap();
    let row = export
        .rows
        .iter()
        .position(|row| {
            row.events
                .as_array()
                .unwrap()
                .iter()
                .any(|e| matches(&e["event"]))
        })
        .expect("the log holds such an event");
    for entry in export.rows[row].events.as_array_mut().unwrap() {
        if matches(&entry["event"]) {
            alter(&mut entry["event"]);
            break;
        }
    }
    rechain(&mut export);
    let found = turnpost::audit::verify(&export).expect_err("the altered outcome is caught");
    assert_eq!(found.seq, export.rows[row].seq, "{found}");
    assert!(
        found
            .problem
            .to_string()
            .contains("differs from what the rules and the seed give"),
        "{found}"
    );
}
