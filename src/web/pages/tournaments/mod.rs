pub mod event;
pub mod event_new;
pub mod event_new_json;
pub mod events;
