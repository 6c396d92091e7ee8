//! Reads a crate's modules from its source: which file each module is, and its code with the
//! comments, literals and test-only items taken out, so that only what ships is looked at.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// A module path from the crate root: `["web", "pages", "game"]`.
pub type ModPath = Vec<String>;

pub struct Module {
    /// The code without comments, string and character literals, and `#[cfg(test)]` items.
    pub code: String,
}

/// Every module of the library whose root is `src/lib.rs`, found by following its `mod`
/// declarations; test-only modules are left out.
pub fn read_crate(src: &Path) -> BTreeMap<ModPath, Module> {
    let mut modules = BTreeMap::new();
    read_module(&src.join("lib.rs"), Vec::new(), &mut modules);
    modules
}

fn read_module(file: &Path, path: ModPath, modules: &mut BTreeMap<ModPath, Module>) {
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let code = without_test_items(&strip_comments_and_literals(&text));
    // The files of child modules sit beside a `lib.rs` or `mod.rs`, and in a folder named after
    // any other file.
    let name = file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    let dir = file.parent().expect("a file has a folder");
    let children_dir = match name {
        "lib" | "mod" => dir.to_path_buf(),
        _ => dir.join(name),
    };
    for child in declared_modules(&code) {
        let flat = children_dir.join(format!("{child}.rs"));
        let nested = children_dir.join(&child).join("mod.rs");
        let child_file = if flat.exists() { flat } else { nested };
        let mut child_path = path.clone();
        child_path.push(child);
        read_module(&child_file, child_path, modules);
    }
    modules.insert(path, Module { code });
}

/// The names of `mod name;` declarations (modules in files of their own).
fn declared_modules(code: &str) -> Vec<String> {
    let words = words_with_ends(code);
    let mut found = Vec::new();
    for (i, (word, _)) in words.iter().enumerate() {
        if word == "mod"
            && let Some((name, name_end)) = words.get(i + 1)
            && code[*name_end..].trim_start().starts_with(';')
        {
            found.push(name.clone());
        }
    }
    found
}

/// Identifiers with the byte offset where each ends.
pub fn words_with_ends(code: &str) -> Vec<(String, usize)> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in code.char_indices() {
        let ident = c.is_alphanumeric() || c == '_';
        match (ident, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((code[s..i].to_string(), i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push((code[s..].to_string(), code.len()));
    }
    words
}

/// Blanks out comments and the contents of string and character literals, keeping offsets.
pub fn strip_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && matches!(next, Some('#') | Some('"')) && !ident_before(&chars, i) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) == Some(&'"') {
                i += hashes + 2;
                while i < chars.len()
                    && !(chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|&h| h == '#'))
                {
                    i += 1;
                }
                i += hashes + 1;
                out.push_str("\"\"");
            } else {
                out.push(c);
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), or else a lifetime or label.
            let end = if next == Some('\\') {
                chars[i + 3..]
                    .iter()
                    .position(|&q| q == '\'')
                    .map(|p| i + 3 + p)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Removes every item marked `#[cfg(test)]`: up to its `;`, or through its braced body.
pub fn without_test_items(code: &str) -> String {
    const MARK: &str = "#[cfg(test)]";
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at]);
        let item = &rest[at + MARK.len()..];
        let semi = item.find(';');
        let brace = item.find('{');
        let end = match (brace, semi) {
            (Some(b), Some(s)) if s < b => s + 1,
            (None, Some(s)) => s + 1,
            (Some(b), _) => matching_brace(item, b) + 1,
            (None, None) => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    code.len() - 1
}
