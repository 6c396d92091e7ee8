# Refusals and failures, as pages, JSON answers and email answers show them.

vacation-not-away = You are not on vacation.
clock-not-running = That seat's clock is not running.
no-longer-playing = You are no longer playing in this game.
timeout-withdrawn-by-server = At this table the server withdraws a player who runs out of time.
timeout-only-expired = Only another player whose time has run out can be withdrawn.
table-only-creator-calls-off = Only the player who made this table can call it off.
table-call-off-not-started = Only a table that has not started can be called off.
table-seats-taken = Every open seat at this table has been taken.
table-talk-only-players = Only the players at this table can write here.
table-called-off = This table was called off.
rematch-only-players = Only the players of a game can propose a rematch.
rematch-after-end = A rematch can be proposed once the game is over.
invitations-only-creator = Only the player who made this table can change its invitations.
invitations-game-started = Every seat is taken: the game has started.
invitation-accepted-already = That invitation has been accepted already.
invite-yourself = You are already at the table: invite someone else.
private-with-open-seats = A table with open seats is listed for everyone to join, so it cannot be private.
invitation-used = This invitation has already been used.
game-started-already = This game has already started.
seat-taken-already = You already have a seat at this game.
vacation-already-away = You are already on vacation until { $until }. Come back first to take a different one.
vacation-days-allowed = You can take between 1 and { $days ->
        [one] { $days } day
       *[other] { $days } days
    } of vacation this year.
invitation-table-called-off = This table was called off, so its invitations no longer work.
invitation-expired = This invitation has expired. Please ask whoever invited you to invite you again.
options-invalid = These table options are not valid: { $reason }
players-needed-exactly = { $game } needs { $count ->
        [one] 1 other player
       *[other] { $count } other players
    } besides you, invited or in open seats.
players-needed-between = { $game } needs { $min } to { $max } other players besides you, invited or in open seats.
invited-twice = The address { $email } is invited twice.
invited-already = The address { $email } is already invited to this table.
invite-seated-already = { $email } already has a seat at this table.
seq-ahead = “seq” is { $seq }, but this game's log has only { $events } events: send the seq of the page or JSON you made the move on.
database-unavailable = Turnpost cannot reach its database right now, so nothing was changed. Please try again in a minute.
database-lost = Turnpost lost its connection to the database while answering. If you were making a move, reload the game in a minute to see whether it was made.
database-conflict = Another change to the same thing was being made at that very moment, so nothing was changed. Please try again.
not-found = There is nothing at this address.
internal-error = Something went wrong on our side. Nothing was changed; please try again.
log-damaged = This game's log failed its integrity check at row { $row }. The board is not shown, because it could not be trusted. The operators have been told; nothing you do here can change the log.
no-such-game = There is no such game.
game-moved-on = The game has moved on since this page was loaded.
back-to-start = Back to the start page
status-bad-request = Bad Request
status-forbidden = Forbidden
status-not-found = Not Found
status-conflict = Conflict
status-gone = Gone
status-too-large = Payload Too Large
status-unsupported-type = Unsupported Media Type
status-refused = Unprocessable Entity
status-too-many = Too Many Requests
status-unavailable = Service Unavailable
status-error = Error
request-too-large = That request is far larger than any form here. Nothing was changed.
request-unreadable = The request could not be read. Please try again.
request-timeout = The request took too long to arrive, so it was not read. Nothing was changed; please try again.
form-unreadable = The form could not be read. Please try again.
sign-in-first = Please sign in first.
form-expired = This form has expired or did not come from this site. Please go back, reload the page and try again.
invitation-link-unknown = This invitation link is not valid. Please check that you copied all of it.
invitation-for-another = This invitation is for another address. Its owner must sign in to take the seat.
resign-not-playing = You can only resign from a game in progress in which you play.
game-private = This game is private: only its players can see it. If you play in it, please sign in.
at-not-a-number = “at” must be the number of an event in this game.
move-unreadable-form = The move could not be read. Please use the buttons on the board.
rules-no-such-game = There is no such game here. The games are listed at /rules.
settings-choose-notify = Choose one of the offered email settings.
settings-choose-pictures = Choose whether emails carry pictures: on or off.
settings-choose-zone = Choose one of the offered time zones.
settings-choose-vacation = Choose how many days of vacation to take.
new-game-unknown-kind = Turnpost does not host a game by that name.
invitations-only-creator-sees = Only the player who made this table can see and change its invitations.
wait-seconds = { $count ->
        [one] 1 second
       *[other] { $count } seconds
    }
wait-minutes = { $count ->
        [one] 1 minute
       *[other] { $count } minutes
    }
wait-hours = { $count ->
        [one] 1 hour
       *[other] { $count } hours
    }
limit-reached = { $what } Please try again in { $wait }. Nothing was sent or changed.
limit-invitations-sent = You have sent as many invitations as we allow in a day.
limit-address-invited = The address { $address } has been invited to as many games as we allow in a day.
limit-sign-in-address = We have already sent several sign-in links to this address.
limit-sign-in-network = Too many sign-in links were asked for from your network.
limit-games = You have created as many games as we allow in an hour.
limit-chat = You have written as many messages as we allow in an hour.
chat-empty = Write something before sending.
talk-removal-reason = An author removes their own words, and a moderator removes others' for a reason of the site's rules.
talk-not-found = Row { $seq } of this game is not table talk.
talk-removed-already = The message of row { $seq } was removed already.
talk-not-yours = You can remove only your own messages.
table-not-for-you = This table cannot take you.
chat-too-long = A message may be at most { $most } characters long.
chat-not-text = A message may hold only text.
form-missing-field = The form is missing the field “{ $field }”.
form-not-a-number = The field “{ $field }” must be a whole number in range.
no-such-event = This game's log has events 1 to { $last }; there is no event { $at }.
move-unsupported-type = Send a move as a form (application/x-www-form-urlencoded, with csrf, seq and command) or as JSON (application/json: {"{"}"seq": N, "command": {"{"}...{"}"}{"}"}, with the X-CSRF-Token header).
move-unreadable = The move could not be read: { $reason }
link-unknown = This sign-in link is not valid. Please ask for a new one.
link-spent = This sign-in link has expired or has already been used. Please ask for a new one.
move-stale = The game moved on since you loaded the page, so your move was not made. Here is the board as it is now.
not-a-move = That is not a move in this game.
resign-only-in-progress = Only a game in progress can be resigned.
resigned-already = You have already resigned.
event-title-length = Give the tournament a name of 1 to 80 characters.
event-entrants-range = A tournament of this format takes from { $least } to { $most } players, with the least no more than the most.
event-table-seats = Tables of a tournament seat 3 or 4 players.
event-tables-kind = Tournaments of tables of three or four are for Kabaleo, Azul and Gype.
event-rounds-range = Choose from 1 to { $most } rounds.
event-round-deadline = Give each round a time limit: when it runs out, the seats still to move lose.
event-timeouts = Choose after how many timed-out games a player is withdrawn (at least 1).
event-sign-up-closes = Sign-up must close at a time in the future.
event-seats-unplayable = { $game } is not played by { $count } players with these options.
event-sign-up-closed = Sign-up for this tournament has closed.
event-signed-up-already = You have already signed up for this tournament.
event-not-organiser = Only the tournament’s organiser can do that.
event-started-already = The tournament has already started or ended, so it can no longer be started early or called off.
event-too-few-to-start = Only { $count } players have signed up; the tournament needs at least { $min } to start.
event-full = This tournament is full.
event-not-entered = You are not playing in this tournament.
event-withdrawn-already = You have already withdrawn from this tournament.
event-over = This tournament is over.
status-method-not-allowed = Not a Page to Open
method-post-only = This address only takes a form sent by pressing its button; opening it changes nothing. Go back to the page you came from and press the button there.
method-get-only = This address is a page to open, not a form to send. Nothing was changed.
request-query-unreadable = The part of this address after “?” cannot be read ({ $detail }). Give each setting once, with a value of the right kind. Nothing was changed.
request-path-unreadable = This address cannot be read ({ $detail }). Nothing was changed.
request-form-unreadable = This form cannot be read ({ $detail }). Nothing was changed.
request-json-unreadable = This JSON cannot be read ({ $detail }). Nothing was changed.
request-unsupported-type = Send a form (application/x-www-form-urlencoded) or JSON (application/json) with the same fields. Nothing was changed.
refusal = { $reason }
# The request id of an error page, which the operator finds in the server's log.
error-reference = Reference for the site's operator: { $reference }
invitation-none-open = You have no open invitation to this table.
invitation-declined = This invitation was declined.
limit-plans = You have made as many plans as we allow in an hour.
