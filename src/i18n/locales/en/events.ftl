# Tournaments.

nav-events = Tournaments
events-title = Tournaments
events-intro = Correspondence tournaments: round robins where every game starts at once, Swiss events paired round by round by score, and events of tables of three or four. Each keeps a log as auditable as a game's.
events-create = Create a tournament
events-open = Open for sign-up
events-running = Running
events-finished = Finished
events-none = None at the moment.
events-all = All tournaments
events-open-line = { $entrants } of { $max } signed up; sign-up closes { $closes }
events-running-line = round { $round }, { $entrants } players
events-finished-line = { $entrants } players
event-format-name-round-robin = Round robin
event-format-name-double-round-robin = Double round robin
event-format-name-swiss = Swiss
event-format-name-tables = Tables of three or four
event-format-round-robin = Round robin: everyone plays everyone once, all games at once
event-format-double-round-robin = Double round robin: everyone plays everyone twice, seats swapped, all games at once
event-format-swiss = { $rounds ->
    [one] Swiss, 1 round
   *[other] Swiss, { $rounds } rounds
}
event-format-tables = { $rounds ->
    [one] Tables of { $seats }, 1 round
   *[other] Tables of { $seats }, { $rounds } rounds
}
event-rated = Rated
event-casual = Casual
event-not-found = There is no such tournament.
event-status-open = Sign-up is open until { $closes }: { $entrants } signed up (at least { $min }, at most { $max }).
event-status-round = Round { $round } of { $rounds }; it ends { $deadline }.
event-status-running = The games are being played.
event-status-finished = The tournament is over. Its seed is revealed in the log, so anyone can check every pairing and lot.
event-status-called-off = Called off: fewer than { $min } players signed up.
event-status-called-off-by-organiser = Called off by its organiser before it started.
event-start-now = Start the tournament now
event-start-now-note = You organise this tournament: you may start it now with the { $count } players signed up, rather than when sign-up closes. Nobody can sign up after that.
event-call-off = Call the tournament off
event-call-off-note = You organise this tournament: you may call it off before it starts. Everyone signed up is told by email, and it cannot be undone.
event-round-still-to-play = Round { $round }: { $running } of { $games } games still running, waiting for { $names }.
event-round-all-played = Round { $round }: every game has ended.
event-pages = Pages of the standings, entrants and games
event-page = Page { $page } of { $pages }: { $per_page } lines of the standings and of the entrants a page, and { $games } games of each round.
event-page-previous = Previous page of the tournament
event-page-next = Next page of the tournament
event-sign-in-to-enter = Sign in to sign up
event-sign-up = Sign up
event-sign-up-note = Your games start when sign-up closes; you will get an email for each turn.
event-leave = Leave before the start
event-leave-note = You are signed up. You may leave until sign-up closes.
event-withdraw = Withdraw from the tournament
event-withdraw-note-round-robin = Withdrawing resigns your running games of this tournament. If you have finished fewer than half of your games, all your results are struck; otherwise your unfinished games count as lost.
event-withdraw-note-rounds = Withdrawing resigns your running games of this tournament, and you are not paired again. Your results so far stand.
event-standings = Standings
event-points = Points
event-sb = S-B
event-direct = Direct
event-wins = Wins
event-buchholz = Buchholz
event-tables-won = Tables won
event-lot = Lot
event-games-left = Games left
event-withdrawn = withdrawn
event-cross-table = Cross-table
event-cross-table-key = 1 a win, ½ a draw, 0 a loss; + and − a game decided by a withdrawal; · a game still running.
event-games = Games
event-round = Round { $round }
event-bye = { $name } has a bye (1 point).
event-game-result = result { $points }
event-game-waiting = waiting for { $names }
event-game-waiting-until = waiting for { $names } until { $due }
event-game-running = running
event-entrants = Players
event-no-entrants = Nobody has signed up yet.
event-entrant-withdrew = { $name } (withdrew)
event-entrant-timed-out = { $name } (withdrawn: ran out of time too often)
event-rules = How it is played and scored
event-scoring-two = A win scores 1 point, a draw ½, a loss 0; a bye scores 1.
event-scoring-tables-four = At a table of four, first place scores 3 points, second 2, third 1, fourth 0; at a table of three (when the count does not divide) 2, 1 and 0. Shared places share their points.
event-scoring-tables-three = At a table of three, first place scores 2 points, second 1, third 0; at a table of two (when the count does not divide) 1 and 0. Shared places share their points.
event-tie-breaks-round-robin = Ties are broken, in this order, by Sonneborn-Berger (the points of every opponent beaten and half those of every opponent drawn), direct encounter (points among those still level), number of wins, then a lot drawn from the tournament's seed.
event-tie-breaks-swiss = Ties are broken, in this order, by Buchholz (the sum of the opponents' points), Sonneborn-Berger, direct encounter, number of wins, then a lot drawn from the tournament's seed.
event-tie-breaks-tables = Ties are broken by the number of tables won, then a lot drawn from the tournament's seed.
event-pairing-round-robin = Seats follow Berger's tables, which give everyone the first seat as often as the count allows; the lots decide who takes which number.
event-pairing-swiss-matching = Each round is paired as a whole, so that, in this order: nobody meets twice; with an odd number, the bye (a point, no game) goes to the lowest-ranked player who has not had one; as few players as possible meet someone with a different score, and by as little as possible; nobody sits first three times in a row, nor first more than two games more often than second, nor the reverse; and otherwise the first meets the second, the third the fourth, and so on. The first seat goes to whoever must have it, else to whoever has had it less often.
event-pairing-swiss = Each round, the highest-ranked player meets the highest-ranked one they have not met; nobody meets twice. With an odd number, the lowest-ranked player who has not had a bye rests for a point. The first seat goes to whoever has had it less often.
event-pairing-tables = The first round seats players by lot, later rounds by the standings, so that players on the same score meet. The first seat goes to whoever has had it least.
event-withdrawal-round-robin = A player who withdraws having finished fewer than half of their games has all their results struck; one who withdraws later keeps their results and loses the games left by forfeit.
event-withdrawal-rounds = A player who withdraws keeps the results they have and is not paired again.
event-timeouts-rule = { $count ->
    [one] A player who runs out of time in a game loses it and is withdrawn.
   *[other] A player who runs out of time loses that game, and after { $count } such games is withdrawn.
}
event-deadline-rule = Each round lasts { $span }: when it ends, a game still running is lost by the players whose turn it is. Vacations do not move the round's end.
event-audit = Checking this tournament
event-audit-log = Its log: { $count ->
        [one] 1 row
       *[other] { $count } rows
    }, head hash
event-export = Download the tournament's log (JSON) to verify it
event-new-title = Create a tournament
event-new-intro = Players sign up until sign-up closes; then the games start by themselves. Every game of the tournament is played with the options chosen here.
event-options = Every game is played with:
event-format-separator = { ", " }
event-new-title-game = New { $game } tournament
event-choose-intro = Choose the game. The next page sets its options, its time control and the format.
event-choose-game = { $game } tournament
event-new-name = Name
event-new-format-legend = Format
event-new-tables-three = Tables of three
event-new-tables-four = Tables of four
event-new-rounds = Rounds (Swiss and tables)
event-new-round-days = Days per round (Swiss and tables)
event-new-days = Time per move
event-new-days-choice = { $days ->
    [one] 1 day
   *[other] { $days } days
}
event-new-sign-up-days = Sign-up stays open for
event-new-min = Fewest players
event-new-max = Most players
event-new-timeouts = Withdraw a player after this many games lost on time
event-new-rated-legend = Ratings
event-new-create = Create the tournament
event-new-number = { $field }: give a whole number from { $min } to { $max }.
event-new-format = Choose a format.
limit-events = You have created as many tournaments as we allow in a day.
limit-event-sign-ups = You have signed up for or withdrawn from as many tournaments as we allow in an hour.
