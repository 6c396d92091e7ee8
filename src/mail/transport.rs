//! Delivering one message: over SMTP or into a folder of .eml files.

use lettre::address::Envelope;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{Address, FileTransport, Message, SmtpTransport, Transport as _};

use crate::config::{MailSettings, MailTransportKind, SmtpSecurity};
use crate::store::emails::{InlinePicture, Outgoing};

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// Worth trying again later: the server is down, busy, or answered 4xx.
    #[error("{0}")]
    Transient(String),
    /// The recipient's address is refused for good: a 5.1.x answer about the recipient (no such
    /// mailbox or domain, a malformed address), or an address that cannot be written at all.
    #[error("{0}")]
    Refused(String),
    /// A permanent failure that says nothing about the recipient: the relay wants
    /// authentication, dislikes the sender or the content, or its policy refuses. It is the
    /// operator's to fix; the email is tried again later and nobody's address is blamed.
    #[error("{0}")]
    Rejected(String),
}

/// Enhanced status codes (RFC 3463) that mean the recipient's address itself is bad. X.1.7 and
/// X.1.8 are about the sender, X.1.0 may be either; those are not the recipient's fault.
const RECIPIENT_CODES: [&str; 6] = ["5.1.1", "5.1.2", "5.1.3", "5.1.4", "5.1.6", "5.1.10"];

/// Sorts a permanent SMTP failure into a refused recipient or a relay-wide rejection, by the
/// enhanced status code in the reply.
pub fn classify_permanent(reply: &str) -> SendError {
    let about_recipient = reply
        .split(|c: char| c.is_whitespace() || c == ':' || c == ',' || c == '(' || c == ')')
        .any(|word| RECIPIENT_CODES.contains(&word));
    if about_recipient {
        SendError::Refused(reply.to_string())
    } else {
        SendError::Rejected(reply.to_string())
    }
}

#[derive(Clone)]
pub enum Transport {
    File(FileTransport),
    Smtp(SmtpTransport),
}

impl Transport {
    pub fn new(settings: &MailSettings) -> Result<Transport, String> {
        Ok(match settings.transport {
            MailTransportKind::File => {
                std::fs::create_dir_all(&settings.file_dir).map_err(|e| {
                    format!(
                        "cannot create the mail folder {}: {e}",
                        settings.file_dir.display()
                    )
                })?;
                Transport::File(FileTransport::new(&settings.file_dir))
            }
            MailTransportKind::Smtp => Transport::Smtp(smtp(settings).map_err(|e| e.to_string())?),
        })
    }

    /// Closes pooled SMTP connections (with QUIT) and stops the pool's cleaning thread.
    pub fn shutdown(&self) {
        if let Transport::Smtp(smtp) = self {
            smtp.shutdown();
        }
    }

    pub fn send(&self, message: &Message) -> Result<(), SendError> {
        match self {
            Transport::File(file) => file
                .send(message)
                .map(|_| ())
                .map_err(|e| SendError::Transient(e.to_string())),
            Transport::Smtp(smtp) => smtp.send(message).map(|_| ()).map_err(|e| {
                if e.is_permanent() {
                    classify_permanent(&e.to_string())
                } else {
                    SendError::Transient(e.to_string())
                }
            }),
        }
    }
}

fn smtp(settings: &MailSettings) -> Result<SmtpTransport, lettre::transport::smtp::Error> {
    let smtp = &settings.smtp;
    let mut builder = match smtp.security {
        SmtpSecurity::None => SmtpTransport::builder_dangerous(smtp.host.as_str()),
        SmtpSecurity::Starttls => SmtpTransport::starttls_relay(&smtp.host)?,
        SmtpSecurity::Tls => SmtpTransport::relay(&smtp.host)?,
    }
    .port(smtp.port)
    .timeout(Some(std::time::Duration::from_secs(smtp.timeout_seconds)));
    if !smtp.username.is_empty() {
        builder = builder.credentials(Credentials::new(
            smtp.username.clone(),
            smtp.password.clone(),
        ));
    }
    Ok(builder.build())
}

/// The message for a stored email: multipart text and HTML, its stable Message-ID, and one-click
/// unsubscribe headers (RFC 8058). Pictures go with the HTML (`multipart/related`), each inline
/// under its Content-ID, so that the HTML shows them from `cid:` links without fetching anything.
/// With a `return_path`, that is the envelope sender; else the From address is.
pub fn build_message(
    from: &str,
    return_path: Option<&str>,
    email: &Outgoing,
    pictures: &[InlinePicture],
) -> Result<Message, SendError> {
    let from: Mailbox = from
        .parse()
        .map_err(|e| SendError::Rejected(format!("the sender {from:?} is not valid: {e}")))?;
    let to: Mailbox = email.recipient.parse().map_err(|e| {
        SendError::Refused(format!(
            "the address {:?} is not valid: {e}",
            email.recipient
        ))
    })?;
    let mut builder = Message::builder();
    if let Some(return_path) = return_path {
        let sender: Address = return_path.parse().map_err(|e| {
            SendError::Rejected(format!("the return path {return_path:?} is not valid: {e}"))
        })?;
        let envelope = Envelope::new(Some(sender), vec![to.email.clone()])
            .map_err(|e| SendError::Refused(format!("no envelope for the address: {e}")))?;
        builder = builder.envelope(envelope);
    }
    let mut builder = builder
        .from(from)
        .to(to)
        .subject(&email.subject)
        .message_id(Some(email.message_id.clone()));
    if let Some(reply_to) = &email.reply_to {
        let reply_to: Mailbox = reply_to.parse().map_err(|e| {
            SendError::Rejected(format!("the reply address {reply_to:?} is not valid: {e}"))
        })?;
        builder = builder.reply_to(reply_to);
    }
    if let Some(answered) = &email.in_reply_to {
        builder = builder
            .in_reply_to(answered.clone())
            .references(answered.clone());
    }
    let body = if pictures.is_empty() {
        MultiPart::alternative_plain_html(email.body_text.clone(), email.body_html.clone())
    } else {
        let png = ContentType::parse("image/png").expect("a valid content type");
        let html = pictures.iter().fold(
            MultiPart::related().singlepart(SinglePart::html(email.body_html.clone())),
            |related, picture| {
                related.singlepart(
                    Attachment::new_inline(picture.content_id.clone())
                        .body(picture.png.clone(), png.clone()),
                )
            },
        );
        MultiPart::alternative()
            .singlepart(SinglePart::plain(email.body_text.clone()))
            .multipart(html)
    };
    let mut message = builder
        .multipart(body)
        .map_err(|e| SendError::Rejected(format!("the message cannot be built: {e}")))?;
    let headers = message.headers_mut();
    headers.insert_raw(HeaderValue::new(
        HeaderName::new_from_ascii_str("List-Unsubscribe"),
        format!("<{}>", email.unsubscribe_url),
    ));
    headers.insert_raw(HeaderValue::new(
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
        "List-Unsubscribe=One-Click".to_string(),
    ));
    // Every email is sent by the machine (RFC 3834), so that auto-responders leave it alone
    // and no mail loop can start.
    let auto = if email.in_reply_to.is_some() {
        "auto-replied"
    } else {
        "auto-generated"
    };
    headers.insert_raw(HeaderValue::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        auto.to_string(),
    ));
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outgoing() -> Outgoing {
        Outgoing {
            id: 1,
            message_id: "<abc@turnpost.test>".into(),
            player_id: 1,
            recipient: "ann@example.com".into(),
            kind: "your_turn".into(),
            subject: "Your turn in Kalah against Bo".into(),
            body_text: "Hello Ann".into(),
            body_html: "<p>Hello Ann</p>".into(),
            unsubscribe_url: "http://127.0.0.1:8080/unsubscribe/tok".into(),
            attempts: 0,
            reply_to: None,
            in_reply_to: None,
        }
    }

    #[test]
    fn messages_carry_their_id_unsubscribe_headers_and_both_parts() {
        let message =
            build_message("Turnpost <turnpost@localhost>", None, &outgoing(), &[]).unwrap();
        let raw = String::from_utf8(message.formatted()).unwrap();
        assert!(raw.contains("Message-ID: <abc@turnpost.test>"), "{raw}");
        assert!(raw.contains("List-Unsubscribe: <http://127.0.0.1:8080/unsubscribe/tok>"));
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        assert!(raw.contains("Date: "));
        assert!(raw.contains("text/plain") && raw.contains("text/html"));
    }

    #[test]
    fn the_envelope_sender_is_the_return_path_given() {
        let from = "Turnpost <turnpost@localhost>";
        let message = build_message(from, Some("bounces+1.ab@turnpost.test"), &outgoing(), &[]);
        let envelope = message.unwrap().envelope().clone();
        assert_eq!(
            envelope.from().map(|a| a.to_string()).as_deref(),
            Some("bounces+1.ab@turnpost.test")
        );
        assert_eq!(envelope.to()[0].to_string(), "ann@example.com");
        let plain = build_message(from, None, &outgoing(), &[]).unwrap();
        assert_eq!(
            plain.envelope().from().map(|a| a.to_string()).as_deref(),
            Some("turnpost@localhost")
        );
    }

    #[test]
    fn pictures_go_inline_beside_the_html_that_names_them() {
        let mut email = outgoing();
        email.body_html = r#"<p><img src="cid:board-g1-12" alt="the board"></p>"#.into();
        let picture = InlinePicture {
            content_id: "board-g1-12".into(),
            png: b"\x89PNG not really".to_vec(),
        };
        let message =
            build_message("Turnpost <turnpost@localhost>", None, &email, &[picture]).unwrap();
        let raw = String::from_utf8(message.formatted()).unwrap();
        let alternative = raw.find("multipart/alternative").expect("text or HTML");
        let plain = raw.find("text/plain").expect("a text part");
        let related = raw
            .find("multipart/related")
            .expect("the HTML with its pictures");
        let html = raw.find("text/html").expect("an HTML part");
        let png = raw.find("Content-Type: image/png").expect("the picture");
        assert!(
            alternative < plain && plain < related && related < html && html < png,
            "{raw}"
        );
        let part = &raw[raw[..png].rfind("\n--").expect("the picture's part")..];
        assert!(part.contains("Content-ID: <board-g1-12>"), "{raw}");
        assert!(part.contains("Content-Disposition: inline"), "{raw}");
        assert!(raw.contains("cid:board-g1-12"));
        let without = build_message("Turnpost <turnpost@localhost>", None, &email, &[]).unwrap();
        let without = String::from_utf8(without.formatted()).unwrap();
        assert!(!without.contains("multipart/related") && !without.contains("image/png"));
    }

    #[test]
    fn the_file_transport_writes_one_eml_per_message() {
        let dir = std::env::temp_dir().join(format!(
            "turnpost-files-{}",
            crate::auth::tokens::random_id(8)
        ));
        let mut settings = crate::config::Settings::load(None).unwrap().mail;
        settings.file_dir = dir.clone();
        let transport = Transport::new(&settings).unwrap();
        let message = build_message(&settings.from, None, &outgoing(), &[]).unwrap();
        transport.send(&message).unwrap();
        transport.send(&message).unwrap();
        let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(files.len(), 2);
    }

    #[test]
    fn a_bad_recipient_is_refused_and_a_bad_sender_is_not_blamed_on_it() {
        let mut email = outgoing();
        email.recipient = "not an address".into();
        assert!(matches!(
            build_message("Turnpost <turnpost@localhost>", None, &email, &[]),
            Err(SendError::Refused(_))
        ));
        assert!(matches!(
            build_message("not a sender", None, &outgoing(), &[]),
            Err(SendError::Rejected(_))
        ));
    }

    #[test]
    fn only_recipient_specific_codes_refuse_an_address() {
        for reply in [
            "permanent error (550): 5.1.1 No such mailbox here",
            "permanent error (550): 5.1.10 Null MX",
            "permanent error (553): 5.1.3 Bad recipient address syntax",
        ] {
            assert!(
                matches!(classify_permanent(reply), SendError::Refused(_)),
                "{reply}"
            );
        }
        for reply in [
            "permanent error (530): 5.7.0 Authentication required",
            "permanent error (554): 5.6.0 Message content rejected",
            "permanent error (553): 5.1.8 Sender address rejected",
            "permanent error (550): 5.1.7 Bad sender mailbox syntax",
            "permanent error (550): mailbox unavailable",
            "permanent error (554): 5.7.1 Relay access denied",
        ] {
            assert!(
                matches!(classify_permanent(reply), SendError::Rejected(_)),
                "{reply}"
            );
        }
    }
}
