//! Recording a sealed row: the row, the game list and whose turn it is (the read models kept
//! beside the log) and the notifications the row causes, in one statement.

pub mod read_model;
pub mod write;
