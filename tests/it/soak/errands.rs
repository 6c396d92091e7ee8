//! The soak's other visitors: entrants who play their Swiss tournament's games as the scheduler
//! pairs them, two people who open timed tables and let the clock run out, and a person who
//! closes their account in the middle of it all.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::db;
use super::inbox::Inbox;
use super::person::{Channel, Person, legal, path_of};
use super::players::{Context, open_for};

/// Entrants of the tournament `event` who play whichever of its games they are to act in, by
/// JSON, as soon as the scheduler has paired them.
pub async fn play_event(context: Arc<Context>, people: Vec<Arc<Person>>, event: String, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let by_id: HashMap<i64, Arc<Person>> = people.iter().map(|p| (p.id, p.clone())).collect();
    let url = context.site.app.db.url.clone();
    let to_act = format!(
        "SELECT eg.game_id, gp.player_id FROM event_games eg \
         JOIN games g ON g.id = eg.game_id \
         JOIN game_players gp ON gp.game_id = eg.game_id \
         WHERE eg.event_id = '{event}' AND g.phase = 'active' AND gp.to_act"
    );
    while let Some(_step) = context.switch.step().await {
        let mut played = false;
        for row in db::rows_async(&url, &to_act).await {
            let Some(person) = row["player_id"].as_i64().and_then(|id| by_id.get(&id)) else {
                continue;
            };
            let path = format!("/games/{}", row["game_id"].as_str().unwrap());
            let Some(twin) = person.twin(&path, &mut rng).await else {
                continue;
            };
            let legal = legal(&twin);
            if legal.is_empty() {
                continue;
            }
            let command = legal[rng.random_range(0..legal.len())]["command"].clone();
            person
                .play_on(&path, &twin, &command, Channel::Json, &mut rng)
                .await;
            played = true;
        }
        if !played {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Two people who open a timed Kalah table (a day a move: seconds here) every so often and
/// never move in it, so that the scheduler must time each out.
pub async fn let_clocks_run_out(context: Arc<Context>, people: Vec<Arc<Person>>, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let emails: Vec<&str> = people.iter().map(|p| p.email.as_str()).collect();
    let mut inbox = Inbox::of(&emails);
    loop {
        let wait = Duration::from_millis(rng.random_range(5_000..20_000));
        if !rest(&context, wait).await {
            return;
        }
        let Some(_step) = context.switch.step().await else {
            return;
        };
        let fields = [("days", "1")];
        if open_for(&context, &people, "kalah", &fields, &mut inbox, &mut rng)
            .await
            .is_some()
        {
            context.ledger.did("timed tables left to time out");
        }
    }
}

/// Waits `wait` while the workload runs; false once it has stopped.
async fn rest(context: &Context, wait: Duration) -> bool {
    let until = Instant::now() + wait;
    while Instant::now() < until {
        if context.switch.step().await.is_none() {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    true
}

/// A person who, after `wait`, closes their account from Settings, leaving their running games
/// to the computer, by the link emailed to them.
pub async fn close_account(context: Arc<Context>, person: Arc<Person>, wait: Duration, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if !rest(&context, wait).await {
        return;
    }
    let mut inbox = Inbox::of(&[person.email.as_str()]);
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut asked = false;
    while Instant::now() < deadline {
        let Some(_step) = context.switch.step().await else {
            return;
        };
        if !asked {
            let Some(csrf) = person.csrf("/settings", &mut rng).await else {
                continue;
            };
            let fields = [("csrf", csrf.as_str()), ("running_games", "computer")];
            asked = (person.post_form("/settings/close", &fields, &mut rng).await)
                .is_ok_and(|a| a.status == 200);
            continue;
        }
        inbox.refresh(&context.site.app.smtp);
        let link = inbox
            .newest(&person.email, |m| {
                m.subject.contains("Closing your Turnpost")
            })
            .and_then(|(_, m)| {
                (m.text.split_whitespace())
                    .find(|w| w.contains("/close/"))
                    .map(path_of)
            });
        let Some(link) = link else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        let Some(csrf) = person.csrf(&link, &mut rng).await else {
            // The link is spent once it has closed the account, whatever the answer said.
            let closed = format!(
                "SELECT count(*) AS n FROM players WHERE id = {} AND closed_at IS NOT NULL",
                person.id
            );
            if db::number_async(&context.site.app.db.url, &closed).await == 1 {
                context.ledger.did("accounts closed");
                return;
            }
            continue;
        };
        let closed = person
            .post_form(&link, &[("csrf", &csrf)], &mut rng)
            .await
            .is_ok_and(|a| a.status == 200 && a.body.contains("Your account is closed"));
        if closed {
            context.ledger.did("accounts closed");
            return;
        }
    }
    context
        .ledger
        .stuck(format!("{} could not close their account", person.email));
}
