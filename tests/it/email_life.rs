//! The whole life of a table by email, in English and in Japanese: two people who only ever send
//! and receive mail (over the SMTP listener) make their accounts, set up a Kalah table, accept
//! the invitation, play it out, accept a rematch, go away and come back, sign up for a round
//! robin and play its games, and play the computer. The test looks at the database only to
//! know when a game is over; the people see nothing but their mail.

use std::collections::HashSet;

use chrono::{Duration, Utc};
use diesel::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost::auth::{accounts, reply_tokens};
use turnpost::game_log::stream::time_control::{OnTimeout, TimeControl};
use turnpost::i18n::Lang;
use turnpost::rules::Kind;
use turnpost::tournaments::log::facts::{Format, Setup, SwissPairing};

use crate::by_email::{Inbound, newest, offered_codes_in, reply, reply_address};
use crate::email_commands::{command, phase_of, vacations};
use crate::support::{Mail, TestApp};

const PUBLIC: &str = "play@localhost";

/// Someone who lives in their mail client.
struct Person<'a> {
    app: &'a TestApp,
    inbound: &'a Inbound,
    email: String,
    lang: Lang,
}

impl Person<'_> {
    /// Writes `text` to the public address, from a provider whose relay vouches for them.
    fn command(&self, text: &str) {
        let raw = command(&self.email, text, true);
        self.inbound.send(&self.email, PUBLIC, &raw).unwrap();
    }

    /// Replies `text` to `mail`, as a mail client does.
    fn reply(&self, mail: &Mail, text: &str) {
        self.reply_to(&reply_address(mail), &mail.subject, text);
    }

    /// Writes `text` to the reply address `to`, as a reply to an email about `subject`.
    fn reply_to(&self, to: &str, subject: &str, text: &str) {
        let raw = reply(&self.email, to, subject, text);
        self.inbound.send(&self.email, to, &raw).unwrap();
    }

    /// The newest mail that says what message `key` says (its first words: text mail is
    /// wrapped).
    fn told(&self, key: &'static str) -> Mail {
        let start = opening(self.lang, key);
        newest(self.app, &self.email, |m| m.text.contains(&start))
            .unwrap_or_else(|| panic!("no mail to {} saying “{start}…”", self.email))
    }
}

/// Words of message `key` that hold no argument: enough to recognise it in a wrapped text email.
fn opening(lang: Lang, key: &'static str) -> String {
    // The arguments of the messages this test looks for, as marks to split at.
    let said = (lang.tr(key))
        .arg("name", "\u{1}")
        .arg("until", "\u{1}")
        .arg("link", "\u{1}")
        .arg("game", "\u{1}")
        .to_string();
    let longest = (said.split(['\u{1}', '\u{2068}', '\u{2069}']))
        .max_by_key(|part| part.chars().count())
        .unwrap_or_default();
    longest.trim().chars().take(14).collect()
}

/// The game a reply address moves in, if it is one.
fn game_at(app: &TestApp, address: &str) -> Option<String> {
    let address = turnpost::mail::reply_address::parse(PUBLIC, address.trim())?;
    let found = reply_tokens::find(&mut app.db.connect(), &address.token).unwrap();
    found.map(|(game, _)| game)
}

/// The game a mail's reply address moves in, if it has one.
fn game_of(app: &TestApp, mail: &Mail) -> Option<String> {
    game_at(app, &mail.header("Reply-To")?)
}

/// The moves an email offers for one game: where to reply, and the codes.
struct Offer {
    to: String,
    recipient: String,
    subject: String,
    codes: Vec<String>,
}

/// Each game's offer in `mail`: an email about several games names a reply address in each
/// game's part.
fn offers_in(mail: &Mail, lang: Lang) -> Vec<Offer> {
    let parts: Vec<&str> = mail.text.split("\n== ").collect();
    let reply_to = mail.header("Reply-To");
    (parts.iter())
        .filter_map(|part| {
            let own = (part.split_whitespace())
                .find(|w| w.starts_with("play+") && w.contains('@'))
                .map(|w| w.trim_end_matches(['.', ',']).to_string());
            let to = own.or_else(|| (parts.len() <= 2).then(|| reply_to.clone()).flatten())?;
            let section = Mail {
                text: part.to_string(),
                ..mail.clone()
            };
            let codes = offered_codes_in(&section, lang);
            (!codes.is_empty()).then(|| Offer {
                to: to
                    .trim()
                    .trim_start_matches('<')
                    .trim_end_matches('>')
                    .to_string(),
                recipient: mail.to.clone(),
                subject: mail.subject.clone(),
                codes,
            })
        })
        .collect()
}

/// The games of `person` in play, newest first.
fn games_in_play(app: &TestApp, email: &str) -> Vec<String> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id: String,
    }
    diesel::sql_query(
        "SELECT g.id FROM games g JOIN game_players gp ON gp.game_id = g.id
         JOIN players p ON p.id = gp.player_id
         WHERE p.email = $1 AND g.phase IN ('waiting', 'active') ORDER BY g.created_at DESC",
    )
    .bind::<diesel::sql_types::Text, _>(email)
    .load::<Id>(&mut app.db.connect())
    .unwrap()
    .into_iter()
    .map(|g| g.id)
    .collect()
}

/// Plays `game_id` to its end: whoever holds the newest unanswered email offering moves in it
/// replies with one of them. Returns how many replies it took.
fn play_out(people: &[&Person<'_>], game_id: &str, seed: u64) -> usize {
    let app = people[0].app;
    let lang = people[0].lang;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut answered: HashSet<String> = HashSet::new();
    let mut replies = 0;
    let mut idle = 0;
    while phase_of(app, game_id) == "active" {
        app.deliver();
        // From the newest back: the offer that counts is among the last few emails.
        let offer = (app.smtp.received().iter().rev())
            .filter(|r| people.iter().any(|p| r.recipients.contains(&p.email)))
            .map(|r| Mail::parse(&r.data, r.recipients.clone()))
            .flat_map(|mail| offers_in(&mail, lang))
            .filter(|offer| !answered.contains(&offer.to))
            .find(|offer| game_at(app, &offer.to).as_deref() == Some(game_id));
        let Some(offer) = offer else {
            // A computer is thinking: its worker moves soon.
            idle += 1;
            assert!(idle < 200, "nobody has a move to make in {game_id}");
            std::thread::sleep(std::time::Duration::from_millis(50));
            continue;
        };
        idle = 0;
        let code = &offer.codes[rng.random_range(0..offer.codes.len())];
        let person = people.iter().find(|p| p.email == offer.recipient).unwrap();
        person.reply_to(&offer.to, &offer.subject, code);
        answered.insert(offer.to);
        replies += 1;
        assert!(replies < 400, "the game does not end");
    }
    assert_eq!(phase_of(app, game_id), "finished");
    replies
}

/// The words a person writes, in their language.
struct Words {
    new_table: fn(&str) -> String,
    join: &'static str,
    rematch: &'static str,
    away: &'static str,
    back: &'static str,
    tournaments: &'static str,
    sign_up_first: &'static str,
    withdraw: &'static str,
    against_computer: &'static str,
}

const ENGLISH: Words = Words {
    new_table: |to| format!("new kalah seeds 3 with {to}"),
    join: "join",
    rematch: "rematch",
    away: "away 2 days",
    back: "back",
    tournaments: "tournaments",
    sign_up_first: "sign up 1",
    withdraw: "withdraw",
    against_computer: "new kalah seeds 3 against hard computer",
};

const JAPANESE: Words = Words {
    new_table: |to| format!("新規 カラハ seeds 3 招待 {to}"),
    join: "参加",
    rematch: "再戦",
    away: "不在 2日",
    back: "復帰",
    tournaments: "大会",
    sign_up_first: "申し込み 1",
    withdraw: "棄権",
    against_computer: "新規 カラハ seeds 3 対戦 上級 コンピューター",
};

async fn a_life_by_email(lang: Lang, words: &Words, seed: u64) {
    let app = TestApp::start_with(|s| s.inbound.replies_per_player_per_hour = 10_000).await;
    let inbound = Inbound::start(&app);
    let person = |email: &str| Person {
        app: &app,
        inbound: &inbound,
        email: email.to_string(),
        lang,
    };
    let (ann, bo, cy, dee) = (
        person("ann@example.com"),
        person("bo@example.org"),
        person("cy@example.net"),
        person("dee@example.net"),
    );

    // Ann has no account: her first command makes one, in the language she wrote in.
    ann.command(&(words.new_table)(&bo.email));
    ann.told("command-welcome");
    ann.told("command-new-made");
    let player = accounts::by_email(&mut app.db.connect(), &ann.email)
        .unwrap()
        .expect("an account made by email");
    assert_eq!(player.lang(), lang);

    // Bo answers the invitation by email.
    let invitation = bo.told("mail-invitation-by-email");
    bo.reply(&invitation, words.join);
    bo.told("answer-joined");
    let first = game_of(&app, &invitation).expect("the invitation's reply address");
    assert_eq!(phase_of(&app, &first), "active");
    assert!(play_out(&[&ann, &bo], &first, seed) > 3);

    // The game-over email takes a rematch; Bo accepts it as he did the first invitation.
    let over = newest(&app, &ann.email, |m| {
        m.text.contains(&opening(lang, "mail-by-email-rematch"))
    })
    .expect("the game-over email offers a rematch");
    ann.reply(&over, words.rematch);
    ann.told("answer-rematch-proposed");
    let invitation = newest(&app, &bo.email, |m| {
        m.text.contains(&opening(lang, "mail-invitation-by-email"))
            && game_of(&app, m).as_deref() != Some(first.as_str())
    })
    .expect("the rematch's invitation");
    bo.reply(&invitation, words.join);
    let rematch = game_of(&app, &invitation).unwrap();
    assert_ne!(rematch, first);
    assert_eq!(phase_of(&app, &rematch), "active");

    // A vacation, and back.
    ann.command(words.away);
    ann.told("command-away");
    assert_eq!(vacations(&app), 1);
    ann.command(words.back);
    ann.told("command-back");
    assert_eq!(vacations(&app), 0);
    play_out(&[&ann, &bo], &rematch, seed + 1);

    // A round robin, found and joined by email (with Cy, who is new); Dee signs up and thinks
    // better of it.
    let mut conn = app.db.connect_as_server();
    let organiser = accounts::find_or_create(&mut conn, "organiser@example.com", lang).unwrap();
    let closes = Utc::now() + Duration::seconds(4);
    let setup = Setup {
        title: "Winter Kalah".into(),
        kind: Kind::Kalah,
        options: serde_json::to_value(turnpost::rules::kalah::Options {
            seeds_per_pit: 3,
            ..Default::default()
        })
        .unwrap(),
        format: Format::RoundRobin { double: false },
        rated: false,
        time_control: TimeControl::from_days(7, false, OnTimeout::Withdraw, 86_400),
        sign_up_closes: closes.to_rfc3339(),
        min_entrants: 3,
        max_entrants: 8,
        round_seconds: None,
        timeouts_to_withdraw: 3,
        swiss_pairing: SwissPairing::Matching,
    };
    let event = turnpost::tournaments::service::create(&mut conn, &organiser, setup).unwrap();
    for who in [&ann, &bo, &cy, &dee] {
        who.command(words.tournaments);
        let list = who.told("command-tournaments-sign-up");
        assert!(list.text.contains("Winter Kalah"), "{}", list.text);
        who.reply(&list, words.sign_up_first);
    }
    let signed_up = dee.told("command-signed-up");
    dee.reply(&signed_up, words.withdraw);
    dee.told("command-withdrawn");
    let wait = (closes - Utc::now()).to_std().unwrap_or_default();
    std::thread::sleep(wait + std::time::Duration::from_millis(100));
    app.schedule();
    let start = ann.told("mail-event-by-email");
    assert!(start.header("Reply-To").is_some());
    let mut games: Vec<String> = games_in_play(&app, &ann.email);
    games.extend(games_in_play(&app, &bo.email));
    games.sort();
    games.dedup();
    assert_eq!(games.len(), 3, "a round robin of three: {games:?}");
    for (n, game) in games.iter().enumerate() {
        play_out(&[&ann, &bo, &cy], game, seed + 2 + n as u64);
    }
    app.schedule();
    let ended: String = turnpost::store::schema::events::table
        .find(&event)
        .select(turnpost::store::schema::events::phase)
        .first(&mut conn)
        .unwrap();
    assert_eq!(ended, "finished");
    assert!(
        dee.app
            .mails_to(&dee.email)
            .iter()
            .all(|m| { game_of(&app, m).is_none() }),
        "Dee, who withdrew, has no games"
    );

    // And the computer, whose moves come back in the answers.
    ann.command(words.against_computer);
    ann.told("command-new-made");
    let game = games_in_play(&app, &ann.email)
        .into_iter()
        .next()
        .expect("the computer's game");
    play_out(&[&ann], &game, seed + 9);
}

#[actix_web::test]
async fn two_people_live_a_tables_whole_life_by_email_in_english() {
    a_life_by_email(Lang::En, &ENGLISH, 11).await;
}

#[actix_web::test]
async fn two_people_live_a_tables_whole_life_by_email_in_japanese() {
    a_life_by_email(Lang::Ja, &JAPANESE, 12).await;
}
