//! Commands to the public address (`inbound.address` itself), over a real SMTP conversation:
//! taken only from a player whose relay vouches for the sender, answered by email in words.

use diesel::prelude::*;

use crate::by_email::{Inbound, newest, outcomes, reply_with};
use crate::support::{TestApp, count_rows, seat_table};

const PUBLIC: &str = "play@localhost";

/// A message to the public address, vouched for by the relay when `vouched`.
fn command(from: &str, text: &str, vouched: bool) -> String {
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

fn vacations(app: &TestApp) -> i64 {
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

    // A stranger, even vouched for, gets nothing: no game, no answer.
    let emails = count_rows(&app.db, "emails");
    let stranger = "mallory@elsewhere.test";
    inbound
        .send(stranger, PUBLIC, &command(stranger, "games", true))
        .unwrap();
    app.deliver();
    assert_eq!(count_rows(&app.db, "emails"), emails);
    let seen = outcomes(app);
    assert_eq!(
        &seen[seen.len() - 3..],
        ["unvouched", "unvouched", "unknown_sender"],
        "{seen:?}"
    );
}
