//! Translated sentences that name players, with each person's name a link to their page.
//!
//! The sentence is translated with [`NAMES`] where the list of names goes, so that each language
//! keeps its own word order, and then cut there.

use crate::computers::is_computer;
use crate::game_log::record::read_model::Seated;

/// Stands in for the list of names while the sentence is translated: a private-use character
/// that no name may hold.
pub const NAMES: &str = "\u{E000}";

/// A run of a sentence: plain words, or a name with the address of its player's page.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub text: String,
    pub link: Option<String>,
}

impl Piece {
    fn words(text: &str) -> Piece {
        Piece {
            text: text.to_string(),
            link: None,
        }
    }
}

/// A person's name links to their page; a computer's does not, as it has none.
pub fn name_piece(seated: &Seated) -> Piece {
    Piece {
        text: seated.name.clone(),
        link: (!is_computer(seated.player_id)).then(|| player_path(&seated.name)),
    }
}

/// `sentence` with the names, joined by `separator`, where it holds [`NAMES`].
pub fn with_names(sentence: &str, names: &[Piece], separator: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (i, words) in sentence.split(NAMES).enumerate() {
        if i > 0 {
            for (j, name) in names.iter().enumerate() {
                if j > 0 {
                    pieces.push(Piece::words(separator));
                }
                pieces.push(name.clone());
            }
        }
        if !words.is_empty() {
            pieces.push(Piece::words(words));
        }
    }
    pieces
}

/// The sentence as plain text, for the JSON twins and emails.
pub fn plain(pieces: &[Piece]) -> String {
    pieces.iter().map(|p| p.text.as_str()).collect()
}

/// The address of a player's page. Names may hold spaces and any script.
pub fn player_path(name: &str) -> String {
    let mut path = String::from("/players/");
    for byte in name.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                path.push(byte as char)
            }
            other => path.push_str(&format!("%{other:02X}")),
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seated(id: i64, name: &str) -> Seated {
        Seated {
            player_id: id,
            name: name.into(),
            seat: None,
            to_act: false,
        }
    }

    #[test]
    fn names_go_where_the_language_puts_them_and_only_people_link() {
        let names = [
            name_piece(&seated(7, "Ann Lee")),
            name_piece(&seated(-1, "Easy")),
        ];
        let pieces = with_names(&format!("{NAMES} さんと"), &names, "、");
        assert_eq!(plain(&pieces), "Ann Lee、Easy さんと");
        assert_eq!(pieces[0].link.as_deref(), Some("/players/Ann%20Lee"));
        assert_eq!(pieces[2].link, None);
        assert_eq!(pieces.len(), 4);
        let english = with_names(&format!("with {NAMES}"), &names, ", ");
        assert_eq!(plain(&english), "with Ann Lee, Easy");
        assert_eq!(english[1].text, "Ann Lee");
    }

    #[test]
    fn a_sentence_without_the_mark_is_left_whole() {
        let pieces = with_names("—", &[name_piece(&seated(7, "Ann"))], ", ");
        assert_eq!(pieces, vec![Piece::words("—")]);
    }
}
