# How a game ended, winners first.

result-won-others-left = { $winners } won: { $left }
result-and-left = { $result }; { $left }
left-resigned = { $player } resigned
left-timed-out = { $player } ran out of time
result-called-off-by-creator = Called off by its creator before it started
result-called-off-expired = Called off: its invitations expired before every seat was taken
result-draw = Draw
result-won = { $winner } won
result-shared = { $winners } share the win
result-draw-at = Draw at { $first }–{ $second }
result-won-scores = { $winner } won { $first }–{ $second }
result-player-score = { $player } { $score }
result-draw-each = Draw at { $score } each
result-won-with = { $winner } won with { $score } ({ $others })
result-shared-with = { $winners } share the win with { $score } ({ $others })
result-decided-by = { $result }, { $how }
result-called-off-player-left = Called off: a player who had joined closed their account
result-called-off-invitee-left = Called off: the person invited closed their account
