//! The pages strangers use about each other — reporting, blocking, the moderators' desk and a
//! report on it — pass the accessibility check and fit a phone, in English and Japanese, in
//! Chromium without JavaScript.

use super::axe::assert_accessible;
use super::phone::{PHONE_WIDTH, as_phone, page_width};
use super::{Chromedriver, Person};
use crate::support::start_table;

#[actix_web::test]
async fn the_report_block_and_desk_pages_pass_the_check_and_fit_a_phone_in_both_languages() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let (app, game) = (&table.app, table.path.as_str());
    let [ann, bo] = [&table.players[0], &table.players[1]];
    let csrf = bo.get(game).await.csrf();
    let said = (bo.post_form(
        &format!("{game}/say"),
        &[
            ("csrf", &csrf),
            ("text", "A remark Ann would rather not read"),
        ],
    ))
    .await;
    assert_eq!(said.status, 200, "{}", said.body);
    let seq = bo.get_json(game).await.json()["seq"].as_i64().unwrap();
    let id = game.trim_start_matches("/games/");
    let about = format!("talk:{id}:{seq}");
    let form = ann.get(&format!("/report?about={about}")).await;
    let fields = [
        ("csrf", form.csrf()),
        ("about", about.clone()),
        ("reason", "harassment".to_string()),
        ("words", "Please look at this one.".to_string()),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(ann.post_form("/report", &fields).await.status, 200);
    let added = app
        .command("moderators")
        .args(["add", "ann@example.com"])
        .status()
        .unwrap();
    assert!(added.success());
    let bo_id = crate::computers::player_id(app, "bo@example.com");
    let report = {
        use diesel::prelude::*;
        #[derive(QueryableByName)]
        struct Id {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            id: i64,
        }
        diesel::sql_query("SELECT id FROM reports")
            .get_result::<Id>(&mut app.db.connect())
            .unwrap()
            .id
    };

    let driver = Chromedriver::start().await;
    let mut person = Person::sign_in(app, &driver, "Ann").await;
    as_phone(&person).await;
    let pages = [
        game.to_string(),
        format!("/report?about={about}"),
        format!("/people/{bo_id}/block"),
        "/settings/blocks".to_string(),
        "/moderation".to_string(),
        format!("/moderation/reports/{report}"),
    ];
    let mut wide = Vec::new();
    for lang in ["en", "ja"] {
        person.open(&format!("/?lang={lang}")).await;
        for page in &pages {
            person.open(page).await;
            assert_accessible(&person.client, &person.url).await;
            let width = page_width(&person).await;
            if width > PHONE_WIDTH {
                wide.push(format!("{lang} {page}: {width} px"));
            }
        }
    }
    person.open(&format!("/moderation/reports/{report}")).await;
    person.screenshot("moderation-report").await;
    assert!(wide.is_empty(), "wider than a phone:\n{}", wide.join("\n"));
}
