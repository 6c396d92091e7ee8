//! `turnpost mail-inbound`: an SMTP and LMTP listener for the relay that receives replies
//! (Postfix, or a hosted provider's forwarder). It speaks just what delivery needs (RFC 5321 and
//! RFC 2033): HELO/EHLO/LHLO, MAIL, RCPT, DATA, RSET, NOOP, VRFY and QUIT, without TLS or
//! authentication — bind it to an address only the relay reaches. Parsing the message itself is
//! mail-parser's work.
//!
//! After the data, an LMTP client gets one reply per recipient; an SMTP client gets one reply for
//! the message: accepted if any recipient took it, else the first refusal.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::config::Settings;
use crate::mail::inbound::read::sender_checks::{Client, SenderChecks};
use crate::mail::inbound::{Envelope, Verdict, receive};
use crate::store::Pool;

/// The longest command line accepted (RFC 5321 §4.5.3.1.4 allows 512 with its line ending).
const LONGEST_LINE: usize = 1000;
/// Recipients of one message; a reply has one.
const MOST_RECIPIENTS: usize = 10;
/// How long a client may stay silent between commands, and to send a message's data.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);
const DATA_TIMEOUT: Duration = Duration::from_secs(600);

/// Serves connections on `listener` until `stop` resolves. Refuses to start when
/// `inbound.verify` asks for checks that cannot be made.
pub async fn serve(
    listener: TcpListener,
    pool: Pool,
    settings: Arc<Settings>,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), String> {
    let checks = SenderChecks::from_settings(&settings.inbound, &host_name(&settings))?;
    let checks = checks.map(Arc::new);
    let slots = Arc::new(Semaphore::new(settings.inbound.max_connections.max(1)));
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => return Ok(()),
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::warn!("accepting a mail connection failed: {e}");
                continue;
            }
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            let mut stream = stream;
            let _ = stream
                .write_all(b"421 4.7.0 Too many connections; please try again later.\r\n")
                .await;
            continue;
        };
        let _ = stream.set_nodelay(true);
        let (pool, settings, checks) = (pool.clone(), settings.clone(), checks.clone());
        tokio::spawn(async move {
            let (read, write) = stream.into_split();
            let read = crate::mail::inbound::quick_ack::QuickAck(read);
            let connection = Connection {
                pool,
                settings,
                checks,
                client: Some(peer.ip()),
            };
            if let Err(e) = session(read, write, connection).await {
                tracing::debug!("mail session with {peer} ended: {e}");
            }
            drop(slot);
        });
    }
}

/// What a session serves with: the database, the settings, the sender checks if they are
/// made here, and the address of the client.
pub struct Connection {
    pub pool: Pool,
    pub settings: Arc<Settings>,
    pub checks: Option<Arc<SenderChecks>>,
    pub client: Option<IpAddr>,
}

/// One message being received.
#[derive(Default)]
struct Transaction {
    from: Option<String>,
    recipients: Vec<String>,
}

/// Serves one client until it quits or goes silent.
pub async fn session(
    read: impl AsyncRead + Unpin,
    mut write: impl AsyncWrite + Unpin,
    connection: Connection,
) -> std::io::Result<()> {
    let Connection {
        pool,
        settings,
        checks,
        client,
    } = connection;
    let mut read = BufReader::new(read);
    let mut helo = String::new();
    let host = host_name(&settings);
    let max = settings.inbound.max_bytes;
    say(
        &mut write,
        &format!("220 {host} Turnpost mail service ready"),
    )
    .await?;
    let mut lmtp = false;
    let mut greeted = false;
    let mut current = Transaction::default();
    loop {
        let Some(line) = read_line(&mut read, COMMAND_TIMEOUT).await? else {
            return Ok(());
        };
        let Ok(line) = String::from_utf8(line) else {
            say(&mut write, "500 5.5.2 Commands must be ASCII").await?;
            continue;
        };
        let (verb, argument) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        match verb.to_ascii_uppercase().as_str() {
            "EHLO" | "LHLO" => {
                lmtp = verb.eq_ignore_ascii_case("LHLO");
                greeted = true;
                helo = argument.trim().to_string();
                current = Transaction::default();
                say(
                    &mut write,
                    &format!(
                        "250-{host}\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-ENHANCEDSTATUSCODES\r\n250 SIZE {max}"
                    ),
                )
                .await?;
            }
            "HELO" => {
                greeted = true;
                helo = argument.trim().to_string();
                current = Transaction::default();
                say(&mut write, &format!("250 {host}")).await?;
            }
            "MAIL" if !greeted => say(&mut write, "503 5.5.1 Say hello first").await?,
            "MAIL" => match path_of(argument, "FROM:") {
                Some((path, parameters)) if !too_big(&parameters, max) => {
                    current = Transaction {
                        from: Some(path),
                        recipients: Vec::new(),
                    };
                    say(&mut write, "250 2.1.0 OK").await?;
                }
                Some(_) => {
                    say(
                        &mut write,
                        &format!("552 5.3.4 Messages may be at most {max} bytes"),
                    )
                    .await?
                }
                None => say(&mut write, "501 5.5.4 Syntax: MAIL FROM:<address>").await?,
            },
            "RCPT" if current.from.is_none() => say(&mut write, "503 5.5.1 MAIL first").await?,
            "RCPT" => match path_of(argument, "TO:") {
                Some(_) if current.recipients.len() >= MOST_RECIPIENTS => {
                    say(&mut write, "452 4.5.3 Too many recipients").await?
                }
                Some((path, _)) if path.contains('@') => {
                    current.recipients.push(path);
                    say(&mut write, "250 2.1.5 OK").await?;
                }
                _ => say(&mut write, "501 5.1.3 Syntax: RCPT TO:<address>").await?,
            },
            "DATA" if current.recipients.is_empty() => {
                say(&mut write, "503 5.5.1 RCPT first").await?
            }
            "DATA" => {
                say(&mut write, "354 End data with <CR><LF>.<CR><LF>").await?;
                let Some((raw, size)) = read_data(&mut read, max).await? else {
                    return Ok(());
                };
                let from = current.from.take().unwrap_or_default();
                let recipients = std::mem::take(&mut current.recipients);
                let checked = match &checks {
                    Some(checks) if size <= max => {
                        let client = Client {
                            ip: client,
                            helo: &helo,
                        };
                        Some(checks.verdict(&raw, &client, &from).await)
                    }
                    _ => None,
                };
                let message = Message {
                    from: &from,
                    checked,
                    raw,
                    size,
                };
                let verdicts = deliver(&pool, &settings, message, &recipients).await;
                if lmtp {
                    for verdict in &verdicts {
                        say(&mut write, &verdict.reply_line()).await?;
                    }
                } else {
                    let verdict = verdicts
                        .iter()
                        .find(|v| **v == Verdict::Accepted)
                        .or_else(|| verdicts.first())
                        .expect("a message has a recipient");
                    say(&mut write, &verdict.reply_line()).await?;
                }
            }
            "RSET" => {
                current = Transaction::default();
                say(&mut write, "250 2.0.0 OK").await?;
            }
            "NOOP" => say(&mut write, "250 2.0.0 OK").await?,
            "VRFY" => say(&mut write, "252 2.5.2 Cannot verify; send and see").await?,
            "QUIT" => {
                say(&mut write, "221 2.0.0 Bye").await?;
                return Ok(());
            }
            _ => say(&mut write, "502 5.5.2 Command not recognised").await?,
        }
    }
}

/// A message received: its envelope sender, the verdict of the checks made here, its kept
/// bytes and its whole size.
struct Message<'a> {
    from: &'a str,
    checked: Option<String>,
    raw: Vec<u8>,
    size: usize,
}

/// Hands a message to every recipient in turn, on the blocking pool (diesel is synchronous).
async fn deliver(
    pool: &Pool,
    settings: &Arc<Settings>,
    message: Message<'_>,
    recipients: &[String],
) -> Vec<Verdict> {
    let (pool, settings) = (pool.clone(), settings.clone());
    let (from, recipients) = (message.from.to_string(), recipients.to_vec());
    let Message {
        checked, raw, size, ..
    } = message;
    let count = recipients.len();
    let handled = tokio::task::spawn_blocking(move || {
        let Ok(mut conn) = pool.get() else {
            return vec![Verdict::database_down(); recipients.len()];
        };
        recipients
            .iter()
            .map(|recipient| {
                let envelope = Envelope {
                    from: &from,
                    recipient,
                    checked: checked.as_deref(),
                };
                receive(&mut conn, &settings, &envelope, &raw, size).unwrap_or_else(|e| {
                    tracing::error!("a reply to {recipient} could not be handled: {e}");
                    Verdict::database_down()
                })
            })
            .collect()
    })
    .await;
    handled.unwrap_or_else(|_| vec![Verdict::database_down(); count])
}

fn host_name(settings: &Settings) -> String {
    url::Url::parse(settings.base_url())
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .unwrap_or_else(|| "turnpost".into())
}

/// Sends one reply in one write, so that no reply waits on the client's delayed ACK.
async fn say(write: &mut (impl AsyncWrite + Unpin), line: &str) -> std::io::Result<()> {
    write.write_all(format!("{line}\r\n").as_bytes()).await?;
    write.flush().await
}

/// The address in `FROM:<a@b> SIZE=10` and what follows it; `<>` gives an empty address.
fn path_of(argument: &str, keyword: &str) -> Option<(String, String)> {
    let argument = argument.trim();
    if argument.len() < keyword.len() || !argument[..keyword.len()].eq_ignore_ascii_case(keyword) {
        return None;
    }
    let rest = argument[keyword.len()..].trim_start();
    let rest = rest.strip_prefix('<')?;
    let (path, parameters) = rest.split_once('>')?;
    Some((path.trim().to_string(), parameters.trim().to_string()))
}

/// Whether a SIZE= parameter announces more than `max` bytes.
fn too_big(parameters: &str, max: usize) -> bool {
    parameters.split_whitespace().any(|p| {
        p.get(..5).is_some_and(|k| k.eq_ignore_ascii_case("SIZE="))
            && p[5..].parse::<usize>().is_ok_and(|size| size > max)
    })
}

/// One line without its ending; `None` when the client closed the connection or went silent.
/// An overlong line is cut, the rest of it skipped.
async fn read_line(
    read: &mut (impl AsyncBufReadExt + Unpin),
    timeout: Duration,
) -> std::io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    loop {
        let chunk = match tokio::time::timeout(timeout, read.fill_buf()).await {
            Err(_) => return Ok(None),
            Ok(chunk) => chunk?,
        };
        if chunk.is_empty() {
            return Ok(None);
        }
        let (taken, done) = match chunk.iter().position(|b| *b == b'\n') {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        let room = LONGEST_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..taken.min(room)]);
        read.consume(taken);
        if done {
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            return Ok(Some(line));
        }
    }
}

/// A message's data up to the line with a single dot, with dot-stuffing undone: the first
/// `max + 1` bytes of it and its whole size. `None` when the client went away.
async fn read_data(
    read: &mut (impl AsyncBufReadExt + Unpin),
    max: usize,
) -> std::io::Result<Option<(Vec<u8>, usize)>> {
    let mut data = Vec::new();
    let mut size = 0;
    let deadline = tokio::time::Instant::now() + DATA_TIMEOUT;
    loop {
        let mut line = Vec::new();
        let read_one = read.read_until(b'\n', &mut line);
        let n = match tokio::time::timeout_at(deadline, read_one).await {
            Err(_) => return Ok(None),
            Ok(n) => n?,
        };
        if n == 0 {
            return Ok(None);
        }
        if line == b".\r\n" || line == b".\n" {
            return Ok(Some((data, size)));
        }
        let line = line.strip_prefix(b".").unwrap_or(&line);
        size += line.len();
        let room = (max + 1).saturating_sub(data.len());
        data.extend_from_slice(&line[..line.len().min(room)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_sizes_are_read() {
        assert_eq!(
            path_of("FROM:<ann@example.com> SIZE=120", "FROM:"),
            Some(("ann@example.com".into(), "SIZE=120".into()))
        );
        assert_eq!(
            path_of("from: <>", "FROM:"),
            Some((String::new(), String::new()))
        );
        assert_eq!(path_of("TO:ann@example.com", "TO:"), None);
        assert!(too_big("SIZE=2000", 1000));
        assert!(!too_big("SIZE=999 BODY=8BITMIME", 1000));
    }

    #[tokio::test]
    async fn data_is_unstuffed_cut_and_measured() {
        let input: &[u8] = b"Subject: x\r\n\r\n..hidden dot\r\nabcdefghij\r\n.\r\nNOOP\r\n";
        let mut read = BufReader::new(input);
        let (data, size) = read_data(&mut read, 1000).await.unwrap().unwrap();
        assert_eq!(data, b"Subject: x\r\n\r\n.hidden dot\r\nabcdefghij\r\n");
        assert_eq!(size, data.len());
        let mut read = BufReader::new(input);
        let (cut, size) = read_data(&mut read, 10).await.unwrap().unwrap();
        assert_eq!(cut.len(), 11);
        assert_eq!(size, 39);
        assert_eq!(
            read_line(&mut read, COMMAND_TIMEOUT)
                .await
                .unwrap()
                .unwrap(),
            b"NOOP"
        );
    }
}
