# Signing in, settings and unsubscribing.

unsubscribe-title = Stop game emails
unsubscribe-done-title = Game emails stopped
unsubscribe-link-unknown = This unsubscribe link is not valid. You can change your emails in Settings after signing in.
unsubscribe-done = Turnpost will send no more game emails to { $email }: no your-turn or game-over messages and no digests. Sign-in links and invitations still come when someone asks for them.
unsubscribe-changed-mind = Changed your mind?
unsubscribe-choose-how-often = Choose how often we write (after signing in).
unsubscribe-question = Stop the your-turn and game-over emails to { $email }?
unsubscribe-button = Stop game emails
email-missing = Please enter an email address.
email-too-long = That email address is too long.
email-invalid = “{ $email }” is not a valid email address.
name-missing = Please enter a name.
name-too-long = Names can have at most { $most } characters.
name-control = Names cannot contain control characters.
name-invisible = Names cannot contain invisible characters (such as zero-width spaces or joiners).
account-suspended = A moderator suspended this account until { $until }: it cannot sign in or act by web, API token or email until then. Reply to the email that told you, to appeal.
moderator-name = Moderator
name-taken = Another player is already called “{ $name }”, or by a name that looks like it. Please choose another name.
notify-every-turn = An email whenever it is my turn or a game ends
notify-daily-digest = One email a day listing the games waiting for me
notify-never = No game emails (sign-in links and invitations still come)
settings-choose-language = Choose one of the offered languages.
settings-saved = Saved.
settings-name-label = Your name, as other players see it
settings-email-address = Email address: { $email }
settings-language-label = Language of pages and emails
settings-game-emails = Game emails
settings-pictures = Pictures in emails
settings-pictures-on = On: game emails show the board as a picture
settings-pictures-off = Off: the board as text only
settings-zone-label = Your time zone, for the times shown on boards and in the history
settings-save = Save
settings-vacation-title = Vacation
settings-vacation-intro = A vacation stops your clocks in every game you sit at, so that nobody wins on time while you are away.
settings-vacation-days-left = You have { $left } of { $total } vacation days left this year; any part of a day counts as a whole one.
settings-away-until = You are on vacation until { $until }.
settings-vacation-end = I am back: end my vacation now
settings-vacation-end-hint = Your clocks start again at once; the days you did not use are yours again.
settings-vacation-none-left = You have no vacation days left this year.
settings-vacation-days-label = Days away, starting now
settings-vacation-start = Start my vacation
settings-by-email-title = Moving by email
settings-by-email-intro = Your-turn emails carry a reply address that takes your move (see
settings-reply-addresses = { $count ->
        [0] ). You hold no reply address for a game in play.
        [one] ). You hold 1 reply address for a game in play.
       *[other] ). You hold { $count } reply addresses for games in play.
    }
settings-revoke-replies = Stop every reply address I have been sent
settings-revoke-replies-hint = Replies to emails already sent will be refused; later emails carry new addresses.
settings-sessions-title = Where you are signed in
settings-this-browser = (this browser)
settings-session-times = Signed in { $since }, last used { $last }
settings-sign-out-everywhere = Sign out everywhere, this browser included

settings-unnamed-browser = An unnamed browser

# Settings → Download my data.
settings-my-data-title = Your data
settings-my-data-hint = One file with everything Turnpost keeps about you: your account and settings, every game you sat at (each game's log, which anyone can check with turnpost verify), your ratings, tournaments, the emails sent to you (dates and subjects) and where you signed in.
settings-my-data-button = Download my data
my-data-about = Everything Turnpost keeps about you, as of exported_at. Each entry of "games" is the log of one game you sat at, as you may download it from its page: save one to a file and check it with `turnpost verify FILE`. Emails are listed by date and subject; their words are not kept once sent.
my-data-failed = Your data could not be gathered just now; nothing was changed. Please try again later.
limit-data-downloads = You have downloaded your data as many times as we allow in a day.

# The privacy page, /privacy.
privacy-title = Privacy
privacy-intro = Turnpost keeps what it needs to run your games and tell you of your turns, and no more for longer than it is useful. Here is what is kept, for how long and why.
privacy-kept-title = What is kept
privacy-account = Your account: your email address (to sign you in and send you your turns), your name and your settings, for as long as you have the account.
privacy-logs = Every game's log: each move, who made it and when, under the name each player had then. The logs are kept for good, because they are what lets everyone at a table check the game.
privacy-ratings = Your ratings, and how each rated game changed them, worked out from the logs.
privacy-emails = Emails sent to you: the address, subject and dates. An email's words are dropped once it is sent; one that could not be delivered keeps them for { $days ->
        [one] { $days } day
       *[other] { $days } days
    }, so that the site's operator can see what went wrong.
privacy-replies = Your replies to Turnpost's emails: kept { $days ->
        [one] { $days } day
       *[other] { $days } days
    }, then deleted.
privacy-sessions = Where you are signed in: the browser's name and when it was used, until you sign out or { $days ->
        [one] { $days } day
       *[other] { $days } days
    } without use. Sign-in links are deleted once they expire.
privacy-copy-title = Your copy
privacy-copy = Settings → Download my data gives you one file with all of it, your games' logs included.
name-reserved = Names that look like “{ $name }” or start like it are kept for the site (closed accounts, computers and moderators). Please choose another.
settings-close-title = Close your account
settings-close-hint = Closing your account ends it for good. You leave your tournaments, tables you set up that have not started are called off, and your address, your name, your settings and the emails sent to you are deleted. In every game's history you become “Former player” and a number, and every game's log still checks. We email you a link to confirm: nothing is closed until you follow it.
settings-close-running = Your running games
settings-close-resign = Resign them
settings-close-computer = Leave each to a computer where the table allows it, and resign the others
settings-close-button = Email me the link to close my account
close-sent-title = Check your email
close-sent = We emailed you a link to close your account. It works once and expires in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }. Nothing is closed until you follow it and confirm.
close-confirm-title = Close your account
close-confirm-intro = This closes the account of { $name } ({ $email }) for good.
close-confirm-resign = Your running games will be resigned.
close-confirm-computer = Your running games will be left to a computer where the table allows it, and resigned elsewhere.
close-confirm-after = You leave your tournaments, and tables you set up that have not started are called off. Afterwards you appear as “{ $pseudonym }” in every game, rating list and tournament, and nothing Turnpost keeps gives your address or your name. You may sign up again with the same address later, as a new player.
close-confirm-button = Close my account for good
closed-title = Your account is closed
closed-done = Your account is closed. You appear as “{ $pseudonym }” from now on. Thank you for playing.
closed-summary = Games resigned: { $resigned }. Left to a computer: { $computer }. Tables called off: { $called_off }. Tournaments left: { $withdrawn }.
close-link-other-account = You are signed in as { $you }, and this link closes the account of { $name }. Nothing was closed. To close that account, sign out first.
close-link-unknown = This link to close an account is not valid.
close-link-spent = This link to close an account has expired or has already been used. Ask for a new one in Settings.
limit-account-closures = You have asked for several links to close your account today. Please use the last one, or try again tomorrow.
privacy-leave-title = Leaving
privacy-leave = Settings → Close your account ends your account for good, after you confirm by a link we email you. Your address, your name, your settings, your sessions and the emails sent to you or received from you are deleted; your name is replaced by “Former player” and a number wherever it appeared, other players' emails included. The games' logs keep their moves under that name, and every log still checks: names are never part of what a log's hashes cover.
close-choose-running = Please choose what happens to your running games.
settings-email-title = Email address
settings-email-undeliverable = Our emails to this address keep coming back, so we have stopped sending game emails to it. Send yourself a sign-in link to show that it works again, or change it below.
settings-email-check-button = Send a sign-in link to { $email }
settings-email-new-label = New email address
settings-email-change-button = Send a confirmation link to the new address
settings-email-change-hint = Your address changes only when you follow the link we send to the new one.
settings-complained = On { $date } your mail provider told us you marked an email from Turnpost as spam, so we stopped sending turn notices, digests and other game emails. Choose the game emails you want below to have them again; sign-in links still come.
banner-undeliverable = Our emails to { $email } keep coming back, so we have stopped sending them.
banner-undeliverable-link = Confirm or change your email address
email-change-title = Your email address
email-change-sent = We sent a link to { $email }. Follow it within { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } to make it your address; until then your address stays as it is.
email-check-sent = We sent a sign-in link to { $email }. Following it within { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } shows that the address works, and game emails start again.
email-change-same = { $email } is already your address.
email-change-link-unknown = This link is not valid. Ask for a new one in Settings.
email-change-link-spent = This link has expired or has already been used. Ask for a new one in Settings.
email-change-taken = Another Turnpost account uses that address, so yours keeps its address.
email-change-other-account = This link changes another account's address. Sign out first if it is yours.
email-change-confirm-intro = Change the email address of { $name } from { $old } to { $new }?
email-change-confirm-button = Use { $new }
email-change-done = Your email address is now { $email }. Game emails go there from now on.
