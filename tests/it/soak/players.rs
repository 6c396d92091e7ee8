//! The soak's players: people at tables playing by the board's forms or by JSON (talking now and
//! then, sometimes resigning), people playing by email replies alone, and people playing the
//! computer; each opens another game through the site when theirs ends.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::inbox::Inbox;
use super::ledger::{Ledger, MailedReply};
use super::person::{Channel, Person, legal, path_of, think};
use super::site::Site;
use super::switch::Switch;
use crate::by_email::{Inbound, offered_codes, reply, reply_address};

/// What every player shares: the site, the record of what they were told, the switch.
pub struct Context {
    pub site: Arc<Site>,
    pub ledger: Arc<Ledger>,
    pub switch: Arc<Switch>,
}

/// People who play tables of one kind by one channel, one game after another.
pub struct Table {
    pub kind: &'static str,
    pub channel: Channel,
    pub people: Vec<Arc<Person>>,
    pub games: Vec<String>,
    /// Whether someone resigns now and then.
    pub resigns: bool,
}

/// What one look at a game found.
enum Turn {
    Played,
    Waiting,
    Over,
}

pub async fn play_tables(context: Arc<Context>, table: Table, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut games = table.games.clone();
    games.reverse();
    let emails: Vec<&str> = table.people.iter().map(|p| p.email.as_str()).collect();
    let mut inbox = Inbox::of(&emails);
    while let Some(_step) = context.switch.step().await {
        let Some(path) = games.last().cloned() else {
            let opened = open_for(
                &context,
                &table.people,
                table.kind,
                &[],
                &mut inbox,
                &mut rng,
            );
            match opened.await {
                Some(path) => games.push(path),
                None => tokio::time::sleep(Duration::from_millis(500)).await,
            }
            continue;
        };
        match turn(&context, &table, &path, &mut rng).await {
            Turn::Over => {
                games.pop();
            }
            Turn::Waiting => tokio::time::sleep(Duration::from_millis(100)).await,
            Turn::Played => {}
        }
    }
}

/// Whoever may act in the game at `path` acts once.
async fn turn(context: &Context, table: &Table, path: &str, rng: &mut ChaCha8Rng) -> Turn {
    let mut people = table.people.clone();
    people.shuffle(rng);
    for person in people {
        let Some(twin) = person.twin(path, rng).await else {
            return Turn::Waiting;
        };
        if twin["phase"] != "active" {
            return Turn::Over;
        }
        let legal = legal(&twin);
        if legal.is_empty() {
            continue;
        }
        let (seq, csrf) = (
            twin["seq"].as_i64().unwrap(),
            twin["csrf"].as_str().unwrap(),
        );
        if rng.random_bool(0.03) {
            let words = format!("Good move, row {seq}?");
            let said = person
                .post_form(
                    &format!("{path}/say"),
                    &[("csrf", csrf), ("text", &words)],
                    rng,
                )
                .await;
            if said.is_ok_and(|a| a.status == 303) {
                context.ledger.did("table talk said");
            }
        }
        if table.resigns && rng.random_bool(0.005) {
            let fields = [("csrf", csrf), ("seq", &seq.to_string())];
            let resigned = person
                .post_form(&format!("{path}/resign"), &fields, rng)
                .await;
            if resigned.is_ok_and(|a| a.status == 303) {
                context.ledger.did("resignations");
            }
            return Turn::Played;
        }
        let command = choose(table.kind, &twin, &legal, rng);
        let board = match table.channel {
            // A browser reads the board's page, and sends the form of the move it shows.
            Channel::Form => person.get(path, false, rng).await,
            Channel::Json => None,
        };
        let form = board.and_then(|page| {
            let forms = page.move_forms();
            let whole: Vec<_> = (forms.into_iter())
                .filter(|f| serde_json::from_str::<Value>(f.field("command")).is_ok())
                .collect();
            whole.choose(rng).cloned()
        });
        match form {
            Some(form) => {
                let seq = form.field("seq").parse().unwrap_or(seq);
                let csrf = form.field("csrf").to_string();
                person
                    .play(path, (seq, &csrf), &form.command(), Channel::Form, rng)
                    .await;
                think(rng).await;
            }
            None => {
                person
                    .play_on(path, &twin, &command, table.channel, rng)
                    .await;
            }
        }
        return Turn::Played;
    }
    Turn::Waiting
}

/// A legal command: at random, but in Gype one that mostly makes progress (random play there
/// lasts thousands of moves).
fn choose(kind: &str, twin: &Value, legal: &[Value], rng: &mut ChaCha8Rng) -> Value {
    match kind {
        "gype" => crate::gype_game::choose(twin, rng),
        _ => legal[rng.random_range(0..legal.len())]["command"].clone(),
    }
}

/// The first of `people` opens a table of `kind` inviting the others (with `fields` besides),
/// and each takes their seat from the invitation that reached the relay.
pub async fn open_for(
    context: &Context,
    people: &[Arc<Person>],
    kind: &str,
    fields: &[(&str, &str)],
    inbox: &mut Inbox,
    rng: &mut ChaCha8Rng,
) -> Option<String> {
    inbox.refresh(&context.site.app.smtp);
    let invitees: Vec<String> = (1..people.len()).map(|n| format!("invite_{n}")).collect();
    let mut all: Vec<(&str, &str)> = (invitees.iter().map(String::as_str))
        .zip(people[1..].iter().map(|p| p.email.as_str()))
        .collect();
    all.extend_from_slice(fields);
    let before = inbox
        .newest(&people[1].email, |_| true)
        .map_or(0, |(n, _)| n);
    let path = people[0].open_table(kind, &all, rng).await?;
    context.ledger.did("tables opened");
    for person in &people[1..] {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            inbox.refresh(&context.site.app.smtp);
            let invitation = inbox
                .newest(&person.email, |m| m.text.contains("/join/"))
                .filter(|(n, _)| *n > before);
            if let Some((_, mail)) = invitation {
                let link = (mail.text.split_whitespace())
                    .find(|w| w.contains("/join/"))
                    .unwrap()
                    .to_string();
                if person.send_form(&path_of(&link), &[], rng).await.is_some() {
                    break;
                }
            }
            if Instant::now() > deadline {
                context
                    .ledger
                    .stuck(format!("{} never joined {path}", person.email));
                return None;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    Some(path)
}

/// A person who plays the computer by JSON, a new table when one ends.
pub async fn play_computer(
    context: Arc<Context>,
    person: Arc<Person>,
    (kind, level): (&'static str, &'static str),
    mut game: Option<String>,
    seed: u64,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(_step) = context.switch.step().await {
        let Some(path) = game.clone() else {
            let fields = [("computer_1", level)];
            game = person.open_table(kind, &fields, &mut rng).await;
            if game.is_some() {
                context.ledger.did("tables opened");
            }
            continue;
        };
        let Some(twin) = person.twin(&path, &mut rng).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let legal = legal(&twin);
        if twin["phase"] != "active" {
            game = None;
        } else if legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        } else {
            let command = choose(kind, &twin, &legal, &mut rng);
            person
                .play_on(&path, &twin, &command, Channel::Json, &mut rng)
                .await;
        }
    }
}

/// How long an email game may wait for the email that offers its next move.
const EMAIL_PATIENCE: Duration = Duration::from_secs(60);

/// Two people who play by replying to their emails alone: each answers the newest email that
/// offers moves with one of its codes, sent to the inbound listener over SMTP.
pub async fn play_by_email(
    context: Arc<Context>,
    people: Vec<Arc<Person>>,
    kind: &'static str,
    mut game: Option<String>,
    seed: u64,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let emails: Vec<&str> = people.iter().map(|p| p.email.as_str()).collect();
    let mut inbox = Inbox::of(&emails);
    // The newest message each has answered (or that came before their game).
    let mut answered: HashMap<String, usize> = HashMap::new();
    // When a reply was last sent: an email game that stops is one whose offer never came.
    let mut progressed = Instant::now();
    while let Some(_step) = context.switch.step().await {
        let Some(path) = game.clone() else {
            inbox.refresh(&context.site.app.smtp);
            for person in &people {
                let newest = inbox.newest(&person.email, |_| true).map_or(0, |(n, _)| n);
                answered.insert(person.email.clone(), newest);
            }
            game = open_for(&context, &people, kind, &[], &mut inbox, &mut rng).await;
            progressed = Instant::now();
            continue;
        };
        if progressed.elapsed() > EMAIL_PATIENCE {
            context.ledger.stuck(format!(
                "no email offered a move in {path} for {EMAIL_PATIENCE:?}, while it went on"
            ));
            game = None;
            continue;
        }
        if people[0]
            .twin(&path, &mut rng)
            .await
            .is_some_and(|twin| twin["phase"] != "active")
        {
            game = None;
            continue;
        }
        inbox.refresh(&context.site.app.smtp);
        let mut replied = false;
        for person in &people {
            let last = answered.get(&person.email).copied().unwrap_or(0);
            let Some((number, offer)) = inbox
                .newest(&person.email, |m| m.header("Reply-To").is_some())
                .filter(|(n, _)| *n > last)
            else {
                continue;
            };
            answered.insert(person.email.clone(), number);
            let codes = offered_codes(offer);
            let Some(code) = codes.choose(&mut rng) else {
                continue;
            };
            let to = reply_address(offer);
            let raw = reply(&person.email, &to, &offer.subject, code);
            mail_reply(&context, person, &to, raw).await;
            replied = true;
        }
        match replied {
            true => progressed = Instant::now(),
            false => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// Sends a reply to the inbound listener as a relay does, again and again (for up to a minute)
/// until it is taken; records whether it was.
async fn mail_reply(context: &Context, person: &Person, to: &str, raw: String) {
    let message_id = raw
        .lines()
        .find_map(|l| l.strip_prefix("Message-ID: "))
        .unwrap()
        .trim()
        .trim_matches(['<', '>'])
        .to_string();
    let addr = context.site.inbound_addr();
    let mut wait = Duration::from_millis(250);
    let deadline = Instant::now() + Duration::from_secs(60);
    let taken = loop {
        let (from, to, raw) = (person.email.clone(), to.to_string(), raw.clone());
        let sent = tokio::task::spawn_blocking(move || Inbound::send_to(addr, &from, &to, &raw));
        if sent.await.unwrap().is_ok() {
            break true;
        }
        if Instant::now() > deadline {
            break false;
        }
        context.ledger.did("replies the relay had to try again");
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(4));
    };
    context.ledger.mailed(MailedReply {
        message_id,
        player_id: person.id,
        taken,
    });
}
