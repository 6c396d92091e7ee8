//! The emails Turnpost sends, rendered from templates/email.

use askama::Template;

use super::Mail;

#[derive(Template)]
#[template(path = "email/sign_in.txt")]
struct SignInText<'a> {
    link: &'a str,
    minutes: i64,
}

#[derive(Template)]
#[template(path = "email/sign_in.html")]
struct SignInHtml<'a> {
    link: &'a str,
    minutes: i64,
}

pub fn sign_in(to: &str, link: &str, minutes: i64) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "Your Turnpost sign-in link".into(),
        text: render(&SignInText { link, minutes }),
        html: render(&SignInHtml { link, minutes }),
    }
}

/// What an invitation says about the game.
pub struct InvitationDetails<'a> {
    pub inviter: &'a str,
    pub game_name: &'a str,
    pub options: &'a [String],
    pub players: usize,
    pub link: &'a str,
}

#[derive(Template)]
#[template(path = "email/invitation.txt")]
struct InvitationText<'a> {
    d: &'a InvitationDetails<'a>,
}

#[derive(Template)]
#[template(path = "email/invitation.html")]
struct InvitationHtml<'a> {
    d: &'a InvitationDetails<'a>,
}

pub fn invitation(to: &str, details: &InvitationDetails<'_>) -> Mail {
    Mail {
        to: to.to_string(),
        subject: format!(
            "{} invites you to play {}",
            details.inviter, details.game_name
        ),
        text: render(&InvitationText { d: details }),
        html: render(&InvitationHtml { d: details }),
    }
}

fn render(template: &impl Template) -> String {
    template
        .render()
        .expect("email templates render from plain strings")
}
