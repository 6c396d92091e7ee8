//! Erasing a person who closes their account: what the database kept of their address and
//! names is deleted or replaced by their pseudonym, in one transaction. Their games and events
//! keep every row, with the pseudonym where the name was: names lie outside the logs' hashes
//! (see `crate::chain`), and the logs' trigger lets an UPDATE change nothing else.
//!
//! The words of their table talk were removed before (see `crate::tables::talk`); event titles
//! are kept as typed.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Text};

/// What the database knew a person by, gathered before it is erased.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub player: i64,
    pub email: String,
    /// Their name now and every name the logs give them.
    pub names: Vec<String>,
}

/// Counts of what one erasure changed, for the operator's log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Erased {
    pub log_rows_renamed: i64,
    pub rows_deleted: usize,
    pub others_mail_rewritten: usize,
}

#[derive(QueryableByName)]
struct Named {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct Renamed {
    #[diesel(sql_type = BigInt)]
    rows: i64,
}

/// The address and every name `player` is known by.
pub fn identity(conn: &mut PgConnection, player: i64) -> QueryResult<Identity> {
    use super::schema::players;
    let (email, name): (String, String) = players::table
        .find(player)
        .select((players::email, players::display_name))
        .first(conn)?;
    let mut names: Vec<String> = diesel::sql_query("SELECT names_in_logs($1) AS name")
        .bind::<BigInt, _>(player)
        .load::<Named>(conn)?
        .into_iter()
        .map(|n| n.name)
        .collect();
    names.push(name);
    names.retain(|n| !n.trim().is_empty());
    names.sort();
    names.dedup();
    // Longer names first, so that a name holding another is replaced whole.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    Ok(Identity {
        player,
        email,
        names,
    })
}

/// The person's own rows, deleted: each statement takes the player's id as `$1`, their
/// address as `$2`.
const DELETIONS: &[&str] = &[
    "DELETE FROM sessions WHERE player_id = $1",
    "DELETE FROM api_tokens WHERE player_id = $1",
    "DELETE FROM feed_tokens WHERE player_id = $1",
    "DELETE FROM move_plans WHERE player_id = $1",
    "DELETE FROM reply_tokens WHERE player_id = $1",
    "DELETE FROM reply_topics WHERE player_id = $1 OR lower(address) = $2",
    "DELETE FROM vacations WHERE player_id = $1",
    "DELETE FROM notifications WHERE player_id = $1",
    "DELETE FROM mail_addresses WHERE address = $2
         OR address IN (SELECT address FROM mail_reports WHERE player_id = $1)",
    "DELETE FROM mail_reports WHERE player_id = $1 OR address = $2",
    "DELETE FROM emails WHERE player_id = $1 OR lower(recipient) = $2",
    "DELETE FROM inbound_mail WHERE player_id = $1 OR lower(envelope_from) = $2",
    "DELETE FROM sign_in_tokens WHERE email = $2",
    "DELETE FROM rate_events WHERE subject IN ($1::text, $2)",
    "DELETE FROM invitations WHERE email = $2 AND accepted_by IS NULL",
    "DELETE FROM account_closures WHERE player_id = $1",
    "DELETE FROM address_changes WHERE player_id = $1",
    "DELETE FROM blocks WHERE blocker = $1 OR blocked = $1",
    "DELETE FROM appeals WHERE player_id = $1",
    // Reports stay, for the moderation log's sake, without the words typed by or about them
    // (the address, never empty, is named only because every statement is given both).
    "UPDATE reports SET words = '' WHERE (reporter = $1 OR subject = $1) AND $2 <> ''",
];

/// Erases `who`: names in every log become `pseudonym`, and so do the names and address in
/// others' notifications, emails and received mail; the person's own sessions, tokens, mail,
/// vacations and settings go; the account stays, as an id the logs refer to, named `pseudonym`,
/// with no address. Runs in the caller's transaction.
pub fn erase(conn: &mut PgConnection, who: &Identity, pseudonym: &str) -> QueryResult<Erased> {
    let renamed: Renamed = diesel::sql_query("SELECT forget_names($1, $2) AS rows")
        .bind::<BigInt, _>(who.player)
        .bind::<Text, _>(pseudonym)
        .get_result(conn)?;
    let mut erased = Erased {
        log_rows_renamed: renamed.rows,
        ..Erased::default()
    };
    let email = who.email.to_lowercase();
    for statement in DELETIONS {
        erased.rows_deleted += diesel::sql_query(*statement)
            .bind::<BigInt, _>(who.player)
            .bind::<Text, _>(&email)
            .execute(conn)?;
    }
    diesel::sql_query("UPDATE invitations SET email = '' WHERE email = $1")
        .bind::<Text, _>(&email)
        .execute(conn)?;
    let mut words = who.names.clone();
    words.push(email.clone());
    for word in &words {
        erased.others_mail_rewritten += rewrite_others(conn, word, pseudonym)?;
        rewrite_results(conn, who.player, word, pseudonym)?;
    }
    erased.others_mail_rewritten += blank_encoded_mentions(conn, &words)?;
    diesel::sql_query(
        "UPDATE players SET email = 'closed:' || id, display_name = $2, closed_at = now(),
                name_skeleton = NULL, notify = 'none', unsubscribe_token = md5(random()::text || id),
                email_rejected_at = NULL, email_rejection = NULL, confirmed_at = NULL,
                bot = false, email_pictures = false
         WHERE id = $1",
    )
    .bind::<BigInt, _>(who.player)
    .bind::<Text, _>(pseudonym)
    .execute(conn)?;
    Ok(erased)
}

/// Replaces `word` (a name or the address) with `pseudonym` in what others were sent or sent:
/// notifications, emails (in their text and as HTML writes it) and the raw replies received,
/// whose text is replaced where it is written plainly and emptied where it is not.
fn rewrite_others(conn: &mut PgConnection, word: &str, pseudonym: &str) -> QueryResult<usize> {
    let in_json = json_inner(word);
    let in_html = html_escaped(word);
    let mut changed = diesel::sql_query(
        "UPDATE notifications SET payload = replace(payload::text, $1, $2)::jsonb
         WHERE strpos(payload::text, $1) > 0",
    )
    .bind::<Text, _>(&in_json)
    .bind::<Text, _>(json_inner(pseudonym))
    .execute(conn)?;
    changed += diesel::sql_query(
        "UPDATE emails SET subject = replace(subject, $1, $3),
                body_text = replace(body_text, $1, $3),
                body_html = replace(replace(body_html, $2, $3), $1, $3)
         WHERE strpos(subject, $1) > 0 OR strpos(body_text, $1) > 0
            OR strpos(body_html, $2) > 0 OR strpos(body_html, $1) > 0",
    )
    .bind::<Text, _>(word)
    .bind::<Text, _>(&in_html)
    .bind::<Text, _>(pseudonym)
    .execute(conn)?;
    // A reply is read once, when it arrives; what it says is kept only for the operator to look
    // at. One that quotes the person loses its text rather than keep them in it.
    changed += diesel::sql_query(
        "UPDATE inbound_mail SET raw = ''::bytea
         WHERE outcome <> 'pending' AND position($1 IN raw) > 0",
    )
    .bind::<Bytea, _>(word.as_bytes())
    .execute(conn)?;
    Ok(changed)
}

/// Stored replies that name the person where a search of their bytes cannot see it — in an
/// RFC 2047 subject or name, a base64 or quoted-printable part, another charset (a Japanese
/// client's ISO-2022-JP, say) — lose their text too. Each is decoded as the inbound reader
/// decodes it, rather than every reply of the person's games being emptied: replies that do not
/// name them stay for the operator, and one that does is caught whichever game it was about.
fn blank_encoded_mentions(conn: &mut PgConnection, words: &[String]) -> QueryResult<usize> {
    #[derive(QueryableByName)]
    struct Stored {
        #[diesel(sql_type = BigInt)]
        id: i64,
        #[diesel(sql_type = Bytea)]
        raw: Vec<u8>,
    }
    let words: Vec<String> = (words.iter())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect();
    let mut blanked = 0;
    let mut after = 0;
    loop {
        let batch: Vec<Stored> = diesel::sql_query(
            "SELECT id, raw FROM inbound_mail
             WHERE id > $1 AND outcome <> 'pending' AND length(raw) > 0
             ORDER BY id LIMIT 200",
        )
        .bind::<BigInt, _>(after)
        .load(conn)?;
        let Some(last) = batch.last() else {
            return Ok(blanked);
        };
        after = last.id;
        for stored in batch {
            let text = decoded_text(&stored.raw).to_lowercase();
            if words.iter().any(|word| text.contains(word.as_str())) {
                blanked +=
                    diesel::sql_query("UPDATE inbound_mail SET raw = ''::bytea WHERE id = $1")
                        .bind::<BigInt, _>(stored.id)
                        .execute(conn)?;
            }
        }
    }
}

/// Everything a message says in words, decoded: every part's headers (names and addresses,
/// subjects, any other text) and its text, as mail-parser reads them.
fn decoded_text(raw: &[u8]) -> String {
    let Some(message) = mail_parser::MessageParser::default().parse(raw) else {
        return String::new();
    };
    let mut text = String::new();
    for part in &message.parts {
        for header in part.headers() {
            let value = header.value();
            for line in value.as_text_list().unwrap_or_default() {
                text.push_str(line);
                text.push('\n');
            }
            for addr in value.as_address().into_iter().flat_map(|a| a.iter()) {
                text.push_str(addr.name().unwrap_or_default());
                text.push(' ');
                text.push_str(addr.address().unwrap_or_default());
                text.push('\n');
            }
        }
        if let Some(contents) = part.text_contents() {
            text.push_str(contents);
            text.push('\n');
        }
    }
    text
}

/// Replaces `word` with `pseudonym` in the results of `player`'s games, written in words when
/// each game ended.
fn rewrite_results(
    conn: &mut PgConnection,
    player: i64,
    word: &str,
    pseudonym: &str,
) -> QueryResult<usize> {
    diesel::sql_query(
        "UPDATE games SET result = replace(result, $1, $3),
                result_message = replace(result_message::text, $2, $4)::jsonb
         WHERE id IN (SELECT game_id FROM game_players WHERE player_id = $5)
           AND (strpos(result, $1) > 0 OR strpos(result_message::text, $2) > 0)",
    )
    .bind::<Text, _>(word)
    .bind::<Text, _>(json_inner(word))
    .bind::<Text, _>(pseudonym)
    .bind::<Text, _>(json_inner(pseudonym))
    .bind::<BigInt, _>(player)
    .execute(conn)
}

/// `text` as it stands inside a JSON string, without the quotes.
fn json_inner(text: &str) -> String {
    let quoted = serde_json::to_string(text).expect("strings serialize");
    quoted[1..quoted.len() - 1].to_string()
}

/// `text` as askama's HTML escaping writes it: each of `"&'<>` as a decimal reference.
pub fn html_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' | '&' | '\'' | '<' | '>' => out.push_str(&format!("&#{};", c as u32)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_encoded_message_is_read_in_words() {
        let raw = "From: =?UTF-8?B?WmVwaHlyaW5l?= <z@example.com>\r\n\
                   Subject: =?UTF-8?B?UmU6IOOBguOBquOBn+OBrueVqiBBbm4=?=\r\n\
                   MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
                   Content-Transfer-Encoding: base64\r\n\r\nPiBab3JhIHBsYXllZA==\r\n";
        let text = decoded_text(raw.as_bytes());
        assert!(text.contains("Zephyrine z@example.com"), "{text}");
        assert!(text.contains("Ann"), "{text}");
        assert!(text.contains("> Zora played"), "{text}");
    }

    #[test]
    fn names_are_found_as_json_and_html_write_them() {
        assert_eq!(json_inner("Ann \"the\" Bold"), r#"Ann \"the\" Bold"#);
        assert_eq!(
            html_escaped("O'Brien & <Co>"),
            "O&#39;Brien &#38; &#60;Co&#62;"
        );
    }
}
