//! Plans made in advance: a line drawn up on the plan page (or sent as JSON, or by email) is
//! played the moment the opponent's move matches it, hidden from everyone until then and proved
//! by the export afterwards.

use serde_json::{Value, json};

use crate::by_email::{Inbound, newest_offer, reply, reply_address};
use crate::support::{Browser, Table, rechain, start_table};

/// The plan page's JSON twin for `browser`, with the draft `codes`.
async fn plan_twin(browser: &Browser, table: &Table, codes: &[String]) -> Value {
    let line = codes.join("/");
    let path = format!("{}/plan?line={line}", table.path);
    let page = browser.get_json(&path).await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.json()
}

/// Draws up a whole line on the plan page: the opponent's move numbered `theirs` among their
/// choices, then the first choice each time, until the line may be saved. Its codes.
async fn draw_up(browser: &Browser, table: &Table, theirs: usize) -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    loop {
        let draft = plan_twin(browser, table, &codes).await["draft"].clone();
        if draft["savable"] == true {
            return codes;
        }
        let choices = draft["choices"].as_array().expect("the draft goes on");
        let pick = if codes.is_empty() { theirs } else { 0 };
        codes.push(choices[pick]["code"].as_str().unwrap().to_string());
        assert!(codes.len() <= 30, "no line came of it: {draft}");
    }
}

/// A whole line's commands, as the saved plan lists them.
fn plies(plan: &Value, line: usize) -> Vec<(bool, Value)> {
    (plan["lines"][line]["plies"].as_array().unwrap().iter())
        .map(|p| (p["by_you"] == true, p["command"].clone()))
        .collect()
}

/// Saves `codes` through the page's form; the plan page it leads to.
async fn save(browser: &Browser, table: &Table, codes: &[String]) -> crate::support::Page {
    let path = format!("{}/plan", table.path);
    let csrf = browser.get(&path).await.csrf();
    let line = codes.join("/");
    browser
        .post_form(&path, &[("csrf", &csrf), ("line", &line)])
        .await
}

/// A change a forger makes to what a planned answer reveals.
type Alteration = fn(&mut Value);

/// The game's export as `browser` downloads it.
async fn export_of(browser: &Browser, table: &Table) -> turnpost::audit::Export {
    let page = browser.get(&format!("{}/export", table.path)).await;
    assert_eq!(page.status, 200, "{}", page.body);
    serde_json::from_str(&page.body).unwrap()
}

/// What the server keeps of every plan: the lines with their salts.
fn kept_plans(table: &Table) -> Vec<String> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Kept {
        #[diesel(sql_type = diesel::sql_types::Text)]
        lines: String,
    }
    let kept: Vec<Kept> = diesel::sql_query("SELECT lines::text AS lines FROM move_plans")
        .load(&mut table.app.db.connect())
        .unwrap();
    kept.into_iter().map(|k| k.lines).collect()
}

#[actix_web::test]
async fn a_planned_answer_is_played_with_the_move_it_foresaw_hidden_until_then_and_proved() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let mover = table.to_act().await[0];
    let planner = 1 - mover;
    let (them, me) = (&table.players[mover], &table.players[planner]);
    let board = me.get(&table.path).await;
    assert!(
        board.body.contains("/plan\">Plan your answers"),
        "{}",
        board.body
    );
    assert_eq!(table.twin(planner).await["can_plan"], true);
    assert_eq!(table.twin(mover).await["can_plan"], false);

    let codes = draw_up(me, &table, 0).await;
    let saved = save(me, &table, &codes).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert!(saved.body.contains("Remove line 1"), "{}", saved.body);
    let plan = plan_twin(me, &table, &[]).await;
    let line = plies(&plan, 0);
    assert!(!line[0].0 && line.last().unwrap().0, "{line:?}");

    // Before it is used, nothing the opponent can read holds the plan: only that one was made.
    let kept = kept_plans(&table);
    let salt = serde_json::from_str::<Value>(&kept[0]).unwrap()[0]["salt"]
        .as_str()
        .unwrap()
        .to_string();
    let history = them.get(&format!("{}/history", table.path)).await;
    assert!(history.body.contains("made a plan"), "{}", history.body);
    for path in [
        table.path.clone(),
        format!("{}/history", table.path),
        format!("{}/history?format=json", table.path),
        format!("{}/export", table.path),
    ] {
        let page = them.get(&path).await;
        assert!(!page.body.contains(&salt), "{path} shows the plan's salt");
        assert!(
            !page.body.contains("plies"),
            "{path} shows the plan's lines"
        );
    }
    let theirs_page = plan_twin(them, &table, &[]).await;
    assert_eq!(theirs_page["lines"], json!([]));
    assert!(!theirs_page.to_string().contains(&salt));
    let export = export_of(them, &table).await;
    assert!(turnpost::audit::verify(&export).is_ok());

    // The opponent's moves of the line, and the answer is there when their move's page loads.
    let rows_before = export.rows.len();
    for (_, command) in line.iter().take_while(|(mine, _)| !mine) {
        let played = table.play(mover, command).await;
        assert_eq!(played.status, 200, "{}", played.body);
    }
    assert_eq!(
        table.to_act().await,
        vec![mover],
        "the answer was played at once"
    );
    let export = export_of(them, &table).await;
    assert_eq!(export.rows.len(), rows_before + line.len());
    let answers: Vec<&turnpost::audit::ExportRow> = (export.rows.iter())
        .filter(|row| row.events[0]["type"] == "plan_followed")
        .collect();
    let mine = line.iter().filter(|(mine, _)| *mine).count();
    assert_eq!(answers.len(), mine, "each planned command reveals its line");
    let theirs = &export.rows[rows_before + line.len() - mine - 1];
    assert_eq!(
        answers[0].recorded_at, theirs.recorded_at,
        "the answer is made in the same instant: it takes none of the planner's time"
    );
    let report = turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
    assert!(
        (report.lines.iter()).any(|l| l.to_string().contains("played as planned")),
        "{report:?}"
    );
    assert!(kept_plans(&table).is_empty(), "a plan used up is forgotten");

    // A revealed plan altered is caught, whatever is changed.
    let at = export
        .rows
        .iter()
        .position(|r| r.seq == answers[0].seq)
        .unwrap();
    let alterations: [(&str, Alteration); 3] = [
        ("salt", |plan| plan["salt"] = json!("00".repeat(16))),
        ("digests", |plan| {
            plan["digests"][0] = json!("ab".repeat(32))
        }),
        ("line", |plan| {
            let pit = plan["plies"][0]["pit"].as_u64().unwrap();
            plan["plies"][0]["pit"] = json!((pit + 1) % 6);
        }),
    ];
    for (what, alter) in alterations {
        let mut altered = export.clone();
        alter(&mut altered.rows[at].events[0]["plan"]);
        rechain(&mut altered);
        let found = turnpost::audit::verify(&altered).expect_err(what);
        assert_eq!(found.seq, answers[0].seq, "{what}: {found}");
    }
    let mut early = export.clone();
    early.rows[at].events[0]["plan"]["planned_at"] = json!(theirs.seq);
    rechain(&mut early);
    let found = turnpost::audit::verify(&early).expect_err("a plan from after the move");
    assert!(found.to_string().contains("holds no plan"), "{found}");
}

#[actix_web::test]
async fn a_move_the_plan_did_not_foresee_clears_it_and_the_your_turn_email_says_so() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let mover = table.to_act().await[0];
    let planner = 1 - mover;
    let me = &table.players[planner];
    let codes = draw_up(me, &table, 0).await;
    assert_eq!(save(me, &table, &codes).await.status, 200);
    let planned = plies(&plan_twin(me, &table, &[]).await, 0)[0].1.clone();

    // The opponent plays something else, until it is the planner's turn.
    while table.to_act().await == vec![mover] {
        let legal = table.twin(mover).await["legal_commands"].clone();
        let other = (legal.as_array().unwrap().iter())
            .map(|c| c["command"].clone())
            .find(|c| *c != planned)
            .unwrap();
        assert_eq!(table.play(mover, &other).await.status, 200);
    }
    let email = table.app.mail(&table.emails[planner], "Your turn in Kalah");
    assert!(
        email
            .text
            .contains("was not one your plan foresaw, so your plan was cleared"),
        "{}",
        email.text
    );
    let page = me.get(&format!("{}/plan", table.path)).await;
    assert!(page.body.contains("did not foresee"), "{}", page.body);
    let plan = plan_twin(me, &table, &[]).await;
    assert_eq!(plan["lines"], json!([]));
    assert_eq!(plan["offered"], false);
    // The export shows the commitment and nothing else of the plan.
    let export = export_of(&table.players[mover], &table).await;
    assert!(export.rows.iter().any(|r| r.command["type"] == "plan"));
    assert!(
        !serde_json::to_string(&export)
            .unwrap()
            .contains("plan_followed")
    );
    turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
}

#[actix_web::test]
async fn plans_too_long_illegal_or_out_of_turn_are_refused_in_words_and_change_nothing() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let mover = table.to_act().await[0];
    let planner = 1 - mover;
    let me = &table.players[planner];
    let path = format!("{}/plan", table.path);
    let codes = draw_up(me, &table, 0).await;
    let draft = plan_twin(me, &table, &codes).await;
    let line: Vec<Value> = (draft["draft"]["plies"].as_array().unwrap().iter())
        .map(|p| p["command"].clone())
        .collect();
    let rows_before = export_of(me, &table).await.rows.len();

    let refusals = [
        (
            json!({ "lines": vec![line.clone(); 31] }),
            "at most 30 lines",
        ),
        (
            json!({ "lines": [vec![line[0].clone(); 31]] }),
            "at most 30 moves",
        ),
        (
            json!({ "lines": [[{"pit": 9}, line[1]]] }),
            "is not a move in this game",
        ),
        (
            json!({ "lines": [[line[0], {"type": "sow", "pit": 6}]] }),
            "is not allowed there",
        ),
        (
            json!({ "lines": [[line[0]]] }),
            "your opponent's move and your answer",
        ),
        (json!({ "lines": "sow" }), "could not be read"),
    ];
    for (body, words) in refusals {
        let page = me.post_json(&path, &body).await;
        assert!(
            [400, 422].contains(&page.status),
            "{body}: {} {}",
            page.status,
            page.body
        );
        assert!(
            page.json()["error"].as_str().unwrap().contains(words),
            "{body}: {}",
            page.body
        );
    }
    // The player to move cannot plan.
    let theirs = table.players[mover]
        .post_json(&path, &json!({ "lines": [line.clone()] }))
        .await;
    assert_eq!(theirs.status, 422, "{}", theirs.body);
    assert!(
        theirs
            .body
            .contains("only while it is your opponent's turn")
    );
    // A code that is no move, from the form.
    let csrf = me.get(&path).await.csrf();
    let form = me
        .post_form(&path, &[("csrf", &csrf), ("line", "9/1")])
        .await;
    assert_eq!(form.status, 422, "{}", form.body);
    assert!(
        form.body.contains("“9” is not a move there"),
        "{}",
        form.body
    );
    assert_eq!(
        export_of(me, &table).await.rows.len(),
        rows_before,
        "nothing was written"
    );
    assert!(kept_plans(&table).is_empty());

    // The same line as JSON is taken, and looking at the plan writes nothing.
    let taken = me
        .post_json(&path, &json!({ "lines": [line.clone()] }))
        .await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    assert_eq!(taken.json()["lines"].as_array().unwrap().len(), 1);
    let rows = export_of(me, &table).await.rows.len();
    me.get(&path).await;
    me.get(&format!("{path}?line={}", codes.join("/"))).await;
    assert_eq!(export_of(me, &table).await.rows.len(), rows);
    // Removing the line needs no new commitment.
    let csrf = me.get(&path).await.csrf();
    let removed = me
        .post_form(&format!("{path}/remove"), &[("csrf", &csrf), ("line", "1")])
        .await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert!(kept_plans(&table).is_empty());
    let gone = me
        .post_form(&format!("{path}/remove"), &[("csrf", &csrf), ("line", "1")])
        .await;
    assert_eq!(gone.status, 410, "{}", gone.body);
}

#[actix_web::test]
async fn plan_lines_by_email_in_english_and_japanese_are_kept_and_followed() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let inbound = Inbound::start(app);
    let mover = table.to_act().await[0];
    let planner = 1 - mover;
    let me = &table.players[planner];
    // The planner moves once by email, so that they hold an answer with a reply address.
    while table.to_act().await != vec![planner] {
        let legal = table.twin(mover).await["legal_commands"][0]["command"].clone();
        assert_eq!(table.play(mover, &legal).await.status, 200);
    }
    let email = &table.emails[planner];
    let offer = newest_offer(app, email).unwrap();
    let to = reply_address(&offer);
    let mut subject = offer.subject.clone();
    loop {
        let twin = table.twin(planner).await;
        let Some(code) = twin["legal_commands"].as_array().unwrap().first() else {
            break;
        };
        let pit = code["command"]["pit"].as_u64().unwrap() + 1;
        let offer = newest_offer(app, email).unwrap();
        let to = reply_address(&offer);
        inbound
            .send(email, &to, &reply(email, &to, &subject, &pit.to_string()))
            .unwrap();
        subject = offer.subject.clone();
    }
    let _ = to;
    assert_eq!(table.to_act().await, vec![mover]);

    let first = draw_up(me, &table, 0).await;
    let second = draw_up(me, &table, 1).await;
    let answer_to = |words: String| {
        let offer = newest_offer(app, email).unwrap();
        let to = reply_address(&offer);
        inbound
            .send(email, &to, &reply(email, &to, &offer.subject, &words))
            .unwrap();
        app.mail(email, "Re:")
    };
    let english = format!("if {}", first.join(" then "));
    let answer = answer_to(english.clone());
    assert!(
        answer.text.contains("Your plan now holds 1 line"),
        "{english}: {}",
        answer.text
    );
    let japanese = format!("もし{}", second.join("なら"));
    let answer = answer_to(japanese.clone());
    assert!(
        answer.text.contains("Your plan now holds 2 lines"),
        "{japanese}: {}",
        answer.text
    );
    let refused = answer_to("if 9 then 1".into());
    assert!(
        refused
            .text
            .contains("Your plan was not changed: Line 1: “9 1” is not a move there"),
        "{}",
        refused.text
    );

    let plan = plan_twin(me, &table, &[]).await;
    assert_eq!(plan["lines"].as_array().unwrap().len(), 2, "{plan}");
    let line = plies(&plan, 1);
    for (_, command) in line.iter().take_while(|(mine, _)| !mine) {
        assert_eq!(table.play(mover, command).await.status, 200);
    }
    let export = export_of(&table.players[mover], &table).await;
    let last = export.rows.last().unwrap();
    assert_eq!(last.events[0]["type"], "plan_followed", "{:?}", last.events);
    turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
}

#[actix_web::test]
async fn in_quarto_the_answer_waits_for_both_of_the_opponents_commands_then_plays_both_of_its_own()
{
    let table = start_table("quarto", &["Ann", "Bo"], &[]).await;
    // The first give, and a whole turn of the other, so that a turn of two commands is next.
    for _ in 0..3 {
        let mover = table.to_act().await[0];
        let first = table.twin(mover).await["legal_commands"][0]["command"].clone();
        assert_eq!(table.play(mover, &first).await.status, 200);
    }
    let mover = table.to_act().await[0];
    let planner = 1 - mover;
    let me = &table.players[planner];
    let codes = draw_up(me, &table, 0).await;
    assert_eq!(save(me, &table, &codes).await.status, 200);
    let line = plies(&plan_twin(me, &table, &[]).await, 0);
    let by: Vec<bool> = line.iter().map(|(mine, _)| *mine).collect();
    assert_eq!(
        by,
        [false, false, true, true],
        "place and give, then place and give"
    );

    assert_eq!(table.play(mover, &line[0].1).await.status, 200);
    assert_eq!(
        table.to_act().await,
        vec![mover],
        "the answer waits for the give"
    );
    let open = plies(&plan_twin(me, &table, &[]).await, 0);
    assert_eq!(
        open[..],
        line[1..],
        "the plan goes on from the position now"
    );
    assert_eq!(
        kept_plans(&table).len(),
        1,
        "the plan is kept while it is not the planner's turn"
    );
    assert_eq!(table.play(mover, &line[1].1).await.status, 200);
    assert_eq!(
        table.to_act().await,
        vec![mover],
        "both commands of the answer were played"
    );
    let export = export_of(me, &table).await;
    let answers: Vec<&Value> = (export.rows.iter())
        .filter(|row| row.events[0]["type"] == "plan_followed")
        .map(|row| &row.events[0]["plan"]["plies"])
        .collect();
    assert_eq!(answers.len(), 2);
    assert_eq!(
        answers[0].as_array().unwrap().len(),
        3,
        "the place reveals the line up to it"
    );
    assert_eq!(answers[1].as_array().unwrap().len(), 4);
    turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
    assert!(kept_plans(&table).is_empty());
}
