//! Closing an account. A person plays a rated game by email replies, a timed game, a game of
//! three and a tournament, downloads exports, and closes their account; afterwards neither their
//! address nor their name is anywhere in the database (its whole `pg_dump`), in the server's log
//! or in the mail Turnpost keeps; every log verifies, exports from before as well; ratings
//! verify and the site-wide audit passes; and they are the same pseudonym on every page.

use std::process::Command;

use diesel::pg::PgConnection;
use diesel::prelude::*;
use turnpost::audit::{Export, verify};
use turnpost::auth::accounts;
use turnpost::i18n::Lang;
use turnpost::rules::Kind;
use turnpost::tournaments::log::facts::Format;

use crate::by_email::{Inbound, at_random, newest_offer, play_by_email, reply_address};
use crate::support::{Browser, ServerProcess, TestApp, accept_invitation, create_game, seat_table};

const NAME: &str = "Zephyrine";
const EMAIL: &str = "zephyrine@example.com";

async fn export_of(browser: &Browser, game: &str) -> (String, Export) {
    let page = browser.get(&format!("{game}/export")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let export: Export = serde_json::from_str(&page.body).unwrap();
    (page.body, export)
}

fn whole_dump(url: &str) -> String {
    let dump = Command::new("pg_dump").arg(url).output().unwrap();
    assert!(
        dump.status.success(),
        "{}",
        String::from_utf8_lossy(&dump.stderr)
    );
    String::from_utf8_lossy(&dump.stdout).into_owned()
}

fn mentions(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    (lower.match_indices(&NAME.to_lowercase()))
        .map(|(at, _)| text[at.saturating_sub(60)..(at + 60).min(text.len())].to_string())
        .collect()
}

#[actix_web::test]
async fn a_closed_account_leaves_no_trace_and_every_log_still_verifies() {
    let app = TestApp::start_with(|s| s.inbound.replies_per_player_per_hour = 100_000).await;
    let rated = seat_table(app, "kalah", &[NAME, "Bo"], &[]).await;
    let inbound = Inbound::start(&rated.app);
    play_by_email(&rated, &inbound, 3, at_random).await;
    // A reply as a Japanese mail client writes it: subject in RFC 2047, body in base64, quoting
    // an email that names her.
    let bo_offer = newest_offer(&rated.app, "bo@example.com").expect("an email to Bo");
    let to = reply_address(&bo_offer);
    let encoded = format!(
        "From: bo@example.com\r\nTo: {to}\r\nSubject: =?UTF-8?B?UmU6IFplcGh5cmluZSDjga7nlarjgafjgZk=?=\r\n\
         Message-ID: <encoded-quote@example.jp>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n\
         Ym9hcmQNCg0KPiBaZXBoeXJpbmUgcGxheWVkIDMNCg==\r\n"
    );
    inbound.send("bo@example.com", &to, &encoded).unwrap();
    drop(inbound);
    let app = &rated.app;
    app.rate_finished_games();
    let [zeph, bo] = [&rated.players[0], &rated.players[1]];
    let cy = app.signed_in("cy@example.com", "Cy").await;

    let timed = create_game(zeph, "kalah", &["bo@example.com"], &[("days", "3")]).await;
    accept_invitation(app, bo, "bo@example.com").await;
    let three = create_game(
        bo,
        "azul",
        &[EMAIL, "cy@example.com"],
        &[("days", "3"), ("on_timeout", "computer")],
    )
    .await;
    accept_invitation(app, zeph, EMAIL).await;
    accept_invitation(app, &cy, "cy@example.com").await;
    let waiting = create_game(zeph, "quarto", &["cy@example.com"], &[]).await;
    // A table someone else set up that she joined, a game over before she leaves, and a table
    // that only invited her (made last: each invitation is accepted from the newest email).
    let joined = create_game(&cy, "azul", &[EMAIL, "dee@example.com"], &[]).await;
    accept_invitation(app, zeph, EMAIL).await;
    let finished = create_game(bo, "kalah", &[EMAIL], &[]).await;
    accept_invitation(app, zeph, EMAIL).await;
    let confirm = zeph.get(&format!("{finished}/resign")).await;
    let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
    let resign = format!("{finished}/resign");
    let resigned = zeph
        .post_form(&resign, &[("csrf", &csrf), ("seq", &seq)])
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let invited = create_game(bo, "quarto", &[EMAIL], &[]).await;
    // Her words at a table, which go with her; Bo's stay.
    for (who, text) in [
        (zeph, "Periwinkle lanterns tonight"),
        (bo, "Bo's own words"),
    ] {
        let csrf = who.get(&timed).await.csrf();
        let said =
            (who.post_form(&format!("{timed}/say"), &[("csrf", &csrf), ("text", text)])).await;
        assert_eq!(said.status, 200, "{}", said.body);
    }

    let event = {
        let conn = &mut app.db.connect_as_server();
        let people: Vec<accounts::Player> = ["bo@example.com", EMAIL, "cy@example.com"]
            .iter()
            .map(|email| accounts::by_email(conn, email).unwrap().unwrap())
            .collect();
        let setup =
            crate::events::setup(Kind::Kalah, Format::RoundRobin { double: false }, 3, None);
        crate::events::started(conn, &people, setup)
    };
    app.deliver();

    let (before_text, before) = export_of(zeph, &rated.path).await;
    assert!(
        before_text.contains(NAME),
        "the log names her before she leaves"
    );
    let zeph_id = before.rows[0].actor.unwrap();
    let pseudonym = format!("Former player {zeph_id}");

    // The closure goes through a server process of its own, whose log is read afterwards.
    let log_path =
        std::env::temp_dir().join(format!("turnpost-closing-{}.log", std::process::id()));
    let log = std::fs::File::create(&log_path).unwrap();
    let server = ServerProcess::start_logging_to(app, log).await;
    let zeph = zeph.copy_to(&server.base);
    let settings = zeph.get("/settings").await;
    assert!(
        settings.body.contains("action=\"/settings/close\""),
        "{}",
        settings.body
    );
    let asked = zeph
        .post_form(
            "/settings/close",
            &[("csrf", &settings.csrf()), ("running_games", "computer")],
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(
        asked.body.contains("We emailed you a link"),
        "{}",
        asked.body
    );
    // The server process's own mail worker may be the one that sends it.
    let mut waited = 0;
    let mail = loop {
        app.deliver();
        let found = (app.mails_to(EMAIL).into_iter())
            .find(|m| m.subject.contains("Closing your Turnpost account"));
        match found {
            Some(mail) => break mail,
            None if waited < 100 => waited += 1,
            None => panic!("no email with the closure link"),
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let link = mail
        .text
        .split_whitespace()
        .find(|word| word.contains("/close/"))
        .expect("a closure link")
        .to_string();
    let path = url::Url::parse(&link).unwrap().path().to_string();

    // Opening the link changes nothing; its button closes the account.
    let confirm = zeph.get(&path).await;
    assert_eq!(confirm.status, 200, "{}", confirm.body);
    assert!(confirm.body.contains(&pseudonym), "{}", confirm.body);
    let conn = &mut app.db.connect();
    assert!(accounts::by_email(conn, EMAIL).unwrap().is_some());
    let closed = zeph.post_form(&path, &[("csrf", &confirm.csrf())]).await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert!(
        closed.body.contains("Your account is closed"),
        "{}",
        closed.body
    );
    assert!(
        closed.body.contains("Left to a computer: 1")
            && closed.body.contains("Tournaments left: 1"),
        "{}",
        closed.body
    );
    let again = zeph.get(&path).await;
    assert_eq!(again.status, 404, "the link works once: {}", again.body);
    assert_eq!(zeph.get("/settings").await.status, 403, "signed out");
    app.deliver();
    drop(server);

    // Nothing the site keeps gives her back.
    let dump = whole_dump(&app.db.url);
    assert!(
        !dump.contains(EMAIL),
        "the address is still in the database"
    );
    assert_eq!(
        mentions(&dump),
        Vec::<String>::new(),
        "the name is still in the database"
    );
    assert!(dump.contains(&pseudonym));
    assert!(
        !dump.contains("Periwinkle"),
        "her words are still in the database"
    );
    let timed_page = bo.get(&timed).await;
    assert!(
        timed_page.body.contains("Bo&#39;s own words"),
        "{}",
        timed_page.body
    );
    assert!(timed_page.body.contains("This message was removed."));
    let server_log = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_file(&log_path);
    assert!(server_log.contains("account closed"), "{server_log}");
    assert!(
        !server_log.to_lowercase().contains("zephyrine"),
        "{server_log}"
    );

    // The encoded reply that quoted her lost its text, as a plain one would.
    #[derive(QueryableByName)]
    struct Kept {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        bytes: i64,
    }
    let kept: Kept = diesel::sql_query(
        "SELECT length(raw)::bigint AS bytes FROM inbound_mail \
         WHERE message_id = '<encoded-quote@example.jp>'",
    )
    .get_result(&mut app.db.connect())
    .unwrap();
    assert_eq!(kept.bytes, 0, "the encoded reply keeps no text");

    // Every log verifies: the export from before, and the new one, whose rows hash the same.
    verify(&before).unwrap_or_else(|found| panic!("{found}"));
    let (after_text, after) = export_of(bo, &rated.path).await;
    verify(&after).unwrap_or_else(|found| panic!("{found}"));
    assert!(after_text.contains(&pseudonym) && !after_text.contains(NAME));
    let hashes = |export: &Export| {
        export
            .rows
            .iter()
            .map(|r| r.hash.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(hashes(&before), hashes(&after));
    for (game, reader) in [
        (&timed, bo),
        (&three, bo),
        (&waiting, bo),
        (&joined, &cy),
        (&invited, bo),
        (&finished, bo),
    ] {
        let (text, export) = export_of(reader, game).await;
        verify(&export).unwrap_or_else(|found| panic!("{game}: {found}"));
        assert!(!text.contains(NAME), "{text}");
    }
    // Each waiting table says why it ended: the one she joined, that she left; the one that
    // only waited for her, that the person it invited left.
    let said = |twin: serde_json::Value| (twin["phase"].clone(), twin["result"].clone());
    assert_eq!(
        said(cy.get_json(&joined).await.json()),
        (
            "cancelled".into(),
            "Called off: a player who had joined closed their account".into()
        )
    );
    assert_eq!(
        said(bo.get_json(&invited).await.json()),
        (
            "cancelled".into(),
            "Called off: the person invited closed their account".into()
        )
    );
    let ratings = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .args(["ratings", "verify"])
        .envs(app.db.env())
        .output()
        .unwrap();
    assert!(
        ratings.status.success(),
        "{}",
        String::from_utf8_lossy(&ratings.stdout)
    );
    let (audited, said) = crate::backup::audit(&app.db.url, &app.db.server_url());
    assert!(audited, "{said}");

    // The same pseudonym on every page that shows her.
    for page in [
        rated.path.clone(),
        format!("{}/history", rated.path),
        timed.clone(),
        three.clone(),
        format!("/events/{event}"),
        format!("/players/{}", pseudonym.replace(' ', "%20")),
    ] {
        let shown = bo.get(&page).await;
        assert_eq!(shown.status, 200, "{page}: {}", shown.body);
        assert!(shown.body.contains(&pseudonym), "{page}: {}", shown.body);
        assert_eq!(mentions(&shown.body), Vec::<String>::new(), "{page}");
    }
    let three_twin = bo.get_json(&three).await.json();
    assert_eq!(three_twin["phase"], "active", "{three_twin}");
    let timed_twin = bo.get_json(&timed).await.json();
    assert_eq!(timed_twin["phase"], "finished", "resigned: {timed_twin}");

    // The address may come back, as someone new.
    let again = app.signed_in(EMAIL, "Zephyrine").await;
    let home = again.get("/").await;
    assert!(!home.body.contains(&rated.path), "{}", home.body);
    let new_id = accounts::by_email(conn, EMAIL).unwrap().unwrap().id;
    assert_ne!(new_id, zeph_id);
}

#[test]
fn a_log_row_may_change_a_participants_name_and_nothing_else_even_for_the_owner() {
    let db = crate::support::TestDb::new();
    let server = &mut db.connect_as_server();
    let owner = &mut db.connect();
    let organiser = accounts::find_or_create(server, "organiser@example.com", Lang::En).unwrap();
    let setup = crate::events::setup(Kind::Kalah, Format::RoundRobin { double: false }, 3, None);
    let id = turnpost::tournaments::service::create(server, &organiser, setup).unwrap();
    let rows =
        |conn: &mut PgConnection| turnpost::tournaments::log::store::load_rows(conn, &id).unwrap();
    let head = rows(server)[0].hash.clone();
    let named = format!("\"name\": \"{}\"", organiser.display_name);
    let update = |set: &str| format!("UPDATE event_log SET {set} WHERE event_id = '{id}'");

    let renamed = update(&format!(
        "events = replace(events::text, '{named}', '\"name\": \"Someone else\"')::jsonb"
    ));
    diesel::sql_query(&renamed).execute(owner).unwrap();
    let after = rows(server);
    assert!(after[0].events.to_string().contains("Someone else"));
    assert_eq!(after[0].hash, head, "the name is outside the hash");
    turnpost::audit::verify_event(&turnpost::audit::event_export(server, &id).unwrap())
        .unwrap_or_else(|found| panic!("{found}"));

    for refused in [
        update(&format!(
            "events = replace(events::text, '\"id\": {}', '\"id\": 999')::jsonb",
            organiser.id
        )),
        update("events = replace(events::text, '\"kalah\"', '\"quarto\"')::jsonb"),
        update("hash = prev_hash"),
        update("recorded_at = now()"),
        format!("DELETE FROM event_log WHERE event_id = '{id}'"),
    ] {
        let result = diesel::sql_query(&refused).execute(owner);
        assert!(result.is_err(), "the owner may not: {refused}");
    }
    let direct = diesel::sql_query(&renamed).execute(server);
    assert!(
        direct.is_err(),
        "the server changes names only through forget_names"
    );
    let forgotten: i64 = diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(&format!(
        "forget_names({}, 'Former player {}')",
        organiser.id, organiser.id
    )))
    .get_result(server)
    .unwrap();
    assert_eq!(forgotten, 1);
    assert!(rows(server)[0].events.to_string().contains("Former player"));
    assert_eq!(rows(server)[0].hash, head);
}

/// Rewrites a game's hashes as logs written before names were left out of them had them.
fn hash_with_names(owner: &mut PgConnection, game_id: &str) {
    crate::support::rehash_stored_log(owner, game_id, |content, prev| {
        content.hash_with_names(prev)
    });
}

#[actix_web::test]
async fn logs_hashed_with_names_are_hashed_again_once_and_a_damaged_one_is_left_alone() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let [ann, bo] = [&table.players[0], &table.players[1]];
    let other = create_game(ann, "quarto", &["bo@example.com"], &[]).await;
    accept_invitation(app, bo, "bo@example.com").await;
    let owner = &mut app.db.connect();
    let id = |path: &str| path.trim_start_matches("/games/").to_string();
    for path in [&table.path, &other] {
        hash_with_names(owner, &id(path));
    }
    diesel::sql_query("DELETE FROM data_upgrades")
        .execute(owner)
        .unwrap();
    let (_, old) = export_of(ann, &table.path).await;
    verify(&old).unwrap_or_else(|found| panic!("an earlier log still verifies: {found}"));
    // The other game's log altered behind the server's back.
    diesel::sql_query("ALTER TABLE game_events DISABLE TRIGGER USER")
        .execute(owner)
        .unwrap();
    diesel::sql_query(format!(
        "UPDATE game_events SET actor = NULL WHERE game_id = '{}' AND seq = 1",
        id(&other)
    ))
    .execute(owner)
    .unwrap();
    diesel::sql_query("ALTER TABLE game_events ENABLE TRIGGER USER")
        .execute(owner)
        .unwrap();
    let damaged_before = turnpost::store::events::load(owner, &id(&other)).unwrap();

    let upgraded = turnpost::store::upgrade::run(owner).unwrap();
    assert_eq!((upgraded.logs_rehashed, upgraded.logs_damaged), (1, 1));
    assert_eq!(
        turnpost::store::upgrade::run(owner).unwrap(),
        Default::default(),
        "once only"
    );
    let (_, new) = export_of(ann, &table.path).await;
    verify(&new).unwrap_or_else(|found| panic!("{found}"));
    let head = |export: &Export| export.rows.last().unwrap().hash.clone();
    assert_ne!(head(&old), head(&new));
    let rows = turnpost::store::events::load(owner, &id(&table.path)).unwrap();
    assert!(turnpost::store::events::verify_chain(&rows).is_ok());
    #[derive(QueryableByName)]
    struct Heads {
        #[diesel(sql_type = diesel::sql_types::Text)]
        old_head: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        new_head: String,
    }
    let heads: Heads = diesel::sql_query(
        "SELECT encode(old_head, 'hex') AS old_head, encode(new_head, 'hex') AS new_head
         FROM log_rehashes",
    )
    .get_result(owner)
    .unwrap();
    assert_eq!((heads.old_head, heads.new_head), (head(&old), head(&new)));
    let damaged_after = turnpost::store::events::load(owner, &id(&other)).unwrap();
    assert_eq!(
        damaged_before, damaged_after,
        "a damaged log is not laundered"
    );
}

/// The path of the closure link in the newest email to `email` that carries one.
fn closure_path(app: &TestApp, email: &str) -> String {
    app.deliver();
    let mail = app.mail(email, "Closing your Turnpost account");
    let link = (mail.text.split_whitespace())
        .find(|word| word.contains("/close/"))
        .expect("a closure link");
    url::Url::parse(link).unwrap().path().to_string()
}

/// A closure link closes its owner's account only: opened or pressed by someone signed in as
/// another person it is refused in words and changes nothing; its owner sees whose account it
/// closes.
#[actix_web::test]
async fn a_closure_link_is_refused_to_anyone_signed_in_as_someone_else() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let csrf = ann.get("/settings").await.csrf();
    let fields = [("csrf", csrf.as_str()), ("running_games", "resign")];
    let asked = ann.post_form("/settings/close", &fields).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let path = closure_path(&app, "ann@example.com");

    let seen = bo.get(&path).await;
    assert_eq!(seen.status, 403, "{}", seen.body);
    assert!(
        seen.body
            .contains("You are signed in as Bo, and this link closes the account of Ann."),
        "{}",
        seen.body
    );
    let bo_settings = bo.get("/settings").await;
    let pressed = bo.post_form(&path, &[("csrf", &bo_settings.csrf())]).await;
    assert_eq!(pressed.status, 403, "{}", pressed.body);
    let conn = &mut app.db.connect();
    assert!(
        accounts::by_email(conn, "ann@example.com")
            .unwrap()
            .is_some()
    );
    assert_eq!(
        bo.get("/settings").await.status,
        200,
        "Bo is still signed in"
    );

    let own = ann.get(&path).await;
    assert_eq!(own.status, 200, "{}", own.body);
    assert!(
        own.body
            .contains("This closes the account of Ann (ann@example.com) for good."),
        "{}",
        own.body
    );
    let closed = ann.post_form(&path, &[("csrf", &own.csrf())]).await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert!(
        accounts::by_email(conn, "ann@example.com")
            .unwrap()
            .is_none()
    );
    assert!(
        accounts::by_email(conn, "bo@example.com")
            .unwrap()
            .is_some()
    );
}
