# The game page.

game-heading-id = game { $id }
game-looking-at = You are looking at the board as it was after event { $at } of { $seq }.
game-back-to-current = Back to the current position
game-previous-event = Previous event
game-next-event = Next event
game-players = Players
game-seat = Seat { $seat }:
game-you = (you)
game-withdrawn-out-of-time = withdrawn: out of time
game-resigned = resigned
game-to-move = to move
board-name-you = { $name } (you)
game-you-have = you have { $clock }
game-player-has = { $player } has { $clock }
game-withdraw-late = Withdraw { $player }: out of time
game-empty-seats = { $count ->
        [one] 1 empty seat, waiting for players
       *[other] { $count } empty seats, waiting for players
    }
game-take-seat = Take a seat at this table
game-invitations-link = Invitations: see who has answered, send one again or correct an address
game-call-off = Call off this table
game-call-off-hint = Everyone invited is told, and the invitation links stop working.
game-board = Board
game-board-later = The board appears once every seat is taken. Invited players find a link in their email.
game-recent = Recent moves
game-board-then = board then
game-in-words = The position in words
game-in-words-last = Last move, { $player }: { $move }
game-talk = Table talk
game-talk-empty = Nobody has written anything yet.
game-talk-when = { $time }, after event { $after }
game-talk-label = Your message to the table (plain text, up to 500 characters)
game-talk-send = Send the message
game-talk-remove = Delete your message (row { $seq })
game-talk-removed = This message was removed.
game-about = About this game
game-is-private = Private: only the players can see this game.
game-is-public = Public: anyone with the link can watch.
game-resign-link = Resign from this game…
game-rematch = Propose a rematch
game-rematch-hint = The same table again: the same options and time limit, the same players invited by email.
game-history-link = History of every move
game-audit-summary = Checking this game: hashes and downloads
game-audit-log = Log: { $count ->
        [one] 1 event
       *[other] { $count } events
    }, head hash
game-audit-commitment = Seed commitment
game-audit-download = Download the log (JSON) to verify it
game-audit-json = This page as JSON
game-recent-since-yours = Since your previous move
game-recent-latest = Latest moves
status-you = you
status-had-the-move = At this point { $players } had the move.
status-called-off-by-creator = This table was called off by its creator before it started.
status-called-off-expired = This table was called off: its invitations expired before every seat was taken.
status-waiting-for-players = Waiting for { $count ->
        [one] 1 more player
       *[other] { $count } more players
    } to accept the invitation.
status-game-over = Game over: { $result }.
status-your-turn = Your turn.
status-waiting-for = Waiting for { $players }.
status-draw = a draw
status-won = { $players } won
status-share = { $players } share the win
status-your-opponent = your opponent
status-others-left = { $result }: { $left }
status-and-left = { $result }; { $left }
status-score = { $player } { $score }
status-with-scores = { $result } — { $scores }
history-heading = History of { $game }
history-back = Back to the game
history-json = This history as JSON
history-download = Download the log to verify it
history-verify-hint = Check it offline with:
history-chain = Every accepted action is one numbered event. Each event's hash covers the one before it, so the log cannot be changed without the change showing. Current head:
history-caption = Events in order
history-col-time = Time
history-col-who = Who
history-col-what = What happened
history-col-hash = Hash
history-board-after = Board after event { $seq }
history-pages = Events { $first }–{ $last } of { $count }.
history-earlier = Earlier events
history-later = Later events
resign-title = Resign from { $game } against { $opponents }?
resign-explained = If you resign, you leave the game for good. In a game of two, the other player wins at once; with more players, play goes on among the others and you cannot win. Everyone is told by email.
resign-confirm = Yes, resign from { $game }
resign-back = No, back to the game
resign-nobody = nobody
game-away-until = on vacation until { $until }
game-clock-out = out of time
game-clock-left = { $span } left

# How long ago something happened, in the latest moves.
time-just-now = just now
time-minutes-ago = { $minutes } min ago
time-hours-ago = { $hours } h ago
time-days-ago = { $days ->
        [one] 1 day ago
       *[other] { $days } days ago
    }
recent-you = You
recent-a-player = A player
status-called-off-player-left = This table was called off: a player who had joined closed their account before it started.
status-called-off-invitee-left = This table was called off: the person it waited for, invited and not yet answered, closed their account.
game-plan-link = Plan your answers to your opponent's move…
