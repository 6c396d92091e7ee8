use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fluent_syntax::ast::Entry;
use fluent_syntax::parser;

use super::Lang;
use crate::rules::message::Message;

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the directory is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every message and term id in one language's files, and the files' text.
fn ids(lang: Lang) -> (BTreeSet<String>, String) {
    let mut files = Vec::new();
    files_under(
        &root().join("src/i18n/locales").join(lang.code()),
        &mut files,
    );
    let (mut ids, mut all) = (BTreeSet::new(), String::new());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a translation file is readable");
        let resource = parser::parse(text.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", file.display()));
        for entry in resource.body {
            match entry {
                Entry::Message(m) => {
                    assert!(ids.insert(m.id.name.to_string()), "{} twice", m.id.name)
                }
                Entry::Term(t) => assert!(
                    ids.insert(format!("-{}", t.id.name)),
                    "-{} twice",
                    t.id.name
                ),
                _ => {}
            }
        }
        all.push_str(&text);
    }
    (ids, all)
}

/// The source and templates, where keys are named.
fn code() -> String {
    let mut files = Vec::new();
    files_under(&root().join("src"), &mut files);
    files_under(&root().join("templates"), &mut files);
    files
        .into_iter()
        .filter(|f| !f.starts_with(root().join("src/i18n/locales")))
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect()
}

#[test]
fn both_languages_have_the_same_keys() {
    let (en, _) = ids(Lang::En);
    let (ja, _) = ids(Lang::Ja);
    let only_en: Vec<_> = en.difference(&ja).collect();
    let only_ja: Vec<_> = ja.difference(&en).collect();
    assert!(only_en.is_empty(), "missing in Japanese: {only_en:?}");
    assert!(only_ja.is_empty(), "missing in English: {only_ja:?}");
}

#[test]
fn every_key_is_used_and_every_key_named_in_code_exists() {
    let (keys, ftl) = ids(Lang::En);
    let code = code();
    let unused: Vec<_> = keys
        .iter()
        .filter(|k| !code.contains(&format!("\"{k}\"")))
        .filter(|k| ftl.matches(&format!("{{ {k}")).count() == 0)
        .collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");

    let mut named = BTreeSet::new();
    for opener in ["Message::new(\"", ".tr(\"", ".t(\"", "key: \""] {
        for (at, _) in code.match_indices(opener) {
            let rest = &code[at + opener.len()..];
            let key = &rest[..rest.find('"').unwrap_or(0)];
            if !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                named.insert(key.to_string());
            }
        }
    }
    let missing: Vec<_> = named.iter().filter(|k| !keys.contains(*k)).collect();
    assert!(
        missing.is_empty(),
        "keys named in code with no translation: {missing:?}"
    );
}

#[test]
fn arguments_are_put_in_without_isolation_marks_and_plurals_follow_each_language() {
    let one = Message::new("player-numbered").with("number", 1);
    assert_eq!(Lang::En.say(&one, &[]), "Player 1");
    assert_eq!(Lang::Ja.say(&one, &[]), "プレイヤー1");
    assert_eq!(
        Lang::En.tr("signed-in-as").arg("name", "Bo").to_string(),
        "Signed in as Bo"
    );
    assert!(
        !Lang::Ja
            .tr("signed-in-as")
            .arg("name", "Bo")
            .to_string()
            .contains('\u{2068}')
    );
}

#[test]
fn seats_are_named_and_unknown_seats_numbered() {
    let names = ["Ann".to_string()];
    assert_eq!(Lang::En.seat_name(&names, 0), "Ann");
    assert_eq!(Lang::En.seat_name(&names, 1), "Player 2");
}

#[test]
fn languages_round_trip_through_their_codes_and_accept_language() {
    for lang in Lang::ALL {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
    assert_eq!(
        Lang::from_accept_language("ja-JP,ja;q=0.9,en;q=0.8"),
        Some(Lang::Ja)
    );
    assert_eq!(Lang::from_accept_language("EN-gb"), Some(Lang::En));
    assert_eq!(Lang::from_accept_language("de"), None);
}

#[test]
fn command_line_locales_name_their_language() {
    assert_eq!(Lang::from_locale("ja_JP.UTF-8"), Lang::Ja);
    assert_eq!(Lang::from_locale("ja"), Lang::Ja);
    assert_eq!(Lang::from_locale("en_GB.UTF-8"), Lang::En);
    assert_eq!(Lang::from_locale("C.UTF-8"), Lang::En);
    assert_eq!(Lang::from_locale("de_DE@euro"), Lang::En);
}

#[test]
fn lists_are_joined_as_each_language_joins_them() {
    let list = Message::new("kabaleo-colour-list").list(
        "colours",
        ["kabaleo-blue", "kabaleo-green", "kabaleo-pink"].map(Message::new),
    );
    assert_eq!(Lang::En.say(&list, &[]), "blue, green and pink");
    assert_eq!(Lang::Ja.say(&list, &[]), "青、緑、桃");
}

#[test]
fn each_language_speaks_its_own_words_and_a_key_without_any_shows_as_itself() {
    let unknown = ["no", "such", "key"].join("-");
    for lang in Lang::ALL {
        assert_eq!(lang.t(&unknown), unknown);
        assert_ne!(lang.t("status-you"), "status-you");
    }
    assert_eq!(Lang::En.t("status-you"), "you");
    assert_eq!(Lang::Ja.t("status-you"), "あなた");
}

#[test]
fn the_catalog_compiles_in_every_translation_file() {
    for lang in Lang::ALL {
        let mut files = Vec::new();
        files_under(
            &root().join("src/i18n/locales").join(lang.code()),
            &mut files,
        );
        let mut on_disk: Vec<String> = files
            .iter()
            .map(|f| {
                f.file_stem()
                    .expect("a file name")
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        on_disk.sort();
        assert_eq!(on_disk, super::catalog::AREAS, "the areas of {lang}");
    }
}
