# Words every page shares: the header, the footer, the language switch.

site-name = Turnpost
skip-to-content = Skip to the page's content
skip-to-board = Skip to the board
nav-main = Main
nav-your-games = Your games
nav-new-game = New game
nav-settings = Settings
nav-sign-in = Sign in
nav-sign-out = Sign out
signed-in-as = Signed in as { $name }
footer-about = Turnpost — board games by email. Every move is recorded and can be audited.
language-switch = Language
player-numbered = Player { $number }
game = Game
this-game = this game
new-game-title = New { $game } game
history-title = History of { $game } { $id }
game-title = { $game } · { $id }
game-title-your-turn = (Your turn) { $game } · { $id }
# Lists: "a, b and c"; clauses: "a; b; c". The spaces are part of the separators.
list-separator = {", "}
list-last-separator = {" and "}
list-clause-separator = {"; "}
seat-name = { $player }
empty = {""}
language-english = English
language-japanese = Japanese
# Time limits and spans of time.
clock-none = no time limit
clock-per-move = { $span } per move
clock-bank = a bank of { $initial }, { $increment } more per move (at most { $max })
clock-withdraw = { $limit }; a player out of time is withdrawn
clock-others-decide = { $limit }; the others may withdraw a player out of time
clock-computer-takes-over = { $limit }; the computer takes over the seat of a player out of time
span-under-a-minute = less than a minute
span-minutes = { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }
span-hours = { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }
span-days = { $days ->
        [one] 1 day
       *[other] { $days } days
    }
span-days-hours = { $days ->
        [one] 1 day
       *[other] { $days } days
    } { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }
list = { $items }
