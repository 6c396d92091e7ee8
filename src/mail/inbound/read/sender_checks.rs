//! Checking a sender here, for a site whose relay checks nothing (`inbound.verify`): the
//! message's DKIM signatures, SPF for the client that delivered it, and DMARC, from DNS, with
//! mail-auth. The verdict is written as an Authentication-Results header value and read as a
//! trusted relay's would be ([`super::message::Vouch::Checked`]).

use std::net::{IpAddr, SocketAddr};

use mail_auth::dmarc::verify::DmarcParameters;
use mail_auth::hickory_resolver::config::{ConnectionConfig, NameServerConfig, ResolverConfig};
use mail_auth::spf::verify::SpfParameters;
use mail_auth::{AuthenticatedMessage, AuthenticationResults, MessageAuthenticator, SpfOutput};

use crate::config::InboundSettings;

/// What a delivering client told of itself: its address (none for a message piped in) and the
/// name it greeted with.
pub struct Client<'a> {
    pub ip: Option<IpAddr>,
    pub helo: &'a str,
}

pub struct SenderChecks {
    authenticator: MessageAuthenticator,
    /// The name the verdict is written under (an Authentication-Results authserv-id).
    host: String,
}

impl SenderChecks {
    /// The checks the settings ask for: `None` unless `inbound.verify` is on. The resolver is
    /// `inbound.dns_server`, or the system's.
    pub fn from_settings(
        settings: &InboundSettings,
        host: &str,
    ) -> Result<Option<SenderChecks>, String> {
        if !settings.verify {
            return Ok(None);
        }
        let server = settings.dns_server.trim();
        let authenticator = if server.is_empty() {
            MessageAuthenticator::new_system_conf()
        } else {
            let address: SocketAddr = server.parse().map_err(|_| {
                format!("inbound.dns_server = {server:?} is not an IP:PORT address")
            })?;
            let connection = |mut connection: ConnectionConfig| {
                connection.port = address.port();
                connection
            };
            let server = NameServerConfig::new(
                address.ip(),
                true,
                vec![
                    connection(ConnectionConfig::udp()),
                    connection(ConnectionConfig::tcp()),
                ],
            );
            let config = ResolverConfig::from_name_servers(vec![server]);
            MessageAuthenticator::new(config, Default::default())
        }
        .map_err(|e| format!("the DNS resolver for inbound.verify cannot start: {e}"))?;
        Ok(Some(SenderChecks {
            authenticator,
            host: host.to_string(),
        }))
    }

    /// The verdict on `raw`, sent by `client` with envelope sender `mail_from`, as an
    /// Authentication-Results header value. Without a client address SPF is not checked, and
    /// DMARC rests on DKIM alone.
    pub async fn verdict(&self, raw: &[u8], client: &Client<'_>, mail_from: &str) -> String {
        let Some(message) = AuthenticatedMessage::parse(raw) else {
            return format!("{}; none", self.host);
        };
        let dkim = self.authenticator.verify_dkim(&message).await;
        let from = message.from.first().cloned().unwrap_or_default();
        let helo = if client.helo.is_empty() {
            "unknown"
        } else {
            client.helo
        };
        let mail_from_domain = mail_from.rsplit_once('@').map_or(helo, |(_, d)| d);
        let mut results = AuthenticationResults::new(&self.host).with_dkim_results(&dkim, &from);
        let spf = match client.ip {
            Some(ip) => {
                let asked = SpfParameters::verify_mail_from(ip, helo, &self.host, mail_from);
                let spf = self.authenticator.verify_spf(asked).await;
                results = results.with_spf_mailfrom_result(&spf, ip, mail_from, helo);
                spf
            }
            None => SpfOutput::new(mail_from_domain.to_string()),
        };
        let dmarc = self
            .authenticator
            .verify_dmarc(DmarcParameters::new(
                &message,
                &dkim,
                mail_from_domain,
                &spf,
            ))
            .await;
        results.with_dmarc_result(&dmarc).to_string()
    }
}
