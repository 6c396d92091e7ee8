# How a game ended, winners first.

result-won-other-resigned = { $winners } won: { $other } resigned
result-won-all-resigned = { $winners } won: everyone else resigned
result-draw = Draw
result-won = { $winner } won
result-shared = { $winners } share the win
result-draw-at = Draw at { $first }–{ $second }
result-won-scores = { $winner } won { $first }–{ $second }
result-player-score = { $player } { $score }
result-draw-each = Draw at { $score } each
result-won-with = { $winner } won with { $score } ({ $others })
result-shared-with = { $winners } share the win with { $score } ({ $others })
