# The start page and signing in.

home-your-games = Your games
home-no-games = You are not playing any game yet.
home-start-new = Start a new game
home-no-games-or = and invite someone by email, or take a seat at one of the
home-open-tables = open tables
home-no-games-end = .
home-games-caption = Games you play, those waiting for you first
home-col-game = Game
home-col-players = Players
home-col-state = State
home-col-changed = Last change
home-your-turn = Your turn
home-or = or
home-take-seat = take a seat at an open table
home-take-seat-end = {" "}to meet new opponents.
home-welcome-title = Board games by email
home-welcome-lead = Turnpost lets you play board games with friends at your own pace. Make your move when it suits you; we email the next player when it is their turn. Games can last days or weeks.
home-welcome-browser = Plays in any web browser, even a text browser. No app, no JavaScript.
home-welcome-email = Sign in with your email address: we send you a link, no password to remember.
home-welcome-audit = Every move is recorded in a tamper-evident log you can audit.
home-looking = Looking for someone to play with? See the
home-looking-end = : games waiting for players.
home-sign-in-title = Sign in or create an account
home-state-finished = Finished: { $result }
home-state-waiting = Waiting for players to join
home-state-called-off = Called off
home-state-waiting-for = Waiting for { $players }
home-state-in-progress = In progress
home-none-running = None of your games is running now.
home-ended-title = Games that have ended
home-ended-caption = Games that have ended, the latest first
home-older = Older games that have ended
home-back-to-current = Back to the games you are playing
home-bad-page = That link to a page of your games is not valid. Start again from "Your games".
sign-in-title = Sign in
sign-in-intro = Enter your email address and we will send you a link that signs you in. If you are new, the link creates your account.
sign-in-email-label = Your email address
sign-in-send = Email me a sign-in link
sign-in-sent-title = Check your email
sign-in-sent = We sent a sign-in link to { $email }. It works once and expires in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.
sign-in-nothing-arrived = Nothing arrived? Check your spam folder, or
sign-in-ask-again = ask for another link.
sign-in-link-as = This link signs you in to Turnpost as { $email }.
sign-in-as-button = Sign in as { $email }
sign-in-link-once = The link works once, when you press the button; opening this page again does not use it up.
tables-title = Open tables
rules-index-title = The games
help-email-title = Playing by email
invitations-title = Invitations
home-players-with = with { $players }
game-time-limit = Time limit: { $clock }.
game-no-time-limit = No time limit.
new-game-choose-open-seats = Choose how many seats to leave open from the list.
new-game-choose-time-limit = Choose a time limit from the list.
new-game-choose-clock = Choose a deadline per move or a time bank.
new-game-choose-on-timeout = Choose what happens when a player runs out of time.
home-sign-in-to-see = Sign in to see your games.
tables-intro = These tables have seats anyone may take. Take one and the game starts as soon as every seat is filled; Turnpost emails you when it is your turn. To open a table of your own,
tables-start-new = start a new game
tables-intro-end = {" "}and leave seats open.
tables-none = No table has an open seat right now.
tables-table-id = table { $id }
tables-seated = Seated: { $players } · { $count ->
        [one] 1 open seat
       *[other] { $count } open seats
    }
tables-you-sit = You sit at this table.
tables-take-seat = Take a seat at this { $game } table
tables-sign-in = Sign in to take a seat
new-game-start = Start a new game
new-game-choose = Choose a game. On the next page you set the table options and invite the other players by email.
new-game-usually = How long: { $length }.
new-game-how-to-play = How to play { $game }
new-game-intro = { $game } is for { $players }. You take one seat; invite the others by email, or leave seats open for anyone to take from the list of open tables. The game starts when every seat is taken; the seat order is drawn at random then.
new-game-invite = Invite players by email
new-game-players-exactly = The game is for { $count } players: you, everyone you invite, and any open seats.
new-game-players-between = The game is for { $min } to { $max } players: you, everyone you invite, and any open seats.
new-game-invite-email = Email of player { $number }
new-game-open-seats = Open seats
new-game-open-seats-label = Seats anyone signed in may take from the list of open tables
new-game-open-seats-hint = Invite fewer players by email and leave the other seats open to meet new opponents. A table with open seats is public.
new-game-time-limit = Time limit
new-game-time-to-move = Time to move
new-game-clock-move = A deadline for each move
new-game-clock-bank = A time bank: start with three times that, gain it back with each move, never more than at the start
new-game-on-timeout = When a player runs out of time:
new-game-timeout-withdraw = They are withdrawn as if they had resigned (with two players, they lose)
new-game-timeout-others = The others are told and may withdraw them, or keep waiting
new-game-private = Private game: only the players can see the board and its history
new-game-create = Create the game and send the invitations
join-title = Join a game of { $game }
join-invited = { $inviter } invited { $email } to play { $game }.
join-take-seat = Take my seat
join-decline = Decline the invitation
join-declined-title = Invitation declined
join-declined-done = You declined the invitation from { $inviter } to { $game }. They are told by email.
join-take-seat-as = Take my seat as { $email }
join-new-account-hint = This signs you in to Turnpost as { $email }. The invitation works once.
join-prove-address = { $email } already has a Turnpost account, so please sign in to take the seat: we will email a sign-in link to that address that brings you back here.
join-signed-in-as-other = You are signed in as someone else. Only the owner of { $email } can take this seat: sign out, then open the invitation again, or ask for a sign-in link to that address.
join-send-link-to = Email a sign-in link to { $email }
join-look-first = Look at the game first
players-exactly = { $count } players
players-between = { $min } to { $max } players
new-game-open-seat-choice = { $count ->
        [0] None: only the players I invite
        [one] 1 open seat
       *[other] { $count } open seats
    }
new-game-days-per-move = { $days ->
        [one] 1 day per move
       *[other] { $days } days per move
    }
invitations-heading = Invitations to game { $id }
invitations-intro = The game starts when everyone invited has taken their seat. Sending an invitation again makes a new link and the old one stops working.
invitations-accepted-by = accepted by { $player }.
invitations-expired = expired unanswered.
invitations-declined = declined.
invitations-open = not answered yet (the link works until { $until }).
invitations-send-again = Send the invitation to { $email } again
invitations-corrected = A corrected address instead of { $email }
invitations-send-instead = Send to this address instead
invitations-sent-again = A new invitation is on its way to { $email }.
rules-in-short = The rules in short
rules-table-options = Table options
rules-options-intro = Whoever creates a table chooses these; every board lists the ones in force.
rules-time-limit = Every table may also have a time limit (days per move, or a bank of days), chosen when it is created.
rules-start = Start a game of { $game }
rules-all-games = All the games
help-email-intro = Every email that tells you it is your turn can also take your move: reply to it and write the move on the first line. Any mail program will do; what you quote below your line is ignored. The move is checked by the same rules as on the game page, and we answer by email with the board as it is now, or with the reason a move was refused and the moves you can make.
help-email-move = A move
help-email-move-text = its short code, listed at the end of the email. A turn of several steps goes on one line. For example:
help-email-say = Writing to the table
help-email-say-text = and your message.
help-email-resign = Resigning
help-email-resign-text = We answer with a code; reply "resign" and the code to confirm.
help-email-board = The board
help-email-board-text = (or an empty reply) gets the board and your moves by return.
help-email-addresses = Each email has its own reply address, which works only for you, only from the address the email was sent to, and only for that game. If the game moved on after the email was sent (your opponent withdrew a seat, say), the reply is refused as out of date and we send the board as it is now. You can stop every reply address you have been sent from
help-email-addresses-end = .
help-email-codes = Move codes, game by game
rules-players-length = { $players }; { $length }.

# The new-game options of every game.
options-legend = Table options

# The new-game form for tools (JSON).
json-form-title = A new { $game } table
json-form-invitees = Email addresses of the players to invite; each gets an invitation.
json-form-open-seats = Seats anyone may take from the list of open tables.
json-form-private = Only the table's players may see the game. Not with open seats.
json-form-time-control = Days per move, as a deadline per move or as a bank; none when null.
json-form-unreadable = The table could not be read as JSON: { $detail }. GET this address for its schema.
json-form-too-many-invitees = { $game } takes at most { $max } players: invite at most { $most }.
json-form-too-many-open = At most { $most } seats can be left open.
json-form-options-object = “options” must be a JSON object.
json-form-unknown-option = { $game } has no option “{ $option }”; its options are: { $known }.
json-form-days = “days” must be one of { $choices }.
json-form-clock = “clock” must be “move” or “bank”.
json-form-on-timeout = “on_timeout” must be “withdraw”, “others” or “computer”.
json-event-unreadable = The tournament could not be read as JSON: { $detail }.
json-event-format = There is no format “{ $format }”: choose round_robin, double_round_robin, swiss, tables3 or tables4.
json-event-days = days_per_move must be one of { $choices }.
json-event-round-days = round_days must be from 1 to 60, and sign_up_days from 1 to 14.
