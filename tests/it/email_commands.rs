//! Commands to the public address (`inbound.address` itself), over a real SMTP conversation:
//! taken only from a player whose relay vouches for the sender, answered by email in words.

use diesel::prelude::*;

use crate::by_email::{Inbound, newest, outcomes, reply, reply_address, reply_with};
use crate::support::{TestApp, count_rows, seat_table};

const PUBLIC: &str = "play@localhost";

/// A message to the public address, vouched for by the relay when `vouched`.
pub fn command(from: &str, text: &str, vouched: bool) -> String {
    let domain = from.rsplit_once('@').unwrap().1;
    let headers = match vouched {
        true => format!(
            "Authentication-Results: mx.turnpost.test; spf=pass smtp.mailfrom={from}; \
             dmarc=pass header.from={domain}\r\n"
        ),
        false => String::new(),
    };
    reply_with(from, PUBLIC, "Turnpost", &headers, &format!("{text}\r\n"))
}

/// Vacations running now.
pub fn vacations(app: &TestApp) -> i64 {
    #[derive(QueryableByName)]
    struct Open {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query("SELECT count(*) AS n FROM vacations WHERE ended_at IS NULL")
        .get_result::<Open>(&mut app.db.connect())
        .unwrap()
        .n
}

#[actix_web::test]
async fn a_vouched_player_lists_games_goes_away_and_comes_back_by_email_and_a_forger_changes_nothing()
 {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let inbound = Inbound::start(app);
    let ann = "ann@example.com";
    let answered = |text: &str| {
        let wanted = text.to_string();
        newest(app, ann, move |m| m.text.contains(&wanted))
    };

    inbound
        .send(ann, PUBLIC, &command(ann, "games", true))
        .unwrap();
    let games = answered("Your running games").expect("the games are listed");
    let game_id = table.path.trim_start_matches("/games/");
    assert!(games.text.contains("Kalah against Bo"), "{}", games.text);
    assert!(
        games.text.contains(&format!("/games/{game_id}")),
        "{}",
        games.text
    );
    let reply_to = (games.text.split_whitespace())
        .find(|w| w.starts_with("play+"))
        .expect("a reply address for the game");
    assert!(
        turnpost::mail::reply_address::parse(PUBLIC, reply_to).is_some(),
        "{reply_to}"
    );

    inbound
        .send(ann, PUBLIC, &command(ann, "away 2 days", true))
        .unwrap();
    assert!(answered("You are away until").is_some());
    assert_eq!(vacations(app), 1);
    inbound
        .send(ann, PUBLIC, &command(ann, "復帰", true))
        .unwrap();
    assert!(answered("Welcome back").is_some());
    assert_eq!(vacations(app), 0);
    inbound
        .send(ann, PUBLIC, &command(ann, "dance", true))
        .unwrap();
    assert!(answered("not a command Turnpost knows").is_some());

    // Forged: the relay vouches for nobody. Nothing is done; one short note a day goes to the
    // address's owner, and no more.
    let sent_before = app.mails_to(ann).len();
    for _ in 0..2 {
        inbound
            .send(ann, PUBLIC, &command(ann, "away 3 days", false))
            .unwrap();
    }
    assert_eq!(vacations(app), 0, "an unvouched command changes nothing");
    app.deliver();
    let notes = app.mails_to(ann)[sent_before..]
        .iter()
        .filter(|m| {
            m.text
                .contains("takes commands only from mail your provider vouches for")
        })
        .count();
    assert_eq!(notes, 1, "one note a day at most");
    assert_eq!(app.mails_to(ann).len(), sent_before + 1);

    // The note goes only to the address's owner; their reply "confirm" carries the command out,
    // once. A reply to it from anyone else is refused.
    let note = newest(app, ann, |m| {
        m.text.contains("reply to this email with “confirm”")
    })
    .expect("the note asks for a confirmation");
    let confirm_to = reply_address(&note);
    let other = "mallory@elsewhere.test";
    let refused = inbound.send(
        other,
        &confirm_to,
        &reply(other, &confirm_to, "Re", "confirm"),
    );
    assert!(
        refused.is_err_and(|e| e.contains("550")),
        "a wrong sender is refused"
    );
    assert_eq!(vacations(app), 0);
    inbound
        .send(
            ann,
            &confirm_to,
            &reply(ann, &confirm_to, "Re: a", "confirm"),
        )
        .unwrap();
    assert!(answered("You are away until").is_some());
    assert_eq!(vacations(app), 1, "the confirmed command is carried out");
    inbound
        .send(
            ann,
            &confirm_to,
            &reply(ann, &confirm_to, "Re: b", "confirm"),
        )
        .unwrap();
    assert!(answered("This confirmation was used already").is_some());
    assert_eq!(vacations(app), 1);

    // A stranger's message with no command gets nothing; a vouched stranger's command makes an
    // account, welcomed as the sign-in page would.
    let emails = count_rows(&app.db, "emails");
    let stranger = "cy@elsewhere.test";
    inbound
        .send(stranger, PUBLIC, &command(stranger, "hello there", true))
        .unwrap();
    app.deliver();
    assert_eq!(count_rows(&app.db, "emails"), emails);
    inbound
        .send(stranger, PUBLIC, &command(stranger, "games", true))
        .unwrap();
    let welcome = newest(app, stranger, |m| m.text.contains("Welcome to Turnpost"))
        .expect("a new account is welcomed");
    assert!(
        welcome.text.contains("You have no running games"),
        "{}",
        welcome.text
    );
    assert!(welcome.text.contains("/settings"), "{}", welcome.text);
    let seen = outcomes(app);
    assert_eq!(
        &seen[seen.len() - 7..],
        [
            "unvouched",
            "unvouched",
            "wrong_sender",
            "command",
            "command",
            "unknown_sender",
            "command"
        ],
        "{seen:?}"
    );
}

fn games_of(app: &TestApp, email: &str) -> Vec<(String, String, serde_json::Value)> {
    #[derive(QueryableByName)]
    struct Made {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        phase: String,
        #[diesel(sql_type = diesel::sql_types::Jsonb)]
        options: serde_json::Value,
    }
    diesel::sql_query(
        "SELECT g.id, g.phase, g.options FROM games g JOIN players p ON p.id = g.created_by
         WHERE p.email = $1 ORDER BY g.created_at",
    )
    .bind::<diesel::sql_types::Text, _>(email)
    .load::<Made>(&mut app.db.connect())
    .unwrap()
    .into_iter()
    .map(|m| (m.id, m.phase, m.options))
    .collect()
}

#[actix_web::test]
async fn a_table_is_set_up_by_email_as_the_form_would_and_within_the_same_limits() {
    let app = TestApp::start_with(|s| s.limits.games_per_player_per_hour = 3).await;
    let ann = "ann@example.com";
    app.signed_in(ann, "Ann").await;
    let inbound = Inbound::start(&app);
    let answered = |text: &str| {
        let wanted = text.to_string();
        newest(&app, ann, move |m| m.text.contains(&wanted))
    };

    let asked = "new kalah seeds 6 with cy@example.com 3 days";
    inbound
        .send(ann, PUBLIC, &command(ann, asked, true))
        .unwrap();
    let made = answered("Your Kalah table is set up").expect("an answer");
    assert!(
        made.text.contains("Invitations went to cy@example.com"),
        "{}",
        made.text
    );
    let games = games_of(&app, ann);
    assert_eq!(games.len(), 1);
    assert_eq!(
        (games[0].1.as_str(), games[0].2["seeds_per_pit"].clone()),
        ("waiting", 6.into())
    );
    assert!(
        made.text.contains(&format!("/games/{}", games[0].0)),
        "{}",
        made.text
    );
    assert!(
        app.mail("cy@example.com", "invites you")
            .text
            .contains("Kalah")
    );

    inbound
        .send(ann, PUBLIC, &command(ann, "新規 クアルト 対戦 上級", true))
        .unwrap();
    assert!(answered("Your Quarto table is set up").is_some());
    let games = games_of(&app, ann);
    assert_eq!(games[1].1, "active", "a computer sits down at once");

    // Mistakes change nothing and say why.
    let before = games_of(&app, ann).len();
    inbound
        .send(ann, PUBLIC, &command(ann, "new kalah colour red", true))
        .unwrap();
    let wrong = answered("Nothing was created").expect("a refusal");
    assert!(wrong.text.contains("seeds_per_pit"), "{}", wrong.text);
    inbound
        .send(ann, PUBLIC, &command(ann, "new chess", true))
        .unwrap();
    assert!(answered("Write the game after").is_some());
    assert_eq!(games_of(&app, ann).len(), before);

    // The same hourly limit as the form: a third table is made, a fourth is not.
    inbound
        .send(ann, PUBLIC, &command(ann, "new kalah open", true))
        .unwrap();
    assert_eq!(games_of(&app, ann).len(), 3);
    inbound
        .send(ann, PUBLIC, &command(ann, "new kalah open", true))
        .unwrap();
    let limited = answered("Nothing was created: You have").expect("the limit in words");
    assert!(
        limited.text.contains("try again") || limited.text.contains("minute"),
        "{}",
        limited.text
    );
    assert_eq!(games_of(&app, ann).len(), 3);
}

/// A game's phase, read from the database.
pub fn phase_of(app: &TestApp, game_id: &str) -> String {
    #[derive(QueryableByName)]
    struct Phase {
        #[diesel(sql_type = diesel::sql_types::Text)]
        phase: String,
    }
    diesel::sql_query("SELECT phase FROM games WHERE id = $1")
        .bind::<diesel::sql_types::Text, _>(game_id)
        .get_result::<Phase>(&mut app.db.connect())
        .unwrap()
        .phase
}

#[actix_web::test]
async fn replies_that_join_decline_or_rematch_refuse_forgers_replays_and_the_limits() {
    let app = TestApp::start_with(|s| s.limits.games_per_player_per_hour = 1).await;
    let inbound = Inbound::start(&app);
    let (ann, bo, mallory) = (
        "ann@example.com",
        "bo@example.org",
        "mallory@elsewhere.test",
    );
    let refused = |result: Result<(), String>| result.is_err_and(|e| e.contains("550"));

    inbound
        .send(
            ann,
            PUBLIC,
            &command(ann, &format!("new kalah with {bo}"), true),
        )
        .unwrap();
    let (game, ..) = games_of(&app, ann).pop().expect("Ann's table");
    let invitation = newest(&app, bo, |m| m.text.contains("reply “join”")).unwrap();
    let to = reply_address(&invitation);

    // Someone else replying to Bo's invitation, or writing as Bo through a relay that saw the
    // forgery, seats nobody.
    assert!(refused(inbound.send(
        mallory,
        &to,
        &reply(mallory, &to, "x", "join")
    )));
    let forged = reply_with(
        bo,
        &to,
        "x",
        "Authentication-Results: mx.turnpost.test; dmarc=fail header.from=example.org\r\n",
        "join\r\n",
    );
    assert!(refused(inbound.send(bo, &to, &forged)));
    assert_eq!(phase_of(&app, &game), "waiting");

    // Bo's own reply seats him; the same message delivered again is acted on once, and a join
    // written again finds a game that has moved on since the invitation.
    let join = reply(bo, &to, "x", "join");
    inbound.send(bo, &to, &join).unwrap();
    inbound.send(bo, &to, &join).unwrap();
    assert_eq!(phase_of(&app, &game), "active");
    let rows = count_rows(&app.db, "game_events");
    inbound.send(bo, &to, &reply(bo, &to, "y", "join")).unwrap();
    assert_eq!(count_rows(&app.db, "game_events"), rows);
    assert!(newest(&app, bo, |m| m.text.contains("The game moved on")).is_some());

    // Bo resigns. Ann's rematch is over her limit of one table an hour and makes nothing; Bo's,
    // replied to any email of the game, is his first.
    let mut conn = app.db.connect_as_server();
    let bo_player = turnpost::auth::accounts::by_email(&mut conn, bo)
        .unwrap()
        .unwrap();
    let seq: i64 = turnpost::store::schema::games::table
        .find(&game)
        .select(turnpost::store::schema::games::last_seq)
        .first(&mut conn)
        .unwrap();
    turnpost::game_log::commands::resign(&mut conn, &game, &bo_player, seq).unwrap();
    let ann_over = newest(&app, ann, |m| {
        m.text.contains("reply to this email with “rematch”")
    })
    .expect("the game-over email offers a rematch");
    let ann_to = reply_address(&ann_over);
    inbound
        .send(ann, &ann_to, &reply(ann, &ann_to, "z", "rematch"))
        .unwrap();
    assert!(
        newest(&app, ann, |m| m
            .text
            .contains("You have created as many games"))
        .is_some()
    );
    assert_eq!(games_of(&app, ann).len(), 1, "nothing made over the limit");
    inbound.send(bo, &to, &reply(bo, &to, "z", "再戦")).unwrap();
    let (rematch, phase, _) = games_of(&app, bo).pop().expect("Bo's rematch");
    assert_eq!(phase, "waiting");

    // Ann declines it: Bo is told, and neither a later "join" nor the invitation's link seats her.
    let invitation = newest(&app, ann, |m| m.text.contains("reply “join”")).unwrap();
    let to = reply_address(&invitation);
    inbound
        .send(ann, &to, &reply(ann, &to, "d", "decline"))
        .unwrap();
    assert!(
        newest(&app, bo, |m| m
            .subject
            .contains("declined your Kalah table"))
        .is_some()
    );
    inbound
        .send(ann, &to, &reply(ann, &to, "e", "join"))
        .unwrap();
    assert!(newest(&app, ann, |m| m.text.contains("Nothing was done")).is_some());
    let link = invitation.link(&app.base, "/join/");
    let page = app.browser().get(&link).await;
    assert_eq!(page.status, 410, "{}", page.body);
    assert_eq!(phase_of(&app, &rematch), "waiting");
    let seen = outcomes(&app);
    assert!(
        seen.ends_with(&[
            "refused".into(),
            "rematch".into(),
            "declined".into(),
            "refused".into()
        ]),
        "{seen:?}"
    );
}

#[actix_web::test]
async fn forged_commands_from_many_addresses_get_no_more_answers_than_the_site_allows() {
    let app = TestApp::start_with(|s| s.inbound.unvouched_answers_per_hour = 2).await;
    let inbound = Inbound::start(&app);
    for n in 0..4 {
        let from = format!("victim{n}@elsewhere.test");
        let forged = command(&from, "new kalah with target@elsewhere.test", false);
        inbound.send(&from, PUBLIC, &forged).unwrap();
    }
    app.deliver();
    assert_eq!(count_rows(&app.db, "emails"), 2, "the site's allowance");
    assert_eq!(count_rows(&app.db, "games"), 0, "never a game");
    assert_eq!(count_rows(&app.db, "invitations"), 0, "never an invitation");
    #[derive(QueryableByName)]
    struct Made {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let made = diesel::sql_query("SELECT count(*) AS n FROM players WHERE email LIKE 'victim%'")
        .get_result::<Made>(&mut app.db.connect())
        .unwrap();
    assert_eq!(made.n, 2, "accounts only for those answered");
    let asked = app.mails_to("victim0@elsewhere.test");
    assert!(
        asked[0]
            .text
            .contains("If you sent “new kalah with target@elsewhere.test”"),
        "{}",
        asked[0].text
    );
}

#[actix_web::test]
async fn a_seat_is_taken_from_the_list_of_open_tables_by_reply() {
    let app = TestApp::start().await;
    let inbound = Inbound::start(&app);
    let (ann, cy) = ("ann@example.com", "cy@elsewhere.test");
    inbound
        .send(ann, PUBLIC, &command(ann, "new kalah open", true))
        .unwrap();
    let (game, phase, _) = games_of(&app, ann).pop().expect("Ann's open table");
    assert_eq!(phase, "waiting");

    // Cy, new to Turnpost, asks in Japanese for the open tables and picks one.
    inbound
        .send(cy, PUBLIC, &command(cy, "空席", true))
        .unwrap();
    let list = newest(&app, cy, |m| m.text.contains("空席のある卓")).expect("the list");
    assert!(list.text.contains("1. カラハ"), "{}", list.text);
    let to = reply_address(&list);
    inbound
        .send(cy, &to, &reply(cy, &to, "a", "着席 3"))
        .unwrap();
    assert!(newest(&app, cy, |m| m.text.contains("一覧は 1 件でした")).is_some());
    assert_eq!(phase_of(&app, &game), "waiting");
    inbound
        .send(cy, &to, &reply(cy, &to, "b", "着席 1"))
        .unwrap();
    assert!(newest(&app, cy, |m| m.text.contains("卓に座りました")).is_some());
    assert_eq!(phase_of(&app, &game), "active");
    // The list's address is Cy's alone.
    let ann_reply = reply(ann, &to, "c", "sit 1");
    assert!(
        inbound
            .send(ann, &to, &ann_reply)
            .is_err_and(|e| e.contains("550"))
    );
}

/// The verdict, as `relay` writes it, that SPF and DMARC passed for `from`.
fn passed_by(relay: &str, from: &str) -> String {
    let domain = from.rsplit_once('@').unwrap().1;
    format!(
        "Authentication-Results: {relay}; spf=pass smtp.mailfrom={from}; \
         dmarc=pass header.from={domain}\r\n"
    )
}

#[actix_web::test]
async fn only_the_relay_turnpost_was_told_to_believe_vouches_for_a_sender() {
    let app = TestApp::start().await;
    let inbound = Inbound::start(&app);
    let ann = "ann@example.com";
    app.signed_in(ann, "Ann").await;
    let asked = "new kalah with target@elsewhere.test\r\n";
    let attacker = passed_by("relay.attacker.example", ann);

    // Another host's pass, alone or on top of our relay's message with no verdict of its own.
    inbound
        .send(ann, PUBLIC, &reply_with(ann, PUBLIC, "x", &attacker, asked))
        .unwrap();
    let ours_silent = format!("{attacker}Authentication-Results: mx.turnpost.test; none\r\n");
    inbound
        .send(
            ann,
            PUBLIC,
            &reply_with(ann, PUBLIC, "x", &ours_silent, asked),
        )
        .unwrap();
    app.deliver();
    assert_eq!(count_rows(&app.db, "games"), 0, "no table in Ann's name");
    assert_eq!(count_rows(&app.db, "invitations"), 0, "no invitation sent");
    let seen = outcomes(&app);
    assert_eq!(
        seen[seen.len() - 2..],
        ["unvouched", "unvouched"],
        "{seen:?}"
    );

    // Our relay's own pass, below a stranger's header, is believed.
    let ours = format!(
        "{}{}",
        passed_by("other.example", ann),
        passed_by("mx.turnpost.test", ann)
    );
    inbound
        .send(ann, PUBLIC, &reply_with(ann, PUBLIC, "x", &ours, asked))
        .unwrap();
    assert_eq!(
        count_rows(&app.db, "games"),
        1,
        "the vouched command makes the table"
    );
}

#[actix_web::test]
async fn with_no_relay_named_no_sender_is_vouched_for() {
    let app = TestApp::start_with(|s| s.inbound.authserv_id = String::new()).await;
    let inbound = Inbound::start(&app);
    let ann = "ann@example.com";
    app.signed_in(ann, "Ann").await;
    inbound
        .send(ann, PUBLIC, &command(ann, "new kalah", true))
        .unwrap();
    app.deliver();
    assert_eq!(count_rows(&app.db, "games"), 0);
    assert_eq!(outcomes(&app).last().map(String::as_str), Some("unvouched"));
    let note = newest(&app, ann, |m| {
        m.text.contains("reply to this email with “confirm”")
    });
    assert!(note.is_some(), "the sender is asked to confirm by reply");
}
