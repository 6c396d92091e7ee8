//! The checker: what every person was told against what the database and the relay hold.
//! Every move told made is in its log once and none told refused is; every email marked sent
//! reached the relay, nothing reached it that was not composed; every reply the listener took
//! was handled once; and `turnpost audit` passes over the whole site.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::Value;

use super::db;
use super::ledger::{Attempt, Ledger, Said};
use super::site::Site;

/// What the checker found: each broken promise, and the figures for the report.
#[derive(Default)]
pub struct Findings {
    pub problems: Vec<String>,
    pub figures: Vec<String>,
}

impl Findings {
    fn problem(&mut self, text: String) {
        self.problems.push(text);
    }

    fn figure(&mut self, text: String) {
        self.figures.push(text);
    }
}

/// Matches one person's attempts in one game with the moves the log holds by them there, in
/// order. A move told made must be the next of theirs in the log; one told refused must not
/// be; one with no clear answer may be either. The board each attempt was sent from tells which
/// it was: a move made was seen by the person's next attempt.
pub fn match_moves(attempts: &[&Attempt], rows: &[(i64, Value)]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut next = 0;
    for (i, attempt) in attempts.iter().enumerate() {
        let seen_by_next = attempts.get(i + 1).map(|a| a.expected_seq);
        let played = rows.get(next).filter(|(seq, command)| {
            *command == attempt.command
                && *seq > attempt.expected_seq
                && seen_by_next.is_none_or(|seen| *seq <= seen)
        });
        let at = |seq: &i64| format!("game {} row {seq}", attempt.game_id);
        match (&attempt.said, played) {
            (Said::Made | Said::Unknown(_), Some(_)) => next += 1,
            (Said::Made, None) => problems.push(format!(
                "lost: player {} was told {} on row {} was made, and the log does not hold it",
                attempt.player_id, attempt.command, attempt.expected_seq
            )),
            (Said::Refused(status), Some((seq, _))) => {
                problems.push(format!(
                    "refused yet made: player {} was answered {status} for {}, and it is {}",
                    attempt.player_id,
                    attempt.command,
                    at(seq)
                ));
                next += 1;
            }
            _ => {}
        }
    }
    for (seq, command) in &rows[next.min(rows.len())..] {
        problems.push(format!(
            "unexplained: {command} at row {seq} was sent once at most and is in the log again, \
             or was never sent"
        ));
    }
    problems
}

/// The moves: every person's attempts against the logs; the email players' moves against the
/// replies the listener handled.
pub fn moves(url: &str, ledger: &Ledger, by_email: &[i64], findings: &mut Findings) {
    let rows = db::rows(
        url,
        "SELECT game_id, seq, actor, command->'command' AS command FROM game_events \
         WHERE command->>'type' = 'play' AND actor > 0 ORDER BY game_id, seq",
    );
    let mut logged: BTreeMap<(String, i64), Vec<(i64, Value)>> = BTreeMap::new();
    for row in &rows {
        let key = (
            row["game_id"].as_str().unwrap().to_string(),
            row["actor"].as_i64().unwrap(),
        );
        logged
            .entry(key)
            .or_default()
            .push((row["seq"].as_i64().unwrap(), row["command"].clone()));
    }
    let attempts = ledger.attempts();
    let mut sent: BTreeMap<(String, i64), Vec<&Attempt>> = BTreeMap::new();
    for attempt in &attempts {
        let key = (attempt.game_id.clone(), attempt.player_id);
        sent.entry(key).or_default().push(attempt);
    }
    for (key, attempts) in &sent {
        let rows = logged.get(key).map(Vec::as_slice).unwrap_or_default();
        for problem in match_moves(attempts, rows) {
            findings.problem(problem);
        }
    }
    for ((game, actor), rows) in &logged {
        if !sent.contains_key(&(game.clone(), *actor)) && !by_email.contains(actor) {
            findings.problem(format!(
                "unexplained: {} moves by player {actor} in game {game}, who sent none there",
                rows.len()
            ));
        }
    }
    let count = |wanted: fn(&Said) -> bool| attempts.iter().filter(|a| wanted(&a.said)).count();
    findings.figure(format!(
        "moves sent by forms and JSON: {}: {} made, {} refused, {} without a clear answer; \
         {} moves by people in the logs",
        attempts.len(),
        count(|s| *s == Said::Made),
        count(|s| matches!(s, Said::Refused(_))),
        count(|s| matches!(s, Said::Unknown(_))),
        rows.len()
    ));
    email_moves(url, &logged, by_email, findings);
}

/// Each email player's moves in the logs are as many as their replies that were played.
fn email_moves(
    url: &str,
    logged: &BTreeMap<(String, i64), Vec<(i64, Value)>>,
    by_email: &[i64],
    findings: &mut Findings,
) {
    for &player in by_email {
        let in_logs: usize = (logged.iter())
            .filter(|((_, actor), _)| *actor == player)
            .map(|(_, rows)| rows.len())
            .sum();
        let played = db::number(
            url,
            &format!(
                "SELECT count(*) AS n FROM inbound_mail WHERE player_id = {player} \
                 AND outcome = 'played' AND duplicate_of IS NULL"
            ),
        ) as usize;
        if in_logs != played {
            findings.problem(format!(
                "player {player}'s replies played {played} moves, and the logs hold {in_logs}"
            ));
        }
    }
}

/// The replies: each one the listener took was stored once and handled.
pub fn replies(url: &str, ledger: &Ledger, findings: &mut Findings) {
    let stored = db::rows(
        url,
        "SELECT message_id, duplicate_of, outcome FROM inbound_mail",
    );
    let mut by_id: HashMap<String, Vec<&Value>> = HashMap::new();
    for row in &stored {
        if let Some(id) = row["message_id"].as_str() {
            by_id.entry(bare(id)).or_default().push(row);
        }
    }
    let mailed = ledger.replies();
    let taken = mailed.iter().filter(|r| r.taken).count();
    for reply in mailed.iter().filter(|r| r.taken) {
        let rows = by_id.get(&reply.message_id).cloned().unwrap_or_default();
        let originals: Vec<_> = rows
            .iter()
            .filter(|r| r["duplicate_of"].is_null())
            .collect();
        match originals.as_slice() {
            [] => findings.problem(format!(
                "lost reply: the listener took <{}> from player {} and it is not stored",
                reply.message_id, reply.player_id
            )),
            [one] if one["outcome"] == "pending" => findings.problem(format!(
                "unhandled reply: <{}> is still waiting",
                reply.message_id
            )),
            [_] => {}
            more => findings.problem(format!(
                "reply handled {} times: <{}>",
                more.len(),
                reply.message_id
            )),
        }
    }
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    for row in &stored {
        *outcomes
            .entry(row["outcome"].as_str().unwrap_or("?").to_string())
            .or_default() += 1;
    }
    findings.figure(format!(
        "replies mailed: {}, taken by the listener: {taken}; stored {} ({outcomes:?})",
        mailed.len(),
        stored.len()
    ));
}

/// A Message-ID without its angle brackets.
fn bare(id: &str) -> String {
    id.trim().trim_matches(['<', '>']).to_string()
}

/// The Message-ID header of a raw message.
fn message_id(raw: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    let headers = text.split("\r\n\r\n").next()?;
    let mut lines = headers.split("\r\n").peekable();
    while let Some(line) = lines.next() {
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("Message-ID")
        {
            let mut value = value.to_string();
            while let Some(folded) = lines.next_if(|l| l.starts_with([' ', '\t'])) {
                value.push_str(folded);
            }
            return Some(bare(&value));
        }
    }
    None
}

/// The mail: everything marked sent reached the relay, everything that reached it was composed
/// by Turnpost (or went to an account since closed, whose emails went with it), the same email
/// twice only under its own Message-ID, nothing given up.
pub fn mail(site: &Site, closed: &[String], findings: &mut Findings) {
    let url = &site.app.db.url;
    let composed = db::rows(
        url,
        "SELECT id, message_id, kind, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed \
         FROM emails",
    );
    let received = site.app.smtp.received();
    let mut arrived: HashMap<String, usize> = HashMap::new();
    let mut recipients: HashMap<String, &[String]> = HashMap::new();
    for message in &received {
        match message_id(&message.data) {
            Some(id) => {
                *arrived.entry(id.clone()).or_default() += 1;
                recipients.insert(id, &message.recipients);
            }
            None => findings.problem("the relay took a message without a Message-ID".into()),
        }
    }
    let known: HashSet<String> = (composed.iter())
        .map(|row| bare(row["message_id"].as_str().unwrap()))
        .collect();
    for row in &composed {
        let id = bare(row["message_id"].as_str().unwrap());
        if row["sent"] == true && !arrived.contains_key(&id) {
            findings.problem(format!(
                "lost email: {} ({}) is marked sent and never reached the relay",
                id, row["kind"]
            ));
        }
        if row["failed"] == true {
            findings.problem(format!("email given up: {id} ({})", row["kind"]));
        }
    }
    let mut erased = 0;
    for (id, to) in &recipients {
        if known.contains(id) {
            continue;
        }
        match to.iter().any(|to| closed.contains(to)) {
            true => erased += 1,
            false => findings.problem(format!(
                "the relay took {id} for {to:?}, which Turnpost never composed"
            )),
        }
    }
    let again: usize = arrived.values().map(|n| n - 1).sum();
    let bytes: usize = received.iter().map(|m| m.data.len()).sum();
    let sent = composed.iter().filter(|r| r["sent"] == true).count();
    findings.figure(format!(
        "emails composed: {}, marked sent: {sent}; messages at the relay: {} ({:.1} MB), of which {again} \
         again under the same Message-ID (a send whose answer was lost) and {erased} to an \
         account closed since",
        composed.len(),
        received.len(),
        bytes as f64 / 1e6
    ));
}

/// `turnpost audit` over the whole site, and `turnpost verify` of the tournament's log.
pub fn audit(site: &Site, event: &str, findings: &mut Findings) {
    let (passed, output) = site.run(&["audit"]);
    if !passed {
        findings.problem(format!("turnpost audit failed:\n{output}"));
    }
    if let Some(summary) = output.lines().find(|l| !l.trim().is_empty()) {
        findings.figure(format!("turnpost audit: {}", summary.trim()));
    }
    let (verified, output) = site.run(&["verify", "--event", event]);
    if !verified {
        findings.problem(format!("the tournament's log does not verify:\n{output}"));
    }
}

/// What the site still has to do: emails due, replies waiting, computers to move, clocks run out
/// and not yet timed out. Empty once everything has drained.
pub fn backlog(url: &str) -> Vec<String> {
    let sql = format!(
        "SELECT 'emails due' AS what, count(*) AS n FROM emails \
           WHERE sent_at IS NULL AND failed_at IS NULL \
         UNION ALL SELECT 'replies waiting', count(*) FROM inbound_mail WHERE outcome = 'pending' \
         UNION ALL SELECT 'notices to compose', count(*) FROM notifications \
           WHERE state = 'pending' AND created_at < now() - interval '2 seconds' \
         UNION ALL SELECT 'computers to move', count(*) FROM ({}) c \
         UNION ALL SELECT 'clocks run out', count(*) FROM turn_clocks t \
           JOIN games g ON g.id = t.game_id \
           WHERE g.phase = 'active' AND NOT t.expiry_handled \
             AND t.due_at < now() - interval '2 seconds'",
        super::faults::computer_to_move()
    );
    db::rows(url, &sql)
        .into_iter()
        .filter(|row| row["n"].as_i64() != Some(0))
        .map(|row| format!("{} {}", row["n"], row["what"].as_str().unwrap()))
        .collect()
}
