//! Outgoing email: message building from askama templates and the transport that carries it.

pub mod messages;

use std::path::PathBuf;

use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::config::{MailSettings, MailTransportKind, SmtpSecurity};

/// A message ready to send: who to, subject, and its plain-text and HTML bodies.
#[derive(Clone, Debug)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("invalid address: {0}")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("cannot write the message file: {0}")]
    File(#[from] lettre::transport::file::Error),
    #[error("cannot create the mail folder {0}: {1}")]
    Folder(PathBuf, std::io::Error),
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
}

/// Sends mail through the configured transport.
#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    transport: Transport,
}

#[derive(Clone)]
enum Transport {
    File(AsyncFileTransport<Tokio1Executor>),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl Mailer {
    pub fn new(settings: &MailSettings) -> Result<Mailer, MailError> {
        let from = settings
            .from
            .parse()
            .map_err(|e| MailError::Address(format!("{}: {e}", settings.from)))?;
        let transport = match settings.transport {
            MailTransportKind::File => {
                std::fs::create_dir_all(&settings.file_dir)
                    .map_err(|e| MailError::Folder(settings.file_dir.clone(), e))?;
                Transport::File(AsyncFileTransport::new(&settings.file_dir))
            }
            MailTransportKind::Smtp => Transport::Smtp(smtp_transport(settings)?),
        };
        Ok(Mailer { from, transport })
    }

    pub fn build(&self, mail: &Mail) -> Result<Message, MailError> {
        let to: Mailbox = mail
            .to
            .parse()
            .map_err(|e| MailError::Address(format!("{}: {e}", mail.to)))?;
        Ok(Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&mail.subject)
            .multipart(MultiPart::alternative_plain_html(
                mail.text.clone(),
                mail.html.clone(),
            ))?)
    }

    pub async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let message = self.build(mail)?;
        match &self.transport {
            Transport::File(transport) => transport.send(message).await.map(|_| ())?,
            Transport::Smtp(transport) => transport.send(message).await.map(|_| ())?,
        }
        Ok(())
    }
}

fn smtp_transport(
    settings: &MailSettings,
) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailError> {
    let smtp = &settings.smtp;
    let mut builder = match smtp.security {
        SmtpSecurity::None => {
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(smtp.host.as_str())
        }
        SmtpSecurity::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host)?,
        SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host)?,
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
