//! Recording a sealed row: the row, the game list and whose turn it is (the read models kept
//! beside the log) and the notifications the row causes, in one statement; and the plans the
//! server keeps secret beside the log ([`plans`]).

pub mod plans;
pub mod read_model;
pub mod write;
