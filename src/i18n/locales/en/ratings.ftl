# Ratings: the new-table choice, a finished game's changes, the history and the verifier.
new-game-rating = Rating
new-game-rated = Rated: the result counts for every player's rating
new-game-casual = Casual: not rated
new-game-rated-hint = A game with a computer at the table is always casual.
new-game-choose-rated = Choose a rated or a casual game.
json-form-rated = Whether the result counts for the players' ratings (default true). A table with a computer is always casual.
game-rated = Rated game
game-casual = Casual game: not rated
game-ratings = Ratings
game-rating-pending = The players' new ratings are being worked out; reload the page in a moment.
rating-change = { $player } { $before } → { $after } ({ $difference })
entry-rated = Rated (game { $order } rated on this server): { $changes }. A "?" marks a provisional rating.
verify-rating-unasked = a rating row where none belongs (the game is casual, not over, or rated already, or the row has an actor)
verify-rating-empty = a rating row that records no rating
verify-rating-places = the rating row's players or places do not follow from the result
verify-rating-arithmetic = the rating of { $player } after the game is recorded as { $recorded }, but the ratings before it give { $expected }
verify-rated = Rated at row { $row } (game { $order } rated on its server): every change follows from the ratings before it and the places.
nav-ratings = Ratings
ratings-title = Ratings
ratings-intro = Every rated game changes its players' ratings in that game. Each game has its own leaderboard of established players.
ratings-how-title = How ratings work
ratings-how = Ratings are Glicko-2, as on Lichess: everyone starts at 1500 with a deviation of 350, which shrinks as you play rated games and grows back while you are away (by 0.21436 rating periods a day). A rating with a deviation of 110 or more is provisional and shown with a “?”.
ratings-how-places = In a game of three or four, each player's result counts against every other player by where they finished: ahead is a win, level a draw, behind a loss. Each of these results weighs 1/(players − 1), so a game moves a rating about as far however many played it. Those who resigned, ran out of time or left their seat to a computer finish last, the last to leave first. Games with a computer at the table are not rated.
ratings-how-audit = Every rated game's log ends with each player's rating before and after it, so anyone can check the arithmetic from the downloaded log; the ratings on this server are those logs added up, in the order the games were rated.
ratings-no-such-game = There is no such game, so it has no ratings. The games with leaderboards are listed at /ratings.
ratings-bad-page = The page number must be a whole number from 1.
leaderboard-title = { $game } leaderboard
leaderboard-rule = Established players only: a deviation of { $deviation } or less, at least { $games } rated games, and one of them in the last { $days ->
        [one] { $days } day
       *[other] { $days } days
    }.
leaderboard-empty = Nobody is established in this game yet.
leaderboard-rank = Rank
leaderboard-player = Player
leaderboard-page = Page { $page } of { $pages } ({ $players } players).
leaderboard-previous = Previous page
leaderboard-next = Next page
leaderboard-all-games = All leaderboards
player-no-such-player = There is no player of that name.
player-bot = (bot)
player-ratings = Ratings
player-no-ratings = No rated games yet.
player-game = Game
player-rating = Rating
player-games = Rated games
player-won = Won
player-shared = First shared
player-lost = Not first
player-ratings-hint = A “?” marks a provisional rating. Won: first place alone; first shared: first place with others.
player-chart-title = { $game } rating after each rated game
player-latest-games = The latest rated games
player-when = When
player-game-column = Game
player-place-column = Place
player-rating-after = Rating after
player-place = { $place } of { $players }
player-record = In the rated games you played with { $player }, you finished ahead { $ahead ->
        [one] once
       *[other] { $ahead } times
    }, level { $level ->
        [one] once
       *[other] { $level } times
    } and behind { $behind ->
        [one] once
       *[other] { $behind } times
    }.
player-recent-games = Latest games
player-no-games = No games yet.
new-game-rating-min = Lowest rating that may take an open seat (optional)
new-game-rating-max = Highest rating that may take an open seat (optional)
new-game-rating-range-hint = Ratings are those in this game; someone not yet rated counts as 1500. Invited players may always take their seats.
new-game-choose-rating-range = A rating range is two whole numbers from 0 to 4000, or left blank.
json-form-rating-range = The ratings that may take an open seat: {"{"}"min": 1400, "max": 1700{"}"}, either may be left out. Only with open seats.
rating-range-needs-open-seats = A rating range is for open seats: leave at least one seat open, or leave the range blank.
rating-range-backwards = The lowest rating of the range is above its highest.
rating-range-between = ratings { $min } to { $max }
rating-range-from = ratings from { $min }
rating-range-up-to = ratings up to { $max }
rating-range-any = any rating
game-rating-range = Open seats for { $range }
table-rating-out-of-range = This table's open seats are for { $range }, and your rating in this game is { $rating }.
