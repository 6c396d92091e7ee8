//! Small helpers for writing counts in English, shared by the engines' descriptions, the pages
//! and the emails.

use std::fmt::Display;

/// "1 point", "0 points", "3 points".
pub fn plural<N>(n: N, one: &str, many: &str) -> String
where
    N: Copy + Display + PartialEq + From<u8>,
{
    format!("{n} {}", if n == N::from(1) { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1usize, "die", "dice"), "1 die");
        assert_eq!(plural(0u8, "point", "points"), "0 points");
        assert_eq!(plural(2u32, "point", "points"), "2 points");
    }
}
