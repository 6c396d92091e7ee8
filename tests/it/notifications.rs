//! Notifications over a real SMTP conversation: what the emails say, that their links work, and
//! that none is lost or sent twice when the mail server or a worker fails.

use std::collections::HashSet;
use std::time::Duration;

use chrono::Utc;
use diesel::prelude::*;
use turnpost::mail::compose::notification;
use turnpost::mail::worker;
use turnpost::store::notifications;

use crate::kalah_game::{play_to_end, started_game};
use crate::support::{Mail, Table, TestApp, count_rows, create_game, start_table};

/// Makes one move as whoever is to move; returns their index.
async fn move_once(table: &Table) -> usize {
    let mover = table.to_act().await[0];
    let twin = table.twin(mover).await;
    let page = table
        .play(mover, &twin["legal_commands"][0]["command"])
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    mover
}

/// Plays until it is the other player's turn.
pub async fn pass_turn(table: &Table) -> usize {
    let mover = move_once(table).await;
    while table.to_act().await == [mover] {
        move_once(table).await;
    }
    mover
}

fn message_ids(mails: &[Mail]) -> Vec<String> {
    mails
        .iter()
        .map(|m| {
            m.header("Message-ID")
                .expect("every email has a Message-ID")
        })
        .collect()
}

#[actix_web::test]
async fn a_your_turn_email_describes_the_move_and_its_link_signs_in_and_opens_the_board() {
    let table = started_game(&[]).await;
    let app = &table.app;
    let mover = pass_turn(&table).await;
    let waiting = 1 - mover;
    let (mover_name, waiting_email) = (["Ann", "Bo"][mover], &table.emails[waiting]);

    let mail = app.mail(waiting_email, "Your turn");
    assert_eq!(
        mail.subject,
        format!("Your turn in Kalah against {mover_name}")
    );
    assert!(
        mail.text.contains(&format!("{mover_name} sowed")),
        "{}",
        mail.text
    );
    assert!(mail.text.contains("[ "), "a text board: {}", mail.text);
    assert_eq!(
        crate::pictures::inline_pictures(&mail).len(),
        1,
        "the HTML part shows the board as a picture"
    );
    assert_eq!(mail.envelope_to, vec![waiting_email.clone()]);
    assert!(mail.header("From").unwrap().contains("turnpost@localhost"));
    assert!(mail.header("Date").is_some());
    assert!(mail.header("Message-ID").unwrap().starts_with('<'));
    let unsubscribe = mail.header("List-Unsubscribe").unwrap();
    assert!(
        unsubscribe.starts_with(&format!("<{}/unsubscribe/", app.base)),
        "{unsubscribe}"
    );
    assert_eq!(
        mail.header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let twin = table.twin(waiting).await;
    assert!(
        mail.text.contains(&format!("event {}", twin["seq"])),
        "the log head is a witness in the email"
    );
    assert!(
        mail.text
            .contains(&twin["head_hash"].as_str().unwrap()[..12])
    );

    // The link signs a fresh browser in and shows the board with the moves to make.
    let link = mail.link(&app.base, "/sign-in/");
    let browser = app.browser();
    let page = browser.follow_sign_in_link(&link).await;
    assert_eq!(page.status, 200);
    assert!(page.url.ends_with(&table.path), "{}", page.url);
    assert!(page.body.contains("Your turn."), "{}", page.body);
    assert!(!page.move_forms().is_empty());
    // The mover was not told about their own move.
    assert!(
        app.mails_to(&table.emails[mover])
            .iter()
            .all(|m| !m.subject.contains("Your turn"))
    );
    // And the link works once.
    assert_eq!(app.browser().get(&link).await.status, 410);
}

#[actix_web::test]
async fn each_turn_is_announced_once_and_the_end_to_all_but_the_last_mover() {
    let table = started_game(&[("seeds_per_pit", "3")]).await;
    let app = &table.app;
    let mut expected = [0usize; 2];
    let mut last_mover = None;
    // Deliver after every move, so no news is bundled: one email per turn that changed hands.
    let mut before = table.to_act().await;
    app.deliver();
    let initially: Vec<usize> = (0..2)
        .map(|p| app.mails_to(&table.emails[p]).len())
        .collect();
    loop {
        if before.is_empty() {
            break;
        }
        let mover = move_once(&table).await;
        last_mover = Some(mover);
        let after = table.to_act().await;
        for player in &after {
            if *player != mover && !before.contains(player) {
                expected[*player] += 1;
            }
        }
        app.deliver();
        before = after;
    }
    let last_mover = last_mover.unwrap();
    for player in 0..2 {
        let mails = app.mails_to(&table.emails[player]);
        let turns = mails[initially[player]..]
            .iter()
            .filter(|m| m.subject.starts_with("Your turn"))
            .count();
        assert_eq!(
            turns, expected[player],
            "your-turn emails to player {player}"
        );
        let over: Vec<&Mail> = mails
            .iter()
            .filter(|m| m.subject.starts_with("Game over"))
            .collect();
        if player == last_mover {
            assert!(over.is_empty(), "the last mover saw the end themselves");
        } else {
            assert_eq!(over.len(), 1);
            assert!(over[0].text.contains("Result: "), "{}", over[0].text);
            assert!(over[0].link(&app.base, "/sign-in/").starts_with(&app.base));
        }
    }
    // Every email is one notification with its own Message-ID.
    let ids = message_ids(&app.mails());
    assert_eq!(ids.len(), ids.iter().collect::<HashSet<_>>().len());
}

#[actix_web::test]
async fn games_that_become_your_turn_within_the_window_come_in_one_email() {
    let app = TestApp::start_with(|s| s.mail.coalesce_seconds = 300).await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let cy = app.signed_in("cy@example.com", "Cy").await;
    for (opponent, email) in [(&bo, "bo@example.com"), (&cy, "cy@example.com")] {
        create_game(&ann, "kalah", &[email], &[]).await;
        let link = app.mail(email, "invites you").link(&app.base, "/join/");
        let path = url::Url::parse(&link).unwrap().path().to_string();
        let csrf = opponent.get(&link).await.csrf();
        opponent.post_form(&path, &[("csrf", &csrf)]).await;
    }
    // Make both games Ann's turn.
    let games: Vec<String> = diesel::sql_query("SELECT id FROM games ORDER BY created_at")
        .load::<GameId>(&mut app.db.connect())
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    for (opponent, game) in [(&bo, &games[0]), (&cy, &games[1])] {
        loop {
            let twin = ann.get_json(&format!("/games/{game}")).await.json();
            if !twin["legal_commands"].as_array().unwrap().is_empty() {
                break;
            }
            let theirs = opponent.get_json(&format!("/games/{game}")).await.json();
            let csrf = opponent.get("/sign-in").await.csrf();
            let command = theirs["legal_commands"][0]["command"].to_string();
            let seq = theirs["seq"].to_string();
            opponent
                .post_form(
                    &format!("/games/{game}/play"),
                    &[("csrf", &csrf), ("seq", &seq), ("command", &command)],
                )
                .await;
        }
    }
    let mut conn = app.db.connect();
    let transport = worker::Sender::new(&app.settings).unwrap();
    let now = Utc::now();
    // Players whose news waits out its window are not even visited.
    let due = |at| notification::due_before(&app.settings, at);
    assert_eq!(
        notifications::players_due(&mut conn, due(now)).unwrap(),
        Vec::<i64>::new()
    );
    assert!(
        !(notifications::players_due(&mut conn, due(now + chrono::Duration::seconds(301))))
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        worker::compose_due(&mut conn, &app.settings, now).unwrap(),
        0,
        "inside the window"
    );
    assert_eq!(
        worker::compose_due(
            &mut conn,
            &app.settings,
            now + chrono::Duration::seconds(301)
        )
        .unwrap(),
        1
    );
    worker::send_due(&mut conn, &transport, &app.settings).unwrap();
    let turns: Vec<Mail> = app
        .mails_to("ann@example.com")
        .into_iter()
        .filter(|m| m.subject.starts_with("Your turn"))
        .collect();
    assert_eq!(turns.len(), 1, "one email for both games");
    assert_eq!(turns[0].subject, "Your turn in 2 games");
    assert!(
        turns[0].text.contains("Kalah against Bo") && turns[0].text.contains("Kalah against Cy")
    );
    assert_eq!(
        turns[0].text.matches("/sign-in/").count(),
        2,
        "a link for each game"
    );
    // A small picture of each game's board.
    let pictures = crate::pictures::inline_pictures(&turns[0]);
    assert_eq!(pictures.len(), 2, "a picture for each game");
    assert_ne!(pictures[0].0, pictures[1].0);
    for (_, width) in &pictures {
        assert_eq!(*width, 400, "drawn small, for a digest");
    }
    assert_eq!(turns[0].html.matches(r#"width="200""#).count(), 2);
}

#[derive(QueryableByName)]
struct GameId {
    #[diesel(sql_type = diesel::sql_types::Text)]
    id: String,
}

async fn choose_emails(browser: &crate::support::Browser, name: &str, notify: &str) {
    let csrf = browser.get("/settings").await.csrf();
    let page = browser
        .post_form(
            "/settings",
            &[("csrf", &csrf), ("display_name", name), ("notify", notify)],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
}

#[actix_web::test]
async fn a_daily_digest_waits_for_its_hour_and_none_means_none() {
    let table = started_game(&[]).await;
    let app = &table.app;
    let first = table.to_act().await[0];
    let other = 1 - first;
    choose_emails(&table.players[other], ["Ann", "Bo"][other], "daily_digest").await;
    choose_emails(&table.players[first], ["Ann", "Bo"][first], "none").await;
    let before: Vec<usize> = (0..2)
        .map(|p| app.mails_to(&table.emails[p]).len())
        .collect();

    let mover = pass_turn(&table).await;
    assert_eq!(mover, first);
    let mut conn = app.db.connect();
    let transport = worker::Sender::new(&app.settings).unwrap();
    let now = Utc::now();
    assert_eq!(
        worker::compose_due(&mut conn, &app.settings, now).unwrap(),
        0
    );
    let next_day = now + chrono::Duration::hours(25);
    assert_eq!(
        worker::compose_due(&mut conn, &app.settings, next_day).unwrap(),
        1
    );
    worker::send_due(&mut conn, &transport, &app.settings).unwrap();
    let digest = app.mails_to(&table.emails[other]);
    assert_eq!(digest.len(), before[other] + 1);
    assert!(
        digest
            .last()
            .unwrap()
            .subject
            .starts_with("Your Turnpost day"),
        "{}",
        digest.last().unwrap().subject
    );

    // The player who chose no emails gets none, even once the turn comes back to them.
    pass_turn(&table).await;
    worker::compose_due(&mut conn, &app.settings, next_day).unwrap();
    worker::send_due(&mut conn, &transport, &app.settings).unwrap();
    assert_eq!(app.mails_to(&table.emails[first]).len(), before[first]);
    // Sign-in links still come.
    let browser = app.browser();
    browser.sign_in(app, &table.emails[first]).await;
}

#[actix_web::test]
async fn the_unsubscribe_link_works_in_one_click_without_signing_in() {
    let table = started_game(&[]).await;
    let app = &table.app;
    let mover = pass_turn(&table).await;
    let waiting = 1 - mover;
    let mail = app.mail(&table.emails[waiting], "Your turn");
    let header = mail.header("List-Unsubscribe").unwrap();
    let url = header.trim_matches(['<', '>']).to_string();

    // A mail client's one-click POST carries no cookie and no form token.
    let response = reqwest::Client::new()
        .post(&url)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    #[derive(QueryableByName)]
    struct Notify {
        #[diesel(sql_type = diesel::sql_types::Text)]
        notify: String,
    }
    let notify: Notify = diesel::sql_query(format!(
        "SELECT notify FROM players WHERE email = '{}'",
        table.emails[waiting]
    ))
    .get_result(&mut app.db.connect())
    .unwrap();
    assert_eq!(notify.notify, "none");
    let before = app.mails_to(&table.emails[waiting]).len();
    pass_turn(&table).await;
    pass_turn(&table).await;
    app.deliver();
    assert_eq!(
        app.mails_to(&table.emails[waiting]).len(),
        before,
        "no more game emails"
    );

    // Opening the link in a browser asks first; an unknown link is not found.
    let page = app.browser().get(&url).await;
    assert!(page.body.contains("Stop game emails"));
    // A forwarded email's link does not give the address away.
    let address = &table.emails[waiting];
    assert!(!page.body.contains(address.as_str()), "{}", page.body);
    let masked = format!("{}•••@example.com", &address[..1]);
    assert!(page.body.contains(&masked), "{}", page.body);
    assert_eq!(app.browser().get("/unsubscribe/nope").await.status, 404);
}

#[actix_web::test]
async fn mail_queued_while_the_smtp_server_is_down_is_all_delivered_once_when_it_returns() {
    let mut table = started_game(&[("seeds_per_pit", "3")]).await;
    table.app.deliver();
    let delivered_before = table.app.mails().len();
    table.app.smtp.stop();
    for _ in 0..4 {
        pass_turn(&table).await;
        let round = table.app.deliver();
        assert_eq!(round.sent, 0);
    }
    let queued = count_rows(&table.app.db, "emails") - delivered_before as i64;
    assert!(queued >= 4, "{queued} emails queued");
    #[derive(QueryableByName)]
    struct Waiting {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let failing: Waiting = diesel::sql_query(
        "SELECT count(*) AS n FROM emails WHERE sent_at IS NULL AND attempts > 0 AND last_error IS NOT NULL",
    )
    .get_result(&mut table.app.db.connect())
    .unwrap();
    assert!(failing.n >= 1, "failures are recorded");

    table.app.smtp.restart();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while count_rows(&table.app.db, "emails WHERE sent_at IS NULL") > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "queued mail was not delivered"
        );
        std::thread::sleep(Duration::from_millis(50));
        table.app.deliver();
    }
    let mails = table.app.mails();
    assert_eq!(
        mails.len() as i64,
        count_rows(&table.app.db, "emails"),
        "none lost"
    );
    let ids = message_ids(&mails);
    assert_eq!(
        ids.len(),
        ids.iter().collect::<HashSet<_>>().len(),
        "none twice"
    );
    assert_eq!(
        count_rows(&table.app.db, "emails WHERE failed_at IS NOT NULL"),
        0
    );
}

#[actix_web::test]
async fn an_address_refused_for_good_is_marked_and_not_retried() {
    let app = TestApp::start().await;
    app.smtp.refuse("gone@example.com");
    let ann = app.signed_in("ann@example.com", "Ann").await;
    create_game(&ann, "kalah", &["gone@example.com"], &[]).await;
    let round = app.deliver();
    assert_eq!(round.failed, 1);
    for _ in 0..3 {
        std::thread::sleep(Duration::from_millis(250));
        assert_eq!(app.deliver().failed, 0, "not tried again");
    }
    assert_eq!(
        count_rows(
            &app.db,
            "players WHERE email = 'gone@example.com' AND email_rejected_at IS NOT NULL"
        ),
        1
    );
    assert_eq!(
        count_rows(
            &app.db,
            "emails WHERE attempts = 1 AND failed_at IS NOT NULL"
        ),
        1
    );

    // The new-game form does not tell anyone that the address bounces: the table is made, and
    // the invitation simply is not sent.
    let form = ann.get("/games/new/kalah").await;
    let page = ann
        .post_form(
            "/games/new/kalah",
            &[("csrf", &form.csrf()), ("invite_1", "gone@example.com")],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(!page.body.contains("refused"), "{}", page.body);
    app.deliver();
    assert!(app.mails_to("gone@example.com").is_empty());
}

#[actix_web::test]
async fn two_workers_together_deliver_every_email_once() {
    let app = TestApp::start().await;
    let anonymous = app.browser();
    for n in 0..24 {
        let csrf = anonymous.get("/sign-in").await.csrf();
        let email = format!("player{n}@example.com");
        anonymous
            .post_form("/sign-in", &[("csrf", &csrf), ("email", &email)])
            .await;
    }
    let mut conn = app.db.connect();
    worker::compose_due(&mut conn, &app.settings, Utc::now()).unwrap();
    assert_eq!(count_rows(&app.db, "emails"), 24);
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let (url, settings) = (app.db.url.clone(), app.settings.clone());
            std::thread::spawn(move || {
                let mut conn = PgConnection::establish(&url).unwrap();
                let transport = worker::Sender::new(&settings).unwrap();
                worker::send_due(&mut conn, &transport, &settings)
                    .unwrap()
                    .sent
            })
        })
        .collect();
    let sent: Vec<usize> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    assert_eq!(sent.iter().sum::<usize>(), 24, "{sent:?}");
    let mails = app.mails();
    assert_eq!(mails.len(), 24);
    let ids = message_ids(&mails);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 24);
}

#[actix_web::test]
async fn a_worker_killed_mid_delivery_loses_nothing() {
    let app = TestApp::start().await;
    let anonymous = app.browser();
    for n in 0..3 {
        let csrf = anonymous.get("/sign-in").await.csrf();
        let email = format!("player{n}@example.com");
        anonymous
            .post_form("/sign-in", &[("csrf", &csrf), ("email", &email)])
            .await;
    }
    // A separate worker process hangs on the first message's data, and is killed there.
    app.smtp.hold(true);
    let mut process = app.command("mail-worker").spawn().unwrap();
    let held = app.smtp.wait_until_holding(Duration::from_secs(20));
    process.kill().unwrap();
    process.wait().unwrap();
    assert!(held, "the worker reached the message data");
    // Messages the killed worker had written in full are still held, not taken, as the
    // connections close.
    assert!(app.smtp.wait_until_idle(Duration::from_secs(10)));
    app.smtp.hold(false);
    assert_eq!(count_rows(&app.db, "emails WHERE sent_at IS NOT NULL"), 0);

    // Another worker picks everything up: all three arrive, each once.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while count_rows(&app.db, "emails WHERE sent_at IS NULL") > 0 {
        assert!(std::time::Instant::now() < deadline);
        app.deliver();
    }
    let mails = app.mails();
    assert_eq!(mails.len(), 3);
    let recipients: HashSet<String> = mails.iter().map(|m| m.to.clone()).collect();
    assert_eq!(recipients.len(), 3);
}

#[actix_web::test]
async fn the_worker_inside_the_server_delivers_on_its_own() {
    let app = TestApp::start_with(|s| s.mail.worker = true).await;
    let browser = app.browser();
    let csrf = browser.get("/sign-in").await.csrf();
    browser
        .post_form("/sign-in", &[("csrf", &csrf), ("email", "dee@example.com")])
        .await;
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while app.mails_to("dee@example.com").is_empty() {
        assert!(std::time::Instant::now() < deadline, "no mail arrived");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    // Once sent, the stored copy keeps no body (it held a sign-in link).
    assert_eq!(
        count_rows(
            &app.db,
            "emails WHERE body_text = '' AND sent_at IS NOT NULL"
        ),
        1
    );
}

#[actix_web::test]
async fn a_full_game_sends_only_well_formed_mail() {
    let table = start_table("kalah", &["Ann", "Bo"], &[("seeds_per_pit", "3")]).await;
    play_to_end(&table, 3).await;
    table.app.deliver();
    for mail in table.app.mails() {
        assert!(!mail.subject.is_empty());
        assert!(
            !mail.text.is_empty() && !mail.html.is_empty(),
            "{}",
            mail.subject
        );
        assert!(
            mail.header("List-Unsubscribe").is_some(),
            "{}",
            mail.subject
        );
    }
}

/// The worker's look for due news reads pending rows through indexes only (so that it does not
/// grow with all the news waiting), and finds exactly the players whose news is due.
#[test]
fn the_look_for_due_news_reads_each_waiting_players_oldest_by_index() {
    use diesel::sql_types::{Json, Timestamptz};
    let db = crate::support::TestDb::new();
    let mut conn = db.connect();
    diesel::connection::SimpleConnection::batch_execute(
        &mut conn,
        "INSERT INTO players (email, display_name, notify, unsubscribe_token)
         VALUES ('due@x.example', 'Due', 'every_turn', 'a'),
                ('waits@x.example', 'Waits', 'every_turn', 'b'),
                ('link@x.example', 'Link', 'daily_digest', 'c');
         INSERT INTO notifications (player_id, kind, created_at)
         SELECT p.id, 'your_turn', now() - make_interval(secs => g)
         FROM players p, generate_series(1, 2000) g
         WHERE p.email <> 'link@x.example'
           AND (p.email = 'due@x.example' OR g < 60);
         INSERT INTO notifications (player_id, kind) SELECT id, 'sign_in' FROM players
         WHERE email = 'link@x.example';
         ANALYZE notifications;",
    )
    .unwrap();
    // A window of a minute: the first player's news is up to 2,000 s old, the second's 59 s.
    let due = notifications::DueBefore {
        every_turn: Utc::now() - chrono::Duration::seconds(60),
        digest: Utc::now() - chrono::Duration::days(1),
    };
    let mut found = notifications::players_due(&mut conn, due).unwrap();
    found.sort_unstable();
    let mut named = |email: &str| -> i64 {
        use turnpost::store::schema::players;
        players::table
            .filter(players::email.eq(email))
            .select(players::id)
            .first(&mut conn)
            .unwrap()
    };
    let mut expected = vec![named("due@x.example"), named("link@x.example")];
    expected.sort_unstable();
    assert_eq!(
        found, expected,
        "the player whose news is older than the window, and the link"
    );

    #[derive(QueryableByName)]
    struct Plan {
        #[diesel(sql_type = Json, column_name = "QUERY PLAN")]
        plan: serde_json::Value,
    }
    /// The rows the plan's nodes read from notifications, in all their loops.
    fn read_from_notifications(node: &serde_json::Value) -> f64 {
        let count = |field: &str| node[field].as_f64().unwrap_or(0.0);
        let own = match node["Relation Name"].as_str() {
            Some("notifications") => {
                let rows = count("Actual Rows") + count("Rows Removed by Filter");
                (rows + count("Rows Removed by Index Recheck")) * count("Actual Loops")
            }
            _ => 0.0,
        };
        let below = node["Plans"].as_array().into_iter().flatten();
        own + below.map(read_from_notifications).sum::<f64>()
    }
    // Where an index can serve a read, it does.
    diesel::sql_query("SET enable_seqscan = off")
        .execute(&mut conn)
        .unwrap();
    let explained: Plan = diesel::sql_query(format!(
        "EXPLAIN (ANALYZE, FORMAT JSON) {}",
        notifications::players_due_sql()
    ))
    .bind::<Timestamptz, _>(due.every_turn)
    .bind::<Timestamptz, _>(due.digest)
    .get_result(&mut conn)
    .unwrap();
    let read = read_from_notifications(&explained.plan[0]["Plan"]);
    assert!(
        read < 50.0,
        "{read} of 2,060 pending rows read: {:#}",
        explained.plan
    );
}
