//! What comes back: delivery reports and complaints arriving at the return path. Each is tied
//! to the email it is about by the return path's MAC (see [`crate::mail::return_path`]) —
//! never by the address it claims to be about — and scored against the address that email
//! went to ([`score`]).

pub mod report;
pub mod score;

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::config::Settings;
use crate::mail::return_path;
use crate::store::inbound::Settled;
use crate::store::secrets;
use report::Said;
use score::Scored;

/// Handles a message that came to the return path `recipient`. It is always taken (a report is
/// never answered or bounced); what it did is recorded and counted.
pub fn handle(
    conn: &mut PgConnection,
    settings: &Settings,
    recipient: &str,
    raw: &[u8],
) -> QueryResult<Settled> {
    let settled = |outcome: &'static str, detail: String, player_id: Option<i64>| {
        crate::metrics::mail_report(outcome.trim_start_matches("report_"));
        Settled {
            outcome,
            detail: Some(detail),
            player_id,
            ..Settled::default()
        }
    };
    let Some(report) = report::read(raw) else {
        return Ok(settled(
            "report_unreadable",
            "not a delivery report or complaint that can be read".into(),
            None,
        ));
    };
    let key = secrets::get_or_make(conn, return_path::SECRET, 32)
        .map_err(|e| diesel::result::Error::QueryBuilderError(e.into()))?;
    let base = &settings.mail.return_path;
    let named = std::iter::once(recipient).chain(report.return_paths.iter().map(String::as_str));
    let candidates: Vec<&str> = named.filter(|a| a.contains('+')).collect();
    let Some(email_id) = (candidates.iter()).find_map(|a| return_path::email_of(base, &key, a))
    else {
        let (outcome, why) = if candidates.is_empty() {
            ("report_untied", "it names no return path of ours")
        } else {
            ("report_forged", "its return path's MAC is wrong")
        };
        return Ok(settled(outcome, format!("ignored: {why}"), None));
    };
    // What the report said, in words, and the outcome it has when it counts.
    let (scored, what, counted) = match &report.said {
        Said::Nothing(what) => {
            return Ok(settled(
                "report_nothing",
                format!("{what}, about email {email_id}"),
                None,
            ));
        }
        Said::Failed { failure, status } => (
            score::failure(conn, &settings.mail.bounces, email_id, *failure, status)?,
            format!("{} failure {status}", failure.as_str()),
            match failure {
                report::Failure::Temporary => "report_temporary",
                _ => "report_permanent",
            },
        ),
        Said::Complaint { feedback_type } => (
            score::complaint(conn, email_id, feedback_type)?,
            format!("complaint ({feedback_type})"),
            "report_complaint",
        ),
    };
    Ok(match scored {
        Scored::UnknownEmail => settled(
            "report_unknown_email",
            format!("{what} about email {email_id}, which is no longer kept"),
            None,
        ),
        Scored::Repeat => settled(
            "report_repeat",
            format!("{what} about email {email_id}, already counted"),
            None,
        ),
        Scored::NotCounted { player_id } => settled(
            "report_policy",
            format!("{what} about email {email_id}: not the address's fault"),
            Some(player_id),
        ),
        Scored::Counted {
            player_id,
            score,
            suppressed,
        } => {
            let suppressed = if suppressed {
                "; mail to it stopped"
            } else {
                ""
            };
            settled(
                counted,
                format!(
                    "{what} about email {email_id}: its address's score is {score}{suppressed}"
                ),
                Some(player_id),
            )
        }
        Scored::Complained { player_id } => settled(
            counted,
            format!("{what} about email {email_id}: unrequested mail stopped"),
            Some(player_id),
        ),
    })
}
