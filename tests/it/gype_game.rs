//! Uncle Chestnut's Table Gype over HTTP: players arrange their start rows in secret through the
//! page's links and buttons, then play a whole game; hidden arrangements never reach anyone else
//! (board, `?at=N`, history, their JSON twins); bad commands change nothing.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use scraper::{Html, Selector};
use serde_json::Value;

use turnpost::rules::gype::{Command, Face, HatPath, Side, Square, View};

use crate::support::{
    Browser, Page, Table, assert_altered_outcome_caught, assert_log_verifies, start_table,
    whole_history,
};

pub(crate) type Query = BTreeMap<String, String>;

/// The choice links on a game page: their queries, with the href as written.
fn choice_links(page: &Page, path: &str) -> Vec<(Query, String)> {
    let selector = Selector::parse("a[href]").unwrap();
    page.html()
        .select(&selector)
        .filter_map(|a| {
            let href = a.value().attr("href")?;
            let query = href.strip_prefix(path)?.strip_prefix('?')?;
            let query: Query = serde_urlencoded::from_str(query).ok()?;
            (!query.contains_key("at") && !query.contains_key("format"))
                .then(|| (query, href.to_string()))
        })
        .collect()
}

fn commands_of(twin: &Value) -> Vec<Value> {
    twin["legal_commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].clone())
        .collect()
}

/// The swaps the page offers while `twin`'s player arranges: for each die of their start row
/// (the bottom row of their view, in the order they see it), one per other face in the row
/// (dice showing the same face are interchangeable). Empty once they may swap no more.
pub(crate) fn distinct_swaps(twin: &Value) -> Vec<Value> {
    let swapping = commands_of(twin).iter().any(|c| c["type"] == "swap");
    let view: View = serde_json::from_value(twin["view"].clone()).unwrap();
    let row: Vec<(Square, Option<Face>)> = view.board[9][1..9]
        .iter()
        .flatten()
        .map(|cell| (cell.square, cell.die.as_ref().and_then(|d| d.face)))
        .collect();
    let mut offered: Vec<(Square, Option<Face>)> = Vec::new();
    let mut swaps = Vec::new();
    for &(a, face_a) in row.iter().filter(|_| swapping) {
        for &(b, face_b) in &row {
            if face_a != face_b && !offered.contains(&(a, face_b)) {
                offered.push((a, face_b));
                swaps.push(serde_json::to_value(Command::Swap { a, b }).unwrap());
            }
        }
    }
    swaps
}

/// `commands` with every Hat's other route too: the twin offers a Hat's move once when neither
/// route has a die on it to roll, and the page a button for each route.
fn with_every_route(commands: &[Value]) -> Vec<Value> {
    let mut all = commands.to_vec();
    for command in commands {
        if let Ok(Command::Hat { from, to, path }) = serde_json::from_value(command.clone()) {
            let other = match path {
                HatPath::LongFirst => HatPath::ShortFirst,
                HatPath::ShortFirst => HatPath::LongFirst,
            };
            let other = serde_json::to_value(Command::Hat {
                from,
                to,
                path: other,
            })
            .unwrap();
            if !all.contains(&other) {
                all.push(other);
            }
        }
    }
    all
}

fn as_set(commands: &[Value]) -> BTreeSet<String> {
    commands.iter().map(Value::to_string).collect()
}

/// Every command reachable from the board page by following its choice links and reading its
/// move forms.
async fn reachable(browser: &Browser, path: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![(Query::new(), path.to_string())];
    let mut found = BTreeSet::new();
    while let Some((query, href)) = todo.pop() {
        if !seen.insert(query) {
            continue;
        }
        assert!(seen.len() < 80, "the choice links never end");
        let page = browser.get(&href).await;
        assert_eq!(page.status, 200, "{}", page.body);
        found.extend(page.move_forms().iter().map(|f| f.command().to_string()));
        todo.extend(choice_links(&page, path));
    }
    found
}

/// The selection steps (query so far) the page asks for before `command`'s button appears.
pub(crate) fn steps(command: &Command, in_chain: bool) -> Vec<(&'static str, String)> {
    match *command {
        Command::Swap { a, .. } => vec![("pick", a.to_string())],
        Command::Step { from, .. } | Command::Jump { from, .. } if !in_chain => {
            vec![("die", from.to_string())]
        }
        Command::Roll { at } => vec![("die", at.to_string())],
        Command::Hat { from, to, .. } => vec![("die", from.to_string()), ("to", to.to_string())],
        _ => Vec::new(),
    }
}

/// Makes `command` the way a person would: following the page's choice links, then pressing the
/// button whose form carries exactly this command.
async fn press(browser: &Browser, path: &str, command: &Value, in_chain: bool) -> Page {
    let parsed: Command = serde_json::from_value(command.clone()).unwrap();
    let mut page = browser.get(path).await;
    let mut query = Query::new();
    for (key, value) in steps(&parsed, in_chain) {
        query.insert(key.to_string(), value);
        let href = choice_links(&page, path)
            .into_iter()
            .find(|(q, _)| *q == query)
            .unwrap_or_else(|| panic!("no link to {query:?} for {command} on\n{}", page.body))
            .1;
        page = browser.get(&href).await;
        assert_eq!(page.status, 200, "{}", page.body);
    }
    let form = page
        .move_forms()
        .into_iter()
        .find(|f| f.command() == *command)
        .unwrap_or_else(|| panic!("no button for {command} on\n{}", page.body));
    assert!(!form.label.is_empty());
    let after = browser.submit(&form).await;
    assert_eq!(after.status, 200, "{}", after.body);
    after
}

/// Posts `command` as the page's form would (csrf, seq, command), asking for the JSON twin back.
async fn post(browser: &Browser, path: &str, csrf: &str, seq: i64, command: &Value) -> Page {
    let seq = seq.to_string();
    let command = command.to_string();
    let response = browser
        .client
        .post(format!("{}{path}/play", browser.base))
        .header("Accept", "application/json")
        .form(&[("csrf", csrf), ("seq", &seq), ("command", &command)])
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let body = response.text().await.unwrap();
    Page {
        status,
        url: path.to_string(),
        body,
        content_type: "application/json".into(),
    }
}

async fn twin(browser: &Browser, path: &str) -> Value {
    let page = browser.get_json(path).await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.json()
}

async fn csrf(browser: &Browser) -> String {
    browser.get("/settings").await.csrf()
}

fn view_of(twin: &Value) -> View {
    serde_json::from_value(twin["view"].clone()).unwrap()
}

fn faces(view: &View) -> HashMap<Square, Option<Face>> {
    view.board
        .iter()
        .flatten()
        .flatten()
        .filter_map(|cell| Some((cell.square, cell.die.as_ref()?.face)))
        .collect()
}

fn side_of(view: &View, seat: usize) -> Side {
    view.seats.iter().find(|s| s.seat == seat).unwrap().side
}

/// A seeded policy that mostly makes progress among the offered commands: forward moves first
/// (arriving in the goal row best), Ears get rolled, chains end as often as they go on when they
/// stop gaining ground. Uniformly random play takes thousands of commands; this takes hundreds.
pub(crate) fn choose(twin: &Value, rng: &mut ChaCha8Rng) -> Value {
    let view = view_of(twin);
    let me = twin["your_seat"].as_u64().unwrap() as usize;
    let side = side_of(&view, me);
    let faces = faces(&view);
    let score = |command: &Command| match *command {
        Command::Step { from, to } | Command::Jump { from, to } | Command::Hat { from, to, .. } => {
            let gain = f64::from(side.progress(to) - side.progress(from)) * 10.0;
            let goal = side.opposite();
            let arrives = goal.holds(to) && !goal.holds(from);
            gain + if arrives { 30.0 } else { 0.0 }
        }
        Command::Roll { at } if faces.get(&at) == Some(&Some(Face::Ear)) => 6.0,
        Command::Roll { .. } => -4.0,
        Command::Swap { .. } => -100.0,
        Command::Confirm | Command::EndMove => 0.0,
    };
    commands_of(twin)
        .into_iter()
        .map(|value| {
            let command: Command = serde_json::from_value(value.clone()).unwrap();
            (score(&command) + rng.random_range(0.0..8.0), value)
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap()
        .1
}

/// Two swaps picked at random from the offered ones, then the confirmation, all pressed on the
/// page. Returns the swaps made.
async fn arrange(browser: &Browser, path: &str, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let mut swaps = Vec::new();
    for _ in 0..2 {
        let swap = distinct_swaps(&twin(browser, path).await);
        let chosen = swap[rng.random_range(0..swap.len())].clone();
        press(browser, path, &chosen, false).await;
        swaps.push(chosen);
    }
    let page = press(
        browser,
        path,
        &serde_json::json!({"type": "confirm"}),
        false,
    )
    .await;
    assert!(
        page.body.contains("You have confirmed your arrangement")
            || page.body.contains("Your turn")
            || page.body.contains("to move"),
        "{}",
        page.body
    );
    swaps
}

#[actix_web::test]
async fn two_players_arrange_in_secret_and_play_a_whole_game_through_the_pages() {
    let table = start_table("gype", &["Ann", "Bo"], &[]).await;
    let path = table.path.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(11);

    // The arrangement: the page offers exactly the swaps and the confirmation; the twin offers
    // each swap that changes the row once (two dice of each of four faces make 28 - 4 pairs).
    let first = &table.players[0];
    let before = twin(first, &path).await;
    assert_eq!(commands_of(&before).len(), 8 * 3 + 1);
    let mut offered = distinct_swaps(&before);
    assert_eq!(
        offered.len(),
        8 * 3,
        "two dice of each of four faces: three other faces for each die"
    );
    offered.push(serde_json::json!({"type": "confirm"}));
    assert_eq!(reachable(first, &path).await, as_set(&offered));
    let mut swaps = Vec::new();
    for browser in &table.players {
        swaps.push(arrange(browser, &path, &mut rng).await);
    }

    let tokens = [csrf(&table.players[0]).await, csrf(&table.players[1]).await];
    let mut turn = 0usize;
    let mut by_page = 0usize;
    let mut checked: BTreeSet<&str> = BTreeSet::new();
    let mut mover = 0;
    let mut current = twin(&table.players[0], &path).await;
    loop {
        if commands_of(&current).is_empty() {
            if current["phase"] == "finished" {
                break;
            }
            mover = 1 - mover;
            current = twin(&table.players[mover], &path).await;
            assert!(
                !commands_of(&current).is_empty() || current["phase"] == "finished",
                "nobody can act: {current}"
            );
            continue;
        }
        let browser = &table.players[mover];
        let view = view_of(&current);
        let in_chain = view.chain.is_some();
        let legal = commands_of(&current);
        let has_hat = legal.iter().any(|c| c["type"] == "hat");
        // At a few kinds of positions, everything the page offers is exactly the legal set.
        let kind = if in_chain {
            "chain"
        } else if has_hat {
            "hat"
        } else {
            "turn"
        };
        if checked.insert(kind) {
            let legal = with_every_route(&legal);
            assert_eq!(reachable(browser, &path).await, as_set(&legal), "{kind}");
        }
        let command = choose(&current, &mut rng);
        let by_links = turn < 12
            || turn.is_multiple_of(4)
            || command["type"] == "hat"
            || command["type"] == "end_move";
        if by_links {
            press(browser, &path, &command, in_chain).await;
            current = twin(browser, &path).await;
            by_page += 1;
        } else {
            let seq = current["seq"].as_i64().unwrap();
            let after = post(browser, &path, &tokens[mover], seq, &command).await;
            assert_eq!(after.status, 200, "{}", after.body);
            current = after.json();
            assert_eq!(current["seq"], seq + 1);
        }
        turn += 1;
        assert!(turn < 3000, "the game does not end");
    }
    assert!(
        by_page >= 20,
        "only {by_page} of {turn} turns went through the page"
    );
    eprintln!("STATS turns={turn} by_page={by_page} checked={checked:?}");
    assert!(
        checked.contains("turn") && checked.contains("chain"),
        "{checked:?}"
    );

    // The result: one winner with all 8 dice home, said on the page.
    table.app.rate_finished_games();
    let done = twin(&table.players[1], &path).await;
    assert_eq!(done["phase"], "finished");
    let outcome = &done["status"]["outcome"];
    let winner = outcome["winners"][0].as_u64().unwrap() as usize;
    assert_eq!(outcome["scores"][winner], 8);
    let view = view_of(&done);
    assert_eq!(view.winner, Some(winner));
    let goal = side_of(&view, winner).opposite();
    let home = view
        .board
        .iter()
        .flatten()
        .flatten()
        .filter(|c| goal.holds(c.square))
        .filter(|c| {
            c.die
                .as_ref()
                .is_some_and(|d| d.owner == winner && d.frozen)
        })
        .count();
    assert_eq!(home, 8);
    let names = ["Ann", "Bo"];
    let winner_name = done["players"][winner]["name"].as_str().unwrap();
    assert!(names.contains(&winner_name));
    for (player, browser) in table.players.iter().enumerate() {
        let page = browser.get(&path).await;
        assert!(page.body.contains("Game over"), "{}", page.body);
        let said = if names[player] == winner_name {
            "You brought all 8 dice home".to_string()
        } else {
            format!("{winner_name} brought all 8 dice home")
        };
        assert!(page.body.contains(&said), "{said} not in {}", page.body);
        assert!(page.move_forms().is_empty());
    }

    // The history lists every row; after the end everyone reads every swap and every deal.
    let seq = done["seq"].as_i64().unwrap();
    let (rows, history) = whole_history(&table.players[1], &path).await;
    for n in 1..=seq {
        assert!(history.contains(&format!("id=\"event-{n}\"")), "{n}");
    }
    assert_eq!(rows.len() as i64, seq);
    let commands: Vec<&Value> = rows.iter().map(|r| &r["command"]).collect();
    for swap in swaps.iter().flatten() {
        assert!(
            commands
                .iter()
                .any(|c| c.to_string().contains(&swap.to_string())),
            "{swap} is not in the finished log"
        );
    }
    let started = rows
        .iter()
        .flat_map(|r| r["events"].as_array().unwrap())
        .find(|e| e["event"]["type"] == "started")
        .expect("the deal is in the log");
    assert!(
        started["event"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r.is_array()),
        "{started}"
    );

    // `?at=N` shows earlier boards: during the arrangement, and the first move.
    for n in [2, seq / 2, seq - 1] {
        let earlier = table.players[0]
            .get_json(&format!("{path}?at={n}"))
            .await
            .json();
        assert_eq!(earlier["at"], n);
        assert_ne!(earlier["view"], done["view"], "{n}");
        let page = table.players[0].get(&format!("{path}?at={n}")).await;
        assert!(
            page.body
                .contains(&format!("as it was after event {n} of {seq}"))
        );
        assert!(page.move_forms().is_empty());
    }
    assert_log_verifies(&table).await;
    // A die roll or the deal, changed in the log with its hashes recomputed, is caught.
    let other_face = |face: &Value| Value::from(if face == "flame" { "book" } else { "flame" });
    let rolled = |event: &Value| event["type"] == "jumped" && !event["rolled"].is_null();
    assert_altered_outcome_caught(&table, rolled, |event| {
        event["rolled"] = other_face(&event["rolled"]);
    })
    .await;
    let dealt = |event: &Value| event["type"] == "started";
    assert_altered_outcome_caught(&table, dealt, |event| {
        event["rows"][0][0] = other_face(&event["rows"][0][0]);
    })
    .await;
}

/// What a seat keeps secret while arranging, in every form a page or an export could spell it.
struct Secret {
    name: &'static str,
    seat: usize,
    row: Vec<Square>,
    dealt: Vec<Face>,
    arranged: Vec<Face>,
    swaps: Vec<(Square, Square)>,
}

impl Secret {
    fn needles(&self) -> Vec<String> {
        let words = |faces: &[Face]| {
            faces
                .iter()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut needles = vec![
            serde_json::to_string(&self.dealt).unwrap(),
            serde_json::to_string(&self.arranged).unwrap(),
            words(&self.dealt),
            words(&self.arranged),
        ];
        for (a, b) in &self.swaps {
            needles.push(format!("\"a\":\"{a}\",\"b\":\"{b}\""));
            needles.push(format!("[\"{a}\",\"{b}\"]"));
            needles.push(format!("on {a} and {b}"));
        }
        needles
    }
}

fn row_faces(view: &View, row: &[Square]) -> Vec<Face> {
    let faces = faces(view);
    row.iter().map(|s| faces[s].unwrap()).collect()
}

/// Checks one response read by the owner of `own`, who must not see `secrets`. (A spelling of
/// a secret that happens to equal one of the reader's own is not evidence of a leak.)
fn assert_hidden(what: &str, body: &str, own: Option<&Secret>, secrets: &[&Secret]) {
    let own_needles = own.map(Secret::needles).unwrap_or_default();
    for secret in secrets {
        for needle in secret.needles() {
            if !own_needles.contains(&needle) {
                assert!(!body.contains(&needle), "{what} shows {needle}:\n{body}");
            }
        }
    }
    let is_json = body.starts_with('{');
    if is_json {
        let json: Value = serde_json::from_str(body).unwrap();
        if !json["view"].is_null() {
            let view = view_of(&json);
            for secret in secrets {
                for cell in view.board.iter().flatten().flatten() {
                    if let Some(die) = &cell.die
                        && die.owner == secret.seat
                        && secret.row.contains(&cell.square)
                    {
                        assert_eq!(die.face, None, "{what}: {} shows a face", cell.square);
                    }
                }
            }
        }
        for row in json["rows"].as_array().into_iter().flatten() {
            for entry in row["events"].as_array().unwrap() {
                let event = &entry["event"];
                for secret in secrets {
                    if event["type"] == "swapped" && event["seat"] == secret.seat {
                        assert!(event["squares"].is_null(), "{what}: {event}");
                    }
                    if event["type"] == "started" {
                        assert!(event["rows"][secret.seat].is_null(), "{what}: {event}");
                    }
                }
            }
            if row["command"].to_string().contains("swap")
                && let Some(actor) = row["actor_name"].as_str()
            {
                assert!(!secrets.iter().any(|s| s.name == actor), "{what}: {row}");
            }
        }
    } else {
        let html = Html::parse_document(body);
        let cells = Selector::parse("td.sq").unwrap();
        let name = Selector::parse(".sqname").unwrap();
        for cell in html.select(&cells) {
            let square: String = cell.select(&name).next().unwrap().text().collect();
            let hidden = secrets
                .iter()
                .any(|s| s.row.iter().any(|q| q.to_string() == square));
            if hidden {
                let inner = cell.inner_html().to_lowercase().replace(&square, "");
                for face in Face::ALL {
                    let word = face.name().to_lowercase();
                    assert!(!inner.contains(&word), "{what}: {square} shows {inner}");
                }
            }
        }
    }
}

#[actix_web::test]
async fn hidden_arrangements_reach_nobody_else_before_the_reveal() {
    let table = start_table("gype", &["Ann", "Bo", "Cy"], &[]).await;
    let path = table.path.clone();
    let spectator = table.app.signed_in("dee@example.com", "Dee").await;
    let stranger = table.app.browser();
    let mut rng = ChaCha8Rng::seed_from_u64(5);

    // Seats are drawn at random: find each person's seat and start row.
    let mut seats = Vec::new();
    for browser in &table.players {
        let own = twin(browser, &path).await;
        seats.push(own["your_seat"].as_u64().unwrap() as usize);
    }
    let before_view = twin(&spectator, &path).await["view"].clone();
    let before_board = board_section(&spectator.get(&path).await.body);

    // Ann (player 0) and Bo (player 1) rearrange; Cy keeps the dealt order.
    let mut secrets = Vec::new();
    for (player, name, swaps) in [(0usize, "Ann", 3usize), (1, "Bo", 1), (2, "Cy", 0)] {
        let browser = &table.players[player];
        let own = twin(browser, &path).await;
        let view = view_of(&own);
        let seat = seats[player];
        let row = side_of(&view, seat).home_squares().to_vec();
        let dealt = row_faces(&view, &row);
        let mut made = Vec::new();
        for _ in 0..swaps {
            // Swaps of two different faces, the first square never swapped before: each one
            // changes the row, and the last leaves a square showing another face than it was
            // dealt. Swaps of two untouched squares come first; the page offers one swap per
            // face, which may name a square already swapped, so when none is left the second
            // square may be one.
            let current = twin(browser, &path).await;
            let faces = faces(&view_of(&current));
            let touched: Vec<Square> = made.iter().flat_map(|&(a, b)| [a, b]).collect();
            let offered: Vec<(Value, Square, Square)> = distinct_swaps(&current)
                .into_iter()
                .filter_map(|value| match serde_json::from_value(value.clone()).ok()? {
                    Command::Swap { a, b } => Some((value, a, b)),
                    _ => None,
                })
                .filter(|(_, a, b)| faces[a] != faces[b] && !touched.contains(a))
                .collect();
            let untouched: Vec<(Value, Square, Square)> = offered
                .iter()
                .filter(|(_, _, b)| !touched.contains(b))
                .cloned()
                .collect();
            let fresh = if untouched.is_empty() {
                offered
            } else {
                untouched
            };
            let (chosen, a, b) = fresh[rng.random_range(0..fresh.len())].clone();
            press(browser, &path, &chosen, false).await;
            made.push((a, b));
        }
        let arranged = row_faces(&view_of(&twin(browser, &path).await), &row);
        if let Some(&(a, b)) = made.first() {
            // The player reads their own swaps in their history.
            let own_log = browser.get_json(&format!("{path}/history")).await.body;
            assert!(
                own_log.contains(&format!("\"a\":\"{a}\",\"b\":\"{b}\"")),
                "{own_log}"
            );
        }
        secrets.push(Secret {
            name,
            seat,
            row,
            dealt,
            arranged,
            swaps: made,
        });
    }
    assert_ne!(
        secrets[0].dealt, secrets[0].arranged,
        "Ann's swaps changed her row"
    );
    assert_ne!(
        secrets[1].dealt, secrets[1].arranged,
        "Bo's swap changed his row"
    );

    // Changing arrangements changed nothing a spectator sees on the board.
    assert_eq!(twin(&spectator, &path).await["view"], before_view);
    assert_eq!(
        board_section(&spectator.get(&path).await.body),
        before_board
    );

    // Ann confirms; Bo and Cy have not yet.
    press(
        &table.players[0],
        &path,
        &serde_json::json!({"type": "confirm"}),
        false,
    )
    .await;

    let seq = twin(&spectator, &path).await["seq"].as_i64().unwrap();
    let readers: Vec<(&str, &Browser, Option<&Secret>, Vec<&Secret>)> = vec![
        (
            "Ann",
            &table.players[0],
            Some(&secrets[0]),
            vec![&secrets[1], &secrets[2]],
        ),
        (
            "Bo",
            &table.players[1],
            Some(&secrets[1]),
            vec![&secrets[0], &secrets[2]],
        ),
        (
            "Cy",
            &table.players[2],
            Some(&secrets[2]),
            vec![&secrets[0], &secrets[1]],
        ),
        ("Dee", &spectator, None, secrets.iter().collect()),
        ("a stranger", &stranger, None, secrets.iter().collect()),
    ];
    for (who, browser, own, hidden) in &readers {
        // The downloadable log: rows holding others' swaps are withheld.
        let export = browser.get(&format!("{path}/export")).await;
        assert_eq!(export.status, 200);
        assert_hidden(&format!("the export for {who}"), &export.body, *own, hidden);
        let export: Value = serde_json::from_str(&export.body).unwrap();
        for row in export["rows"].as_array().unwrap() {
            if row["command"].is_null() {
                assert_eq!(row["redacted"], true, "{row}");
            }
        }
        let mut urls = vec![path.clone(), format!("{path}/history")];
        urls.extend((1..=seq).map(|n| format!("{path}?at={n}")));
        for url in &urls {
            let page = browser.get(url).await;
            assert_eq!(page.status, 200, "{url}: {}", page.body);
            assert_hidden(&format!("{url} for {who}"), &page.body, *own, hidden);
            let json = browser.get_json(url).await;
            assert_eq!(json.status, 200, "{url}: {}", json.body);
            assert_hidden(&format!("{url} (JSON) for {who}"), &json.body, *own, hidden);
        }
    }

    // The emails sent so far (the game's start is everyone's turn to arrange) show each reader
    // their own start row and only question marks for the others'.
    table.app.deliver();
    for (player, secret) in secrets.iter().enumerate() {
        let mails = table.app.mails_to(&table.emails[player]);
        let news: Vec<_> = mails
            .iter()
            .filter(|m| m.subject.starts_with("Your turn"))
            .collect();
        let others: Vec<&Secret> = secrets.iter().filter(|s| s.seat != secret.seat).collect();
        for mail in &news {
            assert_hidden("an email", &mail.text, Some(secret), &others);
            assert_hidden("an email", &mail.html, Some(secret), &others);
            for other in &others {
                let letter = side_letter(side_of(
                    &view_of(&twin(&table.players[player], &path).await),
                    other.seat,
                ));
                for token in mail.text.split_whitespace() {
                    let mut chars = token.chars();
                    // A die is two letters, face then owner, maybe marked home with '*'.
                    if let (Some(face), Some(owner), None) = (
                        chars.next(),
                        chars.next(),
                        chars.clone().next().filter(|c| *c != '*'),
                    ) && owner == letter
                        && "FSBTHE?".contains(face)
                        && token.len() <= 3
                    {
                        assert_eq!(face, '?', "{} sees {token} in:\n{}", secret.name, mail.text);
                    }
                }
            }
        }
        // Everyone but the last to join was told the game started.
        if player != 2 {
            assert!(
                !news.is_empty(),
                "{} was told the game started",
                secret.name
            );
        }
    }

    // Once everyone has confirmed, every row is revealed to everyone, in its chosen order.
    for player in [1, 2] {
        press(
            &table.players[player],
            &path,
            &serde_json::json!({"type": "confirm"}),
            false,
        )
        .await;
    }
    for (_, browser, _, _) in &readers {
        let view = view_of(&twin(browser, &path).await);
        for secret in &secrets {
            assert_eq!(row_faces(&view, &secret.row), secret.arranged);
        }
    }
    let page = stranger.get(&format!("{path}/history")).await;
    assert!(
        page.body.contains("the start rows are revealed"),
        "{}",
        page.body
    );
}

/// The letter the text board uses for a side's dice.
fn side_letter(side: Side) -> char {
    match side {
        Side::South => 's',
        Side::West => 'w',
        Side::North => 'n',
        Side::East => 'e',
    }
}

/// The board section of a game page.
/// The board section, less the sentence telling the latest move (which says that someone
/// rearranged, as their public log does).
fn board_section(body: &str) -> String {
    let html = Html::parse_document(body);
    let selector = Selector::parse("section.board").unwrap();
    let section = html.select(&selector).next().unwrap();
    let last_move = Selector::parse("li.last-move-words").unwrap();
    let mut shown = section.html();
    if let Some(line) = section.select(&last_move).next() {
        shown = shown.replace(&line.html(), "");
    }
    shown
}

#[actix_web::test]
async fn malformed_commands_are_bad_requests_and_illegal_ones_change_nothing() {
    let table: Table = start_table("gype", &["Ann", "Bo"], &[]).await;
    let path = table.path.clone();
    let ann = &table.players[0];
    let token = csrf(ann).await;
    let before = twin(ann, &path).await;
    let seq = before["seq"].as_i64().unwrap();
    let own_row: Vec<String> = {
        let view = view_of(&before);
        let seat = before["your_seat"].as_u64().unwrap() as usize;
        side_of(&view, seat)
            .home_squares()
            .iter()
            .map(Square::to_string)
            .collect()
    };
    let other_row: Vec<String> = {
        let view = view_of(&before);
        let seat = 1 - before["your_seat"].as_u64().unwrap() as usize;
        side_of(&view, seat)
            .home_squares()
            .iter()
            .map(Square::to_string)
            .collect()
    };
    let malformed = [
        serde_json::json!({"type": "teleport"}),
        serde_json::json!({"type": "swap", "a": "z9", "b": own_row[0]}),
        serde_json::json!({"type": "step", "from": "e2"}),
        serde_json::json!({"type": "roll", "at": 5}),
        serde_json::json!("confirm"),
    ];
    for command in &malformed {
        let page = post(ann, &path, &token, seq, command).await;
        assert_eq!(page.status, 400, "{command}: {}", page.body);
    }
    let not_json = ann
        .post_form(
            &format!("{path}/play"),
            &[
                ("csrf", &token),
                ("seq", &seq.to_string()),
                ("command", "{swap"),
            ],
        )
        .await;
    assert_eq!(not_json.status, 400);

    let illegal = [
        serde_json::json!({"type": "swap", "a": other_row[0], "b": other_row[1]}),
        serde_json::json!({"type": "swap", "a": own_row[0], "b": own_row[0]}),
        serde_json::json!({"type": "swap", "a": own_row[0], "b": "e5"}),
        serde_json::json!({"type": "step", "from": own_row[0], "to": "e5"}),
        serde_json::json!({"type": "end_move"}),
    ];
    for command in &illegal {
        let page = post(ann, &path, &token, seq, command).await;
        assert_eq!(page.status, 422, "{command}: {}", page.body);
        assert!(page.json()["error"].is_string());
    }
    // Through the form, a refusal comes back as the board with the reason.
    let page = ann
        .post_form(
            &format!("{path}/play"),
            &[
                ("csrf", &token),
                ("seq", &seq.to_string()),
                ("command", &illegal[0].to_string()),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains("is not in your start row"),
        "{}",
        page.body
    );
    assert!(!page.move_forms().is_empty(), "the board is shown again");
    let after = twin(ann, &path).await;
    assert_eq!(after["seq"], seq);
    assert_eq!(after["view"], before["view"]);

    // In play: out of turn, onto an occupied square, someone else's die, a stale page.
    for browser in &table.players {
        press(
            browser,
            &path,
            &serde_json::json!({"type": "confirm"}),
            false,
        )
        .await;
    }
    let mut mover = 0;
    let mut current = twin(&table.players[0], &path).await;
    if commands_of(&current).is_empty() {
        mover = 1;
        current = twin(&table.players[1], &path).await;
    }
    let seq = current["seq"].as_i64().unwrap();
    let idle = &table.players[1 - mover];
    let idle_token = csrf(idle).await;
    let legal = commands_of(&current);
    let page = post(idle, &path, &idle_token, seq, &legal[0]).await;
    assert_eq!(page.status, 403, "{}", page.body);
    assert!(page.body.contains("not your turn"), "{}", page.body);
    let view = view_of(&current);
    let me = current["your_seat"].as_u64().unwrap() as usize;
    let dice: Vec<(Square, usize)> = view
        .board
        .iter()
        .flatten()
        .flatten()
        .filter_map(|c| Some((c.square, c.die.as_ref()?.owner)))
        .collect();
    let mine: Vec<Square> = dice.iter().filter(|d| d.1 == me).map(|d| d.0).collect();
    let theirs = dice.iter().find(|d| d.1 != me).unwrap().0;
    let token = csrf(&table.players[mover]).await;
    let refused = [
        serde_json::json!({"type": "step", "from": mine[0].to_string(), "to": mine[1].to_string()}),
        serde_json::json!({"type": "roll", "at": theirs.to_string()}),
        serde_json::json!({"type": "confirm"}),
        serde_json::json!({"type": "end_move"}),
    ];
    for command in &refused {
        let page = post(&table.players[mover], &path, &token, seq, command).await;
        assert_eq!(page.status, 422, "{command}: {}", page.body);
    }
    let stale = post(&table.players[mover], &path, &token, seq - 1, &legal[0]).await;
    assert_eq!(stale.status, 409, "{}", stale.body);
    let after = twin(&table.players[mover], &path).await;
    assert_eq!(after["seq"], seq);
    assert_eq!(after["view"], current["view"]);
}

#[actix_web::test]
async fn table_options_come_from_the_new_game_form() {
    let table = start_table(
        "gype",
        &["Ann", "Bo", "Cy", "Dee"],
        &[("start", "random"), ("chaos", "on")],
    )
    .await;
    let ann = &table.players[0];
    let game = twin(ann, &table.path).await;
    assert_eq!(game["options"]["start"], "random");
    assert_eq!(game["options"]["chaos"], true);
    assert_eq!(game["players"].as_array().unwrap().len(), 4);
    let view = view_of(&game);
    let me = game["your_seat"].as_u64().unwrap() as usize;
    let row = side_of(&view, me).home_squares();
    assert!(
        row_faces(&view, &row).iter().all(|f| *f != Face::Ear),
        "a random start never shows an Ear"
    );
    let page = ann.get(&table.path).await;
    assert!(page.body.contains("Random start"), "{}", page.body);
    assert!(page.body.contains("Chaos rule: while you have dice"));
    for side in ["South", "West", "North", "East"] {
        assert!(page.body.contains(&format!("{side} home row: ")), "{side}");
    }
    assert!(!page.body.contains("not used in this game"));

    // A start rule the form does not offer is refused with a message, and no game is made.
    let form = ann.get("/games/new/gype").await;
    assert!(
        form.body.contains("value=\"classic\" checked"),
        "{}",
        form.body
    );
    let token = form.csrf();
    let refused = ann
        .post_form(
            "/games/new/gype",
            &[
                ("csrf", token.as_str()),
                ("invite_1", "bo@example.com"),
                ("start", "backwards"),
            ],
        )
        .await;
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("classic start or the random start"));
}

/// While the start rows are arranged, the JSON twin offers each swap once: not as `{a, b}` and
/// again as `{b, a}`, and not between two dice that show the same face.
#[actix_web::test]
async fn the_twin_offers_each_swap_once() {
    let table = start_table("gype", &["Ann", "Bo"], &[]).await;
    let twin = twin(&table.players[0], &table.path).await;
    let view: View = serde_json::from_value(twin["view"].clone()).unwrap();
    let faces: HashMap<Square, Option<Face>> = view
        .board
        .iter()
        .flatten()
        .flatten()
        .map(|cell| (cell.square, cell.die.as_ref().and_then(|d| d.face)))
        .collect();
    let commands = commands_of(&twin);
    let swaps: Vec<(Square, Square)> = commands
        .iter()
        .filter_map(|c| match serde_json::from_value(c.clone()) {
            Ok(Command::Swap { a, b }) => Some((a, b)),
            _ => None,
        })
        .collect();
    assert!(!swaps.is_empty(), "{twin}");
    for &(a, b) in &swaps {
        assert!(!swaps.contains(&(b, a)), "{a}↔{b} is offered twice: {twin}");
        assert_ne!(faces[&a], faces[&b], "{a}↔{b} changes nothing: {twin}");
    }
    let confirm = serde_json::json!({"type": "confirm"});
    assert_eq!(commands.len(), swaps.len() + 1, "swaps and done: {twin}");
    assert!(commands.contains(&confirm), "{twin}");
}
