# The log's lifecycle entries, as the history page and emails tell them.

entry-created = { $creator } created a game for { $players } players ({ $clock }). Seed commitment: { $commitment }.
entry-joined = { $player } joined.
entry-seat = { $number }. { $player }
entry-started = The game started. Seats drawn at random: { $seats }.
entry-resigned = { $player } resigned.
entry-timed-out = { $player } ran out of time (at { $at }) and was withdrawn.
entry-called-off = The table was called off by its creator.
entry-invitations-expired = The table was called off: its invitations expired before every seat was taken.
entry-said = { $player } wrote: “{ $text }”
entry-said-removed = { $player } wrote a message, since removed.
entry-said-hidden = { $player } wrote a message, hidden because you block their talk.
entry-talk-removed = { $by ->
    [author] The author removed a message ({ $reason }).
   *[moderator] A moderator removed a message ({ $reason }).
}
removal-reason = { $reason ->
    [authors_choice] their own choice
    [account_closed] account closed
    [spam] spam
    [harassment] harassment or hate
    [cheating] cheating or stalling
    [offensive_name] offensive name
   *[other] another reason
}
entry-away = { $player } is on vacation until { $until }; their clock waits until then.
entry-back = { $player } is back from vacation early; their clock runs again.
entry-sealed-revealed = This event held a secret; its hash was sealed with the salt { $salt }.
entry-sealed = This event holds a secret; its hash is sealed with a salt revealed when the game ends.
entry-ended = The game ended: { $result }. The seed is revealed: { $seed }.
entry-taken-over-timed-out = { $player } ran out of time (at { $at }) and left the game; { $computer } plays their seat from here on.
entry-taken-over = { $player } left the game; { $computer } plays their seat from here on.
entry-called-off-player-left = The table was called off: a player who had joined closed their account before it started.
entry-called-off-invitee-left = The table was called off: the person it waited for, invited and not yet answered, closed their account.
entry-planned = { $player } made a plan of answers in advance, kept secret; this row holds only its commitment.
entry-plan-followed = { $player } played this move as planned: the plan committed to in row { $row } held it, and this row reveals that line.
