//! A person of the soak: signed in once, then talking to whichever web server a load balancer
//! would send them to (either, at random; the other when one does not answer). Moves are sent
//! without following the redirect, so that what the server said about the move itself is what
//! is recorded.

use std::sync::Arc;
use std::time::Duration;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use reqwest::cookie::Jar;
use serde_json::Value;

use super::ledger::{Attempt, Ledger, Said};
use crate::support::{Browser, Page};

pub struct Person {
    pub email: String,
    pub id: i64,
    bases: Vec<String>,
    client: reqwest::Client,
    pub ledger: Arc<Ledger>,
}

/// A server's answer to a POST, its redirect not followed.
pub struct Answer {
    pub status: u16,
    pub body: String,
    pub location: Option<String>,
}

/// How a move is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// The board's form, as a browser sends it.
    Form,
    /// A JSON body, as a program sends it.
    Json,
}

impl Person {
    /// The person signed in through `browser`, now reaching the site's servers at `bases`.
    pub fn new(
        browser: &Browser,
        email: &str,
        id: i64,
        bases: &[String],
        ledger: Arc<Ledger>,
    ) -> Self {
        let jar = Arc::new(Jar::default());
        for base in bases {
            let url = url::Url::parse(base).unwrap();
            for pair in browser.cookies() {
                jar.add_cookie_str(&pair, &url);
            }
        }
        let client = reqwest::Client::builder()
            .cookie_provider(jar)
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(15))
            .pool_idle_timeout(Duration::from_secs(2))
            .build()
            .unwrap();
        Person {
            email: email.to_string(),
            id,
            bases: bases.to_vec(),
            client,
            ledger,
        }
    }

    /// The servers in the order this request tries them: one at random, then the other.
    fn order(&self, rng: &mut ChaCha8Rng) -> Vec<&String> {
        let first = rng.random_range(0..self.bases.len());
        let mut order: Vec<&String> = self.bases.iter().collect();
        order.rotate_left(first);
        order
    }

    /// A GET answered 200 by either server, read; `None` when neither could answer.
    pub async fn get(&self, path: &str, json: bool, rng: &mut ChaCha8Rng) -> Option<Page> {
        for base in self.order(rng) {
            let mut request = self.client.get(format!("{base}{path}"));
            if json {
                request = request.header("Accept", "application/json");
            }
            match request.send().await {
                Ok(response) => {
                    let page = Browser::read(response).await;
                    self.ledger.answered(page.status);
                    if page.status == 200 {
                        return Some(page);
                    }
                }
                Err(_) => self.ledger.unanswered(),
            }
        }
        None
    }

    /// The game's JSON twin as this person sees it.
    pub async fn twin(&self, path: &str, rng: &mut ChaCha8Rng) -> Option<Value> {
        let page = self.get(path, true, rng).await?;
        serde_json::from_str(&page.body).ok()
    }

    /// A form posted to one server (a POST is never sent twice by a load balancer): the answer,
    /// or the transport's error.
    pub async fn post_form(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        rng: &mut ChaCha8Rng,
    ) -> Result<Answer, String> {
        let base = self.order(rng)[0];
        let request = self.client.post(format!("{base}{path}")).form(fields);
        self.answer(request).await
    }

    async fn answer(&self, request: reqwest::RequestBuilder) -> Result<Answer, String> {
        match request.send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                let location = (response.headers().get("Location"))
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string);
                let body = response.text().await.map_err(|e| e.to_string())?;
                self.ledger.answered(status);
                Ok(Answer {
                    status,
                    body,
                    location,
                })
            }
            Err(e) => {
                self.ledger.unanswered();
                Err(e.to_string())
            }
        }
    }

    /// The CSRF token of the form on the page at `path`.
    pub async fn csrf(&self, path: &str, rng: &mut ChaCha8Rng) -> Option<String> {
        self.get(path, false, rng).await?.input_value("csrf")
    }

    /// Posts the form on the page at `path` (its token read first) with `fields`; the path it
    /// redirected to.
    pub async fn send_form(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        rng: &mut ChaCha8Rng,
    ) -> Option<String> {
        let csrf = self.csrf(path, rng).await?;
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        let answer = self.post_form(path, &all, rng).await.ok()?;
        answer
            .location
            .filter(|_| answer.status == 303)
            .map(|l| path_of(&l))
    }

    /// Opens a table of `kind` from the new-game form with `fields`; the game's path.
    pub async fn open_table(
        &self,
        kind: &str,
        fields: &[(&str, &str)],
        rng: &mut ChaCha8Rng,
    ) -> Option<String> {
        let path = self
            .send_form(&format!("/games/new/{kind}"), fields, rng)
            .await?;
        path.starts_with("/games/").then_some(path)
    }

    /// Plays `command` on the board `twin` shows, by `channel`, then thinks a moment.
    pub async fn play_on(
        &self,
        path: &str,
        twin: &Value,
        command: &Value,
        channel: Channel,
        rng: &mut ChaCha8Rng,
    ) -> Said {
        let board = (
            twin["seq"].as_i64().unwrap(),
            twin["csrf"].as_str().unwrap(),
        );
        let said = self.play(path, board, command, channel, rng).await;
        think(rng).await;
        said
    }

    /// Plays `command` in the game at `path` on the board showing row `seq`, by `channel`;
    /// records the attempt and what the server said about it.
    pub async fn play(
        &self,
        path: &str,
        (seq, csrf): (i64, &str),
        command: &Value,
        channel: Channel,
        rng: &mut ChaCha8Rng,
    ) -> Said {
        let base = self.order(rng)[0];
        let url = format!("{base}{path}/play");
        let request = match channel {
            Channel::Form => self.client.post(url).form(&[
                ("csrf", csrf),
                ("seq", &seq.to_string()),
                ("command", &command.to_string()),
            ]),
            Channel::Json => (self.client.post(url))
                .header("Accept", "application/json")
                .header("X-CSRF-Token", csrf)
                .json(&serde_json::json!({"seq": seq, "command": command})),
        };
        let said = Said::of(self.answer(request).await, channel);
        self.ledger.attempt(Attempt {
            game_id: path.trim_start_matches("/games/").to_string(),
            player_id: self.id,
            expected_seq: seq,
            command: command.clone(),
            said: said.clone(),
        });
        said
    }
}

/// A moment between moves, so that the site is busy and the machine's other work goes on.
pub async fn think(rng: &mut ChaCha8Rng) {
    tokio::time::sleep(Duration::from_millis(rng.random_range(20..100))).await;
}

/// The commands the board `twin` offers its reader, each with its `command`.
pub fn legal(twin: &Value) -> Vec<Value> {
    twin["legal_commands"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The path of a link, absolute or not.
pub fn path_of(link: &str) -> String {
    match link.starts_with('/') {
        true => link.to_string(),
        false => url::Url::parse(link).unwrap().path().to_string(),
    }
}
