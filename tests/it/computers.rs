//! Playing the computer: tables with computer seats, made from the new-game form, played to the
//! end over HTTP against every level of every game, with the computer's moves made by the
//! server's own worker through the same service as anyone's.

use std::os::unix::process::CommandExt;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::Value;
use turnpost::bots::Level;
use turnpost::computers;
use turnpost::store::schema::{game_events, notifications, players};

use crate::support::{Browser, ServerProcess, TestApp, count_rows};

/// How long the person's own moves are thought about (by the middle computer, for them).
const PERSON_THINKS: Duration = Duration::from_millis(20);

/// Opens a table of `kind` from the new-game form with the computer in the other seats, at
/// `levels`. Returns the game's path.
pub async fn play_the_computer(browser: &Browser, kind: &str, levels: &[&str]) -> String {
    let form = browser.get(&format!("/games/new/{kind}")).await;
    assert_eq!(form.status, 200, "{}", form.body);
    let csrf = form.csrf();
    let fields: Vec<(String, String)> = levels
        .iter()
        .enumerate()
        .map(|(n, level)| (format!("computer_{}", n + 1), level.to_string()))
        .collect();
    let mut posted = vec![("csrf", csrf.as_str())];
    posted.extend(fields.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let page = browser
        .post_form(&format!("/games/new/{kind}"), &posted)
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let path = url::Url::parse(&page.url).unwrap().path().to_string();
    assert!(path.starts_with("/games/"), "{path}");
    path
}

pub fn player_id(app: &TestApp, email: &str) -> i64 {
    players::table
        .filter(players::email.eq(email))
        .select(players::id)
        .first(&mut app.db.connect())
        .unwrap()
}

/// The person's move: what the middle computer would play in their seat, thinking briefly.
pub fn persons_move(app: &TestApp, path: &str, me: i64) -> (i64, Value) {
    let game_id = path.trim_start_matches("/games/");
    computers::suggest(
        &mut app.db.connect(),
        game_id,
        me,
        Level::Medium,
        PERSON_THINKS,
    )
    .unwrap()
    .expect("a move to make")
}

/// Waits until the person may act or the game is over; returns their twin then.
pub async fn wait_for_turn(browser: &Browser, path: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let twin = browser.get_json(path).await.json();
        let mine = !twin["legal_commands"].as_array().unwrap().is_empty();
        if mine || twin["phase"] == "finished" {
            return twin;
        }
        assert!(
            Instant::now() < deadline,
            "the computer did not move: {} at row {}",
            twin["status"],
            twin["seq"]
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays the person's side to the end through the move form, each move as the middle computer
/// would; returns the person's moves.
pub async fn play_out(app: &TestApp, browser: &Browser, path: &str, me: i64) -> usize {
    let mut moves = 0;
    loop {
        let twin = wait_for_turn(browser, path).await;
        if twin["phase"] == "finished" {
            return moves;
        }
        // In a step all seats take at once (Gype's arrangement) the computer may move meanwhile;
        // the move is then thought again on the newer game.
        let (seq, command) = persons_move(app, path, me);
        assert!(Some(seq) >= twin["seq"].as_i64());
        let csrf = twin["csrf"].as_str().unwrap().to_string();
        let page = browser
            .post_form(
                &format!("{path}/play"),
                &[
                    ("csrf", &csrf),
                    ("seq", &seq.to_string()),
                    ("command", &command.to_string()),
                ],
            )
            .await;
        if page.status == 409 {
            continue;
        }
        assert_eq!(page.status, 200, "{command}: {}", page.body);
        moves += 1;
        assert!(moves < 2_000, "the game does not end");
    }
}

/// The computers' rows in the game's log.
fn computer_rows(app: &TestApp, game_id: &str) -> i64 {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::actor.lt(0))
        .count()
        .get_result(&mut app.db.connect())
        .unwrap()
}

/// Plays one game of `kind` against the computer at `level` to the end, and checks what the
/// person sees and is sent.
async fn a_game_against(app: &TestApp, ann: &Browser, kind: &str, level: &str) {
    let path = play_the_computer(ann, kind, &[level]).await;
    let game_id = path.trim_start_matches("/games/").to_string();
    let me = player_id(app, "ann@example.com");
    let moves = play_out(app, ann, &path, me).await;
    assert!(moves > 0, "{kind}: the person never moved");
    assert!(
        computer_rows(app, &game_id) > 0,
        "{kind}: the computer never moved"
    );
    let twin = ann.get_json(&path).await.json();
    assert_eq!(twin["phase"], "finished", "{kind} against {level}");
    let level_name = format!("{}{} computer", &level[..1].to_uppercase(), &level[1..]);
    let names: Vec<&str> = twin["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&level_name.as_str()), "{names:?}");
    let history = ann.get(&format!("{path}/history")).await;
    assert!(history.body.contains(&level_name), "{}", history.body);
}

async fn every_level_of(kind: &str) {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    for level in Level::ALL {
        a_game_against(&app, &ann, kind, level.as_str()).await;
    }
    // Nothing was ever to be mailed to a computer.
    let to_computers: i64 = notifications::table
        .filter(notifications::player_id.lt(0))
        .count()
        .get_result(&mut app.db.connect())
        .unwrap();
    assert_eq!(to_computers, 0);
    app.deliver();
    assert!(
        app.mails()
            .iter()
            .all(|m| !m.to.contains("computers.invalid")),
        "a computer was mailed"
    );
    assert!(count_rows(&app.db, "computer_claims") > 0);
}

#[actix_web::test]
async fn kalah_is_played_to_the_end_against_every_level() {
    every_level_of("kalah").await;
}

#[actix_web::test]
async fn quarto_is_played_to_the_end_against_every_level() {
    every_level_of("quarto").await;
}

#[actix_web::test]
async fn kabaleo_is_played_to_the_end_against_every_level() {
    every_level_of("kabaleo").await;
}

#[actix_web::test]
async fn azul_is_played_to_the_end_against_every_level() {
    every_level_of("azul").await;
}

#[actix_web::test]
async fn gype_is_played_to_the_end_against_every_level() {
    every_level_of("gype").await;
}

#[actix_web::test]
async fn with_two_servers_each_computer_move_is_made_once() {
    let app = TestApp::start().await;
    let second = app.second_server();
    let ann = app.signed_in("ann@example.com", "Ann").await;
    // Three computers at a table of four play on each other's moves, claimed by both servers.
    let path = play_the_computer(&ann, "azul", &["easy", "medium", "hard"]).await;
    let me = player_id(&app, "ann@example.com");
    let on_second = ann.copy_to(&second.base);
    play_out(&app, &on_second, &path, me).await;
    let game_id = path.trim_start_matches("/games/");
    // Every row follows the one before it, and the log verifies as a whole.
    let seqs: Vec<i64> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq.asc())
        .select(game_events::seq)
        .load(&mut app.db.connect())
        .unwrap();
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
    assert!(computer_rows(&app, game_id) > 30);
    let export = ann.get(&format!("{path}/export")).await;
    assert_eq!(export.status, 200);
    let export: turnpost::audit::Export = serde_json::from_str(&export.body).unwrap();
    turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
}

/// Claims a server holds on the head of a game's log: a computer thinking about its move.
fn claims_on_the_head(app: &TestApp) -> i64 {
    #[derive(QueryableByName)]
    struct Claims {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(
        "SELECT count(*) AS n FROM computer_claims c JOIN games g ON g.id = c.game_id
         WHERE c.seq = g.last_seq AND c.claimed_until > now()",
    )
    .get_result::<Claims>(&mut app.db.connect())
    .unwrap()
    .n
}

#[actix_web::test]
async fn a_computer_killed_mid_thought_makes_its_move_after_a_restart() {
    // This server plays no computer: a process of its own does, and is killed while it thinks.
    let app = TestApp::start_with(|s| s.computers.worker = false).await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = play_the_computer(&ann, "kabaleo", &["hard"]).await;
    let game_id = path.trim_start_matches("/games/").to_string();
    let me = player_id(&app, "ann@example.com");
    // The hard computer thinks for its whole second.
    let thinking =
        ServerProcess::start_with_env(&app, &[("TURNPOST__COMPUTERS__THINK_MS", "900")]).await;
    let twin = wait_for_turn(&ann.copy_to(&thinking.base), &path).await;
    let before = computer_rows(&app, &game_id);
    let (seq, command) = persons_move(&app, &path, me);
    let page = ann
        .post_form(
            &format!("{path}/play"),
            &[
                ("csrf", twin["csrf"].as_str().unwrap()),
                ("seq", &seq.to_string()),
                ("command", &command.to_string()),
            ],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let deadline = Instant::now() + Duration::from_secs(20);
    while claims_on_the_head(&app) == 0 {
        assert!(
            Instant::now() < deadline,
            "the computer never took its turn"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    drop(thinking);
    assert_eq!(
        computer_rows(&app, &game_id),
        before,
        "the process was killed before it moved"
    );
    let restarted = ServerProcess::start(&app).await;
    wait_for_turn(&ann.copy_to(&restarted.base), &path).await;
    assert!(computer_rows(&app, &game_id) > before);
}

/// The turns a process holds a claim on now: each game and the row it thinks at.
fn turns_claimed(app: &TestApp) -> Vec<(String, i64)> {
    #[derive(QueryableByName)]
    struct Claim {
        #[diesel(sql_type = diesel::sql_types::Text)]
        game_id: String,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        seq: i64,
    }
    diesel::sql_query(
        "SELECT c.game_id, c.seq FROM computer_claims c JOIN games g ON g.id = c.game_id
         WHERE c.seq = g.last_seq AND c.claimed_until > now()",
    )
    .load::<Claim>(&mut app.db.connect())
    .unwrap()
    .into_iter()
    .map(|c| (c.game_id, c.seq))
    .collect()
}

fn last_seq(app: &TestApp, game_id: &str) -> i64 {
    use turnpost::store::schema::games;
    games::table
        .find(game_id)
        .select(games::last_seq)
        .first(&mut app.db.connect())
        .unwrap()
}

/// Whether every game is over.
fn all_over(app: &TestApp, games: &[String]) -> bool {
    use turnpost::store::schema::games;
    let over: i64 = games::table
        .filter(games::id.eq_any(games))
        .filter(games::phase.eq("finished"))
        .count()
        .get_result(&mut app.db.connect())
        .unwrap();
    over == games.len() as i64
}

#[actix_web::test]
async fn two_computers_processes_play_a_dozen_games_and_one_killed_mid_thought_loses_no_turn() {
    // The server plays no computer: two `turnpost computers` processes, two threads each, do.
    let app = TestApp::start_with(|s| s.computers.worker = false).await;
    let mut conn = app.db.connect_as_server();
    // Tables where every seat is a hard computer play themselves out: one sits as the creator.
    let creator = turnpost::auth::accounts::find(&mut conn, computers::player_id(Level::Hard, 1))
        .unwrap()
        .unwrap();
    let games: Vec<String> = (0..12)
        .map(|_| {
            let table = turnpost::tables::seating::NewTable {
                kind: turnpost::rules::Kind::Kalah,
                options: serde_json::json!({}),
                private: true,
                invitees: &[],
                open_seats: 0,
                computers: &[Level::Hard],
                time_control: None,
                rated: false,
                rating_range: None,
                invitation_days: 7,
            };
            turnpost::tables::seating::create_game(&mut conn, &creator, table).unwrap()
        })
        .collect();
    let start = |think_ms: &str, own_session: bool| {
        let env = [
            ("TURNPOST__COMPUTERS__THINK_MS", think_ms),
            ("TURNPOST__COMPUTERS__THREADS", "2"),
            ("TURNPOST__COMPUTERS__CLAIM_SECONDS", "2"),
            ("TURNPOST__COMPUTERS__NICE", "10"),
        ];
        let mut command = app.command("computers");
        if own_session {
            // SAFETY: setsid touches nothing but the child's own session.
            unsafe {
                command.pre_exec(|| match libc::setsid() {
                    -1 => Err(std::io::Error::last_os_error()),
                    _ => Ok(()),
                });
            }
        }
        command.envs(env).spawn().unwrap()
    };
    let own_group = std::fs::read_to_string("/proc/self/autogroup").unwrap();
    // The first thinks for most of a second a move; once it holds turns, the second starts and
    // the first is killed mid-thought.
    let mut first = start("900", false);
    let deadline = Instant::now() + Duration::from_secs(30);
    let held = loop {
        let held = turns_claimed(&app);
        if !held.is_empty() {
            break held;
        }
        assert!(Instant::now() < deadline, "the computers never began");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let mut second = start("60", true);
    // A process in a session of its own lowers that session's CPU weight; one in the test's
    // session leaves the test's alone.
    let weighed = |pid: u32| std::fs::read_to_string(format!("/proc/{pid}/autogroup"));
    let deadline = Instant::now() + Duration::from_secs(10);
    while !weighed(second.id()).is_ok_and(|group| group.trim_end().ends_with("nice 10")) {
        assert!(
            Instant::now() < deadline,
            "the second process's session: {:?}",
            weighed(second.id())
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        std::fs::read_to_string("/proc/self/autogroup").unwrap(),
        own_group
    );
    first.kill().unwrap();
    first.wait().unwrap();
    for (game, seq) in &held {
        assert_eq!(
            last_seq(&app, game),
            *seq,
            "killed before it played in {game}"
        );
    }
    let deadline = Instant::now() + Duration::from_secs(240);
    while !all_over(&app, &games) {
        assert!(Instant::now() < deadline, "the games did not all end");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    second.kill().unwrap();
    second.wait().unwrap();
    for (game, seq) in &held {
        assert!(last_seq(&app, game) > *seq, "{game} went on after the kill");
    }
    // No turn was played twice: each log is one unbroken chain, every row made on the one
    // before it, replayed whole through the rules.
    for game in &games {
        let export = turnpost::audit::verify::export_from_database(&mut conn, game).unwrap();
        turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{game}: {found}"));
        let seqs: Vec<i64> = game_events::table
            .filter(game_events::game_id.eq(game))
            .order(game_events::seq.asc())
            .select(game_events::seq)
            .load(&mut conn)
            .unwrap();
        assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
    }
}
