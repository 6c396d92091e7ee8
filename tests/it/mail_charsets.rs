//! Replies as Japanese mail clients write them — ISO-2022-JP (seven bits), Shift_JIS (eight
//! bits) and EUC-JP (in base64), each with its subject in RFC 2047 — read as their charset says:
//! moves, commands and table talk, over a real SMTP conversation.

use base64::Engine;
use encoding_rs::{EUC_JP, Encoding, ISO_2022_JP, SHIFT_JIS};

use crate::by_email::{Inbound, newest, newest_offer, offered_codes, reply_address};
use crate::support::{TestApp, count_rows, seat_table};

/// How a body crosses the wire.
#[derive(Clone, Copy)]
enum Transfer {
    SevenBit,
    EightBit,
    Base64,
}

/// A message from `from` to `to` with `subject` and `body` in `charset`, as a Japanese mail
/// client writes one. `headers` come first, already in ASCII.
fn written_in(
    charset: &'static Encoding,
    transfer: Transfer,
    (from, to): (&str, &str),
    headers: &str,
    subject: &str,
    body: &str,
) -> Vec<u8> {
    let b64 = base64::engine::general_purpose::STANDARD;
    let (subject_bytes, _, _) = charset.encode(subject);
    let (body_bytes, _, unmappable) = charset.encode(body);
    assert!(!unmappable, "the test's words fit {}", charset.name());
    let name = charset.name();
    let (encoding, body_bytes) = match transfer {
        Transfer::SevenBit => ("7bit", body_bytes.into_owned()),
        Transfer::EightBit => ("8bit", body_bytes.into_owned()),
        Transfer::Base64 => ("base64", b64.encode(&body_bytes).into_bytes()),
    };
    let mut raw = format!(
        "From: {from}\r\nTo: {to}\r\nSubject: =?{name}?B?{}?=\r\n\
         Message-ID: <{}@example.jp>\r\nDate: Tue, 24 Nov 2026 10:00:00 +0900\r\n\
         MIME-Version: 1.0\r\n{headers}Content-Type: text/plain; charset={name}\r\n\
         Content-Transfer-Encoding: {encoding}\r\n\r\n",
        b64.encode(&subject_bytes),
        rand::random::<u64>(),
    )
    .into_bytes();
    raw.extend_from_slice(&body_bytes);
    raw.extend_from_slice(b"\r\n");
    raw
}

/// `code` in full-width digits, as a Japanese input method types it.
fn full_width(code: &str) -> String {
    code.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0xFF10 + d).unwrap(),
            None => c,
        })
        .collect()
}

#[actix_web::test]
async fn replies_in_japanese_charsets_move_command_and_talk() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let inbound = Inbound::start(app);
    let ways = [
        (ISO_2022_JP, Transfer::SevenBit),
        (SHIFT_JIS, Transfer::EightBit),
        (EUC_JP, Transfer::Base64),
    ];

    // A move in each: the code typed in full width above the quoted email.
    for (charset, transfer) in ways {
        let player = table.to_act().await[0];
        let email = &table.emails[player];
        let offer = newest_offer(app, email).expect("an email to reply to");
        let code = full_width(&offered_codes(&offer)[0]);
        let to = reply_address(&offer);
        let body = format!(
            "{code}\r\n\r\n2026年11月24日 10:00 Turnpost:\r\n> 返信で手を選んでください\r\n"
        );
        let before = count_rows(&app.db, "game_events");
        let raw = written_in(
            charset,
            transfer,
            (email, &to),
            "",
            "Re: あなたの番です",
            &body,
        );
        inbound.send_bytes(email, &to, &raw).unwrap();
        assert_eq!(
            count_rows(&app.db, "game_events"),
            before + 1,
            "“{code}” in {} was played",
            charset.name()
        );
    }

    // Table talk in each, kept as written.
    for (n, (charset, transfer)) in ways.into_iter().enumerate() {
        let email = &table.emails[0];
        let offer = newest(app, email, |m| m.header("Reply-To").is_some()).unwrap();
        let to = reply_address(&offer);
        let words = format!("よろしくお願いします、その{}", n + 1);
        let raw = written_in(
            charset,
            transfer,
            (email, &to),
            "",
            "Re: 対局",
            &format!("発言：{words}"),
        );
        inbound.send_bytes(email, &to, &raw).unwrap();
        let history = table.players[1]
            .get(&format!("{}/history", table.path))
            .await;
        assert!(
            history.body.contains(&words),
            "{} talk: {}",
            charset.name(),
            history.body
        );
    }

    // A command to the public address in each, vouched for by the relay.
    for (charset, transfer) in ways {
        let email = &table.emails[1];
        let vouched = format!(
            "Authentication-Results: mx.turnpost.test; spf=pass smtp.mailfrom={email}; \
             dmarc=pass header.from=example.com\r\n"
        );
        let sent = app.mails_to(email).len();
        let raw = written_in(
            charset,
            transfer,
            (email, "play@localhost"),
            &vouched,
            "対局",
            "対局",
        );
        inbound.send_bytes(email, "play@localhost", &raw).unwrap();
        app.deliver();
        let answers = app.mails_to(email);
        assert_eq!(
            answers.len(),
            sent + 1,
            "{} command answered",
            charset.name()
        );
        let answer = answers.last().unwrap();
        assert!(
            answer.text.contains("Your running games"),
            "{}: {}",
            charset.name(),
            answer.text
        );
    }
}
