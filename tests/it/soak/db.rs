//! The soak's own reads of the site's database (as its owner: the checker reads what the
//! server's role may not): each query's rows as JSON objects, asked again while PostgreSQL is
//! restarting.

use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::Value;

#[derive(QueryableByName)]
struct Rows {
    #[diesel(sql_type = diesel::sql_types::Text)]
    rows: String,
}

/// The rows `sql` selects, each as an object of its columns; `None` when the database could not
/// be asked within `patience`.
pub fn rows_within(url: &str, sql: &str, patience: Duration) -> Option<Vec<Value>> {
    let wrapped = format!("SELECT coalesce(json_agg(t), '[]')::text AS rows FROM ({sql}) t");
    let deadline = Instant::now() + patience;
    loop {
        let asked = PgConnection::establish(url)
            .map_err(|e| e.to_string())
            .and_then(|mut conn| {
                diesel::sql_query(&wrapped)
                    .get_result::<Rows>(&mut conn)
                    .map_err(|e| e.to_string())
            });
        match asked {
            Ok(found) => return Some(serde_json::from_str(&found.rows).unwrap()),
            Err(error) if Instant::now() > deadline => {
                eprintln!("soak: the database did not answer {sql}: {error}");
                return None;
            }
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// The rows `sql` selects; the database is waited for up to a minute (it is being restarted at
/// most for seconds).
pub fn rows(url: &str, sql: &str) -> Vec<Value> {
    rows_within(url, sql, Duration::from_secs(60)).expect("the database answers")
}

/// The one number `sql` selects (as a column named `n`).
pub fn number(url: &str, sql: &str) -> i64 {
    rows(url, sql)[0]["n"].as_i64().unwrap()
}

/// [`rows`], off the async runtime's threads.
pub async fn rows_async(url: &str, sql: &str) -> Vec<Value> {
    let (url, sql) = (url.to_string(), sql.to_string());
    tokio::task::spawn_blocking(move || rows(&url, &sql))
        .await
        .unwrap()
}

pub async fn number_async(url: &str, sql: &str) -> i64 {
    rows_async(url, sql).await[0]["n"].as_i64().unwrap()
}
