//! Maximum-weight matching in a general graph, by Edmonds' blossom algorithm with Galil's
//! O(n³) bookkeeping of dual variables.
//!
//! The structure follows Joris van Rantwijk's reference implementation, `mwmatching.py`
//! (<http://jorisvr.nl/article/maximum-matching>), which in turn follows Z. Galil, "Efficient
//! algorithms for finding maximum matching in graphs", ACM Computing Surveys, 1986. Edges are
//! numbered; an edge k has two endpoints, 2k (its first vertex) and 2k + 1 (its second), so a
//! vertex's mate is recorded as the endpoint at the other end. Blossoms are numbered after the
//! vertices. Dual variables are kept doubled, so with integer weights every quantity is an
//! integer: the result is exact, and the same on every machine.

/// No vertex, endpoint, edge or blossom.
const NONE: usize = usize::MAX;

/// Labels of the alternating forest: free, outer (S) and inner (T); a scan marks with BREADCRUMB.
const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;
const BREADCRUMB: u8 = 4;

/// A perfect matching of greatest total weight of the graph on `vertices` vertices with `edges`
/// (each `(i, j, weight)`, i ≠ j, at most one edge a pair): each vertex's mate, or `None` when
/// the graph has no perfect matching.
///
/// Unlike the reference, which starts every vertex's dual at the heaviest weight of all, each
/// starts at the heaviest of its own edges and the edges that are then tight are matched at
/// once, so that the stages only finish the work (on a round of 1,000 Swiss entrants, most of
/// the games). That start is sound for perfect matchings, the only ones asked for here.
pub fn max_weight_perfect_matching(
    vertices: usize,
    edges: &[(usize, usize, i128)],
) -> Option<Vec<usize>> {
    let mut solver = Solver::new(vertices, edges);
    solver.solve();
    (0..vertices)
        .map(|v| (solver.mate[v] != NONE).then(|| solver.endpoint[solver.mate[v]]))
        .collect()
}

struct Solver {
    n: usize,
    /// Each edge's vertices and doubled weight.
    edges: Vec<(usize, usize, i128)>,
    /// The vertex at endpoint p.
    endpoint: Vec<usize>,
    /// For each vertex, the endpoints at the far end of its edges.
    neighbours: Vec<Vec<usize>>,
    /// The endpoint at the far end of each vertex's matched edge.
    mate: Vec<usize>,
    /// For each top-level blossom and vertex: its label, and the endpoint through which it got it.
    label: Vec<u8>,
    label_end: Vec<usize>,
    /// The top-level blossom each vertex is in.
    in_blossom: Vec<usize>,
    blossom_parent: Vec<usize>,
    /// A blossom's sub-blossoms in cycle order, starting at its base, and the endpoints joining
    /// them: `blossom_ends[b][i]` joins `blossom_children[b][i]` to the next.
    blossom_children: Vec<Vec<usize>>,
    blossom_ends: Vec<Vec<usize>>,
    blossom_base: Vec<usize>,
    /// The least-slack edge from each free vertex or outer blossom to another outer blossom.
    best_edge: Vec<usize>,
    /// For each outer blossom, its least-slack edges to other outer blossoms.
    blossom_best_edges: Vec<Option<Vec<usize>>>,
    unused_blossoms: Vec<usize>,
    /// Doubled dual variables: vertices' then blossoms'.
    dual: Vec<i128>,
    /// Edges known to have no slack.
    allowed: Vec<bool>,
    queue: Vec<usize>,
}

impl Solver {
    fn new(n: usize, given: &[(usize, usize, i128)]) -> Solver {
        // Doubled weights make every starting dual even; as in the reference, where all start
        // alike, the slack of an edge between two outer vertices then stays even.
        let edges: Vec<(usize, usize, i128)> =
            given.iter().map(|&(i, j, w)| (i, j, 2 * w)).collect();
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbours = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.extend([i, j]);
            neighbours[i].push(2 * k + 1);
            neighbours[j].push(2 * k);
        }
        // Each vertex starts at its heaviest edge, which keeps every edge's slack at least zero.
        let mut dual = vec![0; 2 * n];
        for &(i, j, w) in &edges {
            dual[i] = dual[i].max(w);
            dual[j] = dual[j].max(w);
        }
        let mut solver = Solver {
            n,
            allowed: vec![false; edges.len()],
            edges,
            endpoint,
            neighbours,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            blossom_parent: vec![NONE; 2 * n],
            blossom_children: vec![Vec::new(); 2 * n],
            blossom_ends: vec![Vec::new(); 2 * n],
            blossom_base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            best_edge: vec![NONE; 2 * n],
            blossom_best_edges: vec![None; 2 * n],
            unused_blossoms: (n..2 * n).rev().collect(),
            dual,
            queue: Vec::new(),
        };
        solver.match_greedily();
        solver
    }

    /// Matches, in order, the edges with no slack between two free vertices: with the starting
    /// duals, the edges that are both ends' heaviest. The stages then have only the rest to do.
    fn match_greedily(&mut self) {
        for k in 0..self.edges.len() {
            let (i, j, _) = self.edges[k];
            if self.mate[i] == NONE && self.mate[j] == NONE && self.slack(k) == 0 {
                self.mate[i] = 2 * k + 1;
                self.mate[j] = 2 * k;
            }
        }
    }

    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dual[i] + self.dual[j] - 2 * w
    }

    /// The vertices inside blossom (or vertex) `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut found = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                found.push(t);
            } else {
                stack.extend(self.blossom_children[t].iter().rev());
            }
        }
        found
    }

    /// Labels vertex `w`'s top-level blossom `t`, reached through endpoint `p`; an inner
    /// blossom's base's mate becomes outer.
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.in_blossom[w];
        debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if t == OUTER {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base_mate = self.mate[self.blossom_base[b]];
            debug_assert!(base_mate != NONE);
            self.assign_label(self.endpoint[base_mate], OUTER, base_mate ^ 1);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or `NONE` for an augmenting
    /// path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & BREADCRUMB != 0 {
                base = self.blossom_base[b];
                break;
            }
            debug_assert_eq!(self.label[b], OUTER);
            path.push(b);
            self.label[b] = OUTER | BREADCRUMB;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                debug_assert_eq!(self.label[b], INNER);
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        base
    }

    /// Makes a new blossom from the cycle closed by edge `k`, with base `base`.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused_blossoms.pop().expect("a free blossom number");
        self.blossom_base[b] = base;
        self.blossom_parent[b] = NONE;
        self.blossom_parent[bb] = b;
        let (mut path, mut ends) = (Vec::new(), Vec::new());
        while bv != bb {
            self.blossom_parent[bv] = b;
            path.push(bv);
            ends.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(2 * k);
        while bw != bb {
            self.blossom_parent[bw] = b;
            path.push(bw);
            ends.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.label[b] = OUTER;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = 0;
        for leaf in self.leaves_of(&path) {
            if self.label[self.in_blossom[leaf]] == INNER {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.blossom_best_edges[sub].take() {
                Some(list) => vec![list],
                None => (self.leaves(sub).into_iter())
                    .map(|leaf| self.neighbours[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for k in lists.into_iter().flatten() {
                let (i, j, _) = self.edges[k];
                let far = if self.in_blossom[j] == b { i } else { j };
                let bj = self.in_blossom[far];
                if bj != b
                    && self.label[bj] == OUTER
                    && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                {
                    best_to[bj] = k;
                }
            }
            self.best_edge[sub] = NONE;
        }
        let best: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.best_edge[b] = NONE;
        for &k in &best {
            if self.best_edge[b] == NONE || self.slack(k) < self.slack(self.best_edge[b]) {
                self.best_edge[b] = k;
            }
        }
        self.blossom_best_edges[b] = Some(best);
        self.blossom_children[b] = path;
        self.blossom_ends[b] = ends;
    }

    fn leaves_of(&self, blossoms: &[usize]) -> Vec<usize> {
        blossoms.iter().flat_map(|&s| self.leaves(s)).collect()
    }

    /// Where a walk around blossom `b` from its child at index `i` to its base goes: the
    /// signed index to start from, the step, and which end of each joining edge is met first.
    fn walk(&self, b: usize, i: usize) -> (isize, isize, usize) {
        let len = self.blossom_children[b].len() as isize;
        match i & 1 {
            1 => (i as isize - len, 1, 0),
            _ => (i as isize, -1, 1),
        }
    }

    fn child(&self, b: usize, j: isize) -> usize {
        let children = &self.blossom_children[b];
        children[j.rem_euclid(children.len() as isize) as usize]
    }

    fn end(&self, b: usize, j: isize) -> usize {
        let ends = &self.blossom_ends[b];
        ends[j.rem_euclid(ends.len() as isize) as usize]
    }

    /// Undoes blossom `b`: its children become top-level blossoms. Mid-stage, an inner
    /// blossom's children on the even path to its entry are relabelled.
    fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        for s in self.blossom_children[b].clone() {
            self.blossom_parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_of_stage && self.dual[s] == 0 {
                self.expand_blossom(s, end_of_stage);
            } else {
                for leaf in self.leaves(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == INNER {
            debug_assert!(self.label_end[b] != NONE);
            let entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let index = (self.blossom_children[b].iter())
                .position(|&c| c == entry)
                .expect("the entry child is in the blossom");
            let (mut j, step, trick) = self.walk(b, index);
            let mut p = self.label_end[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = FREE;
                let q = self.end(b, j - trick as isize) ^ trick ^ 1;
                self.label[self.endpoint[q]] = FREE;
                self.assign_label(self.endpoint[p ^ 1], INNER, p);
                let joining = self.end(b, j - trick as isize);
                self.allowed[joining / 2] = true;
                j += step;
                p = self.end(b, j - trick as isize) ^ trick;
                self.allowed[p / 2] = true;
                j += step;
            }
            let bv = self.child(b, j);
            self.label[self.endpoint[p ^ 1]] = INNER;
            self.label[bv] = INNER;
            self.label_end[self.endpoint[p ^ 1]] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while self.child(b, j) != entry {
                let bv = self.child(b, j);
                if self.label[bv] == OUTER {
                    j += step;
                    continue;
                }
                let labelled = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE);
                if let Some(v) = labelled {
                    debug_assert_eq!(self.label[v], INNER);
                    debug_assert_eq!(self.in_blossom[v], bv);
                    self.label[v] = FREE;
                    let base_mate = self.mate[self.blossom_base[bv]];
                    self.label[self.endpoint[base_mate]] = FREE;
                    self.assign_label(v, INNER, self.label_end[v]);
                }
                j += step;
            }
        }
        self.label[b] = FREE;
        self.label_end[b] = NONE;
        self.blossom_children[b] = Vec::new();
        self.blossom_ends[b] = Vec::new();
        self.blossom_base[b] = NONE;
        self.blossom_best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused_blossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the even path from vertex `v` to blossom `b`'s
    /// base, making `v` the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossom_parent[t] != b {
            t = self.blossom_parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let i = (self.blossom_children[b].iter())
            .position(|&c| c == t)
            .expect("the child is in the blossom");
        let (mut j, step, trick) = self.walk(b, i);
        while j != 0 {
            j += step;
            let t = self.child(b, j);
            let p = self.end(b, j - trick as isize) ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = self.child(b, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossom_children[b].rotate_left(i);
        self.blossom_ends[b].rotate_left(i);
        self.blossom_base[b] = self.blossom_base[self.blossom_children[b][0]];
        debug_assert_eq!(self.blossom_base[b], v);
    }

    /// Augments the matching along the path through edge `k` between two outer vertices.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                debug_assert_eq!(self.label[bs], OUTER);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                debug_assert_eq!(self.label[bt], INNER);
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                debug_assert_eq!(self.blossom_base[bt], t);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(FREE);
            self.best_edge.fill(NONE);
            for best in &mut self.blossom_best_edges[n..] {
                *best = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == FREE {
                    self.assign_label(v, OUTER, NONE);
                }
            }
            if !self.stage() {
                break;
            }
            for b in n..2 * n {
                if self.blossom_parent[b] == NONE
                    && self.blossom_base[b] != NONE
                    && self.label[b] == OUTER
                    && self.dual[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// One stage: grows the forest and adjusts the duals until the matching is augmented
    /// (true) or no augmenting path remains (false).
    fn stage(&mut self) -> bool {
        loop {
            if self.grow() {
                return true;
            }
            match self.least_delta() {
                None => return false,
                Some((delta, change)) => {
                    self.move_duals(delta);
                    match change {
                        Change::Edge(k) => {
                            self.allowed[k] = true;
                            let (i, j, _) = self.edges[k];
                            let outer = match self.label[self.in_blossom[i]] {
                                FREE => j,
                                _ => i,
                            };
                            debug_assert_eq!(self.label[self.in_blossom[outer]], OUTER);
                            self.queue.push(outer);
                        }
                        Change::Expand(b) => self.expand_blossom(b, false),
                    }
                }
            }
        }
    }

    /// Scans the queue of outer vertices; true once the matching was augmented.
    fn grow(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            debug_assert_eq!(self.label[self.in_blossom[v]], OUTER);
            for index in 0..self.neighbours[v].len() {
                let p = self.neighbours[v][index];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.in_blossom[v] == self.in_blossom[w] {
                    continue;
                }
                let mut slack = 0;
                if !self.allowed[k] {
                    slack = self.slack(k);
                    if slack <= 0 {
                        self.allowed[k] = true;
                    }
                }
                let bw = self.in_blossom[w];
                if self.allowed[k] {
                    if self.label[bw] == FREE {
                        self.assign_label(w, INNER, p ^ 1);
                    } else if self.label[bw] == OUTER {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, k);
                        } else {
                            self.augment_matching(k);
                            return true;
                        }
                    } else if self.label[w] == FREE {
                        debug_assert_eq!(self.label[bw], INNER);
                        self.label[w] = INNER;
                        self.label_end[w] = p ^ 1;
                    }
                } else if self.label[bw] == OUTER {
                    let b = self.in_blossom[v];
                    if self.best_edge[b] == NONE || slack < self.slack(self.best_edge[b]) {
                        self.best_edge[b] = k;
                    }
                } else if self.label[w] == FREE
                    && (self.best_edge[w] == NONE || slack < self.slack(self.best_edge[w]))
                {
                    self.best_edge[w] = k;
                }
            }
        }
        false
    }

    /// The least change of the duals that makes progress, with what it enables; `None` when no
    /// augmenting path is left (the matching has the most edges it can have).
    fn least_delta(&self) -> Option<(i128, Change)> {
        let n = self.n;
        let mut best: Option<(i128, Change)> = None;
        let mut consider = |delta: i128, change: Change| {
            if best.as_ref().is_none_or(|(least, _)| delta < *least) {
                best = Some((delta, change));
            }
        };
        for v in 0..n {
            if self.label[self.in_blossom[v]] == FREE && self.best_edge[v] != NONE {
                consider(
                    self.slack(self.best_edge[v]),
                    Change::Edge(self.best_edge[v]),
                );
            }
        }
        for b in 0..2 * n {
            if self.blossom_parent[b] == NONE && self.label[b] == OUTER && self.best_edge[b] != NONE
            {
                let slack = self.slack(self.best_edge[b]);
                debug_assert_eq!(slack % 2, 0);
                consider(slack / 2, Change::Edge(self.best_edge[b]));
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE
                && self.blossom_parent[b] == NONE
                && self.label[b] == INNER
            {
                consider(self.dual[b], Change::Expand(b));
            }
        }
        best
    }

    fn move_duals(&mut self, delta: i128) {
        let n = self.n;
        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                OUTER => self.dual[v] -= delta,
                INNER => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.blossom_parent[b] == NONE {
                match self.label[b] {
                    OUTER => self.dual[b] += delta,
                    INNER => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
    }
}

/// What a change of the duals enables: an edge with no slack left, or an inner blossom whose
/// dual reached zero, to be expanded.
enum Change {
    Edge(usize),
    Expand(usize),
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The most edges a matching can have, and the greatest weight among those, by trying them
    /// all.
    fn brute_force(vertices: usize, edges: &[(usize, usize, i128)]) -> (usize, i128) {
        fn best(free: &mut [bool], edges: &[(usize, usize, i128)]) -> (usize, i128) {
            let Some(v) = free.iter().position(|&f| f) else {
                return (0, 0);
            };
            free[v] = false;
            let mut found = best(free, edges);
            for &(i, j, w) in edges {
                let other = match (i == v, j == v) {
                    (true, _) => j,
                    (_, true) => i,
                    _ => continue,
                };
                if free[other] {
                    free[other] = false;
                    let (count, weight) = best(free, edges);
                    found = found.max((count + 1, weight + w));
                    free[other] = true;
                }
            }
            free[v] = true;
            found
        }
        best(&mut vec![true; vertices], edges)
    }

    /// The weight of `mates`, checking that it is a perfect matching of `edges`.
    fn measure(mates: &[usize], edges: &[(usize, usize, i128)]) -> i128 {
        let mut weight = 0;
        for (v, &u) in mates.iter().enumerate() {
            assert_eq!(mates[u], v, "mates agree");
            if v < u {
                let edge = edges
                    .iter()
                    .find(|e| (e.0.min(e.1), e.0.max(e.1)) == (v, u));
                weight += edge.expect("matched along an edge").2;
            }
        }
        weight
    }

    #[test]
    fn the_matching_is_perfect_with_the_greatest_weight_a_brute_force_finds_or_there_is_none() {
        let mut rng = ChaCha8Rng::seed_from_u64(61);
        let mut perfect = 0;
        for case in 0..3000 {
            let vertices = match case % 2 {
                0 => 2 * rng.random_range(1..=6),
                _ => rng.random_range(1..=12),
            };
            let density = rng.random_range(0.2..1.0);
            let heaviest = [3, 20, 1_000_000_000_000][case % 3];
            let mut edges = Vec::new();
            for i in 0..vertices {
                for j in i + 1..vertices {
                    if rng.random_bool(density) {
                        edges.push((i, j, rng.random_range(0..=heaviest)));
                    }
                }
            }
            let (most, heaviest) = brute_force(vertices, &edges);
            let expected = (2 * most == vertices).then_some(heaviest);
            perfect += usize::from(expected.is_some());
            let mates = max_weight_perfect_matching(vertices, &edges);
            assert_eq!(
                mates.map(|mates| measure(&mates, &edges)),
                expected,
                "case {case}: {vertices} vertices, {edges:?}"
            );
        }
        assert!(
            perfect > 1000,
            "only {perfect} graphs had a perfect matching"
        );
    }

    #[test]
    fn a_blossom_is_shrunk_and_expanded_to_reach_the_best_matching() {
        // A triangle 0-1-2 with a tail from each corner: the heavy triangle edges tempt, but
        // every vertex is matched only by taking the tails.
        let edges = [
            (0, 1, 10),
            (1, 2, 10),
            (0, 2, 10),
            (0, 3, 1),
            (1, 4, 1),
            (2, 5, 1),
        ];
        let mates = max_weight_perfect_matching(6, &edges);
        assert_eq!(mates, Some(vec![3, 4, 5, 0, 1, 2]));
    }
}
