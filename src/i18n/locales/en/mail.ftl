# The emails Turnpost sends.

mail-footer-about = Turnpost, board games by email
mail-footer-how-often = How often we write
mail-footer-no-more = No more game emails
mail-hello-anonymous = Hello,
mail-hello = Hello { $name },
mail-sign-in-subject = Your Turnpost sign-in link
mail-sign-in-open = Open this link to sign in to Turnpost:
mail-sign-in-link = Sign in to Turnpost
mail-sign-in-once = The link works once and expires in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }. If you did not ask to sign in, you can ignore this message.
mail-your-turn-in = Your turn in { $game }
mail-game-over-in = Game over in { $game }
mail-result = Result: { $result }
mail-make-your-move = Make your move
mail-see-whole-game = See the whole game
mail-log-head = Log head: event { $seq }, hash { $hash }
mail-event-log-head = Tournament log head: row { $seq }, hash { $hash }
mail-picture-alt = The board after event { $seq }, as you see it; what changed since your last move is ringed in orange. As text: { $board }
mail-reply-about-game = To reply about this game, write to { $address }
mail-links-sign-in = The links sign you in; each works once.
mail-game-against = { $game } against { $players }
mail-subject-your-turn = Your turn in { $game }
mail-subject-game-over = Game over in { $game }: { $result }
mail-subject-ended = it has ended
mail-subject-turns = Your turn in { $turns } games
mail-subject-endings = { $ended ->
        [one] 1 game has ended
       *[other] { $ended } games have ended
    }
mail-subject-mixed = Your turn in { $turns ->
        [one] 1 game
       *[other] { $turns } games
    }, and { $ended ->
        [one] 1 game has
       *[other] { $ended } games have
    } ended
mail-subject-digest = Your Turnpost day: { $subject }
mail-intro-ended = Here is how your game ended.
mail-intro-your-turn = It is your turn.
mail-intro-turns = It is your turn in { $turns ->
        [one] 1 game
       *[other] { $turns } games
    }{ $ended ->
        [0] {""}
        [one] , and 1 game has ended
       *[other] , and { $ended } games have ended
    }.
mail-clock-left = You have { $left } left to move.
mail-invitation-subject = { $inviter } invites you to play { $game }
mail-invites-you = { $inviter } invites you to a game of { $game } for { $players } players on Turnpost.
mail-the-table = The table:
mail-take-seat-here = Take your seat here:
mail-invitation-link-note = The link signs you in with this address. Turnpost emails you whenever it is your turn.
mail-called-off-by-creator = { $player } called off the { $game } table you were invited to, before every seat was taken.
mail-called-off-expired = The { $game } table { $player } set up was called off: its invitations expired before every seat was taken.
mail-called-off-subject = { $player }'s { $game } table was called off
mail-called-off-links = Its invitation links no longer work.
mail-see-table = See the table
mail-out-of-time-subject = { $player } ran out of time in { $game }
mail-out-of-time = { $player }'s time to move in your game of { $game } has run out.
mail-out-of-time-choice = You may withdraw { $player } from the game, as if they had resigned, or keep waiting for their move.
mail-open-game = Open the game
codes-reply-one-of = Reply with one of: { $codes }
codes-reply-these = Reply with one of these:
codes-group = { $head } + one of: { $codes }
mail-by-email-say-only = You can write to the table by replying "say: " and your message.
mail-by-email-move = Or move by email: reply with your move on the first line.
mail-by-email-move-lead = Or move by email:
mail-by-email-move-rest = reply with your move on the first line.
mail-by-email-help = Playing by email:
mail-by-email-say-resign = "say: …" writes to the table; "resign" asks for a confirmation code.
mail-by-email-more = More about playing by email
answer-game-over = The game is over: { $result }.
answer-turn-of = It is { $player }'s turn now.
answer-to-act = { $players } are to act now.
answer-game-over-nothing-played = This game is over, so nothing was played.
answer-not-started = This game has not started yet, so nothing was played.
answer-stale = The game moved on since the email you answered, so nothing was played. Here is the board now.
answer-resigned = You resigned from this game.
answer-wrong-code = That confirmation code is not the one for this position.
answer-resign-ask = To resign from this game, reply with: resign { $code }
answer-code-until-next-move = (The code works until the next move.)
answer-no-move = We found no move in your reply: nothing was played.
answer-message-refused = Your message was not added to the table talk: { $why }
answer-message-limit = You have written as many messages as we allow in an hour; this one was not added.
answer-message-added = Your message was added to the table talk.
answer-reported = Your report reached the moderators. The others at the table are not told who reported them.
answer-report-not-taken = Your report was not taken: there is nobody else at this table to report, or you have sent as many reports as we allow in an hour.
answer-nothing-played = Nothing was played: { $why }
answer-nothing-done = Nothing was done: { $why }
answer-invitation-how = If you were invited, reply “join” to take your seat, or “decline” to say no.
answer-joined = You took your seat at the table. The game starts when every seat is taken; you get an email when it is your turn.
answer-declined = You declined the invitation; the table's creator is told.
answer-rematch-how = To play the same table again, reply “rematch”.
answer-rematch-proposed = A rematch is set up, and the other players are invited: { $link }
answer-rest-not-played = The rest of your line (“{ $rest }”) was not played: it is no longer your turn.
answer-played = Played: { $move }.
answer-unreadable = Nothing was played: we could not read “{ $rest }” as a move here.
answer-internal = { $detail }
mail-reminder-subject = Reminder: { $subject }
mail-event-see = See the tournament
mail-event-game = Tournament “{ $title }”
mail-event-game-round = Tournament “{ $title }”, round { $round }
mail-event-started-subject = Tournament “{ $title }” has started
mail-event-started = The tournament has started. These are your games; each sends you an email when it is your turn.
mail-event-round-subject = Tournament “{ $title }”: round { $round } has started
mail-event-round = A new round has started. Your game:
mail-event-bye = You have a bye this round: a point, and no game.
mail-event-ended-subject = Tournament “{ $title }” is over
mail-event-standing = { $place }. { $name }: { $points }
mail-event-called-off-subject = Tournament “{ $title }” is called off
mail-event-called-off = Fewer than { $min } players signed up, so the tournament does not take place.
mail-event-called-off-by-organiser = The organiser has called the tournament off, so it does not take place.
mail-close-account-subject = Closing your Turnpost account
mail-close-account-open = Open this link to close your Turnpost account:
mail-close-account-link = Close my Turnpost account
mail-close-account-once = The link works once and expires in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }, and nothing is closed until you confirm on the page it opens. If you did not ask for this, ignore this message: your account stays as it is.
mail-called-off-player-left = The { $game } table { $player } set up was called off: a player who had joined closed their account before it started.
mail-called-off-invitee-left = The { $game } table { $player } set up was called off: the person it waited for, invited and not yet answered, closed their account.
command-subject = Turnpost
command-site = Turnpost
command-not-vouched = Turnpost takes commands only from mail your provider vouches for (SPF or DKIM for your address's domain, with DMARC), and this message came without that, so nothing was done. Send it from your own provider's mail client or web mail, or use the site. This note is sent once a day at most.
command-confirm-ask = If you sent “{ $command }”, reply to this email with “confirm” on the first line and it will be done. If you did not, ignore this email: nothing happens.
command-confirm-used = This confirmation was used already, so nothing more was done.
command-confirm-how = To carry out the command, reply with “confirm” on the first line.
command-welcome = Welcome to Turnpost! Your account is made for this address, and other players see you as { $name }.
command-welcome-choices = Turnpost emails you when it is your turn; you can choose an email at every turn, one summary a day, or none, and change your name, language and time zone, in your settings: { $settings }. Reply “help” to this address for the commands.
command-no-tables = No table has an open seat just now. Write “new …” to set one up.
command-tables = Tables with open seats:
command-table = { $number }. { $table } — { $count ->
    [one] one seat open
   *[other] { $count } seats open
}
command-tables-sit = To take a seat, reply to this email with “sit” and the table's number, for example “sit 1”.
command-no-tournaments = No tournament is open for sign-up just now.
command-tournaments = Tournaments open for sign-up:
command-tournament = { $number }. { $title } ({ $game }): { $entrants } signed up; sign-up closes { $closes }
command-tournaments-sign-up = To sign up, reply to this email with “sign up” and the tournament's number, for example “sign up 1”.
command-pick-number = Write the number of the one you want from the list, for example “sit 1”.
command-pick-none = The list had { $count ->
    [one] one item
   *[other] { $count } items
}: write the number of one of them.
command-signed-up = You are signed up for the tournament. Its games come by email once it starts.
command-withdrawn = You have withdrawn from the tournament.
command-event-how = To withdraw from the tournament, reply to this email with “withdraw”.
command-sat = You took a seat at the table. The game starts when every seat is taken; you get an email when it is your turn.
mail-by-email-rematch = To play the same table again with the same players, reply to this email with “rematch”.
mail-invitation-by-email = Or answer by email: reply “join” to take your seat, or “decline” to say no.
mail-event-by-email = To withdraw from the tournament, reply to this email with “withdraw”.
mail-declined-subject = { $player } declined your { $game } table
mail-declined = { $player } declined your invitation to the { $game } table. Their seat is free: invite someone else from the table's invitations page, or call the table off.
mail-declined-link = The table's invitations
command-unknown = That is not a command Turnpost knows, so nothing was done.
command-help = Write one command on the first line of a message to this address: “games” lists your running games, each with the address a reply to moves in it; “away 3 days” starts a vacation of 3 days (your clocks stop); “back” ends it; “new kalah with bo@example.com” sets up a table (also “new azul 2 open”, “new quarto against hard computer”, “new kalah seeds 6 3 days casual”); “tables” lists tables with open seats and “tournaments” those open for sign-up, to reply to; “help” sends this list.
command-games = Your running games, each with the address to reply to:
command-no-games = You have no running games.
command-game-your-turn = { $game } against { $others } — your turn — reply to { $address }
command-game = { $game } against { $others } — reply to { $address }
command-away = You are away until { $until }: your clocks stop until then. Write “back” to return earlier.
command-back = Welcome back: your clocks run again.
command-new-no-game = Write the game after “new”: { $games }.
command-new-made = Your { $game } table is set up.
command-new-invited = Invitations went to { $addresses }.
command-new-open = { $count ->
    [one] One seat is open to anyone on the list of open tables.
   *[other] { $count } seats are open to anyone on the list of open tables.
}
command-new-page = The table's page
command-new-refused = Nothing was created: { $why }
command-new-level = write the computer's level after “against”: easy, medium or hard.
command-new-days = write the number of days after “days”.
command-new-unknown-word = “{ $word }” is not something a table takes. This game's options are: { $known }.
command-new-option-value = “{ $value }” is not a value “{ $option }” takes.
mail-confirm-address-subject = Confirm your new Turnpost address
mail-confirm-address-open = Open this link to make this address your Turnpost account's address:
mail-confirm-address-link = Use this address for Turnpost
mail-confirm-address-once = The link works once and expires in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }, and nothing changes until you confirm on the page it opens. If you did not ask for this, ignore this message.
