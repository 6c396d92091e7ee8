//! Whether two pieces of text look alike to a reader: their confusable skeletons (Unicode UTS
//! #39, from `unicode-security`), case aside. Pure.

use unicode_normalization::UnicodeNormalization;

/// The text's confusable skeleton, case aside: two names with the same skeleton look alike.
/// The skeleton is taken before lower-casing (a Greek capital eta looks like "H", its small
/// letter like nothing Latin) and again after (a small "m" looks like "rn").
pub fn skeleton(text: &str) -> String {
    let normalised: String = text.nfkc().collect();
    let capitals: String = unicode_security::skeleton(&normalised).collect();
    let small: String = unicode_security::skeleton(&capitals.to_lowercase()).collect();
    small.to_lowercase()
}
