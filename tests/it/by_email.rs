//! Playing by email: replies delivered over a real SMTP (or LMTP) conversation to the inbound
//! listener, answered through the outbox, and whole games of every kind played that way alone.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

use lettre::address::Envelope;
use lettre::{SmtpTransport, Transport as _};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost::i18n::Lang;

use crate::support::{
    Mail, Table, TestApp, assert_log_verifies, count_rows, english_words, seat_table, start_table,
};

/// The inbound listener on a random port, on a runtime of its own; stopped when dropped.
pub struct Inbound {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Inbound {
    pub fn start(app: &TestApp) -> Inbound {
        let settings = Arc::new(app.settings.clone());
        let pool = turnpost::store::connect(&settings.database).unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                turnpost::mail::inbound::listener::serve(listener, pool, settings, async {
                    let _ = stopped.await;
                })
                .await
                .unwrap();
            });
        });
        Inbound {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Delivers `raw` from `from` to `to` with lettre; the server's answer or refusal.
    pub fn send(&self, from: &str, to: &str, raw: &str) -> Result<(), String> {
        Self::send_to(self.addr, from, to, raw)
    }

    /// As [`Inbound::send`], for a message whose bytes are not UTF-8 (another charset, sent
    /// as eight bits).
    pub fn send_bytes(&self, from: &str, to: &str, raw: &[u8]) -> Result<(), String> {
        Self::send_bytes_to(self.addr, from, to, raw)
    }

    /// Delivers `raw` to the listener at `addr`, as [`Inbound::send`] does.
    pub fn send_to(addr: SocketAddr, from: &str, to: &str, raw: &str) -> Result<(), String> {
        Self::send_bytes_to(addr, from, to, raw.as_bytes())
    }

    fn send_bytes_to(addr: SocketAddr, from: &str, to: &str, raw: &[u8]) -> Result<(), String> {
        let transport = SmtpTransport::builder_dangerous(addr.ip().to_string())
            .port(addr.port())
            .build();
        let from = (!from.is_empty()).then(|| from.parse().unwrap());
        let envelope = Envelope::new(from, vec![to.parse().unwrap()]).unwrap();
        transport
            .send_raw(&envelope, raw)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

impl Drop for Inbound {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A reply as a mail client writes it: `body` above a Gmail-style quote of the email.
pub fn reply(from: &str, to: &str, subject: &str, body: &str) -> String {
    reply_with(
        from,
        to,
        subject,
        "",
        &format!(
            "{body}\r\n\r\nOn Tue, 24 Nov 2026 at 10:00, Turnpost <turnpost@localhost> wrote:\r\n> Reply with one of: 1, 2, 3\r\n> 4\r\n"
        ),
    )
}

/// A plain-text reply with extra header lines and a whole body.
pub fn reply_with(from: &str, to: &str, subject: &str, headers: &str, body: &str) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: {subject}\r\nMessage-ID: <{}@example.com>\r\n\
         Date: Tue, 24 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n{headers}\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}",
        unique()
    )
}

fn unique() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!(
        "{}.{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// The newest email to `to` that `wanted` accepts, after delivering what is due. Reads from the
/// newest back, so that a long game's mail is not parsed again at every turn.
pub fn newest(app: &TestApp, to: &str, wanted: impl Fn(&Mail) -> bool) -> Option<Mail> {
    app.deliver();
    app.smtp
        .received()
        .iter()
        .rev()
        .filter(|r| r.recipients.iter().any(|r| r == to))
        .map(|r| Mail::parse(&r.data, r.recipients.clone()))
        .find(|m| wanted(m))
}

/// The newest email to `to` that a reply can move in.
pub fn newest_offer(app: &TestApp, to: &str) -> Option<Mail> {
    newest(app, to, |m| m.header("Reply-To").is_some())
}

/// The reply address of an email.
pub fn reply_address(mail: &Mail) -> String {
    let header = mail.header("Reply-To").expect("a Reply-To header");
    header
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

/// The move codes an email offers, read from its "Reply with one of" lines.
pub fn offered_codes(mail: &Mail) -> Vec<String> {
    offered_codes_in(mail, Lang::En)
}

/// The move codes an email in `lang` offers.
pub fn offered_codes_in(mail: &Mail, lang: Lang) -> Vec<String> {
    let one_of = lang.tr("codes-reply-one-of").arg("codes", "").to_string();
    let these = lang.t("codes-reply-these");
    let group_mark = lang
        .tr("codes-group")
        .arg("head", "")
        .arg("codes", "")
        .to_string();
    let mut codes = Vec::new();
    let mut lines = mail.text.lines();
    while let Some(line) = lines.next() {
        // In Japanese the heading of a grouped list is how a one-line list begins.
        if line == these {
            for line in lines.by_ref() {
                let Some(entry) = line.strip_prefix("  ") else {
                    break;
                };
                match entry.split_once(group_mark.as_str()) {
                    Some((head, rests)) => {
                        codes.extend(rests.split(", ").map(|r| format!("{head} {r}")))
                    }
                    None => codes.extend(entry.split(", ").map(str::to_string)),
                }
            }
        } else if let Some(list) = line.strip_prefix(one_of.as_str()) {
            codes.extend(list.split(", ").map(str::to_string));
        }
    }
    codes
}

/// The game's log length, read from the database.
fn log_length(app: &TestApp) -> i64 {
    count_rows(&app.db, "game_events")
}

pub fn outcomes(app: &TestApp) -> Vec<String> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        outcome: String,
    }
    diesel::sql_query("SELECT outcome FROM inbound_mail ORDER BY id")
        .load::<Row>(&mut app.db.connect())
        .unwrap()
        .into_iter()
        .map(|r| r.outcome)
        .collect()
}

/// How a test player picks among the codes an email offers.
pub type Policy = fn(&serde_json::Value, &[String], &mut ChaCha8Rng) -> String;

pub fn at_random(_twin: &serde_json::Value, codes: &[String], rng: &mut ChaCha8Rng) -> String {
    codes[rng.random_range(0..codes.len())].clone()
}

/// Gype's random games last thousands of moves: play the pages' tests' policy, which mostly
/// makes progress, and write its choice as a code.
pub fn gype_progress(twin: &serde_json::Value, codes: &[String], rng: &mut ChaCha8Rng) -> String {
    use turnpost::present::codes::MoveCodes;
    use turnpost::rules::Rules;
    use turnpost::rules::gype::{Command, Gype};
    let command: Command = serde_json::from_value(crate::gype_game::choose(twin, rng)).unwrap();
    // Gype's codes name squares only, whatever the position.
    let any_state = Gype::initial_state(&Default::default(), 2);
    let code = Gype::code(&any_state, &command);
    assert!(codes.contains(&code), "{code} is not among {codes:?}");
    code
}

/// Plays a whole game by email replies alone, choosing among the offered codes with `policy`;
/// checks every answer and returns how many replies it took.
pub async fn play_by_email(table: &Table, inbound: &Inbound, seed: u64, policy: Policy) -> usize {
    play_by_email_in(table, inbound, seed, policy, Lang::En).await
}

/// Plays as [`play_by_email`] does, with players who read (and so write their codes in) `lang`.
async fn play_by_email_in(
    table: &Table,
    inbound: &Inbound,
    seed: u64,
    policy: Policy,
    lang: Lang,
) -> usize {
    let app = &table.app;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut replies = 0;
    loop {
        let acting = table.to_act().await;
        let Some(&player) = acting.first() else {
            break;
        };
        let email = &table.emails[player];
        let offer = newest_offer(app, email).expect("an email to reply to");
        let codes = offered_codes_in(&offer, lang);
        let before = log_length(app);
        if codes.is_empty() {
            // A stale offer (another seat moved since, in simultaneous play): ask for the board.
            let to = reply_address(&offer);
            inbound
                .send(email, &to, &reply(email, &to, &offer.subject, "board"))
                .unwrap();
        } else {
            let code = &policy(&table.twin(player).await, &codes, &mut rng);
            let to = reply_address(&offer);
            inbound
                .send(email, &to, &reply(email, &to, &offer.subject, code))
                .unwrap();
            let answer = newest(app, email, |m| m.subject.starts_with("Re: ")).expect("an answer");
            let played = log_length(app) > before;
            let stale = lang.t("answer-stale");
            assert!(
                played
                    || answer
                        .text
                        .contains(stale.split_whitespace().next().unwrap()),
                "“{code}” was not played:\n{}",
                answer.text
            );
            assert!(answer.subject.starts_with("Re: "), "{}", answer.subject);
        }
        replies += 1;
        assert!(replies < 1500, "the game does not end");
    }
    replies
}

async fn whole_game(kind: &str, names: &[&str], seed: u64, policy: Policy) {
    // Random play replies far faster than people do.
    let app = TestApp::start_with(|s| s.inbound.replies_per_player_per_hour = 100_000).await;
    let table = seat_table(app, kind, names, &[]).await;
    let inbound = Inbound::start(&table.app);
    let replies = play_by_email(&table, &inbound, seed, policy).await;
    assert!(replies > 0);
    let twin = table.twin(0).await;
    assert_eq!(twin["status"]["state"], "finished", "{twin}");
    assert!(outcomes(&table.app).iter().all(|o| o != "pending"));
    // Everyone hears by email how it ended, the player whose reply ended it too.
    for email in &table.emails {
        table.app.mail(email, "Game over");
    }
    assert_log_verifies(&table).await;
}

#[actix_web::test]
async fn a_whole_kalah_game_is_played_by_email_replies_alone() {
    whole_game("kalah", &["Ann", "Bo"], 1, at_random).await;
}

#[actix_web::test]
async fn a_whole_quarto_game_is_played_by_email_replies_alone() {
    whole_game("quarto", &["Ann", "Bo"], 2, at_random).await;
}

#[actix_web::test]
async fn a_whole_kabaleo_game_of_three_is_played_by_email_replies_alone() {
    whole_game("kabaleo", &["Ann", "Bo", "Cy"], 3, at_random).await;
}

#[actix_web::test]
async fn a_whole_azul_game_is_played_by_email_replies_alone() {
    whole_game("azul", &["Ann", "Bo"], 4, at_random).await;
}

#[actix_web::test]
async fn a_whole_gype_game_is_played_by_email_replies_alone() {
    whole_game("gype", &["Ann", "Bo"], 5, gype_progress).await;
}

/// A started Kalah game with the listener, and the mover's offer.
#[actix_web::test]
async fn a_whole_azul_game_is_played_by_replies_in_japanese() {
    let app = TestApp::start_with(|s| s.inbound.replies_per_player_per_hour = 100_000).await;
    let names = ["Ann", "Bo"];
    let table = seat_table(app, "azul", &names, &[]).await;
    for (player, name) in table.players.iter().zip(names) {
        let csrf = player.get("/settings").await.csrf();
        let fields = [
            ("csrf", csrf.as_str()),
            ("display_name", name),
            ("language", "ja"),
        ];
        let saved = player.post_form("/settings", &fields).await;
        assert_eq!(saved.status, 200, "{}", saved.body);
    }
    let inbound = Inbound::start(&table.app);
    // The first turn's email went out in English; a reply asking for the board brings one in
    // Japanese.
    let acting = table.to_act().await[0];
    let email = &table.emails[acting];
    let offer = newest_offer(&table.app, email).expect("an email to reply to");
    let to = reply_address(&offer);
    inbound
        .send(email, &to, &reply(email, &to, &offer.subject, "盤面"))
        .unwrap();
    let answer = newest(&table.app, email, |m| m.subject.starts_with("Re: ")).unwrap();
    let codes = offered_codes_in(&answer, Lang::Ja);
    assert!(
        codes.iter().all(|c| c.starts_with("取る ")),
        "{codes:?}\n{}",
        answer.text
    );
    let replies = play_by_email_in(&table, &inbound, 31, at_random, Lang::Ja).await;
    assert!(replies > 20, "{replies} replies");
    // Every answer and turn email since the switch is Japanese, subject and text.
    let mails = table.app.mails_to(email);
    let since = mails
        .iter()
        .position(|m| m.subject.starts_with("Re: "))
        .unwrap();
    for mail in &mails[since..] {
        let id = table.path.trim_start_matches("/games/");
        let text = format!("{}\n{}", mail.subject, mail.text);
        let english = english_words(&text, &["Ann", id]);
        assert!(
            english.is_empty(),
            "{english:?} in\n{}\n{}",
            mail.subject,
            mail.text
        );
    }
    let twin = table.twin(0).await;
    assert_eq!(twin["status"]["state"], "finished", "{twin}");
    assert_log_verifies(&table).await;
}

async fn kalah_offer() -> (Table, Inbound, usize, Mail) {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let inbound = Inbound::start(&table.app);
    let mover = table.to_act().await[0];
    let offer = newest_offer(&table.app, &table.emails[mover]).unwrap();
    (table, inbound, mover, offer)
}

#[actix_web::test]
async fn the_your_turn_email_offers_the_moves_and_a_reply_plays_one_as_the_page_would() {
    let (table, inbound, mover, offer) = kalah_offer().await;
    let app = &table.app;
    let email = &table.emails[mover];
    assert!(offer.subject.starts_with("Your turn in Kalah"));
    assert!(
        offer.text.contains("Reply with one of: 1, 2, 3, 4, 5, 6"),
        "{}",
        offer.text
    );
    assert!(offer.text.contains("/help/email"));
    let to = reply_address(&offer);
    assert!(
        to.starts_with("play+") && to.ends_with("@localhost"),
        "{to}"
    );
    let before = log_length(app);
    inbound
        .send(email, &to, &reply(email, &to, &offer.subject, "sow pit 2"))
        .unwrap();
    assert_eq!(log_length(app), before + 1, "one row");
    let answer = app.mail(email, "Re: Your turn in Kalah");
    assert!(answer.text.contains("Played: Sow pit 2"), "{}", answer.text);
    assert_eq!(
        crate::pictures::inline_pictures(&answer).len(),
        1,
        "the answer shows the board as a picture"
    );
    assert!(answer.header("In-Reply-To").is_some());
    assert_eq!(
        answer.header("Auto-Submitted").as_deref(),
        Some("auto-replied")
    );
    // The other player is told as if the move had been made on the page.
    let other = &table.emails[1 - mover];
    let news = app.mail(other, "Your turn in Kalah");
    assert!(news.text.contains("sowed"), "{}", news.text);
    // The history says who moved, as for any move.
    let history = table.players[1 - mover]
        .get(&format!("{}/history", table.path))
        .await;
    assert!(history.body.contains("pit 2"), "{}", history.body);
}

#[actix_web::test]
async fn a_reply_to_an_old_email_is_stale_and_answered_with_the_board_now() {
    let (table, inbound, mover, offer) = kalah_offer().await;
    let app = &table.app;
    let email = &table.emails[mover];
    let to = reply_address(&offer);
    // Move on the page first: the email's address is now out of date.
    let twin = table.twin(mover).await;
    let command = twin["legal_commands"][0]["command"].clone();
    assert_eq!(table.play(mover, &command).await.status, 200);
    let before = log_length(app);
    inbound
        .send(email, &to, &reply(email, &to, &offer.subject, "1"))
        .unwrap();
    assert_eq!(log_length(app), before, "nothing played");
    let answer = app.mail(email, "Re: ");
    assert!(answer.text.contains("The game moved on"), "{}", answer.text);
    assert_eq!(outcomes(app).last().unwrap(), "stale");
}

#[actix_web::test]
async fn forged_senders_wrong_tokens_and_machines_are_refused_or_dropped_changing_nothing() {
    let (table, inbound, mover, offer) = kalah_offer().await;
    let app = &table.app;
    let email = &table.emails[mover];
    let to = reply_address(&offer);
    let before = log_length(app);
    let mails_before = app.smtp.received().len();

    let forged = inbound.send(
        "eve@example.com",
        &to,
        &reply("eve@example.com", &to, "x", "1"),
    );
    assert!(forged.unwrap_err().contains("only from the address"));
    let other = &table.emails[1 - mover];
    let wrong_player = inbound.send(other, &to, &reply(other, &to, "x", "1"));
    assert!(
        wrong_player.is_err(),
        "the other player may not use this address"
    );

    let unknown = to.replace("play+", "play+zz");
    let refused = inbound.send(email, &unknown, &reply(email, &unknown, "x", "1"));
    assert!(refused.unwrap_err().contains("unknown"));

    let auto = reply_with(
        email,
        &to,
        "x",
        "Auto-Submitted: auto-replied\r\n",
        "I am away.\r\n",
    );
    inbound.send(email, &to, &auto).unwrap();
    let bounce = reply_with(email, &to, "x", "", "1\r\n");
    inbound.send("", &to, &bounce).unwrap();
    let failed_dkim = reply_with(
        email,
        &to,
        "x",
        "Authentication-Results: mx.turnpost.test; spf=fail smtp.mailfrom=example.com; dkim=none\r\n",
        "1\r\n",
    );
    assert!(
        inbound
            .send(email, &to, &failed_dkim)
            .unwrap_err()
            .contains("sender checks")
    );

    let huge = reply(email, &to, "x", &format!("1\r\n{}", "x".repeat(300_000)));
    assert!(
        inbound
            .send(email, &to, &huge)
            .unwrap_err()
            .contains("too large")
    );
    let garbage = "\u{1}\u{2} not a message at all";
    assert!(inbound.send(email, &to, garbage).is_err());

    assert_eq!(log_length(app), before, "nothing was played");
    app.deliver();
    assert_eq!(
        app.smtp.received().len(),
        mails_before,
        "nobody was answered"
    );
    assert_eq!(
        outcomes(app),
        [
            "wrong_sender",
            "wrong_sender",
            "unknown_address",
            "auto_reply",
            "auto_reply",
            "failed_authentication",
            "too_large",
            "unreadable",
        ]
    );
    use diesel::prelude::*;
    let kept: i64 = diesel::dsl::sql::<diesel::sql_types::BigInt>(
        "SELECT max(length(raw))::bigint FROM inbound_mail",
    )
    .get_result(&mut app.db.connect())
    .unwrap();
    assert!(kept <= app.settings.inbound.max_bytes as i64 + 1);
}

#[actix_web::test]
async fn quoted_replies_from_common_clients_and_html_only_replies_are_read() {
    let (table, inbound, _, _) = kalah_offer().await;
    let app = &table.app;
    let shapes = [
        // Outlook: the move, then a rule and the original's headers.
        "Content-Type: text/plain\r\n\r\n{move}\r\n\r\n________________________________\r\nFrom: Turnpost <turnpost@localhost>\r\nSent: Tuesday\r\nSubject: Your turn\r\n\r\nReply with one of: 1, 2\r\n",
        // Apple Mail: the move, a signature line, and a quote.
        "Content-Type: text/plain\r\n\r\n{move}\r\n\r\nSent from my iPhone\r\n\r\n> On 24 Nov 2026, at 10:00, Turnpost <turnpost@localhost> wrote:\r\n> 1 2\r\n",
        // HTML only, as some webmail sends it.
        "Content-Type: text/html; charset=utf-8\r\n\r\n<html><body><div dir=\"ltr\">{move}</div><br><div class=\"gmail_quote\"><div>On Tue, 24 Nov 2026 at 10:00, Turnpost &lt;turnpost@localhost&gt; wrote:<br></div><blockquote>Reply with one of: 1, 2</blockquote></div></body></html>\r\n",
    ];
    for shape in shapes {
        let mover = table.to_act().await[0];
        let email = &table.emails[mover];
        let offer = newest_offer(app, email).unwrap();
        let code = offered_codes(&offer)[0].clone();
        let to = reply_address(&offer);
        let raw = format!(
            "From: {email}\r\nTo: {to}\r\nSubject: Re: {}\r\nMessage-ID: <{}@example.com>\r\nMIME-Version: 1.0\r\n{}",
            offer.subject,
            unique(),
            shape.replace("{move}", &code)
        );
        let before = log_length(app);
        inbound.send(email, &to, &raw).unwrap();
        assert_eq!(log_length(app), before + 1, "“{code}” in {shape:?}");
    }
}

#[actix_web::test]
async fn a_duplicate_is_played_once_and_a_bad_move_is_refused_with_the_legal_moves() {
    let (table, inbound, mover, offer) = kalah_offer().await;
    let app = &table.app;
    let email = &table.emails[mover];
    let to = reply_address(&offer);
    let bad = reply(email, &to, &offer.subject, "9");
    let before = log_length(app);
    inbound.send(email, &to, &bad).unwrap();
    let answer = app.mail(email, "Re: ");
    assert!(
        answer.text.contains("could not read “9”"),
        "{}",
        answer.text
    );
    assert!(
        answer.text.contains("Reply with one of: 1, 2, 3, 4, 5, 6"),
        "{}",
        answer.text
    );
    assert_eq!(log_length(app), before);

    let fresh = reply_address(&answer);
    let good = reply(email, &fresh, &offer.subject, "3");
    inbound.send(email, &fresh, &good).unwrap();
    inbound.send(email, &fresh, &good).unwrap();
    assert_eq!(log_length(app), before + 1, "played once");
    assert_eq!(outcomes(app).last().unwrap(), "duplicate");
    app.deliver();
    let answers = app
        .mails_to(email)
        .into_iter()
        .filter(|m| m.text.contains("Played: Sow pit 3"))
        .count();
    assert_eq!(answers, 1, "answered once");
}

#[actix_web::test]
async fn table_talk_and_a_confirmed_resignation_by_email() {
    let (table, inbound, mover, offer) = kalah_offer().await;
    let app = &table.app;
    let email = &table.emails[mover];
    let to = reply_address(&offer);
    inbound
        .send(
            email,
            &to,
            &reply(email, &to, &offer.subject, "say: Good luck, and have fun!"),
        )
        .unwrap();
    let answer = app.mail(email, "Re: ");
    assert!(
        answer.text.contains("added to the table talk"),
        "{}",
        answer.text
    );
    let page = table.players[1 - mover].get(&table.path).await;
    assert!(page.body.contains("Good luck, and have fun!"));

    let to = reply_address(&answer);
    inbound
        .send(email, &to, &reply(email, &to, "x", "resign"))
        .unwrap();
    let asked = app.mail(email, "Re: x");
    let code = asked
        .text
        .split("reply with: resign ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no code in:\n{}", asked.text))
        .to_string();
    let twin = table.twin(0).await;
    assert_eq!(twin["status"]["state"], "to_act", "not resigned yet");
    let to = reply_address(&asked);
    inbound
        .send(email, &to, &reply(email, &to, "y", "resign 000000"))
        .unwrap();
    assert_eq!(
        table.twin(0).await["status"]["state"],
        "to_act",
        "a wrong code resigns nobody"
    );
    let asked_again = app.mail(email, "Re: y");
    let to = reply_address(&asked_again);
    inbound
        .send(
            email,
            &to,
            &reply(email, &to, "z", &format!("resign {code}")),
        )
        .unwrap();
    assert_eq!(table.twin(0).await["status"]["state"], "finished");
    let done = app.mail(email, "Re: z");
    assert!(done.text.contains("You resigned"), "{}", done.text);
    assert!(
        done.text.contains("reply to this email with “rematch”"),
        "a finished game's reply address takes a rematch, and nothing else: {}",
        done.text
    );
    // The old address no longer moves anything.
    inbound
        .send(email, &to, &reply(email, &to, "w", "1"))
        .unwrap();
    let over = app.mail(email, "Re: w");
    assert!(over.text.contains("This game is over"), "{}", over.text);
}

#[actix_web::test]
async fn quarto_takes_a_placement_and_a_gift_on_one_line() {
    let table = start_table("quarto", &["Ann", "Bo"], &[]).await;
    let inbound = Inbound::start(&table.app);
    let app = &table.app;
    let giver = table.to_act().await[0];
    let offer = newest_offer(app, &table.emails[giver]).unwrap();
    let gifts = offered_codes(&offer);
    assert_eq!(gifts.len(), 16, "{}", offer.text);
    let to = reply_address(&offer);
    let email = &table.emails[giver];
    inbound
        .send(email, &to, &reply(email, &to, &offer.subject, &gifts[0]))
        .unwrap();
    let placer = 1 - giver;
    let email = &table.emails[placer];
    let offer = newest_offer(app, email).unwrap();
    let cells = offered_codes(&offer);
    assert_eq!(cells.len(), 16, "{}", offer.text);
    let to = reply_address(&offer);
    let before = log_length(app);
    let line = format!("{} then {}", cells[5], gifts[1]);
    inbound
        .send(email, &to, &reply(email, &to, &offer.subject, &line))
        .unwrap();
    assert_eq!(log_length(app), before + 2, "both steps played");
    let answer = app.mail(email, "Re: ");
    assert!(answer.text.contains("Played: Place on"), "{}", answer.text);
    assert!(answer.text.contains("Played: Give"), "{}", answer.text);

    // A line whose second step is refused plays nothing at all.
    let giver_email = &table.emails[giver];
    let offer = newest_offer(app, giver_email).unwrap();
    let to = reply_address(&offer);
    let before = log_length(app);
    let line = format!("{} then {}", offered_codes(&offer)[0], gifts[1]);
    inbound
        .send(
            giver_email,
            &to,
            &reply(giver_email, &to, &offer.subject, &line),
        )
        .unwrap();
    assert_eq!(
        log_length(app),
        before,
        "nothing played: that piece is on the board"
    );
}

#[actix_web::test]
async fn lmtp_answers_each_recipient_and_revoked_addresses_stop_working() {
    let (table, inbound, mover, offer) = kalah_offer().await;
    let app = &table.app;
    let email = &table.emails[mover];
    let to = reply_address(&offer);
    let unknown = "play+nosuchtoken-2@localhost";
    let stream = TcpStream::connect(inbound.addr).unwrap();
    let mut read = BufReader::new(stream.try_clone().unwrap());
    let mut write = stream;
    let mut line = String::new();
    let mut expect = |read: &mut BufReader<TcpStream>, code: &str| {
        loop {
            line.clear();
            read.read_line(&mut line).unwrap();
            if line.as_bytes().get(3) != Some(&b'-') {
                break;
            }
        }
        assert!(line.starts_with(code), "expected {code}, got {line}");
        line.clone()
    };
    expect(&mut read, "220");
    for (command, code) in [
        ("LHLO relay.test".to_string(), "250"),
        (format!("MAIL FROM:<{email}>"), "250"),
        (format!("RCPT TO:<{to}>"), "250"),
        (format!("RCPT TO:<{unknown}>"), "250"),
        ("DATA".to_string(), "354"),
    ] {
        write
            .write_all(format!("{command}\r\n").as_bytes())
            .unwrap();
        expect(&mut read, code);
    }
    let body = reply(email, &to, &offer.subject, "4").replace("\r\n.", "\r\n..");
    write
        .write_all(format!("{body}\r\n.\r\n").as_bytes())
        .unwrap();
    expect(&mut read, "250");
    let refused = expect(&mut read, "550");
    assert!(refused.contains("unknown"), "{refused}");
    write.write_all(b"QUIT\r\n").unwrap();
    expect(&mut read, "221");
    assert!(app.mail(email, "Re: ").text.contains("Played: Sow pit 4"));

    // A command the relay did not vouch for is answered with an address of its own, to confirm.
    let ask = reply(email, "play@localhost", "T", "games");
    inbound.send(email, "play@localhost", &ask).unwrap();
    let note = newest(app, email, |m| m.text.contains("“confirm”")).expect("the note");
    let list_to = reply_address(&note);

    // Settings: stop every reply address.
    let browser = &table.players[mover];
    let settings = browser.get("/settings").await;
    assert!(settings.body.contains("reply address"), "{}", settings.body);
    let csrf = settings.csrf();
    let revoked = browser
        .post_form("/settings/reply-addresses/revoke", &[("csrf", &csrf)])
        .await;
    assert_eq!(revoked.status, 200);
    assert!(
        revoked.body.contains("You hold no reply address"),
        "{}",
        revoked.body
    );
    let refused = inbound.send(email, &to, &reply(email, &to, "x", "board"));
    assert!(refused.unwrap_err().contains("unknown"));
    let refused = inbound.send(email, &list_to, &reply(email, &list_to, "y", "confirm"));
    assert!(refused.unwrap_err().contains("unknown"));
}

#[actix_web::test]
async fn a_reply_piped_to_receive_mail_is_played() {
    let (table, _inbound, mover, offer) = kalah_offer().await;
    let app = &table.app;
    let email = &table.emails[mover];
    let to = reply_address(&offer);
    let raw = reply(email, &to, &offer.subject, "5");
    let before = log_length(app);
    // Pipes `raw` to `turnpost receive-mail --sender EMAIL` and any further arguments.
    let piped = |more: &[&str], raw: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_turnpost"))
            .args(["receive-mail", "--sender", email])
            .args(more)
            .env("TURNPOST__DATABASE__URL", &app.settings.database.url)
            .env("TURNPOST__SERVER__BASE_URL", &app.settings.server.base_url)
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(raw.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let output = piped(&[], &raw);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(log_length(app), before + 1);
    assert!(app.mail(email, "Re: ").text.contains("Played: Sow pit 5"));
    // The same message again is a duplicate: taken, not played. An unknown address makes the
    // mail server bounce it (EX_NOUSER); a message refused for what it is, here one over
    // `inbound.max_bytes`, too (EX_DATAERR).
    let piped = |recipient: &str, raw: &str| piped(&["--recipient", recipient], raw).status.code();
    assert_eq!(piped(&to, &raw), Some(0));
    assert_eq!(log_length(app), before + 1);
    assert_eq!(piped("play+nothing-3@localhost", &raw), Some(67));
    let huge = reply(email, &to, "x", &format!("5\r\n{}", "x".repeat(300_000)));
    assert_eq!(piped(&to, &huge), Some(65));
    assert_eq!(log_length(app), before + 1);
}

#[actix_web::test]
async fn replies_past_the_hourly_limit_are_deferred_for_the_relay_to_try_later() {
    let app = TestApp::start_with(|s| s.inbound.replies_per_player_per_hour = 2).await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let inbound = Inbound::start(&table.app);
    let app = &table.app;
    let mover = table.to_act().await[0];
    let email = &table.emails[mover];
    let offer = newest_offer(app, email).unwrap();
    let to = reply_address(&offer);
    for _ in 0..2 {
        inbound
            .send(email, &to, &reply(email, &to, "x", "board"))
            .unwrap();
    }
    let before = log_length(app);
    let third = reply(email, &to, "x", "1");
    let deferred = inbound.send(email, &to, &third).unwrap_err();
    assert!(
        deferred.contains("451") && deferred.contains("in an hour"),
        "{deferred}"
    );
    assert_eq!(log_length(app), before, "nothing played");
    assert_eq!(
        outcomes(app).last().unwrap(),
        "pending",
        "kept for the relay's next try"
    );
}
