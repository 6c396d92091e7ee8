//! Auditing a game without trusting the server: a self-contained export of its log, and a
//! verifier that checks the hash chain, re-runs every command through the rules, and — once the
//! seed is revealed — re-derives every random outcome from it.

pub mod closure;
pub mod event;
pub mod export;
pub mod personal;
pub mod plans;
pub mod site;
pub mod stored;
pub mod verify;

pub use event::{EventExport, event_export, verify_event};
pub use export::{Export, ExportRow, export};
pub use verify::{Discrepancy, Report, verify};
