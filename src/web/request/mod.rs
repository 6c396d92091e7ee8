//! What a request brings and how it is refused: the visitor's session, forms and bodies read
//! within limits, ids from the path, and the errors answered in words.

pub mod body;
pub mod error;
pub mod form;
pub mod ids;
pub mod limits;
pub mod session;
