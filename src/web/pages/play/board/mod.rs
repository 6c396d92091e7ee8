pub mod page;
pub mod recent;
pub mod twin;
