//! Times as a reader sees them: in their own time zone, and how long ago.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::rules::Message;
use crate::web::request::session::Visitor;

/// The visitor's time zone: their choice in Settings, UTC until they make one (and for guests).
pub fn zone_of(visitor: &Visitor) -> Tz {
    visitor
        .player
        .as_ref()
        .and_then(|p| p.time_zone.parse().ok())
        .unwrap_or(Tz::UTC)
}

/// "2026-11-24 16:05 CET".
pub fn local(time: DateTime<Utc>, zone: Tz) -> String {
    time.with_timezone(&zone)
        .format("%Y-%m-%d %H:%M %Z")
        .to_string()
}

/// An RFC 3339 time from a log entry, in `zone`; the text as it is if it does not parse.
pub fn local_text(text: &str, zone: Tz) -> String {
    DateTime::parse_from_rfc3339(text)
        .map_or_else(|_| text.to_string(), |t| local(t.with_timezone(&Utc), zone))
}

/// "just now", "12 min ago", "3 h ago", "2 days ago".
pub fn ago(time: DateTime<Utc>, now: DateTime<Utc>) -> Message {
    let seconds = (now - time).num_seconds().max(0);
    match seconds {
        0..60 => Message::new("time-just-now"),
        60..3_600 => Message::new("time-minutes-ago").with("minutes", seconds / 60),
        3_600..86_400 => Message::new("time-hours-ago").with("hours", seconds / 3_600),
        _ => Message::new("time-days-ago").with("days", seconds / 86_400),
    }
}

/// Every zone a player can choose, UTC first.
pub fn zone_names() -> impl Iterator<Item = &'static str> {
    std::iter::once("UTC").chain(
        chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| tz.name())
            .filter(|name| name.contains('/') && !name.starts_with("Etc/")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    #[test]
    fn times_read_in_the_chosen_zone_with_daylight_saving() {
        let winter = Utc.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
        let summer = Utc.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).unwrap();
        let berlin: Tz = "Europe/Berlin".parse().unwrap();
        assert_eq!(local(winter, berlin), "2026-01-15 13:00 CET");
        assert_eq!(local(summer, berlin), "2026-07-15 14:00 CEST");
        assert_eq!(
            local(winter, "Asia/Tokyo".parse().unwrap()),
            "2026-01-15 21:00 JST"
        );
        assert_eq!(local(winter, Tz::UTC), "2026-01-15 12:00 UTC");
        assert_eq!(
            local_text("2026-01-15T12:00:00.000000Z", berlin),
            "2026-01-15 13:00 CET"
        );
        assert_eq!(local_text("soon", berlin), "soon");
    }

    #[test]
    fn relative_times_round_down_to_the_unit() {
        let now = Utc.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
        let before = |s: i64| ago(now - Duration::seconds(s), now).to_string();
        assert_eq!(before(30), "just now");
        assert_eq!(before(125), "2 min ago");
        assert_eq!(before(3 * 3_600 + 59 * 60), "3 h ago");
        assert_eq!(before(86_400 + 5), "1 day ago");
        assert_eq!(before(9 * 86_400), "9 days ago");
        assert_eq!(ago(now + Duration::seconds(5), now).to_string(), "just now");
        assert_eq!(
            crate::i18n::Lang::Ja.say(&ago(now - Duration::seconds(125), now), &[]),
            "2 分前"
        );
    }

    #[test]
    fn the_zone_list_starts_with_utc_and_holds_real_places() {
        let names: Vec<&str> = zone_names().collect();
        assert_eq!(names[0], "UTC");
        assert!(names.contains(&"Asia/Tokyo"));
        assert!(names.contains(&"America/New_York"));
        assert!(names.iter().all(|n| n.parse::<Tz>().is_ok()));
    }
}
