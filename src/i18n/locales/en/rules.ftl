# What every game's rules say the same way.

rule-game-over = The game is over.
rule-not-started = The game has not started yet.
rule-not-your-turn = It is not your turn.
rule-not-seated = You are not playing in this game.
rule-resigned = You have resigned from this game.
rule-players-exactly = { $game } is played by exactly { $count } players, not { $players }.
rule-players-between = { $game } is for { $min } to { $max } players, not { $players }.
