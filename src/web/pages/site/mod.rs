pub mod health;
pub mod home;
pub mod rules;
