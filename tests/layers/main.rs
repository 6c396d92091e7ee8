//! The library's modules depend one way only: each top-level module uses only the layers below
//! it, as `docs/architecture.md` lists them; within every folder no files use each other in a
//! circle, and no chain of uses is more than four floors deep; and the pure rooms the document
//! names use no database, web server, templates, mail or async runtime. Test-only code is not
//! looked at.

mod graph;
mod source;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use graph::Edges;
use source::ModPath;

/// The layers from top to bottom, as the fenced `layers` block of `docs/architecture.md` gives
/// them: one line a layer, the modules of a layer separated by spaces.
fn documented_layers(doc: &str) -> Vec<Vec<String>> {
    let block = doc
        .split("```layers\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/architecture.md has a ```layers block");
    block
        .lines()
        .map(|line| line.split_whitespace().map(str::to_string).collect())
        .filter(|layer: &Vec<String>| !layer.is_empty())
        .collect()
}

/// Uses of one top-level module by another that the layers do not allow, each with the module
/// that makes it.
fn layer_violations(edges: &Edges, layers: &[Vec<String>]) -> Vec<String> {
    let level: BTreeMap<&str, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(i, layer)| layer.iter().map(move |m| (m.as_str(), i)))
        .collect();
    let mut found = Vec::new();
    for (from, targets) in edges {
        let Some(top) = from.first() else { continue };
        for target in targets {
            let Some(target_top) = target.first() else {
                continue;
            };
            if target_top == top {
                continue;
            }
            match (level.get(top.as_str()), level.get(target_top.as_str())) {
                (Some(a), Some(b)) if b > a => {}
                (None, _) => found.push(format!("`{top}` is in no layer")),
                (_, None) => found.push(format!("`{target_top}` is in no layer")),
                _ => found.push(format!("{} uses {}", join(from), join(target))),
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// For each folder, which of its files and subfolders ("units") use which. A folder's own
/// `mod.rs` declares and wires its files, so its uses of them do not count.
fn units_by_folder(edges: &Edges) -> BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> {
    let mut folders: BTreeSet<ModPath> = BTreeSet::new();
    for path in edges.keys() {
        for len in 0..path.len() {
            folders.insert(path[..len].to_vec());
        }
    }
    folders
        .into_iter()
        .map(|folder| {
            let unit = |path: &ModPath| -> Option<String> {
                (path.len() > folder.len() && path.starts_with(&folder))
                    .then(|| path[folder.len()].clone())
            };
            let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            for (from, targets) in edges {
                let Some(from_unit) = unit(from) else {
                    continue;
                };
                uses.entry(from_unit.clone()).or_default();
                for to_unit in targets.iter().filter_map(unit) {
                    if to_unit != from_unit {
                        uses.entry(from_unit.clone()).or_default().insert(to_unit);
                    }
                }
            }
            (folder, uses)
        })
        .collect()
}

fn place(folder: &ModPath) -> String {
    if folder.is_empty() {
        "src".to_string()
    } else {
        join(folder)
    }
}

/// Circles among the files and subfolders of each folder.
fn circles(edges: &Edges) -> Vec<String> {
    let mut found = Vec::new();
    for (folder, uses) in units_by_folder(edges) {
        for circle in strongly_connected(&uses) {
            found.push(format!("in {}: {}", place(&folder), circle.join(" ↔ ")));
        }
    }
    found
}

/// The most floors a folder below the crate's root may have: the longest chain of its files and
/// subfolders each using the next, counted in units. Beyond it a reader cannot hold a folder's
/// order in mind, and the folder should be cut into rooms of its own.
const MOST_FLOORS: usize = 4;

/// Folders whose longest chain of uses is longer than [`MOST_FLOORS`], each with that chain. The
/// crate's root is left out: its order is the documented layers.
fn too_many_floors(edges: &Edges) -> Vec<String> {
    let mut found = Vec::new();
    for (folder, uses) in units_by_folder(edges) {
        if folder.is_empty() {
            continue;
        }
        let chain = longest_chain(&uses);
        if chain.len() > MOST_FLOORS {
            found.push(format!(
                "in {}: {} floors: {}",
                place(&folder),
                chain.len(),
                chain.join(" → ")
            ));
        }
    }
    found
}

/// The longest chain of units each using the next, over a graph without circles (a unit met
/// again on the way, which only a circle makes, ends the chain there).
fn longest_chain(uses: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    fn from<'a>(
        node: &'a str,
        uses: &'a BTreeMap<String, BTreeSet<String>>,
        known: &mut BTreeMap<&'a str, Vec<String>>,
        walking: &mut BTreeSet<&'a str>,
    ) -> Vec<String> {
        if let Some(chain) = known.get(node) {
            return chain.clone();
        }
        walking.insert(node);
        let mut best = Vec::new();
        for next in uses.get(node).into_iter().flatten() {
            if walking.contains(next.as_str()) {
                continue;
            }
            let chain = from(next, uses, known, walking);
            if chain.len() > best.len() {
                best = chain;
            }
        }
        walking.remove(node);
        best.insert(0, node.to_string());
        known.insert(node, best.clone());
        best
    }
    let mut known = BTreeMap::new();
    let mut best = Vec::new();
    for node in uses.keys() {
        let chain = from(node, uses, &mut known, &mut BTreeSet::new());
        if chain.len() > best.len() {
            best = chain;
        }
    }
    best
}

/// The crates a pure room may not name: the database, the web server and its templates, mail,
/// and the async runtime.
const IMPURE_CRATES: &[&str] = &[
    "diesel",
    "diesel_async",
    "actix_web",
    "actix_session",
    "askama",
    "lettre",
    "tokio",
];

/// The rooms the fenced `pure` block of `docs/architecture.md` names, separated by spaces.
fn documented_pure_rooms(doc: &str) -> Vec<String> {
    let block = doc
        .split("```pure\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/architecture.md has a ```pure block");
    block.split_whitespace().map(str::to_string).collect()
}

/// Uses of an impure crate in the code of a pure room, each with the module that makes it.
fn impure_uses(modules: &BTreeMap<ModPath, source::Module>, pure: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, module) in modules {
        if !path.first().is_some_and(|top| pure.contains(top)) {
            continue;
        }
        let words = source::words_with_ends(&module.code);
        for (word, end) in &words {
            if IMPURE_CRATES.contains(&word.as_str()) && module.code[*end..].starts_with("::") {
                found.push(format!("{} uses {word}, and is pure", join(path)));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The groups of two or more nodes that all reach each other (Tarjan's algorithm).
fn strongly_connected(uses: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        uses: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        groups: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            for next in self.uses.get(node).into_iter().flatten() {
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next.as_str()]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&next.as_str()) {
                    let low = self.low[node].min(self.index[next.as_str()]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let at = self
                    .stack
                    .iter()
                    .rposition(|&m| m == node)
                    .expect("on the stack");
                let group: Vec<String> = self.stack.drain(at..).map(str::to_string).collect();
                if group.len() > 1 {
                    self.groups.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        uses,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        groups: Vec::new(),
    };
    for node in uses.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.groups
}

fn join(path: &ModPath) -> String {
    path.join("::")
}

fn check(src: &Path, doc: &str) -> Vec<String> {
    let modules = source::read_crate(src);
    let edges = graph::edges(&modules);
    let layers = documented_layers(doc);
    let mut problems = layer_violations(&edges, &layers);
    problems.extend(circles(&edges));
    problems.extend(too_many_floors(&edges));
    problems.extend(impure_uses(&modules, &documented_pure_rooms(doc)));
    problems
}

#[test]
fn modules_use_only_lower_layers_and_no_folder_has_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the doc");
    let problems = check(&root.join("src"), &doc);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check's findings on a small crate written for the purpose: `files` as paths below its
/// `src` and their text, checked against `doc`.
fn check_written(name: &str, files: &[(&str, &str)], doc: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("turnpost-{name}-{}", std::process::id()));
    for (file, text) in files {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let problems = check(&dir, doc);
    std::fs::remove_dir_all(&dir).unwrap();
    problems
}

/// The check itself finds what it looks for, on a small crate written for the purpose.
#[test]
fn the_check_finds_an_upward_use_and_a_circle() {
    let files: &[(&str, &str)] = &[
        ("lib.rs", "pub mod low;\npub mod high;\n"),
        ("low/mod.rs", "pub mod a;\npub mod b;\npub use a::Thing;\n"),
        ("low/a.rs", "use super::b::other;\npub struct Thing;\n"),
        // Reaches `crate::high` through a path in code, past a comment and a string that
        // mention other modules.
        (
            "low/b.rs",
            "// use crate::nothing;\npub fn other() { let _ = \"crate::x\"; crate::high::top(); }\n\
             pub fn back() -> super::Thing { super::a::Thing }\n",
        ),
        (
            "high.rs",
            "use crate::low::Thing;\npub fn top() {}\n#[cfg(test)]\nmod tests { use crate::low; }\n",
        ),
    ];
    let problems = check_written("layers", files, "```layers\nhigh\nlow\n```\n```pure\n```\n");
    assert_eq!(
        problems,
        [
            "low::b uses high",
            // The upward use closes a circle between the two layers, too.
            "in src: high ↔ low",
            "in low: a ↔ b",
        ]
    );
}

/// The check finds a folder with more floors than allowed, and a pure room that names the
/// database, on a small crate written for the purpose.
#[test]
fn the_check_finds_too_many_floors_and_an_impure_use() {
    let files: &[(&str, &str)] = &[
        ("lib.rs", "pub mod deep;\npub mod arithmetic;\n"),
        (
            "deep/mod.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub mod d;\npub mod e;\n",
        ),
        ("deep/a.rs", "pub fn a() { super::b::b() }\n"),
        ("deep/b.rs", "pub fn b() { super::c::c() }\n"),
        ("deep/c.rs", "pub fn c() { super::d::d() }\n"),
        ("deep/d.rs", "pub fn d() { super::e::e() }\n"),
        ("deep/e.rs", "pub fn e() {}\n"),
        // Names the database in code; a comment and a test item that do so are not counted.
        (
            "arithmetic.rs",
            "// diesel::prelude\nuse diesel::prelude::*;\n#[cfg(test)]\nmod tests { use tokio::time; }\n",
        ),
    ];
    let problems = check_written(
        "floors",
        files,
        "```layers\ndeep\narithmetic\n```\n```pure\narithmetic\n```\n",
    );
    assert_eq!(
        problems,
        [
            "in deep: 5 floors: a → b → c → d → e",
            "arithmetic uses diesel, and is pure",
        ]
    );
}
