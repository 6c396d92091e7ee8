//! The accessibility check of pages the browser tests open: axe-core, the engine inside
//! Lighthouse and pa11y, run in the tests' own Chromium against WCAG 2.2 A and AA and axe's own
//! rules of a page's outline. Any serious or critical violation fails the test, and so does any
//! break in the outline (a skipped heading level, no first-level heading, content outside the
//! landmarks), naming the rule, the element and the page.
//!
//! The pages run no script. axe is injected over WebDriver for the check alone, as a tester's
//! bookmarklet would be. Chromium runs no timers while a page's scripts are off, so the check
//! hands axe a `setTimeout` that runs its callback as a promise job instead.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use fantoccini::Client;

use super::phone::as_phone;
use super::{Cdp, Person};
use serde::Deserialize;
use serde_json::json;

/// Where `scripts/install-test-deps` puts axe-core.
const INSTALLED: &str = "/usr/local/share/turnpost-test/node_modules/axe-core/axe.min.js";

/// WCAG 2.0, 2.1 and 2.2, levels A and AA, as axe tags its rules, and axe's best practices.
const STANDARDS: [&str; 6] = [
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
];

/// The controls whose size `target-size` (WCAG 2.5.8) checks: all but the spaces of an Azul
/// player's board, which on a phone are smaller than 24 pixels. The criterion exempts a control
/// whose choice a control of full size on the same page offers too, and the turn's panel lists
/// every space that can be covered as such a link (`e2e::azul` checks that it lists them all).
const SIZED: &str = "*:not(a.space)";

/// Best practices that make the page's outline, which a screen-reader user moves by: these fail
/// a test at any impact.
const OUTLINE: [&str; 7] = [
    "heading-order",
    "page-has-heading-one",
    "empty-heading",
    "landmark-one-main",
    "landmark-unique",
    "region",
    "skip-link",
];

fn axe_source() -> &'static str {
    static SOURCE: OnceLock<String> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let path = std::env::var_os("TURNPOST_E2E_AXE")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(INSTALLED));
        std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "axe-core is not at {} ({e}): run scripts/install-test-deps, or name a copy of \
                 axe.min.js in TURNPOST_E2E_AXE",
                path.display()
            )
        })
    })
}

/// One rule a page breaks, with the elements that break it.
#[derive(Debug, Deserialize)]
pub struct Violation {
    pub id: String,
    pub impact: Option<String>,
    pub help: String,
    pub nodes: Vec<Offender>,
}

#[derive(Debug, Deserialize)]
pub struct Offender {
    pub target: Vec<serde_json::Value>,
    pub html: String,
    #[serde(rename = "failureSummary")]
    pub summary: Option<String>,
}

impl Violation {
    /// Serious and critical violations fail a test; moderate and minor ones are advice.
    pub fn is_serious(&self) -> bool {
        matches!(self.impact.as_deref(), Some("serious" | "critical"))
    }

    /// Whether the violation fails a test: serious, or a break in the page's outline.
    pub fn fails(&self) -> bool {
        self.is_serious() || OUTLINE.contains(&self.id.as_str())
    }

    pub fn describe(&self, url: &str) -> String {
        let mut text = format!(
            "{url}: {} ({}): {}",
            self.id,
            self.impact.as_deref().unwrap_or("?"),
            self.help
        );
        for node in &self.nodes {
            let target: Vec<String> = node.target.iter().map(|t| t.to_string()).collect();
            text.push_str(&format!("\n  at {}: {}", target.join(" "), node.html));
            if let Some(summary) = &node.summary {
                text.push_str(&format!("\n    {}", summary.replace('\n', "\n    ")));
            }
        }
        text
    }
}

/// Injects axe-core into the page the browser shows, unless it is there already.
async fn inject(client: &Client) {
    let loaded = client
        .execute("return typeof window.axe === 'object';", vec![])
        .await
        .unwrap();
    if loaded != json!(true) {
        let timers = "window.setTimeout = function (f) { \
                var rest = [].slice.call(arguments, 2); \
                Promise.resolve().then(function () { f.apply(null, rest); }); return 1; }; \
            window.clearTimeout = function () {};";
        let source = format!(
            "{timers}\n{}\naxe.configure({{ rules: [{{ id: 'target-size', selector: '{SIZED}' }}] }});\nreturn true;",
            axe_source()
        );
        client.execute(&source, vec![]).await.unwrap();
    }
}

/// Every WCAG A and AA violation axe finds on the page the browser shows.
pub async fn violations(client: &Client) -> Vec<Violation> {
    inject(client).await;
    let run = "var done = arguments[arguments.length - 1]; \
        axe.run(document, { runOnly: { type: 'tag', values: arguments[0] }, \
                            resultTypes: ['violations'] }) \
           .then(function (r) { done(JSON.stringify(r.violations)); }, \
                 function (e) { done(JSON.stringify({ error: String(e) })); });";
    let answer = client
        .execute_async(run, vec![json!(STANDARDS)])
        .await
        .unwrap();
    let text = answer.as_str().expect("axe answers with text");
    serde_json::from_str(text).unwrap_or_else(|e| panic!("axe did not run: {e}: {text}"))
}

/// Fails with every serious or critical violation and every break in the outline of the page
/// the browser shows, at `url`.
pub async fn assert_accessible(client: &Client, url: &str) {
    let serious: Vec<String> = (violations(client).await.iter())
        .filter(|v| v.fails())
        .map(|v| v.describe(url))
        .collect();
    assert!(
        serious.is_empty(),
        "WCAG 2.2 AA, serious or critical, or the outline:\n{}",
        serious.join("\n")
    );
}

/// Checks the page `person` shows as [`assert_accessible`] does, laid out at a phone's width
/// when `phone` is set (and back at the window's own width after).
pub async fn assert_accessible_at(person: &Person, phone: bool) {
    if !phone {
        return assert_accessible(&person.client, &person.url).await;
    }
    as_phone(person).await;
    assert_accessible(&person.client, &format!("{} (phone)", person.url)).await;
    let desktop = Cdp {
        cmd: "Emulation.clearDeviceMetricsOverride",
        params: json!({}),
    };
    person.client.issue_cmd(desktop).await.unwrap();
}

/// A control on the board: the name a screen reader says for it, as axe computes it, and what
/// it does (a link's address; a button's form with the fields it sends, less the CSRF token).
#[derive(Debug, Deserialize)]
pub struct NamedControl {
    pub name: String,
    pub does: String,
}

/// Every link and button in the board section of the page the browser shows, with its
/// accessible name; those in a closed `details` are read with it opened for the moment.
pub async fn board_controls(client: &Client) -> Vec<NamedControl> {
    inject(client).await;
    let read = "var closed = [].filter.call(document.querySelectorAll('#board details'), \
          function (d) { return !d.open; }); \
        closed.forEach(function (d) { d.open = true; }); \
        axe.setup(document); \
        try { \
          return [].map.call(document.querySelectorAll('#board a[href], #board button'), \
            function (el) { \
              var does = el.getAttribute('href'); \
              if (el.form) { \
                does = el.form.getAttribute('action'); \
                [].forEach.call(el.form.elements, function (field) { \
                  if (field.type === 'hidden' && field.name !== 'csrf') { \
                    does += ' ' + field.name + '=' + field.value; } }); } \
              return { name: axe.commons.text.accessibleText(el), does: does || '' }; }); \
        } finally { \
          axe.teardown(); closed.forEach(function (d) { d.open = false; }); }";
    let answer = client.execute(read, vec![]).await.unwrap();
    serde_json::from_value(answer).expect("the board's controls")
}

/// Fails unless every control on the board has a name of its own: no control without words,
/// and no two controls that do different things under the same name (a screen reader's list
/// of a page's buttons and links shows the names alone). Returns the names, in page order.
pub async fn assert_board_controls_named(client: &Client, url: &str) -> Vec<String> {
    let controls = board_controls(client).await;
    let mut does_by_name: BTreeMap<&str, &str> = BTreeMap::new();
    let mut problems = Vec::new();
    for control in &controls {
        let name = control.name.trim();
        if name.is_empty() {
            problems.push(format!("a control with no name does {}", control.does));
            continue;
        }
        match does_by_name.insert(name, &control.does) {
            Some(other) if other != control.does => problems.push(format!(
                "“{name}” names two controls: {other} and {}",
                control.does
            )),
            _ => {}
        }
    }
    assert!(
        problems.is_empty(),
        "{url}: the board's controls are not told apart by their names:\n{}",
        problems.join("\n")
    );
    controls.into_iter().map(|c| c.name).collect()
}
