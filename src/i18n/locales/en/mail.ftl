# The emails Turnpost sends.

mail-footer-about = Turnpost, board games by email
mail-footer-how-often = How often we write
mail-footer-no-more = No more game emails
mail-hello-anonymous = Hello,
mail-hello = Hello { $name },
mail-sign-in-subject = Your Turnpost sign-in link
mail-sign-in-open = Open this link to sign in to Turnpost:
mail-sign-in-link = Sign in to Turnpost
mail-sign-in-once = The link works once and expires in { $minutes } minutes. If you did not ask to sign in, you can ignore this message.
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
answer-nothing-played = Nothing was played: { $why }
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
mail-close-account-subject = Closing your Turnpost account
mail-close-account-open = Open this link to close your Turnpost account:
mail-close-account-link = Close my Turnpost account
mail-close-account-once = The link works once and expires in { $minutes } minutes, and nothing is closed until you confirm on the page it opens. If you did not ask for this, ignore this message: your account stays as it is.
mail-called-off-player-left = The { $game } table { $player } set up was called off: a player who had joined closed their account before it started.
command-subject = Turnpost
command-site = Turnpost
command-not-vouched = Turnpost takes commands only from mail your provider vouches for (SPF or DKIM for your address's domain, with DMARC), and this message came without that, so nothing was done. Send it from your own provider's mail client or web mail, or use the site. This note is sent once a day at most.
command-unknown = That is not a command Turnpost knows, so nothing was done.
command-help = Write one command on the first line of a message to this address: “games” lists your running games, each with the address a reply to moves in it; “away 3 days” starts a vacation of 3 days (your clocks stop); “back” ends it; “new kalah with bo@example.com” sets up a table (also “new azul 2 open”, “new quarto against hard computer”, “new kalah seeds 6 3 days casual”); “help” sends this list.
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
