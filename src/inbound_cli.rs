//! The command-line side of inbound mail: a message piped on stdin, and the operator's list.

use std::io::Read;

use diesel::Connection;

use turnpost::config::Settings;
use turnpost::mail::inbound::read::sender_checks::{Client, SenderChecks};
use turnpost::mail::inbound::{self, Envelope, envelope_hints};
use turnpost::mail::{reply_address, return_path};
use turnpost::store;

/// Reads one message from stdin and handles it; returns the exit status for the mail server.
pub fn receive_stdin(
    settings: &Settings,
    sender: Option<String>,
    recipient: Option<String>,
) -> anyhow::Result<i32> {
    let max = settings.inbound.max_bytes;
    let mut raw = Vec::new();
    let mut size = 0;
    let mut chunk = [0u8; 8192];
    let mut stdin = std::io::stdin().lock();
    loop {
        let n = stdin.read(&mut chunk)?;
        if n == 0 {
            break;
        }
        size += n;
        let room = (max + 1).saturating_sub(raw.len());
        raw.extend_from_slice(&chunk[..n.min(room)]);
    }
    let (found_sender, found_recipients) = envelope_hints(&raw);
    let sender = sender.unwrap_or(found_sender);
    let recipient = recipient
        .or_else(|| {
            found_recipients
                .iter()
                .find(|r| {
                    reply_address::parse(&settings.inbound.address, r).is_some()
                        || return_path::is_return_path(&settings.mail.return_path, r)
                })
                .cloned()
        })
        .unwrap_or_default();
    // Piped in, the client's address is not known: the checks made here rest on DKIM alone.
    let checked = match SenderChecks::from_settings(&settings.inbound, "turnpost") {
        Ok(None) => None,
        Ok(Some(checks)) => {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            let client = Client { ip: None, helo: "" };
            Some(runtime.block_on(checks.verdict(&raw, &client, &sender)))
        }
        Err(why) => {
            eprintln!("{why}");
            return Ok(inbound::Verdict::database_down().exit_code());
        }
    };
    let verdict = match store::connect(&settings.database) {
        Ok(pool) => match pool.get() {
            Ok(mut conn) => {
                let envelope = Envelope {
                    from: &sender,
                    recipient: &recipient,
                    checked: checked.as_deref(),
                };
                inbound::receive(&mut conn, settings, &envelope, &raw, size)
                    .unwrap_or_else(|_| inbound::Verdict::database_down())
            }
            Err(_) => inbound::Verdict::database_down(),
        },
        Err(_) => inbound::Verdict::database_down(),
    };
    if verdict != inbound::Verdict::Accepted {
        eprintln!("{}", verdict.reply_line());
    }
    Ok(verdict.exit_code())
}

/// Lists the latest messages, or handles a waiting one again.
pub fn list_or_replay(settings: &Settings, replay: Option<i64>, limit: i64) -> anyhow::Result<()> {
    let mut conn = diesel::PgConnection::establish(&store::with_connect_timeout(
        &settings.database.url,
        settings.database.connect_timeout_seconds,
    ))?;
    if let Some(id) = replay {
        let verdict = inbound::replay(&mut conn, settings, id)?;
        println!("Message {id}: {}", verdict.reply_line());
        return Ok(());
    }
    for message in store::inbound::latest(&mut conn, limit)? {
        println!(
            "{:>6}  {}  {:<22} {} → {}  {} bytes{}{}",
            message.id,
            message.received_at.format("%Y-%m-%d %H:%M:%S"),
            message.outcome,
            if message.envelope_from.is_empty() {
                "<>"
            } else {
                &message.envelope_from
            },
            message.recipient,
            message.size,
            message
                .game_id
                .map(|g| format!("  game {g}"))
                .unwrap_or_default(),
            message
                .detail
                .map(|d| format!("\n        {d}"))
                .unwrap_or_default(),
        );
    }
    Ok(())
}
