//! What frames every page: the layout and style sheet, the tags pages are cached by, error
//! pages, and times in the visitor's own zone.

pub mod clock_text;
pub mod error_page;
pub mod etag;
pub mod layout;
