//! "Your games" lists the running games and the ended ones a page at a time, newest first, in
//! a stable order, however many games a player has finished.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::support::{Page, Table, create_game, start_table};

/// The game ids linked from the rows of the table captioned `caption` on `page`, in order.
fn listed(page: &Page, caption: &str) -> Vec<String> {
    let Some(start) = page.body.find(&format!("<caption>{caption}</caption>")) else {
        return Vec::new();
    };
    let table = &page.body[start..start + page.body[start..].find("</table>").unwrap()];
    table
        .split("<a href=\"/games/")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect()
}

const RUNNING: &str = "Games you play, those waiting for you first";
const ENDED: &str = "Games that have ended, the latest first";

/// Adds `count` ended Kalah games between Ann and Bo, ended a minute apart before the one that
/// really ended, and returns their ids newest first.
fn add_ended_games(table: &Table, ann: i64, bo: i64, count: i64) -> Vec<String> {
    let mut conn = table.app.db.connect();
    diesel::sql_query(
        "WITH made AS (
           INSERT INTO games (id, kind, options, players, private, created_by, phase, last_seq,
                              result, created_at, updated_at)
           SELECT 'old' || lpad(n::text, 3, '0'), 'kalah', '{\"seeds\":4}', 2, true, $1,
                  'finished', 1, 'A draw', now() - interval '2 days',
                  now() - make_interval(mins => n::int)
           FROM generate_series(1, $3) AS n
           RETURNING id, updated_at)
         INSERT INTO game_players (game_id, player_id, seat, to_act, joined_at, ended_at)
         SELECT id, p, s, false, updated_at, updated_at
         FROM made, unnest(ARRAY[$1, $2], ARRAY[0, 1]) AS seats(p, s)",
    )
    .bind::<BigInt, _>(ann)
    .bind::<BigInt, _>(bo)
    .bind::<BigInt, _>(count)
    .execute(&mut conn)
    .unwrap();
    (1..=count).map(|n| format!("old{n:03}")).collect()
}

#[derive(QueryableByName)]
struct Id {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

fn player_id(table: &Table, email: &str) -> i64 {
    diesel::sql_query("SELECT id FROM players WHERE email = $1")
        .bind::<Text, _>(email)
        .get_result::<Id>(&mut table.app.db.connect())
        .unwrap()
        .id
}

#[tokio::test(flavor = "multi_thread")]
async fn your_games_lists_running_games_and_ended_ones_a_page_at_a_time() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let (ann, bo) = (&table.players[0], &table.players[1]);
    let ended_path = table.path.clone();
    let ended_id = ended_path.trim_start_matches("/games/").to_string();
    // Ann resigns this one: the move that ends it marks the seats as ended.
    let confirm = ann.get(&format!("{ended_path}/resign")).await;
    let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
    let done = ann
        .post_form(
            &format!("{ended_path}/resign"),
            &[("csrf", &csrf), ("seq", &seq)],
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    let running = create_game(ann, "quarto", &["bo@example.com"], &[]).await;
    let running_id = running.trim_start_matches("/games/").to_string();
    let older = add_ended_games(
        &table,
        player_id(&table, "ann@example.com"),
        player_id(&table, "bo@example.com"),
        24,
    );

    let first = ann.get("/").await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(listed(&first, RUNNING), vec![running_id.clone()]);
    let mut newest = vec![ended_id.clone()];
    newest.extend(older[..19].iter().cloned());
    assert_eq!(listed(&first, ENDED), newest);
    assert!(first.body.contains("Older games that have ended"));
    let at = first
        .body
        .find("href=\"/?ended_after=")
        .expect("a link to older games")
        + 6;
    let link = first.body[at..at + first.body[at..].find('"').unwrap()].to_string();

    let second = ann.get(&link).await;
    assert_eq!(second.status, 200, "{}", second.body);
    assert!(listed(&second, RUNNING).is_empty(), "{}", second.body);
    assert_eq!(listed(&second, ENDED), older[19..].to_vec());
    assert!(
        !second.body.contains("Older games that have ended"),
        "{}",
        second.body
    );
    assert!(second.body.contains("Back to the games you are playing"));

    // The twin lists the same page and where the next one starts.
    let twin = ann.get_json("/").await.json();
    let ids: Vec<&str> = (twin["games"].as_array().unwrap().iter())
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 21, "{twin}");
    assert_eq!(ids[0], running_id);
    assert_eq!(twin["older"], link.as_str(), "{twin}");

    // Bo sees the ended games from his seats; he has not taken his seat at the new table.
    let bos = bo.get("/").await;
    assert!(listed(&bos, RUNNING).is_empty(), "{}", bos.body);
    assert!(bos.body.contains("None of your games is running now."));
    assert_eq!(listed(&bos, ENDED).first(), Some(&ended_id));

    for bad in [
        "/?ended_after=",
        "/?ended_after=12345",
        "/?ended_after=soon.old001",
        "/?ended_after=1.OLD%20001",
        "/?ended_after=99999999999999999999.old001",
    ] {
        let refused = ann.get(bad).await;
        assert_eq!(refused.status, 400, "{bad}: {}", refused.body);
        assert!(
            refused
                .body
                .contains("That link to a page of your games is not valid"),
            "{bad}: {}",
            refused.body
        );
    }
}
