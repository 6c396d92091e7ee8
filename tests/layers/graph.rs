//! Which module uses which: every `use` and every path that starts at `crate`, `super` or `self`,
//! resolved through the modules' own imports and re-exports to the file that holds the item.

use std::collections::{BTreeMap, BTreeSet};

use crate::source::{ModPath, Module};

/// For each module, the modules (other than itself) whose items it names.
pub type Edges = BTreeMap<ModPath, BTreeSet<ModPath>>;

pub fn edges(modules: &BTreeMap<ModPath, Module>) -> Edges {
    let imports: BTreeMap<&ModPath, BTreeMap<String, ModPath>> = modules
        .iter()
        .map(|(path, module)| (path, imports_of(path, &module.code, modules)))
        .collect();
    let resolver = Resolver { modules, imports };
    modules
        .iter()
        .map(|(path, module)| {
            let mut named: Vec<ModPath> = paths_in(&module.code)
                .into_iter()
                .filter_map(|segments| absolute(path, &segments))
                .collect();
            named.extend(resolver.imports[path].values().cloned());
            let targets = named
                .iter()
                .map(|item| resolver.module_of(item, 0))
                .filter(|target| target != path)
                .collect();
            (path.clone(), targets)
        })
        .collect()
}

struct Resolver<'a> {
    modules: &'a BTreeMap<ModPath, Module>,
    imports: BTreeMap<&'a ModPath, BTreeMap<String, ModPath>>,
}

impl Resolver<'_> {
    /// The module that holds the item at `path`: descend through modules, and follow a name
    /// that a module imports (or re-exports) to where it comes from.
    fn module_of(&self, path: &[String], depth: usize) -> ModPath {
        let mut module: ModPath = Vec::new();
        for (i, segment) in path.iter().enumerate() {
            let mut child = module.clone();
            child.push(segment.clone());
            if self.modules.contains_key(&child) {
                module = child;
                continue;
            }
            if depth < 16
                && let Some(target) = self.imports.get(&module).and_then(|m| m.get(segment))
                && target.as_slice() != child.as_slice()
            {
                let mut followed = target.clone();
                followed.extend_from_slice(&path[i + 1..]);
                return self.module_of(&followed, depth + 1);
            }
            break;
        }
        module
    }
}

/// The names a module's `use` declarations bring in that come from this crate, each with the
/// absolute path it stands for.
fn imports_of(
    module: &ModPath,
    code: &str,
    modules: &BTreeMap<ModPath, Module>,
) -> BTreeMap<String, ModPath> {
    let mut imports = BTreeMap::new();
    for tree in use_trees(code) {
        for (name, segments) in expand(&tree, Vec::new()) {
            let Some(first) = segments.first() else {
                continue;
            };
            let mut child = module.clone();
            child.push(first.clone());
            let from_crate = matches!(first.as_str(), "crate" | "super" | "self")
                || modules.contains_key(&child);
            if from_crate && let Some(path) = absolute(module, &segments) {
                imports.insert(name, path);
            }
        }
    }
    imports
}

/// The text of every `use …;` declaration.
fn use_trees(code: &str) -> Vec<String> {
    let mut trees = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            rest = after;
            continue;
        }
        let end = after.find(';').unwrap_or(after.len());
        trees.push(after[..end].to_string());
        rest = &after[end..];
    }
    trees
}

/// `a::{b, c::d as e}` as `[("b", a::b), ("e", a::c::d)]`; a glob keeps the module's path.
fn expand(tree: &str, prefix: Vec<String>) -> Vec<(String, Vec<String>)> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(open) = tree.find('{') {
        let close = tree.rfind('}').unwrap_or(tree.len());
        let mut base = prefix;
        base.extend(segments_of(tree[..open].trim_end_matches("::")));
        let mut depth = 0;
        let mut part = String::new();
        let mut found = Vec::new();
        for c in tree[open + 1..close].chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    found.extend(expand(&part, base.clone()));
                    part.clear();
                    continue;
                }
                _ => {}
            }
            part.push(c);
        }
        found.extend(expand(&part, base));
        return found;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path, Some(alias.trim().to_string())),
        None => (tree.as_str(), None),
    };
    let mut segments = prefix;
    segments.extend(segments_of(path));
    if segments.last().is_some_and(|s| s == "self") {
        segments.pop();
    }
    match alias.or_else(|| segments.last().cloned()) {
        Some(name) if !segments.is_empty() => vec![(name, segments)],
        _ => Vec::new(),
    }
}

fn segments_of(path: &str) -> Vec<String> {
    path.split("::")
        .map(|s| s.trim().trim_start_matches("pub").trim())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every path in the code that begins at `crate`, `super` or `self`.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .any(|p| code[i..].starts_with(p))
            && (i == 0 || !ident(bytes[i - 1]) && bytes[i - 1] != b'$');
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i;
        loop {
            while end < bytes.len() && ident(bytes[end]) {
                end += 1;
            }
            if code[end..].starts_with("::")
                && code[end + 2..].starts_with(|c: char| c.is_alphabetic() || c == '_')
            {
                end += 2;
            } else {
                break;
            }
        }
        paths.push(segments_of(&code[i..end]));
        i = end;
    }
    paths
}

/// `segments` as a path from the crate root, read in `module`.
fn absolute(module: &ModPath, segments: &[String]) -> Option<ModPath> {
    let (first, rest) = segments.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "self" | "super" => {
            let mut base = module.clone();
            let mut rest = segments;
            while let Some((head, tail)) = rest.split_first() {
                match head.as_str() {
                    "super" => {
                        base.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                rest = tail;
            }
            base.extend_from_slice(rest);
            Some(base)
        }
        _ => {
            let mut path = module.clone();
            path.extend_from_slice(segments);
            Some(path)
        }
    }
}
