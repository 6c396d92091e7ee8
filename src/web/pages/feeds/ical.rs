//! The deadlines feed as iCalendar (RFC 5545): one event a game, with a UID that stays the same
//! for the game's life and a SEQUENCE that grows with every move, so that a calendar moves the
//! event when the deadline moves; an alarm before each deadline; an ended game's event kept a
//! while, cancelled, so that calendars remove it.

use chrono::{DateTime, Utc};

use super::Reader;
use super::items::GameItem;
use crate::rules::Message;

/// How long before a deadline the calendar reminds.
const ALARM_BEFORE: &str = "-PT3H";

/// The whole calendar.
pub fn calendar(items: &[GameItem], reader: &Reader<'_>) -> String {
    let mut out = Lines::default();
    out.line("BEGIN:VCALENDAR");
    out.line("VERSION:2.0");
    out.line("PRODID:-//Turnpost//Deadlines//EN");
    out.line("CALSCALE:GREGORIAN");
    out.line("METHOD:PUBLISH");
    let name = (reader.lang.tr("feed-calendar-name"))
        .arg("player", reader.name)
        .to_string();
    out.field("X-WR-CALNAME", &name);
    out.field("X-WR-TIMEZONE", reader.zone.name());
    let mut rounds = Vec::new();
    for item in items {
        game_event(&mut out, item, reader);
        if let Some(round) = &item.round
            && !rounds.iter().any(|(key, _, _)| *key == round.0)
        {
            rounds.push(round.clone());
        }
    }
    for (key, heading, due) in rounds {
        let summary = (reader.lang.tr("feed-round-ends"))
            .arg("round", heading.as_str())
            .to_string();
        out.line("BEGIN:VEVENT");
        out.field("UID", &format!("round-{key}@{}", reader.host));
        out.line(&format!("DTSTAMP:{}", stamp(due)));
        out.line(&format!("DTSTART:{}", stamp(due)));
        out.line("DURATION:PT15M");
        out.field("SUMMARY", &summary);
        out.field("DESCRIPTION", &reader.due_words(due));
        alarm(&mut out, &summary);
        out.line("END:VEVENT");
    }
    out.line("END:VCALENDAR");
    out.text
}

fn game_event(out: &mut Lines, item: &GameItem, reader: &Reader<'_>) {
    let board = format!("{}/games/{}", reader.base, item.id);
    let (summary, start, description) = match (&item.result, item.due) {
        (Some(result), _) => {
            let summary = Message::new("feed-game-over")
                .text("game", item.title.clone())
                .text("result", result.clone());
            (
                reader.lang.say(&summary, &[]),
                item.changed_at,
                result.clone(),
            )
        }
        (None, Some(due)) => {
            let summary = match &item.to_act {
                None => Message::new("feed-due-yours").text("game", item.title.clone()),
                Some(player) => Message::new("feed-due-theirs")
                    .text("game", item.title.clone())
                    .text("player", player.clone()),
            };
            (reader.lang.say(&summary, &[]), due, reader.due_words(due))
        }
        // An untimed game has no deadline to show.
        (None, None) => return,
    };
    out.line("BEGIN:VEVENT");
    out.field("UID", &format!("game-{}@{}", item.id, reader.host));
    out.line(&format!("DTSTAMP:{}", stamp(item.changed_at)));
    out.line(&format!("SEQUENCE:{}", item.seq));
    out.line(&format!("DTSTART:{}", stamp(start)));
    out.line("DURATION:PT15M");
    out.field("SUMMARY", &summary);
    out.field("DESCRIPTION", &format!("{description}\n{board}"));
    out.field("URL", &board);
    if item.result.is_some() {
        out.line("STATUS:CANCELLED");
    } else {
        out.line("STATUS:CONFIRMED");
        alarm(out, &summary);
    }
    out.line("END:VEVENT");
}

fn alarm(out: &mut Lines, summary: &str) {
    out.line("BEGIN:VALARM");
    out.line("ACTION:DISPLAY");
    out.line(&format!("TRIGGER:{ALARM_BEFORE}"));
    out.field("DESCRIPTION", summary);
    out.line("END:VALARM");
}

/// A time in UTC, as iCalendar writes it.
fn stamp(time: DateTime<Utc>) -> String {
    time.format("%Y%m%dT%H%M%SZ").to_string()
}

/// Content lines, each ended by CRLF and folded at 75 octets.
#[derive(Default)]
struct Lines {
    text: String,
}

impl Lines {
    fn line(&mut self, line: &str) {
        let mut width = 0;
        for c in line.chars() {
            if width + c.len_utf8() > 75 {
                self.text.push_str("\r\n ");
                width = 1;
            }
            self.text.push(c);
            width += c.len_utf8();
        }
        self.text.push_str("\r\n");
    }

    /// A property whose value is text, escaped.
    fn field(&mut self, name: &str, value: &str) {
        self.line(&format!("{name}:{}", escape(value)));
    }
}

fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_folded_at_75_octets_without_splitting_a_character() {
        let mut lines = Lines::default();
        let long = format!("SUMMARY:{}", "盤".repeat(40));
        lines.line(&long);
        for line in lines.text.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(line.len() <= 75, "{line}: {} octets", line.len());
        }
        let unfolded = lines.text.replace("\r\n ", "");
        assert_eq!(unfolded.trim_end(), long);
    }

    #[test]
    fn a_round_deadline_is_an_event_of_its_own_once_however_many_games_it_has() {
        let due: DateTime<Utc> = "2026-12-20T12:00:00Z".parse().unwrap();
        let item = |id: &str, seq| GameItem {
            id: id.into(),
            title: "Kalah against Bo".into(),
            seq,
            changed_at: "2026-12-07T12:00:00Z".parse().unwrap(),
            to_act: None,
            yours: true,
            due: Some("2026-12-09T12:00:00Z".parse().unwrap()),
            result: None,
            round: Some(("ev1-2".into(), "Tournament “Autumn”, round 2".into(), due)),
        };
        let reader = Reader {
            player: 7,
            name: "Ann",
            lang: crate::i18n::Lang::En,
            zone: chrono_tz::Tz::UTC,
            base: "https://turnpost.example",
            host: "turnpost.example",
        };
        let text = calendar(&[item("g1", 5), item("g2", 9)], &reader);
        let unfolded = text.replace("\r\n ", "");
        assert_eq!(
            unfolded.matches("UID:round-ev1-2@turnpost.example").count(),
            1
        );
        assert!(
            unfolded.contains("SUMMARY:Tournament “Autumn”\\, round 2 ends"),
            "{text}"
        );
        assert!(unfolded.contains("DTSTART:20261220T120000Z"), "{text}");
        assert!(
            unfolded
                .contains("UID:game-g2@turnpost.example\r\nDTSTAMP:20261207T120000Z\r\nSEQUENCE:9")
        );
    }

    #[test]
    fn text_values_are_escaped() {
        assert_eq!(escape("a, b; c\\d\ne"), "a\\, b\\; c\\\\d\\ne");
    }
}
