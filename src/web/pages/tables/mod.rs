pub mod invitations;
pub mod join;
pub mod new_game;
pub mod new_game_json;
pub mod open_tables;
pub mod table;
