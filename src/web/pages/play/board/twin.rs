//! The game page's JSON twin, serialized straight from the page's parts rather than built as a
//! `serde_json::Value` first: a profile of the load's moves found a tenth of the server's CPU in
//! building that tree's maps and dropping them. The members keep the order the tree gave them
//! (sorted by name), so the twin's text is what it was; the parts from the rules (the view, the
//! status, the commands) keep their own order.

use serde::Serialize;
use serde_json::Value;

use crate::game_log::stream::time_control::TimeControl;
use crate::glicko2::Rating;
use crate::rules::{Kind, Status};

#[derive(Serialize)]
pub struct Twin<'a, V: Serialize> {
    pub at: Option<i64>,
    pub can_hand_over: bool,
    pub can_plan: bool,
    pub can_resign: bool,
    /// For tools: the token a JSON move sends in the X-CSRF-Token header.
    pub csrf: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub head_hash: &'a str,
    pub id: &'a str,
    pub kind: Kind,
    pub legal_commands: Vec<TwinChoice<'a>>,
    pub open_seats: usize,
    pub options: &'a Value,
    pub phase: &'static str,
    pub players: Vec<TwinPlayer<'a>>,
    pub private: bool,
    pub rated: bool,
    pub ratings: Option<Vec<TwinRating<'a>>>,
    pub recent: Vec<TwinRecent<'a>>,
    pub result: Option<String>,
    pub seed_commitment: &'a str,
    pub seq: i64,
    pub status: Option<Status>,
    pub time_control: Option<TimeControl>,
    pub view: Option<&'a V>,
    pub your_seat: Option<usize>,
}

#[derive(Serialize)]
pub struct TwinChoice<'a> {
    pub command: &'a Value,
    pub label: &'a str,
}

#[derive(Serialize)]
pub struct TwinPlayer<'a> {
    pub away: Option<&'a str>,
    pub may_withdraw: bool,
    pub name: &'a str,
    pub playing_for: Option<&'a str>,
    pub resigned: bool,
    pub seat: Option<usize>,
    pub seconds_left: Option<i64>,
    pub timed_out: bool,
    pub to_act: bool,
    pub you: bool,
}

#[derive(Serialize)]
pub struct TwinRating<'a> {
    pub after: Rating,
    pub before: Rating,
    pub place: u32,
    pub player: &'a str,
    pub shown: String,
}

#[derive(Serialize)]
pub struct TwinRecent<'a> {
    pub actor: &'a str,
    pub seq: i64,
    pub text: &'a str,
}
