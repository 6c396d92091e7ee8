//! Information-set Monte Carlo tree search with determinization (single observer): one tree of
//! the seat's and the others' moves, grown over many sampled games. Each iteration samples what
//! the seat cannot see, walks the tree choosing among the moves legal in that sample (UCB1,
//! counting how often each move was available), adds one move, plays the sample out at random and
//! credits every move on the way with how its mover fared. Chance (bag draws, dice) comes from
//! the random source `decide` is given, so each iteration meets it afresh.

use std::time::Instant;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::{BotGame, Knowledge};
use crate::rules::{Outcome, Rules, Seat, Status, fold};

/// How much the search favours moves it has tried less (UCB1's exploration constant).
const EXPLORATION: f64 = 0.7;

/// How long a search may go on: the first limit reached ends it.
pub struct Budget {
    pub iterations: u32,
    pub deadline: Instant,
}

/// What a search found.
pub struct Searched {
    /// Index into the seat's legal commands of the most visited, if any was searched.
    pub best: Option<usize>,
    pub iterations: u32,
    /// The deadline came before the iterations ran out.
    pub cut_short: bool,
}

struct Node<C> {
    /// The move leading here and who made it; None at the root.
    step: Option<(Seat, C)>,
    children: Vec<usize>,
    visits: f64,
    /// How often this move was legal when its parent was reached.
    available: f64,
    /// What the mover won through this move, summed over visits.
    reward: f64,
}

impl<C> Node<C> {
    fn new(step: Option<(Seat, C)>) -> Self {
        Node {
            step,
            children: Vec::new(),
            visits: 0.0,
            available: 0.0,
            reward: 0.0,
        }
    }

    fn score(&self) -> f64 {
        self.reward / self.visits + EXPLORATION * (self.available.ln() / self.visits).sqrt()
    }
}

/// Searches the seat's `legal` commands (those [`Knowledge::legal_commands`] gives).
pub fn search<R: BotGame>(
    knowledge: &Knowledge<R>,
    legal: &[R::Command],
    budget: &Budget,
    rng: &mut ChaCha8Rng,
) -> Searched {
    let me = knowledge.seat();
    let mut tree: Vec<Node<R::Command>> = vec![Node::new(None)];
    let mut iterations = 0;
    let exact_state = R::EXACT.then(|| knowledge.seen_state());
    while iterations < budget.iterations {
        if Instant::now() >= budget.deadline {
            break;
        }
        let state = match &exact_state {
            Some(state) => state.clone(),
            None => {
                let events = R::sample_hidden(knowledge, rng);
                fold::<R>(knowledge.options(), knowledge.players(), &events)
            }
        };
        iterate::<R>(&mut tree, state, me, knowledge.players(), rng);
        iterations += 1;
    }
    let best = (tree[0].children.iter())
        .filter_map(|&child| {
            let (_, command) = tree[child].step.as_ref()?;
            let index = legal.iter().position(|l| l == command)?;
            Some((tree[child].visits, std::cmp::Reverse(index), index))
        })
        .max_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(_, _, index)| index);
    Searched {
        best,
        iterations,
        cut_short: iterations < budget.iterations,
    }
}

/// One walk down the tree in one sampled game, one new node, one playout, and the credit.
fn iterate<R: BotGame>(
    tree: &mut Vec<Node<R::Command>>,
    mut state: R::State,
    me: Seat,
    players: usize,
    rng: &mut ChaCha8Rng,
) {
    let mut path = vec![0];
    let mut node = 0;
    while let Status::ToAct { seats } = R::status(&state) {
        // At the root the seat itself moves; below it, whoever the game asks first.
        let mover = if node == 0 && seats.contains(&me) {
            me
        } else {
            match seats.first() {
                Some(&seat) => seat,
                None => break,
            }
        };
        let legal = R::legal_commands(&state, mover);
        if legal.is_empty() {
            break;
        }
        let mut untried: Vec<&R::Command> = Vec::new();
        let mut known: Vec<usize> = Vec::new();
        for command in &legal {
            let child = (tree[node].children.iter()).copied().find(|&c| {
                matches!(&tree[c].step, Some((seat, step)) if *seat == mover && step == command)
            });
            match child {
                Some(child) => known.push(child),
                None => untried.push(command),
            }
        }
        for &child in &known {
            tree[child].available += 1.0;
        }
        if !untried.is_empty() {
            let command = untried[rng.random_range(0..untried.len())].clone();
            state = apply::<R>(state, mover, &command, rng);
            let child = tree.len();
            let mut new = Node::new(Some((mover, command)));
            new.available = 1.0;
            tree.push(new);
            tree[node].children.push(child);
            path.push(child);
            break;
        }
        let chosen = (known.iter().copied())
            .max_by(|&a, &b| tree[a].score().total_cmp(&tree[b].score()))
            .expect("a legal move is known");
        let (_, command) = tree[chosen].step.clone().expect("below the root");
        state = apply::<R>(state, mover, &command, rng);
        path.push(chosen);
        node = chosen;
    }
    let rewards = play_out::<R>(state, players, rng);
    for &on_path in &path {
        let node = &mut tree[on_path];
        node.visits += 1.0;
        if let Some((mover, _)) = &node.step {
            node.reward += rewards.get(*mover).copied().unwrap_or(0.0);
        }
    }
}

fn apply<R: Rules>(
    mut state: R::State,
    seat: Seat,
    command: &R::Command,
    rng: &mut ChaCha8Rng,
) -> R::State {
    // A command the sampled game refuses leaves it as it was; the walk then ends there.
    for event in R::decide(&state, seat, command, rng).unwrap_or_default() {
        state = R::evolve(state, &event);
    }
    state
}

/// Plays uniformly random legal commands to the end, or for as long as the game allows: each
/// seat's share of the win.
fn play_out<R: BotGame>(mut state: R::State, players: usize, rng: &mut ChaCha8Rng) -> Vec<f64> {
    for _ in 0..R::PLAYOUT_COMMANDS {
        let seats = match R::status(&state) {
            Status::Finished { outcome } => return shares(&outcome, players),
            Status::ToAct { seats } => seats,
        };
        let Some(&seat) = seats.get(rng.random_range(0..seats.len().max(1))) else {
            break;
        };
        let legal = R::legal_commands(&state, seat);
        if legal.is_empty() {
            break;
        }
        let index = R::forced(&state, &legal)
            .unwrap_or_else(|| R::playout_command(&state, seat, &legal, rng));
        let command = &legal[index];
        state = apply::<R>(state, seat, command, rng);
    }
    match R::status(&state) {
        Status::Finished { outcome } => shares(&outcome, players),
        Status::ToAct { .. } => R::estimate(&state, players),
    }
}

/// Each seat's share of a win: the winners split one between them.
pub fn shares(outcome: &Outcome, players: usize) -> Vec<f64> {
    let each = 1.0 / outcome.winners.len().max(1) as f64;
    (0..players)
        .map(|seat| match outcome.winners.contains(&seat) {
            true => each,
            false => 0.0,
        })
        .collect()
}
