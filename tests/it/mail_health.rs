//! Mail that arrives: every email DKIM-signed and checked by an independent verifier
//! (mail-auth, given the key's record through its resolver cache), and what comes back to the
//! return path — delivery reports as Postfix, Exim, Gmail and Microsoft 365 write them, and an
//! ARF complaint — tied to the exact email by the return path's MAC and scored against the
//! address that email went to.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use diesel::prelude::*;
use mail_auth::common::parse::TxtRecordParser;
use mail_auth::common::verify::DomainKey;
use mail_auth::{
    AuthenticatedMessage, DkimResult, MessageAuthenticator, Parameters, ResolverCache, Txt,
};

use crate::by_email::Inbound;
use crate::support::{Browser, Mail, TestApp, count_rows, create_game, seat_table};

const RETURN_PATH: &str = "bounces@turnpost.test";

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mail")
        .join(name)
}

/// The DNS records the verifier is given, as its resolver's cache: nothing is looked up.
struct Records(Mutex<HashMap<Box<str>, Txt>>);

impl Records {
    fn with_key(name: &str, record: &str) -> Records {
        let key = DomainKey::parse(record.as_bytes()).expect("a DKIM record");
        let txt = Txt::from(key);
        let mut map = HashMap::new();
        map.insert(Box::from(format!("{name}.")), txt.clone());
        map.insert(Box::from(name), txt);
        Records(Mutex::new(map))
    }
}

impl ResolverCache<Box<str>, Txt> for Records {
    fn get<Q>(&self, name: &Q) -> Option<Txt>
    where
        Box<str>: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        self.0.lock().unwrap().get(name).cloned()
    }

    fn remove<Q>(&self, name: &Q) -> Option<Txt>
    where
        Box<str>: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        self.0.lock().unwrap().remove(name)
    }

    fn insert(&self, _: Box<str>, _: Txt, _: std::time::Instant) {}
}

/// What mail-auth says of each DKIM signature of `raw`.
async fn dkim_results(raw: &[u8], records: &Records) -> Vec<DkimResult> {
    let resolver = mail_auth::hickory_resolver::config::ResolverConfig::default();
    let authenticator = MessageAuthenticator::new(resolver, Default::default()).unwrap();
    let message = AuthenticatedMessage::parse(raw).expect("a message");
    let outputs = authenticator
        .verify_dkim(Parameters::new(&message).with_txt_cache(records))
        .await;
    outputs.iter().map(|o| o.result().clone()).collect()
}

/// Signs `email` in from a browser that asks for Japanese, so the account reads Japanese.
async fn signed_in_speaking_japanese(app: &TestApp, email: &str) -> Browser {
    let browser = Browser::speaking(&app.base, "ja");
    assert_eq!(browser.ask_for_sign_in_link(email).await.status, 200);
    let link = app.mail(email, "サインイン").link(&app.base, "/sign-in/");
    let home = browser.follow_sign_in_link(&link).await;
    assert_eq!(home.status, 200, "{}", home.body);
    browser
}

/// Resigns the game at `path` through its page's form.
async fn resign(player: &Browser, path: &str) {
    let form = player.get(&format!("{path}/resign")).await;
    let resigned = player
        .post_form(
            &format!("{path}/resign"),
            &[
                ("csrf", &form.csrf()),
                ("seq", &form.input_value("seq").unwrap()),
            ],
        )
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
}

/// The address of the player to move in the newest running game.
fn to_move(app: &TestApp) -> String {
    #[derive(QueryableByName)]
    struct Mover {
        #[diesel(sql_type = diesel::sql_types::Text)]
        email: String,
    }
    diesel::sql_query(
        "SELECT p.email FROM game_players gp JOIN players p ON p.id = gp.player_id \
         JOIN games g ON g.id = gp.game_id WHERE gp.to_act AND g.phase = 'active' \
         ORDER BY g.created_at DESC LIMIT 1",
    )
    .get_result::<Mover>(&mut app.db.connect())
    .unwrap()
    .email
}

/// The TXT record `turnpost mail dkim-record` prints for `settings`, as one string.
fn published(settings: &turnpost::config::DkimSettings) -> (String, String) {
    let line = turnpost::mail::dkim::dns_record(settings).unwrap();
    let (name, rest) = line.split_once(' ').unwrap();
    let value: String = rest
        .split('"')
        .skip(1)
        .step_by(2)
        .collect::<Vec<_>>()
        .concat();
    (name.trim_end_matches('.').to_string(), value)
}

/// Mail from turnpost.test, signed with its RSA key, returning to its return path.
fn signing_as_turnpost_test(s: &mut turnpost::config::Settings) {
    s.mail.from = "Turnpost <turnpost@turnpost.test>".into();
    s.mail.return_path = RETURN_PATH.into();
    s.mail.dkim.domain = "turnpost.test".into();
    s.mail.dkim.selector = "s2048".into();
    s.mail.dkim.key_file = fixture("dkim-rsa-2048.pem");
}

#[tokio::test]
async fn every_email_is_signed_and_an_independent_verifier_passes_it_but_not_an_altered_one() {
    let app = TestApp::start_with(signing_as_turnpost_test).await;
    let (name, value) = published(&app.settings.mail.dkim);
    assert_eq!(name, "s2048._domainkey.turnpost.test");
    assert!(value.starts_with("v=DKIM1; k=rsa; p=MII"), "{value}");
    let records = Records::with_key(&name, &value);

    // Sign-in links, an invitation, your-turn news with its board's picture, a game over, an
    // answer to a reply.
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let inbound = Inbound::start(app);
    app.deliver();
    let turn = (app.mails().into_iter())
        .find(|m| m.subject.contains("Your turn"))
        .expect("a your-turn email");
    let reply_to = turn.header("Reply-To").expect("a reply address");
    inbound
        .send(
            &turn.to,
            &reply_to,
            &crate::by_email::reply(&turn.to, &reply_to, &turn.subject, "board"),
        )
        .unwrap();
    resign(&table.players[1], &table.path).await;
    app.deliver();

    // The same kinds in Japanese, and a daily digest: Hana invites Ken; whoever is not to move
    // gets their news in the day's digest.
    let hana = signed_in_speaking_japanese(app, "hana@example.com").await;
    let ken = signed_in_speaking_japanese(app, "ken@example.com").await;
    let path = create_game(&hana, "kalah", &["ken@example.com"], &[]).await;
    let invitation = app.mail("ken@example.com", "への招待");
    let link = invitation.link(&app.base, "/join/");
    let join = ken.get(&link).await;
    let joined = ken
        .post_form(
            url::Url::parse(&link).unwrap().path(),
            &[("csrf", &join.csrf())],
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let mover = to_move(app);
    let (mover_browser, waiting) = match mover.as_str() {
        "hana@example.com" => (&hana, "ken@example.com"),
        _ => (&ken, "hana@example.com"),
    };
    diesel::sql_query("UPDATE players SET notify = 'daily_digest' WHERE email = $1")
        .bind::<diesel::sql_types::Text, _>(waiting)
        .execute(&mut app.db.connect())
        .unwrap();
    app.mail(&mover, "であなたの番です");
    resign(mover_browser, &path).await;
    let tomorrow = chrono::Utc::now() + chrono::Duration::hours(25);
    turnpost::mail::worker::compose_due(&mut app.db.connect(), &app.settings, tomorrow).unwrap();
    app.mail(waiting, "Turnpost の一日");

    let mails = app.mails();
    let kinds: Vec<&str> = ["sign-in", "サインイン", "invit", "Your turn", "Game over"]
        .into_iter()
        .filter(|kind| !mails.iter().any(|m| m.subject.contains(kind)))
        .collect();
    assert!(kinds.is_empty(), "no email about {kinds:?}");
    assert!(mails.iter().any(|m| !m.inline.is_empty()), "a picture");
    let answers = mails
        .iter()
        .filter(|m| m.header("Auto-Submitted").as_deref() == Some("auto-replied"));
    assert!(answers.count() >= 1, "an answer to the reply");
    let mut failing = Vec::new();
    for mail in &mails {
        let results = dkim_results(mail.raw.as_bytes(), &records).await;
        if results != vec![DkimResult::Pass] {
            failing.push(format!("{}: {results:?}", mail.subject));
        }
    }
    assert!(failing.is_empty(), "{failing:#?}");
    for mail in &mails {
        let signature = mail.header("DKIM-Signature").expect("signed");
        assert!(signature.contains("c=relaxed/relaxed"), "{signature}");
        for header in [
            "from",
            "to",
            "subject",
            "date",
            "message-id",
            "list-unsubscribe",
        ] {
            assert!(signature.contains(header), "{header} signed: {signature}");
        }
        let results = dkim_results(mail.raw.as_bytes(), &records).await;
        assert_eq!(
            results,
            vec![DkimResult::Pass],
            "{}: {}",
            mail.subject,
            mail.raw
        );
        assert!(mail.sender.starts_with("bounces+"), "{}", mail.sender);
    }
    // A signed header changed on the way fails, and so does another key's record.
    let altered = mails[0].raw.replacen("Subject: ", "Subject: Urgent: ", 1);
    let failed = dkim_results(altered.as_bytes(), &records).await;
    assert!(
        matches!(failed.as_slice(), [DkimResult::Fail(_)]),
        "{failed:?}"
    );
    let other = turnpost::config::DkimSettings {
        key_file: fixture("dkim-ed25519.pem"),
        ..app.settings.mail.dkim.clone()
    };
    let (_, wrong) = published(&other);
    let wrong_key = Records::with_key(&name, &wrong);
    let refused = dkim_results(mails[0].raw.as_bytes(), &wrong_key).await;
    assert!(
        !matches!(refused.as_slice(), [DkimResult::Pass]),
        "{refused:?}"
    );
}

/// A fixture report about email `mail`, sent to it, as the server that wrote it would.
fn report(name: &str, return_path: &str, recipient: &str, message_id: &str) -> String {
    std::fs::read_to_string(fixture(name))
        .unwrap()
        .replace("RETURN_PATH", return_path)
        .replace("RECIPIENT", recipient)
        .replace("MESSAGE_ID", message_id)
        .replace("\r\n", "\n")
        .replace('\n', "\r\n")
}

/// Sends a report to where it goes: the return path it names.
fn bounce(inbound: &Inbound, fixture: &str, mail: &Mail) {
    let id = mail.header("Message-ID").unwrap();
    let raw = report(fixture, &mail.sender, &mail.to, &id);
    inbound.send("", &mail.sender, &raw).unwrap();
}

#[derive(QueryableByName, Debug, PartialEq)]
struct Standing {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    bounce_score: i32,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    suppressed: bool,
}

fn standing(app: &TestApp, address: &str) -> Option<(i32, bool)> {
    diesel::sql_query(
        "SELECT bounce_score, suppressed_at IS NOT NULL AS suppressed FROM mail_addresses \
         WHERE address = $1",
    )
    .bind::<diesel::sql_types::Text, _>(address)
    .get_result::<Standing>(&mut app.db.connect())
    .optional()
    .unwrap()
    .map(|s| (s.bounce_score, s.suppressed))
}

fn outcomes(app: &TestApp) -> Vec<String> {
    #[derive(QueryableByName)]
    struct Outcome {
        #[diesel(sql_type = diesel::sql_types::Text)]
        outcome: String,
    }
    diesel::sql_query("SELECT outcome FROM inbound_mail ORDER BY id")
        .load::<Outcome>(&mut app.db.connect())
        .unwrap()
        .into_iter()
        .map(|o| o.outcome)
        .collect()
}

/// Sign-in emails to `email`, asked for `times` more times, newest last.
async fn sign_in_mails(app: &TestApp, email: &str, times: usize) -> Vec<Mail> {
    let browser = app.browser();
    for _ in 0..times {
        assert_eq!(browser.ask_for_sign_in_link(email).await.status, 200);
    }
    app.deliver();
    app.mails_to(email)
}

#[tokio::test]
async fn reports_are_tied_by_their_return_path_scored_and_lifted_by_the_address_owner() {
    let metrics_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let app = TestApp::start_with(|s| {
        s.mail.return_path = RETURN_PATH.into();
        s.metrics.bind = format!("127.0.0.1:{metrics_port}");
    })
    .await;
    let inbound = Inbound::start(&app);
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let mails = sign_in_mails(&app, "ann@example.com", 3).await;
    assert!(mails.len() >= 4);
    for mail in &mails {
        assert!(mail.sender.starts_with("bounces+"), "{}", mail.sender);
        assert!(mail.sender.ends_with("@turnpost.test"), "{}", mail.sender);
    }

    // A refusal by policy is not the address's fault.
    bounce(&inbound, "postfix-policy.eml", &mails[0]);
    assert_eq!(standing(&app, "ann@example.com"), None);
    // A report whose MAC is wrong, or that names no return path, is ignored.
    let forged = Mail {
        sender: mails[1].sender.replacen('.', ".0", 1),
        ..mails[1].clone()
    };
    bounce(&inbound, "postfix-unknown-user.eml", &forged);
    let plain = Mail {
        sender: RETURN_PATH.into(),
        ..mails[1].clone()
    };
    bounce(&inbound, "exim-unrouteable.eml", &plain);
    assert_eq!(standing(&app, "ann@example.com"), None);
    // Gmail's permanent failure counts; Microsoft's about the same email does not count again.
    bounce(&inbound, "gmail-no-such-user.eml", &mails[1]);
    assert_eq!(standing(&app, "ann@example.com"), Some((2, false)));
    bounce(&inbound, "m365-recipient-not-found.eml", &mails[1]);
    assert_eq!(standing(&app, "ann@example.com"), Some((2, false)));
    assert!(!ann.get("/").await.body.contains("class=\"banner\""));
    // Exim's, about another email, takes the address to the threshold.
    bounce(&inbound, "exim-unrouteable.eml", &mails[2]);
    assert_eq!(standing(&app, "ann@example.com"), Some((4, true)));
    assert_eq!(
        outcomes(&app),
        [
            "report_policy",
            "report_forged",
            "report_untied",
            "report_permanent",
            "report_repeat",
            "report_permanent"
        ]
    );
    // The gauges read the database; the counters are this process's (which the listener shares).
    let scraped = reqwest::get(format!("http://127.0.0.1:{metrics_port}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        scraped.contains("turnpost_mail_suppressed_addresses 1\n"),
        "{scraped}"
    );
    for kind in ["permanent", "forged", "policy", "repeat", "untied"] {
        assert!(
            scraped.contains(&format!("turnpost_mail_reports_total{{kind=\"{kind}\"}}")),
            "{kind}: {scraped}"
        );
    }

    // Every page asks Ann to confirm or change the address; Settings says why.
    let home = ann.get("/").await;
    assert!(home.body.contains("class=\"banner\""), "{}", home.body);
    assert!(home.body.contains("ann@example.com"));
    let settings = ann.get("/settings").await;
    assert!(
        settings.body.contains("keep coming back"),
        "{}",
        settings.body
    );

    // A sign-in link she asks for still comes, and following it brings the mail back.
    let sent = ann
        .post_form("/settings/email/check", &[("csrf", &settings.csrf())])
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let link = app
        .mail("ann@example.com", "sign-in")
        .link(&app.base, "/sign-in/");
    let followed = ann.follow_sign_in_link(&link).await;
    assert_eq!(followed.status, 200, "{}", followed.body);
    assert_eq!(standing(&app, "ann@example.com"), Some((0, false)));
    assert!(
        !followed.body.contains("class=\"banner\""),
        "{}",
        followed.body
    );
    assert!(!ann.get("/").await.body.contains("class=\"banner\""));

    // She changes her address; a bounce of an email sent before counts against the old one.
    let before = app.mails_to("ann@example.com");
    let settings = ann.get("/settings").await;
    let asked = ann
        .post_form(
            "/settings/email",
            &[("csrf", &settings.csrf()), ("email", "ann@new.example")],
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let confirm = app.mail("ann@new.example", "new Turnpost address");
    let link = confirm.link(&app.base, "/settings/email/");
    let page = ann.get(&link).await;
    assert!(page.body.contains("ann@new.example"), "{}", page.body);
    let changed = ann.post_form(&link, &[("csrf", &page.csrf())]).await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert!(ann.get("/settings").await.body.contains("ann@new.example"));
    bounce(&inbound, "postfix-unknown-user.eml", before.last().unwrap());
    assert_eq!(standing(&app, "ann@example.com"), Some((2, false)));
    assert_eq!(standing(&app, "ann@new.example"), None);
    // A score fades: after 30 days without a bounce, the next one starts it again.
    diesel::sql_query(
        "UPDATE mail_addresses SET last_bounce_at = now() - interval '31 days' \
         WHERE address = 'ann@example.com'",
    )
    .execute(&mut app.db.connect())
    .unwrap();
    bounce(
        &inbound,
        "gmail-no-such-user.eml",
        &before[before.len() - 2],
    );
    assert_eq!(standing(&app, "ann@example.com"), Some((2, false)));

    // A complaint about mail to the new address, sent to the plain return path by a feedback
    // loop, is tied by the original's envelope sender; it stops unrequested mail at once.
    let id = confirm.header("Message-ID").unwrap();
    let raw = report("arf-complaint.eml", &confirm.sender, &confirm.to, &id);
    inbound.send("", RETURN_PATH, &raw).unwrap();
    assert_eq!(outcomes(&app).last().unwrap(), "report_complaint");
    let settings = ann.get("/settings").await;
    assert!(
        settings
            .body
            .contains("marked an email from Turnpost as spam"),
        "{}",
        settings.body
    );
    assert_eq!(
        count_rows(
            &app.db,
            "players WHERE complained_at IS NOT NULL AND notify = 'none'"
        ),
        1
    );
    // Choosing emails again in Settings is her asking for them by name.
    let saved = ann
        .post_form(
            "/settings",
            &[
                ("csrf", &settings.csrf()),
                ("display_name", "Ann"),
                ("notify", "every_turn"),
            ],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(
        count_rows(&app.db, "players WHERE complained_at IS NOT NULL"),
        0
    );
    assert!(!saved.body.contains("as spam"));
}

/// A command to the public address from `from`, DKIM-signed for `from`'s domain by `signer`.
fn signed_command(from: &str, text: &str, signer: &turnpost::mail::dkim::Signer) -> String {
    let mut message = lettre::Message::builder()
        .from(from.parse().unwrap())
        .to("play@localhost".parse().unwrap())
        .subject("Turnpost")
        .message_id(Some(format!("<{}@players.test>", text.len())))
        .body(format!("{text}\r\n"))
        .unwrap();
    signer.sign(&mut message).unwrap();
    String::from_utf8(message.formatted()).unwrap()
}

#[tokio::test]
async fn with_verify_on_turnpost_checks_senders_itself_and_believes_no_header() {
    let key = turnpost::config::DkimSettings {
        domain: "players.test".into(),
        selector: "s1".into(),
        key_file: fixture("dkim-ed25519.pem"),
    };
    let (name, value) = published(&key);
    assert!(value.starts_with("v=DKIM1; k=ed25519; p="), "{value}");
    // Players.test signs its mail; its SPF record lists no host, so only DKIM can pass DMARC.
    let dns = crate::dns::DnsServer::start(&[
        (&name, &value),
        ("_dmarc.players.test", "v=DMARC1; p=reject"),
        ("players.test", "v=spf1 -all"),
    ]);
    let app = TestApp::start_with(|s| {
        s.inbound.verify = true;
        s.inbound.dns_server = dns.addr.to_string();
    })
    .await;
    let inbound = Inbound::start(&app);
    let ann = "ann@players.test";
    app.signed_in(ann, "Ann").await;
    let signer = turnpost::mail::dkim::Signer::from_settings(&key)
        .unwrap()
        .unwrap();

    // Unsigned, with a pass written in the very name of the relay the settings trust: with
    // the checks made here, no header is believed.
    let forged = format!(
        "Authentication-Results: {}; spf=pass smtp.mailfrom={ann}; dmarc=pass \
         header.from=players.test\r\n",
        app.settings.inbound.authserv_id
    );
    let asked = "new kalah with bo@elsewhere.test\r\n";
    inbound
        .send(
            ann,
            PUBLIC_ADDRESS,
            &crate::by_email::reply_with(ann, PUBLIC_ADDRESS, "x", &forged, asked),
        )
        .unwrap();
    app.deliver();
    assert_eq!(count_rows(&app.db, "games"), 0);
    assert_eq!(outcomes(&app).last().map(String::as_str), Some("unvouched"));

    // Signed by its domain (Ed25519), checked against the record the test's DNS serves.
    inbound
        .send(
            ann,
            PUBLIC_ADDRESS,
            &signed_command(ann, asked.trim(), &signer),
        )
        .unwrap();
    assert_eq!(count_rows(&app.db, "games"), 1, "{:?}", outcomes(&app));

    // The same, altered after signing: DKIM fails, and nothing is vouched.
    let altered = signed_command(ann, "new quarto with bo@elsewhere.test", &signer)
        .replace("new quarto", "new gype");
    inbound.send(ann, PUBLIC_ADDRESS, &altered).unwrap();
    assert_eq!(count_rows(&app.db, "games"), 1);
    assert_eq!(outcomes(&app).last().map(String::as_str), Some("unvouched"));
}

const PUBLIC_ADDRESS: &str = "play@localhost";

/// Waits up to 20 seconds for `done` to hold, then says what Postfix logged.
fn within_seconds(postfix: &crate::postfix::Postfix, what: &str, mut done: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !done() {
        assert!(
            std::time::Instant::now() < deadline,
            "{what} never happened; Postfix logged:\n{}",
            postfix.log()
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[tokio::test]
async fn a_real_postfix_carries_signed_mail_out_replies_in_and_its_own_bounce_back_to_be_scored() {
    let app = TestApp::start_with(|s| {
        signing_as_turnpost_test(s);
        s.inbound.address = "play@turnpost.test".into();
    })
    .await;
    // Signed in, and a game begun, straight through the tests' relay.
    app.signed_in("gone@example.com", "Gone").await;
    let mut table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    table.app.deliver();
    let turn = (table.app.mails().into_iter())
        .find(|m| m.subject.contains("Your turn"))
        .expect("a your-turn email");
    let inbound = Inbound::start(&table.app);
    let postfix =
        crate::postfix::Postfix::start("turnpost.test", inbound.addr, table.app.smtp.addr);
    table.app.settings.mail.smtp.host = postfix.addr.ip().to_string();
    table.app.settings.mail.smtp.port = postfix.addr.port();
    let app = &table.app;

    // Out: a sign-in link, through Postfix, arrives with its return path and still verifies.
    let before = app.mails_to("ann@example.com").len();
    assert_eq!(
        app.browser()
            .ask_for_sign_in_link("ann@example.com")
            .await
            .status,
        200
    );
    app.deliver();
    within_seconds(&postfix, "the sign-in email's delivery", || {
        app.mails_to("ann@example.com").len() > before
    });
    let through = app.mails_to("ann@example.com").pop().unwrap();
    assert!(through.sender.starts_with("bounces+"), "{}", through.sender);
    assert!(
        through.raw.contains("by mx.turnpost.test (Postfix)"),
        "{}",
        through.raw
    );
    let (name, value) = published(&app.settings.mail.dkim);
    let records = Records::with_key(&name, &value);
    assert_eq!(
        dkim_results(through.raw.as_bytes(), &records).await,
        vec![DkimResult::Pass]
    );

    // In: a reply to the your-turn email, handed to Postfix, reaches Turnpost by LMTP.
    let reply_to = turn.header("Reply-To").unwrap();
    let reply = crate::by_email::reply(&turn.to, &reply_to, &turn.subject, "board");
    Inbound::send_to(postfix.addr, &turn.to, &reply_to, &reply).unwrap();
    within_seconds(&postfix, "the reply's handling", || {
        outcomes(app).iter().any(|o| o == "answered")
    });

    // Back: mail to an address the far side refuses; Postfix's own bounce comes to the return
    // path and counts against that address.
    app.smtp.refuse("gone@example.com");
    assert_eq!(
        app.browser()
            .ask_for_sign_in_link("gone@example.com")
            .await
            .status,
        200
    );
    app.deliver();
    within_seconds(&postfix, "the bounce's scoring", || {
        standing(app, "gone@example.com") == Some((2, false))
    });
    assert!(
        outcomes(app).iter().any(|o| o == "report_permanent"),
        "{:?}",
        outcomes(app)
    );
}
