//! The turns feed as Atom (RFC 4287): an entry when it is the player's turn (a new one each turn)
//! and one when a game has ended, each linking to the board.

use chrono::{DateTime, Utc};

use super::Reader;
use super::items::GameItem;
use crate::rules::Message;

/// The whole feed; `self_link` is its own address.
pub fn feed(items: &[GameItem], reader: &Reader<'_>, self_link: &str) -> String {
    let entries: Vec<Entry> = items
        .iter()
        .filter_map(|item| entry(item, reader))
        .collect();
    let updated = (entries.iter().map(|e| e.updated).max()).unwrap_or(DateTime::UNIX_EPOCH);
    let title = (reader.lang.tr("feed-atom-title"))
        .arg("player", reader.name)
        .to_string();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
    out.push_str(&format!("  <title>{}</title>\n", escape(&title)));
    out.push_str(&format!(
        "  <id>{}</id>\n",
        escape(&format!(
            "tag:{},2026:player/{}",
            reader.host, reader.player
        ))
    ));
    out.push_str(&format!("  <updated>{}</updated>\n", time(updated)));
    out.push_str(&format!(
        "  <link rel=\"self\" href=\"{}\"/>\n",
        escape(self_link)
    ));
    out.push_str("  <author><name>Turnpost</name></author>\n");
    for entry in entries {
        out.push_str("  <entry>\n");
        out.push_str(&format!("    <title>{}</title>\n", escape(&entry.title)));
        out.push_str(&format!("    <id>{}</id>\n", escape(&entry.id)));
        out.push_str(&format!("    <updated>{}</updated>\n", time(entry.updated)));
        out.push_str(&format!("    <link href=\"{}\"/>\n", escape(&entry.link)));
        out.push_str(&format!(
            "    <summary>{}</summary>\n",
            escape(&entry.summary)
        ));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

struct Entry {
    title: String,
    id: String,
    updated: DateTime<Utc>,
    link: String,
    summary: String,
}

/// A game's entry: the player's turn, or the game's end; nothing while another player is to act.
fn entry(item: &GameItem, reader: &Reader<'_>) -> Option<Entry> {
    let link = format!("{}/games/{}", reader.base, item.id);
    let tag = |what: String| format!("tag:{},2026:game/{}/{what}", reader.host, item.id);
    let lang = reader.lang;
    if let Some(result) = &item.result {
        let title = Message::new("feed-game-over")
            .text("game", item.title.clone())
            .text("result", result.clone());
        return Some(Entry {
            title: lang.say(&title, &[]),
            id: tag("end".into()),
            updated: item.changed_at,
            link,
            summary: result.clone(),
        });
    }
    if !item.yours {
        return None;
    }
    let title = Message::new("feed-your-turn").text("game", item.title.clone());
    let summary = match item.due {
        Some(due) => reader.due_words(due),
        None => lang.t("feed-no-deadline"),
    };
    Some(Entry {
        title: lang.say(&title, &[]),
        id: tag(format!("turn/{}", item.seq)),
        updated: item.changed_at,
        link,
        summary,
    })
}

fn time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
