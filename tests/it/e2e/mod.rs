//! End to end, in real clients: every kind of game played to the end in headless Chromium with
//! JavaScript switched off, driven over WebDriver (chromedriver) by clicking links and buttons
//! only (the long games make, in their middle, a kind of turn its player has already made in
//! the browser through the JSON twin), and every board read in a text browser (`w3m -dump`).
//!
//! Each Chromium test starts the real server against a database of its own (as every integration
//! test does), one chromedriver on a free port and one browser per player. Players sign in
//! through the link in their email, the first creates the game through the new-game form and
//! invites the others by email, they join through the links in their invitations and play to the
//! end. Every page any browser shows is checked for scripts; a player whose turn it is must find
//! a link or a button for it. The finished board is saved as a screenshot under
//! `target/e2e-screenshots/<kind>.png`, and the history is opened at the end.
//!
//! Needs `chromium-headless-shell` (or `chromium`), `chromium-driver` and `w3m` (Debian
//! packages); `TURNPOST_E2E_CHROMIUM`, `TURNPOST_E2E_CHROMEDRIVER` and `TURNPOST_E2E_W3M` name
//! other binaries. Missing ones fail the tests with a message saying what to install; nothing is
//! skipped. Chromium's headless shell is its own engine without the desktop browser around it,
//! and it renders and lays out pages as Chromium does at half the processor time a page.

mod accessibility;
mod axe;
mod azul;
mod computer;
mod events;
mod gype;
mod japanese;
mod kabaleo;
mod kalah;
mod moderation;
mod phone;
mod plans;
mod quarto;
mod table_life;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use scraper::{ElementRef, Html, Selector};
use serde_json::{Value, json};

use turnpost::i18n::Lang;
use turnpost::rules::Kind;

use crate::support::{TestApp, free_port};

const INSTALL: &str = "the end-to-end tests need Chromium, its WebDriver and w3m: \
     `apt-get install chromium-headless-shell chromium-driver w3m` (Debian/Ubuntu), or name the \
     binaries in TURNPOST_E2E_CHROMIUM, TURNPOST_E2E_CHROMEDRIVER and TURNPOST_E2E_W3M";

/// The first of `names` found on the PATH, or the path in the environment variable `var`.
fn program(var: &str, names: &[&str]) -> PathBuf {
    if let Ok(path) = std::env::var(var) {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "{var}={} is not a file; {INSTALL}",
            path.display()
        );
        return path;
    }
    let dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    names
        .iter()
        .flat_map(|name| dirs.iter().map(move |dir| dir.join(name)))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("{} not found: {INSTALL}", names.join(" or ")))
}

pub fn chromium() -> PathBuf {
    program(
        "TURNPOST_E2E_CHROMIUM",
        &[
            "chromium-headless-shell",
            "chromium",
            "chromium-browser",
            "google-chrome",
        ],
    )
}

pub fn chromedriver() -> PathBuf {
    program("TURNPOST_E2E_CHROMEDRIVER", &["chromedriver"])
}

pub fn w3m_binary() -> PathBuf {
    program("TURNPOST_E2E_W3M", &["w3m"])
}

/// Where the tests leave what a person should look at: `target/e2e-screenshots`.
pub fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("e2e-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One chromedriver, on a free port, in a process group of its own so that it and every browser
/// it started can be stopped together, by its id, when the test ends (or fails).
pub struct Chromedriver {
    child: Child,
    pub url: String,
    /// What chromedriver starts as the browser: Chromium, given a first page to open.
    launcher: PathBuf,
    profiles: PathBuf,
}

impl Chromedriver {
    pub async fn start() -> Chromedriver {
        use std::os::unix::process::CommandExt;
        let chromium = chromium();
        let driver = chromedriver();
        let port = free_port();
        let profiles = std::env::temp_dir().join(format!(
            "turnpost-e2e-{}",
            turnpost::auth::tokens::random_id(10)
        ));
        std::fs::create_dir_all(&profiles).unwrap();
        let launcher = launcher(&chromium, &profiles);
        let log = std::fs::File::create(profiles.join("chromedriver.log")).unwrap();
        let child = Command::new(&driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("{} does not start ({e}); {INSTALL}", driver.display()));
        let url = format!("http://127.0.0.1:{port}");
        let status = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(response) = status.get(format!("{url}/status")).send().await
                && let Ok(body) = response.json::<Value>().await
                && body["value"]["ready"] == true
            {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not answer on {url} within 20 s"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Chromedriver {
            child,
            url,
            launcher,
            profiles,
        }
    }

    /// A new browser window of its own (own profile, own cookies), with JavaScript switched off.
    pub async fn browser(&self, who: &str) -> Client {
        let profile = self.profiles.join(who);
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("chrome"));
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": self.launcher,
                "args": [
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-dev-shm-usage",
                    "--hide-scrollbars",
                    "--window-size=1280,1000",
                    "--lang=en-GB",
                    // The headless shell keeps no content settings: scripts go off here.
                    "--blink-settings=scriptEnabled=false",
                    format!("--user-data-dir={}", profile.display()),
                ],
                "prefs": {
                    "profile.managed_default_content_settings.javascript": 2,
                    "profile.default_content_setting_values.javascript": 2,
                },
            }),
        );
        let client = ClientBuilder::native()
            .capabilities(caps)
            .connect(&self.url)
            .await
            .unwrap_or_else(|e| {
                let log = std::fs::read_to_string(self.profiles.join("chromedriver.log"))
                    .unwrap_or_default();
                panic!("Chromium does not start under chromedriver: {e}\n{log}\n{INSTALL}")
            });
        assert_javascript_is_off(&client).await;
        client
    }
}

/// A script that starts `chromium` with chromedriver's arguments and a blank first page: the
/// headless shell opens no page unless its command line names one, and chromedriver turns every
/// argument it is given into a switch.
fn launcher(chromium: &Path, dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("chromium");
    let script = format!(
        "#!/bin/sh\nexec '{}' \"$@\" about:blank\n",
        chromium.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        // The whole group: chromedriver and the browsers it started.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profiles);
    }
}

/// Proves that the browser runs no script: a page whose script would rename it keeps its title.
async fn assert_javascript_is_off(client: &Client) {
    client
        .goto("data:text/html,<title>scripts%20off</title><script>document.title='scripts%20on'</script><p>probe</p>")
        .await
        .unwrap();
    let title = client.title().await.unwrap();
    assert_eq!(title, "scripts off", "JavaScript is not switched off");
}

/// Fails if a page carries anything that runs a script: script or noscript elements, event
/// handler attributes, `javascript:` addresses.
pub fn assert_no_script(html: &Html, url: &str) {
    let all = Selector::parse("*").unwrap();
    for element in html.select(&all) {
        let name = element.value().name();
        assert!(
            name != "script" && name != "noscript",
            "{url} carries a <{name}> element"
        );
        for (attr, value) in element.value().attrs() {
            assert!(
                !attr.to_ascii_lowercase().starts_with("on"),
                "{url}: <{name} {attr}=\"{value}\"> is an event handler"
            );
            assert!(
                !value.trim().to_ascii_lowercase().starts_with("javascript:"),
                "{url}: <{name} {attr}=\"{value}\"> runs a script"
            );
        }
    }
}

/// The visible text of an element, whitespace collapsed.
pub fn text_of(element: &ElementRef) -> String {
    element
        .text()
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A control on a page: a move form's button or a link, the `index`-th match of `selector` in
/// document order.
#[derive(Clone, Debug)]
pub struct Control {
    pub selector: &'static str,
    pub index: usize,
    pub label: String,
    /// A button's command (JSON), or a link's address.
    pub target: String,
}

/// One player at their own browser.
pub struct Person {
    pub name: String,
    pub email: String,
    pub client: Client,
    /// A plain HTTP client carrying this browser's session cookie, for the test's own look at the
    /// JSON twin (never to act).
    pub eyes: reqwest::Client,
    pub base: String,
    /// The page the browser shows now, as checked.
    pub html: String,
    pub url: String,
    /// The language the person reads the site in.
    pub lang: Lang,
}

/// The fixed words of a message with one argument: what a page shows of it whatever the
/// argument is ("Signed in as ", "" around a name).
pub fn fragments(lang: Lang, key: &'static str, arg: &'static str) -> Vec<String> {
    const HOLE: &str = "\u{1}";
    lang.tr(key)
        .arg(arg, HOLE)
        .to_string()
        .split(HOLE)
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(str::to_string)
        .collect()
}

/// A game's name as the site writes it in `lang`.
pub fn kind_name(kind: &str, lang: Lang) -> String {
    lang.game_name(Kind::parse(kind).unwrap_or_else(|| panic!("no game {kind}")))
}

impl Person {
    /// Opens a browser for `name` and signs in through the emailed link, then sets the name
    /// others see in Settings.
    pub async fn sign_in(app: &TestApp, driver: &Chromedriver, name: &str) -> Person {
        Person::sign_in_speaking(app, driver, name, Lang::En).await
    }

    /// Signs in as [`Person::sign_in`] does, reading the site in `lang`: a person who does not
    /// read English first follows the plain link to their language at the foot of the page.
    pub async fn sign_in_speaking(
        app: &TestApp,
        driver: &Chromedriver,
        name: &str,
        lang: Lang,
    ) -> Person {
        let email = format!("{}@example.com", name.to_lowercase());
        let client = driver.browser(name).await;
        let mut person = Person {
            name: name.to_string(),
            email: email.clone(),
            client,
            eyes: reqwest::Client::new(),
            base: app.base.clone(),
            html: String::new(),
            url: String::new(),
            lang,
        };
        person.open("/").await;
        if lang != Lang::En {
            person.follow(lang.native_name()).await;
        }
        person.type_into("#email", &email).await;
        person.press(&lang.t("sign-in-send")).await;
        person.expect_text(&lang.t("sign-in-sent-title"));
        let subject = lang.t("mail-sign-in-subject");
        let link = app.mail(&email, &subject).link(&app.base, "/sign-in/");
        // The link is followed from the mail reader.
        person.open(&link).await;
        let button = lang
            .tr("sign-in-as-button")
            .arg("email", &email)
            .to_string();
        person.press(&button).await;
        person.expect_fragments("signed-in-as", "name");
        person.follow(&lang.t("nav-settings")).await;
        let field = person
            .client
            .find(Locator::Id("display_name"))
            .await
            .unwrap();
        field.clear().await.unwrap();
        field.send_keys(name).await.unwrap();
        person.press(&lang.t("settings-save")).await;
        person.expect_text(&lang.t("settings-saved"));
        person.expect_text(&lang.tr("signed-in-as").arg("name", name).to_string());
        let cookie = person
            .client
            .get_named_cookie("turnpost")
            .await
            .expect("a session cookie");
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::COOKIE,
            format!("turnpost={}", cookie.value()).parse().unwrap(),
        );
        person.eyes = reqwest::Client::builder()
            .default_headers(headers)
            // Below the server's keep-alive: while the other players take their turns in their
            // browsers, this client idles, and a connection the server closed is not reused.
            .pool_idle_timeout(Duration::from_secs(2))
            .build()
            .unwrap();
        person
    }

    /// Goes to `path` (as typed into the address bar, or followed from an email) and checks the
    /// page.
    pub async fn open(&mut self, path: &str) {
        let url = if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        };
        self.client.goto(&url).await.unwrap();
        self.read().await;
    }

    /// Reloads the page, as the browser's reload button does.
    pub async fn reload(&mut self) {
        self.client.refresh().await.unwrap();
        self.read().await;
    }

    /// Reads and checks the page the browser shows now.
    pub async fn read(&mut self) {
        self.url = self.client.current_url().await.unwrap().to_string();
        self.html = self.client.source().await.unwrap();
        assert_no_script(&Html::parse_document(&self.html), &self.url);
        assert!(
            !self.html.contains("This site can’t be reached") && !self.html.contains("neterror"),
            "{} did not load",
            self.url
        );
    }

    /// The page's headings in order, each indented by its level.
    pub fn outline(&self) -> Vec<String> {
        let headings = Selector::parse("h1, h2, h3, h4, h5, h6").unwrap();
        (self.doc().select(&headings))
            .map(|h| {
                let level: usize = h.value().name()[1..].parse().unwrap();
                format!("{}{}", "  ".repeat(level - 1), text_of(&h))
            })
            .collect()
    }

    pub fn doc(&self) -> Html {
        Html::parse_document(&self.html)
    }

    pub fn text(&self) -> String {
        let doc = self.doc();
        text_of(&doc.root_element())
    }

    pub fn expect_text(&self, words: &str) {
        assert!(
            self.text().contains(words),
            "“{words}” is not on {}:\n{}",
            self.url,
            self.text()
        );
    }

    /// Expects the message `key` on the page, whatever its argument `arg` is.
    pub fn expect_fragments(&self, key: &'static str, arg: &'static str) {
        for fragment in fragments(self.lang, key, arg) {
            self.expect_text(&fragment);
        }
    }

    /// Types into a form field.
    pub async fn type_into(&mut self, css: &str, text: &str) {
        let field = self.client.find(Locator::Css(css)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(text).await.unwrap();
    }

    /// Clicks an element (a checkbox, a radio button, an option of a list).
    pub async fn tick(&mut self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css} on {}: {e}", self.url))
            .click()
            .await
            .unwrap();
    }

    /// Presses the button labelled `label` and reads the page that follows.
    pub async fn press(&mut self, label: &str) {
        let doc = self.doc();
        let buttons = Selector::parse("button").unwrap();
        let index = doc
            .select(&buttons)
            .position(|b| text_of(&b) == label)
            .unwrap_or_else(|| panic!("no “{label}” button on {}:\n{}", self.url, self.text()));
        self.click_nth("button", index).await;
    }

    /// Where among the page's links is the one whose words are exactly `label`.
    fn link_index(&self, label: &str) -> Option<usize> {
        let links = Selector::parse("a[href]").unwrap();
        self.doc().select(&links).position(|a| text_of(&a) == label)
    }

    /// Whether the page has a link whose words are exactly `label`.
    pub fn has_link(&self, label: &str) -> bool {
        self.link_index(label).is_some()
    }

    /// Follows the link whose words are exactly `label` and reads the page that follows.
    pub async fn follow(&mut self, label: &str) {
        let index = self
            .link_index(label)
            .unwrap_or_else(|| panic!("no “{label}” link on {}:\n{}", self.url, self.text()));
        self.click_nth("a[href]", index).await;
    }

    /// Clicks the `index`-th element matching `css` and reads the page that follows.
    pub async fn click_nth(&mut self, css: &str, index: usize) {
        let found = self.client.find_all(Locator::Css(css)).await.unwrap();
        let element = found
            .get(index)
            .unwrap_or_else(|| panic!("{css} #{index} is not on {}", self.url));
        // Into the middle of the window first, as a person scrolls to what they click: a
        // control cut by the window's edge may be hidden there by what is drawn beside it.
        let at = serde_json::to_value(element).unwrap();
        self.client
            .execute("arguments[0].scrollIntoView({block: 'center'})", vec![at])
            .await
            .unwrap();
        if let Err(e) = element.click().await {
            let shot = self
                .screenshot(&format!("failed-click-{}", self.name))
                .await;
            panic!(
                "{css} #{index} on {} cannot be clicked: {e} (screenshot: {})",
                self.url,
                shot.display()
            );
        }
        // The click navigates: wait until the page it was made on is gone.
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            match element.tag_name().await {
                // Gone: Chromium says so in one of two ways.
                Err(e)
                    if e.is_stale_element_reference()
                        || e.to_string().contains("does not belong to the document") =>
                {
                    break;
                }
                Err(e) => panic!("after clicking {css} #{index} on {}: {e}", self.url),
                Ok(_) => {}
            }
            assert!(
                Instant::now() < deadline,
                "clicking {css} #{index} on {} led nowhere",
                self.url
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.read().await;
    }

    pub async fn click(&mut self, control: &Control) {
        self.click_nth(control.selector, control.index).await;
    }

    /// The move buttons on the page: one per `form.move`, each a POST form with a labelled
    /// submit button, carrying its command.
    pub fn buttons(&self) -> Vec<Control> {
        let doc = self.doc();
        let forms = Selector::parse("form.move").unwrap();
        let button = Selector::parse("button").unwrap();
        let command = Selector::parse("input[name=\"command\"]").unwrap();
        doc.select(&forms)
            .enumerate()
            .map(|(index, form)| {
                assert_eq!(
                    form.value().attr("method"),
                    Some("post"),
                    "a move form on {} is not a POST",
                    self.url
                );
                let buttons: Vec<ElementRef> = form.select(&button).collect();
                assert_eq!(buttons.len(), 1, "a move form with one button");
                assert_ne!(buttons[0].value().attr("type"), Some("button"));
                let label = text_of(&buttons[0]);
                assert!(
                    !label.is_empty(),
                    "a move button without words on {}",
                    self.url
                );
                Control {
                    selector: "form.move button",
                    index,
                    label,
                    target: form
                        .select(&command)
                        .next()
                        .and_then(|i| i.value().attr("value"))
                        .unwrap_or_default()
                        .to_string(),
                }
            })
            .collect()
    }

    /// The links matching `css` (which must select `a` elements), each with its words.
    pub fn links(&self, css: &'static str) -> Vec<Control> {
        let doc = self.doc();
        let selector = Selector::parse(css).unwrap();
        doc.select(&selector)
            .enumerate()
            .map(|(index, a)| {
                let label = text_of(&a);
                let label = if label.is_empty() {
                    a.value().attr("aria-label").unwrap_or_default().to_string()
                } else {
                    label
                };
                assert!(!label.is_empty(), "a link without words on {}", self.url);
                let href = a.value().attr("href").unwrap_or_default();
                // A link within the page (the skip link) must lead to an element that is there.
                let within = href.strip_prefix('#').map(|id| {
                    let target = Selector::parse(&format!("[id=\"{id}\"]")).unwrap();
                    doc.select(&target).next().is_some()
                });
                assert!(
                    !href.is_empty() && within != Some(false),
                    "a link that goes nowhere on {}: {href:?}",
                    self.url
                );
                Control {
                    selector: css,
                    index,
                    label,
                    target: a.value().attr("href").unwrap_or_default().to_string(),
                }
            })
            .collect()
    }

    /// The game as this player's JSON twin shows it now (the test's view, not the browser's).
    pub async fn twin(&self, game: &str) -> Value {
        let url = format!("{}{game}?format=json", self.base);
        json_answer(&url, self.eyes.get(&url).send().await).await
    }

    /// Makes `command` through the JSON twin `twin` of `game`, with the session of this
    /// person's browser, and checks that it was made.
    pub async fn play_as_tool(&self, game: &str, twin: &Value, command: &Value) {
        let url = format!("{}{game}/play", self.base);
        let body = json!({"seq": twin["seq"], "command": command});
        let sent = self
            .eyes
            .post(&url)
            .header("X-CSRF-Token", twin["csrf"].as_str().unwrap_or_default())
            .json(&body)
            .send()
            .await;
        // A success is the move made (a stale or refused one is a 409 or 422); the board that
        // answers it may already hold a computer's reply.
        let answer = json_answer(&url, sent).await;
        assert!(
            answer["seq"].as_i64() >= twin["seq"].as_i64().map(|seq| seq + 1),
            "{command} was not made: {answer}"
        );
    }

    /// Saves what the browser shows, the whole page (not only the window), as
    /// `target/e2e-screenshots/<name>.png`.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let shot = self
            .client
            .issue_cmd(Cdp {
                cmd: "Page.captureScreenshot",
                params: json!({"format": "png", "captureBeyondViewport": true}),
            })
            .await
            .unwrap();
        use base64::Engine;
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().expect("a screenshot"))
            .unwrap();
        let path = artifacts().join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        path
    }
}

/// A Chrome DevTools command, sent through chromedriver.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (http::Method::POST, Some(body.to_string()))
    }
}

/// A game being played in real browsers: the server, the chromedriver and one person per seat.
pub struct BrowserTable {
    pub app: TestApp,
    pub people: Vec<Person>,
    /// `/games/ID`
    pub path: String,
    pub kind: &'static str,
    /// The language everyone at the table reads.
    pub lang: Lang,
    /// The kinds of turn whose pages have passed the accessibility check, by player.
    checked: BTreeSet<String>,
    /// The names of the board's controls at each kind of turn checked, saved beside the
    /// screenshots for people to read.
    control_names: String,
    // Last, so that the browsers go after everything that talks to them.
    _driver: Chromedriver,
}

impl BrowserTable {
    /// Signs everyone in through their emailed links; the first player opens “New game”, picks
    /// `kind_name`, lets `options` fill in the table options, invites the others by email and
    /// creates the game; the others follow their invitations and take their seats.
    pub async fn start<F>(kind: &'static str, names: &[&str], options: F) -> BrowserTable
    where
        F: AsyncFnOnce(&mut Person),
    {
        BrowserTable::start_speaking(Lang::En, kind, names, options).await
    }

    /// Starts a table as [`BrowserTable::start`] does, with everyone reading the site in `lang`.
    pub async fn start_speaking<F>(
        lang: Lang,
        kind: &'static str,
        names: &[&str],
        options: F,
    ) -> BrowserTable
    where
        F: AsyncFnOnce(&mut Person),
    {
        let app = TestApp::start().await;
        let driver = Chromedriver::start().await;
        let mut people = Vec::new();
        for name in names {
            people.push(Person::sign_in_speaking(&app, &driver, name, lang).await);
        }
        let kind_name = kind_name(kind, lang);
        let host = &mut people[0];
        host.follow(&lang.t("nav-new-game")).await;
        host.follow(&kind_name).await;
        options(host).await;
        let invitees: Vec<String> = names[1..]
            .iter()
            .map(|n| format!("{}@example.com", n.to_lowercase()))
            .collect();
        for (i, email) in invitees.iter().enumerate() {
            host.type_into(&format!("#invite_{}", i + 1), email).await;
        }
        host.press(&lang.t("new-game-create")).await;
        let path = url::Url::parse(&host.url).unwrap().path().to_string();
        assert!(path.starts_with("/games/"), "{}", host.url);
        let waiting = lang
            .tr("status-waiting-for-players")
            .arg("count", names.len() - 1)
            .to_string();
        host.expect_text(&waiting);
        let subject = lang
            .tr("mail-invitation-subject")
            .arg("inviter", names[0])
            .arg("game", &kind_name)
            .to_string();
        for person in &mut people[1..] {
            let link = app.mail(&person.email, &subject).link(&app.base, "/join/");
            person.open(&link).await;
            person.expect_text(&lang.tr("join-title").arg("game", &kind_name).to_string());
            person.press(&lang.t("join-take-seat")).await;
            assert!(person.url.ends_with(&path), "{}", person.url);
        }
        BrowserTable {
            app,
            people,
            path,
            kind,
            lang,
            checked: BTreeSet::new(),
            control_names: String::new(),
            _driver: driver,
        }
    }

    /// The game as anyone may see it (its public JSON twin).
    pub async fn public(&self) -> Value {
        let url = format!("{}{}?format=json", self.app.base, self.path);
        json_answer(&url, reqwest::get(&url).await).await
    }

    /// The people who must act now, by index; empty once the game is over.
    pub async fn to_act(&self) -> Vec<usize> {
        let public = self.public().await;
        let names: Vec<&str> = public["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["to_act"] == true)
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        names
            .iter()
            .map(|n| self.people.iter().position(|p| p.name == *n).unwrap())
            .collect()
    }

    /// Brings `who`'s browser to the game's current board (reloading it if it shows anything
    /// else or an older position) and checks that the page offers a control exactly when the
    /// player has something to do.
    pub async fn look(&mut self, who: usize) -> Value {
        let twin = self.people[who].twin(&self.path).await;
        let seq = twin["seq"].as_i64().unwrap();
        let person = &mut self.people[who];
        let current = url::Url::parse(&person.url)
            .map(|u| u.path() == self.path && u.query().is_none())
            .unwrap_or(false);
        // The page says how long the log was when it was made: "Log: 12 events, …" (its first
        // number, in every language).
        let shown_seq = person
            .doc()
            .select(&Selector::parse("p.witness").unwrap())
            .next()
            .map(|p| text_of(&p))
            .and_then(|t| {
                let digits: String = t
                    .chars()
                    .skip_while(|c| !c.is_ascii_digit())
                    .take_while(char::is_ascii_digit)
                    .collect();
                digits.parse::<i64>().ok()
            });
        if !current {
            // Back to the game the way a player finds it: their list of games.
            person.follow(&self.lang.t("nav-your-games")).await;
            let game = person
                .links("table.games a[href]")
                .into_iter()
                .find(|l| l.target == self.path)
                .unwrap_or_else(|| panic!("the game is not in the list:\n{}", person.text()));
            person.click(&game).await;
        } else if shown_seq != Some(seq) {
            // The others moved since the page was loaded: the player reloads it.
            person.reload().await;
        }
        let legal = twin["legal_commands"].as_array().unwrap().len();
        let doc = person.doc();
        let controls = doc
            .select(&Selector::parse("form.move, section.board a[href*=\"?\"]").unwrap())
            .count();
        if legal > 0 {
            assert!(
                controls > 0,
                "{} may act but their page offers no control:\n{}",
                person.name,
                person.text()
            );
        } else {
            assert!(
                person.buttons().is_empty(),
                "{} has buttons but nothing to do",
                person.name
            );
        }
        twin
    }

    /// Plays until nobody has anything left to do: `turn` makes one move for the given person,
    /// clicking in their browser. Returns the number of moves.
    pub async fn play_to_end<F>(&mut self, limit: usize, turn: F) -> usize
    where
        F: AsyncFnMut(&mut Person, &Value),
    {
        self.play_to_end_skipping(limit, turn, |_, _| None).await
    }

    /// Plays to the end as [`BrowserTable::play_to_end`] does, except that a move for which
    /// `by_tool` names a command (given the mover's JSON twin, and whether the mover has met
    /// this kind of turn in the browser already) is made through the JSON twin, as a tool would
    /// make it: for the middle of a long game, whose pages the browsers have met in its opening
    /// and will meet again at its end.
    pub async fn play_to_end_skipping<F, J>(
        &mut self,
        limit: usize,
        mut turn: F,
        mut by_tool: J,
    ) -> usize
    where
        F: AsyncFnMut(&mut Person, &Value),
        J: FnMut(&Value, bool) -> Option<Value>,
    {
        let mut moves = 0;
        loop {
            let acting = self.to_act().await;
            let Some(&who) = acting.first() else { break };
            let mover = &self.people[who];
            let twin = mover.twin(&self.path).await;
            let met = self.checked.contains(&kind_of_turn(who, &twin));
            if let Some(command) = by_tool(&twin, met) {
                mover.play_as_tool(&self.path, &twin, &command).await;
                moves += 1;
                assert!(moves <= limit, "the game does not end in {limit} moves");
                continue;
            }
            let twin = self.look(who).await;
            self.check_new_kind_of_turn(who, &twin).await;
            let before = twin["seq"].as_i64().unwrap();
            if moves == 6 {
                // What a player sees when it is their turn, for people to look at.
                let name = format!("{}-turn", self.kind);
                self.people[who].screenshot(&name).await;
            }
            turn(&mut self.people[who], &twin).await;
            let after = self.people[who].twin(&self.path).await;
            assert_eq!(
                after["seq"].as_i64().unwrap(),
                before + 1,
                "the move was not made; the page says:\n{}",
                self.people[who].text()
            );
            moves += 1;
            assert!(moves <= limit, "the game does not end in {limit} moves");
        }
        assert_eq!(self.public().await["phase"], "finished");
        moves
    }

    /// The accessibility check of `who`'s board the first time the game asks them for a kind of
    /// move (the types of their legal commands: a Kalah sowing, Azul's bonus tiles, Gype's
    /// arrangement), and of the first step of a move made in several; the second player's at a
    /// phone's width. Once a kind per player keeps the check's cost to a few pages a game. The
    /// board's controls must each have a name of their own there too.
    async fn check_new_kind_of_turn(&mut self, who: usize, twin: &Value) {
        let key = kind_of_turn(who, twin);
        if !self.checked.insert(key.clone()) {
            return;
        }
        eprintln!("e2e {}: accessibility of a turn of {key}", self.kind);
        let phone = who % 2 == 1;
        let person = &mut self.people[who];
        axe::assert_accessible_at(person, phone).await;
        let names = axe::assert_board_controls_named(&person.client, &person.url).await;
        let outline = person.outline().join("\n  ");
        (self.control_names).push_str(&format!(
            "{key}\n  {outline}\n  --\n  {}\n",
            names.join("\n  ")
        ));
        let step = person
            .links("section.board a[href*=\"?\"]")
            .into_iter()
            .next();
        if let Some(step) = step {
            person.open(&step.target).await;
            axe::assert_accessible_at(person, phone).await;
            let names = axe::assert_board_controls_named(&person.client, &person.url).await;
            let step = step.target.split_once('?').map_or("", |(_, query)| query);
            (self.control_names).push_str(&format!("{key} ({step})\n  {}\n", names.join("\n  ")));
            person.open(&self.path).await;
        }
        let name = format!("names-{}-{}", self.kind, self.lang.code());
        save_dump(&name, &self.control_names);
    }

    /// The end: everyone's browser shows the result, the screenshot of the finished board is
    /// saved, the history is opened from the board and shows every event, and the board as it
    /// was after an earlier event is reached from there. Returns the finished page's text.
    pub async fn finish(&mut self, shooter: usize) -> String {
        let path = self.path.clone();
        let lang = self.lang;
        let public = self.public().await;
        let seq = public["seq"].as_i64().unwrap();
        for (who, person) in self.people.iter_mut().enumerate() {
            assert!(person.url.ends_with(&path), "{}", person.url);
            person.reload().await;
            person.expect_fragments("status-game-over", "result");
            assert!(person.buttons().is_empty(), "buttons after the end");
            axe::assert_accessible_at(person, who % 2 == 1).await;
        }
        let shot_name = match lang {
            Lang::En => self.kind.to_string(),
            _ => format!("{}-{}", self.kind, lang.code()),
        };
        let shot = self.people[shooter].screenshot(&shot_name).await;
        eprintln!(
            "e2e {}: screenshot of the finished board: {}",
            self.kind,
            shot.display()
        );
        let text = self.people[shooter].text();
        let person = &mut self.people[shooter];
        person.follow(&lang.t("game-history-link")).await;
        let heading = lang
            .tr("history-heading")
            .arg("game", kind_name(self.kind, lang))
            .to_string();
        person.expect_text(&heading);
        // A long game's history comes a page at a time: read on to the last page, where the
        // latest events are.
        let rows = Selector::parse("table.history tbody tr").unwrap();
        let later = lang.t("history-later");
        let mut shown = Vec::new();
        loop {
            shown.extend(
                person
                    .doc()
                    .select(&rows)
                    .map(|row| row.value().attr("id").unwrap_or_default().to_string()),
            );
            if !person.has_link(&later) {
                break;
            }
            person.follow(&later).await;
        }
        let every_event: Vec<String> = (1..=seq).map(|n| format!("event-{n}")).collect();
        assert_eq!(shown, every_event, "one row per event");
        if lang != Lang::En {
            person.screenshot(&format!("{shot_name}-history")).await;
        }
        let earlier = lang
            .tr("history-board-after")
            .arg("seq", seq - 1)
            .to_string();
        if !person.has_link(&earlier) {
            // The last event is alone on its page: the one before it ends the page before.
            person.follow(&lang.t("history-earlier")).await;
        }
        person.follow(&earlier).await;
        let looking = lang
            .tr("game-looking-at")
            .arg("at", seq - 1)
            .arg("seq", seq)
            .to_string();
        person.expect_text(&looking);
        person.follow(&lang.t("game-back-to-current")).await;
        person.expect_fragments("status-game-over", "result");
        text
    }

    /// Closes every browser.
    pub async fn close(self) {
        for person in self.people {
            let _ = person.client.close().await;
        }
    }
}

/// What `w3m` makes of a page: with `-dump`, the text a person reads; with `-halfdump`, the
/// same with w3m's own mark-up of every link and form control it will let its user choose.
fn w3m(html: &str, mode: &str) -> String {
    let mut child = Command::new(w3m_binary())
        .args([
            mode,
            "-T",
            "text/html",
            "-cols",
            "100",
            "-O",
            "UTF-8",
            "-I",
            "UTF-8",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("w3m does not start ({e}); {INSTALL}"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(html.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Dumps are UTF-8; w3m's -halfdump mark-up keeps its internal encoding for some characters.
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Saves a text dump beside the screenshots, for people to read.
pub fn save_dump(name: &str, text: &str) {
    std::fs::write(artifacts().join(format!("{name}.txt")), text).unwrap();
}

/// One of the commands the twin offers, chosen at random.
pub fn any_legal_command(twin: &Value, rng: &mut ChaCha8Rng) -> Value {
    let legal = twin["legal_commands"].as_array().unwrap();
    legal[rng.random_range(0..legal.len())]["command"].clone()
}

/// A kind of turn for player `who`: the types of their legal commands (a Kalah sowing, Azul's
/// bonus tiles, Gype's arrangement).
fn kind_of_turn(who: usize, twin: &Value) -> String {
    let types: BTreeSet<&str> = (twin["legal_commands"].as_array().unwrap().iter())
        .filter_map(|c| c["command"]["type"].as_str())
        .collect();
    format!("{who}: {}", types.into_iter().collect::<Vec<_>>().join(" "))
}

fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The controls w3m offers on a page, as (kind, words): `link` for every link, `submit` for
/// every button (its words gathered from every line w3m spread them over), from w3m's own
/// reading of the page. w3m's internal mark-up is not UTF-8, so each run of other characters
/// (Japanese words) is kept as one `~`.
pub fn w3m_controls(html: &str) -> Vec<(&'static str, String)> {
    let half = Html::parse_fragment(&w3m(html, "-halfdump"));
    let mut controls: Vec<(&'static str, String)> = Vec::new();
    let mut buttons: Vec<(String, String)> = Vec::new();
    for element in half.select(&Selector::parse("a[href], input_alt").unwrap()) {
        let words = ascii(&text_of(&element));
        if element.value().name() == "a" {
            controls.push(("link", words));
        } else if element.value().attr("type") == Some("submit") {
            let form = element.value().attr("fid").unwrap_or_default().to_string();
            match buttons.iter_mut().find(|(fid, _)| *fid == form) {
                Some((_, text)) => {
                    text.push(' ');
                    text.push_str(&words);
                }
                None => buttons.push((form, words)),
            }
        }
    }
    controls.extend(
        buttons
            .into_iter()
            .map(|(_, words)| ("submit", flat(&words))),
    );
    controls
}

fn ascii(text: &str) -> String {
    let mut kept = String::new();
    for c in text.chars() {
        if c.is_ascii() {
            kept.push(c);
        } else if !kept.ends_with('~') {
            kept.push('~');
        }
    }
    kept
}

/// Checks a page as w3m shows it: the `expected` phrases are in the text, every link and button
/// w3m offers has words, and every move button of the page is one of them, with its label.
pub fn assert_text_browser_shows(name: &str, html: &str, expected: &[&str]) -> String {
    let dump = w3m(html, "-dump");
    save_dump(name, &dump);
    let controls = w3m_controls(html);
    for (kind, words) in &controls {
        assert!(
            !words.trim().is_empty(),
            "{name}: a {kind} without words in the text browser:\n{dump}"
        );
    }
    let doc = Html::parse_document(html);
    let buttons = Selector::parse("form.move button").unwrap();
    for button in doc.select(&buttons) {
        let label = text_of(&button);
        assert!(
            controls
                .iter()
                .any(|(kind, words)| *kind == "submit" && flat(words) == flat(&ascii(&label))),
            "{name}: the button “{label}” is not a button in the text browser"
        );
    }
    let text = flat(&dump);
    for phrase in expected {
        assert!(
            text.contains(phrase),
            "{name}: “{phrase}” is not in the text browser's view:\n{dump}"
        );
    }
    dump
}

/// The JSON of a successful answer from `url`; anything else fails the test with what the server
/// said, so that a failure on a loaded machine names its cause.
async fn json_answer(url: &str, sent: reqwest::Result<reqwest::Response>) -> Value {
    let response = sent.unwrap_or_else(|e| panic!("{url}: {e}"));
    let status = response.status();
    let body = response
        .text()
        .await
        .unwrap_or_else(|e| panic!("{url}: {status}, body unreadable: {e}"));
    assert!(status.is_success(), "{url}: {status}\n{body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{url}: {e}\n{body}"))
}
