pub mod leaderboard;
pub mod players;
