# Planning answers in advance: the plan page, its refusals, and plans by email.

plan-title = Plan ahead: { $game } with { $player }
plan-intro = While { $player } thinks, plan your answers: if { $player } makes a move you foresaw, your answer is played at once, taking none of your time. A move you did not foresee clears the plan, and your email says so.
plan-secret = Nobody else sees your plan. { $player } can see that you made one, and when, but not what it holds; when an answer is played, its row in the game's history reveals that line, and anyone can check it was committed to before { $player } moved.
plan-not-now = You can plan while it is { $player }'s turn, in a position where everyone can foresee { $player }'s moves (no dice, draws or hidden tiles between).
plan-yours = Your plan
plan-no-lines = Your plan has no lines yet.
plan-ply-yours = you answer: { $move }
plan-ply-theirs = if { $player }: { $move }
plan-remove-line = Remove line { $line }
plan-clear = Clear the whole plan
plan-new-line = Add a line
plan-limits = A plan holds at most { $lines } lines, each of at most { $plies } moves (yours and your opponent's).
plan-draft-empty = Choose the move of { $player } you want to answer.
plan-draft-so-far = This line so far
plan-draft-start-over = Start this line over
plan-save-line = Add this line to my plan
plan-position = The position after this line
plan-next-yours = Your answer
plan-next-theirs = The move of { $player } to answer
plan-back = Back to the game
plan-missed = { $player } made a move (row { $row }) that your plan did not foresee, so the plan was cleared.
plan-not-offered = You can plan only while it is your opponent's turn in a game of two, in a position where their moves can be foreseen.
plan-empty = The plan has no lines.
plan-too-many-lines = A plan holds at most { $max } lines; this one would hold { $lines }.
plan-line-refused = Line { $line }: { $reason }
plan-conflict = Lines { $other } and { $line } answer the same moves differently; keep one of them.
plan-line-too-short = a line needs your opponent's move and your answer.
plan-line-too-long = a line holds at most { $max } moves; this one has { $plies }.
plan-others-act = move { $ply } would be another player's.
plan-after-the-end = the game would be over before move { $ply }.
plan-unforeseeable = move { $ply } is made where not everything is known in advance.
plan-illegal = move { $ply } is not allowed there.
plan-random = something random would happen at move { $ply }.
plan-ends-with-theirs = the line must end with your answer.
plan-ends-mid-turn = the line ends while it is still your turn; add the rest of your turn.
plan-none = You have no plan in this game.
plan-line-gone = Your plan has no line { $line } (any more).
plan-code-unknown = “{ $code }” is not a move there.
plan-unreadable = The plan could not be read: { $reason }
answer-plan-added = Your plan now holds { $lines ->
        [one] 1 line
       *[other] { $lines } lines
    }. { $player } cannot see it.
answer-plan-refused = Your plan was not changed: { $reason }
mail-plan-missed = { $player }'s move was not one your plan foresaw, so your plan was cleared.
mail-plan-how = While it is { $player }'s turn you can plan answers: reply with lines such as “if 3 then 4”, one line each.
