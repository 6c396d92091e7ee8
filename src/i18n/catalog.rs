//! The Fluent files of every language, compiled into the binary and parsed once.
//!
//! A page looks up many messages, so a lookup goes straight to its language's bundle:
//! no language negotiation and no copy of the arguments on the way.

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

use super::Lang;

type Bundle = FluentBundle<FluentResource>;

macro_rules! areas {
    ($($area:literal),* $(,)?) => {
        /// The files of each language, one per area of the site.
        pub(super) const AREAS: &[&str] = &[$($area),*];
        const ENGLISH: &[&str] = &[$(include_str!(concat!("locales/en/", $area, ".ftl"))),*];
        const JAPANESE: &[&str] = &[$(include_str!(concat!("locales/ja/", $area, ".ftl"))),*];
    };
}

areas!(
    "account",
    "audit",
    "azul",
    "codes",
    "computer",
    "errors",
    "events",
    "feeds",
    "game",
    "gype",
    "history",
    "kabaleo",
    "kalah",
    "mail",
    "moderation",
    "pages",
    "plans",
    "quarto",
    "ratings",
    "results",
    "rules",
    "site",
);

struct Catalog {
    english: Bundle,
    japanese: Bundle,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| Catalog {
    english: bundle(Lang::En, ENGLISH),
    japanese: bundle(Lang::Ja, JAPANESE),
});

/// The files are part of the binary and the tests parse them all, so a file that does not parse
/// or defines a message twice is a build that never ships.
fn bundle(lang: Lang, files: &[&str]) -> Bundle {
    let id = lang
        .code()
        .parse()
        .expect("a language code is a language identifier");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around every argument would show up in plain-text emails and in
    // w3m; names and numbers here never mix writing directions.
    bundle.set_use_isolating(false);
    for (area, text) in AREAS.iter().zip(files) {
        let resource = FluentResource::try_new(text.to_string())
            .unwrap_or_else(|(_, errors)| panic!("{lang}/{area}.ftl: {errors:?}"));
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("{lang}/{area}.ftl: {errors:?}"));
    }
    bundle
}

fn of(lang: Lang) -> &'static Bundle {
    match lang {
        Lang::En => &CATALOG.english,
        Lang::Ja => &CATALOG.japanese,
    }
}

/// The message `key` in `lang`, or in English when `lang` lacks it or cannot format it; `None`
/// when neither can.
pub(super) fn format(
    lang: Lang,
    key: &str,
    args: Option<&FluentArgs>,
) -> Option<Cow<'static, str>> {
    format_in(of(lang), key, args).or_else(|| match lang {
        Lang::En => None,
        _ => format_in(of(Lang::En), key, args),
    })
}

fn format_in(
    bundle: &'static Bundle,
    key: &str,
    args: Option<&FluentArgs>,
) -> Option<Cow<'static, str>> {
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        // A message that exists but does not format is a translation to mend: said here, since
        // the reader sees another language's words (or the key) and nothing else tells.
        let language = &bundle.locales[0];
        tracing::error!(key, %language, ?errors, "translation cannot be formatted");
        return None;
    }
    Some(text)
}
