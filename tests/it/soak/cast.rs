//! Who takes part: everyone signed in by an emailed link and their first tables set, before any
//! fault; then each goes about their business on the site's two web servers.

use std::sync::Arc;
use std::time::Duration;

use tokio::task::JoinHandle;
use turnpost::auth::accounts;
use turnpost::rules::Kind;
use turnpost::tournaments::log::facts::Format;
use turnpost::tournaments::service;

use super::errands;
use super::person::{Channel, Person};
use super::players::{self, Context, Table};
use crate::computers::{play_the_computer, player_id};
use crate::support::{Browser, Mail, TestApp, create_game};

/// Everyone's tasks, started, and who the checker must know apart.
pub struct Cast {
    pub tasks: Vec<JoinHandle<()>>,
    pub event: String,
    /// The people who play by email alone.
    pub by_email: Vec<i64>,
    /// The address of the person who closes their account.
    pub leaving: String,
}

/// The newest email to `to` about `subject`, once there are more than `known` of them (the
/// site's own mail worker may be the one that sends it).
async fn newest_mail(app: &TestApp, to: &str, subject: &str, known: usize) -> Mail {
    for _ in 0..300 {
        app.deliver();
        let mut found: Vec<Mail> = (app.mails_to(to).into_iter())
            .filter(|m| m.subject.contains(subject))
            .collect();
        if found.len() > known {
            return found.pop().unwrap();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no mail to {to} about “{subject}”");
}

fn count_mail(app: &TestApp, to: &str, subject: &str) -> usize {
    (app.mails_to(to).iter())
        .filter(|m| m.subject.contains(subject))
        .count()
}

/// A person signed in through the emailed link, with their browser for the set-up.
async fn person(context: &Context, name: &str) -> (Arc<Person>, Browser) {
    let app = &context.site.app;
    let email = format!("{}@example.com", name.to_lowercase());
    let browser = app.browser();
    let asked = browser.ask_for_sign_in_link(&email).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let mail = newest_mail(app, &email, "sign-in", 0).await;
    let home = (browser.follow_sign_in_link(&mail.link(&app.base, "/sign-in/"))).await;
    assert_eq!(home.status, 200, "{}", home.body);
    let renamed = browser.rename(name).await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    let id = player_id(app, &email);
    let bases = context.site.web_bases();
    let person = Person::new(&browser, &email, id, &bases, context.ledger.clone());
    (Arc::new(person), browser)
}

/// People named `names`, and `count` games of `kind` the first opened for them all.
async fn seated(
    context: &Context,
    names: &[&str],
    kind: &str,
    count: usize,
) -> (Vec<Arc<Person>>, Vec<String>) {
    let mut people = Vec::new();
    let mut browsers = Vec::new();
    for name in names {
        let (person, browser) = person(context, name).await;
        people.push(person);
        browsers.push(browser);
    }
    let invitees: Vec<&str> = people[1..].iter().map(|p| p.email.as_str()).collect();
    let mut games = Vec::new();
    let app = &context.site.app;
    for _ in 0..count {
        let known: Vec<usize> = (invitees.iter())
            .map(|email| count_mail(app, email, "invites you"))
            .collect();
        let path = create_game(&browsers[0], kind, &invitees, &[]).await;
        for ((browser, email), known) in browsers[1..].iter().zip(&invitees).zip(known) {
            let invitation = newest_mail(app, email, "invites you", known).await;
            let link = invitation.link(&app.base, "/join/");
            let page = browser.get(&link).await;
            let join = url::Url::parse(&link).unwrap().path().to_string();
            let joined = browser.post_form(&join, &[("csrf", &page.csrf())]).await;
            assert_eq!(joined.status, 200, "{}", joined.body);
        }
        games.push(path);
    }
    (people, games)
}

pub async fn gather(context: Arc<Context>, seed: u64, window: Duration) -> Cast {
    let mut tasks = Vec::new();
    let mut by_email = Vec::new();
    let tables: [(&str, Channel, &[&str], usize, bool); 8] = [
        ("kalah", Channel::Form, &["Ann", "Bo"], 2, true),
        ("quarto", Channel::Form, &["Cy", "Dee"], 2, false),
        ("kabaleo", Channel::Form, &["Eve", "Fay", "Gus"], 1, false),
        ("azul", Channel::Form, &["Hal", "Ida"], 1, false),
        ("gype", Channel::Form, &["Jon", "Kim"], 1, false),
        ("kalah", Channel::Json, &["Lea", "Max"], 2, true),
        ("quarto", Channel::Json, &["Ned", "Ola"], 1, false),
        ("azul", Channel::Json, &["Pia", "Quin", "Ray"], 1, false),
    ];
    for (n, (kind, channel, names, count, resigns)) in tables.into_iter().enumerate() {
        let (people, games) = seated(&context, names, kind, count).await;
        let table = Table {
            kind,
            channel,
            people,
            games,
            resigns,
        };
        let task = players::play_tables(context.clone(), table, seed + n as u64);
        tasks.push(tokio::spawn(task));
    }
    for (n, (kind, names)) in [("kalah", ["Sam", "Tia"]), ("quarto", ["Uma", "Vic"])]
        .into_iter()
        .enumerate()
    {
        let (people, games) = seated(&context, &names, kind, 1).await;
        by_email.extend(people.iter().map(|p| p.id));
        let first = games.into_iter().next();
        let task =
            players::play_by_email(context.clone(), people, kind, first, seed + 20 + n as u64);
        tasks.push(tokio::spawn(task));
    }
    let against = [
        ("kalah", "easy", "Wes"),
        ("azul", "medium", "Xia"),
        ("quarto", "hard", "Yan"),
    ];
    for (n, (kind, level, name)) in against.into_iter().enumerate() {
        let (person, browser) = person(&context, name).await;
        let game = play_the_computer(&browser, kind, &[level]).await;
        let task = players::play_computer(
            context.clone(),
            person,
            (kind, level),
            Some(game),
            seed + 30 + n as u64,
        );
        tasks.push(tokio::spawn(task));
    }
    let (clocks, _) = seated(&context, &["Zed", "Abe"], "kalah", 0).await;
    tasks.push(tokio::spawn(errands::let_clocks_run_out(
        context.clone(),
        clocks,
        seed + 40,
    )));
    let (leaving, browser) = person(&context, "Cal").await;
    let leaving_address = leaving.email.clone();
    play_the_computer(&browser, "kalah", &["easy"]).await;
    // Some time in the first half of the faults.
    let wait = window.mul_f64(0.1 + (seed % 40) as f64 / 100.0);
    tasks.push(tokio::spawn(errands::close_account(
        context.clone(),
        leaving,
        wait,
        seed + 41,
    )));
    let (entrants, _) = seated(
        &context,
        &["Ezra", "Finn", "Gwen", "Hugo", "Iris", "Jude"],
        "kalah",
        0,
    )
    .await;
    let event = swiss(&context, &entrants).await;
    tasks.push(tokio::spawn(errands::play_event(
        context.clone(),
        entrants,
        event.clone(),
        seed + 50,
    )));
    Cast {
        tasks,
        event,
        by_email,
        leaving: leaving_address,
    }
}

/// A Swiss tournament of Kalah in three rounds for `entrants`; the site's schedulers start it
/// when its sign-up closes, and pair each round.
async fn swiss(context: &Context, entrants: &[Arc<Person>]) -> String {
    let url = context.site.app.db.server_url();
    let ids: Vec<i64> = entrants.iter().map(|p| p.id).collect();
    tokio::task::spawn_blocking(move || {
        use diesel::Connection;
        let conn = &mut diesel::PgConnection::establish(&url).unwrap();
        let people: Vec<accounts::Player> = (ids.iter())
            .map(|&id| accounts::find(conn, id).unwrap().unwrap())
            .collect();
        let setup = crate::events::setup(
            Kind::Kalah,
            Format::Swiss { rounds: 3 },
            people.len() as u32,
            Some(crate::events::DAY),
        );
        let event = service::create(conn, &people[0], setup).unwrap();
        for player in &people {
            service::sign_up(conn, &event, player).unwrap();
        }
        event
    })
    .await
    .unwrap()
}
