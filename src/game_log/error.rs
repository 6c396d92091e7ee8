//! Why a command from a person was not carried out.

use crate::rules::Message;
use crate::store::events::AppendError;

/// Why a command was not carried out. Nothing was written in any of these cases.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("There is no such game.")]
    NotFound,
    #[error("{0}")]
    BadRequest(Message),
    #[error("{0}")]
    Forbidden(Message),
    /// The page the command was made on is out of date.
    #[error("The game has moved on since this page was loaded.")]
    Stale,
    /// The rules refused the command.
    #[error("{0}")]
    Rule(Message),
    #[error("{0}")]
    Gone(Message),
    #[error("the game's log is damaged: {0}")]
    Corrupt(#[from] ReplayError),
    /// The stored rows do not hash to the chain they record: someone altered the log.
    #[error("This game's log failed its integrity check at {0}.")]
    Damaged(crate::chain::ChainBreak),
    #[error("database error: {0}")]
    Database(#[from] diesel::result::Error),
}

impl From<AppendError> for ServiceError {
    fn from(error: AppendError) -> Self {
        match error {
            AppendError::Conflict => ServiceError::Stale,
            AppendError::Database(e) => ServiceError::Database(e),
        }
    }
}

pub type Result<T> = std::result::Result<T, ServiceError>;

/// A log that cannot be folded: a row that does not parse or does not fit its game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("row {seq} of the log: {problem}")]
pub struct ReplayError {
    pub seq: i64,
    pub problem: String,
}
