//! Every way a game can end — scores, a resignation, a time-out, a withdrawal from a game of
//! three that the others play on to the end, a table called off by its creator or by its
//! invitations' expiry — is told in its own words in every place that tells it: the board's
//! status line, the history, the games list, the emails and the verifier's report on the export,
//! in English (Ann) and in Japanese (Bo).

use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde_json::{Value, json};
use turnpost::i18n::Lang;

use crate::support::{Browser, Table, TestApp, create_game, seat_table};

const EN: usize = 0;
const JA: usize = 1;

/// Bo reads Turnpost in Japanese from now on.
async fn bo_speaks_japanese(bo: &Browser) {
    let csrf = bo.get("/settings").await.csrf();
    let saved = bo
        .post_form(
            "/settings",
            &[("csrf", &csrf), ("display_name", "Bo"), ("language", "ja")],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
}

/// A table of `names` at a game of `kind`, Ann creating it, Bo reading Japanese.
async fn table_of(app: TestApp, kind: &str, names: &[&str], extra: &[(&str, &str)]) -> Table {
    let table = seat_table(app, kind, names, extra).await;
    bo_speaks_japanese(&table.players[1]).await;
    table
}

/// The text of the first element `selector` matches, whitespace made plain.
fn text_of(html: &scraper::Html, selector: &str) -> String {
    let selector = scraper::Selector::parse(selector).unwrap();
    let element = html
        .select(&selector)
        .next()
        .unwrap_or_else(|| panic!("no {selector:?} in the page"));
    let text: String = element.text().collect();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the places that tell a game's end say, as one player reads them.
#[derive(Debug)]
struct Told {
    board: String,
    /// The JSON twin's `result`.
    twin: Value,
    history: String,
    list: String,
    verified: Vec<String>,
}

async fn read_places(browser: &Browser, path: &str, lang: Lang) -> Told {
    let board = browser.get(path).await;
    assert_eq!(board.status, 200, "{}", board.body);
    let home = browser.get("/").await;
    let list = text_of(
        &home.html(),
        &format!("tr:has(a[href=\"{path}\"]) td.state"),
    );
    let history = browser.get(&format!("{path}/history")).await;
    let export = browser.get(&format!("{path}/export")).await;
    let export: turnpost::audit::Export = serde_json::from_str(&export.body).unwrap();
    let report = turnpost::audit::verify(&export).unwrap_or_else(|e| panic!("{e}"));
    let twin = browser.get_json(path).await.json();
    Told {
        twin: twin["result"].clone(),
        board: text_of(&board.html(), "p.status"),
        history: history.body,
        list,
        verified: report.lines.iter().map(|l| lang.say(l, &[])).collect(),
    }
}

/// How the end is told, in English and in Japanese.
struct Words {
    /// The result as the history, the list, the emails and the verifier tell it.
    line: [String; 2],
    /// The board's status line for Ann and for Bo, each told "you".
    board: [String; 2],
    /// Words that belong to other ways of ending and must not be used.
    not: [&'static str; 2],
    /// Who must be told of the end by email; whoever resigned is told only if news of the game
    /// was still waiting to be sent to them.
    mailed: [bool; 2],
}

/// Checks every place against `words`, for Ann in English and Bo in Japanese.
async fn assert_told_everywhere(table: &Table, words: &Words) {
    let langs = [Lang::En, Lang::Ja];
    let history_line = [
        format!("The game ended: {}.", words.line[EN]),
        format!("ゲームが終わりました：{}。", words.line[JA]),
    ];
    let listed = [
        format!("Finished: {}", words.line[EN]),
        format!("終了：{}", words.line[JA]),
    ];
    let verified = [
        format!("Result: {}.", words.line[EN]),
        format!("結果：{}。", words.line[JA]),
    ];
    let game_over = ["Game over in ", "が終わりました："];
    for reader in [EN, JA] {
        let told = read_places(&table.players[reader], &table.path, langs[reader]).await;
        assert_eq!(told.board, words.board[reader], "{told:?}");
        assert!(
            told.history.contains(&history_line[reader]),
            "{}: {}",
            history_line[reader],
            told.history
        );
        assert_eq!(told.list, listed[reader], "{told:?}");
        assert_eq!(told.twin, words.line[reader].as_str(), "{told:?}");
        assert!(told.verified.contains(&verified[reader]), "{told:?}");
        for said in [&told.board, &told.list] {
            assert!(!said.contains(words.not[reader]), "{said}");
        }
        table.app.deliver();
        let mails: Vec<_> = (table.app.mails_to(&table.emails[reader]).into_iter())
            .filter(|m| m.subject.contains(game_over[reader]))
            .collect();
        assert!(
            !words.mailed[reader] || !mails.is_empty(),
            "no game-over mail"
        );
        for mail in mails {
            let subject_end = [
                format!(": {}", words.line[EN]),
                format!("：{}", words.line[JA]),
            ];
            assert!(
                mail.subject.ends_with(&subject_end[reader]),
                "{}",
                mail.subject
            );
            assert!(
                !mail.subject.contains(words.not[reader]),
                "{}",
                mail.subject
            );
            assert!(
                mail.text.contains(&words.line[reader]),
                "{}: {}",
                words.line[reader],
                mail.text
            );
        }
    }
}

/// The stored result of a game in the games list: its message and its English line.
fn stored_result(app: &TestApp, game_id: &str) -> (Option<Value>, Option<String>) {
    use turnpost::store::schema::games;
    games::table
        .find(game_id)
        .select((games::result_message, games::result))
        .first(&mut app.db.connect())
        .unwrap()
}

/// A result stored in the words used before a time-out was told apart from a resignation
/// ("Bo won: Ann resigned", "Cy won: everyone else resigned") is told again from the log by the
/// migration, exactly as the server now tells it.
fn assert_migration_retells(app: &TestApp, path: &str, old: Option<Value>, old_line: Option<&str>) {
    let game_id = path.trim_start_matches("/games/");
    let now_told = stored_result(app, game_id);
    assert!(now_told.0.is_some(), "the result is stored");
    let conn = &mut app.db.connect();
    diesel::sql_query("UPDATE games SET result_message = $2, result = $3 WHERE id = $1")
        .bind::<diesel::sql_types::Text, _>(game_id)
        .bind::<diesel::sql_types::Nullable<diesel::sql_types::Jsonb>, _>(old)
        .bind::<diesel::sql_types::Nullable<diesel::sql_types::Text>, _>(old_line)
        .execute(conn)
        .unwrap();
    conn.batch_execute(include_str!(
        "../../migrations/2026-11-27-000012_endings_told/up.sql"
    ))
    .unwrap();
    assert_eq!(stored_result(app, game_id), now_told);
}

/// A result message as the earlier words stored it: `key`, the winners by name, and `other`.
fn told_before(key: &str, winners: &[&str], other: Option<&str>) -> Value {
    let winners: Vec<Value> = (winners.iter())
        .map(|w| json!({"key": "seat-name", "args": [["player", {"text": w}]]}))
        .collect();
    let mut args = vec![json!(["winners", {"list": ["and", winners]}])];
    args.extend(other.map(|o| json!(["other", {"text": o}])));
    json!({"key": key, "args": args})
}

/// The engine's outcome as a finished game's JSON twin gives it, and the names by seat.
async fn outcome(table: &Table) -> (Vec<usize>, Vec<i64>, Vec<String>) {
    let twin = table.twin(0).await;
    assert_eq!(twin["phase"], "finished", "{twin}");
    let numbers = |v: &Value| -> Vec<i64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_i64().unwrap())
            .collect()
    };
    let winners = numbers(&twin["status"]["outcome"]["winners"]);
    let scores = numbers(&twin["status"]["outcome"]["scores"]);
    let names = (twin["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    (winners.iter().map(|&w| w as usize).collect(), scores, names)
}

/// How Kabaleo's tie-breakers decided between `winner` and `other` as the result line adds it,
/// in English and Japanese, worked out from the standings the finished board shows everyone;
/// empty when the scores alone decided.
async fn tie_broken(table: &Table, winner: usize, other: usize) -> [String; 2] {
    let twin = table.twin(0).await;
    let standing = |seat: usize| {
        let of = &twin["view"]["seats"][seat]["standing"];
        ["piles", "topped_piles", "tallest_pile"].map(|k| of[k].as_u64().expect("a standing"))
    };
    let ([score, topped, tallest], [other_score, other_topped, other_tallest]) =
        (standing(winner), standing(other));
    if score != other_score {
        return [String::new(), String::new()];
    }
    if topped != other_topped {
        return [
            format!(
                ", decided by the first tie-breaker, piles topped by a piece: {topped} to {other_topped}"
            ),
            format!(
                "（同点のため第一のタイブレーク（駒が載った山の数）で決着：{topped} 対 {other_topped}）"
            ),
        ];
    }
    [
        format!(
            ", decided by the second tie-breaker, the tallest pile: {tallest} pieces high to {other_tallest}"
        ),
        format!(
            "（同点のため第二のタイブレーク（いちばん高い山）で決着：{tallest} 段 対 {other_tallest} 段）"
        ),
    ]
}

/// Plays the first move each twin offers until the game ends; returns who moved last, who is
/// not mailed about the end they made.
async fn play_out(table: &Table) -> usize {
    let mut last = None;
    for _ in 0..500 {
        let acting = table.to_act().await;
        let Some(&player) = acting.first() else {
            return last.expect("a move was played");
        };
        last = Some(player);
        let twin = table.twin(player).await;
        let played = table
            .play(player, &twin["legal_commands"][0]["command"])
            .await;
        assert_eq!(played.status, 200, "{}", played.body);
    }
    panic!("the game does not end");
}

async fn resign(browser: &Browser, path: &str) {
    let confirm = browser.get(&format!("{path}/resign")).await;
    assert_eq!(confirm.status, 200, "{}", confirm.body);
    let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
    let done = browser
        .post_form(&format!("{path}/resign"), &[("csrf", &csrf), ("seq", &seq)])
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
}

/// A player's name on the board as `reader` sees it: "you" for themself.
fn board_name(name: &str, reader: usize) -> String {
    match (reader, name) {
        (EN, "Ann") => "you".into(),
        (EN, _) => name.into(),
        (_, "Bo") => "あなた".into(),
        _ => format!("{name} さん"),
    }
}

#[actix_web::test]
async fn a_game_played_to_its_end_is_told_by_its_scores() {
    let table = table_of(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let last = play_out(&table).await;
    let mailed = [last != EN, last != JA];
    let (winners, scores, names) = outcome(&table).await;
    let (high, low) = (*scores.iter().max().unwrap(), *scores.iter().min().unwrap());
    let words = match winners.as_slice() {
        [winner] => {
            let (w, l) = (&names[*winner], &names[1 - winner]);
            let [en_w, en_l] = [w, l].map(|n| board_name(n, EN));
            let [ja_w, ja_l] = [w, l].map(|n| board_name(n, JA));
            Words {
                line: [
                    format!("{w} won {high}–{low}"),
                    format!("{w} さんが {high}–{low} で勝ち"),
                ],
                board: [
                    format!("Game over: {en_w} won — {en_w} {high}, {en_l} {low}."),
                    format!("ゲーム終了：{ja_w} の勝ち — {ja_w} {high}、{ja_l} {low}。"),
                ],
                not: ["resigned", "投了"],
                mailed,
            }
        }
        _ => {
            let [en_0, en_1] = [0, 1].map(|seat| board_name(&names[seat], EN));
            let [ja_0, ja_1] = [0, 1].map(|seat| board_name(&names[seat], JA));
            Words {
                line: [
                    format!("Draw at {high}–{low}"),
                    format!("{high}–{low} で引き分け"),
                ],
                board: [
                    format!("Game over: a draw — {en_0} {high}, {en_1} {high}."),
                    format!("ゲーム終了：引き分け — {ja_0} {high}、{ja_1} {high}。"),
                ],
                not: ["resigned", "投了"],
                mailed,
            }
        }
    };
    assert_told_everywhere(&table, &words).await;
}

#[actix_web::test]
async fn a_resignation_is_told_as_one() {
    let table = table_of(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    assert!(
        table.twin(0).await["result"].is_null(),
        "no result while it runs"
    );
    resign(&table.players[1], &table.path).await;
    let words = Words {
        line: [
            "Ann won: Bo resigned".into(),
            "Ann さんの勝ち：Bo さんが投了".into(),
        ],
        board: [
            "Game over: you won: your opponent resigned.".into(),
            "ゲーム終了：Ann さん の勝ち：あなたが投了。".into(),
        ],
        not: ["time", "時間"],
        mailed: [true, false],
    };
    assert_told_everywhere(&table, &words).await;
    let before = told_before("result-won-other-resigned", &["Ann"], Some("Bo"));
    assert_migration_retells(
        &table.app,
        &table.path,
        Some(before),
        Some("Ann won: Bo resigned"),
    );
}

/// Runs the scheduler until it has withdrawn a seat that ran out of time.
fn wait_for_a_time_out(app: &TestApp) {
    let start = Instant::now();
    while app.schedule().withdrawn == 0 {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "nobody timed out"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

#[actix_web::test]
async fn a_time_out_is_told_as_one_and_not_as_a_resignation() {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 2).await;
    let table = table_of(app, "kalah", &["Ann", "Bo"], &[("days", "1")]).await;
    // Whoever must move first lets the time run out.
    let late = table.to_act().await[0];
    wait_for_a_time_out(&table.app);
    let words = if late == EN {
        Words {
            line: [
                "Bo won: Ann ran out of time".into(),
                "Bo さんの勝ち：Ann さんが時間切れ".into(),
            ],
            board: [
                "Game over: Bo won: you ran out of time.".into(),
                "ゲーム終了：あなた の勝ち：相手が時間切れ。".into(),
            ],
            not: ["resign", "投了"],
            mailed: [true, true],
        }
    } else {
        Words {
            line: [
                "Ann won: Bo ran out of time".into(),
                "Ann さんの勝ち：Bo さんが時間切れ".into(),
            ],
            board: [
                "Game over: you won: your opponent ran out of time.".into(),
                "ゲーム終了：Ann さん の勝ち：あなたが時間切れ。".into(),
            ],
            not: ["resign", "投了"],
            mailed: [true, true],
        }
    };
    assert_told_everywhere(&table, &words).await;
    let [late, won] = [late, 1 - late].map(|p| ["Ann", "Bo"][p]);
    let before = told_before("result-won-other-resigned", &[won], Some(late));
    let line = format!("{won} won: {late} resigned");
    assert_migration_retells(&table.app, &table.path, Some(before), Some(&line));
}

#[actix_web::test]
async fn a_withdrawal_from_a_game_of_three_is_told_with_the_scores_of_its_end() {
    let table = table_of(TestApp::start().await, "kabaleo", &["Ann", "Bo", "Cy"], &[]).await;
    resign(&table.players[2], &table.path).await;
    let last = play_out(&table).await;
    let mailed = [last != EN, last != JA];
    let (winners, scores, names) = outcome(&table).await;
    let cy = names.iter().position(|n| n == "Cy").unwrap();
    assert!(!winners.contains(&cy), "a withdrawn seat never wins");
    let cs = scores[cy];
    let words = match winners.as_slice() {
        [winner] => {
            let loser = (0..3).find(|s| s != winner && *s != cy).unwrap();
            let (w, l) = (&names[*winner], &names[loser]);
            let (ws, ls) = (scores[*winner], scores[loser]);
            let [en_w, en_l] = [w, l].map(|n| board_name(n, EN));
            let [ja_w, ja_l] = [w, l].map(|n| board_name(n, JA));
            let [en_how, ja_how] = tie_broken(&table, *winner, loser).await;
            Words {
                line: [
                    format!("{w} won with {ws} ({l} {ls}, Cy {cs}){en_how}; Cy resigned"),
                    format!("{w} さんが {ws} 点で勝ち（{l} {ls}、Cy {cs}）{ja_how}／Cy さんが投了"),
                ],
                board: [
                    format!(
                        "Game over: {en_w} won — {en_w} {ws}, {en_l} {ls}, Cy {cs}; Cy resigned."
                    ),
                    format!(
                        "ゲーム終了：{ja_w} の勝ち — {ja_w} {ws}、{ja_l} {ls}、Cy さん {cs}／Cy さんが投了。"
                    ),
                ],
                not: ["time", "時間"],
                mailed,
            }
        }
        [first, second] => {
            let (w0, w1) = (&names[*first], &names[*second]);
            let top = scores[*first];
            let [en_0, en_1] = [w0, w1].map(|n| board_name(n, EN));
            let [ja_0, ja_1] = [w0, w1].map(|n| board_name(n, JA));
            Words {
                line: [
                    format!("{w0} and {w1} share the win with {top} (Cy {cs}); Cy resigned"),
                    format!(
                        "{w0} さん、{w1} さんが {top} 点で勝利を分け合いました（Cy {cs}）／Cy さんが投了"
                    ),
                ],
                board: [
                    format!(
                        "Game over: {en_0} and {en_1} share the win — {en_0} {top}, {en_1} {top}, Cy {cs}; Cy resigned."
                    ),
                    format!(
                        "ゲーム終了：{ja_0}、{ja_1} が勝利を分け合いました — {ja_0} {top}、{ja_1} {top}、Cy さん {cs}／Cy さんが投了。"
                    ),
                ],
                not: ["time", "時間"],
                mailed,
            }
        }
        other => panic!("winners {other:?}"),
    };
    assert_told_everywhere(&table, &words).await;
}

/// A three-seat Kabaleo table Ann set up, at which Bo (reading Japanese) has taken a seat and a
/// third is still awaited.
async fn waiting_table(app: &TestApp) -> (Browser, Browser, String) {
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let path = create_game(&ann, "kabaleo", &["bo@example.com", "cy@example.com"], &[]).await;
    let joined = crate::support::accept_invitation(app, &bo, "bo@example.com").await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    bo_speaks_japanese(&bo).await;
    (ann, bo, path)
}

/// Checks how a called-off table is told: `why` is the result in English and Japanese, `board`
/// the status line, `history` the history's line, and `mail` a phrase of the email Bo gets.
async fn assert_called_off_told(
    app: &TestApp,
    readers: [&Browser; 2],
    path: &str,
    told: [[&str; 2]; 3],
    mail: &str,
) {
    let [why, board, history] = told;
    let langs = [Lang::En, Lang::Ja];
    for reader in [EN, JA] {
        let seen = read_places(readers[reader], path, langs[reader]).await;
        assert_eq!(seen.board, board[reader], "{seen:?}");
        assert_eq!(seen.list, why[reader], "{seen:?}");
        assert_eq!(seen.twin, why[reader], "{seen:?}");
        assert!(seen.history.contains(history[reader]), "{}", seen.history);
        let verified = [
            format!("Result: {}.", why[EN]),
            format!("結果：{}。", why[JA]),
        ];
        assert!(seen.verified.contains(&verified[reader]), "{seen:?}");
    }
    let told = app.mail("bo@example.com", "取りやめ");
    assert!(told.text.contains(mail), "{}", told.text);
    assert_migration_retells(app, path, None, None);
}

#[actix_web::test]
async fn a_table_called_off_by_its_creator_is_told_why() {
    let app = TestApp::start().await;
    let (ann, bo, path) = waiting_table(&app).await;
    let csrf = ann.get(&path).await.csrf();
    let done = ann
        .post_form(&format!("{path}/cancel"), &[("csrf", &csrf)])
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    let told = [
        [
            "Called off by its creator before it started",
            "始まる前に作った人によって取りやめ",
        ],
        [
            "This table was called off by its creator before it started.",
            "この卓は始まる前に作った人によって取りやめになりました。",
        ],
        [
            "The table was called off by its creator.",
            "卓は作った人によって取りやめになりました。",
        ],
    ];
    assert_called_off_told(&app, [&ann, &bo], &path, told, "Ann さんが招待先の").await;
}

#[actix_web::test]
async fn a_table_whose_invitations_expired_is_told_why() {
    let app = TestApp::start().await;
    let (ann, bo, path) = waiting_table(&app).await;
    diesel::sql_query(
        "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE game_id = $1",
    )
    .bind::<diesel::sql_types::Text, _>(path.trim_start_matches("/games/"))
    .execute(&mut app.db.connect())
    .unwrap();
    assert_eq!(app.schedule().called_off, 1);
    let told = [
        [
            "Called off: its invitations expired before every seat was taken",
            "取りやめ：席が埋まる前に招待の期限が切れました",
        ],
        [
            "This table was called off: its invitations expired before every seat was taken.",
            "この卓は、席が埋まる前に招待の期限が切れたため取りやめになりました。",
        ],
        [
            "The table was called off: its invitations expired before every seat was taken.",
            "席が埋まる前に招待の期限が切れたため、卓は取りやめになりました。",
        ],
    ];
    assert_called_off_told(&app, [&ann, &bo], &path, told, "期限が切れたため取りやめ").await;
}

#[actix_web::test]
async fn a_game_of_three_that_the_others_leave_each_their_own_way_is_told_so() {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 2).await;
    let names = ["Ann", "Bo", "Cy"];
    let table = table_of(app, "kabaleo", &names, &[("days", "1")]).await;
    // Whoever moves first runs out of time; of the other two, the one later in the list resigns.
    let late = table.to_act().await[0];
    wait_for_a_time_out(&table.app);
    let [won, resigned]: [usize; 2] = (0..3)
        .filter(|&p| p != late)
        .collect::<Vec<_>>()
        .try_into()
        .unwrap();
    resign(&table.players[resigned], &table.path).await;
    let [w, l, r] = [won, late, resigned].map(|p| names[p]);
    let [en_w, en_l, en_r] = [w, l, r].map(|n| board_name(n, EN));
    let [ja_w, ja_l, ja_r] = [w, l, r].map(|n| board_name(n, JA));
    let words = Words {
        line: [
            format!("{w} won: {l} ran out of time and {r} resigned"),
            format!("{w} さんの勝ち：{l} さんが時間切れ、{r} さんが投了"),
        ],
        board: [
            format!("Game over: {en_w} won: {en_l} ran out of time and {en_r} resigned."),
            format!("ゲーム終了：{ja_w} の勝ち：{ja_l}が時間切れ、{ja_r}が投了。"),
        ],
        not: ["won with", "点で"],
        mailed: [resigned != EN, resigned != JA],
    };
    assert_told_everywhere(&table, &words).await;
    let before = told_before("result-won-all-resigned", &[w], None);
    let line = format!("{w} won: everyone else resigned");
    assert_migration_retells(&table.app, &table.path, Some(before), Some(&line));
}
