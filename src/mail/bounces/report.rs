//! Reading what comes back to the return path: a delivery status notification (RFC 3464), a
//! complaint (RFC 5965, ARF), or a bounce in plain words from a mail server that writes neither.

use mail_parser::{Message, MessageParser, MimeHeaders, PartType};

/// What a failure says about the address it was sent to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The address does not work and will not: no such mailbox or domain.
    Permanent,
    /// It may work later: a full mailbox, a server that gave up retrying.
    Temporary,
    /// Refused by a policy (spam filter, authentication, content): not the address's fault.
    Policy,
}

impl Failure {
    pub fn as_str(self) -> &'static str {
        match self {
            Failure::Permanent => "permanent",
            Failure::Temporary => "temporary",
            Failure::Policy => "policy",
        }
    }
}

/// What a report says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Delivery failed, with the enhanced status code (or the bare reply code) given.
    Failed { failure: Failure, status: String },
    /// The recipient marked the email as unwanted (ARF feedback type abuse, fraud, virus…).
    Complaint { feedback_type: String },
    /// Nothing to count: delivery delayed or done, a "not spam" report.
    Nothing(String),
}

/// A report read: what it says, and the return paths it names, where it names one (a
/// complaint carries the original's envelope sender; a bounce comes to it instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub said: Said,
    pub return_paths: Vec<String>,
}

/// Reads a report; `None` when the message is not one that can be read.
pub fn read(raw: &[u8]) -> Option<Report> {
    let message = MessageParser::default().parse(raw)?;
    let mut return_paths = Vec::new();
    let mut said = None;
    for part in message.parts.iter() {
        let Some(kind) = part.content_type() else {
            continue;
        };
        let subtype = kind.subtype().unwrap_or_default().to_ascii_lowercase();
        let ctype = kind.ctype().to_ascii_lowercase();
        match (ctype.as_str(), subtype.as_str()) {
            ("message", "delivery-status" | "global-delivery-status") if said.is_none() => {
                said = delivery_status(&fields(part.contents()));
            }
            ("message", "feedback-report") if said.is_none() => {
                let fields = fields(part.contents());
                return_paths.extend(field(&fields, "original-mail-from").map(address));
                let feedback_type = field(&fields, "feedback-type").unwrap_or("abuse");
                said = Some(complaint(feedback_type));
            }
            ("text", "rfc822-headers") => {
                let headers = fields(part.contents());
                return_paths.extend(field(&headers, "return-path").map(address));
            }
            _ => {}
        }
        if let PartType::Message(original) = &part.body {
            return_paths.extend(original_return_path(original));
        }
    }
    let said = match said {
        Some(said) => said,
        None => in_words(&message)?,
    };
    return_paths.retain(|path| !path.is_empty());
    Some(Report { said, return_paths })
}

fn complaint(feedback_type: &str) -> Said {
    let feedback_type = feedback_type.trim().to_ascii_lowercase();
    if feedback_type == "not-spam" {
        Said::Nothing("a not-spam report".into())
    } else {
        Said::Complaint { feedback_type }
    }
}

fn original_return_path(original: &Message<'_>) -> Option<String> {
    original
        .headers_raw()
        .find(|(name, _)| name.eq_ignore_ascii_case("return-path"))
        .map(|(_, value)| address(value))
}

/// An address as a header or a report field writes it: `rfc822; <a@b>` or `<a@b>` or `a@b`.
fn address(value: &str) -> String {
    let value = value.rsplit_once(';').map_or(value, |(_, a)| a);
    value
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim()
        .to_string()
}

/// The header-like fields of a report part, every group's, in order, names in lower case.
/// Continuation lines are joined to the field before them.
fn fields(contents: &[u8]) -> Vec<(String, String)> {
    let text = String::from_utf8_lossy(contents);
    let mut fields: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = fields.last_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
        } else if let Some((name, value)) = line.split_once(':') {
            fields.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    fields
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    (fields.iter())
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The per-recipient verdict of a delivery status: the first recipient whose action is
/// "failed"; a report of delay or delivery says nothing to count.
fn delivery_status(fields: &[(String, String)]) -> Option<Said> {
    // (action, status) of each recipient, a recipient's fields following its Final-Recipient.
    let mut recipients: Vec<(String, Option<String>)> = Vec::new();
    for (name, value) in fields {
        match name.as_str() {
            "final-recipient" => recipients.push((String::new(), None)),
            "action" | "status" if recipients.is_empty() => recipients.push((String::new(), None)),
            _ => {}
        }
        let Some((action, status)) = recipients.last_mut() else {
            continue;
        };
        match name.as_str() {
            "action" => *action = value.to_ascii_lowercase(),
            "status" => *status = value.split_whitespace().next().map(str::to_string),
            _ => {}
        }
    }
    if let Some((_, status)) = recipients.iter().find(|(action, _)| action == "failed") {
        let status = status.clone().unwrap_or_else(|| "5.0.0".into());
        return Some(Said::Failed {
            failure: classify(&status),
            status,
        });
    }
    let (action, _) = recipients.first()?;
    Some(Said::Nothing(format!("a report of {action} delivery")))
}

/// What an enhanced status code (RFC 3463) says of the address. A full mailbox (X.2.2) may
/// empty; policy and content refusals (X.7.x, X.3.x, X.6.x) are not the address's fault.
pub fn classify(status: &str) -> Failure {
    let mut parts = status.split('.');
    let class = parts.next().unwrap_or_default();
    let subject = parts.next().unwrap_or_default();
    let detail = parts.next().unwrap_or_default();
    match (class, subject, detail) {
        (_, "7" | "3" | "6", _) => Failure::Policy,
        ("4", _, _) | (_, "2", "2") => Failure::Temporary,
        _ => Failure::Permanent,
    }
}

/// A bounce written for people only (no delivery status part): the first enhanced status code
/// in its text, or else the first SMTP reply code of a failure.
fn in_words(message: &Message<'_>) -> Option<Said> {
    let text: String = (0..message.text_body.len())
        .filter_map(|i| message.body_text(i))
        .collect::<Vec<_>>()
        .join("\n");
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '(' | ')' | '[' | ']'))
        .collect();
    let enhanced = words.iter().find(|word| {
        let parts: Vec<&str> = word.split('.').collect();
        parts.len() == 3
            && matches!(parts[0], "4" | "5")
            && parts[1..]
                .iter()
                .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()))
    });
    let status = match enhanced {
        Some(code) => code.to_string(),
        None => {
            let reply = words.iter().find(|word| {
                word.len() == 3
                    && matches!(word.as_bytes()[0], b'4' | b'5')
                    && word.chars().all(|c| c.is_ascii_digit())
            })?;
            format!("{}.0.0", &reply[..1])
        }
    };
    Some(Said::Failed {
        failure: classify(&status),
        status,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_codes_say_whose_fault_a_failure_is() {
        assert_eq!(classify("5.1.1"), Failure::Permanent);
        assert_eq!(classify("5.1.10"), Failure::Permanent);
        assert_eq!(classify("5.4.1"), Failure::Permanent);
        assert_eq!(classify("5.0.0"), Failure::Permanent);
        assert_eq!(classify("5.2.2"), Failure::Temporary);
        assert_eq!(classify("4.4.7"), Failure::Temporary);
        assert_eq!(classify("5.7.1"), Failure::Policy);
        assert_eq!(classify("5.7.26"), Failure::Policy);
        assert_eq!(classify("5.3.4"), Failure::Policy);
    }

    #[test]
    fn a_bounce_in_words_is_read_for_its_code() {
        let raw = b"From: MAILER-DAEMON@mx.example\r\nTo: bounces+1.ab@t.test\r\n\
            Subject: Mail delivery failed\r\n\r\n\
            A message that you sent could not be delivered to one or more of its recipients.\r\n\r\n\
              ann@example.com\r\n    SMTP error from remote mail server after RCPT TO:<ann@example.com>:\r\n\
                550 No such user here\r\n";
        let report = read(raw).unwrap();
        assert_eq!(
            report.said,
            Said::Failed {
                failure: Failure::Permanent,
                status: "5.0.0".into()
            }
        );
        assert!(read(b"From: a@b.c\r\nSubject: hello\r\n\r\nJust words.\r\n").is_none());
    }

    #[test]
    fn report_fields_are_read_across_groups_and_continuations() {
        let fields = fields(
            b"Reporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; ann@example.com\r\n\
              Action: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1\r\n  no such user\r\n",
        );
        assert_eq!(
            field(&fields, "diagnostic-code"),
            Some("smtp; 550 5.1.1 no such user")
        );
        assert_eq!(
            delivery_status(&fields),
            Some(Said::Failed {
                failure: Failure::Permanent,
                status: "5.1.1".into()
            })
        );
        assert_eq!(address("rfc822; <Ann@Example.com>"), "Ann@Example.com");
    }
}
